/* The Morphos observation tensor (observe.h; docs/python.md, "Observation
 * planes"): 12 planes of n x n. */
#include "../games/morphos/morphos.h"
#include "observe.h"

enum {
    P_BLACK, P_WHITE,           /* stones */
    P_WEAK_BLACK, P_WEAK_WHITE, /* stones weak against the other colour's */
    P_PLACE,                    /* where the player to move may place now */
    P_FLIP,                     /* stones the player to move may flip now */
    P_BLACK_TO_MOVE,            /* constant: 1 when Black is to move */
    P_SWAP,                     /* constant: 1 when White may swap now */
    P_SEAT0_BLACK,              /* constant: 1 while seat 0 plays Black (no swap) */
    P_FLIPPED_LAST,             /* deepmorph: stones flipped on the latest turn */
    P_ANCHOR,                   /* duomorph: the first stone of the turn */
    P_RETURN,                   /* constant: 1 when a remorph stone is to return */
    PLANES,
};

static void shape(const Game *g, int32_t out[3])
{
    const MorphosConfig *c = g->config;
    out[0] = PLANES;
    out[1] = out[2] = c->n;
}

static void set_plane(float *plane, float v, int n)
{
    for (int i = 0; i < n * n; i++)
        plane[i] = v;
}

static void fill(const State *st, float *out)
{
    const MorphosState *s = (const MorphosState *)st;
    const MorphosConfig *c = s->cfg;
    int n = c->n;
    bool over = s->phase == PHASE_OVER;
    Bb place;
    bb_zero(&place);
    if (!over)
        morphos_place_mask(s, &place);
    for (int row = 0; row < n; row++)
        for (int col = 0; col < n; col++) {
            int bit = morphos_bit(c, col, row), at = row * n + col;
            const Bb *planes[] = {&s->stones[MORPHOS_BLACK], &s->stones[MORPHOS_WHITE], &s->weak[MORPHOS_BLACK],
                                  &s->weak[MORPHOS_WHITE], &place, &s->targets, NULL};
            for (int k = 0; planes[k]; k++)
                out[k * n * n + at] = bb_test(planes[k], bit);
            out[P_FLIPPED_LAST * n * n + at] = bb_test(&s->flipped_last, bit);
        }
    if (over) /* nothing is to be played: no flips either */
        set_plane(out + P_FLIP * n * n, 0, n);
    set_plane(out + P_BLACK_TO_MOVE * n * n, !over && s->to_move == MORPHOS_BLACK, n);
    set_plane(out + P_SWAP * n * n, !over && morphos_swap_allowed(s), n);
    set_plane(out + P_SEAT0_BLACK * n * n, s->black_seat == 0, n);
    if (s->phase == PHASE_DUO)
        out[P_ANCHOR * n * n + morphos_row(c, s->anchor) * n + morphos_col(c, s->anchor)] = 1;
    set_plane(out + P_RETURN * n * n, s->phase == PHASE_RETURN, n);
}

const Observer observe_morphos = {"morphos", shape, fill};
