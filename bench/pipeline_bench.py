#!/usr/bin/env python3
"""Benchmark: symshape-pipeline as the module grows, against the upstream
cleanup trio and parse+print measured in the same run on the same input.

Seeded, deterministic generators (pure Python) write ordinary MLIR with
dynamic shapes, like a frontend's output:

  * index     many small independent functions doing index arithmetic on
              `tensor.dim` results (addi, subi, muli, floordivsi, remsi,
              maxsi, minsi; `arith.cmpi` + `cf.assert` of size relations),
              some arguments carrying `symshape.dim_names` / `dim_ranges` /
              `dim_divisors`, returning indices (torch-mlir style);
  * tensor    many small functions with `tensor.empty` + `linalg.fill`,
              elementwise `linalg.generic`, `tensor.extract_slice` /
              `insert_slice` with computed sizes, `collapse_shape` /
              `expand_shape` and `cf.assert`;

  both at a requested total op count (--sizes, counted by lines), and the
  pathological single-function cases, sized by N (--n KIND=N1,N2,...):

  * maxchain  a chain of N nested, alternating arith.maxsi / arith.minsi over
              the dims of a few arguments;
  * clamp     v = minsi(maxsi(v, d_i + k), d_j + k'), N times, over 8 dims
              (an alternating clamp chain whose bounds no fact orders);
  * maxflat   maxsi(maxsi(...maxsi(d1, d2)..., d_N)) of N distinct dims (a max
              that flattens into one N-operand max);
  * symbols   N distinct symbols: the dims of N named arguments, summed;
  * asserts   N `cf.assert`s of size relations in one function;
  * dag       a DAG-shaped size v_i = maxsi(addi(v_{i-1}, d1),
              minsi(v_{i-1}, d0)) of N steps (a tree of 2^N leaves when
              unshared).

Every case is run (min of --repeat runs, each with a --timeout) through

  * parse+print: `symshape-opt IN` (no pass; this also verifies the input),
  * trio:        `mlir-opt -canonicalize -cse -int-range-optimizations IN`
                 (with the symshape dialect plugin loaded to parse the
                 argument attributes),
  * pipeline:    `symshape-opt --symshape-pipeline IN`,

printing seconds, the ratios pipeline/trio and pipeline/parse+print, the
pipeline time per op, its growth exponent against the previous size of the
same kind (1 = linear, 2 = quadratic) and the peak resident memory of each
run (GNU time's %M of the command: wait4's rusage of a direct child would
include this Python process's size, which Linux carries across exec). A case that exceeds the timeout is
reported as "timeout" and the larger sizes of that kind are skipped for that
tool. A crash or error of symshape-opt on a generated (valid) module is a
bug: the input and its stderr are saved under --bugs-dir.

--smoke generates every kind at about 1e3 ops (the pathological ones at a
small N), checks that each module parses, that the pipeline succeeds on it
and that its output is ordinary MLIR (parsed by mlir-opt without the
plugin), and makes no timing claim; it exits 1 on any failure.

--no-verify-each runs every command with --verify-each=false: upstream
verifies the IR after each pass that changed it, so the pipeline, with more
passes, pays more of it than the trio; off for both, the ratios compare the
passes' own work (docs/Performance.md).

Usage:
  bench/pipeline_bench.py [--sizes 1e3,1e4] [--kinds index,tensor,dag]
      [--n dag=10,20] [--seed 1] [--timeout 120] [--path-timeout 60]
      [--repeat 1] [--symshape-opt PATH] [--mlir-opt PATH] [--plugin PATH]
      [--markdown] [--update-docs FILE] [--save DIR] [--bugs-dir DIR]
  bench/pipeline_bench.py --instructions [--baseline PATH] [--sizes 1e4]
      [--kinds ...] [--n KIND=N1,N2] [--markdown] [--no-verify-each]
  bench/pipeline_bench.py --smoke [--symshape-opt PATH] [--mlir-opt PATH]
"""

import argparse
import math
import os
import signal
import platform
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_util  # noqa: E402

SIZED_KINDS = ["index", "tensor", "calls"]
PATH_KINDS = ["maxchain", "clamp", "maxflat", "symbols", "asserts", "dag"]
ALL_KINDS = SIZED_KINDS + PATH_KINDS

DEFAULT_SIZES = [1000, 10000, 100000, 1000000]
DEFAULT_N = {
    "maxchain": [250, 500, 1000, 2000],
    "clamp": [250, 500, 1000, 2000],
    "maxflat": [250, 500, 1000, 2000],
    "symbols": [250, 500, 1000, 2000],
    "asserts": [500, 1000, 2000, 5000],
    "dag": [10, 20, 40, 100],
}
# --smoke: about 1e3 ops per module where that is fast today; maxflat and
# symbols (super-linear today: 250 distinct dims take 20+ s) and the DAG
# (exponential) at a small N so that the smoke test stays well under 30 s.
SMOKE_N = {"maxchain": 1000, "clamp": 250, "maxflat": 50, "symbols": 100, "asserts": 400,
           "dag": 10}

BEGIN_MARK = "<!-- pipeline-bench:begin -->"
END_MARK = "<!-- pipeline-bench:end -->"


# ---------------------------------------------------------------------------
# Generators. Each builds a list of lines; names are local to a function.
# ---------------------------------------------------------------------------

class Func:
    """A function body under construction: fresh SSA names, hoisted index
    constants."""

    def __init__(self, name):
        self.name = name
        self.args = []        # text of each argument
        self.body = []        # body lines (without the constants)
        self.consts = {}      # value -> SSA name
        self.n = 0

    def fresh(self, prefix="v"):
        self.n += 1
        return f"%{prefix}{self.n}"

    def const(self, value):
        if value not in self.consts:
            self.consts[value] = f"%c{value}"
        return self.consts[value]

    def emit(self, line):
        self.body.append("  " + line)

    def op(self, text, prefix="v"):
        name = self.fresh(prefix)
        self.emit(f"{name} = {text}")
        return name

    def lines(self, results, ret_values):
        head = (f"func.func @{self.name}({', '.join(self.args)})"
                f" -> ({', '.join(results)}) {{")
        out = [head]
        for value in sorted(self.consts):
            out.append(f"  {self.consts[value]} = arith.constant {value}"
                       f" : index")
        out.extend(self.body)
        types = ", ".join(results)
        out.append(f"  return {', '.join(ret_values)} : {types}")
        out.append("}")
        return out


