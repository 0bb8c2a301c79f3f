/* Shared by the api_*.c files: replies, body parsing, the request's seats. */
#ifndef MORPH_API_INTERNAL_H
#define MORPH_API_INTERNAL_H

#include <jansson.h>

#include "../core/utf8.h"
#include "api.h"

/* How much of a request's path an error quotes. */
#define API_PATH_QUOTE 80

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
/* Takes a live-stream slot of the client (limits_stream_acquire); false
 * with a 429 saying which limit refused. */
bool api_stream_slot(Server *srv, const ApiRequest *req, ApiResponse *res);
/* Counts a game creation against the client's limit; false with a 429. */
bool api_may_create(Server *srv, const ApiRequest *req, ApiResponse *res);

/* Whether the request sends a password (signing up or in, a new password):
 * run off the event threads (Argon2id takes a while), origin-checked. */
bool api_is_password(const ApiRequest *req);
/* The endpoints of accounts, players, the lobby and chat: true when path
 * (seg[0..n)) is one of them and res is the answer. */
bool api_community(Server *srv, const ApiRequest *req, ApiResponse *res, char **seg, int n);
/* The signed-in account of the request; false with a 401 in res. */
bool api_signed_in(Server *srv, const ApiRequest *req, ApiResponse *res, Account *out);
/* A body's "clock" ({"initial_s":N,"increment_s":M} or {"days_per_move":D};
 * NULL: none) into out; false with a 400. */
bool api_clock(const json_t *clock, ClockSpec *out, ApiResponse *res);
/* The clock as the API shows it (null when none). */
json_t *api_clock_json(const ClockSpec *spec);
/* Whether a game of players seats, real dice or not, may be rated; false
 * with a 400 saying why. */
bool api_may_rate(int players, bool real_dice, ApiResponse *res);

/* 201 with what the creator of a game gets: its id and path, the tokens
 * of their seats (tokens[p] non-empty), the open seats' invitations, the
 * state as seen from mine. */
void api_created_reply(ApiResponse *res, Room *room, char tokens[MAX_PLAYERS][TOKEN_LEN + 1], unsigned mine);
/* The endpoints of each file, dispatched by api_community (true when the
 * path is theirs). */
bool api_accounts(Server *srv, const ApiRequest *req, ApiResponse *res, char **seg, int n);
bool api_players(Server *srv, const ApiRequest *req, ApiResponse *res, char **seg, int n);
bool api_lobby(Server *srv, const ApiRequest *req, ApiResponse *res, char **seg, int n);
bool api_chat(Server *srv, const ApiRequest *req, ApiResponse *res, char **seg, int n);

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
