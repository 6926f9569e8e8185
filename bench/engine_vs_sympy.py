#!/usr/bin/env python3
"""Benchmark: the symshape engine against sympy (the engine PyTorch uses) on
the same corpus of symbolic size expressions, measured in one run.

For every case of a seeded corpus, each engine builds the expression from
text, simplifies it with the facts (sizes, ranges, divisors) and bounds it:

  * symshape: `symshape-engine-bench` (C++): parse, Solver::simplify,
    Solver::getRange; the corpus is run several times, each time in a fresh
    expression store;
  * sympy: symbols declared integer and non-negative for sizes, a divisor d
    written as s = d * k, the expression read by the engine's parser and
    built in sympy (`symshape.sympy.to_sympy`), then `sympy.simplify` (the
    general simplifier) or `sympy.expand` (the cheap canonicalization), and
    bounds by substituting `AccumBounds` for every symbol (what sympy offers
    for ranges).

Prints the time per case of each and the ratios; with --update-docs, writes
them into docs/Performance.md.

Usage: engine_vs_sympy.py --bench BUILD/bin/symshape-engine-bench
           [--cases N] [--seed S] [--update-docs]

The symshape Python package is taken from PYTHONPATH, else from BUILD's
python_packages (ninja -C BUILD symshape-python).
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

import sympy  # noqa: E402
from sympy.calculus.util import AccumBounds  # noqa: E402

# symshape.expr and symshape.sympy, imported by import_symshape().
sym_expr = sym_bridge = None

# The examples of docs/Dialect.md lead the corpus.
FIXED = [
    ("size:0:inf:1", "max(s0, s0 + 1)"),
    ("size:0:inf:1 size:0:inf:1 size:0:inf:1", "min(s0, max(s0, s2))"),
    ("size:0:inf:1", "((5 * s0) * 7) floordiv 5"),
    ("size:0:inf:1", "(2 * s0 + 1) floordiv 2"),
    ("size:0:inf:1", "(4 * s0) mod 4"),
    ("size:1:10:1", "min(s0, 10)"),
    ("size:1:inf:1", "min(128 * s0, 512 * s0)"),
    ("size:1:16:1", "16 - s0"),
    ("size:2:10:1 size:2:10:1", "s0 * s1"),
    ("size:0:inf:8", "s0 mod 4 + (s0 floordiv 8) * 8"),
]


def random_expr(rng, nsym, depth):
    if depth == 0 or rng.random() < 0.25:
        if rng.random() < 0.35:
            return str(rng.randint(1, 9))
        return f"s{rng.randrange(nsym)}"
    a = random_expr(rng, nsym, depth - 1)
    b = random_expr(rng, nsym, depth - 1)
    k = rng.choice([2, 3, 4, 8])
    choice = rng.randrange(9)
    if choice < 2:
        return f"({a} + {b})"
    if choice == 2:
        return f"({a} - {b})"
    if choice == 3:
        return f"({a} * {rng.randint(2, 7)})"
    if choice == 4:
        return f"({a} floordiv {k})"
    if choice == 5:
        return f"({a} ceildiv {k})"
    if choice == 6:
        return f"({a} mod {k})"
    if choice == 7:
        return f"max({a}, {b})"
    return f"min({a}, {b})"


def make_corpus(n, seed):
    rng = random.Random(seed)
    cases = list(FIXED)
    while len(cases) < n:
        nsym = rng.randint(1, 3)
        facts = []
        for _ in range(nsym):
            lo = rng.randint(0, 4)
            hi = "inf" if rng.random() < 0.4 else str(lo + rng.randint(1, 64))
            div = rng.choice([1, 1, 1, 2, 4, 8])
            if hi != "inf" and (int(hi) // div) * div < lo:
                div = 1
            facts.append(f"size:{lo}:{hi}:{div}")
        cases.append((" ".join(facts), random_expr(rng, nsym, 3)))
    return cases[:n]


def import_symshape(bench):
    """symshape from PYTHONPATH, else from the python_packages of the build
    that `bench` (BUILD/bin/symshape-engine-bench) belongs to."""
    global sym_expr, sym_bridge
    try:
        import symshape  # noqa: F401
    except ModuleNotFoundError:
        build = os.path.dirname(os.path.dirname(os.path.abspath(bench)))
        sys.path.insert(0, os.path.join(build, "python_packages"))
    from symshape import expr
    from symshape import sympy as bridge
    sym_expr, sym_bridge = expr, bridge


# The textual syntax's operations in sympy.
SYMPY_FUNCTIONS = {
    "floordiv": lambda a, b: sympy.floor(a / b),
    "ceildiv": lambda a, b: sympy.ceiling(a / b),
    "mod": sympy.Mod,
    "max": sympy.Max,
    "min": sympy.Min,
}


def to_sympy(text, symbols):
    """The sympy expression of `text`, s<i> being symbols[i]: read by the
    engine's parser, built in sympy."""
    e = sym_expr.parse(text)  # s<i> is the symbol named "s<i>"
    names = {f"s{i}": s for i, s in enumerate(symbols)}
    return sym_bridge.to_sympy(e, symbols=names, functions=SYMPY_FUNCTIONS)


