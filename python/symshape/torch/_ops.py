"""The aten ops the frontend emits, one handler each (registered in
``_emit._HANDLERS``). A node whose op has no handler is an error that names
the op and the node."""

import sympy

from ._emit import Value, _float, broadcast_map, handles, ttype
from ._trace import ExportError

# ----------------------------------------------------------------------
# Elementwise.


def _operand(e, node, x):
    if isinstance(x, (int, float, bool)):
        return x
    return e.value(x, f"node '{node.name}'")


def _binary(fop, iop):
    def compute(e, node):
        a, b = node.args[0], node.args[1]
        alpha = node.kwargs.get("alpha", 1)
        operands = [_operand(e, node, a), _operand(e, node, b)]

        def body(s, elem):
            (x, _), (y, _) = s
            lines = []
            if alpha != 1:
                k = e.fresh("k")
                lines.append(f"{k} = arith.constant {_float(alpha)} : f32"
                             if elem == "f32" else
                             f"{k} = arith.constant {int(alpha)} : {elem}")
                m = e.fresh("x")
                lines.append(f"{m} = arith.{'mulf' if elem == 'f32' else 'muli'}"
                             f" {y}, {k} : {elem}")
                y = m
            r = e.fresh("x")
            opname = fop if elem == "f32" else iop
            if opname is None:
                raise ExportError(f"node '{node.name}': {node.target} on "
                                  f"{elem} is not supported")
            lines.append(f"{r} = arith.{opname} {x}, {y} : {elem}")
            return lines, r
        return e.elementwise(node, operands, body)
    return compute


for _name, _f, _i in (("add", "addf", "addi"), ("sub", "subf", "subi"),
                      ("mul", "mulf", "muli"), ("div", "divf", None)):
    for _overload in ("Tensor", "Scalar"):
        handles(f"aten.{_name}.{_overload}", f"aten.{_name}_.{_overload}")(
            _binary(_f, _i))


def _unary(make):
    def compute(e, node):
        x = e.value(node.args[0], f"node '{node.name}'")

        def body(s, elem):
            (a, _), = s
            return make(e, node, a, elem)
        return e.elementwise(node, [x], body)
    return compute


def _simple(opname):
    def make(e, node, a, elem):
        r = e.fresh("x")
        return [f"{r} = {opname} {a} : {elem}"], r
    return make


def _relu(e, node, a, elem):
    z, r = e.fresh("x"), e.fresh("x")
    return [f"{z} = arith.constant 0.0 : f32",
            f"{r} = arith.maximumf {a}, {z} : f32"], r


def _hardtanh(e, node, a, elem):
    lo = node.args[1] if len(node.args) > 1 else -1.0
    hi = node.args[2] if len(node.args) > 2 else 1.0
    k0, k1, m, r = (e.fresh("x") for _ in range(4))
    return [f"{k0} = arith.constant {_float(lo)} : f32",
            f"{k1} = arith.constant {_float(hi)} : f32",
            f"{m} = arith.maximumf {a}, {k0} : f32",
            f"{r} = arith.minimumf {m}, {k1} : f32"], r


def _gelu_lines(e, node, a, elem):
    lines, r = _gelu_parts(e, node, a)
    return lines, r


def _gelu_parts(e, node, a):
    approximate = node.kwargs.get("approximate", "none")
    f = e.fresh
    if approximate == "tanh":
        half, one, c, k, sq, cube, t2, t3, t4, t5, t6, t7, r = (
            f("x") for _ in range(13))
        return [f"{half} = arith.constant 0.5 : f32",
                f"{one} = arith.constant 1.0 : f32",
                f"{c} = arith.constant "
                f"{_float((2 / 3.141592653589793) ** 0.5)} : f32",
                f"{k} = arith.constant 0.044715 : f32",
                f"{sq} = arith.mulf {a}, {a} : f32",
                f"{cube} = arith.mulf {sq}, {a} : f32",
                f"{t2} = arith.mulf {cube}, {k} : f32",
                f"{t3} = arith.addf {a}, {t2} : f32",
                f"{t4} = arith.mulf {t3}, {c} : f32",
                f"{t5} = math.tanh {t4} : f32",
                f"{t6} = arith.addf {t5}, {one} : f32",
                f"{t7} = arith.mulf {a}, {t6} : f32",
                f"{r} = arith.mulf {t7}, {half} : f32"], r
    half, one, c, t1, t2, t3, t4, r = (f("x") for _ in range(8))
    return [f"{half} = arith.constant 0.5 : f32",
            f"{one} = arith.constant 1.0 : f32",
            f"{c} = arith.constant {_float(0.5 ** 0.5)} : f32",
            f"{t1} = arith.mulf {a}, {c} : f32",
            f"{t2} = math.erf {t1} : f32",
            f"{t3} = arith.addf {t2}, {one} : f32",
            f"{t4} = arith.mulf {a}, {t3} : f32",
            f"{r} = arith.mulf {t4}, {half} : f32"], r


handles("aten.relu.default", "aten.relu_.default")(_unary(_relu))
handles("aten.hardtanh.default", "aten.hardtanh_.default")(_unary(_hardtanh))
handles("aten.gelu.default")(_unary(_gelu_lines))
handles("aten.exp.default")(_unary(_simple("math.exp")))
handles("aten.tanh.default")(_unary(_simple("math.tanh")))
handles("aten.sqrt.default")(_unary(_simple("math.sqrt")))
handles("aten.neg.default")(_unary(_simple("arith.negf")))


