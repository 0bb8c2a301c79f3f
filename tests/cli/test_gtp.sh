#!/usr/bin/env bash
# morph gtp: scripted GTP 2 sessions with good and malformed commands, and
# the arena playing against our own GTP engine.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/games.sh"
need_games morphos

# gtp ARGS... < commands: the whole output of a session.
# --ai random: fast and reproducible (the default, mcts with a time budget, is neither).
gtp() { $MORPH gtp --seed 7 --ai random "$@"; }
# resp N: the N-th response of $out (responses end with an empty line).
resp() { awk -v RS= -v n="$1" 'NR == n' <<<"$out"; }
count() { awk -v RS= 'END { print NR }' <<<"$out"; }

# Protocol basics, ids echoed, malformed lines.
out=$(printf '%b\n' \
    '1 protocol_version' \
    'name' \
    '3 version' \
    '4 known_command play' \
    '5 known_command morphos-legal' \
    '6 known_command fly' \
    '7 fly away' \
    '# a comment line gets no response' \
    '' \
    '   \t ' \
    '8\tname   # tabs, spaces and a comment' \
    '9 \x01\x7fna\x02me' \
    '10' \
    '11 play' \
    '12 play x c3' \
    '13 genmove purple' \
    '14 boardsize five' \
    '15 time_settings 1 2' \
    '16 time_left b -1 0' \
    '17 known_command' \
    '18 a b c d e f g h i j k l m n o p q r s t u v w' \
    '19 quit' \
    '20 name' | gtp)
check_eq "responses until quit" 19 "$(count)"
check_eq "protocol_version" '=1 2' "$(resp 1)"
check_eq "name without id" '= morph' "$(resp 2)"
check_match "version" '^=3 [0-9]+\.[0-9]+\.[0-9]+$' "$(resp 3)"
check_eq "known_command true" '=4 true' "$(resp 4)"
check_eq "known_command extension" '=5 true' "$(resp 5)"
check_eq "known_command false" '=6 false' "$(resp 6)"
check_eq "unknown command" '?7 unknown command' "$(resp 7)"
check_eq "tabs and comments" '=8 morph' "$(resp 8)"
check_eq "control characters dropped" '=9 morph' "$(resp 9)"
check_eq "id alone" '?10 syntax error: a command id without a command' "$(resp 10)"
check_eq "play without arguments" '?11 syntax error: expected play COLOUR VERTEX (colour b, w, black or white)' "$(resp 11)"
check_eq "play bad colour" '?12 syntax error: expected play COLOUR VERTEX (colour b, w, black or white)' "$(resp 12)"
check_eq "genmove bad colour" '?13 syntax error: expected genmove COLOUR (b, w, black or white)' "$(resp 13)"
check_eq "boardsize not a number" '?14 syntax error: expected boardsize N (a whole number)' "$(resp 14)"
check_match "time_settings arity" '^\?15 syntax error: expected time_settings' "$(resp 15)"
check_match "time_left negative" '^\?16 syntax error: expected time_left' "$(resp 16)"
check_eq "known_command without argument" '=17 false' "$(resp 17)"
check_eq "too many arguments" '?18 unknown command' "$(resp 18)"
check_eq "quit answers" '=19' "$(resp 19)"

# Issue 8, fault 1: seventeen arguments without an id overflowed the argument list.
out=$(printf '%s\n' 'morphos-mutators a b c d e f g h i j k l m n o p q' 'name' | gtp 2>&1)
check_eq "17 arguments without an id are too many" '? syntax error: too many arguments' "$(resp 1)"
check_eq "the engine goes on after them" '= morph' "$(resp 2)"

out=$(echo list_commands | gtp)
check_eq "list_commands" "= protocol_version
name
version
known_command
list_commands
quit
boardsize
clear_board
play
genmove
undo
showboard
komi
time_settings
time_left
final_score
final_status_list
morphos-mutators
morphos-legal" "$out"

