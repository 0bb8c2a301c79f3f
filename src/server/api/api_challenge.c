/* Challenges from one account to another, in the shape of lichess's
 * challenge API (docs/web-api.md, "Bots"): POST /api/challenge/NAME makes
 * one (a game, its options, a clock, rated or not), the challenged account
 * accepts it (the game starts for both, seats drawn at random), declines
 * it with a reason, or the challenger cancels it. Both hear of each change
 * on their event streams (api_events.c), which the account's feed wakes.
 *
 * Challenges live in this server's memory (a challenge waits minutes, not
 * days): with several servers, both accounts' event streams hear of a
 * challenge on the server that took it. Closed ones are kept a while, so
 * that an event stream tells declined from cancelled. The server rolls the
 * dice of every game made here: a program never types dice. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/xalloc.h"
#include "../../front/record.h"
#include "../base/glicko2.h"
#include "api_internal.h"
#include "auth.h"

#define CHALLENGE_S 600      /* an open challenge nobody answered is cancelled after 10 minutes */
#define OPEN_PER_ACCOUNT 10  /* open challenges one account made */
#define KEPT_MAX 512         /* open and recently closed challenges the server holds */

struct Challenges {
    pthread_mutex_t lock;
    ApiChallenge items[KEPT_MAX]; /* in the order they were made */
    int n;
};

/* lichess's reasons to decline, with the sentence each stands for. */
static const struct {
    const char *key, *words;
} reasons[] = {
    {"generic", "I'm not accepting challenges at the moment."},
    {"later", "This is not the right time for me, please ask again later."},
    {"tooFast", "This time control is too fast for me, please challenge again with a slower game."},
    {"tooSlow", "This time control is too slow for me, please challenge again with a faster game."},
    {"timeControl", "I'm not accepting challenges with this time control."},
    {"rated", "Please send me a rated challenge instead."},
    {"casual", "Please send me a casual challenge instead."},
    {"standard", "I'm not accepting challenges with these options, please send me a game with the defaults."},
    {"variant", "I'm not willing to play this game right now."},
    {"noBot", "I'm not accepting challenges from bots."},
    {"onlyBot", "I'm only accepting challenges from bots."},
};
#define REASONS (sizeof reasons / sizeof reasons[0])

static void challenges_free(Challenges *c)
{
    pthread_mutex_destroy(&c->lock);
    free(c);
}

/* The server's challenges, made on first use (the hub frees them). */
static Challenges *challenges_of(Server *srv)
{
    pthread_mutex_lock(&srv->feeds_lock);
    if (!srv->challenges) {
        srv->challenges = xcalloc(1, sizeof *srv->challenges);
        pthread_mutex_init(&srv->challenges->lock, NULL);
        srv->challenges_free = challenges_free;
    }
    Challenges *c = srv->challenges;
    pthread_mutex_unlock(&srv->feeds_lock);
    return c;
}

/* Open challenges past their time are cancelled (c locked); the accounts
 * whose streams are to hear of it go to touched (up to 2 * KEPT_MAX). */
static int expire(Challenges *c, double now, AccountId *touched)
{
    int k = 0;
    for (int i = 0; i < c->n; i++) {
        ApiChallenge *ch = &c->items[i];
        if (ch->status == CHALLENGE_OPEN && now >= ch->expires) {
            ch->status = CHALLENGE_CANCELED;
            touched[k++] = ch->c.account;
            touched[k++] = ch->dest;
        }
    }
    return k;
}

/* Room for one more (c locked): the oldest closed challenge goes; false
 * when every one kept is open. */
static bool make_room(Challenges *c)
{
    if (c->n < KEPT_MAX)
        return true;
    for (int i = 0; i < c->n; i++)
        if (c->items[i].status != CHALLENGE_OPEN && c->items[i].status != CHALLENGE_TAKING) {
            memmove(&c->items[i], &c->items[i + 1], (size_t)(c->n - i - 1) * sizeof c->items[0]);
            c->n--;
            return true;
        }
    return false;
}

