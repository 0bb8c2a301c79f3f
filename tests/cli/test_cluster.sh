#!/usr/bin/env bash
# Three `morph serve` over one PostgreSQL database behind HAProxy
# (scripts/cluster.sh, a database of the test run's cluster). Two players
# whose requests land on different servers (P1 on server 1, P2 on server 2)
# play a whole game while a spectator watches through server 3; an AI game
# made through server 3 runs meanwhile. In the middle server 3 is killed
# with kill -9. Then: the players go on through HAProxy, the spectator's
# stream resumes through HAProxy with Last-Event-ID and has every action
# once, the AI game goes on from another server (its work taken over), every
# acknowledged action is stored once, and every stored game replays with
# `morph replay`. Accounts: a session made through one server is good on the
# others, a challenge accepted through one is found by the challenger's page
# on another; a rated game with a 4 s clock made through server 3 is lost on
# time after server 3 dies (another server ends it, once; both ratings move). The finished game's analysis asked
# through server 1 and again through server 2 runs once (on server 1), and a
# stream of it held on server 2 ends with the result. A move through one server reaches a stream held by
# another within 100 ms (the median; each figure is printed).
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
cluster_pid=
watchers=()
db=
cleanup() {
    for w in "${watchers[@]}"; do kill -TERM "$w" 2>/dev/null; done
    [ -n "$cluster_pid" ] && kill -TERM "$cluster_pid" 2>/dev/null && wait "$cluster_pid" 2>/dev/null
    [ -n "$db" ] && dropdb --if-exists --force "${db##*/}" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT

if [ -z "${MORPH_TEST_PG:-}" ]; then
    bad "this test needs the PostgreSQL cluster of the test run (MORPH_TEST_PG, set by tests/run.sh)"
    finish
    exit 1
fi

# api BASE METHOD PATH [BODY] [TOKEN]: prints the body, then the status on the last line.
api() { http_call "$@"; }

# ---- the cluster ----
db=$(MORPH_TEST_STORE=postgresql test_db cluster -) || exit 1
bash "$root/scripts/cluster.sh" --servers 3 --port 0 --pg "$db" --morph "$MORPH" --state "$tmp/state" -- \
    --ai-threads 1 --games-per-minute 100000 --requests-per-second 100000 --analysis-ms 50 --analysis-nice 0 >"$tmp/cluster.out" 2>&1 &
cluster_pid=$!
if ! wait_until 90 test -s "$tmp/state"; then
    bad "the cluster did not start: $(cat "$tmp/cluster.out")"
    finish
    exit 1
fi
. "$tmp/state"
s1=$server1_url s2=$server2_url s3=$server3_url
for s in "$s1" "$s2" "$s3" "$url"; do
    check_eq "healthy: $s" ok "$(curl -s "$s/healthz" | jq -r .status)"
done
check_eq "every server has an id of its own" 3 \
    "$(for s in "$s1" "$s2" "$s3"; do curl -s "$s/healthz" | jq -r .server; done | sort -u | wc -l)"

# spectate FIRST GAME FILE: the live stream of GAME through FIRST, then again
# through HAProxy with the last id seen as Last-Event-ID whenever it ends.
spectate() {
    local base=$1 last=-1 curl_pid= # -1: every action from the first
    trap '[ -n "$curl_pid" ] && kill "$curl_pid" 2>/dev/null; exit 0' TERM
    while :; do
        curl -sN -H "Last-Event-ID: $last" "$base/api/games/$2/events" >>"$3" &
        curl_pid=$!
        wait "$curl_pid"
        curl_pid=
        last=$(grep '^id: ' "$3" | tail -1 | cut -d' ' -f2)
        echo "resumed after $last" >>"$3.resumed"
        base=$url
        sleep 0.1
    done
}
# action_ids FILE: the ids of the action events of a stream, one a line.
action_ids() { awk '/^id: / {id = $2} /^event: action/ {print id}' "$1"; }


# ---- two players on two servers, a spectator on the third ----
r=$(api "$s1" POST /api/games '{"game":"morphos","options":{"size":7},"seats":[{"kind":"human","mine":true},{"kind":"human"}]}')
check_eq "P1 makes a game through server 1" 201 "$(status "$r")"
id=$(body "$r" | jq -r .id)
token[1]=$(body "$r" | jq -r '.seats[0].token')
code=$(body "$r" | jq -r '.invitations[0].code')
r=$(api "$s2" POST /api/join "{\"code\":\"$code\"}")
check_eq "P2 joins through server 2" 200 "$(status "$r")"
token[2]=$(body "$r" | jq -r .token)
spectate "$s3" "$id" "$tmp/game.sse" &
watchers+=($!)
wait_until 10 grep -q '^event: state' "$tmp/game.sse" || bad "the spectator's stream on server 3 starts"

# The delay of a move to the spectator is measured without starting a
# process (date, grep, sleep or a $(...) each cost milliseconds on a busy
# machine, which the figure would count): the clock is $EPOCHREALTIME (its
# digits: microseconds), the stream is read from an open descriptor, and a
# pause is a read with a timeout of a pipe that nobody writes to.
exec {pause}<> <(:)
exec {sse}<"$tmp/game.sse"
sse_rest= # a line of the stream not yet ended by its newline
# seen_id ID MS: the spectator's stream has event ID, polled every 2 ms
# (false after MS).
seen_id() {
    local line deadline=$(( ${EPOCHREALTIME//[!0-9]/} + $2 * 1000 ))
    while [ "${EPOCHREALTIME//[!0-9]/}" -lt $deadline ]; do
        while IFS= read -r line <&$sse; do
            line=$sse_rest$line sse_rest=
            [ "$line" = "id: $1" ] && return 0
        done
        sse_rest+=$line
        read -r -t 0.002 <&$pause
    done
    return 1
}

# play N BASE1 BASE2: N moves (or to the end), P1 through BASE1 and P2 through
# BASE2; each move the first legal action with the state's version, retried
# after a failure (a server dying); acknowledged moves go to $tmp/acked as
# "INDEX ACTION". With measure, the time from the answer until the spectator
# has it too.
play() {
    local n=$1 b1=$2 b2=$3 measure=${4:-} moved=0 tries=0
    while [ $moved -lt "$n" ] && [ $tries -lt 400 ]; do
        tries=$((tries + 1))
        local s
        s=$(curl -s "$url/api/games/$id")
        [ "$(jq -r .status <<<"$s")" = finished ] && return 0
        local seat=$(jq -r .to_move <<<"$s") a=$(jq -r '.legal[0].action' <<<"$s") v=$(jq -r .version <<<"$s")
        local count=$(jq -r .count <<<"$s") base=$b1
        [ "$seat" = 2 ] && base=$b2
        r=$(api "$base" POST "/api/games/$id/actions" "{\"action\":\"$a\",\"version\":$v}" "${token[$seat]}")
        local answered=${EPOCHREALTIME//[!0-9]/}
        [ "${r##*$'\n'}" = 200 ] || continue # the status, the last line
        if [ -n "$measure" ]; then
            seen_id "$count" 4000
            echo $(( (${EPOCHREALTIME//[!0-9]/} - answered) / 1000 )) >>"$tmp/delays"
        fi
        echo "$count $a" >>"$tmp/acked"
        moved=$((moved + 1))
    done
}

play 8 "$s1" "$s2" measure
check_eq "8 moves, P1 through server 1 and P2 through server 2" 8 "$(wc -l <"$tmp/acked")"
median=$(sort -n "$tmp/delays" | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
echo "a move through server 1 or 2 seen by the spectator on server 3: median ${median} ms (from its answer to" \
     "the event in the stream, polled every 2 ms; each: $(tr '\n' ' ' <"$tmp/delays"))"
if [ "${median:-1000}" -lt 100 ]; then ok; else bad "a move reaches another server's stream in ${median:-?} ms (median), over 100 ms"; fi

# ---- accounts and a rated game with a clock across the servers ----
# as JAR BASE METHOD PATH [BODY]: a browser with its cookie jar (its Origin,
# the server's own, on changes); prints the body then the status.
as() {
    local args=(-s -b "$tmp/$1" -c "$tmp/$1" -X "$3" -w '\n%{http_code}')
    [ "$3" != GET ] && args+=(-H "Origin: $2")
    [ -n "${5:-}" ] && args+=(-H 'Content-Type: application/json' --data-binary "$5")
    curl "${args[@]}" "$2$4"
}
check_eq "alice signs up through server 1" 201 \
    "$(status "$(as a "$s1" POST /api/accounts '{"name":"alice","password":"alice: a long pass phrase"}')")"
check_eq "bob signs up through server 2" 201 \
    "$(status "$(as b "$s2" POST /api/accounts '{"name":"bob","password":"bob: another pass phrase"}')")"
check_eq "alice's session is good on server 2" alice "$(body "$(as a "$s2" GET /api/me)" | jq -r .name)"
check_eq "and on server 3" alice "$(body "$(as a "$s3" GET /api/me)" | jq -r .name)"
r=$(as a "$s1" POST /api/lobby '{"game":"morphos","options":{"size":5}}')
check_eq "alice's challenge through server 1" 201 "$(status "$r")"
cid=$(body "$r" | jq -r .challenge.id)
check_eq "in the lobby of server 2" "$cid" "$(body "$(as b "$s2" GET /api/lobby)" | jq -r '.challenges[0].id')"
r=$(as b "$s2" POST "/api/lobby/$cid/accept" '{}')
check_eq "bob accepts it through server 2" 201 "$(status "$r")"
lobby_game=$(body "$r" | jq -r .id)
wait_until 5 sh -c "curl -s -b $tmp/a $s1/api/lobby | jq -e '.accepted.\"$cid\" == \"$lobby_game\"'" ||
    bad "alice's page on server 1 finds the game her challenge became"
check_eq "alice resigns it through server 1 (before both moved: not rated)" 200 \
    "$(status "$(as a "$s1" POST "/api/games/$lobby_game/resign" '{}')")"
# ---- an AI game through server 3, watched through HAProxy ----
# Made just before server 3 dies, so that it is under way then whatever the
# time the checks above took (a 13x13 game of two 300 ms AIs lasts a minute
# or so; on a busy machine the checks above took longer than that).
r=$(api "$s3" POST /api/games '{"game":"morphos","options":{"size":13},"seats":[{"kind":"ai","level":"mcts","ms":300},{"kind":"ai","level":"mcts","ms":300}]}')
check_eq "an AI game made through server 3" 201 "$(status "$r")"
ai=$(body "$r" | jq -r .id)
spectate "$url" "$ai" "$tmp/ai.sse" &
watchers+=($!)
wait_until 20 sh -c "curl -s $url/api/games/$ai | jq -e '.count >= 2'" || bad "the AI game starts"

r=$(as a "$s3" POST /api/games '{"game":"morphos","options":{"size":5},"rated":true,"clock":{"initial_s":4,"increment_s":0},"seats":[{"kind":"human","mine":true},{"kind":"human"}]}')
check_eq "a rated game with a 4 s clock made through server 3" 201 "$(status "$r")"
clocked=$(body "$r" | jq -r .id)
r=$(as b "$s2" POST /api/join "{\"code\":\"$(body "$r" | jq -r '.invitations[0].code')\"}")
check_eq "bob takes its seat through server 2" 200 "$(status "$r")"
check_eq "alice moves through server 3" 200 "$(status "$(as a "$s3" POST "/api/games/$clocked/actions" '{"action":"c3"}')")"
check_eq "bob moves through server 1" 200 "$(status "$(as b "$s1" POST "/api/games/$clocked/actions" '{"action":"b2"}')")"
check_eq "alice's clock runs" 1 "$(curl -s "$s2/api/games/$clocked" | jq -r .clock.running)"

# ---- kill -9 of server 3 in the middle ----
ai_before=$(curl -s "$url/api/games/$ai" | jq -r .count)
check_eq "the AI game is under way" playing "$(curl -s "$url/api/games/$ai" | jq -r .status)"
kill -9 "$server3_pid"
check_eq "server 3 is gone" "" "$(curl -s --max-time 2 "$s3/healthz")"

play 200 "$url" "$url"
s=$(curl -s "$url/api/games/$id")
check_eq "the game was played to its end through HAProxy" finished "$(jq -r .status <<<"$s")"
count=$(jq -r .count <<<"$s")
wait_until 20 grep -q "^id: $((count - 1))\$" "$tmp/game.sse" || bad "the spectator heard the last move"
check_match "the spectator's stream resumed through HAProxy" "resumed after [0-9]+" "$(head -1 "$tmp/game.sse.resumed" 2>/dev/null)"
check_eq "the spectator has every action once, in order" "$(seq 0 $((count - 1)) | tr '\n' ' ')" \
    "$(action_ids "$tmp/game.sse" | tr '\n' ' ')"

# the AI game goes on from server 1 or 2 once server 3 is seen dead
wait_until 240 sh -c "curl -s $url/api/games/$ai | jq -e '.status == \"finished\"'" ||
    bad "the AI game finished on another server"
ai_state=$(curl -s "$url/api/games/$ai")
ai_count=$(jq -r .count <<<"$ai_state")
[ "$ai_count" -gt "$ai_before" ] || bad "the AI game went on after the kill ($ai_before actions then, $ai_count now)"
check_match "the AI seat went on from another server" "^[0-9]+ [0-9]+$" "$ai_before $ai_count"
echo "the AI game: $ai_before actions when server 3 was killed, $ai_count at its end (on servers 1 and 2)"
wait_until 20 grep -q "^id: $((ai_count - 1))\$" "$tmp/ai.sse" || bad "the AI game's spectator heard its end"
check_eq "the AI game's spectator has every action once, in order" "$(seq 0 $((ai_count - 1)) | tr '\n' ' ')" \
    "$(action_ids "$tmp/ai.sse" | tr '\n' ' ')"

# alice's clock ran out after server 3 died: another server ended the game on time
wait_until 30 sh -c "curl -s $url/api/games/$clocked | jq -e '.status == \"finished\"'" ||
    bad "the clocked game ended on time on another server"
check_eq "lost on time" time "$(curl -s "$url/api/games/$clocked" | jq -r .result.how)"
check_eq "the history says it once" "timeout 1" \
    "$(curl -s "$url/api/games/$clocked" | jq -r '[.history[] | select(.action | startswith("timeout")) | .action] | join(",")')"
check_eq "alice's rating went down" true "$([ "$(curl -s "$url/api/players/alice" | jq -r .ratings.morphos.rating)" -lt 1500 ] && echo true)"
check_eq "bob's rating went up, once" 1 "$(curl -s "$url/api/players/bob" | jq -r .ratings.morphos.games)"

# ---- an analysis asked through server 1, followed through server 2 ----
r=$(api "$s1" POST "/api/games/$id/analysis")
check_match "the finished game's analysis asked through server 1" "^20[02]$" "$(status "$r")"
r=$(api "$s2" POST "/api/games/$id/analysis")
check_match "asked again through server 2: the same one, not a second" "^20[02]$" "$(status "$r")"
curl -sN --max-time 180 -H 'Accept: text/event-stream' "$s2/api/games/$id/analysis/events" >"$tmp/analysis.sse" ||
    bad "the analysis's stream on server 2 did not end by itself"
last=$(awk '/^event: /{e = substr($0, 8)} END {print e}' "$tmp/analysis.sse")
check_eq "server 2's stream ends with the result" done "$last"
streamed=$(awk '/^event: done/{d = 1} d && /^data: /{print substr($0, 7); exit}' "$tmp/analysis.sse" | jq -c .analysis)
r=$(api "$s1" GET "/api/games/$id/analysis")
check_eq "done: read through server 1" "200 done" "$(status "$r") $(body "$r" | jq -r .status)"
check_eq "the same analysis through server 2's stream and through HAProxy" "$streamed" \
    "$(curl -s "$url/api/games/$id/analysis" | jq -c .analysis)"
check_eq "every move judged" "$(jq -r .count <<<"$s")" "$(jq '.decisions | length' <<<"$streamed")"
. "$tmp/state"
check_eq "analysed once, by server 1" "1 0" \
    "$(grep -c "analysed game $id here" "$dir/server1.log") $(grep -c "analysed game $id here" "$dir/server2.log")"
check_eq "its work ended with it" 0 "$(psql -XAtq -d "${db##*/}" -c "SELECT count(*) FROM work WHERE kind = 'analysis'")"

# ---- what is stored ----
check_exit "every game exported from the database" 0 "$MORPH" serve --db "$db" --export "$tmp/records"
check_eq "the four games stored" 4 "$(ls "$tmp/records" | wc -l)"
for f in "$tmp/records"/*.json; do
    check_exit "$(basename "$f") replays with morph replay" 0 "$MORPH" replay "$f"
done
stored=$(jq -r '.actions | to_entries[] | "\(.key) \(.value)"' "$tmp/records/$id.json")
check_eq "every acknowledged action is stored once, where it was acknowledged" "$(sort -n "$tmp/acked")" \
    "$(grep -Fxf "$tmp/acked" <<<"$stored" | sort -n)"
check_eq "no other action than the acknowledged ones" "$(wc -l <"$tmp/acked")" "$(wc -l <<<"$stored")"
check_eq "the stored result is the one the players saw" "$(jq -c '.result | del(.text)' <<<"$s")" \
    "$(jq -c .result "$tmp/records/$id.json")"

# ---- the cluster stops cleanly (the two servers left, HAProxy, PostgreSQL's database stays) ----
for w in "${watchers[@]}"; do kill -TERM "$w" 2>/dev/null; done
watchers=()
kill -TERM "$cluster_pid"
wait "$cluster_pid"
check_eq "the servers left stop cleanly" 0 $?
cluster_pid=
check_match "the killed server is reported as killed" "server 3 had been killed" "$(cat "$tmp/cluster.out")"
finish
