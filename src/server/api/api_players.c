/* Players: a profile (ratings, their history, running and recent games),
 * the leaderboard of a game, and the signed-in account's running games
 * ("your games", those where it is to act first) with their live feed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/number.h"
#include "../../core/utf8.h"
#include "../../core/xalloc.h"
#include "../../games/registry.h"
#include "api_internal.h"
#include "auth.h"
#include "../base/glicko2.h"

#define HISTORY_MAX 50 /* points of a rating's history on a profile */
#define GAMES_MAX 30   /* running or recent games on a profile */
#define LEADERS_MAX 100

static json_t *rating_json(double rating, double rd, int games)
{
    /* shown rounded, as people read them */
    return json_pack("{s:i,s:i,s:i}", "rating", (int)(rating + 0.5), "rd", (int)(rd + 0.5), "games", games);
}

json_t *api_players_json(const GameSummary *g)
{
    char names[MAX_PLAYERS][ROOM_NAME_MAX];
    int n = g->num_seats < MAX_PLAYERS ? g->num_seats : MAX_PLAYERS;
    room_seat_names(g->game, g->seats, n, names);
    json_t *players = json_array();
    for (int p = 0; p < n; p++)
        json_array_append_new(players, json_string(names[p]));
    return players;
}

void api_set_players(json_t *obj, const GameSummary *g)
{
    int n = g->num_seats < MAX_PLAYERS ? g->num_seats : MAX_PLAYERS;
    json_object_set_new(obj, "players", api_players_json(g));
    json_t *titles = json_array();
    for (int p = 0; p < n; p++)
        json_array_append_new(titles, g->seats[p].bot ? json_string("BOT") : json_null());
    json_object_set_new(obj, "titles", titles);
}

static void summary_fields(json_t *obj, const GameSummary *g)
{
    json_error_t jerr;
    json_object_set_new(obj, "id", json_string(g->id));
    json_object_set_new(obj, "game", json_string(g->game));
    json_object_set_new(obj, "options", json_loads(g->options, 0, &jerr));
    json_object_set_new(obj, "status", json_string(status_name(g->status)));
    json_object_set_new(obj, "rated", json_boolean(g->rated));
    json_object_set_new(obj, "clock", api_clock_json(&g->clock));
    json_object_set_new(obj, "seat", json_integer(g->seat + 1));
    api_set_players(obj, g);
    json_object_set_new(obj, "updated", json_string(g->updated));
    char path[32];
    snprintf(path, sizeof path, "/game/%s", g->id);
    json_object_set_new(obj, "path", json_string(path));
    json_t *result = g->result ? json_loads(g->result, 0, &jerr) : NULL;
    json_object_set_new(obj, "result", result ? result : json_null());
}

/* The games of account (running or finished) as JSON. */
static json_t *games_json(Server *srv, AccountId account, bool running, int limit, ApiResponse *res)
{
    GameSummary *rows = xcalloc((size_t)limit, sizeof *rows);
    int n = 0;
    char err[ERR_MAX + 128];
    if (!srv->store->ops->games_of(srv->store, account, running, limit, rows, &n, err, sizeof err)) {
        free(rows);
        api_error(res, 503, "%s", err);
        return NULL;
    }
    json_t *list = json_array();
    for (int i = 0; i < n; i++) {
        json_t *obj = json_object();
        summary_fields(obj, &rows[i]);
        json_array_append_new(list, obj);
        game_summary_clear(&rows[i]);
    }
    free(rows);
    return list;
}

void api_player(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    const char *name = t->words[0];
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    Account a;
    bool found = false;
    char err[ERR_MAX + 128], q[EXCERPT_SIZE];
    if (!account_name_check(name, err, sizeof err) ||
        (srv->store->ops->account_find(srv->store, name, 0, &a, &found, err, sizeof err) && !found)) {
        api_error(res, 404, "no player '%s'", text_excerpt(name, EXCERPT_MAX, q, sizeof q));
        return;
    }
    StoredRating stored[8];
    int n = 0;
    if (!found || !srv->store->ops->ratings_of(srv->store, a.id, stored, 8, &n, err, sizeof err)) {
        api_error(res, 503, "%s", err);
        return;
    }
    json_t *ratings = json_object(), *history = json_object();
    for (const GameOps *const *g = game_list(); *g; g++) {
        int k = 0;
        while (k < n && strcmp(stored[k].game, (*g)->name) != 0)
            k++;
        Glicko fresh = glicko2_new();
        json_object_set_new(ratings, (*g)->name,
                            k < n ? rating_json(stored[k].rating, stored[k].rd, stored[k].games)
                                  : rating_json(fresh.rating, fresh.rd, 0));
        RatingPoint points[HISTORY_MAX];
        int np = 0;
        json_t *line = json_array();
        if (k < n && srv->store->ops->rating_history(srv->store, a.id, (*g)->name, points, HISTORY_MAX, &np, err,
                                                     sizeof err))
            for (int i = 0; i < np; i++)
                json_array_append_new(line, json_pack("{s:s,s:s,s:i,s:i}", "game", points[i].game_id, "at",
                                                      points[i].at, "rating", (int)(points[i].rating + 0.5), "rd",
                                                      (int)(points[i].rd + 0.5)));
        json_object_set_new(history, (*g)->name, line);
    }
    json_t *running = games_json(srv, a.id, true, GAMES_MAX, res);
    json_t *recent = running ? games_json(srv, a.id, false, GAMES_MAX, res) : NULL;
    if (!recent) {
        json_decref(ratings);
        json_decref(history);
        json_decref(running);
        return;
    }
    /* "games": running ones first, then the most recent finished ones */
    json_t *games = json_array();
    json_array_extend(games, running);
    json_array_extend(games, recent);
    json_decref(running);
    json_decref(recent);
    api_json(res, 200, json_pack("{s:s,s:o,s:s,s:o,s:o,s:o}", "name", a.name, "title",
                                 a.bot ? json_string("BOT") : json_null(), "created", a.created, "ratings", ratings,
                                 "history", history, "games", games));
}

