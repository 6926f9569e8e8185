"""Shared pieces of the Python tests: PyTorch's sympy functions (defined
here with PyTorch's semantics, so that no torch import is needed), a z3
encoding of engine expressions, and random expressions."""

import random

import sympy
import z3

from symshape import expr as E

# ---------------------------------------------------------------------------
# PyTorch's sympy functions (torch/utils/_sympy/functions.py), by name and
# semantics: each evaluates on integer arguments and stays symbolic
# otherwise, as PyTorch's do.
# ---------------------------------------------------------------------------


def _ints(*args):
    return all(isinstance(a, sympy.Integer) for a in args)


class FloorDiv(sympy.Function):
    """base // divisor, rounding toward -inf (Python's //)."""
    nargs = (2,)
    is_integer = True

    @classmethod
    def eval(cls, base, divisor):
        if divisor.is_zero:
            raise ZeroDivisionError("FloorDiv by zero")
        if _ints(base, divisor):
            return sympy.Integer(int(base) // int(divisor))
        return None


class CleanDiv(FloorDiv):
    """FloorDiv known to be exact."""


class CeilDiv(sympy.Function):
    """-(-base // divisor)."""
    nargs = (2,)
    is_integer = True

    @classmethod
    def eval(cls, base, divisor):
        if divisor.is_zero:
            raise ZeroDivisionError("CeilDiv by zero")
        if _ints(base, divisor):
            return sympy.Integer(-(-int(base) // int(divisor)))
        return None


class ModularIndexing(sympy.Function):
    """(base // divisor) % modulus."""
    nargs = (3,)
    is_integer = True

    @classmethod
    def eval(cls, base, divisor, modulus):
        if _ints(base, divisor, modulus):
            return sympy.Integer((int(base) // int(divisor)) % int(modulus))
        return None


class Mod(sympy.Function):
    """p % q on non-negative arguments (PyTorch's Mod)."""
    nargs = (2,)
    is_integer = True

    @classmethod
    def eval(cls, p, q):
        if _ints(p, q):
            assert p >= 0 and q >= 1, (p, q)
            return sympy.Integer(int(p) % int(q))
        return None


class PythonMod(sympy.Function):
    """p % q with Python's semantics (the sign of q)."""
    nargs = (2,)
    is_integer = True

    @classmethod
    def eval(cls, p, q):
        if _ints(p, q):
            return sympy.Integer(int(p) % int(q))
        return None


class Max(sympy.Function):
    """PyTorch's own Max."""
    is_integer = True

    @classmethod
    def eval(cls, *args):
        if _ints(*args):
            return max(args)
        return None


class Min(sympy.Function):
    """PyTorch's own Min."""
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
        if _ints(base, exp):
            return sympy.Integer(int(base) ** int(exp))
        return None


class Identity(sympy.Function):
    """PyTorch's Identity: its argument, kept from expansion."""
    nargs = (1,)

    @classmethod
    def eval(cls, arg):
        if isinstance(arg, sympy.Integer):
            return arg
        return None

    def _eval_is_integer(self):
        return self.args[0].is_integer


class TruncToInt(sympy.Function):
    """A PyTorch function the engine does not model."""
    nargs = (1,)


class IntInfinity:
    """PyTorch's int_oo (matched by class name)."""

    def __neg__(self):
        return NegativeIntInfinity()


class NegativeIntInfinity:
    pass


int_oo = IntInfinity()


class ValueRanges:
    """What torch.export's range_constraints maps a symbol to."""

    def __init__(self, lower, upper):
        self.lower, self.upper = lower, upper


# ---------------------------------------------------------------------------
# z3
# ---------------------------------------------------------------------------


def z3_floordiv(a, b):
    # z3's division is Euclidean: floor division for a positive divisor.
    return z3.If(b > 0, a / b, (-a) / (-b))


class Z3:
    """z3 terms of engine expressions over one z3 variable per symbol, the
    facts the symbols' declarations state, and the conditions under which
    an expression is defined (non-zero divisors)."""

    def __init__(self):
        self.vars = {}

    def var(self, s):
        v = self.vars.get(s)
        if v is None:
            v = self.vars[s] = z3.Int(f"{s.name}_{len(self.vars)}")
        return v

    def declarations(self):
        facts = []
        for s, v in self.vars.items():
            lo, hi = s.declared_range
            if s.is_size:
                facts.append(v >= 0)
            if lo != float("-inf"):
                facts.append(v >= lo)
            if hi != float("inf"):
                facts.append(v <= hi)
            if s.multiple_of > 1:
                facts.append(v % s.multiple_of == 0)
        return facts

    def term(self, e, defined):
        """The z3 term of `e`; appends definedness conditions to
        `defined`."""
        kind = e.kind
        if kind == "constant":
            return z3.IntVal(e.value)
        if kind == "symbol":
            return self.var(e)
        if kind == "add":
            return z3.Sum([c * self.term(t, defined)
                           for c, t in zip(e.coefficients, e.operands)]
                          + [z3.IntVal(e.constant_term)])
        if kind == "mul":
            return z3.Product([self.term(t, defined) for t in e.operands])
        if kind in ("max", "min"):
            args = [self.term(t, defined) for t in e.operands]
            r = args[0]
            for a in args[1:]:
                r = z3.If(a > r if kind == "max" else a < r, a, r)
            return r
        a, b = (self.term(t, defined) for t in e.operands)
        defined.append(b != 0)
        if kind == "floordiv":
            return z3_floordiv(a, b)
        if kind == "ceildiv":
            return -z3_floordiv(-a, b)
        return a - b * z3_floordiv(a, b)

    def relation(self, rel, defined):
        a = self.term(rel.lhs, defined)
        b = self.term(rel.rhs, defined)
        return {"<=": a <= b, "<": a < b, ">=": a >= b, ">": a > b,
                "==": a == b, "!=": a != b}[rel.op]


def z3_valid(facts, claim, timeout_ms=4000):
    """True if `claim` holds wherever `facts` hold, False if z3 finds a
    counterexample, None if z3 gives up."""
    s = z3.Solver()
    s.set("timeout", timeout_ms)
    s.add(*facts)
    s.add(z3.Not(claim))
    r = s.check()
    if r == z3.unsat:
        return True
    if r == z3.sat:
        return False
    return None


# ---------------------------------------------------------------------------
# Random expressions
# ---------------------------------------------------------------------------


def random_symbols(rng, n, tag=""):
    """n symbols: mostly sizes with bounded or unbounded ranges, some with
    divisors; some integers of any sign."""
    syms = []
    for i in range(n):
        if rng.random() < 0.2:
            lo = rng.choice([None, rng.randint(-8, 2)])
            hi = rng.choice([None, rng.randint(3, 12)])
            syms.append(E.Symbol(f"x{i}{tag}", range=(lo, hi), integer=True))
            continue
        lo = rng.randint(0, 6)
        hi = None if rng.random() < 0.4 else lo + rng.randint(0, 40)
        div = rng.choice([1, 1, 1, 2, 4, 8])
        if hi is not None and (hi // div) * div < lo:
            div = 1
        syms.append(E.Symbol(f"s{i}{tag}", range=(lo, hi), multiple_of=div))
    return syms


def random_expr(rng, syms, depth):
    """A random expression built with the Python operators."""
    if depth == 0 or rng.random() < 0.2:
        if rng.random() < 0.3:
            return E.constant(rng.randint(-3, 9))
        return rng.choice(syms)
    a = random_expr(rng, syms, depth - 1)
    b = random_expr(rng, syms, depth - 1)
    k = rng.choice([2, 3, 4, 8])
    c = rng.randrange(11)
    if c < 2:
        return a + b
    if c == 2:
        return a - b
    if c == 3:
        return a * rng.randint(-3, 7)
    if c == 4:
        return a * b
    if c == 5:
        return a // k
    if c == 6:
        return E.ceildiv(a, k)
    if c == 7:
        return a % k
    if c == 8:
        return E.smax(a, b)
    if c == 9:
        return E.smin(a, b)
    return a + rng.randint(-5, 5)


def random_witness(rng, syms):
    """A value for each symbol allowed by its declaration."""
    values = {}
    for s in syms:
        lo, hi = s.declared_range
        lo = -20 if lo == float("-inf") else lo
        hi = lo + 50 if hi == float("inf") else hi
        d = s.multiple_of
        choices = [v for v in range(lo, hi + 1) if v % d == 0]
        values[s] = rng.choice(choices)
    return values


def rng_for(seed):
    return random.Random(seed)
