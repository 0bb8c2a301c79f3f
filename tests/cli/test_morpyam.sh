#!/usr/bin/env bash
# morph morpyam: figures, odds, score, layout, watch.
. "$(dirname "$0")/lib.sh"

check_eq "figures example" '{"dice":[1,1,1,3,1],"figures":["brelan-1","carre","mini","sec"]}' \
    "$($MORPH morpyam figures 1 1 1 3 1 --first-roll --json)"
check_eq "figures without first roll" '{"dice":[6,5,4,3,2],"figures":["petite-suite","suite"]}' \
    "$($MORPH morpyam figures 6 5 4 3 2 --json)"
check_eq "figures human" 'dice 2 2 4 4 5: no figure' "$($MORPH morpyam figures 2 2 4 4 5)"
check_error "figures count" "figures: expected 5 dice, got 3" $MORPH morpyam figures 1 2 3
check_error "figures six dice" "figures: expected 5 dice, got more" $MORPH morpyam figures 1 2 3 4 5 6
check_error "figures value 7" "figures: a die shows 1 to 6, got '7'" $MORPH morpyam figures 1 2 3 4 7
check_error "figures option" "unknown option '--nope'" $MORPH morpyam figures 1 2 3 4 5 --nope

odds=$($MORPH morpyam odds --json)
check_match "odds morpyam one roll" '"morpyam":\{"one_roll":0\.000771604938,"three_rolls":0\.046028642526\}' "$odds"
check_match "odds sec one roll only" '"sec":\{"one_roll":0\.094650205761\}' "$odds"
check_match "odds starts with brelan-1" '^\{"figures":\{"brelan-1":\{"one_roll":0\.03549382716,' "$odds"
check_match "odds human" 'morpyam +0\.077160% +4\.602864%' "$($MORPH morpyam odds)"
check_error "odds option" "unknown option '--frob'" $MORPH morpyam odds --frob

check_eq "score rows" '{"points":[1,1],"ko":null}' \
    "$($MORPH morpyam score --players 2 '111...222...........................' --json)"
check_eq "score 4 with 2 players" '{"points":[2,0],"ko":null}' \
    "$($MORPH morpyam score --players 2 '1.....1.....1.....1.................' --json)"
check_eq "score 4 with 3 players" '{"points":[3,0,1],"ko":null}' \
    "$($MORPH morpyam score --players 3 '1.....1.....1.....1...........333...' --json)"
check_eq "score diagonals" '{"points":[1,1],"ko":null}' \
    "$($MORPH morpyam score '...2......2......2..1....1....1.....' --json)"
check_eq "score ko" '{"points":[0,0],"ko":2}' \
    "$($MORPH morpyam score --players 2 '......22222.........................' --json)"
check_match "score human" 'P1: 1 points' "$($MORPH morpyam score '111.................................')"
check_error "score length" "score: GRID must have 36 characters, got 3" $MORPH morpyam score '1..'
check_error "score char" "score: bad GRID character 'x' at position 2" $MORPH morpyam score '.x..................................'
check_error "score player beyond count" "bad GRID character '3'" $MORPH morpyam score --players 2 '3...................................'
check_error "score players" "score: --players must be 2, 3 or 4, got '5'" $MORPH morpyam score --players 5 '....................................'
check_error "score missing grid" "score: missing GRID" $MORPH morpyam score

check_eq "layout standard json" \
    '{"rows":[["1","2","3","4","6","PS"],["6","CA","SE","SU","MI","5"],["5","AP","MA","MO","FU","1"],["3","FU","MO","MI","AP","2"],["4","MA","SU","SE","CA","3"],["PS","1","2","6","5","4"]]}' \
    "$($MORPH morpyam layout standard --json)"
check_match "layout flash" '5   CA  PS  MO  FU  1' "$($MORPH morpyam layout flash)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '# all morpyam on top\nMO MO MO MO MO MO\n1 1 1 1 1 1\n2 2 2 2 2 2\n3 3 3 3 3 3\n4 4 4 4 4 4\n5 5 5 5 5 5 # last row\n' >"$tmp/grid.txt"
check_match "layout file" '6   MO  MO  MO  MO  MO  MO  6' "$($MORPH morpyam layout --file "$tmp/grid.txt")"
printf '1 2 3\n' >"$tmp/short.txt"
check_error "layout short file" "expected 36 square codes \(6 rows of 6\), got 3" $MORPH morpyam layout --file "$tmp/short.txt"
check_error "layout unknown" "layout: unknown layout 'turbo'" $MORPH morpyam layout turbo
check_error "layout twice" "layout: expected one layout, got 'flash' too" $MORPH morpyam layout standard flash
check_error "layout file without path" "layout: --file needs a PATH" $MORPH morpyam layout --file
check_error "score players without value" "score: --players needs a value" $MORPH morpyam score --players
check_error "layout missing file" "cannot read layout file" $MORPH morpyam layout --file "$tmp/none.txt"
# a comment longer than any read buffer is skipped whole; codes after it still count
{ printf '#%.0s' $(seq 5000); printf '\n1 2 3 4 6 PS\n6 CA SE SU MI 5\n5 AP MA MO FU 1\n3 FU MO MI AP 2\n4 MA SU SE CA 3\nPS 1 2 6 5 4\n'; } \
    >"$tmp/long_comment.txt"
check_match "layout long comment" '2   4   MA  SU  SE  CA  3   2' "$($MORPH morpyam layout --file "$tmp/long_comment.txt")"
check_match "arena layout long comment" '"games":1' \
    "$($MORPH arena morpyam --a random --b random --games 1 --seed 1 --quiet --json --layout "$tmp/long_comment.txt")"
{ cat "$tmp/grid.txt"; printf '#%.0s' $(seq 5000); printf '\nMO MO\n'; } >"$tmp/extra_codes.txt"
check_error "layout codes after a long comment" "more than 36 square codes" $MORPH morpyam layout --file "$tmp/extra_codes.txt"

w1=$($MORPH morpyam watch --seed 7)
w2=$($MORPH morpyam watch --seed 7)
check_eq "watch is reproducible" "$w1" "$w2"
check_match "watch ends with a result" 'game over: P[12] (wins|share the win) by (ko|points)' "$(echo "$w1" | tail -1)"
check_match "watch prints the seed" '^seed [0-9]+' "$($MORPH morpyam watch | head -1)"
check_match "watch plus 4 players" 'game over' "$($MORPH morpyam watch --seed 3 --players 4 --variant plus --rules daversa | tail -1)"
check_match "watch custom layout" 'game over' "$($MORPH morpyam watch --seed 3 --layout "$tmp/grid.txt" | tail -1)"
check_error "watch bad players" "option 'players' must be 2, 3 or 4, got 5" $MORPH morpyam watch --players 5
check_error "watch bad variant" "option 'variant' must be standard, flash or plus, got 'turbo'" $MORPH morpyam watch --variant turbo
check_error "watch bad rule" "unknown rule 'nope'" $MORPH morpyam watch --rules nope
check_error "watch unknown option" "unknown argument '--frob' for morpyam watch \\(expected one of: --seed, --players" $MORPH morpyam watch --frob 1

for sub in figures odds score layout watch; do
    check_match "$sub --help" "Usage: morph morpyam $sub" "$($MORPH morpyam $sub --help)"
done
check_error "unknown subcommand" "unknown command 'nope'" $MORPH morpyam nope

finish
