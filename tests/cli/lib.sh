# Helpers for command-line tests. Source it, call the checks, end with `finish`.
# MORPH is the binary under test (set by tests/run.sh).
: "${MORPH:?MORPH must name the morph binary}"
passed=0
failed=0
suite=$(basename "$0" .sh)

ok()   { passed=$((passed + 1)); }
bad()  { failed=$((failed + 1)); echo "FAIL [$suite] $*" >&2; }

# check_eq NAME EXPECTED ACTUAL
check_eq() {
    if [ "$2" == "$3" ]; then ok; else bad "$1"$'\n  expected: '"$2"$'\n  actual:   '"$3"; fi
}
# check_match NAME REGEX ACTUAL
check_match() {
    if [[ "$3" =~ $2 ]]; then ok; else bad "$1"$'\n  expected to match: '"$2"$'\n  actual: '"$3"; fi
}
# check_exit NAME EXPECTED_CODE COMMAND...: runs the command, checks its exit code
check_exit() {
    local name=$1 want=$2
    shift 2
    "$@" >/dev/null 2>&1
    local got=$?
    if [ "$got" == "$want" ]; then ok; else bad "$name: exit code $got, expected $want"; fi
}
# check_error NAME REGEX COMMAND...: non-zero exit and one stderr line matching REGEX
check_error() {
    local name=$1 re=$2
    shift 2
    local err
    err=$("$@" 2>&1 >/dev/null)
    local code=$?
    if [ $code -eq 0 ]; then bad "$name: exit code 0, expected an error"; return; fi
    if [ "$(printf '%s\n' "$err" | grep -c .)" -gt 1 ]; then bad "$name: error is more than one line: $err"; return; fi
    check_match "$name" "$re" "$err"
}
# wait_until SECONDS COMMAND...: polls every 20 ms until COMMAND succeeds
# (false after SECONDS): tests wait on conditions, never on fixed sleeps.
wait_until() {
    local limit=$(( $1 * 50 )) i=0
    shift
    while ! "$@" >/dev/null 2>&1; do
        i=$((i + 1))
        [ $i -ge $limit ] && return 1
        sleep 0.02
    done
}
finish() {
    echo "$suite: $passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}

# The store of a server under test: MORPH_TEST_STORE=postgresql (tests/run.sh
# runs the scripts that say "# also on postgresql" a second time so) gives a
# fresh database of the run's PostgreSQL cluster (the PG* variables of
# pg_virtualenv), otherwise an SQLite file.
# test_db NAME FILE: prints the --db value (FILE for SQLite).
test_db() {
    if [ "${MORPH_TEST_STORE:-sqlite}" = postgresql ]; then
        local name="morph_$(echo "$1" | tr -c 'a-z0-9_\n' _)_$$"
        dropdb --if-exists "$name" >/dev/null 2>&1
        createdb "$name" || { echo "cannot create database $name" >&2; return 1; }
        echo "postgresql:///$name"
    else
        echo "$2"
    fi
}
on_postgresql() { [ "${MORPH_TEST_STORE:-sqlite}" = postgresql ]; }

# http_call BASE METHOD PATH [BODY] [TOKEN]: prints the body, then the
# status on the last line (body and status split them).
http_call() {
    local args=(-s -X "$2" -w '\n%{http_code}')
    [ -n "${4:-}" ] && args+=(-H 'Content-Type: application/json' --data-binary "$4")
    [ -n "${5:-}" ] && args+=(-H "X-Seat-Token: $5")
    curl "${args[@]}" "$1$3"
}
body() { sed '$d' <<<"$1"; }
status() { tail -n1 <<<"$1"; }
