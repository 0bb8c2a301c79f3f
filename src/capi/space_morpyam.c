/* The Morpyam action space (spaces.h): placements, pass, roll, the seven
 * calls, the rerolls of every non-empty part of five dice and, in Plus, the
 * puts of every kind on every square; as chance, the rolls of one to five
 * dice, the dice of a roll-off and, in Plus, the squares dealt. */
#include "../games/morpyam/morpyam.h"
#include "spaces.h"

static int decisions(const Game *g, int32_t *out)
{
    const MorpyamConfig *c = morpyam_config(g);
    int n = 0;
    for (int sq = 0; sq < MORPYAM_SQUARES; sq++)
        out[n++] = MA_PLACE + sq;
    out[n++] = MA_PASS;
    out[n++] = MA_ROLL;
    for (int fig = 0; fig < MF_COUNT; fig++)
        if (MF_CALLABLE >> fig & 1)
            out[n++] = MA_CALL + fig;
    for (int id = c->ms.first[1]; id < MS_COUNT; id++)
        out[n++] = MA_REROLL + id;
    if (c->variant == MV_PLUS)
        for (int k = 0; k < MK_COUNT * MORPYAM_SQUARES; k++)
            out[n++] = MA_PUT + k;
    return n;
}

static int outcomes(const Game *g, int32_t *out)
{
    const MorpyamConfig *c = morpyam_config(g);
    int n = 0;
    for (int id = c->ms.first[1]; id < MS_COUNT; id++)
        out[n++] = MA_DICE + id;
    for (int v = 1; v <= 6; v++)
        out[n++] = MA_DIE + v;
    if (c->variant == MV_PLUS)
        for (int k = 0; k < MK_COUNT; k++)
            out[n++] = MA_DEAL + k;
    return n;
}

/* No bound: a roll-off repeats while its dice tie (state.c), so a game
 * may be as long as chance makes it. */
static long max_length(const Game *g)
{
    (void)g;
    return -1;
}

const ActionSpace space_morpyam = {"morpyam", decisions, outcomes, max_length};