static void tell(Server *srv, const AccountId *accounts, int n)
{
    for (int i = 0; i < n; i++)
        server_account_changed(srv, accounts[i]);
}

int api_challenges_of(Server *srv, AccountId account, ApiChallenge *out, int max)
{
    Challenges *c = challenges_of(srv);
    AccountId touched[2 * KEPT_MAX];
    pthread_mutex_lock(&c->lock);
    int k = expire(c, server_now(srv), touched), n = 0;
    for (int i = 0; i < c->n && n < max; i++)
        if (c->items[i].c.account == account || c->items[i].dest == account)
            out[n++] = c->items[i];
    pthread_mutex_unlock(&c->lock);
    tell(srv, touched, k);
    return n;
}

static json_t *user_json(const char *name, bool bot, double rating)
{
    char key[ACCOUNT_NAME_MAX + 1];
    account_name_key(name, key);
    return json_pack("{s:s,s:s,s:o,s:i}", "id", key, "name", name, "title", bot ? json_string("BOT") : json_null(),
                     "rating", (int)(rating + 0.5));
}

json_t *api_challenge_json(const ApiChallenge *ch, AccountId viewer)
{
    static const char *const status[] = {"created", "created", "accepted", "declined", "canceled"};
    json_error_t jerr;
    json_t *options = json_loads(ch->c.options, 0, &jerr);
    json_t *obj = json_pack("{s:s,s:s,s:s,s:o,s:o,s:s,s:o,s:b,s:o,s:s}", "id", ch->c.id, "url", "", "status",
                            status[ch->status], "challenger", user_json(ch->c.name, ch->c.bot, ch->c.rating),
                            "destUser", user_json(ch->dest_name, ch->dest_bot, ch->dest_rating), "game", ch->c.game,
                            "options", options ? options : json_object(), "rated", ch->c.rated, "clock",
                            api_clock_json(&ch->c.clock), "created", ch->c.created);
    char url[48];
    snprintf(url, sizeof url, "/api/challenge/%s", ch->c.id);
    json_object_set_new(obj, "url", json_string(url));
    json_object_set_new(obj, "takebacks", json_boolean(ch->c.takebacks));
    if (viewer)
        json_object_set_new(obj, "direction", json_string(ch->dest == viewer ? "in" : "out"));
    if (ch->status == CHALLENGE_ACCEPTED)
        json_object_set_new(obj, "gameId", json_string(ch->game_id));
    if (ch->status == CHALLENGE_DECLINED) {
        json_object_set_new(obj, "declineReasonKey", json_string(reasons[ch->reason].key));
        json_object_set_new(obj, "declineReason", json_string(reasons[ch->reason].words));
    }
    return obj;
}

/* account's rating in game (a newcomer's when it has none). */
static double rating_of(Server *srv, AccountId account, const char *game)
{
    StoredRating ratings[8];
    int n = 0;
    char err[ERR_MAX + 128];
    double rating = GLICKO_RATING;
    if (srv->store->ops->ratings_of(srv->store, account, ratings, 8, &n, err, sizeof err))
        for (int i = 0; i < n; i++)
            if (strcmp(ratings[i].game, game) == 0)
                rating = ratings[i].rating;
    return rating;
}

