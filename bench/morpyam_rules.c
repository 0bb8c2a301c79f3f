/* The speed of the Morpyam rules engine: random two-player games and the
 * odds table. */
#include <stdio.h>
#include <stdlib.h>

#include "../src/games/morpyam/morpyam.h"
#include "bench.h"
#include "../src/core/xalloc.h"
#include "../src/games/registry.h"

void bench_morpyam_random_games(double seconds, BenchReport *out)
{
    Options opts;
    char err[ERR_MAX];
    options_init(&opts);
    Game *g = game_new("morpyam", &opts, err, sizeof err);
    Rng rng;
    rng_seed(&rng, 1);
    Action acts[MAX_ACTIONS];
    long games = 0, actions = 0, decisions = 0;
    double start = bench_now(), elapsed;
    do {
        for (int i = 0; i < 100; i++) {
            State *s = state_new(g);
            for (;;) {
                int p = state_player(s);
                if (p == PLAYER_TERMINAL)
                    break;
                Action a;
                if (p == PLAYER_CHANCE) {
                    a = state_sample_chance(s, &rng);
                } else {
                    int n = state_legal_actions(s, acts);
                    a = acts[rng_below(&rng, (uint32_t)n)];
                    decisions++;
                }
                state_apply(s, a);
                actions++;
            }
            state_free(s);
            games++;
        }
        elapsed = bench_now() - start;
    } while (elapsed < seconds);
    game_free(g);
    out->value = games / elapsed;
    out->unit = "games/s";
    snprintf(out->detail, sizeof out->detail, "%ld games, %.1f actions per game (%.1f decisions, the rest chance)",
             games, (double)actions / games, (double)decisions / games);
}

void bench_morpyam_odds_table(double seconds, BenchReport *out)
{
    MorpyamMultisets *ms = xmalloc(sizeof *ms);
    MorpyamOdds odds;
    int runs = 0;
    double start = bench_now(), elapsed;
    do {
        morpyam_multisets_init(ms);
        morpyam_odds(ms, &odds);
        runs++;
        elapsed = bench_now() - start;
    } while (elapsed < seconds);
    free(ms);
    out->value = elapsed / runs * 1000;
    out->unit = "ms";
    snprintf(out->detail, sizeof out->detail, "tables and odds of 14 figures, %d runs; morpyam in 3 rolls %.9f",
             runs, odds.three_rolls[MF_MORPYAM]);
}
