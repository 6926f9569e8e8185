#!/usr/bin/env python3
"""Generates the fact-spelling matrix: every way of writing one fact must
give the same facts and the same decisions.

A case states a fact with `cf.assert` of an `arith.cmpi` (or of an
`arith.andi` of two) and then uses the two sizes it relates:

  * `pair` cases relate two sizes x = dim 0 of %t and y = dim 0 of %u with
    every predicate (eq ne slt sle sgt sge ult ule ugt uge; the unsigned
    ones compare non-negative sizes, so they mean what the signed ones do)
    in either operand order;
  * `const` cases relate x to the constant 5, the constant on either side;
  * `and` cases state `x <= y` and `x >= 1` in one `arith.andi`, in either
    order of the two comparisons.

Each case uses the sizes in every way a frontend does (`uses`):
`arith.maxsi` and `arith.minsi`, their unsigned twins `arith.maxui` and
`arith.minui` (sizes are never negative), an `arith.select` of a comparison
of its own operands (in the same order, swapped, and with an unsigned
predicate), a second comparison (`sle`, a different op from the fact's own),
and a slice whose size is clamped with `arith.minsi` (a TVM-style crop). The expected decision comes
from the relation the fact implies (x <= y, y <= x, both, or none; for
constants x <= 5 or 5 <= x), not from the pass: every implied max/min/select
disappears, an implied comparison becomes a constant, and where nothing is
implied (ne) every op stays. @main runs each case on pairs of sizes that
satisfy the fact and prints every result, so that executing the program
before and after symshape-pipeline compares the numbers.
"""

import argparse

PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt",
              "uge"]
SIZES = [0, 1, 2, 3, 5, 7]


def holds(pred, a, b):
    return {
        "eq": a == b, "ne": a != b,
        "slt": a < b, "sle": a <= b, "sgt": a > b, "sge": a >= b,
        "ult": a < b, "ule": a <= b, "ugt": a > b, "uge": a >= b,
    }[pred]


def implied(pred, lhs_is_x):
    """(x <= y implied, y <= x implied, x < y implied, y < x implied) for
    the fact `pred(lhs, rhs)`."""
    le = pred in ("eq", "slt", "sle", "ult", "ule")
    ge = pred in ("eq", "sgt", "sge", "ugt", "uge")
    lt = pred in ("slt", "ult")
    gt = pred in ("sgt", "ugt")
    if not lhs_is_x:
        le, ge, lt, gt = ge, le, gt, lt
    return le, ge, lt, gt


class Case:
    def __init__(self, name, fact_lines, le, ge, lt, gt, other, inputs):
        self.name = name
        self.fact_lines = fact_lines
        self.le, self.ge, self.lt, self.gt = le, ge, lt, gt
        # The operand the uses compare x with: "%y" or a constant.
        self.other = other
        self.inputs = inputs


