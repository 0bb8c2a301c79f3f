/* The endpoints about the server and its games rather than one game: the
 * server's description (meta), the rules of a game, the lists of games,
 * and the health check of load balancers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../ai/ai.h"
#include "../../core/number.h"
#include "../../front/game_json.h"
#include "../../front/version.h"
#include "../../games/registry.h"
#include "api_internal.h"
#include "../../core/xalloc.h"

void api_meta(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    json_t *games = json_array();
    for (const GameOps *const *g = game_list(); *g; g++) {
        json_t *options = json_array(), *levels = json_array();
        for (const OptionSpec *o = (*g)->option_specs; o->key; o++) {
            static const char *const kinds[] = {"int", "string", "list"};
            json_t *option = json_pack("{s:s,s:s,s:s,s:s}", "key", o->key, "kind", kinds[o->kind], "default",
                                       o->default_value, "help", o->help);
            /* what a form may offer: the words of a string or list, the range of an integer */
            if (o->choices) {
                json_t *words = json_array();
                for (const char *p = o->choices; *p;) {
                    size_t len = strcspn(p, ",");
                    json_array_append_new(words, json_stringn(p, len));
                    p += len + (p[len] == ',');
                }
                json_object_set_new(option, "choices", words);
            }
            /* the option and each choice named and explained for people */
            const OptionWords *w = options_words((*g)->option_words, o->key, NULL);
            if (w) {
                json_object_set_new(option, "label", json_string(w->label));
                json_object_set_new(option, "about", json_string(w->help));
            }
            json_t *choice_words = json_array();
            for (const OptionWords *c = (*g)->option_words; c && c->key; c++)
                if (c->choice && strcmp(c->key, o->key) == 0)
                    json_array_append_new(choice_words,
                                          json_pack("{s:s,s:s,s:s}", "value", c->choice, "label", c->label, "about", c->help));
            if (json_array_size(choice_words))
                json_object_set_new(option, "choice_words", choice_words);
            else
                json_decref(choice_words);
            if (o->kind == OPTION_INT && (o->min || o->max)) {
                json_object_set_new(option, "min", json_integer(o->min));
                json_object_set_new(option, "max", json_integer(o->max));
            }
            json_array_append_new(options, option);
        }
        for (const AiOps *const *a = ai_list(); *a; a++) {
            if (!ai_plays(*a, (*g)->name))
                continue;
            json_t *level = json_pack("{s:s,s:s}", "level", (*a)->name, "summary", (*a)->summary);
            /* for people: a label by strength, the game's own words, the rating */
            const AiLevelWords *w = ai_level_words((*g)->name, (*a)->name);
            if (w) {
                json_object_set_new(level, "label", json_string(w->label));
                json_object_set_new(level, "about", json_string(w->summary));
                json_object_set_new(level, "rating", json_string(w->rating));
            }
            if ((*a)->default_ms)
                json_object_set_new(level, "ms", json_pack("{s:i,s:i,s:i}", "min", API_MIN_AI_MS, "max",
                                                           srv->cfg.max_ai_ms, "default", (*a)->default_ms));
            json_array_append_new(levels, level);
        }
        const AiGameLevels *chosen = ai_game_levels((*g)->name);
        json_array_append_new(games, json_pack("{s:s,s:s,s:o,s:b,s:o,s:s,s:s,s:s}", "name", (*g)->name, "summary",
                                               (*g)->summary, "options", options, "dice", (*g)->has_dice, "ai",
                                               levels, "default_ai", chosen->default_level, "gentle_ai",
                                               chosen->gentle_level, "hint", chosen->hint_level));
    }
    const LimitsConfig *l = &srv->cfg.limits;
    /* how many play between people now (null when the store cannot say: the rest still answers) */
    int playing_games, playing_people;
    json_t *playing = server_playing_now(srv, server_now(srv), &playing_games, &playing_people)
                          ? json_pack("{s:i,s:i}", "games", playing_games, "people", playing_people)
                          : json_null();
    api_json(res, 200,
             json_pack("{s:s,s:o,s:{s:I,s:i,s:i,s:i,s:i,s:i,s:i,s:i},s:o}", "version", MORPH_VERSION, "games", games,
                       "limits", "body_bytes", (json_int_t)srv->cfg.max_body, "games_per_minute",
                       l->create_per_minute, "requests_per_second", l->requests_per_second, "connections",
                       l->connections, "connections_per_client", l->connections_per_client, "streams", l->streams,
                       "streams_per_client", l->streams_per_client, "actions_per_game", srv->cfg.max_actions,
                       "playing", playing));
}

/* Options from query parameters (one per option) for game ops. */
static bool options_from_query(const GameOps *ops, const ApiRequest *req, Options *opts, ApiResponse *res)
{
    options_init(opts);
    char err[ERR_MAX];
    for (int i = 0; i < req->nquery; i++)
        if (!options_set(opts, req->query[i].key ? req->query[i].key : "", req->query[i].value ? req->query[i].value : "",
                         err, sizeof err)) {
            api_error(res, 400, "%s", err);
            return false;
        }
    if (!options_check(opts, ops->option_specs, ops->name, err, sizeof err)) {
        api_error(res, 400, "%s", err);
        return false;
    }
    return true;
}

static void rules_of(const Game *g, ApiResponse *res)
{
    LegendEntry entries[LEGEND_MAX];
    int n = g->ops->legend(g, entries);
    StrBuf rules = STRBUF_INIT;
    g->ops->rules(g, &rules);
    api_json(res, 200, json_pack("{s:s,s:o,s:s,s:o}", "game", g->ops->name, "options", game_options_to_json(g),
                                 "rules", sb_str(&rules), "legend", legend_to_json(entries, n)));
    sb_free(&rules);
}

