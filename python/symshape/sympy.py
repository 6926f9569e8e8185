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
``PythonMod``, ``Max``, ``Min``, ``PowByNatural``. Anything else raises
:class:`UnsupportedError` naming the function.
"""

import math
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
# Names of PyTorch's unbounded integers (torch.utils._sympy.numbers).
_POS_INF_NAMES = {"IntInfinity", "Infinity"}
_NEG_INF_NAMES = {"NegativeIntInfinity", "NegativeInfinity"}

# The sympy symbol each engine symbol came from, and the function class
# from_sympy last met for each operation (when it is not sympy's own), so
# that to_sympy gives back what came in (PyTorch's FloorDiv for a FloorDiv).
_sympy_symbols = {}
_seen_functions = {}


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
    if not ranges:
        return None
    r = ranges.get(sym)
    if r is None:
        r = ranges.get(sym.name)
    if r is None:
        return None
    if hasattr(r, "lower") and hasattr(r, "upper"):
        lo, hi = r.lower, r.upper
    else:
        lo, hi = r
    return _bound(lo, False), _bound(hi, True)


def _lookup(mapping, sym):
    if not mapping:
        return None
    v = mapping.get(sym)
    if v is None:
        v = mapping.get(sym.name)
    return v


def _symbol(sym, ranges, multiple_of):
    """The engine symbol of a sympy symbol: a size if its range (or its
    assumptions) make it non-negative, else an integer."""
    r = _range_of(ranges, sym)
    lo, hi = r if r else (None, None)
    if sym.is_positive:
        lo = 1 if lo is None else max(lo, 1)
    elif sym.is_nonnegative:
        lo = 0 if lo is None else max(lo, 0)
    d = _lookup(multiple_of, sym)
    is_size = lo is not None and lo >= 0
    s = _expr.Symbol(sym.name, range=(lo, hi), multiple_of=d,
                     integer=not is_size)
    _sympy_symbols[s] = sym
    return s


def _remember(kind, func):
    if not getattr(func, "__module__", "").startswith("sympy."):
        _seen_functions[kind] = func


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
    if name in _MAX:
        _remember("max", type(e))
        return _expr.smax(*[conv(a) for a in e.args])
    if name in _MIN:
        _remember("min", type(e))
        return _expr.smin(*[conv(a) for a in e.args])
    if name in _FLOORDIV:
        if name == "FloorDiv":
            _remember("floordiv", type(e))
        return _expr.floordiv(conv(e.args[0]), conv(e.args[1]))
    if name in _CEILDIV:
        _remember("ceildiv", type(e))
        return _expr.ceildiv(conv(e.args[0]), conv(e.args[1]))
    if name in _MOD:
        _remember("mod", type(e))
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
    an object with ``.lower``/``.upper`` or to a ``(lower, upper)`` pair;
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
    """
    e = _sp.sympify(e)
    memo = {}
    if isinstance(e, _sp.core.relational.Relational):
        build = _RELATIONS.get(e.rel_op)
        if build is None:
            raise UnsupportedError(type(e).__name__, e)
        return build(_convert(e.lhs, ranges, multiple_of, memo),
                     _convert(e.rhs, ranges, multiple_of, memo))
    return _convert(e, ranges, multiple_of, memo)


def _default_function(kind):
    if kind in _seen_functions:
        return _seen_functions[kind]
    return {
        "floordiv": lambda a, b: _sp.floor(a / b),
        "ceildiv": lambda a, b: _sp.ceiling(a / b),
        "mod": _sp.Mod,
        "max": _sp.Max,
        "min": _sp.Min,
    }[kind]


def _sympy_symbol(s, symbols):
    if symbols:
        v = symbols.get(s)
        if v is None:
            v = symbols.get(s.name)
        if v is not None:
            return _sp.sympify(v)
    hit = _sympy_symbols.get(s)
    if hit is not None:
        return hit
    lo, _ = s.declared_range
    if s.is_size and lo >= 1:
        sym = _sp.Symbol(s.name, integer=True, positive=True)
    elif s.is_size:
        sym = _sp.Symbol(s.name, integer=True, nonnegative=True)
    else:
        sym = _sp.Symbol(s.name, integer=True)
    _sympy_symbols[s] = sym
    return sym


def to_sympy(e, *, symbols=None, functions=None):
    """The sympy expression of the engine expression `e`.

    A symbol becomes the sympy symbol it came from (through from_sympy),
    else an integer sympy symbol of its name (``positive`` for a size of
    lower bound >= 1, ``nonnegative`` for another size); `symbols` maps
    symbols or names to sympy expressions to use instead. floordiv,
    ceildiv, mod, max and min are written with the function classes
    from_sympy last met for them (PyTorch's FloorDiv, CeilDiv, Mod or
    PythonMod, Max, Min when the expression came from PyTorch), else as
    ``floor(a / b)``, ``ceiling(a / b)``, ``Mod``, ``Max``, ``Min``;
    `functions` maps those five names to callables to use instead.
    """
    funcs = {k: (functions or {}).get(k) or _default_function(k)
             for k in ("floordiv", "ceildiv", "mod", "max", "min")}
    memo = {}

    def conv(x):
        hit = memo.get(x)
        if hit is not None:
            return hit
        kind = x.kind
        if kind == "constant":
            r = _sp.Integer(x.value)
        elif kind == "symbol":
            r = _sympy_symbol(x, symbols)
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

    if isinstance(e, int):
        return _sp.Integer(e)
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
    return _sp.sympify(d)


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
