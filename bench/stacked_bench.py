#!/usr/bin/env python3
"""Benchmark: symshape-pipeline on many stacked transformer blocks, and what
its reports cost, against the upstream cleanup trio and parse+print measured
in the same run on the same input.

The input is N copies of one public function (by default
bench/inputs/gpt2_block.mlir, a torch-mlir-style GPT-2 block exported by
symshape.torch with batch and seq dynamic), renamed @forward_0 ...
@forward_{N-1}, in one module: the shape of a model whose blocks were
exported one by one. Each N is run (min of --repeat runs) through

  * parse+print: `symshape-opt IN`,
  * trio:        `mlir-opt -canonicalize -cse -int-range-optimizations IN`
                 (with the symshape plugin when --plugin is given; otherwise
                 --allow-unregistered-dialect),
  * pipeline:    `symshape-opt --symshape-pipeline IN`,
  * report:      `symshape-opt --symshape-pipeline=report IN` (the summary and
                 facts go to stderr, read and dropped),
  * explain:     `symshape-opt --symshape-pipeline=explain IN`,

and prints CPU seconds (user + sys of the command and its threads: the
pipeline analyses functions in parallel on the machine's cores, the trio
does not), net of the start-up (symshape-opt on an empty module), with the
ratios pipeline/trio, pipeline/parse, report/pipeline and explain/pipeline.

With --instructions it counts instructions instead (valgrind's callgrind,
every command with --mlir-disable-threading; one run each, since the count
repeats): the measure to use where other work shares the machine. Each
tool's own start-up (its run on an empty module) is subtracted.

With --no-verify-each every command runs with --verify-each=false: upstream
verifies the IR after each pass that changed it, so the pipeline, with more
passes, pays more of it than the trio; off for both, the ratios compare the
passes' own work (docs/Performance.md).

Usage:
  bench/stacked_bench.py [--blocks 1,4,16,64] [--input FILE] [--repeat 3]
      [--symshape-opt PATH] [--mlir-opt PATH] [--plugin PATH] [--markdown]
      [--instructions] [--no-verify-each]
"""

import argparse
import os
import re
import shutil
import sys
import tempfile

