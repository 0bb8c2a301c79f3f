#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../ai/ai.h"
#include "../front/explain.h"
#include "../front/game_json.h"
#include "../front/record.h"
#include "../core/utf8.h"
#include "../games/registry.h"

void engine_init(Engine *e, const char *default_level)
{
    memset(e, 0, sizeof *e);
    if (default_level)
        snprintf(e->default_level, sizeof e->default_level, "%s", default_level);
}

void engine_free(Engine *e)
{
    session_free(e->session);
    e->session = NULL;
    json_decref(e->described);
    e->described = NULL;
}

/* The session observer: the sentence of every action applied, in order
 * (seats named P1..P4), for the "described" list of the reply. */
static void describe_applied(void *ctx, const Session *s, const State *before, Action a, int player, int index)
{
    Engine *e = ctx;
    StrBuf sb = STRBUF_INIT;
    state_describe(before, a, NULL, &sb);
    if (!e->described)
        e->described = json_array();
    json_array_append_new(e->described, json_text(sb_str(&sb)));
    sb_free(&sb);
}

/* Makes s the engine's game, its actions described from now on. */
static void take_session(Engine *e, Session *s)
{
    session_free(e->session);
    e->session = s;
    session_set_observer(s, describe_applied, e);
}

/* "played" (the texts of the actions from index from) and "described"
 * (their sentences, as the observer collected them during this request). */
static void add_played(Engine *e, json_t *reply, int from)
{
    json_t *list = json_array();
    for (int i = from; i < e->session->count; i++)
        json_array_append_new(list, json_text(e->session->steps[i].text));
    json_object_set_new(reply, "played", list);
    json_object_set_new(reply, "described", e->described ? json_incref(e->described) : json_array());
}

typedef json_t *(*Handler)(Engine *e, const json_t *req, char *err, size_t errlen);

/* Where the game stands, added to every reply that may change it. */
static void add_status(const Session *s, json_t *reply)
{
    int p = session_player(s);
    json_object_set_new(reply, "player", p >= 0 ? json_integer(p + 1) : json_null());
    json_object_set_new(reply, "chance", json_boolean(p == PLAYER_CHANCE));
    json_object_set_new(reply, "terminal", json_boolean(p == PLAYER_TERMINAL));
    json_object_set_new(reply, "result", game_result_to_json(s->state));
}

static json_t *texts_since(const Session *s, int from)
{
    json_t *list = json_array();
    for (int i = from; i < s->count; i++)
        json_array_append_new(list, json_text(s->steps[i].text));
    return list;
}

static bool need_game(const Engine *e, char *err, size_t errlen)
{
    if (!e->session)
        snprintf(err, errlen, "no game yet (send \"new\" first)");
    return e->session != NULL;
}

/* Reads an optional boolean field. */
static bool get_bool(const json_t *req, const char *key, bool def, bool *out, char *err, size_t errlen)
{
    const json_t *v = json_object_get(req, key);
    if (!v) {
        *out = def;
        return true;
    }
    if (!json_is_boolean(v)) {
        snprintf(err, errlen, "'%s' must be true or false", key);
        return false;
    }
    *out = json_is_true(v);
    return true;
}

