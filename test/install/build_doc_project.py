#!/usr/bin/env python3
"""Writes the project a Markdown page gives file by file into a directory:
each fenced block right after a line **`path`** is (a part of) that file,
blocks of one path joined in the page's order.

Usage: build_doc_project.py PAGE.md OUTDIR
Prints each file written with its line count; fails if the page gives none.
"""

import os
import re
import sys

LABELLED = re.compile(r"^\*\*`([^`]+)`\*\*\n\n```[a-z]*\n(.*?)^```", re.M | re.S)


def main():
    page, out = sys.argv[1], sys.argv[2]
    files = {}
    for path, body in LABELLED.findall(open(page).read()):
        if os.path.isabs(path) or ".." in path.split("/"):
            print(f"{page}: refusing to write outside the project: {path}")
            return 1
        files.setdefault(path, []).append(body)
    if not files:
        print(f"{page}: no **`path`** blocks")
        return 1
    for path, bodies in files.items():
        target = os.path.join(out, path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        text = "".join(bodies)
        with open(target, "w") as f:
            f.write(text)
        print(f"wrote {path}: {text.count(chr(10))} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