# A game on 5x5: boardsize, play, illegal moves, genmove, undo, showboard.
out=$(printf '%s\n' \
    '1 boardsize 5' \
    '2 boardsize 2' \
    '3 boardsize 20' \
    '4 play b c3' \
    '5 play b c4' \
    '6 play w c3' \
    '7 play w f1' \
    '8 play WHITE C4' \
    '9 morphos-legal' \
    '10 final_score' \
    '11 undo' \
    '12 showboard' \
    '13 play w c4' \
    '14 showboard' \
    '15 clear_board' \
    '16 morphos-legal' | gtp --size 9)
check_eq "boardsize 5" '=1' "$(resp 1)"
check_eq "boardsize too small" '?2 unacceptable size' "$(resp 2)"
check_eq "boardsize too large" '?3 unacceptable size' "$(resp 3)"
check_eq "play" '=4' "$(resp 4)"
check_eq "colour not to move" '?5 illegal move: b is not to move (w is)' "$(resp 5)"
check_eq "a play on an enemy stone is its flip" "?6 illegal move 'c3' (xc3 in morph's notation): c3 is not weak: a stone can be flipped only when enemy stones hold 3 of its sides and a corner between them, 2 adjacent sides grown into lines of 3 and 2 away from their corner, or the ring around a 2x2 area holding it" "$(resp 6)"
check_eq "off the board, said once" "?7 illegal move 'f1': not on the 5x5 board (A1 to E5)" "$(resp 7)"
check_eq "upper case colour and move" '=8' "$(resp 8)"
check_eq "legal moves after two turns" '=9 A1 A2 A3 A4 A5 B1 B2 B3 B4 B5 C1 C2 C5 D1 D2 D3 D4 D5 E1 E2 E3 E4 E5' "$(resp 9)"
check_eq "final_score before the end" '?10 game not over: turn 3, b to move' "$(resp 10)"
check_eq "undo" '=11' "$(resp 11)"
check_eq "showboard after undo" '=12
    A B C D E
  5 . . . . . 5
  4 . . . . . 4
  3 . . B . . 3
  2 . . . . . 2
  1 . . . . . 1
    A B C D E
(B black, W white, b/w weak stones that can be flipped, . empty)
b: Black stones, top and bottom edges, played by the first player
w: White stones, left and right edges, played by the second player
turn 2, w to move' "$(resp 12)"
check_eq "replay after undo" '=13' "$(resp 13)"
check_match "showboard shows the move" '  4 \. \. W \. \. 4' "$(resp 14)"
check_eq "clear_board keeps the size" '=15' "$(resp 15)"
check_eq "empty 5x5 has 25 moves" 25 "$(resp 16 | cut -c5- | wc -w)"

# genmove returns a legal move (checked against morphos-legal before) and
# plays it; the seed makes it reproducible.
script=$(printf '%s\n' 'boardsize 6' 'play b c3' 'morphos-legal' 'genmove w' 'morphos-legal' 'genmove b' 'showboard')
out=$(gtp <<<"$script")
legal=" $(resp 3 | cut -c3-) "
move=$(resp 4 | cut -c3-)
check_match "genmove answers a vertex" '^[A-HJ-T][0-9]+$|^swap$' "$move"
if [[ "$legal" == *" $move "* ]]; then ok; else bad "genmove '$move' is not among the legal moves"; fi
check_eq "genmove plays the move: w to move again" "w" "$(resp 7 | tail -1 | sed 's/.*, \(.\) to move/\1/')"
legal=" $(resp 5 | cut -c3-) "
move=$(resp 6 | cut -c3-)
if [[ "$legal" == *" $move "* ]]; then ok; else bad "second genmove '$move' is not among the legal moves"; fi
check_eq "genmove is reproducible with a seed" "$out" "$(gtp <<<"$script")"
check_match "swap is legal on w's first turn" '(^| )swap( |$)' "$(resp 3)"

# genmove for the colour not to move, after the end; a time budget with a
# level that takes none (random) still plays.
out=$(printf '%s\n' 'genmove w' 'time_settings 10 0 0' 'time_left b 5 0' 'genmove b' 'play w resign' 'genmove b' \
    'time_settings 0 5 0' 'final_score' | gtp --size 5 --ai random)
