/* Zobrist hashing of Morphos positions: a key for each stone (colour and
 * point; the configuration keeps them in a table, patterns.c), the hash of
 * the stones from scratch, and the hash of a decision node (stones, colour
 * to move, pending part), which the repetition count compares. */
#include "engine.h"

static uint64_t mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

uint64_t morphos_stone_key(int colour, int bit)
{
    return mix((uint64_t)(bit * 2 + colour + 1));
}

uint64_t morphos_node_hash(const MorphosState *s)
{
    uint64_t h = s->hash ^ mix(0x1000u + s->to_move);
    if (s->phase == PHASE_DUO)
        h ^= mix(0x2000u + (unsigned)s->anchor);
    else if (s->phase == PHASE_RETURN)
        h ^= mix(0x3000u);
    return h;
}

void morphos_recompute_hash(MorphosState *s)
{
    s->hash = 0;
    for (int colour = 0; colour < 2; colour++)
        for (int j = 0; j < s->cfg->nw; j++)
            for (uint64_t x = s->stones[colour].w[j]; x; x &= x - 1)
                s->hash ^= morphos_stone_key(colour, j * 64 + __builtin_ctzll(x));
}