@handles("aten.where.self")
def _where(e, node):
    cond, a, b = (_operand(e, node, x) for x in node.args)

    def body(s, elem):
        (c, _), (x, _), (y, _) = s
        r = e.fresh("x")
        return [f"{r} = arith.select {c}, {x}, {y} : {elem}"], r
    return e.elementwise(node, [cond, a, b], body)


@handles("aten.masked_fill.Scalar", "aten.masked_fill_.Scalar")
def _masked_fill(e, node):
    x, mask, fill = node.args
    x, mask = _operand(e, node, x), _operand(e, node, mask)

    def body(s, elem):
        (a, _), (m, _), (k, _) = s
        r = e.fresh("x")
        return [f"{r} = arith.select {m}, {k}, {a} : {elem}"], r
    return e.elementwise(node, [x, mask, float(fill)], body)


# ----------------------------------------------------------------------
# Aliases and copies: values are immutable, so these are the operand.


@handles("aten.detach.default", "aten.alias.default", "aten.clone.default",
         "aten.contiguous.default", "aten.lift_fresh_copy.default",
         "aten._to_copy.default", "aten.dropout.default")
def _identity(e, node):
    v = e.value(node.args[0], f"node '{node.name}'")
    val = node.meta.get("val")
    if val is not None and hasattr(val, "dtype"):
        out = e.out_value(node)
        if out.elem != v.elem:
            raise ExportError(f"node '{node.name}': a conversion from "
                              f"{v.elem} to {out.elem} is not supported")
    return v


# ----------------------------------------------------------------------
# Layout: transpose, permute, views.


def _transpose(e, node, v, perm):
    out = e.out_value(node)
    sizes = e.out_sizes_like(out, v, perm)
    init = e.empty(out, sizes)
    out.name = e.fresh("t")
    e.op(f"{out.name} = linalg.transpose ins({v.name} : {v.type}) outs({init}"
         f" : {out.type}) permutation = [{', '.join(map(str, perm))}]")
    return out


@handles("aten.t.default")
def _t(e, node):
    v = e.value(node.args[0])
    if v.rank < 2:
        return v
    return _transpose(e, node, v, [1, 0])


@handles("aten.transpose.int")
def _transpose_int(e, node):
    v = e.value(node.args[0])
    a, b = node.args[1] % v.rank, node.args[2] % v.rank
    perm = list(range(v.rank))
    perm[a], perm[b] = perm[b], perm[a]
    if a == b:
        return v
    return _transpose(e, node, v, perm)


@handles("aten.permute.default")
def _permute(e, node):
    v = e.value(node.args[0])
    perm = [p % v.rank for p in node.args[1]]
    if perm == list(range(v.rank)):
        return v
    return _transpose(e, node, v, perm)


def _groups(src, dst):
    """Groups of consecutive ``src`` dims whose products are the ``dst``
    dims (a reassociation), or None. Unit dims join a neighbour."""
    groups, i = [], 0
    for target in dst:
        group, product = [], sympy.Integer(1)
        while i < len(src):
            group.append(i)
            product *= src[i]
            i += 1
            if sympy.simplify(product - target) == 0:
                break
        else:
            if sympy.simplify(product - target) != 0:
                return None
        if not group:
            return None
        groups.append(group)
    while i < len(src):
        if sympy.simplify(src[i] - 1) != 0 or not groups:
            return None
        groups[-1].append(i)
        i += 1
    return groups


def _reassoc(groups):
    return "[" + ", ".join("[" + ", ".join(map(str, g)) + "]"
                           for g in groups) + "]"


@handles("aten.view.default", "aten._reshape_alias.default",
         "aten._unsafe_view.default", "aten.reshape.default")
def _view(e, node):
    v = e.value(node.args[0])
    out = e.out_value(node)
    sizes = list(node.args[1])
    if v.exprs == out.exprs:
        return v
    if out.rank < v.rank:
        groups = _groups(v.exprs, out.exprs)
        if groups is not None:
            out.name = e.fresh("r")
            e.op(f"{out.name} = tensor.collapse_shape {v.name} "
                 f"{_reassoc(groups)} : {v.type} into {out.type}")
            return out
    if out.rank > v.rank:
        groups = _groups(out.exprs, v.exprs)
        if groups is not None:
            return _expand_shape(e, node, v, out, groups, sizes)
    # Neither: collapse to one dim, then expand.
    flat_exprs = [sympy.Mul(*v.exprs)]
    flat = Value(e.fresh("r"), flat_exprs, v.elem)
    if v.rank != 1:
        e.op(f"{flat.name} = tensor.collapse_shape {v.name} "
             f"[{list(range(v.rank))}] : {v.type} into {flat.type}")
    else:
        flat = v
    return _expand_shape(e, node, flat, out, [list(range(out.rank))], sizes)


def _expand_shape(e, node, v, out, groups, sizes):
    shape = []
    for i, s in enumerate(sizes):
        if out.shape[i] is not None:
            shape.append(str(out.shape[i]))
        elif isinstance(s, int) and s == -1:
            raise ExportError(f"node '{node.name}': a view with -1 for a "
                              f"dynamic dim is not supported")
        else:
            shape.append(e.index(s))
    out.name = e.fresh("r")
    e.op(f"{out.name} = tensor.expand_shape {v.name} {_reassoc(groups)} "
         f"output_shape [{', '.join(shape)}] : {v.type} into {out.type}")
    return out


