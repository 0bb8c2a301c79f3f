/* The master's learned evaluation of a Morpyam position: a score for each
 * player, linear in features of that player's tokens (lines, open windows of
 * five, KO squares, the squares that make them, the token race, its place in
 * the turn order). The evaluation (morpyam_eval.c) shares what is left after
 * the threats of the coming round by a softmax over these scores. The
 * weights are fitted by `morph morpyam tune` (morpyam_tune.c) on self-play
 * games and checked in as morpyam_master_weights.c. */
#ifndef MORPH_MORPYAM_MODEL_H
#define MORPH_MORPYAM_MODEL_H

#include "morpyam_ai.h"

enum {
    MAI_F_MOVES_NEXT,   /* 1 when the player moves first in the round being evaluated */
    MAI_F_MOVES_SECOND, /* 1 when it moves second */
    MAI_F_MOVES_THIRD,  /* 1 when it moves third */
    MAI_F_POINTS,       /* line points */
    MAI_F_PLACED,       /* tokens placed */
    MAI_F_POINTS_LATE,  /* points times the share of the grid covered */
    MAI_F_LAST_TOKEN,   /* 1 with one token left */
    MAI_F_TWO_LEFT,     /* 1 with two tokens left */
    /* windows of five holding c = 1, 2, 3 of the player's tokens and no other */
    MAI_F_WIN1, MAI_F_WIN2, MAI_F_WIN3,                /* how many */
    MAI_F_WIN1_EASE, MAI_F_WIN2_EASE, MAI_F_WIN3_EASE, /* sum of the mean ease of their free squares */
    MAI_F_WIN1_ALL, MAI_F_WIN2_ALL, MAI_F_WIN3_ALL,    /* sum of the product of those eases */
    MAI_F_KO_SQUARES,   /* free squares that would make a line of five */
    MAI_F_KO_EASE,      /* sum of their ease */
    MAI_F_MAKERS,       /* sum of the ease of the free squares that would make a KO square */
    MAI_F_DOUBLE_MAKERS,/* the same for squares in two such windows or more */
    MAI_F_OPEN_THREES,  /* segments of 3 holding 2 tokens and a free square: sum of its ease */
    MAI_F_OPEN_FOURS,   /* segments of 4 holding 3 and a free square, no other colour: ease times the points gained */
    MAI_FEATURES,
};

typedef struct MaiModel {
    int players;                /* the player count the weights were fitted for */
    double w[MAI_FEATURES];
} MaiModel;

extern const char *const mai_feature_names[MAI_FEATURES];

/* The checked-in weights for 2, 3 and 4 players (morpyam_master_weights.c). */
extern const MaiModel mai_master_models[3];
/* The model for a player count (2 to 4). */
const MaiModel *mai_master_model(int players);

/* Features of player q in pos when `next` moves next. ease gives the chance
 * of making each square kind within a turn (MorpyamTables.ease). */
void mai_features(const MorpyamTables *t, const MorpyamState *s, const MaiPos *pos, int q, int next,
                  double f[MAI_FEATURES]);
double mai_model_score(const MaiModel *m, const double f[MAI_FEATURES]);

#endif
