#!/usr/bin/env python3
"""Generates the test matrix of symshape-fold-reshape-into-store (DESIGN 5):

    (full / partial on a non-collapsed dim / partial on a collapsed dim)
  x (no drop / leading / trailing / interior / dynamic dropped dim)
  x (static / outer-dynamic / inner-dynamic / two-dynamic group)
  x (offset 0 / aligned / unaligned / opaque dynamic)

for the tensor form (tensor.insert_slice) or the memory form
(bufferization.materialize_in_destination into a memref.subview). Every case
stores collapse_shape(S) of S : a x b x c (a = 3, b = 2, c = 2 at run time,
static or dynamic per the group kind) into a destination with distinct
values. Each case function carries the remark the pass must emit with
`explain` (must-fold, must-not-fold with the failed condition, or a guarded
fold) and, for folds, CHECK lines with the exact rewritten view shape,
offsets and sizes. @main runs every case on distinct data and prints the
destination, so the numbers before and after the pass can be compared.

With `--reshape expand`, the twin matrix instead: V = expand_shape(S) of
S : (a * b) x c into a x b x c, stored

    (full / partial on a non-expanded dim / partial on the outer dim of the
     expanded group / partial on its inner dim / full at run time along an
     inner dim of opaque extent)
  x (no drop / leading / trailing / inside the group / interior / dynamic
     dropped dim)
  x (static / outer-dynamic / inner-dynamic / two-dynamic group)
  x (offset 0 / static / opaque dynamic, on the outer dim)

Two-dynamic twin cases are checked by IR only: MLIR 22 cannot compile their
unprocessed form (an expand_shape group with two dynamic dims), and
`--executable` leaves them out.

Usage: fold_matrix.py --form tensor|memory [--reshape collapse|expand]
                      [--executable]
"""

import argparse
import itertools

A, B, C, D = 3, 2, 2, 3  # run-time extents
STORES = ["full", "partial_other", "partial_collapsed"]
DROPS = ["none", "leading", "trailing", "interior", "dynamic_dropped"]
GROUPS = ["static", "outer_dyn", "inner_dyn", "two_dyn"]
OFFSETS = ["zero", "aligned", "unaligned", "opaque"]
OFFSET_VALUES = {"zero": 0, "aligned": 4, "unaligned": 3}
OPAQUE_RUNS = [4, 3]  # an aligned and an unaligned run-time offset


def cases():
    for store, drop, group, offset in itertools.product(
            STORES, DROPS, GROUPS, OFFSETS):
        # Only a store partial along the collapsed dim has a non-zero offset
        # there.
        if store != "partial_collapsed" and offset != "zero":
            continue
        yield store, drop, group, offset


def expectation(store, group, offset):
    """What the pass must do: ('fold'|'guard'|'refuse', remark regex)."""
    if group == "two_dyn":
        return "refuse", "not folded: C3: two dynamic dims in one collapsed group"
    full_along_j = store != "partial_collapsed"
    if group == "inner_dyn" and not full_along_j:
        if offset in ("zero", "opaque"):
            # Offset 0 (or opaque) but size < extent not disproven (b may
            # be 0): a run-time check of a full store.
            return "guard", "guarded fold of the reshape into the store: 1 run-time condition"
        return "refuse", "not folded: C3: a dynamic inner extent needs a store that is full"
    if full_along_j or offset in ("zero", "aligned"):
        return "fold", "folded the reshape into the store"
    if offset == "unaligned":
        return "refuse", "not folded: C2: offset not provably a multiple of 2"
    return "guard", "guarded fold of the reshape into the store: 1 run-time condition"


def layout(store, drop):
    """Target dims as (kind, extent) with kind in J (collapsed), C, D
    (dropped), and the store's offset/size per dim."""
    j_extent = 2 * A * B if store == "partial_collapsed" else A * B
    c_extent = 4 if store == "partial_other" else C
    c_offset = 1 if store == "partial_other" else 0
    dims = {"J": j_extent, "C": c_extent, "D": D}
    order = {"none": "JC", "leading": "DJC", "trailing": "JCD",
             "interior": "JDC", "dynamic_dropped": "JDC"}[drop]
    return order, dims, c_offset


