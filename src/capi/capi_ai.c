/* The C API: AI choices and seeded games played to the end (morph_api.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ai/ai.h"
#include "../core/utf8.h"
#include "../games/registry.h"
#include "capi_internal.h"

MORPH_API char *morph_ai_levels_json(const char *game)
{
    if (!game_lookup(game)) {
        char names[128], q[EXCERPT_SIZE];
        game_names_text(", ", " or ", false, NULL, names, sizeof names);
        capi_fail("unknown game '%s' (expected %s)", text_excerpt(game, EXCERPT_MAX, q, sizeof q), names);
        return NULL;
    }
    json_t *levels = json_array();
    for (const AiOps *const *l = ai_list(); *l; l++)
        if (ai_plays(*l, game))
            json_array_append_new(levels, json_pack("{s:s,s:s,s:i,s:b}", "level", (*l)->name, "summary",
                                                    (*l)->summary, "default_ms", (*l)->default_ms, "threads",
                                                    (*l)->takes_threads));
    return capi_dump(levels);
}

MORPH_API int morph_ai_choose(const MorphState *s, const char *spec, uint64_t seed, int32_t *out, char **explain)
{
    char err[ERR_MAX];
    int p = state_player(s->st);
    if (p < 0)
        return capi_fail(p == PLAYER_CHANCE ? "a chance node: nothing to decide (apply a chance outcome)"
                                            : "the game is over: nothing to decide"),
               -1;
    Ai *ai = ai_new(spec, s->g->game, seed, err, sizeof err);
    if (!ai)
        return capi_fail("%s", err), -1;
    StrBuf why = STRBUF_INIT;
    *out = ai_choose(ai, s->st, explain ? &why : NULL);
    ai_free(ai);
    if (explain)
        *explain = capi_strdup(sb_str(&why));
    sb_free(&why);
    return 0;
}

/* A session of a copy of g with every seat an AI of specs[p]. */
static Session *ai_session(const MorphGame *g, const char *const *specs, uint64_t seed)
{
    char err[ERR_MAX];
    int n = g->game->num_players;
    char players[MAX_PLAYERS][136];
    const char *list[MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        if (!specs[p] || !specs[p][0] || strlen(specs[p]) > 127) {
            capi_fail("seat %d: expected an AI spec such as 'random' or 'mcts:ms=100'", p + 1);
            return NULL;
        }
        snprintf(players[p], sizeof players[p], "ai:%s", specs[p]);
        list[p] = players[p];
    }
    Game *copy = game_new(g->game->ops->name, &g->game->options, err, sizeof err);
    Session *ses = copy ? session_new_game(copy, list, seed, err, sizeof err) : NULL;
    if (!ses)
        capi_fail("%s", err);
    return ses;
}

/* The seats decide and the seed draws chance until the end, as morph play
 * and the arena run a game of AIs. */
static bool play_out(Session *ses)
{
    char err[ERR_MAX];
    while (!session_is_terminal(ses)) {
        Action a;
        if (state_is_chance(ses->state))
            session_chance_step(ses);
        else if (!session_ai_choose(ses, &a, NULL, err, sizeof err) || !session_apply(ses, a, err, sizeof err))
            return capi_fail("%s", err);
    }
    return true;
}

static bool seeds_fit(uint64_t seed, int n)
{
    if (n < 1)
        return capi_fail("expected at least one game, got %d", n);
    if (seed > (uint64_t)SESSION_SEED_MAX - (uint64_t)(n - 1))
        return capi_fail("seeds are 0 to 2^63-1: %d games from seed %llu go past it", n, (unsigned long long)seed);
    return true;
}

MORPH_API int morph_play_games(const MorphGame *g, const char *const *specs, uint64_t seed, int n, double *returns,
                               int32_t *lengths, uint32_t *winners, int32_t *points)
{
    if (!seeds_fit(seed, n))
        return -1;
    int players = g->game->num_players;
    for (int i = 0; i < n; i++) {
        Session *ses = ai_session(g, specs, seed + (uint64_t)i);
        if (!ses || !play_out(ses)) {
            session_free(ses);
            return -1;
        }
        GameResult r;
        double ret[MAX_PLAYERS];
        state_result(ses->state, &r);
        result_returns(&r, players, ret);
        for (int p = 0; p < players; p++) {
            returns[(size_t)i * players + p] = ret[p];
            points[(size_t)i * players + p] = r.has_points ? r.points[p] : 0;
        }
        lengths[i] = ses->count;
        winners[i] = r.winners;
        session_free(ses);
    }
    return n;
}

/* The session observer of morph_play_game: every action in order. */
static void collect(void *ctx, const Session *ses, const State *before, Action a, int player, int index)
{
    MorphState *s = ctx;
    capi_state_push(s, a);
}

MORPH_API MorphState *morph_play_game(const MorphGame *g, const char *const *specs, uint64_t seed)
{
    if (!seeds_fit(seed, 1))
        return NULL;
    Session *ses = ai_session(g, specs, seed);
    if (!ses)
        return NULL;
    MorphState *s = morph_state_new(g);
    session_set_observer(ses, collect, s);
    if (!play_out(ses)) {
        session_free(ses);
        morph_state_free(s);
        return NULL;
    }
    s->seed = seed;
    s->has_players = true;
    for (int p = 0; p < g->game->num_players; p++)
        snprintf(s->players[p], sizeof s->players[p], "ai:%s", ses->seats[p].spec);
    session_free(ses);
    return s;
}
