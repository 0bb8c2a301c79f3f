#!/usr/bin/env bash
# morph play: the interactive client driven through tmux (typed input, the
# screen asserted), plain output through pipes, records written after every
# action, resume after a kill, refused records, and unattended AI games whose
# records replay to the same result.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/games.sh"
need_games morphos morpyam
tmp=$(mktemp -d)
sock=morphtest$$
T() { tmux -L "$sock" "$@"; }
cleanup() { T kill-server >/dev/null 2>&1; rm -rf "$tmp"; }
trap cleanup EXIT

# ---- plain output (not a terminal) ----

out=$(cd "$tmp" && printf 'help\nplace z9\nr\nr 146\nk 22\nresign\n' | $MORPH play morpyam --seed 2 --players human,ai:random 2>&1)
check_eq "exit 0 after resign" 0 $?
check_match "seed and record named" "New game of morpyam: P1 \(you\), P2 \(random\); seed 2; record morph-morpyam-2.json" "$out"
check_match "the grid is drawn" "  4  5    AP   MA   MO   FU   1    4" "$out"
check_match "players with points and tokens" "> \[1\] P1 \(you\) +0 points  17 tokens left" "$out"
check_match "help lists the commands" "undo            take back your last decision" "$out"
check_match "help explains rerolls" "r 146           reroll the dice showing 1, 4 and 6" "$out"
check_match "bad square refused with the library's reason" "refused: malformed action 'place z9': square must be a1..f6" "$out"
check_match "the prompt comes again" $'refused: malformed action .place z9.: square must be a1..f6\nYou may: roll \\(r\\)' "$out"
check_match "dice shown" "Turn 2: P1 \(you\) to play. Roll 1 of 3, dice: 2 2 4 5 6." "$out"
check_match "reroll of dice not showing refused" "refused: illegal move 'reroll 1 4 6': not one of the legal actions here" "$out"
check_match "keep 2 2 rerolls the rest" "P1 \(you\) rolls: dice 2 4 6" "$out"
check_match "after keep: roll 2" "Roll 2 of 3, dice: 2 2 2 4 6." "$out"
check_match "a turn that ends by itself is told" "  P2 \(random\): the turn ends without a token" "$out"
check_match "resign ends with the summary" "Game over: P2 \(random\) wins by forfeit \(every other player resigned\)." "$out"
check_match "summary points" "Points: P1 \(you\) 0, P2 \(random\) 0" "$out"
case $out in *$'\033'*) bad "no colour codes when stdout is not a terminal";; *) ok;; esac
f=$tmp/morph-morpyam-2.json
check_eq "record written with the human's actions" '["roll","dice 2 2 4 5 6","reroll 4 5 6","dice 2 4 6","resign"]' \
    "$(jq -c '.actions[-5:]' "$f")"
check_exit "the record replays" 0 $MORPH replay "$f"
check_eq "finished record refused by --resume" \
    "morph: play: $f holds a finished game (ended by forfeit): nothing to resume; see it with morph replay $f" \
    "$($MORPH play --resume "$f" 2>&1 >/dev/null)"
check_exit "finished record exits 1" 1 $MORPH play --resume "$f"

out=$(cd "$tmp" && printf 'r\n' | $MORPH play morpyam --seed 2 --players human,ai:random --color always 2>&1)
case $out in *$'\033['*) ok;; *) bad "--color always paints through a pipe";; esac
check_match "a second game with the same seed gets a new record name" "record morph-morpyam-2-2.json" "$out"
check_match "end of input saves and says how to resume" \
    "End of input. The game is saved in morph-morpyam-2-2.json; continue it with: morph play --resume morph-morpyam-2-2.json" "$out"

out=$(cd "$tmp" && printf '' | $MORPH play morphos --size 5 --seed 1 --record "$tmp/eof.json" 2>&1)
check_eq "EOF at once exits 0" 0 $?
check_match "EOF message" "End of input. The game is saved in $tmp/eof.json" "$out"
check_eq "default seats: a human first" '{"kind":"human"}' "$(jq -c '.players[0]' "$tmp/eof.json")"

# Real dice: the people type every chance outcome, checked by the rules.
out=$(cd "$tmp" && printf '7\n6\n2\nr\n1234\n12345\nd5\nquit\n' |
    $MORPH play morpyam --seed 1 --players human,human --dice manual --record "$tmp/manual.json" 2>&1)
