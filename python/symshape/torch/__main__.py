"""Command line: export a torchvision model (by name) or a user's model
(``module:factory``) to MLIR with symbolic input dims.

    python3 -m symshape.torch resnet18 --input batch,3,height,width \\
        --range batch=1:64 --range height=32:512:8 --range width=32:512 \\
        -o model.mlir

Each ``--input`` lists one model input's dims, a number for a static dim and
a name for a dynamic one (the same name twice is one symbol), optionally
followed by ``:int64`` for an integer input (token ids). Each name needs a
``--range name=min:max[:multiple_of]``. The weights are random (seeded by
``--seed``) unless the factory loads its own.
"""

import argparse
import importlib
import json
import sys

import torch

from . import ExportError, export_with_report


def _model(spec):
    if ":" in spec:
        module_name, _, factory = spec.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError as error:
            raise ExportError(f"cannot import '{module_name}': {error}")
        fn = getattr(module, factory, None)
        if fn is None:
            raise ExportError(f"'{module_name}' has no '{factory}'")
        model = fn()
        if not isinstance(model, torch.nn.Module):
            raise ExportError(f"{spec}() returned {type(model).__name__}, "
                              f"not a torch.nn.Module")
        return model
    import torchvision
    fn = getattr(torchvision.models, spec, None)
    if fn is None or not callable(fn):
        raise ExportError(f"torchvision has no model '{spec}' (or give "
                          f"module:factory)")
    return fn(weights=None)


def _ranges(items):
    ranges = {}
    for item in items:
        name, eq, spec = item.partition("=")
        parts = spec.split(":")
        if not eq or len(parts) not in (2, 3):
            raise ExportError(f"--range {item!r}: expected "
                              f"name=min:max[:multiple_of]")
        try:
            values = [int(p) for p in parts]
        except ValueError:
            raise ExportError(f"--range {item!r}: min, max and multiple_of "
                              f"must be integers") from None
        ranges[name] = tuple(values)
    return ranges


def _inputs(specs, ranges):
    examples, dynamic, used = [], [], set()
    for spec in specs:
        dims_text, _, dtype_name = spec.partition(":")
        dtype = {"": torch.float32, "float32": torch.float32,
                 "int64": torch.int64}.get(dtype_name)
        if dtype is None:
            raise ExportError(f"--input {spec!r}: dtype must be float32 or "
                              f"int64")
        shape, dims = [], {}
        for index, dim in enumerate(dims_text.split(",")):
            dim = dim.strip()
            if dim.isdigit():
                shape.append(int(dim))
                continue
            if dim not in ranges:
                raise ExportError(f"--input {spec!r}: dim '{dim}' has no "
                                  f"--range {dim}=min:max")
            lo, hi, *div = ranges[dim]
            dims[index] = (dim, lo, hi, *div)
            used.add(dim)
            shape.append(max(lo, 2))
        examples.append(torch.zeros(shape, dtype=dtype) if dtype !=
                        torch.float32 else torch.randn(shape))
        dynamic.append(dims)
    unused = sorted(set(ranges) - used)
    if unused:
        raise ExportError(f"--range for {', '.join(unused)}, which no "
                          f"--input names")
    return examples, dynamic


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python3 -m symshape.torch",
        description="Export a PyTorch model to MLIR (func, arith, tensor, "
                    "linalg) with symbolic input dims for symshape-pipeline.")
    parser.add_argument("model", help="a torchvision model name (resnet18) "
                                      "or module:factory")
    parser.add_argument("--input", action="append", required=True,
                        metavar="DIMS[:DTYPE]",
                        help="one model input: its dims, numbers for static "
                             "and names for dynamic ones (batch,3,h,w)")
    parser.add_argument("--range", action="append", default=[],
                        metavar="NAME=MIN:MAX[:MULTIPLE_OF]",
                        help="the range (and divisor) of a dim name")
    parser.add_argument("-o", "--output", default="-",
                        help="the MLIR file (default: stdout)")
    parser.add_argument("--weights", choices=["resources", "arguments"],
                        default="resources",
                        help="weights as dense_resource constants "
                             "(default) or as function arguments")
    parser.add_argument("--func-name", default="forward",
                        help="the exported function's name")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed of the random weights (default 0)")
    parser.add_argument("--report", metavar="FILE",
                        help="write the export report (guards kept and "
                             "dropped, counts) as JSON ('-' for stderr)")
    args = parser.parse_args(argv)
    try:
        torch.manual_seed(args.seed)
        model = _model(args.model).eval()
        examples, dynamic = _inputs(args.input, _ranges(args.range))
        text, report = export_with_report(model, examples, dynamic,
                                          weights=args.weights,
                                          func_name=args.func_name)
    except ExportError as error:
        print(f"symshape.torch: error: {error}", file=sys.stderr)
        return 1
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as out:
            out.write(text)
    if args.report:
        data = json.dumps(report, indent=2, default=str)
        if args.report == "-":
            print(data, file=sys.stderr)
        else:
            with open(args.report, "w") as out:
                out.write(data + "\n")
    kept = sum(1 for g in report["guards"] if g["status"] == "kept")
    dropped = sum(1 for g in report["guards"] if g["status"] in
                  ("artifact", "implied"))
    print(f"symshape.torch: {args.model}: {report['nodes']} aten nodes, "
          f"{report['asserts']} checks emitted ({kept} trace guards kept, "
          f"{dropped} dropped)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
