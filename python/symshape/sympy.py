"""The bridge between sympy (PyTorch's symbolic shapes) and the engine.

* :func:`from_sympy` turns a sympy expression (or relation) into the
  engine's, with ranges given the way ``torch.export`` gives
  ``range_constraints``;
* :func:`to_sympy` turns an engine expression back into sympy;
* :func:`function_skeleton` turns a torch.export-like description (inputs,
  their dims as sympy expressions or ints, range constraints) into a
  symshape MLIR function, ready for ``symshape-pipeline``.

Understood: sympy's ``Integer``, ``Symbol``, ``Add``, ``Mul``, ``Pow`` (a
non-negative integer power), ``Max``, ``Min``, ``floor``, ``ceiling``,
``Mod``, and the functions of ``torch.utils._sympy.functions`` as PyTorch
writes them, matched by class name so that torch is never imported:
``FloorDiv``, ``CleanDiv``, ``CeilDiv``, ``ModularIndexing``, ``Mod``,
``PythonMod``, ``Max``, ``Min``, ``PowByNatural``, ``Identity``. Anything
else raises :class:`UnsupportedError` naming the function; a symbol that may
be non-integer (``real=True``, ``integer=False``, ...) is a ``ValueError``,
a string or another non-sympy value a ``TypeError``.

The bridge keeps no memory between calls: what :func:`to_sympy` writes is a
function of its arguments (``like``, ``symbols``, ``functions``) alone.
"""

import math
import numbers
import re

import sympy as _sp

from . import expr as _expr

# Class names of PyTorch's sympy functions (torch/utils/_sympy/functions.py)
# and their meaning in the engine.
_FLOORDIV = {"FloorDiv", "CleanDiv"}
_CEILDIV = {"CeilDiv"}
_MOD = {"Mod", "PythonMod"}
_MAX = {"Max"}
_MIN = {"Min"}
_POW = {"PowByNatural"}
_IDENTITY = {"Identity"}
# Names of PyTorch's unbounded integers (torch.utils._sympy.numbers).
_POS_INF_NAMES = {"IntInfinity", "Infinity"}
_NEG_INF_NAMES = {"NegativeIntInfinity", "NegativeInfinity"}

# The operation to_sympy writes with a class found in its `like`: class
# name -> engine kind. CleanDiv is not here: a floordiv is not known exact.
_KIND_OF_CLASS = {
    "FloorDiv": "floordiv", "floor": "floordiv",
    "CeilDiv": "ceildiv", "ceiling": "ceildiv",
    "Mod": "mod", "PythonMod": "mod",
    "Max": "max", "Min": "min",
}
_KINDS = ("floordiv", "ceildiv", "mod", "max", "min")
# The assumption named in the error for a symbol that may be non-integer:
# the first of these (the strongest) it holds.
_NAMED_ASSUMPTIONS = ("positive", "negative", "nonnegative", "nonpositive",
                      "zero", "rational", "irrational", "real", "imaginary",
                      "complex", "finite")


class UnsupportedError(ValueError):
    """A sympy construct the engine does not model. ``function`` is its
    name (a class name such as ``TruncToInt``), ``expr`` the expression."""

    def __init__(self, function, expr, why=""):
        self.function = function
        self.expr = expr
        msg = f"from_sympy: unsupported {function} in {expr}"
        if why:
            msg += f" ({why})"
        super().__init__(msg)


def _bound(value, upper):
    """A range bound as an int, or None for unbounded."""
    if value is None:
        return None
    name = type(value).__name__
    if name in _POS_INF_NAMES or name in _NEG_INF_NAMES:
        if (name in _POS_INF_NAMES) != upper:
            raise ValueError(f"{'upper' if upper else 'lower'} bound "
                             f"{value} is infinite the wrong way")
        return None
    if isinstance(value, float) and math.isinf(value):
        if (value > 0) != upper:
            raise ValueError(f"bound {value} is infinite the wrong way")
        return None
    if isinstance(value, _sp.Basic):
        if value in (_sp.oo, -_sp.oo, _sp.zoo):
            if (value == _sp.oo) != upper:
                raise ValueError(f"bound {value} is infinite the wrong way")
            return None
        if not value.is_number:
            raise ValueError(f"range bound {value} is not a number")
        # Integer sizes: round a fractional bound inward.
        return int(_sp.floor(value) if upper else _sp.ceiling(value))
    if isinstance(value, float):
        return int(math.floor(value) if upper else math.ceil(value))
    return int(value)


