#!/usr/bin/env bash
# Runs every test against one build: unit tests (cmocka binaries in
# BUILD/tests), command-line tests (tests/cli/test_*.sh with MORPH set), the
# browser tests (tests/browser, Node.js and Chromium, one run per file) and,
# when FUZZ_DIR is given, every fuzz target over its corpus and regressions
# plus a short run (FUZZ_TEST_SECONDS each, default 3; fuzz/README.md).
#
#     tests/run.sh BUILD_DIR [FUZZ_DIR]
#
# The suites are independent, and most of them wait (on a browser, a
# database, a server, a terminal) more than they compute, so several run at
# once: TEST_JOBS of them (default twice the cores), the longest first
# (tests/durations.txt) so that the run does not end on a long one alone. A
# suite's output is printed together when it ends: one line "NAME: N passed,
# N failed (S s)", after its whole log when it failed. Then the total
# "N passed, N failed". TEST_ONLY=REGEX runs the suites whose names match
# (e.g. 'cli/|browser'). A whole run writes what every suite took to
# BUILD/test-durations.txt, in the form of tests/durations.txt.
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
root=$(cd "$here/.." && pwd)
build=$(cd "$build" && pwd)
export MORPH=$build/morph
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
slots=${TEST_JOBS:-$(( $(nproc 2>/dev/null || echo 2) * 2 ))}
only=${TEST_ONLY:-}

total_pass=0
total_fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "${MORPH_TEST_PG:-}" ]; then
    echo "postgresql: no test cluster (pg_virtualenv of postgresql-common is missing: scripts/setup.sh installs it)"
    total_fail=$((total_fail + 1))
fi

# ---- the suites: NAME, KIND (unit, cli, browser, fuzz), what it runs, and its store ----
names=() kinds=() args=() stores=()
add() {
    [ -n "$only" ] && ! [[ $1 =~ $only ]] && return
    names+=("$1"); kinds+=("$2"); args+=("$3"); stores+=("${4:-}")
}
# The suites that read MORPH_TEST_STORE (the API's) run once more over
# PostgreSQL; so do the command-line scripts that say "# also on postgresql"
# and the browser files that say "// also on postgresql" (those whose pages
# read what the store keeps: accounts, the lobby, names, seats, records and
# analyses; the page's look, keys and offline play do not depend on it).
pg_again() { [ -n "${MORPH_TEST_PG:-}" ] && grep -q "$1" "$2"; }

