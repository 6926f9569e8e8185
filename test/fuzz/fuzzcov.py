"""Coverage of the symshape fuzzer: what the generated programs exercise.

Every checked program contributes a set of keys; the table counts, per key,
how many programs have it, over a fixed list of keys, so that a blind spot
shows as a 0. Keys are

* `op NAME TYPE`: an op written in the program (arith ops per type, every
  `cmpi` predicate per type, `index_cast` per pair of types, affine ops and
  their operators, tensor/linalg/scf/cf ops, argument attributes);
* `run ...`: what the oracle saw when it ran the cases (a negative value
  built from sizes only, one op's value crossing zero between inputs,
  divisions of negative values, wrap-around, `index_cast` truncation, a
  `cf.assert` that fails, and the inputs: dims of 0 and 1, zero-element
  inputs with a huge dim, integers near 2^62 and 2^63);
* `form ...`: frontend forms the generator wrote (broadcast guards, conv
  sizes);
* `option ...`: the symshape-opt option sets or passes the program was
  checked with, and `changed ...` where a pass alone changed the program.
"""

import fuzzgen as G

TYPES = (G.INDEX, G.I64, G.I32)
PREDS = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
CASTS = ["index->i64", "i64->index", "index->i32", "i32->index"]
KIND_NAMES = {
    "dim": "tensor.dim", "select": "arith.select", "xori": "arith.xori",
    "andi": "arith.andi", "ori": "arith.ori", "assert": "cf.assert",
    "empty": "tensor.empty", "fill": "linalg.fill", "ew": "linalg.generic",
    "slice": "tensor.extract_slice", "insert": "tensor.insert_slice",
    "collapse": "tensor.collapse_shape", "expand": "tensor.expand_shape",
    "pad": "tensor.pad", "concat": "tensor.concat", "tcast": "tensor.cast",
    "call": "func.call", "if": "scf.if", "condbr": "cf.cond_br"}
OTHER_OPS = sorted(KIND_NAMES.values()) + [
    "scf.for", "scf.for unsigned", "affine.apply", "affine.min", "affine.max",
    "affine floordiv", "affine ceildiv", "affine mod", "affine *",
    "attr symshape.dim_names", "attr symshape.dim_ranges",
    "attr symshape.dim_divisors", "arg index (integer unknown)",
    "arg i64 (integer unknown)"]
DIVS = ["divsi", "remsi", "floordivsi", "ceildivsi", "divui", "remui",
        "affine floordiv", "affine ceildiv", "affine mod"]
RUN = (["negative value built from sizes only",
        "an op's value crosses zero between inputs",
        "wrap-around in index/i64", "wrap-around in i32",
        "index_cast to i32 truncates", "a cf.assert fails"] +
       ["negative dividend: " + d for d in DIVS] +
       ["negative divisor: " + d for d in DIVS[:6]] +
       ["input dim 0", "input dim 1", "input dim >= 2^31",
        "input zero-element tensor with a dim >= 2^31",
        "input integer of magnitude >= 2^62", "input integer within 2^10 of INT64_MIN/MAX",
        "input negative integer"])
FORMS = ["torch-mlir broadcast guard (i64)", "torch-mlir broadcast guard (index)",
         "conv output size (i64)", "conv output size (index)",
         "conv output size (affine)"]
FAMILIES = ["family " + f for f in G.FAMILIES]


# --------------------------------------------------------------------------
# Keys of a program.

def op_keys(op):
    k, a = op.kind, op.attrs
    if k == "bin":
        return ["op arith.%s %s" % (a["op"], op.results[0].type)]
    if k == "cmp":
        return ["cmpi %s %s" % (a["pred"], op.operands[0].type)]
    if k == "icast":
        return ["op arith.index_cast %s->%s" % (op.operands[0].type, op.results[0].type)]
    if k == "affine":
        out = ["op affine." + a["fn"]]
        for e in a["exprs"]:
            out += ["op affine " + x for x in G.affine_ops(e) if x != "+"]
        return out
    if k == "for":
        return ["op scf.for unsigned" if a["unsigned"] else "op scf.for"]
    return ["op " + KIND_NAMES[k]] if k in KIND_NAMES else []


def static_keys(prog):
    keys = set(["family " + prog.family] + ["form " + x for x in prog.forms])
    for f in prog.funcs:
        for op in G.walk_ops(f.body):
            keys.update(op_keys(op))
        for a, d in zip(f.args, f.decls):
            if not G.is_tensor(a):
                keys.add("op arg %s (integer unknown)" % a.type)
            for name in ("names", "ranges", "divs"):
                if d and d.get(name):
                    keys.add("op attr symshape.dim_%s" % (
                        "divisors" if name == "divs" else name))
    return keys