@handles("aten.unsqueeze.default")
def _unsqueeze(e, node):
    v = e.value(node.args[0])
    out = e.out_value(node)
    groups = _groups(out.exprs, v.exprs)
    if v.rank == 0:
        out.name = e.fresh("r")
        e.op(f"{out.name} = tensor.expand_shape {v.name} [] output_shape "
             f"[{', '.join(['1'] * out.rank)}] : {v.type} into {out.type}")
        return out
    dim = node.args[1] % out.rank
    sizes = [1 if i == dim else None for i in range(out.rank)]
    src = [i for i in range(out.rank) if i != dim]
    groups = [[i] for i in src]
    if dim < len(groups) or dim == 0:
        groups[max(0, dim if dim < len(groups) else len(groups) - 1)] = sorted(
            groups[max(0, dim if dim < len(groups) else len(groups) - 1)] +
            [dim])
    else:
        groups[-1] = sorted(groups[-1] + [dim])
    for i in range(out.rank):
        if sizes[i] is None:
            sizes[i] = e.dim(v, src.index(i))
    return _expand_shape(e, node, v, out, groups, sizes)


@handles("aten.expand.default")
def _expand(e, node):
    v = e.value(node.args[0])
    out = e.out_value(node)
    lead = out.rank - v.rank
    maps = [broadcast_map(v, j, out) or f"d{j + lead}"
            for j in range(v.rank)]
    sizes = []
    for k, s in enumerate(node.args[1]):
        if out.shape[k] is not None:
            sizes.append(out.shape[k])
        elif isinstance(s, int) and s == -1:
            sizes.append(e.dim(v, k - lead))
        else:
            sizes.append(e.index(s))
    out.name = e.generic(out, sizes, [(v, maps)],
                         lambda args, _o: ([], args[0]))
    return out


@handles("aten.slice.Tensor")
def _slice(e, node):
    v = e.value(node.args[0])
    dim = (node.args[1] if len(node.args) > 1 else 0) % v.rank
    start = node.args[2] if len(node.args) > 2 else 0
    end = node.args[3] if len(node.args) > 3 else None
    step = node.args[4] if len(node.args) > 4 else 1
    out = e.out_value(node)
    if step != 1:
        raise ExportError(f"node '{node.name}': slice with step {step}")
    if isinstance(start, int) and start < 0 or isinstance(end, int) and (
            end < 0):
        raise ExportError(f"node '{node.name}': negative slice bounds are "
                          f"not supported")
    if isinstance(end, int) and end >= 2 ** 62:
        end = None
    size_d = e.dim(v, dim)
    # torch clamps the bounds to the size.
    lo = e.index(start)
    hi = size_d if end is None else e.arith("minsi", e.index(end), size_d)
    lo = e.arith("minsi", lo, hi)
    length = e.arith("subi", hi, lo)
    offsets = ["0"] * v.rank
    sizes = []
    for i in range(v.rank):
        if i == dim:
            offsets[i] = lo
            sizes.append(out.shape[i] if out.shape[i] is not None else length)
        else:
            sizes.append(out.shape[i] if out.shape[i] is not None else
                         e.dim(v, i))
    static_off = ", ".join("0" if o == "0" else o for o in offsets)
    size_text = ", ".join(str(s) if isinstance(s, int) else s for s in sizes)
    out.name = e.fresh("x")
    e.op(f"{out.name} = tensor.extract_slice {v.name}[{static_off}] "
         f"[{size_text}] [{', '.join(['1'] * v.rank)}] : {v.type} to "
         f"{out.type}")
    return out


@handles("aten.select.int")
def _select(e, node):
    v = e.value(node.args[0])
    dim, index = node.args[1] % v.rank, node.args[2]
    out = e.out_value(node)
    if isinstance(index, int) and index < 0:
        index = e.arith("addi", e.dim(v, dim), e.index(index))
    offsets = ["0"] * v.rank
    offsets[dim] = e.index(index)
    sizes = [1 if i == dim else (v.shape[i] if v.shape[i] is not None
                                 else e.dim(v, i)) for i in range(v.rank)]
    out.name = e.fresh("x")
    e.op(f"{out.name} = tensor.extract_slice {v.name}[{', '.join(offsets)}] "
         f"[{', '.join(map(str, sizes))}] [{', '.join(['1'] * v.rank)}] : "
         f"{v.type} to {out.type}")
    return out


