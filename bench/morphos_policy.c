/* The playout policy of mcts on its own: policy playouts (win points,
 * blocks, flips, local replies; src/ai/mcts_playout.c) from the empty 9x9
 * board, without a tree. */
#include <stdio.h>

#include "../src/ai/mcts.h"
#include "bench.h"

void bench_morphos_policy_playouts(double seconds, BenchReport *out)
{
    Options o;
    char err[ERR_MAX];
    options_init(&o);
    options_set(&o, "size", "9", err, sizeof err);
    Game *g = game_new("morphos", &o, err, sizeof err);
    MorphosState *start = (MorphosState *)state_new(g);
    Rng rng;
    rng_seed(&rng, 1);
    enum { CAP = 4096 };
    static int32_t acts[CAP];
    static uint8_t seats[CAP];
    long games = 0, turns = 0, black = 0;
    double t0 = bench_now(), t;
    do {
        for (int i = 0; i < 100; i++) {
            MorphosState s;
            morphos_scratch_copy(&s, start);
            mcts_playout(&s, &rng, acts, seats, 0, CAP);
            turns += s.turn;
            black += s.winner == MORPHOS_BLACK;
            games++;
        }
        t = bench_now() - t0;
    } while (t < seconds);
    out->value = (double)games / t;
    out->unit = "playouts/s";
    snprintf(out->detail, sizeof out->detail, "9x9, average length %.1f turns, Black wins %.1f%%",
             (double)turns / (double)games, 100.0 * (double)black / (double)games);
    state_free(&start->base);
    game_free(g);
}
