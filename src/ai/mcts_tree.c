/* The mcts search tree: nodes with their edges stored contiguously, RAVE
 * selection, expansion, policy playouts, backpropagation of real and AMAF
 * results, and tree reuse by copying the subtree of the new root. */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "mcts.h"
#include "mcts_prior.h"
#include "morphos_features.h"
#include "../core/xalloc.h"

void *mcts_grow(void *p, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return p;
    int c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    void *q = xrealloc(p, (size_t)c * size);
    *cap = c;
    return q;
}

void mcts_tree_init(MctsTree *t, int max_edges, uint64_t seed)
{
    memset(t, 0, sizeof *t);
    t->max_edges = max_edges;
    t->root = -1;
    rng_seed(&t->rng, seed);
}

void mcts_tree_free(MctsTree *t)
{
    free(t->nodes);
    free(t->edges);
    free(t->acts);
    free(t->path);
    free(t->seats);
}

static int new_node(MctsTree *t)
{
    t->nodes = mcts_grow(t->nodes, &t->ncap, t->nn + 1, sizeof *t->nodes);
    MctsNode *nd = &t->nodes[t->nn];
    nd->first_edge = -1;
    nd->num_edges = 0;
    nd->n = 0;
    return t->nn++;
}

static void clear(MctsTree *t, const MorphosState *s)
{
    t->nn = t->ne = 0;
    morphos_scratch_copy(&t->root_state, s);
    t->root = new_node(t);
}

bool mcts_same_position(const MorphosState *a, const MorphosState *b)
{
    const int nw = a->cfg->nw;
    return a->cfg == b->cfg && a->phase == b->phase && a->to_move == b->to_move && a->turn == b->turn &&
           a->black_seat == b->black_seat && (a->phase != PHASE_DUO || a->anchor == b->anchor) &&
           bb_equal(&a->stones[0], &b->stones[0], nw) && bb_equal(&a->stones[1], &b->stones[1], nw) &&
           bb_equal(&a->flipped_last, &b->flipped_last, nw);
}

void mcts_tree_set_root(MctsTree *t, const MorphosState *s)
{
    if (t->root < 0 || !mcts_same_position(&t->root_state, s))
        clear(t, s);
}

/* Copies the subtree under old node `from` into fresh arrays. */
static void rebase(MctsTree *t, int from)
{
    MctsNode *nodes = NULL;
    MctsEdge *edges = NULL;
    int nn = 0, ncap = 0, ne = 0, ecap = 0;
    /* Breadth-first: queue of (old node, new node) pairs. */
    int *queue = xmalloc((size_t)t->nn * 2 * sizeof *queue);
    int head = 0, tail = 0;
    nodes = mcts_grow(nodes, &ncap, 1, sizeof *nodes);
    nodes[nn++] = t->nodes[from];
    queue[tail++] = from;
    queue[tail++] = 0;
    while (head < tail) {
        int old = queue[head++], neu = queue[head++];
        const MctsNode *on = &t->nodes[old];
        if (on->first_edge < 0)
            continue;
        edges = mcts_grow(edges, &ecap, ne + on->num_edges, sizeof *edges);
        nodes[neu].first_edge = ne;
        for (int k = 0; k < on->num_edges; k++) {
            MctsEdge e = t->edges[on->first_edge + k];
            if (e.child >= 0) {
                nodes = mcts_grow(nodes, &ncap, nn + 1, sizeof *nodes);
                nodes[nn] = t->nodes[e.child];
                queue[tail++] = e.child;
                queue[tail++] = nn;
                e.child = nn++;
            }
            edges[ne++] = e;
        }
    }
    free(queue);
    free(t->nodes);
    free(t->edges);
    t->nodes = nodes;
    t->edges = edges;
    t->nn = nn;
    t->ncap = ncap;
    t->ne = ne;
    t->ecap = ecap;
    t->root = 0;
}

