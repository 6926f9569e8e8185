#!/usr/bin/env bash
# Builds symshape with AddressSanitizer + UndefinedBehaviorSanitizer (clang-22)
# and runs a part of the test suite under it. Installs what is missing
# (setup.sh's packages, plus clang-22 and libclang-rt-22-dev), configures the
# sanitizer build once and rebuilds only what changed. The last line printed
# is "N passed, N failed" (scripts/run-lit.py); the exit status is non-zero on
# failure.
#
# Usage: scripts/sanitize.sh [--all|--ci] [--no-build] [test paths...] [-- lit args...]
#   (default)   test/Analysis test/Unit test/IR test/Transforms/fold-reshape*
#               test/bad-input, and test/fuzz if present
#   --all       the whole suite
#   --ci        the default (what scripts/test.sh runs)
#   paths       tests or directories of the source tree (test/IR/apply.mlir)
#   --no-build  run the tests on the existing build as it is
#
# Environment: SYMSHAPE_SANITIZE_BUILD_DIR (default: build-asan),
# SYMSHAPE_SANITIZE (default: "address;undefined"; or address, undefined),
# SYMSHAPE_BUILD_TYPE (default: Release), SYMSHAPE_JOBS (default: all cores).
#
# What the sanitizer build is and which reports it must not hide: the
# SYMSHAPE_SANITIZE comment in CMakeLists.txt. Tests run with
#   ASAN_OPTIONS=allow_user_poisoning=0 (LLVM's inline BumpPtrAllocator
#     poisons slabs that the uninstrumented libMLIR.so then uses: a false
#     use-after-poison; heap, stack and global checks and leak detection stay)
#   UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# (lit passes these through; test/lit.cfg.py sets the same ones when the
# build is a sanitizer build).
set -euo pipefail

SYMSHAPE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SYMSHAPE_BUILD_DIR="${SYMSHAPE_SANITIZE_BUILD_DIR:-$SYMSHAPE_ROOT/build-asan}"
SYMSHAPE_SANITIZE="${SYMSHAPE_SANITIZE:-address;undefined}"
LIT=/usr/lib/llvm-22/bin/lit

all=0
build=1
paths=()
lit_args=()
while [ "$#" -gt 0 ]; do
  case "$1" in
    --all) all=1 ;;
    --ci) ;;
    --no-build) build=0 ;;
    --) shift; lit_args=("$@"); break ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "sanitize.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) paths+=("$1") ;;
  esac
  shift
done

# setup.sh installs its own package list and defines install_missing_packages;
# the sanitizer build needs clang-22 and its runtimes on top.
source "$SYMSHAPE_ROOT/scripts/setup.sh"
PACKAGES=(clang-22 libclang-rt-22-dev)
install_missing_packages

if [ "$build" -eq 1 ]; then
  if [ ! -f "$SYMSHAPE_BUILD_DIR/build.ninja" ]; then
    cmake -G Ninja -S "$SYMSHAPE_ROOT" -B "$SYMSHAPE_BUILD_DIR" \
      -DCMAKE_BUILD_TYPE="${SYMSHAPE_BUILD_TYPE:-Release}" \
      -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
      -DSYMSHAPE_SANITIZE="$SYMSHAPE_SANITIZE" -DSYMSHAPE_BUILD_FUZZERS=ON \
      -DPython3_EXECUTABLE=/usr/bin/python3 >/dev/null
  fi
  build_targets=(symshape-test-deps symshape-fuzz-parse-pipeline)
  cmake --build "$SYMSHAPE_BUILD_DIR" -j "${SYMSHAPE_JOBS:-$(nproc)}" \
    --target "${build_targets[@]}"
fi

# Source-tree test paths -> the same paths under the build's test dir, where
# lit finds the configured suite.
if [ "$all" -eq 1 ]; then
  targets=("$SYMSHAPE_BUILD_DIR/test")
else
  if [ "${#paths[@]}" -eq 0 ]; then
    cd "$SYMSHAPE_ROOT"
    for p in test/Analysis test/Unit test/IR test/Transforms/fold-reshape* \
             test/bad-input test/fuzz; do
      [ -e "$SYMSHAPE_ROOT/$p" ] && paths+=("$p")
    done
  fi
  targets=()
  for p in "${paths[@]}"; do
    abs="$(cd "$SYMSHAPE_ROOT" && realpath -m "$p")"
    case "$abs" in
      "$SYMSHAPE_ROOT"/test|"$SYMSHAPE_ROOT"/test/*) ;;
      *) echo "sanitize.sh: $p is not under test/" >&2; exit 2 ;;
    esac
    if [ ! -e "$abs" ]; then
      echo "sanitize.sh: $p does not exist" >&2
      exit 2
    fi
    targets+=("$SYMSHAPE_BUILD_DIR/test${abs#"$SYMSHAPE_ROOT"/test}")
  done
fi

export ASAN_OPTIONS="${ASAN_OPTIONS:-allow_user_poisoning=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export ASAN_SYMBOLIZER_PATH="${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-22/bin/llvm-symbolizer}"

# run-lit.py <lit> <test dir> [extra lit args]: the other paths ride along as
# extra arguments; lit runs them all in one report.
exec /usr/bin/python3 "$SYMSHAPE_ROOT/scripts/run-lit.py" "$LIT" \
  "${targets[0]}" "${targets[@]:1}" ${lit_args[@]+"${lit_args[@]}"}
