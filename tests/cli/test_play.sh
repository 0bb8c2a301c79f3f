#!/usr/bin/env bash
# morph play: the interactive client driven through tmux (typed input, the
# screen asserted), plain output through pipes, records written after every
# action, resume after a kill, refused records, and unattended AI games whose
# records replay to the same result.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/games.sh"
need_games morphos morpyam
tmp=$(mktemp -d)
. "$(dirname "$0")/term.sh"
cleanup() { T kill-server >/dev/null 2>&1; rm -rf "$tmp"; }
trap cleanup EXIT


# ---- plain output (not a terminal) ----

out=$(cd "$tmp" && printf 'help\nplace z9\nr\nr 146\nk 22\nresign\nno\nresign\nyes\n' | $MORPH play morpyam --seed 2 --players human,ai:random 2>&1)
check_eq "exit 0 after resign" 0 $?
check_match "seed and record named" "New game of morpyam: P1 \(you\), P2 \(random\); seed 2; record morph-morpyam-2.json" "$out"
check_match "the grid is drawn" "  4  5    AP   MA   MO   FU   1    4" "$out"
check_match "players with points and tokens" "> #1 P1 \(you\) +0 points  17 tokens left" "$out"
check_match "help lists the commands" "undo            take back your last decision" "$out"
check_match "help explains rerolls" "r 146           reroll the dice showing 1, 4 and 6" "$out"
check_match "bad square refused with the library's reason" "refused: square must be a1..f6" "$out"
check_match "the prompt comes again" $'refused: square must be a1..f6\nYou may: roll \\(r\\)' "$out"
check_match "dice shown" "Turn 2: P1 \(you\) to play. Roll 1 of 3, dice: 2 2 4 5 6." "$out"
check_match "reroll of dice not showing refused with the reason" "refused: no 1 is showing to reroll" "$out"
check_match "keep 2 2 told" "P1 \(you\) keeps 2 2 and rerolls three dice" "$out"
check_match "the roll after it" "P1 \(you\) rolls 2 4 6: the dice now show 2 2 2 4 6" "$out"
check_match "after keep: roll 2" "Roll 2 of 3, dice: 2 2 2 4 6." "$out"
check_match "a turn that ends by itself is told" "P2 \(random\) rolls 1 2 5: the dice now show 1 2 5 5 6; nothing can be covered: no token this turn" "$(flat "$out")"
check_match "a missed call told" "P2 \(random\) rolls 1 2 3 6 6; the call of full house misses" "$out"
check_match "resign asks first, and no keeps playing" \
    "Resign the game\\? Type yes to resign, anything else to play on: no Not resigned: the game goes on\\." "$(flat "$out")"
check_match "resign told" "P1 \(you\) resigns: P2 \(random\) wins by forfeit" "$out"
check_match "resign ends with the summary" $'Game over.\nP2 \\(random\\) wins by forfeit: P1 \\(you\\) resigned.' "$out"
check_match "summary points" $'P1 \\(you\\): 0 points \\(no line\\), resigned\nP2 \\(random\\): 0 points \\(no line\\)' "$out"
case $out in *$'\033'*) bad "no colour codes when stdout is not a terminal";; *) ok;; esac
f=$tmp/morph-morpyam-2.json
check_eq "record written with the human's actions" '["roll","dice 2 2 4 5 6","reroll 4 5 6","dice 2 4 6","resign"]' \
    "$(jq -c '.actions[-5:]' "$f")"
check_exit "the record replays" 0 $MORPH replay "$f"
check_eq "finished record refused by --resume" \
    "morph: play: $f holds a finished game (ended by forfeit): nothing to resume; see it with $prog replay $f" \
    "$($MORPH play --resume "$f" 2>&1 >/dev/null)"
check_exit "finished record exits 1" 1 $MORPH play --resume "$f"

out=$(cd "$tmp" && printf 'r\n' | $MORPH play morpyam --seed 2 --players human,ai:random --color always 2>&1)
case $out in *$'\033['*) ok;; *) bad "--color always paints through a pipe";; esac
check_match "a second game with the same seed gets a new record name" "record morph-morpyam-2-2.json" "$(flat "$out")"
check_match "end of input saves and says how to resume" \
    "End of input. The game is saved. Continue it with: $prog play --resume \\\\ morph-morpyam-2-2.json" \
    "$(flat "$out")"

