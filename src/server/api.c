/* The router of the web API and what every endpoint shares: errors, body
 * and query checks, seat tokens, limits; the server's description (meta),
 * rules and lists. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../ai/ai.h"
#include "../front/game_json.h"
#include "../front/version.h"
#include "api_internal.h"

void api_error(ApiResponse *res, int status, const char *fmt, ...)
{
    char msg[ERR_MAX + 256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* Where a message leaves the server: whatever it quotes (and wherever
     * vsnprintf cut it), it is one line of valid UTF-8, or jansson would
     * refuse it and the client get no error at all. */
    utf8_repair(msg);
    for (char *p = msg; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = '?';
    api_json(res, status, json_pack("{s:s}", "error", msg));
}

void api_json(ApiResponse *res, int status, json_t *body)
{
    api_text(res, status, json_dumps(body, JSON_COMPACT));
    json_decref(body);
}

void api_text(ApiResponse *res, int status, char *text)
{
    free(res->body);
    res->status = status;
    res->body = text;
    res->content_type = "application/json";
}

void api_room_error(ApiResponse *res, const RoomError *e)
{
    api_error(res, e->status, "%s", e->message);
}

void api_response_free(ApiResponse *res)
{
    free(res->body);
    res->body = NULL;
    if (res->stream_room)
        room_unref(res->stream_room);
    res->stream_room = NULL;
}

static bool allowed_key(const char *key, const char *const *allowed)
{
    for (; *allowed; allowed++)
        if (strcmp(key, *allowed) == 0)
            return true;
    return false;
}

static void expected_list(char *out, size_t outlen, const char *const *allowed)
{
    int n = 0;
    out[0] = '\0';
    for (; *allowed && n >= 0 && (size_t)n < outlen; allowed++)
        n += snprintf(out + n, outlen - (size_t)n, "%s%s", n ? ", " : "", *allowed);
    if (!out[0])
        snprintf(out, outlen, "none");
}

json_t *api_body(const ApiRequest *req, ApiResponse *res, const char *const *allowed, bool empty_ok)
{
    if (!req->body || req->body_len == 0) {
        if (empty_ok)
            return json_object();
        api_error(res, 400, "this request needs a JSON object as its body");
        return NULL;
    }
    json_error_t jerr;
    json_t *doc = json_loadb(req->body, req->body_len, JSON_REJECT_DUPLICATES, &jerr);
    if (!doc) {
        api_error(res, 400, "the body is not valid JSON: %s (line %d, column %d)", jerr.text, jerr.line, jerr.column);
        return NULL;
    }
    if (!json_is_object(doc)) {
        json_decref(doc);
        api_error(res, 400, "the body must be a JSON object");
        return NULL;
    }
    const char *key;
    json_t *value;
    json_object_foreach(doc, key, value) {
        if (!allowed_key(key, allowed)) {
            char list[256], q[EXCERPT_SIZE];
            expected_list(list, sizeof list, allowed);
            api_error(res, 400, "unknown key '%s' in the body (expected: %s)", text_excerpt(key, EXCERPT_MAX, q, sizeof q),
                      list);
            json_decref(doc);
            return NULL;
        }
    }
    return doc;
}

const char *api_query(const ApiRequest *req, const char *key)
{
    for (int i = 0; i < req->nquery; i++)
        if (req->query[i].key && strcmp(req->query[i].key, key) == 0)
            return req->query[i].value ? req->query[i].value : "";
    return NULL;
}

bool api_query_known(const ApiRequest *req, ApiResponse *res, const char *const *allowed)
{
    for (int i = 0; i < req->nquery; i++) {
        if (!req->query[i].key || !allowed_key(req->query[i].key, allowed)) {
            char list[256], q[EXCERPT_SIZE];
            expected_list(list, sizeof list, allowed);
            api_error(res, 400, "unknown query parameter '%s' (expected: %s)",
                      text_excerpt(req->query[i].key ? req->query[i].key : "", EXCERPT_MAX, q, sizeof q), list);
            return false;
        }
    }
    return true;
}

unsigned api_seats(Room *room, const ApiRequest *req)
{
    if (!req->token)
        return 0;
    char copy[4 * (TOKEN_LEN + 2) + 1];
    if (strlen(req->token) >= sizeof copy)
        return 0;
    strcpy(copy, req->token);
    const char *tokens[MAX_PLAYERS];
    int n = 0;
    for (char *save = NULL, *t = strtok_r(copy, ", ", &save); t && n < MAX_PLAYERS; t = strtok_r(NULL, ", ", &save))
        tokens[n++] = t;
    return room_seats_of(room, tokens, n);
}

