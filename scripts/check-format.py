#!/usr/bin/env python3
"""Checks that symshape's C++ sources are formatted as `.clang-format` says,
with clang-format 22 (Debian's clang-format-22, the version of the LLVM
symshape builds against: another version formats some constructs
differently).

Prints every file clang-format would change and a closing line
`check-format: N files, M not formatted`; exits non-zero if one is not.
`--fix` formats them in place instead.

Usage: check-format.py [--fix] [--clang-format PATH] [SOURCE_ROOT]
"""

import argparse
import pathlib
import subprocess
import sys

DIRS = ["include", "lib", "tools", "unittests", "python", "examples", "test"]
SUFFIXES = {".h", ".cpp", ".c", ".cc"}


def sources(root):
    for d in DIRS:
        base = root / d
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if path.suffix in SUFFIXES and path.is_file():
                yield path


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", nargs="?", default=".")
    ap.add_argument("--fix", action="store_true")
    ap.add_argument("--clang-format",
                    default="/usr/lib/llvm-22/bin/clang-format")
    args = ap.parse_args()
    root = pathlib.Path(args.root)
    files = list(sources(root))
    bad = []
    for path in files:
        cmd = [args.clang_format, "--style=file"]
        cmd += ["-i"] if args.fix else ["--dry-run", "-Werror"]
        done = subprocess.run(cmd + [str(path)], capture_output=True,
                              text=True)
        if done.returncode != 0:
            bad.append(path)
            print(f"{path.relative_to(root)}: not formatted")
    print(f"check-format: {len(files)} files, {len(bad)} not formatted")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