out=$(cd "$tmp" && printf '' | $MORPH play morphos --size 5 --seed 1 --record "$tmp/eof.json" 2>&1)
check_eq "EOF at once exits 0" 0 $?
check_match "EOF message" "End of input. The game is saved. Continue it with: .* --resume \\\\ $tmp/eof.json" "$(flat "$out")"
check_eq "default seats: a human first" '{"kind":"human"}' "$(jq -c '.players[0]' "$tmp/eof.json")"

# Real dice: the people type every chance outcome, checked by the rules.
out=$(cd "$tmp" && printf '7\n6\n2\nr\n1234\n12345\nd5\nquit\n' |
    $MORPH play morpyam --seed 1 --players human,human --dice manual --record "$tmp/manual.json" 2>&1)
check_match "manual roll-off asks P1" "Real dice: P1 \(human\) rolls one die for the first player: type its value \(1-6\)." "$out"
check_match "impossible die refused in the player's terms" "refused: a die shows 1 to 6" "$out"
check_match "manual roll asks for five dice" "Real dice: P1 \(human\) rolls 5 dice: type the values rolled, e.g. 2 4 5 5 6 or 24556." "$(flat "$out")"
check_match "four dice for five refused with the reason" "refused: a roll of 5 dice needs 5 values" "$out"
check_match "typed dice told" "P1 \(human\) rolls 1 2 3 4 5; straight on the first roll makes an all-in-one" "$out"
check_match "typed dice shown" "Roll 1 of 3, dice: 1 2 3 4 5." "$out"
check_match "suite squares offered" "Place on: a1 f6 \(small straight\), c2 d5 \(straight\), d2 c5 \(all-in-one\)" "$out"
check_eq "manual record" '["die 6","die 2","roll","dice 1 2 3 4 5","place d5"]' "$(jq -c .actions "$tmp/manual.json")"
check_eq "the record keeps the dice mode" '"manual"' "$(jq -c .dice "$tmp/manual.json")"
check_match "quit names the record" "The game is saved. Continue it with: .* --resume \\\\ $tmp/manual.json" "$(flat "$out")"

out=$(printf 'xb3\nc3\n' | $MORPH play morphos --size 5 --seed 1 --players ai:random,human --record "$tmp/m.json" 2>&1)
check_match "morphos board with coordinates" $'     a  b  c  d  e\n  5  .  .  .  .  .  5' "$out"
check_match "last move in brackets" "  3  . \[B\] .  .  .  3" "$out"
check_match "the AI's move told" "Black places a stone on b3" "$out"
check_match "swap offered to White with what it does" \
    "Or swap -> White swaps and you take over Black's stone on b3, so P1 \(random\) now plays White and moves next" "$(flat "$out")"
check_match "refused flip" "refused: b3 is not weak: a stone can be flipped only when" "$out"
check_eq "morphos moves recorded" '["b3","c3","d1"]' "$(jq -c .actions "$tmp/m.json")"

out=$(printf 'c3\nc5\nc4\nquit\n' | $MORPH play morphos --size 5 --mutators duomorph --seed 2 --players human,ai:random --record "$tmp/duo.json")
check_match "duomorph told" "Black places a stone on c3 and must add a second stone next to it" "$out"
check_match "duomorph second stone asked" "Black's second stone goes on an empty point next to c3: c2 b3 d3 c4" "$out"
check_match "duomorph refusal" "refused: the second stone must go on an empty point next to c3 \(duomorph\)" "$(flat "$out")"
check_match "the second stone told" "Black adds a second stone on c4, next to c3" "$out"
check_eq "duomorph turn recorded" '["c3","c4"]' "$(jq -c '.actions[:2]' "$tmp/duo.json")"
out=$(printf 'flip b3\nquit\n' | $MORPH play morphos --size 4 --mutators minimorph,metamorph --seed 2 --players human,ai:random --record "$tmp/meta.json")
check_match "flips listed" "Flip a weak White stone: xb1 xa2 xc2 xb3 xd3 xc4" "$out"
check_match "a flip told" "Black flips White's stone on b3" "$out"
check_match "the AI's flip of the person's stone told" "White flips your stone on [a-d][1-4]" "$out"
check_eq "flip typed as 'flip b3'" '"xb3"' "$(jq -c '.actions[0]' "$tmp/meta.json")"

