#include "bitboard.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

static int select_in_word(uint64_t x, int k)
{
#if defined(__BMI2__)
    return __builtin_ctzll(_pdep_u64((uint64_t)1 << k, x));
#else
    while (k--)
        x &= x - 1;
    return __builtin_ctzll(x);
#endif
}

int bb_select(const Bb *a, int k, int nw)
{
    for (int j = 0; j < nw; j++) {
        int c = __builtin_popcountll(a->w[j]);
        if (k < c)
            return j * 64 + select_in_word(a->w[j], k);
        k -= c;
    }
    return -1;
}
