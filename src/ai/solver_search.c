/* Depth-first proof-number search (df-pn, with the 1+epsilon threshold
 * trick) for one question: does the attacker win? Children are evaluated
 * when their parent is expanded: a finished game, a position repeated on
 * the current path (a failure for the attacker, see below), a fact of the
 * table, a win in one action, or else proof and disproof numbers from the
 * race between Black's barrier and White's chain (solver_eval.c).
 *
 * Repetitions. A position met again on the current path is counted as a
 * failure of the attacker. That never loses a win: the fastest winning
 * strategy never repeats a position, since the number of turns it still
 * needs falls at every turn. It can make a disproof depend on the path, so
 * a disproof records the shallowest ancestor it cut at (dep); it becomes a
 * fact of the table only at that ancestor, where the cut lies inside its own
 * subtree. Proofs never use a cut and are always facts. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../core/xalloc.h"
#include "solver_internal.h"

#define R_INF (1 << 30) /* SvVal.r: cannot win however many turns remain */

struct SvChild {
    SvKey key;
    uint32_t pn, dn;
    int d, r, l, dep;
    int rem;    /* turns left before the cap at the child */
    int stones; /* stones on the board (a repetition needs as many) */
    Action action;
    int step;   /* turns the action took (1) */
    bool pure;
    bool cut;   /* a repetition: never looked up in the table */
    bool attacker_moves;
    SvPacked packed;
};

double sv_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void sv_worker_init(SvWorker *w, Solver *sv, int attacker, bool reports)
{
    memset(w, 0, sizeof *w);
    w->sv = sv;
    w->attacker = attacker;
    w->reports = reports;
}

void sv_worker_free(SvWorker *w)
{
    free(w->path);
    free(w->path_stones);
    free(w->arena);
    memset(w, 0, sizeof *w);
}

static void reserve(void **p, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return;
    int c = *cap ? *cap : 256;
    while (c < need)
        c *= 2;
    *p = xrealloc(*p, (size_t)c * size);
    *cap = c;
}

bool sv_count_node(SvWorker *w)
{
    Solver *sv = w->sv;
    if (w->quota_end && w->expanded >= w->quota_end)
        w->halted = true;
    /* The budget is checked every 256 nodes, or every node when it is small. */
    if (++w->pending < 256 && !(sv->node_limit && sv->node_limit < 4096))
        return sv_halted(w);
    long long total = atomic_fetch_add(&sv->nodes, w->pending) + w->pending;
    w->pending = 0;
    if (sv->node_limit && total >= sv->node_limit)
        atomic_store(&sv->stop, true);
    if (sv->deadline > 0 || (w->reports && sv->progress)) {
        double now = sv_now();
        if (sv->deadline > 0 && now >= sv->deadline)
            atomic_store(&sv->stop, true);
        if (w->reports && sv->progress && now >= sv->next_progress) {
            sv->next_progress = now + 0.25;
            SolveProgress p = {total, now - sv->start, atomic_load(&sv->classified), sv->total};
            if (!sv->progress(sv->progress_ctx, &p))
                atomic_store(&sv->stop, true);
        }
    }
    return sv_halted(w);
}

/* ---- children ---- */

static void set_proven(SvChild *c, int d)
{
    c->pn = 0;
    c->dn = SV_INF;
    c->d = d;
}

static void set_disproven(SvChild *c, int r, bool pure, int l, int dep)
{
    c->pn = SV_INF;
    c->dn = 0;
    c->r = r;
    c->pure = pure;
    c->l = l;
    c->dep = dep;
}

static int entry_r(const SvEntry *e)
{
    return e->disproof == SV_FOREVER ? R_INF : e->disproof - 1;
}

/* Facts of the table for c (rem turns left); true when resolved. */
static bool apply_facts(SvChild *c, const SvEntry *e)
{
    if (e->proof != SV_NO_PROOF && e->proof <= c->rem) {
        set_proven(c, e->proof);
        return true;
    }
    if (e->disproof && entry_r(e) >= c->rem) {
        /* Pure when the defender's own win is proven: then every line of
         * the disproof ends in that win. */
        bool pure = e->beaten && e->beaten - 1 <= c->rem;
        set_disproven(c, entry_r(e), pure, pure ? e->beaten - 1 : 0, SV_DEP_NONE);
        return true;
    }
    return false;
}

