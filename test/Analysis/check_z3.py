#!/usr/bin/env python3
"""Checks the engine's claims written by `symshape-engine-check --z3-claims`
with z3: every computed range, every simplification and every "true" and
"false" verdict must be valid for all integer values allowed by the facts
(where the expressions are defined). Cases with unbounded ranges cannot be
enumerated; z3 proves them. Prints counts; exits 1 on an invalid claim.

Usage: check_z3.py CLAIMS.jsonl
"""

import json
import os
import sys

import z3

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "python"))
from symshape import exprsyntax  # noqa: E402


def floordiv(a, b):
    # z3's integer division is Euclidean; it equals floor division for a
    # positive divisor.
    return z3.If(b > 0, a / b, (-a) / (-b))


class Z3Builder(exprsyntax.Builder):
    """Builds z3 terms and collects the conditions under which the
    expression is defined (non-zero divisors)."""

    def __init__(self, symbols):
        self.symbols = symbols
        self.defined = []

    def integer(self, value):
        return z3.IntVal(value)

    def symbol(self, position):
        return self.symbols[position]

    def floordiv(self, a, b):
        self.defined.append(b != 0)
        return floordiv(a, b)

    def ceildiv(self, a, b):
        self.defined.append(b != 0)
        return -floordiv(-a, b)

    def mod(self, a, b):
        self.defined.append(b != 0)
        return a - b * floordiv(a, b)

    def max(self, args):
        e = args[0]
        for op in args[1:]:
            e = z3.If(op > e, op, e)
        return e

    def min(self, args):
        e = args[0]
        for op in args[1:]:
            e = z3.If(op < e, op, e)
        return e


def parse(text, symbols):
    builder = Z3Builder(symbols)
    e = exprsyntax.parse(text, builder)
    defined = z3.And(*builder.defined) if builder.defined else z3.BoolVal(True)
    return e, defined


def valid(solver, claim):
    """True if `claim` holds wherever the facts asserted in `solver` hold;
    None if z3 gave up."""
    solver.push()
    solver.add(z3.Not(claim))
    r = solver.check()
    solver.pop()
    if r == z3.unsat:
        return True
    if r == z3.sat:
        return False
    return None


def check_case(case, counts):
    syms = [z3.Int(f"s{i}") for i in range(len(case["symbols"]))]
    facts = []
    for sym, spec in zip(syms, case["symbols"]):
        if spec["size"]:
            facts.append(sym >= 0)
        if spec["lo"] is not None:
            facts.append(sym >= spec["lo"])
        if spec["hi"] is not None:
            facts.append(sym <= spec["hi"])
        if spec["divisor"] > 1:
            facts.append(sym % spec["divisor"] == 0)
        if spec["equality"]:
            eq, eq_defined = parse(spec["equality"], syms)
            facts += [eq_defined, sym == eq]
    facts = z3.And(*facts) if facts else z3.BoolVal(True)
    e, e_def = parse(case["e"], syms)
    f, f_def = parse(case["f"], syms)
    simp, simp_def = parse(case["simplified"], syms)

    claims = []
    in_range = []
    if case["lo"] is not None:
        in_range.append(e >= case["lo"])
    if case["hi"] is not None:
        in_range.append(e <= case["hi"])
    if in_range:
        claims.append(("range", z3.Implies(e_def, z3.And(*in_range))))
    if case["simplified"] != case["e"]:
        claims.append(("simplify",
                       z3.Implies(e_def, z3.And(simp_def, simp == e))))
    both = z3.And(e_def, f_def)
    for name, rel in (("le", e <= f), ("lt", e < f), ("eq", e == f)):
        verdict = case[name]
        if verdict == "true":
            claims.append((name + " true", z3.Implies(both, rel)))
        elif verdict == "false":
            claims.append((name + " false", z3.Implies(both, z3.Not(rel))))

    ok = True
    solver = z3.Solver()
    solver.set("timeout", 5000)
    solver.add(facts)
    for name, claim in claims:
        result = valid(solver, claim)
        if result is True:
            counts["proven"] += 1
        elif result is None:
            counts["z3 unknown"] += 1
        else:
            counts["invalid"] += 1
            ok = False
            print(f"INVALID {name}: {json.dumps(case)}")
    return ok


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    counts = {"cases": 0, "proven": 0, "z3 unknown": 0, "invalid": 0}
    with open(sys.argv[1]) as f:
        for line in f:
            if line.strip():
                counts["cases"] += 1
                check_case(json.loads(line), counts)
    print(f"z3: {counts['cases']} cases, {counts['proven']} claims proven, "
          f"{counts['z3 unknown']} undecided by z3, "
          f"{counts['invalid']} invalid")
    return 1 if counts["invalid"] else 0


if __name__ == "__main__":
    sys.exit(main())