check_eq "genmove colour not to move" '? w is not to move (b is)' "$(resp 1)"
check_eq "time_settings" '=' "$(resp 2)"
check_eq "time_left" '=' "$(resp 3)"
check_match "genmove under a clock" '^= [A-E][1-5]$' "$(resp 4)"
check_eq "resign" '=' "$(resp 5)"
check_eq "genmove after the end" '? game over: b wins by resign on turn 2' "$(resp 6)"
check_eq "final_score after w resigns, the reason in a comment line" '= B+
# game over: b wins by resign on turn 2' "$(resp 8)"

# A forced short game: Black connects b1-b2-b3 on 3x3.
out=$(printf '%s\n' 'play b b1' 'play w a1' 'play b b2' 'play w a2' 'play b b3' 'final_score' 'play w a3' 'undo' \
    'final_score' 'play b b3' 'final_score' 'showboard' | gtp --size 3)
check_eq "connection win" '= B+' "$(resp 6 | head -1)"
check_eq "no move after the end" '? illegal move: game over: b wins by connection on turn 5' "$(resp 7)"
check_eq "undo the winning move" '? game not over: turn 5, b to move' "$(resp 9)"
check_eq "win again" '= B+' "$(resp 11 | head -1)"
check_match "showboard at the end" 'game over: b wins by connection on turn 5$' "$(resp 12)"
out=$(printf '%s\n' 'play b b3' 'play w a2' 'play b b1' 'play w b2' 'play b a1' 'play w c2' 'final_score' | gtp --size 3)
check_eq "white connection" '= W+
# game over: w wins by connection on turn 6' "$(resp 7)"
out=$(printf '%s\n' 'play b c3' 'play w c2' 'final_score' | gtp --size 3 --move-cap 2)
check_eq "capped draw" '= 0
# game over: draw (cap) after 2 turns' "$(resp 3)"

# Swap: colours are the stones' colours, as GUIs expect. White swaps, the
# swapper now holds Black and the first player moves next as White, so w
# plays twice in a row (the swap, then a white stone by the other player).
out=$(printf '%s\n' 'play b c3' 'play w swap' 'play b d4' 'play w d4' 'showboard' 'genmove b' 'undo' 'undo' 'undo' 'showboard' \
    | gtp --size 5 --ai random)
check_eq "swap" '=' "$(resp 2)"
check_eq "after the swap White moves" '? illegal move: b is not to move (w is)' "$(resp 3)"
check_eq "w places a white stone" '=' "$(resp 4)"
check_match "colours after the swap" 'b: Black stones, top and bottom edges, played by the second player \(after the swap\)
w: White stones, left and right edges, played by the first player \(after the swap\)
turn 4, b to move$' "$(resp 5)"
check_match "w's stone is white" '  4 \. \. \. W \. 4' "$(resp 5)"
check_match "the black stone stays" '  3 \. \. B \. \. 3' "$(resp 5)"
check_match "genmove b after the swap" '^= [A-E][1-5]$' "$(resp 6)"
check_match "undo takes back the move and the swap" 'b: Black stones, top and bottom edges, played by the first player
w: White stones, left and right edges, played by the second player
turn 2, w to move$' "$(resp 10)"
# A whole game with a swap: the swapper, holding Black, connects; the score
# names the colour.
out=$(printf '%s\n' 'play b b1' 'play w swap' 'play w a1' 'play b b2' 'play w a2' 'play b b3' 'final_score' 'showboard' \
    | gtp --size 3)
check_eq "the swapper plays Black after the swap" '= = = = = =' "$(for i in 1 2 3 4 5 6; do resp $i; done | tr '\n' ' ' | sed 's/ $//')"
check_eq "final_score names the colour" '= B+' "$(resp 7 | head -1)"
check_match "Black (the second player) won" 'game over: b wins by connection on turn 6$' "$(resp 8)"

