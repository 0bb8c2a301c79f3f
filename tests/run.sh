#!/usr/bin/env bash
# Runs every test against one build: unit tests (cmocka binaries in
# BUILD/tests), command-line tests (tests/cli/test_*.sh with MORPH set), the
# browser tests (tests/browser, Node.js and Chromium) and, when FUZZ_DIR is
# given, every fuzz target over its corpus and regressions plus a short run
# (FUZZ_TEST_SECONDS each, default 3; fuzz/README.md).
# Prints one line per suite (with the seconds it took) and a total "N passed, N failed".
set -u
build=${1:?usage: tests/run.sh BUILD_DIR [FUZZ_DIR]}

# One throwaway PostgreSQL cluster for the whole run: pg_virtualenv
# (postgresql-common; -t keeps it in a temporary folder, also as root) makes
# it, sets the PG* variables for this script run again inside, and drops it
# at the end. MORPH_TEST_PG names it for the suites that run on PostgreSQL as
# well as SQLite (store, API, browser, cluster); each makes databases of its
# own. fsync is off: the tests kill servers, never the database's machine.
if [ -z "${MORPH_TEST_PG:-}" ] && command -v pg_virtualenv >/dev/null; then
    exec pg_virtualenv -t -o fsync=off -o max_connections=300 \
        env MORPH_TEST_PG=postgresql:// bash "$0" "$@"
fi
fuzz=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
export MORPH=$(cd "$build" && pwd)/morph
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

total_pass=0
total_fail=0
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if [ -z "${MORPH_TEST_PG:-}" ]; then
    echo "postgresql: no test cluster (pg_virtualenv of postgresql-common is missing: scripts/setup.sh installs it)"
    total_fail=$((total_fail + 1))
fi

# unit NAME COMMAND...: runs a cmocka binary and counts its tests.
unit() {
    local name=$1 status p f start=$SECONDS
    shift
    if "$@" >"$log" 2>&1; then status=ok; else status=FAILED; fi
    # a binary may run several groups (the store suite: SQLite, then PostgreSQL)
    p=$(grep -oE '\[  PASSED  \] [0-9]+' "$log" | grep -oE '[0-9]+$' | awk '{s += $1} END {print s + 0}')
    f=$(grep -oE '\[  FAILED  \] [0-9]+' "$log" | grep -oE '[0-9]+$' | awk '{s += $1} END {print s + 0}')
    if [ "$status" = FAILED ] && [ "$f" -eq 0 ]; then f=1; fi
    [ "$status" = FAILED ] && cat "$log"
    echo "unit/$name: $p passed, $f failed ($((SECONDS - start)) s)"
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
}

# The suites that read MORPH_TEST_STORE (the API's) run once more over
# PostgreSQL; so do the command-line scripts that say "# also on postgresql".
pg_again() { [ -n "${MORPH_TEST_PG:-}" ] && grep -q "$1" "$2"; }

for t in "$build"/tests/*; do
    [ -x "$t" ] || continue
    name=$(basename "$t")
    unit "$name" "$t"
    pg_again MORPH_TEST_STORE "$t" && unit "$name@postgresql" env MORPH_TEST_STORE=postgresql "$t"
done

# tally NAME CODE: counts a suite whose log ends with "...: N passed, N
# failed" and exited with CODE (a failing exit counts one failure at least).
tally() {
    local line p f
    line=$(grep -E '^[a-z_0-9-]+: [0-9]+ passed, [0-9]+ failed$' "$log" | tail -1)
    p=$(echo "$line" | sed -nE 's/.*: ([0-9]+) passed.*/\1/p'); p=${p:-0}
    f=$(echo "$line" | sed -nE 's/.* ([0-9]+) failed$/\1/p'); f=${f:-0}
    if [ "$2" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
    [ "$2" -ne 0 ] && cat "$log"
    echo "$1: $p passed, $f failed ($((SECONDS - started)) s)"
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
}

for t in "$here"/cli/test_*.sh; do
    started=$SECONDS
    # the exit code kept first: $? after "$(basename ...)" would be basename's
    bash "$t" >"$log" 2>&1
    code=$?
    tally "cli/$(basename "$t" .sh)" $code
    if pg_again "^# also on postgresql" "$t"; then
        started=$SECONDS
        MORPH_TEST_STORE=postgresql bash "$t" >"$log" 2>&1
        code=$?
        tally "cli/$(basename "$t" .sh)@postgresql" $code
    fi
done

# The page in a real browser: Playwright (tests/browser) drives Chromium
# against morph serve; screenshots go to BUILD/browser-screenshots.
started=$SECONDS
BROWSER_OUT=$(cd "$build" && pwd)/browser-screenshots node "$here/browser/run.mjs" >"$log" 2>&1
tally browser $?
if [ -n "${MORPH_TEST_PG:-}" ]; then
    started=$SECONDS
    MORPH_TEST_STORE=postgresql BROWSER_OUT=$(cd "$build" && pwd)/browser-screenshots-postgresql \
        node "$here/browser/run.mjs" >"$log" 2>&1
    tally browser@postgresql $?
fi

if [ -n "$fuzz" ]; then
    fuzz=$(cd "$fuzz" && pwd)
    mkdir -p "$fuzz/crashes"
    for bin in "$fuzz"/fuzz_*; do
        [ -x "$bin" ] || continue
        name=$(basename "$bin")
        name=${name#fuzz_}
        started=$SECONDS
        seeds=("$here/../fuzz/corpus/$name")
        [ -d "$here/../fuzz/regressions/$name" ] && seeds+=("$here/../fuzz/regressions/$name")
        p=0; f=0
        # 1. every seed and regression input, once
        mapfile -t inputs < <(find "${seeds[@]}" -type f | sort)
        if "$bin" -timeout=30 "${inputs[@]}" >"$log" 2>&1; then p=$((p + 1)); else f=$((f + 1)); cat "$log"; fi
        # 2. a short run from them
        work=$(mktemp -d)
        dict=()
        [ -f "$here/../fuzz/dict/$name.dict" ] && dict=(-dict="$here/../fuzz/dict/$name.dict")
        if "$bin" -max_total_time="${FUZZ_TEST_SECONDS:-3}" -timeout=10 -rss_limit_mb=2048 \
            -artifact_prefix="$fuzz/crashes/$name-" "${dict[@]}" "$work" "${seeds[@]}" >"$log" 2>&1; then
            p=$((p + 1))
        else
            f=$((f + 1)); tail -60 "$log"
        fi
        rm -rf "$work"
        echo "fuzz/$name: $p passed, $f failed ($((SECONDS - started)) s)"
        total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
    done
fi

echo
echo "$total_pass passed, $total_fail failed (in $SECONDS s, load average $(cut -d' ' -f1-3 /proc/loadavg))"
[ "$total_fail" -eq 0 ]
