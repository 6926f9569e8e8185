#!/usr/bin/env python3
"""Checks that every ```cpp and ```cmake block of a Markdown page appears
verbatim (line by line, trailing spaces ignored) in one of the given files.

Usage: check_doc_snippets.py PAGE.md FILE...
"""

import re
import sys


def main():
    page, sources = sys.argv[1], sys.argv[2:]
    text = open(page).read()
    blocks = re.findall(r"```(cpp|cmake)\n(.*?)```", text, re.S)
    haystacks = ["\n".join(l.rstrip() for l in open(s).read().splitlines())
                 for s in sources]
    missing = 0
    for lang, body in blocks:
        snippet = "\n".join(l.rstrip() for l in body.rstrip("\n").splitlines())
        if not any(snippet in h for h in haystacks):
            missing += 1
            print(f"{page}: this {lang} block is in none of the sources:\n"
                  f"{snippet}\n")
    name = "docs/" + page.split("docs/")[-1]
    if missing:
        print(f"{name}: {missing} of {len(blocks)} blocks not found")
        return 1
    print(f"{name}: {len(blocks)} cpp/cmake blocks, all found in the consumer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
