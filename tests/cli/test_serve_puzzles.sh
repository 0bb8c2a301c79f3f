#!/usr/bin/env bash
# The Puzzles endpoints through morph serve and curl: the suite listed, a
# puzzle shown, answers right (the solver's reply, then played on to the
# win), wrong (the refutation and the rest of the lost line in words),
# illegal, out of turn, after a bad line; bad numbers, bodies and limits.
. "$(dirname "$0")/lib.sh"
# start, api, body, status, serve_scratch
. "$(dirname "$0")/serve.sh"
serve_scratch
start --max-body 4096 --requests-per-second 40

# The suite: data/puzzles/morphos.txt, 400 puzzles; puzzle 0 is
#   size=4 mutators=- to=B position=...W/W.BW/BWWB/WBBB win=b3,c4,xc2 loss=a4,b4
r=$(api GET /api/puzzles)
check_eq "the list" "200 400 400" "$(status "$r") $(body "$r" | jq -c '.count, (.puzzles | length)' | tr '\n' ' ' | sed 's/ $//')"
check_eq "each with its board and who plays" '{"index":0,"size":4,"options":{"size":4,"mutators":[],"move-cap":0},"to_move":"black"}' \
    "$(body "$r" | jq -c '.puzzles[0]')"
r=$(api GET /api/puzzles/0)
check_eq "a puzzle" 200 "$(status "$r")"
check_eq "its title, position, next" '["Black to play and win","...W/W.BW/BWWB/WBBB","black",1]' \
    "$(body "$r" | jq -c '[.title, .position, .to_move, .next]')"
check_eq "its legal actions in words" '{"action":"xc2","text":"Black flips White'"'"'s stone on c2","kind":"flip","point":"c2"}' \
    "$(body "$r" | jq -c '.position_view.legal[] | select(.action == "xc2")')"
check_eq "the last puzzle's next is the first" 0 "$(curl -s "$base/api/puzzles/399" | jq .next)"

# Right: the solver's reply, and the line to send with the next answer.
r=$(api POST /api/puzzles/0/answer '{"action":"b3"}')
check_eq "right" '200 "right" false' "$(status "$r") $(body "$r" | jq -c '.verdict, .solved' | tr '\n' ' ' | sed 's/ $//')"
check_eq "the answer in words" "Black places a stone on b3" "$(body "$r" | jq -r .answer.text)"
check_match "the defender's reply in words" "^White " "$(body "$r" | jq -r .reply.text)"
line=$(body "$r" | jq -c .line)
check_match "the line: answer and reply" '^\["b3","[a-d][1-4]"\]$' "$line"
check_eq "the position after the reply, Black to move" black "$(body "$r" | jq -r .position_view.board.to_move)"
# ... played on: the winning answers of each position, until the win.
solved=false
for step in 1 2 3 4 5 6; do
    found=
    for a in $(curl -s -X POST -H 'Content-Type: application/json' --data "{\"line\":$(jq -c '.[:-2]' <<<"$line"),\"action\":$(jq -c '.[-2]' <<<"$line")}" \
            "$base/api/puzzles/0/answer" | jq -r '.position_view.legal[].action'); do
        r=$(api POST /api/puzzles/0/answer "{\"line\":$line,\"action\":\"$a\"}")
        [ "$(body "$r" | jq -r .verdict)" = right ] && { found=$a; break; }
    done
    [ -n "$found" ] || { bad "no winning answer after $line"; break; }
    if [ "$(body "$r" | jq -r .solved)" = true ]; then solved=true; break; fi
    line=$(body "$r" | jq -c .line)
done
check_eq "played out to the win" true "$solved"
check_match "the win in the library's words" "^Black \(you\) wins" "$(body "$r" | jq -r .result)"
check_eq "no reply after the win" null "$(body "$r" | jq -c .reply)"

