"""symshape.expr: symbols, the canonical form, ranges, simplification,
proofs, facts and the textual syntax."""

import math

import pytest

from helpers import random_expr, random_symbols, random_witness, rng_for
from symshape.expr import (ContradictionError, Expr, Facts, Relation, Symbol,
                           ceildiv, constant, eq, floordiv, ge, gt, le, lt,
                           mod, ne, parse, prove, smax, smin)

INF = math.inf


# --- symbols ----------------------------------------------------------------


def test_symbol_declarations():
    b = Symbol("batch", range=(1, 10), multiple_of=2)
    assert b.is_symbol and b.kind == "symbol" and b.name == "batch"
    assert b.is_size and b.declared_range == (1, 10) and b.multiple_of == 2
    assert b.range() == (2, 10)  # rounded to multiples of 2
    s = Symbol("seq")
    assert s.declared_range == (0, INF) and s.multiple_of == 1
    x = Symbol("x", integer=True)
    assert not x.is_size and x.range() == (-INF, INF)
    assert Symbol("up", range=(3, None)).range() == (3, INF)
    assert Symbol("up", range=(3, math.inf)) == Symbol("up", range=(3, None))
    assert Symbol("neg", range=(-math.inf, -2), integer=True).range() == \
        (-INF, -2)


def test_symbol_identity_is_name_and_declaration():
    assert Symbol("n", range=(1, 8)) == Symbol("n", range=(1, 8))
    assert hash(Symbol("n", range=(1, 8))) == hash(Symbol("n", range=(1, 8)))
    assert Symbol("n", range=(1, 8)) != Symbol("n", range=(1, 9))
    assert Symbol("n") == Symbol("n", range=(0, None))
    assert Symbol("n") != Symbol("n", integer=True)


@pytest.mark.parametrize("kwargs, message", [
    (dict(range=(5, 1)), "empty range"),
    (dict(range=(-1, 4)), "non-negative"),
    (dict(range=(1, 7), multiple_of=8), "no multiple of 8"),
    (dict(multiple_of=0), "multiple_of must be >= 1"),
    (dict(range=(1,)), "pair"),
    (dict(range=(1.5, 4)), "integer"),
    (dict(range=(math.inf, 4)), "lower bound"),
    (dict(range=(0, 2**70)), "64 bits"),
])
def test_symbol_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Symbol("bad", **kwargs)


def test_symbol_needs_a_name():
    with pytest.raises(ValueError, match="non-empty"):
        Symbol("")


# --- building and the canonical form ------------------------------------