class Case:
    def __init__(self, form, store, drop, group, offset):
        self.form, self.store, self.drop = form, store, drop
        self.group, self.offset = group, offset
        self.name = f"{store}_{drop}_{group}_{offset}"
        self.order, self.extents, self.c_offset = layout(store, drop)
        self.a_dyn = group in ("outer_dyn", "two_dyn")
        self.b_dyn = group in ("inner_dyn", "two_dyn")
        self.executable = True
        self.opaque_runs = OPAQUE_RUNS

    def extra_args(self):
        return "", ""

    def src_type(self):
        a = "?" if self.a_dyn else str(A)
        b = "?" if self.b_dyn else str(B)
        return f"{a}x{b}x{C}"

    def val_type(self):
        ab = "?" if (self.a_dyn or self.b_dyn) else str(A * B)
        return f"{ab}x{C}"

    def dest_dims(self):
        """Static extent or '?' per target dim."""
        out = []
        for k in self.order:
            if k == "J":
                out.append("?" if (self.a_dyn or self.b_dyn)
                           else str(self.extents["J"]))
            elif k == "D" and self.drop == "dynamic_dropped":
                out.append("?")
            else:
                out.append(str(self.extents[k]))
        return out


def case_types(case):
    """The types of S, of the reshaped value, and of the destination as a
    tensor and as a memref."""
    dest_shape = "x".join(case.dest_dims())
    return (f"tensor<{case.src_type()}xf32>", f"tensor<{case.val_type()}xf32>",
            f"tensor<{dest_shape}xf32>", f"memref<{dest_shape}xf32>")


def emit_case(case, lines):
    kind, remark = expectation(case.store, case.group, case.offset)
    src, val, tensor_dest, memref_dest = case_types(case)
    result = tensor_dest if case.form == "tensor" else memref_dest
    out = [f"// CHECK-LABEL: func.func @{case.name}",
           f"func.func @{case.name}(%s: {src}, %o: index) -> {result} {{",
           "  %c0 = arith.constant 0 : index",
           "  %c1 = arith.constant 1 : index",
           "  %c2 = arith.constant 2 : index",
           f"  %kd = arith.constant {D} : index"]
    if case.a_dyn:
        out.append(f"  %a = tensor.dim %s, %c0 : {src}")
    else:
        out.append(f"  %a = arith.constant {A} : index")
    if case.b_dyn:
        out.append(f"  %b = tensor.dim %s, %c1 : {src}")
    else:
        out.append(f"  %b = arith.constant {B} : index")
    # The destination's extents, computed from S's dims as a frontend does.
    out.append("  %ab = arith.muli %a, %b : index")
    factor = "%c2" if case.store == "partial_collapsed" else "%c1"
    out.append(f"  %j = arith.muli %ab, {factor} : index")
    dynamic = generate_dest(
        [(d, "%j" if k == "J" else "%kd")
         for k, d in zip(case.order, case.dest_dims())], tensor_dest, out)
    out.append(f"  %v = tensor.collapse_shape %s [[0, 1], [2]] : {src} into {val}")
    j_off = "%o" if case.offset == "opaque" else str(OFFSET_VALUES[case.offset])
    if case.a_dyn or case.b_dyn:
        out.append(f"  %vj = tensor.dim %v, %c0 : {val}")
        j_size = "%vj"
    else:
        j_size = str(A * B)
    offs, sizes = store_slice(case, {"J": (j_off, j_size)})
    out += emit_store(case, offs, sizes, val, tensor_dest, memref_dest,
                      dynamic, remark)
    lines.extend(out + check_lines(case, kind) + [""])


def store_slice(case, reshaped):
    """The store's offsets and sizes per target dim: `reshaped` maps the
    dims that receive reshaped dims to (offset, size); C keeps its own, and
    the dropped D is a unit slice at 1."""
    offs, sizes = [], []
    for k in case.order:
        if k in reshaped:
            off, size = reshaped[k]
        elif k == "C":
            off, size = str(case.c_offset), str(C)
        else:
            off, size = "1", "1"
        offs.append(off)
        sizes.append(size)
    return offs, sizes