# Mutators: whole turns, incomplete turns refused, genmove answers whole turns.
out=$(printf '%s\n' '1 morphos-mutators' '2 morphos-mutators duomorph' '3 morphos-mutators' '4 play b c3' \
    '5 play b c3,c4' '6 genmove w' '7 morphos-mutators bogus' '8 morphos-mutators' '9 morphos-mutators minimorph metamorph' \
    '10 morphos-mutators' '11 showboard' '12 morphos-mutators none' '13 morphos-mutators' '14 morphos-mutators metamorph' \
    '15 morphos-mutators duomorph' '16 play b c5,c4,b1' '17 showboard' '18 morphos-mutators none' '19 play b c3,c4' \
    | gtp --size 5)
check_eq "no mutators" '=1 none' "$(resp 1)"
check_eq "set duomorph" '=2' "$(resp 2)"
check_eq "print duomorph" '=3 duomorph' "$(resp 3)"
check_eq "incomplete turn" "?4 illegal move: the turn is not over after 'c3' (join every part of a turn with commas, e.g. C3,C4)" "$(resp 4)"
check_eq "two-part turn" '=5' "$(resp 5)"
check_eq "two turns in one play" "?16 illegal move: 'c5,c4,b1' holds more than one turn (the turn ends after 2 parts)" "$(resp 16)"
check_match "nothing of it was played" ' 5 \. \. \. \. \. 5' "$(resp 17)"
check_eq "one turn each in plain Morphos" "?19 illegal move: 'c3,c4' holds more than one turn (the turn ends after 1 part)" "$(resp 19)"
check_match "genmove two parts" '^=6 [A-E][1-5],[A-E][1-5]$' "$(resp 6)"
check_match "bad mutator" "^\?7 unknown mutator 'bogus'" "$(resp 7)"
check_eq "bad mutator keeps the old ones" '=8 duomorph' "$(resp 8)"
check_eq "mutators as words" '=9' "$(resp 9)"
check_eq "print two mutators" '=10 minimorph,metamorph' "$(resp 10)"
check_match "metamorph starts full, weak stones in lower case" '  1 B w b w B 1' "$(resp 11)"
check_eq "none clears" '=12' "$(resp 12)"
check_eq "cleared" '=13 none' "$(resp 13)"
check_match "refused combination" '^\?14 .*metamorph' "$(resp 14)"

# GTP vertices (issue 37): columns A to T without I, any case; a play on an
# enemy stone is its flip; refusals said once.
out=$(printf '%s\n' '1 boardsize 9' '2 clear_board' '3 play b J5' '4 play w I5' '5 play w j10' '6 play w a5' '7 play b j5' \
    '8 showboard' '9 boardsize 19' '10 play b T19' '11 play w t19' '12 play w s1' '13 final_status_list alive' \
    '14 final_status_list dead' '15 final_status_list seki' '16 final_status_list' '17 komi 6.5' '18 komi -0.5' \
    '19 komi lots' | gtp)
check_eq "boardsize 9" '=1' "$(resp 1)"
check_eq "clear_board" '=2' "$(resp 2)"
check_eq "J5 is the ninth column" '=3' "$(resp 3)"
check_eq "I is refused" "?4 illegal move 'I5': GTP skips the letter I (the columns of 9x9 are A to J)" "$(resp 4)"
check_eq "off the board" "?5 illegal move 'j10': not on the 9x9 board (A1 to J9)" "$(resp 5)"
check_eq "own stone: taken" "?7 illegal move 'j5' (i5 in morph's notation): i5 is taken" "$(resp 7)"
check_match "showboard letters skip I" '    A B C D E F G H J
  9 (\. ){9}9' "$(resp 8)"
check_match "J5 is morph's i5" '  5 W \. \. \. \. \. \. \. B 5' "$(resp 8)"
check_eq "T19 on 19x19" '=10' "$(resp 10)"
check_match "a play on a stone that is not weak is a refused flip" "^\?11 illegal move 't19' \(xs19 in morph's notation\): s19 is not weak" "$(resp 11)"
check_eq "alive: every stone" '=13 S1 T19' "$(resp 13)"
check_eq "no dead stones" '=14' "$(resp 14)"
check_eq "no seki" '=15' "$(resp 15)"
check_eq "final_status_list needs a status" '?16 syntax error: expected final_status_list alive, dead or seki' "$(resp 16)"
check_eq "komi accepted" '=17' "$(resp 17)"
check_eq "any komi accepted" '=18' "$(resp 18)"
check_eq "komi not a number" '?19 syntax error: expected komi NUMBER (accepted and ignored)' "$(resp 19)"

