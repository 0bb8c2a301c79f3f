#!/usr/bin/env bash
# morph morpyam analyze (expert self-play statistics), morph morpyam tune (the
# master's weights) and the AI bench workloads.
. "$(dirname "$0")/lib.sh"

help=$($MORPH morpyam analyze --help)
check_match "analyze help" 'Usage: morph morpyam analyze --games G' "$help"
for key in first_player_share_ci95 turns_ci95 ko_share_ci95 fair_share; do
    check_match "analyze help documents $key" "$key" "$help"
done
check_match "morpyam lists analyze" 'analyze' "$($MORPH morpyam --help)"

json=$($MORPH morpyam analyze --games 2 --seed 7 --json)
keys=$(printf '%s' "$json" | jq -r 'keys | join(",")')
check_eq "analyze json keys" \
    "fair_share,first_player_share,first_player_share_ci95,games,ko_share,ko_share_ci95,players,rules,seed,turns_ci95,turns_mean,variant" \
    "$keys"
check_match "analyze json values" '"games":2,"players":2,"variant":"standard","rules":"","seed":7,"fair_share":0.5,' "$json"
check_eq "analyze same result on 2 threads" "$json" "$($MORPH morpyam analyze --games 2 --seed 7 --threads 2 --json)"
check_match "analyze 3 players flash strict-call" '"players":3,"variant":"flash","rules":"strict-call",.*"fair_share":0.333' \
    "$($MORPH morpyam analyze --games 1 --seed 3 --players 3 --variant flash --rules strict-call --json)"
text=$($MORPH morpyam analyze --games 1 --seed 1)
check_match "analyze text" 'Morpyam analysis: 2 players, standard, rules none, 1 games of expert self-play, seed 1' "$text"
check_match "analyze text ko line" 'KO wins +[0-9.]+% +95% interval \[' "$text"

check_error "analyze needs --games" "analyze: --games G is required" $MORPH morpyam analyze --seed 1
check_exit "analyze without --games is a usage error" 2 $MORPH morpyam analyze
check_error "analyze bad games" "analyze: --games expects a whole number from 1 to 1000000, got '0'" $MORPH morpyam analyze --games 0
check_error "analyze bad threads" "analyze: --threads expects a whole number from 1 to 64, got 'x'" $MORPH morpyam analyze --games 1 --threads x
check_error "analyze bad players" "option 'players' must be 2, 3 or 4, got 5" $MORPH morpyam analyze --games 1 --players 5
check_exit "analyze bad players exit code" 1 $MORPH morpyam analyze --games 1 --players 5
check_error "analyze bad rule" "unknown rule 'nope'" $MORPH morpyam analyze --games 1 --rules nope
check_error "analyze unknown option" "unknown argument '--frob' for morpyam analyze \\(expected one of: --games" $MORPH morpyam analyze --frob 1

# ---- tune: a tiny run, the same on two threads, a C table of every player count ----
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
help=$($MORPH morpyam tune --help)
check_match "tune help" 'Usage: morph morpyam tune \[--games G\] \[--rounds R\]' "$help"
check_match "tune help names the checked-in table" 'src/ai/morpyam_master_weights.c' "$help"
check_match "morpyam lists tune" 'tune' "$($MORPH morpyam --help)"
table=$($MORPH morpyam tune --games 2 --rounds 2 --steps 5 --seed 3 2>"$tmp/report")
report=$(cat "$tmp/report")
check_match "tune report: round 1 from expert games" '2 players, round 1: 2 games of expert self-play, [0-9]+ positions' "$report"
check_match "tune report: round 2 from master games" '4 players, round 2: 2 games of master self-play, [0-9]+ positions .* log-loss [0-9.]+ \(the expert.s evaluation: [0-9.]+\)' "$report"
check_match "tune report: the time" 'tuned in [0-9.]+ s \([0-9.]+ s of CPU\)' "$report"
check_match "the table names its command" 'morph morpyam tune --games 2 --rounds 2 --steps 5 --seed 3' "$table"
check_eq "a model per player count" "3" "$(grep -c '^    {[234], {$' <<<"$table")"
check_eq "23 weights per player count" "69" "$(grep -cE '^        [-0-9.e]+, /\* [a-z0-9_]+ \*/$' <<<"$table")"
check_eq "tune: the same table on two threads" "$table" "$($MORPH morpyam tune --games 2 --rounds 2 --steps 5 --seed 3 --threads 2 2>/dev/null)"
one=$($MORPH morpyam tune --games 1 --rounds 1 --steps 2 --seed 3 --players 3 2>/dev/null)
check_match "--players 3: the command in the table" 'morph morpyam tune --games 1 --rounds 1 --steps 2 --seed 3 --players 3' "$one"
check_match "--players 3: the other counts kept" '2 players: the weights of the build that ran the command, kept' "$one"
check_eq "--players 3: two counts kept, one tuned" "2 1" "$(grep -c ', kept$' <<<"$one") $(grep -c 'round 1:' <<<"$one")"
$MORPH morpyam tune --games 1 --rounds 1 --steps 2 --seed 3 --out "$tmp/w.c" >"$tmp/out"
check_match "--out: the report on stdout" 'tuned in' "$(cat "$tmp/out")"
check_match "--out: the table in the file" '^/\* The weights of the master' "$(cat "$tmp/w.c")"
check_error "tune bad games" "tune: --games expects a whole number from 1 to 1000000, got '0'" $MORPH morpyam tune --games 0
check_error "tune bad rounds" "tune: --rounds expects a whole number from 1 to 20, got '21'" $MORPH morpyam tune --rounds 21
check_error "tune bad seed" "tune: --seed expects a whole number from 0 to 2\^64-1, got '-1'" $MORPH morpyam tune --seed -1
check_error "tune bad player counts" "tune: --players expects player counts from 2 to 4, e.g. 2 or 2,4, got '2,5'" $MORPH morpyam tune --players 2,5
check_error "tune unknown argument" "tune: unknown argument '--variant' \\(expected --games" $MORPH morpyam tune --variant flash
check_exit "tune unknown argument is a usage error" 2 $MORPH morpyam tune --frob
check_error "tune unwritable --out" "tune: cannot write weights '$tmp/none/w.c'" $MORPH morpyam tune --games 1 --rounds 1 --steps 1 --out "$tmp/none/w.c"

check_match "bench lists the expert workload" 'morpyam.expert_decisions' "$($MORPH bench --help)"
check_match "bench lists the master workload" 'morpyam.master_decisions' "$($MORPH bench --help)"

finish
