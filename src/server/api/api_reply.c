/* What every endpoint of the API shares (api_internal.h): replies and
 * errors, the body and the query checked against the keys an endpoint
 * takes, the seats a request's tokens (and signed-in account) hold, the
 * creation and stream limits. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "auth.h"

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
    utf8_one_line(msg);
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
    feed_unref(res->stream_feed);
    res->stream_feed = NULL;
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

json_t *api_json_body(const ApiRequest *req, ApiResponse *res, const char *what)
{
    json_error_t jerr;
    json_t *doc = json_loadb(req->body, req->body_len, JSON_REJECT_DUPLICATES, &jerr);
    if (!doc)
        api_error(res, 400, "%s is not valid JSON: %s (line %d, column %d)", what, jerr.text, jerr.line, jerr.column);
    return doc;
}

json_t *api_body(const ApiRequest *req, ApiResponse *res, const char *const *allowed, bool empty_ok)
{
    if (!req->body || req->body_len == 0) {
        if (empty_ok)
            return json_object();
        api_error(res, 400, "this request needs a JSON object as its body");
        return NULL;
    }
    json_t *doc = api_json_body(req, res, "the body");
    if (!doc)
        return NULL;
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

unsigned api_seats(Server *srv, Room *room, const ApiRequest *req)
{
    Account me;
    AccountId account = req->session && auth_account(srv, req, &me) ? me.id : 0;
    char copy[4 * (TOKEN_LEN + 2) + 1];
    const char *tokens[MAX_PLAYERS];
    int n = 0;
    if (req->token && strlen(req->token) < sizeof copy) {
        strcpy(copy, req->token);
        for (char *save = NULL, *t = strtok_r(copy, ", ", &save); t && n < MAX_PLAYERS; t = strtok_r(NULL, ", ", &save))
            tokens[n++] = t;
    }
    return room_seats_of(room, tokens, n, account);
}

static bool stream_slot(Server *srv, const ApiRequest *req, ApiResponse *res, const char *game, bool player)
{
    StreamRefusal why;
    const LimitsConfig *l = &srv->cfg.limits;
    if (limits_stream_acquire(srv->limits, req->client, game, player, &why))
        return true;
    if (why == STREAM_PER_CLIENT)
        api_error(res, 429, "too many live streams from your address: at most %d", l->streams_per_client);
    else if (why == STREAM_PER_GAME)
        api_error(res, 429, "this game has its maximum of %d watchers' live streams for addresses that hold several; "
                            "try again later", l->streams_per_game);
    else
        api_error(res, 429, "the server has its maximum of %d live streams; try again later", l->streams);
    res->retry_after = 5;
    return false;
}

bool api_stream_slot(Server *srv, const ApiRequest *req, ApiResponse *res)
{
    return stream_slot(srv, req, res, NULL, false);
}

bool api_game_stream_slot(Server *srv, const ApiRequest *req, ApiResponse *res, Room *room)
{
    return stream_slot(srv, req, res, room->meta.id, api_seats(srv, room, req) != 0);
}

bool api_may_create(Server *srv, const ApiRequest *req, ApiResponse *res)
{
    int retry = 0;
    if (!server_running_admit(srv, req->client)) {
        api_error(res, 429, "too many running games from your address: at most %d at once; finish or resign one "
                  "first", srv->cfg.running_per_client);
        return false;
    }
    if (limits_create(srv->limits, req->client, server_now(srv), &retry))
        return true;
    api_error(res, 429, "too many games created from your address: at most %d a minute; try again in %d s",
              srv->cfg.limits.create_per_minute, retry);
    res->retry_after = retry;
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