def test_operators_with_ints_and_reflected():
    a, b = Symbol("a"), Symbol("b")
    assert 1 + a == a + 1
    assert 3 - a == -a + 3 == -(a - 3)
    assert 2 * a == a * 2 == a + a
    assert str(7 // Symbol("k", range=(1, 3))) == "7 floordiv k"
    assert str(10 % a) == "10 mod a"
    assert (a + b) * 2 == 2 * a + 2 * b
    assert a ** 3 == a * a * a and a ** 0 == 1
    assert +a == a
    assert (a - a) == 0 and (a * 0) == 0


def test_equality_and_hash_follow_the_canonical_form():
    a, b, c = Symbol("a"), Symbol("b"), Symbol("c")
    pairs = [
        ((a + b) + c, a + (b + c)),
        (smax(a, smax(b, c)), smax(c, b, a)),
        (smin(a, a), a),
        (a * (b + 1), a * b + a),
        ((2 * a + 1) // 2, a),
        (((5 * a) * 7) // 5, 7 * a),
        ((4 * a) % 4, constant(0)),
        (smax(a, a + 1), a + 1),
    ]
    for x, y in pairs:
        assert x == y and hash(x) == hash(y), (x, y)
        assert not (x != y)
    assert len({(a + b) + c, a + (b + c), c + b + a}) == 1
    assert {a + 1: "v"}[1 + a] == "v"
    # Different objects mean "not known equal": these stay apart.
    assert smax(a, b) != a and smin(a, 2 * a) != a


def test_constants_are_ints():
    five = constant(5)
    assert five == 5 and 5 == five and hash(five) == hash(5)
    assert int(five) == 5 and [0, 1, 2, 3, 4, 5][five] == 5
    assert five.value == 5 and five.is_constant
    assert constant(-1) == -1 and hash(constant(-1)) == hash(-1)
    assert bool(constant(0)) is False and bool(five) is True
    with pytest.raises(TypeError, match="not known"):
        bool(Symbol("a"))
    with pytest.raises(TypeError, match="not a constant"):
        int(Symbol("a"))


def test_tree_access():
    a, b = Symbol("a"), Symbol("b")
    e = 3 * a - 2 * b + 7
    assert e.kind == "add" and e.constant_term == 7
    assert dict(zip(e.operands, e.coefficients)) == {a: 3, b: -2}
    m = a * b * b
    assert m.kind == "mul" and sorted(map(str, m.operands)) == ["a", "b", "b"]
    for build, kind in [(floordiv, "floordiv"), (ceildiv, "ceildiv"),
                        (mod, "mod")]:
        d = build(a, 4)
        assert d.kind == kind and d.operands == (a, constant(4))
    assert smax(a, b, 3).kind == "max" and len(smax(a, b, 3).operands) == 3
    assert smin([a, b]).kind == "min"
    assert e.symbols == (a, b) and constant(1).symbols == ()
    assert a.value is None and a.name == "a" and e.name is None


def test_division_by_zero_and_overflow():
    a = Symbol("a")
    for op in (lambda: a // 0, lambda: a % 0, lambda: ceildiv(a, 0),
               lambda: floordiv(7, 0)):
        with pytest.raises(ValueError, match="division by zero"):
            op()
    with pytest.raises(ValueError, match="not representable"):
        (a * 2**62) * 4
    with pytest.raises(ValueError, match="64 bits"):
        a + 2**64
    with pytest.raises(TypeError, match="floordiv"):
        a / 2
    with pytest.raises(TypeError):
        a + 1.5
    with pytest.raises(ValueError, match="negative power"):
        a ** -1


# --- relations --------------------------------------------------------------


def test_comparisons_build_relations():
    a, b = Symbol("a"), Symbol("b")
    r = a <= b + 1
    assert isinstance(r, Relation) and r.op == "<=" and r.rhs == b + 1
    assert str(r) == "a <= b + 1"
    assert (3 < a).op == ">" and (3 < a).lhs == a  # reflected
    assert isinstance(a == b, bool)
    assert str(eq(a, b)) == "a == b" and ne(a, 2).op == "!="
    assert [x.op for x in (le(a, b), lt(a, b), ge(a, b), gt(a, b))] == \
        ["<=", "<", ">=", ">"]
    assert (~(a <= b)).op == ">"
    with pytest.raises(TypeError, match="no truth value"):
        bool(a < b)
    with pytest.raises(TypeError, match="no truth value"):
        if a <= b:
            pass


# --- ranges, simplification, proofs (docs/Dialect.md's examples) ------------


def test_ranges():
    s0 = Symbol("s0", range=(1, 16))
    assert (16 - s0).range() == (0, 15)
    s, t = Symbol("s", range=(2, 10)), Symbol("t", range=(2, 10))
    assert (s * t).range() == (4, 100)
    n = Symbol("n")
    assert ((n + 1) - n).range() == (1, 1)
    assert (n % 8).range() == (0, 7)
    assert (n + 1).range() == (1, INF)
    x = Symbol("x", integer=True)
    assert (-x).range() == (-INF, INF)
    assert Symbol("m", multiple_of=8).divisor() == 8
    assert (4 * n + 8).divisor() == 4


def test_ranges_of_quotients_of_unbounded_sizes_keep_their_sign():
    s, t = Symbol("s", range=(1, None)), Symbol("t", range=(1, None))
    assert floordiv(s, t).range() == (0, INF)
    assert ceildiv(s, t).range() == (1, INF)
    assert floordiv(s, s + 1).range() == (0, INF)
    assert prove(ge(floordiv(s, smax(s, 1)), 0)) is True
    n = Symbol("n", integer=True, range=(None, -1))
    assert floordiv(s, n).range() == (-INF, -1)
    assert floordiv(n, s).range() == (-INF, -1)
    assert floordiv(n, n - 1).range() == (0, INF)
    # Unbounded both ways, the dividend bounds nothing.
    x = Symbol("x", integer=True)
    assert floordiv(x, s).range() == (-INF, INF)


def test_simplify_with_facts_and_negative_twins():
    s = Symbol("s")
    s0, s2 = Symbol("s0"), Symbol("s2")
    assert smin(s0, smax(s0, s2)).simplify() == s0
    assert smax(s0, s2).simplify() == smax(s0, s2)
    assert smin(Symbol("b", range=(1, 10)), 10).simplify() == \
        Symbol("b", range=(1, 10))
    b11 = Symbol("b", range=(1, 11))
    assert smin(b11, 10).simplify() == smin(b11, 10)
    p = Symbol("p", range=(1, None))
    assert smin(128 * p, 512 * p).simplify() == 128 * p
    x = Symbol("x", integer=True)
    assert smin(x, 2 * x).simplify() == smin(x, 2 * x)
    assert (s // 3).simplify() == s // 3  # never a rational number
    k = Symbol("k", multiple_of=8)
    assert (k // 8 * 8).simplify() == k


def test_prove_is_three_valued():
    b = Symbol("batch", range=(1, 10))
    s = Symbol("seq", range=(16, None), multiple_of=8)
    assert prove(b <= 10) is True
    assert prove(b > 10) is False
    assert prove(b <= 5) is None
    assert prove(b < s) is True and prove(s <= b) is False
    assert prove(eq(s % 8, 0)) is True and prove(ne(s % 8, 0)) is False
    assert prove(eq(b, s)) is False
    assert prove(eq(smax(b, s), s)) is True
    assert prove(ge(smax(b, Symbol("other")), b)) is True
    assert prove(eq(b, Symbol("other"))) is None


# --- facts ------------------------------------------------------------------


def test_facts_from_relations():
    a, b = Symbol("a"), Symbol("b")
    assert smax(a, b).simplify() == smax(a, b)
    f = Facts(a <= b)
    assert smax(a, b).simplify(f) == b and prove(a <= b, f) is True
    assert prove(a > b, f) is False
    assert (b - a).range(f) == (0, INF)
    g = Facts().add(a < b).add(b <= 10)
    assert b.range(g) == (0, 10)
    assert prove(a < b + 5, g) is True and smax(a, b + 1).simplify(g) == b + 1
    # No chaining of relations: a <= 9 is not proven (nor refuted).
    assert prove(a <= 9, g) is None and prove(a <= 8, g) is None
    # Facts never leak into other queries.
    assert prove(a <= b) is None


def test_facts_equalities_ranges_divisors():
    a, b, n = Symbol("a"), Symbol("b"), Symbol("n")
    f = Facts(eq(a, 2 * b))
    assert (a - 2 * b).simplify(f) == 0
    assert a.divisor(f) == 2
    assert prove(eq(a % 2, 0), f) is True
    f.assume_range(n, 4, 8)
    assert n.range(f) == (4, 8)
    f.assume_range(n + b, None, 10)
    assert (n + b).range(f) == (4, 10) and prove(2 * n + 2 * b <= 20, f)
    f.assume_multiple(n, 4)
    assert n.range(f) == (4, 8) and n.divisor(f) == 4
    with pytest.raises(ValueError, match="takes a symbol"):
        f.assume_multiple(n + 1, 2)


def test_contradictions_are_refused():
    b = Symbol("b", range=(1, 10))
    f = Facts()
    with pytest.raises(ContradictionError, match="contradicts"):
        f.add(b >= 11)
    assert b.range(f) == (1, 10)  # nothing was added
    f.add(b >= 5)
    with pytest.raises(ContradictionError):
        f.add(b < 5)
    assert b.range(f) == (5, 10)
    with pytest.raises(ContradictionError):
        f.assume_range(b, 20, 30)
    with pytest.raises(ContradictionError):
        f.add(eq(b, 11))
    assert issubclass(ContradictionError, ValueError)
    with pytest.raises(ValueError, match="cannot be stated"):
        f.add(ne(b, 3))


def test_facts_scope_and_copy():
    a, b = Symbol("a"), Symbol("b")
    f = Facts()
    with f.scope():
        f.add(a <= b)
        assert prove(a <= b, f) is True
    assert prove(a <= b, f) is None
    g = Facts(a <= b)
    h = g.copy()
    h.add(b <= 3)
    assert b.range(h) == (0, 3) and b.range(g) == (0, INF)


# --- text -------------------------------------------------------------------


def test_text_round_trip_with_names_and_positions():
    b = Symbol("batch", range=(1, 10))
    s = Symbol("seq", multiple_of=8)
    e = smax(b, s) * (s // 8) - ceildiv(b, 4) % 3
    assert str(e) == str(parse(str(e), [b, s]))
    assert parse(str(e), [b, s]) == e
    assert parse(str(e), {"batch": b, "seq": s}) == e
    text = e.to_text()
    assert "batch" not in text and parse(text, e.symbols) == e
    assert e.to_text([s, b]) != text
    assert parse(e.to_text([s, b]), [s, b]) == e
    # Without symbols, s<i> is the size symbol named s<i>.
    assert parse("max(s0, s1) + 2") == smax(Symbol("s0"), Symbol("s1")) + 2
    assert parse("-9223372036854775808") == constant(-2**63)


def test_random_text_round_trip():
    rng = rng_for(7)
    for i in range(300):
        syms = random_symbols(rng, rng.randint(1, 3), tag=f"_{i}")
        try:
            e = random_expr(rng, syms, 4)
        except ValueError:  # a coefficient that overflowed
            continue
        assert parse(e.to_text(syms), syms) == e
        assert parse(str(e), syms) == e


def test_random_evaluation_matches_python():
    """evaluate() and the builders agree with Python's integer arithmetic
    (floor division, modulo with the sign of the divisor)."""
    rng = rng_for(11)
    a, b = Symbol("a", integer=True), Symbol("b", integer=True)
    for _ in range(200):
        x, y = rng.randint(-50, 50), rng.choice([-7, -3, -1, 1, 2, 5, 9])
        env = {a: x, b: y}
        assert (a // b).evaluate(env) == x // y
        assert (a % b).evaluate(env) == x % y
        assert ceildiv(a, b).evaluate(env) == -(-x // y)
        assert smax(a, b, 3).evaluate(env) == max(x, y, 3)
        assert (a * b - 2 * a).evaluate({"a": x, "b": y}) == x * y - 2 * x


@pytest.mark.parametrize("text, message", [
    ("", "expected"),
    ("s0 +", "expected"),
    ("max(s0", "expected"),
    ("s0 floordiv 0", "division by zero"),
    ("(s0", "expected '\\)'"),
    ("s0 s1", "trailing"),
    ("batch + 1", "unknown symbol 'batch'"),
    ("99999999999999999999", "64 bits"),
    ("s0 $ 2", "trailing"),
])
def test_parse_errors(text, message):
    with pytest.raises(ValueError, match=message):
        parse(text)


def test_parse_errors_with_symbols():
    b = Symbol("batch")
    with pytest.raises(ValueError, match="out of range"):
        parse("s1", [b])
    with pytest.raises(ValueError, match="unknown symbol 'seq'"):
        parse("batch + seq", [b])
    with pytest.raises(ValueError, match="not in the given symbols"):
        (b + Symbol("seq")).to_text([b])


def test_subs():
    a, b = Symbol("a"), Symbol("b")
    e = smax(a, b) + a
    assert e.subs({a: 3}) == smax(3, b) + 3
    assert e.subs({"b": a}) == 2 * a
    assert e.subs({a: 1, b: 5}) == 6


def test_expressions_are_not_constructible_directly():
    with pytest.raises(TypeError):
        Expr()


def test_witnesses_satisfy_declarations():
    """The corpus helpers agree with the engine on what a declaration
    allows (the prover test relies on them)."""
    rng = rng_for(3)
    for i in range(50):
        syms = random_symbols(rng, 3, tag=f"_w{i}")
        w = random_witness(rng, syms)
        for s in syms:
            lo, hi = s.range()
            assert lo <= w[s] <= hi and w[s] % s.multiple_of == 0
