#!/usr/bin/env bash
# morph play explains itself (issue 9): every sentence kind as the client
# shows it (typed real dice make every figure on demand), refusals with the
# rules' reasons, highlights of the latest turn, lines and chain, the undo
# rule, hints as plans, --verbose, Ctrl-C, resume of real dice, the command
# printed as invoked, replay --moves and --at, and every screen within 80
# columns in a terminal of 80x24.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/games.sh"
need_games morphos morpyam
tmp=$(mktemp -d)
. "$(dirname "$0")/term.sh"
cleanup() { T kill-server >/dev/null 2>&1; rm -rf "$tmp"; }
trap cleanup EXIT


# ---- every Morpyam sentence kind: hot-seat with real dice ----
# P1 starts (6 against 2); each turn types the dice that make a figure.
script=(6 2
    r 33345 a3          # P1: three 3s
    r 12346 a1          # P2: petite-suite
    r 44446 b5          # P1: carre (and Sec on the first roll)
    r 22333 b3          # P2: full
    r 45666 c4          # P1: maxi
    r 11123 d3          # P2: mini
    r 55555 d4          # P1: morpyam on the Morpyam square: plays again
    r 12345 d2          # P1 again: Sec from a suite
    "call carre" r 44442 b4                               # P2: a call that comes true, on the Appel square
    r 24566 "call full house" "r 24" 36 "call carre" "r 35" 12  # P1: a call that lapses, then one that fails
    r 12356 p           # P2: pass
    r 22555 e4          # P1: full on e4, a line of three c4 d4 e4
    board quit)
out=$(printf '%s\n' "${script[@]}" | $MORPH play morpyam --seed 1 --players human,human --dice manual --record "$tmp/fig.json" 2>&1)
check_eq "the scripted game ran" 0 $?
f=$(flat "$out")
for sentence in \
    "P1 (human) rolls 6 for the first player" \
    "P2 (human) rolls 2 for the first player: P1 (human) starts" \
    "P1 (human) rolls without a call" \
    "P1 (human) rolls 3 3 3 4 5" \
    "P1 (human) covers a3 (three 3s)" \
    "P2 (human) covers a1 (small straight: 1 2 3 4)" \
    "P1 (human) rolls 4 4 4 4 6; square on the first roll makes an all-in-one" \
    "P1 (human) covers b5 (square: four 4s)" \
    "P2 (human) covers b3 (full house: three 3s and two 2s)" \
    "P1 (human) covers c4 (maxi: the dice add up to 27)" \
    "P2 (human) covers d3 (mini: the dice add up to 8)" \
    "P1 (human) rolls 5 5 5 5 5; morpyam on the first roll makes an all-in-one" \
    "P1 (human) covers the Morpyam square d4 and plays again" \
    "P1 (human) covers the all-in-one square d2 (all-in-one: straight on the first roll)" \
    "P2 (human) calls square" \
    "P2 (human) rolls for the call of square" \
    "P2 (human) rolls 2 4 4 4 4; the call of square comes true: P2 (human) must cover a call square" \
    "P2 (human) covers the call square b4 (the call came true)" \
    "P1 (human) calls full house" \
    "P1 (human) keeps 5 6 6 and rerolls two dice for the call of full house" \
    "P1 (human) rolls 3 6: the dice now show 3 5 6 6 6; the call of full house misses" \
    "P1 (human) keeps 6 6 6 and rerolls two dice for the call of square" \
    "P1 (human) rolls 1 2: the dice now show 1 2 6 6 6; P1 (human)'s call of square fails: no token this turn" \
    "P2 (human) passes: no token this turn" \
    "P1 (human) covers e4 (full house: three 5s and two 2s) and scores a line of three (+1)"; do
    case $f in *"$sentence"*) ok;; *) bad "sentence not told: $sentence";; esac
done
check_match "the replay turn shown" "Turn 8 \(Morpyam replay\): P1 \(human\) to play." "$out"
check_match "a forced Appel square shown with the rules' words" \
    "Turn 9: P2 \(human\) to play. Roll 1 of 3, dice: 2 4 4 4 4. The call came true: cover a free call square." "$f"
