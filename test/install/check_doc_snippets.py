#!/usr/bin/env python3
"""Checks that every ```cpp, ```cmake and ```tablegen block of a Markdown page appears
verbatim (line by line, trailing spaces ignored) in one of the given files,
or in one of the files under a given directory. Blocks right after a line
**`path`** are files of a project the page gives whole
(build_doc_project.py writes and a test builds them): they are counted
apart, not looked for.

Usage: check_doc_snippets.py PAGE.md FILE_OR_DIR...
"""

import os
import re
import sys


def source_files(paths):
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs.sort()
                for name in sorted(files):
                    yield os.path.join(root, name)
        else:
            yield path


def main():
    page, sources = sys.argv[1], sys.argv[2:]
    text = open(page).read()
    found = re.findall(r"(^\*\*`[^`]+`\*\*\n\n)?^```(cpp|cmake|tablegen)\n(.*?)```",
                       text, re.S | re.M)
    blocks = [(lang, body) for label, lang, body in found if not label]
    whole = len(found) - len(blocks)
    haystacks = []
    for s in source_files(sources):
        try:
            lines = open(s, encoding="utf-8").read().splitlines()
        except UnicodeDecodeError:
            continue
        haystacks.append("\n".join(l.rstrip() for l in lines))
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
    print(f"{name}: {len(blocks)} cpp/cmake/tablegen blocks, all found in the sources "
          f"({whole} blocks of files of a project given whole)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