static int stone_count(const SvPacked *p)
{
    return __builtin_popcountll(p->stones[0]) + __builtin_popcountll(p->stones[1]);
}

/* First pass over a child: the game over, or its key (its table entry is
 * fetched into the cache meanwhile). True when resolved already. */
static bool first_look(SvWorker *w, const MorphosState *s, const MorphosState *t, Action a, SvChild *c)
{
    Solver *sv = w->sv;
    memset(c, 0, sizeof *c);
    c->action = a;
    c->step = t->turn - s->turn;
    c->rem = t->cfg->move_cap - t->turn;
    c->dep = SV_DEP_NONE;
    if (t->phase == PHASE_OVER) {
        if (t->winner == 2)
            set_disproven(c, 0, false, 0, SV_DEP_NONE); /* the cap: valid when no turn is left */
        else if (morphos_seat_of(t, t->winner) == w->attacker)
            set_proven(c, 0);
        else
            set_disproven(c, R_INF, true, 0, SV_DEP_NONE);
        return true;
    }
    c->attacker_moves = morphos_seat_of(t, t->to_move) == w->attacker;
    sv_packed(sv, t, &c->packed);
    c->key = sv_key_packed(sv, t, &c->packed, w->attacker);
    c->stones = stone_count(&c->packed);
    c->pn = c->dn = 1; /* until the second look */
    sv_table_prefetch(&sv->tt, c->key);
    return false;
}

/* Second pass: a repetition, the table's facts and numbers, or the
 * evaluation of a new position. */
static void second_look(SvWorker *w, int depth, SvChild *c)
{
    Solver *sv = w->sv;
    /* Stones are never removed, so a repetition lies among the latest
     * ancestors with as many stones. */
    for (int j = depth; j >= 0 && w->path_stones[j] == c->stones; j--)
        if (sv_key_eq(w->path[j], c->key)) {
            c->cut = true;
            set_disproven(c, R_INF, false, 0, j);
            return;
        }
    SvEntry e;
    if (sv_table_get(&sv->tt, c->key, &e)) {
        if (!apply_facts(c, &e)) {
            c->pn = e.pn;
            c->dn = e.dn;
        }
        return;
    }
    if (sv_packed_wins_now(sv, &c->packed)) {
        if (c->attacker_moves)
            set_proven(c, 1);
        else
            set_disproven(c, R_INF, true, 1, SV_DEP_NONE);
        return;
    }
    sv_estimate(sv, &c->packed, c->attacker_moves, &c->pn, &c->dn);
}

static void init_child(SvWorker *w, const MorphosState *s, const MorphosState *t, Action a, int depth, SvChild *c)
{
    if (!first_look(w, s, t, a, c))
        second_look(w, depth, c);
}

static uint32_t sat_add(uint32_t a, uint32_t b)
{
    uint64_t x = (uint64_t)a + b;
    return x >= SV_INF ? SV_INF - 1 : (uint32_t)x;
}

static int add_r(int step, int r)
{
    return r >= R_INF ? R_INF : step + r;
}

/* ---- the search ---- */

static void store_resolved(SvWorker *w, SvKey key, const SvVal *v, long work)
{
    Solver *sv = w->sv;
    if (v->pn == 0) {
        if (v->d >= SV_NO_PROOF - 1)
            return;
        sv_table_put(&sv->tt, key, 0, 0, v->d, 0, 0, work);
        /* The defender can never win here: beaten within d turns. */
        sv_table_put(&sv->tt, sv_key_other(key), 0, 0, SV_NO_PROOF, SV_FOREVER, v->d + 1, 0);
        return;
    }
    int r = v->r >= R_INF ? SV_FOREVER : v->r + 1 < SV_FOREVER ? v->r + 1 : SV_FOREVER - 1;
    bool pure = v->pure && v->l < SV_NO_PROOF - 1;
    sv_table_put(&sv->tt, key, 0, 0, SV_NO_PROOF, r, pure ? v->l + 1 : 0, work);
    if (pure)
        sv_table_put(&sv->tt, sv_key_other(key), 0, 0, v->l, 0, 0, 0);
}