# A flip by play on the weak stone's point, as a tool that knows only "play"
# sends it: the white stone on C3 is weak once Black holds B3, C4, D3 and B4;
# xC3 is still read, and genmove answers a flip with the plain vertex.
flip=$(printf '%s\n' 'boardsize 5' 'play b b3' 'play w c3' 'play b c4' 'play w a1' 'play b d3' 'play w a2' 'play b b4' \
    'play w e1')
out=$(printf '%s\n' "$flip" 'play b C3' 'showboard' 'undo' 'play b xc3' 'undo' 'morphos-legal' | gtp)
check_eq "the flip by play" '=' "$(resp 10)"
check_match "C3 is Black's now" '  3 \. B B B \. 3' "$(resp 11)"
check_eq "xC3 still read" '=' "$(resp 13)"
check_match "morphos-legal lists the flip as its vertex" '(^= | )C3( |$)' "$(resp 15)"

# A GUI's session (GoGui and Sabaki send these at their start, then komi and
# the moves: docs/gtp.md), and a whole 9x9 game between two morph gtp
# engines through it, each genmove answer sent to the other with play, as
# GoGui's twogtp does. After a swap White moves again.
# Two engines on named pipes (bash keeps one coproc at a time).
pipes=$(mktemp -d)
trap 'rm -rf "$pipes"' EXIT
mkfifo "$pipes/A.in" "$pipes/A.out" "$pipes/B.in" "$pipes/B.out"
$MORPH gtp --seed 21 --ai random <"$pipes/A.in" >"$pipes/A.out" 2>/dev/null &
pid_a=$!
$MORPH gtp --seed 22 --ai random <"$pipes/B.in" >"$pipes/B.out" 2>/dev/null &
pid_b=$!
exec {A_in}>"$pipes/A.in" {A_out}<"$pipes/A.out" {B_in}>"$pipes/B.in" {B_out}<"$pipes/B.out"
# ask ENGINE COMMAND: sends one command, sets $answer to the whole response.
ask() {
    local in=${1}_in out=${1}_out line
    echo "$2" >&"${!in}"
    answer=""
    while IFS= read -r line <&"${!out}" && [ -n "$line" ]; do answer+="${answer:+$'\n'}$line"; done
}
start_ok=0
for e in A B; do
    ask $e protocol_version; [ "$answer" == '= 2' ] && start_ok=$((start_ok + 1))
    ask $e name; [ "$answer" == '= morph' ] && start_ok=$((start_ok + 1))
    ask $e version; [[ "$answer" =~ ^=\ [0-9]+\.[0-9]+ ]] && start_ok=$((start_ok + 1))
    ask $e list_commands; [[ "$answer" == *$'\nplay\ngenmove\n'* ]] && start_ok=$((start_ok + 1))
    ask $e 'known_command gogui-analyze_commands'; [ "$answer" == '= false' ] && start_ok=$((start_ok + 1))
    ask $e 'known_command undo'; [ "$answer" == '= true' ] && start_ok=$((start_ok + 1))
    for c in 'boardsize 9' clear_board 'komi 6.5' 'time_settings 0 1 0'; do
        ask $e "$c"; [ "$answer" == '=' ] && start_ok=$((start_ok + 1))
    done
