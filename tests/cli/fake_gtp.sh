#!/usr/bin/env bash
# A minimal GTP program for Morphos built on `morph engine --level random`,
# used to test the arena's GTP players (boardsize, clear_board,
# morphos-mutators, play, genmove, quit). A move is a whole turn: the
# actions of one player joined by commas; colours are not checked.
: "${MORPH:?MORPH must name the morph binary}"
coproc ENGINE { "$MORPH" engine --level random; }
size=13
mutators=""
reply=""
request() {
    echo "$1" >&"${ENGINE[1]}"
    read -r reply <&"${ENGINE[0]}"
}
new_game() {
    request "{\"cmd\":\"new\",\"game\":\"morphos\",\"options\":{\"size\":$size,\"mutators\":\"$mutators\"},\"seed\":1}"
}
answer() { printf '= %s\n\n' "$1"; }
refuse() { printf '? %s\n\n' "$1"; }
new_game
while read -r command args; do
    case $command in
    boardsize) size=$args; new_game; answer "" ;;
    clear_board) new_game; answer "" ;;
    morphos-mutators) mutators=$args; new_game; answer "" ;;
    play)
        request "{\"cmd\":\"play\",\"action\":\"${args#* }\"}"
        if [ "$(jq -r .ok <<<"$reply")" == true ]; then answer ""; else refuse "illegal move"; fi ;;
    genmove)
        # a whole turn: the engine's moves while the same seat is to move
        request '{"cmd":"state"}'
        seat=$(jq -r .player <<<"$reply")
        moves=""
        while :; do
            request '{"cmd":"genmove","play":true}'
            moves="$moves${moves:+,}$(jq -r .action <<<"$reply")"
            [ "$(jq -r .player <<<"$reply")" == "$seat" ] || break
        done
        answer "$moves" ;;
    quit) answer ""; exit 0 ;;
    *) refuse "unknown command" ;;
    esac
done
