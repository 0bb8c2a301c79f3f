/* The "greedy" level: each game has a greedy player of its own
 * (morpyam_greedy.c, morphos_greedy.c); this table says which, one line a
 * game, and .games below lists the same games. */
#include <stdio.h>
#include <string.h>

#include "greedy.h"
#include "levels.h"

typedef struct GreedyPlayer {
    const char *game;
    bool (*create)(Ai *ai, const char *params, char *err, size_t errlen);
    Action (*choose)(Ai *ai, const State *s, StrBuf *explain);
    void (*destroy)(Ai *ai);
    void (*opening_words)(const Game *g, StrBuf *out); /* NULL: nothing to say */
} GreedyPlayer;

static const GreedyPlayer players[] = {
    {"morpyam", morpyam_greedy_create, morpyam_greedy_choose, morpyam_greedy_destroy, NULL},
    {"morphos", morphos_greedy_create, morphos_greedy_choose, morphos_greedy_destroy, morphos_greedy_opening},
};

/* The greedy player of g's game (ai_new lets only the games of .games in). */
static const GreedyPlayer *player_of(const Game *g)
{
    for (size_t i = 0; i < sizeof players / sizeof players[0]; i++)
        if (strcmp(players[i].game, g->ops->name) == 0)
            return &players[i];
    return NULL;
}

static bool greedy_create(Ai *ai, const char *params, char *err, size_t errlen)
{
    const GreedyPlayer *p = player_of(ai->game);
    if (!p) {
        snprintf(err, errlen, "AI level 'greedy' does not play %s (it plays %s)", ai->game->ops->name,
                 ai_greedy_ops.games);
        return false;
    }
    return p->create(ai, params, err, errlen);
}

static Action greedy_choose(Ai *ai, const State *s, StrBuf *explain)
{
    return player_of(ai->game)->choose(ai, s, explain);
}

static void greedy_destroy(Ai *ai)
{
    player_of(ai->game)->destroy(ai);
}

static void greedy_opening_words(const Game *g, StrBuf *out)
{
    const GreedyPlayer *p = player_of(g);
    if (p && p->opening_words)
        p->opening_words(g, out);
}

const AiOps ai_greedy_ops = {
    .name = "greedy",
    .summary = "one-move lookahead: Morpyam keeps the dice for the best squares and places for points and "
               "blocking; Morphos takes wins, flips, then the move that best shortens its connection",
    .games = "morpyam,morphos",
    .create = greedy_create,
    .choose = greedy_choose,
    .destroy = greedy_destroy,
    .opening_words = greedy_opening_words,
};
