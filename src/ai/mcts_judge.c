/* The mcts level's judgement of a Morphos decision for analysis (ai.h,
 * AiOps.judge): a search of the position before the decision gives the
 * best action and the mover's chance to win; a search of the position after
 * it gives the chance left. Each search has a fixed number of playouts (the
 * budget at the level's nominal speed), so the judgement replays exactly
 * from the seed, and starts with the exact search whenever the solver
 * handles the board, whatever the number of empty points: a position it
 * proves is a win or a loss, not a percentage. The position after a
 * decision is usually the next decision's: its search is kept and serves
 * as the next judgement's "before", so a game costs one search a position. */
#include <string.h>

#include "ai.h"
#include "mcts.h"

/* Playouts a second of budget: about what one core runs on 9x9 midgames
 * with the machine busy (docs/ai.md, "Speed"). */
#define PLAYOUTS_PER_SECOND 20000
#define MIN_PLAYOUTS 200
/* The exact search's share of each search, in percent. */
#define SOLVE_SHARE 25
/* Every empty point count: the solver decides what it handles. */
#define SOLVE_ANY 361

static int mover_seat(const MorphosState *s)
{
    return morphos_seat_of(s, s->to_move);
}

/* The value of a finished game for seat. */
static double over_value(const MorphosState *s, int seat, int *proven)
{
    if (s->winner > 1) {
        *proven = 0;
        return 0.5;
    }
    bool won = morphos_seat_of(s, s->winner) == seat;
    *proven = won ? 1 : -1;
    return won ? 1 : 0;
}

static void judge_position(Mcts *m, const MorphosState *s, MctsJudged *out, int depth)
{
    memset(out, 0, sizeof *out);
    morphos_scratch_copy(&out->state, s);
    Decision d;
    mcts_decide(m, s, &d);
    out->best = d.action;
    out->sims = d.sims;
    if (d.by == BY_WIN_NOW || d.by == BY_PROOF) {
        out->value = 1;
        out->proven = 1;
    } else if (d.by == BY_ONLY) {
        /* One action (a pass): the position is worth what follows it. */
        MorphosState t;
        morphos_scratch_copy(&t, s);
        morphos_apply_fast(&t, d.action);
        int seat = mover_seat(s);
        if (t.phase == PHASE_OVER) {
            out->value = over_value(&t, seat, &out->proven);
        } else if (depth < 4) {
            MctsJudged next;
            judge_position(m, &t, &next, depth + 1);
            bool same = mover_seat(&t) == seat;
            out->value = same ? next.value : 1 - next.value;
            out->proven = same ? next.proven : -next.proven;
            out->sims = next.sims;
        } else {
            out->value = 0.5;
        }
    } else if (d.proven < 0 || m->proof.value == SOLVE_LOSS) {
        out->value = 0; /* every action loses */
        out->proven = -1;
    } else {
        out->value = d.n > 0 ? d.w / d.n : 0.5;
        out->proven = d.proven > 0;
        if (out->proven)
            out->value = 1;
    }
    /* The copy keeps the search's state out of the caller's hands. */
    morphos_scratch_copy(&out->state, s);
}

void mcts_judge(Ai *ai, const State *st, Action played, double budget, AiJudgement *out)
{
    Mcts *m = ai->data;
    const MorphosState *s = (const MorphosState *)st;
    MctsParams saved = m->params;
    long playouts = (long)(budget * PLAYOUTS_PER_SECOND);
    m->params.playouts = playouts < MIN_PLAYOUTS ? MIN_PLAYOUTS : playouts;
    m->params.ms = 0;
    m->params.threads = 1;
    m->params.reuse = 0;
    m->params.solve = SOLVE_ANY;
    m->params.solve_share = SOLVE_SHARE;

    int seat = mover_seat(s);
    MctsJudged before;
    if (m->have_judged && mcts_same_position(&m->judged.state, s))
        before = m->judged;
    else
        judge_position(m, s, &before, 0);
    out->best = before.best;
    out->before = before.value;
    out->before_proven = before.proven;
    out->work = before.sims;

    /* The position after, through the rules (with its history). */
    State *after_state = state_clone(st);
    state_apply(after_state, played);
    const MorphosState *t = (const MorphosState *)after_state;
    m->have_judged = false;
    if (t->phase == PHASE_OVER) {
        out->after = over_value(t, seat, &out->after_proven);
    } else {
        judge_position(m, t, &m->judged, 0);
        m->have_judged = true;
        bool same = mover_seat(t) == seat;
        out->after = same ? m->judged.value : 1 - m->judged.value;
        out->after_proven = same ? m->judged.proven : -m->judged.proven;
        out->work += m->judged.sims;
    }
    state_free(after_state);
    m->params = saved;
}
