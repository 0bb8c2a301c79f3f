/* The lobby: open challenges of signed-in players (a game, its options, a
 * clock, rated or not), accepted by another account with one click (the
 * game starts for both, seats drawn at random), withdrawn by their maker;
 * and quick pairing ("play someone now"): a seek for a game and a clock
 * that the next player asking for the same meets. Challenges last an hour,
 * seeks two minutes unless asked for again. The list changes live: a
 * stream tells of every change. A challenge pairs two players; one for 3
 * or 4 (a Morpyam table) makes its game at once, the maker seated, and
 * fills as players take its seats (POST /api/games/ID/join); the lobby
 * lists such tables while seats are open. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../front/game_json.h"
#include "../../front/record.h"
#include "../../core/xalloc.h"
#include "../../games/registry.h"
#include "api_internal.h"
#include "auth.h"
#include "../base/glicko2.h"

#define CHALLENGE_MINUTES 60
#define SEEK_SECONDS 120
#define OPEN_MAX 5        /* open challenges of one account */
#define LOBBY_MAX 200
#define TABLES_MAX 50     /* waiting games looked through for tables */

static void time_in(int seconds, char out[21])
{
    time_t t = time(NULL) + seconds;
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, 21, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static json_t *challenge_json(const StoredChallenge *c, AccountId me)
{
    json_error_t jerr;
    json_t *options = json_loads(c->options, 0, &jerr);
    json_t *obj = json_pack("{s:s,s:s,s:i,s:i,s:s,s:o,s:o,s:b,s:b,s:s,s:s,s:b}", "id", c->id, "name", c->name,
                            "rating", (int)(c->rating + 0.5), "rd", (int)(c->rd + 0.5), "game", c->game, "options",
                            options ? options : json_object(), "clock", api_clock_json(&c->clock), "rated", c->rated,
                            "quick", c->quick, "created", c->created, "expires", c->expires, "mine",
                            me && c->account == me);
    json_object_set_new(obj, "title", c->bot ? json_string("BOT") : json_null()); /* as a profile says it */
    json_object_set_new(obj, "takebacks", json_boolean(c->takebacks));
    return obj;
}

/* The open challenges (not expired); NULL with a 503 in res. */
static StoredChallenge *open_challenges(Server *srv, int *n, ApiResponse *res)
{
    StoredChallenge *list = xcalloc(LOBBY_MAX, sizeof *list);
    char now[21], err[ERR_MAX + 128];
    record_now(now);
    if (!srv->store->ops->challenges(srv->store, now, list, LOBBY_MAX, n, err, sizeof err)) {
        free(list);
        api_error(res, 503, "%s", err);
        return NULL;
    }
    return list;
}

/* The tables waiting for players: listed games of 3 or more seats, all
 * people, with open seats, each with its players' names (null: open) and
 * clock; NULL with a 503 in res. */
static json_t *open_tables(Server *srv, ApiResponse *res)
{
    GameSummary *rows = xcalloc(TABLES_MAX, sizeof *rows);
    int n = 0;
    char err[ERR_MAX + 128];
    if (!srv->store->ops->list(srv->store, STATUS_WAITING, NULL, NULL, TABLES_MAX, rows, &n, err, sizeof err)) {
        free(rows);
        api_error(res, 503, "%s", err);
        return NULL;
    }
    json_t *tables = json_array();
    json_error_t jerr;
    for (int i = 0; i < n; i++) {
        GameSummary *g = &rows[i];
        if (g->num_seats >= 3 && !g->ai_seats && g->open_seats) {
            char path[32];
            snprintf(path, sizeof path, "/game/%s", g->id);
            json_t *table = json_pack("{s:s,s:s,s:o,s:o,s:i,s:i,s:s,s:s}", "id", g->id, "game", g->game, "options",
                                      json_loads(g->options, 0, &jerr), "clock", api_clock_json(&g->clock), "seats",
                                      g->num_seats, "open_seats", g->open_seats, "created", g->created, "path", path);
            api_set_players(table, g);
            json_t *players = json_object_get(table, "players");
            for (int p = 0; p < g->num_seats && p < MAX_PLAYERS; p++)
                if (g->seats[p].kind == SEAT_HUMAN && !g->seats[p].name[0] && !g->seats[p].guest[0])
                    json_array_set_new(players, (size_t)p, json_null()); /* open, or a guest without a name */
            json_array_append_new(tables, table);
        }
        game_summary_clear(g);
    }
    free(rows);
    return tables;
}

void api_lobby_list(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    Account me;
    AccountId mine = auth_account(srv, req, &me) ? me.id : 0;
    int n = 0;
    StoredChallenge *list = open_challenges(srv, &n, res);
    if (!list)
        return;
    json_t *challenges = json_array(), *accepted = json_object(), *tables = open_tables(srv, res);
    if (!tables) {
        json_decref(challenges);
        json_decref(accepted);
        free(list);
        return;
    }
    for (int i = 0; i < n; i++)
        json_array_append_new(challenges, challenge_json(&list[i], mine));
    free(list);
    pthread_mutex_lock(&srv->feeds_lock);
    for (int i = 0; i < 64; i++)
        if (srv->accepted[i].challenge[0])
            json_object_set_new(accepted, srv->accepted[i].challenge, json_string(srv->accepted[i].game));
    pthread_mutex_unlock(&srv->feeds_lock);
    api_json(res, 200, json_pack("{s:o,s:o,s:o}", "challenges", challenges, "tables", tables, "accepted", accepted));
}

/* Reads a challenge's game, options, clock, rated and takebacks from body
 * into c; false with a 400. The lobby's games are between two players. */
bool api_read_challenge(const json_t *body, bool pair_rated, StoredChallenge *c, int *players_out, ApiResponse *res)
{
    const char *game = json_string_value(json_object_get(body, "game"));
    const GameOps *ops = game ? game_lookup(game) : NULL;
    const json_t *options = json_object_get(body, "options"), *rated = json_object_get(body, "rated"),
                 *takebacks = json_object_get(body, "takebacks");
    Options opts;
    char err[ERR_MAX], q[EXCERPT_SIZE];
    if (!ops) {
        char names[256];
        game_names_text(", ", " or ", true, NULL, names, sizeof names);
        api_error(res, 400, "'game' must be %s%s%s%s", names, game ? ", got '" : "",
                  game ? text_excerpt(game, EXCERPT_MAX, q, sizeof q) : "", game ? "'" : "");
        return false;
    }
    if (options && !game_options_from_json(ops, options, &opts, err, sizeof err)) {
        api_error(res, 400, "options: %s", err);
        return false;
    }
    if (!options)
        options_init(&opts);
    Game *g = game_new(game, &opts, err, sizeof err);
    if (!g) {
        api_error(res, 400, "options: %s", err);
        return false;
    }
    int players = g->num_players;
    json_t *effective = game_options_to_json(g);
    char *text = json_dumps(effective, JSON_COMPACT);
    json_decref(effective);
    game_free(g);
    bool ok = true;
    *players_out = players;
    if (strlen(text) >= sizeof c->options) {
        api_error(res, 400, "options: too long for the lobby");
        ok = false;
    } else if (rated && !json_is_boolean(rated)) {
        api_error(res, 400, "'rated' must be true or false");
        ok = false;
    } else if (takebacks && !json_is_boolean(takebacks)) {
        api_error(res, 400, "'takebacks' must be true (players may ask to take a move back) or false");
        ok = false;
    } else if (api_clock(json_object_get(body, "clock"), &c->clock, res)) {
        snprintf(c->game, sizeof c->game, "%s", game);
        snprintf(c->options, sizeof c->options, "%s", text);
        c->rated = rated ? json_is_true(rated) : pair_rated && players == 2;
        /* lichess's default, as POST /api/games: takebacks in casual games */
        c->takebacks = takebacks ? json_is_true(takebacks) : !c->rated;
    } else {
        ok = false;
    }
    free(text);
    return ok;
}

/* The spec of a game of c's game, options and clock between people of
 * num_seats seats; false with a 500 when c's options cannot be read. */
bool api_challenge_spec(const StoredChallenge *c, int num_seats, RoomSpec *spec, ApiResponse *res)
{
    memset(spec, 0, sizeof *spec);
    const GameOps *ops = game_lookup(c->game);
    json_error_t jerr;
    json_t *options = json_loads(c->options, 0, &jerr);
    char err[ERR_MAX];
    bool ok = ops && options && game_options_from_json(ops, options, &spec->options, err, sizeof err);
    json_decref(options);
    if (!ok) {
        api_error(res, 500, "challenge %s: its stored options cannot be read", c->id);
        return false;
    }
    spec->game = c->game;
    spec->num_seats = num_seats;
    spec->listed = true;
    spec->rated = c->rated;
    spec->takebacks = c->takebacks;
    spec->clock = c->clock;
    for (int p = 0; p < num_seats; p++)
        spec->kind[p] = SEAT_HUMAN;
    return true;
}

/* A table of players seats (3 or 4, unrated): its game made at once, the
 * maker at a seat drawn at random, the others open to whoever takes them
 * (the lobby lists it while seats are open); 201 as POST /api/games
 * answers it. */
static void open_table(Server *srv, const ApiRequest *req, ApiResponse *res, StoredChallenge *c, int players,
                       const Account *me)
{
    RoomSpec spec;
    if ((c->rated && !api_may_rate(players, false, res)) || !api_challenge_spec(c, players, &spec, res) ||
        !api_may_create(srv, req, res))
        return;
    uint64_t coin = 0;
    token_seed(&coin); /* which seat: the kernel's random bytes, not a game's seed */
    int mine = (int)(coin % (uint64_t)players);
    spec.creator_seats = 1u << mine;
    room_spec_account(&spec, mine, me->id, me->name, me->bot);
    char tokens[MAX_PLAYERS][TOKEN_LEN + 1];
    RoomError e;
    Room *room = room_create(&srv->host, &spec, tokens, &e);
    if (!room) {
        api_room_error(res, &e);
        return;
    }
    server_add_room(srv, room, req->client);
    server_log(srv, "game %s: %s opened a table of %d in the lobby", room->meta.id, me->name, players);
    api_created_reply(res, room, tokens, spec.creator_seats, false);
    room_kick(room);
    server_account_changed(srv, me->id);
    server_lobby_changed(srv);
    room_unref(room);
}

/* Makes the game of challenge c for its maker and account me (seats drawn
 * at random), taking the challenge in the same transaction; 201 with the
 * game as POST /api/games answers it (me's seat token). */
static void accept_challenge(Server *srv, const ApiRequest *req, ApiResponse *res, const StoredChallenge *c, const Account *me)
{
    RoomSpec spec;
    if (!api_challenge_spec(c, 2, &spec, res))
        return;
    uint64_t coin = 0;
    token_seed(&coin); /* who sits first: the kernel's random bytes, not a game's seed */
    int mine = (int)(coin & 1), theirs = 1 - mine;
    spec.from_challenge = c->id;
    spec.creator_seats = 1u << mine;
    room_spec_account(&spec, mine, me->id, me->name, me->bot);
    room_spec_account(&spec, theirs, c->account, c->name, c->bot);
    if (!api_may_create(srv, req, res))
        return;
    char tokens[MAX_PLAYERS][TOKEN_LEN + 1];
    RoomError e;
    Room *room = room_create(&srv->host, &spec, tokens, &e);
    if (!room) {
        api_room_error(res, &e);
        return;
    }
    server_add_room(srv, room, req->client);
    server_log(srv, "game %s: %s accepted the challenge of %s", room->meta.id, me->name, c->name);
    api_created_reply(res, room, tokens, 1u << mine, false);
    room_kick(room);
    server_account_changed(srv, c->account);
    server_account_changed(srv, me->id);
    server_challenge_accepted(srv, c->id, room->meta.id);
    room_unref(room);
}

/* The open challenge id, copied into out; false with a 404. */
static bool find_challenge(Server *srv, const char *id, StoredChallenge *out, ApiResponse *res)
{
    int n = 0;
    StoredChallenge *list = open_challenges(srv, &n, res);
    if (!list)
        return false;
    bool found = false;
    for (int i = 0; i < n && !found; i++)
        if (strcmp(list[i].id, id) == 0) {
            *out = list[i];
            found = true;
        }
    free(list);
    if (!found)
        api_error(res, 404, "no open challenge '%s' (taken, withdrawn or expired)", token_well_formed(id, GAME_ID_LEN) ? id : "?");
    return found;
}

static bool new_challenge(Server *srv, StoredChallenge *c, const Account *me, bool quick, ApiResponse *res)
{
    char err[ERR_MAX + 128];
    StoredRating ratings[8];
    int n = 0;
    c->rating = GLICKO_RATING;
    c->rd = GLICKO_RD;
    if (srv->store->ops->ratings_of(srv->store, me->id, ratings, 8, &n, err, sizeof err))
        for (int i = 0; i < n; i++)
            if (strcmp(ratings[i].game, c->game) == 0) {
                c->rating = ratings[i].rating;
                c->rd = ratings[i].rd;
            }
    c->account = me->id;
    snprintf(c->name, sizeof c->name, "%s", me->name);
    c->bot = me->bot;
    c->quick = quick;
    record_now(c->created);
    time_in(quick ? SEEK_SECONDS : CHALLENGE_MINUTES * 60, c->expires);
    if (!token_random(c->id, GAME_ID_LEN)) {
        api_error(res, 500, "the system gave no random bytes for the challenge's id");
        return false;
    }
    if (!srv->store->ops->challenge_create(srv->store, c, err, sizeof err)) {
        api_error(res, 503, "%s", err);
        return false;
    }
    server_lobby_changed(srv);
    return true;
}

void api_lobby_create(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    Account me;
    json_t *body = api_body(req, res, (const char *const[]){"game", "options", "clock", "rated", "takebacks", NULL}, false);
    StoredChallenge c;
    memset(&c, 0, sizeof c);
    int n = 0, own = 0;
    StoredChallenge *list = NULL;
    int players = 2;
    if (body && api_signed_in(srv, req, res, &me) && api_read_challenge(body, true, &c, &players, res) && players > 2) {
        open_table(srv, req, res, &c, players, &me);
    } else if (body && !res->status && (list = open_challenges(srv, &n, res))) {
        for (int i = 0; i < n; i++)
            own += list[i].account == me.id && !list[i].quick;
        if (own >= OPEN_MAX)
            api_error(res, 409, "you have %d open challenges already: withdraw one first", own);
        else if (api_may_create(srv, req, res) && new_challenge(srv, &c, &me, false, res))
            api_json(res, 201, json_pack("{s:o}", "challenge", challenge_json(&c, me.id)));
    }
    free(list);
    json_decref(body);
}

/* Play someone now: meets a seek of another player for the same game,
 * clock, rating and takebacks, or waits in the lobby (asking again keeps waiting). */
void api_lobby_quick(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    Account me;
    json_t *body = api_body(req, res, (const char *const[]){"game", "clock", "rated", "takebacks", NULL}, false);
    StoredChallenge want;
    memset(&want, 0, sizeof want);
    int n = 0;
    StoredChallenge *list = NULL;
    int players = 2;
    if (body && api_signed_in(srv, req, res, &me) && api_read_challenge(body, true, &want, &players, res) && players != 2) {
        api_error(res, 400, "play someone now pairs two players; for a game of %d, open a table", players);
    } else if (body && !res->status && me.bot) {
        api_error(res, 403, "bots stay out of play someone now, which is for people: people challenge bots "
                            "(POST /api/challenge/NAME), and bots challenge each other");
    } else if (body && !res->status && (list = open_challenges(srv, &n, res))) {
        const StoredChallenge *match = NULL, *mine = NULL;
        for (int i = 0; i < n; i++) {
            const StoredChallenge *c = &list[i];
            bool same = c->quick && strcmp(c->game, want.game) == 0 && clock_spec_equal(&c->clock, &want.clock) &&
                        c->rated == want.rated && c->takebacks == want.takebacks;
            if (same && c->account != me.id && !match)
                match = c;
            if (same && c->account == me.id)
                mine = c;
        }
        char err[ERR_MAX + 128];
        if (match) {
            if (mine) { /* paired: this player's own seek is over */
                bool found;
                srv->store->ops->challenge_delete(srv->store, mine->id, me.id, &found, err, sizeof err);
            }
            accept_challenge(srv, req, res, match, &me);
        } else if (mine) {
            StoredChallenge renewed = *mine;
            time_in(SEEK_SECONDS, renewed.expires);
            if (srv->store->ops->challenge_renew(srv->store, mine->id, renewed.expires, err, sizeof err))
                api_json(res, 202, json_pack("{s:o}", "challenge", challenge_json(&renewed, me.id)));
            else
                api_error(res, 503, "%s", err);
        } else if (new_challenge(srv, &want, &me, true, res)) {
            api_json(res, 202, json_pack("{s:o}", "challenge", challenge_json(&want, me.id)));
        }
    }
    free(list);
    json_decref(body);
}

static void take_or_cancel(Server *srv, const ApiRequest *req, ApiResponse *res, const char *id, bool take)
{
    Account me;
    json_t *body = api_body(req, res, (const char *const[]){NULL}, true);
    StoredChallenge c;
    char err[ERR_MAX + 128];
    bool found = false;
    if (!body || !api_signed_in(srv, req, res, &me) || !find_challenge(srv, id, &c, res)) {
    } else if (take && c.account == me.id) {
        api_error(res, 409, "this is your own challenge: wait for someone to accept it, or withdraw it");
    } else if (take) {
        accept_challenge(srv, req, res, &c, &me);
    } else if (!srv->store->ops->challenge_delete(srv->store, c.id, me.id, &found, err, sizeof err)) {
        api_error(res, 503, "%s", err);
    } else if (!found) {
        api_error(res, 403, "only its maker withdraws a challenge");
    } else {
        server_lobby_changed(srv);
        api_json(res, 200, json_pack("{s:s,s:b}", "id", c.id, "withdrawn", 1));
    }
    json_decref(body);
}

void api_lobby_events(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (!api_query_known(req, res, (const char *const[]){NULL}) || !api_stream_slot(srv, req, res))
        return;
    res->status = 200;
    res->content_type = "text/event-stream";
    feed_ref(srv->lobby);
    res->stream_feed = srv->lobby;
}

void api_lobby_accept(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (api_query_known(req, res, (const char *const[]){NULL}))
        take_or_cancel(srv, req, res, t->words[0], true);
}

void api_lobby_cancel(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (api_query_known(req, res, (const char *const[]){NULL}))
        take_or_cancel(srv, req, res, t->words[0], false);
}
