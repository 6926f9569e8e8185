#!/usr/bin/env bash
# Installs what is missing, builds symshape and runs the whole test suite
# (lit tests, GoogleTest unit tests, executed end-to-end tests, a differential
# fuzzing campaign), then builds symshape with AddressSanitizer and
# UndefinedBehaviorSanitizer and runs the engine, fold, bad-input and fuzzing
# tests under them (scripts/sanitize.sh --ci; skip it with
# SYMSHAPE_TEST_SANITIZERS=0). The last line printed is "N passed, N failed"
# over both; the exit status is non-zero on failure. Extra arguments go to the
# first lit run.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
configure_and_build symshape-test-deps

tally="$(mktemp)"
trap 'rm -f "$tally"' EXIT
export SYMSHAPE_LIT_TALLY="$tally"
/usr/bin/python3 "$SYMSHAPE_ROOT/scripts/run-lit.py" \
  /usr/lib/llvm-22/bin/lit "$SYMSHAPE_BUILD_DIR/test" "$@" || true
if [ "${SYMSHAPE_TEST_SANITIZERS:-1}" != 0 ]; then
  echo "== the engine, fold, bad-input and fuzzing tests under ASan + UBSan"
  before="$(wc -l < "$tally")"
  if ! "$SYMSHAPE_ROOT/scripts/sanitize.sh" --ci; then
    # A failed sanitizer build or lit run that counted nothing still fails.
    [ "$(wc -l < "$tally")" -gt "$before" ] || echo "0 1" >> "$tally"
  fi
fi
exec /usr/bin/python3 "$SYMSHAPE_ROOT/scripts/run-lit.py" --total "$tally"
