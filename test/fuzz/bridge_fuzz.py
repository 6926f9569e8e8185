#!/usr/bin/env python3
"""Fuzzer of the sympy bridge (symshape.sympy), against an integer oracle.

Random PyTorch-style sympy expressions (Max, Min, FloorDiv, CleanDiv,
CeilDiv, ModularIndexing, PythonMod, PyTorch's Mod and sympy's Mod, floor
and ceiling of quotients, Identity, powers of symbols, PowByNatural) over
symbols with ranges (sizes, integers of any sign, negative ranges, ranges
crossing zero, unbounded ends, divisors, torch.export's range forms) go
through ``from_sympy`` and back through ``to_sympy``. At random admissible
points (every value the ranges, assumptions and divisors allow, with the
ends, 0 and +-1 favoured):

* the engine's value (``Expr.evaluate``) and that of its simplification
  (``Expr.simplify``) equal the oracle's;
* the engine's range (``Expr.range``), and the simplification's, contain
  every sampled value;
* ``to_sympy`` of the engine expression, written three ways (sympy's own
  functions, ``like=`` the input, PyTorch's classes by ``functions=``),
  has the oracle's value, and ``from_sympy`` of it gives the engine
  expression back (counted; a different canonical form is not an error).

The oracle is independent of the bridge and of the classes' own ``eval``:
it walks the sympy tree with Python integers (fractions inside ``floor`` /
``ceiling``) and gives each function its definition: FloorDiv(a, b) =
a // b, CleanDiv(a, b) = a // b where b divides a (exact), CeilDiv(a, b) =
-(-a // b), ModularIndexing(a, b, c) = (a // b) % c, PythonMod(a, b) =
a % b, Mod(a, b) = a - b * floor(a / b) (sympy's, and PyTorch's on
integers), Max/Min, floor/ceiling, Identity(a) = a, PowByNatural(a, n) =
a ** n. A point where a divisor is 0 is undefined and skipped. The
generator also evaluates its own expression tree, before sympy rewrote it;
a disagreement there is sympy's (or a stand-in's), reported apart.

torch 1.13 defines only FloorDiv (torch.fx.experimental.symbolic_shapes);
when torch is importable the fuzzer uses that one (``--torch auto``), and
stand-ins named like PyTorch's other classes, which the bridge matches by
name, as it does torch's own.

  bridge_fuzz.py --seed 1 --count 2000                 # a campaign
  bridge_fuzz.py --seed 1 --count 1 --start 37 -v      # one expression
  bridge_fuzz.py --seed 1 --count 100000 --time-limit 600

Exit status 1 if anything disagreed. Each mismatch is printed (and, with
--minimize, shrunk to a smaller expression that still disagrees).
"""

import argparse
import fractions
import json
import math
import os
import random
import re
import sys
import time

import sympy

# ---------------------------------------------------------------------------
# Stand-ins for PyTorch's sympy functions (torch/utils/_sympy/functions.py
# in torch 2.x; torch 1.13 has FloorDiv only). Each evaluates on integer
# arguments only, with the function's definition, and stays symbolic
# otherwise: the oracle below never uses these eval methods.
# ---------------------------------------------------------------------------


def _ints(*args):
    return all(isinstance(a, sympy.Integer) for a in args)


