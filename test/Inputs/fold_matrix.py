#!/usr/bin/env python3
"""Generates the test matrix of symshape-fold-reshape-into-store (DESIGN 5).

A case is a reshape between S and V and a store of V into a destination T
(tensor.insert_slice, or in memory form bufferization.materialize_in_destination
into a memref.subview of a fresh buffer), with unit strides:

  * the reshape's reassociation is a list of groups of "fine" dims: the
    source dims of a collapse_shape (V = collapse_shape(S)) or the result dims
    of its twin, an expand_shape (V = expand_shape(S)). A fine dim is static
    or dynamic and has a run-time extent; extents of 1 are unit dims;
  * the target dims of T are V's dims in order, with dropped unit dims
    (static or dynamic extent, offset 1, size 1) inserted anywhere: a
    rank-reducing store;
  * each dim of V is stored `full` (extent == V's dim, offset 0), `partial`
    (extent 2 * V's dim; offset 0, a multiple of the group's inner product
    or not, a static 1, or an opaque function argument), or with an `opaque`
    extent (a function argument that equals V's dim at run time, offset 0);
  * V is stored as it is, or through a tensor.cast to an all-dynamic type
    (the store's sizes are then values where S's dims are static).

T's extents are computed from S's dims (or, for the twin, from the
expand_shape's output sizes) as a frontend does, so the pass can prove what a
compiler should prove and no more.

Every case function carries the remark the pass must emit with `explain`
(folded, guarded with N run-time conditions, or `not folded:` with the
failed condition and its numbers) and CHECK lines with the exact IR: the
view (expand_shape of T for a collapse, collapse_shape of T for the twin)
with its reassociation and output shape, the new store's offsets and sizes,
for a guarded fold the run-time checks, the scf.if and the original store
on the other path, and for a refusal the untouched store. @main runs every
executable case on distinct data (S holds 1, 2, ...; T holds 1000 + its
linear index) and prints T; a case with opaque offsets runs twice, with
values that pass and fail the alignment checks, so both paths of a guarded
fold execute.

The expected verdicts come from the model below (`oracle`), written from
DESIGN 5 and from what the shape analysis can prove about these IR shapes,
not from the pass's code. It computes the rank-reduction map as MLIR 22 does
(tensor.insert_slice: unit sizes matched from the right;
memref.subview: by strides), so a unit dim of V next to a dropped dim is
mapped where the pass will see it.

The matrix has two parts, each for the collapse and for the twin:

  * the DESIGN 5 core, complete: S : a x b x c with groups [[a, b], [c]]
    (collapse) or V : a x b x c from S : (a * b) x c (twin), crossed with
    every store kind (full / partial on the other dim / partial on the
    reshaped dims with every offset kind), drop position (none / leading /
    trailing / interior / inside the group / dynamic dropped dim) and group
    kind (static / outer-dynamic / inner-dynamic / two-dynamic);
  * the extended part: every group pattern of PATTERNS (groups of 1 to 4
    fine dims, static, dynamic and unit dims mixed) crossed with every store
    option of the primary group (COLLAPSE_OPTIONS / TWIN_OPTIONS), REPLICAS
    times. The other factors (0 to 2 companion groups from COMPANIONS and
    their stores, the primary group's position, the dropped dims, a cast
    before the store) are sampled: each is picked from its list by crc32 of
    the case's key and the factor's name (`pick`), so the sample is
    deterministic, stable across runs, Python versions and platforms, and
    no two factors alias. Companions are dropped while T would exceed
    MAX_DEST_ELEMENTS. The sample keeps the e2e matrix test within a few
    minutes on two cores;
    growing PATTERNS, the options or REPLICAS grows it linearly.

Cases MLIR 22 cannot execute in their unprocessed form are checked by IR
only and left out by `--executable` (`Case.lowerable`):

  * a twin whose expand_shape group has two or more dynamic dims
    (`--expand-strided-metadata` segfaults on it, DESIGN 6);
  * a rank-reducing store that keeps a static unit dim of V where
    memref.subview's map (by strides, used by the lowering) disagrees with
    the sizes or with the dims bufferization dropped: the lowering fails
    with "expected result type with size = ...". Through a tensor.cast the
    sizes are values that the lowering folds to V's static dims, so any such
    store through a cast is left out.

The pass must not emit the second kind where its input lowered: it stores
S with such unit dims made explicit (an expand_shape of S), which the CHECK
lines require.

Usage: fold_matrix.py --form tensor|memory [--reshape collapse|expand]
                      [--part core|extended|all] [--executable] [--stats]
"""

import argparse
import itertools
import zlib

DROPPED_EXTENT = 3  # run-time extent of a dropped dim
SSA = "{{%[a-zA-Z0-9_.$-]+}}"  # one SSA value in a CHECK line


def pick(seq, *key):
    """A deterministic, well-mixed choice from `seq` for `key`."""
    return seq[zlib.crc32(repr(key).encode()) % len(seq)]


def product(xs):
    p = 1
    for x in xs:
        p *= x
    return p


#===----------------------------------------------------------------------===#
# Symbolic values: what the shape analysis knows about an extent or offset
#===----------------------------------------------------------------------===#

class Mono:
    """coef * (product of size symbols): an extent built from dims."""

    def __init__(self, coef, syms=()):
        self.coef, self.syms = coef, tuple(sorted(syms))

    def __mul__(self, other):
        return Mono(self.coef * other.coef, self.syms + other.syms)


class Opaque:
    """A value the analysis knows nothing about (a function argument)."""

    def __init__(self, name):
        self.name = name


T, F, U = "true", "false", "unknown"


def prove_eq(x, y):
    if isinstance(x, Opaque) or isinstance(y, Opaque):
        return T if x is y else U
    if x.syms == y.syms:
        if x.coef == y.coef:
            return T
        # c1 * X == c2 * X only when X == 0, which a size may be.
        return F if not x.syms else U
    return U


