/* What the move generator and the win check need, kept up to date stone by
 * stone: the weak stones of each colour (MorphosState.weak) and the stones
 * joined to each edge (MorphosState.reach). A stone's weakness depends only
 * on the points within two rows and two columns of it, so a change rechecks
 * the few stones of its window, point by point; the reach of an edge grows
 * by a flood from the new stone and is flooded again only when it loses a
 * stone. morphos_derive recomputes both from scratch with the whole-board
 * bitboard test (patterns.c): new states, read states and the tests. */
#include "morphos.h"
#include "engine.h"

/* The pattern stones on the four sides of bit, as bits N, E, S, W; a side
 * off the board is a padding point, which never holds a stone. */
static inline unsigned sides_held(const MorphosConfig *c, int bit, const Bb *pat)
{
    const int16_t *side = c->side_of[bit];
    return (unsigned)bb_test(pat, side[0]) | (unsigned)bb_test(pat, side[1]) << 1 |
           (unsigned)bb_test(pat, side[2]) << 2 | (unsigned)bb_test(pat, side[3]) << 3;
}

static inline bool weak_at(const MorphosConfig *c, int bit, const Bb *pat)
{
    for (uint32_t m = c->side_shapes[sides_held(c, bit, pat)] & c->shape_ok[bit]; m; m &= m - 1) {
        int s = __builtin_ctz(m);
        const int *off = c->rest_off[s];
        int k = 0, len = c->rest_len[s];
        while (k < len && bb_test(pat, bit + off[k]))
            k++;
        if (k == len)
            return true;
    }
    return false;
}

bool morphos_weak_at(const MorphosConfig *c, int bit, const Bb *pat)
{
    return weak_at(c, bit, pat);
}

/* Grows set inside within (set itself included) until it stops growing. */
static inline __attribute__((always_inline)) void flood_words(const MorphosConfig *c, Bb *set, const Bb *within,
                                                              const int nw)
{
    const int sh = c->stride;
    for (;;) {
        Bb l1, r1, ls, rs;
        bb_shl(&l1, set, 1, nw);
        bb_shr(&r1, set, 1, nw);
        bb_shl(&ls, set, sh, nw);
        bb_shr(&rs, set, sh, nw);
        uint64_t changed = 0;
        for (int j = 0; j < nw; j++) {
            uint64_t g = set->w[j] | ((l1.w[j] | r1.w[j] | ls.w[j] | rs.w[j]) & within->w[j]);
            changed |= g ^ set->w[j];
            set->w[j] = g;
        }
        if (!changed)
            return;
    }
}

void morphos_flood(const MorphosConfig *c, Bb *set, const Bb *within)
{
    switch (c->nw) {
    case 1: flood_words(c, set, within, 1); break;
    case 2: flood_words(c, set, within, 2); break;
    case 3: flood_words(c, set, within, 3); break;
    case 4: flood_words(c, set, within, 4); break;
    case 5: flood_words(c, set, within, 5); break;
    default: flood_words(c, set, within, 6); break;
    }
}

void morphos_edge_reach(const MorphosConfig *c, const Bb *stones, int colour, int edge, Bb *out)
{
    for (int j = 0; j < BB_WORDS; j++)
        out->w[j] = stones->w[j] & c->edge[colour][edge].w[j];
    morphos_flood(c, out, stones);
}

void morphos_derive(MorphosState *s)
{
    const MorphosConfig *c = s->cfg;
    for (int colour = 0; colour < 2; colour++) {
        morphos_weak(c, &s->stones[colour], &s->stones[colour ^ 1], &s->weak[colour]);
        for (int e = 0; e < 2; e++)
            morphos_edge_reach(c, &s->stones[colour], colour, e, &s->reach[colour][e]);
    }
}

/* Points with stones of pat on two adjacent sides (one above or below, one
 * left or right): every shape needs such a pair, so only these can be
 * weak. */
static inline __attribute__((always_inline)) void two_sides_words(const MorphosConfig *c, const Bb *pat, Bb *out,
                                                                  const int nw)
{
    Bb n, s, e, w;
    bb_shr(&n, pat, c->stride, nw);
    bb_shl(&s, pat, c->stride, nw);
    bb_shr(&e, pat, 1, nw);
    bb_shl(&w, pat, 1, nw);
    for (int j = 0; j < nw; j++)
        out->w[j] = (n.w[j] | s.w[j]) & (e.w[j] | w.w[j]);
}

