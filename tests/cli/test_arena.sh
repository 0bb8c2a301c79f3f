#!/usr/bin/env bash
# morph arena with the real games: the JSON summary, reproducibility across
# thread counts, external engines, argument errors.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/games.sh"
need_games morphos morpyam
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

keys='["a_score","a_score_ci95","a_wins","b_wins","draws","elo","elo_ci95","games"]'
one=$($MORPH arena morphos --a random --b random --games 12 --seed 5 --size 5 --json)
two=$($MORPH arena morphos --a random --b random --games 12 --seed 5 --size 5 --json --threads 2)
check_eq "arena JSON keys" "$keys" "$(jq -c keys <<<"$one")"
check_eq "key order as documented" '["games","a_wins","b_wins","draws","a_score","a_score_ci95","elo","elo_ci95"]' \
    "$(jq -c keys_unsorted <<<"$one")"
check_eq "games add up" 12 "$(jq '.a_wins + .b_wins + .draws' <<<"$one")"
check_eq "score is (wins + draws/2)/N" true "$(jq '(.a_score - (.a_wins + .draws / 2) / 12) | fabs < 1e-9' <<<"$one")"
check_eq "interval contains the score" true "$(jq '.a_score_ci95[0] <= .a_score and .a_score <= .a_score_ci95[1]' <<<"$one")"
check_eq "Elo interval contains the Elo" true "$(jq '.elo_ci95[0] <= .elo and .elo <= .elo_ci95[1]' <<<"$one")"
check_eq "1 and 2 threads give the same result" "$one" "$two"
check_eq "another seed, another sample" false "$(
    [ "$($MORPH arena morphos --a random --b random --games 12 --seed 6 --size 5 --json)" == "$one" ] && echo true || echo false)"

m1=$($MORPH arena morpyam --a random --b random --games 6 --seed 9 --variant flash --json)
m2=$($MORPH arena morpyam --a random --b random --games 6 --seed 9 --variant flash --json --threads 2)
check_eq "morpyam reproducible across threads" "$m1" "$m2"
check_eq "morpyam games add up" 6 "$(jq '.a_wins + .b_wins + .draws' <<<"$m1")"
m3=$($MORPH arena morpyam --a random --b random --games 4 --seed 9 --players 3 --json)
check_eq "three players" 4 "$(jq '.a_wins + .b_wins + .draws' <<<"$m3")"

text=$($MORPH arena morphos --a random --b random --games 4 --seed 5 --size 5)
check_match "text summary" '^4 games of morphos: A \(random\) [0-4] wins, B \(random\) [0-4] wins, [0-4] draws' "$text"
check_match "text score line" $'\nA score [01]\\.[0-9]{3} \\(95% interval ' "$text"
check_eq "no progress when stderr is not a terminal" "" "$($MORPH arena morphos --a random --b random --games 2 --seed 1 --size 5 2>&1 >/dev/null)"
check_eq "a default seed is reported" "arena: seed" "$($MORPH arena morphos --a random --b random --games 1 --size 5 2>&1 >/dev/null | cut -c1-11)"

# A Morpyam layout file (the standard grid with two rows swapped).
cat >"$tmp/grid.txt" <<'END'
# rows from the top
1  2  3  4  6  PS
5  AP MA MO FU 1
6  CA SE SU MI 5
3  FU MO MI AP 2
4  MA SU SE CA 3
PS 1  2  6  5  4
END
check_eq "--layout plays on the grid" 2 \
    "$($MORPH arena morpyam --a random --b random --games 2 --seed 1 --layout "$tmp/grid.txt" --json | jq '.games')"
echo "1 2 3 XX" >"$tmp/bad.txt"
check_error "--layout with a bad code" "arena: .*XX" $MORPH arena morpyam --a random --b random --games 1 --layout "$tmp/bad.txt"
check_error "--layout without a file" "arena: cannot read layout file '$tmp/none.txt'" \
    $MORPH arena morpyam --a random --b random --games 1 --layout "$tmp/none.txt"

# An external program speaking our protocol: another morph engine.
ext=$($MORPH arena morphos --a random --b "engine:$MORPH engine --level random" --games 4 --seed 3 --size 5 --json)
check_eq "engine: player plays whole games" 4 "$(jq '.a_wins + .b_wins + .draws' <<<"$ext")"
ext2=$($MORPH arena morpyam --a "engine:$MORPH engine --level random" --b random --games 2 --seed 3 --json --threads 2)
check_eq "engine: player with dice" 2 "$(jq '.a_wins + .b_wins + .draws' <<<"$ext2")"
check_error "engine that cannot genmove" "arena: engine '$MORPH engine' refused a request: genmove needs" \
    $MORPH arena morphos --a random --b "engine:$MORPH engine" --games 1 --seed 1 --size 5
# (the program's own stderr passes through: here the shell's complaint)
check_eq "engine that does not exist" "morph: arena: engine '/nonexistent/x' stopped answering" \
    "$($MORPH arena morphos --a random --b "engine:/nonexistent/x" --games 1 --seed 1 --size 5 2>&1 | tail -1)"

# A GTP program (tests/cli/fake_gtp.sh wraps a morph engine).
gtp="gtp:bash $(dirname "$0")/fake_gtp.sh"
g=$($MORPH arena morphos --a random --b "$gtp" --games 2 --seed 3 --size 5 --mutators minimorph --json)
check_eq "gtp: player plays whole games" 2 "$(jq '.a_wins + .b_wins + .draws' <<<"$g")"
g=$($MORPH arena morphos --a "$gtp" --b "$gtp" --games 1 --seed 3 --size 4 --json)
check_eq "gtp: against gtp" 1 "$(jq '.a_wins + .b_wins + .draws' <<<"$g")"
check_error "gtp only for morphos" 'arena: --b: gtp: players only play morphos' $MORPH arena morpyam --a random --b gtp:x --games 1
check_error "unknown level" "arena: --a: unknown AI level 'wizard'" $MORPH arena morphos --a wizard --b random --games 1
check_error "missing --b" 'arena: both --a SPEC and --b SPEC are needed' $MORPH arena morphos --a random --games 1
check_error "missing --games" 'arena: --games N is needed' $MORPH arena morphos --a random --b random
check_error "bad --games" "arena: --games expects a whole number from 1 to 10000000, got '0'" \
    $MORPH arena morphos --a random --b random --games 0
check_error "unknown flag lists the accepted ones" \
    "unknown argument '--colour' for arena \(expected one of: --a, --b, --games, --seed, --threads, --json, --quiet, --size, --mutators, --move-cap\)" \
    $MORPH arena morphos --a random --b random --games 1 --colour red
check_error "bad game option" "arena: option 'size' must be a whole number, got 'big'" \
    $MORPH arena morphos --a random --b random --games 1 --size big
check_match "help shows the game's options" '--size N +board size' "$($MORPH arena morphos --help)"
check_match "help shows the layout flag for morpyam" '--layout FILE' "$($MORPH arena morpyam --help)"

finish
