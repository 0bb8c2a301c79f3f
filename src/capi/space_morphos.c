/* The Morphos action space (spaces.h): a placement and a flip for every
 * point, then swap and pass; 2 n^2 + 2 decisions, no chance. */
#include "../games/morphos/morphos.h"
#include "spaces.h"

static int decisions(const Game *g, int32_t *out)
{
    const MorphosConfig *c = g->config;
    int n = 0;
    for (int base = 0; base <= ACT_FLIP; base += ACT_FLIP)
        for (int row = 0; row < c->n; row++)
            for (int col = 0; col < c->n; col++)
                out[n++] = base + morphos_bit(c, col, row);
    out[n++] = ACT_SWAP;
    out[n++] = ACT_PASS;
    return n;
}

static int outcomes(const Game *g, int32_t *out)
{
    (void)g;
    (void)out;
    return 0;
}

/* The game is a draw once move_cap turns are over; a turn is at most a
 * returned stone (remorph), the regular move and a second stone
 * (duomorph), one atomic action each (engine.c). */
static long max_length(const Game *g)
{
    const MorphosConfig *c = g->config;
    long per_turn = 1 + !!(c->mutators & MUT_REMORPH) + !!(c->mutators & MUT_DUOMORPH);
    return (long)c->move_cap * per_turn;
}

static int parts(const Game *g, Action a, Action *out)
{
    (void)g;
    out[0] = a;
    return 1;
}

const ActionSpace space_morphos = {"morphos", decisions, outcomes, parts, NULL, max_length};