def prove_divides(p, x):
    """p (a positive constant) divides x."""
    if p == 1:
        return T
    if isinstance(x, Opaque):
        return U
    if x.coef % p == 0:
        return T
    return F if not x.syms else U


#===----------------------------------------------------------------------===#
# Cases
#===----------------------------------------------------------------------===#

class Fine:
    """A fine dim: run-time extent, static or dynamic."""

    def __init__(self, token):
        self.dyn = token.startswith("d")
        self.extent = int(token[1:] if self.dyn else token)


class Store:
    """How the store covers one dim of V."""

    def __init__(self, kind, offset="zero"):
        assert kind in ("full", "partial", "opaque")
        assert offset in ("zero", "aligned", "unaligned", "static", "opaque")
        self.kind, self.offset = kind, offset

    def token(self):
        return {"full": "f", "opaque": "e"}.get(self.kind) or \
            "p" + {"zero": "z", "aligned": "a", "unaligned": "u",
                   "static": "s", "opaque": "o"}[self.offset]


class Target:
    """One target dim of T as the IR states it."""

    def __init__(self):
        self.value = None      # the V dim stored here (MLIR's map)
        self.dropped = False   # in MLIR's map
        self.intended = None   # the V dim the generator placed here
        self.store = None      # its Store
        self.extent = None     # Mono / Opaque
        self.extent_rt = 0     # run-time extent
        self.static = None     # static extent, or None for `?`
        self.extent_ssa = ""   # SSA name of the extent in the case function
        self.offset = None     # Mono / Opaque
        self.offset_text = "0"  # as printed in the original store
        self.offset_runs = []  # run-time values of an opaque offset
        self.size_text = "1"   # as printed in the original store


