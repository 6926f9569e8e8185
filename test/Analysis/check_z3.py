#!/usr/bin/env python3
"""Checks the engine's claims written by `symshape-engine-check --z3-claims`
with z3: every computed range, every simplification and every "true" and
"false" verdict must be valid for all integer values allowed by the facts
(where the expressions are defined). Cases with unbounded ranges cannot be
enumerated; z3 proves them. Prints counts; exits 1 on an invalid claim.

Usage: check_z3.py CLAIMS.jsonl
"""

import json
import re
import sys

import z3

TOKEN = re.compile(r"\s*(?:(\d+)|(s\d+)|(floordiv|ceildiv|mod|max|min)|(.))")


def tokenize(text):
    tokens = []
    for number, symbol, keyword, punct in TOKEN.findall(text):
        if number:
            tokens.append(("int", int(number)))
        elif symbol:
            tokens.append(("sym", int(symbol[1:])))
        elif keyword:
            tokens.append(("kw", keyword))
        elif punct.strip():
            tokens.append(("p", punct))
    return tokens


def floordiv(a, b):
    # z3's integer division is Euclidean; it equals floor division for a
    # positive divisor.
    return z3.If(b > 0, a / b, (-a) / (-b))


class Parser:
    """Parses the expression syntax of docs/Dialect.md into a z3 term and
    collects the conditions under which it is defined (non-zero divisors)."""

    def __init__(self, text, symbols):
        self.tokens = tokenize(text)
        self.pos = 0
        self.symbols = symbols
        self.defined = []

    def peek(self):
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, kind, value=None):
        tok = self.peek()
        if tok and tok[0] == kind and (value is None or tok[1] == value):
            self.pos += 1
            return tok
        return None

    def parse(self):
        e = self.sum()
        assert self.pos == len(self.tokens), "trailing tokens"
        return e

    def sum(self):
        e = self.product()
        while True:
            if self.take("p", "+"):
                e = e + self.product()
            elif self.take("p", "-"):
                e = e - self.product()
            else:
                return e

    def product(self):
        e = self.unary()
        while True:
            if self.take("p", "*"):
                e = e * self.unary()
                continue
            kw = self.take("kw")
            if not kw:
                return e
            if kw[1] in ("max", "min"):
                self.pos -= 1
                return e
            d = self.unary()
            self.defined.append(d != 0)
            if kw[1] == "floordiv":
                e = floordiv(e, d)
            elif kw[1] == "ceildiv":
                e = -floordiv(-e, d)
            else:
                e = e - d * floordiv(e, d)

    def unary(self):
        if self.take("p", "-"):
            return -self.unary()
        return self.primary()

    def primary(self):
        tok = self.take("int")
        if tok:
            return z3.IntVal(tok[1])
        tok = self.take("sym")
        if tok:
            return self.symbols[tok[1]]
        if self.take("p", "("):
            e = self.sum()
            assert self.take("p", ")")
            return e
        kw = self.take("kw")
        assert kw and kw[1] in ("max", "min"), "unexpected token"
        assert self.take("p", "(")
        ops = [self.sum()]
        while self.take("p", ","):
            ops.append(self.sum())
        assert self.take("p", ")")
        e = ops[0]
        for op in ops[1:]:
            e = z3.If(op > e, op, e) if kw[1] == "max" else z3.If(op < e, op, e)
        return e


def parse(text, symbols):
    p = Parser(text, symbols)
    e = p.parse()
    return e, z3.And(*p.defined) if p.defined else z3.BoolVal(True)


def valid(facts, claim):
    """True if `claim` holds wherever `facts` hold; None if z3 gave up."""
    s = z3.Solver()
    s.set("timeout", 5000)
    s.add(facts)
    s.add(z3.Not(claim))
    r = s.check()
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
    for name, claim in claims:
        result = valid(facts, claim)
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