static json_t *cmd_new(Engine *e, const json_t *req, char *err, size_t errlen)
{
    const char *game = json_string_value(json_object_get(req, "game"));
    if (!game) {
        snprintf(err, errlen, "'new' needs \"game\" (a string)");
        return NULL;
    }
    const GameOps *ops = game_lookup(game);
    if (!ops) {
        snprintf(err, errlen, "unknown game '%s'", game);
        return NULL;
    }
    Options opts;
    const json_t *options = json_object_get(req, "options");
    if (options && !game_options_from_json(ops, options, &opts, err, errlen))
        return NULL;
    if (!options)
        options_init(&opts);
    uint64_t seed;
    const json_t *jseed = json_object_get(req, "seed");
    if (jseed) {
        if (!json_is_integer(jseed) || json_integer_value(jseed) < 0) {
            snprintf(err, errlen, "'seed' must be a whole number from 0 to %lld", (long long)SESSION_SEED_MAX);
            return NULL;
        }
        seed = (uint64_t)json_integer_value(jseed);
    } else {
        seed = (uint64_t)time(NULL); /* no seed given: reported in the reply */
    }
    bool auto_chance;
    if (!get_bool(req, "auto_chance", false, &auto_chance, err, errlen))
        return NULL;
    Game *g = game_new(game, &opts, err, errlen);
    if (!g)
        return NULL;
    const char *players[MAX_PLAYERS];
    const json_t *jplayers = json_object_get(req, "players");
    if (jplayers) {
        if (!json_is_array(jplayers) || (int)json_array_size(jplayers) != g->num_players) {
            snprintf(err, errlen, "'players' must be an array of %d strings (\"human\" or \"ai:LEVEL\")",
                     g->num_players);
            game_free(g);
            return NULL;
        }
        for (int p = 0; p < g->num_players; p++) {
            players[p] = json_string_value(json_array_get(jplayers, (size_t)p));
            if (!players[p]) {
                snprintf(err, errlen, "players[%d] must be a string (\"human\" or \"ai:LEVEL\")", p);
                game_free(g);
                return NULL;
            }
        }
    }
    Session *s = session_new_game(g, jplayers ? players : NULL, seed, err, errlen);
    if (!s)
        return NULL;
    take_session(e, s);
    e->auto_chance = auto_chance;
    record_now(e->created);
    if (auto_chance)
        session_chance_all(s);
    json_t *reply = json_pack("{s:s,s:o,s:I,s:b}", "game", ops->name, "options", game_options_to_json(g),
                              "seed", (json_int_t)seed, "auto_chance", auto_chance);
    add_played(e, reply, 0);
    add_status(s, reply);
    return reply;
}

static json_t *cmd_play(Engine *e, const json_t *req, char *err, size_t errlen)
{
    if (!need_game(e, err, errlen))
        return NULL;
    const char *action = json_string_value(json_object_get(req, "action"));
    if (!action) {
        snprintf(err, errlen, "'play' needs \"action\" (a string)");
        return NULL;
    }
    Session *s = e->session;
    int from = s->count;
    if (!session_apply_text(s, action, err, errlen)) {
        StrBuf why = STRBUF_INIT;
        if (explain_refusal(s->state, action, err, &why))
            snprintf(e->why, sizeof e->why, "%s", sb_str(&why));
        sb_free(&why);
        return NULL;
    }
    if (e->auto_chance)
        session_chance_all(s);
    json_t *reply = json_object();
    add_played(e, reply, from);
    add_status(s, reply);
    return reply;
}

static json_t *cmd_chance(Engine *e, const json_t *req, char *err, size_t errlen)
{
    if (!need_game(e, err, errlen))
        return NULL;
    Session *s = e->session;
    if (!state_is_chance(s->state)) {
        snprintf(err, errlen, "not a chance node");
        return NULL;
    }
    int from = s->count;
    session_chance_all(s);
    json_t *reply = json_object();
    add_played(e, reply, from);
    add_status(s, reply);
    return reply;
}

static json_t *legal_json(const State *st)
{
    StrBuf text = STRBUF_INIT;
    if (state_is_chance(st)) {
        ChanceOutcome outcomes[MAX_ACTIONS];
        int n = state_chance_outcomes(st, outcomes);
        json_t *list = json_array();
        for (int i = 0; i < n; i++) {
            sb_clear(&text);
            state_action_text(st, outcomes[i].action, &text);
            json_array_append_new(list, json_pack("{s:s,s:f}", "action", sb_str(&text), "probability",
                                                  outcomes[i].probability));
        }
        sb_free(&text);
        return json_pack("{s:b,s:o}", "chance", 1, "outcomes", list);
    }
    Action actions[MAX_ACTIONS];
    int n = state_legal_actions(st, actions);
    json_t *list = json_array();
    for (int i = 0; i < n; i++) {
        sb_clear(&text);
        state_action_text(st, actions[i], &text);
        json_array_append_new(list, json_string(sb_str(&text)));
    }
    sb_free(&text);
    return json_pack("{s:b,s:o}", "chance", 0, "actions", list);
}

