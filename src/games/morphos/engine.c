/* The turn machine of Morphos: phases of a turn, flips, wins, skips,
 * deadlocks and the move cap. A turn is a sequence of atomic actions
 * (returned stone, regular move, duomorph stone); the colour to move stays
 * the same until the turn ends. */
#include <string.h>

#include "morphos.h"
#include "engine.h"

void morphos_empties(const MorphosState *s, Bb *out)
{
    const MorphosConfig *c = s->cfg;
    for (int j = 0; j < BB_WORDS; j++)
        out->w[j] = c->board.w[j] & ~(s->stones[0].w[j] | s->stones[1].w[j]);
}

static bool has_empty(const MorphosState *s)
{
    const MorphosConfig *c = s->cfg;
    uint64_t any = 0;
    for (int j = 0; j < c->nw; j++)
        any |= c->board.w[j] & ~(s->stones[0].w[j] | s->stones[1].w[j]);
    return any != 0;
}

static void duo_mask(const MorphosState *s, int anchor, Bb *out)
{
    /* Built bit by bit: GCC 12 at -O2 -march=native misaligned an aligned
     * vector store into a local Bb in this function. */
    const MorphosConfig *c = s->cfg;
    int col = morphos_col(c, anchor), row = morphos_row(c, anchor);
    int next[4] = {col > 0 ? anchor - 1 : -1, col < c->n - 1 ? anchor + 1 : -1,
                   row > 0 ? anchor - c->stride : -1, row < c->n - 1 ? anchor + c->stride : -1};
    bb_zero(out);
    for (int k = 0; k < 4; k++)
        if (next[k] >= 0 && !bb_test(&s->stones[0], next[k]) && !bb_test(&s->stones[1], next[k]))
            bb_set(out, next[k]);
}

/* Bits start .. start + 4 of a (start may be -2 or -1: bits below 0 read
 * as empty). */
static uint32_t five_bits(const Bb *a, int start)
{
    if (start < 0)
        return (uint32_t)(a->w[0] << -start) & 31;
    int j = start >> 6, o = start & 63;
    uint64_t x = a->w[j] >> o;
    if (o > 59 && j + 1 < BB_WORDS)
        x |= a->w[j + 1] << (64 - o);
    return (uint32_t)x & 31;
}

/* After `colour` flips t, t is its stone; could the opponent flip it back
 * next turn? With remorph the opponent first places the returned stone, so
 * a pattern lacking exactly one point, an empty one, also counts (returns:
 * whether a returned stone would be placed). The 5x5 window around t is
 * read once; each shape lying on the board there is a mask of it
 * (MorphosConfig.shape25; points off the board are never read). */
static bool flip_back(const MorphosState *s, int colour, int t, bool returns)
{
    const MorphosConfig *c = s->cfg;
    const int row = morphos_row(c, t);
    uint32_t theirs = 0, mine = 0;
    for (int dy = -2; dy <= 2; dy++) {
        if (row + dy < 0 || row + dy >= c->n)
            continue;
        int start = t + dy * c->stride - 2, shift = 5 * (dy + 2);
        theirs |= five_bits(&s->stones[colour ^ 1], start) << shift;
        mine |= five_bits(&s->stones[colour], start) << shift;
    }
    for (uint32_t m = c->shape_ok[t]; m; m &= m - 1) {
        uint32_t missing = c->shape25[__builtin_ctz(m)] & ~theirs;
        if (!missing || (returns && !(missing & (missing - 1)) && !(missing & mine)))
            return true;
    }
    return false;
}

bool morphos_flip_back_possible(const MorphosState *s, int colour, int t)
{
    return flip_back(s, colour, t, (s->cfg->mutators & MUT_REMORPH) && has_empty(s));
}

void morphos_targets(const MorphosState *s, int colour, const Bb *flipped_last, Bb *out)
{
    const MorphosConfig *c = s->cfg;
    *out = s->weak[colour ^ 1];
    if (!(c->mutators & MUT_DEEPMORPH))
        return;
    /* Deepmorph: the stone the opponent just flipped still counts as ours,
     * so it supports our patterns around the enemy stones near it and is
     * not an enemy stone to flip. */
    if (!bb_empty(flipped_last, c->nw)) {
        int f = bb_select(flipped_last, 0, c->nw);
        Bb pat = s->stones[colour];
        bb_set(&pat, f);
        bb_clear(out, f);
        const Bb *win = &c->window[f], *theirs = &s->stones[colour ^ 1];
        for (int j = 0; j < c->nw; j++)
            for (uint64_t x = win->w[j] & theirs->w[j] & ~out->w[j] & ~flipped_last->w[j]; x; x &= x - 1) {
                int t = j * 64 + __builtin_ctzll(x);
                if (morphos_weak_at(c, t, &pat))
                    bb_set(out, t);
            }
    }
    Bb scan = *out;
    bool returns = (c->mutators & MUT_REMORPH) && has_empty(s);
    for (int j = 0; j < c->nw; j++)
        for (uint64_t x = scan.w[j]; x; x &= x - 1) {
            int t = j * 64 + __builtin_ctzll(x);
            if (flip_back(s, colour, t, returns))
                bb_clear(out, t);
        }
}