check_match "the latest token in brackets, lines marked +" "  4  5    #2   #1\+  #1\+ \[#1\]\+ 1    4" "$out"
check_match "the lines listed with their points" $'    #1 P1 \\(human\\)               1 point   11 tokens left\n  > #2 P2 \\(human\\)               0 points  13 tokens left\n  P1 \\(human\\): line of three \\(\\+1\\): c4 d4 e4' "$out"
check_match "the legend beside the grid" "  5  6    #1   SE   SU   MI   5    5   3  three 3s      MI mini" "$out"
check_match "prompt examples from the dice showing" "reroll dice by their values \(r 22\) or keep some \(k 555\)" "$out"
width "the scripted game in a pipe" "$out"

# ---- replay --moves and --at on that record ----
moves=$($MORPH replay "$tmp/fig.json" --moves)
check_eq "one line per action" "$(jq '.actions | length' "$tmp/fig.json")" "$(grep -c '^ *[0-9]*\. ' <<<"$moves")"
check_match "numbered moves in words" $'    4\\. P1 \\(human\\) rolls 3 3 3 4 5\n    5\\. P1 \\(human\\) covers a3 \\(three 3s\\)' "$moves"
width "replay --moves" "$moves"
at=$($MORPH replay "$tmp/fig.json" --at 5)
check_match "--at names the action" "^After action 5 of [0-9]+: P1 \(human\) covers a3 \(three 3s\)" "$at"
check_match "--at draws the position with the latest token" "  3 \[#1\]  FU   MO   MI   AP   2    3" "$at"
check_match "--at says who is to move" "Turn 2: P2 \(human\) to play. Before the first roll.$" "$at"
check_match "--at 0" "^Before the first action \(the record has [0-9]+\)." "$($MORPH replay "$tmp/fig.json" --at 0)"
check_match "--moves --at N: the first N" $'    3\\. P1 \\(human\\) rolls without a call\n\nAfter action 3 of' "$($MORPH replay "$tmp/fig.json" --moves --at 3)"
n=$(jq '.actions | length' "$tmp/fig.json")
check_error "--at past the end" "^morph: replay: --at $((n + 1)) is past the end: $tmp/fig.json has $n actions \(expected 0 to $n\)$" \
    $MORPH replay "$tmp/fig.json" --at $((n + 1))
check_exit "--at past the end is a usage error" 2 $MORPH replay "$tmp/fig.json" --at $((n + 1))
check_error "--at not a number" "^morph: replay: --at expects a number of actions \(0 or more\), got 'x'$" $MORPH replay "$tmp/fig.json" --at x
check_error "--at with --json" "^morph: replay: --moves and --at print the game; they do not go with --json or --quiet$" \
    $MORPH replay "$tmp/fig.json" --at 3 --json
check_match "the plain replay still checks" "^result: unfinished, $n actions played$" "$($MORPH replay "$tmp/fig.json" | tail -1)"

# KO: the line in the grid (!), listed, and a summary that says where the
# points went; --at the end of an unattended game.
$MORPH play morpyam --players ai:greedy,ai:greedy --seed 20 --record "$tmp/ko.json" --quiet
check_eq "a KO game" '"ko"' "$(jq -c .result.how "$tmp/ko.json")"
end=$($MORPH replay "$tmp/ko.json" --at "$(jq '.actions | length' "$tmp/ko.json")")
check_match "the KO line marked ! in the grid" "\[#1\]!" "$end"
check_match "the KO line listed" "P1 \(greedy\): line of five: KO: a2 a3 a4 a5 a6" "$(flat "$end")"
check_match "the KO summary" "P1 \(greedy\) wins by KO with a line of five: a2 a3 a4 a5 a6. A KO wins outright" "$(flat "$end")"
check_match "where the points went" "P2 \(greedy\): 5 points \(five lines of three \+5\)" "$(flat "$end")"

