#!/usr/bin/env bash
# The recipe of docs/architecture.md ("Adding a third game") holds: every game
# of the registry (src/games/registry.c) has its terminal screens, its page
# module, its rules document; and no shared file names a game, so that a new
# game is its own folder and files plus one line in each registry. The C
# registries (AI levels, server views, GET /api/meta) are checked by
# tests/unit/test_server_registries.c.
. "$(dirname "$0")/lib.sh"
root=$(cd "$(dirname "$0")/../.." && pwd)

# The games of the registry, as morph engine --help lists their options.
games=$($MORPH engine --help | sed -n '/^Game options/,$p' | sed -nE 's/^([a-z][a-z0-9-]*):$/\1/p')
check_match "the registry lists games" '^[a-z]' "$games"
for g in $games; do
    check_exit "morph play has screens for $g" 0 $MORPH play "$g" --help
    check_match "morph play --help lists the options of $g" "(^|"$'\n'")$g options:" "$($MORPH play --help)"
    check_exit "morph arena plays $g" 0 $MORPH arena "$g" --help
    if [ -f "$root/web/js/$g.js" ]; then ok; else bad "$g has no page module web/js/$g.js"; fi
    if grep -qE "^import \{ page as $g \} from './$g\.js';$" "$root/web/js/games.js" &&
        grep -qE "^  $g,$" "$root/web/js/games.js"; then ok; else bad "web/js/games.js does not list $g"; fi
    if grep -qE "^export const page = \{ Table: " "$root/web/js/$g.js"; then ok; else bad "web/js/$g.js exports no page"; fi
    if [ -f "$root/docs/rules-$g.md" ]; then ok; else bad "$g has no rules document docs/rules-$g.md"; fi
done

# Shared code names no game: a game's name as a string literal appears only
# in the registries and in the game's own files (its folder, AI levels, view,
# screens and commands (the solver's game of Morphos included), the C API's observations and action spaces, page
# module, and the Puzzles page and its endpoints,
# whose suite is of Morphos positions); comment lines do not count.
own='^(src/ai/(levels\.c|level_words\.c|greedy\.c|morpyam_|morphos_|mcts)|src/front/view_morp|src/server/api/api_puzzles\.c|src/cli/(play_morp|play_uis\.c|cmd_morp|solver_game\.c|cmd_gtp\.c|morph\.c)|src/protocol/gtp|src/capi/(observe|space)_|web/js/(games|morpyam|morphos|puzzles)\.js)'
names=$(echo $games | tr ' ' '|')
found=$(cd "$root" && grep -rnE "[\"'\`]($names)[\"'\`]" src/server src/ai src/front src/protocol src/cli src/capi web/js |
    grep -vE "$own" | grep -vE '^[^:]+:[0-9]+:[[:space:]]*(\*|/\*|//)')
if [ -z "$found" ]; then ok; else bad "shared files name a game (ask a registry instead):"$'\n'"$found"; fi

finish
