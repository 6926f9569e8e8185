#!/usr/bin/env python3
"""Fuzzes the model zoo with random admissible shapes: for each draw, a
model of test/models/zoo_models.py, a shape drawn within its declared
ranges and divisors (the bounds themselves and 1 included, with a bias to
them), and a pipeline variant:

  * default   symshape-pipeline,
  * bind      symshape-pipeline{bind=<the drawn shape>} (every tensor
              static but the public signature),
  * profile   symshape-pipeline{profile=...} with the drawn shape as the
              optimized one, or one that is not (the generic version runs);

then lowers, runs under mlir-runner and compares with PyTorch eager
(rtol 1e-4, atol 1e-5 max|eager|). Each model is exported once. Prints one
line per draw and a closing "N draws, N failed"; exits 1 on a failure.

  PYTHONPATH=build/python_packages python3 test/fuzz/zoo_fuzz.py \
      --seed 1 --draws 20 [--models resnet18,gpt2_block]
"""

import argparse
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "test" / "models"))

import numpy as np  # noqa: E402
import torch  # noqa: E402

import zoo  # noqa: E402
import zoo_models  # noqa: E402
from symshape import torch as sst  # noqa: E402


def parse_spec(spec):
    ranges = {}
    for item in spec["ranges"]:
        name, _, values = item.partition("=")
        lo, hi, *div = (int(v) for v in values.split(":"))
        ranges[name] = (lo, hi, div[0] if div else 1)
    dims_text, _, dtype = spec["input"].partition(":")
    return dims_text.split(","), ranges, dtype


def export(spec):
    dims, ranges, dtype = parse_spec(spec)
    shape, dynamic = [], {}
    for i, d in enumerate(dims):
        if d.isdigit():
            shape.append(int(d))
        else:
            lo, hi, div = ranges[d]
            dynamic[i] = (d, lo, hi, div)
            shape.append(max(lo, 2))
    example = (torch.zeros(shape, dtype=torch.long) if dtype == "int64"
               else torch.randn(shape))
    model = spec["factory"]()
    return model, sst.export(model, [example], [dynamic])


def draw_value(rng, lo, hi, div):
    values = range(-(-lo // div) * div, hi + 1, div)
    pick = rng.random()
    if pick < 0.2:
        return values[0]
    if pick < 0.4:
        return values[-1]
    return values[rng.randrange(len(values))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--draws", type=int, default=10)
    ap.add_argument("--models", default=",".join(zoo_models.ZOO))
    args = ap.parse_args()
    rng = random.Random(args.seed)
    names = args.models.split(",")
    exported = {}
    failed = 0
    for index in range(args.draws):
        name = names[index % len(names)]
        spec = zoo_models.ZOO[name]
        if name not in exported:
            exported[name] = export(spec)
        model, text = exported[name]
        dims, ranges, dtype = parse_spec(spec)
        values = {n: draw_value(rng, *r) for n, r in ranges.items()}
        shape = [int(d) if d.isdigit() else values[d] for d in dims]
        variant = rng.choice(["default", "bind", "profile"])
        if variant == "default":
            options = ""
        elif variant == "bind":
            options = "{bind=" + ",".join(
                f"{n}={v}" for n, v in values.items()) + "}"
        else:
            parts = []
            for n, (lo, hi, div) in ranges.items():
                opt = values[n] if rng.random() < 0.5 else draw_value(
                    rng, lo, hi, div)
                parts.append(f"{n}:{lo}:{opt}:{hi}")
            options = "{profile=" + ",".join(parts) + "}"
        pipeline = f"builtin.module(symshape-pipeline{options})"
        gen = torch.Generator().manual_seed(index)
        x = (torch.randint(0, 97, shape, generator=gen) if dtype == "int64"
             else torch.randn(*shape, generator=gen))
        with torch.no_grad():
            want = model(x).numpy()
        try:
            (got,) = zoo.run_mlir(text, [x.numpy()], pipeline=pipeline)
            ok = got.shape == want.shape and np.allclose(
                got, want, rtol=1e-4, atol=1e-5 * float(np.abs(want).max()))
            detail = "" if ok else (
                f" max |diff| {np.abs(got - want).max()}"
                if got.shape == want.shape else f" shape {got.shape}")
        except Exception as error:  # noqa: BLE001 - reported as a failure
            ok, detail = False, f" {type(error).__name__}: {error}"[:400]
        failed += not ok
        print(f"{'ok' if ok else 'FAIL'} {name} {tuple(shape)} {variant}"
              f"{options}{detail}", flush=True)
    print(f"{args.draws} draws, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
