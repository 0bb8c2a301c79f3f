#!/usr/bin/env bash
# morph serve against curl: a real server on a free port with a database in
# a temporary folder. The whole flow of a game between two people (created,
# joined by invitation, played to the end, downloaded, replayed), the live
# stream and its replay from Last-Event-ID, the page's files, refusals, and
# kill -9 in mid-game: after a restart no acknowledged action is lost and the
# AI seats go on. No fixed sleeps: every wait polls a condition with a limit.
# also on postgresql: tests/run.sh runs it again over a database of its cluster.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
db=$(test_db serve "$tmp/db/morph.db") || exit 1
server_pid=
stream_pid=
cleanup() {
    [ -n "$stream_pid" ] && kill "$stream_pid" 2>/dev/null
    [ -n "$server_pid" ] && kill -9 "$server_pid" 2>/dev/null
    on_postgresql && dropdb --if-exists --force "${db##*/}" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT

# start, api (with $db)
. "$(dirname "$0")/serve.sh"

mkdir -p "$tmp/web"
echo '<!doctype html><title>morph</title>' >"$tmp/web/index.html"
echo 'export const x = 1;' >"$tmp/web/app.js"
start
check_match "the URL is printed" "^Open http://127\.0\.0\.1:[0-9]+/ in a browser" "$(grep Open "$tmp/out")"
if on_postgresql; then
    check_match "the database is shared, named without a password" "database postgresql://[^:@]+@[^ ]+/morph_serve_[0-9]+, shared" \
        "$(head -1 "$tmp/out")"
else
    check_match "the database was created with its folders" "database $tmp/db/morph.db" "$(head -1 "$tmp/out")"
fi
r=$(curl -s -w '\n%{http_code}' "$base/healthz")
check_eq "the health check" 200 "$(status "$r")"
check_eq "names the store" "$(on_postgresql && echo postgresql || echo sqlite)" "$(body "$r" | jq -r .store)"
# started again once with glibc's per-thread caches of freed blocks off (docs/web.md, "Idle games")
check_eq "runs without glibc's thread caches" "GLIBC_TUNABLES=glibc.malloc.tcache_count=0" \
    "$(tr '\0' '\n' <"/proc/$server_pid/environ" | grep '^GLIBC_TUNABLES=')"

# ---- the page ----
check_eq "index.html served" "<!doctype html><title>morph</title>" "$(curl -s "$base/")"
check_eq "an app route serves the page" "<!doctype html><title>morph</title>" "$(curl -s "$base/game/abcdefghij")"
check_match "scripts as JavaScript" "text/javascript" "$(curl -sI "$base/app.js" | grep -i '^content-type')"
check_match "a content security policy" "default-src 'self'" "$(curl -sI "$base/" | grep -i '^content-security-policy')"
check_eq "no way out of the web folder" 404 "$(curl -s -o /dev/null -w '%{http_code}' --path-as-is "$base/../../etc/passwd")"
check_eq "a missing file is 404" 404 "$(curl -s -o /dev/null -w '%{http_code}' "$base/missing.js")"

# ---- a game between two people ----
r=$(api POST /api/games '{"game":"morphos","options":{"size":5},"seats":[{"kind":"human","mine":true},{"kind":"human"}]}')
check_eq "created" 201 "$(status "$r")"
id=$(body "$r" | jq -r .id)
t1=$(body "$r" | jq -r '.seats[0].token')
code=$(body "$r" | jq -r '.invitations[0].code')
check_match "the invitation is a path of the page" "^/join/[a-z2-7]{26}$" "$(body "$r" | jq -r '.invitations[0].path')"
check_eq "waiting for a player" waiting "$(curl -s "$base/api/games/$id" | jq -r .status)"
check_eq "listed as waiting" "$id" "$(curl -s "$base/api/games?status=waiting" | jq -r '.games[0].id')"
r=$(api POST /api/join "{\"code\":\"$code\"}")
check_eq "joined by the invitation" 200 "$(status "$r")"
t2=$(body "$r" | jq -r .token)
check_eq "seat 2 is the joiner's" 2 "$(body "$r" | jq -r .seat)"
check_eq "an invitation is used once" 404 "$(status "$(api POST /api/join "{\"code\":\"$code\"}")")"
# a game over before its second seat was taken closes that seat
r=$(api POST /api/games '{"game":"morphos","options":{"size":5},"seats":[{"kind":"human","mine":true},{"kind":"human"}]}')
ended=$(body "$r" | jq -r .id)
late=$(body "$r" | jq -r '.invitations[0].code')
check_eq "the creator resigns while waiting" 200 "$(status "$(api POST "/api/games/$ended/resign" '{}' "$(body "$r" | jq -r '.seats[0].token')")")"
r=$(api POST /api/join "{\"code\":\"$late\"}")
check_eq "an invitation to a finished game: 409" 409 "$(status "$r")"
check_eq "an invitation to a finished game: why" "game $ended is over: its seats can no longer be taken" "$(body "$r" | jq -r .error)"

# a watcher's live stream
curl -sN "$base/api/games/$id/events" >"$tmp/stream" &
stream_pid=$!
wait_until 10 grep -q '^event: state' "$tmp/stream" || bad "the stream starts with the state"

r=$(api POST "/api/games/$id/actions" '{"action":"c3"}' "$t2")
check_eq "out of turn: 403" 403 "$(status "$r")"
check_match "out of turn: says whose turn" "P1" "$(body "$r" | jq -r .error)"
check_eq "no token: 403" 403 "$(status "$(api POST "/api/games/$id/actions" '{"action":"c3"}')")"
check_eq "malformed JSON: 400" 400 "$(status "$(api POST "/api/games/$id/actions" '{"action":' "$t1")")"
{ printf '{"action":"c3"'; head -c 300000 /dev/zero | tr '\0' ' '; printf '}'; } >"$tmp/big.json"
check_eq "oversized body: 413" 413 "$(curl -s -o /dev/null -w '%{http_code}' -X POST -H "X-Seat-Token: $t1" \
    --data-binary "@$tmp/big.json" "$base/api/games/$id/actions")"
check_eq "unknown game: 404" 404 "$(status "$(api GET /api/games/aaaaaaaaaa)")"
# bytes that are not UTF-8, percent-encoded: the error quotes them as '?', and is there
r=$(api GET '/api/games?%FF%03=1')
check_eq "a query key of any bytes: 400" 400 "$(status "$r")"
check_eq "a query key of any bytes: its error" "unknown query parameter '??' (expected: status, limit, before)" \
    "$(body "$r" | jq -r .error)"
check_match "a path of any bytes: its error" "^no such endpoint: /api/\\?/" "$(body "$(api GET '/api/%FF/x/y/z/w')" | jq -r .error)"
r=$(api POST "/api/games/$id/actions" '{"action":"c3"}' "$t1")
check_eq "P1 plays c3" 200 "$(status "$r")"
r=$(api POST "/api/games/$id/actions" '{"action":"c3"}' "$t2")
check_eq "illegal: 422" 422 "$(status "$r")"
check_match "illegal: the library's reason" "^illegal action 'c3': c3 is taken" "$(body "$r" | jq -r .error)"
r=$(api POST "/api/games/$id/actions" '{"action":"b2,b3"}' "$t2")
check_eq "a text running into P1's turn: 403" 403 "$(status "$r")"
check_match "the session's rule says why" "'b3' would be a decision of P1" "$(body "$r" | jq -r .error)"
check_eq "hints only against an AI: 409" 409 "$(status "$(api POST "/api/games/$id/hint" '{}' "$t2")")"
wait_until 10 grep -q '^id: 0$' "$tmp/stream" || bad "the watcher hears of c3"
check_match "the action event carries its words" 'event: action
data: \{"index":0,"action":"c3","player":1,"text":"[^"]+"' "$(cat "$tmp/stream")"

# play to the end, each seat its first legal action
tokens=("" "$t1" "$t2")
for i in $(seq 200); do
    s=$(curl -s "$base/api/games/$id")
    [ "$(jq -r .status <<<"$s")" = finished ] && break
    seat=$(jq -r .to_move <<<"$s")
    a=$(jq -r '.legal[0].action' <<<"$s")
    r=$(api POST "/api/games/$id/actions" "{\"action\":\"$a\"}" "${tokens[$seat]}")
    [ "$(status "$r")" = 200 ] || { bad "action $a: $r"; break; }
done
s=$(curl -s "$base/api/games/$id")
check_eq "the game ends" finished "$(jq -r .status <<<"$s")"
count=$(jq -r .count <<<"$s")
check_match "the result in words" "." "$(jq -r .result.text <<<"$s")"
wait_until 10 grep -q "^id: $((count - 1))$" "$tmp/stream" || bad "the watcher heard every action"
check_eq "the watcher heard each action once" "$count" "$(grep -c '^event: action' "$tmp/stream")"
kill "$stream_pid"; wait "$stream_pid" 2>/dev/null; stream_pid=

# a reconnecting browser sends Last-Event-ID and gets exactly what it missed
curl -sN -H "Last-Event-ID: $((count - 3))" "$base/api/games/$id/events" >"$tmp/again" &
stream_pid=$!
wait_until 10 grep -q '^event: state' "$tmp/again" || bad "the reconnected stream ends its replay with the state"
check_eq "replayed from Last-Event-ID" "$((count - 2)) $((count - 1)) $((count - 1))" \
    "$(grep '^id: ' "$tmp/again" | cut -d' ' -f2 | tr '\n' ' ' | sed 's/ $//')"
kill "$stream_pid"; wait "$stream_pid" 2>/dev/null; stream_pid=

# the record downloads and replays to the same result
curl -s -D "$tmp/headers" -o "$tmp/record.json" "$base/api/games/$id/record"
check_match "a download" "attachment; filename=\"morph-morphos-$id.json\"" "$(grep -i '^content-disposition' "$tmp/headers")"
check_exit "the record replays" 0 $MORPH replay "$tmp/record.json"
check_eq "with the same result" "$(jq -c '.result | del(.text)' <<<"$s")" "$(jq -c .result "$tmp/record.json")"
check_eq "listed as finished" "$id" "$(curl -s "$base/api/games?status=finished" | jq -r '.games[0].id')"

# ---- kill -9 in mid-game, then a restart ----
r=$(api POST /api/games '{"game":"morphos","options":{"size":7},"seats":[{"kind":"human","mine":true},{"kind":"ai","level":"mcts","ms":3000}]}')
g=$(body "$r" | jq -r .id)
tg=$(body "$r" | jq -r '.seats[0].token')
check_eq "P1 moves" 200 "$(status "$(api POST "/api/games/$g/actions" '{"action":"d4"}' "$tg")")"
y=$(body "$(api POST /api/games '{"game":"morpyam","options":{"players":3},"seats":[{"kind":"human","mine":true},{"kind":"human","mine":true},{"kind":"human","mine":true}]}')" | jq -r .id)
ycount=$(curl -s "$base/api/games/$y" | jq -r .count)
# the AI is thinking (3 s) when the server dies
kill -9 "$server_pid"; wait "$server_pid" 2>/dev/null
start
if on_postgresql; then
    # the dead server's AI work passes to the new one once it is seen dead (docs/deploy.md)
    check_match "a shared database: games load when asked for" "shared \(server [a-z2-7]+\)" "$(head -1 "$tmp/out")"
else
    check_match "the games with running clocks are resumed, the others load when asked for" \
        "[0-9]+ games? with a running clock resumed \(the others load when asked for\)" "$(head -1 "$tmp/out")"
fi
s=$(curl -s "$base/api/games/$g")
check_eq "no acknowledged action lost" d4 "$(jq -r '.history[0].action' <<<"$s")"
check_eq "the Morpyam game is where it was" "$ycount" "$(curl -s "$base/api/games/$y" | jq -r .count)"
wait_until 30 sh -c "curl -s $base/api/games/$g | jq -e '.count >= 2' " || bad "the AI seat was asked again after the restart"
check_eq "the AI went on: P1 to move" 1 "$(curl -s "$base/api/games/$g" | jq -r .to_move)"
r=$(api POST "/api/games/$g/hint" '{}' "$tg")
check_eq "a hint against the AI" 200 "$(status "$r")"
check_match "the move with its win rate in words" \
    "^[a-g][1-7] — (Black|White) (wins (about [0-9]+%|more than 99%|less than 1%|all|none) of the simulated games from there|wins|loses)" "$(body "$r" | jq -r .words)"
check_eq "the hint is one of the legal actions" true \
    "$(jq --arg a "$(body "$r" | jq -r .action)" 'any(.legal[]; .action == $a)' <<<"$(curl -s "$base/api/games/$g")")"
check_eq "the old token still acts" 200 \
    "$(status "$(api POST "/api/games/$g/actions" "{\"action\":\"$(curl -s "$base/api/games/$g" | jq -r '.legal[0].action')\"}" "$tg")")"

# ---- stopping ----
kill -TERM "$server_pid"
wait "$server_pid"
check_eq "SIGTERM stops the server with exit 0" 0 $?
server_pid=
check_match "it says so" "morph serve: stopping \(SIGTERM\)" "$(tail -1 "$tmp/out")"
check_eq "nothing on stderr" "" "$(cat "$tmp/err")"

# ---- behind a reverse proxy: X-Forwarded-For names the client only from a trusted proxy ----
# xffs ADDR...: one request a header value, all from one curl (one connection,
# back to back), their statuses on a line: the limit's bucket cannot refill
# between them on a slow machine as it could between curl processes.
xffs() {
    local args=() h
    for h in "$@"; do
        [ ${#args[@]} -gt 0 ] && args+=(--next)
        args+=(-s -o /dev/null -w '%{http_code} ' -H "X-Forwarded-For: $h" "$base/api/meta")
    done
    curl "${args[@]}" | sed 's/ $//'
}
# limited CODES: the first two requests pass and one of the rest is refused.
# A burst of eight at 2 a second: on a loaded machine a few may pass as the
# bucket refills, but not all eight within the three seconds that would take.
limited() { [[ "$1" == "200 200 "* && "$1" == *429* ]] && echo yes || echo "no: $1"; }
start --trust-proxy 127.0.0.1 --requests-per-second 2
codes=$(xffs 10.0.0.1 10.0.0.1 10.0.0.1 10.0.0.1 10.0.0.1 10.0.0.1 10.0.0.1 10.0.0.1)
check_eq "a client behind the proxy has a limit of its own" yes "$(limited "$codes")"
check_eq "another client is not counted with it" 200 "$(xffs 10.0.0.2)"
# each claims another address, the proxy adds the same one: that one counts
codes=$(xffs '10.0.0.11, 10.0.0.5' '10.0.0.12, 10.0.0.5' '10.0.0.13, 10.0.0.5' '10.0.0.14, 10.0.0.5' \
    '10.0.0.15, 10.0.0.5' '10.0.0.16, 10.0.0.5' '10.0.0.17, 10.0.0.5' '10.0.0.18, 10.0.0.5')
check_eq "the address the proxy added counts, not what the client claimed" yes "$(limited "$codes")"
# draining: /healthz says 503 while the server still answers, then it stops
kill -TERM "$server_pid"
wait "$server_pid"
server_pid=
start --requests-per-second 2 --drain-s 2
codes=$(xffs 10.0.0.1 10.0.0.2 10.0.0.3 10.0.0.4 10.0.0.5 10.0.0.6 10.0.0.7 10.0.0.8)
check_eq "without --trust-proxy the header is ignored" yes "$(limited "$codes")"
kill -TERM "$server_pid"
wait_until 5 grep -q "^morph serve: draining for 2 s" "$tmp/out" || bad "a draining server says so"
r=$(curl -s -w '\n%{http_code}' "$base/healthz")
check_eq "a draining server's health check says 503" 503 "$(status "$r")"
check_eq "...and why" "the server is stopping" "$(body "$r" | jq -r .error)"
check_eq "...while it still answers" 200 "$(curl -s -o /dev/null -w '%{http_code}' "$base/")"
wait "$server_pid"
check_eq "then it stops with exit 0" 0 $?
server_pid=
check_error "a proxy that is no address is refused" "serve: --trust-proxy expects IP addresses" $MORPH serve --trust-proxy proxy.local
check_error "an unknown flag is refused" "serve: unknown or incomplete argument '--colour'" $MORPH serve --colour
check_error "a bad port is refused" "serve: --port expects a whole number from 0 to 65535" $MORPH serve --port 70000
check_error "a WAL of less than 16 MiB is refused" "serve: --wal-mib expects a whole number from 16 to 65536" $MORPH serve --wal-mib 8
check_error "--wal-mib is for SQLite" "serve: --wal-mib is for an SQLite file; PostgreSQL keeps its own WAL \(max_wal_size\)" \
    $MORPH serve --db postgresql://nobody@127.0.0.1:1/none --wal-mib 64
finish