out=$(printf 'b2\nb3\ne5\na2\ne4\nb1\nd1\nxb2\nc5,c4\nquit\n' |
    $MORPH play morphos --size 5 --mutators minimorph,remorph --seed 1 --players human,human --record "$tmp/rem.json")
check_match "hot-seat names" "  Black, P1 \(human\)   Black's edges: top, bottom" "$out"
check_match "remorph flip told" "White flips Black's stone on b2; Black must first put the returned stone back on an empty point \(remorph\)" "$(flat "$out")"
check_match "remorph returned stone asked" \
    "Turn 9: Black, P1 \(human\) to move. Black puts the returned stone on any empty point. (Meanwhile: .*\. )?Black puts the returned stone on any empty point, e.g. a1;" "$(flat "$out")"
check_match "returned stone told" $'Black puts the returned stone on c5\nBlack places a stone on c4' "$out"
check_eq "returned stone and move recorded" '["xb2","c5","c4"]' "$(jq -c '.actions[-3:]' "$tmp/rem.json")"

# undo in hot-seat: every decision of a person, with its dice
out=$(printf 'r\nk 44\nundo\nk 44\nundo\nundo\nundo\nquit\n' | $MORPH play morpyam --seed 7 --players human,human --record "$tmp/undo.json")
check_eq "undo takes back the decision and its dice" 3 "$(grep -c '^Undone: 2 actions taken back; P2 (human) to decide again.$' <<<"$out")"
check_eq "the same dice after undo" 2 "$(grep -c '^P2 (human) rolls 3 4 6: the dice now show 3 4 4 4 6$' <<<"$out")"
check_match "nothing left to undo" "undo: nothing to undo: no decision of a person yet" "$out"
check_eq "record after undo ends before P2's first decision" '"die 5"' "$(jq -c '.actions[-1]' "$tmp/undo.json")"

# ---- a person makes only their own decisions (issue 8, fault 3) ----
out=$(printf 'a1,b1,c1,d1\nquit\n' | $MORPH play morphos --size 5 --seed 1 --players human,ai:random --record "$tmp/seat.json" 2>&1)
check_match "a move for the AI refused" "refused: 'b1' would be a decision of P2: the turn of P1 ends after 'a1'" "$(flat "$out")"
check_eq "nothing of it applied" '[]' "$(jq -c .actions "$tmp/seat.json")"
out=$(printf 'r,dice 6 6 6 6 6\nroll,dice 6 6 6 6 6\nquit\n' | $MORPH play morpyam --seed 2 --players human,ai:random --record "$tmp/dice6.json" 2>&1)
check_match "program dice cannot be typed" "refused: 'dice 6 6 6 6 6' goes past the decisions of P1: a chance event follows 'roll'" "$(flat "$out")"
check_eq "nothing of it applied: the record ends before P1's first decision" '"dice 1 2 5"' "$(jq -c '.actions[-1]' "$tmp/dice6.json")"
check_eq "the record says its dice came from the seed" '"seed"' "$(jq -c .chance "$tmp/dice6.json")"
out=$(printf '5\n3,4\ndie 3,die 4\n3\nroll,dice 6 6 6 6 6\nquit\n' |
    $MORPH play morpyam --seed 1 --players human,ai:random --dice manual --record "$tmp/manual6.json" 2>&1)
check_match "real dice: one outcome at a time" "refused: type only the chance outcome asked for, one at a time \('die 3,die 4' holds several\)" "$(flat "$out")"
check_match "real dice are typed when asked, not with a decision" \
    "refused: 'dice 6 6 6 6 6' goes past the decisions of P1: a chance event follows 'roll'" "$(flat "$out")"
