#!/usr/bin/env bash
# A minimal GTP program for Morphos built on `morph engine --level random`,
# used to test the arena's GTP players (boardsize, clear_board,
# morphos-mutators, play, genmove, quit). A move is a whole turn: the
# actions of one player joined by commas, in GTP vertices (no I; a flip is
# the vertex of the stone flipped); colours are not checked.
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
# Vertices to morph's points (J is i) and back, part by part; words stay.
to_morph() {
    local out="" p
    IFS=, read -ra ps <<<"${1,,}"
    for p in "${ps[@]}"; do
        [[ $p =~ ^x?([a-z])([0-9]+)$ ]] && p=$(tr 'j-z' 'i-y' <<<"${BASH_REMATCH[1]}")${BASH_REMATCH[2]}
        out+="${out:+,}$p"
    done
    echo "$out"
}
to_gtp() {
    local out="" p
    IFS=, read -ra ps <<<"$1"
    for p in "${ps[@]}"; do
        [[ $p =~ ^x?([a-s])([0-9]+)$ ]] && p=$(tr 'a-s' 'A-HJ-T' <<<"${BASH_REMATCH[1]}")${BASH_REMATCH[2]}
        out+="${out:+,}$p"
    done
    echo "$out"
}
# play_part POINT: a point, else (a stone stands there) its flip.
play_part() {
    request "{\"cmd\":\"play\",\"action\":\"$1\"}"
    [ "$(jq -r .ok <<<"$reply")" == true ] && return 0
    request "{\"cmd\":\"play\",\"action\":\"x$1\"}"
    [ "$(jq -r .ok <<<"$reply")" == true ]
}
refuse() { printf '? %s\n\n' "$1"; }
new_game
while read -r command args; do
    case $command in
    boardsize) size=$args; new_game; answer "" ;;
    clear_board) new_game; answer "" ;;
    morphos-mutators) mutators=$args; new_game; answer "" ;;
    play)
        ok=true
        IFS=, read -ra parts <<<"$(to_morph "${args#* }")"
        for part in "${parts[@]}"; do play_part "$part" || { ok=false; break; }; done
        if $ok; then answer ""; else refuse "illegal move"; fi ;;
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
        answer "$(to_gtp "$moves")" ;;
    quit) answer ""; exit 0 ;;
    *) refuse "unknown command" ;;
    esac
done
