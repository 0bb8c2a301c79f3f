#!/usr/bin/env bash
# Game records of both games: written through `morph engine`, replayed,
# truncated, tampered with, resumed.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/games.sh"
need_games morphos morpyam
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# play_game GAME OPTIONS SEED FILE: two random AIs play a whole game through
# the engine, which saves the record.
play_game() {
    {
        echo "{\"cmd\":\"new\",\"game\":\"$1\",\"options\":$2,\"seed\":$3,\"auto_chance\":true,\"players\":[\"ai:random\",\"ai:random\"]}"
        for _ in $(seq 1500); do echo '{"cmd":"genmove","play":true}'; done
        echo "{\"cmd\":\"save\",\"file\":\"$4\"}"
    } | $MORPH engine | tail -1
}

check_eq "morphos game saved" "{\"ok\":true,\"file\":\"$tmp/morphos.json\"}" \
    "$(play_game morphos '{"size":5,"mutators":["minimorph"]}' 11 "$tmp/morphos.json")"
check_eq "morpyam game saved" "{\"ok\":true,\"file\":\"$tmp/morpyam.json\"}" \
    "$(play_game morpyam '{"variant":"flash"}' 12 "$tmp/morpyam.json")"

for g in morphos morpyam; do
    f=$tmp/$g.json
    check_eq "$g record keys" '["actions","chance","created","format","game","options","players","result","seed","updated","version"]' \
        "$(jq -c 'keys' "$f")"
    check_eq "$g record header" "[\"morph-record\",1,\"$g\",[{\"kind\":\"ai\",\"ai\":\"random\"},{\"kind\":\"ai\",\"ai\":\"random\"}]]" \
        "$(jq -c '[.format,.version,.game,.players]' "$f")"
    check_match "$g record is finished" '^\{"winners":\[[12]' "$(jq -c '.result' "$f")"
    check_match "$g timestamps" '^"20[0-9]{2}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9]Z"$' "$(jq -c '.created' "$f")"
    check_exit "$g replay is valid" 0 $MORPH replay "$f"
    check_match "$g replay prints the result" 'result: player [12] wins by ' "$($MORPH replay "$f")"
    check_eq "$g replay --json gives the stored result" "{\"valid\":true,\"result\":$(jq -c .result "$f")}" \
        "$($MORPH replay --json "$f" | jq -c .)"
    check_eq "$g replay --quiet prints nothing" "" "$($MORPH replay --quiet "$f")"
done
check_eq "morphos options in full" '{"size":5,"mutators":["minimorph"],"move-cap":0}' "$(jq -c .options "$tmp/morphos.json")"
check_eq "morpyam options in full" '{"players":2,"variant":"flash","rules":[],"turn-cap":1000,"rolloff-cap":100}' \
    "$(jq -c .options "$tmp/morpyam.json")"
check_eq "morpyam records the dice" '"die' "$(jq -c '.actions[0]' "$tmp/morpyam.json" | cut -c1-4)"

# A record cut in the middle of a write.
f=$tmp/morphos.json
head -c $(($(wc -c <"$f") / 2)) "$f" >"$tmp/cut.json"
check_error "truncated record" "^morph: record $tmp/cut.json: not valid JSON \(truncated or damaged\?\) at line [0-9]+: " \
    $MORPH replay "$tmp/cut.json"

# Tampered actions: the exact index is reported.
jq '.actions[4] = "zz9"' "$f" >"$tmp/bad.json"
check_error "tampered morphos move" "^morph: record $tmp/bad.json: actions\[4\] 'zz9' is illegal: " $MORPH replay "$tmp/bad.json"
check_match "tampered --json" "^\{\"valid\":false,\"error\":\"record $tmp/bad.json: actions\[4\] 'zz9' is illegal: .*\",\"index\":4\}$" \
    "$($MORPH replay --json "$tmp/bad.json" 2>/dev/null)"
check_exit "tampered exits 1" 1 $MORPH replay "$tmp/bad.json"
jq '.actions[0] = "die 7"' "$tmp/morpyam.json" >"$tmp/dice.json"
check_error "tampered die" "^morph: record $tmp/dice.json: actions\[0\] 'die 7' is illegal: " $MORPH replay "$tmp/dice.json"
jq '.actions += ["a1"]' "$f" >"$tmp/long.json"
n=$(jq '.actions | length - 1' "$tmp/long.json")
check_error "action after the end" "^morph: record $tmp/long.json: actions\[$n\] 'a1' is illegal: " $MORPH replay "$tmp/long.json"
check_eq "index of action after the end" "$n" "$($MORPH replay --json "$tmp/long.json" 2>/dev/null | jq .index)"

# A stored result that the actions do not produce.
jq '.result.how = "deadlock"' "$f" >"$tmp/lie.json"
stored=$(jq -c .result "$tmp/lie.json")
real=$($MORPH replay --json "$f" | jq -c .result | sed 's/\[1,0\]/[1.0,0.0]/; s/\[0,1\]/[0.0,1.0]/')
check_eq "stored result mismatch" "morph: record $tmp/lie.json: stored result $stored differs from the replayed result $real" \
    "$($MORPH replay "$tmp/lie.json" 2>&1)"
