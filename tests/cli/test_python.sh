#!/usr/bin/env bash
# The Python package (python/morph, docs/python.md): its pytest suite
# (tests/python) run by Debian's python3 against the library of the build
# under test (libmorph.so beside $MORPH). A sanitizer build's library is
# loaded with libasan preloaded into the interpreter; leaks are not checked
# there (Python keeps objects alive to its exit by design): the C API's own
# leaks are checked by tests/unit/test_capi.c. Prints
# "test_python: N passed, N failed" last.
: "${MORPH:?MORPH must name the morph binary}"
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$(dirname "$MORPH")" && pwd)
export MORPH_LIBRARY=$build/libmorph.so
if [ ! -f "$MORPH_LIBRARY" ]; then
    echo "no $MORPH_LIBRARY (make VARIANT=... tests builds it)"
    echo "test_python: 0 passed, 1 failed"
    exit 1
fi
if ldd "$MORPH_LIBRARY" | grep -q libasan; then
    export LD_PRELOAD=$(gcc -print-file-name=libasan.so)
    export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1}:detect_leaks=0
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cd "$root"
# arguments (a test file, -k NAME) narrow the suite, for a run by hand
[ $# -gt 0 ] || set -- tests/python
PYTHONDONTWRITEBYTECODE=1 /usr/bin/python3 -m pytest -q -p no:cacheprovider "$@" 2>&1 | tee "$log"
code=${PIPESTATUS[0]}
summary=$(tail -n 1 "$log")
passed=$(echo "$summary" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')
failed=$(echo "$summary" | grep -oE '[0-9]+ (failed|error|errors)' | grep -oE '[0-9]+' | awk '{s += $1} END {print s + 0}')
passed=${passed:-0}
if [ "$code" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi
echo "test_python: $passed passed, $failed failed"
[ "$code" -eq 0 ]
