#!/usr/bin/env python3
"""Validates the JSON facts report of every test input (every .mlir file
under the test directory, whether or not its own RUN lines ask for a
report), as symshape-infer and as symshape-pipeline (with its summaries)
write it, against docs/facts-report.schema.json.
Each `// -----` piece is its own module; a piece symshape-opt rejects (an
input that tests an error) writes no report and is skipped. Prints one line
per invalid report and a summary "N reports valid, M invalid"; exits 1 if
any is invalid or none was checked.

Usage: report_json_corpus.py <symshape-opt> <schema> <test dir>"""
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_facts_json  # noqa: E402

SPLIT = re.compile(r"^// -----.*$", re.MULTILINE)


def inputs(test_dir):
    for base, _, files in os.walk(test_dir):
        for name in sorted(files):
            if name.endswith(".mlir"):
                path = os.path.join(base, name)
                yield path, SPLIT.split(open(path).read())


def report_of(opt, piece, workdir, pass_name):
    src = os.path.join(workdir, "piece.mlir")
    out = os.path.join(workdir, "report.json")
    with open(src, "w") as f:
        f.write(piece)
    if os.path.exists(out):
        os.remove(out)
    run = subprocess.run(
        [opt, src, "--allow-unregistered-dialect", "-o", os.devnull,
         "--%s=report-format=json report-file=%s" % (pass_name, out)],
        capture_output=True, text=True)
    if run.returncode != 0 or not os.path.exists(out):
        return None
    return json.load(open(out))


def main():
    opt, schema_path, test_dir = sys.argv[1:4]
    schema = json.load(open(schema_path))
    defs = schema.get("definitions", {})
    valid = invalid = 0
    with tempfile.TemporaryDirectory() as workdir:
        for path, pieces in inputs(test_dir):
            for k, piece in enumerate(pieces):
                for pass_name in ("symshape-infer", "symshape-pipeline"):
                    report = report_of(opt, piece, workdir, pass_name)
                    if report is None:
                        continue
                    try:
                        check_facts_json.check(report, schema, "$", defs)
                        valid += 1
                    except ValueError as e:
                        invalid += 1
                        print("invalid: %s piece %d (%s): %s"
                              % (path, k, pass_name, e))
    print("%d reports valid, %d invalid" % (valid, invalid))
    return 0 if invalid == 0 and valid > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