def generate_dest(dims, tensor_dest, out):
    """Appends the destination %init with distinct values (1000 + the
    row-major linear index); `dims` gives per dim its static extent or '?'
    and the SSA extent of a '?'. Returns the dynamic extents."""
    rank = len(dims)
    extents, dynamic = [], []
    for r, (d, name) in enumerate(dims):
        if d == "?":
            extents.append(name)
            dynamic.append(name)
        else:
            out.append(f"  %e{r} = arith.constant {d} : index")
            extents.append(f"%e{r}")
    ivs = ", ".join(f"%i{r}: index" for r in range(rank))
    out += [f"  %init = tensor.generate {', '.join(dynamic)} {{",
            f"  ^bb0({ivs}):"]
    prev = "%c0"
    for r in range(rank):
        out.append(f"    %m{r} = arith.muli {prev}, {extents[r]} : index")
        out.append(f"    %l{r} = arith.addi %m{r}, %i{r} : index")
        prev = f"%l{r}"
    out += [f"    %vi = arith.index_cast {prev} : index to i32",
            "    %vf = arith.sitofp %vi : i32 to f32",
            "    %k1000 = arith.constant 1000.0 : f32",
            "    %v = arith.addf %vf, %k1000 : f32",
            "    tensor.yield %v : f32",
            f"  }} : {tensor_dest}"]
    return dynamic


def emit_store(case, offs, sizes, val, tensor_dest, memref_dest, dynamic,
               remark):
    """The store of %v with its expected remark, and the return."""
    ones = ", ".join(["1"] * len(offs))
    expected = f"  // expected-remark @+1 {{{{{remark}}}}}"
    if case.form == "tensor":
        return [expected,
                f"  %r = tensor.insert_slice %v into %init[{', '.join(offs)}] "
                f"[{', '.join(sizes)}] [{ones}] : {val} into {tensor_dest}",
                f"  return %r : {tensor_dest}", "}"]
    view = subview_type(case, offs, sizes)
    return [f"  %buf = bufferization.to_buffer %init : {tensor_dest} to {memref_dest}",
            f"  %base = memref.alloc({', '.join(dynamic)}) : {memref_dest}",
            f"  memref.copy %buf, %base : {memref_dest} to {memref_dest}",
            f"  %sv = memref.subview %base[{', '.join(offs)}] "
            f"[{', '.join(sizes)}] [{ones}] : {memref_dest} to {view}",
            expected,
            f"  bufferization.materialize_in_destination %v in restrict "
            f"writable %sv : ({val}, {view}) -> ()",
            f"  return %base : {memref_dest}", "}"]


def refuse_check_lines(case, view_op):
    """A refused case keeps its store and builds no view (`view_op` is the
    reshape a fold would apply to the destination)."""
    prefix = "tensor" if case.form == "tensor" else "memref"
    store = ("tensor.insert_slice %{{.*}} into" if case.form == "tensor"
             else "bufferization.materialize_in_destination %{{.*}} in")
    return [f"// CHECK-NOT: {prefix}.{view_op}",
            f"// CHECK: {store}",
            "// CHECK: return"]


def subview_type(case, offs, sizes):
    """The rank-reduced strided memref type of the original subview."""
    dims = case.dest_dims()
    # Row-major strides of the base; dynamic if any inner extent is dynamic.
    strides, acc, dyn = [], 1, False
    for d in reversed(dims):
        strides.append("?" if dyn else str(acc))
        if d == "?":
            dyn = True
        else:
            acc *= int(d)
    strides.reverse()
    offset = 0
    off_dyn = False
    for o, s in zip(offs, strides):
        if not o.isdigit() or s == "?":
            if o != "0":
                off_dyn = True
            continue
        offset += int(o) * int(s)
    keep_shape, keep_strides = [], []
    for k, sz, st in zip(case.order, sizes, strides):
        if k == "D":
            continue
        keep_shape.append(sz if sz.isdigit() else "?")
        keep_strides.append(st)
    off = "?" if off_dyn else str(offset)
    return (f"memref<{'x'.join(keep_shape)}xf32, strided<[{', '.join(keep_strides)}], "
            f"offset: {off}>>")


