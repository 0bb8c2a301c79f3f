#!/usr/bin/env bash
# morph morphos solve and morph morphos puzzles: results, output forms, and
# every kind of bad input.
. "$(dirname "$0")/lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
solve() { $MORPH morphos solve "$@" --json | jq -c 'del(.seconds)'; }

# 3x3: with the swap the first player loses (White swaps any first move), without it every first move wins.
check_eq "3x3 swap" '{"to_move":"black","result":"loss","winning_moves":[],"moves":{"a1":"loss","b1":"loss","c1":"loss","a2":"loss","b2":"loss","c2":"loss","a3":"loss","b3":"loss","c3":"loss"},"nodes":1173,"complete":true,"bounds":{}}' \
    "$(solve --size 3)"
check_match "3x3 no swap" '^\{"to_move":"black","result":"win","winning_moves":\["a1","b1","c1","a2","b2","c2","a3","b3","c3"\],' \
    "$(solve --size 3 --no-swap)"
check_eq "3x3 after b2: White swaps" '{"to_move":"white","result":"win","winning_moves":["swap"],"moves":{"a1":"loss","b1":"loss","c1":"loss","a2":"loss","c2":"loss","a3":"loss","b3":"loss","c3":"loss","swap":"win"},"nodes":168,"complete":true,"bounds":{}}' \
    "$(solve --size 3 --moves b2)"
# The result is the seat's: after the swap White (now the first player) is to move and loses.
check_match "3x3 after the swap" '"to_move":"white","result":"loss"' "$(solve --size 3 --moves b2,swap)"
check_match "minimorph" '"result":"win","winning_moves":\["a1","c1","a2","b2","c2","a3","c3"\]' \
    "$(solve --size 3 --mutators minimorph --no-swap)"
check_match "4x4 position, two threads" '"result":"(win|loss)".*"complete":true' \
    "$(solve --size 4 --moves b2,c3,b3,c2,a1 --threads 2)"
same1=$(solve --size 4 --moves b2,c3,b3 --threads 1)
same2=$(solve --size 4 --moves b2,c3,b3 --threads 2 | sed 's/"nodes":[0-9]*/"nodes":N/')
check_eq "threads agree" "$(echo "$same1" | sed 's/"nodes":[0-9]*/"nodes":N/')" "$same2"

# A budget: unknown, with what was proven; the node budget repeats exactly.
out=$(solve --size 5 --nodes 2000)
check_match "node budget" '"result":"unknown",.*"a1":"unknown".*"complete":false' "$out"
check_eq "node budget repeats" "$out" "$(solve --size 5 --nodes 2000)"
check_match "time budget" '"complete":false' "$($MORPH morphos solve --size 6 --budget 0.2 --json)"

# Text for people.
text=$($MORPH morphos solve --size 3 --moves b2)
check_match "text position" '3x3, standard rules, White may swap now; White \(P2\) to move' "$text"
check_match "text result" 'result: a win for White, to move' "$text"
check_match "text winning" 'winning moves: swap' "$text"
check_match "text losing" 'losing moves: a1 b1 c1 a2 c2 a3 b3 c3' "$text"
check_match "text nodes" 'solved: 168 nodes in [0-9.]+ s \(1 thread\)' "$text"
check_match "text stopped" 'result: unknown .*not classified: a1 .*stopped: ' "$($MORPH morphos solve --size 5 --nodes 1000 | tr '\n' ' ')"

# Bad input: one line, exit 2 for usage (an unsupported mutator or size included), 1 for bad moves.
check_error "duomorph" "^morph: morphos solve: the solver handles standard rules and minimorph only, not duomorph$" \
    $MORPH morphos solve --mutators duomorph
check_exit "duomorph exits 2" 2 $MORPH morphos solve --mutators duomorph
check_exit "metamorph exits 2" 2 $MORPH morphos solve --mutators minimorph,metamorph
check_error "size 9" "^morph: morphos solve: --size expects a board size from 3 to 7, got '9'$" $MORPH morphos solve --size 9
check_exit "size 9 exits 2" 2 $MORPH morphos solve --size 9
check_error "unknown mutator" "^morph: unknown mutator 'foo'" $MORPH morphos solve --mutators foo
check_exit "unknown mutator exits 1" 1 $MORPH morphos solve --mutators foo
check_error "illegal move" \
    "^morph: morphos solve: --moves: action 2 of the list: illegal move 'z9': z9 is not on the 3x3 board \(a1 to c3\)$" \
    $MORPH morphos solve --size 3 --moves b2,z9
check_exit "illegal move exits 1" 1 $MORPH morphos solve --size 3 --moves b2,z9
check_error "malformed move" "^morph: morphos solve: --moves: action 1 of the list: malformed move '2b'" \
    $MORPH morphos solve --size 3 --moves 2b
# A list from the empty board is as long as the game, not one turn (issue 24):
# 18 actions (more than the 16 parts of one turn's text).
long=a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,c3,d3,e3,a4,b4,c4
check_match "a list of 18 moves" '"to_move":"black",' "$(solve --size 5 --moves $long --nodes 100000)"
check_error "its 19th refused by its place" "^morph: morphos solve: --moves: action 19 of the list: illegal move 'a1': a1 is taken" \
    $MORPH morphos solve --size 5 --moves $long,a1
check_error "swap with --no-swap" "^morph: morphos solve: --moves holds a swap, but --no-swap says White is not offered it$" \
    $MORPH morphos solve --size 3 --moves b2,swap --no-swap