check_match "manual roll-off asks P1" "Real dice: P1 \(human\) rolls one die for the first player: type its value \(1-6\)." "$out"
check_match "impossible die refused" "refused: malformed action 'die 7'" "$out"
check_match "manual roll asks for five dice" "Real dice: P1 \(human\) rolls 5 dice: type the values rolled" "$out"
check_match "four dice for five refused" "refused: illegal move 'dice 1 2 3 4': not a possible outcome of this chance event" "$out"
check_match "typed dice shown" "Roll 1 of 3, dice: 1 2 3 4 5." "$out"
check_match "suite squares offered" "Place on: a1 f6 \(petite-suite\), c2 d5 \(suite\), d2 c5 \(sec\)" "$out"
check_eq "manual record" '["die 6","die 2","roll","dice 1 2 3 4 5","place d5"]' "$(jq -c .actions "$tmp/manual.json")"
check_match "quit names the record" "The game is saved in $tmp/manual.json" "$out"

out=$(printf 'xb3\nc3\n' | $MORPH play morphos --size 5 --seed 1 --players ai:random,human --record "$tmp/m.json" 2>&1)
check_match "morphos board with coordinates" $'     a  b  c  d  e \n  5  .  .  .  .  .  5' "$out"
check_match "last move in brackets" "  3  . \[B\] .  .  .  3" "$out"
check_match "swap offered to White" "Or swap: the stones stay and you take Black" "$out"
check_match "refused flip" "refused: illegal move 'xb3': b3 is not a weak Black stone" "$out"
check_eq "morphos moves recorded" '["b3","c3","d1"]' "$(jq -c .actions "$tmp/m.json")"

out=$(printf 'c3\nc5\nc4\nquit\n' | $MORPH play morphos --size 5 --mutators duomorph --seed 2 --players human,ai:random --record "$tmp/duo.json")
check_match "duomorph second stone asked" "Second stone \(duomorph\), on an empty point next to c3: c2 b3 d3 c4" "$out"
check_match "duomorph refusal" "refused: illegal move 'c5': the second stone must go on an empty point next to c3 \(duomorph\)" "$out"
check_eq "duomorph turn recorded" '["c3","c4"]' "$(jq -c '.actions[:2]' "$tmp/duo.json")"
out=$(printf 'flip b3\nquit\n' | $MORPH play morphos --size 4 --mutators minimorph,metamorph --seed 2 --players human,ai:random --record "$tmp/meta.json")
check_match "flips listed" "Flip a weak White stone: xb1 xa2 xc2 xb3 xd3 xc4" "$out"
check_eq "flip typed as 'flip b3'" '"xb3"' "$(jq -c '.actions[0]' "$tmp/meta.json")"

out=$(printf 'b2\nb3\ne5\na2\ne4\nb1\nd1\nxb2\nc5,c4\nquit\n' |
    $MORPH play morphos --size 5 --mutators minimorph,remorph --seed 1 --players human,human --record "$tmp/rem.json")
check_match "hot-seat names" "Black, P1 \(human\): connects top and bottom" "$out"
check_match "remorph returned stone asked" $'First the returned stone \\(remorph\\), then a regular move.\nPlace the returned stone \\(remorph\\) on any empty point' "$out"
check_eq "returned stone and move recorded" '["xb2","c5","c4"]' "$(jq -c '.actions[-3:]' "$tmp/rem.json")"

out=$(printf 'r\nk 22\nundo\nk 22\nundo\nundo\nundo\nquit\n' | $MORPH play morpyam --seed 2 --players human,ai:random --record "$tmp/undo.json")
check_eq "undo takes back the decision and its dice" 3 "$(grep -c '^Undone: 2 actions taken back; P1 (you) to decide again.$' <<<"$out")"
check_eq "the same dice after undo" 2 "$(grep -c '^  P1 (you) rolls: dice 2 4 6$' <<<"$out")"
check_match "nothing left to undo" "Nothing to undo: no decision of a person yet." "$out"
check_eq "record after undo ends before P1's first decision" '"dice 1 2 5"' "$(jq -c '.actions[-1]' "$tmp/undo.json")"

# hint: the strong AI's choice, or which level this build lacks.
out=$(printf 'r\nhint\nquit\n' | $MORPH play morpyam --seed 7 --players human,ai:random --record "$tmp/hint1.json")
check_match "morpyam hint" "hint: (needs the 'expert' AI, which this build of morph does not have yet\.|(place|reroll|call|pass).*  \[expert: .+\])" "$out"
out=$(printf 'hint\nquit\n' | $MORPH play morphos --size 5 --seed 7 --players human,ai:random --record "$tmp/hint2.json")
check_match "morphos hint" "hint: (needs the 'mcts' AI, which this build of morph does not have yet\.|[a-e][1-5]  \[mcts: .+\])" "$out"

