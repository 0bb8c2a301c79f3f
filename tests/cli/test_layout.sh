#!/usr/bin/env bash
# The layout rules of src/ (docs/architecture.md, "Layers"): no cycle of
# calls or includes between files, the folders used in their order (src/ and
# src/server/), internal headers kept in their folder, no source, test or fuzz
# file over 800 lines. scripts/check_layout.py reads the objects of the build
# under test (the folder of $MORPH) and prints its own tally line.
: "${MORPH:?MORPH must name the morph binary}"
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$(dirname "$MORPH")" && pwd)
out=$(python3 "$root/scripts/check_layout.py" "$build" 2>&1)
code=$?
echo "$out" | sed 's/^check_layout:/test_layout:/'
exit $code
