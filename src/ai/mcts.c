/* The "mcts" level for Morphos, Monte Carlo tree search with RAVE and a
 * playout policy that knows the game (mcts_tree.c, mcts_playout.c): its
 * parameters, its AiOps, its choices and advice with their explanations,
 * and tree reuse; one decision is mcts_decide.c's. Each decision searches a
 * fresh tree, so with a playouts budget the choice depends only on the
 * position and the seed the session gives before it (a resumed game goes on
 * as the uninterrupted one); reuse=1 keeps the tree between decisions
 * instead, following every observed action (measured: no gain at 1000 and
 * 4000 playouts, docs/ai.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../games/morphos/morphos.h"
#include "levels.h"
#include "mcts.h"
#include "../core/number.h"
#include "../core/utf8.h"
#include "../core/xalloc.h"

/* The exact search: at most this many empty points, this share of the time. */
#define MCTS_SOLVE_EMPTIES 24
#define MCTS_SOLVE_SHARE 10
/* Edges per tree (24 bytes each): bounds memory at about 200 MB per tree. */
#define MAX_EDGES (8 << 20)

/* Parameter values are read strictly (core/number.h): no spaces, signs,
 * exponents or hexadecimal. */
static bool parse_long(const char *key, const char *value, long lo, long hi, long *out, char *err, size_t errlen)
{
    if (number_parse_long(value, lo, hi, out))
        return true;
    char q[EXCERPT_SIZE];
    snprintf(err, errlen, "AI parameter '%s' must be a whole number from %ld to %ld, got '%s'", key, lo, hi,
             text_excerpt(value, EXCERPT_MAX, q, sizeof q));
    return false;
}

static bool parse_double(const char *key, const char *value, double lo, double hi, double *out, char *err,
                         size_t errlen)
{
    if (number_parse_decimal(value, lo, hi, out))
        return true;
    char q[EXCERPT_SIZE];
    snprintf(err, errlen, "AI parameter '%s' must be a number from %g to %g, got '%s'", key, lo, hi,
             text_excerpt(value, EXCERPT_MAX, q, sizeof q));
    return false;
}

static bool on_pair(void *ctx, const char *key, const char *value, char *err, size_t errlen)
{
    MctsParams *p = ctx;
    long v;
    if (strcmp(key, "playouts") == 0) {
        if (!parse_long(key, value, 1, 100000000, &p->playouts, err, errlen))
            return false;
        p->ms = 0;
        return true;
    }
    if (strcmp(key, "ms") == 0) {
        if (!parse_long(key, value, 1, 3600000, &p->ms, err, errlen))
            return false;
        p->playouts = 0;
        return true;
    }
    if (strcmp(key, "threads") == 0) {
        if (!parse_long(key, value, 1, MCTS_MAX_THREADS, &v, err, errlen))
            return false;
        p->threads = (int)v;
        return true;
    }
    if (strcmp(key, "reuse") == 0) {
        if (!parse_long(key, value, 0, 1, &v, err, errlen))
            return false;
        p->reuse = (int)v;
        return true;
    }
    if (strcmp(key, "solve") == 0) {
        if (!parse_long(key, value, 0, 361, &v, err, errlen))
            return false;
        p->solve = (int)v;
        return true;
    }
    if (strcmp(key, "solvetime") == 0) {
        if (!parse_long(key, value, 1, 100, &v, err, errlen))
            return false;
        p->solve_share = (int)v;
        return true;
    }
    if (strcmp(key, "explore") == 0)
        return parse_double(key, value, 0, 10, &p->explore, err, errlen);
    if (strcmp(key, "rave") == 0)
        return parse_double(key, value, 1, 1e9, &p->rave, err, errlen);
    if (strcmp(key, "prior") == 0) {
        if (!parse_long(key, value, 0, 1000, &v, err, errlen))
            return false;
        p->prior = (int)v;
        return true;
    }
    if (strcmp(key, "patterns") == 0) {
        if (!parse_long(key, value, 0, 1, &v, err, errlen))
            return false;
        p->patterns = (int)v;
        return true;
    }
    if (strcmp(key, "pscale") == 0)
        return parse_double(key, value, 0, 1, &p->pscale, err, errlen);
    char q[EXCERPT_SIZE];
    snprintf(err, errlen,
             "unknown AI parameter '%s' for mcts (expected playouts, ms, threads, explore, rave, prior, patterns, "
             "pscale, reuse, solve or solvetime)",
             text_excerpt(key, EXCERPT_MAX, q, sizeof q));
    return false;
}

