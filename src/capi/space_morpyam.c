/* The Morpyam action space (spaces.h): placements, pass, roll, the seven
 * calls, the rerolls of every non-empty part of five dice and, in Plus, the
 * puts of every kind on every square; as chance, the dice of one to three
 * dice (a roll of up to three dice, or a part of a roll of four or five,
 * below), the die of a roll-off and, in Plus, the squares dealt. */
#include <pthread.h>

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
    for (int id = c->ms->first[1]; id < c->ms->first[4]; id++)
        out[n++] = MA_DICE + id;
    for (int v = 1; v <= 6; v++)
        out[n++] = MA_DIE + v;
    if (c->variant == MV_PLUS)
        for (int k = 0; k < MK_COUNT; k++)
            out[n++] = MA_DEAL + k;
    return n;
}

/* A roll of k dice is drawn whole when k <= 3 (at most 56 outcomes) and in
 * two draws when k is 4 or 5: its lowest two dice (21 outcomes), then the
 * others (at most 56), each a multiset of the dice it shows. A chance node
 * in Python costs about as much as listing 50 outcomes (docs/python.md,
 * "Speed"): one node of 252 outcomes costs twice as much as these two, and
 * five nodes of one die each more still. */
#define SPLIT_FROM 4

/* How often the lowest two of k fair dice (k = 4, 5) show a <= b, by
 * [k - SPLIT_FROM][a - 1][b - 1], counted over the 6^k rolls once. */
static double lowest_two[2][6][6];
static pthread_once_t lowest_two_once = PTHREAD_ONCE_INIT;

static void count_lowest_two(void)
{
    for (int k = SPLIT_FROM; k <= 5; k++) {
        int total = 1;
        for (int i = 0; i < k; i++)
            total *= 6;
        for (int roll = 0; roll < total; roll++) {
            int lo = 7, next = 7;
            for (int i = 0, r = roll; i < k; i++, r /= 6) {
                int v = r % 6 + 1;
                if (v < lo)
                    next = lo, lo = v;
                else if (v < next)
                    next = v;
            }
            lowest_two[k - SPLIT_FROM][lo - 1][next - 1] += 1.0 / total;
        }
    }
}

static int pair_key(int a, int b)
{
    static const int pow6[6] = {1, 6, 36, 216, 1296, 7776};
    return pow6[a - 1] + pow6[b - 1];
}

static int parts(const Game *g, Action a, Action *out)
{
    const MorpyamMultisets *ms = morpyam_config(g)->ms;
    int id = a - MA_DICE;
    if (a < MA_DICE || a >= MA_DICE + MS_COUNT || ms->size[id] < SPLIT_FROM) {
        out[0] = a;
        return 1;
    }
    int low = pair_key(ms->vals[id][0], ms->vals[id][1]);
    out[0] = MA_DICE + morpyam_ms_id(ms, low);
    out[1] = MA_DICE + morpyam_ms_id(ms, ms->key[id] - low);
    return 2;
}

/* A roll's outcomes as parts() draws them, from the game's probabilities
 * of the whole rolls (ms.prob): the others given the lowest two (a, b) are
 * the multisets R of k - 2 dice all b or more, each with the probability of
 * the whole roll over that of all such rolls. Other chance nodes (roll-off,
 * deal) are left to spaces.c. */
static int next(const Game *g, const State *st, const Action *drawn, int ndrawn, Action *part, double *prob,
                Action *whole)
{
    const MorpyamState *s = morpyam_state(st);
    if (s->phase != MP_ROLL)
        return -1;
    const MorpyamMultisets *ms = morpyam_config(g)->ms;
    int k = s->nroll, n = 0;
    if (k < SPLIT_FROM) {
        for (int id = ms->first[k]; id < ms->first[k + 1]; id++, n++)
            part[n] = whole[n] = MA_DICE + id, prob[n] = ms->prob[id];
        return n;
    }
    pthread_once(&lowest_two_once, count_lowest_two);
    if (ndrawn == 0) {
        for (int id = ms->first[2]; id < ms->first[3]; id++, n++) {
            part[n] = MA_DICE + id, whole[n] = -1;
            prob[n] = lowest_two[k - SPLIT_FROM][ms->vals[id][0] - 1][ms->vals[id][1] - 1];
        }
        return n;
    }
    int pair = drawn[0] - MA_DICE, low = ms->key[pair], b = ms->vals[pair][1];
    double total = 0;
    for (int id = ms->first[k - 2]; id < ms->first[k - 1]; id++) {
        if (ms->vals[id][0] < b)
            continue;
        int all = morpyam_ms_id(ms, low + ms->key[id]);
        part[n] = MA_DICE + id, whole[n] = MA_DICE + all, prob[n] = ms->prob[all];
        total += prob[n++];
    }
    for (int i = 0; i < n; i++)
        prob[i] /= total;
    return n;
}

/* A turn is at most three rolls, each a call, the roll or reroll and its
 * dice (one or two chance actions, parts() above), then one placement or
 * pass, which ends it (state.c; covering a morpyam square starts a new turn), and the game ends after turn_cap
 * turns. Before them: in Plus the 36 squares dealt and put, and the
 * roll-offs (Plus: the building order, then everybody: the first player),
 * each at most rolloff_cap rounds of a die a seat. A seat may leave once. */
static long max_length(const Game *g)
{
    const MorpyamConfig *c = morpyam_config(g);
    long plus = c->variant == MV_PLUS;
    long rolloffs = (1 + plus) * (long)c->rolloff_cap * c->players;
    return plus * 2 * MORPYAM_SQUARES + rolloffs + (long)c->turn_cap * (3 * (2 + 2) + 1) + c->players;
}

const ActionSpace space_morpyam = {"morpyam", decisions, outcomes, parts, next, max_length};
