#!/usr/bin/env python3
"""What the cut-offs cost in facts: the pipeline's output and its complete
report from the default build against a build whose cut-offs are lifted
(`cmake -DSYMSHAPE_UNLIMITED_CUTOFFS=ON`, symshape/Engine/Cutoffs.h), on the
bench's generated modules and the model zoo's exported models.

The cut-offs bound the work on pathological input (a sum wider than 256
terms gets an opaque symbol, a max/min wider than 16 operands stays nested,
a canonicalization pattern reads 16 ops up, the pairwise max/min range
refinement takes 8 operands of 16 terms, ...). A cut-off loses a fact on an
input if the lifted build proves something the default build does not: a
check removed, a max/min decided, a dim made static, or another symbolic
dim or range in the report. Each input is compared on

  * the output module (`--symshape-pipeline`), and
  * the report (`report-full`, `report-format=json`: per public function
    its argument and result dims with their ranges and divisors, its named
    symbols and the summary of what the pipeline decided),

and the script prints one row per input, with both builds' CPU seconds:
identical; the same facts and decisions (the summary of checks, max/min,
dynamic dims, folds and copies, every argument and result dim's range and
divisor, every named symbol) spelled differently; or which of them differ.
Not a test; the numbers are for docs/Performance.md. Usage:

  PYTHONPATH=build/python_packages python3 bench/cutoff_facts.py \\
      --unlimited BUILD_UNLIMITED/bin/symshape-opt [--no-zoo] [--markdown]
"""

import argparse
import json
import pathlib
import resource
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import pipeline_bench  # noqa: E402

# Each generated input at a size past the cut-off it meets: the sums of
# `symbols` pass 256 terms, the maxes of `maxflat` 16 operands, the chains
# of `maxchain`, `clamp` and `dag` 16 ops of local depth; `index`, `tensor`
# and `calls` are the bench's ordinary modules.
GENERATED = [("index", 10000), ("tensor", 10000), ("calls", 10000),
             ("maxchain", 1000), ("clamp", 1000), ("maxflat", 500),
             ("symbols", 300), ("symbols", 1000), ("asserts", 1000),
             ("dag", 40)]


def run(binary, src, out, report, timeout):
    """Runs the pipeline with the complete JSON report; (CPU seconds,
    status)."""
    cmd = [binary, str(src), "-o", str(out),
           "--symshape-pipeline=report-full report-format=json "
           f"report-file={report}"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        done = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True,
                              timeout=timeout)
        status = "ok" if done.returncode == 0 else \
            f"exit {done.returncode}: {done.stderr.strip()[-300:]}"
    except subprocess.TimeoutExpired:
        status = "timeout"
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime - before.ru_utime) + (after.ru_stime -
                                                    before.ru_stime)
    return seconds, status


def decisions(summary):
    """A report's summary without the reasons' wording (a reason names the
    expressions it could not order, spelled as the build keeps them)."""
    if isinstance(summary, dict):
        return {k: decisions(v) for k, v in summary.items() if k != "reason"}
    if isinstance(summary, list):
        return [decisions(v) for v in summary]
    return summary


def facts_of(report_text):
    """What a JSON report says was proven: per public function its summary
    (checks, max/min, dynamic dims, folds, copies), the range and divisor
    of each argument and result dim, and the named symbols with their
    ranges and divisors; and, apart, the dims' expressions (a stand-in
    symbol spells a sum differently without changing what is known)."""
    facts, spellings = [], []
    for f in json.loads(report_text)["functions"]:
        dims = [(side, v.get("index"), d["range"], d["divisor"])
                for side in ("arguments", "results")
                for v in f.get(side, []) for d in v.get("dims", [])]
        named = sorted((s["name"], s["range"], s["divisor"])
                       for s in f.get("symbols", [])
                       if not s["name"].startswith("["))
        facts.append((f["name"], decisions(f["summary"]), dims, named))
        spellings.append([d["expr"] for side in ("arguments", "results")
                          for v in f.get(side, [])
                          for d in v.get("dims", [])])
    return facts, spellings