/* Stones of set near bit, not yet in weak, that are weak against pat. */
static inline __attribute__((always_inline)) void add_weak_near(const MorphosConfig *c, int bit, const Bb *set,
                                                                const Bb *pat, Bb *weak, const int nw)
{
    const Bb *win = &c->window[bit];
    Bb cand;
    uint64_t any = 0;
    for (int j = 0; j < nw; j++) {
        cand.w[j] = win->w[j] & set->w[j] & ~weak->w[j];
        any |= cand.w[j];
    }
    if (!any)
        return;
    Bb pairs;
    two_sides_words(c, pat, &pairs, nw);
    for (int j = 0; j < nw; j++)
        for (uint64_t x = cand.w[j] & pairs.w[j]; x; x &= x - 1) {
            int t = j * 64 + __builtin_ctzll(x);
            if (weak_at(c, t, pat))
                bb_set(weak, t);
        }
}

/* morphos_stone_put with the word count a constant (see below). */
static inline __attribute__((always_inline)) void put_words(MorphosState *s, int colour, int bit, const int nw)
{
    const MorphosConfig *c = s->cfg;
    Bb *own = &s->stones[colour];
    bb_set(own, bit);
    s->hash ^= morphos_stone_key(colour, bit);
    /* The new stone may be weak; enemy stones near it may have become weak. */
    if (weak_at(c, bit, &s->stones[colour ^ 1]))
        bb_set(&s->weak[colour], bit);
    add_weak_near(c, bit, &s->stones[colour ^ 1], own, &s->weak[colour ^ 1], nw);
    /* The stone joins an edge's reach when it lies on that edge or next to
     * its reach; then the stones it connects join too. */
    for (int e = 0; e < 2; e++) {
        Bb *reach = &s->reach[colour][e];
        if (!bb_test(&c->edge[colour][e], bit) && !sides_held(c, bit, reach))
            continue;
        Bb rest;
        for (int j = 0; j < nw; j++)
            rest.w[j] = own->w[j] & ~reach->w[j];
        bb_set(reach, bit);
        if (!sides_held(c, bit, &rest))
            continue; /* nothing else joins */
        Bb grown;
        for (int j = 0; j < nw; j++)
            grown.w[j] = 0;
        bb_set(&grown, bit);
        flood_words(c, &grown, &rest, nw);
        for (int j = 0; j < nw; j++)
            reach->w[j] |= grown.w[j];
    }
}

void morphos_stone_put(MorphosState *s, int colour, int bit)
{
    switch (s->cfg->nw) {
    case 1: put_words(s, colour, bit, 1); break;
    case 2: put_words(s, colour, bit, 2); break;
    case 3: put_words(s, colour, bit, 3); break;
    case 4: put_words(s, colour, bit, 4); break;
    case 5: put_words(s, colour, bit, 5); break;
    default: put_words(s, colour, bit, 6); break;
    }
}

void morphos_stone_take(MorphosState *s, int colour, int bit)
{
    const MorphosConfig *c = s->cfg;
    bb_clear(&s->stones[colour], bit);
    s->hash ^= morphos_stone_key(colour, bit);
    bb_clear(&s->weak[colour], bit);
    /* Weak enemy stones near it may have lost a pattern point. */
    const Bb *win = &c->window[bit];
    Bb *weak = &s->weak[colour ^ 1];
    for (int j = 0; j < c->nw; j++)
        for (uint64_t x = win->w[j] & weak->w[j]; x; x &= x - 1) {
            int t = j * 64 + __builtin_ctzll(x);
            if (!weak_at(c, t, &s->stones[colour]))
                bb_clear(weak, t);
        }
    /* An edge's reach that held the stone is flooded again from the edge,
     * inside what it held. */
    for (int e = 0; e < 2; e++) {
        Bb *reach = &s->reach[colour][e];
        if (!bb_test(reach, bit))
            continue;
        bb_clear(reach, bit);
        Bb within = *reach;
        for (int j = 0; j < BB_WORDS; j++)
            reach->w[j] &= c->edge[colour][e].w[j];
        morphos_flood(c, reach, &within);
    }
}
