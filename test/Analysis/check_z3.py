#!/usr/bin/env python3
"""Checks the engine's claims written by `symshape-engine-check --z3-claims`
with z3: every computed range, every simplification and every "true" and
"false" verdict must be valid for all integer values allowed by the facts
(where the expressions are defined). Cases with unbounded ranges cannot be
enumerated; z3 proves them. Prints counts; exits 1 on an invalid claim.
Expressions are read by the engine's own parser, through the symshape
Python package (symshape.expr.parse; PYTHONPATH=build/python_packages).

Usage: check_z3.py CLAIMS.jsonl
"""

import json
import os
import sys

import z3

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def _import_engine():
    """symshape.expr: from PYTHONPATH (the test suite points it at the
    build's python_packages), else from build/python_packages of this
    checkout. A sanitizer build of the package needs its runtime preloaded:
    this script then runs itself again with it."""
    try:
        from symshape import expr
        return expr
    except ModuleNotFoundError as e:
        if e.name != "symshape":
            raise
        fallback = os.path.join(ROOT, "build", "python_packages")
        if not os.path.isdir(os.path.join(fallback, "symshape")):
            sys.exit("check_z3.py: cannot import symshape: build it "
                     "(ninja -C build symshape-python) and set "
                     "PYTHONPATH=build/python_packages")
        sys.path.insert(0, fallback)
        return _import_engine()
    except ImportError as e:
        runtime = getattr(e, "sanitizer_runtime", None)
        if not runtime or os.environ.get("SYMSHAPE_PRELOADED") == runtime:
            raise
        env = dict(os.environ, SYMSHAPE_PRELOADED=runtime)
        env["LD_PRELOAD"] = ":".join(
            p for p in (runtime, os.environ.get("LD_PRELOAD")) if p)
        env["ASAN_OPTIONS"] = ":".join(
            p for p in ("detect_leaks=0:allow_user_poisoning=0",
                        os.environ.get("ASAN_OPTIONS")) if p)
        sys.stdout.flush()
        os.execve(sys.executable, [sys.executable] + sys.argv, env)


engine = _import_engine()


def floordiv(a, b):
    # z3's integer division is Euclidean; it equals floor division for a
    # positive divisor.
    return z3.If(b > 0, a / b, (-a) / (-b))


class Z3Builder:
    """Builds the z3 term of an engine expression (the symbol named s<i>
    is symbols[i]) and collects the conditions under which it is defined
    (non-zero divisors)."""

    def __init__(self, symbols):
        self.symbols = symbols
        self.defined = []
        self.memo = {}

    def build(self, e):
        term = self.memo.get(e)
        if term is None:
            term = self._build(e)
            self.memo[e] = term
        return term

    def _build(self, e):
        kind = e.kind
        if kind == "constant":
            return z3.IntVal(e.value)
        if kind == "symbol":
            return self.symbols[int(e.name[1:])]
        if kind == "add":
            terms = [c * self.build(t)
                     for c, t in zip(e.coefficients, e.operands)]
            return z3.Sum(terms + [z3.IntVal(e.constant_term)])
        if kind == "mul":
            return z3.Product([self.build(t) for t in e.operands])
        if kind in ("max", "min"):
            args = [self.build(t) for t in e.operands]
            r = args[0]
            for op in args[1:]:
                r = z3.If(op > r if kind == "max" else op < r, op, r)
            return r
        a, b = (self.build(t) for t in e.operands)
        self.defined.append(b != 0)
        if kind == "floordiv":
            return floordiv(a, b)
        if kind == "ceildiv":
            return -floordiv(-a, b)
        assert kind == "mod", kind
        return a - b * floordiv(a, b)


def parse(text, symbols):
    """(z3 term, definedness condition) of an expression in the dialect's
    syntax, read by the engine's parser (symshape.expr.parse): s<i> is
    symbols[i]."""
    builder = Z3Builder(symbols)
    e = builder.build(engine.parse(text))
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
