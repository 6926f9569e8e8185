"""Runs exported models under mlir-runner and compares them with eager.

``run_mlir(text, inputs, ...)`` appends a ``main`` that calls the exported
function on the given arrays and prints each result with printMemrefF32,
optionally runs ``symshape-pipeline`` first, lowers with the standard CPU
pipeline of the end-to-end tests and returns the results as numpy arrays.
"""

import os
import pathlib
import re
import subprocess
import tempfile

import numpy as np

LLVM = pathlib.Path("/usr/lib/llvm-22")
LOWER = ("builtin.module(one-shot-bufferize{bufferize-function-boundaries "
         "function-boundary-type-conversion=identity-layout-map},"
         "func.func(convert-linalg-to-loops),buffer-deallocation-pipeline,"
         "convert-bufferization-to-memref,expand-strided-metadata,"
         "lower-affine,arith-expand,convert-math-to-libm,convert-scf-to-cf,"
         "convert-to-llvm,reconcile-unrealized-casts)")


def _dense(array):
    elem = {"float32": "f32", "int64": "i64", "bool": "i1"}[str(array.dtype)]
    shape = "x".join(map(str, array.shape))
    ttype = f"tensor<{shape}x{elem}>" if array.ndim else f"tensor<{elem}>"
    flat = array.reshape(-1)
    if elem == "f32":
        text = ", ".join(repr(float(v)) if np.isfinite(v) else
                         ("0x7F800000" if v > 0 else "0xFF800000")
                         for v in flat)
    elif elem == "i1":
        text = ", ".join("true" if v else "false" for v in flat)
    else:
        text = ", ".join(str(int(v)) for v in flat)
    return f"dense<[{text}]>", ttype, elem


def _signature(text, func):
    head = re.search(r"func\.func @" + func + r"\((.*?)\) -> (.*?) \{\n",
                     text)
    if not head:
        raise RuntimeError(f"no function @{func} in the module")
    args = re.findall(r"%\w+: (tensor<[^>]*>)", head.group(1))
    results = re.findall(r"tensor<[^>]*>", head.group(2))
    return args, results


def add_main(text, inputs, func="forward"):
    arg_types, result_types = _signature(text, func)
    lines = ["  func.func private @printMemrefF32(tensor<*xf32>)",
             "  func.func @main() {"]
    names = []
    for i, (array, want) in enumerate(zip(inputs, arg_types)):
        value, ttype, _ = _dense(np.ascontiguousarray(array))
        flat = f"tensor<{array.size}x{ttype[7:].split('x')[-1]}"
        lines.append(f"    %in{i}f = arith.constant {value} : {flat}")
        shape = ", ".join(str(d) for d in array.shape)
        lines.append(f"    %in{i}s = tensor.expand_shape %in{i}f "
                     f"[[{', '.join(str(d) for d in range(array.ndim))}]] "
                     f"output_shape [{shape}] : {flat} into {ttype}"
                     if array.ndim != 1 else
                     f"    %in{i}s = tensor.cast %in{i}f : {flat} to {ttype}")
        lines.append(f"    %in{i} = tensor.cast %in{i}s : {ttype} to {want}")
        names.append(f"%in{i}")
    results = ", ".join(f"%r{i}" for i in range(len(result_types)))
    lines.append(f"    {results} = call @{func}({', '.join(names)}) : "
                 f"({', '.join(arg_types)}) -> ({', '.join(result_types)})")
    for i, rtype in enumerate(result_types):
        lines.append(f"    %u{i} = tensor.cast %r{i} : {rtype} to "
                     f"tensor<*xf32>")
        lines.append(f"    call @printMemrefF32(%u{i}) : (tensor<*xf32>) -> "
                     f"()")
    lines.append("    return")
    lines.append("  }")
    at = text.index("\n}\n")
    return text[:at] + "\n" + "\n".join(lines) + text[at:]


def _parse(output):
    results = []
    for block in output.split("Unranked Memref")[1:]:
        sizes = [int(s) for s in re.search(r"sizes = \[([^\]]*)\]",
                                           block).group(1).split(",") if s]
        data = block.split("data =", 1)[1]
        numbers = re.findall(r"-?(?:nan|inf|\d+(?:\.\d*)?(?:e[-+]?\d+)?)",
                             data)
        results.append(np.array([float(v) for v in numbers],
                                dtype=np.float64).reshape(sizes))
    return results


def symshape_opt():
    build = pathlib.Path(os.environ.get(
        "SYMSHAPE_BUILD_DIR",
        pathlib.Path(__file__).resolve().parents[2] / "build"))
    return str(build / "bin" / "symshape-opt")


def run_mlir(text, inputs, pipeline=None, func="forward", timeout=900):
    """Runs ``text`` (optionally through ``symshape-opt --pass-pipeline``
    ``pipeline`` first) on ``inputs``; returns the list of results."""
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp) / "model.mlir"
        src.write_text(text)
        if pipeline:
            out = pathlib.Path(tmp) / "opt.mlir"
            subprocess.run([symshape_opt(), str(src), "-o", str(out),
                            f"--pass-pipeline={pipeline}"], check=True,
                           capture_output=True, text=True, timeout=timeout)
            text = out.read_text()
        # Stock mlir-opt does not know symshape's argument attributes.
        text = re.sub(r" \{symshape\.dim_names = [^{}]*\}", "", text)
        main = pathlib.Path(tmp) / "main.mlir"
        main.write_text(add_main(text, inputs, func))
        lowered = pathlib.Path(tmp) / "low.mlir"
        low = subprocess.run([str(LLVM / "bin" / "mlir-opt"), str(main),
                              "-o", str(lowered),
                              f"--pass-pipeline={LOWER}"],
                             capture_output=True, text=True, timeout=timeout)
        if low.returncode != 0:
            raise RuntimeError(f"lowering failed:\n{low.stderr[-3000:]}")
        libs = ",".join(str(LLVM / "lib" / f) for f in (
            "libmlir_runner_utils.so", "libmlir_c_runner_utils.so"))
        # Unbuffered: a failing cf.assert prints its message, then aborts.
        run = subprocess.run(["stdbuf", "-o0",
                              str(LLVM / "bin" / "mlir-runner"), "-e",
                              "main", "-entry-point-result=void",
                              f"-shared-libs={libs}", str(lowered)],
                             capture_output=True, text=True, timeout=timeout)
        if run.returncode != 0:
            raise RuntimeError(f"mlir-runner failed ({run.returncode}):\n"
                               f"{run.stdout[-2000:]}{run.stderr[-2000:]}")
        return _parse(run.stdout)
