"""A CI-sized campaign of the bridge fuzzer (test/fuzz/bridge_fuzz.py):
random PyTorch-style sympy expressions through from_sympy and to_sympy,
against its integer oracle; and the fuzzer's own sensitivity: bugs planted
in the bridge are found."""

import importlib.util
import io
import pathlib

import pytest
import sympy

from symshape import expr as E
from symshape import sympy as bridge

ROOT = pathlib.Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location(
    "bridge_fuzz", ROOT / "test" / "fuzz" / "bridge_fuzz.py")
bridge_fuzz = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bridge_fuzz)

# The campaigns' symbols are s0_fz, u1_fz, ...: the engine's store of
# symbols is one per process, and the canonical order of a max's operands
# is their order of creation, which other tests print.
TAG = "_fz"

# Every function the generator writes, by the name it is counted under.
FUNCTIONS = {"FloorDiv", "CleanDiv", "CeilDiv", "ModularIndexing",
             "PythonMod", "Mod", "sympy.Mod", "Max", "Min", "sympy.Max",
             "sympy.Min", "Identity", "PowByNatural", "Pow", "floor",
             "ceiling"}


def test_campaign():
    """A few hundred expressions (under 30 s, well under on this machine):
    no mismatch of value, range or round trip."""
    stats = bridge_fuzz.run(seed=2024, count=400, points=12, time_limit=25,
                            floordiv="no", tag=TAG)
    out = io.StringIO()
    bridge_fuzz.report(stats, out)
    assert not stats.mismatches, out.getvalue()
    assert stats.expressions >= 100, out.getvalue()
    assert stats.points >= 10 * stats.expressions, out.getvalue()
    assert stats.round_trips == 3 * stats.expressions
    assert FUNCTIONS <= set(stats.functions), stats.functions


def test_oracle_definitions():
    """The oracle's functions, from their definitions, on values of every
    sign."""
    B = bridge_fuzz
    a, b = sympy.symbols("a b", integer=True)

    def val(e, **point):
        return B.oracle(e, point)

    assert val(B.FloorDiv(a, b), a=-7, b=2) == (-4, None)
    assert val(B.FloorDiv(a, b), a=7, b=-2) == (-4, None)
    assert val(B.CeilDiv(a, b), a=-7, b=2) == (-3, None)
    assert val(B.CleanDiv(a, b), a=-8, b=2) == (-4, None)
    assert val(B.CleanDiv(a, b), a=-7, b=2) == (None, "inexact")
    assert val(B.ModularIndexing(a, 2, b), a=-7, b=3) == (2, None)
    assert val(B.PythonMod(a, b), a=7, b=-3) == (-2, None)
    assert val(B.Mod(a, b), a=-7, b=3) == (2, None)
    assert val(sympy.Mod(a, b), a=7, b=-3) == (-2, None)
    assert val(sympy.floor(a / 3), a=-7) == (-3, None)
    assert val(sympy.ceiling(a / b), a=-7, b=-2) == (4, None)
    assert val(B.Identity(a) * 2, a=-5) == (-10, None)
    assert val(B.PowByNatural(a, 3) + a ** 2, a=-2) == (-4, None)
    assert val(sympy.Max(a, b, 1), a=-2, b=0) == (1, None)
    assert val(B.PythonMod(a, b), a=1, b=0) == (None, "undefined")
    assert val(sympy.floor(a / b), a=1, b=0) == (None, "undefined")


def test_cli(capsys):
    assert bridge_fuzz.main(["--seed", "3", "--count", "15", "--tag", TAG,
                             "--time-limit", "20", "--json"]) == 0
    out = capsys.readouterr().out
    assert "bridge_fuzz: 15 expressions" in out and "0 mismatches" in out


def _mod_is_modular_indexing_without_divisor(monkeypatch):
    convert = bridge._convert_node

    def planted(e, ranges, multiple_of, memo):
        if type(e).__name__ == "ModularIndexing":
            base, _, modulus = e.args
            return E.mod(bridge._convert(base, ranges, multiple_of, memo),
                         bridge._convert(modulus, ranges, multiple_of, memo))
        return convert(e, ranges, multiple_of, memo)
    monkeypatch.setattr(bridge, "_convert_node", planted)


def _ceildiv_as_floordiv(monkeypatch):
    monkeypatch.setattr(bridge, "_CEILDIV", set())
    monkeypatch.setattr(bridge, "_FLOORDIV",
                        {"FloorDiv", "CleanDiv", "CeilDiv"})


def _negative_symbols_as_sizes(monkeypatch):
    symbol = bridge._symbol

    def planted(sym, ranges, multiple_of):
        s = symbol(sym, ranges, multiple_of)
        if not s.is_size:
            lo, hi = s.declared_range
            return E.Symbol(s.name, range=(0, max(hi, 0)
                                           if hi != float("inf") else None))
        return s
    monkeypatch.setattr(bridge, "_symbol", planted)


@pytest.mark.parametrize("plant, kind", [
    (_mod_is_modular_indexing_without_divisor, "engine value"),
    (_ceildiv_as_floordiv, "engine value"),
    (_negative_symbols_as_sizes, "engine range"),
])
def test_finds_planted_bugs(monkeypatch, plant, kind):
    """The fuzzer is sensitive: each planted bridge bug is found within a
    CI-sized campaign (and minimized to a small expression)."""
    plant(monkeypatch)
    stats = bridge_fuzz.run(seed=2024, count=150, points=12, time_limit=20,
                            floordiv="no", tag=TAG)
    kinds = {m["kind"] for m in stats.mismatches}
    assert kind in kinds, kinds
    first = next(m for m in stats.mismatches if m["kind"] == kind)
    case = bridge_fuzz.make_case(2024, first["index"], tag=TAG)
    small = bridge_fuzz.minimize(case, bridge, kind, seconds=5)
    assert sympy.count_ops(small) <= sympy.count_ops(case.e)


@pytest.mark.parametrize("kind, evaluated", [
    ("mod", lambda a, b: sympy.Mod(a, b)),
    ("floordiv", lambda a, b: sympy.floor(a / b)),
])
def test_finds_sympy_evaluation_in_to_sympy(monkeypatch, kind, evaluated):
    """What to_sympy wrote before: sympy's Mod and floor evaluated, which
    sympy 1.11 gets wrong (Mod(-1, n) is 2*n - 1; floor(Max(2*n, -2)/6) is
    Max(2*n, -2)/6). The round-trip check finds it, and the minimizer
    shrinks the expression."""
    B = bridge_fuzz
    monkeypatch.setitem(bridge._SYMPY_FUNCTIONS, kind, evaluated)
    n = sympy.Symbol("n" + TAG, integer=True)
    s = sympy.Symbol("s" + TAG, integer=True, positive=True)
    specs = [B.SymSpec(n, (-20, 20), -20, 20, 1),
             B.SymSpec(s, None, 1, None, 1)]
    e = {"mod": B.Min(s, B.PythonMod(-1, s)) + B.FloorDiv(n, 3),
         "floordiv": B.PythonMod(B.FloorDiv(sympy.Max(2 * n, -2), 6), 2)
         + s}[kind]
    case = B.Case(0, e, None, specs, {}, {n: (-20, 20)})
    found = B.check_case(case, bridge, 40, B.random.Random(1))
    assert any(f["kind"] == "round trip value" and f["how"] == "sympy"
               for f in found), found
    small = B.minimize(case, bridge, "round trip value", seconds=10)
    assert sympy.count_ops(small) < sympy.count_ops(e), small
    monkeypatch.undo()
    assert not B.check_case(case, bridge, 40, B.random.Random(1))
