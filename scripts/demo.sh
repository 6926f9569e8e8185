#!/usr/bin/env bash
# The main job: installs what is missing, builds symshape and runs
# symshape-opt on the example model in examples/, printing the result.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
configure_and_build symshape-opt >/dev/null

OPT="$SYMSHAPE_BUILD_DIR/bin/symshape-opt"
EXAMPLE="$SYMSHAPE_ROOT/examples/max_merge.mlir"

echo "== symshape demo: $EXAMPLE"
echo
echo "-- The model, parsed and printed by symshape-opt in canonical form:"
"$OPT" "$EXAMPLE"
echo
echo "-- After --canonicalize (fact-free folds only):"
"$OPT" "$EXAMPLE" --canonicalize
