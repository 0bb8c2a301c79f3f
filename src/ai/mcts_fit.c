/* Self-play records and the minorization-maximization fit of the pattern
 * priors (mcts_fit.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xalloc.h"
#include "ai.h"
#include "mcts.h"
#include "mcts_fit.h"

/* Records the placements and flips of the decision at s and which one was
 * chosen; decisions with a single such action teach nothing. */
static void record(FitData *d, const MorphosState *s, int last, Action chosen)
{
    PriorContext ctx;
    mcts_prior_context(s, last, &ctx);
    int n = morphos_num_actions(s), start = d->ncands, pick = -1;
    d->cands = mcts_grow(d->cands, &d->ccap, start + n, sizeof *d->cands);
    for (int k = 0; k < n; k++) {
        Action a = morphos_nth_action(s, k);
        if (a >= ACT_SWAP)
            continue;
        if (a == chosen)
            pick = d->ncands;
        mcts_prior_features(s, &ctx, a, &d->cands[d->ncands++]);
    }
    if (pick < 0 || d->ncands - start < 2) {
        d->ncands = start;
        return;
    }
    int cap_first = d->dcap, cap_chosen = d->dcap; /* both grow alike */
    d->first = mcts_grow(d->first, &cap_first, d->ndecisions + 2, sizeof *d->first);
    d->chosen = mcts_grow(d->chosen, &cap_chosen, d->ndecisions + 2, sizeof *d->chosen);
    d->dcap = cap_first;
    d->first[d->ndecisions] = start;
    d->chosen[d->ndecisions] = pick;
    d->ndecisions++;
    d->first[d->ndecisions] = d->ncands;
}

bool mcts_fit_collect(const Game *g, const char *spec, long games, uint64_t seed, FitData *out,
                      void (*progress)(void *ctx, long done), void *ctx, char *err, size_t errlen)
{
    for (long i = 0; i < games; i++) {
        Rng rng;
        rng_seed(&rng, seed + 0x9e3779b97f4a7c15ull * (uint64_t)(i + 1));
        Ai *ais[2];
        for (int p = 0; p < 2; p++)
            if (!(ais[p] = ai_new(spec, g, rng_next(&rng), err, errlen))) {
                if (p)
                    ai_free(ais[0]);
                return false;
            }
        State *st = state_new(g);
        int last = -1;
        while (!state_is_terminal(st)) {
            Action a = ai_choose(ais[state_player(st)], st, NULL);
            if (a < ACT_SWAP)
                record(out, (const MorphosState *)st, last, a);
            state_apply(st, a);
            if (a < ACT_SWAP)
                last = a % ACT_FLIP;
        }
        state_free(st);
        ai_free(ais[0]);
        ai_free(ais[1]);
        out->games++;
        if (progress)
            progress(ctx, i + 1);
    }
    return true;
}

void mcts_fit_free(FitData *d)
{
    free(d->first);
    free(d->chosen);
    free(d->cands);
    memset(d, 0, sizeof *d);
}

/* Where each group's values start among all the strengths; the patterns
 * come last, the shared strength of the rare ones first among them. */
static const int group_size[PF_GROUPS - 1] = {PF_KIND_N, PF_PATH_N, PF_NEAR_N, PF_WIN_N, PF_WEAK_N};