def pair_cases():
    cases = []
    for pred in PREDICATES:
        for lhs_is_x in (True, False):
            a, b = ("%x", "%y") if lhs_is_x else ("%y", "%x")
            le, ge, lt, gt = implied(pred, lhs_is_x)
            inputs = [(x, y) for x in SIZES for y in SIZES
                      if holds(pred, *((x, y) if lhs_is_x else (y, x)))]
            # A few pairs per case, spread over the satisfying ones.
            step = max(1, len(inputs) // 3)
            inputs = inputs[::step][:3]
            name = "pair_%s_%s" % (pred, "xy" if lhs_is_x else "yx")
            cases.append(Case(name, ["%%f = arith.cmpi %s, %s, %s : index" %
                                     (pred, a, b)],
                              le, ge, lt, gt, "%y", inputs))
    return cases


def const_cases():
    cases = []
    for pred in PREDICATES:
        for lhs_is_x in (True, False):
            a, b = ("%x", "%c5") if lhs_is_x else ("%c5", "%x")
            le, ge, lt, gt = implied(pred, lhs_is_x)
            inputs = [(x, 5) for x in SIZES
                      if holds(pred, *((x, 5) if lhs_is_x else (5, x)))]
            inputs = inputs[:3]
            name = "const_%s_%s" % (pred, "x5" if lhs_is_x else "5x")
            cases.append(Case(name, ["%%f = arith.cmpi %s, %s, %s : index" %
                                     (pred, a, b)],
                              le, ge, lt, gt, "%c5", inputs))
    return cases


def and_cases():
    cases = []
    for first in (True, False):
        le_fact = "%f1 = arith.cmpi sle, %x, %y : index"
        one_fact = "%f2 = arith.cmpi sge, %x, %c1 : index"
        lines = [le_fact, one_fact]
        combine = ("%f = arith.andi %f1, %f2 : i1" if first else
                   "%f = arith.andi %f2, %f1 : i1")
        name = "and_%s" % ("le_first" if first else "one_first")
        inputs = [(1, 1), (2, 5), (3, 7)]
        cases.append(Case(name, lines + [combine], True, False, False,
                          False, "%y", inputs))
    return cases


# The uses of x and the other operand o, in the order the case function
# returns them: (name, lines computing it from %x and o, its type).
def uses(o):
    return [
        ("max", ["%%max = arith.maxsi %%x, %s : index" % o], "index"),
        ("min", ["%%min = arith.minsi %%x, %s : index" % o], "index"),
        # Unsigned max and min of sizes (never negative) are max and min.
        ("umax", ["%%umax = arith.maxui %s, %%x : index" % o], "index"),
        ("umin", ["%%umin = arith.minui %s, %%x : index" % o], "index"),
        # select(x < o, x, o) is min(x, o); the same with the comparison's
        # operands in the other order, and with an unsigned predicate.
        ("sel", ["%%lt = arith.cmpi slt, %%x, %s : index" % o,
                 "%%sel = arith.select %%lt, %%x, %s : index" % o], "index"),
        ("selswap", ["%%gt = arith.cmpi sgt, %%x, %s : index" % o,
                     "%%selswap = arith.select %%gt, %s, %%x : index" % o],
         "index"),
        ("selu", ["%%ult = arith.cmpi ult, %%x, %s : index" % o,
                  "%%selu = arith.select %%ult, %s, %%x : index" % o],
         "index"),
        ("le", ["%%le = arith.cmpi sle, %%x, %s : index" % o], "i1"),
        # A crop of %t clamped to the other size: x when x <= o.
        ("d", ["%%clamp = arith.minsi %s, %%x : index" % o,
               "%s = tensor.extract_slice %t[0] [%clamp] [1]"
               " : tensor<?xf32> to tensor<?xf32>",
               "%d = tensor.dim %s, %c0 : tensor<?xf32>"], "index"),
    ]


USE_TYPES = [t for _, _, t in uses("%y")]


def emit_case(c, out):
    decided = c.le or c.ge
    out.append("// IR-LABEL: func.func @%s(" % c.name)
    out.append("// IR: cf.assert %{{.*}}, \"the fact\"")
    if decided:
        # Every max, min and select is gone; the second comparison is gone
        # where the fact decides it.
        for op in ("maxsi", "minsi", "maxui", "minui", "select"):
            out.append("// IR-NOT: arith.%s" % op)
        if c.le or c.gt:
            out.append("// IR-NOT: arith.cmpi")
    else:
        # Nothing is decided, but every spelling of max and min is seen as
        # one: the unsigned twins and the selects are the same maxsi and
        # minsi.
        unsigned_and_select = ["// IR-NOT: arith.%s" % op
                               for op in ("maxui", "minui", "select")]
        out.extend(unsigned_and_select)
        out.append("// IR-DAG: arith.maxsi")
        out.append("// IR-DAG: arith.minsi")
        out.append("// IR-DAG: arith.cmpi sle")
        out.extend(unsigned_and_select)
    out.append("// IR: return")
    out.append("func.func @%s(%%t: tensor<?xf32>, %%u: tensor<?xf32>)"
               " -> (%s) {" % (c.name, ", ".join(USE_TYPES)))
    out.append("  %c0 = arith.constant 0 : index")
    out.append("  %c1 = arith.constant 1 : index")
    out.append("  %c5 = arith.constant 5 : index")
    out.append("  %x = tensor.dim %t, %c0 : tensor<?xf32>")
    out.append("  %y = tensor.dim %u, %c0 : tensor<?xf32>")
    for line in c.fact_lines:
        out.append("  " + line)
    out.append('  cf.assert %f, "the fact"')
    names = []
    for name, lines, _ in uses(c.other):
        out.extend("  " + line for line in lines)
        names.append("%" + name)
    out.append("  return %s : %s" % (", ".join(names), ", ".join(USE_TYPES)))
    out.append("}")
    out.append("")


def emit_main(cases, out):
    out.append("func.func private @printI64(i64)")
    out.append("func.func private @printNewline()")
    out.append("func.func @show(%v: index) {")
    out.append("  %i = arith.index_cast %v : index to i64")
    out.append("  func.call @printI64(%i) : (i64) -> ()")
    out.append("  func.call @printNewline() : () -> ()")
    out.append("  return")
    out.append("}")
    out.append("func.func @main() {")
    sizes = sorted(set(SIZES + [5]))
    for s in sizes:
        out.append("  %%n%d = arith.constant %d : index" % (s, s))
        out.append("  %%t%d = tensor.empty(%%n%d) : tensor<?xf32>" % (s, s))
    n = len(USE_TYPES)
    k = 0
    for c in cases:
        for x, y in c.inputs:
            out.append("  %%r%d:%d = func.call @%s(%%t%d, %%t%d) : "
                       "(tensor<?xf32>, tensor<?xf32>) -> (%s)"
                       % (k, n, c.name, x, y, ", ".join(USE_TYPES)))
            for i, ty in enumerate(USE_TYPES):
                if ty == "i1":
                    out.append("  %%b%d = arith.extui %%r%d#%d : i1 to i64"
                               % (k, k, i))
                    out.append("  %%bi%d = arith.index_cast %%b%d : i64 to "
                               "index" % (k, k))
                    out.append("  func.call @show(%%bi%d) : (index) -> ()"
                               % k)
                else:
                    out.append("  func.call @show(%%r%d#%d) : (index) -> ()"
                               % (k, i))
            k += 1
    out.append("  return")
    out.append("}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()
    cases = pair_cases() + const_cases() + and_cases()
    out = ["// Generated by test/Inputs/fact_matrix.py: %d cases." %
           len(cases), ""]
    for c in cases:
        emit_case(c, out)
    emit_main(cases, out)
    print("\n".join(out))


if __name__ == "__main__":
    main()
