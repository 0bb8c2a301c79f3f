#!/usr/bin/env bash
# The JSON-lines engine protocol with the real games: a scripted session with
# good and malformed requests, ids echoed, chance, undo, genmove.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/games.sh"
need_games morphos morpyam

# Morphos: one reply per request, in order, whatever the request.
out=$(printf '%s\n' \
    '{"id":1,"cmd":"new","game":"morphos","options":{"size":5},"seed":4}' \
    '{"id":2,"cmd":"legal"}' \
    '{"id":3,"cmd":"play","action":"c3"}' \
    '{"id":4,"cmd":"play","action":"z9"}' \
    'this is not json' \
    '{"id":"six","cmd":"genmove","level":"random"}' \
    '{"id":7,"cmd":"genmove","level":"random","play":true}' \
    '{"id":8,"cmd":"undo"}' \
    '{"id":9,"cmd":"undo"}' \
    '{"id":10,"cmd":"undo"}' \
    '{"id":11,"cmd":"genmove","level":"nope"}' \
    '{"id":12,"cmd":"play","action":"c3,c4"}' \
    '{"id":13,"cmd":"state"}' \
    '{"id":14,"cmd":"play","action":"resign"}' \
    '{"id":15,"cmd":"genmove","level":"random"}' \
    '{"id":16,"cmd":"quit"}' \
    '{"id":17,"cmd":"state"}' | $MORPH engine)
line() { sed -n "$1p" <<<"$out"; }
check_eq "one reply per request until quit" 16 "$(wc -l <<<"$out")"
check_eq "new" '{"id":1,"ok":true,"game":"morphos","options":{"size":5,"mutators":[],"move-cap":0},"seed":4,"auto_chance":false,"played":[],"described":[],"player":1,"chance":false,"terminal":false,"result":null}' "$(line 1)"
check_eq "legal on 5x5" 25 "$(line 2 | jq '.actions | length')"
check_eq "legal starts a1 b1" '["a1","b1"]' "$(line 2 | jq -c '.actions[0:2]')"
check_eq "play" '{"id":3,"ok":true,"played":["c3"],"described":["Black places a stone on c3"],"player":2,"chance":false,"terminal":false,"result":null}' "$(line 3)"
check_eq "illegal play names the move and why" '{"id":4,"ok":false,"error":"illegal move '"'z9'"': z9 is not on the 5x5 board (a1 to e5)","why":"z9 is not on the 5x5 board (a1 to e5)"}' "$(line 4)"
check_match "malformed JSON" '^\{"ok":false,"error":"malformed JSON at column [0-9]+: ' "$(line 5)"
check_eq "genmove without play keeps the position" '"six" true 2' "$(line 6 | jq -r '"\"" + .id + "\" \(.ok) \(.player)"')"
check_eq "seeded genmove is reproducible" "$(line 6 | jq -r .action)" "$(line 7 | jq -r .action)"
check_eq "genmove play" "[\"$(line 7 | jq -r .action)\"]" "$(line 7 | jq -c .played)"
check_eq "genmove play described" "[\"White places a stone on $(line 7 | jq -r .action)\"]" "$(line 7 | jq -c .described)"
check_eq "undo the genmove" "{\"id\":8,\"ok\":true,\"undone\":[\"$(line 7 | jq -r .action)\"],\"player\":2,\"chance\":false,\"terminal\":false,\"result\":null}" "$(line 8)"
check_eq "undo the first move" '{"id":9,"ok":true,"undone":["c3"],"player":1,"chance":false,"terminal":false,"result":null}' "$(line 9)"
check_eq "nothing to undo" '{"id":10,"ok":false,"error":"nothing to undo"}' "$(line 10)"
check_match "unknown level" "^\{\"id\":11,\"ok\":false,\"error\":\"unknown AI level 'nope' \(expected one of: " "$(line 11)"
check_eq "comma-joined play" '["c3","c4"]' "$(line 12 | jq -c .played)"
check_eq "state" '[13,"morphos",["c3","c4"],1,false,false,null]' \
    "$(line 13 | jq -c '[.id,.game,.history,.player,.chance,.terminal,.result]')"
check_match "state text shows the stones" 'B' "$(line 13 | jq -r .text)"
check_match "state serialised" '.' "$(line 13 | jq -r .serialized)"
check_eq "resign ends the game" '[true,{"winners":[2],"how":"resign","returns":[0,1]}]' "$(line 14 | jq -c '[.terminal,.result]')"
check_eq "genmove after the end" '{"id":15,"ok":false,"error":"the game is over"}' "$(line 15)"
check_eq "quit" '{"id":16,"ok":true}' "$(line 16)"

