#!/usr/bin/env bash
# Post-game analysis through morph serve and curl: a finished game analysed
# in the background (its live stream read with curl -N: progress events,
# then the result, and the stream ends), the result stored, returned again
# after a restart, its stream then the result alone; an unfinished game refused; a record uploaded by the
# replay viewer analysed in memory; refusals. No fixed sleeps.
# also on postgresql: tests/run.sh runs it again over a database of its cluster.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/games.sh"
need_games morphos

# start, api, body, status, serve_scratch_db
. "$(dirname "$0")/serve.sh"
serve_scratch_db serve_analysis
stop() {
    kill -TERM "$server_pid"; wait "$server_pid" 2>/dev/null; server_pid=
}
done_status() { [ "$(curl -s "$base$1" | jq -r .status)" = done ]; }
# events PATH [LAST-EVENT-ID]: the stream to its end, one "EVENT DATA" line
# an event; the stream ends by itself after its last (no --max-time hit).
events() {
    local args=(-sN --max-time 120 -H 'Accept: text/event-stream')
    [ -n "${2:-}" ] && args+=(-H "Last-Event-ID: $2")
    curl "${args[@]}" "$base$1" >"$tmp/stream" || bad "the stream of $1 did not end by itself (curl: $?)"
    awk '/^event: /{e=substr($0,8)} /^data: /{print e " " substr($0,7)}' "$tmp/stream"
}

start --analysis-ms 100

# Two random AIs play a 5x5 game to the end.
r=$(api POST /api/games '{"game":"morphos","options":{"size":5},"seats":[{"kind":"ai","level":"random"},{"kind":"ai","level":"random"}]}')
check_eq "created" 201 "$(status "$r")"
g=$(body "$r" | jq -r .id)
wait_until 60 sh -c "curl -s $base/api/games/$g | jq -e '.result != null'" || bad "the AI game did not end"
count=$(curl -s "$base/api/games/$g" | jq .count)

r=$(api GET "/api/games/$g/analysis")
check_eq "no analysis before one is asked for" '200 {"status":"none"}' "$(status "$r") $(body "$r")"
r=$(api POST "/api/games/$g/analysis")
check_match "started: 202 (or 200 when already done)" "^20[02]$" "$(status "$r")"
check_match "its progress" '^"(queued|running|done)"$' "$(body "$r" | jq -c .status)"
ev=$(events "/api/games/$g/analysis/events")
check_match "the stream: progress events, then the result, the last" '^(progress )+done $' \
    "$(cut -d' ' -f1 <<<"$ev" | tr '\n' ' ')"
check_eq "progress: decisions done of the total, never going back" true \
    "$(grep '^progress ' <<<"$ev" | cut -d' ' -f2- | jq -s --argjson n "$count" \
        '(map(.total) | unique == [$n]) and (map(.done) == (map(.done) | sort)) and (map(.status | IN("queued","running")) | all)')"
check_eq "the stream's ids grow" true "$(grep '^id: ' "$tmp/stream" | cut -c5- | jq -s '. == (. | sort) and length > 1')"
r=$(api POST "/api/games/$g/analysis")
check_match "asked again: the same analysis, not a second one" "^20[02]$" "$(status "$r")"
wait_until 120 done_status "/api/games/$g/analysis" || bad "the analysis did not finish"
r=$(api GET "/api/games/$g/analysis")
check_eq "done: 200" 200 "$(status "$r")"
a=$(body "$r" | jq -c .analysis)
check_eq "every action of a seat judged (a finished game of two AIs, no chance)" "$count" "$(jq '.decisions | length' <<<"$a")"
check_eq "the issue's keys" true "$(jq '[.decisions[] | has("index","seat","action","best","before","after","class")] | all' <<<"$a")"
check_eq "classes" true "$(jq '[.decisions[].class | IN("best","good","inaccuracy","mistake","blunder")] | all' <<<"$a")"
check_eq "sentences from the library" true "$(jq '[.decisions[] | .text | test("places a stone|flips|swaps|passes")] | all' <<<"$a")"
check_eq "two seats summed up" "[1,2]" "$(jq -c '[.seats[].seat]' <<<"$a")"
check_eq "the stream's result is the stored one" "$a" "$(grep '^done ' <<<"$ev" | cut -d' ' -f2- | jq -c .analysis)"
# the server's budget a decision, 20 decisions' worth shared in a longer game (docs/analysis.md, "Budget")
check_eq "complete, with the server's budget" "true true 1" \
    "$(jq -r '"\(.complete) \((.budget - 0.1 * ([20 / (.decisions | length), 1] | min)) | fabs < 1e-9) \(.seed)"' <<<"$a")"