class FloorDiv(sympy.Function):
    nargs = (2,)
    is_integer = True

    @classmethod
    def eval(cls, base, divisor):
        if _ints(base, divisor) and divisor != 0:
            return sympy.Integer(int(base) // int(divisor))
        return None


class CleanDiv(FloorDiv):
    """FloorDiv known to be exact (a subclass of FloorDiv, as in PyTorch)."""


class CeilDiv(sympy.Function):
    nargs = (2,)
    is_integer = True

    @classmethod
    def eval(cls, base, divisor):
        if _ints(base, divisor) and divisor != 0:
            return sympy.Integer(-(-int(base) // int(divisor)))
        return None


class ModularIndexing(sympy.Function):
    nargs = (3,)
    is_integer = True

    @classmethod
    def eval(cls, base, divisor, modulus):
        if _ints(base, divisor, modulus) and divisor != 0 and modulus != 0:
            return sympy.Integer((int(base) // int(divisor)) % int(modulus))
        return None


class PythonMod(sympy.Function):
    nargs = (2,)
    is_integer = True

    @classmethod
    def eval(cls, p, q):
        if _ints(p, q) and q != 0:
            return sympy.Integer(int(p) % int(q))
        return None


class Mod(sympy.Function):
    """PyTorch's Mod (named like sympy's): p % q on integers."""
    nargs = (2,)
    is_integer = True

    @classmethod
    def eval(cls, p, q):
        if _ints(p, q) and q != 0:
            return sympy.Integer(int(p) % int(q))
        return None


class Max(sympy.Function):
    """PyTorch's own Max (named like sympy's)."""
    is_integer = True

    @classmethod
    def eval(cls, *args):
        if _ints(*args):
            return max(args)
        return None


class Min(sympy.Function):
    """PyTorch's own Min (named like sympy's)."""
    is_integer = True

    @classmethod
    def eval(cls, *args):
        if _ints(*args):
            return min(args)
        return None


class PowByNatural(sympy.Function):
    nargs = (2,)
    is_integer = True

    @classmethod
    def eval(cls, base, exp):
        if _ints(base, exp) and exp >= 0:
            return sympy.Integer(int(base) ** int(exp))
        return None


class Identity(sympy.Function):
    """PyTorch's Identity: no eval at all (Identity(3) stays)."""
    nargs = (1,)

    def _sympystr(self, printer):
        # sympy's str printer writes any Identity as I (the matrix one).
        return f"Identity({printer._print(self.args[0])})"

    def _eval_is_real(self):
        return self.args[0].is_real

    def _eval_is_integer(self):
        return self.args[0].is_integer


# torch.export's range forms, matched by class name by the bridge.
class IntInfinity:
    pass


class NegativeIntInfinity:
    pass


class ValueRanges:
    def __init__(self, lower, upper):
        self.lower, self.upper = lower, upper


class Torch113FloorDiv(sympy.Function):
    """torch 1.13's FloorDiv (torch/fx/experimental/symbolic_shapes.py),
    its eval copied as it is there, for machines without torch: it folds
    FloorDiv(FloorDiv(a, b), c) into FloorDiv(a, b * c) and divides both
    arguments by their gcd. (The first is wrong for a negative c; the
    oracle evaluates the tree as built, so that is sympy-side rewriting,
    not the bridge's.) Named FloorDiv, as the bridge matches by name."""
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
        if isinstance(base, Torch113FloorDiv):
            return Torch113FloorDiv(base.args[0], base.args[1] * divisor)

        gcd = sympy.gcd(base, divisor)
        if gcd != 1:
            return Torch113FloorDiv(
                sympy.simplify(base / gcd), sympy.simplify(divisor / gcd)
            )


Torch113FloorDiv.__name__ = "FloorDiv"


def torch_floordiv(mode):
    """The FloorDiv class to generate: torch's own if wanted and
    importable ("auto", "yes"), the copy of torch 1.13's ("torch113"), or
    None for the stand-in ("no")."""
    if mode == "no":
        return None
    if mode == "torch113":
        return Torch113FloorDiv
    for where in ("torch.utils._sympy.functions",
                  "torch.fx.experimental.symbolic_shapes"):
        try:
            mod = __import__(where, fromlist=["FloorDiv"])
            return mod.FloorDiv
        except Exception:  # noqa: BLE001 - absent or broken torch
            continue
    if mode == "yes":
        raise SystemExit("--torch yes: torch's FloorDiv is not importable")
    return None


# ---------------------------------------------------------------------------
# The oracle
# ---------------------------------------------------------------------------


class Undefined(Exception):
    """A divisor is 0 at this point."""


class NotExact(Exception):
    """A CleanDiv whose divisor does not divide its base at this point."""


class Unknown(Exception):
    """A node the oracle has no definition for."""


LIMIT = 1 << 62


class Oracle:
    """Values of sympy trees at a point, with Python integers (Fractions
    where sympy writes a quotient inside floor/ceiling); the largest
    magnitude met is kept, to skip points past int64."""

    def __init__(self, point):
        self.point = point
        self.biggest = 0

    def value(self, e):
        v = self._value(e)
        if not (isinstance(v, int) or v.denominator == 1):
            raise Unknown(f"non-integer value {v} of {e}")
        return int(v)

    def _int(self, e):
        v = self._value(e)
        if isinstance(v, fractions.Fraction):
            if v.denominator != 1:
                raise Unknown(f"non-integer argument {v} in {e}")
            v = int(v)
        return v

    def _value(self, e):
        v = self._node(e)
        if isinstance(v, fractions.Fraction) and v.denominator == 1:
            v = int(v)
        m = abs(v)
        if m > self.biggest:
            self.biggest = m
        if m > LIMIT:
            raise OverflowError
        return v

    def _node(self, e):
        if isinstance(e, sympy.Integer):
            return int(e)
        if isinstance(e, sympy.Rational):
            return fractions.Fraction(int(e.p), int(e.q))
        if isinstance(e, sympy.Symbol):
            return self.point[e.name]
        if isinstance(e, sympy.Add):
            return sum((self._value(a) for a in e.args), 0)
        if isinstance(e, sympy.Mul):
            r = 1
            for a in e.args:
                r = r * self._value(a)
            return r
        name = type(e).__name__
        if isinstance(e, sympy.Pow) or name == "PowByNatural":
            base = self._value(e.args[0])
            n = self._int(e.args[1])
            if n < 0:
                if base == 0:
                    raise Undefined
                return 1 / fractions.Fraction(base) ** -n
            return base ** n
        if name in ("FloorDiv", "CleanDiv", "CeilDiv", "PythonMod"):
            a, b = self._int(e.args[0]), self._int(e.args[1])
            if b == 0:
                raise Undefined
            if name == "CleanDiv" and a % b != 0:
                raise NotExact
            if name == "CeilDiv":
                return -(-a // b)
            if name == "PythonMod":
                return a % b
            return a // b
        if name == "Mod":
            a, b = self._value(e.args[0]), self._value(e.args[1])
            if b == 0:
                raise Undefined
            return a - b * math.floor(fractions.Fraction(a) / b)
        if name == "ModularIndexing":
            a, b, c = (self._int(x) for x in e.args)
            if b == 0 or c == 0:
                raise Undefined
            return (a // b) % c
        if name in ("Max", "Min"):
            vals = [self._value(a) for a in e.args]
            return max(vals) if name == "Max" else min(vals)
        if name == "floor":
            return math.floor(self._value(e.args[0]))
        if name == "ceiling":
            return math.ceil(self._value(e.args[0]))
        if name == "Identity":
            return self._value(e.args[0])
        raise Unknown(f"no definition for {name} in {e}")


def oracle(e, point):
    """(value, None) or (None, reason): 'undefined', 'inexact', 'overflow'
    or 'unknown: ...'."""
    o = Oracle(point)
    try:
        return o.value(e), None
    except Undefined:
        return None, "undefined"
    except NotExact:
        return None, "inexact"
    except OverflowError:
        return None, "overflow"
    except Unknown as u:
        return None, f"unknown: {u}"


# ---------------------------------------------------------------------------
# The generator: symbols, ranges, expressions (sympy trees, and the same
# tree as nested tuples for a second, sympy-free evaluation).
# ---------------------------------------------------------------------------

WINDOW = 30  # how far past a finite end an unbounded side is sampled


class SymSpec:
    """A sympy symbol, how its range is given, and its admissible values
    (computed here from the range, the assumptions and the divisor)."""

    def __init__(self, sym, given, lo, hi, divisor):
        self.sym = sym
        self.given = given          # the range as handed to from_sympy
        self.lo, self.hi = lo, hi   # admissible ends, None for unbounded
        self.divisor = divisor

    def window(self):
        lo, hi = self.lo, self.hi
        if lo is None and hi is None:
            lo, hi = -WINDOW, WINDOW
        elif lo is None:
            lo = hi - 2 * WINDOW
        elif hi is None:
            hi = lo + 2 * WINDOW
        return lo, hi

    def values(self):
        lo, hi = self.window()
        d = self.divisor
        first = -(-lo // d) * d
        return range(first, hi + 1, d)

    def sample(self, rng):
        vals = self.values()
        if rng.random() < 0.35:
            special = [v for v in (vals[0], vals[-1], 0, 1, -1,
                                   self.divisor, -self.divisor)
                       if v in vals]
            return rng.choice(special)
        return rng.choice(vals)


def _range_form(rng, lo, hi):
    """(lo, hi) in one of the forms torch.export and users write."""
    c = rng.randrange(6)
    if c == 0:
        return ValueRanges(
            NegativeIntInfinity() if lo is None else lo,
            IntInfinity() if hi is None else hi)
    if c == 1:
        return ValueRanges(-sympy.oo if lo is None else sympy.Integer(lo),
                           sympy.oo if hi is None else sympy.Integer(hi))
    if c == 2:
        return (-math.inf if lo is None else lo,
                math.inf if hi is None else hi)
    return (lo, hi)


def gen_symbols(rng, n, tag):
    specs = []
    for i in range(n):
        name = f"{'s' if rng.random() < 0.6 else 'u'}{i}{tag}"
        kind = rng.randrange(10)
        divisor = 1
        if kind <= 3:
            # A PyTorch size: integer, positive, mostly with a range.
            sym = sympy.Symbol(name, integer=True, positive=True)
            lo = rng.choice([None, 1, 2, rng.randint(1, 8)])
            hi = rng.choice([None, rng.randint(8, 64)])
            if rng.random() < 0.25:
                divisor = rng.choice([2, 4, 8])
            eff_lo = 1 if lo is None else max(lo, 1)
            eff_hi = hi
        elif kind == 4:
            sym = sympy.Symbol(name, integer=True, nonnegative=True)
            lo, hi = rng.choice([(None, None), (0, rng.randint(0, 12)),
                                 (-5, rng.randint(0, 12))])
            eff_lo = 0 if lo is None else max(lo, 0)
            eff_hi = hi
        elif kind == 5:
            sym = sympy.Symbol(name, integer=True, negative=True)
            lo, hi = rng.choice([(None, None), (rng.randint(-40, -1), None),
                                 (None, rng.randint(-9, 5))])
            eff_lo = lo
            eff_hi = -1 if hi is None else min(hi, -1)
        else:
            # An integer of any sign: ranges crossing zero, negative ranges,
            # unbounded ends; sometimes a size-like range on it.
            sym = sympy.Symbol(name, integer=True)
            lo, hi = rng.choice([
                (rng.randint(-30, -1), rng.randint(0, 30)),
                (rng.randint(-40, -10), rng.randint(-9, -1)),
                (None, rng.randint(-5, 20)),
                (rng.randint(-20, 5), None),
                (None, None),
                (rng.randint(0, 4), rng.randint(5, 40)),
            ])
            if rng.random() < 0.15:
                divisor = rng.choice([2, 3, 4])
            eff_lo, eff_hi = lo, hi
        if eff_lo is not None and eff_hi is not None and eff_lo > eff_hi:
            eff_hi = eff_lo + rng.randint(0, 10)
            hi = eff_hi
        # Keep at least one multiple of the divisor in the range.
        if divisor > 1 and eff_lo is not None and eff_hi is not None:
            if -(-eff_lo // divisor) * divisor > eff_hi:
                divisor = 1
        given = None if lo is None and hi is None and rng.random() < 0.5 \
            else _range_form(rng, lo, hi)
        specs.append(SymSpec(sym, given, eff_lo, eff_hi, divisor))
    return specs


class Gen:
    """Random expressions: the sympy tree and a tuple tree of the same
    meaning (what the generator asked for, before sympy's rewriting)."""

    def __init__(self, rng, specs, floordiv_cls):
        self.rng = rng
        self.specs = specs
        self.FloorDiv = floordiv_cls or FloorDiv
        self.used = set()

    def leaf(self):
        rng = self.rng
        if rng.random() < 0.25:
            c = rng.randint(-6, 9)
            return sympy.Integer(c), ("const", c)
        s = rng.choice(self.specs).sym
        return s, ("sym", s.name)

    def divisor(self, allow_symbolic=True, positive=False):
        """A divisor: mostly a positive constant, sometimes negative, or an
        expression that may be 0 somewhere (those points are skipped)."""
        rng = self.rng
        r = rng.random()
        if allow_symbolic and r < 0.15:
            s = rng.choice(self.specs).sym
            if rng.random() < 0.5:
                return s, ("sym", s.name)
            k = rng.randint(1, 3)
            return s + k, ("add", ("sym", s.name), ("const", k))
        if not positive and r < 0.3:
            c = -rng.randint(1, 8)
        else:
            c = rng.choice([1, 2, 2, 3, 4, 4, 8, 16, 5, 7])
        return sympy.Integer(c), ("const", c)

    def expr(self, depth):
        rng = self.rng
        if depth <= 0 or rng.random() < 0.18:
            return self.leaf()
        c = rng.randrange(24)

        def sub():
            # In a division or modulo, sometimes a small constant over a
            # symbolic divisor (1 mod n, -1 floordiv n, ...).
            if 9 <= c <= 20 and rng.random() < 0.12:
                k = rng.randint(-3, 3)
                return sympy.Integer(k), ("const", k)
            return self.expr(depth - 1)
        if c <= 2:
            (a, ta), (b, tb) = sub(), sub()
            return a + b, ("add", ta, tb)
        if c == 3:
            (a, ta), (b, tb) = sub(), sub()
            return a - b, ("sub", ta, tb)
        if c == 4:
            (a, ta) = sub()
            k = rng.choice([-3, -2, -1, 2, 3, 5])
            return k * a, ("mul", ("const", k), ta)
        if c == 5:
            (a, ta), (b, tb) = self.expr(depth - 2), self.expr(depth - 2)
            return a * b, ("mul", ta, tb)
        if c == 6:
            s = rng.choice(self.specs).sym
            k = rng.choice([0, 2, 2, 3])
            if rng.random() < 0.5:
                return s ** k, ("pow", ("sym", s.name), k)
            return PowByNatural(s, k), ("pow", ("sym", s.name), k)
        if c in (7, 8):
            n = rng.choice([2, 2, 3])
            parts = [sub() for _ in range(n)]
            name = rng.choice(["Max", "Min"])
            cls = rng.choice([getattr(sympy, name), globals()[name]])
            return (cls(*[p for p, _ in parts]),
                    (name.lower(),) + tuple(t for _, t in parts))
        if c in (9, 10):
            (a, ta), (d, td) = sub(), self.divisor()
            self.used.add("FloorDiv")
            return self.FloorDiv(a, d), ("floordiv", ta, td)
        if c == 11:
            (a, ta), (d, td) = sub(), self.divisor()
            # Exact by construction: CleanDiv(d * a, d).
            self.used.add("CleanDiv")
            return CleanDiv(d * a, d), ("floordiv", ("mul", td, ta), td)
        if c == 12:
            (a, ta), (d, td) = sub(), self.divisor()
            return CeilDiv(a, d), ("ceildiv", ta, td)
        if c in (13, 14):
            (a, ta) = sub()
            (d, td) = self.divisor(positive=rng.random() < 0.8)
            (m, tm) = self.divisor(allow_symbolic=rng.random() < 0.3,
                                   positive=rng.random() < 0.8)
            return (ModularIndexing(a, d, m),
                    ("mod", ("floordiv", ta, td), tm))
        if c in (15, 16):
            (a, ta), (d, td) = sub(), self.divisor()
            return PythonMod(a, d), ("mod", ta, td)
        if c == 17:
            (a, ta), (d, td) = sub(), self.divisor()
            return Mod(a, d), ("mod", ta, td)
        if c == 18:
            (a, ta), (d, td) = sub(), self.divisor()
            return sympy.Mod(a, d), ("mod", ta, td)
        if c == 19:
            (a, ta), (d, td) = sub(), self.divisor()
            return sympy.floor(a / d), ("floordiv", ta, td)
        if c == 20:
            (a, ta), (d, td) = sub(), self.divisor()
            return sympy.ceiling(a / d), ("ceildiv", ta, td)
        if c == 21:
            (a, ta) = sub()
            if a.is_number:
                # sympy 1.11's Max/Min reject an opaque function of a
                # number as "not comparable" (torch's Identity too).
                return a, ta
            return Identity(a), ta
        (a, ta) = sub()
        k = rng.randint(-8, 8)
        return a + k, ("add", ta, ("const", k))


def eval_tuple(t, point):
    """The generator's own meaning of a tuple tree (Python integers)."""
    op = t[0]
    if op == "const":
        return t[1]
    if op == "sym":
        return point[t[1]]
    if op == "pow":
        return eval_tuple(t[1], point) ** t[2]
    vals = [eval_tuple(x, point) for x in t[1:]]
    for v in vals:
        if abs(v) > LIMIT:
            raise OverflowError
    if op == "add":
        return vals[0] + vals[1]
    if op == "sub":
        return vals[0] - vals[1]
    if op == "mul":
        return vals[0] * vals[1]
    if op == "max":
        return max(vals)
    if op == "min":
        return min(vals)
    a, b = vals
    if b == 0:
        raise Undefined
    if op == "floordiv":
        return a // b
    if op == "ceildiv":
        return -(-a // b)
    if op == "mod":
        return a % b
    raise AssertionError(op)


# ---------------------------------------------------------------------------
# Checking one expression
# ---------------------------------------------------------------------------


TORCH_FUNCTIONS = {"floordiv": FloorDiv, "ceildiv": CeilDiv,
                   "mod": PythonMod, "max": Max, "min": Min}


class Case:
    def __init__(self, index, e, tree, specs, multiple_of, ranges):
        self.index, self.e, self.tree = index, e, tree
        self.specs, self.multiple_of, self.ranges = specs, multiple_of, ranges


class SympyFailed(Exception):
    """sympy raised while building the expression (sympy 1.11: a
    RecursionError in Mod.eval for Mod(Min(a, b) + 4, a + 3))."""


def make_case(seed, index, floordiv_cls=None, tries=5, tag=""):
    """Case `index` of campaign `seed`. When sympy itself fails to build
    the expression, the next try draws another one; `case.sympy_failures`
    counts those. `tag` is appended to the symbols' names (s0, u1, as
    PyTorch names them): the engine keeps one store of symbols per process,
    and its canonical order of operands is their order of creation, so a
    campaign run inside another test process uses its own names."""
    rng = random.Random(f"bridge-{seed}-{index}")
    failures = []
    for _ in range(tries):
        specs = gen_symbols(rng, rng.randint(1, 4), tag)
        gen = Gen(rng, specs, floordiv_cls)
        try:
            e, tree = gen.expr(rng.randint(1, 5))
            break
        except (RecursionError, ValueError, TypeError,
                ZeroDivisionError) as ex:
            failures.append(f"{type(ex).__name__}: {str(ex)[:200]}")
    else:
        raise SympyFailed("; ".join(failures))
    ranges, multiple_of = {}, {}
    for s in specs:
        key = s.sym if rng.random() < 0.6 else s.sym.name
        if s.given is not None:
            ranges[key] = s.given
        if s.divisor > 1:
            multiple_of[key if rng.random() < 0.5 else s.sym.name] = \
                s.divisor
    case = Case(index, e, tree, specs, multiple_of, ranges)
    case.sympy_failures = failures
    return case


def _in_range(v, r):
    lo, hi = r
    return lo <= v <= hi


class Stats:
    def __init__(self):
        self.expressions = 0
        self.points = 0            # points where the oracle has a value
        self.undefined = 0         # points skipped: a divisor is 0
        self.overflow = 0          # points skipped: past int64
        self.checks = 0
        self.round_trips = 0       # to_sympy results checked
        self.same_form = 0         # from_sympy(to_sympy(e)) == e
        self.mismatches = []
        self.construction = []     # sympy's rewriting vs the generator
        self.sympy_failures = []   # sympy raised building an expression
        self.functions = {}

    def to_dict(self):
        return {
            "expressions": self.expressions, "points": self.points,
            "undefined_points": self.undefined,
            "overflow_points": self.overflow, "checks": self.checks,
            "round_trips": self.round_trips, "same_form": self.same_form,
            "mismatches": len(self.mismatches),
            "construction_mismatches": len(self.construction),
            "construction_mismatch_expressions": len(
                {c["index"] for c in self.construction}),
            "sympy_failures": len(self.sympy_failures),
            "functions": dict(sorted(self.functions.items())),
        }


def _count_functions(stats, e):
    for node in sympy.preorder_traversal(e):
        if isinstance(node, sympy.Symbol) or node.is_Number:
            continue
        name = type(node).__name__
        if type(node).__module__.startswith("sympy") and \
                name in ("Max", "Min", "Mod"):
            name = "sympy." + name
        stats.functions[name] = stats.functions.get(name, 0) + 1


def check_case(case, bridge, points, rng, stats=None, collect=True):
    """Runs the checks of one case; returns the list of mismatches (dicts)
    and updates `stats`."""
    from symshape.expr import Expr
    found = []

    def bad(kind, **info):
        found.append(dict(kind=kind, index=case.index, expr=str(case.e),
                          srepr=sympy.srepr(case.e), **info))

    try:
        engine = bridge.from_sympy(case.e, case.ranges,
                                   multiple_of=case.multiple_of or None)
    except Exception as ex:  # noqa: BLE001
        bad("from_sympy raised", error=f"{type(ex).__name__}: {ex}")
        return found
    if not isinstance(engine, Expr):
        bad("from_sympy returned a non-expression", got=repr(engine))
        return found
    r = engine.range()
    try:
        simplified = engine.simplify()
        sr = simplified.range()
    except Exception as ex:  # noqa: BLE001
        bad("simplify raised", engine=str(engine),
            error=f"{type(ex).__name__}: {ex}")
        simplified, sr = None, None

    backs = []
    try:
        backs.append(("sympy", bridge.to_sympy(engine)))
        # like= the input; where it writes one operation with two classes
        # (to_sympy then refuses to choose), PyTorch's class decides.
        chosen = {}
        while True:
            try:
                backs.append(("like" + ("+functions" if chosen else ""),
                              bridge.to_sympy(engine, like=case.e,
                                              functions=chosen or None)))
                break
            except ValueError as ex:
                m = re.search(r"writes (\w+) with both", str(ex))
                if not m or m.group(1) in chosen:
                    raise
                chosen[m.group(1)] = TORCH_FUNCTIONS[m.group(1)]
        backs.append(("torch", bridge.to_sympy(engine,
                                               functions=TORCH_FUNCTIONS)))
    except Exception as ex:  # noqa: BLE001
        bad("to_sympy raised", engine=str(engine),
            error=f"{type(ex).__name__}: {ex}")
    for how, back in backs:
        try:
            again = bridge.from_sympy(back, case.ranges,
                                      multiple_of=case.multiple_of or None)
        except Exception as ex:  # noqa: BLE001
            bad("from_sympy(to_sympy(e)) raised", how=how, back=str(back),
                error=f"{type(ex).__name__}: {ex}")
            continue
        if stats is not None:
            stats.round_trips += 1
            if again == engine:
                stats.same_form += 1

    for _ in range(points):
        point = {s.sym.name: s.sample(rng) for s in case.specs}
        want, why = oracle(case.e, point)
        if why == "undefined":
            if stats is not None:
                stats.undefined += 1
            continue
        if why == "overflow":
            if stats is not None:
                stats.overflow += 1
            continue
        if why is not None:
            bad("oracle cannot evaluate", point=point, why=why)
            continue
        if stats is not None:
            stats.points += 1
        gen_value = None
        if case.tree is not None:
            try:
                gen_value = eval_tuple(case.tree, point)
            except (Undefined, OverflowError):
                pass
        if gen_value is not None and gen_value != want and stats is not None:
            stats.construction.append(dict(
                index=case.index, expr=str(case.e), point=point,
                generator=gen_value, sympy=want))

        def check(kind, got, **info):
            if stats is not None:
                stats.checks += 1
            if not got:
                bad(kind, point=point, oracle=want, engine=str(engine),
                    **info)

        try:
            v = engine.evaluate(point)
        except ValueError as ex:
            v = f"ValueError: {ex}"
        check("engine value", v == want, value=v)
        check("engine range", _in_range(want, r), range=r)
        if simplified is not None:
            try:
                sv = simplified.evaluate(point)
            except ValueError as ex:
                sv = f"ValueError: {ex}"
            check("simplified value", sv == want, simplified=str(simplified),
                  value=sv)
            check("simplified range", _in_range(want, sr),
                  simplified=str(simplified), range=sr)
        for how, back in backs:
            bv, bwhy = oracle(back, point)
            check("round trip value", bv == want, how=how, back=str(back),
                  value=bv if bwhy is None else bwhy)
        if found and not collect:
            break
    return found


# ---------------------------------------------------------------------------
# Minimizing a mismatch
# ---------------------------------------------------------------------------


def _replace(e, path, new):
    if not path:
        return new
    i = path[0]
    args = list(e.args)
    args[i] = _replace(args[i], path[1:], new)
    return e.func(*args)


def _paths(e, prefix=()):
    yield prefix, e
    if isinstance(e, (sympy.Symbol, sympy.Number)):
        return
    for i, a in enumerate(e.args):
        yield from _paths(a, prefix + (i,))


def minimize(case, bridge, kind, points=60, seconds=30):
    """A smaller expression of `case` (subtrees replaced by one of their
    arguments or a constant) that still shows a mismatch of `kind`."""
    deadline = time.time() + seconds

    def fails(e):
        c = Case(case.index, e, None, case.specs, case.multiple_of,
                 case.ranges)
        try:
            found = check_case(c, bridge, points, random.Random(0))
        except Exception:  # noqa: BLE001
            return False
        return any(f["kind"] == kind for f in found)

    e = case.e
    changed = True
    while changed and time.time() < deadline:
        changed = False
        for path, node in list(_paths(e)):
            if not path:
                continue
            candidates = [a for a in node.args
                          if isinstance(a, sympy.Expr) and a.is_integer is
                          not False] + [sympy.Integer(1), sympy.Integer(0)]
            for cand in candidates:
                if cand == node:
                    continue
                try:
                    smaller = _replace(e, path, cand)
                except Exception:  # noqa: BLE001
                    continue
                if sympy.count_ops(smaller) >= sympy.count_ops(e) and \
                        len(str(smaller)) >= len(str(e)):
                    continue
                if fails(smaller):
                    e, changed = smaller, True
                    break
            if changed or time.time() > deadline:
                break
    return e


# ---------------------------------------------------------------------------
# A campaign
# ---------------------------------------------------------------------------


def run(seed=1, count=500, start=0, points=12, time_limit=None,
        floordiv="auto", minimize_seconds=0, verbose=False, out=None,
        tag=""):
    """Checks `count` expressions (fewer if `time_limit` seconds pass);
    returns the Stats."""
    from symshape import sympy as bridge
    floordiv_cls = torch_floordiv(floordiv)
    stats = Stats()
    stats.floordiv_name = "stand-in" if floordiv_cls is None else \
        "torch 1.13's eval (a copy)" if floordiv_cls is Torch113FloorDiv \
        else f"{floordiv_cls.__module__}.FloorDiv"
    t0 = time.time()
    stats.stopped_by_time = False
    for index in range(start, start + count):
        if time_limit and time.time() - t0 > time_limit:
            stats.stopped_by_time = True
            break
        try:
            case = make_case(seed, index, floordiv_cls, tag=tag)
        except SympyFailed as ex:
            stats.sympy_failures.append((index, str(ex)))
            continue
        stats.sympy_failures.extend((index, f) for f in case.sympy_failures)
        rng = random.Random(f"points-{seed}-{index}")
        stats.expressions += 1
        _count_functions(stats, case.e)
        found = check_case(case, bridge, points, rng, stats)
        if verbose and out:
            print(f"[{index}] {case.e}  ranges={_ranges_text(case)}",
                  file=out)
        for f in found[:1]:
            if minimize_seconds:
                f["minimized"] = str(minimize(case, bridge, f["kind"],
                                              seconds=minimize_seconds))
        stats.mismatches.extend(found)
    stats.seconds = time.time() - t0
    return stats


def _ranges_text(case):
    parts = []
    for s in case.specs:
        lo = "-inf" if s.lo is None else s.lo
        hi = "inf" if s.hi is None else s.hi
        d = f" multiple_of {s.divisor}" if s.divisor > 1 else ""
        a = next((k for k in ("positive", "negative", "nonnegative")
                  if s.sym.assumptions0.get(k)), "")
        parts.append(f"{s.sym.name}{'(' + a + ')' if a else ''} in "
                     f"[{lo}, {hi}]{d}")
    return "; ".join(parts)


def report(stats, out):
    d = stats.to_dict()
    print(f"bridge_fuzz: {d['expressions']} expressions, {d['points']} "
          f"points ({d['undefined_points']} undefined and "
          f"{d['overflow_points']} past int64 skipped), {d['checks']} "
          f"checks, {d['round_trips']} round trips "
          f"({d['same_form']} to the same canonical form), "
          f"{d['mismatches']} mismatches; sympy's own: "
          f"{d['construction_mismatches']} points of "
          f"{d['construction_mismatch_expressions']} expressions that "
          f"sympy rewrote wrongly, {d['sympy_failures']} expressions it "
          f"failed to build; in {stats.seconds:.1f} s"
          + (" (time limit reached)" if stats.stopped_by_time else "")
          + f", FloorDiv: {stats.floordiv_name}", file=out)
    print("functions generated: " + ", ".join(
        f"{k} {v}" for k, v in d["functions"].items()), file=out)
    seen = set()
    for m in stats.mismatches:
        key = (m["kind"], m.get("how"))
        shown = key in seen
        seen.add(key)
        if shown:
            continue
        print(f"MISMATCH {m['kind']}: " + json.dumps(
            {k: (str(v) if not isinstance(v, (int, dict, str)) else v)
             for k, v in m.items() if k != "kind"}, default=str), file=out)
    shown = set()
    for c in stats.construction:
        if c["index"] in shown or len(shown) >= 5:
            continue
        shown.add(c["index"])
        print(f"CONSTRUCTION (sympy's, not the bridge's): {c}", file=out)
    for index, f in stats.sympy_failures[:5]:
        print(f"SYMPY FAILED to build expression {index}: {f}", file=out)


def main(argv=None):
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1000,
                    help="number of expressions")
    ap.add_argument("--start", type=int, default=0,
                    help="index of the first expression")
    ap.add_argument("--points", type=int, default=12,
                    help="points per expression")
    ap.add_argument("--time-limit", type=float, default=300,
                    help="stop after this many seconds (0: none)")
    ap.add_argument("--torch", default="auto",
                    choices=("auto", "yes", "no", "torch113"),
                    help="FloorDiv to generate: torch's when importable "
                    "(auto), torch's or fail (yes), the stand-in (no), a "
                    "copy of torch 1.13's with its eval (torch113)")
    ap.add_argument("--minimize", type=float, default=0, metavar="SECONDS",
                    help="shrink the first mismatch of each expression")
    ap.add_argument("--build", default=os.path.join(root, "build"),
                    help="build tree whose python_packages to import")
    ap.add_argument("--tag", default="",
                    help="appended to the symbols' names (s0, u1, ...)")
    ap.add_argument("--json", action="store_true",
                    help="print the figures as JSON too")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    try:
        import symshape  # noqa: F401
    except ModuleNotFoundError:
        sys.path.insert(0, os.path.join(args.build, "python_packages"))
    stats = run(seed=args.seed, count=args.count, start=args.start,
                points=args.points, time_limit=args.time_limit or None,
                floordiv=args.torch, minimize_seconds=args.minimize,
                verbose=args.verbose, out=sys.stdout, tag=args.tag)
    report(stats, sys.stdout)
    if args.json:
        d = stats.to_dict()
        d["seconds"] = round(stats.seconds, 2)
        print(json.dumps(d))
    return 1 if stats.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