for t in "$build"/tests/*; do
    [ -x "$t" ] || continue
    name=unit/$(basename "$t")
    add "$name" unit "$t"
    pg_again MORPH_TEST_STORE "$t" && add "$name@postgresql" unit "$t" postgresql
done
for t in "$here"/cli/test_*.sh; do
    name=cli/$(basename "$t" .sh)
    add "$name" cli "$t"
    pg_again "^# also on postgresql" "$t" && add "$name@postgresql" cli "$t" postgresql
done
# The page in a real browser: Playwright (tests/browser) drives Chromium
# against morph serve, one run (one Chromium) per file; screenshots go to
# BUILD/browser-screenshots (-postgresql).
for t in "$here"/browser/test_*.mjs; do
    name=browser/$(basename "$t" .mjs)
    add "$name" browser "$t"
    pg_again "^// also on postgresql" "$t" && add "$name@postgresql" browser "$t" postgresql
done
if [ -n "$fuzz" ]; then
    fuzz=$(cd "$fuzz" && pwd)
    mkdir -p "$fuzz/crashes"
    for bin in "$fuzz"/fuzz_*; do
        [ -x "$bin" ] || continue
        name=$(basename "$bin")
        add "fuzz/${name#fuzz_}" fuzz "$bin"
    done
fi
rm -rf "$build/browser-screenshots" "$build/browser-screenshots-postgresql"

# ---- running one suite ----

# count_unit LOG STATUS: the passed and failed tests of a cmocka binary (a
# binary may run several groups: the store suite, SQLite then PostgreSQL).
count_unit() {
    p=$(grep -oE '\[  PASSED  \] [0-9]+' "$1" | grep -oE '[0-9]+$' | awk '{s += $1} END {print s + 0}')
    f=$(grep -oE '\[  FAILED  \] [0-9]+' "$1" | grep -oE '[0-9]+$' | awk '{s += $1} END {print s + 0}')
    if [ "$2" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
    if [ "$2" -ne 0 ]; then cat "$1"; fi
}
# count_tally LOG STATUS: a suite whose log ends with "...: N passed, N failed"
# (a failing exit counts one failure at least).
count_tally() {
    local line
    line=$(grep -E '^[a-z_0-9-]+: [0-9]+ passed, [0-9]+ failed$' "$1" | tail -1)
    p=$(echo "$line" | sed -nE 's/.*: ([0-9]+) passed.*/\1/p'); p=${p:-0}
    f=$(echo "$line" | sed -nE 's/.* ([0-9]+) failed$/\1/p'); f=${f:-0}
    if [ "$2" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
    if [ "$2" -ne 0 ]; then cat "$1"; fi
}
# run_fuzz BIN LOG: every seed and regression input once, then a short run from them.
run_fuzz() {
    local bin=$1 log=$2 name seeds inputs dict scratch
    name=$(basename "$bin"); name=${name#fuzz_}
    seeds=("$root/fuzz/corpus/$name")
    [ -d "$root/fuzz/regressions/$name" ] && seeds+=("$root/fuzz/regressions/$name")
    p=0; f=0
    mapfile -t inputs < <(find "${seeds[@]}" -type f | sort)
    if "$bin" -timeout=30 "${inputs[@]}" >"$log" 2>&1; then p=$((p + 1)); else f=$((f + 1)); cat "$log"; fi
    scratch=$(mktemp -d)
    dict=()
    [ -f "$root/fuzz/dict/$name.dict" ] && dict=(-dict="$root/fuzz/dict/$name.dict")
    # the same 30 s a unit as the replay: the run starts by executing every seed again
    if "$bin" -max_total_time="${FUZZ_TEST_SECONDS:-3}" -timeout=30 -rss_limit_mb=2048 \
        -artifact_prefix="$fuzz/crashes/$name-" "${dict[@]}" "$scratch" "${seeds[@]}" >"$log" 2>&1; then
        p=$((p + 1))
    else
        f=$((f + 1)); tail -60 "$log"
    fi
    rm -rf "$scratch"
}
# run_suite I: runs suite I, prints its output then its line, and writes
# "PASSED FAILED SECONDS CPU_SECONDS" to $work/I.res.
run_suite() {
    local i=$1 log=$work/$1.log start=$SECONDS code=0 p f cpu
    local arg=${args[$1]} store=()
    [ -n "${stores[$i]}" ] && store=(MORPH_TEST_STORE="${stores[$i]}")
    case ${kinds[$i]} in
    unit) env "${store[@]}" "$arg" >"$log" 2>&1 || code=$?; count_unit "$log" $code ;;
    cli) env "${store[@]}" bash "$arg" >"$log" 2>&1 || code=$?; count_tally "$log" $code ;;
    browser)
        local out=$build/browser-screenshots${stores[$i]:+-${stores[$i]}}
        env "${store[@]}" BROWSER_OUT="$out" node "$here/browser/run.mjs" "$(basename "$arg")" >"$log" 2>&1 || code=$?
        count_tally "$log" $code ;;
    fuzz) run_fuzz "$arg" "$log" ;;
    esac
    echo "${names[$i]}: $p passed, $f failed ($((SECONDS - start)) s)"
    # the CPU time of the suite's processes (user and system), from `times`
    # (in this shell: a $(...) would be a new one, without children)
    times >"$work/$i.times"
    cpu=$(tail -1 "$work/$i.times" | awk '{ for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); s += t[1] * 60 + t[2] } } END { printf "%.0f", s }')
    echo "$p $f $((SECONDS - start)) $cpu" >"$work/$i.res"
}

# ---- the schedule: longest first, TEST_JOBS at a time ----

# expected NAME: the seconds a suite is expected to take (tests/durations.txt;
# a suite not listed yet counts as long, so it starts early).
declare -A expect=()
while read -r n s _; do
    [[ $n == \#* || -z $n ]] && continue
    expect[$n]=$s
done <"$here/durations.txt"
order=()
for i in "${!names[@]}"; do
    echo "${expect[${names[$i]}]:-600} $i"
done | sort -k1,1nr -k2,2n >"$work/order"
while read -r _ i; do order+=("$i"); done <"$work/order"

declare -A running=() # pid -> suite
durations=$work/durations
: >"$durations"
# finished I: prints suite I's output and adds its counts.
finished() {
    local p f wall cpu
    cat "$work/$1.out"
    read -r p f wall cpu <"$work/$1.res" 2>/dev/null || { p=0; f=1; wall=0; cpu=0; echo "${names[$1]}: no result"; }
    total_pass=$((total_pass + p)); total_fail=$((total_fail + f))
    echo "${names[$1]} $wall $cpu" >>"$durations"
}
next=0
while [ $next -lt ${#order[@]} ] || [ ${#running[@]} -gt 0 ]; do
    while [ $next -lt ${#order[@]} ] && [ ${#running[@]} -lt "$slots" ]; do
        i=${order[$next]}
        next=$((next + 1))
        run_suite "$i" >"$work/$i.out" 2>&1 </dev/null &
        running[$!]=$i
    done
    pid=
    wait -n -p pid
    if [ -z "$pid" ]; then echo "tests/run.sh: lost ${#running[@]} suites" >&2; total_fail=$((total_fail + 1)); break; fi
    finished "${running[$pid]}"
    unset "running[$pid]"
done

if [ -z "$only" ]; then
    {
        echo "# suite, seconds, CPU seconds: tests/run.sh on $(date +%F), $slots at a time (load average $(cut -d' ' -f1-3 /proc/loadavg))"
        sort -k2,2nr "$durations" | awk '{printf "%-40s %4d %4d\n", $1, $2, $3}'
    } >"$build/test-durations.txt"
fi
echo
echo "$total_pass passed, $total_fail failed (in $SECONDS s, load average $(cut -d' ' -f1-3 /proc/loadavg))"
[ "$total_fail" -eq 0 ]
