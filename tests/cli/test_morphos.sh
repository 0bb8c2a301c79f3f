#!/usr/bin/env bash
# morph morphos: legal, deadlocks, show, their help and their errors.
. "$(dirname "$0")/lib.sh"

check_eq "legal flip" '{"size":3,"to_move":"B","winner":null,"weak":{"B":[],"W":["b2"]},"moves":["a1","xb2"]}' \
    "$($MORPH morphos legal 'BBB/BWW/.BB' --to-move B --json)"
check_eq "legal white to move" '{"size":3,"to_move":"W","winner":null,"weak":{"B":["b2"],"W":[]},"moves":["a1","c1","c2","c3","xb2"]}' \
    "$($MORPH morphos legal 'WW./WB./.W.' --to-move W --json)"
check_eq "legal won position" '{"size":3,"to_move":"W","winner":"B","weak":{"B":[],"W":[]},"moves":[]}' \
    "$($MORPH morphos legal 'B../B../B..' --to-move W --json)"
check_eq "legal deadlock, White wins" '{"size":3,"to_move":"B","winner":"W","weak":{"B":[],"W":[]},"moves":[]}' \
    "$($MORPH morphos legal 'BWB/WBW/BWB' --json)"
check_eq "legal deadlock, Black wins" '{"size":3,"to_move":"W","winner":"B","weak":{"B":[],"W":[]},"moves":[]}' \
    "$($MORPH morphos legal 'BWB/WWB/BBW' --to-move W --json)"
check_eq "legal forced pass" '{"size":3,"to_move":"W","winner":null,"weak":{"B":[],"W":["c2"]},"moves":["pass"]}' \
    "$($MORPH morphos legal 'WWB/BBW/WBB' --to-move W --json)"
check_eq "legal duomorph full moves" '{"size":3,"to_move":"W","winner":null,"weak":{"B":["b2"],"W":[]},"moves":["a1","c1,c2","c2,c1","c2,c3","c3","xb2"]}' \
    "$($MORPH morphos legal 'WW./WB./.W.' --to-move W --mutators duomorph --json)"
check_eq "legal minimorph" '{"size":3,"to_move":"W","winner":null,"weak":{"B":["a2"],"W":[]},"moves":["b1","b3","c1","c2","c3","xa2"]}' \
    "$($MORPH morphos legal 'W../BW./W..' --to-move W --mutators minimorph --json)"
check_eq "legal text" $'White to move\nweak black: b2\nweak white: none\nmoves: a1 c1 c2 c3 xb2' \
    "$($MORPH morphos legal 'WW./WB./.W.' --to-move W)"

check_eq "deadlocks 3" '{"size":3,"no_moves":254,"no_moves_no_winner":26,"formula":14}' "$($MORPH morphos deadlocks 3 --json)"
check_eq "deadlocks 4" '{"size":4,"no_moves":6442,"no_moves_no_winner":146,"formula":30}' "$($MORPH morphos deadlocks 4 --json)"
check_eq "deadlocks 5" '{"size":5,"no_moves":285736,"no_moves_no_winner":466,"formula":62}' "$($MORPH morphos deadlocks 5 --json)"
check_eq "deadlocks 2" '{"size":2,"no_moves":16,"no_moves_no_winner":2,"formula":6}' "$($MORPH morphos deadlocks 2 --json)"
check_eq "deadlocks minimorph" '{"size":4,"no_moves":4908,"no_moves_no_winner":0,"formula":30}' \
    "$($MORPH morphos deadlocks 4 --mutators minimorph --json)"
check_eq "deadlocks text" '3x3: 254 full boards without a move, 26 of them without a winner (formula 2^(N+1)-2 = 14)' \
    "$($MORPH morphos deadlocks 3)"

check_eq "show" "$(printf '%s\n' '    a b c' '  3 W W . 3' '  2 W b . 2' '  1 . W . 1' '    a b c' \
    '(B black, W white, b/w weak stones that can be flipped, . empty)')" "$($MORPH morphos show 'WW./WB./.W.')"

for sub in legal deadlocks show; do
    check_match "$sub help" "Usage: morph morphos $sub" "$($MORPH morphos $sub --help)"
done
check_match "morphos help" 'deadlocks' "$($MORPH morphos --help)"
check_match "morph help lists morphos" 'morphos' "$($MORPH --help)"

