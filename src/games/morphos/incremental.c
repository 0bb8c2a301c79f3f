/* What the move generator and the win check need, kept up to date stone by
 * stone: the weak stones of each colour (MorphosState.weak), the stones
 * joined to each edge (MorphosState.reach) and each point's neighbourhood
 * byte (MorphosState.nbhd). A stone's weakness depends only on the points
 * within two rows and two columns of it, so a change rechecks the few stones
 * of its window, each by its neighbourhood byte and a table; the reach of an
 * edge grows by a flood from the new stone and is flooded again only when it
 * loses a stone. morphos_derive recomputes all three from scratch (weakness
 * with the whole-board bitboard test of patterns.c): new states, read states
 * and the tests. */
#include <string.h>

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

/* Whether the stone at bit is weak against pat, nb being bit's neighbourhood
 * byte in pat: the byte picks the shapes whose near points are held, and
 * only their farther points are tested. */
static inline bool weak_nb(const MorphosConfig *c, int bit, unsigned nb, const Bb *pat)
{
    uint32_t m = c->cover3[nb] & c->shape_ok[bit];
    if (m & c->full3)
        return true;
    for (; m; m &= m - 1) {
        int s = __builtin_ctz(m);
        const int *off = c->out_off[s];
        int k = 0, len = c->out_len[s];
        while (k < len && bb_test(pat, bit + off[k]))
            k++;
        if (k == len)
            return true;
    }
    return false;
}

/* bit's neighbourhood byte read from a bitboard (neighbours off the board
 * read as empty or padding). */
static unsigned nb_of(const MorphosConfig *c, int bit, const Bb *pat)
{
    unsigned nb = 0;
    for (int k = 0; k < 8; k++) {
        int p = bit + c->nb_off[k];
        if (p >= 0 && p < BB_WORDS * 64 && bb_test(pat, p))
            nb |= 1u << k;
    }
    return nb;
}

static inline uint8_t *nb_cell(MorphosState *s, int colour, int bit)
{
    return &s->nbhd[colour][MORPHOS_NB_MARGIN + bit];
}

bool morphos_weak_at(const MorphosConfig *c, int bit, const Bb *pat)
{
    return weak_nb(c, bit, nb_of(c, bit, pat), pat);
}