done
check_eq "a GUI's start: every command answered" 20 "$start_ok"
colour=b mover=A other=B turns=0 moves="" refused=""
while [ $turns -lt 400 ]; do
    ask $mover "genmove $colour"
    [[ "$answer" == '= '* ]] || break
    move=${answer#= }
    moves+=" $move"
    ask $other "play $colour $move"
    [ "$answer" == '=' ] || { refused="play $colour $move: $answer"; break; }
    turns=$((turns + 1))
    ask A final_score
    [[ "$answer" == '= '* ]] && break
    [ "$move" == swap ] || { [ $colour == b ] && colour=w || colour=b; }
    [ $mover == A ] && { mover=B other=A; } || { mover=A other=B; }
done
check_eq "every move of one engine accepted by the other" "" "$refused"
ask A final_score; score_a=$answer
ask B final_score; score_b=$answer
check_match "the game ends with a score" '^= [BW]\+
# game over: [bw] wins by (connection|deadlock) on turn [0-9]+$' "$score_a"
check_eq "both engines agree on the score" "$score_a" "$score_b"
ask A showboard; board_a=$answer
ask B showboard; board_b=$answer
check_eq "both engines hold the same board" "$board_a" "$board_b"
check_match "genmove answers are GTP vertices (flips too)" '^( ([A-HJ]([1-9])|swap))+$' "$moves"
ask A 'final_status_list dead'
check_eq "GoGui's final question: no dead stones" '=' "$answer"
ask A quit; ask B quit
wait "$pid_a" "$pid_b"
check_eq "both engines end with quit" 0 "$?"
exec {A_in}>&- {A_out}<&- {B_in}>&- {B_out}<&-

# Seeded random sessions: 3000 commands drawn from good and broken ones; each
# command line gets exactly one response and the engine survives them all.
lines=$(awk -v seed=11 'BEGIN {
    srand(seed);
    split("protocol_version name version known_command list_commands boardsize clear_board play genmove undo showboard time_settings time_left final_score morphos-mutators morphos-legal fly", cmd, " ");
    split("b w B white black x 1 -3 c3 xc3 c3,c4 swap pass resign zz 99 none duomorph remorph,duomorph minimorph,metamorph deepmorph 4 5 19 20 0 ,, # \\001", arg, " ");
    for (i = 0; i < 3000; i++) {
        if (rand() < 0.05) { print ""; continue; }
        line = (rand() < 0.5 ? i " " : "") cmd[int(rand() * 17) + 1];
        n = int(rand() * 4);
        for (j = 0; j < n; j++) line = line " " arg[int(rand() * 26) + 1];
        if (rand() < 0.3) line = "genmove " (rand() < 0.5 ? "b" : "w");
        if (rand() < 0.1) line = "boardsize " (3 + int(rand() * 4));
        print line;
    }
}')
expected=$(grep -v '^ *$' <<<"$lines" | grep -vc '^ *#')
out=$(printf '%b\n' "$lines" | $MORPH gtp --seed 5 --size 4 --ai random)
check_eq "exit status of the random session" 0 "$?"
check_eq "one response per command line" "$expected" "$(count)"
check_eq "every response is = or ?" 0 "$(awk -v RS= '!/^[=?]/' <<<"$out" | wc -l)"

# The command line.
check_match "help" 'Usage: morph gtp' "$($MORPH gtp --help)"
check_error "unknown flag" "^morph: unknown argument '--bogus' for gtp" $MORPH gtp --bogus
check_error "unknown AI" "^morph: gtp: unknown AI level 'nope'" $MORPH gtp --ai nope
check_error "bad size" '^morph: gtp: ' $MORPH gtp --size 2
check_error "bad seed" '^morph: gtp: --seed expects' $MORPH gtp --seed x
check_eq "end of input ends the engine" "0 = morph" "$(echo name | $MORPH gtp --seed 1 | { read -r l; echo "$? $l"; })"
err=$(echo quit | $MORPH gtp 2>&1 >/dev/null)
check_match "seed reported without --seed" '^morph gtp: seed [0-9]+$' "$err"

# The arena plays against our own GTP engine (whole turns, swaps, results).
g=$($MORPH arena morphos --a gtp:"$MORPH gtp --seed 3 --ai random" --b random --games 4 --size 5 --seed 1 --json)
check_eq "arena against morph gtp" 4 "$(jq '.a_wins + .b_wins + .draws' <<<"$g")"
g=$($MORPH arena morphos --a gtp:"$MORPH gtp --seed 3 --ai random" --b gtp:"$MORPH gtp --seed 4 --ai random" \
    --games 20 --size 4 --seed 2 --mutators duomorph,remorph --json)
check_eq "arena gtp against gtp with mutators" 20 "$(jq '.a_wins + .b_wins + .draws' <<<"$g")"

finish