/* The node's value from its children once resolved. */
static SvVal resolve(const SvChild *ch, int k, bool or_node, uint32_t pn, uint32_t dn)
{
    SvVal v = {pn, dn, 0, 0, 0, false, SV_DEP_NONE, ACT_PASS};
    if (pn == 0) {
        v.d = or_node ? SV_NO_PROOF : 0;
        for (int i = 0; i < k; i++) {
            if (ch[i].pn != 0)
                continue;
            int d = ch[i].step + ch[i].d;
            if (or_node ? d < v.d : d > v.d) {
                v.d = d;
                v.best = ch[i].action;
            }
        }
        return v;
    }
    if (or_node) {
        /* Every action fails: the weakest guarantee of them all. */
        v.r = R_INF;
        v.pure = true;
        for (int i = 0; i < k; i++) {
            int r = add_r(ch[i].step, ch[i].r), l = ch[i].step + ch[i].l;
            v.r = r < v.r ? r : v.r;
            v.dep = ch[i].dep < v.dep ? ch[i].dep : v.dep;
            v.pure = v.pure && ch[i].pure;
            v.l = l > v.l ? l : v.l;
        }
        if (!v.pure)
            v.l = 0;
        return v;
    }
    /* The defender picks the best refutation: no dependence on the path,
     * then a proven win of its own, then the widest validity. */
    int best = -1;
    for (int i = 0; i < k; i++) {
        if (ch[i].dn != 0)
            continue;
        if (best < 0) {
            best = i;
            continue;
        }
        const SvChild *a = &ch[i], *b = &ch[best];
        bool better = a->dep != b->dep ? a->dep > b->dep
                      : a->pure != b->pure ? a->pure
                      : a->pure ? a->l < b->l
                                : a->r > b->r;
        if (better)
            best = i;
    }
    v.r = add_r(ch[best].step, ch[best].r);
    v.best = ch[best].action;
    v.dep = ch[best].dep;
    v.pure = ch[best].pure;
    v.l = v.pure ? ch[best].step + ch[best].l : 0;
    return v;
}