# Plus: the deal and the building told.
out=$($MORPH play morpyam --variant plus --players ai:random,ai:random,ai:random,ai:random --seed 2 --record "$tmp/plus.json")
check_match "Plus deal told" "P[1-4] \(random\) is dealt a square [A-Z0-9]+ \([a-z0-9-]+\)" "$out"
check_match "all dealt" "; all 36 squares are dealt" "$out"
check_match "Plus building told" "P[1-4] \(random\) puts [A-Z0-9]+ \([a-z0-9 -]+\) on [a-f][1-6]; P[1-4] \(random\) builds next" "$(flat "$out")"
check_match "the grid is complete" "; the grid is complete" "$out"
width "a 4-player Plus game" "$out"

# ---- Morphos: swap, flips, duomorph, remorph, metamorph, the chain ----
out=$(printf 'swap\nquit\n' | $MORPH play morphos --size 5 --seed 1 --players ai:random,human --record "$tmp/swap.json")
check_match "swap told to the swapper" "White swaps and you take over Black's stone on b3, so P1 \(random\) now plays White and moves next" "$(flat "$out")"
check_match "after the swap" "  Black, P2 \(you\)   Black's edges: top, bottom" "$out"
out=$(printf 'c3\nhint\nquit\n' | $MORPH play morphos --size 5 --seed 28 --players human,ai:random --record "$tmp/swapped.json")
check_eq "the random AI swaps at this seed" '["c3","swap"]' "$(jq -c '.actions[:2]' "$tmp/swapped.json")"
check_match "swap told to the other player" "White swaps and P2 \(random\) takes over Black's stone on c3, so you now play White and move next" "$(flat "$out")"
out=$(printf 'flip b3\nquit\n' | $MORPH play morphos --size 4 --mutators minimorph,metamorph --seed 2 --players human,ai:random --record "$tmp/meta.json")
check_match "metamorph: the board starts full" "  4  W  b  w  B  4" "$out"
check_match "the person's flip told" "Black flips White's stone on b3" "$out"
check_match "the AI's flip told with your" "White flips your stone on [a-d][1-4]" "$out"
check_match "weak stones in lower case" "  [1-4]  .*[bw]" "$out"
out=$(printf 'c3\nc4\nquit\n' | $MORPH play morphos --size 5 --mutators duomorph --seed 2 --players human,ai:random --record "$tmp/duo.json")
check_match "duomorph first stone" "Black places a stone on c3 and must add a second stone next to it" "$out"
check_match "the first stone in brackets while the second is asked" "  3  .  . \[B\] .  .  3" "$out"
check_match "duomorph second stone" "Black adds a second stone on c4, next to c3" "$out"
check_match "the AI's whole turn in brackets" "White adds a second stone on" "$out"
check_eq "both stones of the AI's turn in brackets" 2 "$(tail -25 <<<"$out" | grep -o '\[W\]' | wc -l)"
out=$(printf 'b2\nb3\ne5\na2\ne4\nb1\nd1\nxb2\nc5,c4\nquit\n' |
    $MORPH play morphos --size 5 --mutators minimorph,remorph --seed 1 --players human,human --record "$tmp/rem.json")
check_match "remorph: the returned stone" "Black puts the returned stone on c5" "$out"
check_match "remorph: the whole turn in brackets" "  5  .  . \[B\] .  B  5" "$out"
$MORPH play morphos --size 5 --players ai:random,ai:random --seed 7 --record "$tmp/chain.json" --quiet
end=$($MORPH replay "$tmp/chain.json" --at "$(jq '.actions | length' "$tmp/chain.json")")
check_match "the winning chain in parentheses" " 1 \(B\) W  W  W  W  1" "$end"
check_match "the chain listed" "P1 \(random\): Black's chain joining top and bottom: a1 a2 b2 b3 b4 b5" "$(flat "$end")"
check_match "the Morphos summary" "Black \(P1 \(random\)\) wins: a chain of black stones joins the top and bottom edges." "$(flat "$end")"
out=$($MORPH replay "$tmp/chain.json" --moves)
check_match "Morphos moves in words" " 25\. Black places a stone on b3 and connects top and bottom: Black wins" "$(flat "$out")"

