"""Program model, generator and size-level interpreter of the symshape fuzzer.

A generated program is a small tree of Python objects (`Program`, `Func`,
`Block`, `Op`, `Value`) that can be

* printed as MLIR in upstream dialects only (func, arith, tensor, linalg, scf,
  cf; symshape only as argument attributes), with a `@main`-like entry that
  calls the functions on concrete shapes and prints every result;
* interpreted at the level of sizes (`run_case`): every index value and every
  tensor shape is computed exactly as the compiled program would, every
  `cf.assert` is evaluated, and every precondition of an op (in-bounds slices,
  non-zero divisors, non-negative sizes, equal elementwise shapes, exact
  `expand_shape` products, ...) is checked. This is the oracle that tells
  which concrete inputs are valid, which must abort, and which would be
  undefined (never run);
* edited (replace uses, drop ops, inline branches) by the minimizer.

Programs are generated valid by construction: a size is either derived so
that it is in bounds (clamps with min/max, suffixes `E - s`, halves, exact
quotients) or guarded by a `cf.assert` of the needed relation, written with a
random predicate and operand order. Tensor data never influences control
flow, so shapes and sizes are all the oracle needs; the numbers themselves
come from running the unprocessed program.
"""

import math
import copy
import random

# --------------------------------------------------------------------------
# Integers: index/i64 arithmetic with 64-bit wrap-around, as arith does.

MASK = (1 << 64) - 1


def wrap(x, bits=64):
    """x as a signed integer of `bits` bits (two's complement wrap-around)."""
    x &= (1 << bits) - 1
    return x - (1 << bits) if x >> (bits - 1) else x


def uns(x, bits=64):
    return x & ((1 << bits) - 1)


class UB(Exception):
    """The program would be undefined on this input."""


class Abort(Exception):
    """A cf.assert failed."""


class TooBig(Exception):
    """Valid, but too large or too long to be worth running."""


class OutOfContract(UB):
    """An expression built from sizes only reaches 2^62 in magnitude: outside
    the no-overflow contract of symshape (DESIGN section 2), so the input is
    never run."""


CONTRACT = 1 << 62
UNSIGNED_OPS = ("divui", "remui", "maxui", "minui")


class Infeasible(Exception):
    """The generator was about to assert something false on every sampled
    input: the statement is abandoned."""


