/* Fixed benchmark workloads reported by `morph bench`. Each workload runs
 * for about `seconds` of wall time (or a fixed amount of work) and reports a
 * rate. Workloads are listed in workloads.c, one line each; the files are
 * named for what they measure: morpyam_rules.c and morphos_rules.c the
 * rules engines, morpyam_ai.c and morphos_mcts.c the AI levels. */
#ifndef MORPH_BENCH_H
#define MORPH_BENCH_H

#include <stdbool.h>

typedef struct BenchReport {
    double value;      /* the rate or time measured */
    const char *unit;  /* e.g. "games/s", "ms" */
    char detail[160];  /* extra facts, e.g. "average length 41.3 moves" */
} BenchReport;

typedef struct BenchWorkload {
    const char *name;        /* stable id, e.g. "morpyam.random_games" */
    const char *description; /* one line */
    void (*run)(double seconds, BenchReport *out);
} BenchWorkload;

extern const BenchWorkload bench_workloads[]; /* ends with {NULL} */

/* morpyam_rules.c: the Morpyam rules engine */
void bench_morpyam_random_games(double seconds, BenchReport *out);
void bench_morpyam_odds_table(double seconds, BenchReport *out);
/* morpyam_ai.c */
void bench_morpyam_expert_decisions(double seconds, BenchReport *out);
void bench_morpyam_master_decisions(double seconds, BenchReport *out);
/* morphos_rules.c: the Morphos rules engine */
void bench_morphos_playouts_9x9(double seconds, BenchReport *out);
void bench_morphos_playouts_13x13(double seconds, BenchReport *out);
void bench_morphos_playouts_19x19(double seconds, BenchReport *out);
void bench_morphos_playouts_mutators(double seconds, BenchReport *out);
void bench_morphos_legal_moves(double seconds, BenchReport *out);
/* morphos_rules.c too (it shares the playout loop): the mcts playout policy */
void bench_morphos_policy_playouts(double seconds, BenchReport *out);
/* morphos_mcts.c */
void bench_morphos_mcts_1t(double seconds, BenchReport *out);
void bench_morphos_mcts_2t(double seconds, BenchReport *out);
void bench_morphos_puzzles(double seconds, BenchReport *out);

/* Monotonic wall-clock seconds. */
double bench_now(void);

#endif
