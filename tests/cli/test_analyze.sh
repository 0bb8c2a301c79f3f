#!/usr/bin/env bash
# morph analyze RECORD: a planted Morphos blunder found and named with the
# library's sentences, the same JSON from the same seed, a Morpyam record
# with error bars, the progress bar on a terminal only, and one-line errors
# for bad records and options.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/games.sh"
need_games morphos morpyam
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# record FILE GAME OPTIONS SEED PLAYERS ACTION...: a record through the engine.
record() {
    local file=$1 game=$2 options=$3 seed=$4 players=$5
    shift 5
    {
        echo "{\"cmd\":\"new\",\"game\":\"$game\",\"options\":$options,\"seed\":$seed,\"auto_chance\":true,\"players\":$players}"
        for a in "$@"; do
            if [ "$a" = genmove ]; then echo '{"cmd":"genmove","play":true}'; else echo "{\"cmd\":\"play\",\"action\":\"$a\"}"; fi
        done
        echo "{\"cmd\":\"save\",\"file\":\"$file\"}"
    } | $MORPH engine | tail -1
}

# 3x3 with the swap: after b2 White wins only by swapping; a1 loses.
record "$tmp/planted.json" morphos '{"size":3}' 1 '["human","human"]' b2 a1 b1 >/dev/null
out=$($MORPH analyze --json --budget 0.1 "$tmp/planted.json")
check_eq "json keys" '["budget","complete","decisions","game","level","options","seats","seed","thresholds","work"]' \
    "$(jq -c 'keys' <<<"$out")"
check_eq "the issue's keys on every decision" 'true' \
    "$(jq -c '[.decisions[] | has("index","seat","action","best","before","after","class")] | all' <<<"$out")"
check_eq "the planted blunder" '{"index":1,"seat":2,"action":"a1","best":"swap","before":1,"after":0,"class":"blunder","proven_before":"win","proven_after":"loss"}' \
    "$(jq -c '.decisions[1] | {index,seat,action,best,before,after,class,proven_before,proven_after}' <<<"$out")"
check_eq "seat summaries" '[[1,2,0],[2,1,1]]' "$(jq -c '[.seats[] | [.seat,.decisions,.counts.blunder]]' <<<"$out")"
check_eq "same seed, same JSON" "$out" "$($MORPH analyze --json --budget 0.1 "$tmp/planted.json")"
text=$($MORPH analyze --budget 0.1 --color never "$tmp/planted.json")
check_match "text names the move with the library's sentence" "2\. White places a stone on a1" "$text"
check_match "text gives the better move's sentence" "chance to win won before, lost after: blunder \(lost 100 points\); better: White swaps" "$(tr '\n' ' ' <<<"$text" | tr -s ' ')"
case $text in *" -> "*) bad "the analysis still writes chances as 'A -> B'";; *) ok;; esac
case $text in *"error bar"*) bad "error bars explained where there are none";; *) ok;; esac
check_match "text summary" "P2 \(human\): accuracy [0-9.]+%, mean loss 100\.0 points, 1 decision: 0 best, 0 good, 0 inaccuracies, 0 mistakes, 1 blunder" \
    "$(tr '\n' ' ' <<<"$text" | tr -s ' ')"
check_eq "no progress bar off a terminal" "" "$($MORPH analyze --budget 0.1 "$tmp/planted.json" 2>&1 >/dev/null)"
if command -v script >/dev/null; then
    tty=$(script -qec "$MORPH analyze --budget 0.1 --color never $tmp/planted.json" /dev/null)
    check_match "a progress bar on a terminal" "analysing \[#+\] 3 of 3 decisions" "$tty"
    tty=$(script -qec "$MORPH analyze --quiet --budget 0.1 $tmp/planted.json" /dev/null)
    check_eq "--quiet: no bar" "0" "$(grep -c analysing <<<"$tty")"
fi

