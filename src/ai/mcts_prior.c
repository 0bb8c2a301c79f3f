/* Features of the pattern priors (mcts_prior.h): computed for every action
 * of a node when it is expanded, and for every action of the recorded
 * decisions when the strengths are fitted (mcts_fit.c). */
#include <pthread.h>
#include <stdlib.h>

#include "mcts_prior.h"
#include "morphos_features.h"

void mcts_prior_context(const MorphosState *s, int last, PriorContext *ctx)
{
    int me = s->to_move;
    mf_shortest_paths(s->cfg, s->stones, me, &ctx->paths[0]);
    mf_shortest_paths(s->cfg, s->stones, me ^ 1, &ctx->paths[1]);
    mf_win_points(s, me, &ctx->win[0]);
    mf_win_points(s, me ^ 1, &ctx->win[1]);
    ctx->last = last;
}

/* Bits start - 1, start, start + 1 of a (start - 1 may be -1). */
static inline unsigned three_bits(const Bb *a, int start)
{
    if (start == 0)
        return (unsigned)(a->w[0] << 1) & 7;
    int from = start - 1, j = from >> 6, o = from & 63;
    uint64_t x = a->w[j] >> o;
    if (o > 61 && j + 1 < BB_WORDS)
        x |= a->w[j + 1] << (64 - o);
    return (unsigned)x & 7;
}

/* spread[colour][m]: the pattern code of a 3x3 mask m (bit 3 * row + col,
 * rows from the bottom) holding 1 on every point of m, read in the frame of
 * colour (mcts_prior_pattern); built with the other tables below. */
static uint16_t spread[2][512];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;
static void build_tables(void);

uint16_t mcts_prior_pattern(const MorphosState *s, int bit)
{
    const MorphosConfig *c = s->cfg;
    const int me = s->to_move, col = morphos_col(c, bit), row = morphos_row(c, bit);
    /* Own and enemy points as 3x3 masks; a point off the board counts as
     * both (value 3), the padding column reading as empty. */
    unsigned own = 0, enemy = 0, off_cols = (col == 0 ? 1u : 0u) | (col == c->n - 1 ? 4u : 0u);
    for (int dy = -1; dy <= 1; dy++) {
        int y = row + dy, shift = 3 * (dy + 1);
        if (y < 0 || y >= c->n) {
            own |= 7u << shift;
            enemy |= 7u << shift;
            continue;
        }
        own |= (three_bits(&s->stones[me], bit + dy * c->stride) | off_cols) << shift;
        enemy |= (three_bits(&s->stones[me ^ 1], bit + dy * c->stride) | off_cols) << shift;
    }
    pthread_once(&tables_once, build_tables);
    return (uint16_t)(spread[me][own] | spread[me][enemy] << 1);
}

/* canon[code]: the smallest code among the four reflections of a pattern
 * that keep each colour's edges (left-right, top-bottom, both); raw_gamma:
 * the fitted strength of every code. Built once. */
static uint16_t canon[PF_PATTERN_N];
static float raw_gamma[PF_PATTERN_N];