static bool mcts_create(Ai *ai, const char *params, char *err, size_t errlen)
{
    MctsParams p = {.playouts = 0, .ms = 1000, .threads = 1, .explore = 0.1, .rave = 1000, .prior = 60,
                    .patterns = 1, .pscale = 0.1, .reuse = 0, .solve = MCTS_SOLVE_EMPTIES,
                    .solve_share = MCTS_SOLVE_SHARE};
    if (!ai_parse_params(params, on_pair, &p, err, errlen))
        return false;
    Mcts *m = xcalloc(1, sizeof *m);
    m->params = p;
    for (int i = 0; i < MCTS_MAX_THREADS; i++)
        mcts_tree_init(&m->trees[i], MAX_EDGES, rng_next(&ai->rng));
    ai->data = m;
    return true;
}

static void mcts_destroy(Ai *ai)
{
    Mcts *m = ai->data;
    for (int i = 0; i < MCTS_MAX_THREADS; i++)
        mcts_tree_free(&m->trees[i]);
    solver_free(m->solver);
    free(m);
}

static void action_name(const MorphosState *s, Action a, char out[8])
{
    char pt[4];
    if (a == ACT_SWAP)
        strcpy(out, "swap");
    else if (a == ACT_PASS)
        strcpy(out, "pass");
    else if (a >= ACT_FLIP) {
        morphos_point_text(s->cfg, a - ACT_FLIP, pt);
        snprintf(out, 8, "x%s", pt);
    } else {
        morphos_point_text(s->cfg, a, pt);
        snprintf(out, 8, "%s", pt);
    }
}

/* The most visited line of tree 0 after the root's chosen action; parts of
 * the same turn are joined with commas. */
static void principal_variation(const MctsTree *t, int prior, Action first, StrBuf *out)
{
    MorphosState s = t->root_state;
    int node = t->root;
    Action a = first;
    for (int depth = 0; depth < 12; depth++) {
        char name[8];
        action_name(&s, a, name);
        int turn = s.turn;
        sb_puts(out, name);
        const MctsNode *nd = &t->nodes[node];
        int child = -1;
        for (int k = 0; k < nd->num_edges; k++)
            if (t->edges[nd->first_edge + k].action == a)
                child = t->edges[nd->first_edge + k].child;
        morphos_apply_fast(&s, a);
        if (child < 0 || s.phase == PHASE_OVER || t->nodes[child].first_edge < 0)
            return;
        node = child;
        nd = &t->nodes[node];
        uint32_t best = 0;
        for (int k = 0; k < nd->num_edges; k++)
            if (t->edges[nd->first_edge + k].n > best) {
                best = t->edges[nd->first_edge + k].n;
                a = t->edges[nd->first_edge + k].action;
            }
        if (best < (uint32_t)prior + 2)
            return;
        sb_putc(out, s.turn == turn ? ',' : ' ');
    }
}

static void explain_decision(const Mcts *m, const MorphosState *s, const Decision *d, StrBuf *explain)
{
    char name[8];
    action_name(s, d->action, name);
    if (d->by == BY_ONLY) {
        sb_printf(explain, "%s: the only legal action", name);
    } else if (d->by == BY_WIN_NOW) {
        sb_printf(explain, "%s: wins now", name);
    } else if (d->by == BY_PROOF) {
        sb_printf(explain, "%s: a proven win (exact search: %lld nodes in %.0f ms)", name, m->proof.nodes,
                  m->proof.seconds * 1000);
    } else {
        int nt = m->params.threads;
        sb_printf(explain, "%s: %.0f of %.0f visits, win rate %.1f%%%s (%ld playouts, %d thread%s); pv ", name, d->n,
                  d->total, d->n > 0 ? 100.0 * d->w / d->n : 0.0,
                  d->proven > 0 ? ", a proven win" : d->proven < 0 ? ", every action loses" : "", d->sims, nt,
                  nt > 1 ? "s" : "");
        principal_variation(&m->trees[0], m->params.prior, d->action, explain);
        if (m->proof.num_lost)
            sb_printf(explain, "; exact search: %d action%s proven to lose", m->proof.num_lost,
                      m->proof.num_lost > 1 ? "s" : "");
        else if (m->proof.value == SOLVE_LOSS)
            sb_puts(explain, "; exact search: every action loses");
    }
}

static Action mcts_choose(Ai *ai, const State *st, StrBuf *explain)
{
    Mcts *m = ai->data;
    const MorphosState *s = (const MorphosState *)st;
    if (s->phase == PHASE_OVER) {
        if (explain)
            sb_puts(explain, "the game is over");
        return ACT_PASS;
    }
    Decision d;
    mcts_decide(m, s, &d);
    if (explain)
        explain_decision(m, s, &d, explain);
    return d.action;
}

/* Advice: the whole turn (every part the mover plays in a row, each part
 * after the first from its own search, which reuses the tree) and the share
 * of simulated games the first part won. */
