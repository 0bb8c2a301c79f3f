/* Fitting the pattern priors of mcts (mcts_prior.h) on self-play: games
 * between two copies of an AI level record, for every decision whose
 * chosen action is a placement or a flip, the features of every placement
 * and flip and which one was chosen; the minorization-maximization
 * algorithm for the generalized Bradley-Terry model (R. Coulom, "Computing
 * Elo ratings of move patterns in the game of Go", 2007) then gives each
 * feature value the strength that best predicts the choices. No I/O:
 * `morph morphos fit-priors` (src/cli/cmd_morphos_fit.c) writes the
 * values out. */
#ifndef MORPH_AI_MCTS_FIT_H
#define MORPH_AI_MCTS_FIT_H

#include "mcts_prior.h"

typedef struct FitData {
    int ndecisions, dcap;
    int *first;    /* decision d's candidates are first[d] .. first[d + 1] - 1 */
    int *chosen;   /* the index of the chosen candidate of each decision */
    PriorFeatures *cands;
    int ncands, ccap;
    long games;
} FitData;

/* Plays `games` games of `spec` against itself (game i seeded from seed and
 * i) and appends their decisions; progress (may be NULL) is told after
 * each game. False with a message for a bad spec. */
bool mcts_fit_collect(const Game *g, const char *spec, long games, uint64_t seed, FitData *out,
                      void (*progress)(void *ctx, long done), void *ctx, char *err, size_t errlen);
void mcts_fit_free(FitData *d);

/* The fitted strengths: arrays per group, patterns seen at least
 * min_count times in the candidates (the others share one strength, which
 * the values are scaled to make 1). */
typedef struct FitResult {
    float kind[PF_KIND_N], path[PF_PATH_N], near[PF_NEAR_N], win[PF_WIN_N], weak[PF_WEAK_N];
    PriorPattern *patterns; /* sorted by code */
    int npatterns;
    double log_likelihood;  /* per decision, of the fitted model */
    double uniform_log_likelihood; /* per decision, of uniform choice */
    double top1;            /* share of decisions whose chosen action has the highest strength */
} FitResult;

void mcts_fit_solve(const FitData *d, int iterations, int min_count, FitResult *out);
void mcts_fit_result_free(FitResult *r);

#endif
