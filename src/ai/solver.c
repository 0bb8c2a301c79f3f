/* The solver's driver: budgets, threads, the search for the position
 * itself, then the classification of every legal action (one action per
 * orbit of the position's own symmetries), each by one or two searches. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xalloc.h"
#include "solver_internal.h"

#define MAX_THREADS 16

const char *solve_value_name(SolveValue v)
{
    switch (v) {
    case SOLVE_WIN: return "win";
    case SOLVE_LOSS: return "loss";
    case SOLVE_DRAW: return "draw";
    default: return "unknown";
    }
}

bool solver_supports(const MorphosConfig *c, char *err, size_t errlen)
{
    if (c->n < SOLVER_MIN_SIZE || c->n > SOLVER_MAX_SIZE) {
        snprintf(err, errlen, "the solver handles boards of %dx%d to %dx%d, not %dx%d", SOLVER_MIN_SIZE,
                 SOLVER_MIN_SIZE, SOLVER_MAX_SIZE, SOLVER_MAX_SIZE, c->n, c->n);
        return false;
    }
    static const char *const names[] = {"minimorph", "deepmorph", "duomorph", "remorph", "metamorph"};
    for (int i = 1; i < 5; i++)
        if (c->mutators & (1u << i)) {
            snprintf(err, errlen, "the solver handles standard rules and minimorph only, not %s", names[i]);
            return false;
        }
    /* Keys take a row of the engine's boards in one shift. */
    for (int r = 0; r < c->n; r++)
        for (int col = 0; col < c->n; col++)
            if (morphos_bit(c, col, r) != morphos_bit(c, 0, r) + col) {
                snprintf(err, errlen, "the solver needs the points of a row in consecutive bits");
                return false;
            }
    return true;
}

Solver *solver_new(const MorphosConfig *c, int table_mb)
{
    Solver *sv = xcalloc(1, sizeof *sv);
    sv->cfg = c;
    sv->table_mb = table_mb < 1 ? 1 : table_mb;
    sv_pack_init(sv);
    if (!sv_table_init(&sv->tt, sv->table_mb)) {
        free(sv);
        return NULL;
    }
    return sv;
}

void solver_free(Solver *sv)
{
    if (!sv)
        return;
    sv_table_free(&sv->tt);
    free(sv);
}

void solver_clear(Solver *sv)
{
    sv_table_clear(&sv->tt);
}

static void begin(Solver *sv, const SolveLimits *lim, SolveProgressFn progress, void *ctx)
{
    atomic_store(&sv->stop, false);
    atomic_store(&sv->nodes, 0);
    atomic_store(&sv->classified, 0);
    sv->node_limit = lim->nodes;
    sv->start = sv_now();
    sv->deadline = lim->seconds > 0 ? sv->start + lim->seconds : 0;
    sv->next_progress = sv->start + 0.25;
    sv->no_swap = lim->no_swap;
    sv->progress = progress;
    sv->progress_ctx = ctx;
    sv->tt.locking = lim->threads > 1;
}

static long long finish(Solver *sv, SvWorker *w)
{
    atomic_fetch_add(&sv->nodes, w->pending);
    w->pending = 0;
    return atomic_load(&sv->nodes);
}

SolveValue solver_prove(Solver *sv, const MorphosState *s, const SolveLimits *lim, Action *win, long long *nodes)
{
    begin(sv, lim, NULL, NULL);
    SvWorker w;
    sv_worker_init(&w, sv, morphos_seat_of(s, s->to_move), false);
    SvVal v = s->phase == PHASE_OVER ? (SvVal){1, 1, 0, 0, 0, false, SV_DEP_NONE, ACT_PASS} : sv_search(&w, s);
    long long n = finish(sv, &w);
    sv_worker_free(&w);
    if (nodes)
        *nodes = n;
    if (v.pn == 0 && v.best != ACT_PASS) {
        *win = v.best;
        return SOLVE_WIN;
    }
    if (v.pn == 0) {
        /* Proven from the table or by a win in one: find the action. */
        int na = morphos_num_actions(s);
        for (int i = 0; i < na; i++) {
            Action a = morphos_nth_action(s, i);
            if (a == ACT_SWAP && sv->no_swap)
                continue;
            if (solver_known(sv, s, a, sv->no_swap) == SOLVE_WIN) {
                *win = a;
                return SOLVE_WIN;
            }
        }
        return SOLVE_UNKNOWN;
    }
    return v.dn == 0 && v.pure ? SOLVE_LOSS : SOLVE_UNKNOWN;
}