static void mcts_advise(Ai *ai, const State *st, const Voice *v, AiAdvice *out)
{
    Mcts *m = ai->data;
    const MorphosState *s = (const MorphosState *)st;
    static const char *const colours[2] = {"Black", "White"};
    if (s->phase == PHASE_OVER)
        return;
    Decision first, d;
    m->hinting = true;
    mcts_decide(m, s, &first);
    m->hinting = false;
    explain_decision(m, s, &first, &out->detail);
    MorphosState cur;
    morphos_scratch_copy(&cur, s);
    d = first;
    for (;;) {
        char name[8];
        action_name(&cur, d.action, name);
        sb_printf(&out->words, "%s%s", out->plan_len ? "," : "", name);
        out->plan[out->plan_len++] = d.action;
        for (int i = 0; i < m->params.threads; i++)
            mcts_tree_advance(&m->trees[i], &cur, d.action);
        morphos_apply_fast(&cur, d.action);
        if (cur.phase == PHASE_OVER || cur.to_move != s->to_move || cur.turn != s->turn ||
            out->plan_len == AI_PLAN_MAX)
            break;
        mcts_decide(m, &cur, &d);
    }
    Action a = first.action;
    int point = a == ACT_SWAP || a == ACT_PASS ? -1 : a >= ACT_FLIP ? a - ACT_FLIP : a;
    if (point >= 0)
        out->cell = morphos_row(s->cfg, point) * s->cfg->n + morphos_col(s->cfg, point);
    const char *mover = colours[s->to_move];
    sb_puts(&out->words, " \u2014 ");
    if (cur.phase == PHASE_OVER && cur.winner == s->to_move) {
        sb_printf(&out->words, "%s wins at once", mover);
        out->chance = 1;
    } else if (first.by == BY_ONLY) {
        sb_puts(&out->words, "the only legal move");
    } else if (first.proven > 0) {
        sb_printf(&out->words, "%s wins from there whatever the reply (a proven win)", mover);
        out->chance = 1;
    } else if (first.proven < 0) {
        sb_printf(&out->words, "%s loses against best play whatever the move (a proven loss)", mover);
        out->chance = 0;
    } else {
        out->chance = first.n > 0 ? first.w / first.n : 0;
        sb_printf(&out->words, "%s wins ", mover);
        ai_share_words(out->chance, &out->words);
        sb_puts(&out->words, " of the simulated games from there");
    }
}

long mcts_ai_playouts(const Ai *ai)
{
    const Mcts *m = ai->data;
    long sims = 0;
    for (int i = 0; i < m->params.threads; i++)
        sims += m->trees[i].sims;
    return sims;
}

static void mcts_observe(Ai *ai, const State *st, Action a)
{
    Mcts *m = ai->data;
    if (!m->params.reuse)
        return;
    for (int i = 0; i < m->params.threads; i++)
        mcts_tree_advance(&m->trees[i], (const MorphosState *)st, a);
}

static void mcts_reseed(Ai *ai)
{
    Mcts *m = ai->data;
    for (int i = 0; i < MCTS_MAX_THREADS; i++)
        rng_seed(&m->trees[i].rng, rng_next(&ai->rng));
}

/* Its swap is a search like its moves, so no zone can be named: at 20000
 * playouts on 9x9 it swapped b2, c7, b5, d4 and e5 and kept a1, c3, e3,
 * a5, e1 and b8 (seed 5). Said as a tendency, never as a rule. */
static void mcts_opening_words(const Game *g, StrBuf *out)
{
    const MorphosConfig *c = g->config;
    if (c->mutators & MUT_METAMORPH)
        return; /* metamorph opens with a flip: nothing particular to say */
    sb_puts(out, "reads the game ahead to decide whether to take over your first stone, as it does for its moves: "
                 "a central stone is the likeliest to be swapped, and no stone is sure to be kept");
}

const AiOps ai_mcts_ops = {
    .name = "mcts",
    .summary = "Monte Carlo tree search with RAVE, pattern priors and an exact search near the end; params "
               "playouts=N or ms=N (default ms=1000), threads=1|2, explore=C (0.1), rave=K (1000), prior=N (60), "
               "patterns=0|1 (1: fitted pattern prior, 0: hand-made), pscale=X (0.1), reuse=0|1 (0: a fresh tree "
               "per decision), solve=N (24: exact search with at most N empty points; 0 never), solvetime=P "
               "(10: its percent of the time)",
    .games = "morphos",
    .default_ms = 1000,
    .takes_threads = true,
    .create = mcts_create,
    .choose = mcts_choose,
    .observe = mcts_observe,
    .reseed = mcts_reseed,
    .destroy = mcts_destroy,
    .advise = mcts_advise,
    .judge = mcts_judge,
    .opening_words = mcts_opening_words,
};