check_eq "manual record" '"typed"' "$(jq -c .chance "$tmp/manual6.json")"
out=$(printf 'c3,c4\nquit\n' | $MORPH play morphos --size 5 --mutators duomorph --seed 2 --players human,ai:random --record "$tmp/duo2.json")
check_eq "both stones of one duomorph turn at once" '["c3","c4"]' "$(jq -c '.actions[:2]' "$tmp/duo2.json")"

# ---- records that cannot be written (issue 8, fault 4) ----
# The record's directory disappears after the first write: every write after
# it fails, the player is told each time, and quit does not claim a save.
mkdir -p "$tmp/gone"
mkfifo "$tmp/in.fifo"
(
    exec 3>"$tmp/in.fifo"
    for _ in $(seq 200); do [ -s "$tmp/gone/g.json" ] && break; sleep 0.05; done
    rm -rf "$tmp/gone"
    printf 'c3\nd4\nquit\n' >&3
) &
out=$($MORPH play morphos --size 5 --seed 4 --players human,ai:random --record "$tmp/gone/g.json" <"$tmp/in.fifo" 2>&1)
code=$?
wait
check_eq "quit without a save exits 1" 1 "$code"
check_match "the player is told the record is behind" \
    "morph: the record $tmp/gone/g.json is not up to date \(the game has 1 action, the file 0\): cannot write record" "$out"
check_match "and told again after the next action" "the game has 2 actions, the file 0" "$out"
check_match "quit says the game is not saved" "The game is NOT saved: the record $tmp/gone/g.json lacks the last [0-9]+ actions? \(cannot write" "$(flat "$out")"
case $out in *"The game is saved"*) bad "quit claimed a save that did not happen";; *) ok;; esac
rm -f "$tmp/in.fifo"

# ---- --record never replaces what is not this game's record (issue 8, fault 5) ----
echo "my notes" >"$tmp/notes.txt"
chmod 444 "$tmp/notes.txt"
check_error "an unrelated file is not replaced" \
    "^morph: play: $tmp/notes.txt exists and is not a record of this game \(give --force to replace it\)$" \
    $MORPH play morphos --size 5 --players ai:random,ai:random --seed 1 --quiet --record "$tmp/notes.txt"
check_eq "its content stays" "my notes" "$(cat "$tmp/notes.txt")"
ln -s "$tmp/notes.txt" "$tmp/link.json"
check_error "a symbolic link is not replaced" \
    "^morph: play: $tmp/link.json is a symbolic link \(give --force to replace the link itself\)$" \
    $MORPH play morphos --size 5 --players ai:random,ai:random --seed 1 --quiet --record "$tmp/link.json"
check_exit "--force replaces the link" 0 \
    $MORPH play morphos --size 5 --players ai:random,ai:random --seed 1 --quiet --record "$tmp/link.json" --force
check_eq "the link became the record, its target is untouched" "regular my notes" \
    "$([ -L "$tmp/link.json" ] && echo link || echo regular) $(cat "$tmp/notes.txt")"
check_error "a finished record of another game is not replaced" \
    "^morph: play: $tmp/link.json exists and is not a record of this game \(give --force to replace it\)$" \
    $MORPH play morphos --size 5 --players ai:random,ai:random --seed 2 --quiet --record "$tmp/link.json"
check_exit "--force replaces a read-only file" 0 \
    $MORPH play morphos --size 5 --players ai:random,ai:random --seed 1 --quiet --record "$tmp/notes.txt" --force
check_exit "which is now a record" 0 $MORPH replay "$tmp/notes.txt"
check_match "--force is documented" "--force" "$($MORPH play --help)"
# Resuming into a copy of the same record is writing this game's record.
printf 'c3\nquit\n' | $MORPH play morphos --size 5 --seed 3 --players human,ai:random --record "$tmp/r1.json" >/dev/null
cp "$tmp/r1.json" "$tmp/r2.json"
check_exit "resume into a copy of the same game" 0 sh -c "printf 'quit\n' | $MORPH play --resume '$tmp/r1.json' --record '$tmp/r2.json'"
check_error "resume into another game's record" \
    "^morph: play: $tmp/seat.json exists and is not a record of this game \(give --force to replace it\)$" \
    sh -c "printf 'quit\n' | $MORPH play --resume '$tmp/r1.json' --record '$tmp/seat.json'"
