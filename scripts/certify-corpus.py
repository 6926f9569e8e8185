#!/usr/bin/env python3
"""Certifies symshape's decisions on a corpus of MLIR files: runs
`symshape-pipeline{certify=...}` on every split of every `.mlir` file under
the given paths and checks all the obligations with z3
(scripts/check-certificates.py).

Inputs the pipeline rejects (error tests, other dialects) are skipped and
counted. Prints `certified N inputs (N skipped)` and the checker's closing
line `N obligations, N proven, N failed`; the exit status is non-zero if an
obligation failed.

Usage: certify-corpus.py --symshape-opt BIN [--keep FILE]
                         [--fuzz-seed S --fuzz-programs N] PATH...
"""

import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import importlib.util  # noqa: E402

_spec = importlib.util.spec_from_file_location(
    "check_certificates",
    os.path.join(os.path.dirname(os.path.abspath(__file__)),
                 "check-certificates.py"))
checker = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(checker)

SPLIT = re.compile(r"^// -----\s*$", re.M)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--symshape-opt", required=True)
    ap.add_argument("--keep", help="also write all obligations to this file")
    ap.add_argument("--timeout-ms", type=int, default=20000)
    ap.add_argument("--fuzz-seed", type=int, default=1)
    ap.add_argument("--fuzz-programs", type=int, default=0,
                    help="also certify this many programs of the differential "
                         "fuzzer's generator (test/fuzz/fuzzgen.py)")
    ap.add_argument("paths", nargs="*")
    args = ap.parse_args()
    files = []
    for p in args.paths:
        path = pathlib.Path(p)
        files += sorted(path.rglob("*.mlir")) if path.is_dir() else [path]
    certified = skipped = 0
    combined = []
    with tempfile.TemporaryDirectory() as tmp:
        if args.fuzz_programs:
            root = pathlib.Path(__file__).resolve().parent.parent
            sys.path.insert(0, str(root / "test" / "fuzz"))
            import fuzzgen  # noqa: E402
            for i in range(args.fuzz_programs):
                prog = fuzzgen.generate(args.fuzz_seed * 1000003 + i)
                if prog is None:
                    continue
                path = pathlib.Path(tmp) / f"fuzz-{args.fuzz_seed}-{i}.mlir"
                path.write_text(fuzzgen.emit_module(prog, [], decls=True))
                files.append(path)
        src = os.path.join(tmp, "input.mlir")
        cert = os.path.join(tmp, "cert.smt2")
        for f in files:
            for chunk in SPLIT.split(f.read_text()):
                with open(src, "w") as out:
                    out.write(chunk)
                if os.path.exists(cert):
                    os.remove(cert)
                r = subprocess.run(
                    [args.symshape_opt, src, "-o", os.devnull,
                     f"--symshape-pipeline=certify={cert}"],
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                    timeout=120)
                if r.returncode != 0 or not os.path.exists(cert):
                    skipped += 1
                    continue
                certified += 1
                with open(cert) as c:
                    # Name the input in each obligation's comment.
                    combined.append(c.read().replace(
                        f'loc("{src}"', f'loc("{f}"'))
    text = "\n".join(combined)
    if args.keep:
        with open(args.keep, "w") as out:
            out.write(text)
    total = proven = 0
    for what, smtlib in checker.obligations(text):
        total += 1
        verdict = checker.check(what, smtlib, args.timeout_ms)
        if verdict == "unsat":
            proven += 1
        else:
            print(f"not proven ({verdict}): {what}")
    print(f"certified {certified} inputs ({skipped} skipped)")
    print(f"{total} obligations, {proven} proven, {total - proven} failed")
    return 0 if proven == total else 1


if __name__ == "__main__":
    sys.exit(main())
