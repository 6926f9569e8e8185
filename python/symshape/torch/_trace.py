"""Tracing a PyTorch module with symbolic input dims (torch 1.13).

``make_fx(..., tracing_mode="symbolic")`` gives an aten graph whose nodes
carry sympy sizes over one symbol per input dim, and a ShapeEnv of guards.
This module hides what 1.13 needs around it:

* parameters and buffers become graph inputs (``functional_call``);
* trace values are chosen so that no two dims share a value by accident
  (1.13 gives equal sizes one symbol, "duck shaping"), and the user's names
  decide which dims are one symbol;
* a few Python-level functions without symbolic support in 1.13 are routed,
  while tracing, to aten ops that have it (``chunk``, ``expand`` with -1,
  ``cat`` of strided tensors, basic ``__getitem__`` slicing, ``math.sqrt``
  of a static size).
"""

import contextlib
import math
import operator
import types

import sympy
import torch
import torch.nn.functional as F
from torch.fx.experimental.proxy_tensor import make_fx
from torch.fx.experimental.symbolic_shapes import PySymInt, ShapeEnv
from torch.nn.utils import stateless

aten = torch.ops.aten


class ExportError(Exception):
    """The model or its dynamic_shapes cannot be exported."""


class Dim:
    """A dynamic dim of an input: its symbol name, range and divisor."""

    __slots__ = ("name", "lo", "hi", "divisor")

    def __init__(self, name, lo, hi, divisor=1):
        if not isinstance(name, str) or not name.isidentifier():
            raise ExportError(f"dim name {name!r} is not an identifier")
        for what, value in (("min", lo), ("max", hi), ("multiple_of",
                                                          divisor)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ExportError(
                    f"{what} of dim '{name}' is {value!r}, not an integer")
        if lo < 0 or hi < lo:
            raise ExportError(
                f"dim '{name}' has the empty or negative range [{lo}, {hi}]")
        if divisor < 1:
            raise ExportError(
                f"dim '{name}' has multiple_of {divisor}; it must be >= 1")
        if first_multiple(lo, hi, divisor) is None:
            raise ExportError(
                f"dim '{name}': no multiple of {divisor} in [{lo}, {hi}]")
        self.name, self.lo, self.hi, self.divisor = name, lo, hi, divisor

    def same_facts(self, other):
        return (self.lo, self.hi, self.divisor) == (other.lo, other.hi,
                                                     other.divisor)

    def admits(self, value):
        return self.lo <= value <= self.hi and value % self.divisor == 0

    def __repr__(self):
        tail = f", {self.divisor}" if self.divisor != 1 else ""
        return f"({self.name!r}, {self.lo}, {self.hi}{tail})"


def first_multiple(lo, hi, divisor):
    value = -(-lo // divisor) * divisor
    return value if value <= hi else None


def parse_dynamic_shapes(example_inputs, dynamic_shapes):
    """Checks the user's ``dynamic_shapes`` against the example inputs and
    returns, per input, a list with a :class:`Dim` or ``None`` (static) per
    dim, and the dict of symbols by name."""
    if dynamic_shapes is None:
        dynamic_shapes = [{} for _ in example_inputs]
    if len(dynamic_shapes) != len(example_inputs):
        raise ExportError(
            f"dynamic_shapes has {len(dynamic_shapes)} entries for "
            f"{len(example_inputs)} example inputs")
    symbols = {}
    per_input = []
    for index, (tensor, spec) in enumerate(zip(example_inputs,
                                               dynamic_shapes)):
        if not isinstance(tensor, torch.Tensor):
            raise ExportError(f"example input {index} is not a tensor")
        spec = spec or {}
        if not isinstance(spec, dict):
            raise ExportError(
                f"dynamic_shapes[{index}] must be a dict from dim index to "
                f"(name, min, max[, multiple_of])")
        dims = [None] * tensor.dim()
        for key, value in spec.items():
            if not isinstance(key, int) or not -tensor.dim() <= key < \
                    tensor.dim():
                raise ExportError(
                    f"dynamic_shapes[{index}] names dim {key!r} of an input "
                    f"of rank {tensor.dim()}")
            if not isinstance(value, (tuple, list)) or len(value) not in (3,
                                                                           4):
                raise ExportError(
                    f"dynamic_shapes[{index}][{key}] is {value!r}; expected "
                    f"(name, min, max) or (name, min, max, multiple_of)")
            dim = Dim(*value)
            known = symbols.setdefault(dim.name, dim)
            if not known.same_facts(dim):
                raise ExportError(
                    f"dim '{dim.name}' is declared twice with different "
                    f"facts: {known!r} and {dim!r}")
            dims[key % tensor.dim()] = known
        per_input.append(dims)
    return per_input, symbols


def choose_trace_values(symbols, avoid, pinned=None):
    """A value per symbol within its facts, >= 2 (1.13 specializes 0 and 1),
    different from every other symbol's and from every static size in
    ``avoid`` (so that no dims are merged by accident). ``pinned`` forces
    some values."""
    pinned = dict(pinned or {})
    taken = set(avoid) | {0, 1} | set(pinned.values())
    values = {}
    for name, dim in sorted(symbols.items()):
        if name in pinned:
            values[name] = pinned[name]
            continue
        start = first_multiple(max(dim.lo, 2), dim.hi, dim.divisor)
        if start is None:
            raise ExportError(
                f"dim '{name}' admits only the values 0 and 1 in "
                f"[{dim.lo}, {dim.hi}], which PyTorch 1.13 cannot trace as "
                f"symbols; declare the dim static")
        # Prefer a value well inside the range: small enough to trace fast,
        # large enough that derived sizes (a stride-32 stage) stay above 1,
        # where 1.13 would specialize them.
        target = min(dim.hi, max(start, 3 * dim.lo + 13, 67))
        preferred = first_multiple(target, dim.hi, dim.divisor) or start
        span = range(start, dim.hi + 1, dim.divisor)
        candidates = sorted(span[:20000],
                            key=lambda v: (abs(v - preferred), -v))
        value = next((v for v in candidates if v not in taken), preferred)
        values[name] = value
        taken.add(value)
    return values


def _no_grad(fn):
    """Tracing keeps autograd on (see trace()), but 1.13's autograd kernels
    read sizes() to save them for the backward pass, which symbolic sizes
    do not have: the routed functions run without it."""
    def wrapped(*args, **kwargs):
        with torch.no_grad():
            return fn(*args, **kwargs)
    wrapped.__name__ = fn.__name__
    return wrapped


def _norm_dim(x, dim):
    return dim % x.dim()


@_no_grad
def _chunk(x, chunks, dim=0):
    dim = _norm_dim(x, dim)
    size = x.shape[dim]
    if not isinstance(size, int):
        raise ExportError("chunk along a dynamic dim is not supported")
    step = -(-size // chunks)
    return tuple(
        aten.slice.Tensor(x, dim, start, min(start + step, size))
        for start in range(0, size, step))


@_no_grad
def _expand(x, *sizes):
    if len(sizes) == 1 and isinstance(sizes[0], (list, tuple, torch.Size)):
        sizes = tuple(sizes[0])
    lead = len(sizes) - x.dim()
    out = [x.shape[i - lead] if isinstance(s, int) and s == -1 else s
           for i, s in enumerate(sizes)]
    return aten.expand.default(x, out)


@_no_grad
def _cat(tensors, dim=0, **kwargs):
    if kwargs.get("out") is not None:
        raise ExportError("torch.cat with out= is not supported")
    return aten.cat.default(list(tensors), dim)


def _sqrt(value):
    if isinstance(value, torch.SymIntNode):
        # A size taken as a number: its value, with a guard that it is that
        # value (static head sizes give guards true of the static sizes).
        value = value.get_pyobj().guard_int("", 0)
    return math.sqrt(value)


def _getitem(original):
    def getitem(x, index):
        items = index if isinstance(index, tuple) else (index,)
        simple = all(isinstance(i, slice) and i.step in (None, 1)
                     or isinstance(i, int) or i is Ellipsis for i in items)
        if not simple or sum(i is Ellipsis for i in items) > 1:
            return original(x, index)
        if any(i is Ellipsis for i in items):
            at = items.index(Ellipsis)
            fill = (slice(None),) * (x.dim() - len(items) + 1)
            items = items[:at] + fill + items[at + 1:]
        with torch.no_grad():
            return _apply_items(x, items)
    return getitem


def _apply_items(x, items):
    """Basic indexing (ints and unit-step slices) as aten select/slice."""
    result, dim = x, 0
    for item in items:
        if isinstance(item, int):
            # select has no symbolic meta in 1.13: a unit slice, viewed
            # without the dim.
            size = result.shape[dim]
            start = item if item >= 0 else size + item
            unit = aten.slice.Tensor(result, dim, start, start + 1)
            shape = list(unit.shape)
            del shape[dim]
            result = aten.view.default(unit, shape)
            continue
        if item.start is not None or item.stop is not None:
            start = 0 if item.start is None else item.start
            stop = result.shape[dim] if item.stop is None else item.stop
            result = aten.slice.Tensor(result, dim, start, stop)
        dim += 1
    return result


def _arange(original):
    def arange(*args, **kwargs):
        # 1.13 infers float32 for arange of a SymInt; torch's rule is int64
        # when every bound is an integer.
        if kwargs.get("dtype") is None and all(
                isinstance(a, (int, torch.SymIntNode)) for a in args):
            kwargs["dtype"] = torch.int64
        return original(*args, **kwargs)
    return arange


def _symint_bool(self):
    # 1.13's PySymInt.__bool__ guards on the value itself (softmax's
    # "no zero-size dim" check would fix the sequence length); the truth of
    # a size is that it is not zero.
    expr = self.shape_env.replace(self.expr)
    boolean = (expr.is_Relational or expr in (sympy.true, sympy.false) or
               isinstance(expr, sympy.logic.boolalg.BooleanFunction))
    if not boolean:  # a size (a Symbol is also a sympy Boolean)
        expr = sympy.Ne(expr, 0)
    return bool(self.shape_env.evaluate_expr(expr))


def _create_symint(original, dynamic_values):
    def create_symint(self, name, val):
        # 1.13 makes every input dim a symbol and specializes later; only
        # the declared dynamic dims (whose trace values nothing else has)
        # are symbols here, so static dims stay static while tracing.
        if ".size(" in name and val not in dynamic_values:
            return val
        return original(self, name, val)
    return create_symint


@contextlib.contextmanager
def _routed(dynamic_values=()):
    shim = types.SimpleNamespace(
        **{k: getattr(math, k) for k in dir(math) if not k.startswith("__")})
    shim.sqrt = _sqrt
    # Each routed attribute and what replaces it (given the original).
    routes = [
        (torch.Tensor, "chunk", lambda _: _chunk),
        (torch, "chunk", lambda _: _chunk),
        (torch.Tensor, "expand", lambda _: _expand),
        (torch, "cat", lambda _: _cat),
        (torch.Tensor, "__getitem__", _getitem),
        (F, "math", lambda _: shim),
        (PySymInt, "__bool__", lambda _: _symint_bool),
        (torch, "arange", _arange),
        (ShapeEnv, "create_symint",
         lambda original: _create_symint(original,
                                         frozenset(dynamic_values))),
    ]
    saved = [(owner, name, getattr(owner, name))
             for owner, name, _ in routes]
    for (owner, name, route), (_, _, original) in zip(routes, saved):
        setattr(owner, name, route(original))
    try:
        yield
    finally:
        for owner, name, value in saved:
            setattr(owner, name, value)


class Trace:
    """One symbolic trace: the FX graph module, the names of its parameter
    placeholders, the substitution from trace symbols to the user's names
    (or to numbers for static dims) and the guards."""

    def __init__(self, gm, param_names, substitution, guards, values):
        self.gm = gm
        self.param_names = param_names
        self.substitution = substitution
        self.guards = guards
        self.values = values

    def expr(self, sym):
        """The sympy expression (in the user's names) of a SymInt."""
        if isinstance(sym, int):
            return sympy.Integer(sym)
        if hasattr(sym, "get_pyobj"):
            sym = sym.get_pyobj()
        return sympy.sympify(sym.expr).xreplace(self.substitution)

    def shape(self, node):
        """The sizes of a tensor node as sympy expressions."""
        value = node.meta.get("val")
        return [self.expr(s) for s in value.shape]


def trace(model, example_inputs, per_input, symbols, pinned=None):
    """Traces ``model`` at trace values chosen for the symbols."""
    params = dict(model.named_parameters())
    params.update(model.named_buffers())
    names = list(params)
    avoid = {int(s) for t in params.values() for s in t.shape}
    avoid |= {int(s) for t, dims in zip(example_inputs, per_input)
              for s, d in zip(t.shape, dims) if d is None}
    values = choose_trace_values(symbols, avoid, pinned)
    inputs = []
    for tensor, dims in zip(example_inputs, per_input):
        shape = [values[d.name] if d is not None else int(s)
                 for s, d in zip(tensor.shape, dims)]
        if list(shape) == list(tensor.shape):
            inputs.append(tensor)
        elif tensor.is_floating_point():
            inputs.append(torch.randn(shape, dtype=tensor.dtype))
        else:
            inputs.append(torch.zeros(shape, dtype=tensor.dtype))

    def call(args, *xs):
        return stateless.functional_call(model, dict(zip(names, args)), xs)

    was_training = model.training
    model.eval()
    try:
        # Autograd stays on: without it nn.TransformerEncoderLayer and
        # MultiheadAttention take their fused fast path, which has no
        # symbolic meta in 1.13.
        with _routed(values.values()):
            gm = make_fx(call, tracing_mode="symbolic")(
                list(params.values()), *inputs)
    except ExportError:
        raise
    except Exception as error:  # noqa: BLE001 - re-raised with context
        raise ExportError(
            f"tracing failed: {type(error).__name__}: {error}") from error
    finally:
        model.train(was_training)

    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    input_nodes = placeholders[len(names):]
    substitution = {}
    param_nodes = placeholders[:len(names)]
    pairs = [(node, [None] * len(tensor.shape), tensor)
             for node, tensor in zip(param_nodes, params.values())]
    pairs += list(zip(input_nodes, per_input, inputs))
    for node, dims, example in pairs:
        fake = node.meta["val"]
        for index, (size, dim) in enumerate(zip(fake.shape, dims)):
            if not hasattr(size, "get_pyobj"):
                continue
            expr = sympy.sympify(size.get_pyobj().expr)
            if not isinstance(expr, sympy.Symbol) or expr in substitution:
                continue
            substitution[expr] = (
                sympy.Symbol(dim.name, integer=True, nonnegative=True)
                if dim is not None else
                sympy.Integer(int(example.shape[index])))
    for node, dims, example in pairs:
        # The inputs are contiguous: strides are products of sizes.
        fake = node.meta["val"]
        for index in range(fake.dim()):
            stride = fake.stride()[index]
            if not hasattr(stride, "get_pyobj"):
                continue
            sym = sympy.sympify(stride.get_pyobj().expr)
            if isinstance(sym, sympy.Symbol) and sym not in substitution:
                product = sympy.Integer(1)
                for later in fake.shape[index + 1:]:
                    product *= (sympy.sympify(later.get_pyobj().expr)
                                if hasattr(later, "get_pyobj") else
                                sympy.Integer(int(later)))
                substitution[sym] = product
    # Strides are written in sizes; apply the size names after.
    substitution = {k: sympy.sympify(v).xreplace(substitution)
                    for k, v in substitution.items()}
    guards = []
    for expr, value, *_ in getattr(gm.shape_env, "guards", []):
        guards.append((sympy.sympify(expr).xreplace(substitution), value))
    return Trace(gm, names, substitution, guards, values)
