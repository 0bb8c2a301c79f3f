/* The "greedy" level: dispatches to the game's own greedy player. */
#include <stdio.h>
#include <string.h>

#include "greedy.h"
#include "levels.h"

static bool is_morphos(const Game *g)
{
    return strcmp(g->ops->name, "morphos") == 0;
}

static bool greedy_create(Ai *ai, const char *params, char *err, size_t errlen)
{
    if (is_morphos(ai->game))
        return morphos_greedy_create(ai, params, err, errlen);
    snprintf(err, errlen, "AI level 'greedy' does not play %s (it plays morphos)", ai->game->ops->name);
    return false;
}

static Action greedy_choose(Ai *ai, const State *s, StrBuf *explain)
{
    return morphos_greedy_choose(ai, s, explain);
}

static void greedy_destroy(Ai *ai)
{
    morphos_greedy_destroy(ai);
}

const AiOps ai_greedy_ops = {
    .name = "greedy",
    .summary = "one-move lookahead: wins, flips, then the move that best shortens its connection",
    .games = "morphos",
    .create = greedy_create,
    .choose = greedy_choose,
    .destroy = greedy_destroy,
};