check_error "row length" "^morph: malformed position: row 2 has 4 points, expected 3$" $MORPH morphos legal 'B.W/.W.B/W.B'
check_error "bad character" "^morph: malformed position: row 3 has 'x', expected B, W or \.$" $MORPH morphos show 'x../.../...'
check_error "too few rows" "^morph: malformed position: 2 rows, expected 3$" $MORPH morphos legal 'B.W/.W.'
check_error "bad colour" "^morph: morphos legal: --to-move expects B or W, got 'X'$" $MORPH morphos legal 'B.W/.W./W.B' --to-move X
check_exit "bad colour is usage" 2 $MORPH morphos legal 'B.W/.W./W.B' --to-move X
check_error "unknown mutator" "^morph: unknown mutator 'foo' \(expected minimorph, deepmorph, duomorph, remorph or metamorph\)$" \
    $MORPH morphos legal 'B.W/.W./W.B' --mutators foo
check_exit "unknown mutator is bad input" 1 $MORPH morphos legal 'B.W/.W./W.B' --mutators foo
check_error "metamorph alone" "^morph: mutator metamorph needs minimorph" $MORPH morphos show 'B.W/.W./W.B' --mutators metamorph
check_error "deadlocks size" "^morph: morphos deadlocks: expected a board size N from 2 to 6, got '7'$" $MORPH morphos deadlocks 7
check_error "legal needs a position" "expected a POSITION" $MORPH morphos legal
check_error "unknown subcommand" "unknown command 'play'" $MORPH morphos play
check_error "unknown flag" "unknown argument '--nope'" $MORPH morphos show 'B.W/.W./W.B' --nope
check_error "flag without value" "^morph: morphos legal: --to-move needs a value" $MORPH morphos legal 'B.W/.W./W.B' --to-move
check_error "mutators without value" "^morph: morphos deadlocks: --mutators needs a value" $MORPH morphos deadlocks 3 --mutators
check_match "bench lists morphos" 'morphos.playouts_13x13' "$($MORPH bench --help)"

# fit-priors: a tiny fit writes C source that compiles against the prior
# header, states the command, and is the same for the same arguments.
fit_dir=$(mktemp -d)
$MORPH morphos fit-priors --games 2 --size 5 --seed 3 --level mcts:playouts=40,patterns=0 --out "$fit_dir/a.c" 2>"$fit_dir/err"
check_exit "fit-priors runs" 0 $MORPH morphos fit-priors --games 2 --size 5 --seed 3 --level mcts:playouts=40,patterns=0 --out "$fit_dir/b.c"
check_eq "fit-priors is reproducible" "" "$(cmp "$fit_dir/a.c" "$fit_dir/b.c")"
check_match "fit-priors states its command" 'Written by `morph morphos fit-priors --games 2 --size 5 --seed 3 --level mcts:playouts=40,patterns=0`' \
    "$(head -1 "$fit_dir/a.c")"
check_match "fit-priors summary" '^fit-priors: 2 games, [0-9]+ decisions; log-likelihood per decision' "$(cat "$fit_dir/err")"
here=$(cd "$(dirname "$0")/../.." && pwd)
check_exit "fit-priors output compiles" 0 cc -std=c17 -Wall -Werror -fsyntax-only -I "$here/src/ai" "$fit_dir/a.c"
check_match "fit-priors help" 'Usage: morph morphos fit-priors' "$($MORPH morphos fit-priors --help)"
check_error "fit-priors needs games" '^morph: fit-priors: --games G is required' $MORPH morphos fit-priors --size 5
check_error "fit-priors bad level" "^morph: fit-priors: unknown AI parameter 'bogus'" \
    $MORPH morphos fit-priors --games 1 --level mcts:bogus=1
check_error "fit-priors bad iterations" '^morph: fit-priors: --iterations expects a whole number from 1 to 1000' \
    $MORPH morphos fit-priors --games 1 --iterations 0
check_error "fit-priors value missing" '^morph: fit-priors: --out needs a file name' $MORPH morphos fit-priors --games 1 --out
check_error "fit-priors unknown argument" "^morph: unknown argument '--bogus' for morphos fit-priors \(expected one of: --games, .*--size" \
    $MORPH morphos fit-priors --games 1 --bogus
rm -rf "$fit_dir"

finish