def _range_of(ranges, sym):
    """The (lo, hi) of `sym` in `ranges` (keys: sympy symbols or names;
    values: objects with .lower/.upper, or (lo, hi) pairs), or None."""
    r = _lookup(ranges, sym)
    if r is None:
        return None
    if hasattr(r, "lower") and hasattr(r, "upper"):
        lo, hi = r.lower, r.upper
    else:
        lo, hi = r
    return _bound(lo, False), _bound(hi, True)


def _lookup(mapping, sym):
    """mapping[sym], else mapping[name], else the value of the one sympy
    symbol key of that name (a symbol that to_sympy wrote back with other
    assumptions, such as positive=True for a range starting at 1, finds the
    range given for the original). Two symbol keys of that name, with
    different values, and no exact key: ValueError."""
    if not mapping:
        return None
    v = mapping.get(sym)
    if v is None:
        v = mapping.get(sym.name)
    if v is None:
        found = [val for key, val in mapping.items()
                 if isinstance(key, _sp.Symbol) and key.name == sym.name]
        if len(found) > 1 and any(f is not found[0] for f in found[1:]):
            raise ValueError(f"from_sympy: several symbols named "
                             f"'{sym.name}' in the ranges or divisors, none "
                             f"of them {sym!r} with its assumptions")
        if found:
            v = found[0]
    return v


def _check_integer_symbol(sym):
    """Raises ValueError unless `sym` is an integer: declared one
    (``is_integer``), or bare (no assumptions at all, taken as an integer
    as the bridge always has). A symbol whose assumptions leave it possibly
    non-integer (``real=True``, ``positive=True`` without
    ``integer=True``, ``integer=False``, ``commutative=False``) is not
    silently made an integer."""
    if sym.is_integer:
        return
    given = sym.assumptions0
    if sym.is_integer is None and set(given) <= {"commutative"} and \
            sym.is_commutative:
        return
    named = [f"{k}=True" for k in _NAMED_ASSUMPTIONS if given.get(k)][:1]
    if given.get("commutative") is False:
        why = "non-commutative (commutative=False)"
    elif sym.is_integer is False:
        why = "declared non-integer (" + ", ".join(["integer=False"] +
                                                   named) + ")"
    else:
        why = ("not declared an integer (its assumptions: "
               + ", ".join(named or ["no integer=True"]) + ")")
    raise ValueError(f"from_sympy: symbol '{sym.name}' is {why}; the engine "
                     "models integers only: declare it with integer=True, "
                     "as PyTorch's size symbols are")


def _symbol(sym, ranges, multiple_of):
    """The engine symbol of a sympy symbol: a size if its range (or its
    assumptions) make it non-negative, else an integer."""
    _check_integer_symbol(sym)
    r = _range_of(ranges, sym)
    lo, hi = r if r else (None, None)
    if sym.is_positive:
        lo = 1 if lo is None else max(lo, 1)
    elif sym.is_nonnegative:
        lo = 0 if lo is None else max(lo, 0)
    if sym.is_negative:
        hi = -1 if hi is None else min(hi, -1)
    elif sym.is_nonpositive:
        hi = 0 if hi is None else min(hi, 0)
    d = _lookup(multiple_of, sym)
    is_size = lo is not None and lo >= 0
    return _expr.Symbol(sym.name, range=(lo, hi), multiple_of=d,
                        integer=not is_size)


def _as_division(arg):
    """(numerator, denominator) of the rational sympy expression `arg`, as
    in floor(a / b)."""
    return _sp.fraction(_sp.together(arg))