jq '.result = null' "$f" >"$tmp/open.json"
check_error "finished game stored as running" "stored result null differs from the replayed result \{" $MORPH replay "$tmp/open.json"
jq '.options.size = 4' "$f" >"$tmp/size.json"
# several records in one run, with --quiet: each bad one named, exit 1 when any is
check_exit "two good records in one run" 0 $MORPH replay --quiet "$tmp/morphos.json" "$tmp/morpyam.json"
out=$($MORPH replay --quiet "$tmp/morphos.json" "$tmp/bad.json" "$tmp/morpyam.json" "$tmp/dice.json" 2>&1)
check_exit "a bad one among them" 1 $MORPH replay --quiet "$tmp/morphos.json" "$tmp/bad.json"
check_match "the bad ones named" "^morph: record $tmp/bad.json: actions\[4\] 'zz9' is illegal: .*
morph: record $tmp/dice.json: actions\[0\] 'die 7' is illegal: .*
morph: replay: 2 of 4 records are not valid$" "$out"
check_error "several records without --quiet" "^morph: replay: several records go only with --quiet alone" \
    $MORPH replay --json "$tmp/morphos.json" "$tmp/morpyam.json"
check_error "options changed" "^morph: record $tmp/size.json: actions\[[0-9]+\] '[a-z][0-9]+' is illegal: " $MORPH replay "$tmp/size.json"

# Resume: an unfinished record loads and the game goes on with the same history.
jq '.actions = .actions[0:6] | .result = null' "$f" >"$tmp/part.json"
out=$(printf '%s\n' "{\"cmd\":\"load\",\"file\":\"$tmp/part.json\"}" '{"cmd":"state"}' \
    '{"cmd":"genmove","level":"random","play":true}' "{\"cmd\":\"save\",\"file\":\"$tmp/part.json\"}" | $MORPH engine)
check_match "resume loads 6 actions" '^\{"ok":true,"game":"morphos","seed":11,"actions":6,"played":\[\]' "$(sed -n 1p <<<"$out")"
check_eq "resumed history" "$(jq -c '.actions' "$tmp/part.json" | jq -c '.[0:6]')" "$(sed -n 2p <<<"$out" | jq -c '.history')"
check_eq "resumed record grew by one move" 7 "$(jq '.actions | length' "$tmp/part.json")"
check_exit "resumed record replays" 0 $MORPH replay "$tmp/part.json"
check_eq "no temporary file left" "" "$(ls "$tmp" | grep tmp)"
# A running game's record from a server withholds its seed: it replays, and
# the engine does not play it on (docs/records.md).
jq '.actions = .actions[0:6] | .result = null | .seed = null' "$f" >"$tmp/withheld.json"
check_exit "a record withholding its seed replays" 0 $MORPH replay "$tmp/withheld.json"
check_eq "the engine does not load it to play on" \
    "{\"ok\":false,\"error\":\"$tmp/withheld.json withholds its seed (the record of a game still running on a server): it cannot be loaded to play on\"}" \
    "$(echo "{\"cmd\":\"load\",\"file\":\"$tmp/withheld.json\"}" | $MORPH engine)"

# Issue 8, fault 3: a record cannot act for another seat or choose the dice.
jq '.actions = [.actions[0] + "," + .actions[1]] + .actions[2:]' "$f" >"$tmp/joined.json"
check_error "an entry reaching into the other seat's move" \
    "^morph: record $tmp/joined.json: actions\[0\] '[a-e][1-5],[a-e][1-5]' is illegal: '[a-e][1-5]' would be a decision of P2: the turn of P1 ends after '[a-e][1-5]'$" \
    $MORPH replay "$tmp/joined.json"
check_eq "engine games with auto_chance draw every outcome from the seed" '"seed"' "$(jq -c .chance "$tmp/morpyam.json")"
first=$(jq -r '.actions[0]' "$tmp/morpyam.json")
other="die $(( ${first#die } % 6 + 1 ))"
jq --arg d "$other" '.actions[0] = $d' "$tmp/morpyam.json" >"$tmp/forged.json"
check_error "a die the seed did not give" \
    "^morph: record $tmp/forged.json: actions\[0\] '$other' is illegal: the seed gives '$first' here, and the record says its chance outcomes come from the seed \(\"chance\": \"seed\"\)$" \
    $MORPH replay "$tmp/forged.json"
jq --arg d "$other" '.actions[0] = $d | .chance = "typed"' "$tmp/morpyam.json" >"$tmp/typed.json"
case $($MORPH replay "$tmp/typed.json" 2>&1) in
*"seed gives"*) bad "typed dice are the players' word: checked by the rules, not the seed";;
*) ok;;
esac

# Issue 8, fault 2: replay --json of a record holding an action whose error
# quotes it cut inside a UTF-8 character printed nothing.
a39=$(printf 'a%.0s' $(seq 39))
jq --arg a "${a39}éé" '.actions[2] = $a' "$tmp/morphos.json" >"$tmp/utf8.json"
out=$($MORPH replay --json "$tmp/utf8.json" 2>/dev/null)
check_eq "replay --json of a UTF-8 action names the problem" "false 2" "$(jq -r '"\(.valid) \(.index)"' <<<"$out")"
check_match "the error quotes the action" "actions\[2\] '${a39}" "$(jq -r .error <<<"$out")"

finish