class Recorder:
    """Told by the oracle (fuzzgen.Interp) what each case computes."""

    def __init__(self):
        self.keys = set()
        self.signs = {}

    def inputs(self, f, case):
        for shape in case.shapes:
            for d, name in ((0, "input dim 0"), (1, "input dim 1")):
                if d in shape:
                    self.keys.add("run " + name)
            if any(d >= 1 << 31 for d in shape):
                self.keys.add("run input dim >= 2^31")
                if 0 in shape:
                    self.keys.add("run input zero-element tensor with a dim >= 2^31")
        for x in case.scalars:
            if abs(x) >= 1 << 62:
                self.keys.add("run input integer of magnitude >= 2^62")
            if abs(x) >= (1 << 63) - (1 << 10):
                self.keys.add("run input integer within 2^10 of INT64_MIN/MAX")
            if x < 0:
                self.keys.add("run input negative integer")

    def aborted(self):
        self.keys.add("run a cf.assert fails")

    def value(self, interp, op, o, res):
        k = op.kind
        if k == "bin":
            self.arith(op, o, res)
        elif k == "icast" and res != o[0]:
            self.keys.add("run index_cast to i32 truncates")
        elif k == "affine":
            seen = set()
            for e in op.attrs["exprs"]:
                G.affine_eval(e, o, seen)
            self.keys.update("run negative dividend: affine " + d for d, neg in seen if neg)
        if k in ("bin", "icast", "select", "affine") and op.results[0].type in G.WIDTH:
            self.signs.setdefault(id(op), set()).add(res < 0)
            if res < 0 and id(op.results[0]) in interp.sb:
                self.keys.add("run negative value built from sizes only")

    def arith(self, op, o, res):
        name, t = op.attrs["op"], op.results[0].type
        if name in G.DIV_OPS:
            if o[0] < 0:
                self.keys.add("run negative dividend: " + name)
            if o[1] < 0:
                self.keys.add("run negative divisor: " + name)
        if G.exact_eval(name, o[0], o[1], G.WIDTH[t]) != res:
            self.keys.add("run wrap-around in %s" % ("i32" if t == G.I32 else "index/i64"))

    def result(self):
        if any(len(s) == 2 for s in self.signs.values()):
            self.keys.add("run an op's value crosses zero between inputs")
        return self.keys


def program_keys(prog):
    """Static keys and what the oracle saw on the program's cases."""
    rec = Recorder()
    for c in prog.cases:
        saved = (c.status, c.violations, c.observed)
        try:
            G.run_case(prog, c, rec)
        except (G.UB, G.TooBig):
            pass
        c.status, c.violations, c.observed = saved
    return static_keys(prog) | rec.result()


# --------------------------------------------------------------------------
# The table.

def sections(options):
    """(title, rows, columns): each row x column is the key "row column"
    (or the row alone when there is one unnamed column)."""
    arith = ["op arith." + o for o in G.ARITH_OPS]
    return [
        ("families", FAMILIES, [""]),
        ("arith ops (programs per result type)", arith, list(TYPES)),
        ("cmpi predicates (programs per operand type)", ["cmpi " + p for p in PREDS],
         list(TYPES)),
        ("index_cast", ["op arith.index_cast " + c for c in CASTS], [""]),
        ("other ops and attributes", ["op " + o for o in OTHER_OPS], [""]),
        ("frontend forms", ["form " + f for f in FORMS], [""]),
        ("seen when the oracle ran the inputs", ["run " + r for r in RUN], [""]),
        ("symshape-opt option sets and passes", options, [""]),
    ]


def count(key_sets):
    out = {}
    for ks in key_sets:
        for k in ks:
            out[k] = out.get(k, 0) + 1
    return out


def table(key_sets, options, markdown=False):
    """The coverage table of these programs' key sets, as text lines."""
    n = count(key_sets)
    lines = ["coverage: %d programs" % len(key_sets)]
    for title, rows, cols in sections(options):
        named = cols != [""]
        head = [title] + (cols if named else ["programs"])
        body = []
        for r in rows:
            keys = ["%s %s" % (r, c) if named else r for c in cols]
            body.append([label(r)] + [str(n.get(k, 0)) for k in keys])
        lines += render(head, body, markdown)
    return lines


def label(key):
    for p in ("op ", "run ", "form ", "option ", "family "):
        if key.startswith(p):
            return key[len(p):]
    return key


def render(head, body, markdown):
    if markdown:
        out = ["", "| " + " | ".join(head) + " |",
               "| --- |" + " ---: |" * (len(head) - 1)]
        return out + ["| " + " | ".join(r) + " |" for r in body]
    w = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]

    def fmt(r):
        return "  " + r[0].ljust(w[0]) + "".join(
            "  " + x.rjust(w[i + 1]) for i, x in enumerate(r[1:]))
    return [""] + [fmt(head)] + [fmt(r) for r in body]
