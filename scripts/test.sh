#!/usr/bin/env bash
# Installs what is missing, builds every target and runs the whole test suite
# (lit tests, GoogleTest unit tests, executed end-to-end tests, a differential
# fuzzing campaign, the Python package's pytest suite), then builds symshape
# with AddressSanitizer and UndefinedBehaviorSanitizer, the libFuzzer target
# included, and runs the engine, fold, bad-input and fuzzing tests under them
# (scripts/sanitize.sh --ci; skip it with SYMSHAPE_TEST_SANITIZERS=0). The
# last line printed is "N passed, N failed" over both; the exit status is
# non-zero on failure. Extra arguments go to the first lit run.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
configure_and_build all symshape-test-deps

tally="$(mktemp)"
trap 'rm -f "$tally"' EXIT
export SYMSHAPE_LIT_TALLY="$tally"
/usr/bin/python3 "$SYMSHAPE_ROOT/scripts/run-lit.py" \
  /usr/lib/llvm-22/bin/lit "$SYMSHAPE_BUILD_DIR/test" "$@" || true
echo "== the Python package and the model zoo (pytest, test/python, test/models)"
junit="$(mktemp)"
pytest_status=0
PYTHONPATH="$SYMSHAPE_BUILD_DIR/python_packages" /usr/bin/python3 -m pytest \
  "$SYMSHAPE_ROOT/test/python" "$SYMSHAPE_ROOT/test/models" -q \
  -p no:cacheprovider \
  --junitxml="$junit" || pytest_status=$?
# "passed failed" from pytest's report, as run-lit.py counts lit's; a run
# that reports nothing (or no failure but a failing status) counts one.
/usr/bin/python3 - "$junit" "$pytest_status" >> "$tally" <<'EOF'
import sys
import xml.etree.ElementTree as ET
try:
    root = ET.parse(sys.argv[1]).getroot()
    suites = [root] if root.tag == "testsuite" else list(root.iter("testsuite"))
    total = sum(int(s.get("tests", 0)) for s in suites)
    failed = sum(int(s.get("failures", 0)) + int(s.get("errors", 0))
                 for s in suites)
    skipped = sum(int(s.get("skipped", 0)) for s in suites)
    passed = total - failed - skipped
except (OSError, ValueError, ET.ParseError):
    passed, failed = 0, 1
if int(sys.argv[2]) != 0 and failed == 0:
    failed = 1
print(passed, failed)
EOF
rm -f "$junit"
if [ "${SYMSHAPE_TEST_SANITIZERS:-1}" != 0 ]; then
  echo "== the engine, fold, bad-input and fuzzing tests under ASan + UBSan"
  before="$(wc -l < "$tally")"
  if ! "$SYMSHAPE_ROOT/scripts/sanitize.sh" --ci; then
    # A failed sanitizer build or lit run that counted nothing still fails.
    [ "$(wc -l < "$tally")" -gt "$before" ] || echo "0 1" >> "$tally"
  fi
fi
exec /usr/bin/python3 "$SYMSHAPE_ROOT/scripts/run-lit.py" --total "$tally"
