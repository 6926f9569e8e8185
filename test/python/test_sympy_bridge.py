"""symshape.sympy: from_sympy, to_sympy and function_skeleton, with sympy's
own functions and PyTorch's (defined in helpers.py with PyTorch's
semantics)."""

import math
import re

import pytest
import sympy

from helpers import (CeilDiv, CleanDiv, FloorDiv, Identity, IntInfinity, Max,
                     Min, Mod, ModularIndexing, PowByNatural, PythonMod,
                     TruncToInt, ValueRanges, int_oo, rng_for)
from symshape import expr as E
from symshape import ir
from symshape.expr import Relation, Symbol, ceildiv, prove, smax
from symshape.sympy import (UnsupportedError, from_sympy, function_skeleton,
                            to_sympy)

s0, s1, s2 = sympy.symbols("s0 s1 s2", integer=True, positive=True)
x = sympy.Symbol("x", integer=True)
TORCH_RANGES = {s0: ValueRanges(2, 64), s1: ValueRanges(2, int_oo),
                s2: ValueRanges(16, 4096)}


def test_the_issue_example_round_trips():
    e = sympy.Max(s0, s1) * FloorDiv(s2, 8)
    engine = from_sympy(e, TORCH_RANGES)
    assert str(engine) == "(s2 floordiv 8) * max(s0, s1)"
    assert engine.range() == (4, math.inf)
    back = to_sympy(engine, like=e)
    assert back == e
    assert from_sympy(back, TORCH_RANGES) == engine
    # Without `like`, sympy's own functions.
    assert to_sympy(engine) == sympy.Max(s0, s1) * sympy.floor(s2 / 8)


def _values(rng, syms):
    return {s: rng.randint(1, 40) for s in syms}


def _agree(e, ranges=None, n=25, seed=0, syms=(s0, s1, s2)):
    """from_sympy(e) evaluates like e at random points."""
    engine = from_sympy(e, ranges)
    rng = rng_for(seed)
    for _ in range(n):
        vals = _values(rng, syms)
        expected = e.subs(vals)
        assert expected.is_Integer, (e, vals, expected)
        got = engine.evaluate({s.name: v for s, v in vals.items()})
        assert got == int(expected), (e, vals)
    return engine


@pytest.mark.parametrize("make", [
    lambda: s0 + 2 * s1 - 7,
    lambda: s0 * s1 * s2,
    lambda: s0 ** 2 + s1 ** 3,
    lambda: sympy.Integer(12),
    lambda: sympy.Max(s0, s1, 5),
    lambda: sympy.Min(s0, 2 * s1),
    lambda: sympy.floor(s0 / 8),
    lambda: sympy.floor((s0 + s1) / 3) + 1,
    lambda: sympy.ceiling(s0 / 4),
    lambda: sympy.floor(sympy.Rational(1, 2) * s0 + sympy.Rational(1, 3)),
    lambda: sympy.floor(s0 / s1),
    lambda: sympy.Mod(s0, 8),
    lambda: sympy.Mod(s0 + 3 * s1, s2),
])
def test_sympy_functions(make):
    _agree(make())


@pytest.mark.parametrize("make", [
    lambda: FloorDiv(s0, 8),
    lambda: FloorDiv(s0 * s1, s2),
    lambda: CleanDiv(8 * s0, 8),
    lambda: CeilDiv(s0, 4),
    lambda: CeilDiv(s0 + s1, 3),
    lambda: ModularIndexing(s0, 4, 8),
    lambda: ModularIndexing(s0 * s1, s2, 16),
    lambda: Mod(s0, 8),
    lambda: PythonMod(s0 - 50, 7),
    lambda: Max(s0, s1, s2),
    lambda: Min(s0, s1 + 1),
    lambda: PowByNatural(s0, 3),
    lambda: Max(s0, s1) * FloorDiv(s2, 8) + ModularIndexing(s0, 1, 4),
])
def test_pytorch_functions(make):
    _agree(make())


def test_pytorch_functions_round_trip_to_themselves():
    for e in (FloorDiv(s0, 8), CeilDiv(s0, 4), Mod(s0, 8), PythonMod(s0, 8),
              Max(s0, s1), Min(s0, s1)):
        assert to_sympy(from_sympy(e), like=e) == e, e