def tensor_type(shape, elt="f32"):
    return "tensor<" + "x".join(str(d) for d in shape) + f"x{elt}>"


def arg_attrs(names=None, ranges=None, divisors=None):
    """The symshape.dim_* argument attributes (docs/Dialect.md)."""
    parts = []
    if names is not None:
        parts.append("symshape.dim_names = [" +
                     ", ".join(f'"{n}"' for n in names) + "]")
    if ranges is not None:
        rs = []
        for r in ranges:
            if r is None:
                rs.append("unit")
            else:
                lo, hi = r
                rs.append(f"#symshape.range<[{lo}, {hi}]>")
        parts.append("symshape.dim_ranges = [" + ", ".join(rs) + "]")
    if divisors is not None:
        parts.append("symshape.dim_divisors = [" +
                     ", ".join(str(d) for d in divisors) + "]")
    if not parts:
        return ""
    return " {" + ", ".join(parts) + "}"


def cmp_assert(f, pred, a, b, msg):
    c = f.op(f"arith.cmpi {pred}, {a}, {b} : index", "p")
    f.emit(f'cf.assert {c}, "{msg}"')


# -- index ------------------------------------------------------------------

def gen_index_func(rng, fi):
    """A torch-mlir-like function: dims of 1-3 tensors, index arithmetic,
    asserts of true size relations, indices returned."""
    f = Func(f"index_{fi}")
    dims = []          # (ssa name, "plain" | "fact") of every dynamic dim
    plain = []         # dynamic dims without any declared fact
    nargs = rng.randint(1, 3)
    shared = f"batch{fi}" if rng.random() < 0.3 else None
    for a in range(nargs):
        rank = rng.randint(1, 3)
        shape = ["?" if rng.random() < 0.8 else rng.choice([2, 4, 8])
                 for _ in range(rank)]
        attrs = ""
        declared = [False] * rank
        if rng.random() < 0.5:
            names, ranges, divs = [], [], []
            for k, d in enumerate(shape):
                name, rg, dv = "", None, 1
                if d == "?":
                    if shared and k == 0:
                        name = shared
                    elif rng.random() < 0.6:
                        name = f"a{a}d{k}"
                    if rng.random() < 0.5:
                        rg = (rng.choice([0, 1, 2]),
                              rng.choice([16, 64, 1024, "inf"]))
                    if rng.random() < 0.3:
                        dv = rng.choice([2, 4, 8])
                    declared[k] = bool(name) or rg is not None or dv != 1
                names.append(name)
                ranges.append(rg)
                divs.append(dv)
            which = rng.randrange(4)
            attrs = arg_attrs(names,
                              ranges if which in (1, 3) else None,
                              divs if which in (2, 3) else None)
        f.args.append(f"%arg{a}: {tensor_type(shape)}{attrs}")
        for k, d in enumerate(shape):
            if d != "?":
                continue
            ty = tensor_type(shape)
            v = f.op(f"tensor.dim %arg{a}, {f.const(k)} : {ty}", "d")
            dims.append(v)
            if not declared[k]:
                plain.append(v)
    if not dims:
        # At least one dynamic dim.
        f.args.append(f"%arg{nargs}: tensor<?xf32>")
        v = f.op(f"tensor.dim %arg{nargs}, {f.const(0)} : tensor<?xf32>", "d")
        dims.append(v)
        plain.append(v)

    vals = list(dims)
    steps = rng.randint(6, 18)
    for _ in range(steps):
        a = rng.choice(vals)
        b = rng.choice(vals)
        k = rng.choice([1, 2, 3, 4, 8, 16])
        choice = rng.randrange(12)
        if choice == 0:
            v = f.op(f"arith.addi {a}, {b} : index")
        elif choice == 1:
            v = f.op(f"arith.addi {a}, {f.const(k)} : index")
        elif choice == 2:
            v = f.op(f"arith.subi {a}, {b} : index")
        elif choice == 3:
            v = f.op(f"arith.muli {a}, {f.const(k)} : index")
        elif choice == 4:
            v = f.op(f"arith.muli {a}, {b} : index")
        elif choice == 5:
            v = f.op(f"arith.floordivsi {a}, {f.const(k)} : index")
        elif choice == 6:
            # A division by a dim guarded the way frontends write it.
            g = f.op(f"arith.maxsi {rng.choice(dims)}, {f.const(1)} : index")
            v = f.op(f"arith.floordivsi {a}, {g} : index")
        elif choice == 7:
            v = f.op(f"arith.remsi {a}, {f.const(max(k, 2))} : index")
        elif choice == 8:
            v = f.op(f"arith.maxsi {a}, {b} : index")
        elif choice == 9:
            v = f.op(f"arith.minsi {a}, {b} : index")
        elif choice == 10:
            v = f.op(f"arith.maxsi {a}, {f.const(k)} : index")
        else:
            v = f.op(f"arith.minsi {a}, {f.const(k)} : index")
        vals.append(v)
        if rng.random() < 0.25:
            # Asserts of relations that hold for sizes (never contradictory).
            d = rng.choice(dims)
            kind = rng.randrange(5)
            if kind == 0:
                cmp_assert(f, "sge", d, f.const(1), "dim must be positive")
            elif kind == 1:
                cmp_assert(f, "sle", d, f.const(4096), "dim too large")
            elif kind == 2 and len(plain) >= 2:
                x, y = rng.sample(plain, 2)
                cmp_assert(f, "eq", x, y, "dims must match")
            elif kind == 3:
                m = f.op(f"arith.maxsi {d}, {rng.choice(dims)} : index")
                cmp_assert(f, "sge", m, d, "max is at least its operand")
            else:
                m = f.op(f"arith.minsi {d}, {rng.choice(dims)} : index")
                cmp_assert(f, "sle", m, d, "min is at most its operand")
    nret = rng.randint(1, 3)
    rets = vals[-nret:]
    return f.lines(["index"] * len(rets), rets)