static void game_over(MorphosState *s, int winner, const char *how)
{
    s->phase = PHASE_OVER;
    s->winner = (uint8_t)winner;
    strncpy(s->how, how, sizeof s->how - 1);
    s->how[sizeof s->how - 1] = '\0';
    bb_zero(&s->targets);
}

bool morphos_swap_allowed(const MorphosState *s)
{
    return s->phase == PHASE_MAIN && s->turn == 1 && s->to_move == MORPHOS_WHITE;
}

void morphos_begin_turn(MorphosState *s, bool return_pending)
{
    const MorphosConfig *c = s->cfg;
    bb_zero(&s->targets);
    if ((c->mutators & MUT_DEEPMORPH) && morphos_state_connected(s, s->to_move)) {
        game_over(s, s->to_move, "connection");
        return;
    }
    if (s->turn >= c->move_cap) {
        game_over(s, 2, "cap");
        return;
    }
    if (return_pending) {
        s->phase = PHASE_RETURN;
        return;
    }
    s->phase = PHASE_MAIN;
    if (c->mutators & MUT_DEEPMORPH)
        morphos_targets(s, s->to_move, &s->flipped_last, &s->targets);
    else
        s->targets = s->weak[s->to_move ^ 1];
    if (has_empty(s) || !bb_empty(&s->targets, c->nw) || morphos_swap_allowed(s))
        return;
    /* No move: a skip, unless the opponent has none after it either. */
    Bb none, theirs;
    bb_zero(&none);
    morphos_targets(s, s->to_move ^ 1, &none, &theirs);
    if (!bb_empty(&theirs, c->nw))
        return;
    if ((c->mutators & MUT_DEEPMORPH) && morphos_state_connected(s, s->to_move ^ 1))
        return; /* they win at the start of their turn */
    game_over(s, morphos_deadlock_winner(c, s->stones), "deadlock");
}

static void end_turn(MorphosState *s, int flipped)
{
    bool returns = flipped >= 0 && (s->cfg->mutators & MUT_REMORPH) && has_empty(s);
    bb_zero(&s->flipped_last);
    if (flipped >= 0)
        bb_set(&s->flipped_last, flipped);
    s->to_move ^= 1;
    s->turn++;
    morphos_begin_turn(s, returns);
}

/* After a stone of the mover arrives: an immediate win without deepmorph. */
static bool won_now(MorphosState *s)
{
    int me = s->to_move;
    if (s->cfg->mutators & MUT_DEEPMORPH)
        return false;
    if (!morphos_state_connected(s, me))
        return false;
    game_over(s, me, "connection");
    return true;
}

void morphos_place_mask(const MorphosState *s, Bb *out)
{
    switch (s->phase) {
    case PHASE_MAIN:
    case PHASE_RETURN:
        morphos_empties(s, out);
        break;
    case PHASE_DUO:
        duo_mask(s, s->anchor, out);
        break;
    default:
        bb_zero(out);
    }
}

bool morphos_must_pass(const MorphosState *s)
{
    if (s->phase != PHASE_MAIN || morphos_swap_allowed(s) || !bb_empty(&s->targets, s->cfg->nw))
        return false;
    return !has_empty(s);
}

int morphos_num_actions(const MorphosState *s)
{
    if (s->phase == PHASE_OVER)
        return 0;
    Bb p;
    morphos_place_mask(s, &p);
    int n = bb_count(&p, s->cfg->nw);
    if (s->phase == PHASE_MAIN) {
        n += bb_count(&s->targets, s->cfg->nw) + morphos_swap_allowed(s);
        if (n == 0)
            n = 1; /* pass */
    }
    return n;
}

Action morphos_nth_action(const MorphosState *s, int k)
{
    const int nw = s->cfg->nw;
    Bb p;
    morphos_place_mask(s, &p);
    int np = bb_count(&p, nw);
    if (k < np)
        return bb_select(&p, k, nw);
    k -= np;
    int nf = bb_count(&s->targets, nw);
    if (k < nf)
        return ACT_FLIP + bb_select(&s->targets, k, nw);
    return morphos_swap_allowed(s) ? ACT_SWAP : ACT_PASS;
}

