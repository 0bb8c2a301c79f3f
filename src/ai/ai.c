/* An Ai once made (ai_new, in levels.c, finds its level): its life, the
 * calls every level answers through its AiOps, advice from a level without
 * its own hook, and what the levels share: reading their key=value
 * parameters and a chance in words. */
#include "ai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/utf8.h"

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

void ai_share_words(double p, StrBuf *out)
{
    if (p >= 1 - 1e-9)
        sb_puts(out, "all");
    else if (p > 0.995)
        sb_puts(out, "more than 99%");
    else if (p <= 1e-9)
        sb_puts(out, "none");
    else if (p < 0.005)
        sb_puts(out, "less than 1%");
    else
        sb_printf(out, "about %.0f%%", 100 * p);
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