void api_challenge_create(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    json_t *body = api_body(req, res, (const char *const[]){"game", "options", "clock", "rated", "takebacks", NULL}, false);
    Account me, dest;
    ApiChallenge ch;
    memset(&ch, 0, sizeof ch);
    int players = 2;
    bool found = false;
    char err[ERR_MAX + 128], q[EXCERPT_SIZE];
    if (!body || !api_signed_in(srv, req, res, &me) || !api_read_challenge(body, false, &ch.c, &players, res)) {
        json_decref(body);
        return;
    }
    json_decref(body);
    if (players != 2) {
        api_error(res, 400, "a challenge pairs two players; a game of %d is a table of the lobby (POST /api/lobby)",
                  players);
        return;
    }
    if (ch.c.rated && !api_may_rate(players, false, res))
        return;
    if (!srv->store->ops->account_find(srv->store, t->words[0], 0, &dest, &found, err, sizeof err)) {
        api_error(res, 503, "%s", err);
        return;
    }
    if (!found) {
        api_error(res, 404, "no player is named '%s'", text_excerpt(t->words[0], ACCOUNT_NAME_MAX, q, sizeof q));
        return;
    }
    if (dest.id == me.id) {
        api_error(res, 400, "you cannot challenge yourself: name another player");
        return;
    }
    ch.c.account = me.id;
    snprintf(ch.c.name, sizeof ch.c.name, "%s", me.name);
    ch.c.rating = rating_of(srv, me.id, ch.c.game);
    ch.c.bot = me.bot;
    ch.dest = dest.id;
    snprintf(ch.dest_name, sizeof ch.dest_name, "%s", dest.name);
    ch.dest_bot = dest.bot;
    ch.dest_rating = rating_of(srv, dest.id, ch.c.game);
    record_now(ch.c.created);
    ch.expires = server_now(srv) + CHALLENGE_S;
    if (!token_random(ch.c.id, GAME_ID_LEN)) {
        api_error(res, 500, "the system gave no random bytes for the challenge's id");
        return;
    }
    Challenges *c = challenges_of(srv);
    AccountId touched[2 * KEPT_MAX + 2];
    pthread_mutex_lock(&c->lock);
    int k = expire(c, server_now(srv), touched), open = 0;
    for (int i = 0; i < c->n; i++)
        open += c->items[i].c.account == me.id && c->items[i].status == CHALLENGE_OPEN;
    bool room = open < OPEN_PER_ACCOUNT && make_room(c);
    if (room)
        c->items[c->n++] = ch;
    pthread_mutex_unlock(&c->lock);
    if (room) {
        touched[k++] = me.id;
        touched[k++] = dest.id;
    }
    tell(srv, touched, k);
    if (open >= OPEN_PER_ACCOUNT)
        api_error(res, 409, "you have %d open challenges already: cancel one, or wait for an answer", open);
    else if (!room)
        api_error(res, 429, "the server holds as many open challenges as it can; try again in a few minutes");
    else
        api_json(res, 201, api_challenge_json(&ch, me.id));
}

/* An empty body ({} or nothing); false with a 400. */
static bool no_body(const ApiRequest *req, ApiResponse *res)
{
    json_t *body = api_body(req, res, (const char *const[]){NULL}, true);
    json_decref(body);
    return body != NULL;
}

/* The challenge of the path, when me may answer it as asked (dest: me is
 * the challenged; else the challenger), moved to status `to` (CHALLENGE_TAKING
 * for an accept, which the caller ends); a copy in out. False with a 4xx. */
static bool answer(Server *srv, const ApiRequest *req, ApiResponse *res, const char *id, Account *me, bool dest,
                   int to, int reason, ApiChallenge *out)
{
    if (!api_signed_in(srv, req, res, me))
        return false;
    Challenges *c = challenges_of(srv);
    AccountId touched[2 * KEPT_MAX + 2];
    pthread_mutex_lock(&c->lock);
    int k = expire(c, server_now(srv), touched);
    ApiChallenge *ch = NULL;
    for (int i = 0; i < c->n && !ch; i++)
        if (strcmp(c->items[i].c.id, id) == 0 && c->items[i].status == CHALLENGE_OPEN)
            ch = &c->items[i];
    bool mine = ch && (dest ? ch->dest : ch->c.account) == me->id;
    if (mine) {
        ch->status = to;
        ch->reason = reason;
        *out = *ch;
        if (to != CHALLENGE_TAKING) { /* an accept tells once its game is made */
            touched[k++] = ch->c.account;
            touched[k++] = ch->dest;
        }
    }
    pthread_mutex_unlock(&c->lock);
    tell(srv, touched, k);
    if (!ch)
        api_error(res, 404, "no open challenge '%s' (accepted, declined, cancelled or expired)",
                  token_well_formed(id, GAME_ID_LEN) ? id : "?");
    else if (!mine)
        api_error(res, 403, dest ? "only the challenged player accepts or declines a challenge"
                                 : "only its maker cancels a challenge (the challenged player declines it)");
    return mine;
}