# ---- one language: the figures' English names, typos told what they were taken for ----
out=$(printf 'call xyz\ncall three 3s\ng7\nxyz\nhelp\ncall full house\nquit\n' |
    $MORPH play morpyam --seed 3 --players human,ai:random --record "$tmp/names.json")
f=$(flat "$out")
check_match "a wrong call refused with the English names" \
    "refused: callable figures are square, full house, maxi, mini, morpyam, all-in-one and straight" "$f"
check_match "an uncallable figure named in English" \
    "refused: three 3s cannot be called: only square, full house, maxi, mini, morpyam, all-in-one and straight can" "$f"
check_match "a typo: what it was taken for and what this turn allows" \
    "refused: g7 was taken for a square, but the squares are a1 to f6; this turn allows roll, call FIGURE or resign" "$f"
check_match "an unknown word: what this turn allows, no other variant's syntax" \
    "refused: 'xyz' is not a move; this turn allows roll, call FIGURE or resign" "$f"
check_match "help says call square" "call square +call a figure for the next roll" "$out"
for code in carre brelan sec suite appel Appel 'deal CODE' 'dice V'; do
    if grep -q -- "$code" <<<"$out"; then bad "the screen says '$code'"; else ok; fi
done
check_eq "the record keeps the figure's id" '"call full"' "$(jq -c '.actions[-1]' "$tmp/names.json")"

# ---- the legend's latest token: only the latest turn's ----
# P1 covers a6, P2 and P3 pass, P1 covers b6: b6 alone is in brackets.
out=$(printf '%s\n' 6 2 1 r 11123 a6 r 13456 p r 13456 p r 22234 b6 quit |
    $MORPH play morpyam --players human,human,human --dice manual --seed 1 --record "$tmp/latest.json")
check_match "only the latest token in brackets" "  6  #1  \[#1\]  3 " "$(tail -22 <<<"$out")"

# ---- the undo rule ----
# Against an AI: a decision followed by a roll is never taken back; one
# made since the last roll is.
out=$(printf 'r\nk 22\nundo\ncall square\nundo\nquit\n' | $MORPH play morpyam --seed 2 --players human,ai:random --record "$tmp/undo.json")
check_match "undo after a roll refused with the reason" \
    "undo: cannot undo 'reroll 4 5 6': the dice have been rolled since, and that cannot be taken back \(against an AI, only decisions made since the last roll can be\)" "$(flat "$out")"
check_match "undo before the roll allowed" $'P1 \\(you\\) calls square\n.*Undone: 1 action taken back; P1 \\(you\\) to decide again.' "$out"
check_eq "the record keeps the roll" '["reroll 4 5 6","dice 2 4 6"]' "$(jq -c '.actions[-2:]' "$tmp/undo.json")"
# Hot-seat: full undo, dice included (the same dice come back).
out=$(printf 'r\nk 44\nundo\nundo\nquit\n' | $MORPH play morpyam --seed 7 --players human,human --record "$tmp/undo2.json")
check_eq "hot-seat undo takes back decisions and their rolls" 2 "$(grep -c '^Undone: 2 actions taken back; P2 (human) to decide again.$' <<<"$out")"
out=$(printf 'help\nquit\n' | $MORPH play morpyam --seed 7 --players human,ai:random --record "$tmp/help.json")
check_match "help states the rule against an AI" \
    $'undo            take back your last decision and what followed it;\n                  against an AI, not one followed by a roll you have seen' "$out"
width "the help against an AI" "$out"

# ---- hints: the plan and its chance; --verbose adds the detail ----
out=$(printf 'r\nhint\nquit\n' | $MORPH play morpyam --seed 2 --players human,ai:random --record "$tmp/hint.json")
check_match "Morpyam hint: the plan of the turn and its chance" \
    "hint: thinking \(master\)\.\.\. hint: keep 2 2, reroll 4 5 6: [0-9]+% to cover [a-f][1-6] \(three 2s\), 76% to place a token this turn" "$(flat "$out")"