bool morphos_weak_if_placed(const MorphosState *s, int colour, int bit)
{
    return weak_nb(s->cfg, bit, s->nbhd[colour ^ 1][MORPHOS_NB_MARGIN + bit], &s->stones[colour ^ 1]);
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

/* Stones of colour near bit, not yet weak, that are weak against the other
 * colour's stones now. */
static inline __attribute__((always_inline)) void add_weak_near(MorphosState *s, int colour, int bit, const int nw)
{
    const MorphosConfig *c = s->cfg;
    const Bb *win = &c->window[bit], *set = &s->stones[colour], *pat = &s->stones[colour ^ 1];
    Bb *weak = &s->weak[colour];
    const uint8_t *nb = &s->nbhd[colour ^ 1][MORPHOS_NB_MARGIN];
    /* Every shape holds two adjacent sides of its stone: only the stones
     * with such a pair are tested (fewer turns of an unpredictable loop). */
    Bb n, so, e, w;
    bb_shr(&n, pat, c->stride, nw);
    bb_shl(&so, pat, c->stride, nw);
    bb_shr(&e, pat, 1, nw);
    bb_shl(&w, pat, 1, nw);
    Bb cand;
    for (int j = 0; j < nw; j++)
        cand.w[j] = win->w[j] & set->w[j] & ~weak->w[j] & (n.w[j] | so.w[j]) & (e.w[j] | w.w[j]);
    if (nw <= 3 && 4 * c->stride + 5 <= 64) {
        /* Up to 13x13 the window (two rows and two columns around bit)
         * spans at most 61 bits: one loop over one word instead of one a
         * word, each of whose exits is a likely mispredicted branch. */
        int base = bit - 2 * c->stride - 2;
        base = base < 0 ? 0 : base;
        for (uint64_t x = bb_bits_at(&cand, base, nw); x; x &= x - 1) {
            int t = base + __builtin_ctzll(x);
            if (weak_nb(c, t, nb[t], pat))
                bb_set(weak, t);
        }
        return;
    }
    for (int j = 0; j < nw; j++)
        for (uint64_t x = cand.w[j]; x; x &= x - 1) {
            int t = j * 64 + __builtin_ctzll(x);
            if (weak_nb(c, t, nb[t], pat))
                bb_set(weak, t);
        }
}

/* The neighbourhood bytes of colour around bit after a stone arrives there
 * (on) or leaves (off): each neighbour sees it from the opposite side. The
 * three cells below, the two beside and the three above are each one
 * four-byte word from the leftmost (the fourth byte is left as it is). */
#define NB_BYTE(dir, cell) ((uint32_t)(1u << ((dir) ^ 2)) << 8 * (cell))
static const uint32_t nb_row_bits[3] = {
    NB_BYTE(6, 0) | NB_BYTE(2, 1) | NB_BYTE(5, 2), /* SW, S, SE of the stone */
    NB_BYTE(3, 0) | NB_BYTE(1, 2),                 /* W, E */
    NB_BYTE(7, 0) | NB_BYTE(0, 1) | NB_BYTE(4, 2), /* NW, N, NE */
};
#undef NB_BYTE

static inline void nb_update(MorphosState *s, int colour, int bit, bool on)
{
    const int stride = s->cfg->stride;
    uint8_t *row = nb_cell(s, colour, bit - stride - 1);
    for (int r = 0; r < 3; r++, row += stride) {
        uint32_t w;
        memcpy(&w, row, sizeof w);
        w = on ? w | nb_row_bits[r] : w & ~nb_row_bits[r];
        memcpy(row, &w, sizeof w);
    }
}

/* morphos_stone_put with the word count a constant (see below). */
static inline __attribute__((always_inline)) void put_words(MorphosState *s, int colour, int bit, const int nw)
{
    const MorphosConfig *c = s->cfg;
    Bb *own = &s->stones[colour];
    bb_set(own, bit);
    s->hash ^= c->stone_key[colour][bit];
    nb_update(s, colour, bit, true);
    /* The new stone may be weak; enemy stones near it may have become weak. */
    if (weak_nb(c, bit, *nb_cell(s, colour ^ 1, bit), &s->stones[colour ^ 1]))
        bb_set(&s->weak[colour], bit);
    add_weak_near(s, colour ^ 1, bit, nw);
    /* The stone joins an edge's reach when it lies on that edge or next to
     * its reach; then the stones it connects join too. Its own stones on its
     * four sides come from its neighbourhood byte. */
    const unsigned sides = *nb_cell(s, colour, bit) & 15;
    for (int e = 0; e < 2; e++) {
        Bb *reach = &s->reach[colour][e];
        /* Without a branch: whether the stone joins is random in playouts. */
        unsigned held = sides_held(c, bit, reach);
        uint64_t joins = (held != 0) | bb_test(&c->edge[colour][e], bit);
        reach->w[bit >> 6] |= joins << (bit & 63);
        if (!(joins & ((sides & ~held) != 0)))
            continue; /* nothing else joins */
        Bb rest, grown;
        for (int j = 0; j < nw; j++) {
            rest.w[j] = own->w[j] & ~reach->w[j];
            grown.w[j] = 0;
        }
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
    s->hash ^= c->stone_key[colour][bit];
    nb_update(s, colour, bit, false);
    bb_clear(&s->weak[colour], bit);
    /* Weak enemy stones near it may have lost a pattern point. */
    const Bb *win = &c->window[bit];
    Bb *weak = &s->weak[colour ^ 1];
    for (int j = 0; j < c->nw; j++)
        for (uint64_t x = win->w[j] & weak->w[j]; x; x &= x - 1) {
            int t = j * 64 + __builtin_ctzll(x);
            if (!weak_nb(c, t, *nb_cell(s, colour, t), &s->stones[colour]))
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

void morphos_derive(MorphosState *s)
{
    const MorphosConfig *c = s->cfg;
    memset(s->nbhd, 0, sizeof s->nbhd);
    for (int colour = 0; colour < 2; colour++) {
        for (int j = 0; j < c->nw; j++)
            for (uint64_t x = s->stones[colour].w[j]; x; x &= x - 1)
                nb_update(s, colour, j * 64 + __builtin_ctzll(x), true);
        morphos_weak(c, &s->stones[colour], &s->stones[colour ^ 1], &s->weak[colour]);
        for (int e = 0; e < 2; e++)
            morphos_edge_reach(c, &s->stones[colour], colour, e, &s->reach[colour][e]);
    }
}