bool api_may_create(Server *srv, const ApiRequest *req, ApiResponse *res)
{
    int retry = 0;
    if (limits_create(srv->limits, req->client, req->now > 0 ? req->now : limits_now(), &retry))
        return true;
    api_error(res, 429, "too many games created from your address: at most %d a minute; try again in %d s",
              srv->cfg.limits.create_per_minute, retry);
    res->retry_after = retry;
    return false;
}

/* ---- meta, rules, lists ---- */

void api_meta(Server *srv, const ApiRequest *req, ApiResponse *res)
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
            if (o->kind == OPTION_INT && (o->min || o->max)) {
                json_object_set_new(option, "min", json_integer(o->min));
                json_object_set_new(option, "max", json_integer(o->max));
            }
            json_array_append_new(options, option);
        }
        for (const AiOps *const *a = ai_list(); *a; a++) {
            if ((*a)->games && !list_contains((*a)->games, (*g)->name))
                continue;
            json_t *level = json_pack("{s:s,s:s}", "level", (*a)->name, "summary", (*a)->summary);
            if (strcmp((*a)->name, "mcts") == 0)
                json_object_set_new(level, "ms",
                                    json_pack("{s:i,s:i,s:i}", "min", 50, "max", srv->cfg.max_ai_ms, "default", 1000));
            json_array_append_new(levels, level);
        }
        json_array_append_new(games, json_pack("{s:s,s:s,s:o,s:o,s:s}", "name", (*g)->name, "summary", (*g)->summary,
                                               "options", options, "ai", levels, "hint",
                                               strcmp((*g)->name, "morpyam") == 0 ? "expert" : "mcts"));
    }
    const LimitsConfig *l = &srv->cfg.limits;
    api_json(res, 200,
             json_pack("{s:s,s:o,s:{s:I,s:i,s:i,s:i,s:i,s:i,s:i,s:i}}", "version", MORPH_VERSION, "games", games,
                       "limits", "body_bytes", (json_int_t)srv->cfg.max_body, "games_per_minute",
                       l->create_per_minute, "requests_per_second", l->requests_per_second, "connections",
                       l->connections, "connections_per_client", l->connections_per_client, "streams", l->streams,
                       "streams_per_client", l->streams_per_client, "actions_per_game", srv->cfg.max_actions));
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