# After a restart: from the store.
stop
start --analysis-ms 100
r=$(api GET "/api/games/$g/analysis")
check_eq "after a restart: still there" 200 "$(status "$r")"
check_eq "after a restart: the same analysis" "$a" "$(body "$r" | jq -c .analysis)"
ev=$(events "/api/games/$g/analysis/events" 7)
check_eq "its stream, whatever Last-Event-ID: the result at once, alone" "done $a" \
    "$(cut -d' ' -f1 <<<"$ev") $(cut -d' ' -f2- <<<"$ev" | jq -c .analysis)"
check_eq "the stream's type" "text/event-stream; charset=utf-8" \
    "$(curl -s -o /dev/null -w '%{content_type}' "$base/api/games/$g/analysis/events")"
r=$(curl -s -w '\n%{http_code}' -H 'Last-Event-ID: soon' "$base/api/games/$g/analysis/events")
check_eq "a Last-Event-ID that is no number: 400" 400 "$(status "$r")"
r=$(api POST "/api/games/$g/analysis")
check_eq "asked again after a restart: the stored one" "$a" "$(body "$r" | jq -c .analysis)"

# An unfinished game is refused.
r=$(api POST /api/games '{"game":"morphos","options":{"size":5},"seats":[{"kind":"human","mine":true},{"kind":"human"}]}')
u=$(body "$r" | jq -r .id)
r=$(api POST "/api/games/$u/analysis")
check_eq "an unfinished game: 409" 409 "$(status "$r")"
check_eq "and why" "the game is not over: analysis is for finished games" "$(body "$r" | jq -r .error)"
r=$(api GET "/api/games/$u/analysis/events")
check_eq "the stream of a game without analysis: 404" 404 "$(status "$r")"
check_match "and what to do" "start one with POST /api/games/$u/analysis" "$(body "$r" | jq -r .error)"
check_eq "no such game: 404" 404 "$(status "$(api POST /api/games/aaaaaaaaaa/analysis)")"

# A record uploaded by the replay viewer: analysed, kept in memory.
curl -s "$base/api/games/$g/record" >"$tmp/record.json"
r=$(api POST /api/analyses "$(cat "$tmp/record.json")")
check_match "an uploaded record: started" "^20[02]$" "$(status "$r")"
id=$(body "$r" | jq -r .id)
check_match "with an id" '^[a-z2-7]{26}$' "$id"
ev=$(events "/api/analyses/$id/events")
check_match "the upload's stream: its progress (from where it was), then the result" '^(progress )*done $' \
    "$(cut -d' ' -f1 <<<"$ev" | tr '\n' ' ')"
wait_until 120 done_status "/api/analyses/$id" || bad "the upload's analysis did not finish"
judged='[.decisions[] | [.index, .action, .best, .before, .after, .class]]'
check_eq "the same judgements as the stored game's" "$(jq -c "$judged" <<<"$a")" \
    "$(curl -s "$base/api/analyses/$id" | jq -c ".analysis | $judged")"
r=$(api POST /api/analyses '{"format":"morph-record"')
check_eq "a record that is not JSON: 400" 400 "$(status "$r")"
r=$(api POST /api/analyses "$(jq -c '.actions[1] = "zz9"' "$tmp/record.json")")
check_eq "a record that does not replay: 422" 422 "$(status "$r")"
check_match "and why" "actions\[1\] 'zz9' is illegal" "$(body "$r" | jq -r .error)"
r=$(api GET /api/analyses/aaaaaaaaaaaaaaaaaaaaaaaaaa)
check_eq "an unknown analysis: 404" 404 "$(status "$r")"
r=$(api GET /api/analyses/nope)
check_eq "a malformed id: 404" 404 "$(status "$r")"
check_eq "the stream of an unknown analysis: 404" 404 "$(status "$(api GET /api/analyses/aaaaaaaaaaaaaaaaaaaaaaaaaa/events)")"
check_eq "the stream of a malformed id: 404" 404 "$(status "$(api GET /api/analyses/nope/events)")"
stop
finish