void api_rules(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    const char *game = t->words[0];
    const GameOps *ops = game_lookup(game);
    if (!ops) {
        char q[EXCERPT_SIZE], names[256];
        game_names_text(", ", " or ", false, NULL, names, sizeof names);
        api_error(res, 404, "unknown game '%s' (expected %s)", text_excerpt(game, EXCERPT_MAX, q, sizeof q), names);
        return;
    }
    Options opts;
    if (!options_from_query(ops, req, &opts, res))
        return;
    char err[ERR_MAX];
    Game *g = game_new(game, &opts, err, sizeof err);
    if (!g) {
        api_error(res, 400, "%s", err);
        return;
    }
    rules_of(g, res);
    game_free(g);
}

void api_game_rules(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    /* The game (rules and options) never changes in a room. */
    rules_of(t->room->session->game, res);
}

#define LIST_MAX 100

void api_list(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (!api_query_known(req, res, (const char *const[]){"status", "limit", "before", NULL}))
        return;
    const char *status_text = api_query(req, "status");
    int status = status_text ? status_from_name(status_text) : STATUS_WAITING;
    char q[EXCERPT_SIZE];
    if (status < 0) {
        api_error(res, 400, "status must be waiting, playing or finished, got '%s'",
                  text_excerpt(status_text, EXCERPT_MAX, q, sizeof q));
        return;
    }
    long limit = 20;
    const char *limit_text = api_query(req, "limit");
    if (limit_text && !number_parse_long(limit_text, 1, LIST_MAX, &limit)) {
        api_error(res, 400, "limit must be a whole number from 1 to %d, got '%s'", LIST_MAX,
                  text_excerpt(limit_text, EXCERPT_MAX, q, sizeof q));
        return;
    }
    /* The cursor is "UPDATED,ID" of the last game of the previous page. */
    const char *before = api_query(req, "before");
    char before_time[21] = "", before_id[GAME_ID_LEN + 1] = "";
    if (before) {
        if (strlen(before) != 21 + GAME_ID_LEN || before[4] != '-' || before[10] != 'T' || before[19] != 'Z' ||
            before[20] != ',' || !token_well_formed(before + 21, GAME_ID_LEN)) {
            api_error(res, 400, "before must be the 'next' of a previous list (UPDATED,ID), got '%s'",
                      text_excerpt(before, EXCERPT_MAX, q, sizeof q));
            return;
        }
        memcpy(before_time, before, 20);
        strcpy(before_id, before + 21);
    }
    GameSummary *rows = xcalloc(LIST_MAX, sizeof *rows);
    int n = 0;
    char err[ERR_MAX + 128];
    if (!srv->store->ops->list(srv->store, status, before_time, before_id, (int)limit, rows, &n, err, sizeof err)) {
        free(rows);
        api_error(res, 503, "%s", err);
        return;
    }
    json_t *games = json_array();
    json_error_t jerr;
    /* "Being played": games with a move in the last minutes (the list is
     * newest first: the first older one ends it) */
    time_t recent = time(NULL) - PLAYING_RECENT_S;
    for (int i = 0; i < n; i++) {
        GameSummary *g = &rows[i];
        if (status == STATUS_PLAYING && store_time_of(g->updated) < (double)recent) {
            for (int k = i; k < n; k++)
                game_summary_clear(&rows[k]);
            n = i; /* and no next page */
            break;
        }
        json_t *result = g->result ? json_loads(g->result, 0, &jerr) : NULL;
        json_array_append_new(games, json_pack("{s:s,s:s,s:o,s:s,s:i,s:i,s:i,s:i,s:s,s:s,s:o,s:s}", "id", g->id, "game",
                                               g->game, "options", json_loads(g->options, 0, &jerr), "status",
                                               status_name(g->status), "seats", g->num_seats, "open_seats",
                                               g->open_seats, "ai_seats", g->ai_seats, "count", g->count, "created",
                                               g->created, "updated", g->updated, "result",
                                               result ? result : json_null(), "path", "/game/"));
        json_t *last = json_array_get(games, json_array_size(games) - 1);
        api_set_players(last, g);
        char path[32];
        snprintf(path, sizeof path, "/game/%s", g->id);
        json_object_set_new(last, "path", json_string(path));
        game_summary_clear(g);
    }
    json_t *next = json_null();
    if (n == limit && n > 0) {
        char cursor[64];
        snprintf(cursor, sizeof cursor, "%s,%s", rows[n - 1].updated, rows[n - 1].id);
        json_decref(next);
        next = json_string(cursor);
    }
    free(rows);
    api_json(res, 200, json_pack("{s:s,s:o,s:o}", "status", status_name(status), "games", games, "next", next));
}

void api_health(Server *srv, const char *method, ApiResponse *res)
{
    memset(res, 0, sizeof *res);
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
        api_error(res, 405, "only GET (or HEAD) is allowed on /healthz");
        return;
    }
    char why[ERR_MAX + 128];
    Store *st = srv->store;
    if (!server_healthy(srv, why, sizeof why)) {
        api_error(res, 503, "%s", why);
        return;
    }
    pthread_mutex_lock(&srv->rooms_lock);
    int rooms = srv->rooms_count;
    pthread_mutex_unlock(&srv->rooms_lock);
    json_t *body = json_pack("{s:s,s:s,s:i}", "status", "ok", "store", st->ops->name, "rooms", rooms);
    if (st->ops->server_id)
        json_object_set_new(body, "server", json_string(st->ops->server_id(st)));
    api_json(res, 200, body);
}