def tdiv(a, b):
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def exact_eval(op, a, b, bits=64):
    """An arith binary op on two signed `bits`-bit values, over the
    mathematical integers (before wrap-around)."""
    if op == "addi":
        return a + b
    if op == "subi":
        return a - b
    if op == "muli":
        return a * b
    if op == "maxsi":
        return max(a, b)
    if op == "minsi":
        return min(a, b)
    if op == "maxui":
        return a if uns(a, bits) >= uns(b, bits) else b
    if op == "minui":
        return a if uns(a, bits) <= uns(b, bits) else b
    if op in ("divsi", "remsi", "floordivsi", "ceildivsi", "divui", "remui"):
        if b == 0:
            raise UB("division by zero (%s)" % op)
        if op == "divui":
            return uns(a, bits) // uns(b, bits)
        if op == "remui":
            return uns(a, bits) % uns(b, bits)
        if a == -(1 << (bits - 1)) and b == -1:
            raise UB("signed division overflow")
        if op == "divsi":
            return tdiv(a, b)
        if op == "remsi":
            return a - tdiv(a, b) * b
        if op == "floordivsi":
            return a // b
        if op == "ceildivsi":
            return -((-a) // b)
    raise ValueError(op)


def arith_eval(op, a, b, bits=64):
    """Evaluates an arith binary op on two signed `bits`-bit values."""
    return wrap(exact_eval(op, a, b, bits), bits)


def cmp_eval(pred, a, b, bits=64):
    if pred[0] == "u":
        a, b = uns(a, bits), uns(b, bits)
        pred = "s" + pred[1:]
    return {"eq": a == b, "ne": a != b, "slt": a < b, "sle": a <= b,
            "sgt": a > b, "sge": a >= b}[pred]


# --------------------------------------------------------------------------
# Intervals used while generating (never by the oracle). INF stands for an
# unbounded end; Python integers make the arithmetic exact.

INF = 10 ** 30


def clampinf(x):
    return INF if x >= INF else (-INF if x <= -INF else x)


class Iv:
    __slots__ = ("lo", "hi")

    def __init__(self, lo, hi):
        self.lo, self.hi = clampinf(lo), clampinf(hi)

    def __repr__(self):
        return "[%s, %s]" % (self.lo, self.hi)

    def meet(self, o):
        return Iv(max(self.lo, o.lo), min(self.hi, o.hi))

    def join(self, o):
        return Iv(min(self.lo, o.lo), max(self.hi, o.hi))

    def nonneg(self):
        return self.lo >= 0

    def has0(self):
        return self.lo <= 0 <= self.hi


WILD = Iv(-INF, INF)
SMALL = 1 << 40  # beyond this a value is "wild": only compared and printed


def iv_bin(op, a, b):
    """A sound interval of `op` over boxes a x b (divisors are non-zero)."""
    if op in ("addi",):
        return Iv(a.lo + b.lo, a.hi + b.hi)
    if op == "subi":
        return Iv(a.lo - b.hi, a.hi - b.lo)
    if op == "muli":
        c = [x * y for x in (a.lo, a.hi) for y in (b.lo, b.hi)]
        return Iv(min(c), max(c))
    if op == "maxsi":
        return Iv(max(a.lo, b.lo), max(a.hi, b.hi))
    if op == "minsi":
        return Iv(min(a.lo, b.lo), min(a.hi, b.hi))
    both = a.nonneg() and b.nonneg()
    if op in ("maxui", "minui"):
        return iv_bin(op.replace("ui", "si"), a, b) if both else WILD
    if op in ("divui", "remui"):
        if not both:
            return WILD
        op = "divsi" if op == "divui" else "remsi"
    if op in ("divsi", "floordivsi", "ceildivsi"):
        parts = []
        if b.lo <= -1:
            parts.append((b.lo, min(b.hi, -1)))
        if b.hi >= 1:
            parts.append((max(b.lo, 1), b.hi))
        fn = {"divsi": tdiv, "floordivsi": lambda x, y: x // y,
              "ceildivsi": lambda x, y: -((-x) // y)}[op]
        c = []
        for lo, hi in parts:
            for x in (a.lo, a.hi):
                for y in (lo, hi):
                    c.append(fn(x, y))
        if not c:
            return WILD
        return Iv(min(c), max(c))
    if op == "remsi":
        m = max(abs(b.lo), abs(b.hi)) - 1
        lo = 0 if a.lo >= 0 else max(a.lo, -m)
        hi = 0 if a.hi <= 0 else min(a.hi, m)
        return Iv(lo, hi)
    raise ValueError(op)


# --------------------------------------------------------------------------
# Types and IR.

class TType:
    """A ranked f32 tensor type; None is a dynamic dim."""
    __slots__ = ("shape",)

    def __init__(self, shape):
        self.shape = tuple(shape)

    @property
    def rank(self):
        return len(self.shape)

    def __eq__(self, o):
        return isinstance(o, TType) and o.shape == self.shape

    def __hash__(self):
        return hash(self.shape)

    def __str__(self):
        return "tensor<" + "".join(
            ("?" if d is None else str(d)) + "x" for d in self.shape) + "f32>"

    def memref(self):
        return "memref<" + "".join(
            ("?" if d is None else str(d)) + "x" for d in self.shape) + "f32>"


INDEX, I1, I64, I32, F32 = "index", "i1", "i64", "i32", "f32"
WIDTH = {INDEX: 64, I64: 64, I32: 32}


def tstr(t):
    return str(t)


# Affine expressions of `affine.apply/min/max` over symbols s0, s1, ...:
# ("s", i), ("c", n), ("+", e, f), ("*", e, n), and ("floordiv" | "ceildiv" |
# "mod", e, n) with n > 0. Evaluated with floor semantics, as lower-affine
# computes them (which marks its products `nsw`: an overflow is undefined).

AFFINE_DIVS = ("floordiv", "ceildiv", "mod")


def affine_str(e):
    k = e[0]
    if k == "s":
        return "s%d" % e[1]
    if k == "c":
        return str(e[1])
    if k == "+":
        return "(%s + %s)" % (affine_str(e[1]), affine_str(e[2]))
    if k == "*":
        return "(%s * %d)" % (affine_str(e[1]), e[2])
    return "(%s %s %d)" % (affine_str(e[1]), k, e[2])


def affine_eval(e, syms, seen=None, limit=1 << 63):
    """The value of `e`; UB where an intermediate reaches `limit` in
    magnitude (2^63: it leaves int64). `seen`, if given, collects (operator,
    dividend < 0) of the divisions evaluated."""
    k = e[0]
    if k == "s":
        return syms[e[1]]
    if k == "c":
        return e[1]
    x = affine_eval(e[1], syms, seen, limit)
    if k == "+":
        r = x + affine_eval(e[2], syms, seen, limit)
    elif k == "*":
        r = x * e[2]
    else:
        n = e[2]
        r = {"floordiv": x // n, "ceildiv": -((-x) // n), "mod": x % n}[k]
        if seen is not None:
            seen.add((k, x < 0))
    if abs(r) >= limit:
        raise UB("affine expression reaches %d in magnitude" % limit)
    return r


def affine_ops(e, out=None):
    """The operators that occur in `e`."""
    out = set() if out is None else out
    if e[0] in ("+", "*") or e[0] in AFFINE_DIVS:
        out.add(e[0])
        for x in e[1:]:
            if isinstance(x, tuple):
                affine_ops(x, out)
    return out


class Value:
    """An SSA value. `t`/`s` (true and sampling intervals) and `ext` (per dim:
    an int, a Value known equal to the dim, or None) are generator hints."""

    def __init__(self, name, type):
        self.name = name
        self.type = type
        self.t = WILD
        self.s = WILD
        self.ext = None
        self.src = None  # provenance hint (collapse source and groups)

    def ref(self):
        return "%" + self.name

    def __repr__(self):
        return "%" + self.name


def is_tensor(v):
    return isinstance(v.type, TType)


class Block:
    def __init__(self, args=()):
        self.args = list(args)
        self.ops = []
        self.yields = []


class Op:
    """kind + results + operands + attrs (+ regions). Mixed int/Value lists
    (offsets, sizes, ...) live in attrs under MIXED keys."""
    MIXED = ("offs", "sizes", "strides", "low", "high", "oshape")

    def __init__(self, kind, results=(), operands=(), regions=(), **attrs):
        self.kind = kind
        self.results = list(results)
        self.operands = list(operands)
        self.regions = list(regions)
        self.attrs = attrs

    def local_uses(self):
        for v in self.operands:
            yield v
        for k in Op.MIXED:
            for x in self.attrs.get(k, ()):
                if isinstance(x, Value):
                    yield x

    def replace_local(self, old, new):
        self.operands = [new if v is old else v for v in self.operands]
        for k in Op.MIXED:
            if k in self.attrs:
                self.attrs[k] = [new if x is old else x for x in self.attrs[k]]


SIDE_EFFECT_KINDS = ("assert",)


class Func:
    def __init__(self, name, private=False):
        self.name = name
        self.private = private
        self.args = []
        # Per argument: None or {"names": [...], "ranges": [...], "divs": [...],
        # "mirrored": bool}; ranges entries are None or (lo, hi|None).
        self.decls = []
        self.body = Block()
        self.returns = []
        self.counter = 0

    def new(self, type, prefix="v"):
        self.counter += 1
        return Value("%s%d" % (prefix, self.counter), type)

    def new_multi(self, types):
        self.counter += 1
        base = "v%d" % self.counter
        if len(types) == 1:
            return [Value(base, types[0])]
        return [Value("%s#%d" % (base, i), t) for i, t in enumerate(types)]


class Case:
    """One call of a public function on concrete inputs."""

    def __init__(self, func, shapes, scalars):
        self.func = func          # function name
        self.shapes = shapes      # per tensor arg: tuple of ints
        self.scalars = scalars    # per index arg: int
        self.status = None        # "ok" | "abort"
        self.violations = []      # declared facts violated: (func, name, mirrored)
        self.observed = []        # (func, private, name, value) at entries
        self.elements = 0
        self.uid = None


class Program:
    def __init__(self, seed):
        self.seed = seed
        self.funcs = []
        self.cases = []
        self.variants = []
        self.family = "classic"
        self.forms = set()        # frontend forms written (coverage)

    def func(self, name):
        for f in self.funcs:
            if f.name == name:
                return f
        return None


# --------------------------------------------------------------------------
# Walking and editing.

def walk_ops(block):
    for op in block.ops:
        yield op
        for r in op.regions:
            yield from walk_ops(r)


def all_uses(func):
    """Every use of a value: in operands, mixed lists, yields and returns."""
    uses = []

    def blk(b):
        for op in b.ops:
            uses.extend(op.local_uses())
            for r in op.regions:
                blk(r)
        uses.extend(b.yields)
    blk(func.body)
    uses.extend(func.returns)
    return uses


def replace_uses(func, old, new):
    def blk(b):
        for op in b.ops:
            op.replace_local(old, new)
            for r in op.regions:
                blk(r)
        b.yields = [new if v is old else v for v in b.yields]
    blk(func.body)
    func.returns = [new if v is old else v for v in func.returns]


def dce(func):
    """Drops ops none of whose results is used (never asserts), to a fixpoint."""
    changed = True
    while changed:
        changed = False
        used = set(id(v) for v in all_uses(func))

        def blk(b):
            nonlocal changed
            keep = []
            for op in b.ops:
                for r in op.regions:
                    blk(r)
                if op.kind in SIDE_EFFECT_KINDS or (
                        op.kind == "call" and not op.results):
                    keep.append(op)
                elif op.results and not any(id(r) in used for r in op.results):
                    changed = True
                elif not op.results and op.kind not in SIDE_EFFECT_KINDS:
                    changed = True
                else:
                    keep.append(op)
            b.ops = keep
        blk(func.body)


# --------------------------------------------------------------------------
# Printing.

def mixed(lst):
    return "[" + ", ".join(x.ref() if isinstance(x, Value) else str(x)
                           for x in lst) + "]"


def idmap(rank):
    d = ", ".join("d%d" % i for i in range(rank))
    return "affine_map<(%s) -> (%s)>" % (d, d)


def results_prefix(op):
    if not op.results:
        return ""
    if len(op.results) == 1:
        return op.results[0].ref() + " = "
    base = op.results[0].name.split("#")[0]
    return "%%%s:%d = " % (base, len(op.results))


EW_BIN = ("addf", "subf", "mulf", "maximumf", "minimumf")


def emit_ew_body(op, ins, ind):
    """The body of an elementwise linalg.generic."""
    lines = []
    names = ["%%in%d" % i for i in range(len(ins))] + ["%out"]
    lines.append(ind + "^bb0(" + ", ".join(n + ": f32" for n in names) + "):")
    fn = op.attrs["fn"]
    if fn[0] == "un":
        _, kind, c = fn
        lines.append(ind + "  %%k = arith.constant %s : f32" % fmtf(c))
        lines.append(ind + "  %%y = arith.%s %%in0, %%k : f32" % kind)
    elif fn[0] == "bin":
        lines.append(ind + "  %%y = arith.%s %%in0, %%in1 : f32" % fn[1])
    elif fn[0] == "acc":
        lines.append(ind + "  %%y = arith.%s %%in0, %%out : f32" % fn[1])
    lines.append(ind + "  linalg.yield %y : f32")
    return lines


def fmtf(c):
    return "%.6e" % c


def emit_block_ops(ops, out, ind, ctx):
    for op in ops:
        emit_op(op, out, ind, ctx)


def emit_gather(op, out, ind):
    """An expand_shape written as the tensor.generate it means: each element
    read from the source at the row-major linearized index of its group."""
    res, src = op.results[0], op.operands[0]
    b = res.ref()[1:]
    groups, oshape = op.attrs["groups"], op.attrs["oshape"]
    rank = res.type.rank
    dyn = [oshape[d].ref() for d in range(rank) if res.type.shape[d] is None]
    out.append(ind + "%s = tensor.generate %s {" % (res.ref(), ", ".join(dyn)))
    out.append(ind + "^bb0(" + ", ".join("%%%s_i%d: index" % (b, d) for d in range(rank)) + "):")
    idx = []
    for gi, g in enumerate(groups):
        lin = "%%%s_i%d" % (b, g[0])
        for d in g[1:]:
            e = oshape[d]
            if isinstance(e, Value):
                ext = e.ref()
            else:
                ext = "%%%s_c%d" % (b, d)
                out.append(ind + "  %s = arith.constant %d : index" % (ext, e))
            m = "%%%s_m%d" % (b, d)
            out.append(ind + "  %s = arith.muli %s, %s : index" % (m, lin, ext))
            lin = "%%%s_l%d" % (b, d)
            out.append(ind + "  %s = arith.addi %s, %%%s_i%d : index" % (lin, m, b, d))
        idx.append(lin)
    out.append(ind + "  %%%s_v = tensor.extract %s[%s] : %s" % (b, src.ref(), ", ".join(idx), src.type))
    out.append(ind + "  tensor.yield %%%s_v : f32" % b)
    out.append(ind + "} : %s" % res.type)


def emit_op(op, out, ind, ctx):
    k = op.kind
    a = op.attrs
    R = results_prefix(op)
    o = op.operands
    if k == "const":
        t = op.results[0].type
        if t == I1:
            out.append(ind + "%s = arith.constant %s" % (
                op.results[0].ref(), "true" if a["value"] else "false"))
        elif t == F32:
            out.append(ind + "%s = arith.constant %s : f32" % (
                op.results[0].ref(), fmtf(a["value"])))
        else:
            out.append(ind + "%s = arith.constant %d : %s" % (
                op.results[0].ref(), a["value"], t))
    elif k == "dim":
        out.append(ind + "%stensor.dim %s, %s : %s" % (
            R, o[0].ref(), o[1].ref(), o[0].type))
    elif k == "bin":
        out.append(ind + "%sarith.%s %s, %s : %s" % (
            R, a["op"], o[0].ref(), o[1].ref(), o[0].type))
    elif k == "cmp":
        out.append(ind + "%sarith.cmpi %s, %s, %s : %s" % (
            R, a["pred"], o[0].ref(), o[1].ref(), o[0].type))
    elif k in ("xori", "andi", "ori"):
        out.append(ind + "%sarith.%s %s, %s : i1" % (R, k, o[0].ref(), o[1].ref()))
    elif k == "affine":
        syms = ", ".join("s%d" % i for i in range(len(o)))
        out.append(ind + "%saffine.%s affine_map<()[%s] -> (%s)>()[%s]" % (
            R, a["fn"], syms, ", ".join(affine_str(e) for e in a["exprs"]),
            ", ".join(v.ref() for v in o)))
    elif k == "select":
        out.append(ind + "%sarith.select %s, %s, %s : %s" % (
            R, o[0].ref(), o[1].ref(), o[2].ref(), o[1].type))
    elif k == "icast":
        out.append(ind + "%sarith.index_cast %s : %s to %s" % (
            R, o[0].ref(), o[0].type, op.results[0].type))
    elif k == "assert":
        out.append(ind + 'cf.assert %s, "%s"' % (o[0].ref(), a["msg"]))
    elif k == "empty":
        out.append(ind + "%stensor.empty(%s) : %s" % (
            R, ", ".join(v.ref() for v in o), op.results[0].type))
    elif k == "fill":
        t = op.results[0].type
        out.append(ind + "%slinalg.fill ins(%s : f32) outs(%s : %s) -> %s" % (
            R, o[0].ref(), o[1].ref(), t, t))
    elif k == "ew":
        ins = o[:-1]
        outs = o[-1]
        rank = outs.type.rank
        maps = ", ".join([idmap(rank)] * (len(ins) + 1))
        its = ", ".join(['"parallel"'] * rank)
        out.append(ind + "%slinalg.generic {indexing_maps = [%s], iterator_types = [%s]} "
                   "ins(%s : %s) outs(%s : %s) {" % (
                       R, maps, its, ", ".join(v.ref() for v in ins),
                       ", ".join(str(v.type) for v in ins), outs.ref(), outs.type))
        out.extend(emit_ew_body(op, ins, ind))
        out.append(ind + "} -> %s" % op.results[0].type)
    elif k == "slice":
        out.append(ind + "%stensor.extract_slice %s%s %s %s : %s to %s" % (
            R, o[0].ref(), mixed(a["offs"]), mixed(a["sizes"]),
            mixed(a["strides"]), o[0].type, op.results[0].type))
    elif k == "insert":
        out.append(ind + "%stensor.insert_slice %s into %s%s %s %s : %s into %s" % (
            R, o[0].ref(), o[1].ref(), mixed(a["offs"]), mixed(a["sizes"]),
            mixed(a["strides"]), o[0].type, o[1].type))
    elif k == "collapse":
        out.append(ind + "%stensor.collapse_shape %s %s : %s into %s" % (
            R, o[0].ref(), str(a["groups"]).replace(" ", "").replace(",", ", "),
            o[0].type, op.results[0].type))
    elif k == "expand":
        res = op.results[0]
        multi = any(sum(1 for d in g if res.type.shape[d] is None) >= 2
                    for g in a["groups"])
        if multi and ctx.get("gather_views"):
            emit_gather(op, out, ind)
        else:
            out.append(ind + "%stensor.expand_shape %s %s output_shape %s : %s into %s" % (
                R, o[0].ref(), str(a["groups"]).replace(" ", "").replace(",", ", "),
                mixed(a["oshape"]), o[0].type, res.type))
    elif k == "pad":
        rank = o[0].type.rank
        out.append(ind + "%stensor.pad %s low%s high%s {" % (
            R, o[0].ref(), mixed(a["low"]), mixed(a["high"])))
        out.append(ind + "^bb0(" + ", ".join("%%i%d: index" % i for i in range(rank)) + "):")
        out.append(ind + "  %%pv = arith.constant %s : f32" % fmtf(a["value"]))
        out.append(ind + "  tensor.yield %pv : f32")
        out.append(ind + "} : %s to %s" % (o[0].type, op.results[0].type))
    elif k == "concat":
        out.append(ind + "%stensor.concat dim(%d) %s : (%s) -> %s" % (
            R, a["dim"], ", ".join(v.ref() for v in o),
            ", ".join(str(v.type) for v in o), op.results[0].type))
    elif k == "tcast":
        out.append(ind + "%stensor.cast %s : %s to %s" % (
            R, o[0].ref(), o[0].type, op.results[0].type))
    elif k == "call":
        out.append(ind + "%sfunc.call @%s(%s) : (%s) -> (%s)" % (
            R, a["callee"], ", ".join(v.ref() for v in o),
            ", ".join(str(v.type) for v in o),
            ", ".join(str(v.type) for v in op.results)))
    elif k == "if":
        types = ", ".join(str(r.type) for r in op.results)
        out.append(ind + "%sscf.if %s -> (%s) {" % (R, o[0].ref(), types))
        for i, b in enumerate(op.regions):
            emit_block_ops(b.ops, out, ind + "  ", ctx)
            out.append(ind + "  scf.yield %s : %s" % (
                ", ".join(v.ref() for v in b.yields), types))
            out.append(ind + ("} else {" if i == 0 else "}"))
    elif k == "for":
        b = op.regions[0]
        inits = o[3:]
        types = ", ".join(str(r.type) for r in op.results)
        out.append(ind + "%sscf.for %s%s = %s to %s step %s iter_args(%s) -> (%s) {" % (
            R, "unsigned " if a["unsigned"] else "", b.args[0].ref(), o[0].ref(),
            o[1].ref(), o[2].ref(),
            ", ".join("%s = %s" % (x.ref(), y.ref()) for x, y in zip(b.args[1:], inits)),
            types))
        emit_block_ops(b.ops, out, ind + "  ", ctx)
        out.append(ind + "  scf.yield %s : %s" % (
            ", ".join(v.ref() for v in b.yields), types))
        out.append(ind + "}")
    elif k == "condbr":
        n = ctx["blocks"]
        ctx["blocks"] += 3
        bt, be, bj = "^bb%d" % (n + 1), "^bb%d" % (n + 2), "^bb%d" % (n + 3)
        types = ", ".join(str(r.type) for r in op.results)
        out.append(ind + "cf.cond_br %s, %s, %s" % (o[0].ref(), bt, be))
        for lbl, b in ((bt, op.regions[0]), (be, op.regions[1])):
            out.append(lbl + ":")
            emit_block_ops(b.ops, out, ind, ctx)
            out.append(ind + "cf.br %s(%s : %s)" % (
                bj, ", ".join(v.ref() for v in b.yields), types))
        out.append("%s(%s):" % (bj, ", ".join("%s: %s" % (r.ref(), r.type)
                                             for r in op.results)))
    else:
        raise ValueError(k)


def range_attr(r):
    if r is None:
        return "unit"
    lo, hi = r
    return "#symshape.range<[%d, %s]>" % (lo, "inf" if hi is None else str(hi))


def emit_func(f, decls=True):
    args = []
    for i, v in enumerate(f.args):
        s = "%s: %s" % (v.ref(), v.type)
        d = f.decls[i] if decls and i < len(f.decls) else None
        if d:
            parts = []
            if d.get("names"):
                parts.append("symshape.dim_names = [%s]" % ", ".join(
                    '"%s"' % n for n in d["names"]))
            if d.get("ranges"):
                parts.append("symshape.dim_ranges = [%s]" % ", ".join(
                    range_attr(r) for r in d["ranges"]))
            if d.get("divs"):
                parts.append("symshape.dim_divisors = [%s]" % ", ".join(
                    str(x) for x in d["divs"]))
            if parts:
                s += " {" + ", ".join(parts) + "}"
        args.append(s)
    rets = ", ".join(str(v.type) for v in f.returns)
    out = ["func.func %s@%s(%s) -> (%s) {" % (
        "private " if f.private else "", f.name, ", ".join(args), rets)]
    # The unprocessed program (no declarations) writes an expand with two
    # dynamic dims in a group as the gather it means: stock MLIR 22.1 cannot
    # lower the expand, and the reference must run.
    ctx = {"blocks": 0, "gather_views": not decls}
    emit_block_ops(f.body.ops, out, "  ", ctx)
    if f.returns:
        out.append("  return %s : %s" % (", ".join(v.ref() for v in f.returns), rets))
    else:
        out.append("  return")
    out.append("}")
    return "\n".join(out)


MARK = 7770000


INPUT_FUNC = "fuzz_input_r%d"


def emit_input_func(rank):
    """A private function that builds an input tensor of rank `rank`: element
    (i0, ..., ik) is ((base + 29 i0 + 7 i1 + 3 i2 + i3) mod 97) - 40. The
    entries call it once per tensor argument, so that a case costs a call
    to compile, not a loop nest of its own."""
    dims = ["%%d%d" % i for i in range(rank)]
    idx = ["%%i%d" % i for i in range(rank)]
    dyn = "x".join("?" for _ in range(rank))
    out = ["func.func private @%s(%s) -> tensor<%sxf32> {" % (
        INPUT_FUNC % rank, ", ".join(d + ": index" for d in dims + ["%base"]), dyn)]
    out.append("  %%g = tensor.generate %s {" % ", ".join(dims))
    out.append("  ^bb0(%s):" % ", ".join(i + ": index" for i in idx))
    mults = [29, 7, 3, 1]
    terms = []
    acc = "%base"
    for i, iv in enumerate(idx):
        terms.append("%%k%d = arith.constant %d : index" % (i, mults[i]))
        terms.append("%%p%d = arith.muli %s, %%k%d : index" % (i, iv, i))
        terms.append("%%s%d = arith.addi %s, %%p%d : index" % (i, acc, i))
        acc = "%%s%d" % i
    terms.append("%y97 = arith.constant 97 : index")
    terms.append("%%yr = arith.remsi %s, %%y97 : index" % acc)
    terms.append("%y40 = arith.constant 40 : index")
    terms.append("%yq = arith.subi %yr, %y40 : index")
    terms.append("%yw = arith.index_cast %yq : index to i64")
    terms.append("%yf = arith.sitofp %yw : i64 to f32")
    terms.append("tensor.yield %yf : f32")
    out.extend("    " + t for t in terms)
    out.append("  } : tensor<%sxf32>" % dyn)
    out.append("  return %%g : tensor<%sxf32>" % dyn)
    out.append("}")
    return "\n".join(out)


def input_ranks(prog, entries):
    """The ranks of the tensor arguments the entries build."""
    ranks = set()
    for _, ids in entries:
        for cid in ids:
            for shape in prog.cases[cid].shapes:
                ranks.add(len(shape))
    return sorted(ranks)


def emit_entry(prog, name, case_ids):
    """An entry function that runs the given cases in order. Before each call
    it prints MARK + case id, then every result of the call."""
    out = ["func.func @%s() {" % name]
    n = [0]

    def fresh(p="m"):
        n[0] += 1
        return "%%%s%d" % (p, n[0])
    consts = {}

    def c(v, t="index"):
        key = (v, t)
        if key not in consts:
            nm = fresh("c")
            out.append("  %s = arith.constant %d : %s" % (nm, v, t))
            consts[key] = nm
        return consts[key]
    for cid in case_ids:
        case = prog.cases[cid]
        f = prog.func(case.func)
        out.append("  // case %d: @%s %s %s" % (cid, f.name, case.shapes, case.scalars))
        mk = c(MARK + cid, "i64")
        out.append("  func.call @printI64(%s) : (i64) -> ()" % mk)
        out.append("  func.call @printNewline() : () -> ()")
        argrefs = []
        ti = si = 0
        for ai, v in enumerate(f.args):
            if is_tensor(v):
                shape = case.shapes[ti]
                base = 11 * ai + 3 * cid + 1
                ti += 1
                g = fresh("g")
                dyn = "x".join("?" for _ in shape)
                out.append("  %s = func.call @%s(%s) : (%s) -> tensor<%sxf32>" % (
                    g, INPUT_FUNC % len(shape),
                    ", ".join([c(d) for d in shape] + [c(base)]),
                    ", ".join(["index"] * (len(shape) + 1)), dyn))
                a = fresh("a")
                out.append("  %s = tensor.cast %s : tensor<%sxf32> to %s" % (
                    a, g, dyn, v.type))
                argrefs.append(a)
            else:
                argrefs.append(c(case.scalars[si], v.type))
                si += 1
        rtypes = [r.type for r in f.returns]
        call = "func.call @%s(%s) : (%s) -> (%s)" % (
            f.name, ", ".join(argrefs), ", ".join(str(v.type) for v in f.args),
            ", ".join(str(t) for t in rtypes))
        if rtypes:
            r = fresh("r")
            out.append("  %s%s = %s" % (r, ":%d" % len(rtypes) if len(rtypes) > 1 else "", call))
            refs = [r] if len(rtypes) == 1 else ["%s#%d" % (r, i) for i in range(len(rtypes))]
        else:
            out.append("  " + call)
            refs = []
        for ref, t in zip(refs, rtypes):
            if isinstance(t, TType):
                b = fresh("b")
                u = fresh("u")
                out.append("  %s = bufferization.to_buffer %s : %s to %s" % (b, ref, t, t.memref()))
                out.append("  %s = memref.cast %s : %s to memref<*xf32>" % (u, b, t.memref()))
                out.append("  func.call @printMemrefF32(%s) : (memref<*xf32>) -> ()" % u)
            else:
                w = fresh("w")
                out.append("  %s = arith.index_cast %s : index to i64" % (w, ref))
                out.append("  func.call @printI64(%s) : (i64) -> ()" % w)
                out.append("  func.call @printNewline() : () -> ()")
    out.append("  return")
    out.append("}")
    return "\n".join(out)


def emit_module(prog, entries, decls=True):
    """entries: list of (name, [case ids])."""
    parts = ["func.func private @printMemrefF32(memref<*xf32>)",
             "func.func private @printI64(i64)",
             "func.func private @printNewline()"]
    for f in prog.funcs:
        parts.append(emit_func(f, decls))
    for rank in input_ranks(prog, entries):
        parts.append(emit_input_func(rank))
    for name, ids in entries:
        parts.append(emit_entry(prog, name, ids))
    return "\n\n".join(parts) + "\n"


# --------------------------------------------------------------------------
# The oracle: a size-level interpreter.

MAX_ELEMS = 6000       # largest tensor a case may create
MAX_STEPS = 60000      # ops executed per case
MAX_PRINT = 3000       # elements printed per case


def nelems(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def work(shape):
    """Iterations of a loop nest over `shape`: its elements, or for an empty
    one the product of the dims before its first 0."""
    n = 1
    for d in shape:
        if d == 0:
            return n
        n *= d
    return n


class Shape(tuple):
    """A tensor as the oracle sees it: its shape, and whether its contents
    are defined (a tensor.empty is not; reading it is undefined)."""
    init = True


def shape_of(dims, init=True):
    s = Shape(dims)
    s.init = init
    return s


def mk_tensor(shape, init=True):
    for d in shape:
        if d < 0:
            raise UB("negative size %s" % (shape,))
    if work(shape) > MAX_ELEMS:
        raise TooBig("tensor %s" % (shape,))
    return shape_of(shape, init)


def need_init(*ts):
    for t in ts:
        if not getattr(t, "init", True):
            raise UB("reads an uninitialized tensor")


class Interp:
    """Runs a case at the level of sizes. Tracks which integer values are
    built from sizes only (dims and constants through arithmetic, selects and
    branches): those are symshape's size expressions, and reaching 2^62 with
    one is outside its no-overflow contract (OutOfContract). `cov`, if set,
    is told every value computed (fuzzcov.Recorder)."""

    def __init__(self, prog, case):
        self.prog = prog
        self.case = case
        self.steps = 0
        self.sb = set()
        self.cov = None

    def built(self, op):
        """True if the result of `op` is built from sizes only (an unsigned
        op reads a negative value as a huge one: its result is opaque)."""
        k = op.kind
        if k in ("const", "dim"):
            return True
        if k == "bin" and op.attrs["op"] in UNSIGNED_OPS:
            return False
        vs = op.operands[1:] if k == "select" else op.operands
        return k in ("bin", "icast", "select", "affine") and \
            all(id(v) in self.sb for v in vs)

    def binary(self, op, o):
        bits = WIDTH[op.results[0].type]
        exact = exact_eval(op.attrs["op"], o[0], o[1], bits)
        if abs(exact) >= CONTRACT and op.attrs["op"] in ("addi", "subi", "muli") and \
                self.built(op):
            raise OutOfContract("size expression %s reaches %d" % (op.attrs["op"], exact))
        return wrap(exact, bits)

    def affine(self, op, o):
        lim = CONTRACT if self.built(op) else 1 << 63
        vals = [affine_eval(e, o, None, lim) for e in op.attrs["exprs"]]
        fn = op.attrs["fn"]
        return vals[0] if fn == "apply" else (min(vals) if fn == "min" else max(vals))

    def val(self, env, x):
        return env[x] if isinstance(x, Value) else x

    def call(self, f, args):
        env = {}
        for v, a in zip(f.args, args):
            env[v] = a
        # Declared facts: record them (the unprocessed program does not check
        # attributes; mirrored ones are also cf.asserts in the body).
        seen = {}
        for i, d in enumerate(f.decls):
            if not d or not is_tensor(f.args[i]):
                continue
            shape = args[i]
            for j, dim in enumerate(shape):
                names = d.get("names") or []
                nm = names[j] if j < len(names) else ""
                if nm:
                    self.case.observed.append((f.name, f.private, nm, dim))
                    # one name is one symbol per function: equal dims
                    if nm in seen and seen[nm] != dim:
                        self.case.violations.append((f.name, nm, True))
                    seen.setdefault(nm, dim)
                rngs = d.get("ranges") or []
                divs = d.get("divs") or []
                rng = rngs[j] if j < len(rngs) else None
                div = divs[j] if j < len(divs) else 1
                bad = False
                if rng is not None:
                    lo, hi = rng
                    if dim < lo or (hi is not None and dim > hi):
                        bad = True
                if div and div > 1 and dim % div != 0:
                    bad = True
                if bad:
                    self.case.violations.append((f.name, nm, d.get("mirrored", True)))
        self.block(f.body, env)
        return [env[v] for v in f.returns]

    def block(self, b, env):
        for op in b.ops:
            self.op(op, env)
        return [env[v] for v in b.yields]

    def op(self, op, env):
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise TooBig("steps")
        k = op.kind
        a = op.attrs
        o = [env[v] for v in op.operands]
        res = None
        if k == "const":
            res = a["value"]
        elif k == "dim":
            t, i = o
            if not (0 <= i < len(t)):
                raise UB("tensor.dim index %d out of range" % i)
            res = t[i]
        elif k == "bin":
            res = self.binary(op, o)
        elif k == "cmp":
            res = cmp_eval(a["pred"], o[0], o[1], WIDTH[op.operands[0].type])
        elif k == "xori":
            res = o[0] != o[1]
        elif k == "select":
            res = o[1] if o[0] else o[2]
        elif k == "andi":
            res = o[0] and o[1]
        elif k == "ori":
            res = o[0] or o[1]
        elif k == "icast":
            res = wrap(o[0], WIDTH[op.results[0].type])
        elif k == "affine":
            res = self.affine(op, o)
        elif k == "assert":
            if not o[0]:
                raise Abort(a["msg"])
            return
        elif k == "empty":
            shape = []
            it = iter(o)
            for d in op.results[0].type.shape:
                shape.append(next(it) if d is None else d)
            res = mk_tensor(shape, init=False)
        elif k == "fill":
            res = shape_of(o[1], True)
        elif k == "ew":
            shapes = o
            for s in shapes[1:]:
                if s != shapes[0]:
                    raise UB("elementwise shapes differ %s" % (shapes,))
            need_init(*o[:-1])
            if a["fn"][0] == "acc":
                need_init(o[-1])
            res = shape_of(o[-1], True)
        elif k in ("slice", "insert"):
            src = o[0]
            tgt = o[0] if k == "slice" else o[1]
            offs = [self.val(env, x) for x in a["offs"]]
            sizes = [self.val(env, x) for x in a["sizes"]]
            strides = [self.val(env, x) for x in a["strides"]]
            for d in range(len(tgt)):
                off, sz, st, ext = offs[d], sizes[d], strides[d], tgt[d]
                if off < 0 or sz < 0 or st < 1:
                    raise UB("slice dim %d off %d size %d stride %d" % (d, off, sz, st))
                if sz > 0 and off + (sz - 1) * st > ext - 1:
                    raise UB("slice out of bounds dim %d" % d)
                if sz == 0 and off > ext:
                    raise UB("empty slice offset beyond end")
            kept = [sizes[d] for d in range(len(tgt)) if d not in a["dropped"]]
            if k == "slice":
                res = mk_tensor(kept, src.init)
            else:
                if tuple(kept) != tuple(src):
                    raise UB("insert_slice source %s vs sizes %s" % (src, kept))
                res = shape_of(tgt, src.init and tgt.init)
        elif k == "collapse":
            res = shape_of([nelems([o[0][i] for i in g]) for g in a["groups"]], o[0].init)
        elif k == "expand":
            shp = [self.val(env, x) for x in a["oshape"]]
            for x in shp:
                if x < 0:
                    raise UB("negative expand size")
            for gi, g in enumerate(a["groups"]):
                if nelems([shp[i] for i in g]) != o[0][gi]:
                    raise UB("expand_shape group %d product" % gi)
            res = mk_tensor(shp, o[0].init)
        elif k == "pad":
            lo = [self.val(env, x) for x in a["low"]]
            hi = [self.val(env, x) for x in a["high"]]
            if min(lo + hi + [0]) < 0:
                raise UB("negative pad")
            res = mk_tensor([d + l + h for d, l, h in zip(o[0], lo, hi)], o[0].init)
        elif k == "concat":
            dim = a["dim"]
            r = list(o[0])
            for t in o[1:]:
                for i in range(len(r)):
                    if i != dim and t[i] != r[i]:
                        raise UB("concat dims differ")
                r[dim] += t[dim]
            res = mk_tensor(r, all(t.init for t in o))
        elif k == "tcast":
            for d, x in zip(op.results[0].type.shape, o[0]):
                if d is not None and d != x:
                    raise UB("tensor.cast to %s of %s" % (op.results[0].type, o[0]))
            res = o[0]
        elif k == "call":
            f = self.prog.func(a["callee"])
            rs = self.call(f, o)
            for v, r in zip(op.results, rs):
                env[v] = r
            return
        elif k == "if" or k == "condbr":
            b = op.regions[0] if o[0] else op.regions[1]
            rs = self.block(b, env)
            for v, r, y in zip(op.results, rs, b.yields):
                self.check_type(v, r)
                env[v] = r
                if id(y) in self.sb:
                    self.sb.add(id(v))
            return
        elif k == "for":
            lb, ub, step = o[0], o[1], o[2]
            carried = list(o[3:])
            if step <= 0 if not a["unsigned"] else uns(step) == 0:
                raise UB("loop step")
            b = op.regions[0]
            i = lb
            n = 0
            while (uns(i) < uns(ub)) if a["unsigned"] else (i < ub):
                n += 1
                if n > 40:
                    raise TooBig("trip count")
                env[b.args[0]] = i
                for v, c in zip(b.args[1:], carried):
                    self.check_type(v, c)
                    env[v] = c
                carried = self.block(b, env)
                nxt = i + step
                if a["unsigned"]:
                    if uns(i) + uns(step) > MASK:
                        break
                    nxt = wrap(uns(i) + uns(step))
                elif nxt > (1 << 63) - 1:
                    break
                i = nxt
            for v, c in zip(op.results, carried):
                self.check_type(v, c)
                env[v] = c
            return
        else:
            raise ValueError(k)
        if self.built(op):
            self.sb.add(id(op.results[0]))
        if self.cov is not None:
            self.cov.value(self, op, o, res)
        env[op.results[0]] = res

    def check_type(self, v, r):
        if is_tensor(v):
            for d, x in zip(v.type.shape, r):
                if d is not None and d != x:
                    raise UB("value of type %s has shape %s" % (v.type, r))


def run_case(prog, case, cov=None):
    """Fills case.status/violations/observed; returns the result values, or
    raises UB/TooBig. `cov` (a fuzzcov.Recorder) is told what the case
    exercises."""
    case.violations = []
    case.observed = []
    f = prog.func(case.func)
    args = []
    ti = si = 0
    for v in f.args:
        if is_tensor(v):
            shp = tuple(case.shapes[ti])
            ti += 1
            for d, x in zip(v.type.shape, shp):
                if d is not None and d != x:
                    raise UB("input shape does not match the type")
            args.append(shape_of(shp))
        else:
            args.append(case.scalars[si])
            si += 1
    it = Interp(prog, case)
    it.cov = cov
    if cov is not None:
        cov.inputs(f, case)
    try:
        rs = it.call(f, args)
    except Abort:
        case.status = "abort"
        if cov is not None:
            cov.aborted()
        return None
    case.status = "ok"
    need_init(*[r for v, r in zip(f.returns, rs) if is_tensor(v)])
    n = 0
    for v, r in zip(f.returns, rs):
        n += nelems(r) if is_tensor(v) else 1
        if is_tensor(v) and nelems([max(d, 1) for d in r]) > MAX_PRINT:
            # printMemref of an empty memref still walks its other dims
            raise TooBig("printing an empty %s" % (r,))
    if n > MAX_PRINT:
        raise TooBig("printing")
    case.elements = n
    return rs


# --------------------------------------------------------------------------
# The generator.

MAXD = 9          # dims of inputs are sampled in [0, MAXD] (within declarations)
SCALAR_LO, SCALAR_HI = -4, 12
SIZE_CAP = 14     # a size operand must be at most this on the sampled domain
ELEM_CAP = 900    # a new tensor must have at most this many elements there

NAMES_PUBLIC = ["n", "m", "batch", "seq"]
NAMES_PRIVATE = ["p", "q"]

ARITH_OPS = ["addi", "subi", "muli", "divsi", "divui", "remsi", "remui",
             "floordivsi", "ceildivsi", "maxsi", "minsi", "maxui", "minui"]
DIV_OPS = ("divsi", "divui", "remsi", "remui", "floordivsi", "ceildivsi")


class Scope:
    def __init__(self, parent, block, depth):
        self.parent = parent
        self.block = block
        self.depth = depth
        self.values = []      # index values defined here
        self.tensors = []
        self.bools = []
        self.eqs = []         # pairs of extent keys known equal here
        self.cache = {}       # (id(tensor), dim) -> Value ; ("c", n) -> const
        self.refine = {}      # id(Value) -> (true Iv, sample Iv)

    def chain(self):
        s = self
        while s:
            yield s
            s = s.parent

    def lookup(self, key):
        for s in self.chain():
            if key in s.cache:
                return s.cache[key]
        return None

    def all_values(self):
        r = []
        for s in self.chain():
            r.extend(s.values)
        return r

    def all_tensors(self):
        r = []
        for s in self.chain():
            r.extend(s.tensors)
        return r

    def all_eqs(self):
        r = []
        for s in self.chain():
            r.extend(s.eqs)
        return r

    def ivs(self, v):
        """(true, sample) intervals of an index value here."""
        t, s = v.t, v.s
        for sc in self.chain():
            if id(v) in sc.refine:
                rt, rs = sc.refine[id(v)]
                t, s = t.meet(rt), s.meet(rs)
        return t, s


class Gen:
    def __init__(self, rng, prog, opts):
        self.r = rng
        self.prog = prog
        self.o = opts
        self.f = None
        self.nassert = 0

    # -- small helpers -----------------------------------------------------
    def chance(self, p):
        return self.r.random() < p

    def emit(self, sc, op):
        sc.block.ops.append(op)
        return op

    def const(self, sc, n, t=INDEX):
        key = ("c", n, t)
        v = sc.lookup(key)
        if v is not None:
            return v
        v = self.f.new(t, "c")
        if t in WIDTH:
            v.t = v.s = Iv(n, n)
        self.emit(sc, Op("const", [v], value=n))
        sc.cache[key] = v
        return v

    def val(self, sc, x):
        """An int or Value as a Value."""
        return x if isinstance(x, Value) else self.const(sc, x)

    def ivs(self, sc, x):
        if isinstance(x, Value):
            return sc.ivs(x)
        return Iv(x, x), Iv(x, x)

    def add_index(self, sc, v):
        sc.values.append(v)
        return v

    def binop(self, sc, op, a, b):
        """Emits `arith.op a, b` (ints become constants) with intervals."""
        va, vb = self.val(sc, a), self.val(sc, b)
        ta, sa = sc.ivs(va)
        tb, sb = sc.ivs(vb)
        if op in DIV_OPS:
            # divisors here are known non-zero; strip 0 from the box
            if tb.lo == 0:
                tb = Iv(1, tb.hi)
            if tb.hi == 0:
                tb = Iv(tb.lo, -1)
            if sb.lo == 0:
                sb = Iv(1, max(sb.hi, 1))
            if sb.hi == 0:
                sb = Iv(min(sb.lo, -1), -1)
        v = self.f.new(INDEX)
        v.t = iv_bin(op, ta, tb)
        v.s = iv_bin(op, sa, sb).meet(v.t)
        self.emit(sc, Op("bin", [v], [va, vb], op=op))
        return self.add_index(sc, v)

    def is_size(self, sc, x, cap=SIZE_CAP):
        t, s = self.ivs(sc, x)
        return t.lo >= 0 and s.hi <= cap

    def sizes(self, sc, cap=SIZE_CAP):
        return [v for v in sc.all_values() if self.is_size(sc, v, cap)]

    def ints(self, sc):
        out = []
        for v in sc.all_values():
            t, s = sc.ivs(v)
            if s.lo > -SMALL and s.hi < SMALL:
                out.append(v)
        return out

    def pick_size(self, sc, cap=SIZE_CAP, allow_const=True, exclude=()):
        c = [v for v in self.sizes(sc, cap) if not any(v is x for x in exclude)]
        if not c or (allow_const and self.chance(0.25)):
            return self.r.choice([0, 1, 2, 3, 4, 5, 8])
        return self.r.choice(c)

    def pick_int(self, sc):
        c = self.ints(sc)
        if not c or self.chance(0.2):
            return self.r.choice([-3, -1, 0, 1, 2, 3, 5, 7])
        return self.r.choice(c)

    # -- extents -------------------------------------------------------------
    def ext(self, sc, t, i):
        """Dim i of tensor t as an int (static) or a Value equal to it."""
        d = t.type.shape[i]
        if d is not None:
            return d
        if t.ext and isinstance(t.ext[i], Value) and self.chance(0.7):
            return t.ext[i]
        key = ("dim", id(t), i)
        v = sc.lookup(key)
        if v is not None:
            return v
        c = self.const(sc, i)
        v = self.f.new(INDEX)
        v.t = Iv(0, INF)
        v.s = self.dim_sample(t, i)
        if t.ext and isinstance(t.ext[i], Value):
            v.t = v.t.meet(t.ext[i].t)
        self.emit(sc, Op("dim", [v], [t, c]))
        sc.cache[key] = v
        return self.add_index(sc, v)

    def dim_sample(self, t, i):
        if t.type.shape[i] is not None:
            n = t.type.shape[i]
            return Iv(n, n)
        if t.s and t.s[i] is not None:
            return t.s[i]
        return Iv(0, MAXD)

    def dim_true(self, t, i):
        if t.type.shape[i] is not None:
            n = t.type.shape[i]
            return Iv(n, n)
        if t.t and t.t[i] is not None:
            return t.t[i]
        return Iv(0, INF)

    def new_tensor(self, sc, shape, exts, tiv, siv, pool=True):
        """A new tensor value; `pool=False` for a tensor.empty whose contents
        are undefined (never read: only used as a destination)."""
        v = self.f.new(TType(shape))
        v.ext = list(exts)
        v.t = list(tiv)
        v.s = list(siv)
        if pool:
            sc.tensors.append(v)
        return v

    def key(self, x):
        return ("c", x) if not isinstance(x, Value) else id(x)

    def known_equal(self, sc, x, y):
        kx, ky = self.key(x), self.key(y)
        if kx == ky:
            return True
        # union-find over the equalities visible here
        parent = {}

        def find(k):
            while parent.get(k, k) != k:
                k = parent[k]
            return k
        for a, b in sc.all_eqs():
            ra, rb = find(a), find(b)
            if ra != rb:
                parent[ra] = rb
        return find(kx) == find(ky)

    def elems_ok(self, siv):
        n = 1
        for s in siv:
            n *= max(s.hi, 0)
        return n <= ELEM_CAP

    # -- conditions and asserts ------------------------------------------------
    def cmp(self, sc, pred, a, b):
        v = self.f.new(I1)
        self.emit(sc, Op("cmp", [v], [self.val(sc, a), self.val(sc, b)], pred=pred))
        return v

    def negate(self, sc, c):
        t = sc.lookup(("c", 1, I1))
        if t is None:
            t = self.f.new(I1, "c")
            self.emit(sc, Op("const", [t], value=1))
            sc.cache[("c", 1, I1)] = t
        v = self.f.new(I1)
        self.emit(sc, Op("xori", [v], [c, t]))
        return v

    def relation(self, sc, rel, x, y, unsigned_ok):
        """An i1 that is true iff `x rel y` (rel in le lt eq ne), written with a
        random predicate, operand order and possibly a negation. Unsigned
        predicates are used only when both sides are known non-negative
        (`unsigned_ok`), where they mean the same."""
        forms = {
            "le": [("sle", 0, 0), ("sge", 1, 0), ("sgt", 0, 1), ("slt", 1, 1)],
            "lt": [("slt", 0, 0), ("sgt", 1, 0), ("sge", 0, 1), ("sle", 1, 1)],
            "eq": [("eq", 0, 0), ("eq", 1, 0), ("ne", 0, 1), ("ne", 1, 1)],
            "ne": [("ne", 0, 0), ("ne", 1, 0), ("eq", 0, 1), ("eq", 1, 1)],
        }[rel]
        if unsigned_ok and rel in ("le", "lt"):
            forms = forms + [(p.replace("s", "u", 1), sw, ng) for p, sw, ng in forms]
        pred, swap, neg = self.r.choice(forms)
        if neg and self.chance(0.5):
            pred, swap, neg = forms[0]
        a, b = (y, x) if swap else (x, y)
        c = self.cmp(sc, pred, a, b)
        return self.negate(sc, c) if neg else c

    def assert_(self, sc, cond, what):
        self.nassert += 1
        self.emit(sc, Op("assert", [], [cond], msg="fuzz %d: %s" % (self.nassert, what)))

    def feasible(self, sc, rel, x, y):
        _, sx = self.ivs(sc, x)
        _, sy = self.ivs(sc, y)
        same = x is y or (not isinstance(x, Value) and not isinstance(y, Value) and x == y)
        if rel == "le":
            return sx.lo <= sy.hi
        if rel == "lt":
            return not same and sx.lo < sy.hi
        if rel == "eq":
            return same or (sx.lo <= sy.hi and sy.lo <= sx.hi)
        if rel == "ne":
            return not same and not (sx.lo == sx.hi == sy.lo == sy.hi)
        return True

    def guard(self, sc, rel, x, y, what):
        """cf.assert(x rel y), and narrow intervals where easy."""
        if not self.feasible(sc, rel, x, y):
            raise Infeasible(what)
        tx, _ = self.ivs(sc, x)
        ty, _ = self.ivs(sc, y)
        uok = tx.lo >= 0 and ty.lo >= 0
        c = self.relation(sc, rel, x, y, uok)
        self.assert_(sc, c, what)
        if rel == "eq":
            sc.eqs.append((self.key(x), self.key(y)))
        if isinstance(x, Value) and not isinstance(y, Value) and rel in ("le", "lt", "eq"):
            hi = y - (1 if rel == "lt" else 0)
            lo = y if rel == "eq" else -INF
            t, s = sc.ivs(x)
            sc.refine[id(x)] = (Iv(lo, hi).meet(t), Iv(lo, hi).meet(s))
        if isinstance(y, Value) and not isinstance(x, Value) and rel in ("le", "lt"):
            lo = x + (1 if rel == "lt" else 0)
            t, s = sc.ivs(y)
            sc.refine[id(y)] = (Iv(lo, INF).meet(t), Iv(lo, INF).meet(s))

    def nonneg_guard(self, sc, x, hi_cap):
        """Makes an integer value usable as a size: one unsigned compare
        `x ule c` (it implies 0 <= x <= c) or two signed ones."""
        if self.chance(0.5):
            c = self.cmp(sc, "ule", x, hi_cap) if self.chance(0.5) else \
                self.cmp(sc, "uge", self.val(sc, hi_cap), x)
            self.assert_(sc, c, "0 <= x <= %d (unsigned)" % hi_cap)
            t, s = sc.ivs(x)
            sc.refine[id(x)] = (t.meet(Iv(0, hi_cap)), s.meet(Iv(0, hi_cap)))
        else:
            self.guard(sc, "le", 0, x, "x >= 0")
            self.guard(sc, "le", x, hi_cap, "x <= %d" % hi_cap)

    def cond(self, sc):
        """A random i1 over sizes and integers (for branches)."""
        preds = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
        a = self.pick_int(sc) if self.chance(0.3) else self.pick_size(sc)
        b = self.pick_int(sc) if self.chance(0.2) else self.pick_size(sc)
        if not isinstance(a, Value) and not isinstance(b, Value):
            a = self.pick_size(sc, allow_const=False) if self.sizes(sc) else a
        return self.cmp(sc, self.r.choice(preds), a, b)

    # -- statements ------------------------------------------------------------
    def s_arith(self, sc):
        op = self.r.choice(ARITH_OPS + ["maxui", "minui"])
        if op in ("muli",):
            a, b = self.pick_size(sc, 6), self.r.choice([2, 3, 4]) \
                if self.chance(0.5) else self.pick_size(sc, 5)
        elif self.chance(0.25):
            a, b = self.pick_int(sc), self.pick_int(sc)
        else:
            a, b = self.pick_size(sc), self.pick_size(sc)
        if op in DIV_OPS:
            tb, _ = self.ivs(sc, b)
            if tb.has0():
                m = self.r.random()
                if m < 0.4 or not isinstance(b, Value):
                    b = self.r.choice([1, 2, 3, 4, 8] + ([-2, -3] if op[-2] == "s" and
                                                         op != "remsi" else []))
                elif m < 0.7:
                    b = self.binop(sc, "maxsi", b, 1)
                else:
                    self.guard(sc, "ne", b, 0, "divisor != 0")
                    t, s = sc.ivs(b)
                    if t.lo == 0:
                        sc.refine[id(b)] = (Iv(1, t.hi), Iv(1, max(1, s.hi)))
        if self.chance(0.5):
            a, b = (b, a) if op not in DIV_OPS else (a, b)
        if isinstance(a, int) and isinstance(b, int):
            a = self.pick_size(sc, allow_const=False) if self.sizes(sc) else a
        self.binop(sc, op, a, b)

    def s_select(self, sc):
        """A max or min as frontends also write it: a select of a comparison
        of its own operands, any predicate, the operands in either order."""
        preds = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt",
                 "uge"]
        if self.chance(0.25):
            a, b = self.pick_int(sc), self.pick_int(sc)
        else:
            a, b = self.pick_size(sc), self.pick_size(sc)
        va, vb = self.val(sc, a), self.val(sc, b)
        c = self.cmp(sc, self.r.choice(preds), va, vb)
        x, y = (va, vb) if self.chance(0.5) else (vb, va)
        tx, sx = sc.ivs(x)
        ty, sy = sc.ivs(y)
        v = self.f.new(INDEX)
        v.t = tx.join(ty)
        v.s = sx.join(sy).meet(v.t)
        self.emit(sc, Op("select", [v], [c, x, y]))
        self.add_index(sc, v)

    def s_i64(self, sc):
        """Size arithmetic done in i64 behind index_cast (torch-mlir style)."""
        a = self.pick_size(sc, allow_const=False)
        if not isinstance(a, Value):
            return
        op = self.r.choice(["addi", "muli", "floordivsi", "subi", "maxsi", "divsi"])
        b = self.r.choice([1, 2, 3, 4])
        ta, sa = sc.ivs(a)
        a64 = self.f.new(I64)
        self.emit(sc, Op("icast", [a64], [a]))
        c = self.const(sc, b, I64)
        r64 = self.f.new(I64)
        self.emit(sc, Op("bin", [r64], [a64, c], op=op))
        v = self.f.new(INDEX)
        v.t = iv_bin(op, ta, Iv(b, b))
        v.s = iv_bin(op, sa, Iv(b, b))
        self.emit(sc, Op("icast", [v], [r64]))
        self.add_index(sc, v)

    def s_fact(self, sc):
        """A user fact: cf.assert of a relation between sizes or constants."""
        sz = self.sizes(sc)
        ints = self.ints(sc)
        if not sz:
            return
        x = self.r.choice(sz)
        m = self.r.random()
        tx, sx = sc.ivs(x)
        lo = max(1, sx.lo)
        if m < 0.25:
            self.guard(sc, "le", x, self.r.randint(lo, max(lo + 1, min(9, sx.hi))), "upper bound")
        elif m < 0.4:
            self.guard(sc, "le", self.r.randint(1, 3), x, "lower bound")
        elif m < 0.5:
            self.guard(sc, "eq", x, self.r.randint(lo - 1, max(lo, min(6, sx.hi))), "constant")
        elif m < 0.65:
            y = self.r.choice(sz)
            self.guard(sc, self.r.choice(["le", "eq", "lt"]), x, y, "relation")
        elif m < 0.75:
            y = self.r.choice(sz)
            self.guard(sc, "ne", x, y, "distinct")
        elif m < 0.85:
            c = self.r.choice([2, 3, 4])
            rem = self.binop(sc, self.r.choice(["remsi", "remui"]), x, c)
            self.guard(sc, "eq", rem, 0, "multiple of %d" % c)
        elif ints:
            y = self.r.choice(ints)
            preds = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
            p = self.r.choice(preds)
            c = self.cmp(sc, p, x, y) if self.chance(0.5) else self.cmp(sc, p, y, x)
            self.assert_(sc, c, "integer relation %s" % p)

    def s_empty(self, sc):
        rank = self.r.randint(1, 3)
        shape, exts, ops, tiv, siv = [], [], [], [], []
        for _ in range(rank):
            if self.chance(0.3):
                n = self.r.randint(1, 4)
                shape.append(n)
                exts.append(n)
                tiv.append(Iv(n, n))
                siv.append(Iv(n, n))
            else:
                s = self.pick_size(sc, 10)
                s = self.val(sc, s)
                shape.append(None)
                exts.append(s)
                ops.append(s)
                t, si = sc.ivs(s)
                tiv.append(t)
                siv.append(si)
        if not self.elems_ok(siv):
            return None
        v = self.new_tensor(sc, shape, exts, tiv, siv, pool=False)
        self.emit(sc, Op("empty", [v], ops))
        return self.fill(sc, v)

    def fill(self, sc, e):
        c = self.const_f(sc, self.r.choice([0.0, 1.0, -2.0, 7.0, 0.5]))
        v = self.new_tensor(sc, e.type.shape, e.ext, e.t, e.s)
        self.emit(sc, Op("fill", [v], [c, e]))
        return v

    def const_f(self, sc, x):
        key = ("f", x)
        v = sc.lookup(key)
        if v is None:
            v = self.f.new(F32, "cf")
            self.emit(sc, Op("const", [v], value=x))
            sc.cache[key] = v
        return v

    def pick_tensor(self, sc, minrank=1, rank=None):
        ts = [t for t in sc.all_tensors() if t.type.rank >= minrank and
              (rank is None or t.type.rank == rank)]
        if not ts:
            return None
        # prefer recent tensors
        if self.chance(0.5):
            return ts[-1] if self.chance(0.5) else self.r.choice(ts[-3:])
        return self.r.choice(ts)

    def slice_dim(self, sc, t, i):
        """(offset, size, stride, true Iv, sample Iv) along dim i of t, valid
        by construction or guarded."""
        E = self.ext(sc, t, i)
        tE, sE = self.ivs(sc, E)
        m = self.r.random()
        if m < 0.15:
            return 0, E, 1, tE, sE
        if m < 0.3:
            a = self.pick_size(sc, exclude=(E,))
            s = self.binop(sc, "minsi", a, E) if self.chance(0.5) else self.binop(sc, "minsi", E, a)
            off = 0 if self.chance(0.5) else self.binop(sc, "subi", E, s)
            t_, s_ = sc.ivs(s)
            return off, s, 1, t_, s_
        if m < 0.42:
            a = self.pick_size(sc, exclude=(E,))
            o = self.binop(sc, "minsi", a, E)
            s = self.binop(sc, "subi", E, o)
            t_, s_ = sc.ivs(s)
            return o, s, 1, t_, s_
        if m < 0.6:
            k = self.r.choice([1, 1, 2, 3])
            off = self.r.choice([0, 0, 1, "end"])
            need = k + (off if isinstance(off, int) else 0)
            if isinstance(E, int) and E < need:
                return 0, E, 1, tE, sE
            if tE.lo < need:
                self.guard(sc, "le", need, E, "room for a static slice")
            if off == "end":
                off = self.binop(sc, "subi", E, k)
            return off, k, 1, Iv(k, k), Iv(k, k)
        if m < 0.66:
            a = self.r.choice([0, 1, 2]) if self.chance(0.5) else self.pick_size(sc, 3)
            b = self.pick_size(sc, 5)
            sm = self.binop(sc, "addi", a, b)
            self.guard(sc, "le", sm, E, "slice in bounds")
            tb, sb = self.ivs(sc, b)
            return a, b, 1, tb, sb
        if m < 0.84:
            op = self.r.choice(["divui", "divsi", "floordivsi", "ceildivsi", "remui"])
            s = self.binop(sc, op, E, self.r.choice([2, 3]))
            off = self.r.choice([0, "end"])
            if off == "end":
                off = self.binop(sc, "subi", E, s)
            t_, s_ = sc.ivs(s)
            return off, s, 1, t_, s_
        if m < 0.95:
            a = self.pick_size(sc, exclude=(E,))
            o = self.binop(sc, "minsi", a, E) if self.chance(0.6) else 0
            rest = self.binop(sc, "subi", E, o) if o != 0 else E
            s = self.binop(sc, "ceildivsi", rest, 2)
            t_, s_ = sc.ivs(s)
            return o, s, 2, t_, s_
        # an empty slice at the end of the dim (never static: the verifier
        # rejects a static offset equal to the extent)
        if isinstance(E, int):
            return 0, E, 1, tE, sE
        return E, 0, 1, Iv(0, 0), Iv(0, 0)

    def s_slice(self, sc, t=None):
        t = t or self.pick_tensor(sc)
        if t is None:
            return None
        offs, sizes, strides, tiv, siv = [], [], [], [], []
        for i in range(t.type.rank):
            o, s, st, ti, si = self.slice_dim(sc, t, i)
            offs.append(o)
            sizes.append(s)
            strides.append(st)
            tiv.append(ti)
            siv.append(si)
        dropped = [i for i, s in enumerate(sizes) if s == 1 and self.chance(0.5)]
        if len(dropped) == t.type.rank:
            dropped = dropped[1:]
        shape = [s if isinstance(s, int) else None
                 for i, s in enumerate(sizes) if i not in dropped]
        exts = [s for i, s in enumerate(sizes) if i not in dropped]
        tk = [x for i, x in enumerate(tiv) if i not in dropped]
        sk = [x for i, x in enumerate(siv) if i not in dropped]
        v = self.new_tensor(sc, shape, exts, tk, sk)
        self.emit(sc, Op("slice", [v], [t], offs=offs, sizes=sizes, strides=strides,
                         dropped=dropped))
        return v, offs, sizes, strides, dropped

    def s_slice_update(self, sc):
        """extract_slice, elementwise on it, insert_slice back (tiling)."""
        r = self.s_slice(sc)
        if not r:
            return
        s, offs, sizes, strides, dropped = r
        y = self.ew_unary(sc, s)
        # (a draw kept so that seeds keep denoting the same programs)
        self.r.choice([x for x in sc.all_tensors() if x is not s and x is not y
                       and x.type.rank == len(offs)] or [None])
        src = None
        for op in reversed(sc.block.ops):
            if op.kind == "slice" and op.results[0] is s:
                src = op.operands[0]
        if src is None:
            return
        # the sizes of the insert are those of the slice (the source's shape)
        v = self.new_tensor(sc, src.type.shape, src.ext or [None] * src.type.rank,
                            src.t or [None] * src.type.rank, src.s or [None] * src.type.rank)
        self.emit(sc, Op("insert", [v], [y, src], offs=list(offs), sizes=list(sizes),
                         strides=list(strides), dropped=list(dropped)))

    def s_insert(self, sc):
        """Stores a tensor (sometimes a fresh collapse) into a larger filled
        destination, possibly rank-reducing, at offsets that fit."""
        src = self.pick_tensor(sc)
        if src is None:
            return
        if src.type.rank >= 2 and self.chance(0.35):
            src = self.s_collapse(sc, src) or src
        srank = src.type.rank
        extra = self.r.choice([0, 0, 1, 1, 2])
        drank = srank + extra
        if drank > 4:
            return
        unit_pos = sorted(self.r.sample(range(drank), extra))
        dshape, dexts, dops, offs, sizes, tiv, siv = [], [], [], [], [], [], []
        j = 0
        for d in range(drank):
            if d in unit_pos:
                m = self.r.random()
                if m < 0.5:
                    n = self.r.randint(1, 3)
                    dshape.append(n)
                    dexts.append(n)
                    tiv.append(Iv(n, n))
                    siv.append(Iv(n, n))
                    offs.append(self.r.randint(0, n - 1))
                else:
                    a = self.pick_size(sc, 3)
                    D = self.binop(sc, "addi", a, 1)
                    dshape.append(None)
                    dexts.append(D)
                    dops.append(D)
                    t_, s_ = sc.ivs(D)
                    tiv.append(t_)
                    siv.append(s_)
                    offs.append(0 if self.chance(0.5) else self.binop(sc, "subi", D, 1))
                sizes.append(1)
                continue
            S = self.ext(sc, src, j)
            tS, sS = self.ivs(sc, S)
            j += 1
            sizes.append(S)
            m = self.r.random()
            if m < 0.25:
                if isinstance(S, int) and self.chance(0.5):
                    n = S + self.r.randint(0, 3)
                    dshape.append(n)
                    dexts.append(n)
                    tiv.append(Iv(n, n))
                    siv.append(Iv(n, n))
                    offs.append(self.r.randint(0, n - S))
                    continue
                D, off = S, 0
            elif m < 0.55:
                a = self.pick_size(sc)
                D = self.binop(sc, "maxsi", S, a) if self.chance(0.5) else self.binop(sc, "maxsi", a, S)
                off = 0 if self.chance(0.5) else self.binop(sc, "subi", D, S)
            elif m < 0.8:
                p = self.pick_size(sc, 4)
                D = self.binop(sc, "addi", S, p)
                off = p if self.chance(0.5) else self.binop(sc, "minsi", self.pick_size(sc), p)
            else:
                k = self.r.choice([2, 3])
                D = self.binop(sc, "muli", S, k)
                off = self.binop(sc, "muli", self.binop(sc, "minsi", self.pick_size(sc, 3),
                                                        k - 1), S) \
                    if self.chance(0.5) else S
            D = self.val(sc, D)
            dshape.append(None)
            dexts.append(D)
            dops.append(D)
            t_, s_ = sc.ivs(D)
            tiv.append(t_)
            siv.append(s_)
            offs.append(off)
        if not self.elems_ok(siv):
            return
        e = self.new_tensor(sc, dshape, dexts, tiv, siv, pool=False)
        self.emit(sc, Op("empty", [e], dops))
        dest = self.fill(sc, e)
        v = self.new_tensor(sc, dshape, dexts, tiv, siv)
        self.emit(sc, Op("insert", [v], [src, dest], offs=offs, sizes=sizes,
                         strides=[1] * drank, dropped=unit_pos))
        self.chance(0.3)  # a draw kept so that seeds keep denoting the same programs

    def s_collapse(self, sc, t=None):
        t = t or self.pick_tensor(sc, 2)
        if t is None:
            return None
        r = t.type.rank
        cuts = sorted(self.r.sample(range(1, r), self.r.randint(0, r - 1)))
        groups, start = [], 0
        for c in cuts + [r]:
            groups.append(list(range(start, c)))
            start = c
        if len(groups) == r and r > 1:
            groups = [list(range(r))]
        shape, tiv, siv = [], [], []
        for g in groups:
            dims = [t.type.shape[i] for i in g]
            if any(d is None for d in dims):
                shape.append(None)
            else:
                n = 1
                for d in dims:
                    n *= d
                shape.append(n)
            ti, si = Iv(1, 1), Iv(1, 1)
            for i in g:
                ti = iv_bin("muli", ti, self.dim_true(t, i))
                si = iv_bin("muli", si, self.dim_sample(t, i))
            tiv.append(ti)
            siv.append(si)
        v = self.new_tensor(sc, shape, [None] * len(groups), tiv, siv)
        v.src = (t, groups)
        self.emit(sc, Op("collapse", [v], [t], groups=groups))
        return v

    def s_view(self, sc):
        """A view, elementwise work on it, and the view back, as frontends
        write a Linear on 3-D input (view(x, [B*S, E]), op, view(y, [B, S,
        E])): the expand back has groups of several dynamic dims, which the
        pipeline keeps without a copy (pushed into the op, cancelled against
        the collapse) or gathers."""
        t = self.pick_tensor(sc, 2)
        if t is None or t.type.rank >= 4:
            return
        v = self.s_collapse(sc, t)
        if v is None:
            return
        if self.chance(0.6):
            w = self.ew_unary(sc, v)
            if w is not None:
                w.src = v.src
                v = w
        return self.s_expand(sc, v, undo=True)

    def s_expand(self, sc, t=None, undo=False):
        t = t or self.pick_tensor(sc)
        if t is None or t.type.rank >= 4:
            return
        groups, oshape, shape, exts, tiv, siv = [], [], [], [], [], []
        if t.src is not None and (undo or self.chance(0.6)):
            src, sg = t.src
            # Groups of several dynamic dims too: the pipeline keeps those
            # views without a copy (the unprocessed program gathers).
            if True:
                for g in sg:
                    groups.append(list(range(len(oshape), len(oshape) + len(g))))
                    for i in g:
                        e = self.ext(sc, src, i)
                        oshape.append(e)
                        shape.append(src.type.shape[i])
                        exts.append(e)
                        tiv.append(self.dim_true(src, i))
                        siv.append(self.dim_sample(src, i))
                v = self.new_tensor(sc, shape, exts, tiv, siv)
                self.emit(sc, Op("expand", [v], [t], groups=groups, oshape=oshape))
                return v
        i = self.r.randrange(t.type.rank)
        for d in range(t.type.rank):
            E = self.ext(sc, t, d)
            tE, sE = self.ivs(sc, E)
            if d != i:
                groups.append([len(oshape)])
                oshape.append(E)
                shape.append(t.type.shape[d])
                exts.append(E)
                tiv.append(tE)
                siv.append(sE)
                continue
            m = self.r.random()
            c = self.r.choice([2, 3, 4])
            if m < 0.3:
                unit_first = self.chance(0.5)
                groups.append([len(oshape), len(oshape) + 1])
                parts = [(1, 1, Iv(1, 1)), (E, t.type.shape[d], tE)]
                if not unit_first:
                    parts.reverse()
                for e, st, ti in parts:
                    oshape.append(e)
                    shape.append(st)
                    exts.append(e)
                    tiv.append(ti)
                    siv.append(ti if e == 1 else sE)
            elif isinstance(E, int):
                if E % c:
                    c = 1
                groups.append([len(oshape), len(oshape) + 1])
                for n in (E // c, c):
                    oshape.append(n)
                    shape.append(n)
                    exts.append(n)
                    tiv.append(Iv(n, n))
                    siv.append(Iv(n, n))
            else:
                rem = self.binop(sc, self.r.choice(["remui", "remsi"]), E, c)
                self.guard(sc, "eq", rem, 0, "expand needs a multiple of %d" % c)
                q = self.binop(sc, self.r.choice(["divui", "divsi", "floordivsi", "ceildivsi"]), E, c)
                tq, sq = sc.ivs(q)
                groups.append([len(oshape), len(oshape) + 1])
                order = [(q, None, tq, sq), (c, c, Iv(c, c), Iv(c, c))]
                if self.chance(0.3):
                    order.reverse()
                for e, st, ti, si in order:
                    oshape.append(e)
                    shape.append(st)
                    exts.append(e)
                    tiv.append(ti)
                    siv.append(si)
        v = self.new_tensor(sc, shape, exts, tiv, siv)
        self.emit(sc, Op("expand", [v], [t], groups=groups, oshape=oshape))
        return v

    def s_pad(self, sc):
        t = self.pick_tensor(sc)
        if t is None:
            return
        low, high, shape, tiv, siv = [], [], [], [], []
        for d in range(t.type.rank):
            lh = []
            for _ in range(2):
                m = self.r.random()
                if m < 0.5:
                    lh.append(self.r.choice([0, 0, 1, 2]))
                elif m < 0.8:
                    lh.append(self.binop(sc, "minsi", self.pick_size(sc), 2))
                else:
                    lh.append(self.val(sc, self.r.choice([0, 1])))
            low.append(lh[0])
            high.append(lh[1])
            st = t.type.shape[d]
            if st is not None and all(isinstance(x, int) for x in lh):
                shape.append(st + lh[0] + lh[1])
            else:
                shape.append(None)
            ti, si = self.dim_true(t, d), self.dim_sample(t, d)
            for x in lh:
                tx, sx = self.ivs(sc, x)
                ti, si = iv_bin("addi", ti, tx), iv_bin("addi", si, sx)
            tiv.append(ti)
            siv.append(si)
        if not self.elems_ok(siv):
            return
        v = self.new_tensor(sc, shape, [None] * len(shape), tiv, siv)
        self.emit(sc, Op("pad", [v], [t], low=low, high=high,
                         value=self.r.choice([0.0, -1.0, 3.0])))

    def compatible(self, sc, x, y, skip=None):
        """Makes every dim of y (but `skip`) equal to x's: known, or guarded."""
        for d in range(x.type.rank):
            if d == skip:
                continue
            sx, sy = x.type.shape[d], y.type.shape[d]
            if sx is not None and sy is not None:
                if sx != sy:
                    return False
                continue
            ex, ey = self.ext(sc, x, d), self.ext(sc, y, d)
            if not self.known_equal(sc, ex, ey):
                if not self.o.get("guards", True):
                    return False
                self.guard(sc, "eq", ex, ey, "equal dims")
        return True

    def n_unknown_equal(self, sc, x, y, skip):
        n = 0
        for d in range(x.type.rank):
            if d == skip:
                continue
            sx, sy = x.type.shape[d], y.type.shape[d]
            if sx is not None and sy is not None:
                if sx != sy:
                    return 99
                continue
            ex = x.ext[d] if x.ext and x.ext[d] is not None else sx
            ey = y.ext[d] if y.ext and y.ext[d] is not None else sy
            if ex is None or ey is None or not self.known_equal(sc, ex, ey):
                n += 1
        return n

    def pick_compatible(self, sc, t, cands, skip):
        """Prefers a tensor whose dims are known equal to t's (so few guards
        are needed); sometimes any, guarded."""
        scored = [(self.n_unknown_equal(sc, t, x, skip), k) for k, x in enumerate(cands)]
        best = min(s for s, _ in scored)
        if self.chance(0.75):
            return cands[self.r.choice([k for s, k in scored if s == best])]
        return self.r.choice(cands)

    def s_concat(self, sc):
        t = self.pick_tensor(sc)
        if t is None:
            return
        dim = self.r.randrange(t.type.rank)
        m = self.r.random()
        if m < 0.4:
            other = self.ew_unary(sc, t)
        elif m < 0.7:
            offs, sizes, strides, tiv, siv = [], [], [], [], []
            for d in range(t.type.rank):
                st = 1
                if d == dim:
                    o, s, st, ti, si = self.slice_dim(sc, t, d)
                else:
                    o, s = 0, self.ext(sc, t, d)
                    ti, si = self.ivs(sc, s)
                strides.append(st)
                offs.append(o)
                sizes.append(s)
                tiv.append(ti)
                siv.append(si)
            shape = [s if isinstance(s, int) else None for s in sizes]
            other = self.new_tensor(sc, shape, sizes, tiv, siv)
            self.emit(sc, Op("slice", [other], [t], offs=offs, sizes=sizes,
                             strides=strides, dropped=[]))
        else:
            cands = [x for x in sc.all_tensors() if x.type.rank == t.type.rank and x is not t]
            if not cands:
                return
            other = self.pick_compatible(sc, t, cands, dim)
            if not self.compatible(sc, t, other, dim):
                return
        ins = [t, other] if self.chance(0.6) else [other, t]
        if self.chance(0.2):
            ins.append(t)
        shape, tiv, siv = [], [], []
        for d in range(t.type.rank):
            dims = [x.type.shape[d] for x in ins]
            if d == dim:
                shape.append(sum(dims) if all(x is not None for x in dims) else None)
                ti, si = Iv(0, 0), Iv(0, 0)
                for x in ins:
                    ti = iv_bin("addi", ti, self.dim_true(x, d))
                    si = iv_bin("addi", si, self.dim_sample(x, d))
            else:
                st = [x for x in dims if x is not None]
                shape.append(st[0] if st else None)
                ti, si = self.dim_true(t, d), self.dim_sample(t, d)
            tiv.append(ti)
            siv.append(si)
        if not self.elems_ok(siv):
            return
        exts = [None if d == dim else (shape[d] if shape[d] is not None else
                                       (t.ext[d] if t.ext else None))
                for d in range(t.type.rank)]
        v = self.new_tensor(sc, shape, exts, tiv, siv)
        self.emit(sc, Op("concat", [v], ins, dim=dim))
        return v

    def ew_unary(self, sc, t, in_place=None):
        kind = self.r.choice(["addf", "mulf", "subf", "maximumf"])
        c = self.r.choice([1.0, 2.0, -3.0, 0.5])
        if in_place is None:
            in_place = self.chance(0.4)
        if in_place:
            outs = t
        else:
            ops = [self.ext(sc, t, d) for d in range(t.type.rank) if t.type.shape[d] is None]
            e = self.new_tensor(sc, t.type.shape, t.ext or [None] * t.type.rank,
                                t.t or [None] * t.type.rank, t.s or [None] * t.type.rank,
                                pool=False)
            self.emit(sc, Op("empty", [e], ops))
            outs = e
        v = self.new_tensor(sc, outs.type.shape, t.ext or [None] * t.type.rank,
                            t.t or [None] * t.type.rank, t.s or [None] * t.type.rank)
        self.emit(sc, Op("ew", [v], [t, outs], fn=("un", kind, c)))
        return v

    def s_ew(self, sc):
        t = self.pick_tensor(sc)
        if t is None:
            return
        if self.chance(0.4):
            return self.ew_unary(sc, t)
        cands = [x for x in sc.all_tensors() if x.type.rank == t.type.rank]
        other = self.pick_compatible(sc, t, cands, None)
        if other is not t and not self.compatible(sc, t, other):
            return
        outs = t if self.chance(0.5) else other
        fn = ("acc", self.r.choice(["addf", "mulf"])) if self.chance(0.2) else \
            ("bin", self.r.choice(EW_BIN))
        if fn[0] == "acc":
            ins = [other]
            outs = t
        else:
            ins = [t, other]
        v = self.new_tensor(sc, outs.type.shape, t.ext or [None] * t.type.rank,
                            t.t or [None] * t.type.rank, t.s or [None] * t.type.rank)
        self.emit(sc, Op("ew", [v], ins + [outs], fn=fn))
        # An elementwise result of a collapse has its dims: a later expand
        # may view it back (the pipeline pushes that view into this op).
        v.src = t.src
        return v

    def s_dyn_dim(self, sc):
        """tensor.dim with a computed (in-range) index."""
        t = self.pick_tensor(sc, 2)
        if t is None:
            return
        a = self.pick_size(sc, allow_const=False)
        if not isinstance(a, Value):
            return
        i = self.binop(sc, self.r.choice(["remui", "remsi"]), a, t.type.rank)
        v = self.f.new(INDEX)
        v.t = Iv(0, INF)
        smax = max(self.dim_sample(t, d).hi for d in range(t.type.rank))
        v.s = Iv(0, smax)
        self.emit(sc, Op("dim", [v], [t, i]))
        self.add_index(sc, v)

    def s_dead_oob_dim(self, sc):
        """tensor.dim with a constant index beyond the rank in a branch that
        never runs (valid IR, undefined only if executed)."""
        t = self.pick_tensor(sc)
        x = self.pick_size(sc, allow_const=False)
        if t is None or not isinstance(x, Value):
            return
        c = self.cmp(sc, "slt", x, self.const(sc, 0))
        v = self.f.new(INDEX)
        v.t = v.s = WILD
        then = Block()
        ts = Scope(sc, then, sc.depth + 1)
        d = self.f.new(INDEX)
        self.emit(ts, Op("dim", [d], [t, self.const(ts, t.type.rank + 2)]))
        then.yields = [d]
        els = Block()
        es = Scope(sc, els, sc.depth + 1)
        els.yields = [self.val(es, x)]
        self.emit(sc, Op("if", [v], [c], regions=[then, els]))
        sc.values.append(v)
        v.t, v.s = Iv(0, INF), sc.ivs(x)[1]

    def s_call(self, sc):
        callees = [f for f in self.prog.funcs if f.private and f is not self.f]
        if not callees:
            return
        g = self.r.choice(callees)
        args = []
        for a in g.args:
            if is_tensor(a):
                t = self.pick_tensor(sc, rank=a.type.rank)
                if t is None:
                    return
                if t.type != a.type:
                    c = self.new_tensor(sc, a.type.shape, t.ext or [None] * t.type.rank,
                                        t.t or [None] * t.type.rank, t.s or [None] * t.type.rank)
                    self.emit(sc, Op("tcast", [c], [t]))
                    t = c
                args.append(t)
            else:
                args.append(self.val(sc, self.pick_size(sc)))
        rs = self.f.new_multi([r.type for r in g.returns])
        for r, gr in zip(rs, g.returns):
            if is_tensor(r):
                r.ext = [None] * r.type.rank
                r.t = [Iv(0, INF)] * r.type.rank
                r.s = [Iv(0, 2 * SIZE_CAP)] * r.type.rank
                sc.tensors.append(r)
            else:
                r.t, r.s = gr.t, Iv(max(gr.s.lo, -SMALL), min(gr.s.hi, SMALL))
                if gr.t.lo >= 0:
                    r.s = Iv(0, 2 * SIZE_CAP)
                sc.values.append(r)
        self.emit(sc, Op("call", rs, args, callee=g.name))

    def join_type(self, a, b):
        return TType([x if x == y else None for x, y in zip(a.shape, b.shape)])

    def branch_values(self, sc, then_sc, else_sc, depth):
        """Generates both branches and returns (then yields, else yields,
        result types) for a tensor of a common rank and an index."""
        ranks = sorted(set(t.type.rank for t in sc.all_tensors()))
        if not ranks:
            return None
        rank = self.r.choice(ranks)
        outs = []
        for bs in (then_sc, else_sc):
            for _ in range(self.r.randint(1, 3)):
                self.stmt(bs, depth + 1)
            t = self.pick_tensor(bs, rank=rank)
            x = self.pick_size(bs)
            outs.append((t, self.val(bs, x)))
        jt = self.join_type(outs[0][0].type, outs[1][0].type)
        ys = []
        for (t, x), bs in zip(outs, (then_sc, else_sc)):
            if t.type != jt:
                c = self.new_tensor(bs, jt.shape, [None] * rank, [None] * rank, [None] * rank)
                self.emit(bs, Op("tcast", [c], [t]))
                t = c
            ys.append([t, x])
        return ys, jt, outs

    def s_if(self, sc, kind="if"):
        if sc.depth >= 2:
            return
        c = self.cond(sc)
        tb, eb = Block(), Block()
        ts, es = Scope(sc, tb, sc.depth + 1), Scope(sc, eb, sc.depth + 1)
        r = self.branch_values(sc, ts, es, sc.depth)
        if r is None:
            return
        ys, jt, outs = r
        tb.yields, eb.yields = ys[0], ys[1]
        if kind == "if":
            rs = self.f.new_multi([jt, INDEX])
        else:
            rs = [self.f.new(jt, "j"), self.f.new(INDEX, "j")]
        t0, t1 = outs[0][0], outs[1][0]
        r_t = rs[0]
        r_t.ext = [t0.type.shape[d] if t0.type.shape[d] is not None and
                   t0.type.shape[d] == t1.type.shape[d] else None
                   for d in range(jt.rank)]
        r_t.t = [self.dim_true(t0, d).join(self.dim_true(t1, d)) for d in range(jt.rank)]
        r_t.s = [self.dim_sample(t0, d).join(self.dim_sample(t1, d)) for d in range(jt.rank)]
        x0, x1 = ys[0][1], ys[1][1]
        a0, b0 = ts.ivs(x0)
        a1, b1 = es.ivs(x1)
        rs[1].t, rs[1].s = a0.join(a1), b0.join(b1)
        self.emit(sc, Op(kind, rs, [c], regions=[tb, eb]))
        sc.tensors.append(r_t)
        sc.values.append(rs[1])

    def s_for(self, sc):
        """scf.for (signed or unsigned) carrying a tensor updated in place (the
        standard lowering needs the yield equivalent to the carried buffer)
        and an index that may grow; a grown size is used after the loop."""
        if sc.depth >= 2:
            return
        t = self.pick_tensor(sc)
        if t is None:
            return
        unsigned = self.chance(0.4)
        body_kind = self.r.choice(["ew", "rows", "rows", "index"])
        if body_kind == "rows" and t.type.rank < 2:
            body_kind = "ew"
        # bounds
        if body_kind == "rows":
            ub = self.ext(sc, t, 0)
            lb = self.r.choice([0, 0, 1, "size"])
            if lb == "size":
                lb = self.pick_size(sc)
        else:
            ub = self.pick_size(sc, 10)
            m = self.r.random()
            if m < 0.5:
                lb = self.r.choice([0, 1])
            elif m < 0.8:
                lb = self.binop(sc, "subi", self.pick_size(sc, 8), self.r.choice([2, 3, 5]))
            else:
                lb = self.pick_int(sc)
                tl, sl = self.ivs(sc, lb)
                if sl.lo < -SMALL or sl.hi > SMALL:
                    lb = 0
        tl, sl = self.ivs(sc, lb)
        tu, su = self.ivs(sc, ub)
        if su.hi - sl.lo > 24 and not unsigned:
            return
        if unsigned and (tu.lo < 0 or su.hi > 24):
            return
        step = self.r.choice([1, 1, 2, 3, "size"])
        if step == "size":
            step = self.binop(sc, "maxsi", self.pick_size(sc, 3), 1)
        lbv, ubv, stv = self.val(sc, lb), self.val(sc, ub), self.val(sc, step)
        ctype = t.type
        init = t
        acc0 = self.val(sc, self.pick_size(sc, 5))
        body = Block()
        bs = Scope(sc, body, sc.depth + 1)
        iv = self.f.new(INDEX, "i")
        at = self.f.new(ctype, "acc")
        ai = self.f.new(INDEX, "acc")
        body.args = [iv, at, ai]
        iv_nonneg = tl.lo >= 0
        iv.t = Iv(tl.lo if iv_nonneg else -INF, tu.hi - 1 if not unsigned or iv_nonneg else INF)
        iv.s = Iv(sl.lo, su.hi)
        at.ext = [e if isinstance(e, int) else None for e in (t.ext or [None] * ctype.rank)]
        at.t = t.t or [None] * ctype.rank
        at.s = t.s or [None] * ctype.rank
        _, sa0 = self.ivs(sc, acc0)
        trips = max(0, su.hi - max(sl.lo, 0)) if unsigned else max(0, su.hi - sl.lo)
        ai.t = Iv(0, INF)
        ai.s = Iv(0, sa0.hi + 3 * trips + su.hi)
        bs.tensors.append(at)
        if iv_nonneg:
            bs.values.append(iv)
        bs.values.append(ai)
        if body_kind == "ew":
            for _ in range(self.r.randint(0, 2)):
                self.stmt(bs, sc.depth + 1)
            nt = self.ew_unary(bs, at, in_place=True)
        elif body_kind == "rows":
            # row i of acc, transformed and stored back
            row_sizes = [1] + [self.ext(bs, at, d) for d in range(1, ctype.rank)]
            offs = [iv] + [0] * (ctype.rank - 1)
            shape = list(ctype.shape[1:])
            row = self.new_tensor(bs, shape, row_sizes[1:], at.t[1:], at.s[1:])
            self.emit(bs, Op("slice", [row], [at], offs=offs, sizes=row_sizes,
                             strides=[1] * ctype.rank, dropped=[0]))
            row2 = self.ew_unary(bs, row)
            nt = self.new_tensor(bs, ctype.shape, at.ext, at.t, at.s)
            self.emit(bs, Op("insert", [nt], [row2, at], offs=offs, sizes=row_sizes,
                             strides=[1] * ctype.rank, dropped=[0]))
        else:
            for _ in range(self.r.randint(0, 2)):
                self.stmt(bs, sc.depth + 1)
            nt = at
        iop = self.r.choice(["addi", "maxsi", "addi1", "grow"])
        if iop == "addi1":
            ni = self.binop(bs, "addi", ai, 1)
        elif iop == "grow":
            ni = self.binop(bs, "addi", ai, self.r.choice([2, 3]))
        elif iop == "addi" and iv_nonneg:
            ni = self.binop(bs, "addi", ai, iv)
        else:
            ni = self.binop(bs, "maxsi", ai, iv) if iv_nonneg else self.binop(bs, "addi", ai, 2)
        body.yields = [nt, ni]
        rs = self.f.new_multi([ctype, INDEX])
        rs[0].ext = list(at.ext)
        rs[0].t = list(at.t)
        rs[0].s = list(at.s)
        rs[1].t, rs[1].s = Iv(0, INF), ai.s
        self.emit(sc, Op("for", rs, [lbv, ubv, stv, init, acc0], regions=[body],
                         unsigned=unsigned))
        sc.tensors.append(rs[0])
        sc.values.append(rs[1])
        if self.chance(0.5):
            # the carried size as a size: a buffer of that length
            if rs[1].s.hi <= 40:
                e = self.new_tensor(sc, [None], [rs[1]], [rs[1].t], [rs[1].s], pool=False)
                self.emit(sc, Op("empty", [e], [rs[1]]))
                self.fill(sc, e)

    def stmt(self, sc, depth=0):
        w = self.weights
        kinds = list(w.keys())
        k = self.r.choices(kinds, [w[x] for x in kinds])[0]
        try:
            getattr(self, "s_" + k)(sc)
        except Infeasible:
            pass

    weights = {"arith": 10, "select": 2, "i64": 2, "fact": 6, "empty": 4, "slice": 9,
               "slice_update": 4, "insert": 7, "collapse": 4, "expand": 5, "view": 2,
               "pad": 4, "concat": 5, "ew": 6, "dyn_dim": 1, "dead_oob_dim": 0.4,
               "call": 3, "if": 4, "for": 4, "condbr": 0}

    def s_condbr(self, sc):
        if sc.depth != 0:
            return
        self.s_if(sc, "condbr")

    # -- functions ---------------------------------------------------------------
    def gen_func(self, name, private, nstmts):
        f = Func(name, private)
        self.f = f
        self.prog.funcs.append(f)
        r = self.r
        ntensor = r.choice([1, 1, 2, 2, 3])
        nscalar = 1 if r.random() < 0.25 else 0
        body_sc = Scope(None, f.body, 0)
        pool = NAMES_PRIVATE if private else NAMES_PUBLIC
        with_decls = r.random() < (0.3 if private else 0.6)
        used_names = {}
        for i in range(ntensor):
            rank = r.choice([1, 2, 2, 2, 3])
            shape = [None if r.random() < 0.7 else r.randint(1, 4) for _ in range(rank)]
            if private:
                shape = [None] * rank
            v = f.new(TType(shape), "arg")
            f.args.append(v)
            v.ext = [None] * rank
            v.t = [Iv(0, INF) if d is None else Iv(d, d) for d in shape]
            v.s = [Iv(0, MAXD) if d is None else Iv(d, d) for d in shape]
            d = None
            if with_decls and any(x is None for x in shape) and r.random() < 0.8:
                d = {"names": [], "ranges": [], "divs": [],
                     "mirrored": r.random() < 0.85}
                for j, st in enumerate(shape):
                    nm, rg, dv = "", None, 1
                    if st is None:
                        if r.random() < 0.7:
                            nm = r.choice(pool)
                        if r.random() < 0.4:
                            lo = r.choice([0, 1, 1, 2])
                            hi = r.choice([None, 4, 6, 8, 9, 12, 16])
                            if hi is not None and hi < lo:
                                hi = lo + 2
                            rg = (lo, hi)
                        if r.random() < 0.25:
                            dv = r.choice([2, 3, 4])
                            if rg and rg[1] is not None and rg[1] < dv:
                                rg = (rg[0], dv * 2)
                            if rg and rg[0] > 0 and rg[1] is not None and \
                                    (rg[1] // dv) * dv < rg[0]:
                                dv = 1
                        if nm and nm in used_names and rg is None:
                            r.random()  # kept so that seeds keep denoting the same programs
                    d["names"].append(nm)
                    d["ranges"].append(rg)
                    d["divs"].append(dv)
                    if nm:
                        used_names.setdefault(nm, []).append((i, j))
                    tv = v.t[j]
                    sv = v.s[j]
                    if rg:
                        tv = tv.meet(Iv(rg[0], INF if rg[1] is None else rg[1]))
                        sv = sv.meet(Iv(rg[0], MAXD if rg[1] is None else min(rg[1], MAXD)))
                        if sv.lo > sv.hi:
                            sv = Iv(sv.lo, sv.lo)
                    v.t[j], v.s[j] = tv, sv
                if not any(d["names"]) and not any(d["ranges"]) and \
                        all(x == 1 for x in d["divs"]):
                    d = None
                else:
                    if not any(x != 1 for x in d["divs"]):
                        d["divs"] = []
                    if not any(d["ranges"]):
                        d["ranges"] = []
                    if not any(d["names"]):
                        d["names"] = []
            f.decls.append(d)
            body_sc.tensors.append(v)
        for i in range(nscalar):
            v = f.new(INDEX, "arg")
            v.t = WILD
            v.s = Iv(SCALAR_LO, SCALAR_HI)
            f.args.append(v)
            f.decls.append(None)
        # The declarations of one name must admit a value together (symshape
        # rejects them otherwise, rightly: test/bad-input covers that); a
        # name whose ranges leave no multiple of its divisors loses them.
        for nm, places in used_names.items():
            lo, hi, lcm = 0, None, 1
            for (i, j) in places:
                d = f.decls[i]
                rg = d["ranges"][j] if d["ranges"] else None
                if rg:
                    lo = max(lo, rg[0])
                    if rg[1] is not None:
                        hi = rg[1] if hi is None else min(hi, rg[1])
                if d["divs"]:
                    lcm = lcm * d["divs"][j] // math.gcd(lcm, d["divs"][j])
            if hi is not None and -(-lo // lcm) * lcm > hi:
                for (i, j) in places:
                    if f.decls[i]["divs"]:
                        f.decls[i]["divs"][j] = 1
        # mirrors of declared facts (so the unprocessed program aborts too)
        for i, d in enumerate(f.decls):
            if not d:
                continue
            a = f.args[i]
            for j in range(a.type.rank):
                rg = d["ranges"][j] if d["ranges"] else None
                dv = d["divs"][j] if d["divs"] else 1
                if rg is None and dv == 1:
                    continue
                E = self.ext(body_sc, a, j)
                if not d["mirrored"]:
                    continue
                if rg:
                    lo, hi = rg
                    if lo > 0:
                        self.guard(body_sc, "le", lo, E, "declared lower bound")
                    if hi is not None:
                        self.guard(body_sc, "le", E, hi, "declared upper bound")
                if dv > 1:
                    rem = self.binop(body_sc, self.r.choice(["remui", "remsi"]), E, dv)
                    self.guard(body_sc, "eq", rem, 0, "declared divisor")
        for nm, places in used_names.items():
            for (i0, j0), (i1, j1) in zip(places, places[1:]):
                e0 = self.ext(body_sc, f.args[i0], j0)
                e1 = self.ext(body_sc, f.args[i1], j1)
                self.guard(body_sc, "eq", e0, e1, "same name '%s'" % nm)
        # a few tensor.dim up front, like frontends do
        for a in f.args:
            if is_tensor(a):
                for j in range(a.type.rank):
                    if a.type.shape[j] is None and r.random() < 0.6:
                        self.ext(body_sc, a, j)
            else:
                if r.random() < 0.6:
                    self.nonneg_guard(body_sc, a, r.choice([8, 10, 12]))
                else:
                    body_sc.values.append(a)
        call_at = r.randrange(nstmts) if (not private and r.random() < 0.7) else -1
        for k in range(nstmts):
            self.stmt(body_sc)
            if k == call_at:
                self.s_call(body_sc)
        # returns: a few recent values (never arguments)
        rets = []
        cand_t = [t for t in body_sc.tensors if t not in f.args]
        cand_i = [v for v in body_sc.values if v not in f.args]
        for _ in range(r.randint(1, 3)):
            if cand_t and (r.random() < 0.6 or not cand_i):
                t = cand_t[-1] if r.random() < 0.5 else r.choice(cand_t)
                if t not in rets:
                    rets.append(t)
            elif cand_i:
                v = cand_i[-1] if r.random() < 0.4 else r.choice(cand_i)
                if v not in rets:
                    rets.append(v)
        if not rets:
            e = self.s_empty(body_sc) or None
            if e is not None:
                rets.append(e)
        f.returns = rets
        dce(f)
        return f


def gen_program(seed, opts=None):
    opts = opts or {}
    r = random.Random(seed)
    prog = Program(seed)
    g = Gen(r, prog, opts)
    g.weights = dict(Gen.weights)
    g.weights["condbr"] = 2
    nprivate = r.choice([0, 1, 1, 2])
    for i in range(nprivate):
        g.gen_func("callee%d" % i, True, r.randint(2, 6))
        # callees: arguments all dynamic; keep only those that return something
        if not prog.funcs[-1].returns:
            prog.funcs.pop()
    npublic = r.choice([1, 1, 2, 2, 3])
    for i in range(npublic):
        g.gen_func("f%d" % i, False, r.randint(3, 12))
    return prog


# --------------------------------------------------------------------------
# Choosing inputs.

def func_consts(f):
    cs = set()
    for op in walk_ops(f.body):
        if op.kind == "const" and isinstance(op.attrs["value"], int) and \
                op.results[0].type == INDEX:
            cs.add(op.attrs["value"])
    return sorted(x for x in cs if 0 <= x <= 24)


def sample_inputs(prog, f, r, want_ok=5, want_abort=3, tries=400, draw=None):
    """Random inputs of f, filtered by the oracle: up to want_ok that run
    and want_abort that abort; undefined ones are never kept. Dims mix
    independent values, shared values (asserted-equal dims are common) and
    multiples of small numbers (exact reshapes). `draw(r, f, shapes,
    scalars)`, if given, rewrites each draw (a program family's own values
    near the limits); inputs of more than MAX_ELEMS elements are dropped."""
    consts = func_consts(f)
    cases_ok, cases_abort, seen = [], [], set()
    names_decl = {}
    for i, d in enumerate(f.decls):
        if d and d.get("names"):
            for j, nm in enumerate(d["names"]):
                if nm:
                    names_decl.setdefault(nm, []).append((i, j))
    nice = [0, 1, 2, 3, 4, 6, 8, 12]
    for t in range(tries):
        mode = r.random()
        shared = r.choice(consts + nice) if consts and r.random() < 0.3 else r.choice(nice)
        shapes, scalars = [], []
        for i, a in enumerate(f.args):
            if is_tensor(a):
                shp = []
                d = f.decls[i]
                for j, st in enumerate(a.type.shape):
                    if st is not None:
                        shp.append(st)
                        continue
                    rg = d["ranges"][j] if d and d.get("ranges") else None
                    dv = d["divs"][j] if d and d.get("divs") else 1
                    m = r.random()
                    if mode < 0.3 and m < 0.75:
                        x = shared
                    elif mode < 0.6 and m < 0.7:
                        x = r.choice(nice)
                    elif m < 0.35 and consts:
                        x = r.choice(consts)
                    elif m < 0.45:
                        x = r.choice([0, 1])
                    else:
                        x = r.randint(0, MAXD)
                    if rg and r.random() < 0.85:
                        lo, hi = rg
                        hi = MAXD + 3 if hi is None else hi
                        x = min(max(x, lo), hi)
                    if dv > 1 and r.random() < 0.85:
                        x = (x // dv) * dv
                    shp.append(x)
                shapes.append(shp)
            else:
                scalars.append(r.randint(SCALAR_LO, SCALAR_HI) if r.random() < 0.7
                               else r.choice(consts or [0]))
        if draw is not None:
            shapes, scalars = draw(r, f, shapes, scalars)
            if any(work(s) > MAX_ELEMS for s in shapes):
                continue
        # equal names: usually equal values
        if r.random() < 0.85:
            for nm, places in names_decl.items():
                i0, j0 = places[0]
                ti = [k for k, a in enumerate(f.args) if is_tensor(a)]
                for i, j in places[1:]:
                    if f.args[i].type.shape[j] is None:
                        shapes[ti.index(i)][j] = shapes[ti.index(i0)][j0] \
                            if f.args[i0].type.shape[j0] is None else f.args[i0].type.shape[j0]
        key = (tuple(tuple(s) for s in shapes), tuple(scalars))
        if key in seen:
            continue
        seen.add(key)
        case = Case(f.name, [tuple(s) for s in shapes], scalars)
        try:
            run_case(prog, case)
        except (UB, TooBig):
            continue
        if case.status == "ok":
            if len(cases_ok) < want_ok:
                cases_ok.append(case)
        elif len(cases_abort) < want_abort:
            cases_abort.append(case)
        if len(cases_ok) >= want_ok and len(cases_abort) >= want_abort:
            break
    return cases_ok, cases_abort


FAMILIES = ("classic", "negsize")


def generate(seed, opts=None, family="classic", inputs=1):
    """A program with its cases, or None when no function has a valid input.
    `family`: "classic" (this module's generator), or "negsize" (size
    arithmetic through negative values and the limits, fuzzneg.py).
    `inputs` multiplies the number of valid inputs drawn per function (and
    the draws allowed): they all run in one mlir-runner call, so a larger
    value gives more executions per compilation. The programs are the same
    for every value; the inputs after the first few differ."""
    sample = {}
    if family == "negsize":
        import fuzzneg
        prog = fuzzneg.gen_program(seed)
        sample = dict(fuzzneg.SAMPLING)
    else:
        prog = gen_program(seed, opts)
    if inputs != 1:
        sample["want_ok"] = sample.get("want_ok", 5) * inputs
        sample["tries"] = sample.get("tries", 400) * inputs
    prog.family = family
    r = random.Random(seed * 7919 + 17)
    for f in prog.funcs:
        if f.private:
            continue
        ok, ab = sample_inputs(prog, f, r, **sample)
        prog.cases.extend(ok + ab)
    # drop public functions without cases
    used = set(c.func for c in prog.cases)
    prog.funcs = [f for f in prog.funcs if f.private or f.name in used]
    if not any(c.status == "ok" for c in prog.cases):
        return None
    prune_private(prog)
    return prog


def prune_private(prog):
    changed = True
    while changed:
        changed = False
        called = set()
        for f in prog.funcs:
            for op in walk_ops(f.body):
                if op.kind == "call":
                    called.add(op.attrs["callee"])
        keep = [f for f in prog.funcs if not f.private or f.name in called]
        if len(keep) != len(prog.funcs):
            prog.funcs = keep
            changed = True


def clone(prog):
    return copy.deepcopy(prog)