class Case:
    def __init__(self, form, reshape, name, groups, stores, drops,
                 cast=False, guard=True):
        """`groups`: lists of fine-dim tokens ("3", "d2", ...); `stores`: one
        Store per dim of V; `drops`: (position in V's dims, dynamic) of each
        dropped dim, in order; `cast`: V is stored through a tensor.cast to
        an all-dynamic type (sizes are then values where S's dims may be
        static)."""
        self.form, self.reshape, self.name = form, reshape, name
        self.cast = cast
        self.groups = [[Fine(t) for t in g] for g in groups]
        self.stores, self.drops, self.guard = stores, drops, guard
        self.fine = [f for g in self.groups for f in g]
        # Fine dim i -> index in self.fine; group k -> its fine indices.
        self.group_fine, n = [], 0
        for g in self.groups:
            self.group_fine.append(list(range(n, n + len(g))))
            n += len(g)
        if reshape == "collapse":
            self.s_dims = [(f.extent, f.dyn) for f in self.fine]
            self.v_dims = [(product(f.extent for f in g),
                            any(f.dyn for f in g)) for g in self.groups]
        else:
            self.s_dims = [(product(f.extent for f in g),
                            any(f.dyn for f in g)) for g in self.groups]
            self.v_dims = [(f.extent, f.dyn) for f in self.fine]
        assert len(stores) == len(self.v_dims)
        # The type of the value the store stores.
        self.stored_dims = [(e, True) for e, _ in self.v_dims] if cast \
            else self.v_dims
        self.build_targets()
        self.executable = self.lowerable()

    # Symbols: fine dim i is `f{i}` (a size), opaque args are Opaque.
    def fine_sym(self, i):
        f = self.fine[i]
        return Mono(1, (f"f{i}",)) if f.dyn else Mono(f.extent)

    def v_sym(self, k):
        if self.reshape == "collapse":
            m = Mono(1)
            for i in self.group_fine[k]:
                m = m * self.fine_sym(i)
            return m
        return self.fine_sym(k)

    def v_text(self, k):
        """V's dim k as the original store's size: tensor.dim of V for a
        collapse, the expand_shape's output size for the twin."""
        extent, dyn = self.stored_dims[k]
        if not dyn:
            return str(extent)
        return f"%vs{k}" if self.reshape == "collapse" or self.cast \
            else f"%f{k}"

    def w_name(self, k):
        """The SSA value of V's dim k computed from the fine dims."""
        if self.reshape == "expand":
            return f"%f{k}"
        fines = self.group_fine[k]
        return f"%f{fines[0]}" if len(fines) == 1 else \
            f"%p{k}_{len(fines) - 2}"

    def build_targets(self):
        self.targets = []
        self.opaque_offsets, self.opaque_extents = [], []
        drops = list(self.drops)
        nv = len(self.v_dims)
        for k in range(nv + 1):
            while drops and drops[0][0] == k:
                _, dyn = drops.pop(0)
                t = Target()
                t.extent = Mono(DROPPED_EXTENT)
                t.extent_rt = DROPPED_EXTENT
                t.static = None if dyn else DROPPED_EXTENT
                t.extent_ssa = "%kd"
                t.offset, t.offset_text, t.size_text = Mono(1), "1", "1"
                self.targets.append(t)
            if k == nv:
                break
            self.targets.append(self.value_target(k))
        # MLIR's rank-reduction map, which the pass uses (C0).
        dropped = self.mlir_dropped()
        values = iter(range(nv))
        for j, t in enumerate(self.targets):
            t.dropped = j in dropped
            t.value = None if t.dropped else next(values)

    def value_target(self, k):
        t = Target()
        t.intended = k
        store = self.stores[k]
        v_rt, v_dyn = self.v_dims[k]
        sym = self.v_sym(k)
        t.size_text = self.v_text(k)
        t.store = store
        if store.kind == "opaque":
            name = f"%e{len(self.opaque_extents)}"
            self.opaque_extents.append((name, v_rt))
            t.extent, t.extent_rt, t.static, t.extent_ssa = \
                Opaque(name), v_rt, None, name
        else:
            factor = 1 if store.kind == "full" else 2
            t.extent = sym * Mono(factor)
            t.extent_rt = v_rt * factor
            t.static = None if v_dyn else v_rt * factor
            t.extent_ssa = self.w_name(k) if factor == 1 else f"%t{k}"
        # Offsets. The inner product of a collapse group at run time.
        inner_rt = 1
        if self.reshape == "collapse":
            inner_rt = product(self.fine[i].extent
                               for i in self.group_fine[k][1:])
        outer_rt = v_rt // inner_rt
        aligned = inner_rt * min(2, outer_rt)
        if inner_rt >= 2:
            unaligned = inner_rt + 1 if inner_rt + 1 <= v_rt else 1
        else:
            unaligned = 1
        offset = store.offset if store.kind == "partial" else "zero"
        if offset == "opaque":
            name = f"%o{len(self.opaque_offsets)}"
            split = self.reshape == "collapse" and \
                len(self.group_fine[k]) > 1
            t.offset_runs = [aligned, unaligned] if split else [1, 0]
            self.opaque_offsets.append((name, t.offset_runs))
            t.offset, t.offset_text = Opaque(name), name
        else:
            value = {"zero": 0, "aligned": aligned, "unaligned": unaligned,
                     "static": 1}[offset]
            t.offset, t.offset_text = Mono(value), str(value)
        return t

    def mlir_dropped(self):
        """The dropped target dims as MLIR 22 computes them."""
        sizes = [int(t.size_text) if t.size_text.isdigit() else None
                 for t in self.targets]
        shape = [None if dyn else e for e, dyn in self.stored_dims]
        if len(sizes) == len(shape):
            return set()
        if self.form == "memory":
            return self.memref_dropped(sizes, self.intended_kept())
        # tensor.insert_slice: scan from the right; a static unit size is
        # kept when V's dim there is also a static 1.
        dropped, pos = set(), len(shape) - 1
        for j in reversed(range(len(sizes))):
            unit = sizes[j] == 1
            if pos < 0:
                dropped.add(j)
            elif not unit or shape[pos] == 1:
                pos -= 1
            else:
                dropped.add(j)
        return dropped

    def memref_dropped(self, sizes, kept):
        """memref.subview: unit sizes, disambiguated by the strides of the
        result type, which keeps the strides of target dims `kept`."""
        unused = {j for j, s in enumerate(sizes) if s == 1}
        if len(unused) + len(self.v_dims) == len(sizes):
            return unused
        strides = self.base_strides()
        candidate = [strides[j] for j in kept]
        cur = {s: strides.count(s) for s in strides}
        cand = {s: candidate.count(s) for s in candidate}
        for j in sorted(unused):
            s = strides[j]
            if cur[s] > cand.get(s, 0):
                cur[s] -= 1
            elif cur[s] == cand.get(s, 0):
                unused.discard(j)
            else:
                raise AssertionError("invalid rank reduction")
        assert len(unused) + len(self.v_dims) == len(sizes)
        return unused

    def lowerable(self):
        """Whether MLIR 22's standard lowering accepts the unprocessed
        case."""
        # --expand-strided-metadata segfaults on an expand_shape group with
        # two dynamic dims.
        if self.reshape == "expand" and any(
                sum(f.dyn for f in g) >= 2 for g in self.groups):
            return False
        sizes = [int(t.size_text) if t.size_text.isdigit() else None
                 for t in self.targets]
        shape = [None if dyn else e for e, dyn in self.stored_dims]
        if len(sizes) == len(shape):
            return True  # no rank reduction
        if self.cast:
            # The lowering folds the sizes to V's static dims: a static unit
            # dim of V makes the rank reduction ambiguous after the fact.
            return not any(not dyn and e == 1 for e, dyn in self.v_dims)
        if 1 not in shape:
            return True  # an unambiguous rank reduction
        # The subview's result type keeps the strides of the dims its
        # producer keeps: bufferization matches shapes from the left (tensor
        # form), the generator keeps the dims it placed V's dims on (memory
        # form). Its lowering drops the dims that memref.subview's map (by
        # strides) drops, and fails unless that map fits the sizes.
        if self.form == "tensor":
            kept, r = [], 0
            for j, size in enumerate(sizes):
                if r < len(shape) and size == shape[r]:
                    kept.append(j)
                    r += 1
        else:
            kept = self.intended_kept()
        dropped = self.memref_dropped(sizes, kept)
        by_strides = [j for j in range(len(sizes)) if j not in dropped]
        return by_strides == kept and all(
            sizes[j] == shape[k] for k, j in enumerate(kept))

    def intended_kept(self):
        return [j for j, t in enumerate(self.targets)
                if t.intended is not None]

    def base_strides(self):
        """Row-major strides of T (None where dynamic)."""
        strides, acc = [], 1
        for t in reversed(self.targets):
            strides.append(acc)
            acc = None if acc is None or t.static is None else acc * t.static
        return list(reversed(strides))

    # Types.
    def s_type(self):
        return "tensor<" + "x".join(
            "?" if dyn else str(e) for e, dyn in self.s_dims) + "xf32>"

    def v_type(self):
        return "tensor<" + "x".join(
            "?" if dyn else str(e) for e, dyn in self.v_dims) + "xf32>"

    def stored_type(self):
        return "tensor<" + "x".join(
            "?" if dyn else str(e) for e, dyn in self.stored_dims) + "xf32>"

    def dest_shape(self):
        return "x".join("?" if t.static is None else str(t.static)
                        for t in self.targets)

    def dest_tensor(self):
        return f"tensor<{self.dest_shape()}xf32>"

    def dest_memref(self):
        return f"memref<{self.dest_shape()}xf32>"

    def subview_type(self):
        strides = self.base_strides()
        offset, dyn_offset = 0, False
        for t, s in zip(self.targets, strides):
            if isinstance(t.offset, Opaque) or s is None:
                if not (isinstance(t.offset, Mono) and t.offset.coef == 0):
                    dyn_offset = True
                continue
            offset += t.offset.coef * s
        shape, kept_strides = [], []
        for j in self.intended_kept():
            t = self.targets[j]
            shape.append(t.size_text if t.size_text.isdigit() else "?")
            kept_strides.append("?" if strides[j] is None else str(strides[j]))
        off = "?" if dyn_offset else str(offset)
        return (f"memref<{'x'.join(shape)}xf32, strided<"
                f"[{', '.join(kept_strides)}], offset: {off}>>")

    def dest_elements(self):
        return product(t.extent_rt for t in self.targets)