# ---- a person makes only their own decisions (issue 8, fault 3) ----
out=$(printf 'a1,b1,c1,d1\nquit\n' | $MORPH play morphos --size 5 --seed 1 --players human,ai:random --record "$tmp/seat.json" 2>&1)
check_match "a move for the AI refused" "refused: 'b1' would be a decision of P2: the turn of P1 ends after 'a1'" "$out"
check_eq "nothing of it applied" '[]' "$(jq -c .actions "$tmp/seat.json")"
out=$(printf 'r,dice 6 6 6 6 6\nroll,dice 6 6 6 6 6\nquit\n' | $MORPH play morpyam --seed 2 --players human,ai:random --record "$tmp/dice6.json" 2>&1)
check_match "program dice cannot be typed" "refused: 'dice 6 6 6 6 6' goes past the decisions of P1: a chance event follows 'roll'" "$out"
check_eq "nothing of it applied: the record ends before P1's first decision" '"dice 1 2 5"' "$(jq -c '.actions[-1]' "$tmp/dice6.json")"
check_eq "the record says its dice came from the seed" '"seed"' "$(jq -c .chance "$tmp/dice6.json")"
out=$(printf '5\n3,4\ndie 3,die 4\n3\nroll,dice 6 6 6 6 6\nquit\n' |
    $MORPH play morpyam --seed 1 --players human,ai:random --dice manual --record "$tmp/manual6.json" 2>&1)
check_match "real dice: one outcome at a time" "refused: type only the chance outcome asked for, one at a time \('die 3,die 4' holds several\)" "$out"
check_match "real dice are typed when asked, not with a decision" \
    "refused: 'dice 6 6 6 6 6' goes past the decisions of P1: a chance event follows 'roll'" "$out"
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
check_match "quit says the game is not saved" "The game is NOT saved: the record $tmp/gone/g.json lacks the last [0-9]+ actions? \(cannot write" "$out"
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
check_error "bad seat" "^morph: play: --players: expected human or ai:LEVEL for each seat, got 'bob'$" \
    $MORPH play morpyam --players human,bob
check_error "five seats" "^morph: play: --players: at most 4 seats$" $MORPH play morpyam --players 'human,human,human,human,human'
check_error "morphos has two seats" "^morph: play: morphos needs 2 players, --players gave 3$" \
    $MORPH play morphos --players human,ai:random,ai:random
check_error "unknown AI" "^morph: play: seat 2: unknown AI level 'nobody'" $MORPH play morpyam --players human,ai:nobody
check_error "quiet with a person" "^morph: play: --quiet needs every seat to be an AI and --dice auto$" \
    $MORPH play morphos --players human,ai:random --quiet --record "$tmp/q.json"
check_error "resume with options" "^morph: play: --resume takes the seats, seed and game options from the record" \
    $MORPH play --resume "$f" --seed 3
check_error "bad colour" "^morph: play: --color expects auto, always or never, got 'blue'$" $MORPH play morphos --color blue
check_match "help names the default seats" "Default: human,ai:(greedy|random)" "$($MORPH play --help)"

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
check_match "unattended without --quiet prints the moves" "P1 \(random\): [a-e][1-5]  \[picked at random among 25 legal actions\]" "$out"
check_match "and the summary" "Game over: P[12] \(random\) wins by (connection|deadlock)" "$out"
out=$($MORPH play morpyam --players ai:random,ai:random --seed 4 --record "$tmp/loud2.json")
check_match "points scored are told" "  P[12] \(random\) scores [0-9]+ points? \([0-9]+ now\)" "$out"
check_match "morpyam summary with points" "Points: P1 \(random\) [0-9]+, P2 \(random\) [0-9]+" "$out"
check_eq "the same seed plays the same game" "$(jq -c .actions "$tmp/u5.json")" \
    "$($MORPH play morphos --size 5 --players ai:random,ai:random --seed 5 --record "$tmp/again.json" --quiet; jq -c .actions "$tmp/again.json")"