@handles("aten.cat.default")
def _cat(e, node):
    tensors = [e.value(t) for t in node.args[0]]
    out = e.out_value(node)
    dim = (node.args[1] if len(node.args) > 1 else 0) % out.rank
    # Sizes: the first operand's, the concatenated dim summed.
    sizes = []
    for i in range(out.rank):
        if out.shape[i] is not None:
            sizes.append(out.shape[i])
        elif i == dim:
            acc = e.dim(tensors[0], i)
            for t in tensors[1:]:
                acc = e.arith("addi", acc, e.dim(t, i))
            sizes.append(acc)
        else:
            sizes.append(e.dim(tensors[0], i))
    for t in tensors[1:]:
        for i in range(out.rank):
            if i != dim and t.shape[i] is None:
                eq = e.fresh("b")
                e.op(f"{eq} = arith.cmpi eq, {e.index(sizes[i])}, "
                     f"{e.dim(t, i)} : index")
                e.check(eq, f"{node.name}: mismatched size for cat")
    acc = e.empty(out, sizes)
    offset = e.index(0)
    for t in tensors:
        offsets = ["0"] * out.rank
        offsets[dim] = offset
        t_sizes = [str(t.shape[i]) if t.shape[i] is not None else e.dim(t, i)
                   for i in range(out.rank)]
        name = e.fresh("x")
        e.op(f"{name} = tensor.insert_slice {t.name} into {acc}"
             f"[{', '.join(offsets)}] [{', '.join(t_sizes)}] "
             f"[{', '.join(['1'] * out.rank)}] : {t.type} into {out.type}")
        acc = name
        offset = e.arith("addi", offset, e.dim(t, dim))
    out.name = acc
    return out


# ----------------------------------------------------------------------
# Reductions and normalizations.


def _reduce(e, node, v, dims, keepdim, init_value, combine):
    """Reduces ``v`` over ``dims`` into the node's result type."""
    out = e.out_value(node)
    kept = [i for i in range(v.rank) if i not in dims]
    sizes = []
    out_map = []
    for i in range(v.rank):
        if i in dims:
            if keepdim:
                out_map.append("0")
            continue
        out_map.append(f"d{i}")
    k = 0
    for i in range(out.rank):
        if out.shape[i] is not None:
            sizes.append(out.shape[i])
        else:
            src = i if keepdim else kept[k]
            sizes.append(e.dim(v, src))
        k += 1
    init = e.filled(out, sizes, init_value)
    iterators = ["reduction" if i in dims else "parallel"
                 for i in range(v.rank)]

    def body(args, acc):
        r = e.fresh("x")
        return [f"{r} = {combine} {args[0]}, {acc} : f32"], r
    out.name = e.generic(out, sizes, [(v, [f"d{i}" for i in range(v.rank)])],
                         body, iterators=iterators, init=init,
                         out_map=out_map)
    return out, sizes


def _count(e, v, dims):
    """The number of elements over ``dims`` as an f32 SSA value."""
    acc = e.index(1)
    for d in dims:
        acc = e.arith("muli", acc, e.dim(v, d))
    i64 = e.fresh("x")
    e.op(f"{i64} = arith.index_cast {acc} : index to i64")
    f = e.fresh("x")
    e.op(f"{f} = arith.sitofp {i64} : i64 to f32")
    return f


def _divide_by(e, node, v, sizes, count):
    out = Value(None, v.exprs, v.elem)
    out.name = e.generic(out, sizes, [(v, [f"d{i}" for i in range(v.rank)])],
                         lambda args, _o: _div_line(e, args[0], count))
    return out


def _div_line(e, a, count):
    r = e.fresh("x")
    return [f"{r} = arith.divf {a}, {count} : f32"], r


@handles("aten.mean.dim")
def _mean(e, node):
    v = e.value(node.args[0])
    dims = sorted(d % v.rank for d in node.args[1])
    keepdim = node.args[2] if len(node.args) > 2 else node.kwargs.get(
        "keepdim", False)
    total, sizes = _reduce(e, node, v, dims, keepdim, 0.0, "arith.addf")
    return _divide_by(e, node, total, sizes, _count(e, v, dims))


@handles("aten.sum.dim_IntList")
def _sum(e, node):
    v = e.value(node.args[0])
    dims = sorted(d % v.rank for d in node.args[1])
    keepdim = node.args[2] if len(node.args) > 2 else node.kwargs.get(
        "keepdim", False)
    return _reduce(e, node, v, dims, keepdim, 0.0, "arith.addf")[0]


@handles("aten._softmax.default")
def _softmax(e, node):
    v = e.value(node.args[0])
    dim = node.args[1] % v.rank
    out = e.out_value(node)
    sizes = [out.shape[i] if out.shape[i] is not None else e.dim(v, i)
             for i in range(v.rank)]
    red = Value(None, [x for i, x in enumerate(v.exprs) if i != dim] or [],
                v.elem)
    red_sizes = [s for i, s in enumerate(sizes) if i != dim]
    red_map = [f"d{i}" for i in range(v.rank) if i != dim]
    ident = [f"d{i}" for i in range(v.rank)]
    iterators = ["reduction" if i == dim else "parallel"
                 for i in range(v.rank)]
    init = e.filled(red, red_sizes, float("-inf"))

    def maxbody(args, acc):
        r = e.fresh("x")
        return [f"{r} = arith.maximumf {args[0]}, {acc} : f32"], r
    red.name = e.generic(red, red_sizes, [(v, ident)], maxbody, iterators,
                         init=init, out_map=red_map)
    mx = red

    def expbody(args, _o):
        d, x = e.fresh("x"), e.fresh("x")
        return [f"{d} = arith.subf {args[0]}, {args[1]} : f32",
                f"{x} = math.exp {d} : f32"], x
    ex = Value(None, v.exprs, v.elem)
    ex.name = e.generic(ex, sizes, [(v, ident), (mx, red_map)], expbody)
    total = Value(None, red.exprs, v.elem)
    init = e.filled(total, red_sizes, 0.0)

    def addbody(args, acc):
        r = e.fresh("x")
        return [f"{r} = arith.addf {args[0]}, {acc} : f32"], r
    total.name = e.generic(total, red_sizes, [(ex, ident)], addbody,
                           iterators, init=init, out_map=red_map)

    def divbody(args, _o):
        r = e.fresh("x")
        return [f"{r} = arith.divf {args[0]}, {args[1]} : f32"], r
    out.name = e.generic(out, sizes, [(ex, ident), (total, red_map)],
                         divbody)
    return out


