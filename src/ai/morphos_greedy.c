/* Greedy Morphos: tries every legal action of the current part of the turn
 * on a copy of the state and keeps the best by, in order: an immediate win,
 * not leaving the opponent an immediate win, a flip, then the difference of
 * connection distances (opponent's minus its own). Equal scores are broken
 * with the AI's Rng. White swaps when Black's first stone is central
 * (morphos_swap_rule.c). */
#include <stdio.h>
#include <stdlib.h>

#include "../games/morphos/morphos.h"
#include "greedy.h"
#include "morphos_features.h"
#include "morphos_swap_rule.h"

enum {
    SCORE_WIN = 1000000000,
    SCORE_LOSS_NEXT = -1000000, /* the opponent can win with their next action */
    SCORE_CONNECTED = 100000,   /* deepmorph: connected, wins unless broken */
    SCORE_FLIP = 10000,
};

bool morphos_greedy_create(Ai *ai, const char *params, char *err, size_t errlen)
{
    if (params[0]) {
        snprintf(err, errlen, "AI level 'greedy' takes no parameters, got '%s'", params);
        return false;
    }
    return true;
}

void morphos_greedy_destroy(Ai *ai)
{
}

/* Whether the colour to move in s can connect with its next stone. */
static bool threatens_win(const MorphosState *s)
{
    const MorphosConfig *c = s->cfg;
    int who = s->to_move;
    Bb win;
    mf_win_points(s, who, &win);
    for (int j = 0; j < c->nw; j++) {
        uint64_t empty = c->board.w[j] & ~(s->stones[0].w[j] | s->stones[1].w[j]);
        if (win.w[j] & (empty | s->targets.w[j]))
            return true;
    }
    return false;
}

static int capped(int d, int n)
{
    return d < n * n ? d : n * n;
}

static long score_action(const MorphosState *s, Action a, int *my_d, int *opp_d)
{
    int me = s->to_move;
    MorphosState t;
    morphos_scratch_copy(&t, s);
    morphos_apply_fast(&t, a);
    const int n = s->cfg->n;
    *my_d = capped(mf_distance(s->cfg, t.stones, me), n);
    *opp_d = capped(mf_distance(s->cfg, t.stones, me ^ 1), n);
    if (t.phase == PHASE_OVER)
        return t.winner == me ? SCORE_WIN : t.winner == 2 ? 0 : -SCORE_WIN;
    long score = 10L * (*opp_d - *my_d);
    if (a >= ACT_FLIP && a < ACT_FLIP + BB_WORDS * 64)
        score += SCORE_FLIP;
    if (*my_d == 0)
        score += SCORE_CONNECTED;
    if (t.to_move != me && threatens_win(&t))
        score += SCORE_LOSS_NEXT;
    return score;
}

Action morphos_greedy_choose(Ai *ai, const State *st, StrBuf *explain)
{
    const MorphosState *s = (const MorphosState *)st;
    if (s->phase == PHASE_OVER) {
        if (explain)
            sb_puts(explain, "the game is over");
        return ACT_PASS;
    }
    if (morphos_greedy_swaps(s)) { /* White's swap rule (morphos_swap_rule.c) */
        if (explain)
            sb_puts(explain, "swap: Black's first stone is central");
        return ACT_SWAP;
    }
    int n = morphos_num_actions(s), ties = 0, best_my = 0, best_opp = 0;
    long best = 0;
    Action choice = ACT_PASS;
    for (int k = 0; k < n; k++) {
        Action a = morphos_nth_action(s, k);
        if (a == ACT_SWAP)
            continue;
        int my_d, opp_d;
        long v = a == ACT_PASS ? 0 : score_action(s, a, &my_d, &opp_d);
        if (a == ACT_PASS)
            my_d = opp_d = 0;
        if (ties == 0 || v > best) {
            best = v;
            ties = 1;
            choice = a;
            best_my = my_d;
            best_opp = opp_d;
        } else if (v == best && rng_below(&ai->rng, (uint32_t)++ties) == 0) {
            choice = a;
            best_my = my_d;
            best_opp = opp_d;
        }
    }
    if (explain) {
        state_action_text(st, choice, explain);
        if (choice == ACT_PASS)
            sb_puts(explain, ": no other move");
        else if (best >= SCORE_WIN)
            sb_puts(explain, ": wins now");
        else
            sb_printf(explain, ":%s stones still needed to connect: mine %d, opponent's %d (best of %d actions, %d tied)",
                      choice >= ACT_FLIP ? " a flip;" : "", best_my, best_opp, n, ties);
    }
    return choice;
}

void morphos_greedy_opening(const Game *g, StrBuf *out)
{
    morphos_greedy_opening_words(g->config, out);
}