case $out in *"[master:"*) bad "the master's detail only with --verbose";; *) ok;; esac
out=$(printf 'r\nhint\nquit\n' | $MORPH play morpyam --seed 2 --players human,ai:random --record "$tmp/hintv.json" --verbose)
check_match "--verbose: the master's detail" "\[master: keep 2 2 \(reroll 4 5 6\) \(aiming at three 2s [a-f][1-6]\), expected value [-+][0-9.]+ \(win chance" "$(flat "$out")"
check_match "--verbose: the AI's moves with their detail" "\[random: picked at random among [0-9]+ legal actions\]" "$out"
out=$(printf 'hint\nquit\n' | $MORPH play morphos --size 5 --seed 7 --players human,ai:random --record "$tmp/hint2.json")
check_match "Morphos hint: the move and its win rate in words" \
    "hint: x?[a-e][1-5] — Black wins (about [0-9]+%|more than 99%|less than 1%|all|none) of the simulated games from there" "$out"
out=$(printf 'hint\n6\nquit\n' | $MORPH play morpyam --seed 1 --players human,ai:random --dice manual --record "$tmp/hint3.json")
check_match "no hint while real dice are asked" "hint: nothing to decide now: a chance outcome is due." "$out"
check_error "--quiet and --verbose" "^morph: play: --quiet prints nothing, --verbose more: give one of them$" \
    $MORPH play morphos --players ai:random,ai:random --quiet --verbose --record "$tmp/qv.json"

# ---- the command as invoked ----
out=$(printf 'quit\n' | $MORPH play morphos --size 5 --seed 1 --players human,ai:random --record "$tmp/inv.json")
check_match "not on the PATH: the command as invoked" "Continue it with: $prog play --resume \\\\ $tmp/inv.json" "$(flat "$out")"
mkdir -p "$tmp/bin" "$tmp/other"
ln -s "$MORPH" "$tmp/bin/morph"
out=$(printf 'quit\n' | PATH="$tmp/bin:$PATH" $MORPH play morphos --size 5 --seed 1 --players human,ai:random --record "$tmp/inv2.json")
check_match "morph on the PATH is this binary: morph" "Continue it with: morph play --resume \\\\ $tmp/inv2.json" "$(flat "$out")"
printf '#!/bin/sh\necho another morph\n' >"$tmp/other/morph"
chmod +x "$tmp/other/morph"
out=$(printf 'quit\n' | PATH="$tmp/other:$PATH" $MORPH play morphos --size 5 --seed 1 --players human,ai:random --record "$tmp/inv3.json")
check_match "another morph on the PATH: the command as invoked" "Continue it with: $MORPH play --resume \\\\ $tmp/inv3.json" "$(flat "$out")"
out=$(printf 'quit\n' | $MORPH play morphos --size 5 --seed 1 --players human,ai:random --record "$tmp/my game.json")
check_match "a file name with a space is quoted" "Continue it with: $prog play --resume \\\\ '$tmp/my game.json'" "$(flat "$out")"

# ---- resume keeps real dice ----
printf '5\nquit\n' | $MORPH play morpyam --seed 1 --players human,ai:random --dice manual --record "$tmp/real.json" >/dev/null
check_eq "the record says manual" '"manual"' "$(jq -c .dice "$tmp/real.json")"
out=$(printf '3\nquit\n' | $MORPH play --resume "$tmp/real.json")
check_match "resumed with real dice" "Resumed game of morpyam: .*; real dice" "$(flat "$out")"
check_match "the dice are asked, not drawn" "Real dice: P2 \(random\) rolls one die for the first player" "$(flat "$out")"
check_eq "the typed die recorded" '["die 5","die 3"]' "$(jq -c .actions "$tmp/real.json")"
out=$(printf 'quit\n' | $MORPH play --resume "$tmp/real.json" --dice auto)
case $out in *"Real dice"*) bad "--dice auto on resume draws the dice";; *) ok;; esac
check_eq "--dice on resume changes the record's mode" '"auto"' "$(jq -c .dice "$tmp/real.json")"
jq 'del(.dice)' "$tmp/real.json" >"$tmp/old.json"
check_exit "an old record without dice loads" 0 sh -c "printf 'quit\n' | $MORPH play --resume '$tmp/old.json'"
jq '.dice = "loaded"' "$tmp/real.json" >"$tmp/bad.json"
check_error "a bad dice mode" "^morph: record $tmp/bad.json: 'dice' must be \"auto\" or \"manual\"$" $MORPH replay "$tmp/bad.json"
jq 'del(.result)' "$tmp/real.json" >"$tmp/nores.json"
check_error "a record without result: the key is missing" \
    "^morph: record $tmp/nores.json: the key 'result' is missing \(null while the game runs, else the result\)$" \
    $MORPH replay "$tmp/nores.json"
