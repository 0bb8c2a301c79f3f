/* Fitting the master's model (morpyam_model.h) by self-play, for `morph
 * morpyam tune`: games between players of the turn (the expert, or the
 * master with the model of the previous round), the position at the start
 * of every turn kept with the game's result, then the weights that make
 * the evaluation's win chances most likely to give those results. No I/O:
 * the command prints. */
#ifndef MORPH_MORPYAM_TUNE_H
#define MORPH_MORPYAM_TUNE_H

#include "morpyam_model.h"

typedef struct TuneSample {
    float f[MAX_PLAYERS][MAI_FEATURES]; /* each player's features */
    float threat[MAX_PLAYERS];          /* the evaluation's threats (mai_threats) */
    float still;                        /* the chance that no threat comes true this round */
    float expert[MAX_PLAYERS];          /* the expert's win chances, to compare */
    float result[MAX_PLAYERS];          /* each player's share of the win at the end */
    uint8_t alive;
} TuneSample;

typedef struct TuneSet {
    TuneSample *v;
    size_t n;
} TuneSet;

/* Plays `games` games of g, every seat the player of the turn with model
 * (NULL: the expert), and keeps the position at the start of every turn.
 * Game i takes its dice from a seed derived from (seed, i) only and the
 * samples come in game order, so the set does not depend on `threads`
 * (games played at once). */
void mai_tune_play(const Game *g, const MaiModel *model, int games, uint64_t seed, int threads, TuneSet *out);
void mai_tune_set_free(TuneSet *set);

typedef struct TuneFit {
    double loss;        /* mean log-loss of the fitted evaluation over the set */
    double expert_loss; /* the same for the expert's evaluation */
} TuneFit;

/* Fits model->w by maximum likelihood of the results (full-batch Adam over
 * `steps` steps from zero, on standardised features, a light L2 penalty).
 * Deterministic for a given set. */
void mai_tune_fit(const TuneSet *set, int players, int steps, MaiModel *model, TuneFit *report);
/* The mean log-loss of a model's evaluation over the set. */
double mai_tune_loss(const TuneSet *set, int players, const MaiModel *model);

#endif
