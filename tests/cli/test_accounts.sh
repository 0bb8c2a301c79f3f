#!/usr/bin/env bash
# Accounts, ratings, clocks, the lobby and chat against curl: a real morph
# serve on a free port with --log-requests. Signing up and in with a cookie
# jar (the cookie's attributes), the origin check of cookie requests, a
# rated game with a 2-second clock that the server ends on time by itself
# while no client is connected, both ratings moved, the lobby and quick
# pairing, chat, a restart that keeps the clocks, and no password, session
# id or seat token anywhere in the server's output.
# also on postgresql: tests/run.sh runs it again over a database of its cluster.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
db=$(test_db accounts "$tmp/morph.db") || exit 1
server_pid=
cleanup() {
    [ -n "$server_pid" ] && kill -9 "$server_pid" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT


started() { tail -n +$((lines + 1)) "$tmp/out" | grep -q "^Open http"; }
start() {
    $MORPH serve --port 0 --db "$db" --ai-threads 1 --log-requests "$@" >>"$tmp/out" 2>>"$tmp/err" &
    server_pid=$!
    if ! wait_until 20 started; then
        bad "server did not start: $(cat "$tmp/out" "$tmp/err")"
        exit 1
    fi
    port=$(tail -n +$((lines + 1)) "$tmp/out" | grep -oE '127\.0\.0\.1:[0-9]+' | tail -1 | cut -d: -f2)
    base=http://127.0.0.1:$port
}
lines=0

# as JAR METHOD PATH [BODY] [TOKEN]: a browser with its cookie jar (its Origin
# on changes); prints the body then the status.
as() {
    local jar=$1 method=$2 path=$3 body=${4:-} token=${5:-}
    local args=(-s -b "$tmp/$jar" -c "$tmp/$jar" -X "$method" -w '\n%{http_code}')
    [ "$method" != GET ] && args+=(-H "Origin: $base")
    [ -n "$body" ] && args+=(-H 'Content-Type: application/json' --data-binary "$body")
    [ -n "$token" ] && args+=(-H "X-Seat-Token: $token")
    curl "${args[@]}" "$base$path"
}
body() { sed '$d' <<<"$1"; }
status() { tail -n1 <<<"$1"; }

start
pw_a='alice: a long pass phrase'
pw_b='bob: another pass phrase'

# ---- accounts ----
headers=$(curl -s -D - -o /dev/null -c "$tmp/a" -H "Origin: $base" -H 'Content-Type: application/json' \
    --data-binary "{\"name\":\"alice\",\"password\":\"$pw_a\"}" "$base/api/accounts")
check_match "sign-up answers 201" "^HTTP/1.1 201" "$headers"
check_match "an HttpOnly, SameSite=Lax session cookie" \
    "Set-Cookie: morph_session=[a-z2-7]{32}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax" "$headers"
session_a=$(awk '$6 == "morph_session" {print $7}' "$tmp/a")
check_eq "signed in" alice "$(body "$(as a GET /api/me)" | jq -r .name)"
check_eq "a taken name (any case): 409" 409 "$(status "$(as x POST /api/accounts "{\"name\":\"ALICE\",\"password\":\"$pw_b\"}")")"
r=$(as b POST /api/accounts "{\"name\":\"bob\",\"password\":\"$pw_b\"}")
check_eq "a second account" 201 "$(status "$r")"
check_eq "a wrong password: 401" 401 "$(status "$(as x POST /api/login '{"name":"alice","password":"not the password"}')")"
check_eq "an unknown name: the same answer" "$(body "$(as x POST /api/login '{"name":"alice","password":"not the password"}')")" \
    "$(body "$(as x POST /api/login '{"name":"nobody","password":"not the password"}')")"
check_eq "signing in again" 200 "$(status "$(as a2 POST /api/login "{\"name\":\"alice\",\"password\":\"$pw_a\"}")")"
check_eq "signed out" false "$(body "$(as a2 POST /api/logout '{}')" | jq -r .signed_in)"
check_eq "the cookie is gone" false "$(body "$(as a2 GET /api/me)" | jq -r .signed_in)"

# ---- cookie requests from elsewhere ----
r=$(curl -s -b "$tmp/a" -H 'Origin: http://evil.example' -H 'Content-Type: application/json' -w '\n%{http_code}' \
    --data-binary '{"game":"morphos"}' "$base/api/lobby")
check_eq "a cookie request from another site: 403" 403 "$(status "$r")"
r=$(curl -s -b "$tmp/a" -H 'Content-Type: application/json' -w '\n%{http_code}' --data-binary '{"everywhere":true}' "$base/api/logout")
check_eq "a cookie request that names no origin: 403" 403 "$(status "$r")"
check_eq "nothing was done" alice "$(body "$(as a GET /api/me)" | jq -r .name)"
check_eq "the lobby is still empty" 0 "$(body "$(as a GET /api/lobby)" | jq '.challenges | length')"

# ---- a rated game with a short clock, lost on time with nobody connected ----
r=$(as a POST /api/games '{"game":"morphos","options":{"size":5},"rated":true,"clock":{"initial_s":2,"increment_s":0},"seats":[{"kind":"human","mine":true},{"kind":"human"}]}')
check_eq "a rated game with a clock" 201 "$(status "$r")"
id=$(body "$r" | jq -r .id)
ta=$(body "$r" | jq -r '.seats[0].token')
code=$(body "$r" | jq -r '.invitations[0].code')
check_eq "no clock runs before the last seat is taken" null "$(curl -s "$base/api/games/$id" | jq -r .clock.running)"
# From the join each player has 2 s: the requests go first, one process
# each, and are checked after (a jq or a sed started in between can take
# a second of them on a busy machine).
r=$(as b POST /api/join "{\"code\":\"$code\"}")
joined=$(curl -s "$base/api/games/$id")
moved_a=$(as a POST "/api/games/$id/actions" '{"action":"c3"}')
[[ $r =~ \"token\":\"([^\"]*)\" ]] && tb=${BASH_REMATCH[1]} || tb=
moved_b=$(as nobody POST "/api/games/$id/actions" '{"action":"b2"}' "$tb")
check_eq "bob takes the seat (his account)" bob "$(jq -r '.seats[1].account' <<<"$joined")"
check_eq "then the clock runs for P1" 1 "$(jq -r .clock.running <<<"$joined")"
check_eq "alice moves with her cookie alone" 200 "$(status "$moved_a")"
check_eq "bob moves with his seat token" 200 "$(status "$moved_b")"
# nobody connected now; the server ends the game when alice's 2 s run out
wait_until 10 sh -c "curl -s $base/api/games/$id | jq -e '.status == \"finished\"'" || bad "the server ended the game on time"
s=$(curl -s "$base/api/games/$id")
check_eq "lost on time" time "$(jq -r .result.how <<<"$s")"
check_eq "bob wins" 2 "$(jq -r '.result.winners[0]' <<<"$s")"
check_eq "the history says it" "timeout 1" "$(jq -r .last.action <<<"$s")"
ra=$(curl -s "$base/api/players/alice" | jq -r .ratings.morphos.rating)
rb=$(curl -s "$base/api/players/bob" | jq -r .ratings.morphos.rating)
check_eq "alice's rating went down" true "$([ "$ra" -lt 1500 ] && echo true)"
check_eq "bob's rating went up" true "$([ "$rb" -gt 1500 ] && echo true)"
check_eq "the leaderboard" "bob alice" "$(curl -s "$base/api/leaderboard/morphos" | jq -r '[.players[].name] | join(" ")')"
check_eq "the server said why" 1 "$(grep -c "game $id: P1 ran out of time; the game is over" "$tmp/out")"

# ---- the lobby ----
r=$(as a POST /api/lobby '{"game":"morphos","options":{"size":7},"clock":{"initial_s":300,"increment_s":3}}')
check_eq "a challenge" 201 "$(status "$r")"
cid=$(body "$r" | jq -r .challenge.id)
check_eq "listed with its clock" "5+3" "$(curl -s "$base/api/lobby" | jq -r '.challenges[0].clock.name')"
check_eq "with alice's rating" "$ra" "$(curl -s "$base/api/lobby" | jq -r '.challenges[0].rating')"
r=$(as b POST "/api/lobby/$cid/accept" '{}')
check_eq "bob accepts" 201 "$(status "$r")"
game=$(body "$r" | jq -r .id)
check_eq "alice finds her game" "$game" "$(curl -s "$base/api/lobby" | jq -r --arg c "$cid" '.accepted[$c]')"
check_eq "both hold a seat" "alice bob" "$(curl -s "$base/api/games/$game" | jq -r '[.seats[].account] | sort | join(" ")')"
mover=$(curl -s "$base/api/games/$game" | jq -r '.seats[.to_move - 1].account')
jar=$([ "$mover" = alice ] && echo a || echo b)
check_eq "your games: your turn first" "$game true" "$(body "$(as "$jar" GET /api/me/games)" | jq -r '.games[0] | "\(.id) \(.your_turn)"')"
check_eq "quick pairing waits" 202 "$(status "$(as a POST /api/lobby/quick '{"game":"morpyam","clock":{"initial_s":60,"increment_s":1}}')")"
check_eq "and meets the next seek" 201 "$(status "$(as b POST /api/lobby/quick '{"game":"morpyam","clock":{"initial_s":60,"increment_s":1}}')")"

# ---- chat ----
check_eq "players chat" 201 "$(status "$(as a POST "/api/games/$game/chat" '{"channel":"players","text":"<i>hello</i>"}')")"
check_eq "kept as text" "<i>hello</i>" "$(body "$(as b GET "/api/games/$game/chat?channel=players")" | jq -r '.messages[0].text')"
check_eq "spectators cannot read the players" 403 "$(status "$(as nobody GET "/api/games/$game/chat?channel=players")")"
check_eq "a spectator needs an account to write" 401 "$(status "$(as nobody POST "/api/games/$game/chat" '{"channel":"spectators","text":"hi"}')")"

# ---- a restart keeps the clocks ----
# (after the first moves: a seat's time runs from its second turn on)
other=$([ "$jar" = a ] && echo b || echo a)
check_eq "the first move" 200 "$(status "$(as "$jar" POST "/api/games/$game/actions" '{"action":"d4"}')")"
check_eq "the other's first move" 200 "$(status "$(as "$other" POST "/api/games/$game/actions" '{"action":"c3"}')")"
# The clock may charge the time the server was up (a loaded machine can
# be slow to stop and start), never the 2 s it was down: what it charged
# is less than the whole time between the two answers minus those 2 s
# (half of them spared for the requests' own time).
since=$(date +%s%3N)
left=$(curl -s "$base/api/games/$game" | jq -r '.clock.left_ms | add')
kill -TERM "$server_pid"; wait "$server_pid"; server_pid=
lines=$(wc -l <"$tmp/out")
sleep 2
start
after=$(curl -s "$base/api/games/$game" | jq -r '.clock.left_ms | add')
elapsed=$(( $(date +%s%3N) - since ))
if on_postgresql; then
    # a cluster's clock runs on while any server runs: charged from the last
    # write, so at least the 2 s the server was down
    check_eq "the clock ran on from the last write ($((left - after)) ms)" true "$([ $((left - after)) -ge 1500 ] && echo true)"
else
    check_eq "the time down was not charged ($((left - after)) ms of $elapsed)" true "$([ $((left - after)) -lt $((elapsed - 1000)) ] && echo true)"
fi
check_eq "the session survives too" alice "$(body "$(as a GET /api/me)" | jq -r .name)"

# ---- nothing secret in what the server printed ----
kill -TERM "$server_pid"; wait "$server_pid"; server_pid=
all="$tmp/out $tmp/err"
for secret in "$pw_a" "$pw_b" "$session_a" "$ta" "$tb" argon2id; do
    check_eq "no secret in the server's output (${secret:0:6}...)" 0 "$(cat $all | grep -cF -- "$secret")"
done
check_match "the requests were logged" "POST /api/login 401 127.0.0.1" "$(cat "$tmp/out")"
check_match "with their account" "GET /api/me 200 127.0.0.1 alice" "$(cat "$tmp/out")"
finish
