#!/usr/bin/env python3
"""Checks that symshape's libraries are layers without cycles.

Each directory under include/symshape/ and lib/ is a layer; a file may
include the headers of its own layer and of the layers before it only:

    Engine <- Interfaces <- IR <- Models <- Analysis <- Transforms
           <- Registration (InitAll.h)

Prints every include that breaks the order and exits non-zero if there is
one; prints a one-line summary otherwise.

Usage: check-layering.py [SOURCE_ROOT]
"""

import pathlib
import re
import sys

ORDER = ["Engine", "Interfaces", "IR", "Models", "Analysis", "Transforms",
         "Registration"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"symshape/([A-Za-z]+)(/|\.h)')


def layer_of_include(name):
    # symshape/InitAll.h belongs to the registration layer.
    return "Registration" if name == "InitAll" else name


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    bad = []
    checked = 0
    for base in (root / "include" / "symshape", root / "lib"):
        for path in sorted(base.rglob("*")):
            if path.suffix not in (".h", ".cpp", ".td") or not path.is_file():
                continue
            rel = path.relative_to(base)
            layer = rel.parts[0] if len(rel.parts) > 1 else "Registration"
            if layer not in ORDER:
                continue
            checked += 1
            for number, line in enumerate(path.read_text().splitlines(), 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                used = layer_of_include(match.group(1))
                if used in ORDER and ORDER.index(used) > ORDER.index(layer):
                    bad.append(f"{path.relative_to(root)}:{number}: layer "
                               f"{layer} includes {used}: {line.strip()}")
    for line in bad:
        print(line)
    print(f"check-layering: {checked} files, {len(bad)} includes against "
          f"the order {' <- '.join(ORDER)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