def _convert(e, ranges, multiple_of, memo):
    hit = memo.get(e)
    if hit is not None:
        return hit
    r = _convert_node(e, ranges, multiple_of, memo)
    memo[e] = r
    return r


def _convert_node(e, ranges, multiple_of, memo):
    def conv(x):
        return _convert(x, ranges, multiple_of, memo)

    if isinstance(e, int):
        return _expr.constant(e)
    if isinstance(e, _sp.Integer):
        return _expr.constant(int(e))
    if isinstance(e, _sp.Rational):
        raise UnsupportedError("Rational", e, "not an integer; write the "
                               "division with floor, ceiling or FloorDiv")
    if isinstance(e, _sp.Symbol):
        return _symbol(e, ranges, multiple_of)
    if isinstance(e, _sp.Add):
        r = _expr.constant(0)
        for a in e.args:
            r = r + conv(a)
        return r
    if isinstance(e, _sp.Mul):
        r = _expr.constant(1)
        for a in e.args:
            r = r * conv(a)
        return r
    name = type(e).__name__
    if isinstance(e, _sp.Pow) or name in _POW:
        base, exp = e.args
        if not (isinstance(exp, _sp.Integer) and exp >= 0):
            raise UnsupportedError(name, e, "only a non-negative integer "
                                   "power is an integer expression")
        return conv(base) ** int(exp)
    if name in _IDENTITY and len(e.args) == 1:
        return conv(e.args[0])
    if name in _MAX:
        return _expr.smax(*[conv(a) for a in e.args])
    if name in _MIN:
        return _expr.smin(*[conv(a) for a in e.args])
    if name in _FLOORDIV:
        return _expr.floordiv(conv(e.args[0]), conv(e.args[1]))
    if name in _CEILDIV:
        return _expr.ceildiv(conv(e.args[0]), conv(e.args[1]))
    if name in _MOD:
        return _expr.mod(conv(e.args[0]), conv(e.args[1]))
    if name == "ModularIndexing":
        base, divisor, modulus = e.args
        return _expr.mod(_expr.floordiv(conv(base), conv(divisor)),
                         conv(modulus))
    if name in ("floor", "ceiling"):
        n, d = _as_division(e.args[0])
        if d == 1:
            return conv(n)
        build = _expr.floordiv if name == "floor" else _expr.ceildiv
        return build(conv(n), conv(d))
    if isinstance(e, _sp.Basic) and e.is_Function:
        raise UnsupportedError(name, e)
    raise UnsupportedError(name, e, "not an integer expression")


_RELATIONS = {
    "==": _expr.eq, "!=": _expr.ne, "<=": _expr.le, "<": _expr.lt,
    ">=": _expr.ge, ">": _expr.gt,
}


def from_sympy(e, ranges=None, *, multiple_of=None):
    """The engine's expression for the sympy expression `e`.

    `ranges` gives the symbols' ranges as ``torch.export`` gives
    ``range_constraints``: a mapping from a sympy symbol (or its name) to
    an object with ``.lower``/``.upper`` or to a ``(lower, upper)`` pair
    (a symbol is looked up by itself, then by name, then as the one symbol
    key of its name, whatever its assumptions);
    ``int_oo``, ``sympy.oo``, ``math.inf`` or ``None`` for an unbounded
    end. A symbol whose range (or assumptions: ``positive``,
    ``nonnegative``) makes it non-negative is a size; any other is an
    integer of any sign. `multiple_of` maps symbols (or names) to a
    divisor. The ranges and divisors become the engine symbols'
    declarations, so ``from_sympy(e, ranges).range()`` is the range of `e`
    under them.

    A sympy relation (``Eq``, ``Ne``, ``Le``, ``Lt``, ``Ge``, ``Gt``, as in
    PyTorch's guards and runtime asserts) gives a symshape Relation, for
    ``prove`` and ``Facts``.

    Errors: :class:`UnsupportedError` (a ``ValueError``) for a function or
    number the engine does not model; ``ValueError`` for a symbol whose
    assumptions leave it possibly non-integer (``real=True``,
    ``positive=True`` without ``integer=True``, ``integer=False``); a
    ``TypeError`` for a string (it is not parsed: use ``sympy.sympify``
    yourself, or :func:`symshape.expr.parse` for the engine's syntax) or
    any other value that is not a sympy expression or an int.
    """
    e = _as_sympy(e, "from_sympy")
    memo = {}
    if isinstance(e, _sp.core.relational.Relational):
        build = _RELATIONS.get(e.rel_op)
        if build is None:
            raise UnsupportedError(type(e).__name__, e)
        return build(_convert(e.lhs, ranges, multiple_of, memo),
                     _convert(e.rhs, ranges, multiple_of, memo))
    return _convert(e, ranges, multiple_of, memo)


