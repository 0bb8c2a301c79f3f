/* The Casual AI's swap rule (morphos_swap_rule.h): a first stone in the
 * middle half of the board is taken over, one nearer an edge is kept. */
#include <stdlib.h>

#include "morphos_swap_rule.h"

static bool central(int x, int n)
{
    return abs(2 * x - (n - 1)) <= n / 2;
}

bool morphos_swap_zone(const MorphosConfig *c, int point)
{
    return central(morphos_col(c, point), c->n) && central(morphos_row(c, point), c->n);
}

/* A single stone can be swapped by the rule: not duomorph's pair (two
 * stones), not metamorph's full board. */
static bool single_stone_openings(const MorphosConfig *c)
{
    return !(c->mutators & (MUT_METAMORPH | MUT_DUOMORPH));
}

bool morphos_greedy_swaps(const MorphosState *s)
{
    const MorphosConfig *c = s->cfg;
    if (!morphos_swap_allowed(s) || (c->mutators & MUT_METAMORPH) ||
        bb_count(&s->stones[MORPHOS_BLACK], c->nw) != 1 || bb_count(&s->stones[MORPHOS_WHITE], c->nw) != 0)
        return false;
    return morphos_swap_zone(c, bb_select(&s->stones[MORPHOS_BLACK], 0, c->nw));
}

bool morphos_first_stone_ahead_of_swap(const MorphosState *s)
{
    const MorphosConfig *c = s->cfg;
    return single_stone_openings(c) && s->turn == 0 && s->phase == PHASE_MAIN && s->to_move == MORPHOS_BLACK &&
           bb_count(&s->stones[MORPHOS_BLACK], c->nw) == 0 && bb_count(&s->stones[MORPHOS_WHITE], c->nw) == 0;
}

void morphos_greedy_opening_words(const MorphosConfig *c, StrBuf *out)
{
    if (!single_stone_openings(c)) {
        sb_puts(out, "never swaps: it keeps Black's opening");
        return;
    }
    int lo = 0, hi = c->n - 1;
    while (!central(lo, c->n))
        lo++;
    while (!central(hi, c->n))
        hi--;
    sb_printf(out, "swaps a first stone placed in the middle of the board, from %c%d to %c%d, and keeps one nearer an edge",
              'a' + lo, lo + 1, 'a' + hi, hi + 1);
}