jq '.result = 3' "$tmp/real.json" >"$tmp/badres.json"
check_error "a result of the wrong kind" "^morph: record $tmp/badres.json: 'result' must be null or an object$" \
    $MORPH replay "$tmp/badres.json"
# The seed line only for a command that is accepted.
out=$($MORPH play morphos --size 5 --players human,ai:random --record "$tmp" 2>&1 </dev/null)
case $out in *Seed*) bad "a refused command printed the seed line: $out" ;; *) ok ;; esac
check_match "the refusal said" "^morph: play: " "$out"
out=$(printf 'quit\n' | $MORPH play morphos --size 5 --players human,ai:random --record "$tmp/clock.json" 2>&1)
check_match "an accepted command without --seed prints it" "^Seed [0-9]+ \(from the clock; play it again with --seed [0-9]+\)" "$out"

# ---- through a terminal of 80x24 ----
if ! command -v tmux >/dev/null; then
    echo "skipped the terminal tests: no tmux (scripts/setup.sh installs it)"
    finish
    exit $?
fi
# Whole games scroll far: keep their every line (a first session starts the
# server with a long history for the windows after it).
T new-session -d -s keep -x 80 -y 24 "sleep 600"
T set-option -g history-limit 100000

# Every variant's screens: whole games of AIs, and people's screens.
i=0
for setup in "morpyam --players ai:greedy,ai:random,ai:random,ai:random" \
    "morpyam --variant flash --players ai:random,ai:random,ai:random" \
    "morpyam --variant plus --players ai:random,ai:random,ai:random,ai:random" \
    "morpyam --rules strict-call,daversa --players ai:random,ai:random" \
    "morphos --size 19 --mutators deepmorph,duomorph --players ai:random,ai:random" \
    "morphos --size 7 --mutators minimorph,remorph --players ai:random,ai:random" \
    "morphos --size 6 --mutators minimorph,metamorph --players ai:random,ai:random"; do
    i=$((i + 1))
    start "v$i" "$MORPH play $setup --seed $i --record $tmp/v$i.json --verbose"
    expect "v$i" "$setup: ends" "\[exit 0\]"
    fits "v$i" "$setup: 80 columns"
    T kill-session -t "v$i"
done
start p4 "$MORPH play morpyam --players human,ai:random,ai:random,ai:random --seed 3 --record $tmp/p4.json"
expect p4 "4 players: the person's screen" "P1> $"
type_line p4 "r"
expect p4 "4 players: rolled" "Roll 1 of 3, dice:"
type_line p4 "help"
type_line p4 "legend"
type_line p4 "hint"
expect p4 "4 players: the hint" "hint: .*% to"
fits p4 "4 players: 80 columns"
T kill-session -t p4

# Ctrl-C at a prompt: saved, told how to resume, exit 130; the game resumes.
start cc "$MORPH play morphos --size 5 --seed 3 --players human,ai:random --record $tmp/cc.json"
expect cc "prompt" "P1> $"
type_line cc "c3"
expect cc "the AI answered" "White places a stone on"
T send-keys -t cc C-c
expect cc "Ctrl-C saves and says how to resume" \
    "Interrupted. The game is saved. Continue it with:[[:space:]]+$prog[[:space:]]+play[[:space:]]+--resume[[:space:]]+\\\\[[:space:]]+$tmp/cc.json"
