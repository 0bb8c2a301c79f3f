/* Bot accounts and the game calls of lichess's Bot and Board APIs
 * (docs/web-api.md, "Bots"). An account with no games may become a bot for
 * good (POST /api/bot/account/upgrade); GET /api/account says who a token
 * or cookie is, with the title "BOT" for a bot. A bot plays its games
 * under /api/bot/game/..., a person's program under /api/board/game/...:
 * the game stream (ndjson, room_ndjson.c), a move by its action text in the
 * path, resign and chat. Each call acts for the seats the account holds in
 * the game, through the same room calls as the page, so the library checks
 * every action and the same refusals come back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/utf8.h"
#include "../base/glicko2.h"
#include "api_internal.h"
#include "auth.h"

#define ACTION_MAX 200 /* bytes of an action's text */

void api_account(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Account me;
    if (!api_query_known(req, res, (const char *const[]){NULL}) || !api_signed_in(srv, req, res, &me))
        return;
    char key[ACCOUNT_NAME_MAX + 1];
    account_name_key(me.name, key);
    api_json(res, 200, json_pack("{s:s,s:s,s:o,s:s}", "id", key, "username", me.name, "title",
                                 me.bot ? json_string("BOT") : json_null(), "created", me.created));
}

void api_bot_upgrade(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Account me;
    json_t *body = api_body(req, res, (const char *const[]){NULL}, true);
    bool played = false;
    char err[ERR_MAX + 128];
    if (!body || !api_query_known(req, res, (const char *const[]){NULL}) || !api_signed_in(srv, req, res, &me)) {
    } else if (me.bot) {
        api_json(res, 200, json_pack("{s:b,s:s}", "ok", 1, "title", "BOT"));
    } else if (!srv->store->ops->account_make_bot(srv->store, me.id, &played, err, sizeof err)) {
        api_error(res, 503, "%s", err);
    } else if (played) {
        api_error(res, 409, "only an account that never played a game becomes a bot: make a new account for the "
                            "bot, then upgrade it");
    } else {
        server_log(srv, "%s is now a bot", me.name);
        api_json(res, 200, json_pack("{s:b,s:s}", "ok", 1, "title", "BOT"));
    }
    json_decref(body);
}

/* The signed-in account (cookie or token) and its seats in the path's game,
 * when it plays there through the right door: a bot under /api/bot/, a
 * person under /api/board/. 0 with a 4xx in res. */
static unsigned seats_of(Server *srv, const ApiRequest *req, ApiResponse *res, Room *room, Account *me)
{
    if (!api_signed_in(srv, req, res, me))
        return 0;
    bool bot_door = strncmp(req->path, "/api/bot/", 9) == 0;
    if (bot_door && !me->bot) {
        api_error(res, 403, "this account is not a bot: a person's program plays through /api/board/ (or upgrade an "
                            "account with no games: POST /api/bot/account/upgrade)");
        return 0;
    }
    if (!bot_door && me->bot) {
        api_error(res, 403, "a bot plays through /api/bot/, not /api/board/");
        return 0;
    }
    unsigned seats = api_seats(srv, room, req);
    if (!seats)
        api_error(res, 403, "you hold no seat of game %s", room->meta.id);
    return seats;
}

/* The players of g as the gameFull line shows them: seat, name, account,
 * title and rating. */
static char *players_json(Server *srv, Room *room)
{
    StoredGame g;
    room_meta(room, &g);
    json_t *list = json_array();
    for (int p = 0; p < g.num_seats; p++) {
        const StoredSeat *seat = &g.seats[p];
        json_t *player = json_pack("{s:i,s:s}", "seat", p + 1, "name", room->names[p]);
        if (seat->kind == SEAT_AI)
            json_object_set_new(player, "aiLevel", json_stringn(seat->ai, strcspn(seat->ai, ":")));
        if (seat->account) {
            char err[ERR_MAX + 128];
            StoredRating ratings[8];
            int n = 0;
            double rating = GLICKO_RATING;
            if (srv->store->ops->ratings_of(srv->store, seat->account, ratings, 8, &n, err, sizeof err))
                for (int i = 0; i < n; i++)
                    if (strcmp(ratings[i].game, g.game) == 0)
                        rating = ratings[i].rating;
            json_object_set_new(player, "username", json_string(seat->name));
            json_object_set_new(player, "title", seat->bot ? json_string("BOT") : json_null()); /* read with the seat */
            json_object_set_new(player, "rating", json_integer((json_int_t)(rating + 0.5)));
        }
        json_array_append_new(list, player);
    }
    stored_game_clear(&g);
    char *text = json_dumps(list, JSON_COMPACT);
    json_decref(list);
    return text;
}

