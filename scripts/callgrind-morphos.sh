#!/usr/bin/env bash
# Instruction count (valgrind --tool=callgrind) of one fixed Morphos workload:
# GAMES seeded random games on an NxN board (default 2000 on 9x9, seed 16),
# from the empty board to the end, each action uniform among the legal
# actions, through the public game API (src/core/game.h) only. The driver is
# built against the source tree and release library given, so the same
# workload measures any commit (docs/bench.md, "Instruction counts"):
#
#   scripts/callgrind-morphos.sh TREE [GAMES] [SIZE]
#
# TREE is a checkout whose release build exists (TREE/build/release/libmorph.a,
# `make build`). Prints the games' summary and the instructions counted.
set -euo pipefail
tree=$(cd "${1:?usage: scripts/callgrind-morphos.sh TREE [GAMES] [SIZE]}" && pwd)
games=${2:-2000}
size=${3:-9}
lib=$tree/build/release/libmorph.a
[ -f "$lib" ] || { echo "callgrind-morphos: $lib not found; run make build in $tree first" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "callgrind-morphos: valgrind is not installed (Debian package valgrind)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/driver.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include "src/core/game.h"
#include "src/core/rng.h"
/* game_new moved to the games' registry after 65881fc. */
#if __has_include("src/games/registry.h")
#include "src/games/registry.h"
#endif

int main(int argc, char **argv)
{
    char err[ERR_MAX];
    Options o;
    options_init(&o);
    if (!options_set(&o, "size", argv[2], err, sizeof err)) {
        fprintf(stderr, "callgrind-morphos: %s\n", err);
        return 1;
    }
    Game *g = game_new("morphos", &o, err, sizeof err);
    if (!g) {
        fprintf(stderr, "callgrind-morphos: %s\n", err);
        return 1;
    }
    long games = atol(argv[1]), turns = 0, black = 0;
    Rng rng;
    rng_seed(&rng, 16);
    for (long i = 0; i < games; i++) {
        State *s = state_new(g);
        while (!state_is_terminal(s)) {
            Action acts[MAX_ACTIONS];
            int n = state_legal_actions(s, acts);
            state_apply(s, acts[rng_below(&rng, (uint32_t)n)]);
            turns++;
        }
        GameResult r;
        state_result(s, &r);
        black += r.winners & 1;
        state_free(s);
    }
    printf("%ld games on %sx%s, %ld actions, the first seat won %ld\n", games, argv[2], argv[2], turns, black);
    game_free(g);
    return 0;
}
EOF
ln -s "$tree/src" "$work/src"
cc -std=c17 -D_GNU_SOURCE -O2 -g -march=native -I"$work" -o "$work/driver" "$work/driver.c" "$lib" -lm
valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$work/driver" "$games" "$size" 2>"$work/log"
grep -oE 'Collected : [0-9]+' "$work/log" | sed 's/Collected :/instructions:/'
