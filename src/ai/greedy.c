/* The "greedy" level: dispatches to the game's own greedy player. */
#include <stdio.h>
#include <string.h>

#include "greedy.h"
#include "levels.h"

static bool is_morpyam(const Game *g)
{
    return strcmp(g->ops->name, "morpyam") == 0;
}

static bool greedy_create(Ai *ai, const char *params, char *err, size_t errlen)
{
    if (is_morpyam(ai->game))
        return morpyam_greedy_create(ai, params, err, errlen);
    if (strcmp(ai->game->ops->name, "morphos") == 0)
        return morphos_greedy_create(ai, params, err, errlen);
    snprintf(err, errlen, "AI level 'greedy' does not play %s (it plays morpyam and morphos)", ai->game->ops->name);
    return false;
}

static Action greedy_choose(Ai *ai, const State *s, StrBuf *explain)
{
    return is_morpyam(ai->game) ? morpyam_greedy_choose(ai, s, explain) : morphos_greedy_choose(ai, s, explain);
}

static void greedy_destroy(Ai *ai)
{
    if (is_morpyam(ai->game))
        morpyam_greedy_destroy(ai);
    else
        morphos_greedy_destroy(ai);
}

const AiOps ai_greedy_ops = {
    .name = "greedy",
    .summary = "one-move lookahead: Morpyam keeps the dice for the best squares and places for points and "
               "blocking; Morphos takes wins, flips, then the move that best shortens its connection",
    .games = "morpyam,morphos",
    .create = greedy_create,
    .choose = greedy_choose,
    .destroy = greedy_destroy,
};