# ---- killed and resumed: the same game (issue 8, fault 8) ----
# AIs whose decisions follow the seed: killed with SIGKILL again and again,
# resumed each time, the game ends exactly as the uninterrupted one.
killed_game() { # NAME OPTIONS...: plays the game to the end through kills
    local f=$tmp/$1.kill.json kills=0 rounds=0 t
    shift
    rm -f "$f"
    while [ $rounds -lt 60 ]; do
        rounds=$((rounds + 1))
        t=$(awk -v r=$rounds 'BEGIN { print 0.1 + 0.03 * r }') # longer and longer: the game always ends
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

# start NAME COMMAND: runs COMMAND in a detached 100x50 window; the pane
# stays after it exits and shows "[exit N]".
start() {
    T new-session -d -s "$1" -x 100 -y 50 "cd $tmp && $2; echo \"[exit \$?]\"; sleep 600"
}
screen() { T capture-pane -p -J -t "$1" -S -300; }
# wait_for NAME REGEX: polls the screen for up to 20 s.
wait_for() {
    local i
    for i in $(seq 200); do
        [[ "$(screen "$1")" =~ $2 ]] && return 0
        sleep 0.1
    done
    return 1
}
# expect NAME TEST REGEX
expect() {
    if wait_for "$1" "$3"; then ok; else bad "$2: screen does not match $3"$'\n'"$(screen "$1" | tail -25)"; fi
}
type_line() { T send-keys -t "$1" -l "$2"; T send-keys -t "$1" Enter; }
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
expect yam "grid in the terminal" "  6  1    2    3    4    6    PS   6"
expect yam "prompt lists the legal moves" $'You may: roll \\(r\\); call carre\\|full\\|maxi\\|mini\\|morpyam\\|sec\\|suite \\(for the first roll\\)\nP1>'
answer yam "place z9"
expect yam "refused in the terminal" $'refused: malformed action .place z9.: square must be a1..f6\nYou may: roll'
answer yam "r"
expect yam "rolled" "Roll 1 of 3, dice: 2 2 4 5 6"
answer yam "r 146"
expect yam "illegal reroll refused" "refused: illegal move 'reroll 1 4 6': not one of the legal actions here"
answer yam "help"
expect yam "help in the terminal" "save \[FILE\]     write the record now"
answer yam "k 22"
expect yam "kept dice rerolled" "Roll 2 of 3, dice: 2 2 2 4 6"
if T capture-pane -p -e -t yam | grep -q $'\033\['; then ok; else bad "colour on a terminal"; fi
status=$(screen yam | grep "^Turn " | tail -1)
n=$(jq '.actions | length' "$tmp/t.json")
check_eq "record up to date before the kill" '"dice 2 4 6"' "$(jq -c '.actions[-1]' "$tmp/t.json")"
# kill -9 the client (the child of the pane's shell) in the middle of the game
pid=$(pgrep -P "$(T display-message -p -t yam '#{pane_pid}')" | head -1)
if [ -n "$pid" ] && kill -9 "$pid"; then ok; else bad "no client process to kill"; fi
expect yam "killed" "\[exit 137\]"
T kill-session -t yam
start yam2 "$MORPH play --resume $tmp/t.json"
expect yam2 "resumed" "Resumed game of morpyam: P1 \(you\), P2 \(random\); seed 2; record $tmp/t.json \($n actions played\)"
expect yam2 "same position after the kill" "$(sed 's/[().]/\\&/g' <<<"$status")"
answer yam2 "resign"
expect yam2 "resign summary in the terminal" "Game over: P2 \(random\) wins by forfeit"
expect yam2 "exit 0" "\[exit 0\]"
T kill-session -t yam2

start nocol "NO_COLOR=1 $MORPH play morphos --size 5 --seed 3 --players ai:random,human --record $tmp/nc.json"
expect nocol "morphos screen" "Turn 2: White, P2 \(you\) to move."
if T capture-pane -p -e -t nocol | grep -q $'\033\[[0-9;]*[1-9][0-9;]*m'; then bad "NO_COLOR still paints"; else ok; fi
T kill-session -t nocol

start pho "$MORPH play morphos --size 5 --seed 1 --players ai:random,human --record $tmp/p.json"
expect pho "swap offered on White's first turn" "Or swap: the stones stay and you take Black"
answer pho "xb3"
expect pho "refused flip in the terminal" "refused: illegal move 'xb3': b3 is not a weak Black stone"
answer pho "swap"
expect pho "after the swap P2 holds Black" "Black, P2 \(you\): connects top and bottom"
expect pho "the opponent moves as White" "P1 \(random\): [a-e][1-5] "
answer pho "d4"
check_eq "morphos record" '["b3","swap"]' "$(jq -c '.actions[:2]' "$tmp/p.json")"
check_eq "morphos record: human move" '"d4"' "$(jq -c '.actions[3]' "$tmp/p.json")"
answer pho "quit"
expect pho "quit exits 0" "\[exit 0\]"
T kill-server

finish
