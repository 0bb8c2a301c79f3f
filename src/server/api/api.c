/* The router of the web API: one table of routes (method, path, handler),
 * so an endpoint is found in one place and each of its methods is written
 * once. What the endpoints share is api_reply.c; the endpoints are
 * api_meta.c, api_games.c, api_replay.c, api_analysis.c, api_puzzles.c and the rest
 * (api_internal.h).
 *
 * A path pattern is a list of segments: a word matches itself, ":id" a
 * game id (the router loads the game's room and holds it for the call:
 * 404 when there is no such game), and any other ":name" one segment,
 * given to the handler in ApiTarget.words. A GET route also answers HEAD.
 * A path some route matches with another method gets 405 naming the
 * methods it takes; a path no route matches gets 404. Adding an endpoint is
 * one line below and its handler.
 *
 * Before any route: the request limit, the body limit, and the origin check
 * of a change that carries the session cookie (auth.h); after: the request
 * log line (--log-requests). */
#include <stdio.h>
#include <string.h>

#include "api_internal.h"
#include "auth.h"

typedef struct ApiRoute {
    const char *method;  /* "GET" (HEAD too) or "POST" */
    const char *path;    /* "/api/games/:id/actions" */
    ApiHandler *handler;
    ApiSlow slow;        /* may take long (a hint, a password's hash): off the HTTP event threads */
} ApiRoute;

static const ApiRoute routes[] = {
    {"GET", "/api/meta", api_meta, API_FAST},
    {"GET", "/api/rules/:game", api_rules, API_FAST},
    {"GET", "/api/games", api_list, API_FAST},
    {"POST", "/api/games", api_create, API_FAST},
    {"POST", "/api/join", api_join_code, API_FAST},
    {"POST", "/api/replay", api_replay_upload, API_FAST},
    {"GET", "/api/games/:id", api_state, API_FAST},
    {"GET", "/api/games/:id/events", api_stream, API_FAST},
    {"GET", "/api/games/:id/invitations", api_invitations, API_FAST},
    {"GET", "/api/games/:id/record", api_record, API_FAST},
    {"GET", "/api/games/:id/replay", api_replay_room, API_FAST},
    {"GET", "/api/games/:id/analysis", api_analysis_get, API_FAST},
    {"POST", "/api/games/:id/analysis", api_analysis_start, API_FAST},
    {"POST", "/api/analyses", api_analysis_upload, API_FAST},
    {"GET", "/api/analyses/:name", api_analysis_upload_get, API_FAST},
    {"GET", "/api/games/:id/analysis/events", api_analysis_events, API_FAST},
    {"GET", "/api/analyses/:name/events", api_analysis_upload_events, API_FAST},
    {"GET", "/api/games/:id/rules", api_game_rules, API_FAST},
    /* puzzles: an answer runs the solver (a bounded node budget), off the event threads */
    {"GET", "/api/puzzles", api_puzzle_list, API_FAST},
    {"GET", "/api/puzzles/:number", api_puzzle_get, API_FAST},
    {"POST", "/api/puzzles/:number/answer", api_puzzle_answer, API_THINKING},
    {"POST", "/api/games/:id/actions", api_action, API_FAST},
    {"GET", "/api/games/:id/why", api_why, API_FAST},
    {"POST", "/api/games/:id/undo", api_undo, API_FAST},
    {"POST", "/api/games/:id/resign", api_resign, API_FAST},
    {"POST", "/api/games/:id/hint", api_hint, API_THINKING},
    {"POST", "/api/games/:id/rematch", api_rematch, API_FAST},
    {"POST", "/api/games/:id/abort", api_abort, API_FAST},
    {"POST", "/api/games/:id/takeback", api_takeback, API_FAST},
    {"POST", "/api/games/:id/join", api_join_seat, API_FAST},
    {"GET", "/api/games/:id/chat", api_chat_read, API_FAST},
    {"POST", "/api/games/:id/chat", api_chat_write, API_FAST},
    {"POST", "/api/games/:id/chat/mute", api_chat_mute, API_FAST},
    /* accounts: Argon2id hashing takes a while, off the event threads */
    {"POST", "/api/accounts", api_sign_up, API_PASSWORD},
    {"POST", "/api/login", api_sign_in, API_PASSWORD},
    {"POST", "/api/logout", api_sign_out, API_FAST},
    {"GET", "/api/me", api_me, API_FAST},
    {"POST", "/api/me/password", api_password, API_PASSWORD},
    {"GET", "/api/me/games", api_my_games, API_FAST},
    {"GET", "/api/me/events", api_my_events, API_FAST},
    {"GET", "/api/players/:name", api_player, API_FAST},
    {"GET", "/api/leaderboard/:game", api_leaderboard, API_FAST},
    {"GET", "/api/lobby", api_lobby_list, API_FAST},
    {"POST", "/api/lobby", api_lobby_create, API_FAST},
    {"GET", "/api/lobby/events", api_lobby_events, API_FAST},
    {"POST", "/api/lobby/quick", api_lobby_quick, API_FAST},
    {"POST", "/api/lobby/:challenge/accept", api_lobby_accept, API_FAST},
    {"POST", "/api/lobby/:challenge/cancel", api_lobby_cancel, API_FAST},
};
#define ROUTES (sizeof routes / sizeof routes[0])

/* The most segments a path has (after "/api/"), and its longest form. */
#define SEGMENTS_MAX 8
#define PATH_MAX_LEN 256

/* Splits path into at most max segments after "/api/" (a trailing slash
 * adds none); -1 when it has more, is too long or is not under /api/. */