expect cc "exit 130" "\[exit 130\]"
check_eq "the record holds both moves" 2 "$(jq '.actions | length' "$tmp/cc.json")"
T kill-session -t cc
start cc2 "$MORPH play --resume $tmp/cc.json"
expect cc2 "resumed after Ctrl-C" "Resumed game of morphos: .* \(2 actions played\)"
type_line cc2 "quit"
expect cc2 "quit after the resume" "\[exit 0\]"
T kill-session -t cc2

# The visible screen of a session: the 24 rows of the window, as shown.
visible() { T capture-pane -p -t "$1"; }

# The resume line at 80 columns: the command as invoked, the file on a row
# of its own (never broken inside the path), and the two rows paste.
long="$tmp/records-of-a-long-afternoon"
mkdir -p "$long"
start rl "$MORPH play morphos --size 5 --seed 3 --players human,ai:random --record $long/game.json"
expect rl "prompt" "P1> $"
type_line rl "quit"
expect rl "quit" "\[exit 0\]"
rows=$(visible rl)
check_eq "the file on a row of its own" 1 "$(grep -cxF "      $long/game.json" <<<"$rows")"
check_eq "the command as invoked above it" 1 "$(grep -cxF "    $prog play --resume \\" <<<"$rows")"
width "the resume rows" "$rows"
paste=$(grep -A1 -xF "    $prog play --resume \\" <<<"$rows")
out=$(cd "$tmp" && printf 'quit\n' | sh -c "$paste" 2>&1)
check_match "the pasted command resumes the game" "Resumed game of morphos" "$out"
T kill-session -t rl

# The others' turns stay in sight above the prompt at 80x24: a 19x19 board
# is taller than the window, and three Morpyam players' turns are longer.
start big "$MORPH play morphos --size 19 --seed 3 --players human,ai:random --record $tmp/big.json"
expect big "prompt" "P1> $"
type_line big "j10"
expect big "the AI answered" "White places a stone on [a-s][0-9]+"
expect big "the prompt again" "P1> $"
rows=$(visible big)
check_match "19x19: the AI's move above the prompt" "Meanwhile: White places a stone on [a-s][0-9]+\." "$rows"
check_match "19x19: the prompt on the last rows" "P1> *$" "$(tail -3 <<<"$rows")"
T kill-session -t big
start p3 "$MORPH play morpyam --players human,ai:random,ai:random --seed 5 --record $tmp/p3.json"
expect p3 "3 players: prompt" "P1> $"
type_line p3 "r"
expect p3 "3 players: rolled" "Roll 1 of 3, dice:"
type_line p3 "p"
expect p3 "3 players: the others played" "P3 \(random\) .*P1> $"
rows=$(visible p3)
check_match "3 players: both others' turns summed up above the prompt" \
    "Meanwhile: P2 \(random\) .*; P3 \(random\) " "$(flat "$rows")"
check_match "3 players: the prompt visible" "P1> *$" "$(tail -3 <<<"$rows")"
fits p3 "3 players: 80 columns"
T kill-session -t p3

# Ctrl-C while the AI thinks (a minute's budget): the program stops at
# once, and the record holds the game as it was before the AI's move.
start th "$MORPH play morphos --size 9 --seed 3 --players human,ai:mcts:ms=60000,solve=0 --record $tmp/th.json"
expect th "prompt" "P1> $"
type_line th "c3"
expect th "the AI is thinking" "Black places a stone on c3"
t0=$(date +%s%N)
T send-keys -t th C-c
for _ in $(seq 500); do [[ "$(screen th)" == *"[exit "* ]] && break; sleep 0.01; done
ms=$((($(date +%s%N) - t0) / 1000000))
echo "Ctrl-C while the AI thinks: the program ended after $ms ms"
if [ "$ms" -lt 5000 ]; then ok; else bad "Ctrl-C during the AI's thinking: $ms ms (its budget is 60 s)"; fi
expect th "exit 130" "\[exit 130\]"
check_match "told that the AI's move is not played" \
    "Interrupted while P2 \(mcts:ms=60000,solve=0\) was thinking: its move is not played\. The game is saved\." \
    "$(flat "$(screen th)")"
check_eq "the AI's move not saved" '["c3"]' "$(jq -c .actions "$tmp/th.json")"
T kill-session -t th
T kill-server

finish