void api_bot_game_stream(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Account me;
    unsigned seats = 0;
    if (!api_query_known(req, res, (const char *const[]){NULL}) || !(seats = seats_of(srv, req, res, t->room, &me)) ||
        !api_game_stream_slot(srv, req, res, t->room))
        return;
    res->stream_seats = seats;
    res->status = 200;
    res->content_type = "application/x-ndjson";
    room_ref(t->room);
    res->stream_room = t->room;
    res->stream_after = -2; /* the gameFull line says all */
    res->stream_ndjson = true;
    res->stream_players = players_json(srv, t->room);
}

void api_bot_move(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Account me;
    const char *action = t->words[0];
    RoomError e;
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    json_t *body = api_body(req, res, (const char *const[]){NULL}, true);
    if (!body)
        return;
    json_decref(body);
    unsigned seats = seats_of(srv, req, res, t->room, &me);
    if (!seats)
        return;
    if (!action[0] || strlen(action) > ACTION_MAX || !utf8_valid(action))
        api_error(res, 400, "the action is the path's last part: its text (1 to %d bytes of UTF-8, URL-encoded), "
                            "e.g. /move/c3 or /move/reroll%%202%%203", ACTION_MAX);
    else if (!room_act(t->room, seats, action, -1, &e))
        api_room_error(res, &e);
    else
        api_json(res, 200, json_pack("{s:b}", "ok", 1));
}

/* A call of the caller's seats without a body (resign, abort): {"ok":true}. */
static void seats_call(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t,
                       bool (*call)(Room *r, unsigned seats, RoomError *e))
{
    Account me;
    RoomError e;
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    json_t *body = api_body(req, res, (const char *const[]){NULL}, true);
    if (!body)
        return;
    json_decref(body);
    unsigned seats = seats_of(srv, req, res, t->room, &me);
    if (!seats)
        return;
    if (!call(t->room, seats, &e))
        api_room_error(res, &e);
    else
        api_json(res, 200, json_pack("{s:b}", "ok", 1));
}

void api_bot_resign(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    seats_call(srv, req, res, t, room_resign);
}

/* Before every player has moved (room_abort.c): the game ends unrated. */
void api_bot_abort(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    seats_call(srv, req, res, t, room_abort);
}

/* {"room":"player" or "spectator","text":...}: the game's chat
 * (api_chat.c) under lichess's names; its answer is the chat's. */
void api_bot_chat(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Account me;
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    json_t *body = api_body(req, res, (const char *const[]){"room", "text", NULL}, false);
    if (!body)
        return;
    const char *room = json_string_value(json_object_get(body, "room"));
    if (room && strcmp(room, "player") != 0 && strcmp(room, "spectator") != 0) {
        api_error(res, 400, "'room' must be \"player\" (the default) or \"spectator\"");
    } else if (seats_of(srv, req, res, t->room, &me)) {
        json_t *chat = json_pack("{s:s,s:O}", "channel", room && strcmp(room, "spectator") == 0 ? "spectators" : "players",
                                 "text", json_object_get(body, "text") ? json_object_get(body, "text") : json_null());
        char *text = json_dumps(chat, JSON_COMPACT);
        json_decref(chat);
        ApiRequest as_chat = *req;
        as_chat.body = text;
        as_chat.body_len = strlen(text);
        api_chat_write(srv, &as_chat, res, t);
        free(text);
    }
    json_decref(body);
}