def sympy_case(facts, text, simplifier):
    symbols, bounds = [], {}
    for i, spec in enumerate(facts.split()):
        _, lo, hi, div = spec.split(":")
        div = int(div)
        if div > 1:
            k = sympy.Symbol(f"k{i}", integer=True, nonnegative=True)
            symbols.append(div * k)
            lo_k = -(-int(lo) // div)
            hi_k = sympy.oo if hi == "inf" else int(hi) // div
            bounds[k] = AccumBounds(lo_k, hi_k)
        else:
            s = sympy.Symbol(f"s{i}", integer=True, nonnegative=True)
            symbols.append(s)
            bounds[s] = AccumBounds(int(lo),
                                    sympy.oo if hi == "inf" else int(hi))
    e = to_sympy(text, symbols)
    simplified = simplifier(e)
    try:
        bound = e.subs(bounds)
    except Exception:  # sympy cannot bound every expression
        bound = None
    return simplified, bound


def time_sympy(cases, simplifier):
    sympy.simplify(sympy.Symbol("warm") + 1)  # import-time caches
    start = time.perf_counter()
    for facts, text in cases:
        sympy_case(facts, text, simplifier)
    return (time.perf_counter() - start) / len(cases)


def time_engine(bench, cases, repetitions):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        for facts, text in cases:
            f.write(f"{facts} | {text}\n")
        path = f.name
    try:
        proc = subprocess.run(
            [bench, path, f"--repetitions={repetitions}"],
            check=True, capture_output=True, text=True)
    finally:
        os.unlink(path)
    m = re.search(r"seconds-per-case ([0-9.eE+-]+)", proc.stderr)
    return float(m.group(1)), proc.stdout.splitlines()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bench", required=True,
                    help="path of the symshape-engine-bench binary")
    ap.add_argument("--cases", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repetitions", type=int, default=50)
    ap.add_argument("--update-docs", action="store_true")
    args = ap.parse_args()

    import_symshape(args.bench)
    cases = make_corpus(args.cases, args.seed)
    engine, results = time_engine(args.bench, cases, args.repetitions)
    sym_simplify = time_sympy(cases, sympy.simplify)
    sym_expand = time_sympy(cases, sympy.expand)

    rows = [
        ("symshape engine (parse + simplify + range)", engine, 1.0),
        ("sympy (build + simplify + AccumBounds)", sym_simplify,
         sym_simplify / engine),
        ("sympy (build + expand + AccumBounds)", sym_expand,
         sym_expand / engine),
    ]
    table = ["| engine | time per case | ratio to symshape |",
             "| --- | ---: | ---: |"]
    for name, t, ratio in rows:
        table.append(f"| {name} | {t * 1e6:.1f} us | {ratio:.0f}x |")
    summary = (f"Corpus: {len(cases)} cases (seed {args.seed}; the examples "
               f"of docs/Dialect.md and random expressions of depth 3 over "
               f"1-3 size symbols with ranges and divisors). symshape: "
               f"{args.repetitions} passes, each in a fresh expression store. "
               f"sympy {sympy.__version__}, Python "
               f"{sys.version.split()[0]}.")
    print("\n".join(table))
    print()
    print(summary)
    for (facts, text), r in list(zip(cases, results))[:len(FIXED)]:
        print(f"  {text}  [{facts}]  ->  {r}")

    if args.update_docs:
        path = os.path.join(ROOT, "docs", "Performance.md")
        with open(path) as f:
            doc = f.read()
        begin, end = "<!-- engine-vs-sympy:begin -->", "<!-- engine-vs-sympy:end -->"
        block = "\n".join([begin, "\n".join(table), "", summary, end])
        doc = re.sub(re.escape(begin) + ".*?" + re.escape(end), block, doc,
                     flags=re.S)
        with open(path, "w") as f:
            f.write(doc)
        print(f"updated {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
