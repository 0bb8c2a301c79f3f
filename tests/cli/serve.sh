# Helpers of the tests that run morph serve against curl (test_serve.sh,
# test_serve_analysis.sh, test_serve_puzzles.sh). Source it after lib.sh with
# tmp set (the scratch folder; the page's files in $tmp/web), or call
# serve_scratch (or serve_scratch_db), and db the --db value (test_db; the SQLite file
# $tmp/db/morph.db when unset); start sets server_pid and base.

# start: runs morph serve on a free port with the test database.
start() {
    : >"$tmp/out"
    $MORPH serve --port 0 --db "${db:-$tmp/db/morph.db}" --web "$tmp/web" --ai-threads 1 --analysis-nice 0 "$@" >"$tmp/out" 2>"$tmp/err" &
    server_pid=$!
    if ! wait_until 20 grep -q '^Open http' "$tmp/out"; then
        bad "server did not start: $(cat "$tmp/out" "$tmp/err")"
        exit 1
    fi
    port=$(grep -oE '127\.0\.0\.1:[0-9]+' "$tmp/out" | cut -d: -f2)
    base=http://127.0.0.1:$port
}

# api METHOD PATH [BODY] [TOKEN]: prints the body, then the status on the last line.
api() { http_call "$base" "$@"; }

# serve_scratch: the usual scratch folder for a test that serves: $tmp with a
# minimal page in $tmp/web, removed (and the server killed) on exit.
serve_scratch() {
    tmp=$(mktemp -d)
    server_pid=
    trap '[ -n "$server_pid" ] && kill -9 "$server_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
    mkdir -p "$tmp/web"
    echo '<!doctype html><title>morph</title>' >"$tmp/web/index.html"
}

# serve_scratch_db NAME: serve_scratch over the test run's database: db is
# test_db's (a fresh PostgreSQL database named after NAME @postgresql,
# dropped on exit; else the SQLite file $tmp/db/morph.db).
serve_scratch_db() {
    serve_scratch
    db=$(test_db "$1" "$tmp/db/morph.db") || exit 1
    trap '[ -n "$server_pid" ] && kill -9 "$server_pid" 2>/dev/null
          on_postgresql && dropdb --if-exists --force "${db##*/}" 2>/dev/null
          rm -rf "$tmp"' EXIT
}