static json_t *cmd_legal(Engine *e, const json_t *req, char *err, size_t errlen)
{
    return need_game(e, err, errlen) ? legal_json(e->session->state) : NULL;
}

static json_t *cmd_state(Engine *e, const json_t *req, char *err, size_t errlen)
{
    if (!need_game(e, err, errlen))
        return NULL;
    Session *s = e->session;
    StrBuf render = STRBUF_INIT, ser = STRBUF_INIT;
    state_render(s->state, &render);
    state_serialize(s->state, &ser);
    json_t *players = json_array();
    for (int p = 0; p < s->game->num_players; p++) {
        char word[136];
        snprintf(word, sizeof word, s->seats[p].is_ai ? "ai:%s" : "human", s->seats[p].spec);
        json_array_append_new(players, json_text(word));
    }
    json_t *reply = json_pack("{s:s,s:o,s:I,s:o,s:b}", "game", s->game->ops->name, "options",
                              game_options_to_json(s->game), "seed", (json_int_t)s->seed, "players", players,
                              "auto_chance", e->auto_chance);
    add_status(s, reply);
    json_object_set_new(reply, "legal", legal_json(s->state));
    json_object_set_new(reply, "history", texts_since(s, 0));
    json_object_set_new(reply, "text", json_string(sb_str(&render)));
    json_object_set_new(reply, "serialized", json_string(sb_str(&ser)));
    sb_free(&render);
    sb_free(&ser);
    return reply;
}

/* Appends "key=N" to spec when the request has an integer budget `key`. */
static bool add_budget(const json_t *req, const char *key, char *spec, size_t len, char *err, size_t errlen)
{
    const json_t *v = json_object_get(req, key);
    if (!v)
        return true;
    if (!json_is_integer(v) || json_integer_value(v) <= 0) {
        snprintf(err, errlen, "'%s' must be a positive whole number", key);
        return false;
    }
    size_t n = strlen(spec);
    snprintf(spec + n, len - n, "%s%s=%lld", strchr(spec, ':') ? "," : ":", key, (long long)json_integer_value(v));
    return true;
}

static json_t *cmd_genmove(Engine *e, const json_t *req, char *err, size_t errlen)
{
    if (!need_game(e, err, errlen))
        return NULL;
    Session *s = e->session;
    int p = session_player(s);
    if (p < 0) {
        snprintf(err, errlen, p == PLAYER_CHANCE ? "a chance node: send \"chance\" or play an outcome"
                                                 : "the game is over");
        return NULL;
    }
    const json_t *jlevel = json_object_get(req, "level");
    if (jlevel && !json_is_string(jlevel)) {
        snprintf(err, errlen, "'level' must be a string such as \"random\" or \"mcts:ms=200\"");
        return NULL;
    }
    bool play;
    if (!get_bool(req, "play", false, &play, err, errlen))
        return NULL;
    char spec[256];
    snprintf(spec, sizeof spec, "%s",
             jlevel ? json_string_value(jlevel) : s->seats[p].is_ai ? s->seats[p].spec : e->default_level);
    if (!spec[0]) {
        snprintf(err, errlen, "genmove needs \"level\" (seat %d is not an AI and the engine has no --level)", p + 1);
        return NULL;
    }
    if (!add_budget(req, "playouts", spec, sizeof spec, err, errlen) ||
        !add_budget(req, "ms", spec, sizeof spec, err, errlen))
        return NULL;
    StrBuf explain = STRBUF_INIT, text = STRBUF_INIT;
    Action a;
    if (s->seats[p].ai && strcmp(spec, s->seats[p].spec) == 0) {
        session_ai_choose(s, &a, &explain, err, errlen); /* the seat's own AI, seeded for this decision */
    } else {
        Ai *ai = ai_new(spec, s->game, seed_derive(s->seed, 3, (uint64_t)s->count), err, errlen);
        if (!ai)
            return NULL;
        a = ai_choose(ai, s->state, &explain);
        ai_free(ai);
    }
    state_action_text(s->state, a, &text);
    json_t *reply = json_pack("{s:s,s:s}", "action", sb_str(&text), "explanation", sb_str(&explain));
    sb_free(&explain);
    sb_free(&text);
    if (play) {
        int from = s->count;
        if (!session_apply(s, a, err, errlen)) { /* an AI chose an illegal action: its bug, reported */
            json_decref(reply);
            return NULL;
        }
        if (e->auto_chance)
            session_chance_all(s);
        add_played(e, reply, from);
    }
    add_status(s, reply);
    return reply;
}