def test_to_sympy_defaults_and_choices():
    engine = from_sympy(sympy.floor(s0 / 8) + sympy.Mod(s1, 4) +
                        sympy.ceiling(s2 / 2))
    assert to_sympy(engine) == \
        sympy.floor(s0 / 8) + sympy.Mod(s1, 4) + sympy.ceiling(s2 / 2)
    e = from_sympy(sympy.floor(s0 / 8))
    assert to_sympy(e, functions={"floordiv": FloorDiv}) == FloorDiv(s0, 8)
    y = sympy.Symbol("y")
    assert to_sympy(e, symbols={"s0": y}) == sympy.floor(y / 8)
    # Engine symbols that never came from sympy get integer sympy symbols.
    n = Symbol("n_fresh", range=(1, None))
    k = Symbol("k_fresh", integer=True)
    back = to_sympy(smax(n, k) + ceildiv(n, 3))
    syms = {str(s): s for s in back.free_symbols}
    assert syms["n_fresh"].is_positive and syms["k_fresh"].is_integer
    assert syms["k_fresh"].is_nonnegative is None


TORCH_FUNCTIONS = {"floordiv": FloorDiv, "ceildiv": CeilDiv,
                   "mod": PythonMod, "max": Max, "min": Min}


def test_to_sympy_does_not_depend_on_history():
    """The classes to_sympy writes are a function of its arguments: a
    plain Mod comes back as sympy's Mod whatever from_sympy met before
    (it came back as the last-seen PythonMod)."""
    plain = from_sympy(sympy.Mod(s0, 8))
    first = to_sympy(plain)
    for e in (PythonMod(s0, 8), Mod(s1, 4), FloorDiv(s0, 8), CeilDiv(s0, 2),
              Max(s0, s1), Min(s0, s1)):
        from_sympy(e)
        assert to_sympy(plain) == first == sympy.Mod(s0, 8)
        assert type(to_sympy(plain)) is sympy.Mod
    mixed = from_sympy(FloorDiv(s0, 8) + sympy.Max(s1, s2))
    assert to_sympy(mixed) == sympy.floor(s0 / 8) + sympy.Max(s1, s2)
    # `like` picks PyTorch's classes, for this call only.
    torch_like = PythonMod(s1, 2) + FloorDiv(s1, 3) + Max(s1, 1)
    assert to_sympy(plain, like=torch_like) == PythonMod(s0, 8)
    assert to_sympy(mixed, like=torch_like) == FloorDiv(s0, 8) + Max(s1, s2)
    assert to_sympy(plain) == sympy.Mod(s0, 8)
    # `functions` wins over `like`; a class `like` does not use stays
    # sympy's.
    assert to_sympy(plain, like=torch_like,
                    functions={"mod": sympy.Mod}) == sympy.Mod(s0, 8)
    assert to_sympy(mixed, like=[FloorDiv(s1, 3)]) == \
        FloorDiv(s0, 8) + sympy.Max(s1, s2)
    # Two classes for one operation in `like`: no silent choice.
    with pytest.raises(ValueError,
                       match=r"writes mod with both .*PythonMod and .*Mod"):
        to_sympy(plain, like=PythonMod(s1, 2) + sympy.Mod(s2, 3))
    assert to_sympy(plain, like=PythonMod(s1, 2) + sympy.Mod(s2, 3),
                    functions={"mod": PythonMod}) == PythonMod(s0, 8)


def test_to_sympy_symbols_do_not_depend_on_history():
    """A symbol comes back from its declaration, or as the symbol of its
    name in `like` / `symbols`; never as a symbol some earlier from_sympy
    met."""
    a = sympy.Symbol("a", integer=True)
    e = from_sympy(a, {a: (0, 10)})              # a size: [0, 10]
    assert to_sympy(e) == sympy.Symbol("a", integer=True, nonnegative=True)
    assert to_sympy(e, like=a + 1) == a
    assert to_sympy(e, symbols={"a": a}) == a
    n = sympy.Symbol("n", integer=True, negative=True)
    e = from_sympy(n)
    assert e.range() == (-math.inf, -1)
    assert to_sympy(e) == n
    assert from_sympy(sympy.Symbol("m", integer=True, nonpositive=True)
                      ).range() == (-math.inf, 0)
    b1 = sympy.Symbol("b", integer=True)
    b2 = sympy.Symbol("b", integer=True, positive=True)
    with pytest.raises(ValueError, match="two symbols named 'b'"):
        to_sympy(from_sympy(b1), like=b1 + b2)