@handles("aten.native_batch_norm.default",
         "aten._native_batch_norm_legit_no_training.default")
def _batch_norm(e, node):
    args = list(node.args)
    x, weight, bias, mean, var = (e.value(a) if a is not None else None
                                  for a in args[:5])
    if "legit" in str(node.target):
        eps = args[6]
    else:
        if args[5]:
            raise ExportError(f"node '{node.name}': batch norm in training "
                              f"mode (call model.eval())")
        eps = args[7]
    out = e.out_value(node, 0)
    sizes = [out.shape[i] if out.shape[i] is not None else e.dim(x, i)
             for i in range(x.rank)]
    ident = [f"d{i}" for i in range(x.rank)]
    chan = ["d1"]
    ins = [(x, ident), (mean, chan), (var, chan)]
    if weight is not None:
        ins.append((weight, chan))
    if bias is not None:
        ins.append((bias, chan))

    def body(a, _o):
        return _normalized(e, a, a[2], eps, weight is not None,
                           bias is not None, [])
    out.name = e.generic(out, sizes, ins, body)
    return (out, None, None)


def _normalized(e, a, var, eps, scaled, shifted, lines):
    """The body of a normalization: (a[0] - a[1]) / sqrt(var + eps), times
    a[3] if ``scaled``, plus the next argument if ``shifted``, after
    ``lines``."""
    f = e.fresh
    k, s, r, c, y = f("x"), f("x"), f("x"), f("x"), f("x")
    lines = lines + [f"{k} = arith.constant {_float(eps)} : f32",
                     f"{s} = arith.addf {var}, {k} : f32",
                     f"{r} = math.sqrt {s} : f32",
                     f"{c} = arith.subf {a[0]}, {a[1]} : f32",
                     f"{y} = arith.divf {c}, {r} : f32"]
    at = 3
    if scaled:
        m = f("x")
        lines.append(f"{m} = arith.mulf {y}, {a[at]} : f32")
        y, at = m, at + 1
    if shifted:
        m = f("x")
        lines.append(f"{m} = arith.addf {y}, {a[at]} : f32")
        y = m
    return lines, y


@handles("aten.native_layer_norm.default")
def _layer_norm(e, node):
    x = e.value(node.args[0])
    shape = node.args[1]
    weight = e.value(node.args[2]) if node.args[2] is not None else None
    bias = e.value(node.args[3]) if node.args[3] is not None else None
    eps = node.args[4]
    n = len(shape)
    dims = list(range(x.rank - n, x.rank))
    out = e.out_value(node, 0)
    sizes = [out.shape[i] if out.shape[i] is not None else e.dim(x, i)
             for i in range(x.rank)]
    ident = [f"d{i}" for i in range(x.rank)]
    red_map = [f"d{i}" for i in range(x.rank - n)]
    red_exprs = x.exprs[:x.rank - n]
    red_sizes = sizes[:x.rank - n]
    iterators = ["reduction" if i in dims else "parallel"
                 for i in range(x.rank)]
    count = _count(e, x, dims)

    def accumulate(value_lines):
        acc = Value(None, red_exprs, "f32")
        init = e.filled(acc, red_sizes, 0.0)
        acc.name = e.generic(acc, red_sizes, value_lines[0], value_lines[1],
                             iterators, init=init, out_map=red_map)
        return acc

    def sumbody(args, acc):
        r = e.fresh("x")
        return [f"{r} = arith.addf {args[0]}, {acc} : f32"], r
    total = accumulate(([(x, ident)], sumbody))

    def meanbody(args, _o):
        r = e.fresh("x")
        return [f"{r} = arith.divf {args[0]}, {count} : f32"], r
    mean = Value(None, red_exprs, "f32")
    mean.name = e.generic(
        mean, red_sizes, [(total, [f"d{i}" for i in range(len(red_exprs))])],
        meanbody)

    def sqbody(args, acc):
        d, s, r = e.fresh("x"), e.fresh("x"), e.fresh("x")
        return [f"{d} = arith.subf {args[0]}, {args[1]} : f32",
                f"{s} = arith.mulf {d}, {d} : f32",
                f"{r} = arith.addf {s}, {acc} : f32"], r
    sq = accumulate(([(x, ident), (mean, red_map)], sqbody))
    ins = [(x, ident), (mean, red_map), (sq, red_map)]
    wmap = [f"d{i}" for i in dims]
    if weight is not None:
        ins.append((weight, wmap))
    if bias is not None:
        ins.append((bias, wmap))

    def body(a, _o):
        var = e.fresh("x")
        return _normalized(e, a, var, eps, weight is not None,
                           bias is not None,
                           [f"{var} = arith.divf {a[2]}, {count} : f32"])
    out.name = e.generic(out, sizes, ins, body)
    return (out, None, None)


# ----------------------------------------------------------------------
# Matrix products.