# -- calls ------------------------------------------------------------------

def gen_calls_func(rng, fi):
    """A private helper computing sizes from the dims of its argument, and a
    public function that calls it on two tensors and asserts the results:
    a module of many functions that call each other (torch-mlir's and
    IREE's outlined helpers)."""
    ty = tensor_type(["?", "?"])
    h = Func(f"calls_h{fi}")
    h.args.append(f"%arg0: {ty}")
    d0 = h.op(f"tensor.dim %arg0, {h.const(0)} : {ty}", "d")
    d1 = h.op(f"tensor.dim %arg0, {h.const(1)} : {ty}", "d")
    k = rng.choice([1, 2, 4, 8])
    s = h.op(f"arith.addi {d0}, {h.const(k)} : index")
    m = h.op(f"arith.muli {d1}, {h.const(k)} : index")
    x = h.op(f"arith.maxsi {s}, {m} : index")
    y = h.op(f"arith.minsi {x}, {d0} : index")
    helper = h.lines(["index", "index"], [x, y])
    helper[0] = helper[0].replace("func.func @", "func.func private @", 1)
    f = Func(f"calls_{fi}")
    names = arg_attrs([f"n{fi}", "m"], [(1, 64), None])
    f.args.append(f"%arg0: {ty}{names}")
    f.args.append(f"%arg1: {ty}")
    r = []
    for a in range(2):
        c = f.fresh("r")
        f.emit(f"{c}:2 = func.call @calls_h{fi}(%arg{a}) : ({ty}) -> "
               f"(index, index)")
        r.append(c)
    d0 = f.op(f"tensor.dim %arg0, {f.const(0)} : {ty}", "d")
    cmp_assert(f, "sle", f"{r[0]}#1", d0, "min is at most its operand")
    cmp_assert(f, "sge", f"{r[1]}#0", f"{r[1]}#1", "max is at least min")
    v = f.op(f"arith.maxsi {r[0]}#0, {r[1]}#0 : index")
    return helper + f.lines(["index"], [v])


# -- tensor -----------------------------------------------------------------

ELEMENTWISE = ["arith.addf", "arith.mulf", "arith.maximumf", "arith.subf"]


def generic2(f, a, b, out, ty, body_op):
    name = f.fresh("g")
    f.emit(f"{name} = linalg.generic {{indexing_maps = [#id2, #id2, #id2], "
           f'iterator_types = ["parallel", "parallel"]}} '
           f"ins({a}, {b} : {ty}, {ty}) outs({out} : {ty}) {{")
    f.body.append("  ^bb0(%in0: f32, %in1: f32, %out0: f32):")
    f.body.append(f"    %r = {body_op} %in0, %in1 : f32")
    f.body.append("    linalg.yield %r : f32")
    f.body.append(f"  }} -> {ty}")
    return name


def gen_tensor_func(rng, fi):
    """Elementwise work on a ?x? tensor with slices, reshapes and asserts."""
    f = Func(f"tensor_{fi}")
    t2 = "tensor<?x?xf32>"
    t1 = "tensor<?xf32>"
    div8 = rng.random() < 0.5
    if rng.random() < 0.6:
        attrs = arg_attrs([f"rows{fi}", f"cols{fi}"],
                          [(1, rng.choice([64, 4096, "inf"])), None],
                          [1, 8 if div8 else 1])
    else:
        attrs = ""
        div8 = False
    f.args.append(f"%x: {t2}{attrs}")
    f.args.append(f"%y: {t1}")
    d0 = f.op(f"tensor.dim %x, {f.const(0)} : {t2}", "d")
    d1 = f.op(f"tensor.dim %x, {f.const(1)} : {t2}", "d")
    dy = f.op(f"tensor.dim %y, {f.const(0)} : {t1}", "d")
    if rng.random() < 0.7:
        cmp_assert(f, "sge", d0, f.const(1), "need at least one row")
    cst = f.op(f"arith.constant {rng.randint(0, 9)}.0 : f32", "f")
    e = f.op(f"tensor.empty({d0}, {d1}) : {t2}", "e")
    cur = f.op(f"linalg.fill ins({cst} : f32) outs({e} : {t2}) -> {t2}", "t")
    cur = generic2(f, "%x", cur, e, t2, rng.choice(ELEMENTWISE))
    blocks = ["split", "reshape", "merge", "generic", "split"]
    if div8:
        blocks.append("expand8")
    rng.shuffle(blocks)
    rets = []
    for blk in blocks[:rng.randint(2, len(blocks))]:
        if blk == "split":
            # Two halves of the rows, copied into a fresh tensor.
            h = f.op(f"arith.floordivsi {d0}, {f.const(2)} : index")
            rest = f.op(f"arith.subi {d0}, {h} : index")
            top = f.op(f"tensor.extract_slice {cur}[0, 0] [{h}, {d1}] [1, 1]"
                       f" : {t2} to {t2}", "s")
            bot = f.op(f"tensor.extract_slice {cur}[{h}, 0] [{rest}, {d1}] "
                       f"[1, 1] : {t2} to {t2}", "s")
            e2 = f.op(f"tensor.empty({d0}, {d1}) : {t2}", "e")
            i1 = f.op(f"tensor.insert_slice {bot} into {e2}[0, 0] "
                      f"[{rest}, {d1}] [1, 1] : {t2} into {t2}", "t")
            cur = f.op(f"tensor.insert_slice {top} into {i1}[{rest}, 0] "
                       f"[{h}, {d1}] [1, 1] : {t2} into {t2}", "t")
        elif blk == "reshape":
            c = f.op(f"tensor.collapse_shape {cur} [[0, 1]] : {t2} into {t1}",
                     "t")
            n = f.op(f"tensor.dim {c}, {f.const(0)} : {t1}", "d")
            prod = f.op(f"arith.muli {d0}, {d1} : index")
            cmp_assert(f, "eq", n, prod, "flattened size")
            cur = f.op(f"tensor.expand_shape {c} [[0, 1]] output_shape "
                       f"[{d0}, {d1}] : {t1} into {t2}", "t")
        elif blk == "merge":
            # max_merge: a vector padded to the larger of two sizes.
            m = f.op(f"arith.maxsi {d0}, {dy} : index")
            e3 = f.op(f"tensor.empty({m}) : {t1}", "e")
            z = f.op(f"linalg.fill ins({cst} : f32) outs({e3} : {t1}) -> {t1}",
                     "t")
            ins = f.op(f"tensor.insert_slice %y into {z}[0] [{dy}] [1] : "
                       f"{t1} into {t1}", "t")
            lo = f.op(f"arith.minsi {d0}, {m} : index")
            sl = f.op(f"tensor.extract_slice {ins}[0] [{lo}] [1] : "
                      f"{t1} to {t1}", "s")
            rets.append((sl, t1))
        elif blk == "generic":
            cur = generic2(f, cur, "%x", e, t2, rng.choice(ELEMENTWISE))
        elif blk == "expand8":
            q = f.op(f"arith.floordivsi {d1}, {f.const(8)} : index")
            ex = f.op(f"tensor.expand_shape {cur} [[0], [1, 2]] output_shape "
                      f"[{d0}, {q}, 8] : {t2} into tensor<?x?x8xf32>", "t")
            cur = f.op(f"tensor.collapse_shape {ex} [[0], [1, 2]] : "
                       f"tensor<?x?x8xf32> into {t2}", "t")
    rets.insert(0, (cur, t2))
    return f.lines([t for _, t in rets], [v for v, _ in rets])