# Morpyam: chance nodes, explicit dice, auto_chance.
out=$(printf '%s\n' \
    '{"cmd":"new","game":"morpyam","seed":4,"options":{"players":3}}' \
    '{"cmd":"legal"}' \
    '{"cmd":"genmove","level":"random"}' \
    '{"cmd":"play","action":"die 3"}' \
    '{"cmd":"play","action":"die 9"}' \
    '{"cmd":"chance"}' \
    '{"cmd":"chance"}' \
    '{"cmd":"play","action":"roll"}' \
    '{"cmd":"legal"}' \
    '{"cmd":"undo"}' \
    '{"cmd":"new","game":"morpyam","seed":4,"options":{"players":3},"auto_chance":true}' \
    '{"cmd":"new","game":"morpyam","options":{"players":5}}' \
    '{"cmd":"new","game":"morpyam","options":{"colour":"red"}}' \
    '{"cmd":"new","game":"morpyam","seed":4,"options":{"players":3},"auto_chance":true}' | $MORPH engine)
check_eq "morpyam starts with a chance node" '[null,true]' "$(line 1 | jq -c '[.player,.chance]')"
check_eq "die outcomes and probabilities" '[6,"die 1",0.166666666667]' \
    "$(line 2 | jq -c '[(.outcomes|length),.outcomes[0].action,.outcomes[0].probability]')"
check_eq "no genmove at chance" '{"ok":false,"error":"a chance node: send \"chance\" or play an outcome"}' "$(line 3)"
check_eq "real dice are played explicitly" '["die 3"]' "$(line 4 | jq -c .played)"
check_eq "and described" '["P1 rolls 3 for the first player"]' "$(line 4 | jq -c .described)"
check_match "impossible die refused" '^\{"ok":false,"error":".*die 9' "$(line 5)"
check_eq "why in the player's terms" '"a die shows 1 to 6"' "$(line 5 | jq -c .why)"
check_eq "chance samples until a decision" 'false' "$(line 6 | jq -c .chance)"
check_eq "every action sampled has its sentence" "$(line 6 | jq '.played | length')" "$(line 6 | jq '.described | length')"
check_match "the roll-off told" '"P[1-3] rolls [1-6] for the first player: P[1-3] starts"' "$(line 6 | jq -c '.described[-1]')"
check_eq "chance at a decision node" '{"ok":false,"error":"not a chance node"}' "$(line 7)"
check_eq "roll leads to a chance node" '[["roll"],true]' "$(line 8 | jq -c '[.played,.chance]')"
check_eq "252 distinct rolls of five dice" 252 "$(line 9 | jq '.outcomes | length')"
check_eq "their probabilities sum to 1" 1 "$(line 9 | jq '[.outcomes[].probability] | add | . * 1000 | round / 1000')"
check_eq "undo the roll request" '["roll"]' "$(line 10 | jq -c .undone)"
check_eq "auto_chance plays the first dice" '[false,true]' "$(line 11 | jq -c '[.chance, (.played | length > 0)]')"
check_eq "auto_chance dice described" "$(line 11 | jq '.played | length')" "$(line 11 | jq '.described | length')"
check_eq "auto_chance dice follow the seed" "$(line 11 | jq -c .played)" "$(line 14 | jq -c .played)"
check_match "bad option value" '^\{"ok":false,"error":".*players' "$(line 12)"
check_match "unknown option" "^\{\"ok\":false,\"error\":\"unknown option 'colour' for morpyam" "$(line 13)"

# words: marks, the latest turn, legend, rules, the summary at the end, and
# the sentence of an action or why it is refused; hint: a plan in words.
out=$(printf '%s\n' '{"cmd":"new","game":"morphos","options":{"size":3},"seed":1}' \
    '{"cmd":"play","action":"b1"}' '{"cmd":"play","action":"b1"}' '{"cmd":"play","action":"a1,b1"}' \
    '{"cmd":"words","action":"swap"}' '{"cmd":"words","action":"xb1"}' '{"cmd":"play","action":"a1,b2,a2"}' \
    '{"cmd":"play","action":"b3"}' '{"cmd":"words"}' '{"cmd":"hint","level":"random"}' | $MORPH engine)
check_eq "occupied point: why" '"b1 is taken"' "$(line 3 | jq -c .why)"
check_eq "the failing part of several: why" '"b1: b1 is taken"' "$(line 4 | jq -c .why)"
check_eq "swap described before it is played" '"White swaps and P2 takes over Black'"'"'s stone on b1, so P1 now plays White and moves next"' \
    "$(line 5 | jq -c .described)"