def _matmul_into(e, node, op, a, b, out, sizes, init):
    out.name = e.fresh("m")
    e.op(f"{out.name} = linalg.{op} ins({a.name}, {b.name} : {a.type}, "
         f"{b.type}) outs({init} : {out.type}) -> {out.type}")
    return out


def _check_inner(e, node, a, i, b, j):
    if a.shape[i] is None or b.shape[j] is None:
        eq = e.fresh("b")
        e.op(f"{eq} = arith.cmpi eq, {e.dim(a, i)}, {e.dim(b, j)} : index")
        e.check(eq, f"{node.name}: mismatched inner size of a matrix "
                    f"product")


@handles("aten.mm.default")
def _mm(e, node):
    a, b = e.value(node.args[0]), e.value(node.args[1])
    out = e.out_value(node)
    _check_inner(e, node, a, 1, b, 0)
    sizes = [out.shape[0] if out.shape[0] is not None else e.dim(a, 0),
             out.shape[1] if out.shape[1] is not None else e.dim(b, 1)]
    init = e.filled(out, sizes, 0.0)
    return _matmul_into(e, node, "matmul", a, b, out, sizes, init)


@handles("aten.bmm.default")
def _bmm(e, node):
    a, b = e.value(node.args[0]), e.value(node.args[1])
    out = e.out_value(node)
    _check_inner(e, node, a, 0, b, 0)
    _check_inner(e, node, a, 2, b, 1)
    sizes = [out.shape[0] if out.shape[0] is not None else e.dim(a, 0),
             out.shape[1] if out.shape[1] is not None else e.dim(a, 1),
             out.shape[2] if out.shape[2] is not None else e.dim(b, 2)]
    init = e.filled(out, sizes, 0.0)
    return _matmul_into(e, node, "batch_matmul", a, b, out, sizes, init)


@handles("aten.addmm.default")
def _addmm(e, node):
    bias, a, b = (e.value(x) for x in node.args[:3])
    if node.kwargs.get("beta", 1) != 1 or node.kwargs.get("alpha", 1) != 1:
        raise ExportError(f"node '{node.name}': addmm with beta or alpha")
    out = e.out_value(node)
    _check_inner(e, node, a, 1, b, 0)
    sizes = [out.shape[0] if out.shape[0] is not None else e.dim(a, 0),
             out.shape[1] if out.shape[1] is not None else e.dim(b, 1)]
    ins, _ = e.broadcast_operands(node, out, [bias], sizes)
    broadcast = Value(None, out.exprs, out.elem)
    broadcast.name = e.generic(broadcast, sizes, ins,
                               lambda args, _o: ([], args[0]))
    return _matmul_into(e, node, "matmul", a, b, out, sizes, broadcast.name)


# ----------------------------------------------------------------------
# Convolution and pooling.


def _pad(e, v, pads, value, node):
    """tensor.pad of the two trailing (spatial) dims of an NCHW value."""
    if not any(pads):
        return v
    exprs = list(v.exprs)
    for k, p in enumerate(pads):
        exprs[2 + k] = exprs[2 + k] + 2 * p
    out = Value(e.fresh("pad"), exprs, v.elem)
    low = ", ".join(["0", "0"] + [str(p) for p in pads])
    scalar = e.scalar(value, v.elem)
    idx = ", ".join(f"{e.fresh('j')}: index" for _ in range(v.rank))
    e.op(f"{out.name} = tensor.pad {v.name} low[{low}] high[{low}] {{",
         region=True)
    e.lines.append(f"    ^bb0({idx}):")
    e.lines.append(f"      tensor.yield {scalar} : {v.elem}")
    e.lines.append(f"    }} : {v.type} to {out.type}{e.loc}")
    return out


def _window_sizes(e, node, x, out, kernel, stride, padding, dilation):
    """The output sizes of a convolution or pooling window, computed as
    torch does: (H + 2p - d (k - 1) - 1) / s + 1."""
    sizes = []
    for i in range(2):
        d = 2 + i
        if out.shape[d] is not None:
            sizes.append(out.shape[d])
            continue
        h = e.dim(x, d)
        num = e.arith("addi", h, 2 * padding[i] - dilation[i] * (
            kernel[i] - 1) - 1)
        quot = e.arith("divsi", num, stride[i])
        sizes.append(e.arith("addi", quot, 1))
    return sizes


