#!/usr/bin/env bash
# The attacks of docs/web.md ("Attacks measured") in short forms against a
# real morph serve, each from loopback addresses 127.0.0.2 and up (no set-up
# needed on Linux) while 127.0.0.1 checks what it gets; the long forms and
# their figures are tests/load/attacks.py's. Slow headers from 6 addresses
# holding more connections than the server allows in all: the slow ones are
# closed after --request-s and another address is answered at once; a hint
# flood from one address: sign-ins from another all succeed; 12 addresses
# holding all the streams they may: a new watcher, a player and the lobby
# still get theirs. Then over curl: two Origin headers, Sec-Fetch-Site
# cross-site with a good Origin, the device cookie, and the warning of a
# server on the network without --origin.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/serve.sh"
attacks="python3 $(dirname "$0")/../load/attacks.py"
serve_scratch

# summary LINE: "STATUSES|P99_MS" of a line "... statuses {...}; latency p50 X ms, p99 Y ms, ..."
summary() { sed -nE 's/.*statuses (\{[^}]*\}); latency p50 [0-9a-z]+ ms, p99 ([0-9a-z]+) ms.*/\1|\2/p' <<<"$1"; }
fast() { [ "$1" != nan ] && [ "$1" -lt "$2" ]; }

# ---- slow headers ----
out=$($attacks "$MORPH" slow --addrs 6 --conns 12 --interval 1 --duration 8 -- --request-s 2 --max-connections 40 \
    --max-connections-per-client 8 2>&1)
check_eq "slow headers: the server stopped cleanly" 0 $?
closed=$(sed -nE 's/.*the server closed ([0-9]+) .*/\1/p' <<<"$out")
check_match "slow connections are closed after --request-s" "^[1-9][0-9]*$" "$closed"
IFS="|" read -r codes p99 <<<"$(summary "$(grep '127.0.0.1 GET' <<<"$out")")"
check_match "another address is answered every time" "^\{200: [0-9]+\}$" "$codes"
fast "$p99" 1000 && ok || bad "another address: p99 $p99 ms (1000 at most): $out"

# ---- a hint flood against sign-ins ----
out=$($attacks "$MORPH" hints --duration 8 --games 5 --signins 4 -- --hint-ms 200 2>&1)
check_eq "hints: the server stopped cleanly" 0 $?
check_match "the flood was refused in part" "statuses \{200: [0-9]+, (409: [0-9]+, )?429: [0-9]+\}" "$(grep '^hints' <<<"$out")"
IFS="|" read -r codes p99 <<<"$(summary "$(grep 'sign-ins during' <<<"$out")")"
IFS="|" read -r _ calm <<<"$(summary "$(grep 'sign-ins before' <<<"$out")")"
check_eq "every sign-in from another address succeeds" "{200: 4}" "$codes"
# 2 s (sanitizers on), or three times a sign-in before the flood on a
# machine that loaded: the flood must not be what slows them
bound=2000
[ "$calm" != nan ] && [ $((3 * calm)) -gt $bound ] && bound=$((3 * calm))
fast "$p99" "$bound" && ok || bad "sign-ins during the flood: p99 $p99 ms ($bound at most; $calm before it): $out"

# ---- all the streams a few addresses may hold ----
out=$($attacks "$MORPH" streams --addrs 12 --conns 8 -- --max-streams 64 --max-streams-per-client 8 \
    --max-streams-per-game 24 2>&1)
check_eq "streams: the server stopped cleanly" 0 $?
check_match "the game's watchers beyond its limit are refused" "statuses \{200: 42, 429: 54\}" "$out"
check_match "a new watcher, a player and the lobby get their streams" \
    "a new watcher from 127.0.0.1: 200, the player from 127.0.0.251: 200, the lobby from 127.0.0.252: 200" "$out"

# ---- headers and cookies over curl ----
start
headers=$(curl -s -D - -o /dev/null -H "Origin: $base" -H 'Content-Type: application/json' \
    --data-binary '{"name":"alice","password":"alice: a long pass phrase"}' "$base/api/accounts")
check_match "sign-up gives the device cookie" \
    "Set-Cookie: morph_device=[a-z2-7]{16}\.[0-9a-f]{32}; Path=/api/; Max-Age=31536000; HttpOnly; SameSite=Strict" "$headers"
code() { curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' "$@" --data-binary '{"game":"morphos"}' "$base/api/games"; }
check_eq "a good Origin alone: made" 201 "$(code -H "Origin: $base")"
check_eq "a good Origin and Sec-Fetch-Site: cross-site: refused" 403 "$(code -H "Origin: $base" -H 'Sec-Fetch-Site: cross-site')"
check_eq "two Origin headers: refused" 400 "$(code -H "Origin: $base" -H "Origin: $base")"
check_eq "two Sec-Fetch-Site headers: refused" 400 "$(code -H 'Sec-Fetch-Site: same-origin' -H 'Sec-Fetch-Site: same-origin')"
kill "$server_pid"
wait "$server_pid"
check_eq "the server stopped cleanly" 0 $?
server_pid=

# ---- the warning of a server on the network without --origin ----
# (a database that cannot be made stops it before it listens)
err=$($MORPH serve --host 0.0.0.0 --port 0 --db /proc/morph-none/x.db 2>&1)
check_match "0.0.0.0 without --origin: a warning" "warning: listening on 0.0.0.0 without --origin" "$err"
err=$($MORPH serve --host :: --port 0 --origin https://play.example.org --db /proc/morph-none/x.db 2>&1)
check_eq "with --origin: none" "" "$(grep -c warning <<<"$err" | grep -v '^0$')"
err=$($MORPH serve --host 127.0.0.2 --port 0 --db /proc/morph-none/x.db 2>&1)
check_eq "on loopback: none" "" "$(grep -c warning <<<"$err" | grep -v '^0$')"
finish
