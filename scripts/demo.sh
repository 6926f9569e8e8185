#!/usr/bin/env bash
# The main job: installs what is missing, builds symshape, runs
# symshape-pipeline on the max-merge model in examples/, shows the symbolic
# facts it found and which max/min it decided (and why), and executes the
# result under mlir-runner next to the unprocessed program.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
configure_and_build symshape-opt >/dev/null

OPT="$SYMSHAPE_BUILD_DIR/bin/symshape-opt"
MODEL="${1:-$SYMSHAPE_ROOT/examples/max_merge.mlir}"
LLVM_BIN=/usr/lib/llvm-22/bin
LLVM_LIB=/usr/lib/llvm-22/lib
LOWER='builtin.module(one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},func.func(convert-linalg-to-loops),buffer-deallocation-pipeline,convert-bufferization-to-memref,expand-strided-metadata,lower-affine,arith-expand,convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts)'
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

run() {
  "$LLVM_BIN/mlir-opt" "$1" --pass-pipeline="$LOWER" |
    stdbuf -o0 "$LLVM_BIN/mlir-runner" -e main -entry-point-result=void \
      -shared-libs="$LLVM_LIB/libmlir_runner_utils.so,$LLVM_LIB/libmlir_c_runner_utils.so" |
    sed -e 's/base@ = 0x[0-9a-f]*//'
}

echo "== symshape demo: $MODEL"
echo
echo "-- Symbolic facts found by symshape-infer (symbols, ranges, dims):"
"$OPT" "$MODEL" --symshape-pipeline="report report-file=$WORK/report.txt explain" \
  --mlir-print-op-on-diagnostic=false -o "$WORK/after.mlir" 2>"$WORK/remarks.txt"
cat "$WORK/report.txt"
echo
echo "-- Which max/min symshape-simplify decided, and why:"
sed -n 's/^.*remark: /  /p' "$WORK/remarks.txt"
echo
echo "-- The model after symshape-pipeline (ordinary MLIR):"
sed -n '/func.func @max_merge/,/^  }/p' "$WORK/after.mlir"
echo
echo "-- Executed before and after, for each shape pair of @main:"
run "$MODEL" >"$WORK/before.txt"
run "$WORK/after.mlir" >"$WORK/after.txt"
cat "$WORK/after.txt"
if diff -q "$WORK/before.txt" "$WORK/after.txt" >/dev/null; then
  echo "   => identical numbers before and after symshape-pipeline"
else
  echo "   => DIFFERENT numbers before and after symshape-pipeline:"
  diff "$WORK/before.txt" "$WORK/after.txt" || true
  exit 1
fi