# A server's record of a running game withholds its seed ("seed": null): it
# replays, and resuming it is refused (it would play on with other dice).
jq '.seed = null' "$tmp/r1.json" >"$tmp/withheld.json"
check_exit "a record withholding its seed replays" 0 $MORPH replay "$tmp/withheld.json"
check_error "and is not resumed" \
    "^morph: play: $tmp/withheld.json withholds its seed \(the record of a game still running on a server\): it replays with morph replay, but cannot be resumed$" \
    sh -c "printf 'quit\n' | $MORPH play --resume '$tmp/withheld.json'"
# Temporary files: none left behind; stale ones of dead morph processes removed.
sh -c 'exit 0' & dead=$!
wait $dead
mkdir -p "$tmp/st"
touch "$tmp/st/g.json.tmp.$dead.Ab12Cd" "$tmp/st/g.json.tmp.$$.Ab12Cd" "$tmp/st/g.json.tmp.mine" "$tmp/st/other.json.tmp.$dead.Ab12Cd"
$MORPH play morphos --size 5 --players ai:random,ai:random --seed 1 --quiet --record "$tmp/st/g.json"
check_eq "only the stale temporary file of this record went" \
    "g.json g.json.tmp.$$.Ab12Cd g.json.tmp.mine other.json.tmp.$dead.Ab12Cd" "$(cd "$tmp/st" && echo *)"

# ---- usage errors ----
check_error "unknown game" "^morph: play: unknown game 'chess' \(expected morpyam or morphos\)$" $MORPH play chess
check_error "bad seat" "^morph: play: --players: expected human, ai or ai:LEVEL for each seat, got 'bob'$" \
    $MORPH play morpyam --players human,bob
check_error "five seats" "^morph: play: --players: at most 4 seats$" $MORPH play morpyam --players 'human,human,human,human,human'
check_error "a number of players out of range" "^morph: play: --players: morpyam takes 2 to 4 players, got 5$" \
    $MORPH play morpyam --players 5
check_error "morphos: two players" "^morph: play: --players: morphos has 2 players, got 3$" $MORPH play morphos --players 3
check_match "ai alone is the default level" "P1 \(greedy\), P2 \(you\)" \
    "$(echo quit | $MORPH play morphos --players ai,human --size 5 --seed 1 --record "$tmp/ai-alone.json" 2>&1)"
check_eq "--players listed once in play --help" 1 "$($MORPH play morpyam --help | grep -c -- '^  --players')"
check_match "play --help lists the AI levels, the default marked" \
    "AI levels .*master .*the default of morpyam" "$(flat "$($MORPH play morpyam --help)")"
check_error "morphos has two seats" "^morph: play: morphos needs 2 players, --players gave 3$" \
    $MORPH play morphos --players human,ai:random,ai:random
check_error "unknown AI" "^morph: play: seat 2: unknown AI level 'nobody'" $MORPH play morpyam --players human,ai:nobody
check_error "quiet with a person" "^morph: play: --quiet needs every seat to be an AI and --dice auto$" \
    $MORPH play morphos --players human,ai:random --quiet --record "$tmp/q.json"
check_error "resume with options" "^morph: play: --resume takes the seats, seed and game options from the record" \
    $MORPH play --resume "$f" --seed 3
check_error "bad colour" "^morph: play: --color expects auto, always or never, got 'blue'$" $MORPH play morphos --color blue
check_match "help names the default seats" "Default: human and the +game's default AI" "$(flat "$($MORPH play --help)")"
check_match "help names the default seats: master for Morpyam" "Default: human,ai:master" "$($MORPH play morpyam --help)"
check_match "help names the default seats: greedy for Morphos" "Default: human,ai:greedy" "$($MORPH play morphos --help)"

# ---- records: unattended games replay to the same result ----