# -- module assembly ----------------------------------------------------------

def count_ops(lines):
    """Ops counted by lines: every line but braces, block labels, func
    headers' closing and comments."""
    n = 0
    for line in lines:
        s = line.strip()
        if not s or s.startswith("//") or s.startswith("^") or s == "}" \
                or s.startswith("#"):
            continue
        n += 1
    return n


HEADER = ["#id2 = affine_map<(d0, d1) -> (d0, d1)>"]


def gen_sized(kind, ops, seed):
    rng = random.Random(f"{seed}:{kind}:{ops}")
    gen = {"index": gen_index_func, "tensor": gen_tensor_func,
           "calls": gen_calls_func}[kind]
    lines = list(HEADER)
    total = 0
    fi = 0
    while total < ops:
        fl = gen(rng, fi)
        total += count_ops(fl)
        lines.extend(fl)
        fi += 1
    return lines


def dims_of_args(f, nargs, rank, attrs_for=None):
    dims = []
    ty = tensor_type(["?"] * rank)
    for a in range(nargs):
        attrs = attrs_for(a) if attrs_for else ""
        f.args.append(f"%arg{a}: {ty}{attrs}")
    for a in range(nargs):
        for k in range(rank):
            dims.append(f.op(f"tensor.dim %arg{a}, {f.const(k)} : {ty}", "d"))
    return dims


def finish_with_tensor(f, size):
    """Use a size as a tensor size: empty + fill, returned with the size."""
    t1 = "tensor<?xf32>"
    cst = f.op("arith.constant 1.0 : f32", "f")
    e = f.op(f"tensor.empty({size}) : {t1}", "e")
    t = f.op(f"linalg.fill ins({cst} : f32) outs({e} : {t1}) -> {t1}", "t")
    return f.lines([t1, "index"], [t, size])


def gen_maxchain(n, seed):
    rng = random.Random(f"{seed}:maxchain:{n}")
    f = Func("maxchain")
    dims = dims_of_args(f, 4, 2)
    v = dims[0]
    for i in range(n):
        op = "arith.maxsi" if i % 2 == 0 else "arith.minsi"
        v = f.op(f"{op} {v}, {rng.choice(dims)} : index")
    return list(HEADER) + finish_with_tensor(f, v)


def gen_clamp(n, seed):
    """v = min(max(v, d_i + k), d_j + k'): a value clamped N times between
    offsets of 8 dims (none of which the facts order)."""
    rng = random.Random(f"{seed}:clamp:{n}")
    f = Func("clamp")
    dims = dims_of_args(f, 8, 1)
    v = dims[0]
    for _ in range(n):
        lo = f.op(f"arith.addi {rng.choice(dims)}, {f.const(rng.randrange(1, 9))} : index")
        hi = f.op(f"arith.addi {rng.choice(dims)}, {f.const(rng.randrange(1, 9))} : index")
        v = f.op(f"arith.maxsi {v}, {lo} : index")
        v = f.op(f"arith.minsi {v}, {hi} : index")
    return list(HEADER) + finish_with_tensor(f, v)


def gen_maxflat(n, seed):
    f = Func("maxflat")
    dims = dims_of_args(f, n, 1)
    v = dims[0]
    for d in dims[1:]:
        v = f.op(f"arith.maxsi {v}, {d} : index")
    return list(HEADER) + finish_with_tensor(f, v)


def gen_symbols(n, seed):
    rng = random.Random(f"{seed}:symbols:{n}")
    f = Func("symbols")

    def attrs(a):
        return arg_attrs([f"n{a}"], [(1, 100 + rng.randrange(1000))],
                         [rng.choice([1, 1, 2, 4])])
    dims = dims_of_args(f, n, 1, attrs)
    v = dims[0]
    for d in dims[1:]:
        v = f.op(f"arith.addi {v}, {d} : index")
    return list(HEADER) + finish_with_tensor(f, v)


