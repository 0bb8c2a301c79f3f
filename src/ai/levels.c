/* The registry of AI levels: every level of this build, and which level
 * plays each game where nobody named one. Adding a level is one line in
 * levels[]; making it a game's default or hint level is one word in that
 * game's line of per_game[] (docs/architecture.md, "Adding a third game"). */
#include <stdio.h>
#include <string.h>

#include "levels.h"
#include "../core/utf8.h"

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
    /* game      default   hint      strongest analysis */
    {"morpyam", "master", "master", "master", "master"},
    {"morphos", "greedy", "mcts", "mcts", "mcts"},
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
    static const AiGameLevels any = {NULL, "random", "random", "random", "random"};
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
