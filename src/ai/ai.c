#include "ai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "levels.h"
#include "../core/utf8.h"

static const AiOps *const levels[] = {
    &ai_random_ops,
    &ai_greedy_ops,
    &ai_expert_ops,
    &ai_mcts_ops,
    NULL,
};

const AiOps *const *ai_list(void)
{
    return levels;
}

Ai *ai_new(const char *spec, const Game *g, uint64_t seed, char *err, size_t errlen)
{
    const char *colon = strchr(spec, ':');
    size_t name_len = colon ? (size_t)(colon - spec) : strlen(spec);
    const AiOps *ops = NULL;
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
    if (ops->games && !list_contains(ops->games, g->ops->name)) {
        snprintf(err, errlen, "AI level '%s' does not play %s (it plays %s)", ops->name, g->ops->name, ops->games);
        return NULL;
    }
    if (strlen(spec) >= sizeof((Ai *)0)->spec) {
        char q[EXCERPT_SIZE];
        snprintf(err, errlen, "AI spec '%s' is too long (at most %zu characters)", text_excerpt(spec, EXCERPT_MAX, q, sizeof q),
                 sizeof((Ai *)0)->spec - 1);
        return NULL;
    }
    Ai *ai = calloc(1, sizeof *ai);
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