#===----------------------------------------------------------------------===#
# The model of what the pass must do (DESIGN 5)
#===----------------------------------------------------------------------===#

class Verdict:
    def __init__(self):
        self.refusal = None
        # ("aligned" | "full", target dim, inner product), in order.
        self.guards = []
        self.full = {}     # target dim -> the split is stored whole

    def kind(self):
        if self.refusal:
            return "refuse"
        return "guard" if self.guards else "fold"

    def remark(self):
        if self.refusal:
            return "not folded: " + self.refusal
        if not self.guards:
            return "folded the reshape into the store"
        n = len(self.guards)
        return (f"guarded fold of the reshape into the store: {n} run-time "
                f"condition{'' if n == 1 else 's'}")


def full_along(case, j):
    """Offset 0 and size == extent along target dim j."""
    t = case.targets[j]
    zero = prove_eq(t.offset, Mono(0))
    stored = prove_eq(case.v_sym(t.value), t.extent)
    if zero == T and stored == T:
        return T
    if zero == F or stored == F:
        return F
    return U


def oracle(case):
    v = Verdict()
    # C0: the map pairs each kept target dim with a V dim of its size
    # (memref.subview's map, by strides, may not).
    for j, t in enumerate(case.targets):
        if t.dropped:
            continue
        extent, dyn = case.stored_dims[t.value]
        if t.size_text.isdigit() == dyn or \
                (not dyn and int(t.size_text) != extent):
            v.refusal = (f"C0: the rank-reduction map pairs target dim {j} "
                         f"with value dim {t.value}, whose size differs")
            return v
    if case.reshape == "collapse":
        oracle_collapse(case, v)
    else:
        oracle_twin(case, v)
    return v


def oracle_collapse(case, v):
    for j, t in enumerate(case.targets):
        if t.dropped or len(case.groups[t.value]) == 1:
            continue
        group = case.groups[t.value]
        dyn_inner = sum(f.dyn for f in group[1:])
        if dyn_inner + group[0].dyn >= 2:
            v.refusal = f"C3: two dynamic dims in one collapsed group (target dim {j})"
            return
        full = full_along(case, j)
        is_full = full == T
        if dyn_inner and not is_full:
            if not case.guard or full == F:
                v.refusal = (f"C3: a dynamic inner extent needs a store that is "
                             f"full along target dim {j} (offset 0 and size == "
                             f"extent not proven)")
                return
            v.guards.append(("full", j, None))
            is_full = True
        if not is_full:
            inner = product(f.extent for f in group[1:])
            if prove_divides(inner, t.extent) != T:
                v.refusal = (f"C1: the extent of target dim {j} is not "
                             f"provably a multiple of {inner}")
                return
            aligned = prove_divides(inner, t.offset)
            if aligned == F or (aligned == U and not case.guard):
                v.refusal = (f"C2: offset not provably a multiple of {inner} "
                             f"(target dim {j})")
                return
            if aligned == U:
                v.guards.append(("aligned", j, inner))
        v.full[j] = is_full


def oracle_twin(case, v):
    target_of = [j for j, t in enumerate(case.targets) if not t.dropped]
    for fines in case.group_fine:
        first, last = target_of[fines[0]], target_of[fines[-1]]
        for a, b in zip(fines, fines[1:]):
            if target_of[b] != target_of[a] + 1:
                v.refusal = (f"C5: the expanded dims stored at target dim "
                             f"{first} and on are not adjacent (a dropped dim "
                             f"between them)")
                return
            j = target_of[b]
            full = full_along(case, j)
            if full == T:
                continue
            if full == F or not case.guard:
                v.refusal = (f"C3: the store is not provably full along target "
                             f"dim {j} (offset 0 and size == extent), an inner "
                             f"dim of an expanded group")
                return
            v.guards.append(("full", j, None))
        dynamic = sum(case.targets[j].static is None
                      for j in range(first, last + 1))
        if case.form == "tensor" and dynamic >= 2:
            v.refusal = (f"C3: the collapsed view of target dims {first}.."
                         f"{last} would be expanded back with two dynamic "
                         f"extents in one group")
            return


#===----------------------------------------------------------------------===#
# Expected IR
#===----------------------------------------------------------------------===#

def num_or_ssa(static):
    return SSA if static is None else str(static)


def mul_ofr(x, y):
    """mulOFR of the pass on (int | SSA) operands."""
    if isinstance(x, int) and isinstance(y, int):
        return x * y
    if x == 0 or y == 0:
        return 0
    if x == 1:
        return y
    if y == 1:
        return x
    return SSA


def reassoc(groups):
    return "{{\\[}}" + ", ".join(
        "[" + ", ".join(str(i) for i in g) + "]" for g in groups) + "]"


def s_dim(case, i):
    extent, dyn = case.s_dims[i]
    return SSA if dyn else str(extent)


def original_offsets(case):
    return [SSA if t.offset_text.startswith("%") else t.offset_text
            for t in case.targets]


def original_sizes(case):
    return [SSA if t.size_text.startswith("%") else t.size_text
            for t in case.targets]


