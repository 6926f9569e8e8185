#!/usr/bin/env python3
"""Benchmark: the symshape engine from Python (through the bindings, Python
call overhead included) against sympy, on the corpus of
bench/engine_vs_sympy.py, measured in one run.

For every case each side starts from the same input and does the whole job
in Python: declare the symbols with their facts (sizes, ranges, divisors),
build the expression, simplify it with the facts and bound it.

  * symshape, parse: `Symbol(...)` with range and multiple_of, the text read
    by `symshape.expr.parse`, `simplify(facts)` and `range(facts)` with a
    fresh `Facts()` per case;
  * symshape, operators: the same, the expression built node by node with
    Python operators (`+`, `*`, `//`, `%`, `smax`, ...) from a tree;
  * sympy: symbols declared integer and non-negative, a divisor d written as
    s = d * k, the expression built node by node from the same tree
    (floor, ceiling, Mod, Max, Min), then `sympy.expand` (the cheap
    canonicalization) or `sympy.simplify`, and bounds by substituting
    `AccumBounds` for every symbol.

The tree is the engine's canonical form of the case's text, read once before
timing. Each symshape pass uses new symbol names, so that every pass builds
new expressions (a cold expression store); the median pass is reported.
Prints the time per case of each and the ratios; with --update-docs, writes
them into docs/Performance.md and docs/Python.md.

Usage: python_engine_bench.py [--build BUILD] [--cases N] [--seed S]
           [--passes P] [--update-docs]

The symshape package is taken from PYTHONPATH, else from BUILD/python_packages
(default BUILD: build).
"""

import argparse
import os
import re
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # no __pycache__ in bench/
sys.path.insert(0, os.path.join(ROOT, "bench"))
from engine_vs_sympy import SYMPY_FUNCTIONS, make_corpus  # noqa: E402

import sympy  # noqa: E402
from sympy.calculus.util import AccumBounds  # noqa: E402

E = None  # symshape.expr, imported by main()


def import_symshape(build):
    global E
    try:
        import symshape  # noqa: F401
    except ModuleNotFoundError:
        sys.path.insert(0, os.path.join(os.path.abspath(build),
                                        "python_packages"))
    from symshape import expr
    E = expr


def parse_facts(facts):
    """[(lo, hi or None, divisor)] of a case's "size:lo:hi:div" specs."""
    specs = []
    for spec in facts.split():
        _, lo, hi, div = spec.split(":")
        specs.append((int(lo), None if hi == "inf" else int(hi), int(div)))
    return specs


def to_tree(e):
    """The expression as nested tuples (the input both sides build from)."""
    kind = e.kind
    if kind == "constant":
        return ("int", e.value)
    if kind == "symbol":
        return ("sym", int(e.name[1:].split("_")[0]))
    if kind == "add":
        return ("add", [(c, to_tree(t)) for c, t in
                        zip(e.coefficients, e.operands)], e.constant_term)
    if kind in ("mul", "max", "min"):
        return (kind, [to_tree(t) for t in e.operands])
    a, b = e.operands
    return (kind, to_tree(a), to_tree(b))


def build(tree, syms, ops):
    """Builds `tree` over `syms` with the operations of one side."""
    kind = tree[0]
    if kind == "int":
        return ops["int"](tree[1])
    if kind == "sym":
        return syms[tree[1]]
    if kind == "add":
        r = ops["int"](tree[2])
        for c, t in tree[1]:
            r = r + c * build(t, syms, ops)
        return r
    if kind == "mul":
        r = build(tree[1][0], syms, ops)
        for t in tree[1][1:]:
            r = r * build(t, syms, ops)
        return r
    if kind in ("max", "min"):
        return ops[kind](*[build(t, syms, ops) for t in tree[1]])
    return ops[kind](build(tree[1], syms, ops), build(tree[2], syms, ops))


def engine_ops():
    return {
        "int": lambda v: v,
        "floordiv": lambda a, b: a // b,
        "ceildiv": E.ceildiv,
        "mod": lambda a, b: a % b,
        "max": E.smax,
        "min": E.smin,
    }


SYMPY_OPS = {"int": sympy.Integer, **SYMPY_FUNCTIONS}


def engine_symbols(specs, tag):
    return [E.Symbol(f"s{i}{tag}", range=(lo, hi), multiple_of=div)
            for i, (lo, hi, div) in enumerate(specs)]


def time_engine_parse(cases, tag):
    start = time.perf_counter()
    for specs, text, _ in cases:
        syms = engine_symbols(specs, tag)
        e = E.parse(text, syms)
        facts = E.Facts()
        e.simplify(facts)
        e.range(facts)
    return (time.perf_counter() - start) / len(cases)