static json_t *cmd_undo(Engine *e, const json_t *req, char *err, size_t errlen)
{
    if (!need_game(e, err, errlen))
        return NULL;
    Session *s = e->session;
    int before = s->count;
    json_t *all = texts_since(s, 0);
    int removed = session_undo(s);
    if (!removed) {
        json_decref(all);
        snprintf(err, errlen, "nothing to undo");
        return NULL;
    }
    json_t *undone = json_array();
    for (int i = before - removed; i < before; i++)
        json_array_append(undone, json_array_get(all, (size_t)i));
    json_decref(all);
    json_t *reply = json_pack("{s:o}", "undone", undone);
    add_status(s, reply);
    return reply;
}

static json_t *cmd_record(Engine *e, const json_t *req, char *err, size_t errlen)
{
    if (!need_game(e, err, errlen))
        return NULL;
    return json_pack("{s:o}", "record", record_from_session(e->session, e->created));
}

static json_t *cmd_save(Engine *e, const json_t *req, char *err, size_t errlen)
{
    if (!need_game(e, err, errlen))
        return NULL;
    const char *file = json_string_value(json_object_get(req, "file"));
    if (!file) {
        snprintf(err, errlen, "'save' needs \"file\" (a path)");
        return NULL;
    }
    return record_save(e->session, file, e->created, RECORD_DURABLE, err, errlen) ? json_pack("{s:s}", "file", file) : NULL;
}

static json_t *cmd_load(Engine *e, const json_t *req, char *err, size_t errlen)
{
    const char *file = json_string_value(json_object_get(req, "file"));
    if (!file) {
        snprintf(err, errlen, "'load' needs \"file\" (a path)");
        return NULL;
    }
    bool auto_chance;
    if (!get_bool(req, "auto_chance", false, &auto_chance, err, errlen))
        return NULL;
    RecordError re;
    json_t *doc = NULL;
    Session *s = record_load(file, true, &doc, &re);
    if (!s) {
        snprintf(err, errlen, "%s", re.message);
        return NULL;
    }
    snprintf(e->created, sizeof e->created, "%s", json_string_value(json_object_get(doc, "created")));
    bool withheld = record_seed_withheld(doc) && !session_is_terminal(s);
    json_decref(doc);
    if (withheld) {
        snprintf(err, errlen, "%s withholds its seed (the record of a game still running on a server): it cannot be "
                 "loaded to play on", file);
        session_free(s);
        return NULL;
    }
    take_session(e, s);
    e->auto_chance = auto_chance;
    int from = s->count;
    if (auto_chance)
        session_chance_all(s);
    json_t *reply = json_pack("{s:s,s:I,s:i}", "game", s->game->ops->name, "seed", (json_int_t)s->seed, "actions",
                              from);
    add_played(e, reply, from);
    add_status(s, reply);
    return reply;
}

/* What a page shows people about the position: highlights, the latest
 * turn's cells, the legend and rules, how a finished game ended; with
 * "action", the sentence of that action now, or why it is refused. */
