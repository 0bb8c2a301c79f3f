/* One decision of the "mcts" level: the only action, a win at once, a win
 * the exact search proves (mcts_solver.c), or else a search of the trees.
 * Threads search independent trees from the same root (root parallelism)
 * and their root statistics are added up, so a playouts budget gives the
 * same choice for the same seed and thread count. */
#include <limits.h>
#include <pthread.h>
#include <string.h>

#include "mcts.h"
#include "morphos_swap_rule.h"

typedef struct Job {
    MctsTree *tree;
    const MctsParams *params;
    long playouts;
    double deadline;
} Job;

static void *run_job(void *arg)
{
    Job *j = arg;
    mcts_tree_search(j->tree, j->params, j->playouts, j->deadline);
    return NULL;
}

/* The points the Casual AI would swap as Black's first stone count as lost
 * at the root: the search spends its time on the others, and the decision
 * never picks one while another is left. */
static void keep_off_swap_zone(MctsTree *t, const MctsParams *p, const MorphosConfig *c)
{
    for (int row = 0; row < c->n; row++)
        for (int col = 0; col < c->n; col++) {
            int point = morphos_bit(c, col, row);
            if (morphos_swap_zone(c, point))
                mcts_tree_mark_root(t, p, point, -1);
        }
}

void mcts_decide(Mcts *m, const MorphosState *s, Decision *d)
{
    memset(d, 0, sizeof *d);
    if (morphos_num_actions(s) == 1) {
        d->action = morphos_nth_action(s, 0);
        d->by = BY_ONLY;
        return;
    }
    /* An action that wins at once needs no search. */
    for (int k = 0; k < morphos_num_actions(s); k++) {
        Action a = morphos_nth_action(s, k);
        MorphosState t;
        morphos_scratch_copy(&t, s);
        morphos_apply_fast(&t, a);
        if (t.phase == PHASE_OVER && t.winner == s->to_move) {
            d->action = a;
            d->by = BY_WIN_NOW;
            return;
        }
    }
    const MctsParams *p = &m->params;
    int nt = p->threads;
    double deadline = p->ms ? mcts_now() + (double)p->ms / 1000 : 0;
    /* With few points left, a forced win may be proven outright. */
    if (mcts_exact(&m->solver, p, s, &m->proof) && m->proof.value == SOLVE_WIN) {
        d->action = m->proof.win;
        d->by = BY_PROOF;
        d->proven = 1;
        return;
    }
    Job jobs[MCTS_MAX_THREADS];
    pthread_t tids[MCTS_MAX_THREADS];
    for (int i = 0; i < nt; i++) {
        if (!p->reuse)
            m->trees[i].root = -1; /* a fresh search: the choice depends on this position only */
        mcts_tree_set_root(&m->trees[i], s);
        for (int k = 0; k < m->proof.num_lost; k++)
            mcts_tree_mark_root(&m->trees[i], p, m->proof.lost[k], -1);
        if (m->hinting && morphos_first_stone_ahead_of_swap(s))
            keep_off_swap_zone(&m->trees[i], p, s->cfg);
        /* The solver serves one tree: its calls are not thread-safe. */
        m->trees[i].solver = nt == 1 && m->proof.ran ? m->solver : NULL;
        long share = p->ms ? LONG_MAX : p->playouts / nt + (i < p->playouts % nt);
        jobs[i] = (Job){&m->trees[i], p, share, deadline};
    }
    for (int i = 1; i < nt; i++)
        if (pthread_create(&tids[i], NULL, run_job, &jobs[i]) != 0)
            jobs[i].playouts = -1; /* searched below, on this thread */
    run_job(&jobs[0]);
    for (int i = 1; i < nt; i++) {
        if (jobs[i].playouts < 0) {
            jobs[i].playouts = 0;
            continue;
        }
        pthread_join(tids[i], NULL);
    }
    /* Add up the root edges; every tree expanded the root the same way. */
    const MctsTree *t0 = &m->trees[0];
    const MctsNode *r0 = &t0->nodes[t0->root];
    int best = 0, best_proven = 0;
    double best_n = -1, best_w = 0, total = 0;
    for (int i = 0; i < nt; i++)
        d->sims += m->trees[i].sims;
    for (int k = 0; k < r0->num_edges; k++) {
        double n = 0, w = 0;
        int proven = 0;
        for (int i = 0; i < nt; i++) {
            const MctsTree *t = &m->trees[i];
            if (t->root < 0 || t->nodes[t->root].first_edge < 0)
                continue;
            const MctsEdge *e = &t->edges[t->nodes[t->root].first_edge + k];
            /* Real visits and wins: without the prior's virtual ones. */
            n += e->n - (uint32_t)p->prior;
            w += e->w - e->prior * p->prior / 100.0;
            if (e->proven)
                proven = e->proven; /* proofs are exact: trees never disagree */
        }
        total += n;
        /* A proven win first, a proven loss last, otherwise visits, wins. */
        if (best_n < 0 || proven > best_proven ||
            (proven == best_proven && (n > best_n || (n == best_n && w > best_w)))) {
            best_n = n;
            best_w = w;
            best = k;
            best_proven = proven;
        }
    }
    d->action = t0->edges[r0->first_edge + best].action;
    d->by = BY_SEARCH;
    d->n = best_n;
    d->w = best_w;
    d->total = total;
    d->proven = best_proven;
}
