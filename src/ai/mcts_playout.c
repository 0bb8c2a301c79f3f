/* The playout policy of mcts: for the part of the turn being played,
 * 1. a stone (placed or flipped) that completes a connection;
 * 2. otherwise, with probability BLOCK, a stone on a point where the
 *    opponent would complete a connection;
 * 3. otherwise, with probability FLIP, a random flip when one is legal;
 * 4. otherwise, with probability LOCAL, a random placement next to the
 *    latest stone (of either colour; diagonals count);
 * 5. otherwise a uniformly random legal action;
 * a placement of 4 or 5 whose stone would be weak at once is drawn again
 * (4 then 5), up to SELF_WEAK_TRIES times. Connection points come from the
 * state's edge reach (morphos_features.c). The percentages are macros so
 * that experiments can build variants (docs/ai.md: how they were tuned). */
#include "mcts.h"
#include "morphos_features.h"

#ifndef BLOCK_PERCENT
#define BLOCK_PERCENT 90
#endif
#ifndef FLIP_PERCENT
#define FLIP_PERCENT 50
#endif
#ifndef LOCAL_PERCENT
#define LOCAL_PERCENT 50
#endif
#ifndef SELF_WEAK_TRIES
#define SELF_WEAK_TRIES 2
#endif

static int random_bit(const Bb *set, int nw, Rng *rng)
{
    int k = bb_count(set, nw);
    return k ? bb_select(set, (int)rng_below(rng, (uint32_t)k), nw) : -1;
}

/* Empty (or placeable) points around bit: the eight neighbours. */
static void around(const MorphosConfig *c, int bit, const Bb *place, Bb *out)
{
    bb_zero(out);
    int col = morphos_col(c, bit), row = morphos_row(c, bit);
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int x = col + dx, y = row + dy;
            if ((dx || dy) && x >= 0 && x < c->n && y >= 0 && y < c->n && bb_test(place, morphos_bit(c, x, y)))
                bb_set(out, morphos_bit(c, x, y));
        }
}

static Action policy(const MorphosState *s, int last, Rng *rng)
{
    const MorphosConfig *c = s->cfg;
    const int nw = c->nw, me = s->to_move;
    Bb place, win, cand;
    morphos_place_mask(s, &place);
    const bool main = s->phase == PHASE_MAIN;
    mf_win_points(s, me, &win);
    for (int j = 0; j < BB_WORDS; j++)
        cand.w[j] = win.w[j] & (place.w[j] | (main ? s->targets.w[j] : 0));
    int b = random_bit(&cand, nw, rng);
    if (b >= 0)
        return bb_test(&place, b) ? b : ACT_FLIP + b;
    if (s->phase != PHASE_DUO && !bb_empty(&place, nw) && rng_below(rng, 100) < BLOCK_PERCENT) {
        mf_win_points(s, me ^ 1, &win);
        for (int j = 0; j < BB_WORDS; j++)
            cand.w[j] = win.w[j] & place.w[j];
        b = random_bit(&cand, nw, rng);
        if (b >= 0)
            return b;
    }
    if (main && rng_below(rng, 100) < FLIP_PERCENT) {
        b = random_bit(&s->targets, nw, rng);
        if (b >= 0)
            return ACT_FLIP + b;
    }
    /* A placement that would leave the new stone weak is drawn again, up
     * to SELF_WEAK_TRIES times. */
    for (int tries = 0;; tries++) {
        Action a = -1;
        if (last >= 0 && rng_below(rng, 100) < LOCAL_PERCENT) {
            around(c, last, &place, &cand);
            a = random_bit(&cand, nw, rng);
        }
        if (a < 0)
            a = morphos_random_action(s, rng);
        if (tries >= SELF_WEAK_TRIES || a >= ACT_FLIP || !morphos_weak_if_placed(s, me, a))
            return a;
    }
}

int mcts_playout(MorphosState *s, Rng *rng, int32_t *acts, uint8_t *seats, int len, int cap)
{
    int last = len > 0 && acts[len - 1] < ACT_SWAP ? acts[len - 1] % ACT_FLIP : -1;
    while (s->phase != PHASE_OVER) {
        Action a = policy(s, last, rng);
        if (a < ACT_SWAP)
            last = a % ACT_FLIP;
        if (len < cap) {
            acts[len] = a;
            seats[len] = (uint8_t)morphos_seat_of(s, s->to_move);
            len++;
        }
        morphos_apply_fast(s, a);
    }
    return len;
}
