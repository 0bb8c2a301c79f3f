/* Bitboards for boards up to 19x19. Point (col c, row r), both 0-based from
 * the bottom-left, is bit r*stride + c with stride = n + 1: the padding
 * column after each row stays empty, so a shift by one column lands in
 * padding instead of wrapping onto the next row (shifts by two columns are
 * masked by the caller). Words are used only up to nw = ceil(n*stride/64):
 * 2 words on 9x9, 3 on 13x13, 6 on 19x19. Every shift is shorter than 64
 * bits (at most two rows and two columns). */
#ifndef MORPH_MORPHOS_BITBOARD_H
#define MORPH_MORPHOS_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>

#define BB_WORDS 6 /* 19 rows of stride 20 = 380 bits */

typedef struct Bb {
    uint64_t w[BB_WORDS];
} Bb;

static inline void bb_zero(Bb *a) { for (int j = 0; j < BB_WORDS; j++) a->w[j] = 0; }
static inline bool bb_test(const Bb *a, int i) { return a->w[i >> 6] >> (i & 63) & 1; }
static inline void bb_set(Bb *a, int i) { a->w[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline void bb_clear(Bb *a, int i) { a->w[i >> 6] &= ~((uint64_t)1 << (i & 63)); }

static inline bool bb_empty(const Bb *a, int nw)
{
    uint64_t x = 0;
    for (int j = 0; j < nw; j++)
        x |= a->w[j];
    return x == 0;
}

static inline bool bb_intersects(const Bb *a, const Bb *b, int nw)
{
    uint64_t x = 0;
    for (int j = 0; j < nw; j++)
        x |= a->w[j] & b->w[j];
    return x != 0;
}

static inline bool bb_equal(const Bb *a, const Bb *b, int nw)
{
    for (int j = 0; j < nw; j++)
        if (a->w[j] != b->w[j])
            return false;
    return true;
}

static inline int bb_count(const Bb *a, int nw)
{
    int n = 0;
    for (int j = 0; j < nw; j++)
        n += __builtin_popcountll(a->w[j]);
    return n;
}

/* out = a moved towards higher bit indices by k (0 < k < 64). */
static inline void bb_shl(Bb *out, const Bb *a, int k, int nw)
{
    for (int j = nw - 1; j > 0; j--)
        out->w[j] = a->w[j] << k | a->w[j - 1] >> (64 - k);
    out->w[0] = a->w[0] << k;
}

/* out = a moved towards lower bit indices by k (0 < k < 64). */
static inline void bb_shr(Bb *out, const Bb *a, int k, int nw)
{
    for (int j = 0; j < nw - 1; j++)
        out->w[j] = a->w[j] >> k | a->w[j + 1] << (64 - k);
    out->w[nw - 1] = a->w[nw - 1] >> k;
}

/* out[i] = a[i + d]: the board seen from d points further on (d may be
 * negative; d = 0 copies). */
static inline void bb_look(Bb *out, const Bb *a, int d, int nw)
{
    if (d > 0)
        bb_shr(out, a, d, nw);
    else if (d < 0)
        bb_shl(out, a, -d, nw);
    else
        *out = *a;
}

/* The 64 bits of a from bit base on (bits past word nw - 1 read as 0). */
static inline uint64_t bb_bits_at(const Bb *a, int base, int nw)
{
    int j = base >> 6, o = base & 63;
    uint64_t next = j + 1 < nw ? a->w[j + 1] : 0;
    return a->w[j] >> o | (next << 1) << (63 - o);
}

/* Index of the k-th set bit (0-based) of a; k < bb_count(a). */
int bb_select(const Bb *a, int k, int nw);

#endif