check_eq "the latest turn's cells" '[["last",1,["b1"]]]' "$(line 5 | jq -c '[.last.marks[] | [.kind,.player,.cells]]')"
check_eq "legend codes" '["B","W","b","w",".","top, bottom","left, right","a1"]' "$(line 5 | jq -c '[.legend[].code]')"
check_match "rules text" '^Morphos on a 3x3 board' "$(line 5 | jq -r .rules)"
check_eq "no summary while the game runs" 'null' "$(line 5 | jq -c .summary)"
check_match "why a flip is refused" '^"b1 is not weak' "$(line 6 | jq -c .why)"
check_eq "several actions described in order" '["White places a stone on a1","Black places a stone on b2","White places a stone on a2"]' \
    "$(line 7 | jq -c .described)"
check_eq "the winning move described" '["Black places a stone on b3 and connects top and bottom: Black wins"]' "$(line 8 | jq -c .described)"
check_eq "the winning chain" '[["chain",1,["b1","b2","b3"]]]' "$(line 9 | jq -c '[.marks.marks[] | select(.kind == "chain") | [.kind,.player,.cells]]')"
check_eq "the summary at the end" '"Black (P1) wins: a chain of black stones joins the top and bottom edges.\n"' "$(line 9 | jq -c .summary)"
check_eq "no hint after the end" '{"ok":false,"error":"the game is over"}' "$(line 10)"
out=$(printf '%s\n' '{"cmd":"new","game":"morpyam","seed":7,"auto_chance":true}' '{"cmd":"play","action":"roll"}' \
    '{"cmd":"hint","level":"expert"}' '{"cmd":"hint","level":"random"}' '{"cmd":"hint"}' '{"cmd":"hint","level":"master"}' | $MORPH engine)
check_eq "expert hint: its plan starts with the action" "$(line 3 | jq -c .action)" "$(line 3 | jq -c '.plan[0]')"
check_match "expert hint in words with its chance" \
    '^"(place [a-f][1-6]: P[12] covers .*|.*: [0-9<>]+% to cover [a-f][1-6] \([a-z0-9 -]+\).*)"$' "$(line 3 | jq -c .words)"
check_eq "the chance is a probability" 'true' "$(line 3 | jq -c '.chance >= 0 and .chance <= 1')"
check_match "expert hint aims at a cell" '^"[a-f][1-6]"$' "$(line 3 | jq -c .cell)"
check_match "expert hint detail" 'expected value [-+][0-9.]+ \(win chance' "$(line 3 | jq -c .detail)"
check_match "a level without advice: its choice" '^\{"ok":true,"action":"[a-z]' "$(line 4)"
check_match "a hint without a level: the master's plan" '^"(place [a-f][1-6]: P[12] covers .*|.*: [0-9<>]+% to cover [a-f][1-6] \([a-z0-9 -]+\).*)"$' "$(line 5 | jq -c .words)"
check_eq "a hint without a level is the master's (the game's hint level)" "$(line 6)" "$(line 5)"

# An AI seat answers genmove without a level; --level sets the default.
out=$(printf '%s\n' '{"cmd":"new","game":"morphos","options":{"size":5},"seed":1,"players":["ai:random","human"]}' \
    '{"cmd":"genmove","play":true}' '{"cmd":"genmove"}' | $MORPH engine)
check_eq "seat AI plays" 'true' "$(line 2 | jq -c .ok)"
check_eq "human seat needs a level" '{"ok":false,"error":"genmove needs \"level\" (seat 2 is not an AI and the engine has no --level)"}' "$(line 3)"
out=$(printf '%s\n' '{"cmd":"new","game":"morphos","options":{"size":5},"seed":1}' '{"cmd":"genmove"}' | $MORPH engine --level random)
check_eq "--level default" 'true' "$(line 2 | jq -c .ok)"

# Issue 8, fault 2: an error quoting text cut inside a UTF-8 character lost
# its "error" field (jansson refuses invalid UTF-8); replies keep it, valid.
a39=$(printf 'a%.0s' $(seq 39))
out=$(printf '%s\n' '{"id":1,"cmd":"new","game":"morphos","options":{"size":5},"seed":4}' \
    "{\"id\":2,\"cmd\":\"play\",\"action\":\"${a39}éé\"}" \
    "{\"id\":3,\"cmd\":\"${a39}éé\"}" \
    "{\"id\":4,\"cmd\":\"play\",\"action\":\"$(printf 'é%.0s' $(seq 100))\"}" | $MORPH engine)
check_match "play of a long UTF-8 action keeps its error" "^\{\"id\":2,\"ok\":false,\"error\":\"malformed move '${a39}" "$(line 2)"
check_match "unknown command of that shape keeps its error" "^\{\"id\":3,\"ok\":false,\"error\":\"unknown command '${a39}\.\.\.' " "$(line 3)"
check_match "a part too long is refused with an excerpt" "^\{\"id\":4,\"ok\":false,\"error\":\"malformed action 'é+\.\.\.': " "$(line 4)"
check_eq "every reply is valid UTF-8 JSON" 4 "$(jq -c . <<<"$out" | wc -l)"

finish
