/* Greedy Morpyam: a simple value for each free square (its own points, the
 * points and KOs it takes from opponents, a little for central squares,
 * Appel and the Morpyam replay) and a one-roll lookahead for the dice: keep
 * what maximises the best square reachable with the next roll, stop when
 * the square in hand is worth more. It never calls. Exact ties are broken
 * with the AI's Rng. */
#include <stdio.h>
#include <stdlib.h>

#include "greedy.h"
#include "morpyam_ai.h"
#include "../core/xalloc.h"

#define WIN_VALUE 1000.0
#define BLOCK_KO 100.0

typedef struct Greedy {
    MorpyamTables t;
    uint64_t masks_occ; /* occupied of m1/m23; ~0 when none */
    uint64_t m1[MAI_DICE], m23[MAI_DICE];
    int lines[36]; /* windows of 5 through each square */
} Greedy;

bool morpyam_greedy_create(Ai *ai, const char *params, char *err, size_t errlen)
{
    if (params[0]) {
        snprintf(err, errlen, "AI level 'greedy' takes no parameters, got '%s'", params);
        return false;
    }
    Greedy *g = xmalloc(sizeof *g);
    mai_tables_init(&g->t, ai->game->config);
    g->masks_occ = ~0ull;
    for (int sq = 0; sq < 36; sq++) {
        g->lines[sq] = 0;
        for (int i = 0; i < g->t.nseg[5]; i++)
            g->lines[sq] += (int)(g->t.seg[5][i] >> sq & 1);
    }
    ai->data = g;
    return true;
}

void morpyam_greedy_destroy(Ai *ai)
{
    free(ai->data);
}

/* The value of placing the mover's token on free square sq. */
static double square_value(const Greedy *g, const MorpyamState *s, int sq)
{
    const int me = s->player, n = s->cfg->players;
    bool ko;
    int pts = morpyam_place_points(s->tokens[me], sq, n, &ko);
    if (ko)
        return WIN_VALUE;
    if (s->left[me] == 1) { /* the last token ends the game on points */
        for (int q = 0; q < n; q++)
            if (q != me && (s->alive >> q & 1) && s->points[q] > s->points[me] + pts + 1)
                return -WIN_VALUE;
        return WIN_VALUE / 2;
    }
    double v = 1 + 2 * pts + 0.05 * g->lines[sq];
    for (int q = 0; q < n; q++) {
        if (q == me || !(s->alive >> q & 1))
            continue;
        bool qko;
        v += morpyam_place_points(s->tokens[q], sq, n, &qko);
        if (qko)
            v += BLOCK_KO;
    }
    if (s->grid[sq] == MF_MORPYAM)
        v += 1;
    else if (s->grid[sq] == MK_APPEL)
        v += 0.3;
    return v;
}

/* Picks the best of n scored candidates, ties at random. */
typedef struct Pick {
    Action action;
    double value;
    int ties;
} Pick;

static void offer(Pick *p, Rng *rng, Action a, double v)
{
    if (p->ties == 0 || v > p->value + 1e-12) {
        *p = (Pick){a, v, 1};
    } else if (v > p->value - 1e-12 && rng_below(rng, (uint32_t)++p->ties) == 0) {
        p->action = a;
    }
}

/* Best square value among the squares of mask (-inf when none). */
static double best_in(const double val[36], uint64_t mask)
{
    double v = MAI_NEG;
    for (; mask; mask &= mask - 1)
        if (val[__builtin_ctzll(mask)] > v)
            v = val[__builtin_ctzll(mask)];
    return v;
}

/* Expected best square (or 0 = pass) after rolling the dice not kept. */
static double keep_value(const Greedy *g, const double val[36], int keep, int next_roll)
{
    double e = 0;
    for (int j = g->t.join_start[keep]; j < g->t.join_start[keep + 1]; j++) {
        int d = g->t.join_dice[j];
        double b = best_in(val, next_roll == 1 ? g->m1[d] : g->m23[d]);
        e += g->t.join_prob[j] * (b > 0 ? b : 0);
    }
    return e;
}

Action morpyam_greedy_choose(Ai *ai, const State *st, StrBuf *explain)
{
    Greedy *g = ai->data;
    const MorpyamState *s = (const MorpyamState *)st;
    const MorpyamMultisets *ms = s->cfg->ms;
    Action acts[MAX_ACTIONS];
    int n = state_legal_actions(st, acts);
    if (s->phase == MP_PUT) {
        Action a = mai_put(&g->t, s);
        if (explain)
            sb_puts(explain, "puts its easiest square where the most lines cross");
        return a;
    }
    if (g->masks_occ != s->occupied) {
        mai_masks(s, s->occupied, g->m1, g->m23);
        g->masks_occ = s->occupied;
    }
    double val[36];
    for (int sq = 0; sq < 36; sq++)
        val[sq] = s->occupied >> sq & 1 ? MAI_NEG : square_value(g, s, sq);
    Pick best = {0, 0, 0};
    for (int i = 0; i < n; i++) {
        Action a = acts[i];
        if (a < MA_PASS) {
            offer(&best, &ai->rng, a, val[a]);
        } else if (a == MA_PASS) {
            offer(&best, &ai->rng, a, 0);
        } else if (a == MA_ROLL) {
            offer(&best, &ai->rng, a, s->phase == MP_START ? 1e-9 : 0);
        } else if (a >= MA_REROLL && a < MA_PUT) {
            int keep = morpyam_ms_id(ms, ms->key[s->dice] - ms->key[a - MA_REROLL]);
            offer(&best, &ai->rng, a, keep_value(g, val, keep, s->rolls + 1));
        }
        /* calls are never offered: greedy does not call */
    }
    if (best.ties == 0) /* only calls and rerolls after a call: cannot happen without calling */
        best.action = acts[0];
    if (explain) {
        state_action_text(st, best.action, explain);
        sb_printf(explain, " (greedy value %.2f)", best.value);
    }
    return best.action;
}
