#include "ai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/utf8.h"
#include "../core/xalloc.h"

Ai *ai_new(const char *spec, const Game *g, uint64_t seed, char *err, size_t errlen)
{
    const char *colon = strchr(spec, ':');
    size_t name_len = colon ? (size_t)(colon - spec) : strlen(spec);
    const AiOps *const *levels = ai_list(), *ops = NULL;
    for (const AiOps *const *l = levels; *l; l++)
        if (strlen((*l)->name) == name_len && strncmp((*l)->name, spec, name_len) == 0)
            ops = *l;
    if (!ops) {
        char head[EXCERPT_MAX + 2], name[EXCERPT_SIZE];
        size_t keep = name_len < sizeof head - 1 ? name_len : sizeof head - 1;
        memcpy(head, spec, keep);
        head[keep] = '\0';
        text_excerpt(head, EXCERPT_MAX, name, sizeof name);
        int n = snprintf(err, errlen, "unknown AI level '%s' (expected one of:", name);
        for (const AiOps *const *l = levels; *l && n >= 0 && (size_t)n < errlen; l++)
            n += snprintf(err + n, errlen - (size_t)n, "%s %s", l == levels ? "" : ",", (*l)->name);
        if (n >= 0 && (size_t)n < errlen)
            snprintf(err + n, errlen - (size_t)n, ")");
        return NULL;
    }
    if (!ai_plays(ops, g->ops->name)) {
        snprintf(err, errlen, "AI level '%s' does not play %s (it plays %s)", ops->name, g->ops->name, ops->games);
        return NULL;
    }
    if (strlen(spec) >= sizeof((Ai *)0)->spec) {
        char q[EXCERPT_SIZE];
        snprintf(err, errlen, "AI spec '%s' is too long (at most %zu characters)", text_excerpt(spec, EXCERPT_MAX, q, sizeof q),
                 sizeof((Ai *)0)->spec - 1);
        return NULL;
    }
    Ai *ai = xcalloc(1, sizeof *ai);
    ai->ops = ops;
    ai->game = g;
    rng_seed(&ai->rng, seed);
    strcpy(ai->spec, spec);
    if (!ops->create(ai, colon ? colon + 1 : "", err, errlen)) {
        free(ai);
        return NULL;
    }
    return ai;
}

void ai_free(Ai *ai)
{
    if (!ai)
        return;
    if (ai->ops->destroy)
        ai->ops->destroy(ai);
    free(ai);
}

void ai_observe(Ai *ai, const State *s, Action a)
{
    if (ai->ops->observe)
        ai->ops->observe(ai, s, a);
}

void ai_reseed(Ai *ai, uint64_t seed)
{
    rng_seed(&ai->rng, seed);
    if (ai->ops->reseed)
        ai->ops->reseed(ai);
}

bool ai_parse_params(const char *params, bool (*on_pair)(void *ctx, const char *key, const char *value, char *err, size_t errlen),
                     void *ctx, char *err, size_t errlen)
{
    char copy[128];
    if (strlen(params) >= sizeof copy) {
        char q[EXCERPT_SIZE];
        snprintf(err, errlen, "AI parameters '%s' are too long (at most %zu characters)",
                 text_excerpt(params, EXCERPT_MAX, q, sizeof q), sizeof copy - 1);
        return false;
    }
    strcpy(copy, params);
    for (char *save = NULL, *pair = strtok_r(copy, ",", &save); pair; pair = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(pair, '=');
        if (!eq) {
            char q[EXCERPT_SIZE];
            snprintf(err, errlen, "malformed AI parameter '%s' (expected key=value)", text_excerpt(pair, EXCERPT_MAX, q, sizeof q));
            return false;
        }
        *eq = '\0';
        if (!on_pair(ctx, pair, eq + 1, err, errlen))
            return false;
    }
    return true;
}

void ai_percent_words(double p, StrBuf *out)
{
    if (p >= 1 - 1e-9)
        sb_puts(out, "100%");
    else if (p > 0.995)
        sb_puts(out, ">99%");
    else if (p <= 1e-9)
        sb_puts(out, "0%");
    else if (p < 0.005)
        sb_puts(out, "<1%");
    else
        sb_printf(out, "%.0f%%", 100 * p);
}

void ai_advice_free(AiAdvice *a)
{
    sb_free(&a->words);
    sb_free(&a->detail);
}

/* Without a hook: the level's choices while the same seat decides, their
 * texts joined as one move ("c3,c4"), and its explanation of the first. */
static void advise_by_choosing(Ai *ai, const State *s, AiAdvice *out)
{
    State *work = state_clone(s);
    int seat = state_player(s);
    while (out->plan_len < AI_PLAN_MAX && state_player(work) == seat) {
        Action a = ai_choose(ai, work, out->plan_len == 0 ? &out->detail : NULL);
        if (!state_is_legal(work, a))
            break;
        if (out->plan_len)
            sb_putc(&out->words, ',');
        state_action_text(work, a, &out->words);
        out->plan[out->plan_len++] = a;
        state_apply(work, a);
    }
    state_free(work);
}

void ai_advise(Ai *ai, const State *s, const Voice *v, AiAdvice *out)
{
    memset(out, 0, sizeof *out);
    out->chance = -1;
    out->cell = -1;
    if (ai->ops->advise)
        ai->ops->advise(ai, s, v, out);
    else
        advise_by_choosing(ai, s, out);
    out->action = out->plan_len ? out->plan[0] : ACTION_RESIGN;
}