def _as_sympy(e, who):
    """`e` as a sympy expression: a sympy object or an int; a string (which
    sympify would parse into unconstrained symbols) or any other value is
    a TypeError."""
    if isinstance(e, _sp.Basic):
        return e
    if isinstance(e, numbers.Integral) and not isinstance(e, bool):
        return _sp.Integer(int(e))
    if isinstance(e, (str, bytes)):
        raise TypeError(f"{who}: expected a sympy expression or an int, got "
                        f"the string {e!r}: strings are not parsed (use "
                        "sympy.sympify with integer symbols, or "
                        "symshape.expr.parse for the engine's syntax)")
    raise TypeError(f"{who}: expected a sympy expression or an int, got "
                    f"{type(e).__name__} {e!r}")


def _sympy_mod(a, b):
    """sympy's Mod(a, b), left unevaluated unless both are numbers: sympy
    1.11's Mod.eval rewrites Mod(1, n) for a positive integer symbol n as
    1 - n (wrong for n >= 2), Mod(-1, n) as 2*n - 1, Mod(2, n + 1) as
    1 - n (found by test/fuzz/bridge_fuzz.py); the engine's form needs no
    rewriting. (Numbers are evaluated: sympy's Max and Min refuse an
    unevaluated function of numbers as "not comparable".)"""
    if a.is_Number and b.is_Number:
        return _sp.Mod(a, b)
    return _sp.Mod(a, b, evaluate=False)


def _sympy_floor(a, b):
    """floor(a / b), left unevaluated unless the quotient is a number:
    sympy 1.11 takes x/6 for an even x as an integer (``(x/6).is_integer``
    is True), so floor(Max(2*n, -2)/6) would become Max(2*n, -2)/6 (found
    by test/fuzz/bridge_fuzz.py). A quotient that sympy reduces to a
    number (n/n) is evaluated, as in _sympy_mod."""
    q = a / b
    return _sp.floor(q, evaluate=not q.free_symbols and q.is_Number)


def _sympy_ceiling(a, b):
    """ceiling(a / b), unevaluated unless the quotient is a number (as
    floor)."""
    q = a / b
    return _sp.ceiling(q, evaluate=not q.free_symbols and q.is_Number)


def _unevaluated(cls):
    """A writer of `cls` nodes that leaves them unevaluated unless every
    argument is a number. The engine's form is already simplified, and the
    classes' own rewriting has been wrong: sympy 1.11's Min(Mod(-n**2 - 2,
    n + 1), x) recurses without end comparing its arguments, and torch
    1.13's FloorDiv folds FloorDiv(FloorDiv(a, 8), d) into FloorDiv(a, 8 *
    d), wrong for a negative d (both found by test/fuzz/bridge_fuzz.py)."""
    def build(*args):
        if all(a.is_Number for a in args):
            return cls(*args)
        return cls(*args, evaluate=False)
    build.__name__ = build.__qualname__ = cls.__name__
    return build


_SYMPY_FUNCTIONS = {
    "floordiv": _sympy_floor,
    "ceildiv": _sympy_ceiling,
    "mod": _sympy_mod,
    "max": _unevaluated(_sp.Max),
    "min": _unevaluated(_sp.Min),
}
# sympy's own classes, as `like` may use them: their writers above.
_SYMPY_CLASSES = {_sp.floor: "floordiv", _sp.ceiling: "ceildiv",
                  _sp.Mod: "mod", _sp.Max: "max", _sp.Min: "min"}


