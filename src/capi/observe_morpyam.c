/* The Morpyam observation tensor (observe.h; docs/python.md, "Observation
 * planes"): 39 + 4 x players planes of 6 x 6. Dice, kept dice and the
 * squares the dice may cover are shown when the web view shows them. */
#include "../games/morpyam/morpyam.h"
#include "observe.h"

/* The figures a call names, in the order of their planes. */
static const int callable[] = {MF_CARRE, MF_FULL, MF_MAXI, MF_MINI, MF_MORPYAM, MF_SEC, MF_SUITE};
enum { CALLS = sizeof callable / sizeof callable[0], SQ = MORPYAM_SQUARES };

static void shape(const Game *g, int32_t out[3])
{
    out[0] = MK_COUNT + 1 + 6 + 6 + 4 + CALLS + 4 * g->num_players;
    out[1] = out[2] = 6;
}

static void constant(float *plane, float v)
{
    for (int i = 0; i < SQ; i++)
        plane[i] = v;
}

/* Planes v - 1 = the share of the dice of multiset id showing v. */
static void dice_planes(const MorpyamMultisets *ms, int id, float *out)
{
    for (int i = 0; i < ms->size[id]; i++)
        for (int sq = 0; sq < SQ; sq++)
            out[(ms->vals[id][i] - 1) * SQ + sq] += 0.2f;
}

static void fill(const State *st, float *out)
{
    const MorpyamState *s = morpyam_state(st);
    const MorpyamConfig *c = s->cfg;
    int players = c->players;
    float *plane = out;
    for (int sq = 0; sq < SQ; sq++) /* 15 planes: the kind of each built square */
        if (s->grid[sq] != MK_NONE)
            plane[s->grid[sq] * SQ + sq] = 1;
    plane += MK_COUNT * SQ;
    for (int p = 0; p < players; p++, plane += SQ) /* tokens of each seat */
        for (int sq = 0; sq < SQ; sq++)
            plane[sq] = s->tokens[p] >> sq & 1;
    bool after = s->phase == MP_AFTER || s->phase == MP_FORCED;
    for (int sq = 0; sq < SQ; sq++) /* where the dice may put a token now */
        plane[sq] = after && (s->can_place >> sq & 1);
    plane += SQ;
    /* whose turn it is: the seat to decide, or whose dice are rolling */
    int mover = state_player(st) >= 0 ? state_player(st) : s->phase == MP_ROLL ? s->player : -1;
    for (int p = 0; p < players; p++, plane += SQ)
        constant(plane, mover == p);
    bool rolled = s->rolls > 0 && (after || s->phase == MP_CALL_REROLL || s->phase == MP_OVER);
    if (rolled) /* the five dice after a roll */
        dice_planes(c->ms, s->dice, plane);
    plane += 6 * SQ;
    if (s->phase == MP_ROLL || s->phase == MP_CALL_REROLL) /* the dice kept for the pending roll */
        dice_planes(c->ms, s->kept, plane);
    plane += 6 * SQ;
    if (mover >= 0 && s->phase != MP_PUT) /* rolls made this turn, 0 to 3 */
        constant(plane + (s->rolls > 3 ? 3 : s->rolls) * SQ, 1);
    plane += 4 * SQ;
    for (int k = 0; k < CALLS; k++, plane += SQ) /* the figure called */
        constant(plane, s->call == callable[k]);
    for (int p = 0; p < players; p++, plane += SQ) /* tokens in hand, as a share of each seat's tokens */
        constant(plane, c->tokens ? (float)s->left[p] / (float)c->tokens : 0);
    for (int p = 0; p < players; p++, plane += SQ) /* line points so far, a tenth each */
        constant(plane, (float)s->points[p] / 10.0f);
}

const Observer observe_morpyam = {"morpyam", shape, fill};
