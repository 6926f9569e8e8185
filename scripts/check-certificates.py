#!/usr/bin/env python3
"""Checks symshape's certificates: SMT-LIB proof obligations written by
`certify=FILE` (symshape-simplify, symshape-pipeline).

Each obligation is a comment `; obligation: <decision> at <location>`
followed by one query that asserts the facts in scope and the negated claim
over the mathematical integers. The obligation is proven when z3 (Debian's
python3-z3) finds the query unsatisfiable. A claim that holds by the ops'
definitions alone (`X == X`) has the comment `; (holds by the ops'
definitions: no fact is used)` instead of a query: it is proven when each
of its relations, as the description writes them, is reflexive (`A == A`,
`A <= A`). `; assumption:` comments list what the analysis took of the
program's meaning; they are not checked. Prints every failed obligation
and a closing line `N obligations, N proven, N failed`; the exit status is
non-zero if one failed (satisfiable, unknown within the time limit, or not
expressible).

Usage: check-certificates.py [--timeout-ms MS] FILE...
"""

import argparse
import re
import sys

try:
    import z3
except ImportError:
    sys.exit("check-certificates.py: needs z3 (apt-get install python3-z3)")

HEADER = re.compile(r"^; obligation: (.*)$")


def obligations(text):
    """Yields (description, SMT-LIB text or None) per obligation."""
    what, body = None, []
    for line in text.splitlines():
        m = HEADER.match(line)
        if m:
            if what is not None:
                yield what, "\n".join(body)
            what, body = m.group(1), []
        elif what is not None:
            body.append(line)
    if what is not None:
        yield what, "\n".join(body)


BY_DEFINITION = "; (holds by the ops' definitions: no fact is used)"


def reflexive(what):
    """Whether every relation of a description `op: [name: ]A rel B; ... at
    loc` is A rel A with a reflexive rel."""
    claim = what.rsplit(" at ", 1)[0].rsplit(": ", 1)[-1]
    relations = [r.strip() for r in claim.split(";") if r.strip()]
    for r in relations:
        for rel in (" == ", " <= "):
            lhs, sep, rhs = r.partition(rel)
            if sep and lhs == rhs:
                break
        else:
            return False
    return bool(relations)


def check(what, smtlib, timeout_ms):
    """'unsat' (proven), 'sat', 'unknown', 'not expressible' or 'not
    reflexive'."""
    if "(not expressible)" in smtlib:
        return "not expressible"
    if BY_DEFINITION in smtlib.splitlines():
        return "unsat" if reflexive(what) else "not reflexive"
    # The queries are separated by (reset); z3's parser takes declarations
    # and assertions, the check is ours.
    script = "\n".join(line for line in smtlib.splitlines()
                       if line.strip() not in ("(check-sat)", "(reset)"))
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.from_string(script)
    return str(solver.check())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--timeout-ms", type=int, default=20000)
    args = ap.parse_args()
    total = proven = 0
    for path in args.files:
        with open(path) as f:
            text = f.read()
        for what, smtlib in obligations(text):
            total += 1
            verdict = check(what, smtlib, args.timeout_ms)
            if verdict == "unsat":
                proven += 1
            else:
                print(f"{path}: not proven ({verdict}): {what}")
    print(f"{total} obligations, {proven} proven, {total - proven} failed")
    return 0 if proven == total else 1


if __name__ == "__main__":
    sys.exit(main())