@handles("aten.convolution.default")
def _convolution(e, node):
    x, w = e.value(node.args[0]), e.value(node.args[1])
    bias = e.value(node.args[2]) if node.args[2] is not None else None
    stride, padding, dilation, transposed, _, groups = node.args[3:9]
    if transposed or x.rank != 4:
        raise ExportError(f"node '{node.name}': only 2-D, non-transposed "
                          f"convolutions are supported")
    out = e.out_value(node)
    kernel = w.shape[2:]
    padded = _pad(e, x, padding, 0.0, node)
    n = out.shape[0] if out.shape[0] is not None else e.dim(x, 0)
    sizes = [n, w.shape[0]] + _window_sizes(e, node, x, out, kernel, stride,
                                           padding, dilation)
    if bias is not None:
        init = Value(None, out.exprs, out.elem)
        init.name = e.generic(init, sizes, [(bias, ["d1"])],
                              lambda args, _o: ([], args[0]))
        init = init.name
    else:
        init = e.filled(out, sizes, 0.0)
    attrs = (f"{{dilations = dense<[{dilation[0]}, {dilation[1]}]> : "
             f"vector<2xi64>, strides = dense<[{stride[0]}, {stride[1]}]> : "
             f"vector<2xi64>}}")
    channels = x.shape[1]
    out.name = e.fresh("conv")
    if groups == 1:
        e.op(f"{out.name} = linalg.conv_2d_nchw_fchw {attrs} ins("
             f"{padded.name}, {w.name} : {padded.type}, {w.type}) outs("
             f"{init} : {out.type}) -> {out.type}")
        return out
    if groups == channels and w.shape[0] == channels and w.shape[1] == 1:
        flat = Value(e.fresh("wk"), [w.shape[0]] + w.shape[2:], w.elem)
        e.op(f"{flat.name} = tensor.collapse_shape {w.name} [[0, 1], [2], "
             f"[3]] : {w.type} into {flat.type}")
        e.op(f"{out.name} = linalg.depthwise_conv_2d_nchw_chw {attrs} ins("
             f"{padded.name}, {flat.name} : {padded.type}, {flat.type}) outs("
             f"{init} : {out.type}) -> {out.type}")
        return out
    out.name = grouped_convolution(e, node, padded, w, out, init, stride,
                                   dilation, groups)
    return out


@handles("aten.max_pool2d_with_indices.default")
def _max_pool(e, node):
    x = e.value(node.args[0])
    args = list(node.args) + [None] * 6
    kernel = args[1]
    stride = args[2] or kernel
    padding = args[3] if args[3] is not None else [0, 0]
    dilation = args[4] if args[4] is not None else [1, 1]
    ceil_mode = args[5] or False
    kernel, stride, padding, dilation = (list(v) * (2 if len(v) == 1 else 1)
                                         for v in (kernel, stride, padding,
                                                   dilation))
    if ceil_mode:
        raise ExportError(f"node '{node.name}': max_pool2d with ceil_mode")
    out = e.out_value(node, 0)
    padded = _pad(e, x, padding, float("-inf"), node)
    sizes = [out.shape[i] if out.shape[i] is not None else e.dim(x, i)
             for i in range(2)]
    sizes += _window_sizes(e, node, x, out, kernel, stride, padding,
                           dilation)
    init = e.filled(out, sizes, float("-inf"))
    window = e.fresh("win")
    wtype = ttype(kernel, "f32")
    e.op(f"{window} = tensor.empty() : {wtype}")
    out.name = e.fresh("pool")
    e.op(f"{out.name} = linalg.pooling_nchw_max {{dilations = dense<["
         f"{dilation[0]}, {dilation[1]}]> : vector<2xi64>, strides = dense<["
         f"{stride[0]}, {stride[1]}]> : vector<2xi64>}} ins({padded.name}, "
         f"{window} : {padded.type}, {wtype}) outs({init} : {out.type}) -> "
         f"{out.type}")
    if any(u in e.live and u.args[1] != 0 for u in node.users):
        raise ExportError(f"node '{node.name}': the indices of max_pool2d "
                          f"are not supported")
    return (out, None)


@handles("aten.embedding.default")
def _embedding(e, node):
    weight, ids = e.value(node.args[0]), e.value(node.args[1])
    out = e.out_value(node)
    sizes = [out.shape[i] if out.shape[i] is not None else e.dim(ids, i)
             for i in range(ids.rank)] + [weight.shape[1]]
    rank = out.rank

    def body(args, _o):
        f = e.fresh
        i, c, r = f("x"), f("x"), f("x")
        return [f"{i} = arith.index_cast {args[0]} : {ids.elem} to index",
                f"{c} = linalg.index {rank - 1} : index",
                f"{r} = tensor.extract {weight.name}[{i}, {c}] : "
                f"{weight.type}"], r
    out.name = e.generic(out, sizes, [(ids, [f"d{i}" for i in range(
        ids.rank)])], body)
    return out


# ----------------------------------------------------------------------
# Comparisons, ranges.


def _compare(fpred, ipred):
    def compute(e, node):
        operands = [_operand(e, node, a) for a in node.args[:2]]
        elem = next(v.elem for v in operands if isinstance(v, Value))

        def body(s, _elem):
            (x, xe), (y, ye) = s
            r = e.fresh("x")
            if elem == "f32":
                return [f"{r} = arith.cmpf {fpred}, {x}, {y} : f32"], r
            return [f"{r} = arith.cmpi {ipred}, {x}, {y} : {elem}"], r
        out = e.out_value(node)
        ins, sizes = e.broadcast_operands(node, out, operands)
        scalars = [v for v in operands if not isinstance(v, Value)]

        def full_body(args, _o):
            it = iter(args)
            pairs, lines = [], []
            for v in operands:
                if isinstance(v, Value):
                    pairs.append((next(it), v.elem))
                else:
                    k = e.fresh("k")
                    lines.append(f"{k} = arith.constant {_float(v)} : f32"
                                 if elem == "f32" else
                                 f"{k} = arith.constant {int(v)} : {elem}")
                    pairs.append((k, elem))
            more, r = body(pairs, elem)
            return lines + more, r
        del scalars
        out.name = e.generic(out, sizes, ins, full_body)
        return out
    return compute


