#!/usr/bin/env bash
# Installs what is missing, builds symshape and runs the whole test suite
# (lit tests, GoogleTest unit tests, executed end-to-end tests). The last line
# printed is "N passed, N failed"; the exit status is non-zero on failure.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
configure_and_build symshape-test-deps
exec /usr/bin/python3 "$SYMSHAPE_ROOT/scripts/run-lit.py" \
  /usr/lib/llvm-22/bin/lit "$SYMSHAPE_BUILD_DIR/test" "$@"
