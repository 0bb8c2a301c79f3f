/* MCTS search speed: playouts per second of one "mcts" choice (RAVE tree,
 * policy playouts) from a fixed 9x9 mid-opening position, on one and two
 * threads. */
#include <stdio.h>

#include "../src/ai/ai.h"
#include "../src/ai/mcts.h"
#include "bench.h"
#include "../src/games/registry.h"

static void mcts_rate(int threads, double seconds, BenchReport *out)
{
    Options o;
    char err[ERR_MAX], spec[64];
    options_init(&o);
    options_set(&o, "size", "9", err, sizeof err);
    Game *g = game_new("morphos", &o, err, sizeof err);
    /* The position: Black e5, White swaps, then c3 d6 f4 d4 g6. */
    State *s = state_new(g);
    state_apply_text(s, "e5", err, sizeof err);
    state_apply_text(s, "swap", err, sizeof err);
    state_apply_text(s, "c3", err, sizeof err);
    state_apply_text(s, "d6", err, sizeof err);
    state_apply_text(s, "f4", err, sizeof err);
    state_apply_text(s, "d4", err, sizeof err);
    state_apply_text(s, "g6", err, sizeof err);
    snprintf(spec, sizeof spec, "mcts:ms=%ld,threads=%d", (long)(seconds * 1000 + 0.5), threads);
    Ai *ai = ai_new(spec, g, 1, err, sizeof err);
    double t0 = bench_now();
    ai_choose(ai, s, NULL);
    double t = bench_now() - t0;
    long sims = mcts_ai_playouts(ai);
    out->value = (double)sims / t;
    out->unit = "playouts/s";
    snprintf(out->detail, sizeof out->detail, "9x9 after 7 actions, %d thread%s, %ld playouts in %.2f s", threads,
             threads > 1 ? "s" : "", sims, t);
    ai_free(ai);
    state_free(s);
    game_free(g);
}

void bench_morphos_mcts_1t(double seconds, BenchReport *out) { mcts_rate(1, seconds, out); }
void bench_morphos_mcts_2t(double seconds, BenchReport *out) { mcts_rate(2, seconds, out); }