greedy=random
$MORPH arena morpyam --a greedy --b random --games 1 --seed 1 --quiet >/dev/null 2>&1 && greedy=greedy
setups=(
    "morpyam --variant standard|ai:random,ai:random"
    "morpyam --variant flash|ai:random,ai:$greedy,ai:random"
    "morpyam --variant plus|ai:random,ai:random,ai:random,ai:random"
    "morpyam --rules strict-call,daversa|ai:$greedy,ai:random"
    "morpyam --variant plus --rules daversa|ai:random,ai:random,ai:random"
    "morphos --size 5|ai:random,ai:random"
    "morphos --size 6 --mutators minimorph|ai:random,ai:random"
    "morphos --size 5 --mutators deepmorph,duomorph|ai:random,ai:random"
    "morphos --size 5 --mutators remorph|ai:random,ai:random"
    "morphos --size 6 --mutators minimorph,metamorph|ai:random,ai:random"
)
one_game() { # SEED: plays and replays one game; prints "ok" or what failed
    local k=$1 setup=${setups[$(($1 % ${#setups[@]}))]}
    local opts=${setup%%|*} seats=${setup#*|} file=$tmp/u$1.json
    local out
    out=$($MORPH play $opts --players "$seats" --seed "$k" --record "$file" --quiet 2>&1) || { echo "play $opts seed $k: $out"; return; }
    [ -z "$out" ] || { echo "play --quiet printed: $out"; return; }
    local replay
    replay=$($MORPH replay --json "$file" 2>&1) || { echo "replay $file: $replay"; return; }
    [ "$(jq -c . <<<"$replay")" == "{\"valid\":true,\"result\":$(jq -c .result "$file")}" ] || { echo "replay $file: $replay"; return; }
    echo ok
}
export -f one_game
export tmp MORPH
export setups_text=$(printf '%s\n' "${setups[@]}")
games=50
results=$(seq 0 $((games - 1)) | xargs -P2 -I{} bash -c 'mapfile -t setups <<<"$setups_text"; one_game {}')
check_eq "$games unattended games finish and replay to the same result" "$games" "$(grep -c '^ok$' <<<"$results")"
grep -v '^ok$' <<<"$results" | head -3 >&2

out=$($MORPH play morphos --size 5 --players ai:random,ai:random --seed 9 --record "$tmp/loud.json")
check_match "unattended without --quiet tells the moves" "(Black|White) places a stone on [a-e][1-5]" "$out"
case $out in *"[random:"*) bad "the AI's detail only with --verbose";; *) ok;; esac
check_match "the winning chain listed" " P[12] \(random\): (Black|White)'s chain joining (top and bottom|left and right): [a-e][1-5]( [a-e][1-5])+" "$(flat "$out")"
check_match "and the summary" "Game over. (Black|White) \(P[12] \(random\)\) wins" "$(flat "$out")"
out=$($MORPH play morphos --size 5 --players ai:random,ai:random --seed 9 --record "$tmp/loud1.json" --verbose)
check_match "--verbose adds the AI's detail" $'(Black|White) places a stone on [a-e][1-5]\n    \\[random: picked at random among 25 legal actions\\]' "$out"
out=$($MORPH play morpyam --players ai:random,ai:random --seed 9 --record "$tmp/loud2.json")
check_match "points scored are told" "P[12] \(random\) covers [a-f][1-6] \([^)]*\) and scores a line of three \(\+1\)" "$(flat "$out")"
check_match "the end bonus told" "that was P1 \(random\)'s last token: end bonus \(\+1\), and P1 \(random\) wins on points, 7 to 1" "$(flat "$out")"
check_match "morpyam summary with points and the bonus" \
    "Game over. P1 \(random\) wins on points, 7 to 1. P1 \(random\) placed the last token and gets the end bonus \(\+1\). P1 \(random\): 7 points \(four lines of three \+4, a line of four \+2, end bonus \+1\)" \
    "$(flat "$out")"
check_eq "the same seed plays the same game" "$(jq -c .actions "$tmp/u5.json")" \
    "$($MORPH play morphos --size 5 --players ai:random,ai:random --seed 5 --record "$tmp/again.json" --quiet; jq -c .actions "$tmp/again.json")"

# ---- killed and resumed: the same game (issue 8, fault 8) ----
# AIs whose decisions follow the seed: killed with SIGKILL again and again,
# resumed each time, the game ends exactly as the uninterrupted one.
killed_game() { # NAME OPTIONS...: plays the game to the end through kills
    local f=$tmp/$1.kill.json kills=0 rounds=0 t stalls=0 had=-1 has
    shift
    rm -f "$f"
    while [ $rounds -lt 60 ]; do
        rounds=$((rounds + 1))
        # Longer and longer: the game always ends. A round that saved no new
        # action (a loaded machine) makes the next ones longer still.
        has=$( [ -s "$f" ] && jq '.actions | length' "$f" 2>/dev/null || echo 0)
        if [ "$has" = "$had" ]; then stalls=$((stalls + 1)); else stalls=0; fi
        had=$has
        t=$(awk -v r=$rounds -v s=$stalls 'BEGIN { print (0.1 + 0.03 * r) * (1 + s) }')
        if [ ! -s "$f" ]; then
            timeout -s KILL "$t" $MORPH play "$@" --quiet --record "$f" >/dev/null 2>&1
        elif [ "$(jq -c .result "$f")" != null ]; then
            break
        else
            timeout -s KILL "$t" $MORPH play --resume "$f" --quiet >/dev/null 2>&1
        fi
        [ $? -eq 137 ] && kills=$((kills + 1))
    done
    echo "$kills"
}
for setup in "yam|morpyam --players ai:expert,ai:greedy,ai:expert,ai:greedy --seed 5" \
             "mos|morphos --size 9 --players ai:mcts:playouts=1000,ai:greedy --seed 5" \
             "yam3|morpyam --variant plus --players ai:greedy,ai:random,ai:expert --seed 6"; do
    name=${setup%%|*} args=${setup#*|}
    $MORPH play $args --quiet --record "$tmp/$name.whole.json"
    kills=$(killed_game "$name" $args)
    check_eq "$name: killed and resumed, the same game as without stopping" \
        "$(jq -c .actions "$tmp/$name.whole.json")" "$(jq -c .actions "$tmp/$name.kill.json")"
    [ "$kills" -gt 0 ] || echo "note: $name ended before any kill (a fast machine)"
done

# ---- refused records ----
cp "$tmp/u0.json" "$tmp/cut.json"
jq '.result = null | .actions = .actions[:30]' "$tmp/u0.json" >"$tmp/half.json"
head -c $(($(wc -c <"$tmp/half.json") / 2)) "$tmp/half.json" >"$tmp/cut.json"
check_error "truncated record refused" "^morph: record $tmp/cut.json: not valid JSON \(truncated or damaged\?\) at line [0-9]+: " \
    $MORPH play --resume "$tmp/cut.json"
jq '.actions[7] = "place z9"' "$tmp/half.json" >"$tmp/tampered.json"
check_error "tampered record refused with the index" "^morph: record $tmp/tampered.json: actions\[7\] 'place z9' is illegal: " \
    $MORPH play --resume "$tmp/tampered.json"
check_error "resume of another game" "^morph: play: $tmp/half.json is a morpyam record, not morphos$" \
    $MORPH play morphos --resume "$tmp/half.json"

# ---- through a terminal (tmux) ----
if ! command -v tmux >/dev/null; then
    echo "skipped the terminal tests: no tmux (scripts/setup.sh installs it)"
    finish
    exit $?
fi

prompts() { screen "$1" | grep -c "^P[1-4]> "; }
# answer NAME TEXT: types TEXT and waits for the next prompt.
answer() {
    local before
    before=$(prompts "$1")
    type_line "$1" "$2"
    local i
    for i in $(seq 200); do
        [ "$(prompts "$1")" -gt "$before" ] && return 0
        [[ "$(screen "$1")" =~ \[exit ]] && return 0
        sleep 0.1
    done
    bad "no prompt after '$2'"$'\n'"$(screen "$1" | tail -20)"
}

start yam "$MORPH play morpyam --seed 2 --players human,ai:random --record $tmp/t.json"
expect yam "morpyam screen" "Turn 2: P1 \(you\) to play. Before the first roll."
expect yam "grid in the terminal" "  6  1    2    3    4    6    PS   6   2  three 2s      CA square"
expect yam "prompt lists the legal moves" $'You may: roll \\(r\\); call square\\|full house\\|maxi\\|mini\\|morpyam\\|all-in-one\\|straight\n    \\(for the first roll\\)\nP1>'
answer yam "place z9"
expect yam "refused in the terminal" $'refused: square must be a1..f6\nYou may: roll'
answer yam "r"
expect yam "rolled" "Roll 1 of 3, dice: 2 2 4 5 6"
expect yam "examples from the dice showing" "reroll dice by their values \(r 456\) or keep some \(k 22\)"
answer yam "r 146"
expect yam "illegal reroll refused with the reason" "refused: no 1 is showing to reroll"
answer yam "help"
expect yam "help in the terminal" "save \[FILE\]     write the record now"
answer yam "rules"
expect yam "rules in the terminal" "All-in-one: when the first roll of your turn shows a morpyam"
answer yam "legend"
expect yam "legend in the terminal" "  AP   call: a call that comes true"
answer yam "k 22"
expect yam "kept dice rerolled" "Roll 2 of 3, dice: 2 2 2 4 6"
if T capture-pane -p -e -t yam | grep -q $'\033\['; then ok; else bad "colour on a terminal"; fi
fits yam "morpyam screens"
status=$(screen yam | grep "^Turn " | tail -1)
n=$(jq '.actions | length' "$tmp/t.json")
check_eq "record up to date before the kill" '"dice 2 4 6"' "$(jq -c '.actions[-1]' "$tmp/t.json")"
# kill -9 the client (the child of the pane's shell) in the middle of the game
pid=$(pgrep -P "$(T display-message -p -t yam '#{pane_pid}')" | head -1)
if [ -n "$pid" ] && kill -9 "$pid"; then ok; else bad "no client process to kill"; fi
expect yam "killed" "\[exit 137\]"
T kill-session -t yam
start yam2 "$MORPH play --resume $tmp/t.json"
expect yam2 "resumed" "Resumed game of morpyam: P1 \(you\), P2 \(random\); seed 2; record[[:space:]]+$tmp/t.json \($n actions played\)"
expect yam2 "same position after the kill" "$(sed 's/[().]/\\&/g' <<<"$status")"
type_line yam2 "resign"
expect yam2 "resign asks for confirmation" "Resign the game\\? Type yes to resign, anything else to play on: $"
answer yam2 "yes"
expect yam2 "resign summary in the terminal" $'Game over.\nP2 \\(random\\) wins by forfeit: P1 \\(you\\) resigned.'
expect yam2 "exit 0" "\[exit 0\]"
fits yam2 "morpyam end screen"
T kill-session -t yam2

start nocol "NO_COLOR=1 $MORPH play morphos --size 5 --seed 1 --players ai:random,human --record $tmp/nc.json"
expect nocol "morphos screen" "Turn 2: White, P2 \(you\) to move."
if T capture-pane -p -e -t nocol | grep -q $'\033\[[0-9;]*[1-9][0-9;]*m'; then bad "NO_COLOR still paints"; else ok; fi
T kill-session -t nocol

start pho "$MORPH play morphos --size 5 --seed 1 --players ai:random,human --record $tmp/p.json"
expect pho "swap offered on White's first turn" "Or swap  ->  White swaps and you take over Black's stone on b3"
answer pho "xb3"
expect pho "refused flip in the terminal" "refused: b3 is not weak: a stone can be flipped only when"
answer pho "swap"
expect pho "the swap told" "White swaps and you take over Black's stone on b3"
expect pho "after the swap P2 holds Black" "  Black, P2 \(you\)   Black's edges: top, bottom"
expect pho "the opponent moves as White" "White places a stone on [a-e][1-5]"
answer pho "d4"
check_eq "morphos record" '["b3","swap"]' "$(jq -c '.actions[:2]' "$tmp/p.json")"
check_eq "morphos record: human move" '"d4"' "$(jq -c '.actions[3]' "$tmp/p.json")"
fits pho "morphos screens"
answer pho "quit"
expect pho "quit exits 0" "\[exit 0\]"
T kill-server

finish