void mcts_tree_advance(MctsTree *t, const MorphosState *s, Action a)
{
    if (t->root < 0 || !mcts_same_position(&t->root_state, s)) {
        t->root = -1;
        return;
    }
    const MctsNode *r = &t->nodes[t->root];
    int child = -1;
    for (int k = 0; r->first_edge >= 0 && k < r->num_edges; k++)
        if (t->edges[r->first_edge + k].action == a)
            child = t->edges[r->first_edge + k].child;
    MorphosState next = t->root_state;
    morphos_apply_fast(&next, a);
    if (child < 0 || next.phase == PHASE_OVER) {
        clear(t, &next);
        return;
    }
    rebase(t, child);
    t->root_state = next;
}

/* The hand-made prior (patterns=0): flips and points on a shortest
 * connection of either colour (see morphos_features.h) above even, other
 * placements below. */
static void hand_shares(const MorphosState *s, MctsEdge *e, int k)
{
    Bb paths[2];
    mf_shortest_paths(s->cfg, s->stones, s->to_move, &paths[0]);
    mf_shortest_paths(s->cfg, s->stones, s->to_move ^ 1, &paths[1]);
    for (int i = 0; i < k; i++) {
        int share = 50;
        if (e[i].action >= ACT_FLIP && e[i].action < ACT_SWAP)
            share = 70;
        else if (e[i].action < ACT_FLIP)
            share = bb_test(&paths[0], e[i].action) || bb_test(&paths[1], e[i].action) ? 65 : 35;
        e[i].prior = (uint8_t)share;
    }
}

/* The fitted pattern prior (patterns=1, mcts_prior.h): an action whose
 * strength is the node's mean gets an even share, one e times stronger
 * pscale more; shares stay within 5% and 95%. Swap and pass stay even. */
static void pattern_shares(const MorphosState *s, int last, const MctsParams *p, MctsEdge *e, int k)
{
    PriorContext ctx;
    mcts_prior_context(s, last, &ctx);
    double gamma[MAX_ACTIONS], sum = 0;
    int counted = 0;
    for (int i = 0; i < k; i++) {
        gamma[i] = 0;
        if (e[i].action >= ACT_SWAP)
            continue;
        PriorFeatures f;
        mcts_prior_features(s, &ctx, e[i].action, &f);
        gamma[i] = mcts_prior_gamma(&f);
        sum += gamma[i];
        counted++;
    }
    double mean = counted ? sum / counted : 1;
    for (int i = 0; i < k; i++) {
        double share = gamma[i] > 0 ? 0.5 + p->pscale * log(gamma[i] / mean) : 0.5;
        share = share < 0.05 ? 0.05 : share > 0.95 ? 0.95 : share;
        e[i].prior = (uint8_t)lround(share * 100);
    }
}

/* Creates the edges of node; refused past the memory bound unless forced.
 * Each edge starts with `prior` virtual visits whose win share says how
 * promising the action looks. last: the point of the stone placed or
 * flipped just before (-1 at the root, where it is not known). */
static bool expand(MctsTree *t, int node, const MorphosState *s, const MctsParams *p, bool force, int last)
{
    int k = morphos_num_actions(s);
    if (t->ne + k > t->max_edges && !force)
        return false;
    t->edges = mcts_grow(t->edges, &t->ecap, t->ne + k, sizeof *t->edges);
    MctsNode *nd = &t->nodes[node];
    nd->first_edge = t->ne;
    nd->num_edges = k;
    MctsEdge *e = &t->edges[t->ne];
    t->ne += k;
    for (int i = 0; i < k; i++) {
        memset(&e[i], 0, sizeof e[i]);
        e[i].child = -1;
        e[i].action = (int16_t)morphos_nth_action(s, i);
    }
    if (p->prior <= 0)
        return true;
    if (p->patterns)
        pattern_shares(s, last, p, e, k);
    else
        hand_shares(s, e, k);
    for (int i = 0; i < k; i++) {
        e[i].n = (uint32_t)p->prior;
        e[i].w = (float)(e[i].prior * p->prior / 100.0);
    }
    return true;
}