SolveValue solver_known(Solver *sv, const MorphosState *s, Action a, bool no_swap)
{
    sv->no_swap = no_swap;
    int me = morphos_seat_of(s, s->to_move);
    MorphosState t;
    morphos_scratch_copy(&t, s);
    morphos_apply_fast(&t, a);
    if (t.phase == PHASE_OVER)
        return t.winner == 2 ? SOLVE_DRAW : morphos_seat_of(&t, t.winner) == me ? SOLVE_WIN : SOLVE_LOSS;
    SolveValue v = solver_lookup(sv, &t, no_swap);
    if (v == SOLVE_UNKNOWN || morphos_seat_of(&t, t.to_move) == me)
        return v;
    return v == SOLVE_WIN ? SOLVE_LOSS : SOLVE_WIN;
}

SolveValue solver_lookup(Solver *sv, const MorphosState *s, bool no_swap)
{
    sv->no_swap = no_swap;
    int me = morphos_seat_of(s, s->to_move);
    if (sv_wins_now(sv, s))
        return SOLVE_WIN;
    bool pure;
    int f = sv_fact(sv, s, me, &pure);
    if (f > 0)
        return SOLVE_WIN;
    if ((f < 0 && pure) || sv_fact(sv, s, 1 - me, &pure) > 0)
        return SOLVE_LOSS;
    return SOLVE_UNKNOWN;
}

/* ---- classifying every action ---- */

/* The searches go in rounds: each question still open gets a quota of
 * nodes, the quota doubles every round. So a budget that runs out leaves
 * the easy actions classified rather than spent on the first hard one, and
 * what a cut search learned stays in the table for its next round. */
#define FIRST_QUOTA (1 << 14)

enum { STAGE_MINE, STAGE_OPPONENT, STAGE_DONE }; /* an action's next search */
#define ROOT_ITEM (-1) /* the position's own question */

typedef struct Job {
    Solver *sv;
    const MorphosState *root;
    SolveReport *out;
    int *rep;             /* the action representing each action's orbit */
    unsigned char *stage; /* [action]: STAGE_* */
    int *order, norder;   /* this round's items (actions, ROOT_ITEM), in order */
    atomic_int next;
    long long quota;      /* nodes per search this round */
    int mover;
    bool root_open;       /* the position's own question is still open */
} Job;

/* The position's own question: its proof finds a winning action, when
 * there is one, by the whole search rather than action by action. It gets
 * as many nodes a round as the actions together: proving a win needs one
 * action, and the search picks the most promising one itself. */
static void ask_root(Job *j, SvWorker *w)
{
    w->quota = j->quota * (j->norder > 1 ? j->norder - 1 : 1);
    SvVal v = sv_search(w, j->root);
    j->root_open = v.pn != 0 && v.dn != 0;
}

/* One round of action i's classification: a search "does its player
 * win?"; proven: a win; disproven and pure: a loss; else a search for the
 * opponent: proven, a loss; disproven, a draw. */
static void classify(Job *j, SvWorker *w_me, SvWorker *w_opp, int i)
{
    Solver *sv = j->sv;
    SolveMove *m = &j->out->moves[i];
    MorphosState t;
    morphos_scratch_copy(&t, j->root);
    morphos_apply_fast(&t, m->action);
    if (j->stage[i] == STAGE_MINE) {
        w_me->quota = j->quota;
        SvVal v = sv_search(w_me, &t);
        if (v.pn == 0) {
            m->value = SOLVE_WIN;
        } else if (v.dn == 0 && v.pure) {
            m->value = SOLVE_LOSS;
        } else if (v.dn == 0) {
            m->bounds = SOLVE_NOT_WIN;
            j->stage[i] = STAGE_OPPONENT;
        }
    }
    if (j->stage[i] == STAGE_OPPONENT && m->value == SOLVE_UNKNOWN && !atomic_load(&sv->stop)) {
        w_opp->quota = j->quota;
        SvVal o = sv_search(w_opp, &t);
        if (o.pn == 0)
            m->value = SOLVE_LOSS;
        else if (o.dn == 0)
            m->value = SOLVE_DRAW;
    }
    if (m->value == SOLVE_UNKNOWN)
        return;
    m->bounds = 0;
    j->stage[i] = STAGE_DONE;
    for (int k = 0; k < j->out->num_moves; k++)
        if (j->rep[k] == i)
            atomic_fetch_add(&sv->classified, 1);
}

static void run_worker(Job *j, bool reports)
{
    SvWorker me, opp;
    sv_worker_init(&me, j->sv, j->mover, reports);
    sv_worker_init(&opp, j->sv, 1 - j->mover, reports);
    for (;;) {
        int k = atomic_fetch_add(&j->next, 1);
        if (k >= j->norder || atomic_load(&j->sv->stop))
            break;
        if (j->order[k] == ROOT_ITEM)
            ask_root(j, &me);
        else
            classify(j, &me, &opp, j->order[k]);
    }
    finish(j->sv, &me);
    finish(j->sv, &opp);
    sv_worker_free(&me);
    sv_worker_free(&opp);
}

