#!/usr/bin/env python3
"""Benchmark and census of real models: each model of the zoo (test/models)
and a few torchvision networks no test names is exported with
symshape.torch, then measured in one run against references on the same
input:

  * parse+print: `symshape-opt IN` (no pass),
  * trio:        `mlir-opt -canonicalize -cse -int-range-optimizations IN`
                 (the symshape dialect plugin loaded to parse the argument
                 attributes),
  * pipeline:    `symshape-opt --pass-pipeline=builtin.module(
                 symshape-pipeline)`,

as CPU time (user + sys of the child: the pipeline analyses functions on
both cores, the trio on one), the minimum of --repeat runs. It also counts,
per model: aten nodes, the checks the frontend emitted (cf.assert) and how
many the pipeline removed by proof, the trace guards kept and dropped, the
dynamic (`?`) dims in the types of the input and the output module, and the copies the
pipeline introduced (tensor.generate gathers of symshape-repair-reshapes).

Weights are random (seeded); the numbers are for docs/Models.md, not a
test. Usage:

  PYTHONPATH=build/python_packages python3 bench/model_zoo.py \
      [--repeat 3] [--models resnet18,gpt2_block,...] [--markdown]
"""

import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "test" / "models"))

import torch  # noqa: E402
import torchvision  # noqa: E402

import zoo_models  # noqa: E402
from bench_util import best  # noqa: E402
from symshape import torch as sst  # noqa: E402

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"


def _dynamic(spec):
    """dynamic_shapes and an example input from a zoo entry's CLI
    spelling."""
    ranges = {}
    for item in spec["ranges"]:
        name, _, values = item.partition("=")
        ranges[name] = tuple(int(v) for v in values.split(":"))
    dims_text, _, dtype = spec["input"].partition(":")
    dims, shape = {}, []
    for i, d in enumerate(dims_text.split(",")):
        if d.isdigit():
            shape.append(int(d))
        else:
            lo, hi, *div = ranges[d]
            dims[i] = (d, lo, hi, *div)
            shape.append(max(lo, 2))
    example = (torch.zeros(shape, dtype=torch.long) if dtype == "int64"
               else torch.randn(shape))
    return [example], [dims]


def _unseen(name):
    def factory():
        torch.manual_seed(0)
        return getattr(torchvision.models, name)(weights=None).eval()
    factory.__name__ = name
    return dict(factory=factory, input="batch,3,height,width",
                ranges=["batch=1:4", "height=64:128", "width=64:128"])


MODELS = dict(zoo_models.ZOO)
for _name in ("shufflenet_v2_x0_5", "mnasnet0_5", "efficientnet_b0",
              "regnet_x_400mf", "densenet121"):
    MODELS[_name] = _unseen(_name)


def census(name, spec, args, workdir):
    model = spec["factory"]()
    examples, dynamic = _dynamic(spec)
    start = time.perf_counter()
    text, report = sst.export_with_report(model, examples, dynamic)
    export_seconds = time.perf_counter() - start
    src = pathlib.Path(workdir) / f"{name}.mlir"
    src.write_text(text)
    out = pathlib.Path(workdir) / f"{name}.opt.mlir"
    subprocess.run([args.symshape_opt, str(src), "-o", str(out),
                    "--pass-pipeline=builtin.module(symshape-pipeline)"],
                   check=True, capture_output=True)
    opt = out.read_text()
    plugin = [f"--load-dialect-plugin={args.plugin}"] if args.plugin else []
    parse = best([args.symshape_opt, str(src), "-o", os.devnull],
                 args.repeat)
    trio = best([MLIR_OPT, *plugin, "-canonicalize", "-cse",
                 "-int-range-optimizations", str(src), "-o", os.devnull],
                args.repeat)
    pipe = best([args.symshape_opt, str(src), "-o", os.devnull,
                 "--pass-pipeline=builtin.module(symshape-pipeline)"],
                args.repeat)
    kept_checks = [m for m in re.findall(r'cf\.assert %\w+, "([^"]*)"', opt)
                   if not m.startswith("symshape: ")]
    guards = report["guards"]

    def dynamic_dims(module):
        types = re.findall(r"tensor<([^>]*)>", module)
        return sum(d == "?" for t in types for d in t.split("x")[:-1])
    return dict(
        name=name,
        nodes=report["nodes"],
        ops=report["ops"],
        emitted=report["asserts"],
        removed=report["asserts"] - len(kept_checks),
        kept=len(kept_checks),
        guards_kept=sum(g["status"] == "kept" for g in guards),
        guards_dropped=sum(g["status"] in ("artifact", "implied")
                           for g in guards),
        dynamic_before=dynamic_dims(text),
        dynamic_after=dynamic_dims(opt),
        copies=opt.count("tensor.generate"),
        export=export_seconds, parse=parse, trio=trio, pipeline=pipe)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--symshape-opt",
                    default=str(ROOT / "build" / "bin" / "symshape-opt"))
    ap.add_argument("--plugin", default=None)
    args = ap.parse_args()
    if args.plugin is None:
        guess = pathlib.Path(args.symshape_opt).resolve().parents[1] / \
            "lib" / "SymShapePlugin.so"
        args.plugin = str(guess) if guess.exists() else ""
    rows = []
    with tempfile.TemporaryDirectory() as workdir:
        for name in args.models.split(","):
            rows.append(census(name, MODELS[name], args, workdir))
    print("| model | aten nodes | checks emitted / removed / kept | trace "
          "guards dropped / kept | `?` dims in / out | copies | export s "
          "| pipeline / trio | pipeline / parse+print |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        print(f"| {r['name']} | {r['nodes']} | {r['emitted']} / "
              f"{r['removed']} / {r['kept']} | {r['guards_dropped']} / "
              f"{r['guards_kept']} | {r['dynamic_before']} / "
              f"{r['dynamic_after']} | {r['copies']} | {r['export']:.1f} | "
              f"{r['pipeline']:.2f} s / {r['trio']:.2f} s = "
              f"{r['pipeline'] / r['trio']:.2f}x | "
              f"{r['pipeline'] / r['parse']:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
