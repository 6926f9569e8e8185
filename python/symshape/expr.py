"""The symbolic engine from Python.

Symbols, expressions, relations and facts, over the C++ engine
(docs/Engine.md)::

    from symshape.expr import Symbol, Facts, smax, prove, eq

    b = Symbol("batch", range=(1, 10))
    s = Symbol("seq", range=(1, None), multiple_of=8)
    e = smax(b, s) * (s // 8)
    e.range()                       # (8, inf)
    prove(eq(s // 8 * 8, s))        # True
    prove(b <= s)                   # None: not proven either way
    smax(b, s).simplify(Facts(b <= s))   # seq

Expressions are kept in one canonical form and uniqued, so ``a == b`` is a
bool that compares canonical forms, and ``hash`` agrees with it. ``<``,
``<=``, ``>``, ``>=`` build a :class:`Relation`, as do ``eq(a, b)`` and
``ne(a, b)``; a relation has no truth value: ``prove(rel, facts)`` answers
True, False or None (not proven either way), and ``Facts(rel, ...)`` /
``facts.add(rel)`` states it.

Ranges are pairs ``(lo, hi)``; ``None`` or ``math.inf`` (``-math.inf``) is
an unbounded end on input, ``math.inf``/``-math.inf`` on output.
"""

import contextlib

from ._symshape import (  # noqa: F401
    ContradictionError,
    Expr,
    Facts,
    Relation,
    Symbol,
    ceildiv,
    constant,
    eq,
    floordiv,
    ge,
    gt,
    le,
    lt,
    mod,
    ne,
    parse,
    prove,
    smax,
    smin,
)


@contextlib.contextmanager
def _scope(self):
    """Facts added inside the ``with`` block are undone at its end::

        with facts.scope():
            facts.add(x <= 4)
            ...
    """
    mark = self._mark()
    try:
        yield self
    finally:
        self._rollback(mark)


Facts.scope = _scope

__all__ = [
    "ContradictionError", "Expr", "Facts", "Relation", "Symbol", "ceildiv",
    "constant", "eq", "floordiv", "ge", "gt", "le", "lt", "mod", "ne",
    "parse", "prove", "smax", "smin",
]
