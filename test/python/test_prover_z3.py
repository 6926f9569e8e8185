"""The three-valued prover, ranges and simplification through the bindings,
against z3 on a seeded random corpus: a True must be valid and a False
refuted for every integer value the facts allow (where the expressions are
defined); a range must contain every value; a simplification must be
equal. Facts are symbol declarations (sizes and integers, bounded and
unbounded ranges, divisors) plus random relations that hold at a random
witness point, so that they are consistent."""

import collections

import pytest
import z3

from helpers import (Z3, random_expr, random_symbols, random_witness,
                     rng_for, z3_valid)
from symshape.expr import Facts, eq, ne, prove

CASES = 90
QUERIES = 3


def _relation(rng, a, b):
    return rng.choice([a <= b, a < b, a >= b, a > b, eq(a, b), ne(a, b)])


def _holds(rel, w):
    x, y = rel.lhs.evaluate(w), rel.rhs.evaluate(w)
    return {"<=": x <= y, "<": x < y, ">=": x >= y, ">": x > y,
            "==": x == y, "!=": x != y}[rel.op]


def _safe_evaluate(e, w):
    try:
        return e.evaluate(w)
    except ValueError:  # undefined there (a zero divisor)
        return None


def test_prover_against_z3():
    rng = rng_for(2024)
    counts = collections.Counter()
    failures = []
    for case in range(CASES):
        syms = random_symbols(rng, rng.randint(1, 3), tag=f"_p{case}")
        w = random_witness(rng, syms)
        enc = Z3()
        for s in syms:
            enc.var(s)
        facts = Facts()
        fact_terms = []
        for _ in range(rng.randint(0, 2)):
            try:
                rel = _relation(rng, random_expr(rng, syms, 1),
                                random_expr(rng, syms, 1))
                if rel.op == "!=" or not _holds(rel, w):
                    continue
            except ValueError:
                continue
            facts.add(rel)  # holds at w: never a contradiction
            defined = []
            t = enc.relation(rel, defined)
            fact_terms += defined + [t]
        base = enc.declarations() + fact_terms

        for _ in range(QUERIES):
            try:
                a = random_expr(rng, syms, 3)
                b = random_expr(rng, syms, 2)
            except ValueError:
                continue
            defined = []
            ta = enc.term(a, defined)
            enc.term(b, defined)
            where = z3.And(*defined) if defined else z3.BoolVal(True)
            for rel in (a <= b, a < b, eq(a, b), ne(a, b), a > b):
                verdict = prove(rel, facts)
                counts[str(verdict)] += 1
                if verdict is None:
                    continue
                claim = enc.relation(rel, [])
                if verdict is False:
                    claim = z3.Not(claim)
                ok = z3_valid(base, z3.Implies(where, claim))
                counts["z3 " + str(ok)] += 1
                if ok is False:
                    failures.append(f"prove({rel}) = {verdict}")
            lo, hi = a.range(facts)
            bounds = []
            if lo != float("-inf"):
                bounds.append(ta >= lo)
            if hi != float("inf"):
                bounds.append(ta <= hi)
            if bounds:
                a_def = []
                enc.term(a, a_def)
                ok = z3_valid(base, z3.Implies(z3.And(*a_def) if a_def
                                               else z3.BoolVal(True),
                                               z3.And(*bounds)))
                counts["ranges"] += 1
                if ok is False:
                    failures.append(f"range of {a} = {(lo, hi)}")
            simplified = a.simplify(facts)
            if simplified != a:
                a_def, s_def = [], []
                t_a = enc.term(a, a_def)
                t_s = enc.term(simplified, s_def)
                ok = z3_valid(base, z3.Implies(
                    z3.And(*a_def) if a_def else z3.BoolVal(True),
                    z3.And(*(s_def + [t_s == t_a]))))
                counts["simplifications"] += 1
                if ok is False:
                    failures.append(f"simplify({a}) = {simplified}")
            # The facts hold at w: a verdict never contradicts the witness.
            va, vb = _safe_evaluate(a, w), _safe_evaluate(b, w)
            if va is not None and vb is not None:
                if prove(a <= b, facts) is True:
                    assert va <= vb
                if prove(a <= b, facts) is False:
                    assert va > vb
    print(dict(counts))
    assert not failures, "\n".join(failures)
    # The corpus decides things both ways, and z3 checked them.
    assert counts["True"] >= 50 and counts["False"] >= 50, counts
    assert counts["None"] >= 20, counts
    assert counts["z3 True"] >= 100, counts
    assert counts["ranges"] >= 100 and counts["simplifications"] >= 20, counts


@pytest.mark.parametrize("seed", range(3))
def test_verdicts_never_contradict_concrete_values(seed):
    """Cheap and wide: with every symbol of a point range, every verdict
    must agree with Python's arithmetic."""
    from symshape.expr import Symbol
    rng = rng_for(100 + seed)
    for i in range(150):
        vals = [rng.randint(0, 30) for _ in range(3)]
        syms = [Symbol(f"pt{j}", range=(v, v)) for j, v in enumerate(vals)]
        w = dict(zip(syms, vals))
        try:
            a, b = random_expr(rng, syms, 3), random_expr(rng, syms, 3)
        except ValueError:
            continue
        va, vb = _safe_evaluate(a, w), _safe_evaluate(b, w)
        if va is None or vb is None:
            continue
        for rel, truth in ((a <= b, va <= vb), (a < b, va < vb),
                           (eq(a, b), va == vb)):
            assert prove(rel) in (truth, None), (str(rel), vals)
        lo, hi = a.range()
        assert lo <= va <= hi