static int segments(const char *path, char buf[PATH_MAX_LEN], char **seg, int max)
{
    if (strncmp(path, "/api/", 5) != 0 || strlen(path) >= PATH_MAX_LEN)
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

/* Whether the n segments seg fit route r's path; fills the words of its
 * ":name" segments and sets *game to the ":id" segment (or NULL). */
static bool path_fits(const ApiRoute *r, char **seg, int n, const char **game, const char *words[API_WORDS_MAX])
{
    const char *p = r->path + 5; /* after "/api/" */
    int k = 0, w = 0;
    *game = NULL;
    for (; *p; k++) {
        size_t len = strcspn(p, "/");
        if (k == n)
            return false;
        if (p[0] == ':' && len == 3 && strncmp(p, ":id", 3) == 0) {
            *game = seg[k];
        } else if (p[0] == ':') {
            if (w < API_WORDS_MAX)
                words[w++] = seg[k];
        } else if (strlen(seg[k]) != len || strncmp(seg[k], p, len) != 0) {
            return false;
        }
        p += len + (p[len] == '/');
    }
    return k == n;
}

static bool method_fits(const ApiRoute *r, const char *method)
{
    return strcmp(method, r->method) == 0 || (strcmp(r->method, "GET") == 0 && strcmp(method, "HEAD") == 0);
}

/* The route of req: the first that fits its path and method; else NULL,
 * with *path_known when some route fits the path (with another method),
 * allowed its methods ("GET or POST") and *game the ":id" of the path. */
static const ApiRoute *route_of(const ApiRequest *req, char buf[PATH_MAX_LEN], ApiTarget *t, const char **game,
                                bool *path_known, char *allowed, size_t allowed_len)
{
    char *seg[SEGMENTS_MAX];
    int n = segments(req->path, buf, seg, SEGMENTS_MAX);
    *path_known = false;
    allowed[0] = '\0';
    if (n < 1)
        return NULL;
    for (size_t i = 0; i < ROUTES; i++) {
        const char *id;
        ApiTarget found = {0};
        if (!path_fits(&routes[i], seg, n, &id, found.words))
            continue;
        if (method_fits(&routes[i], req->method)) {
            *t = found;
            *game = id;
            return &routes[i];
        }
        if (!*path_known) {
            *t = found;
            *game = id;
        }
        *path_known = true;
        if (!strstr(allowed, routes[i].method)) {
            size_t used = strlen(allowed);
            snprintf(allowed + used, allowed_len - used, "%s%s", used ? " or " : "", routes[i].method);
        }
    }
    return NULL;
}

ApiSlow api_slow_kind(const ApiRequest *req)
{
    char buf[PATH_MAX_LEN], allowed[64];
    ApiTarget t;
    const char *game;
    bool known;
    const ApiRoute *r = route_of(req, buf, &t, &game, &known, allowed, sizeof allowed);
    return r ? r->slow : API_FAST;
}

bool api_is_slow(const ApiRequest *req)
{
    return api_slow_kind(req) != API_FAST;
}

static void route(Server *srv, const ApiRequest *req, ApiResponse *res);

void api_handle(Server *srv, const ApiRequest *req, ApiResponse *res)
{
    route(srv, req, res);
    if (srv->cfg.log_requests) {
        /* the path (never a query: no endpoint takes a secret there), never a body or a header */
        Account me;
        bool signed_in = req->session && auth_account(srv, req, &me);
        char p[API_PATH_QUOTE + 4], m[EXCERPT_SIZE];
        server_log(srv, "%s %s %d %s%s%s", text_excerpt(req->method, EXCERPT_MAX, m, sizeof m),
                   text_excerpt(req->path, API_PATH_QUOTE, p, sizeof p), res->status, req->client ? req->client : "",
                   signed_in ? " " : "", signed_in ? me.name : "");
    }
}

static void route(Server *srv, const ApiRequest *req, ApiResponse *res)
{
    memset(res, 0, sizeof *res);
    int retry = 0;
    if (!limits_request(srv->limits, req->client, server_now(srv), &retry)) {
        api_error(res, 429, "too many requests from your address: at most %d a second; try again in %d s",
                  srv->cfg.limits.requests_per_second, retry);
        res->retry_after = retry;
        return;
    }
    if (req->repeated) {
        api_error(res, 400, "the request has more than one %s header: refused, nothing was done", req->repeated);
        return;
    }
    if (req->body_len > srv->cfg.max_body) {
        api_error(res, 413, "the body is %zu bytes; at most %zu are accepted", req->body_len, srv->cfg.max_body);
        return;
    }
    /* Another site cannot act for a signed-in browser: a change that
     * carries the session cookie comes from the page (Origin or
     * Sec-Fetch-Site say so). Without the cookie, a browser's request from
     * elsewhere (signing in someone unaware) is refused too; tools that send
     * neither header and no cookie are not browsers. */
    bool changes = strcmp(req->method, "GET") != 0 && strcmp(req->method, "HEAD") != 0;
    if (changes && (req->session || req->origin || req->fetch_site) && !auth_same_origin(srv, req)) {
        api_error(res, 403, "this request comes from another site (its Origin or Sec-Fetch-Site is not this "
                            "server's): refused, nothing was done");
        return;
    }
    char buf[PATH_MAX_LEN], allowed[64];
    ApiTarget t = {0};
    const char *game = NULL;
    bool known = false;
    const ApiRoute *r = route_of(req, buf, &t, &game, &known, allowed, sizeof allowed);
    if (!r && !known) {
        api_no_endpoint(req, res);
        return;
    }
    /* The game of the path first: an unknown game is 404 whatever the method. */
    if (game) {
        RoomError e;
        t.room = server_room(srv, game, &e);
        if (!t.room) {
            api_room_error(res, &e);
            return;
        }
    }
    if (r)
        r->handler(srv, req, res, &t);
    else
        api_wrong_method(req, res, allowed);
    if (t.room)
        room_unref(t.room);
}