static json_t *cmd_words(Engine *e, const json_t *req, char *err, size_t errlen)
{
    if (!need_game(e, err, errlen))
        return NULL;
    const Session *s = e->session;
    const json_t *jaction = json_object_get(req, "action");
    if (jaction && !json_is_string(jaction)) {
        snprintf(err, errlen, "'action' must be a string (one action in the game's notation)");
        return NULL;
    }
    Marks marks, last;
    state_marks(s->state, &marks);
    explain_last_turn(s, &last);
    LegendEntry legend[LEGEND_MAX];
    int n = s->game->ops->legend(s->game, legend);
    StrBuf rules = STRBUF_INIT, summary = STRBUF_INIT;
    s->game->ops->rules(s->game, &rules);
    json_t *reply = json_pack("{s:o,s:o,s:o,s:o}", "marks", marks_to_json(&marks), "last", marks_to_json(&last),
                              "legend", legend_to_json(legend, n), "rules", json_text(sb_str(&rules)));
    if (session_is_terminal(s)) {
        state_describe_result(s->state, NULL, &summary);
        json_object_set_new(reply, "summary", json_text(sb_str(&summary)));
    } else {
        json_object_set_new(reply, "summary", json_null());
    }
    if (jaction) {
        const char *text = json_string_value(jaction);
        StrBuf sb = STRBUF_INIT;
        char msg[ERR_MAX] = "";
        Action act;
        if (session_is_terminal(s)) {
            json_object_set_new(reply, "why", json_string("the game is over"));
        } else if (strchr(text, ',')) {
            json_object_set_new(reply, "why", json_string("one action at a time: 'action' holds no comma"));
        } else if (s->game->ops->parse_action(s->state, text, &act, msg, sizeof msg)) {
            state_describe(s->state, act, NULL, &sb);
            json_object_set_new(reply, "described", json_text(sb_str(&sb)));
        } else {
            if (!explain_refusal(s->state, text, msg, &sb))
                sb_puts(&sb, msg);
            json_object_set_new(reply, "why", json_text(sb_str(&sb)));
        }
        sb_free(&sb);
    }
    sb_free(&rules);
    sb_free(&summary);
    return reply;
}

/* The plan of an AI for the player to move, in words, with the chance it
 * rests on (ai_advise); nothing is applied. */
static json_t *cmd_hint(Engine *e, const json_t *req, char *err, size_t errlen)
{
    if (!need_game(e, err, errlen))
        return NULL;
    Session *s = e->session;
    int p = session_player(s);
    if (p < 0) {
        snprintf(err, errlen, p == PLAYER_CHANCE ? "a chance node: nothing to decide" : "the game is over");
        return NULL;
    }
    const json_t *jlevel = json_object_get(req, "level");
    if (jlevel && !json_is_string(jlevel)) {
        snprintf(err, errlen, "'level' must be a string such as \"master\" or \"mcts:ms=500\"");
        return NULL;
    }
    /* the level named, the seat's AI, --level, or else the game's hint
     * level, as morph play's hint and the web's (ai_game_levels) */
    const char *level = jlevel ? json_string_value(jlevel) : s->seats[p].is_ai ? s->seats[p].spec : e->default_level;
    if (!jlevel && !level[0])
        level = ai_game_levels(s->game->ops->name)->hint_level;
    char spec[256];
    snprintf(spec, sizeof spec, "%s", level);
    if (!add_budget(req, "playouts", spec, sizeof spec, err, errlen) ||
        !add_budget(req, "ms", spec, sizeof spec, err, errlen))
        return NULL;
    Ai *ai = ai_new(spec, s->game, seed_derive(s->seed, 3, (uint64_t)s->count), err, errlen);
    if (!ai)
        return NULL;
    AiAdvice advice;
    ai_advise(ai, s->state, NULL, &advice);
    ai_free(ai);
    json_t *plan = json_array();
    State *work = state_clone(s->state);
    StrBuf text = STRBUF_INIT;
    for (int i = 0; i < advice.plan_len; i++) {
        sb_clear(&text);
        state_action_text(work, advice.plan[i], &text);
        json_array_append_new(plan, json_text(sb_str(&text)));
        state_apply(work, advice.plan[i]);
    }
    state_free(work);
    sb_free(&text);
    Marks m;
    state_marks(s->state, &m);
    json_t *cell = json_null();
    if (advice.cell >= 0 && m.width > 0) {
        char name[4];
        cell_name(advice.cell % m.width, advice.cell / m.width, name);
        cell = json_string(name);
    }
    json_t *reply = json_pack("{s:o,s:o,s:o,s:o,s:o,s:o}", "action", json_incref(json_array_get(plan, 0)), "plan", plan,
                              "words", json_text(sb_str(&advice.words)), "chance",
                              advice.chance >= 0 ? json_real(advice.chance) : json_null(), "cell", cell, "detail",
                              json_text(sb_str(&advice.detail)));
    ai_advice_free(&advice);
    return reply;
}

