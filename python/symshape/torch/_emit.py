"""From a symbolic aten graph to MLIR in upstream dialects.

The text is what torch-mlir's linalg-on-tensors backend writes: ``func``,
``arith``, ``tensor`` and ``linalg`` (named ops where one exists, generics
elsewhere), sizes read with ``tensor.dim`` and computed with ``arith`` from
the operands' sizes (never copied from the trace), ``expand_shape`` with
``output_shape``, and ``cf.assert`` where torch checks sizes at run time
(broadcasts of dynamic dims, the trace's guards). The trace's symbolic sizes
only decide which dims are static in the types, and are checked against
what the emitted code computes by symshape itself.
"""

import operator

import sympy
import torch

from ._trace import ExportError

try:
    from torch.fx.experimental.symbolic_shapes import FloorDiv
except ImportError:  # pragma: no cover - torch 1.13 has it
    FloorDiv = None

_ELEM = {
    torch.float32: "f32",
    torch.int64: "i64",
    torch.int32: "i32",
    torch.bool: "i1",
}

_NEG_INF = "0xFF800000"


def _elem(dtype, where):
    try:
        return _ELEM[dtype]
    except KeyError:
        raise ExportError(f"{where}: element type {dtype} is not supported "
                          f"(float32, int64, int32 and bool are)") from None


def ttype(shape, elem):
    dims = "".join(("?" if d is None else str(d)) + "x" for d in shape)
    return f"tensor<{dims}{elem}>"


def _static(expr):
    return int(expr) if isinstance(expr, (int, sympy.Integer)) else None


class Value:
    """A tensor SSA value: its name, sizes (int, or None when dynamic), the
    trace's expressions of its sizes and its element type."""

    __slots__ = ("name", "shape", "exprs", "elem")

    def __init__(self, name, exprs, elem):
        self.name = name
        self.exprs = [sympy.sympify(e) for e in exprs]
        self.shape = [_static(e) for e in self.exprs]
        self.elem = elem

    @property
    def type(self):
        return ttype(self.shape, self.elem)

    @property
    def rank(self):
        return len(self.shape)


def broadcast_map(v, j, out):
    """``"0"`` if dim ``j`` of ``v`` is a unit dim broadcast along the
    matching (trailing-aligned) dim of ``out``, else None."""
    k = j + out.rank - v.rank
    return "0" if v.shape[j] == 1 and out.shape[k] != 1 else None


def _affine(rank, results):
    dims = ", ".join(f"d{i}" for i in range(rank))
    return f"affine_map<({dims}) -> ({', '.join(results)})>"


def _float(value):
    if value == float("inf"):
        return "0x7F800000"
    if value == float("-inf"):
        return _NEG_INF
    if value != value:
        return "0x7FC00000"
    mantissa, _, exponent = repr(float(value)).partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    return mantissa + ("e" + exponent if exponent else "")