def gen_asserts(n, seed):
    rng = random.Random(f"{seed}:asserts:{n}")
    f = Func("asserts")
    dims = dims_of_args(f, 8, 2)
    # Pairs of dims asserted equal: only within disjoint pairs, so the facts
    # never contradict each other.
    for i in range(n):
        d = rng.choice(dims)
        kind = i % 6
        if kind == 0:
            cmp_assert(f, "sge", d, f.const(1), "dim must be positive")
        elif kind == 1:
            cmp_assert(f, "sle", d, f.const(1000000 - i), "dim too large")
        elif kind == 2:
            j = rng.randrange(len(dims) // 2) * 2
            cmp_assert(f, "eq", dims[j], dims[j + 1], "dims must match")
        elif kind == 3:
            m = f.op(f"arith.maxsi {d}, {rng.choice(dims)} : index")
            cmp_assert(f, "sge", m, d, "max is at least its operand")
        elif kind == 4:
            s = f.op(f"arith.addi {d}, {rng.choice(dims)} : index")
            cmp_assert(f, "sge", s, d, "sum is at least its operand")
        else:
            q = f.op(f"arith.floordivsi {d}, {f.const(rng.choice([2, 4, 8]))}"
                     f" : index")
            cmp_assert(f, "sle", q, d, "quotient is at most the dim")
    s = f.op(f"arith.addi {dims[0]}, {dims[-1]} : index")
    return list(HEADER) + finish_with_tensor(f, s)


def gen_dag(n, seed):
    f = Func("dag")
    d0, d1 = dims_of_args(f, 1, 2)
    v = d0
    for _ in range(n):
        a = f.op(f"arith.addi {v}, {d1} : index")
        b = f.op(f"arith.minsi {v}, {d0} : index")
        v = f.op(f"arith.maxsi {a}, {b} : index")
    return list(HEADER) + finish_with_tensor(f, v)


PATH_GEN = {"maxchain": gen_maxchain, "clamp": gen_clamp, "maxflat": gen_maxflat,
            "symbols": gen_symbols, "asserts": gen_asserts, "dag": gen_dag}


def generate(kind, size, seed):
    if kind in SIZED_KINDS:
        return gen_sized(kind, size, seed)
    return PATH_GEN[kind](size, seed)


# ---------------------------------------------------------------------------
# Running.
# ---------------------------------------------------------------------------

class Run:
    def __init__(self, status, seconds, maxrss_kb, rc, stderr, cpu=0.0):
        self.status = status          # ok | timeout | error | crash
        self.seconds = seconds
        self.cpu = cpu                # user + sys seconds, every thread
        self.maxrss_kb = maxrss_kb
        self.rc = rc
        self.stderr = stderr


TIME = "/usr/bin/time"


def run_once(cmd, timeout, stdout_path=None):
    """Runs cmd; wall seconds, CPU seconds (user + sys of every thread, from
    wait4, which counts the command that GNU time waited for), peak RSS of
    the command, status.

    The peak comes from GNU time (Debian's `time`, which the setup script
    installs) around the command; without it, from wait4, which counts this
    Python process's size too (it holds the generated modules)."""
    err = tempfile.TemporaryFile()
    out_fd = os.open(stdout_path or os.devnull,
                     os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    null_fd = os.open(os.devnull, os.O_RDONLY)
    # Linux carries a process's peak RSS across exec, and a child spawned by
    # this process starts from this process's size: GNU time, small, forks
    # the command and reports the peak of the command alone.
    rss_file = None
    if os.access(TIME, os.X_OK):
        rss_file = tempfile.NamedTemporaryFile(delete=False)
        rss_file.close()
        cmd = [TIME, "-f", "%M", "-o", rss_file.name] + list(cmd)
    exe = shutil.which(cmd[0]) or cmd[0]
    start = time.perf_counter()
    # In its own process group: a timeout kills GNU time and the command.
    pid = os.posix_spawn(exe, cmd, os.environ, file_actions=[
        (os.POSIX_SPAWN_DUP2, null_fd, 0),
        (os.POSIX_SPAWN_DUP2, out_fd, 1),
        (os.POSIX_SPAWN_DUP2, err.fileno(), 2)], setpgroup=0)
    os.close(out_fd)
    os.close(null_fd)
    fired = []

    def kill():
        fired.append(True)
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass
    timer = threading.Timer(timeout, kill)
    timer.start()
    try:
        _, status, usage = os.wait4(pid, 0)
    finally:
        timer.cancel()
    seconds = time.perf_counter() - start
    rc = os.waitstatus_to_exitcode(status)
    err.seek(0)
    stderr = err.read().decode(errors="replace")
    err.close()
    if fired:
        st = "timeout"
    elif rc < 0 or "Stack dump" in stderr or "PLEASE submit a bug" in stderr:
        st = "crash"
    elif rc != 0:
        st = "error"
    else:
        st = "ok"
    maxrss = usage.ru_maxrss
    if rss_file:
        with open(rss_file.name) as f:
            lines = [l for l in f.read().split() if l.isdigit()]
        os.unlink(rss_file.name)
        if lines:
            maxrss = int(lines[-1])
    return Run(st, seconds, maxrss, rc, stderr,
               cpu=usage.ru_utime + usage.ru_stime)


def run_best(cmd, timeout, repeat):
    """The fastest of `repeat` runs, with the least CPU time and the largest
    peak memory seen."""
    best = None
    peak = 0
    cpu = None
    for _ in range(repeat):
        r = run_once(cmd, timeout)
        if r.status != "ok":
            return r
        peak = max(peak, r.maxrss_kb)
        cpu = r.cpu if cpu is None else min(cpu, r.cpu)
        if best is None or r.seconds < best.seconds:
            best = r
    best.maxrss_kb = peak
    best.cpu = cpu
    return best


class Tools:
    def __init__(self, args):
        self.symshape_opt = args.symshape_opt
        self.mlir_opt = args.mlir_opt
        self.plugin = args.plugin
        self.baseline = args.baseline
        # --no-verify-each: appended to every command.
        self.extra = ["--verify-each=false"] if args.no_verify_each else []

    def commands(self, path):
        trio = [self.mlir_opt]
        if self.plugin:
            trio.append(f"--load-dialect-plugin={self.plugin}")
        else:
            trio.append("--allow-unregistered-dialect")
        trio += ["-canonicalize", "-cse", "-int-range-optimizations", path]
        cmds = {
            "parse": [self.symshape_opt, path],
            "trio": trio,
            "pipeline": [self.symshape_opt, "--symshape-pipeline", path],
        }
        # --baseline (with --instructions): another build's pipeline.
        if self.baseline:
            cmds["baseline"] = [self.baseline, "--symshape-pipeline", path]
        return {k: cmd + self.extra for k, cmd in cmds.items()}


TOOL_ORDER = ["parse", "trio", "pipeline"]


def save_bug(bugs_dir, kind, size, seed, tool, run, src):
    os.makedirs(bugs_dir, exist_ok=True)
    base = os.path.join(bugs_dir,
                        f"{kind}-{size}-seed{seed}-{tool}-{run.status}")
    shutil.copyfile(src, base + ".mlir")
    with open(base + ".stderr", "w") as fh:
        fh.write(f"exit code {run.rc}\n")
        fh.write(run.stderr)
    return base + ".mlir"


def fmt_size(n):
    if n >= 1000 and n % 1000 == 0:
        e = int(round(math.log10(n)))
        if 10 ** e == n:
            return f"1e{e}"
    return str(n)


def fmt_secs(run):
    if run is None:
        return "-"
    if run.status != "ok":
        return run.status
    return f"{run.seconds:.3f}"


def fmt_ratio(a, b):
    if a is None or b is None or a.status != "ok" or b.status != "ok":
        return "-"
    return f"{a.seconds / max(b.seconds, 1e-9):.1f}x"


def fmt_cpu_ratio(a, b, startup):
    """The ratio of two runs' CPU seconds, each net of its tool's start-up
    (`startup`: pipeline, trio)."""
    if a is None or b is None or a.status != "ok" or b.status != "ok":
        return "-"
    return (f"{max(a.cpu - startup[0], 0.0) / max(b.cpu - startup[1], 1e-3):.1f}"
            "x")


def fmt_mb(run):
    if run is None or run.status not in ("ok",):
        return "-"
    return f"{run.maxrss_kb / 1024:.0f}"


class Result:
    def __init__(self, kind, size, ops):
        self.kind = kind
        self.size = size
        self.ops = ops
        self.runs = {}
        self.exponent = None


def growth(prev, cur, startup):
    """How pipeline time grows between two sizes of a kind, net of the
    process start-up time: the exponent k of time ~ ops^k ("n^k"), or for
    the DAG (exponential in N) the factor per step of N ("x2.0/step")."""
    a, b = prev.runs.get("pipeline"), cur.runs.get("pipeline")
    if not a or not b or a.status != "ok" or b.status != "ok":
        return None
    ta, tb = a.seconds - startup, b.seconds - startup
    if cur.ops <= prev.ops or ta <= 0.01 or tb <= 0.01:
        return None
    if cur.kind == "dag":
        return f"x{(tb / ta) ** (1.0 / (cur.size - prev.size)):.2f}/step"
    return f"n^{math.log(tb / ta) / math.log(cur.ops / prev.ops):.2f}"


def per_op_us(run, ops, startup):
    if not run or run.status != "ok":
        return "-"
    return f"{max(run.seconds - startup, 0.0) / ops * 1e6:.1f}"


def markdown(results, header, startup, cpu_startup):
    rows = ["| kind | size | ops | parse+print s | trio s | pipeline s "
            "| pipeline/trio | pipeline/trio CPU | pipeline/parse "
            "| pipeline us/op | growth | peak MB (parse/trio/pipeline) |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
            "| ---: | ---: | ---: |"]
    for r in results:
        p, t, pl = (r.runs.get(k) for k in TOOL_ORDER)
        per_op = per_op_us(pl, r.ops, startup)
        exp = r.exponent if r.exponent is not None else "-"
        size = fmt_size(r.size) if r.kind in SIZED_KINDS else f"N={r.size}"
        rows.append(f"| {r.kind} | {size} | {r.ops} | {fmt_secs(p)} | "
                    f"{fmt_secs(t)} | {fmt_secs(pl)} | {fmt_ratio(pl, t)} | "
                    f"{fmt_cpu_ratio(pl, t, cpu_startup)} | "
                    f"{fmt_ratio(pl, p)} | {per_op} | {exp} | "
                    f"{fmt_mb(p)}/{fmt_mb(t)}/{fmt_mb(pl)} |")
    return "\n".join(rows) + "\n\n" + header


def update_docs(path, text):
    with open(path) as fh:
        doc = fh.read()
    if BEGIN_MARK not in doc or END_MARK not in doc:
        raise SystemExit(f"error: {path} has no {BEGIN_MARK} ... {END_MARK} "
                         f"markers")
    block = BEGIN_MARK + "\n" + text + "\n" + END_MARK
    doc = re.sub(re.escape(BEGIN_MARK) + ".*?" + re.escape(END_MARK),
                 lambda _: block, doc, count=1, flags=re.S)
    with open(path, "w") as fh:
        fh.write(doc)


# ---------------------------------------------------------------------------
# Modes.
# ---------------------------------------------------------------------------

def write_empty(workdir):
    """An empty module, for measuring a tool's start-up."""
    path = os.path.join(workdir, "empty.mlir")
    with open(path, "w") as fh:
        fh.write("module {}\n")
    return path


def write_module(workdir, kind, size, seed):
    lines = generate(kind, size, seed)
    path = os.path.join(workdir, f"{kind}-{size}-seed{seed}.mlir")
    with open(path, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    return path, count_ops(lines)


def smoke(args, tools, workdir):
    print(f"pipeline-bench smoke: seed {args.seed}, "
          f"{len(args.kinds)} kinds", flush=True)
    failures = 0
    invalid = 0
    for kind in args.kinds:
        size = 1000 if kind in SIZED_KINDS else SMOKE_N[kind]
        path, ops = write_module(workdir, kind, size, args.seed)
        cmds = tools.commands(path)
        parse = run_once(cmds["parse"], args.timeout)
        out_path = path + ".out.mlir"
        pipe = run_once(cmds["pipeline"], args.timeout, stdout_path=out_path)
        trio = run_once(cmds["trio"], args.timeout)
        output = "-"
        if pipe.status == "ok":
            # The output is ordinary MLIR: stock mlir-opt, no plugin.
            check = run_once([tools.mlir_opt, out_path], args.timeout)
            output = "ok" if check.status == "ok" else "not-ordinary"
            if check.status != "ok":
                sys.stderr.write(check.stderr)
        if parse.status != "ok":
            invalid += 1
            sys.stderr.write(f"{kind}: generated module does not parse:\n"
                             f"{parse.stderr}")
        bad = pipe.status != "ok" or output != "ok" or trio.status != "ok"
        if bad:
            failures += 1
            saved = save_bug(args.bugs_dir, kind, size, args.seed, "pipeline",
                             pipe, path)
            sys.stderr.write(f"{kind}: pipeline {pipe.status} (input saved "
                             f"as {saved}):\n{pipe.stderr[-4000:]}")
        print(f"smoke {kind} size={size} ops={ops} parse={parse.status} "
              f"trio={trio.status} pipeline={pipe.status} output={output}",
              flush=True)
    print(f"pipeline-bench smoke: {len(args.kinds)} modules, {invalid} "
          f"invalid, {failures} pipeline failures", flush=True)
    return 1 if invalid or failures else 0


def verify_note(args):
    """What the header says of --no-verify-each."""
    return ("; every command with --verify-each=false"
            if args.no_verify_each else "")


def bench(args, tools, workdir):
    results = []
    # Start-up cost of one symshape-opt process (loading libMLIR/libLLVM):
    # subtracted from the pipeline time for the time per op and the growth.
    empty = write_empty(workdir)
    empty_runs = [run_once(tools.commands(empty)["pipeline"], args.timeout)
                  for _ in range(3)]
    startup = min(r.seconds for r in empty_runs)
    trio_runs = [run_once(tools.commands(empty)["trio"], args.timeout)
                 for _ in range(3)]
    cpu_startup = (min(r.cpu for r in empty_runs),
                   min(r.cpu for r in trio_runs))
    print(f"pipeline-bench: seed {args.seed}, repeat {args.repeat}, timeout "
          f"{args.timeout}s (pathological {args.path_timeout}s), start-up "
          f"{startup:.3f}s{verify_note(args)}", flush=True)
    for kind in args.kinds:
        sizes = args.sizes if kind in SIZED_KINDS else args.n[kind]
        timeout = (args.timeout if kind in SIZED_KINDS
                   else min(args.timeout, args.path_timeout))
        given_up = set()     # tools that timed out at a smaller size
        prev = None
        for size in sizes:
            t0 = time.perf_counter()
            path, ops = write_module(workdir, kind, size, args.seed)
            gen_s = time.perf_counter() - t0
            res = Result(kind, size, ops)
            cmds = tools.commands(path)
            for tool in TOOL_ORDER:
                if tool in given_up:
                    res.runs[tool] = Run("skipped", 0, 0, 0, "")
                    continue
                r = run_best(cmds[tool], timeout, args.repeat)
                res.runs[tool] = r
                if tool == "parse" and r.status != "ok":
                    print(f"  INVALID generated module ({r.status}): "
                          f"{kind} {size}: {r.stderr.strip()[-300:]}",
                          flush=True)
                if r.status == "timeout":
                    given_up.add(tool)
                elif r.status in ("error", "crash") and tool != "trio":
                    saved = save_bug(args.bugs_dir, kind, size, args.seed,
                                     tool, r, path)
                    print(f"  BUG: {tool} {r.status} (exit {r.rc}) on "
                          f"{kind} {size}; input saved as {saved}; "
                          f"stderr: {r.stderr.strip()[-300:]}", flush=True)
                elif r.status in ("error", "crash"):
                    print(f"  note: trio {r.status} on {kind} {size}: "
                          f"{r.stderr.strip()[-300:]}", flush=True)
            if prev is not None:
                res.exponent = growth(prev, res, startup)
            prev = res
            results.append(res)
            p, t, pl = (res.runs[k] for k in TOOL_ORDER)
            exp = (f" growth {res.exponent}"
                   if res.exponent is not None else "")
            print(f"{kind} size={size} ops={ops} (gen {gen_s:.1f}s): "
                  f"parse {fmt_secs(p)} trio {fmt_secs(t)} pipeline "
                  f"{fmt_secs(pl)} | pipeline/trio {fmt_ratio(pl, t)} "
                  f"(CPU {fmt_cpu_ratio(pl, t, cpu_startup)}) "
                  f"pipeline/parse {fmt_ratio(pl, p)} us/op "
                  f"{per_op_us(pl, ops, startup)}{exp} | peak MB "
                  f"{fmt_mb(p)}/{fmt_mb(t)}/{fmt_mb(pl)}", flush=True)
            if args.save:
                os.makedirs(args.save, exist_ok=True)
                shutil.copyfile(path, os.path.join(args.save,
                                                   os.path.basename(path)))
            os.unlink(path)
    header = (f"Seed {args.seed}, min of {args.repeat} run(s), timeout "
              f"{args.timeout} s ({min(args.timeout, args.path_timeout)} s "
              f"for the pathological kinds); ops counted by lines; growth: "
              f"pipeline time ~ ops^k since the previous size of the kind "
              f"(for dag: the factor per step of N); time per op and growth are net of the "
              f"start-up time of symshape-opt ({startup:.3f} s, the pipeline "
              f"on an empty module); pipeline/trio CPU: user + sys seconds of "
              f"every thread, each net of its tool's start-up "
              f"({cpu_startup[0]:.3f} s and {cpu_startup[1]:.3f} s; the "
              f"pipeline analyses functions on every core, the trio on one). {platform.machine()}, {os.cpu_count()} "
              f"cores, Python {platform.python_version()}.")
    table = markdown(results, header, startup, cpu_startup)
    if args.markdown or args.update_docs:
        print()
        print(table)
    if args.update_docs:
        update_docs(args.update_docs, table)
        print(f"updated {args.update_docs}")
    return 0


def bench_instructions(args, tools, workdir):
    """--instructions: each command's instructions under callgrind (one
    thread), net of its tool's start-up (the same command on an empty
    module), in million; repeatable on a busy machine. With --baseline,
    also the pipeline of another symshape-opt build on the same module."""
    empty = write_empty(workdir)
    start = tools.commands(empty)
    startup = {k: bench_util.instructions(cmd) for k, cmd in start.items()}
    tool_order = TOOL_ORDER + (["baseline"] if args.baseline else [])
    print(f"pipeline-bench: seed {args.seed}, million instructions "
          f"(callgrind, one thread), start-up "
          + ", ".join(f"{startup[k] / 1e6:.0f} ({k})" for k in tool_order)
          + " subtracted" + verify_note(args), flush=True)
    rows = []
    for kind in args.kinds:
        sizes = args.sizes if kind in SIZED_KINDS else args.n[kind]
        for size in sizes:
            path, ops = write_module(workdir, kind, size, args.seed)
            cmds = tools.commands(path)
            m = {}
            for tool in tool_order:
                try:
                    m[tool] = max(bench_util.instructions(cmds[tool]) -
                                  startup[tool], 0) / 1e6
                except bench_util.CommandFailed as e:
                    print(f"  {tool} failed on {kind} {size}: {e}", flush=True)
                    m[tool] = None
            rows.append((kind, size, ops, m))
            line = " ".join(f"{k} {fmt_m(m[k])}" for k in tool_order)
            print(f"{kind} size={size} ops={ops}: {line} | pipeline/trio "
                  f"{fmt_mratio(m['pipeline'], m['trio'])} pipeline/parse "
                  f"{fmt_mratio(m['pipeline'], m['parse'])}"
                  + (f" pipeline/baseline "
                     f"{fmt_mratio(m['pipeline'], m['baseline'], 3)}"
                     if args.baseline else ""), flush=True)
            os.unlink(path)
    if args.markdown:
        head = ("| kind | size | ops | parse+print M | trio M | pipeline M "
                "| pipeline/trio | pipeline/parse |")
        rule = "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
        if args.baseline:
            head += " baseline M | pipeline/baseline |"
            rule += " ---: | ---: |"
        print()
        print(head)
        print(rule)
        for kind, size, ops, m in rows:
            label = fmt_size(size) if kind in SIZED_KINDS else f"N={size}"
            row = (f"| {kind} | {label} | {ops} | {fmt_m(m['parse'])} | "
                   f"{fmt_m(m['trio'])} | {fmt_m(m['pipeline'])} | "
                   f"{fmt_mratio(m['pipeline'], m['trio'])} | "
                   f"{fmt_mratio(m['pipeline'], m['parse'])} |")
            if args.baseline:
                row += (f" {fmt_m(m['baseline'])} | "
                        f"{fmt_mratio(m['pipeline'], m['baseline'], 3)} |")
            print(row)
    return 0


def fmt_m(value):
    return "-" if value is None else f"{value:.0f}"


def fmt_mratio(a, b, digits=2):
    if a is None or b is None or b <= 0:
        return "-"
    return f"{a / b:.{digits}f}x"


def parse_size(text):
    return int(float(text))


def main():
    ap = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default=",".join(map(str, DEFAULT_SIZES[:2])),
                    help="op counts of the index and tensor kinds "
                         "(default 1e3,1e4)")
    ap.add_argument("--kinds", default=",".join(ALL_KINDS),
                    help="comma-separated, of " + ", ".join(ALL_KINDS))
    ap.add_argument("--n", action="append", default=[],
                    metavar="KIND=N1,N2",
                    help="sizes N of a pathological kind (defaults: " +
                    "; ".join(f"{k}={','.join(map(str, v))}"
                              for k, v in DEFAULT_N.items()) + ")")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=120.0,
                    help="seconds per run (default 120)")
    ap.add_argument("--path-timeout", type=float, default=60.0,
                    help="seconds per run of a pathological kind (default 60)")
    ap.add_argument("--repeat", type=int, default=1,
                    help="runs per case and tool; the minimum is reported")
    ap.add_argument("--symshape-opt",
                    default=os.path.join(ROOT, "build", "bin", "symshape-opt"))
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--plugin", default=None,
                    help="SymShapePlugin.so for mlir-opt to parse the "
                         "symshape attributes (default: ../lib/ next to "
                         "symshape-opt)")
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions with callgrind (one thread, "
                         "start-up subtracted) instead of timing: repeatable "
                         "on a busy machine, about 50 times slower")
    ap.add_argument("--baseline", metavar="PATH",
                    help="with --instructions: another symshape-opt whose "
                         "pipeline is counted on the same modules")
    ap.add_argument("--no-verify-each", action="store_true",
                    help="run every command with --verify-each=false: "
                    "upstream's verification of the IR after each pass "
                    "that changed it, off for the pipeline and the trio "
                    "alike (separates the passes' own cost from the "
                    "verifier's; docs/Performance.md)")
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--update-docs", metavar="FILE")
    ap.add_argument("--save", metavar="DIR",
                    help="keep the generated modules in DIR")
    ap.add_argument("--bugs-dir", default="/tmp/bench-bugs",
                    help="where inputs that make symshape-opt fail are saved")
    args = ap.parse_args()

    args.kinds = [k for k in args.kinds.split(",") if k]
    for k in args.kinds:
        if k not in ALL_KINDS:
            ap.error(f"unknown kind {k!r}")
    args.sizes = [parse_size(s) for s in args.sizes.split(",") if s]
    n = {k: list(v) for k, v in DEFAULT_N.items()}
    for spec in args.n:
        kind, _, vals = spec.partition("=")
        if kind not in PATH_KINDS or not vals:
            ap.error(f"--n wants KIND=N1,N2 with KIND in {PATH_KINDS}")
        n[kind] = [parse_size(s) for s in vals.split(",") if s]
    args.n = n
    if args.smoke and args.timeout == 120.0:
        args.timeout = 20.0

    if args.baseline and not args.instructions:
        ap.error("--baseline needs --instructions")
    if args.update_docs and args.no_verify_each:
        ap.error("--update-docs writes the default measurement: not with "
                 "--no-verify-each")
    if args.instructions and not shutil.which("valgrind"):
        ap.error("--instructions needs valgrind (scripts/setup.sh installs "
                 "it)")
    if shutil.which(args.mlir_opt) is None:
        ap.error(f"mlir-opt not found: {args.mlir_opt}")
    args.mlir_opt = shutil.which(args.mlir_opt)
    if not os.access(args.symshape_opt, os.X_OK):
        ap.error(f"symshape-opt not executable: {args.symshape_opt}")
    if args.plugin is None:
        guess = os.path.join(os.path.dirname(os.path.dirname(
            os.path.abspath(args.symshape_opt))), "lib", "SymShapePlugin.so")
        args.plugin = guess if os.path.exists(guess) else ""
    tools = Tools(args)

    workdir = tempfile.mkdtemp(prefix="pipeline-bench-")
    try:
        if args.smoke:
            return smoke(args, tools, workdir)
        if args.instructions:
            return bench_instructions(args, tools, workdir)
        return bench(args, tools, workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