for _name, _fp, _ip in (("gt", "ogt", "sgt"), ("lt", "olt", "slt"),
                        ("ge", "oge", "sge"), ("le", "ole", "sle"),
                        ("eq", "oeq", "eq"), ("ne", "une", "ne")):
    handles(f"aten.{_name}.Scalar", f"aten.{_name}.Tensor")(
        _compare(_fp, _ip))


@handles("aten.arange.default", "aten.arange.start",
         "aten.arange.start_step")
def _arange(e, node):
    args = list(node.args)
    if str(node.target).endswith("default"):
        start, end, step = 0, args[0], 1
    else:
        start, end = args[0], args[1]
        step = args[2] if len(args) > 2 else 1
    if not isinstance(start, int) or step != 1:
        raise ExportError(f"node '{node.name}': arange with a start or step "
                          f"other than 0 and 1")
    out = e.out_value(node)
    length = e.index(end) if start == 0 else e.arith(
        "subi", e.index(end), e.index(start))
    sizes = [out.shape[0] if out.shape[0] is not None else length]

    def body(_args, _o):
        i, c, r = e.fresh("x"), e.fresh("x"), e.fresh("x")
        lines = [f"{i} = linalg.index 0 : index"]
        if start:
            lines.append(f"{c} = arith.addi {i}, {e.index(start)} : index")
            i = c
        if out.elem == "f32":
            n = e.fresh("x")
            lines += [f"{n} = arith.index_cast {i} : index to i64",
                      f"{r} = arith.sitofp {n} : i64 to f32"]
        else:
            lines.append(f"{r} = arith.index_cast {i} : index to "
                         f"{out.elem}")
        return lines, r
    out.name = e.generic(out, sizes, [], body)
    return out


def _sigmoid_lines(e, a):
    one, n, x, d, r = (e.fresh("x") for _ in range(5))
    return [f"{one} = arith.constant 1.0 : f32",
            f"{n} = arith.negf {a} : f32",
            f"{x} = math.exp {n} : f32",
            f"{d} = arith.addf {x}, {one} : f32",
            f"{r} = arith.divf {one}, {d} : f32"], r


def _sigmoid(e, node, a, elem):
    return _sigmoid_lines(e, a)


def _silu(e, node, a, elem):
    lines, s = _sigmoid_lines(e, a)
    r = e.fresh("x")
    return lines + [f"{r} = arith.mulf {a}, {s} : f32"], r


handles("aten.sigmoid.default", "aten.sigmoid_.default")(_unary(_sigmoid))
handles("aten.silu.default", "aten.silu_.default")(_unary(_silu))


def grouped_convolution(e, node, padded, w, out, init, stride, dilation,
                        groups):
    """A convolution with 1 < groups as a linalg.generic: output channel f
    reads input channels (f floordiv F_g) * C_g + c."""
    per_group_out = w.shape[0] // groups
    per_group_in = w.shape[1]
    maps = [
        ["d0", f"(d1 floordiv {per_group_out}) * {per_group_in} + d4",
         f"d2 * {stride[0]} + d5 * {dilation[0]}",
         f"d3 * {stride[1]} + d6 * {dilation[1]}"],
        ["d1", "d4", "d5", "d6"],
    ]

    def body(args, acc):
        m, r = e.fresh("x"), e.fresh("x")
        return [f"{m} = arith.mulf {args[0]}, {args[1]} : f32",
                f"{r} = arith.addf {acc}, {m} : f32"], r
    return e.generic(out, None, [(padded, maps[0]), (w, maps[1])], body,
                     iterators=["parallel"] * 4 + ["reduction"] * 3,
                     init=init, out_map=["d0", "d1", "d2", "d3"])


@handles("aten.avg_pool2d.default")
def _avg_pool(e, node):
    x = e.value(node.args[0])
    args = list(node.args) + [None] * 7
    kernel = list(args[1])
    stride = list(args[2] or kernel)
    padding = list(args[3] if args[3] is not None else [0, 0])
    ceil_mode = args[4] or False
    count_include_pad = True if args[5] is None else args[5]
    divisor = args[6]
    kernel, stride, padding = (v * 2 if len(v) == 1 else v
                               for v in (kernel, stride, padding))
    if ceil_mode or (any(padding) and not count_include_pad):
        raise ExportError(f"node '{node.name}': avg_pool2d with ceil_mode "
                          f"or padding not counted is not supported")
    out = e.out_value(node)
    padded = _pad(e, x, padding, 0.0, node)
    sizes = [out.shape[i] if out.shape[i] is not None else e.dim(x, i)
             for i in range(2)]
    sizes += _window_sizes(e, node, x, out, kernel, stride, padding, [1, 1])
    init = e.filled(out, sizes, 0.0)
    window = e.fresh("win")
    wtype = ttype(kernel, "f32")
    e.op(f"{window} = tensor.empty() : {wtype}")
    total = Value(e.fresh("pool"), out.exprs, out.elem)
    e.op(f"{total.name} = linalg.pooling_nchw_sum {{dilations = dense<1> : "
         f"vector<2xi64>, strides = dense<[{stride[0]}, {stride[1]}]> : "
         f"vector<2xi64>}} ins({padded.name}, {window} : {padded.type}, "
         f"{wtype}) outs({init} : {out.type}) -> {out.type}")
    count = e.scalar(float(divisor or kernel[0] * kernel[1]), "f32")
    return _divide_by(e, node, total, sizes, count)
