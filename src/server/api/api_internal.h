/* Shared by the api_*.c files: replies, body and query parsing, the
 * request's seats (api_reply.c), and the endpoints the router calls. */
#ifndef MORPH_API_INTERNAL_H
#define MORPH_API_INTERNAL_H

#include <jansson.h>

#include "../../core/utf8.h"
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
/* The body parsed as JSON (duplicate keys refused), or NULL with a 400
 * naming what (e.g. "the record") and where the text went wrong. */
json_t *api_json_body(const ApiRequest *req, ApiResponse *res, const char *what);
/* The query parameter key, or NULL. */
const char *api_query(const ApiRequest *req, const char *key);
/* Checks that every query parameter is among allowed; false with a 400. */
bool api_query_known(const ApiRequest *req, ApiResponse *res, const char *const *allowed);
/* The seats of room the request's X-Seat-Token and signed-in account hold. */
unsigned api_seats(Server *srv, Room *room, const ApiRequest *req);
/* Takes a live-stream slot of the client for a feed (limits_stream_acquire);
 * false with a 429 saying which limit refused. */
bool api_stream_slot(Server *srv, const ApiRequest *req, ApiResponse *res);
/* The same for the stream of room's game: a player of it (a seat of the
 * request's tokens or account) is let past the game's and the server's
 * totals. The HTTP layer gives it back with limits_stream_release_of and
 * the game's id. */
bool api_game_stream_slot(Server *srv, const ApiRequest *req, ApiResponse *res, Room *room);
/* Counts a game creation against the client's limit; false with a 429. */
bool api_may_create(Server *srv, const ApiRequest *req, ApiResponse *res);

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
/* A body's "name" of a guest (NULL: none, out ""): 1 to 20 characters
 * once trimmed, no control character, into out; false with a 400. */
bool api_guest_name(const json_t *name, char out[GUEST_NAME_MAX + 1], ApiResponse *res);
/* The names of g's seats as people read them (room_seat_names), a list. */
json_t *api_players_json(const GameSummary *g);
/* Sets obj's "players" (api_players_json) and "titles": by seat, "BOT"
 * for a bot's account and null for the others (as a profile's title). */
void api_set_players(json_t *obj, const GameSummary *g);
/* 201 with what the creator of a game gets: its id and path, the tokens
 * of their seats (tokens[p] non-empty), the open seats' invitations, the
 * state as seen from mine. */
void api_created_reply(ApiResponse *res, Room *room, char tokens[MAX_PLAYERS][TOKEN_LEN + 1], unsigned mine,
                       bool lean);

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
ApiHandler api_state, api_stream, api_invitations, api_record, api_action, api_why, api_undo, api_resign, api_hint;
/* Between people (api_offers.c): abort, takeback offers. */
ApiHandler api_abort, api_takeback;
/* api_replay.c: positions after every action */
ApiHandler api_replay_room, api_replay_upload;
/* The request's body as a game record (docs/records.md), checked through
 * the rules; NULL with a 4xx in res. */
typedef struct Session Session;
Session *api_record_body(Server *srv, const ApiRequest *req, ApiResponse *res);
/* api_analysis.c: post-game analyses of a stored game or an uploaded record */
ApiHandler api_analysis_start, api_analysis_get, api_analysis_upload, api_analysis_upload_get;
ApiHandler api_analysis_events, api_analysis_upload_events; /* their live streams */
/* api_puzzles.c: the Morphos puzzle suite and answers checked by the solver */
ApiHandler api_puzzle_list, api_puzzle_get, api_puzzle_answer;
/* api_accounts.c: signing up, in and out, the signed-in account, a new password */
ApiHandler api_sign_up, api_sign_in, api_sign_out, api_me, api_password;
/* api_players.c: profiles, leaderboards, the account's games and their feed */
ApiHandler api_player, api_leaderboard, api_my_games, api_my_events;
/* api_lobby.c: challenges, quick pairing, the lobby's feed */
ApiHandler api_lobby_list, api_lobby_create, api_lobby_quick, api_lobby_accept, api_lobby_cancel, api_lobby_events;
/* api_chat.c: a game's chat */
ApiHandler api_chat_read, api_chat_write, api_chat_mute;
/* api_tokens.c: personal API tokens */
ApiHandler api_tokens_list, api_tokens_create, api_tokens_revoke;
/* A request with an Authorization header: its token checked (401 unknown
 * or revoked, 403 a scope missing, 429 its own limit), as filled with the
 * request as the token's account makes it (account's storage kept by the
 * caller); false with the refusal in res. */
bool api_token_admit(Server *srv, const ApiRequest *req, ApiRequest *as, Account *account, ApiResponse *res);
/* api_bot.c: bot accounts and the Bot and Board APIs' game calls */
ApiHandler api_account, api_bot_upgrade, api_bot_game_stream, api_bot_move, api_bot_resign, api_bot_abort, api_bot_chat;
/* api_challenge.c: challenges from one account to another */
ApiHandler api_challenge_create, api_challenge_accept, api_challenge_decline, api_challenge_cancel;
enum { CHALLENGE_OPEN, CHALLENGE_TAKING, CHALLENGE_ACCEPTED, CHALLENGE_DECLINED, CHALLENGE_CANCELED };
typedef struct ApiChallenge {
    StoredChallenge c;   /* id, the challenger (account, name, bot, rating), game, options, clock, rated, created */
    AccountId dest;      /* the challenged account */
    char dest_name[ACCOUNT_NAME_MAX + 1];
    double dest_rating;
    bool dest_bot;
    double expires;      /* server_now() seconds: an open challenge is cancelled then */
    int status;          /* CHALLENGE_*; TAKING: an accept is making its game */
    int reason;          /* a declined one's reason (api_challenge.c's table) */
    char game_id[GAME_ID_LEN + 1]; /* an accepted one's game */
} ApiChallenge;
/* Up to max challenges made by or to account (open, and closed lately),
 * oldest first, copied into out; their number. */
int api_challenges_of(Server *srv, AccountId account, ApiChallenge *out, int max);
/* A challenge as the API shows it; viewer (0: none) gets its direction. */
json_t *api_challenge_json(const ApiChallenge *ch, AccountId viewer);
/* api_events.c: an account's event stream (ndjson): what it told so far
 * (api_events_free, for api_response_free, is api_reply.c's). */
ApiHandler api_event_stream;
#define EVENTS_GAMES_MAX 64        /* running games of an account a stream follows */
#define EVENTS_CHALLENGES_MAX 128  /* challenges of an account it follows */
struct ApiEvents {
    Account me;
    Feed *feed;
    char games[EVENTS_GAMES_MAX][GAME_ID_LEN + 1];     /* running games it told of (gameStart) */
    int ngames;
    char open[EVENTS_CHALLENGES_MAX][GAME_ID_LEN + 1]; /* open challenges it told of */
    int nopen;
};
/* api_lobby.c, shared with api_challenge.c: a body's game, options, clock,
 * rated and takebacks into c (players: the game's seats); without "rated" a
 * pair is rated when pair_rated (the lobby's default; a challenge to an
 * account is casual unless asked, as lichess's); false with a 400. And the
 * spec of c's game between people of num_seats seats; false with a 500. */
bool api_read_challenge(const json_t *body, bool pair_rated, StoredChallenge *c, int *players, ApiResponse *res);
bool api_challenge_spec(const StoredChallenge *c, int num_seats, RoomSpec *spec, ApiResponse *res);

#endif
