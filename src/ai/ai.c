#include "ai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "levels.h"

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
        int n = snprintf(err, errlen, "unknown AI level '%.*s' (expected one of:", (int)name_len, spec);
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
        snprintf(err, errlen, "AI spec '%.40s...' is too long", spec);
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

bool ai_parse_params(const char *params, bool (*on_pair)(void *ctx, const char *key, const char *value, char *err, size_t errlen),
                     void *ctx, char *err, size_t errlen)
{
    char copy[128];
    if (strlen(params) >= sizeof copy) {
        snprintf(err, errlen, "AI parameters '%.40s...' are too long", params);
        return false;
    }
    strcpy(copy, params);
    for (char *save = NULL, *pair = strtok_r(copy, ",", &save); pair; pair = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(pair, '=');
        if (!eq) {
            snprintf(err, errlen, "malformed AI parameter '%s' (expected key=value)", pair);
            return false;
        }
        *eq = '\0';
        if (!on_pair(ctx, pair, eq + 1, err, errlen))
            return false;
    }
    return true;
}
