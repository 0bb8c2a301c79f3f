/* Pattern priors of the mcts level for Morphos. Each placement or flip is
 * described by a few features (its 3x3 neighbourhood, whether it is a flip,
 * the shortest connections, the previous stone, win points, weakness); each
 * feature value has a strength (gamma) fitted on self-play by `morph
 * morphos fit-priors` (mcts_fit.c: the minorization-maximization algorithm
 * for the generalized Bradley-Terry model), and an action's strength is the
 * product of its features' strengths. The fitted values live in
 * mcts_prior_values.c, written by that command. */
#ifndef MORPH_AI_MCTS_PRIOR_H
#define MORPH_AI_MCTS_PRIOR_H

#include "../games/morphos/morphos.h"

/* Feature groups and the number of values of each. Features are seen from
 * the mover: own and enemy stones, the mover's edges at the top and the
 * bottom (White's board transposed). */
enum {
    PF_KIND,    /* 0 placement, 1 flip */
    PF_PATH,    /* placement: 0 none, 1 on a shortest connection of the mover, 2 of the opponent, 3 both;
                   flip: 4 + (the stone joins an enemy edge) + 2 * (it touches an own stone) */
    PF_NEAR,    /* the previous stone: 0 a side away, 1 a corner away, 2 within two rows and
                   columns, 3 farther or none known (a search root) */
    PF_WIN,     /* 0 none, 1 the mover's win point, 2 the opponent's */
    PF_WEAK,    /* 1: an enemy stone near it becomes weak; 2: the stone itself is weak there */
    PF_PATTERN, /* the 3x3 neighbourhood (mcts_prior_pattern; not canonical) */
    PF_GROUPS
};
#define PF_KIND_N 2
#define PF_PATH_N 8
#define PF_NEAR_N 4
#define PF_WIN_N 3
#define PF_WEAK_N 4
/* Pattern codes: the 8 neighbours in the mover's frame, 2 bits each
 * (empty, own, enemy, off the board); strengths belong to canonical codes,
 * the smallest code of the four reflections that keep each colour's
 * edges. */
#define PF_PATTERN_N 65536

typedef struct PriorFeatures {
    uint16_t f[PF_GROUPS];
} PriorFeatures;

/* What every action of one decision shares. last: the point of the
 * previous stone placed or flipped, -1 when not known. */
typedef struct PriorContext {
    Bb paths[2]; /* [0] the mover's shortest connections, [1] the opponent's */
    Bb win[2];   /* win points of the mover and of the opponent */
    int last;
} PriorContext;

void mcts_prior_context(const MorphosState *s, int last, PriorContext *ctx);
/* Features of a placement or flip a of the player to move in s. */
void mcts_prior_features(const MorphosState *s, const PriorContext *ctx, Action a, PriorFeatures *out);
/* The pattern code around bit (not canonical) and its canonical code. */
uint16_t mcts_prior_pattern(const MorphosState *s, int bit);
uint16_t mcts_prior_canonical(uint16_t code);

/* The fitted strengths: one array per group, patterns as sorted codes with
 * their strengths (a code not listed has strength 1). */
typedef struct PriorPattern {
    uint16_t code;
    float gamma;
} PriorPattern;
typedef struct PriorValues {
    const float *kind, *path, *near, *win, *weak;
    const PriorPattern *patterns;
    int npatterns;
} PriorValues;
extern const PriorValues mcts_prior_values;

/* The strength of an action with these features (mcts_prior_values). */
double mcts_prior_gamma(const PriorFeatures *f);

#endif
