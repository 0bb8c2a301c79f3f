/* The exact search of the "mcts" level: before a decision with few empty
 * points left, the solver (solver.h) looks for a forced win on a share of
 * the decision's budget. A proven win is played at once; actions proven to
 * lose are marked in the trees so that the search never picks them while
 * another action may still win or draw. The solver's table is cleared
 * before each decision, so a choice depends on the position, the seed and
 * the budget only, as without it. */
#include "mcts.h"

/* Table size: cleared every decision, so it stays small (a few ms). */
#define TABLE_MB 8
/* Solver nodes per playout of the budget: about the same time. */
#define NODES_PER_PLAYOUT 4
/* Tree nodes with at most this many empty points get a search this small. */
#define NODE_EMPTIES 0
#define NODE_BUDGET 48

static int empty_points(const MorphosState *s)
{
    Bb e;
    for (int j = 0; j < BB_WORDS; j++)
        e.w[j] = s->cfg->board.w[j] & ~(s->stones[0].w[j] | s->stones[1].w[j]);
    return bb_count(&e, s->cfg->nw);
}

bool mcts_exact(Solver **sv, const MctsParams *p, const MorphosState *s, MctsProof *out)
{
    char err[ERR_MAX];
    out->value = SOLVE_UNKNOWN;
    out->ran = false;
    out->num_lost = 0;
    out->nodes = 0;
    out->seconds = 0;
    if (p->solve <= 0 || s->phase == PHASE_OVER || empty_points(s) > p->solve ||
        !solver_supports(s->cfg, err, sizeof err))
        return false;
    if (!*sv && !(*sv = solver_new(s->cfg, TABLE_MB)))
        return false;
    solver_clear(*sv);
    SolveLimits lim = {.threads = 1};
    out->ran = true;
    double t0 = mcts_now();
    if (p->ms)
        lim.seconds = (double)p->ms * p->solve_share / 100000.0;
    else
        lim.nodes = (long long)p->playouts * NODES_PER_PLAYOUT * p->solve_share / 100 + 1;
    out->value = solver_prove(*sv, s, &lim, &out->win, &out->nodes);
    out->seconds = mcts_now() - t0;
    if (out->value == SOLVE_UNKNOWN) {
        int na = morphos_num_actions(s);
        for (int i = 0; i < na; i++) {
            Action a = morphos_nth_action(s, i);
            if (solver_known(*sv, s, a, false) == SOLVE_LOSS)
                out->lost[out->num_lost++] = a;
        }
        if (out->num_lost == na)
            out->num_lost = 0; /* all lose: let the search pick the toughest */
    }
    return true;
}

int mcts_node_proof(Solver *sv, const MctsParams *p, const MorphosState *s)
{
    SolveValue v;
    if (empty_points(s) <= NODE_EMPTIES) {
        SolveLimits lim = {.nodes = NODE_BUDGET, .threads = 1};
        Action win;
        v = solver_prove(sv, s, &lim, &win, NULL);
    } else {
        v = solver_lookup(sv, s, false);
    }
    return v == SOLVE_WIN ? 1 : v == SOLVE_LOSS ? -1 : 0;
}
