#!/usr/bin/env bash
# morph morpyam analyze (expert self-play statistics) and the AI bench workload.
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

check_match "bench lists the expert workload" 'morpyam.expert_decisions' "$($MORPH bench --help)"

finish