# Morpyam: expert self-play with error bars, an opening of a flash game.
moves=()
for _ in $(seq 12); do moves+=(genmove); done
record "$tmp/morpyam.json" morpyam '{"variant":"flash"}' 5 '["ai:greedy","ai:greedy"]' "${moves[@]}" >/dev/null
out=$($MORPH analyze --json --budget 0.01 --seed 4 "$tmp/morpyam.json")
check_eq "morpyam judged by the master" '"master"' "$(jq -c .level <<<"$out")"
check_eq "morpyam error bars" 'true' "$(jq '[.decisions[] | .before_error > 0] | all' <<<"$out")"
check_eq "morpyam same seed, same JSON" "$out" "$($MORPH analyze --json --budget 0.01 --seed 4 "$tmp/morpyam.json")"
text=$($MORPH analyze --budget 0.01 --color never "$tmp/morpyam.json")
check_match "morpyam chances with error bars, in words" "chance to win [0-9]+% ±[0-9]+ before, [0-9]+% ±[0-9]+ after: " "$text"
check_match "the error bars explained" "±N: the 95% error bar of a chance estimated by self-play games" "$(tr '\n' ' ' <<<"$text" | tr -s ' ')"
best_drop=$(grep -E "chance to win ([0-9]+)% ±[0-9]+ before, ([0-9]+)% ±[0-9]+ after: best$" <<<"$text" |
    awk '{ b = $4 + 0; a = $7 + 0; if (b - a >= 1) print }' | head -1)
[ -z "$best_drop" ] && ok || bad "a best decision that loses ground without the words that say why: $best_drop"

# A long game shares 20 decisions' budget between its decisions
# (ANALYSIS_FULL_DECISIONS): 30 random decisions on 7x7, 0.01 s each asked.
moves=()
for _ in $(seq 30); do moves+=(genmove); done
record "$tmp/long.json" morphos '{"size":7}' 3 '["ai:random","ai:random"]' "${moves[@]}" >/dev/null
out=$($MORPH analyze --json --budget 0.03 "$tmp/long.json")
n=$(jq '.decisions | length' <<<"$out")
check_eq "a long game judged whole" "true" "$(jq ".complete and $n > 20" <<<"$out")"
check_eq "its budget shared: 0.03 x 20 / $n a decision" "true" \
    "$(jq ".budget - 0.03 * 20 / $n | fabs < 1e-9" <<<"$out")"
check_match "the text says the share" "$n decisions judged by mcts, 0\.0[0-9]+ s a decision" \
    "$($MORPH analyze --budget 0.03 --color never "$tmp/long.json" | tr '\n' ' ' | tr -s ' ')"

# Bad input: one line, non-zero exit.
check_error "no record" "^morph: analyze: expected a record file" $MORPH analyze
check_exit "no record exits 2" 2 $MORPH analyze
check_error "missing file" "^morph: .*$tmp/none.json" $MORPH analyze "$tmp/none.json"
jq '.actions[1] = "zz9"' "$tmp/planted.json" >"$tmp/bad.json"
check_error "an illegal action" "^morph: record $tmp/bad.json: actions\[1\] 'zz9' is illegal: " $MORPH analyze "$tmp/bad.json"
check_exit "an illegal action exits 1" 1 $MORPH analyze "$tmp/bad.json"
echo '{"format":' >"$tmp/cut.json"
check_error "not JSON" "^morph: record $tmp/cut.json: not valid JSON" $MORPH analyze "$tmp/cut.json"
check_error "budget 0" "^morph: analyze: --budget expects seconds from 0\.01 to 600" $MORPH analyze --budget 0 "$tmp/planted.json"
check_error "budget word" "^morph: analyze: --budget expects seconds" $MORPH analyze --budget fast "$tmp/planted.json"
check_error "bad seed" "^morph: analyze: --seed expects a whole number" $MORPH analyze --seed -1 "$tmp/planted.json"
check_error "unknown flag" "^morph: analyze: unknown argument '--deep'" $MORPH analyze --deep "$tmp/planted.json"
check_error "two records" "^morph: analyze: one record at a time" $MORPH analyze "$tmp/planted.json" "$tmp/bad.json"
check_match "help" "Usage: morph analyze RECORD" "$($MORPH analyze --help)"
check_match "in the command list" "analyze +judge every decision" "$($MORPH --help)"

finish
