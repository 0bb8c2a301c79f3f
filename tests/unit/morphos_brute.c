/* Memoised minimax over whole Morphos states (see morphos_brute.h). */
#include "morphos_brute.h"

#include <stdlib.h>
#include <string.h>

typedef struct Slot {
    uint64_t b, w;  /* stones: boards up to 7x7 fit the first word */
    uint32_t meta;  /* turn, colour to move, Black's seat; 0 = empty slot */
    int8_t value;
} Slot;

struct Brute {
    Slot *slots;
    size_t cap, used;
    bool no_swap;
};

Brute *brute_new(bool no_swap)
{
    Brute *b = calloc(1, sizeof *b);
    b->cap = 1 << 16;
    b->slots = calloc(b->cap, sizeof *b->slots);
    b->no_swap = no_swap;
    return b;
}

void brute_free(Brute *b)
{
    free(b->slots);
    free(b);
}

long brute_states(const Brute *b)
{
    return (long)b->used;
}

static uint64_t slot_hash(uint64_t x, uint64_t y, uint32_t meta)
{
    uint64_t h = x * 0x9e3779b97f4a7c15ull ^ y * 0xc2b2ae3d27d4eb4full ^ meta * 0x165667b19e3779f9ull;
    return h ^ (h >> 29);
}

static Slot *find(Brute *b, uint64_t x, uint64_t y, uint32_t meta)
{
    size_t i = slot_hash(x, y, meta) & (b->cap - 1);
    while (b->slots[i].meta && !(b->slots[i].b == x && b->slots[i].w == y && b->slots[i].meta == meta))
        i = (i + 1) & (b->cap - 1);
    return &b->slots[i];
}

static void grow(Brute *b)
{
    Slot *old = b->slots;
    size_t n = b->cap;
    b->cap *= 2;
    b->slots = calloc(b->cap, sizeof *b->slots);
    for (size_t i = 0; i < n; i++)
        if (old[i].meta)
            *find(b, old[i].b, old[i].w, old[i].meta) = old[i];
    free(old);
}

/* The value of the state after action a for the seat `me`. */
static int after(Brute *b, const MorphosState *s, Action a, int me)
{
    MorphosState t;
    morphos_scratch_copy(&t, s);
    morphos_apply_fast(&t, a);
    if (t.phase == PHASE_OVER)
        return t.winner == 2 ? 0 : morphos_seat_of(&t, t.winner) == me ? 1 : -1;
    int v = brute_value(b, &t);
    return morphos_seat_of(&t, t.to_move) == me ? v : -v;
}

int brute_action_value(Brute *b, const MorphosState *s, Action a)
{
    return after(b, s, a, morphos_seat_of(s, s->to_move));
}

int brute_value(Brute *b, const MorphosState *s)
{
    uint64_t x = s->stones[0].w[0], y = s->stones[1].w[0];
    uint32_t meta = 1u | (uint32_t)s->to_move << 1 | (uint32_t)s->black_seat << 2 | (uint32_t)s->turn << 3;
    Slot *slot = find(b, x, y, meta);
    if (slot->meta)
        return slot->value;
    int me = morphos_seat_of(s, s->to_move), best = -2;
    int na = morphos_num_actions(s);
    for (int i = 0; i < na && best < 1; i++) {
        Action a = morphos_nth_action(s, i);
        if (a == ACT_SWAP && b->no_swap)
            continue;
        int v = after(b, s, a, me);
        best = v > best ? v : best;
    }
    /* The table may have grown during the search: look the slot up again. */
    if ((b->used + 1) * 2 > b->cap)
        grow(b);
    slot = find(b, x, y, meta);
    slot->b = x;
    slot->w = y;
    slot->meta = meta;
    slot->value = (int8_t)best;
    b->used++;
    return best;
}
