#!/usr/bin/env bash
# Shared set-up of scripts/demo.sh and scripts/test.sh: installs the Debian
# packages symshape needs (only those missing), configures the build once and
# brings it up to date. Idempotent; fast when nothing changed.
#
# Environment: SYMSHAPE_BUILD_DIR (default: build), SYMSHAPE_BUILD_TYPE
# (default: Release).
set -euo pipefail

SYMSHAPE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SYMSHAPE_BUILD_DIR="${SYMSHAPE_BUILD_DIR:-$SYMSHAPE_ROOT/build}"
SYMSHAPE_BUILD_TYPE="${SYMSHAPE_BUILD_TYPE:-Release}"
export SYMSHAPE_ROOT SYMSHAPE_BUILD_DIR

PACKAGES=(
  cmake ninja-build g++ make
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools clang-format-22
  zlib1g-dev libzstd-dev
  libgtest-dev
  python3 python3-dev pybind11-dev
  python3-sympy python3-z3 python3-numpy python3-pytest
  python3-torch python3-torchvision
  time valgrind
)

install_missing_packages() {
  local missing=()
  for pkg in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null |
        grep -q "install ok installed"; then
      missing+=("$pkg")
    fi
  done
  if [ "${#missing[@]}" -eq 0 ]; then
    return
  fi
  echo "symshape: installing ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    sudo=(sudo)
  fi
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

configure_and_build() {
  if [ ! -f "$SYMSHAPE_BUILD_DIR/build.ninja" ]; then
    cmake -G Ninja -S "$SYMSHAPE_ROOT" -B "$SYMSHAPE_BUILD_DIR" \
      -DCMAKE_BUILD_TYPE="$SYMSHAPE_BUILD_TYPE" \
      -DPython3_EXECUTABLE=/usr/bin/python3 >/dev/null
  fi
  cmake --build "$SYMSHAPE_BUILD_DIR" --target "$@"
}

install_missing_packages
