#!/usr/bin/env bash
# Regenerates the seed corpora of fuzz/corpus/ from a morph binary (a few
# good inputs per target: real states, games, records and sessions). The
# corpora are committed; run this only when formats change:
#     bash fuzz/seeds.sh build/release/morph
set -euo pipefail
morph=$(cd "$(dirname "${1:?usage: fuzz/seeds.sh MORPH}")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
corpus=$here/corpus
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rm -rf "$corpus"
mkdir -p "$corpus"/{morphos_state,morpyam_state,actions,options,layout,record,engine,gtp,cli}

# serialized GAME OPTIONS SEED N: the state after N actions of a random game
# (chance drawn), "" when the game ended before.
serialized() {
    local seats
    seats=$(jq -c '[range(.players // 2) | "ai:random"]' <<<"$2")
    {
        echo "{\"cmd\":\"new\",\"game\":\"$1\",\"options\":$2,\"seed\":$3,\"auto_chance\":true,\"players\":$seats}"
        for _ in $(seq "$4"); do echo '{"cmd":"genmove","play":true}'; done
        echo '{"cmd":"state"}'
    } | "$morph" engine 2>/dev/null | tail -1 | jq -r '.serialized // empty'
}
# seed FILE PICK TEXT: one input: the pick byte, then the text
seed() { { printf "\\x$(printf %02x "$2")"; printf '%s' "$3"; } >"$1"; }

# morphos_state: the pick byte is 128 + k with size sizes[k % 8] and
# mutator set k / 8 % 9 (fuzz.h)
for spec in "2|{\"size\":5}" "28|{\"size\":7,\"mutators\":[\"duomorph\"]}" "35|{\"size\":6,\"mutators\":[\"remorph\"]}" \
            "58|{\"size\":5,\"mutators\":[\"deepmorph\",\"duomorph\",\"remorph\"]}" \
            "41|{\"size\":4,\"mutators\":[\"minimorph\",\"metamorph\"]}" "13|{\"size\":9,\"mutators\":[\"minimorph\"]}"; do
    k=${spec%%|*} opts=${spec#*|}
    for n in 0 1 5 12 60; do
        text=$(serialized morphos "$opts" 3 "$n")
        [ -n "$text" ] && seed "$corpus/morphos_state/k$k-n$n" $((128 + k)) "$text"
    done
done
# morpyam_state: pick k with players 2 + k % 3, variant k / 3 % 4, rules k / 12 % 4
for spec in "0|{\"players\":2}" "4|{\"players\":3,\"variant\":\"flash\"}" "8|{\"players\":4,\"variant\":\"plus\"}" \
            "12|{\"players\":2,\"rules\":[\"strict-call\"]}" "25|{\"players\":3,\"rules\":[\"daversa\"]}"; do
    k=${spec%%|*} opts=${spec#*|}
    for n in 0 3 8 20 90 400; do
        text=$(serialized morpyam "$opts" 5 "$n")
        [ -n "$text" ] && seed "$corpus/morpyam_state/k$k-n$n" "$k" "$text"
    done
done

# records of finished and unfinished games, and the lines of their actions
"$morph" play morphos --size 5 --players ai:random,ai:random --seed 4 --quiet --record "$tmp/r1.json"
"$morph" play morphos --size 6 --mutators duomorph,remorph --players ai:greedy,ai:random --seed 5 --quiet --record "$tmp/r2.json"
"$morph" play morpyam --players ai:random,ai:greedy --seed 6 --quiet --record "$tmp/r3.json"
"$morph" play morpyam --variant plus --players ai:random,ai:random,ai:random --seed 7 --quiet --record "$tmp/r4.json"
printf 'c3\nquit\n' | "$morph" play morphos --size 5 --seed 8 --players human,ai:random --record "$tmp/r5.json" >/dev/null
printf '6\n2\nr\n12345\nquit\n' | "$morph" play morpyam --seed 9 --players human,human --dice manual --record "$tmp/r6.json" >/dev/null
for i in 1 2 3 4 5 6; do jq -c . "$tmp/r$i.json" >"$corpus/record/r$i.json"; done
jq '.actions |= .[:40] | .result = null' "$tmp/r3.json" >"$corpus/record/r3-cut.json"
jq -r '.actions[:40][]' "$tmp/r3.json" >"$tmp/a3"
seed "$corpus/actions/morpyam" 0 "$(cat "$tmp/a3")"
jq -r '.actions[:60][]' "$tmp/r4.json" >"$tmp/a4"
seed "$corpus/actions/plus" 8 "$(cat "$tmp/a4")"
jq -r '.actions[]' "$tmp/r2.json" >"$tmp/a2"
seed "$corpus/actions/duo-remorph" $((128 + 6 * 8 + 3)) "$(cat "$tmp/a2")"
seed "$corpus/actions/people" $((128 + 2)) "$(printf 'c3\n\x02\nc3\nxc3\nd4,e5\n\x01\nresign')"
seed "$corpus/actions/dice" 0 "$(printf '\x04die 3\n\x02\n\x02\nroll,dice 6 6 6 6 6\nroll\n\x04dice 1 2 3 4 5\nplace c2\n\x05roll,dice 1 1 1 1 1\n\x03\x01pass')"

# options and layouts
printf 'morpyam\nplayers=3\nvariant=plus\nrules=strict-call,daversa\nturn-cap=50\n' >"$corpus/options/morpyam"
printf 'morphos\nsize=7\nmutators=duomorph,remorph\nmove-cap=20\n' >"$corpus/options/morphos"
printf 'morphos\nsize=4\nmutators=minimorph,metamorph\n' >"$corpus/options/metamorph"
grid='1 2 3 4 6 PS/6 CA SE SU MI 5/5 AP MA MO FU 1/3 FU MO MI AP 2/4 MA SU SE CA 3/PS 1 2 6 5 4'
printf 'morpyam\nplayers=2\ngrid=%s\n' "$grid" >"$corpus/options/grid"
cat >"$corpus/layout/standard" <<'LAYOUT'
# the standard grid, top row first
1  2  3  4  6  PS
6  CA SE SU MI 5
5  AP MA MO FU 1
3  FU MO MI AP 2   # a comment after a row
4  MA SU SE CA 3
PS 1  2  6  5  4
LAYOUT
printf '1,2,3,4,6,PS/6,CA,FU,SU,PS,5/5,CA,PS,MO,FU,1/3,FU,MO,PS,CA,2/4,PS,SU,FU,CA,3/PS,1,2,6,5,4\n' >"$corpus/layout/flash"

# engine and GTP sessions
cat >"$corpus/engine/morphos" <<'ENGINE'
{"id":1,"cmd":"new","game":"morphos","options":{"size":5,"mutators":["duomorph"]},"seed":4,"players":["human","ai:greedy"]}
{"id":2,"cmd":"legal"}
{"id":3,"cmd":"play","action":"c3,c4"}
{"id":4,"cmd":"genmove","play":true}
{"id":5,"cmd":"undo"}
{"id":6,"cmd":"state"}
{"id":7,"cmd":"save","file":"g.json"}
{"id":8,"cmd":"load","file":"g.json","auto_chance":true}
{"id":9,"cmd":"record"}
{"id":10,"cmd":"quit"}
ENGINE
cat >"$corpus/engine/morpyam" <<'ENGINE'
{"cmd":"new","game":"morpyam","seed":4,"options":{"players":3,"variant":"flash","rules":"daversa"}}
{"cmd":"play","action":"die 3"}
{"cmd":"chance"}
{"cmd":"genmove","level":"expert","play":true}
{"cmd":"play","action":"roll"}
{"cmd":"legal"}
{"cmd":"new","game":"morpyam","auto_chance":true,"players":["ai:random","ai:greedy"]}
{"cmd":"genmove","level":"greedy","play":true}
{"cmd":"play","action":"resign"}
ENGINE
cat >"$corpus/gtp/session" <<'GTP'
1 protocol_version
2 boardsize 5
3 morphos-mutators duomorph remorph
4 play b c3,c4
5 genmove w
6 morphos-legal
7 showboard
8 undo
9 time_settings 60 0 0
10 time_left b 30 0
11 genmove b
12 final_score
13 known_command play
14 list_commands
15 clear_board
16 play w swap
17 quit
GTP

# command lines, one word per line
i=0
while IFS= read -r line; do
    i=$((i + 1))
    tr ' ' '\n' <<<"$line" >"$corpus/cli/c$i"
done <<'CLI'
play morpyam --players human,ai:greedy --seed 7 --record g.json --dice manual --color never
play morphos --size 9 --mutators minimorph,duomorph --players ai:mcts:playouts=100,ai:random --quiet --record m.json --force
play --resume g.json --record h.json --dice auto
morpyam figures 1 2 3 4 5 --first-roll --json
morpyam odds --json
morpyam score --players 3 123.......................1233...... --json
morpyam layout flash --json
morpyam watch --seed 3 --variant flash --players 3 --turn-cap 5
morpyam analyze --games 10 --seed 1 --threads 2 --json --variant plus
morphos legal B.W/.W./W.B --to-move W --mutators minimorph --json
morphos show BB./.W./W.. --mutators minimorph
morphos deadlocks 4 --json
replay g.json --json
engine --level random
gtp --size 5 --ai random --seed 3 --mutators duomorph
arena morphos --a random --b greedy --games 10 --seed 1 --threads 2 --json --size 5
bench --quick --only morphos.random_games --json
version
--help
CLI
echo "seeds written to $corpus"