static void *thread_main(void *arg)
{
    run_worker(arg, false);
    return NULL;
}

/* One round on nt threads (the calling one reports progress). */
static void run_round(Job *j, int nt)
{
    pthread_t tids[MAX_THREADS];
    bool started[MAX_THREADS] = {false};
    atomic_store(&j->next, 0);
    for (int t = 1; t < nt; t++)
        started[t] = pthread_create(&tids[t], NULL, thread_main, j) == 0;
    run_worker(j, true);
    for (int t = 1; t < nt; t++)
        if (started[t])
            pthread_join(tids[t], NULL);
}

/* Orbits of the actions under the symmetries that leave s unchanged. */
static void find_orbits(const Solver *sv, const MorphosState *s, const SolveReport *out, int *rep)
{
    uint64_t b = sv_pack(sv, &s->stones[0]), w = sv_pack(sv, &s->stones[1]);
    for (int i = 0; i < out->num_moves; i++)
        rep[i] = i;
    for (int g = 1; g < 4; g++) {
        if (sv_sym(sv, b, g) != b || sv_sym(sv, w, g) != w)
            continue;
        for (int i = 0; i < out->num_moves; i++) {
            Action a = out->moves[i].action, img;
            if (a >= ACT_SWAP)
                continue;
            img = a >= ACT_FLIP ? ACT_FLIP + sv_map_point(sv, a - ACT_FLIP, g) : sv_map_point(sv, a, g);
            for (int k = 0; k < i; k++)
                if (out->moves[k].action == img && rep[k] < rep[i])
                    rep[i] = rep[k];
        }
    }
}

static SolveValue root_value(const SolveReport *out)
{
    bool all_loss = out->num_moves > 0, all_known = true, draw = false;
    for (int i = 0; i < out->num_moves; i++) {
        SolveValue v = out->moves[i].value;
        if (v == SOLVE_WIN)
            return SOLVE_WIN;
        all_loss = all_loss && v == SOLVE_LOSS;
        all_known = all_known && v != SOLVE_UNKNOWN;
        draw = draw || v == SOLVE_DRAW;
    }
    if (all_loss)
        return SOLVE_LOSS;
    return all_known && draw ? SOLVE_DRAW : SOLVE_UNKNOWN;
}

void solver_solve(Solver *sv, const MorphosState *s, const SolveLimits *lim, SolveProgressFn progress, void *ctx,
                  SolveReport *out)
{
    memset(out, 0, sizeof *out);
    begin(sv, lim, progress, ctx);
    if (s->phase == PHASE_OVER) {
        out->complete = true;
        return;
    }
    int na = morphos_num_actions(s);
    for (int i = 0; i < na; i++) {
        Action a = morphos_nth_action(s, i);
        if (a != ACT_SWAP || !lim->no_swap)
            out->moves[out->num_moves++].action = a;
    }
    sv->total = out->num_moves;
    int *rep = xmalloc(((size_t)out->num_moves * 2 + 1) * sizeof *rep); /* and the order */
    Job j = {.sv = sv, .root = s, .out = out, .rep = rep, .order = rep + out->num_moves,
             .stage = xcalloc((size_t)out->num_moves, 1), .mover = morphos_seat_of(s, s->to_move),
             .quota = FIRST_QUOTA, .root_open = true};
    find_orbits(sv, s, out, rep);
    int nt = lim->threads < 1 ? 1 : lim->threads > MAX_THREADS ? MAX_THREADS : lim->threads;
    for (;;) {
        j.norder = 0;
        if (j.root_open)
            j.order[j.norder++] = ROOT_ITEM;
        for (int i = 0; i < out->num_moves; i++)
            if (rep[i] == i && j.stage[i] != STAGE_DONE)
                j.order[j.norder++] = i;
        if (j.norder == 0 || atomic_load(&sv->stop))
            break;
        run_round(&j, nt);
        j.quota = j.quota < (1ll << 40) ? j.quota * 2 : j.quota;
    }
    for (int i = 0; i < out->num_moves; i++) {
        out->moves[i].value = out->moves[rep[i]].value;
        out->moves[i].bounds = out->moves[rep[i]].bounds;
    }
    free(rep);
    free(j.stage);
    out->value = root_value(out);
    out->complete = true;
    for (int i = 0; i < out->num_moves; i++)
        out->complete = out->complete && out->moves[i].value != SOLVE_UNKNOWN;
    out->nodes = atomic_load(&sv->nodes);
    out->seconds = sv_now() - sv->start;
    sv->tt.locking = false;
}
