/* The registry of AI levels: every level of this build, which level plays
 * each game where nobody named one, and making an AI from a spec by
 * finding its level here (ai_new). Adding a level is one line in levels[];
 * making it a game's default or hint level is one word in that game's line
 * of per_game[] (docs/architecture.md, "Adding a third game"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "levels.h"
#include "../core/utf8.h"
#include "../core/xalloc.h"

static const AiOps *const levels[] = {
    &ai_random_ops,
    &ai_greedy_ops,
    &ai_expert_ops,
    &ai_master_ops,
    &ai_mcts_ops,
    NULL,
};

/* One line a game of src/games/registry.c (tests/unit/test_registries.c
 * checks that each has one and that its levels play it). */
static const AiGameLevels per_game[] = {
    /* game      default   gentle    hint      strongest analysis */
    {"morpyam", "master", "greedy", "master", "master", "master"},
    {"morphos", "greedy", "greedy", "mcts", "mcts", "mcts"},
};

const AiOps *const *ai_list(void)
{
    return levels;
}

bool ai_plays(const AiOps *level, const char *game)
{
    return !level->games || list_contains(level->games, game);
}

const AiOps *ai_level(const char *name, const char *game)
{
    for (const AiOps *const *l = levels; *l; l++)
        if (strcmp((*l)->name, name) == 0 && ai_plays(*l, game))
            return *l;
    return NULL;
}

void ai_levels_text(const char *game, char *out, size_t outlen)
{
    size_t used = 0;
    out[0] = '\0';
    for (const AiOps *const *l = levels; *l && used < outlen; l++) {
        if (!ai_plays(*l, game))
            continue;
        int w = snprintf(out + used, outlen - used, "%s%s", used ? ", " : "", (*l)->name);
        used += w > 0 ? (size_t)w : 0;
    }
}

const AiGameLevels *ai_game_levels(const char *game)
{
    static const AiGameLevels any = {NULL, "random", "random", "random", "random", "random"};
    for (size_t i = 0; i < sizeof per_game / sizeof per_game[0]; i++)
        if (game && strcmp(per_game[i].game, game) == 0)
            return &per_game[i];
    return &any;
}

void ai_hint_spec(const char *game, int ms, char *out, size_t outlen)
{
    const char *name = ai_game_levels(game)->hint_level;
    const AiOps *level = ai_level(name, game);
    if (level && level->default_ms)
        snprintf(out, outlen, "%s:ms=%d", name, ms);
    else
        snprintf(out, outlen, "%s", name);
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