from bench_util import CommandFailed, best, instructions

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def stacked(text, n):
    """The module of `text` with its public functions copied n times, each
    copy's functions renamed with a suffix _i (calls follow)."""
    body = text[text.index("module {") + len("module {"):text.rindex("}")]
    names = re.findall(r"func\.func (?:private )?@([\w.$-]+)", body)
    out = ["module {"]
    for i in range(n):
        copy = body
        for name in sorted(names, key=len, reverse=True):
            copy = re.sub(r"@%s\b" % re.escape(name), "@%s_%d" % (name, i), copy)
        out.append(copy)
    out.append("}")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--blocks", default="1,4,16,64")
    ap.add_argument("--input",
                    default=os.path.join(HERE, "inputs", "gpt2_block.mlir"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--symshape-opt",
                    default=os.path.join(ROOT, "build", "bin", "symshape-opt"))
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--plugin", default=None)
    ap.add_argument("--markdown", action="store_true")
    ap.add_argument("--no-verify-each", action="store_true",
                    help="run every command with --verify-each=false "
                    "(upstream's verification after each pass that changed "
                    "the IR off, for the pipeline and the trio alike)")
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions with callgrind instead of "
                    "timing (repeatable on a busy machine)")
    args = ap.parse_args()
    if args.instructions and not shutil.which("valgrind"):
        sys.exit("stacked_bench.py: --instructions needs valgrind "
                 "(apt-get install valgrind)")
    extra = ["--verify-each=false"] if args.no_verify_each else []

    def measure(cmd):
        cmd = cmd + extra
        try:
            return (instructions(cmd) if args.instructions
                    else best(cmd, args.repeat))
        except CommandFailed as e:
            print("stacked-bench: %s" % e, file=sys.stderr)
            return None
    if args.instructions:
        unit, fmt = "million instructions", lambda v: "%.0f" % (v / 1e6)
    else:
        unit, fmt = "s", lambda v: "%.3f" % v
    for tool in (args.symshape_opt, args.mlir_opt):
        if not shutil.which(tool):
            sys.exit("stacked_bench.py: no executable %s" % tool)
    text = open(args.input).read()
    opt = args.symshape_opt
    trio_base = [args.mlir_opt] + (
        ["--load-dialect-plugin=" + args.plugin] if args.plugin
        else ["--allow-unregistered-dialect"])
    with tempfile.TemporaryDirectory() as work:
        empty = os.path.join(work, "empty.mlir")
        with open(empty, "w") as f:
            f.write("module {}\n")
        startup = measure([opt, "--symshape-pipeline", empty])
        # Time: the one start-up of symshape-opt for every command (as
        # before); instructions: each tool's own.
        trio_startup = (measure(trio_base + ["-canonicalize", empty])
                        if args.instructions else startup)
        if startup is None or trio_startup is None:
            sys.exit("stacked_bench.py: a tool failed on an empty module")
        rows = []
        for n in [int(b) for b in args.blocks.split(",")]:
            path = os.path.join(work, "stacked-%d.mlir" % n)
            with open(path, "w") as f:
                f.write(stacked(text, n))
            lines = sum(1 for _ in open(path))
            cmds = {
                "parse": [opt, path, "-o", os.devnull],
                "trio": trio_base + ["-canonicalize", "-cse",
                                     "-int-range-optimizations", path,
                                     "-o", os.devnull],
                "pipeline": [opt, "--symshape-pipeline", path, "-o",
                             os.devnull],
                "report": [opt, "--symshape-pipeline=report", path, "-o",
                           os.devnull],
                "explain": [opt, "--symshape-pipeline=explain", path, "-o",
                            os.devnull],
            }
            t = {k: measure(c) for k, c in cmds.items()}
            floor = 1 if args.instructions else 1e-3
            net = {k: (None if v is None else
                       max(v - (trio_startup if k == "trio" else startup),
                           floor))
                   for k, v in t.items()}
            rows.append((n, lines, t, net))

    def ratio(a, b):
        return "-" if a is None or b is None else "%.2fx" % (a / b)

    note = ("; every command with --verify-each=false"
            if args.no_verify_each else "")
    u = "M" if args.instructions else "s"
    header = ("| blocks | lines | parse+print %s | trio %s | pipeline %s "
              "| report %s | explain %s | pipeline/trio | pipeline/parse "
              "| report/pipeline | explain/pipeline |" % ((u,) * 5))
    if args.instructions:
        print("stacked-bench: %s, %s (callgrind, one thread), start-up "
              "%s (symshape-opt) and %s (trio) subtracted from the ratios%s" % (
                  os.path.relpath(args.input, ROOT), unit, fmt(startup),
                  fmt(trio_startup), note))
    else:
        print("stacked-bench: %s, repeat %d, CPU seconds (user + sys), "
              "start-up %.3f s subtracted from the ratios%s" % (
                  os.path.relpath(args.input, ROOT), args.repeat, startup,
                  note))
    if args.markdown:
        print(header)
        print("| ---: " * 11 + "|")
    for n, lines, t, net in rows:
        cells = [str(n), str(lines)] + [
            "-" if t[k] is None else fmt(t[k])
            for k in ("parse", "trio", "pipeline", "report", "explain")] + [
            ratio(net["pipeline"], net["trio"]),
            ratio(net["pipeline"], net["parse"]),
            ratio(net["report"], net["pipeline"]),
            ratio(net["explain"], net["pipeline"])]
        if args.markdown:
            print("| " + " | ".join(cells) + " |")
        else:
            print("blocks=%s lines=%s parse %s trio %s pipeline %s report %s "
                  "explain %s | pipeline/trio %s pipeline/parse %s "
                  "report/pipeline %s explain/pipeline %s" % tuple(cells))
    return 0 if all(t[k] is not None for _, _, t, _ in rows for k in t) else 1


if __name__ == "__main__":
    sys.exit(main())