# Wrong: the refutation (White's winning answer) and the rest of the line.
r=$(api POST /api/puzzles/0/answer '{"action":"a4"}')
check_eq "wrong" '200 "wrong"' "$(status "$r") $(body "$r" | jq -c .verdict)"
check_eq "the refutation in words" "White places a stone on b3" "$(body "$r" | jq -r .refutation.text)"
check_match "the rest of the lost line in words" "White wins$" "$(body "$r" | jq -r '.rest[-1].text')"
check_match "and how it ends" "^White \(the solver\) wins" "$(body "$r" | jq -r .result)"
check_eq "the refutation drawn" '["b3"]' "$(body "$r" | jq -c '.position_view.last_marks.marks[0].cells')"
check_eq "every losing answer of the suite is refuted" "wrong wrong" \
    "$(for a in a4 b4; do api POST /api/puzzles/0/answer "{\"action\":\"$a\"}" | sed '$d' | jq -r .verdict; done | tr '\n' ' ' | sed 's/ $//')"

# Illegal answers and lines: 400 with the rules' reason, in one line.
r=$(api POST /api/puzzles/0/answer '{"action":"b1"}')
check_eq "a taken point: 400" '400 "'"'"'b1'"'"' is not a legal answer: b1 is taken"' "$(status "$r") $(body "$r" | jq -c .error)"
r=$(api POST /api/puzzles/0/answer '{"action":"zz"}')
check_match "not an action: 400" "^400 'zz' is not a legal answer: expected a point" "$(status "$r") $(body "$r" | jq -r .error)"
r=$(api POST /api/puzzles/0/answer '{"action":"resign"}')
check_eq "resigning is no answer" 400 "$(status "$r")"
r=$(api POST /api/puzzles/0/answer '{"line":["b3"],"action":"a1"}')
check_match "out of turn after the line: 400" "^400 after the line it is White's turn" "$(status "$r") $(body "$r" | jq -r .error)"
r=$(api POST /api/puzzles/0/answer '{"line":["b1","a1"],"action":"a4"}')
check_match "a line that does not apply: 400, the reason after the quoted text, once (docs/web-api.md)" \
    "^400 line\[0\] 'b1' does not apply: b1 is [^']*$" "$(status "$r") $(body "$r" | jq -r .error)"
check_eq "a line that is not a list" 400 "$(status "$(api POST /api/puzzles/0/answer '{"line":"b3","action":"a4"}')")"
check_eq "no action" 400 "$(status "$(api POST /api/puzzles/0/answer '{"line":[]}')")"
check_eq "an unknown key" 400 "$(status "$(api POST /api/puzzles/0/answer '{"action":"b3","hint":true}')")"
check_eq "not JSON" 400 "$(status "$(api POST /api/puzzles/0/answer '{"action":')")"

# Bad numbers: 404 naming the range.
r=$(api GET /api/puzzles/400)
check_eq "past the last: 404" '404 "no puzzle '"'"'400'"'"': puzzles are numbered 0 to 399"' "$(status "$r") $(body "$r" | jq -c .error)"
check_eq "not a number" 404 "$(status "$(api GET /api/puzzles/-1)")"
check_eq "not a number (answer)" 404 "$(status "$(api POST /api/puzzles/x1/answer '{"action":"b3"}')")"
check_eq "GET of the answer: 405" 405 "$(status "$(api GET /api/puzzles/0/answer)")"

# Limits: the body size and the request rate, as every endpoint.
{ printf '{"action":"b3","line":['; head -c 5000 /dev/zero | tr '\0' ' '; printf ']}'; } >"$tmp/big.json"
check_eq "oversized body: 413" 413 "$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
    --data-binary "@$tmp/big.json" "$base/api/puzzles/0/answer")"
# The rate on a server allowing one request a second: ten back to back (one
# curl, one connection) could all pass only if they took 9 s, which even a
# busy machine does not (60 at 40 a second needed them within half a second).
kill -TERM "$server_pid"; wait "$server_pid" 2>/dev/null; server_pid=
start --requests-per-second 1
codes=$(curl -s -w '%{http_code}\n' $(for i in $(seq 10); do echo "-o /dev/null $base/api/puzzles/1"; done) | sort -u | tr '\n' ' ')
check_eq "too many requests: 429" "200 429 " "$codes"

kill -TERM "$server_pid"; wait "$server_pid" 2>/dev/null; server_pid=
finish