def collapse_view_lines(case, v):
    """The expand_shape of T and the new store."""
    groups, shape, offs, sizes, nxt = [], [], [], [], 0
    dropped = []  # per view dim
    for j, t in enumerate(case.targets):
        fines = None if t.dropped else case.group_fine[t.value]
        if fines is None or len(fines) == 1:
            groups.append([nxt])
            nxt += 1
            shape.append(num_or_ssa(t.static))
            offs.append(SSA if t.offset_text.startswith("%") else t.offset_text)
            sizes.append("1" if t.dropped else s_dim(case, fines[0]))
            dropped.append(t.dropped)
            continue
        inner = product(case.fine[i].extent for i in fines[1:])
        if v.full[j]:
            outer = s_dim(case, fines[0])
            off = "0"
        else:
            outer = SSA if t.static is None else str(t.static // inner)
            if isinstance(t.offset, Opaque):
                off = SSA
            else:
                off = str(t.offset.coef // inner)
        groups.append(list(range(nxt, nxt + len(fines))))
        nxt += len(fines)
        shape += [outer] + [s_dim(case, i) for i in fines[1:]]
        offs += [off] + ["0"] * (len(fines) - 1)
        sizes += [s_dim(case, i) for i in fines]
        dropped += [False] * len(fines)
    prefix = "tensor" if case.form == "tensor" else "memref"
    lines = [f"// CHECK: {prefix}.expand_shape %{{{{.*}}}} {reassoc(groups)} "
             f"output_shape [{', '.join(shape)}]"]
    lines += explicit_unit_dims_lines(case, dropped, sizes)
    lines += new_store_lines(case, offs, sizes)
    if case.form == "tensor":
        lines.append(f"// CHECK: tensor.collapse_shape %{{{{.*}}}} "
                     f"{reassoc(groups)}")
    return lines


def twin_view_lines(case, v):
    """The collapse_shape of T, the new store, and (tensor) the expand back."""
    target_groups, offs, sizes, dropped = [], [], [], []
    j = 0
    first_of = {}
    for k, fines in enumerate(case.group_fine):
        first_of[[jj for jj, t in enumerate(case.targets)
                  if t.value == fines[0]][0]] = (k, len(fines))
    while j < len(case.targets):
        t = case.targets[j]
        if t.dropped:
            target_groups.append([j])
            offs.append(original_offsets(case)[j])
            sizes.append("1")
            dropped.append(True)
            j += 1
            continue
        k, m = first_of[j]
        inner = 1
        for jj in range(j + 1, j + m):
            st = case.targets[jj].static
            inner = mul_ofr(inner, SSA if st is None else st)
        o = SSA if isinstance(t.offset, Opaque) else t.offset.coef
        off = mul_ofr(o, inner)
        target_groups.append(list(range(j, j + m)))
        offs.append(str(off))
        sizes.append(s_dim(case, k))
        dropped.append(False)
        j += m
    prefix = "tensor" if case.form == "tensor" else "memref"
    lines = [f"// CHECK: {prefix}.collapse_shape %{{{{.*}}}} "
             f"{reassoc(target_groups)}"]
    lines += explicit_unit_dims_lines(case, dropped, sizes)
    lines += new_store_lines(case, offs, sizes)
    if case.form == "tensor":
        dims = ", ".join(num_or_ssa(t.static) for t in case.targets)
        lines.append(f"// CHECK: tensor.expand_shape %{{{{.*}}}} "
                     f"{reassoc(target_groups)} output_shape [{dims}]")
    return lines


def explicit_unit_dims_lines(case, dropped, sizes):
    """When the new store drops dims and S has a static unit dim, the pass
    stores S expanded with the dropped unit dims made explicit (an
    ambiguous rank reduction does not lower)."""
    if not any(dropped) or not any(not dyn and e == 1
                                   for e, dyn in case.s_dims):
        return []
    groups = []
    for d, drop in enumerate(dropped):
        if not drop and d > dropped.index(False):
            groups.append([])
        if not groups:
            groups.append([])
        groups[-1].append(d)
    return [f"// CHECK: tensor.expand_shape %{{{{.*}}}} {reassoc(groups)} "
            f"output_shape [{', '.join(sizes)}]"]


def new_store_lines(case, offs, sizes):
    ones = ", ".join(["1"] * len(offs))
    where = f"[{', '.join(offs)}] [{', '.join(sizes)}] [{ones}]"
    if case.form == "tensor":
        return [f"// CHECK: tensor.insert_slice %{{{{.*}}}} into %{{{{.*}}}}"
                f"{where}"]
    return [f"// CHECK: memref.subview %{{{{.*}}}}{where}",
            "// CHECK: bufferization.materialize_in_destination"]


def original_store_lines(case):
    ones = ", ".join(["1"] * len(case.targets))
    where = (f"[{', '.join(original_offsets(case))}] "
             f"[{', '.join(original_sizes(case))}] [{ones}]")
    if case.form == "tensor":
        return [f"// CHECK: tensor.insert_slice %{{{{.*}}}} into %{{{{.*}}}}"
                f"{where} : {case.stored_type()} into {case.dest_tensor()}"]
    return [f"// CHECK: bufferization.materialize_in_destination %{{{{.*}}}} "
            f"in restrict writable %{{{{.*}}}} : ({case.stored_type()}, "]


def check_lines(case, v):
    kind = v.kind()
    prefix = "tensor" if case.form == "tensor" else "memref"
    view_op = "expand_shape" if case.reshape == "collapse" else "collapse_shape"
    lines = []
    if case.form == "memory" and kind != "fold":
        ones = ", ".join(["1"] * len(case.targets))
        lines.append(f"// CHECK: memref.subview %{{{{.*}}}}"
                     f"[{', '.join(original_offsets(case))}] "
                     f"[{', '.join(original_sizes(case))}] [{ones}]")
    if kind == "refuse":
        return [f"// CHECK-NOT: {prefix}.{view_op}"] + lines + \
            original_store_lines(case) + ["// CHECK: return"]
    view = (collapse_view_lines if case.reshape == "collapse"
            else twin_view_lines)(case, v)
    if kind == "fold":
        return lines + ["// CHECK-NOT: scf.if"] + view + ["// CHECK: return"]
    for g, _, inner in v.guards:
        if g == "aligned":
            # The offset modulo the whole inner product (a constant %cP).
            lines += [f"// CHECK: arith.remui {SSA}, %c{inner}{{{{(_[0-9]+)?}}}} "
                      f": index", "// CHECK: arith.cmpi eq"]
        else:
            lines += ["// CHECK: arith.cmpi eq", "// CHECK: arith.cmpi eq"]
    lines.append("// CHECK: scf.if")
    lines += view
    lines.append("// CHECK: } else {")
    lines += original_store_lines(case)
    lines.append("// CHECK: return")
    return lines


#===----------------------------------------------------------------------===#
# IR of a case
#===----------------------------------------------------------------------===#

def emit_case(case, lines):
    v = oracle(case)
    src, val = case.s_type(), case.v_type()
    tensor_dest = case.dest_tensor()
    result = tensor_dest if case.form == "tensor" else case.dest_memref()
    args = [f"%s: {src}"]
    args += [f"{n}: index" for n, _ in case.opaque_offsets]
    if case.reshape == "expand":
        args += [f"%x{i}: index" for i, f in enumerate(case.fine) if f.dyn]
    args += [f"{n}: index" for n, _ in case.opaque_extents]
    out = [f"// CHECK-LABEL: func.func @{case.name}(",
           f"func.func @{case.name}({', '.join(args)}) -> {result} {{"]
    rank = max(len(case.fine), len(case.targets))
    for i in range(max(rank, 3)):
        out.append(f"  %c{i} = arith.constant {i} : index")
    out.append(f"  %kd = arith.constant {DROPPED_EXTENT} : index")
    # Fine dims, as values: dims of S (collapse) or the expand_shape's output
    # sizes (twin, from arguments).
    for i, f in enumerate(case.fine):
        if not f.dyn:
            out.append(f"  %f{i} = arith.constant {f.extent} : index")
        elif case.reshape == "collapse":
            out.append(f"  %f{i} = tensor.dim %s, %c{i} : {src}")
        else:
            out.append(f"  %f{i} = arith.addi %x{i}, %c0 : index")
    # V's dims and T's extents, computed as a frontend does.
    if case.reshape == "collapse":
        for k, fines in enumerate(case.group_fine):
            prev = f"%f{fines[0]}"
            for n, i in enumerate(fines[1:]):
                out.append(f"  %p{k}_{n} = arith.muli {prev}, %f{i} : index")
                prev = f"%p{k}_{n}"
    for t in case.targets:
        if t.intended is not None and t.store.kind == "partial":
            out.append(f"  %t{t.intended} = arith.muli "
                       f"{case.w_name(t.intended)}, %c2 : index")
    dynamic = generate_dest(case, out)
    if case.reshape == "collapse":
        out.append(f"  %v = tensor.collapse_shape %s "
                   f"{plain_reassoc(case.group_fine)} : {src} into {val}")
        if not case.cast:
            for k, (_, dyn) in enumerate(case.v_dims):
                if dyn:
                    out.append(f"  %vs{k} = tensor.dim %v, %c{k} : {val}")
    else:
        shape = ", ".join(f"%f{i}" if f.dyn else str(f.extent)
                          for i, f in enumerate(case.fine))
        out.append(f"  %v = tensor.expand_shape %s "
                   f"{plain_reassoc(case.group_fine)} output_shape [{shape}] "
                   f": {src} into {val}")
    if case.cast:
        out.append(f"  %vc = tensor.cast %v : {val} to {case.stored_type()}")
        for k in range(len(case.v_dims)):
            out.append(f"  %vs{k} = tensor.dim %vc, %c{k} : "
                       f"{case.stored_type()}")
    out += emit_store(case, v.remark(), dynamic)
    lines.extend(out + check_lines(case, v) + [""])
    return v


def plain_reassoc(groups):
    return "[" + ", ".join(
        "[" + ", ".join(str(i) for i in g) + "]" for g in groups) + "]"


def generate_dest(case, out):
    """Appends %init (1000 + row-major linear index); returns the dynamic
    extents."""
    extents, dynamic = [], []
    for r, t in enumerate(case.targets):
        if t.static is None:
            extents.append(t.extent_ssa)
            dynamic.append(t.extent_ssa)
        else:
            out.append(f"  %x_e{r} = arith.constant {t.static} : index")
            extents.append(f"%x_e{r}")
    rank = len(case.targets)
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
            "    %y = arith.addf %vf, %k1000 : f32",
            "    tensor.yield %y : f32",
            f"  }} : {case.dest_tensor()}"]
    return dynamic


def emit_store(case, remark, dynamic):
    offs = ", ".join(t.offset_text for t in case.targets)
    sizes = ", ".join(t.size_text for t in case.targets)
    ones = ", ".join(["1"] * len(case.targets))
    val, tensor_dest = case.stored_type(), case.dest_tensor()
    stored = "%vc" if case.cast else "%v"
    expected = f"  // expected-remark @+1 {{{{{remark}}}}}"
    if case.form == "tensor":
        return [expected,
                f"  %r = tensor.insert_slice {stored} into %init[{offs}] "
                f"[{sizes}] "
                f"[{ones}] : {val} into {tensor_dest}",
                f"  return %r : {tensor_dest}", "}"]
    memref_dest, view = case.dest_memref(), case.subview_type()
    return [f"  %buf = bufferization.to_buffer %init : {tensor_dest} to "
            f"{memref_dest}",
            f"  %base = memref.alloc({', '.join(dynamic)}) : {memref_dest}",
            f"  memref.copy %buf, %base : {memref_dest} to {memref_dest}",
            f"  %sv = memref.subview %base[{offs}] [{sizes}] [{ones}] : "
            f"{memref_dest} to {view}",
            expected,
            f"  bufferization.materialize_in_destination {stored} in restrict "
            f"writable %sv : ({val}, {view}) -> ()",
            f"  return %base : {memref_dest}", "}"]


#===----------------------------------------------------------------------===#
# @main
#===----------------------------------------------------------------------===#

def emit_main(cases, lines):
    lines += ["func.func private @printMemrefF32(memref<*xf32>)", "",
              "func.func @main() {"]
    sources = {}
    counter = itertools.count()

    def const(value):
        name = f"%n{next(counter)}"
        lines.append(f"  {name} = arith.constant {value} : index")
        return name

    for n, case in enumerate(cases):
        if not case.executable:
            continue
        shape = tuple(e for e, _ in case.s_dims)
        if shape not in sources:
            sources[shape] = emit_source(shape, len(sources), lines)
        static = "tensor<" + "x".join(str(e) for e in shape) + "xf32>"
        src = case.s_type()
        lines.append(f"  %s{n} = tensor.cast {sources[shape]} : {static} to "
                     f"{src}")
        runs = 2 if case.opaque_offsets else 1
        for r in range(runs):
            args, types = [f"%s{n}"], [src]
            for _, values in case.opaque_offsets:
                args.append(const(values[r]))
                types.append("index")
            if case.reshape == "expand":
                for f in case.fine:
                    if f.dyn:
                        args.append(const(f.extent))
                        types.append("index")
            for _, value in case.opaque_extents:
                args.append(const(value))
                types.append("index")
            shape_t = case.dest_shape()
            call = (f"@{case.name}({', '.join(args)}) : "
                    f"({', '.join(types)})")
            if case.form == "tensor":
                t = case.dest_tensor()
                lines.append(f"  %r{n}_{r} = func.call {call} -> {t}")
                lines.append(f"  %b{n}_{r} = bufferization.to_buffer "
                             f"%r{n}_{r} : {t} to memref<{shape_t}xf32>")
            else:
                lines.append(f"  %b{n}_{r} = func.call {call} -> "
                             f"memref<{shape_t}xf32>")
            lines.append(f"  %u{n}_{r} = memref.cast %b{n}_{r} : "
                         f"memref<{shape_t}xf32> to memref<*xf32>")
            lines.append(f"  func.call @printMemrefF32(%u{n}_{r}) : "
                         f"(memref<*xf32>) -> ()")
            # No dealloc: buffer-deallocation-pipeline rejects explicit
            # frees; the test leaks its small buffers.
    lines += ["  return", "}"]


def emit_source(shape, index, lines):
    """S with values 1 + its row-major linear index."""
    name = f"%src{index}"
    rank = len(shape)
    ivs = ", ".join(f"%q{r}: index" for r in range(rank))
    lines.append(f"  {name} = tensor.generate {{")
    lines.append(f"  ^bb0({ivs}):")
    prev = "%q0"
    for r in range(1, rank):
        lines.append(f"    %ke{r} = arith.constant {shape[r]} : index")
        lines.append(f"    %m{r} = arith.muli {prev}, %ke{r} : index")
        lines.append(f"    %l{r} = arith.addi %m{r}, %q{r} : index")
        prev = f"%l{r}"
    lines += ["    %one = arith.constant 1 : index",
              f"    %lin = arith.addi {prev}, %one : index",
              "    %vi = arith.index_cast %lin : index to i32",
              "    %vf = arith.sitofp %vi : i32 to f32",
              "    tensor.yield %vf : f32",
              "  } : tensor<" + "x".join(str(e) for e in shape) + "xf32>"]
    return name


#===----------------------------------------------------------------------===#
# The matrix
#===----------------------------------------------------------------------===#

# The DESIGN 5 core: run-time a = 3, b = 2, c = 2.
CORE_GROUPS = {"static": ("3", "2"), "outer_dyn": ("d3", "2"),
               "inner_dyn": ("3", "d2"), "two_dyn": ("d3", "d2")}


def core_cases(form):
    # Collapse: V = (a * b) x c on target dims J (the group) and C.
    stores = {
        "full": [Store("full"), Store("full")],
        "partial_other": [Store("full"), Store("partial", "static")],
    }
    for offset in ("zero", "aligned", "unaligned", "opaque"):
        stores[f"partial_collapsed_{offset}"] = [Store("partial", offset),
                                                 Store("full")]
    drops = {"none": [], "leading": [(0, False)], "trailing": [(2, False)],
             "interior": [(1, False)], "dynamic_dropped": [(1, True)]}
    for (store, st), (drop, dr), (group, (a, b)) in itertools.product(
            stores.items(), drops.items(), CORE_GROUPS.items()):
        yield Case(form, "collapse", f"core_{store}_{drop}_{group}",
                   [[a, b], ["2"]], st, dr)
    # Twin: V = a x b x c on target dims J, K, C from S = (a * b) x c.
    stores = {
        "full": [Store("full")] * 3,
        "partial_other": [Store("full"), Store("full"),
                          Store("partial", "static")],
        "partial_inner": [Store("full"), Store("partial", "zero"),
                          Store("full")],
        "opaque_inner": [Store("full"), Store("opaque"), Store("full")],
    }
    for offset in ("zero", "static", "opaque"):
        stores[f"partial_outer_{offset}"] = [Store("partial", offset),
                                             Store("full"), Store("full")]
    drops = {"none": [], "leading": [(0, False)], "trailing": [(3, False)],
             "inside_group": [(1, False)], "interior": [(2, False)],
             "dynamic_dropped": [(2, True)]}
    for (store, st), (drop, dr), (group, (a, b)) in itertools.product(
            stores.items(), drops.items(), CORE_GROUPS.items()):
        yield Case(form, "expand", f"twin_core_{store}_{drop}_{group}",
                   [[a, b], ["2"]], st, dr)


# The extended part. A pattern is one group of fine dims: "3" static 3,
# "d2" dynamic with run-time extent 2, "1" a static unit dim.
PATTERNS = [
    "3", "d3", "1",
    "3 2", "d3 2", "3 d2", "d3 d2", "1 3", "3 1", "d2 1", "1 d3", "d1 2",
    "2 3 2", "d2 3 2", "2 d3 2", "2 3 d2", "1 1 1", "d2 1 3", "2 1 d3",
    "d2 d3 2", "3 1 1",
    "2 1 3 1", "d2 2 1 3", "1 2 d3 1", "2 3 1 2", "d3 1 1 1", "1 d2 2 d1",
    "1 1 2 1",
]
COMPANIONS = ["2", "d3", "3 2", "1 d2", "d2 3", "2 1 2", "1"]
COMPANION_STORES = [Store("full"), Store("partial", "static"),
                    Store("partial", "opaque"), Store("opaque"),
                    Store("partial", "zero")]
# Store options of the primary group: on its V dim (collapse) ...
COLLAPSE_OPTIONS = ["full", "partial_zero", "partial_aligned",
                    "partial_unaligned", "partial_opaque", "opaque"]
# ... or on its V dims (twin): outer is the group's first dim, inner one of
# the others.
TWIN_OPTIONS = ["full", "outer_partial_zero", "outer_partial_static",
                "outer_partial_opaque", "outer_opaque", "inner_partial",
                "inner_opaque"]
MAX_DEST_ELEMENTS = 400
REPLICAS = 2  # samples of the other factors per (pattern, option)
CAST = [False, False, False, False, True]  # stored through a tensor.cast
DROP_KINDS = ["none", "leading", "trailing", "interior", "dynamic",
              "two"]


def collapse_store(option, pattern):
    if option == "full":
        return Store("full")
    if option == "opaque":
        return Store("opaque")
    offset = option[len("partial_"):]
    if len(pattern.split()) == 1 and offset in ("aligned", "unaligned"):
        offset = "static"
    return Store("partial", offset)


def drops_for(kind, nv, key):
    """Dropped dims as (position among V's dims, dynamic)."""
    if kind == "none":
        return []
    if kind == "leading":
        return [(0, False)]
    if kind == "trailing":
        return [(nv, False)]
    if kind in ("interior", "dynamic"):
        pos = pick(list(range(1, nv)) or [nv], key, "drop position")
        return [(pos, kind == "dynamic")]
    return [(0, False), (pick(list(range(1, nv + 1)), key, "second drop"),
                         True)]


def extended_cases(form, reshape):
    options = COLLAPSE_OPTIONS if reshape == "collapse" else TWIN_OPTIONS
    for p, pattern in enumerate(PATTERNS):
        size = len(pattern.split())
        for option in options:
            if reshape == "expand" and size == 1 and option.startswith("inner"):
                continue  # a one-dim group has no inner dim
            for replica in range(REPLICAS):
                key = (reshape, pattern, option, replica)
                # Fewer companion groups while the printed destination is
                # big.
                for n_extra in range(pick([0, 1, 1, 2], key, "companions"),
                                     -1, -1):
                    case = extended_case(form, reshape, p, option, key,
                                         n_extra)
                    if case.dest_elements() <= MAX_DEST_ELEMENTS:
                        break
                yield case


def extended_case(form, reshape, p, option, key, n_extra):
    _, pattern, _, replica = key
    extra = [pick(COMPANIONS, key, "companion", e) for e in range(n_extra)]
    position = pick(list(range(n_extra + 1)), key, "position")
    patterns = extra[:position] + [pattern] + extra[position:]
    groups = [pt.split() for pt in patterns]
    stores = []
    for g, pt in enumerate(patterns):
        primary = g == position
        if reshape == "collapse":
            stores.append(collapse_store(option, pt) if primary else
                          pick(COMPANION_STORES, key, "store", g))
            continue
        n = len(pt.split())
        inner_at = pick(list(range(1, n)) or [0], key, "inner", g)
        for d in range(n):
            stores.append(twin_store(option if primary else None, d,
                                     inner_at, key, g))
    drop_kind = pick(DROP_KINDS, key, "drops")
    drops = drops_for(drop_kind, len(stores), key)
    cast = pick(CAST, key, "cast")
    name = "_".join(
        [("x" if reshape == "collapse" else "twin_x") + f"{p}r{replica}",
         option,
         drop_kind, "g" + "_".join(pt.replace(" ", "") for pt in patterns),
         "".join(s.token() for s in stores)] + (["cast"] if cast else []))
    return Case(form, reshape, name, groups, stores, drops, cast)


def twin_store(option, d, inner_at, key, g):
    if option is None:  # a companion group: full, or partial on its outer
        if d == 0:
            return pick(COMPANION_STORES, key, "store", g)
        return Store("full")
    if d == 0:
        if option.startswith("outer_partial_"):
            return Store("partial", option[len("outer_partial_"):])
        if option == "outer_opaque":
            return Store("opaque")
        return Store("full")
    if d == inner_at:
        if option == "inner_partial":
            return Store("partial", "zero")
        if option == "inner_opaque":
            return Store("opaque")
    return Store("full")


def all_cases(form, reshape, part):
    cases = []
    if part in ("core", "all"):
        cases += [c for c in core_cases(form) if c.reshape == reshape]
    if part in ("extended", "all"):
        cases += list(extended_cases(form, reshape))
    return cases


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--form", choices=["tensor", "memory"], required=True)
    ap.add_argument("--reshape", choices=["collapse", "expand"],
                    default="collapse")
    ap.add_argument("--part", choices=["core", "extended", "all"],
                    default="all")
    ap.add_argument("--executable", action="store_true",
                    help="only the cases MLIR 22 can execute before the pass")
    ap.add_argument("--stats", action="store_true",
                    help="print the number of cases per verdict instead")
    args = ap.parse_args()
    cases = all_cases(args.form, args.reshape, args.part)
    if args.executable:
        cases = [c for c in cases if c.executable]
    lines = [f"// Generated by test/Inputs/fold_matrix.py --form {args.form} "
             f"--reshape {args.reshape} --part {args.part}"
             f"{' --executable' if args.executable else ''}.", ""]
    verdicts = {}
    for case in cases:
        v = emit_case(case, lines)
        verdicts[v.kind()] = verdicts.get(v.kind(), 0) + 1
    emit_main(cases, lines)
    if args.stats:
        runs = sum((2 if c.opaque_offsets else 1) for c in cases
                   if c.executable)
        print(f"{len(cases)} cases ({sum(c.executable for c in cases)} "
              f"executable, {runs} runs): " +
              ", ".join(f"{k} {n}" for k, n in sorted(verdicts.items())))
        return
    print("\n".join(lines))


if __name__ == "__main__":
    main()
