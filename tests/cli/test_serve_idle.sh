#!/usr/bin/env bash
# Games nobody plays through morph serve and curl (issue 24, item 5), with a
# tiny idle time: games made from several loopback addresses leave memory
# once idle (the log says so) and come back identical when asked for; one
# address has at most --running-per-client games running; a restart loads
# only the games whose clocks run; the flags' bad values. The memory figures
# are tests/load/idle.sh's (docs/web.md, "Idle games").
# also on postgresql: tests/run.sh runs it again over a database of its cluster.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/games.sh"
need_games morphos
. "$(dirname "$0")/serve.sh"
serve_scratch_db serve_idle

# from ADDRESS: a game against the AI with one move; prints its id, and
# keeps its seat's token in $tmp/ID.token
from() {
    local made id
    made=$(curl -s --interface "$1" -X POST "$base/api/games" -H 'Content-Type: application/json' \
        -d '{"game":"morphos","options":{"size":5},"seats":[{"kind":"human","mine":true},{"kind":"ai","level":"random"}]}')
    id=$(jq -r .id <<<"$made")
    [ "$id" != null ] || { bad "no game from $1: $made"; return; }
    jq -r '.seats[0].token' <<<"$made" >"$tmp/$id.token"
    curl -s -o /dev/null -X POST "$base/api/games/$id/actions" -H "X-Seat-Token: $(cat "$tmp/$id.token")" \
        -H 'Content-Type: application/json' -d "{\"action\":\"$(jq -r '.state.legal[0].action' <<<"$made")\"}"
    echo "$id"
}
state() { curl -s "$base/api/games/$1" | jq -S .; }

start --idle-s 1 --running-per-client 2
ids=()
for a in 127.0.0.2 127.0.0.2 127.0.0.3 127.0.0.3 127.0.0.4; do ids+=("$(from $a)"); done
check_eq "five games made from three addresses" 5 "$(printf '%s\n' "${ids[@]}" | grep -c '^[a-z2-7]\{10\}$')"
r=$(curl -s --interface 127.0.0.2 -w '\n%{http_code}' -X POST "$base/api/games" -H 'Content-Type: application/json' \
    -d '{"game":"morphos","seats":[{"kind":"human","mine":true},{"kind":"ai","level":"random"}]}')
check_eq "a third running game of one address is refused" 429 "$(status "$r")"
check_eq "saying why" "too many running games from your address: at most 2 at once; finish or resign one first" \
    "$(body "$r" | jq -r .error)"
for id in "${ids[@]}"; do wait_until 10 sh -c "curl -s $base/api/games/$id | jq -e '.to_move == 1 and (.thinking | not)' >/dev/null"; done
for id in "${ids[@]}"; do state "$id" >"$tmp/$id.before"; done
wait_until 10 grep -q "idle games* left memory" "$tmp/out" || bad "no idle game left memory: $(cat "$tmp/out")"
wait_until 10 sh -c "grep -o '[0-9]* idle game' '$tmp/out' | awk '{n += \$1} END {exit n < 5}'" ||
    bad "not every game left memory: $(grep idle "$tmp/out")"
same=0
for id in "${ids[@]}"; do state "$id" | cmp -s - "$tmp/$id.before" && same=$((same + 1)); done
check_eq "each comes back identical when asked for" 5 "$same"
id=${ids[0]}
r=$(api POST "/api/games/$id/actions" "{\"action\":\"$(curl -s "$base/api/games/$id" | jq -r '.legal[0].action')\"}" \
    "$(cat "$tmp/$id.token")")
check_eq "and plays on with its token" 200 "$(status "$r")"

kill -TERM "$server_pid"; wait "$server_pid" 2>/dev/null; server_pid=
start --idle-s 1
if on_postgresql; then
    check_match "a shared database loads games when asked for" "games load when asked for" "$(head -1 "$tmp/out")"
else
    check_match "a restart loads no game without a running clock" \
        "; 0 games with a running clock resumed \(the others load when asked for\)" "$(head -1 "$tmp/out")"
fi
check_eq "which load when asked for" "$(cat "$tmp/${ids[4]}.before")" "$(state "${ids[4]}")"
kill -TERM "$server_pid"; wait "$server_pid" 2>/dev/null; server_pid=

check_error "--idle-s out of range" "^morph: serve: --idle-s expects a whole number from 0 to 2678400, got '-1'" \
    $MORPH serve --idle-s -1
check_error "--abandon-days out of range" "^morph: serve: --abandon-days expects a whole number from 0 to 3650, got 'soon'" \
    $MORPH serve --abandon-days soon
check_error "--running-per-client out of range" \
    "^morph: serve: --running-per-client expects a whole number from 1 to 1000000, got '0'" \
    $MORPH serve --running-per-client 0
finish