def compare(name, src, args, workdir):
    outs = {}
    for build, binary in (("default", args.symshape_opt),
                          ("unlimited", args.unlimited)):
        out = pathlib.Path(workdir) / f"{name}.{build}.mlir"
        report = pathlib.Path(workdir) / f"{name}.{build}.json"
        seconds, status = run(binary, src, out, report, args.timeout)
        outs[build] = dict(seconds=seconds, status=status,
                           module=out.read_text() if out.exists() else "",
                           report=report.read_text()
                           if report.exists() else "")
    d, u = outs["default"], outs["unlimited"]
    if d["status"] != "ok" or u["status"] != "ok":
        verdict = f"default {d['status']}, unlimited {u['status']}"
    elif d["module"] == u["module"] and d["report"] == u["report"]:
        verdict = "identical"
    else:
        (fd, sd), (fu, su) = facts_of(d["report"]), facts_of(u["report"])
        if fd == fu:
            spelled = sum(a != b for x, y in zip(sd, su)
                          for a, b in zip(x, y))
            verdict = ("same facts and decisions"
                       + (f"; {spelled} dim(s) spelled differently (a "
                          "stand-in symbol, a nested max)" if spelled else "")
                       + ("; the output differs in spelling"
                          if d["module"] != u["module"] else ""))
        else:
            lost = [what for what, a, b in
                    (("summary", [x[1] for x in fd], [x[1] for x in fu]),
                     ("dim ranges", [x[2] for x in fd], [x[2] for x in fu]),
                     ("symbols", [x[3] for x in fd], [x[3] for x in fu]))
                    if a != b]
            verdict = "FACTS DIFFER: " + ", ".join(lost)
    return dict(name=name, verdict=verdict, default=d["seconds"],
                unlimited=u["seconds"])


def zoo_inputs(workdir):
    """The zoo's models exported as bench/model_zoo.py exports them."""
    import model_zoo  # noqa: E402  (imports torch)
    from symshape import torch as sst  # noqa: E402
    for name, spec in model_zoo.zoo_models.ZOO.items():
        model = spec["factory"]()
        examples, dynamic = model_zoo._dynamic(spec)
        text = sst.export(model, examples, dynamic)
        path = pathlib.Path(workdir) / f"{name}.mlir"
        path.write_text(text)
        yield name, path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--symshape-opt",
                    default=str(ROOT / "build" / "bin" / "symshape-opt"))
    ap.add_argument("--unlimited", required=True,
                    help="symshape-opt built with SYMSHAPE_UNLIMITED_CUTOFFS")
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-zoo", action="store_true")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as workdir:
        inputs = []
        for kind, size in GENERATED:
            path, _ = pipeline_bench.write_module(workdir, kind, size,
                                                  args.seed)
            inputs.append((f"{kind} {size}", path))
        inputs.append(("gpt2_block.mlir", ROOT / "bench" / "inputs" /
                       "gpt2_block.mlir"))
        if not args.no_zoo:
            inputs.extend(zoo_inputs(workdir))
        for name, path in inputs:
            row = compare(name.replace(" ", "-"), path, args, workdir)
            row["name"] = name
            rows.append(row)
            if not args.markdown:
                print(f"{name}: {row['verdict']} (default "
                      f"{row['default']:.2f} s, unlimited "
                      f"{row['unlimited']:.2f} s)", flush=True)
    if args.markdown:
        print("| input | default s | unlimited s | facts |")
        print("| --- | ---: | ---: | --- |")
        for r in rows:
            print(f"| {r['name']} | {r['default']:.2f} | "
                  f"{r['unlimited']:.2f} | {r['verdict']} |")
    return 1 if any(r["verdict"].startswith("default")
                    for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
