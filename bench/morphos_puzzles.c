/* The puzzle suite (data/puzzles/morphos.txt, docs/puzzles.md): the share
 * of its puzzles where mcts:ms=100 (one thread) plays a winning action. A
 * fixed amount of work, about 0.1 s a puzzle; with less than a second per
 * workload (--quick) every tenth puzzle only. */
#include <stdio.h>

#include "../src/ai/ai.h"
#include "../src/front/puzzles.h"
#include "bench.h"

void bench_morphos_puzzles(double seconds, BenchReport *out)
{
    char path[4096], err[ERR_MAX];
    PuzzleSuite suite;
    out->unit = "%";
    if (!puzzle_suite_find(path, sizeof path)) {
        snprintf(out->detail, sizeof out->detail, "no suite: data/puzzles/morphos.txt is not next to the binary");
        return;
    }
    if (!puzzle_suite_load(path, &suite, err, sizeof err)) {
        snprintf(out->detail, sizeof out->detail, "%.150s", err);
        return;
    }
    int step = seconds < 1 ? 10 : 1, tried = 0, won = 0, sizes[8][2] = {{0}};
    double t0 = bench_now();
    for (int i = 0; i < suite.count; i += step) {
        const Puzzle *p = &suite.items[i];
        const Game *g = suite.games[p->game];
        MorphosState *s = puzzle_state(&suite, p);
        Ai *ai = ai_new("mcts:ms=100", g, (uint64_t)i + 1, err, sizeof err);
        bool wins = puzzle_wins(p, ai_choose(ai, &s->base, NULL));
        int n = s->cfg->n;
        tried++;
        won += wins;
        sizes[n][0]++;
        sizes[n][1] += wins;
        ai_free(ai);
        state_free(&s->base);
    }
    out->value = tried ? 100.0 * won / tried : 0;
    int len = snprintf(out->detail, sizeof out->detail, "%d of %d puzzles in %.0f s (", won, tried, bench_now() - t0);
    for (int n = 3, first = 1; n < 8; n++)
        if (sizes[n][0]) {
            len += snprintf(out->detail + len, sizeof out->detail - (size_t)len, "%s%dx%d: %d/%d", first ? "" : ", ", n,
                            n, sizes[n][1], sizes[n][0]);
            first = 0;
        }
    snprintf(out->detail + len, sizeof out->detail - (size_t)len, ")");
    puzzle_suite_free(&suite);
}