static json_t *cmd_quit(Engine *e, const json_t *req, char *err, size_t errlen)
{
    e->quit = true;
    return json_object();
}

static const struct {
    const char *name;
    Handler run;
} handlers[] = {
    {"new", cmd_new},       {"play", cmd_play}, {"chance", cmd_chance}, {"legal", cmd_legal},
    {"state", cmd_state},   {"genmove", cmd_genmove}, {"undo", cmd_undo}, {"record", cmd_record},
    {"save", cmd_save},     {"load", cmd_load}, {"words", cmd_words}, {"hint", cmd_hint},
    {"quit", cmd_quit},
};

static json_t *error_reply(json_t *id, const char *message)
{
    json_t *reply = json_object();
    if (id)
        json_object_set(reply, "id", id);
    json_object_set_new(reply, "ok", json_false());
    json_object_set_new(reply, "error", json_text(message)); /* never lost for a bad byte */
    return reply;
}

json_t *engine_handle_line(Engine *e, const char *line)
{
    json_error_t jerr;
    char err[ERR_MAX + 256];
    json_t *req = json_loads(line, JSON_REJECT_DUPLICATES, &jerr);
    if (!req) {
        snprintf(err, sizeof err, "malformed JSON at column %d: %s", jerr.column, jerr.text);
        return error_reply(NULL, err);
    }
    json_t *id = json_is_object(req) ? json_object_get(req, "id") : NULL;
    const char *cmd = json_string_value(json_object_get(req, "cmd"));
    json_t *reply = NULL;
    if (!json_is_object(req)) {
        reply = error_reply(NULL, "a request must be a JSON object with \"cmd\"");
    } else if (!cmd) {
        reply = error_reply(id, "missing \"cmd\" (a string)");
    } else {
        size_t i = 0, n = sizeof handlers / sizeof handlers[0];
        while (i < n && strcmp(handlers[i].name, cmd) != 0)
            i++;
        if (i == n) {
            char q[EXCERPT_SIZE];
            snprintf(err, sizeof err,
                     "unknown command '%s' (expected new, play, chance, legal, state, genmove, hint, words, undo, "
                     "record, save, load or quit)", text_excerpt(cmd, EXCERPT_MAX, q, sizeof q));
            reply = error_reply(id, err);
        } else {
            err[0] = '\0';
            e->why[0] = '\0';
            json_decref(e->described);
            e->described = NULL;
            json_t *body = handlers[i].run(e, req, err, sizeof err);
            if (!body) {
                reply = error_reply(id, err);
                if (e->why[0])
                    json_object_set_new(reply, "why", json_text(e->why));
            } else {
                reply = json_object();
                if (id)
                    json_object_set(reply, "id", id);
                json_object_set_new(reply, "ok", json_true());
                json_object_update(reply, body);
                json_decref(body);
            }
        }
    }
    json_decref(req);
    return reply;
}
