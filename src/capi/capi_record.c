/* The C API: records in and out (morph_api.h), through src/front/record.c
 * as `morph replay` and `morph engine`'s save use it. */
#include <stdio.h>
#include <string.h>

#include "../core/xalloc.h"
#include "../front/record.h"
#include "../games/registry.h"
#include "capi_internal.h"

Session *capi_session_of(const MorphState *s, const char *const *players, int64_t seed)
{
    char err[ERR_MAX];
    if (!s->from_start) {
        capi_fail("this state was read from a text: what was played before it is unknown, so it has no record");
        return NULL;
    }
    const Game *g = s->g->game;
    const char *list[MAX_PLAYERS];
    for (int p = 0; p < g->num_players; p++)
        list[p] = players ? players[p] : s->has_players ? s->players[p] : "human";
    for (int p = 0; p < g->num_players; p++)
        if (!list[p])
            return capi_fail("player %d: expected 'human' or 'ai:LEVEL'", p + 1), NULL;
    Game *copy = game_new(g->ops->name, &g->options, err, sizeof err);
    Session *ses = copy ? session_new_game(copy, list, seed >= 0 ? (uint64_t)seed : s->seed, err, sizeof err) : NULL;
    if (!ses) {
        capi_fail("%s", err);
        return NULL;
    }
    /* Chance the seed would have drawn is recorded as drawn, so a game
     * played from its seed gives a record of "chance": "seed". */
    for (int i = 0; i < s->n; i++) {
        Action a = s->hist[i];
        bool ok = true;
        if (state_is_chance(ses->state) && !action_is_leave(a) && session_chance_sample(ses) == a)
            session_chance_step(ses);
        else
            ok = session_apply(ses, a, err, sizeof err);
        if (!ok) { /* cannot happen: the state applied it */
            session_free(ses);
            capi_fail("history[%d]: %s", i, err);
            return NULL;
        }
    }
    return ses;
}

MorphState *capi_state_of_session(const Session *ses, MorphGame **game)
{
    char err[ERR_MAX];
    Game *copy = game_new(ses->game->ops->name, &ses->game->options, err, sizeof err);
    if (!copy) { /* cannot happen: the session's game has these options */
        capi_fail("%s", err);
        return NULL;
    }
    MorphGame *g = capi_game_wrap(copy);
    MorphState *s = morph_state_new(g);
    for (int i = 0; i < ses->count; i++) {
        Action a;
        if (!copy->ops->parse_action(s->st, ses->steps[i].text, &a, err, sizeof err)) {
            morph_state_free(s); /* cannot happen: the session applied it */
            morph_game_free(g);
            capi_fail("actions[%d]: %s", i, err);
            return NULL;
        }
        capi_state_push(s, a);
    }
    s->seed = ses->seed;
    s->has_players = true;
    for (int p = 0; p < g->game->num_players; p++) {
        const Seat *seat = &ses->seats[p];
        snprintf(s->players[p], sizeof s->players[p], "%s%s", seat->is_ai ? "ai:" : "human",
                 seat->is_ai ? seat->spec : "");
    }
    *game = g;
    return s;
}

static MorphState *loaded(Session *ses, json_t *doc, const RecordError *e, MorphGame **game, char **doc_out)
{
    if (!ses) {
        capi_fail("%s", e->message);
        return NULL;
    }
    MorphState *s = capi_state_of_session(ses, game);
    session_free(ses);
    if (s && doc_out)
        *doc_out = capi_dump(json_incref(doc));
    return s;
}

MORPH_API MorphState *morph_record_load(const char *path, MorphGame **game, char **doc)
{
    RecordError e;
    json_t *d = NULL;
    Session *ses = record_load(path, true, &d, &e);
    MorphState *s = loaded(ses, d, &e, game, doc);
    json_decref(d);
    return s;
}

MORPH_API MorphState *morph_record_load_text(const char *text, MorphGame **game, char **doc)
{
    json_t *d = capi_parse_json(text, "record");
    if (!d)
        return NULL;
    RecordError e;
    Session *ses = record_load_json(d, "(text)", true, &e);
    MorphState *s = loaded(ses, d, &e, game, doc);
    json_decref(d);
    return s;
}

MORPH_API char *morph_record_json(const MorphState *s, const char *const *players, int64_t seed)
{
    Session *ses = capi_session_of(s, players, seed);
    if (!ses)
        return NULL;
    char *text = capi_dump(record_from_session(ses, NULL));
    session_free(ses);
    return text;
}

MORPH_API int morph_record_save(const MorphState *s, const char *const *players, int64_t seed, const char *path)
{
    char err[ERR_MAX + 256];
    Session *ses = capi_session_of(s, players, seed);
    if (!ses)
        return -1;
    bool ok = record_save(ses, path, NULL, RECORD_DURABLE, err, sizeof err);
    session_free(ses);
    return ok ? 0 : (capi_fail("%s", err), -1);
}