/* The end of an accept: the challenge accepted with its game, or open again. */
static void accepted(Server *srv, const char *id, const char *game_id)
{
    Challenges *c = challenges_of(srv);
    pthread_mutex_lock(&c->lock);
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->items[i].c.id, id) == 0 && c->items[i].status == CHALLENGE_TAKING) {
            c->items[i].status = game_id ? CHALLENGE_ACCEPTED : CHALLENGE_OPEN;
            snprintf(c->items[i].game_id, sizeof c->items[i].game_id, "%s", game_id ? game_id : "");
        }
    pthread_mutex_unlock(&c->lock);
}

void api_challenge_accept(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Account me;
    ApiChallenge ch;
    RoomSpec spec;
    if (!api_query_known(req, res, (const char *const[]){NULL}) || !no_body(req, res) ||
        !answer(srv, req, res, t->words[0], &me, true, CHALLENGE_TAKING, 0, &ch))
        return;
    if (!api_challenge_spec(&ch.c, 2, &spec, res) || !api_may_create(srv, req, res)) {
        accepted(srv, ch.c.id, NULL);
        return;
    }
    uint64_t coin = 0;
    token_seed(&coin); /* who sits first: the kernel's random bytes, not a game's seed */
    int mine = (int)(coin & 1), theirs = 1 - mine;
    spec.listed = true;
    room_spec_account(&spec, mine, me.id, me.name, me.bot);
    room_spec_account(&spec, theirs, ch.c.account, ch.c.name, ch.c.bot);
    char tokens[MAX_PLAYERS][TOKEN_LEN + 1];
    RoomError e;
    Room *room = room_create(&srv->host, &spec, tokens, &e);
    if (!room) {
        accepted(srv, ch.c.id, NULL);
        api_room_error(res, &e);
        return;
    }
    server_add_room(srv, room, req->client);
    server_log(srv, "game %s: %s accepted the challenge of %s", room->meta.id, me.name, ch.c.name);
    accepted(srv, ch.c.id, room->meta.id);
    room_kick(room);
    server_account_changed(srv, ch.c.account);
    server_account_changed(srv, me.id);
    api_json(res, 200, json_pack("{s:b,s:s,s:s}", "ok", 1, "id", ch.c.id, "gameId", room->meta.id));
    room_unref(room);
}

void api_challenge_decline(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Account me;
    ApiChallenge ch;
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    /* the reason first: a refusal leaves the challenge open */
    json_t *body = api_body(req, res, (const char *const[]){"reason", NULL}, true);
    if (!body)
        return;
    const json_t *given = json_object_get(body, "reason");
    int reason = given ? -1 : 0;
    for (size_t i = 0; given && i < REASONS; i++)
        if (json_is_string(given) && strcmp(json_string_value(given), reasons[i].key) == 0)
            reason = (int)i;
    json_decref(body);
    if (reason < 0) {
        char names[256];
        size_t used = 0;
        for (size_t i = 0; i < REASONS; i++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", reasons[i].key);
        api_error(res, 400, "'reason' must be one of: %s", names);
        return;
    }
    if (answer(srv, req, res, t->words[0], &me, true, CHALLENGE_DECLINED, reason, &ch))
        api_json(res, 200, json_pack("{s:b,s:s}", "ok", 1, "id", ch.c.id));
}

void api_challenge_cancel(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Account me;
    ApiChallenge ch;
    if (api_query_known(req, res, (const char *const[]){NULL}) && no_body(req, res) &&
        answer(srv, req, res, t->words[0], &me, false, CHALLENGE_CANCELED, 0, &ch))
        api_json(res, 200, json_pack("{s:b,s:s}", "ok", 1, "id", ch.c.id));
}
