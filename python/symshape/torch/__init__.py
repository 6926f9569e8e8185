"""symshape.torch: PyTorch models to MLIR with symbolic facts.

::

    import torch, torchvision
    from symshape import torch as sst

    model = torchvision.models.resnet18().eval()
    text = sst.export(model, [torch.randn(2, 3, 64, 64)],
                      dynamic_shapes=[{0: ("batch", 1, 64),
                                       2: ("height", 32, 512, 8),
                                       3: ("width", 32, 512)}])

The text is MLIR in upstream dialects, written as torch-mlir's
linalg-on-tensors backend writes it, with the input dims carrying
``symshape.dim_names``/``dim_ranges``/``dim_divisors``; run
``symshape-pipeline`` on it. The frontend traces with
``make_fx(tracing_mode="symbolic")`` of torch 1.13; docs/Python.md lists the
supported ops and how guards are handled.
"""

import fractions
import random

import sympy
import torch

from . import _ops  # noqa: F401  (registers the op handlers)
from ._emit import Emitter
from ._trace import Dim, ExportError, parse_dynamic_shapes, trace

__all__ = ["export", "export_with_report", "ExportError", "Dim", "Guard"]


class Guard:
    """A size condition recorded while tracing: ``condition`` (sympy, in the
    user's dim names), ``text``, and what the frontend did with it:
    ``status`` is ``"kept"`` (a cf.assert in the function), ``"static"``
    (true of the static sizes), ``"implied"`` (proven by symshape's prover
    from the declared ranges and divisors, or true at every admissible
    value, checked exhaustively) or ``"artifact"`` (retracing at a value
    that violates it gives the same graph: the same ops, arguments and
    sizes at that value); ``reason`` says why."""

    def __init__(self, condition, status="kept", reason=""):
        self.condition = condition
        self.text = str(condition)
        self.status = status
        self.reason = reason

    def as_dict(self):
        return {"guard": self.text, "status": self.status,
                "reason": self.reason}

    def __repr__(self):
        return f"Guard({self.text!r}, {self.status!r})"


def _condition(expr, value):
    expr = sympy.sympify(expr)
    if value is True or value == sympy.true:
        return expr
    if value is False or value == sympy.false:
        return sympy.Not(expr) if not isinstance(
            expr, sympy.Eq) else sympy.Ne(expr.lhs, expr.rhs)
    return sympy.Eq(expr, value)


def _compile(expr):
    """A Python function of a point (dim name -> int) evaluating a sympy
    size expression or condition with integer arithmetic (no sympy on the
    hot path: guards are evaluated at many points)."""
    if isinstance(expr, (bool,)) or expr in (sympy.true, sympy.false):
        value = bool(expr)
        return lambda p: value
    if expr.is_Integer:
        value = int(expr)
        return lambda p: value
    if expr.is_Rational:  # 1/2 in an average pool's size: exact
        value = fractions.Fraction(int(expr.p), int(expr.q))
        return lambda p: value
    if expr.is_Symbol:
        name = str(expr)
        return lambda p: p[name]
    args = [_compile(a) for a in expr.args]
    if expr.is_Add:
        return lambda p: sum(f(p) for f in args)
    if expr.is_Mul:
        def mul(p):
            out = 1
            for f in args:
                out *= f(p)
            return out
        return mul
    if expr.is_Pow and expr.exp.is_Integer and expr.exp >= 0:
        base, exp = args[0], int(expr.exp)
        return lambda p: base(p) ** exp
    name = type(expr).__name__
    binary = {
        "FloorDiv": lambda a, b: a // b,
        "Mod": lambda a, b: a % b,
        "Equality": lambda a, b: a == b,
        "Unequality": lambda a, b: a != b,
        "StrictLessThan": lambda a, b: a < b,
        "LessThan": lambda a, b: a <= b,
        "StrictGreaterThan": lambda a, b: a > b,
        "GreaterThan": lambda a, b: a >= b,
    }
    if name in binary and len(args) == 2:
        fn, (fa, fb) = binary[name], args
        return lambda p: fn(fa(p), fb(p))
    if name == "Not":
        return lambda p: not args[0](p)
    if name == "And":
        return lambda p: all(f(p) for f in args)
    if name == "Or":
        return lambda p: any(f(p) for f in args)
    raise ExportError(f"guard term {expr} ({name}) is not supported")