void mcts_fit_solve(const FitData *d, int iterations, int min_count, FitResult *out)
{
    memset(out, 0, sizeof *out);
    int offset[PF_GROUPS + 1];
    offset[0] = 0;
    for (int g = 0; g < PF_GROUPS - 1; g++)
        offset[g + 1] = offset[g] + group_size[g];
    int *count = xcalloc(PF_PATTERN_N, sizeof *count), *index = xcalloc(PF_PATTERN_N, sizeof *index);
    for (int c = 0; c < d->ncands; c++)
        count[mcts_prior_canonical(d->cands[c].f[PF_PATTERN])]++;
    int npat = 1; /* index 0: the rare patterns */
    for (int code = 0; code < PF_PATTERN_N; code++)
        index[code] = count[code] >= min_count ? npat++ : 0;
    const int nf = offset[PF_PATTERN] + npat;
    offset[PF_GROUPS] = nf;
    /* Each candidate's features as indices among all the strengths. */
    int (*fi)[PF_GROUPS] = xmalloc((size_t)(d->ncands ? d->ncands : 1) * sizeof *fi);
    double *gamma = xmalloc((size_t)nf * sizeof *gamma), *wins = xcalloc((size_t)nf, sizeof *wins),
           *den = xmalloc((size_t)nf * sizeof *den), *prod = xmalloc((size_t)(d->ncands ? d->ncands : 1) * sizeof *prod);
    for (int c = 0; c < d->ncands; c++) {
        for (int g = 0; g < PF_PATTERN; g++)
            fi[c][g] = offset[g] + d->cands[c].f[g];
        fi[c][PF_PATTERN] = offset[PF_PATTERN] + index[mcts_prior_canonical(d->cands[c].f[PF_PATTERN])];
    }
    for (int i = 0; i < nf; i++)
        gamma[i] = 1;
    for (int j = 0; j < d->ndecisions; j++)
        for (int g = 0; g < PF_GROUPS; g++)
            wins[fi[d->chosen[j]][g]]++;
    for (int it = 0; it < iterations; it++)
        for (int g = 0; g < PF_GROUPS; g++) {
            for (int c = 0; c < d->ncands; c++) {
                double p = 1;
                for (int h = 0; h < PF_GROUPS; h++)
                    p *= gamma[fi[c][h]];
                prod[c] = p;
            }
            for (int i = offset[g]; i < offset[g + 1]; i++)
                den[i] = 0;
            for (int j = 0; j < d->ndecisions; j++) {
                double e = 0;
                for (int c = d->first[j]; c < d->first[j + 1]; c++)
                    e += prod[c];
                for (int c = d->first[j]; c < d->first[j + 1]; c++)
                    den[fi[c][g]] += prod[c] / gamma[fi[c][g]] / e;
            }
            /* One virtual win and one virtual loss against strength 1 keep
             * rare values near 1 (Coulom's prior). */
            for (int i = offset[g]; i < offset[g + 1]; i++)
                gamma[i] = (wins[i] + 1) / (den[i] + 2 / (1 + gamma[i]));
        }
    /* How well the fitted model predicts the choices. */
    double ll = 0, ull = 0;
    int top = 0;
    for (int j = 0; j < d->ndecisions; j++) {
        double e = 0, best = 0;
        for (int c = d->first[j]; c < d->first[j + 1]; c++) {
            double p = 1;
            for (int h = 0; h < PF_GROUPS; h++)
                p *= gamma[fi[c][h]];
            e += p;
            best = p > best ? p : best;
            prod[c] = p;
        }
        ll += log(prod[d->chosen[j]] / e);
        ull -= log(d->first[j + 1] - d->first[j]);
        top += prod[d->chosen[j]] >= best;
    }
    int nd = d->ndecisions ? d->ndecisions : 1;
    out->log_likelihood = ll / nd;
    out->uniform_log_likelihood = ull / nd;
    out->top1 = (double)top / nd;
    float *groups[PF_GROUPS - 1] = {out->kind, out->path, out->near, out->win, out->weak};
    for (int g = 0; g < PF_GROUPS - 1; g++)
        for (int v = 0; v < group_size[g]; v++)
            groups[g][v] = (float)gamma[offset[g] + v];
    out->patterns = xmalloc((size_t)npat * sizeof *out->patterns);
    double rare = gamma[offset[PF_PATTERN]];
    for (int code = 0; code < PF_PATTERN_N; code++)
        if (index[code])
            out->patterns[out->npatterns++] =
                (PriorPattern){(uint16_t)code, (float)(gamma[offset[PF_PATTERN] + index[code]] / rare)};
    free(count);
    free(index);
    free(fi);
    free(gamma);
    free(wins);
    free(den);
    free(prod);
}

void mcts_fit_result_free(FitResult *r)
{
    free(r->patterns);
    r->patterns = NULL;
}