def check_lines(case, kind):
    """CHECK lines for the rewritten view shape, offsets and sizes."""
    if kind == "refuse":
        return refuse_check_lines(case, "expand_shape")
    # The expected view: J split into (outer, b); others kept.
    full_j = case.store != "partial_collapsed"
    shape, offs, sizes, reassoc = [], [], [], []
    nxt = 0
    for k, d in zip(case.order, case.dest_dims()):
        if k == "J":
            if full_j or kind == "guard" and case.group == "inner_dyn":
                outer = "{{%.*}}" if case.a_dyn else str(A)
            else:
                outer = "{{%.*}}" if (case.a_dyn or case.b_dyn) else str(2 * A)
            shape += [outer, "{{%.*}}" if case.b_dyn else str(B)]
            if case.offset in ("zero",) or full_j or case.group == "inner_dyn":
                offs += ["0", "0"]
            elif case.offset == "aligned":
                offs += [str(OFFSET_VALUES["aligned"] // B), "0"]
            else:
                offs += ["{{%.*}}", "0"]
            sizes += ["{{%.*}}" if case.a_dyn else str(A),
                      "{{%.*}}" if case.b_dyn else str(B)]
            reassoc.append(f"{nxt}, {nxt + 1}")
            nxt += 2
        else:
            shape.append("{{%.*}}" if d == "?" else d)
            offs.append("1" if k == "D" else str(case.c_offset))
            sizes.append("1" if k == "D" else str(C))
            reassoc.append(f"{nxt}")
            nxt += 1
    groups = "{{\\[}}" + ", ".join(f"[{g}]" for g in reassoc) + "]"
    prefix = "tensor" if case.form == "tensor" else "memref"
    lines = [f"// CHECK: {prefix}.expand_shape %{{{{.*}}}} {groups} "
             f"output_shape [{', '.join(shape)}]"]
    if case.form == "tensor":
        lines.append(f"// CHECK: tensor.insert_slice %{{{{.*}}}} into %{{{{.*}}}}"
                     f"[{', '.join(offs)}] [{', '.join(sizes)}]")
    else:
        lines.append(f"// CHECK: memref.subview %{{{{.*}}}}[{', '.join(offs)}] "
                     f"[{', '.join(sizes)}]")
    lines.append("// CHECK: return")
    return lines


# The twin: a store of expand_shape(S).
TWIN_STORES = ["full", "partial_other", "partial_outer", "partial_inner",
               "opaque_inner"]
TWIN_DROPS = ["none", "leading", "trailing", "inside_group", "interior",
              "dynamic_dropped"]
TWIN_OFFSETS = ["zero", "static", "opaque"]
TWIN_OPAQUE_RUNS = [0, 2]


def twin_cases():
    for store, drop, group, offset in itertools.product(
            TWIN_STORES, TWIN_DROPS, GROUPS, TWIN_OFFSETS):
        if store != "partial_outer" and offset != "zero":
            continue
        yield store, drop, group, offset


class TwinCase:
    """Target dims: J (outer of the group, gets a), K (inner, gets b), C, D
    (dropped)."""

    def __init__(self, form, store, drop, group, offset):
        self.form, self.store, self.drop = form, store, drop
        self.group, self.offset = group, offset
        self.name = f"twin_{store}_{drop}_{group}_{offset}"
        self.order = {"none": "JKC", "leading": "DJKC", "trailing": "JKCD",
                      "inside_group": "JDKC", "interior": "JKDC",
                      "dynamic_dropped": "JKDC"}[drop]
        self.a_dyn = group in ("outer_dyn", "two_dyn")
        self.b_dyn = group in ("inner_dyn", "two_dyn")
        self.c_offset = 1 if store == "partial_other" else 0
        self.executable = group != "two_dyn"
        self.opaque_runs = TWIN_OPAQUE_RUNS

    def extra_args(self):
        """The run-time a and b of the expand_shape, and the opaque inner
        extent (b)."""
        return ", %ka, %kb, %kb", ", index, index, index"

    def src_type(self):
        ab = "?" if (self.a_dyn or self.b_dyn) else str(A * B)
        return f"{ab}x{C}"

    def val_type(self):
        a = "?" if self.a_dyn else str(A)
        b = "?" if self.b_dyn else str(B)
        return f"{a}x{b}x{C}"

    def extent(self, k):
        """The extent of target dim k as (static value or None, SSA name)."""
        if k == "J":
            factor = 2 if self.store == "partial_outer" else 1
            return (None if self.a_dyn else factor * A), ("%a2" if factor == 2 else "%a")
        if k == "K":
            if self.store == "opaque_inner":
                return None, "%k"
            factor = 2 if self.store == "partial_inner" else 1
            return (None if self.b_dyn else factor * B), ("%b2" if factor == 2 else "%b")
        if k == "C":
            return (4 if self.store == "partial_other" else C), None
        return (None if self.drop == "dynamic_dropped" else D), "%kd"

    def dest_dims(self):
        return ["?" if self.extent(k)[0] is None else str(self.extent(k)[0])
                for k in self.order]

    def outer_offset(self):
        return {"zero": "0", "static": "1", "opaque": "%o"}[self.offset]

    def expectation(self):
        if self.drop == "inside_group":
            return "refuse", "not folded: C5: the expanded dims stored at target dim"
        inner_dyn = self.b_dyn or self.store == "opaque_inner"
        if self.form == "tensor" and self.a_dyn and inner_dyn:
            return "refuse", "not folded: C3: the collapsed view of target dims"
        if self.store == "opaque_inner":
            # An inner extent known only at run time (equal to b there): the
            # fast path of the guard runs.
            return "guard", "guarded fold of the reshape into the store: 1 run-time condition"
        if self.store == "partial_inner":
            if self.b_dyn:
                # size b against extent 2 b: not disproven (b may be 0).
                return "guard", "guarded fold of the reshape into the store: 1 run-time condition"
            return "refuse", "not folded: C3: the store is not provably full along target dim"
        return "fold", "folded the reshape into the store"


def emit_twin_case(case, lines):
    kind, remark = case.expectation()
    src, val, tensor_dest, memref_dest = case_types(case)
    result = tensor_dest if case.form == "tensor" else memref_dest
    out = [f"// CHECK-LABEL: func.func @{case.name}",
           f"func.func @{case.name}(%s: {src}, %o: index, %a_in: index, "
           f"%b_in: index, %k_in: index) -> {result} {{",
           "  %c0 = arith.constant 0 : index",
           "  %c2 = arith.constant 2 : index",
           f"  %kd = arith.constant {D} : index"]
    out.append("  %a = arith.addi %a_in, %c0 : index" if case.a_dyn
               else f"  %a = arith.constant {A} : index")
    out.append("  %b = arith.addi %b_in, %c0 : index" if case.b_dyn
               else f"  %b = arith.constant {B} : index")
    out.append("  %k = arith.addi %k_in, %c0 : index")
    out.append("  %a2 = arith.muli %a, %c2 : index")
    out.append("  %b2 = arith.muli %b, %c2 : index")
    dynamic = generate_dest(
        [(d, case.extent(k)[1]) for k, d in zip(case.order, case.dest_dims())],
        tensor_dest, out)
    shape = ", ".join(["%a" if case.a_dyn else str(A),
                       "%b" if case.b_dyn else str(B), str(C)])
    out.append(f"  %v = tensor.expand_shape %s [[0, 1], [2]] output_shape "
               f"[{shape}] : {src} into {val}")
    offs, sizes = store_slice(case, {
        "J": (case.outer_offset(), "%a" if case.a_dyn else str(A)),
        "K": ("0", "%b" if case.b_dyn else str(B))})
    out += emit_store(case, offs, sizes, val, tensor_dest, memref_dest,
                      dynamic, remark)
    lines.extend(out + twin_check_lines(case, kind) + [""])


def twin_check_lines(case, kind):
    """CHECK lines for the collapsed view: groups, offsets and sizes."""
    if kind == "refuse":
        return refuse_check_lines(case, "collapse_shape")
    groups, offs, sizes = [], [], []
    for r, k in enumerate(case.order):
        if k == "K":
            continue
        if k == "J":
            groups.append(f"{r}, {r + 1}")
            off = case.outer_offset()
            if off == "0":
                offs.append("0")
            elif off == "1" and not case.b_dyn:
                offs.append(str(B))
            else:
                offs.append("{{%.*}}")
            sizes.append("{{%.*}}" if (case.a_dyn or case.b_dyn) else str(A * B))
        else:
            groups.append(f"{r}")
            offs.append("1" if k == "D" else str(case.c_offset))
            sizes.append("1" if k == "D" else str(C))
    reassoc = "{{\\[}}" + ", ".join(f"[{g}]" for g in groups) + "]"
    prefix = "tensor" if case.form == "tensor" else "memref"
    lines = [f"// CHECK: {prefix}.collapse_shape %{{{{.*}}}} {reassoc}"]
    if case.form == "tensor":
        lines.append(f"// CHECK: tensor.insert_slice %{{{{.*}}}} into %{{{{.*}}}}"
                     f"[{', '.join(offs)}] [{', '.join(sizes)}]")
        dims = ", ".join("{{%.*}}" if d == "?" else d for d in case.dest_dims())
        lines.append(f"// CHECK: tensor.expand_shape %{{{{.*}}}} {reassoc} "
                     f"output_shape [{dims}]")
    else:
        lines.append(f"// CHECK: memref.subview %{{{{.*}}}}[{', '.join(offs)}] "
                     f"[{', '.join(sizes)}]")
    lines.append("// CHECK: return")
    return lines


def emit_main(form, all_cases, source_extents, lines):
    lines.append("func.func private @printMemrefF32(memref<*xf32>)")
    lines.append("")
    lines.append("func.func @main() {")
    lines.append(f"  %ka = arith.constant {A} : index")
    lines.append(f"  %kb = arith.constant {B} : index")
    rank = len(source_extents)
    names = []
    for r, e in enumerate(source_extents):
        lines.append(f"  %ks{r} = arith.constant {e} : index")
        names.append(f"%ks{r}")
    # S values: 1 + the row-major linear index.
    any_type = "tensor<" + "x".join(["?"] * rank) + "xf32>"
    ivs = ", ".join(f"%i{r}: index" for r in range(rank))
    lines.append(f"  %s = tensor.generate {', '.join(names)} {{")
    lines.append(f"  ^bb0({ivs}):")
    prev = "%i0"
    for r in range(1, rank):
        lines.append(f"    %m{r} = arith.muli {prev}, {names[r]} : index")
        lines.append(f"    %l{r} = arith.addi %m{r}, %i{r} : index")
        prev = f"%l{r}"
    lines.append("    %one = arith.constant 1 : index")
    lines.append(f"    %lin = arith.addi {prev}, %one : index")
    lines.append("    %vi = arith.index_cast %lin : index to i32")
    lines.append("    %vf = arith.sitofp %vi : i32 to f32")
    lines.append("    tensor.yield %vf : f32")
    lines.append(f"  }} : {any_type}")
    for n, case in enumerate(all_cases):
        if not case.executable:
            continue
        src = f"tensor<{case.src_type()}xf32>"
        dest_shape = "x".join(case.dest_dims())
        lines.append(f"  %s{n} = tensor.cast %s : {any_type} to {src}")
        args, types = case.extra_args()
        runs = case.opaque_runs if case.offset == "opaque" else [0]
        for r, o in enumerate(runs):
            lines.append(f"  %o{n}_{r} = arith.constant {o} : index")
            call = f"@{case.name}(%s{n}, %o{n}_{r}{args}) : ({src}, index{types})"
            if form == "tensor":
                t = f"tensor<{dest_shape}xf32>"
                lines.append(f"  %r{n}_{r} = func.call {call} -> {t}")
                lines.append(f"  %b{n}_{r} = bufferization.to_buffer %r{n}_{r} : {t} to memref<{dest_shape}xf32>")
            else:
                t = f"memref<{dest_shape}xf32>"
                lines.append(f"  %b{n}_{r} = func.call {call} -> {t}")
            lines.append(f"  %u{n}_{r} = memref.cast %b{n}_{r} : memref<{dest_shape}xf32> to memref<*xf32>")
            lines.append(f"  func.call @printMemrefF32(%u{n}_{r}) : (memref<*xf32>) -> ()")
            # No dealloc: buffer-deallocation-pipeline rejects explicit
            # frees; the test leaks its small buffers.
    lines.append("  return")
    lines.append("}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--form", choices=["tensor", "memory"], required=True)
    ap.add_argument("--reshape", choices=["collapse", "expand"],
                    default="collapse")
    ap.add_argument("--executable", action="store_true",
                    help="only the cases MLIR 22 can execute before the pass")
    args = ap.parse_args()
    lines = [f"// Generated by test/Inputs/fold_matrix.py --form {args.form} "
             f"--reshape {args.reshape}.", ""]
    if args.reshape == "collapse":
        all_cases = [Case(args.form, *c) for c in cases()]
        emit, source_extents = emit_case, [A, B, C]
    else:
        all_cases = [TwinCase(args.form, *c) for c in twin_cases()]
        emit, source_extents = emit_twin_case, [A * B, C]
    if args.executable:
        all_cases = [c for c in all_cases if c.executable]
    for case in all_cases:
        emit(case, lines)
    emit_main(args.form, all_cases, source_extents, lines)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
