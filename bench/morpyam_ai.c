/* Morpyam AI workloads: expert and master decisions over a fixed set of
 * mid-game positions (every decision of turns 6 to 25 of seeded
 * greedy-vs-greedy games), replayed in order with one AI so that it reuses
 * its turn tables within a turn as it does in a game. The master's workload
 * times every decision: its value is the median. */
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

/* What a run of one level measured. With times set, the milliseconds of
 * every decision (all of them, and the first of each turn apart). */
typedef struct Run {
    int positions;
    long decisions, turns;
    double elapsed;
    double *all, *first;
    long n_all, n_first;
} Run;

static void run_level(const char *level, double seconds, bool times, Run *r)
{
    Options opts;
    char err[ERR_MAX];
    options_init(&opts);
    Game *g = game_new("morpyam", &opts, err, sizeof err);
    State **positions = xmalloc(POSITIONS * sizeof *positions);
    int n = collect(g, positions);
    long cap = 0;
    double start = bench_now();
    do {
        Ai *ai = ai_new(level, g, 1, err, sizeof err);
        int last_turn = -1;
        if (times && r->n_all + n > cap) {
            cap = 2 * (r->n_all + n);
            r->all = xrealloc(r->all, (size_t)cap * sizeof *r->all);
            r->first = xrealloc(r->first, (size_t)cap * sizeof *r->first);
        }
        for (int i = 0; i < n; i++) {
            int turn = ((const MorpyamState *)positions[i])->turns;
            bool first = turn != last_turn;
            r->turns += first;
            last_turn = turn;
            double t0 = times ? bench_now() : 0;
            ai_choose(ai, positions[i], NULL);
            if (times) {
                double ms = (bench_now() - t0) * 1000;
                r->all[r->n_all++] = ms;
                if (first)
                    r->first[r->n_first++] = ms;
            }
            r->decisions++;
        }
        ai_free(ai);
        r->elapsed = bench_now() - start;
    } while (r->elapsed < seconds);
    r->positions = n;
    for (int i = 0; i < n; i++)
        state_free(positions[i]);
    free(positions);
    game_free(g);
}

void bench_morpyam_expert_decisions(double seconds, BenchReport *out)
{
    Run r = {0};
    run_level("expert", seconds, false, &r);
    out->value = r.decisions / r.elapsed;
    out->unit = "decisions/s";
    snprintf(out->detail, sizeof out->detail, "%d mid-game positions, %.1f turns/s, %.3f ms per decision",
             r.positions, r.turns / r.elapsed, r.elapsed / r.decisions * 1000);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The q-quantile of n values (sorted in place). */
static double quantile(double *v, long n, double q)
{
    if (n == 0)
        return 0;
    qsort(v, (size_t)n, sizeof *v, by_value);
    return v[(long)(q * (double)(n - 1) + 0.5)];
}

void bench_morpyam_master_decisions(double seconds, BenchReport *out)
{
    Run r = {0};
    run_level("master", seconds, true, &r);
    double median = quantile(r.all, r.n_all, 0.5), p90 = quantile(r.all, r.n_all, 0.9);
    double first = quantile(r.first, r.n_first, 0.5), first90 = quantile(r.first, r.n_first, 0.9);
    out->value = median;
    out->unit = "ms median";
    snprintf(out->detail, sizeof out->detail,
             "%d mid-game positions, %.0f decisions/s, %.3f ms mean, 90%% under %.3f ms; first decision of a turn: "
             "median %.3f ms, 90%% under %.3f ms",
             r.positions, r.decisions / r.elapsed, r.elapsed / r.decisions * 1000, p90, first, first90);
    free(r.all);
    free(r.first);
}
