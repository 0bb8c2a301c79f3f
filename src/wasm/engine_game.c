/* Making the page's games (engine.h): from a spec of the game, its options
 * and seats, or from a record. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/utf8.h"
#include "../core/xalloc.h"
#include "../front/record.h"
#include "../games/registry.h"
#include "engine_internal.h"

/* The seats' names for sentences: names (an array of strings, or NULL)
 * where given, else "P1".."P4" as the server names seats without an
 * account or AI. */
static bool read_names(Engine *e, const json_t *names)
{
    int n = e->s->game->num_players;
    if (names && (!json_is_array(names) || (int)json_array_size(names) != n))
        return engine_fail("'names' must be an array of %d strings, one a seat", n), false;
    for (int p = 0; p < n; p++) {
        const json_t *name = names ? json_array_get(names, (size_t)p) : NULL;
        if (name && !json_is_string(name))
            return engine_fail("'names' must be an array of %d strings, one a seat", n), false;
        if (name)
            snprintf(e->names[p], sizeof e->names[p], "%s", json_string_value(name));
        else
            snprintf(e->names[p], sizeof e->names[p], "P%d", p + 1);
        utf8_repair(e->names[p]); /* a cut in the middle of a character */
        e->voice.names[p] = e->names[p];
    }
    e->voice.viewer = -1;
    return true;
}

/* A handle over s (taken), with the log of its history written. */
static Engine *wrap(Session *s)
{
    Engine *e = xcalloc(1, sizeof *e);
    e->s = s;
    e->view = view_for(s->game->ops->name);
    return e;
}

/* Writes the entries of the actions s holds already (a loaded record), by
 * reading their texts again on a fresh state, then keeps the log. */
static void log_history(Engine *e)
{
    const Session *s = e->s;
    e->log_cap = s->count + 64;
    e->log = xcalloc((size_t)e->log_cap, sizeof *e->log);
    State *work = state_new(s->game);
    char err[ERR_MAX];
    for (int i = 0; i < s->count; i++) {
        Action a;
        if (!s->game->ops->parse_action(work, s->steps[i].text, &a, err, sizeof err))
            break; /* never: the record was replayed already */
        StrBuf entry = STRBUF_INIT;
        view_entry(e->view, work, a, s->steps[i].text, s->steps[i].player, i, &e->voice, &entry);
        e->log[i] = entry.data;
        state_apply(work, a);
    }
    state_free(work);
    engine_watch(e);
}

Engine *engine_new(const char *spec_text)
{
    json_error_t jerr;
    json_t *spec = spec_text ? json_loads(spec_text, JSON_REJECT_DUPLICATES, &jerr) : NULL;
    if (!json_is_object(spec)) {
        json_decref(spec);
        return engine_fail("the game's spec must be a JSON object: %s", spec_text ? jerr.text : "none given");
    }
    Engine *e = NULL;
    char err[ERR_MAX];
    const char *key;
    json_t *value;
    json_object_foreach(spec, key, value) {
        static const char *const known[] = {"game", "options", "players", "seed", "names", "real_dice", "ai_seats"};
        bool ok = false;
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
            ok |= strcmp(key, known[i]) == 0;
        if (!ok) {
            char q[EXCERPT_SIZE];
            engine_fail("unknown key '%s' in the game's spec", text_excerpt(key, EXCERPT_MAX, q, sizeof q));
            goto done;
        }
    }
    const char *name = json_string_value(json_object_get(spec, "game"));
    const GameOps *ops = name ? game_lookup(name) : NULL;
    if (!ops) {
        char names[128];
        game_names_text(", ", " or ", false, NULL, names, sizeof names);
        engine_fail("'game' must be %s", names);
        goto done;
    }
    Options opts;
    options_init(&opts);
    const json_t *options = json_object_get(spec, "options");
    if (options && !json_is_object(options)) {
        engine_fail("'options' must be an object");
        goto done;
    }
    json_t *none = json_object();
    bool read = game_options_from_json(ops, options ? options : none, &opts, err, sizeof err);
    json_decref(none);
    if (!read) {
        engine_fail("options: %s", err);
        goto done;
    }
    Game *g = game_create(ops, &opts, err, sizeof err);
    if (!g) {
        engine_fail("options: %s", err);
        goto done;
    }
    const json_t *players = json_object_get(spec, "players");
    const char *seats[MAX_PLAYERS] = {NULL};
    if (players && (!json_is_array(players) || (int)json_array_size(players) != g->num_players)) {
        game_free(g);
        engine_fail("'players' must be an array of %d strings, \"human\" or \"ai:LEVEL\"", g->num_players);
        goto done;
    }
    for (int p = 0; players && p < g->num_players; p++)
        if (!(seats[p] = json_string_value(json_array_get(players, (size_t)p)))) {
            game_free(g);
            engine_fail("'players' must be an array of strings, \"human\" or \"ai:LEVEL\"");
            goto done;
        }
    const json_t *seed = json_object_get(spec, "seed");
    if (seed && (!json_is_integer(seed) || json_integer_value(seed) < 0)) {
        game_free(g);
        engine_fail("'seed' must be a whole number from 0");
        goto done;
    }
    Session *s = session_new_game(g, players ? seats : NULL, seed ? (uint64_t)json_integer_value(seed) : 0, err,
                                  sizeof err);
    if (!s) {
        engine_fail("%s", err);
        goto done;
    }
    e = wrap(s);
    e->real_dice = json_is_true(json_object_get(spec, "real_dice"));
    const json_t *ai = json_object_get(spec, "ai_seats");
    size_t i;
    json_t *seat;
    json_array_foreach(ai, i, seat) {
        json_int_t k = json_integer_value(seat);
        if (k >= 1 && k <= g->num_players)
            e->ai_seats |= 1u << (k - 1);
    }
    if (!read_names(e, json_object_get(spec, "names"))) {
        engine_close(e);
        e = NULL;
        goto done;
    }
    engine_watch(e);
done:
    json_decref(spec);
    return e;
}

Engine *engine_load(const char *record_text, const char *names_text)
{
    json_error_t jerr;
    json_t *doc = record_text ? json_loads(record_text, JSON_REJECT_DUPLICATES, &jerr) : NULL;
    if (!doc)
        return engine_fail("the record is not JSON: %s", record_text ? jerr.text : "none given");
    RecordError re;
    Session *s = record_load_json(doc, "upload", true, &re);
    json_decref(doc);
    if (!s)
        return engine_fail("%s", re.message);
    json_t *names = names_text ? json_loads(names_text, 0, &jerr) : NULL;
    Engine *e = wrap(s);
    bool named = read_names(e, names_text ? (names ? names : json_true()) : NULL);
    json_decref(names);
    if (!named) {
        engine_close(e);
        return NULL;
    }
    log_history(e);
    return e;
}