def _admissible(dim):
    first = -(-dim.lo // dim.divisor) * dim.divisor
    return range(first, dim.hi + 1, dim.divisor)


def _violating_point(condition, symbols, base, rng, tries=400, known=()):
    """An admissible assignment where ``condition`` is false, or None.
    Exhaustive (and then a proof) when the admissible space is small."""
    names = sorted(str(s) for s in condition.free_symbols)
    holds = _compile(condition)
    for point in known:  # points already traced first: no new trace
        if not holds(point):
            return ({n: point[n] for n in names}, False)
    spaces = {n: _admissible(symbols[n]) for n in names}
    total = 1
    for space in spaces.values():
        total *= len(space)
    if total <= 20000:
        def walk(i, point):
            if i == len(names):
                return None if holds(point) else dict(point)
            for v in spaces[names[i]]:
                point[names[i]] = v
                found = walk(i + 1, point)
                if found:
                    return found
            return None
        found = walk(0, {})
        return (found, True)
    # The corners first (each symbol at its least, next and greatest
    # admissible values): derived sizes reach their extremes there.
    corners = [{}]
    for n in names:
        space = spaces[n]
        picks = sorted({space[0], space[min(1, len(space) - 1)], space[-1]})
        corners = [dict(c, **{n: v}) for c in corners for v in picks]
        if len(corners) > 729:
            break
    for point in corners:
        if len(point) == len(names) and not holds(point):
            return (point, False)
    for attempt in range(tries):
        point = {}
        for n in names:
            space = spaces[n]
            if attempt == 0:
                v = base[n]
            elif attempt < 8:
                v = space[min(len(space) - 1, max(0, space.index(base[n]) +
                                                  attempt - 4))] \
                    if base[n] in space else space[0]
            else:
                v = space[rng.randrange(len(space))]
            point[n] = v
        if not holds(point):
            return (point, False)
    return (None, False)


def _signature(tr, point):
    """What a trace computes at ``point`` (a value per dim name),
    independent of node names: each node's op, arguments (by position) and
    result sizes evaluated at the point."""
    position = {}
    items = []
    at = {sympy.Symbol(k, integer=True, nonnegative=True): v
          for k, v in point.items()}

    def size(expr):
        return str(sympy.sympify(tr.expr(expr)).xreplace(at))

    def norm(a):
        if isinstance(a, torch.fx.Node):
            return ("node", position[a])
        if isinstance(a, (list, tuple)):
            return tuple(norm(x) for x in a)
        if hasattr(a, "get_pyobj"):
            return size(a)
        return repr(a)
    for i, node in enumerate(tr.gm.graph.nodes):
        position[node] = i
        val = node.meta.get("val")
        if isinstance(val, torch.Tensor):
            shape = tuple(size(s) for s in val.shape)
        elif val is not None and hasattr(val, "expr"):
            shape = size(val)
        else:
            shape = None
        items.append((node.op, str(node.target), norm(node.args),
                      norm(tuple(sorted(node.kwargs.items()))), shape))
    return tuple(items)


def _prove(cond, ranges, divisors):
    """symshape's three-valued prover on a guard (True, False or None;
    None also for a form the bridge does not take)."""
    from symshape.expr import prove
    from symshape.sympy import from_sympy
    try:
        relation = from_sympy(cond, ranges, multiple_of=divisors)
    except (ValueError, TypeError):
        return None
    return prove(relation)


def _classify_guards(model, example_inputs, per_input, symbols, tr):
    rng = random.Random(0)
    conditions = []
    guards = []
    for expr, value in tr.guards:
        cond = _condition(expr, value)
        if cond in (True, sympy.true):
            guards.append(Guard(sympy.sympify(expr), "static",
                                "true of the static sizes"))
            continue
        if cond in (False, sympy.false):
            raise ExportError(f"the trace contradicts its own guard {expr}")
        if cond in conditions:
            continue
        conditions.append(cond)
    traced = {}
    ranges = {name: (d.lo, d.hi) for name, d in symbols.items()}
    divisors = {name: d.divisor for name, d in symbols.items()}
    for cond in conditions:
        verdict = _prove(cond, ranges, divisors)
        if verdict is True:
            guards.append(Guard(cond, "implied",
                                "proven from the declared ranges and "
                                "divisors by symshape's prover"))
            continue
        point, exhaustive = _violating_point(
            cond, symbols, tr.values, rng,
            known=[dict(k) for k in traced if traced[k] is not None])
        if point is None:
            if exhaustive:
                guards.append(Guard(cond, "implied",
                                    "holds at every admissible value"))
            else:
                guards.append(Guard(cond, "kept",
                                    "no violating value found, not proven"))
            continue
        full = dict(tr.values)
        full.update(point)
        key = tuple(sorted(full.items()))
        if key not in traced:
            try:
                other = trace(model, example_inputs, per_input, symbols,
                              pinned=full)
                traced[key] = _signature(other, full)
            except ExportError as error:
                traced[key] = None
                guards.append(Guard(cond, "kept", f"retracing at {point} "
                                                  f"fails: {error}"))
                continue
        if traced[key] is None:
            guards.append(Guard(cond, "kept", f"retracing at {point} fails"))
            continue
        signature = _signature(tr, full)
        if traced[key] == signature:
            guards.append(Guard(cond, "artifact",
                                f"retraced at {point}: the same graph"))
        else:
            guards.append(Guard(cond, "kept",
                                f"retraced at {point}: a different graph"))
    return guards


def export_with_report(model, example_inputs, dynamic_shapes=None, *,
                       weights="resources", func_name="forward"):
    """Like :func:`export`; returns ``(text, report)``, the report a dict
    with the trace values, the guards (each with its status and reason),
    and counts of emitted ops and asserts."""
    if weights not in ("resources", "arguments"):
        raise ExportError(f"weights must be 'resources' or 'arguments', not "
                          f"{weights!r}")
    if isinstance(example_inputs, torch.Tensor):
        example_inputs = [example_inputs]
    example_inputs = list(example_inputs)
    per_input, symbols = parse_dynamic_shapes(example_inputs, dynamic_shapes)
    tr = trace(model, example_inputs, per_input, symbols)
    guards = _classify_guards(model, example_inputs, per_input, symbols, tr)
    tr.kept_guards = [g for g in guards if g.status == "kept"]
    tr.views = set()
    emitter = Emitter(tr, func_name, weights, per_input, None)
    body = emitter.run()
    text = "module {\n" + body + "\n}\n"
    if emitter.resources:
        tensors = dict(model.named_parameters())
        tensors.update(model.named_buffers())
        blobs = []
        for key, name in emitter.resources:
            data = tensors[name].detach().contiguous().to(
                torch.float32 if tensors[name].is_floating_point() else
                tensors[name].dtype).numpy().tobytes()
            blobs.append(f'      {key}: "0x04000000{data.hex().upper()}"')
        text += ("{-#\n  dialect_resources: {\n    builtin: {\n" +
                 ",\n".join(blobs) + "\n    }\n  }\n#-}\n")
    report = {
        "trace_values": dict(tr.values),
        "guards": [g.as_dict() for g in guards],
        "asserts": emitter.stats["asserts"],
        "ops": emitter.stats["ops"],
        "nodes": sum(1 for _ in tr.gm.graph.nodes),
    }
    return text, report


def export(model, example_inputs, dynamic_shapes=None, *,
           weights="resources", func_name="forward"):
    """Exports ``model`` called on ``example_inputs`` (a tensor or a list)
    as MLIR text.

    ``dynamic_shapes`` has one dict per input, from dim index to ``(name,
    min, max)`` or ``(name, min, max, multiple_of)``; dims not named are
    static. The same name on several dims is one symbol. ``weights`` is
    ``"resources"`` (``dense_resource`` constants in the module) or
    ``"arguments"`` (function arguments after the inputs, in
    ``named_parameters()`` then ``named_buffers()`` order, each with a
    ``symshape.weight`` attribute naming it). Raises :class:`ExportError`
    for an unsupported op (naming the op and the node) or bad
    ``dynamic_shapes``."""
    return export_with_report(model, example_inputs, dynamic_shapes,
                              weights=weights, func_name=func_name)[0]
