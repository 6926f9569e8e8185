#!/usr/bin/env python3
"""Runs lit on the symshape test suite and prints one closing line,
`N passed, N failed`, counted from lit's own JSON report.

Usage: run-lit.py <lit> <test dir> [extra lit args...]
       run-lit.py --total <tally file>

With SYMSHAPE_LIT_TALLY=<file> in the environment, each run also appends its
counts to that file; `--total` prints the sum of a tally's runs as the
closing line (scripts/test.sh runs the suite and its sanitizer part so).
"""

import json
import os
import subprocess
import sys
import tempfile

PASSED = {"PASS", "XFAIL"}
FAILED = {"FAIL", "XPASS", "UNRESOLVED", "TIMEOUT"}


def total(tally):
    passed = failed = 0
    try:
        with open(tally) as f:
            for line in f:
                p, q = line.split()
                passed, failed = passed + int(p), failed + int(q)
    except (OSError, ValueError):
        failed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--total":
        return total(sys.argv[2])
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    lit, test_dir, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
    with tempfile.TemporaryDirectory() as tmp:
        report = os.path.join(tmp, "report.json")
        cmd = [sys.executable, lit, "-sv", "--order=lexical", "-o", report,
               *extra, test_dir]
        rc = subprocess.call(cmd)
        try:
            with open(report) as f:
                tests = json.load(f).get("tests", [])
        except (OSError, ValueError):
            tests = []
    counts = {}
    for t in tests:
        counts[t["code"]] = counts.get(t["code"], 0) + 1
    passed = sum(n for code, n in counts.items() if code in PASSED)
    failed = sum(n for code, n in counts.items() if code in FAILED)
    skipped = sum(n for code, n in counts.items()
                  if code not in PASSED and code not in FAILED)
    if rc != 0 and failed == 0:
        # lit itself failed (configuration error, crash): count it.
        failed = 1
    if skipped:
        print(f"({skipped} unsupported or skipped)")
    print(f"{passed} passed, {failed} failed")
    tally = os.environ.get("SYMSHAPE_LIT_TALLY")
    if tally:
        with open(tally, "a") as f:
            f.write(f"{passed} {failed}\n")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