void api_leaderboard(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    const char *game = t->words[0];
    if (!api_query_known(req, res, (const char *const[]){"offset", "limit", "players", NULL}))
        return;
    char q[EXCERPT_SIZE];
    /* bots have a board of their own (?players=bots), as on lichess */
    const char *players_text = api_query(req, "players");
    int whom = !players_text || strcmp(players_text, "all") == 0 ? LEADERS_ALL
               : strcmp(players_text, "people") == 0         ? LEADERS_PEOPLE
               : strcmp(players_text, "bots") == 0           ? LEADERS_BOTS
                                                             : -2;
    if (whom == -2) {
        api_error(res, 400, "players must be all, people or bots, got '%s'",
                  text_excerpt(players_text, EXCERPT_MAX, q, sizeof q));
        return;
    }
    if (!game_lookup(game)) {
        char names[256];
        game_names_text(", ", " or ", false, NULL, names, sizeof names);
        api_error(res, 404, "unknown game '%s' (expected %s)", text_excerpt(game, EXCERPT_MAX, q, sizeof q), names);
        return;
    }
    long offset = 0, limit = 50;
    const char *offset_text = api_query(req, "offset"), *limit_text = api_query(req, "limit");
    if (offset_text && !number_parse_long(offset_text, 0, 1000000, &offset)) {
        api_error(res, 400, "offset must be a whole number from 0, got '%s'", text_excerpt(offset_text, EXCERPT_MAX, q, sizeof q));
        return;
    }
    if (limit_text && !number_parse_long(limit_text, 1, LEADERS_MAX, &limit)) {
        api_error(res, 400, "limit must be a whole number from 1 to %d, got '%s'", LEADERS_MAX,
                  text_excerpt(limit_text, EXCERPT_MAX, q, sizeof q));
        return;
    }
    LeaderRow rows[LEADERS_MAX];
    int n = 0;
    char err[ERR_MAX + 128];
    if (!srv->store->ops->leaderboard(srv->store, game, whom, (int)offset, (int)limit, rows, &n, err, sizeof err)) {
        api_error(res, 503, "%s", err);
        return;
    }
    json_t *players = json_array();
    for (int i = 0; i < n; i++) {
        json_t *row = rating_json(rows[i].rating, rows[i].rd, rows[i].games);
        json_object_set_new(row, "rank", json_integer(offset + i + 1));
        json_object_set_new(row, "name", json_string(rows[i].name));
        json_object_set_new(row, "title", rows[i].bot ? json_string("BOT") : json_null());
        json_array_append_new(players, row);
    }
    api_json(res, 200, json_pack("{s:s,s:o}", "game", game, "players", players));
}

/* The running games of the signed-in account, those where it is to act
 * first, each with whose turn it is and the clock. */
void api_my_games(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Account me;
    if (!api_query_known(req, res, (const char *const[]){NULL}) || !api_signed_in(srv, req, res, &me))
        return;
    json_t *list = games_json(srv, me.id, true, 100, res);
    if (!list)
        return;
    json_t *mine = json_array(), *others = json_array();
    size_t i;
    json_t *g;
    json_array_foreach(list, i, g) {
        RoomError e;
        Room *room = server_room(srv, json_string_value(json_object_get(g, "id")), &e);
        if (!room)
            continue;
        char *state = room_state_json(room, room_seats_of(room, NULL, 0, me.id), false);
        json_error_t jerr;
        json_t *s = json_loads(state, 0, &jerr);
        free(state);
        room_unref(room);
        if (!s)
            continue;
        json_t *viewer = json_object_get(s, "viewer");
        /* a game still waiting for a player is nobody's turn yet */
        bool turn = json_is_true(json_object_get(viewer, "to_act")) &&
                    strcmp(json_string_value(json_object_get(s, "status")), "playing") == 0;
        json_object_set_new(g, "your_turn", json_boolean(turn));
        json_object_set(g, "to_move", json_object_get(s, "to_move"));
        json_object_set(g, "count", json_object_get(s, "count"));
        json_object_set(g, "clock", json_object_get(s, "clock"));
        json_object_set(g, "status", json_object_get(s, "status"));
        json_array_append(turn ? mine : others, g);
        json_decref(s);
    }
    json_decref(list);
    json_array_extend(mine, others);
    json_decref(others);
    api_json(res, 200, json_pack("{s:s,s:o}", "name", me.name, "games", mine));
}

/* A live stream of the account's games: an event whenever one changes. */
void api_my_events(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Account me;
    if (!api_query_known(req, res, (const char *const[]){NULL}) || !api_signed_in(srv, req, res, &me) ||
        !api_stream_slot(srv, req, res))
        return;
    res->status = 200;
    res->content_type = "text/event-stream";
    res->stream_feed = server_account_feed(srv, me.id);
}