static SvVal mid(SvWorker *w, const MorphosState *s, int depth, uint32_t thpn, uint32_t thdn)
{
    Solver *sv = w->sv;
    const bool or_node = morphos_seat_of(s, s->to_move) == w->attacker;
    const SvKey key = w->path[depth];
    const long work0 = w->expanded++;
    if (sv_count_node(w))
        return (SvVal){1, 1, 0, 0, 0, false, SV_DEP_NONE, ACT_PASS}; /* unwinding */
    /* Children live in the worker's arena from base (indices: it may move). */
    const int base = w->arena_len, na = morphos_num_actions(s);
    reserve((void **)&w->arena, &w->arena_cap, base + na, sizeof *w->arena);
    int k = 0;
    SvVal v = {1, 1, 0, 0, 0, false, SV_DEP_NONE, ACT_PASS};
    bool done = false;
    /* A proven action of the attacker, or a refutation, settles it. */
#define SETTLES(c) ((or_node && (c)->pn == 0) || (!or_node && (c)->dn == 0))
    for (int i = 0; i < na && !done; i++) {
        Action a = morphos_nth_action(s, i);
        if (a == ACT_SWAP && sv->no_swap)
            continue;
        MorphosState t;
        morphos_scratch_copy(&t, s);
        morphos_apply_fast(&t, a);
        SvChild *c = &w->arena[base + k++];
        if (first_look(w, s, &t, a, c) && SETTLES(c)) {
            v = resolve(c, 1, or_node, or_node ? 0 : SV_INF, or_node ? SV_INF : 0);
            done = true;
        }
    }
    for (int i = 0; i < k && !done; i++) {
        SvChild *c = &w->arena[base + i];
        if (c->key.b == 0)
            continue; /* the game is over there */
        second_look(w, depth, c);
        if (SETTLES(c)) {
            v = resolve(c, 1, or_node, or_node ? 0 : SV_INF, or_node ? SV_INF : 0);
            done = true;
        }
    }
#undef SETTLES
    w->arena_len = base + k;
    if (k == 0) /* no action (never with the rules the solver supports) */
        atomic_store(&sv->stop, true);
    while (!done && k > 0) {
        SvChild *ch = &w->arena[base];
        uint32_t pn = or_node ? SV_INF : 0, dn = or_node ? 0 : SV_INF;
        uint32_t second = SV_INF;
        int best = 0;
        for (int i = 0; i < k; i++) {
            uint32_t own = or_node ? ch[i].pn : ch[i].dn, other = or_node ? ch[i].dn : ch[i].pn;
            uint32_t *min = or_node ? &pn : &dn, *sum = or_node ? &dn : &pn;
            if (own < *min) {
                second = *min;
                *min = own;
                best = i;
            } else if (own < second) {
                second = own;
            }
            *sum = other >= SV_INF || *sum >= SV_INF ? SV_INF : sat_add(*sum, other);
        }
        if (pn == 0 || dn == 0) {
            v = resolve(ch, k, or_node, pn, dn);
            done = true;
            break;
        }
        v.pn = pn;
        v.dn = dn;
        if (pn >= thpn || dn >= thdn || sv_halted(w))
            break;
        if (depth + 2 >= SV_MAX_DEPTH) {
            atomic_store(&sv->stop, true);
            break;
        }
        /* 1+epsilon: the child may grow a quarter past the second best
         * before the parent switches. */
        uint64_t grow = second >= SV_INF ? SV_INF : (uint64_t)second + second / 4 + 1;
        uint32_t cth_own = (uint32_t)(grow < (or_node ? thpn : thdn) ? grow : (or_node ? thpn : thdn));
        uint64_t cth_other = or_node ? (uint64_t)thdn - dn + ch[best].dn : (uint64_t)thpn - pn + ch[best].pn;
        if (cth_other > SV_INF)
            cth_other = SV_INF;
        MorphosState t;
        morphos_scratch_copy(&t, s);
        morphos_apply_fast(&t, ch[best].action);
        reserve((void **)&w->path, &w->path_cap, depth + 2, sizeof *w->path);
        reserve((void **)&w->path_stones, &w->path_stones_cap, depth + 2, sizeof *w->path_stones);
        w->path[depth + 1] = ch[best].key;
        w->path_stones[depth + 1] = ch[best].stones;
        SvVal cv = or_node ? mid(w, &t, depth + 1, cth_own, (uint32_t)cth_other)
                           : mid(w, &t, depth + 1, (uint32_t)cth_other, cth_own);
        SvChild *c = &w->arena[base + best];
        c->pn = cv.pn;
        c->dn = cv.dn;
        c->d = cv.d;
        c->r = cv.r;
        c->l = cv.l;
        c->pure = cv.pure;
        c->dep = cv.dep;
    }
    w->arena_len = base;
    long work = w->expanded - work0;
    if (v.pn == 0 || v.dn == 0) {
        if (v.dn == 0 && v.dep != SV_DEP_NONE && v.dep >= depth)
            v.dep = SV_DEP_NONE; /* the cut repeats this very node: resolved here */
        if (v.pn == 0 || v.dep == SV_DEP_NONE)
            store_resolved(w, key, &v, work);
    } else if (!sv_halted(w)) {
        sv_table_put(&sv->tt, key, v.pn, v.dn, SV_NO_PROOF, 0, 0, work);
    }
    return v;
}

int sv_fact(Solver *sv, const MorphosState *s, int attacker, bool *pure)
{
    SvChild c = {.key = sv_key(sv, s, attacker), .rem = s->cfg->move_cap - s->turn, .dep = SV_DEP_NONE};
    SvEntry e;
    *pure = false;
    if (!sv_table_get(&sv->tt, c.key, &e) || !apply_facts(&c, &e))
        return 0;
    *pure = c.pure;
    return c.pn == 0 ? 1 : -1;
}

SvVal sv_search(SvWorker *w, const MorphosState *s)
{
    SvChild root;
    w->halted = false;
    w->quota_end = w->quota ? w->expanded + w->quota : 0;
    /* The position itself may be over, or already known. */
    init_child(w, s, s, ACT_PASS, -1, &root);
    if (root.pn == 0 || root.dn == 0)
        return (SvVal){root.pn, root.dn, root.d, root.r, root.l, root.pure, SV_DEP_NONE, ACT_PASS};
    reserve((void **)&w->path, &w->path_cap, 1, sizeof *w->path);
    reserve((void **)&w->path_stones, &w->path_stones_cap, 1, sizeof *w->path_stones);
    w->path[0] = root.key;
    w->path_stones[0] = root.stones;
    return mid(w, s, 0, SV_INF, SV_INF);
}