def _like_expressions(like):
    """The sympy expressions of to_sympy's `like`: one, or an iterable."""
    if like is None:
        return []
    if isinstance(like, (_sp.Basic, numbers.Integral, str, bytes)):
        items = [like]
    else:
        try:
            items = list(like)
        except TypeError:
            items = [like]
    return [_as_sympy(x, "to_sympy: like") for x in items]


def _from_like(like):
    """({kind: writer}, {name: sympy symbol}) that the sympy expressions
    `like` use. sympy's floor/ceiling stand for the floor(a / b) form. A
    kind written with two classes in `like`, or a name with two symbols,
    maps to None (ambiguous)."""
    classes, syms = {}, {}
    for x in like:
        for node in _sp.preorder_traversal(x):
            if isinstance(node, _sp.Symbol):
                prev = syms.get(node.name, node)
                syms[node.name] = node if prev == node else None
                continue
            kind = _KIND_OF_CLASS.get(type(node).__name__)
            if kind is not None:
                classes.setdefault(kind, set()).add(type(node))
    funcs = {}
    for kind, found in classes.items():
        if len(found) > 1:
            funcs[kind] = None
            continue
        cls = next(iter(found))
        if _SYMPY_CLASSES.get(cls) == kind:
            funcs[kind] = _SYMPY_FUNCTIONS[kind]
        else:
            funcs[kind] = _unevaluated(cls)
    return funcs, syms


def _class_names(kind, like):
    names = set()
    for x in like:
        for node in _sp.preorder_traversal(x):
            if _KIND_OF_CLASS.get(type(node).__name__) == kind:
                cls = type(node)
                names.add(f"{cls.__module__}.{cls.__name__}")
    return " and ".join(sorted(names))


def _default_symbol(s):
    """The sympy symbol of an engine symbol, from its declaration alone."""
    lo, hi = s.declared_range
    if s.is_size and lo >= 1:
        return _sp.Symbol(s.name, integer=True, positive=True)
    if s.is_size:
        return _sp.Symbol(s.name, integer=True, nonnegative=True)
    if hi <= -1:
        return _sp.Symbol(s.name, integer=True, negative=True)
    if hi <= 0:
        return _sp.Symbol(s.name, integer=True, nonpositive=True)
    return _sp.Symbol(s.name, integer=True)