class Emitter:
    """Emits one function for one trace."""

    def __init__(self, trace, func_name, weights, inputs_meta, location):
        self.trace = trace
        self.func_name = func_name
        self.weights_as_args = weights == "arguments"
        self.inputs_meta = inputs_meta  # per input: list of Dim or None
        self.location = location
        self.lines = []
        self.consts = {}
        self.const_lines = []
        self.counter = 0
        self.env = {}
        self.dims = {}
        self.resources = []
        self.stats = {"ops": 0, "asserts": 0, "copies": 0}
        self.loc = ""

    # ------------------------------------------------------------------
    # Small builders.

    def fresh(self, prefix="v"):
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def op(self, text, region=False):
        """Appends an op; one with a region gets its location on the line
        that closes the region."""
        self.lines.append(f"    {text}" + ("" if region else self.loc))
        self.stats["ops"] += 1

    def index(self, value):
        """An index SSA value for an int or a SymInt node's value."""
        if isinstance(value, str):
            return value
        if isinstance(value, int):
            if value not in self.consts:
                name = f"%c{value}" if value >= 0 else f"%cm{-value}"
                self.consts[value] = name
                self.const_lines.append(
                    f"    {name} = arith.constant {value} : index")
            return self.consts[value]
        if isinstance(value, torch.fx.Node):
            result = self.env[value]
            if not isinstance(result, str):
                raise ExportError(f"node '{value.name}' is not a size")
            return result
        raise ExportError(f"unsupported size argument {value!r}")

    def dim(self, v, i):
        """The size of dim ``i`` of ``v`` as index SSA (a constant when it
        is static)."""
        if v.shape[i] is not None:
            return self.index(v.shape[i])
        key = (v.name, i)
        if key not in self.dims:
            name = self.fresh("d")
            self.op(f"{name} = tensor.dim {v.name}, {self.index(i)} : "
                    f"{v.type}")
            self.dims[key] = name
        return self.dims[key]

    def arith(self, opname, a, b):
        name = self.fresh("i")
        self.op(f"{name} = arith.{opname} {self.index(a)}, {self.index(b)} : "
                f"index")
        return name

    def empty(self, out, sizes):
        dyn = [sizes[i] for i, d in enumerate(out.shape) if d is None]
        name = self.fresh("e")
        args = ", ".join(self.index(s) for s in dyn)
        self.op(f"{name} = tensor.empty({args}) : {out.type}")
        return name

    def scalar(self, value, elem):
        name = self.fresh("s")
        if elem == "f32":
            self.op(f"{name} = arith.constant {_float(value)} : f32")
        elif elem == "i1":
            self.op(f"{name} = arith.constant {'true' if value else 'false'}"
                    f" : i1")
        else:
            self.op(f"{name} = arith.constant {int(value)} : {elem}")
        return name

    def filled(self, out, sizes, value):
        init = self.empty(out, sizes)
        scalar = self.scalar(value, out.elem)
        name = self.fresh("f")
        self.op(f"{name} = linalg.fill ins({scalar} : {out.elem}) outs({init}"
                f" : {out.type}) -> {out.type}")
        return name

    def check(self, condition, message):
        text = message.replace("\\", "\\\\").replace('"', '\\"')
        self.op(f'cf.assert {condition}, "{text}"')
        self.stats["asserts"] += 1

    def generic(self, out, sizes, ins, body, iterators=None, init=None,
                out_map=None):
        """A linalg.generic. ``ins`` is a list of (Value, map results);
        ``body(args, out_arg)`` returns (lines, result) over block argument
        names. Returns the result's name."""
        rank = len(iterators) if iterators else out.rank
        iterators = iterators or ["parallel"] * rank
        if init is None:
            init = self.empty(out, sizes)  # sizes are only read here
        out_map = out_map or [f"d{i}" for i in range(out.rank)]
        maps = [_affine(rank, m) for _, m in ins] + [_affine(rank, out_map)]
        args = [self.fresh("a") for _ in ins]
        out_arg = self.fresh("o")
        lines, result = body(args, out_arg)
        name = self.fresh("g")
        ins_text = ""
        if ins:
            ins_text = (f" ins({', '.join(v.name for v, _ in ins)} : "
                        f"{', '.join(v.type for v, _ in ins)})")
        block = ", ".join(f"{a}: {v.elem}" for a, (v, _) in zip(args, ins))
        block = (block + ", " if block else "") + f"{out_arg}: {out.elem}"
        its = ", ".join(f'"{i}"' for i in iterators)
        self.op(f"{name} = linalg.generic {{indexing_maps = [{', '.join(maps)}"
                f"], iterator_types = [{its}]}}{ins_text} outs({init} : "
                f"{out.type}) {{", region=True)
        self.lines.append(f"    ^bb0({block}):")
        for line in lines:
            self.lines.append(f"      {line}")
        self.lines.append(f"      linalg.yield {result} : {out.elem}")
        self.lines.append(f"    }} -> {out.type}{self.loc}")
        return name

    # ------------------------------------------------------------------
    # Values of nodes.

    def value(self, node, where="operand"):
        if not isinstance(node, torch.fx.Node):
            raise ExportError(f"{where}: expected a tensor, got {node!r}")
        result = self.env.get(node)
        if not isinstance(result, Value):
            raise ExportError(f"{where}: node '{node.name}' is not a tensor")
        return result

    def result(self, node, name, index=None):
        val = node.meta.get("val")
        if index is not None:
            if isinstance(val, (tuple, list)):
                val = val[index]
            else:
                val = next(u.meta.get("val") for u in node.users
                           if u.target is operator.getitem and
                           u.args[1] == index)
        exprs = [self.trace.expr(s) for s in val.shape]
        return Value(name, exprs, _elem(val.dtype, node.name))

    def out_value(self, node, index=None):
        """A Value for a node's result (its name not yet assigned)."""
        return self.result(node, None, index)

    def out_sizes_like(self, out, source, mapping):
        """Sizes of ``out`` where out dim i has the size of source dim
        ``mapping[i]`` (or a static size)."""
        return [out.shape[i] if out.shape[i] is not None else
                self.dim(source, mapping[i]) for i in range(out.rank)]

    # ------------------------------------------------------------------
    # Elementwise with broadcasting.

    def broadcast_operands(self, node, out, operands, given=None):
        """Maps and sizes for elementwise operands (Values or scalars)
        broadcast to ``out`` as torch does, with a cf.assert where two
        dynamic sizes must agree."""
        ins = []
        sizes = list(given) if given is not None else list(out.shape)
        owners = [[] for _ in range(out.rank)]
        for v in operands:
            if not isinstance(v, Value):
                continue
            lead = out.rank - v.rank
            results = []
            for j in range(v.rank):
                k = j + lead
                if broadcast_map(v, j, out):
                    results.append("0")
                    continue
                if sympy.simplify(v.exprs[j] - out.exprs[k]) != 0:
                    raise ExportError(
                        f"node '{node.name}': operand size {v.exprs[j]} "
                        f"does not broadcast to {out.exprs[k]}")
                results.append(f"d{k}")
                owners[k].append((v, j))
            ins.append((v, results))
        for k, pairs in enumerate(owners):
            if out.shape[k] is not None:
                # A dynamic operand dim where the result is static.
                for v, j in pairs:
                    if v.shape[j] is None:
                        eq = self.fresh("b")
                        self.op(f"{eq} = arith.cmpi eq, {self.dim(v, j)}, "
                                f"{self.index(out.shape[k])} : index")
                        self.check(eq, f"{node.name}: mismatched size for "
                                       f"broadcast")
                continue
            if not pairs:
                if given is None:
                    raise ExportError(f"node '{node.name}': no operand gives "
                                      f"the size of dim {k}")
                continue
            first_v, first_j = pairs[0]
            sizes[k] = self.dim(first_v, first_j)
            for v, j in pairs[1:]:
                eq = self.fresh("b")
                self.op(f"{eq} = arith.cmpi eq, {sizes[k]}, "
                        f"{self.dim(v, j)} : index")
                self.check(eq, f"{node.name}: mismatched size for broadcast")
        return ins, sizes

    def elementwise(self, node, operands, compute):
        """``compute(scalars, elem)`` returns (lines, result) from the
        block arguments (and scalar constants) in operand order."""
        out = self.out_value(node)
        ins, sizes = self.broadcast_operands(node, out, operands)
        arg_elem = [v.elem if isinstance(v, Value) else None
                    for v in operands]

        def body(args, _out):
            it = iter(args)
            scalars = []
            lines = []
            for v, elem in zip(operands, arg_elem):
                if isinstance(v, Value):
                    scalars.append((next(it), v.elem))
                else:
                    name = self.fresh("k")
                    if out.elem == "f32" or isinstance(v, float):
                        lines.append(f"{name} = arith.constant {_float(v)} : "
                                     f"f32")
                        scalars.append((name, "f32"))
                    else:
                        lines.append(f"{name} = arith.constant {int(v)} : "
                                     f"{out.elem}")
                        scalars.append((name, out.elem))
            more, result = compute(scalars, out.elem)
            return lines + more, result

        out.name = self.generic(out, sizes, ins, body)
        return out

    # ------------------------------------------------------------------
    # The function.

    def run(self):
        gm = self.trace.gm
        placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
        n_params = len(self.trace.param_names)
        params, inputs = placeholders[:n_params], placeholders[n_params:]
        signature = []
        for index, node in enumerate(inputs):
            val = node.meta["val"]
            v = Value(f"%arg{index}", [self.trace.expr(s) for s in val.shape],
                      _elem(val.dtype, node.name))
            self.env[node] = v
            signature.append(f"{v.name}: {v.type}{self.arg_attrs(index, v)}")
        live = self.live = _live_nodes(gm.graph)
        for index, (node, pname) in enumerate(zip(params,
                                                   self.trace.param_names)):
            if node not in live:
                continue  # num_batches_tracked and other unused state
            val = node.meta["val"]
            v = Value(None, [self.trace.expr(s) for s in val.shape],
                      _elem(val.dtype, pname))
            if self.weights_as_args:
                v.name = f"%w{index}"
                signature.append(f"{v.name}: {v.type} {{symshape.weight = "
                                 f"\"{pname}\"}}")
            else:
                key = "torch_" + "".join(
                    c if c.isalnum() else "_" for c in pname)
                v.name = f"%p{index}"
                self.const_lines.append(
                    f"    {v.name} = arith.constant dense_resource<{key}> : "
                    f"{v.type}")
                self.resources.append((key, pname))
            self.env[node] = v
        self.emit_guards(inputs)
        outputs = None
        for node in gm.graph.nodes:
            if node.op == "placeholder" or (node.op == "call_function" and
                                            node not in live):
                continue
            if node.op == "output":
                outputs = node.args[0]
                continue
            if node.op == "get_attr":
                self.emit_constant(node)
                continue
            if node.op != "call_function":
                raise ExportError(
                    f"node '{node.name}': {node.op} is not supported")
            self.loc = f' loc("{node.name}")'
            try:
                self.emit_node(node)
            finally:
                self.loc = ""
        if not isinstance(outputs, (tuple, list)):
            outputs = [outputs]
        results = [self.value(o, "output") for o in outputs]
        result_types = ", ".join(r.type for r in results)
        if len(results) > 1:
            result_types = f"({result_types})"
        head = (f"  func.func @{self.func_name}({', '.join(signature)}) -> "
                f"{result_types} {{")
        ret = (f"    return {', '.join(r.name for r in results)} : "
               f"{', '.join(r.type for r in results)}")
        return "\n".join([head] + self.const_lines + self.lines +
                         [ret, "  }"])

    def emit_constant(self, node):
        """A tensor constant of the graph (``torch.tensor(...)`` in the
        model) as a dense literal."""
        tensor = getattr(self.trace.gm, node.target)
        elem = _elem(tensor.dtype, node.name)
        v = Value(self.fresh("cst"), list(tensor.shape), elem)
        flat = tensor.detach().reshape(-1).tolist()
        if elem == "f32":
            items = [_float(x) for x in flat]
        elif elem == "i1":
            items = ["true" if x else "false" for x in flat]
        else:
            items = [str(int(x)) for x in flat]
        body = items[0] if len(set(items)) == 1 else "[" + ", ".join(
            items) + "]"
        if len(items) > 1 and len(set(items)) != 1 and tensor.dim() != 1:
            raise ExportError(f"node '{node.name}': a constant of rank "
                              f"{tensor.dim()} with distinct values")
        self.const_lines.append(f"    {v.name} = arith.constant dense<{body}>"
                                f" : {v.type}")
        self.env[node] = v

    def arg_attrs(self, index, v):
        dims = self.inputs_meta[index]
        if not any(d is not None for d in dims):
            return ""
        names = ", ".join(f'"{d.name}"' if d else '""' for d in dims)
        ranges = ", ".join(f"#symshape.range<[{d.lo}, {d.hi}]>" if d else
                           "unit" for d in dims)
        divisors = ", ".join(str(d.divisor) if d else "1" for d in dims)
        return (f" {{symshape.dim_names = [{names}], symshape.dim_ranges = "
                f"[{ranges}], symshape.dim_divisors = [{divisors}]}}")

    # ------------------------------------------------------------------
    # Guards.

    def emit_guards(self, inputs):
        """Emits each kept guard of the trace as a cf.assert at entry."""
        symbol_dims = {}
        for node in inputs:
            v = self.env[node]
            for i, e in enumerate(v.exprs):
                if isinstance(e, sympy.Symbol) and e not in symbol_dims:
                    symbol_dims[e] = (v, i)
        for guard in self.trace.kept_guards:
            self.loc = f' loc("guard")'
            cond = self.sym_bool(guard.condition, symbol_dims)
            self.check(cond, f"guard from tracing: {guard.text}")
            self.loc = ""

    def sym_index(self, expr, symbol_dims):
        expr = sympy.sympify(expr)
        if expr.is_Integer:
            return self.index(int(expr))
        if expr.is_Symbol:
            v, i = symbol_dims[expr]
            return self.dim(v, i)
        if expr.is_Add or expr.is_Mul:
            terms = [self.sym_index(a, symbol_dims) for a in expr.args]
            acc = terms[0]
            for t in terms[1:]:
                acc = self.arith("addi" if expr.is_Add else "muli", acc, t)
            return acc
        if FloorDiv is not None and isinstance(expr, FloorDiv):
            a, b = (self.sym_index(x, symbol_dims) for x in expr.args)
            return self.arith("floordivsi", a, b)
        if isinstance(expr, sympy.Mod):
            a, b = (self.sym_index(x, symbol_dims) for x in expr.args)
            return self.arith("remsi", a, b)
        raise ExportError(f"guard expression {expr} is not supported")

    def sym_bool(self, cond, symbol_dims):
        preds = {sympy.Eq: "eq", sympy.Ne: "ne", sympy.Lt: "slt",
                 sympy.Le: "sle", sympy.Gt: "sgt", sympy.Ge: "sge"}
        if isinstance(cond, sympy.Not):
            inner = self.sym_bool(cond.args[0], symbol_dims)
            true = self.fresh("t")
            self.op(f"{true} = arith.constant true")
            name = self.fresh("n")
            self.op(f"{name} = arith.xori {inner}, {true} : i1")
            return name
        for cls, pred in preds.items():
            if isinstance(cond, cls):
                a = self.sym_index(cond.lhs, symbol_dims)
                b = self.sym_index(cond.rhs, symbol_dims)
                name = self.fresh("q")
                self.op(f"{name} = arith.cmpi {pred}, {a}, {b} : index")
                return name
        raise ExportError(f"guard {cond} is not supported")

    # ------------------------------------------------------------------
    # Nodes.

    def emit_node(self, node):
        target = node.target
        if target is operator.getitem:
            source, index = node.args
            self.env[node] = self.env[source][index]
            return
        if target in _SYM_OPS:
            a, b = node.args
            self.env[node] = self.arith(_SYM_OPS[target], self.index(a),
                                        self.index(b))
            return
        key = str(target)
        if key.startswith("aten.sym_size"):
            v = self.value(node.args[0])
            self.env[node] = self.dim(v, node.args[1] % v.rank)
            return
        handler = _HANDLERS.get(key)
        if handler is None:
            raise ExportError(
                f"node '{node.name}': {key} is not supported by the symshape "
                f"frontend")
        result = handler(self, node)
        if _is_inplace(node):
            # The op mutates its first operand: later reads see the result.
            mutated = node.args[0]
            if mutated.op == "placeholder":
                raise ExportError(
                    f"node '{node.name}': in-place {key} on an input")
            if mutated in self.trace.views:
                raise ExportError(
                    f"node '{node.name}': in-place {key} on a view")
            self.env[mutated] = result
        self.env[node] = result


def _is_inplace(node):
    name = str(node.target).split(".")
    return (node.op == "call_function" and len(name) > 1 and
            name[1].endswith("_") and not name[1].startswith("_"))


def _live_nodes(graph):
    """Nodes the output depends on, and in-place ops on live values."""
    live = set()
    nodes = list(graph.nodes)
    changed = True
    while changed:
        changed = False
        for node in reversed(nodes):
            if node in live:
                continue
            if node.op == "output" or any(u in live for u in node.users) or (
                    _is_inplace(node) and isinstance(node.args[0],
                                                     torch.fx.Node) and
                    node.args[0] in live):
                live.add(node)
                changed = True
                for arg in node.all_input_nodes:
                    if arg not in live:
                        live.add(arg)
                        stack = [arg]
                        while stack:
                            for a in stack.pop().all_input_nodes:
                                if a not in live:
                                    live.add(a)
                                    stack.append(a)
    return live


_SYM_OPS = {
    operator.add: "addi",
    operator.sub: "subi",
    operator.mul: "muli",
    operator.floordiv: "floordivsi",
    operator.mod: "remsi",
}

_HANDLERS = {}


def handles(*names):
    def register(fn):
        for name in names:
            _HANDLERS[name] = fn
        return fn
    return register