def test_to_sympy_is_not_rewritten_wrongly_by_sympy():
    """sympy 1.11 evaluates some Mod and floor forms wrongly (found by
    test/fuzz/bridge_fuzz.py); to_sympy leaves them unevaluated, so what
    it writes has the engine expression's values and comes back to it."""
    n = sympy.Symbol("n", integer=True)
    m = sympy.Symbol("m", integer=True, nonnegative=True)
    cases = [
        # Mod(1, s1) evaluated is 1 - s1; Mod(-1, s1) is 2*s1 - 1.
        (PythonMod(1, s1) + PythonMod(-1, s1), {s1: 5}, 5),
        (Min(s1, PythonMod(-1, s1)), {s1: 9}, 8),
        # (2*n/6).is_integer is True for an even numerator: floor(...)
        # evaluated is Max(2*n, -2)/6.
        (PythonMod(FloorDiv(Max(2 * n, -2), 6), 2), {n: 1}, 0),
        (CeilDiv(Max(2 * n, 4), 6), {n: 4}, 2),
        # Mod(Min(s2, m) + 4, s2 + 3) evaluated recurses without end.
        (PythonMod(Min(s2, m) + 4, s2 + 3), {s2: 2, m: 7}, 1),
    ]
    for e, point, value in cases:
        # xreplace: all symbols at once (a partial subs re-evaluates the
        # Mod, with sympy's bugs).
        point = {k: sympy.Integer(v) for k, v in point.items()}
        assert e.xreplace(point) == value, e
        engine = from_sympy(e)
        assert engine.evaluate({k.name: v for k, v in point.items()}) == \
            value
        for back in (to_sympy(engine), to_sympy(engine, like=sympy.Mod(
                n, 3) + sympy.floor(n / 2) + sympy.ceiling(n / 2))):
            assert back.xreplace(point) == value, (e, back)
            assert from_sympy(back) == engine, (e, back)


class _Torch113FloorDiv(sympy.Function):
    """torch 1.13's FloorDiv (torch/fx/experimental/symbolic_shapes.py):
    its eval folds FloorDiv(FloorDiv(a, b), c) into FloorDiv(a, b * c),
    which is wrong for a negative c."""
    nargs = (2,)

    @classmethod
    def eval(cls, base, divisor):
        if base == 0:
            return sympy.Integer(0)
        if divisor == 1:
            return base
        if isinstance(base, sympy.Integer) and \
                isinstance(divisor, sympy.Integer):
            return base // divisor
        if isinstance(base, _Torch113FloorDiv):
            return _Torch113FloorDiv(base.args[0], base.args[1] * divisor)


_Torch113FloorDiv.__name__ = "FloorDiv"


