/* Morpyam AI workload: expert decisions over a fixed set of mid-game
 * positions (every decision of turns 6 to 25 of seeded greedy-vs-greedy
 * games), replayed in order so that the expert reuses its turn tables
 * within a turn as it does in a game. */
#include <stdio.h>
#include <stdlib.h>

#include "../src/ai/ai.h"
#include "../src/games/morpyam/morpyam.h"
#include "bench.h"
#include "../src/core/xalloc.h"
#include "../src/games/registry.h"

#define POSITIONS 2000

static int collect(const Game *g, State **out)
{
    char err[ERR_MAX];
    int n = 0;
    for (uint64_t game = 1; n < POSITIONS; game++) {
        Rng dice;
        rng_seed(&dice, game);
        Ai *ais[2] = {ai_new("greedy", g, 2 * game, err, sizeof err), ai_new("greedy", g, 2 * game + 1, err, sizeof err)};
        State *s = state_new(g);
        while (!state_is_terminal(s) && n < POSITIONS) {
            int p = state_player(s), turn = ((const MorpyamState *)s)->turns;
            if (p >= 0 && turn >= 6 && turn <= 25)
                out[n++] = state_clone(s);
            state_apply(s, p == PLAYER_CHANCE ? state_sample_chance(s, &dice) : ai_choose(ais[p], s, NULL));
        }
        state_free(s);
        ai_free(ais[0]);
        ai_free(ais[1]);
    }
    return n;
}

void bench_morpyam_expert_decisions(double seconds, BenchReport *out)
{
    Options opts;
    char err[ERR_MAX];
    options_init(&opts);
    Game *g = game_new("morpyam", &opts, err, sizeof err);
    State **positions = xmalloc(POSITIONS * sizeof *positions);
    int n = collect(g, positions);
    long decisions = 0, turns = 0;
    double start = bench_now(), elapsed;
    do {
        Ai *ai = ai_new("expert", g, 1, err, sizeof err);
        int last_turn = -1;
        for (int i = 0; i < n; i++) {
            int turn = ((const MorpyamState *)positions[i])->turns;
            turns += turn != last_turn;
            last_turn = turn;
            ai_choose(ai, positions[i], NULL);
            decisions++;
        }
        ai_free(ai);
        elapsed = bench_now() - start;
    } while (elapsed < seconds);
    for (int i = 0; i < n; i++)
        state_free(positions[i]);
    free(positions);
    game_free(g);
    out->value = decisions / elapsed;
    out->unit = "decisions/s";
    snprintf(out->detail, sizeof out->detail, "%d mid-game positions, %.1f turns/s, %.3f ms per decision",
             n, turns / elapsed, elapsed / decisions * 1000);
}