static void build_tables(void)
{
    /* perm[r][k]: the position whose neighbour lands on position k under
     * reflection r (1: left-right, 2: top-bottom, 3: both), positions in
     * mcts_prior_pattern's order. */
    static const int8_t fx[8] = {-1, 0, 1, -1, 1, -1, 0, 1}, fy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
    /* Positions in order: the row below from left to right, the left and
     * right neighbours, the row above; White reads the board transposed, so
     * that the mover always joins the top and the bottom. */
    for (unsigned m = 0; m < 512; m++)
        for (int colour = 0; colour < 2; colour++) {
            unsigned code = 0;
            for (int k = 0; k < 8; k++) {
                int x = fx[k] + 1, y = fy[k] + 1, at = colour == MORPHOS_BLACK ? 3 * y + x : 3 * x + y;
                code = code << 2 | (m >> at & 1);
            }
            spread[colour][m] = (uint16_t)code;
        }
    int perm[4][8];
    for (int r = 0; r < 4; r++)
        for (int k = 0; k < 8; k++) {
            int sx = r & 1 ? -1 : 1, sy = r & 2 ? -1 : 1, from = 0;
            while (fx[from] != sx * fx[k] || fy[from] != sy * fy[k])
                from++;
            perm[r][k] = from;
        }
    for (unsigned code = 0; code < PF_PATTERN_N; code++) {
        unsigned best = code;
        for (int r = 1; r < 4; r++) {
            unsigned mirrored = 0;
            for (int k = 0; k < 8; k++)
                mirrored = mirrored << 2 | (code >> (2 * (7 - perm[r][k])) & 3);
            best = mirrored < best ? mirrored : best;
        }
        canon[code] = (uint16_t)best;
    }
    /* Every code's strength, by a merge of the sorted canonical codes. */
    const PriorValues *v = &mcts_prior_values;
    float *by_canon = raw_gamma; /* first the strength of each canonical code */
    for (unsigned code = 0; code < PF_PATTERN_N; code++)
        by_canon[code] = 1.0f;
    for (int i = 0; i < v->npatterns; i++)
        by_canon[v->patterns[i].code] = v->patterns[i].gamma;
    for (unsigned code = 0; code < PF_PATTERN_N; code++)
        raw_gamma[code] = by_canon[canon[code]]; /* canon[code] <= code: already final */
}

uint16_t mcts_prior_canonical(uint16_t code)
{
    pthread_once(&tables_once, build_tables);
    return canon[code];
}

static int near_class(const MorphosConfig *c, int bit, int last)
{
    if (last < 0)
        return 3;
    int dx = abs(morphos_col(c, bit) - morphos_col(c, last)), dy = abs(morphos_row(c, bit) - morphos_row(c, last));
    return dx + dy == 1 ? 0 : dx == 1 && dy == 1 ? 1 : dx <= 2 && dy <= 2 ? 2 : 3;
}

void mcts_prior_features(const MorphosState *s, const PriorContext *ctx, Action a, PriorFeatures *out)
{
    const MorphosConfig *c = s->cfg;
    const int me = s->to_move, opp = me ^ 1;
    const bool flip = a >= ACT_FLIP;
    const int p = flip ? a - ACT_FLIP : a;
    /* The stones once the action is made. */
    Bb mine = s->stones[me], theirs = s->stones[opp];
    bb_set(&mine, p);
    bb_clear(&theirs, p);
    out->f[PF_KIND] = flip;
    if (!flip) {
        out->f[PF_PATH] = (uint16_t)(bb_test(&ctx->paths[0], p) | bb_test(&ctx->paths[1], p) << 1);
    } else {
        bool joined = bb_test(&s->reach[opp][0], p) || bb_test(&s->reach[opp][1], p), touches = false;
        for (int k = 0; k < 4; k++)
            touches = touches || bb_test(&s->stones[me], c->side_of[p][k]);
        out->f[PF_PATH] = (uint16_t)(4 + joined + 2 * touches);
    }
    out->f[PF_NEAR] = (uint16_t)near_class(c, p, ctx->last);
    out->f[PF_WIN] = bb_test(&ctx->win[0], p) ? 1 : bb_test(&ctx->win[1], p) ? 2 : 0;
    /* Weakness: an enemy stone near the point that was not weak becomes
     * weak (a flip to come), or the stone itself is weak there. */
    bool threat = false;
    const Bb *win = &c->window[p];
    for (int j = 0; j < c->nw && !threat; j++)
        for (uint64_t x = win->w[j] & theirs.w[j] & ~s->weak[opp].w[j]; x && !threat; x &= x - 1)
            threat = morphos_weak_at(c, j * 64 + __builtin_ctzll(x), &mine);
    out->f[PF_WEAK] = (uint16_t)(threat + 2 * morphos_weak_at(c, p, &theirs));
    out->f[PF_PATTERN] = mcts_prior_pattern(s, p);
}

double mcts_prior_gamma(const PriorFeatures *f)
{
    const PriorValues *v = &mcts_prior_values;
    pthread_once(&tables_once, build_tables);
    return (double)v->kind[f->f[PF_KIND]] * v->path[f->f[PF_PATH]] * v->near[f->f[PF_NEAR]] * v->win[f->f[PF_WIN]] *
           v->weak[f->f[PF_WEAK]] * raw_gamma[f->f[PF_PATTERN]];
}