def time_engine_operators(cases, tag):
    ops = engine_ops()
    start = time.perf_counter()
    for specs, _, tree in cases:
        syms = engine_symbols(specs, tag)
        e = build(tree, syms, ops)
        if not isinstance(e, E.Expr):
            e = E.constant(e)
        facts = E.Facts()
        e.simplify(facts)
        e.range(facts)
    return (time.perf_counter() - start) / len(cases)


def sympy_case(specs, tree, simplifier, tag):
    symbols, bounds = [], {}
    for i, (lo, hi, div) in enumerate(specs):
        top = sympy.oo if hi is None else hi
        if div > 1:
            k = sympy.Symbol(f"k{i}{tag}", integer=True, nonnegative=True)
            symbols.append(div * k)
            bounds[k] = AccumBounds(-(-lo // div),
                                    top if hi is None else hi // div)
        else:
            s = sympy.Symbol(f"s{i}{tag}", integer=True, nonnegative=True)
            symbols.append(s)
            bounds[s] = AccumBounds(lo, top)
    e = build(tree, symbols, SYMPY_OPS)
    simplifier(e)
    try:
        e.subs(bounds)
    except Exception:  # sympy cannot bound every expression
        pass


def time_sympy(cases, simplifier, tag):
    start = time.perf_counter()
    for specs, _, tree in cases:
        sympy_case(specs, tree, simplifier, tag)
    return (time.perf_counter() - start) / len(cases)


def update_block(path, name, block):
    with open(path) as f:
        doc = f.read()
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    if begin not in doc:
        raise SystemExit(f"{path} has no {begin} marker")
    doc = re.sub(re.escape(begin) + ".*?" + re.escape(end),
                 lambda _: "\n".join([begin, block, end]), doc, flags=re.S)
    with open(path, "w") as f:
        f.write(doc)
    print(f"updated {path}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"),
                    help="the build tree whose python_packages to use")
    ap.add_argument("--cases", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--passes", type=int, default=7,
                    help="symshape passes over the corpus (median reported)")
    ap.add_argument("--update-docs", action="store_true")
    args = ap.parse_args()
    import_symshape(args.build)

    cases = []
    for facts, text in make_corpus(args.cases, args.seed):
        specs = parse_facts(facts)
        canonical = E.parse(text, engine_symbols(specs, "_tree"))
        cases.append((specs, text, to_tree(canonical)))

    parse_times = [time_engine_parse(cases, f"_p{p}")
                   for p in range(args.passes)]
    op_times = [time_engine_operators(cases, f"_o{p}")
                for p in range(args.passes)]
    engine_parse = statistics.median(parse_times)
    engine_ops_t = statistics.median(op_times)
    sympy.simplify(sympy.Symbol("warm") + 1)  # import-time caches
    sym_expand = time_sympy(cases, sympy.expand, "_x")
    sym_simplify = time_sympy(cases, sympy.simplify, "_y")

    rows = [
        ("symshape from Python: parse + simplify + range", engine_parse),
        ("symshape from Python: operators + simplify + range", engine_ops_t),
        ("sympy: operators + expand + AccumBounds", sym_expand),
        ("sympy: operators + simplify + AccumBounds", sym_simplify),
    ]
    # Ratios to the slower of the two symshape rows.
    engine = max(engine_parse, engine_ops_t)
    table = ["| engine | time per case | ratio to symshape |",
             "| --- | ---: | ---: |"]
    for name, t in rows:
        r = t / engine
        table.append(f"| {name} | {t * 1e6:.1f} us | "
                     f"{r:.1f}x |" if r < 10 else
                     f"| {name} | {t * 1e6:.1f} us | {r:.0f}x |")
    ratio = sym_expand / engine
    summary = (
        f"Corpus: {len(cases)} cases of bench/engine_vs_sympy.py (seed "
        f"{args.seed}). symshape: median of {args.passes} passes, each "
        f"with new symbols (a cold expression store) and a fresh Facts per "
        f"case. sympy {sympy.__version__}, Python "
        f"{sys.version.split()[0]}. The engine from Python is "
        f"{ratio:.0f}x faster than sympy's cheapest path (expand), "
        f"{sym_simplify / engine:.0f}x faster than "
        f"sympy.simplify.")
    print("\n".join(table))
    print()
    print(summary)
    status = 0
    if ratio < 100:
        print(f"below the goal of 100x: {ratio:.0f}x")
        status = 1
    if args.update_docs:
        block = "\n".join(table) + "\n\n" + summary
        update_block(os.path.join(ROOT, "docs", "Performance.md"),
                     "python-engine-bench", block)
        update_block(os.path.join(ROOT, "docs", "Python.md"),
                     "python-engine-bench", block)
    return status


if __name__ == "__main__":
    sys.exit(main())
