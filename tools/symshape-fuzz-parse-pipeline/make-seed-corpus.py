#!/usr/bin/env python3
"""Builds the seed corpus of symshape-fuzz-parse-pipeline from the test suite.

Every test/**/*.mlir and examples/*.mlir is split at `// -----` lines (as
-split-input-file does); full-line `//` comments (RUN, CHECK, expected-*
lines) are dropped. Each piece becomes up to four inputs, one per option
byte (see the fuzzer's header comment): defaults, `checks=none explain`,
`bind=<first name>=4` and `profile=<first name>:4:5:16`, the last two only
when the piece declares a name. Files are named by the SHA-1 of their
content, as libFuzzer names its corpus files.

Usage: make-seed-corpus.py <output dir> [--max-len N]
  (pieces longer than N bytes, default 16384, are skipped)
"""

import argparse
import hashlib
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))

# Option bytes: bits 0-1 the pipeline options, bits 2-3 the bound value
# (2 -> 4), bit 4 --allow-unregistered-dialect.
DEFAULTS, EXPLAIN, BIND_4, PROFILE_4 = 0x00, 0x01, 0x0A, 0x0B
UNREGISTERED = 0x10

SPLIT = re.compile(r"^// -----.*$", re.MULTILINE)
COMMENT = re.compile(r"^\s*//.*\n?", re.MULTILINE)
DECLARES_NAME = re.compile(r'symshape\.symbol\s+"|symshape\.dim_names')


def sources():
    for top in ("test", "examples"):
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            dirnames.sort()
            for name in sorted(filenames):
                if name.endswith(".mlir"):
                    yield os.path.join(dirpath, name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--max-len", type=int, default=16384)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    written = skipped = 0
    for path in sources():
        with open(path, encoding="utf-8") as f:
            text = f.read()
        unregistered = "allow-unregistered-dialect" in text
        for piece in SPLIT.split(text):
            piece = COMMENT.sub("", piece).strip() + "\n"
            if not piece.strip():
                continue
            if len(piece) + 1 > args.max_len:
                skipped += 1
                continue
            flags = [DEFAULTS, EXPLAIN]
            if DECLARES_NAME.search(piece):
                flags += [BIND_4, PROFILE_4]
            for flag in flags:
                if unregistered:
                    flag |= UNREGISTERED
                data = bytes([flag]) + piece.encode("utf-8")
                name = hashlib.sha1(data).hexdigest()
                with open(os.path.join(args.out, name), "wb") as f:
                    f.write(data)
                written += 1
    print(f"{written} inputs written to {args.out}"
          f" ({skipped} pieces longer than {args.max_len} bytes skipped)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
