/* Shared by the api_*.c files: replies, body parsing, the request's seats. */
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

/* Endpoints. */
void api_meta(Server *srv, const ApiRequest *req, ApiResponse *res);
void api_rules(Server *srv, const ApiRequest *req, ApiResponse *res, const char *game);
void api_list(Server *srv, const ApiRequest *req, ApiResponse *res);
void api_create(Server *srv, const ApiRequest *req, ApiResponse *res);
void api_join_code(Server *srv, const ApiRequest *req, ApiResponse *res);
void api_game(Server *srv, const ApiRequest *req, ApiResponse *res, Room *room, const char *what);
void api_replay_upload(Server *srv, const ApiRequest *req, ApiResponse *res);
void api_replay_room(Server *srv, const ApiRequest *req, ApiResponse *res, Room *room);
void api_game_rules(Server *srv, const ApiRequest *req, ApiResponse *res, Room *room);

#endif