def to_sympy(e, *, symbols=None, functions=None, like=None):
    """The sympy expression of the engine expression `e`.

    The result is a function of the arguments alone (no memory of earlier
    calls):

    * a symbol is, in this order, ``symbols[symbol]`` or
      ``symbols[name]`` (`symbols` maps engine symbols or names to sympy
      expressions), the sympy symbol of that name in `like`, else an
      integer sympy symbol of its name from its declaration (``positive``
      for a size of lower bound >= 1, ``nonnegative`` for another size,
      ``negative``/``nonpositive`` for an integer bounded by -1/0);
    * floordiv, ceildiv, mod, max and min are written with
      ``functions[kind]`` (a callable), else with the class `like` writes
      that operation with (PyTorch's ``FloorDiv``, ``CeilDiv``, ``Mod`` or
      ``PythonMod``, ``Max``, ``Min``, matched by name, or sympy's own),
      else as ``floor(a / b)``, ``ceiling(a / b)``, ``Mod``, ``Max``,
      ``Min``. Nodes written with a class (sympy's or `like`'s) are left
      unevaluated unless their operands are numbers: the engine's form is
      already simplified, and sympy 1.11 and torch 1.13 rewrite some of
      them wrongly (``Mod(1, n)`` to ``1 - n``; ``FloorDiv(FloorDiv(a, 8),
      d)`` to ``FloorDiv(a, 8 * d)`` for a d that may be negative).
      `functions` callables are called as they are.

    `like` is a sympy expression, or an iterable of them: typically what
    was given to from_sympy, so that ``to_sympy(from_sympy(x), like=x)``
    writes PyTorch's functions and symbols back. If `like` writes one
    operation with two classes (sympy's ``Mod`` and ``PythonMod``), or has
    two symbols of one name, that is a ``ValueError`` unless `functions` /
    `symbols` decides it.
    """
    like = _like_expressions(like)
    like_funcs, like_syms = _from_like(like)
    functions = functions or {}
    funcs = {}
    for k in _KINDS:
        f = functions.get(k)
        if f is None and k in like_funcs:
            f = like_funcs[k]
            if f is None:
                raise ValueError(
                    f"to_sympy: like writes {k} with both "
                    f"{_class_names(k, like)}: choose one with "
                    f"functions={{'{k}': ...}}")
        funcs[k] = f or _SYMPY_FUNCTIONS[k]

    def sympy_symbol(s):
        if symbols:
            v = symbols.get(s)
            if v is None:
                v = symbols.get(s.name)
            if v is not None:
                return _sp.sympify(v)
        if s.name in like_syms:
            v = like_syms[s.name]
            if v is None:
                raise ValueError(f"to_sympy: like has two symbols named "
                                 f"'{s.name}' (with different assumptions): "
                                 "choose one with symbols=")
            return v
        return _default_symbol(s)

    memo = {}

    def conv(x):
        hit = memo.get(x)
        if hit is not None:
            return hit
        kind = x.kind
        if kind == "constant":
            r = _sp.Integer(x.value)
        elif kind == "symbol":
            r = sympy_symbol(x)
        elif kind == "add":
            r = _sp.Add(*[c * conv(t) for c, t in
                          zip(x.coefficients, x.operands)],
                        _sp.Integer(x.constant_term))
        elif kind == "mul":
            r = _sp.Mul(*[conv(t) for t in x.operands])
        elif kind in ("max", "min"):
            r = funcs[kind](*[conv(t) for t in x.operands])
        else:
            a, b = x.operands
            r = funcs[kind](conv(a), conv(b))
        memo[x] = r
        return r

    if isinstance(e, numbers.Integral) and not isinstance(e, bool):
        return _sp.Integer(int(e))
    if not isinstance(e, _expr.Expr):
        raise TypeError("to_sympy: expected a symshape.expr.Expr or an int, "
                        f"got {type(e).__name__} {e!r}")
    return conv(e)


# ---------------------------------------------------------------------------
# A torch.export-like description to a symshape function
# ---------------------------------------------------------------------------

_DTYPES = {
    "float32": "f32", "float": "f32", "float16": "f16", "half": "f16",
    "bfloat16": "bf16", "float64": "f64", "double": "f64",
    "int64": "i64", "long": "i64", "int32": "i32", "int": "i32",
    "int16": "i16", "int8": "i8", "uint8": "ui8", "bool": "i1",
}


def _element_type(dtype):
    if dtype is None:
        return None
    text = str(dtype)
    if text.startswith("torch."):
        text = text[len("torch."):]
    return _DTYPES.get(text, text)


def _dim_expr(d):
    """A dim as a sympy expression: an int, a sympy expression, or a
    torch.SymInt (its ``.node.expr``)."""
    node = getattr(d, "node", None)
    if node is not None and hasattr(node, "expr"):
        d = node.expr
    if isinstance(d, bool):
        raise TypeError(f"a dim cannot be a bool: {d!r}")
    return _as_sympy(d, "function_skeleton: a dim")


def _shape_and_type(spec, dtype):
    """(dims, element type) of an input or output description: a sequence
    of dims, a (dims, dtype) pair, a dict with "shape" (and "dtype"), or an
    object with .shape (and .dtype), such as a fake tensor."""
    el = None
    if isinstance(spec, dict):
        shape, el = spec["shape"], spec.get("dtype")
    elif hasattr(spec, "shape"):
        shape, el = spec.shape, getattr(spec, "dtype", None)
    elif (isinstance(spec, tuple) and len(spec) == 2
          and isinstance(spec[1], str)):
        shape, el = spec
    else:
        shape = spec
    return [_dim_expr(d) for d in shape], _element_type(el) or dtype


