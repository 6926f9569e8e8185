#!/usr/bin/env python3
"""What `--symshape-simplify` costs per size expression, through the pass.

Generates modules of N functions, each computing one size expression from
two named dims with ranges (add, mul, floordiv, max, min: six index ops),
and times `symshape-opt --symshape-simplify` against parse+print
(`symshape-opt` alone) on the same module in the same run: the difference
divided by N is the cost per expression. As a reference measured in the
same run, sympy simplifies the same expression (a sample of the functions;
Debian's python3-sympy). Prints a table (markdown with --markdown).

Usage: simplify_per_expr.py --symshape-opt BIN [--sizes 3000,12000]
       [--sympy-sample 200] [--markdown]
"""

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time


def gen(n, seed=1):
    rng = random.Random(seed)
    out = []
    for f in range(n):
        lo, hi = rng.randint(1, 8), rng.randint(16, 64)
        k, c, d = rng.randint(2, 8), rng.randint(1, 16), rng.choice([2, 4, 8])
        out.append(f"""func.func @f{f}(%x: tensor<?x?xf32> {{symshape.dim_names = ["a{f}", "b{f}"], symshape.dim_ranges = [#symshape.range<[{lo}, {hi}]>, #symshape.range<[{lo}, {hi}]>]}}) -> index {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant {k} : index
  %c = arith.constant {c} : index
  %d = arith.constant {d} : index
  %a = tensor.dim %x, %c0 : tensor<?x?xf32>
  %b = tensor.dim %x, %c1 : tensor<?x?xf32>
  %s = arith.addi %a, %c : index
  %m = arith.muli %s, %d : index
  %q = arith.floordivsi %m, %d : index
  %mx = arith.maxsi %q, %a : index
  %mn = arith.minsi %mx, %b : index
  %r = arith.addi %mn, %k : index
  return %r : index
}}""")
    return "\n".join(out) + "\n", rng


def run(cmd):
    t = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if r.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{r.stderr.decode()[:2000]}")
    return time.perf_counter() - t


def sympy_per_expr(sample, seed=1):
    import sympy
    rng = random.Random(seed)
    t = 0.0
    for _ in range(sample):
        lo, hi = rng.randint(1, 8), rng.randint(16, 64)
        k, c, d = rng.randint(2, 8), rng.randint(1, 16), rng.choice([2, 4, 8])
        a = sympy.Symbol("a", integer=True, positive=True)
        b = sympy.Symbol("b", integer=True, positive=True)
        start = time.perf_counter()
        e = sympy.Min(sympy.Max(sympy.floor((a + c) * d / d), a), b) + k
        sympy.simplify(e)
        t += time.perf_counter() - start
    return t / sample


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--symshape-opt", required=True)
    ap.add_argument("--sizes", default="3000,12000")
    ap.add_argument("--sympy-sample", type=int, default=200)
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in [int(x) for x in args.sizes.split(",")]:
            text, _ = gen(n)
            path = os.path.join(tmp, f"exprs{n}.mlir")
            with open(path, "w") as f:
                f.write(text)
            parse = min(run([args.symshape_opt, path, "-o", os.devnull])
                        for _ in range(2))
            simplify = min(run([args.symshape_opt, path, "-o", os.devnull,
                                "--symshape-simplify"]) for _ in range(2))
            rows.append((n, parse, simplify, (simplify - parse) / n * 1e6))
    sympy_us = sympy_per_expr(args.sympy_sample) * 1e6
    if args.markdown:
        print("| functions | parse+print s | simplify s | us per expression "
              "| sympy us per expression | sympy / symshape |")
        print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    for n, parse, simplify, us in rows:
        ratio = sympy_us / us if us > 0 else float("inf")
        if args.markdown:
            print(f"| {n} | {parse:.3f} | {simplify:.3f} | {us:.0f} | "
                  f"{sympy_us:.0f} | {ratio:.0f}x |")
        else:
            print(f"{n} functions: parse+print {parse:.3f} s, simplify "
                  f"{simplify:.3f} s, {us:.0f} us per expression; sympy "
                  f"{sympy_us:.0f} us per expression ({ratio:.0f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
