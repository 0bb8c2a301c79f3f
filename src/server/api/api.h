/* The web API without sockets: a request (method, path, query, the headers
 * that matter, body, client address) in, a status and a JSON body out.
 * http.c calls it for every /api/ request; unit tests and fuzzers call it
 * directly. Every refused request gets a 4xx status and
 * {"error":"<one line: what was wrong and what was expected>"}, and
 * changes nothing. The endpoints are documented in docs/web-api.md. */
#ifndef MORPH_API_H
#define MORPH_API_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/feed.h"
#include "../hub/server.h"

/* The session cookie's name: its value is the session id (auth.h). */
#define SESSION_COOKIE "morph_session"
/* The device cookie's: marks of the accounts that signed in on this browser (auth.h). */
#define DEVICE_COOKIE "morph_device"

typedef struct ApiParam {
    const char *key, *value;
} ApiParam;

typedef struct ApiRequest {
    const char *method;        /* "GET", "POST", ... (never NULL) */
    const char *path;          /* "/api/games/abc", without the query (never NULL) */
    const ApiParam *query;     /* decoded query parameters */
    int nquery;
    const char *token;         /* the X-Seat-Token header (tokens joined by commas), or NULL */
    const char *last_event_id; /* the Last-Event-ID header, or NULL */
    const char *body;          /* NULL or body_len bytes (not NUL-terminated) */
    size_t body_len;
    const char *client;        /* the client's address, for limits (NULL counts as "") */
    const char *session;       /* the session cookie's value, or NULL */
    const char *device;        /* the device cookie's value (auth.h), or NULL */
    const char *origin;        /* the Origin header, or NULL */
    const char *fetch_site;    /* the Sec-Fetch-Site header, or NULL */
    const char *host;          /* the Host header, or NULL */
    /* The name of a header that must come once (Origin, Sec-Fetch-Site,
     * Host) and came more than once, or NULL: such a request is refused. */
    const char *repeated;
} ApiRequest;

typedef struct ApiResponse {
    int status;
    char *body;                /* JSON text (malloc'd) */
    const char *content_type;
    char disposition[160];     /* Content-Disposition, or "" */
    int retry_after;           /* seconds (Retry-After) for 429, else 0 */
    char set_cookie[200];      /* a Set-Cookie header (the session cookie), or "" */
    char set_device[256];      /* a second Set-Cookie (the device cookie, auth.h), or "" */
    /* A live stream was asked for and allowed: the HTTP layer streams this
     * room (a reference it must drop) from the action after stream_after,
     * and gives the stream slot back with limits_stream_release_of (the
     * client, the room's id). */
    Room *stream_room;
    long stream_after;
    bool stream_lean; /* ?lean=1: ticks between whole states (docs/web-api.md, "Lean answers") */
    unsigned stream_seats; /* the seats the reader holds (0: none): offers lapse when their makers leave */
    bool stream_player;    /* ?player=1: the reader says it plays (not counted as a watcher) */
    /* Or a feed's stream (the lobby, an account's games, an analysis), a
     * reference too; stream_after: the last event id the reader has (0 none). */
    Feed *stream_feed;
} ApiResponse;

void api_handle(Server *srv, const ApiRequest *req, ApiResponse *res);
/* GET /healthz, for load balancers (no limits): 200 {"status":"ok",...}
 * while the server can serve (its database answers, it is not stopping),
 * 503 with why otherwise. */
void api_health(Server *srv, const char *method, ApiResponse *res);
void api_response_free(ApiResponse *res);
/* Requests that may take long: the HTTP layer runs them off its event
 * threads, each kind on workers of its own, so that a sign-in never waits
 * behind a hint. */
typedef enum {
    API_FAST,       /* answered on the event thread */
    API_PASSWORD,   /* Argon2id: signing up, in, a new password */
    API_THINKING,   /* a hint, a puzzle answer */
} ApiSlow;
ApiSlow api_slow_kind(const ApiRequest *req);
/* api_slow_kind(req) != API_FAST. */
bool api_is_slow(const ApiRequest *req);
/* Whether req signs in (POST /api/login) from a browser that signed in to
 * that account before (its device cookie, auth.h): the HTTP layer hashes
 * its password before those of strangers. */
bool api_known_browser(Server *srv, const ApiRequest *req);

#endif