void morphos_apply_fast(MorphosState *s, Action a)
{
    int me = s->to_move;
    if (a == ACTION_RESIGN) {
        game_over(s, me ^ 1, "resign");
        return;
    }
    if (action_is_leave(a)) { /* the seat leaving, whoever is to move: the other colour wins */
        int colour = leave_player(a) == s->black_seat ? MORPHOS_BLACK : MORPHOS_WHITE;
        game_over(s, colour ^ 1, leave_why(a) == LEAVE_TIME ? "time" : "resign");
        return;
    }
    switch (s->phase) {
    case PHASE_MAIN:
        if (a == ACT_PASS) {
            end_turn(s, -1);
        } else if (a == ACT_SWAP) {
            s->black_seat ^= 1;
            bb_zero(&s->flipped_last);
            s->turn++;
            morphos_begin_turn(s, false);
        } else if (a >= ACT_FLIP) {
            int t = a - ACT_FLIP;
            morphos_stone_take(s, me ^ 1, t);
            morphos_stone_put(s, me, t);
            if (!won_now(s))
                end_turn(s, t);
        } else {
            morphos_stone_put(s, me, a);
            if (won_now(s))
                return;
            if (s->cfg->mutators & MUT_DUOMORPH) {
                Bb d;
                duo_mask(s, a, &d);
                if (!bb_empty(&d, s->cfg->nw)) {
                    s->phase = PHASE_DUO;
                    s->anchor = (int16_t)a;
                    bb_zero(&s->targets); /* flips belong to the regular move only */
                    return;
                }
            }
            end_turn(s, -1);
        }
        break;
    case PHASE_DUO:
        morphos_stone_put(s, me, a);
        if (!won_now(s))
            end_turn(s, -1);
        break;
    case PHASE_RETURN:
        morphos_stone_put(s, me, a);
        if (won_now(s))
            return;
        s->phase = PHASE_MAIN;
        morphos_targets(s, me, &s->flipped_last, &s->targets);
        /* The regular move is impossible on a full board without flips: the
         * turn ends with the returned stone. */
        if (!has_empty(s) && bb_empty(&s->targets, s->cfg->nw))
            end_turn(s, -1);
        break;
    default:
        break;
    }
}

int morphos_legal_actions(const MorphosState *s, Action *out)
{
    if (s->phase == PHASE_OVER)
        return 0;
    const int nw = s->cfg->nw;
    Bb p;
    morphos_place_mask(s, &p);
    int n = 0;
    for (int j = 0; j < nw; j++)
        for (uint64_t x = p.w[j]; x; x &= x - 1)
            out[n++] = j * 64 + __builtin_ctzll(x);
    if (s->phase != PHASE_MAIN)
        return n;
    for (int j = 0; j < nw; j++)
        for (uint64_t x = s->targets.w[j]; x; x &= x - 1)
            out[n++] = ACT_FLIP + j * 64 + __builtin_ctzll(x);
    if (morphos_swap_allowed(s))
        out[n++] = ACT_SWAP;
    else if (n == 0)
        out[n++] = ACT_PASS;
    return n;
}

bool morphos_is_legal(const MorphosState *s, Action a)
{
    if (s->phase == PHASE_OVER)
        return false;
    if (a == ACTION_RESIGN || action_is_leave(a))
        return a == ACTION_RESIGN || leave_player(a) < 2;
    Bb p;
    morphos_place_mask(s, &p);
    if (a >= 0 && a < ACT_FLIP) /* past the board's bits: no placement */
        return a < BB_WORDS * 64 && bb_test(&p, a);
    if (s->phase != PHASE_MAIN)
        return false;
    if (a >= ACT_FLIP && a < ACT_FLIP + BB_WORDS * 64)
        return bb_test(&s->targets, a - ACT_FLIP);
    if (a == ACT_SWAP)
        return morphos_swap_allowed(s);
    if (a == ACT_PASS)
        return morphos_must_pass(s);
    return false;
}

Action morphos_random_action(const MorphosState *s, Rng *rng)
{
    /* morphos_nth_action of a uniform k, computing the placements once. */
    const MorphosConfig *c = s->cfg;
    const int nw = c->nw;
    Bb p;
    if (s->phase == PHASE_DUO)
        duo_mask(s, s->anchor, &p);
    else
        for (int j = 0; j < nw; j++)
            p.w[j] = c->board.w[j] & ~(s->stones[0].w[j] | s->stones[1].w[j]);
    int np = bb_count(&p, nw), nf = 0, extra = 0;
    if (s->phase == PHASE_MAIN) {
        nf = bb_count(&s->targets, nw);
        extra = morphos_swap_allowed(s) || np + nf == 0; /* swap, or the forced pass */
    }
    int k = (int)rng_below(rng, (uint32_t)(np + nf + extra));
    if (k < np)
        return bb_select(&p, k, nw);
    if (k - np < nf)
        return ACT_FLIP + bb_select(&s->targets, k - np, nw);
    return morphos_swap_allowed(s) ? ACT_SWAP : ACT_PASS;
}

int morphos_playout(MorphosState *s, Rng *rng, Action *played, uint8_t *colours, int max)
{
    int k = 0;
    while (s->phase != PHASE_OVER) {
        Action a = morphos_random_action(s, rng);
        if (k < max) {
            if (played)
                played[k] = a;
            if (colours)
                colours[k] = s->to_move;
        }
        k++;
        morphos_apply_fast(s, a);
    }
    return k;
}

int morphos_repetitions(const MorphosState *s)
{
    if (s->hist_len == 0)
        return 0;
    uint64_t h = s->hist[s->hist_len - 1];
    int n = 0;
    for (int i = 0; i < s->hist_len; i++)
        n += s->hist[i] == h;
    return n;
}