/* 1 / sqrt(n + 1) for the visit counts of most edges, so that selection
 * needs no square root per edge (built once). */
enum { INV_SQRT_N = 4096 };
static float inv_sqrt[INV_SQRT_N];
static pthread_once_t inv_sqrt_once = PTHREAD_ONCE_INIT;

static void build_inv_sqrt(void)
{
    for (int n = 0; n < INV_SQRT_N; n++)
        inv_sqrt[n] = (float)(1 / sqrt(n + 1.0));
}

static int select_edge(const MctsTree *t, const MctsNode *nd, const MctsParams *p)
{
    const MctsEdge *e = &t->edges[nd->first_edge];
    /* explore * sqrt(ln N / (n + 1)) = c_n / sqrt(n + 1) */
    const float c_n = (float)(p->explore * sqrt(log((double)nd->n + 1))), inv_rave = (float)(1 / p->rave);
    float best = -2;
    int choice = 0;
    for (int k = 0; k < nd->num_edges; k++) {
        float v;
        if (e[k].proven > 0)
            return k; /* a proven win is always the mover's choice */
        if (e[k].proven < 0)
            v = -1; /* only when every action loses */
        else if (e[k].n == 0 && e[k].rn == 0) {
            v = 1.0f; /* first-play urgency */
        } else {
            float n = (float)e[k].n, rn = (float)e[k].rn;
            float beta = rn / (rn + n + n * rn * inv_rave);
            float q = e[k].n ? e[k].w / n : 0, amaf = e[k].rn ? e[k].rw / rn : 0;
            float u = e[k].n < INV_SQRT_N ? inv_sqrt[e[k].n] : 1 / sqrtf(n + 1);
            v = (1 - beta) * q + beta * amaf + c_n * u;
        }
        if (v > best) {
            best = v;
            choice = k;
        }
    }
    return choice;
}

/* MCTS-Solver: the edge ei taken at depth d wins (result 1) or loses (-1)
 * for its mover; a node with a winning edge is won for its mover, a node
 * whose edges all lose is lost, and the edge above gets the matching result
 * for its own mover (the same seat in multi-part turns, the opponent
 * otherwise). */
static void prove(MctsTree *t, int d, int ei, int result)
{
    t->edges[ei].proven = (int8_t)result;
    for (int j = d; j > 0; j--) {
        const MctsNode *nd = &t->nodes[t->path[j]];
        int status = -1;
        for (int k = 0; k < nd->num_edges && status != 1; k++) {
            int p = t->edges[nd->first_edge + k].proven;
            if (p > 0)
                status = 1;
            else if (p == 0)
                status = 0;
        }
        if (status == 0)
            return;
        const MctsNode *up = &t->nodes[t->path[j - 1]];
        MctsEdge *e = &t->edges[up->first_edge];
        int k = 0;
        while (e[k].action != t->acts[j - 1])
            k++;
        e[k].proven = (int8_t)(t->seats[j - 1] == t->seats[j] ? status : -status);
    }
}

static void ensure_buffers(MctsTree *t, const MorphosState *s)
{
    int need = 3 * (s->cfg->move_cap - s->turn) + 16;
    if (need <= t->buf_cap)
        return;
    t->acts = xrealloc(t->acts, (size_t)need * sizeof *t->acts);
    t->path = xrealloc(t->path, (size_t)need * sizeof *t->path);
    t->seats = xrealloc(t->seats, (size_t)need);
    t->buf_cap = need;
}