def _ssa_name(name, used):
    base = re.sub(r"[^A-Za-z0-9_$.]", "_", name) or "s"
    if not re.match(r"[A-Za-z_]", base):
        base = "s" + base
    candidate, i = base, 0
    while candidate in used:
        i += 1
        candidate = f"{base}_{i}"
    used.add(candidate)
    return candidate


def _bound_text(b):
    return "inf" if b is None else str(b)


def _tensor_type(dims, element):
    parts = [str(int(d)) if d.is_Integer else "?" for d in dims]
    return "tensor<" + "x".join(parts + [element]) + ">"


def function_skeleton(inputs, outputs=(), range_constraints=None, *,
                      name="forward", dtype="f32", multiple_of=None):
    """A symshape MLIR function for a torch.export-like description.

    `inputs` maps each input name to its shape: a sequence of dims (ints,
    sympy expressions, torch.SymInts), a ``(dims, dtype)`` pair, a dict
    with ``"shape"`` and ``"dtype"``, or an object with ``.shape`` and
    ``.dtype`` (a fake tensor). `outputs` lists the output shapes in the
    same forms. `range_constraints` is ``torch.export``'s mapping from
    symbols to ranges (see from_sympy); `multiple_of` maps symbols to
    divisors.

    Each input is an argument whose dynamic dims are named, ranged and
    given divisors with ``symshape.dim_names``, ``symshape.dim_ranges`` and
    ``symshape.dim_divisors`` (docs/Dialect.md) where a dim is a symbol; a
    dim that is an expression of symbols (``2*s0``) is stated with
    ``symshape.bind_shape``. Each output is a ``tensor.empty`` of its shape
    and is returned; its dims are computed from the symbols
    (``symshape.symbol``), a ``Max``/``Min`` with ``symshape.sym_max`` /
    ``symshape.sym_min`` (``torch.sym_max``/``sym_min``), any other
    expression with ``symshape.apply``. Every symbol an output uses must
    appear in an input dim.
    Returns the MLIR text.
    """
    used_names = set()
    args = []           # (ssa, type, attrs text)
    binds = []          # (arg ssa, type, [dims])
    input_symbols = set()
    plain_dims = set()  # symbols that some input dim is equal to
    ssa_of_symbol = {}

    def engine(e):
        return from_sympy(e, range_constraints, multiple_of=multiple_of)

    for arg_name, spec in inputs.items():
        dims, element = _shape_and_type(spec, dtype)
        ssa = _ssa_name(str(arg_name), used_names)
        ty = _tensor_type(dims, element)
        names, ranges, divisors = [], [], []
        derived = False
        for d in dims:
            if d.is_Integer:
                names.append('""')
                ranges.append("unit")
                divisors.append("1")
                continue
            if not d.free_symbols:
                raise ValueError(f"input {arg_name}: dim {d} is not an "
                                 "integer")
            input_symbols.update(d.free_symbols)
            if isinstance(d, _sp.Symbol):
                plain_dims.add(d)
                s = engine(d)
                lo, hi = s.declared_range
                lo = max(0, lo) if lo != -math.inf else 0
                hi = None if hi == math.inf else hi
                names.append(f'"{d.name}"')
                if lo == 0 and hi is None:
                    ranges.append("unit")
                else:
                    ranges.append(
                        f"#symshape.range<[{lo}, {_bound_text(hi)}]>")
                divisors.append(str(s.multiple_of))
            else:
                derived = True
                names.append('""')
                ranges.append("unit")
                divisors.append("1")
        attrs = ""
        if any(not d.is_Integer for d in dims):
            attrs = (" {symshape.dim_names = [" + ", ".join(names) + "], "
                     "symshape.dim_ranges = [" + ", ".join(ranges) + "], "
                     "symshape.dim_divisors = [" + ", ".join(divisors) +
                     "]}")
        args.append((ssa, ty, attrs))
        if derived:
            binds.append((ssa, ty, dims))

    out_specs = [_shape_and_type(o, dtype) for o in outputs]
    for i, (dims, _) in enumerate(out_specs):
        for d in dims:
            missing = d.free_symbols - input_symbols
            if missing:
                names = ", ".join(sorted(s.name for s in missing))
                raise ValueError(f"output {i}: dim {d} uses {names}, which "
                                 "no input dim determines")

    body = []

    def symbol_value(sym):
        """The SSA value of a symbol (a symshape.symbol op)."""
        if sym in ssa_of_symbol:
            return ssa_of_symbol[sym]
        ssa = _ssa_name(sym.name, used_names)
        decl = ""
        if sym not in plain_dims:
            # Stated here only: no argument attribute declares it.
            s = engine(sym)
            lo, hi = s.declared_range
            lo = max(0, lo) if lo != -math.inf else 0
            hi = None if hi == math.inf else hi
            if lo != 0 or hi is not None:
                decl += f" range [{lo}, {_bound_text(hi)}]"
            if s.multiple_of > 1:
                decl += f" multiple_of {s.multiple_of}"
        body.append(f'  %{ssa} = symshape.symbol "{sym.name}"{decl} : index')
        ssa_of_symbol[sym] = ssa
        return ssa

    def sorted_symbols(e):
        return sorted(e.free_symbols, key=lambda s: s.name)

    for ssa, ty, dims in binds:
        syms = sorted(set().union(*[d.free_symbols for d in dims]),
                      key=lambda s: s.name)
        values = [symbol_value(s) for s in syms]
        engine_syms = [engine(s) for s in syms]
        texts = [engine(d).to_text(engine_syms) for d in dims]
        body.append(f"  symshape.bind_shape %{ssa}, ["
                    + ", ".join(f"%{v}" for v in values) + f"] : {ty} = ("
                    + ", ".join(texts) + ")")

    constants = {}

    def size_value(d, hint):
        """The SSA value of an output dim: a symbol, a constant, a chain of
        symshape.sym_max / sym_min (torch.sym_max / sym_min) for a Max or
        Min, else a symshape.apply of the expression."""
        if isinstance(d, _sp.Symbol):
            return symbol_value(d)
        if d.is_Integer:
            v = int(d)
            if v not in constants:
                ssa = _ssa_name(f"c{v}" if v >= 0 else f"c_{-v}", used_names)
                body.append(f"  %{ssa} = arith.constant {v} : index")
                constants[v] = ssa
            return constants[v]
        name = type(d).__name__
        if name in _MAX or name in _MIN:
            op = "sym_max" if name in _MAX else "sym_min"
            values = [size_value(a, hint) for a in d.args]
            acc = values[0]
            for v in values[1:]:
                ssa = _ssa_name(hint, used_names)
                body.append(f"  %{ssa} = symshape.{op} %{acc}, %{v} : index")
                acc = ssa
            return acc
        syms = sorted_symbols(d)
        values = [symbol_value(s) for s in syms]
        text = engine(d).to_text([engine(s) for s in syms])
        ssa = _ssa_name(hint, used_names)
        body.append(f"  %{ssa} = symshape.apply {text} ("
                    + ", ".join(f"%{v}" for v in values) + ") : index")
        return ssa

    results = []
    for i, (dims, element) in enumerate(out_specs):
        ty = _tensor_type(dims, element)
        dyn = [size_value(d, f"out{i}_d") for d in dims if not d.is_Integer]
        ssa = _ssa_name(f"out{i}", used_names)
        body.append(f"  %{ssa} = tensor.empty("
                    + ", ".join(f"%{v}" for v in dyn) + f") : {ty}")
        results.append((ssa, ty))

    sig = ",\n    ".join(f"%{ssa}: {ty}{attrs}" for ssa, ty, attrs in args)
    result_types = ", ".join(ty for _, ty in results)
    header = f"func.func @{name}(\n    {sig})"
    if results:
        header += f" -> ({result_types})"
    ret = "  return"
    if results:
        ret += " " + ", ".join(f"%{ssa}" for ssa, _ in results) + \
            " : " + result_types
    return "\n".join([header + " {"] + body + [ret, "}", ""])


__all__ = ["UnsupportedError", "from_sympy", "function_skeleton", "to_sympy"]
