/* Shared by the api_*.c files: replies, body and query parsing, the
 * request's seats (api_reply.c), and the endpoints the router calls. */
#ifndef MORPH_API_INTERNAL_H
#define MORPH_API_INTERNAL_H

#include <jansson.h>

#include "../core/utf8.h"
#include "api.h"

/* How much of a request's path an error quotes. */
#define API_PATH_QUOTE 80
/* The largest action index a query names (at, after, Last-Event-ID); read,
 * like every number from outside, with number.h. */
#define API_INDEX_MAX 100000000
/* The shortest thinking time a game may ask of an AI seat (ms=). */
#define API_MIN_AI_MS 50

/* Sets res to status with {"error": message}. */
void api_error(ApiResponse *res, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Sets res to status with a JSON body (takes the reference). */
void api_json(ApiResponse *res, int status, json_t *body);
/* Sets res to status with a JSON text body (takes it). */
void api_text(ApiResponse *res, int status, char *text);
void api_room_error(ApiResponse *res, const RoomError *e);
/* 404 for a path that is no endpoint (quoted). */
void api_no_endpoint(const ApiRequest *req, ApiResponse *res);
/* 405 for a method the endpoint does not take; want is the one it takes. */
void api_wrong_method(const ApiRequest *req, ApiResponse *res, const char *want);

/* The body as a JSON object whose keys are all among allowed (NULL-ended);
 * an empty body is {} when empty_ok. NULL with a 400 (or 415) in res. */
json_t *api_body(const ApiRequest *req, ApiResponse *res, const char *const *allowed, bool empty_ok);
/* The query parameter key, or NULL. */
const char *api_query(const ApiRequest *req, const char *key);
/* Checks that every query parameter is among allowed; false with a 400. */
bool api_query_known(const ApiRequest *req, ApiResponse *res, const char *const *allowed);
/* The seats of room the request's X-Seat-Token holds. */
unsigned api_seats(Room *room, const ApiRequest *req);
/* Counts a game creation against the client's limit; false with a 429. */
bool api_may_create(Server *srv, const ApiRequest *req, ApiResponse *res);

/* ---- endpoints (the routes are api.c's table) ---- */

/* What the router found in a request's path for its handler: the game of
 * an ":id" segment and the words of the other ":name" segments. */
#define API_WORDS_MAX 2
typedef struct ApiTarget {
    Room *room;                        /* held by the router for the call; NULL without ":id" */
    const char *words[API_WORDS_MAX];  /* in the order of the path */
} ApiTarget;

/* An endpoint: answers req in res. Declared with this type, so that every
 * handler has the router's signature. */
typedef void ApiHandler(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t);

/* api_meta.c: the server and its games */
ApiHandler api_meta, api_rules, api_list, api_game_rules;
/* api_games.c: creating and joining games */
ApiHandler api_create, api_join_code, api_join_seat, api_rematch;
/* api_games.c: one game: its state, live stream, invitations, record, and
 * a person's actions, undo, resign and hints */
ApiHandler api_state, api_stream, api_invitations, api_record, api_action, api_undo, api_resign, api_hint;
/* api_replay.c: positions after every action */
ApiHandler api_replay_room, api_replay_upload;

#endif