void api_rules(Server *srv, const ApiRequest *req, ApiResponse *res, const char *game)
{
    const GameOps *ops = game_lookup(game);
    if (!ops) {
        char q[EXCERPT_SIZE];
        api_error(res, 404, "unknown game '%s' (expected morpyam or morphos)", text_excerpt(game, EXCERPT_MAX, q, sizeof q));
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

void api_game_rules(Server *srv, const ApiRequest *req, ApiResponse *res, Room *room)
{
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    /* The game (rules and options) never changes in a room. */
    rules_of(room->session->game, res);
}

#define LIST_MAX 100

void api_list(Server *srv, const ApiRequest *req, ApiResponse *res)
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
    if (limit_text) {
        char *end;
        limit = strtol(limit_text, &end, 10);
        if (!limit_text[0] || *end || limit < 1 || limit > LIST_MAX) {
            api_error(res, 400, "limit must be a whole number from 1 to %d, got '%s'", LIST_MAX,
                      text_excerpt(limit_text, EXCERPT_MAX, q, sizeof q));
            return;
        }
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
    GameSummary *rows = calloc(LIST_MAX, sizeof *rows);
    int n = 0;
    char err[ERR_MAX + 128];
    if (!srv->store->ops->list(srv->store, status, before_time, before_id, (int)limit, rows, &n, err, sizeof err)) {
        free(rows);
        api_error(res, 503, "%s", err);
        return;
    }
    json_t *games = json_array();
    json_error_t jerr;
    for (int i = 0; i < n; i++) {
        GameSummary *g = &rows[i];
        json_t *result = g->result ? json_loads(g->result, 0, &jerr) : NULL;
        json_array_append_new(games, json_pack("{s:s,s:s,s:o,s:s,s:i,s:i,s:i,s:i,s:s,s:s,s:o,s:s}", "id", g->id, "game",
                                               g->game, "options", json_loads(g->options, 0, &jerr), "status",
                                               status_name(g->status), "seats", g->num_seats, "open_seats",
                                               g->open_seats, "ai_seats", g->ai_seats, "count", g->count, "created",
                                               g->created, "updated", g->updated, "result",
                                               result ? result : json_null(), "path", "/game/"));
        json_t *last = json_array_get(games, json_array_size(games) - 1);
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

/* ---- routing ---- */

bool api_is_slow(const ApiRequest *req)
{
    size_t n = strlen(req->path);
    return strcmp(req->method, "POST") == 0 && n > 5 && strcmp(req->path + n - 5, "/hint") == 0;
}

/* Splits path into at most max segments (after "/api"); false when it has
 * more or is not under /api/. */
static int segments(const char *path, char buf[256], char **seg, int max)
{
    if (strncmp(path, "/api/", 5) != 0 || strlen(path) >= 256)
        return -1;
    strcpy(buf, path + 5);
    int n = 0;
    for (char *p = buf; *p;) {
        if (n == max)
            return -1;
        seg[n++] = p;
        char *slash = strchr(p, '/');
        if (!slash)
            break;
        *slash = '\0';
        p = slash + 1;
    }
    return n;
}

static bool method_is(const ApiRequest *req, ApiResponse *res, const char *want)
{
    if (strcmp(req->method, want) == 0 || (strcmp(want, "GET") == 0 && strcmp(req->method, "HEAD") == 0))
        return true;
    api_wrong_method(req, res, want);
    return false;
}

void api_wrong_method(const ApiRequest *req, ApiResponse *res, const char *want)
{
    char m[EXCERPT_SIZE], p[API_PATH_QUOTE + 4];
    api_error(res, 405, "%s %s is not allowed here (use %s)", text_excerpt(req->method, EXCERPT_MAX, m, sizeof m),
              text_excerpt(req->path, API_PATH_QUOTE, p, sizeof p), want);
}

void api_no_endpoint(const ApiRequest *req, ApiResponse *res)
{
    char p[API_PATH_QUOTE + 4];
    api_error(res, 404, "no such endpoint: %s (see docs/web-api.md)", text_excerpt(req->path, API_PATH_QUOTE, p, sizeof p));
}

void api_handle(Server *srv, const ApiRequest *req, ApiResponse *res)
{
    memset(res, 0, sizeof *res);
    int retry = 0;
    if (!limits_request(srv->limits, req->client, req->now > 0 ? req->now : limits_now(), &retry)) {
        api_error(res, 429, "too many requests from your address: at most %d a second; try again in %d s",
                  srv->cfg.limits.requests_per_second, retry);
        res->retry_after = retry;
        return;
    }
    if (req->body_len > srv->cfg.max_body) {
        api_error(res, 413, "the body is %zu bytes; at most %zu are accepted", req->body_len, srv->cfg.max_body);
        return;
    }
    char buf[256], *seg[4];
    int n = segments(req->path, buf, seg, 4);
    if (n < 1) {
        api_no_endpoint(req, res);
        return;
    }
    if (n == 1 && strcmp(seg[0], "meta") == 0) {
        if (method_is(req, res, "GET"))
            api_meta(srv, req, res);
    } else if (n == 2 && strcmp(seg[0], "rules") == 0) {
        if (method_is(req, res, "GET"))
            api_rules(srv, req, res, seg[1]);
    } else if (n == 1 && strcmp(seg[0], "games") == 0) {
        if (strcmp(req->method, "POST") == 0)
            api_create(srv, req, res);
        else if (method_is(req, res, "GET"))
            api_list(srv, req, res);
    } else if (n == 1 && strcmp(seg[0], "join") == 0) {
        if (method_is(req, res, "POST"))
            api_join_code(srv, req, res);
    } else if (n == 1 && strcmp(seg[0], "replay") == 0) {
        if (method_is(req, res, "POST"))
            api_replay_upload(srv, req, res);
    } else if ((n == 2 || n == 3) && strcmp(seg[0], "games") == 0) {
        RoomError e;
        Room *room = server_room(srv, seg[1], &e);
        if (!room) {
            api_room_error(res, &e);
            return;
        }
        api_game(srv, req, res, room, n == 3 ? seg[2] : "");
        room_unref(room);
    } else {
        api_no_endpoint(req, res);
    }
}