check_error "game over" "^morph: morphos solve: the game is over after --moves 'a1,b1,a2,b2,a3': nothing to solve$" \
    $MORPH morphos solve --size 3 --moves a1,b1,a2,b2,a3
check_error "budget" "^morph: morphos solve: --budget expects seconds from 0.001 to 10000000, got 'soon'$" $MORPH morphos solve --budget soon
check_error "threads" "^morph: morphos solve: --threads expects 1 to 16, got '0'$" $MORPH morphos solve --threads 0
check_error "nodes" "^morph: morphos solve: --nodes expects 1 to 1000000000000, got '-5'$" $MORPH morphos solve --nodes -5
check_error "memory" "^morph: morphos solve: --memory expects megabytes from 16 to 65536, got '1'$" $MORPH morphos solve --memory 1
check_error "missing value" "^morph: morphos solve: --moves needs a value" $MORPH morphos solve --moves
check_error "unknown flag" "^morph: morphos solve: unknown argument '--colour'" $MORPH morphos solve --colour B
check_match "solve help" 'Usage: morph morphos solve' "$($MORPH morphos solve --help)"

# Puzzles: deterministic from the seed, and every line checks out.
$MORPH morphos puzzles --size 4 --count 3 --seed 7 >"$tmp/a.txt"
$MORPH morphos puzzles --size 4 --count 3 --seed 7 >"$tmp/b.txt"
check_eq "puzzles repeat" "$(cat "$tmp/a.txt")" "$(cat "$tmp/b.txt")"
check_eq "puzzles count" 3 "$(grep -vc '^#' "$tmp/a.txt")"
check_match "puzzle line" '^size=4 mutators=- to=[BW] position=[BW./]+ win=[a-dx0-9,]+ loss=[a-dx0-9,]+ draw=' "$(sed -n 2p "$tmp/a.txt")"
check_eq "puzzles check" "3 puzzles, every action verified" "$($MORPH morphos puzzles --check "$tmp/a.txt")"
# The shipped suite reads, and a sample of it checks out.
grep '^size=[45] ' "$(dirname "$0")/../../data/puzzles/morphos.txt" | awk 'NR % 40 == 1' >"$tmp/sample.txt"
check_match "suite sample" '^[0-9]+ puzzles, every action verified$' "$($MORPH morphos puzzles --check "$tmp/sample.txt")"

# A suite with a wrong classification, and broken ones.
line=$(sed -n 2p "$tmp/a.txt")
win=$(echo "$line" | sed -E 's/.* win=([^ ]+) loss=([^ ,]+).*/\1/')
swapped=$(echo "$line" | sed -E 's/ win=([^ ]+) loss=([^ ]+) / win=\2 loss=\1 /')
echo "$swapped" >"$tmp/wrong.txt"
check_error "wrong classification" "^morph: morphos puzzles: line 1: the solver finds [a-dx0-9]+ a (win|loss)$" \
    $MORPH morphos puzzles --check "$tmp/wrong.txt"
first_win=${win%%,*}
echo "${line% draw=*} draw=$first_win" >"$tmp/twice.txt"
check_error "classified twice" "^morph: morphos puzzles: .*twice.txt: line 1: action '$first_win' is classified twice$" \
    $MORPH morphos puzzles --check "$tmp/twice.txt"
printf 'size=4 mutators=- to=B position=..../..../..../.... win=a1\n' >"$tmp/short.txt"
printf 'size=9 mutators=- to=B position=.../.../... win=a1 loss=b1 draw=-\n' >"$tmp/size.txt"
printf '# nothing\n\n' >"$tmp/empty.txt"
check_error "too few fields" "^morph: morphos puzzles: .*short.txt: line 1: expected 7 fields separated by single spaces, got 5$" \
    $MORPH morphos puzzles --check "$tmp/short.txt"
check_error "bad size" "^morph: morphos puzzles: .*size.txt: line 1: size must be 3 to 7, got '9'$" $MORPH morphos puzzles --check "$tmp/size.txt"
check_error "empty suite" "^morph: morphos puzzles: .*empty.txt: no puzzle in the suite" $MORPH morphos puzzles --check "$tmp/empty.txt"
check_error "missing file" "^morph: morphos puzzles: cannot open '.*nope.txt': No such file or directory$" \
    $MORPH morphos puzzles --check "$tmp/nope.txt"
check_exit "missing file exits 1" 1 $MORPH morphos puzzles --check "$tmp/nope.txt"
check_error "puzzles without a seed" "^morph: morphos puzzles: expected --size, --count and --seed \(or --check FILE\)$" \
    $MORPH morphos puzzles --size 4 --count 3
check_error "check with size" "^morph: morphos puzzles: --check takes only --nodes besides the file$" \
    $MORPH morphos puzzles --check "$tmp/a.txt" --size 4
check_error "puzzles size 8" "^morph: morphos puzzles: --size expects a board size from 3 to 7, got '8'$" \
    $MORPH morphos puzzles --size 8 --count 1 --seed 1
check_exit "puzzles duomorph exits 2" 2 $MORPH morphos puzzles --size 4 --count 1 --seed 1 --mutators duomorph
check_error "puzzles count" "^morph: morphos puzzles: --count expects 1 to 10000, got '0'$" $MORPH morphos puzzles --size 4 --count 0 --seed 1
check_match "puzzles help" 'Usage: morph morphos puzzles' "$($MORPH morphos puzzles --help)"
check_match "morphos help lists solve and puzzles" 'solve.*puzzles' "$($MORPH morphos --help | tr '\n' ' ')"

finish