def test_to_sympy_leaves_the_classes_unevaluated():
    """Nodes are written unevaluated (unless their operands are numbers):
    sympy's Min comparing a Mod recursed without end, and torch 1.13's
    FloorDiv folded a nested division by a divisor that may be negative
    (both found by test/fuzz/bridge_fuzz.py)."""
    m = sympy.Symbol("m", integer=True, positive=True)
    n = sympy.Symbol("n", integer=True)
    e = from_sympy(Min(PythonMod(-m ** 2 - 2, m + 1), n))
    back = to_sympy(e)                 # RecursionError before
    point = {m: sympy.Integer(3), n: sympy.Integer(9)}
    assert back.xreplace(point) == (-9 - 2) % 4 == 1
    assert from_sympy(back) == e
    e = from_sympy(FloorDiv(FloorDiv(n, 8), m - 5))
    back = to_sympy(e, like=_Torch113FloorDiv(n, 3))
    assert type(back).__name__ == "FloorDiv"
    assert type(back.args[0]) is _Torch113FloorDiv    # not folded
    point = {n: sympy.Integer(17), m: sympy.Integer(2)}
    assert back.xreplace(point) == (17 // 8) // -3 == -1
    assert from_sympy(back) == e
    # Numbers are evaluated (an unevaluated Mod(7, 3) would not compare).
    assert to_sympy(from_sympy(Max(n, 2)), like=Max(m, 1)) == Max(n, 2)
    assert to_sympy(E.floordiv(E.constant(7), E.constant(2))) == 3


def test_ranges_found_for_a_symbol_written_back():
    """to_sympy writes a symbol with the assumptions of its declaration:
    ranges keyed by the original symbol still apply to it."""
    a = sympy.Symbol("a", integer=True)
    ranges = {a: (2, 9)}
    e = from_sympy(sympy.floor(a / 2), ranges)
    back = to_sympy(e)
    assert back != sympy.floor(a / 2)    # a is positive=True there
    assert from_sympy(back, ranges) == e
    assert from_sympy(back, ranges).range() == (1, 4)
    assert from_sympy(back, {a: (2, 9), "a": (3, 9)}).range() == (1, 4)
    with pytest.raises(ValueError, match="several symbols named 'a'"):
        from_sympy(back, {a: (2, 9), sympy.Symbol("a", even=True): (4, 8)})


def test_identity():
    """PyTorch's Identity is its argument."""
    e = from_sympy(Identity(s0 + 2 * s1), TORCH_RANGES)
    assert e == from_sympy(s0 + 2 * s1, TORCH_RANGES)
    _agree(FloorDiv(Identity(s0 * s1), 4) + Identity(x), syms=(s0, s1, x))
    assert from_sympy(Identity(sympy.Integer(3)) + s0) == from_sympy(s0 + 3)
    with pytest.raises(UnsupportedError, match="TruncToInt"):
        from_sympy(Identity(TruncToInt(s0)))


@pytest.mark.parametrize("sym, what", [
    (sympy.Symbol("r", real=True), "real=True"),
    (sympy.Symbol("p", positive=True), "positive=True"),
    (sympy.Symbol("q", rational=True), "rational=True"),
    (sympy.Symbol("f", integer=False), "integer=False"),
    (sympy.Symbol("c", commutative=False), "commutative=False"),
])
def test_non_integer_symbols_are_rejected(sym, what):
    """A symbol whose assumptions leave it possibly non-integer is an
    error naming it (it was accepted as an unconstrained integer)."""
    with pytest.raises(ValueError, match=f"symbol '{sym.name}'.*{what}"):
        from_sympy(sym)
    with pytest.raises(ValueError, match=f"symbol '{sym.name}'"):
        from_sympy(FloorDiv(s0 + sym, 4), TORCH_RANGES)
    with pytest.raises(ValueError, match=f"symbol '{sym.name}'"):
        function_skeleton({"x": (s0, sym)}, [(s0 + sym,)])


def test_integer_symbols_are_accepted():
    for sym in (sympy.Symbol("i", integer=True), sympy.Symbol("e", even=True),
                sympy.Symbol("n", integer=True, nonnegative=True),
                sympy.Dummy("d", integer=True)):
        assert from_sympy(sym).is_symbol
    # A bare symbol, with no assumptions, is taken as an integer.
    assert not from_sympy(sympy.Symbol("bare")).is_size


@pytest.mark.parametrize("value", ["s0 + 1", "3", b"s0", True, [s0], 1.5j,
                                   object()])
def test_non_expressions_are_rejected(value):
    """A string (or another non-sympy value) is not an expression: it was
    parsed by sympify into unconstrained symbols."""
    with pytest.raises(TypeError, match="from_sympy: expected a sympy "
                       "expression"):
        from_sympy(value)


def test_skeleton_rejects_string_dims():
    with pytest.raises(TypeError, match="a dim: expected a sympy expression "
                       "or an int, got the string 's0'"):
        function_skeleton({"x": ["s0", 3]}, [])
    assert "tensor<?x3xf32>" in function_skeleton({"x": [s0, 3]}, [])


def test_to_sympy_rejects_non_expressions():
    with pytest.raises(TypeError, match="to_sympy: expected"):
        to_sympy("s0")
    with pytest.raises(TypeError, match="to_sympy: expected"):
        to_sympy(s0)
    with pytest.raises(TypeError, match="like"):
        to_sympy(from_sympy(s0), like="s0 + 1")
    assert to_sympy(7) == 7 and to_sympy(from_sympy(s0)) == s0


def test_random_round_trips_agree_numerically():
    """Random sympy expressions of PyTorch's functions: to_sympy of
    from_sympy evaluates like the original."""
    rng = rng_for(5)
    leaves = [s0, s1, s2, sympy.Integer(3), sympy.Integer(8)]

    def gen(depth):
        if depth == 0 or rng.random() < 0.2:
            return rng.choice(leaves)
        a, b = gen(depth - 1), gen(depth - 1)
        k = rng.choice([2, 4, 8])
        return rng.choice([
            lambda: a + b, lambda: a * b, lambda: a - b,
            lambda: FloorDiv(a, k), lambda: CeilDiv(a, k),
            lambda: PythonMod(a, k), lambda: ModularIndexing(a, 2, k),
            lambda: sympy.Max(a, b), lambda: sympy.Min(a, b),
            lambda: sympy.floor(a / k),
        ])()

    for i in range(60):
        e = gen(3)
        engine = _agree(e, n=5, seed=i)
        back = to_sympy(engine, functions=TORCH_FUNCTIONS)
        for _ in range(5):
            vals = _values(rng, (s0, s1, s2))
            assert back.subs(vals) == e.subs(vals), (e, back, vals)


def test_ranges_as_torch_export_gives_them():
    class NegativeInfinity:
        pass

    forms = [
        {s0: ValueRanges(2, int_oo)},
        {s0: ValueRanges(2, sympy.oo)},
        {"s0": (2, None)},
        {s0: (sympy.Integer(2), math.inf)},
        {s0: ValueRanges(sympy.Integer(2), IntInfinity())},
    ]
    for ranges in forms:
        e = from_sympy(s0 + 1, ranges)
        assert e.range() == (3, math.inf), ranges
    bounded = from_sympy(s0, {s0: ValueRanges(2, 10)})
    assert bounded.declared_range == (2, 10) and bounded.is_size
    # A symbol with a negative lower bound, or no range and no sign, is an
    # integer; one that is positive is a size of lower bound 1.
    u = from_sympy(x, {x: ValueRanges(-int_oo, int_oo)})
    assert not u.is_size and u.range() == (-math.inf, math.inf)
    u = from_sympy(x, {x: (NegativeInfinity(), 5)})
    assert not u.is_size and u.range() == (-math.inf, 5)
    assert not from_sympy(sympy.Symbol("free")).is_size
    assert from_sympy(s1).range() == (1, math.inf)
    # Fractional bounds round inward.
    assert from_sympy(s0, {s0: (1.5, 9.5)}).range() == (2, 9)
    # Divisors.
    d = from_sympy(s0, TORCH_RANGES, multiple_of={"s0": 8})
    assert d.range() == (8, 64) and d.divisor() == 8


def test_ranges_decide_things():
    e = from_sympy(sympy.Max(s0, s1), {s0: (1, 10), s1: (10, 20)})
    assert str(e.simplify()) == "s1"
    m = from_sympy(sympy.Min(s0, 64), TORCH_RANGES)
    assert m.simplify() == from_sympy(s0, TORCH_RANGES)
    assert prove(from_sympy(sympy.Max(s0, s1) >= s0, TORCH_RANGES)) is True


def test_relations():
    r = from_sympy(sympy.Eq(sympy.Mod(s2, 8), 0), TORCH_RANGES)
    assert isinstance(r, Relation) and r.op == "=="
    assert [from_sympy(rel).op for rel in
            (s0 <= s1, s0 < s1, s0 >= s1, s0 > s1, sympy.Ne(s0, s1))] == \
        ["<=", "<", ">=", ">", "!="]


@pytest.mark.parametrize("make, name", [
    (lambda: TruncToInt(s0), "TruncToInt"),
    (lambda: sympy.Abs(x), "Abs"),
    (lambda: s0 / 2, "Rational"),
    (lambda: s0 ** -1, "Pow"),
    (lambda: sympy.sqrt(s0), "Pow"),
    (lambda: sympy.Float(1.5) * s0, "Float"),
])
def test_unsupported_functions_are_named(make, name):
    with pytest.raises(UnsupportedError, match=name) as info:
        from_sympy(make())
    assert info.value.function == name


# --- function_skeleton -------------------------------------------------------


class SymInt:
    """What a torch.SymInt looks like to the bridge: .node.expr."""

    def __init__(self, e):
        self.node = type("Node", (), {"expr": e})()


class FakeTensor:
    def __init__(self, shape, dtype):
        self.shape, self.dtype = shape, dtype


def test_skeleton_text():
    text = function_skeleton(
        {"x": (s0, 8), "y": ([s1, 2 * s0], "f16")},
        [(sympy.Max(s0, s1), 8)],
        {s0: ValueRanges(2, 64), s1: ValueRanges(1, int_oo)},
        name="model", multiple_of={"s1": 4})
    assert 'func.func @model(' in text
    assert ('%x: tensor<?x8xf32> {symshape.dim_names = ["s0", ""], '
            'symshape.dim_ranges = [#symshape.range<[2, 64]>, unit], '
            'symshape.dim_divisors = [1, 1]}') in text
    assert ('symshape.dim_ranges = [#symshape.range<[1, inf]>, unit], '
            'symshape.dim_divisors = [4, 1]') in text
    assert "symshape.bind_shape %y" in text and "= (s1, 2 * s0)" in text
    assert "symshape.sym_max %s0, %s1 : index" in text
    assert "-> (tensor<?x8xf32>)" in text
    m = ir.Module.parse(text)  # verifies
    assert "symshape.bind_shape" in str(m)


def test_skeleton_through_the_pipeline():
    """Static dims and decided maxes come out: s0 <= 64 <= s1 decides the
    max, s2 in [16, 23] makes s2 // 8 the constant 2, and the derived dim
    2 * s2 of z is checked at run time."""
    text = function_skeleton(
        {"x": (s0, 8), "y": (s1, 8), "z": (2 * s2,)},
        [(sympy.Max(s0, s1), 8), (FloorDiv(s2, 8), s0)],
        {s0: ValueRanges(2, 64), s1: ValueRanges(64, 128),
         s2: ValueRanges(16, 23)})
    m = ir.Module.parse(text)
    report = m.facts()["functions"][0]
    # The report gives each dim in its simplest form under the facts.
    assert [d["expr"] for d in report["results"][0]["dims"]] == ["s1", "8"]
    assert [d["expr"] for d in report["results"][1]["dims"]] == ["2", "s0"]
    assert report["results"][1]["dims"][0]["range"] == [2, 2]
    m.run("symshape-pipeline")
    out = str(m)
    assert "symshape." not in out
    # max(s0, s1) is decided: the first result has y's dim.
    y_dim = re.search(r"(%\S+) = tensor.dim %arg1, %c0", out).group(1)
    assert f"tensor.empty({y_dim}) : tensor<?x8xf32>" in out
    assert "tensor<2x?xf32>" in out                         # static dim
    assert "arith.maxsi" not in out
    assert "must equal 2 * s2" in out
    # Binding the sizes makes everything static.
    m2 = ir.Module.parse(text)
    m2.run("symshape-pipeline{bind=s0=4,s1=100,s2=20 checks=none}")
    assert "tensor.empty() : tensor<100x8xf32>" in str(m2)
    assert "tensor.empty() : tensor<2x4xf32>" in str(m2)


def test_skeleton_accepts_symints_and_fake_tensors():
    text = function_skeleton(
        {"a": FakeTensor([SymInt(s0), 3], "torch.int64"),
         "b": {"shape": [SymInt(s1)], "dtype": "torch.bfloat16"}},
        [FakeTensor([SymInt(s0 + s1)], "torch.bool")], TORCH_RANGES)
    assert "%a: tensor<?x3xi64>" in text and "%b: tensor<?xbf16>" in text
    assert "-> (tensor<?xi1>)" in text
    ir.Module.parse(text).run("symshape-pipeline")


def test_skeleton_errors():
    with pytest.raises(ValueError, match="no input dim determines"):
        function_skeleton({"x": (s0,)}, [(s1,)])
    with pytest.raises(UnsupportedError, match="TruncToInt"):
        function_skeleton({"x": (s0,)}, [(TruncToInt(s0),)])
    static = function_skeleton({"x": (2, 3)}, [(3,)])
    assert "%x: tensor<2x3xf32>) -> (tensor<3xf32>)" in static
    ir.Module.parse(static).run("symshape-pipeline")
