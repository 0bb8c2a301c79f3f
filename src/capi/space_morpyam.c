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
    for (int id = c->ms->first[1]; id < MS_COUNT; id++)
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
    for (int id = c->ms->first[1]; id < MS_COUNT; id++)
        out[n++] = MA_DICE + id;
    for (int v = 1; v <= 6; v++)
        out[n++] = MA_DIE + v;
    if (c->variant == MV_PLUS)
        for (int k = 0; k < MK_COUNT; k++)
            out[n++] = MA_DEAL + k;
    return n;
}

/* A turn is at most three rolls, each a call, the roll or reroll and its
 * dice, then one placement or pass, which ends it (state.c; covering a
 * morpyam square starts a new turn), and the game ends after turn_cap
 * turns. Before them: in Plus the 36 squares dealt and put, and the
 * roll-offs (Plus: the building order, then everybody: the first player),
 * each at most rolloff_cap rounds of a die a seat. A seat may leave once. */
static long max_length(const Game *g)
{
    const MorpyamConfig *c = morpyam_config(g);
    long plus = c->variant == MV_PLUS;
    long rolloffs = (1 + plus) * (long)c->rolloff_cap * c->players;
    return plus * 2 * MORPYAM_SQUARES + rolloffs + (long)c->turn_cap * (3 * 3 + 1) + c->players;
}

const ActionSpace space_morpyam = {"morpyam", decisions, outcomes, max_length};