static void simulate(MctsTree *t, const MctsParams *p)
{
    MorphosState s = t->root_state;
    int node = t->root, depth = 0;
    /* Selection and expansion: a leaf gets its edges on its second visit. */
    while (s.phase != PHASE_OVER) {
        int last = depth > 0 && t->acts[depth - 1] < ACT_SWAP ? t->acts[depth - 1] % ACT_FLIP : -1;
        if (t->nodes[node].first_edge < 0 && (t->nodes[node].n == 0 || !expand(t, node, &s, p, false, last)))
            break;
        MctsNode *nd = &t->nodes[node];
        int k = select_edge(t, nd, p);
        int ei = nd->first_edge + k;
        t->path[depth] = node;
        t->acts[depth] = t->edges[ei].action;
        t->seats[depth] = (uint8_t)morphos_seat_of(&s, s.to_move);
        int mover = s.to_move;
        depth++;
        morphos_apply_fast(&s, t->edges[ei].action);
        if (s.phase == PHASE_OVER && s.winner != 2)
            prove(t, depth - 1, ei, s.winner == mover ? 1 : -1); /* a deadlock can lose */
        if (t->edges[ei].child < 0) {
            int c = new_node(t);
            t->edges[ei].child = c;
            node = c;
            /* What the exact search knows of the new node, for the edge's mover. */
            int known = t->solver && s.phase != PHASE_OVER ? mcts_node_proof(t->solver, p, &s) : 0;
            if (known)
                prove(t, depth - 1, ei, morphos_seat_of(&s, s.to_move) == t->seats[depth - 1] ? known : -known);
            break;
        }
        node = t->edges[ei].child;
    }
    t->nodes[node].n++; /* the leaf (or terminal node) reached */
    int len = mcts_playout(&s, &t->rng, t->acts, t->seats, depth, t->buf_cap);
    int winner = s.winner == 2 ? -1 : morphos_seat_of(&s, s.winner);
    /* Backpropagation, walking the actions backwards so that key_seat holds
     * the seat that first played each action from that point on (AMAF). */
    memset(t->key_seat, -1, sizeof t->key_seat);
    for (int i = len - 1; i >= 0; i--) {
        t->key_seat[t->acts[i] & (MCTS_KEYS - 1)] = (int8_t)t->seats[i];
        if (i >= depth)
            continue;
        int mover = t->seats[i];
        float r = winner < 0 ? 0.5f : winner == mover ? 1.0f : 0.0f;
        MctsNode *nd = &t->nodes[t->path[i]];
        nd->n++;
        MctsEdge *e = &t->edges[nd->first_edge];
        for (int k = 0; k < nd->num_edges; k++) {
            if (e[k].action == t->acts[i]) {
                e[k].n++;
                e[k].w += r;
            }
            if (t->key_seat[e[k].action & (MCTS_KEYS - 1)] == mover) {
                e[k].rn++;
                e[k].rw += r;
            }
        }
    }
}

void mcts_tree_mark_root(MctsTree *t, const MctsParams *p, Action a, int proven)
{
    if (t->root < 0 || t->root_state.phase == PHASE_OVER)
        return;
    if (t->nodes[t->root].first_edge < 0)
        expand(t, t->root, &t->root_state, p, true, -1);
    const MctsNode *r = &t->nodes[t->root];
    for (int k = 0; k < r->num_edges; k++)
        if (t->edges[r->first_edge + k].action == a)
            t->edges[r->first_edge + k].proven = (int8_t)proven;
}

void mcts_tree_search(MctsTree *t, const MctsParams *p, long playouts, double deadline)
{
    ensure_buffers(t, &t->root_state);
    pthread_once(&inv_sqrt_once, build_inv_sqrt);
    t->sims = 0;
    if (t->root_state.phase == PHASE_OVER)
        return;
    if (t->nodes[t->root].first_edge < 0)
        expand(t, t->root, &t->root_state, p, true, -1);
    while (t->sims < playouts) {
        simulate(t, p);
        t->sims++;
        if (deadline > 0 && (t->sims & 15) == 0 && mcts_now() >= deadline)
            break;
    }
}
