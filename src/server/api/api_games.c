/* Endpoints of games: creation, seats (invitations, joining, rematch),
 * state, live stream, actions, undo, resign, hint, record. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../ai/ai.h"
#include "../../core/number.h"
#include "../../core/utf8.h"
#include "../../front/game_json.h"
#include "api_internal.h"
#include "auth.h"
#include "../../games/registry.h"

/* The levels that think for a time, as "mcts" or "mcts and ...": the
 * levels 'ms' is for. */
static void timed_levels(char *out, size_t outlen)
{
    size_t used = 0;
    out[0] = '\0';
    for (const AiOps *const *a = ai_list(); *a && used < outlen; a++) {
        if (!(*a)->default_ms)
            continue;
        int w = snprintf(out + used, outlen - used, "%s%s", used ? " and " : "", (*a)->name);
        used += w > 0 ? (size_t)w : 0;
    }
}

/* Reads one seat of a create body into spec; false with a 400. */
static bool read_seat(Server *srv, const json_t *seat, int p, const char *game, RoomSpec *spec, ApiResponse *res)
{
    static const char *const keys[] = {"kind", "level", "ms", "mine", NULL};
    if (!json_is_object(seat)) {
        api_error(res, 400, "seats[%d] must be an object like {\"kind\":\"human\",\"mine\":true} or "
                            "{\"kind\":\"ai\",\"level\":\"greedy\"}", p);
        return false;
    }
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)seat, key, value) {
        bool known = false;
        for (int i = 0; keys[i]; i++)
            known |= strcmp(key, keys[i]) == 0;
        if (!known) {
            char q[EXCERPT_SIZE];
            api_error(res, 400, "seats[%d]: unknown key '%s' (expected: kind, level, ms, mine)", p,
                      text_excerpt(key, EXCERPT_MAX, q, sizeof q));
            return false;
        }
    }
    const char *kind = json_string_value(json_object_get(seat, "kind"));
    const json_t *mine = json_object_get(seat, "mine"), *level = json_object_get(seat, "level"),
                 *ms = json_object_get(seat, "ms");
    if (mine && !json_is_boolean(mine)) {
        api_error(res, 400, "seats[%d].mine must be true or false", p);
        return false;
    }
    if (kind && strcmp(kind, "human") == 0) {
        if (level || ms) {
            api_error(res, 400, "seats[%d]: a human seat takes no 'level' or 'ms'", p);
            return false;
        }
        spec->kind[p] = SEAT_HUMAN;
        if (json_is_true(mine))
            spec->creator_seats |= 1u << p;
        return true;
    }
    if (!kind || strcmp(kind, "ai") != 0) {
        api_error(res, 400, "seats[%d].kind must be \"human\" or \"ai\"", p);
        return false;
    }
    if (json_is_true(mine)) {
        api_error(res, 400, "seats[%d]: an AI seat cannot be 'mine'", p);
        return false;
    }
    char levels[128];
    ai_levels_text(game, levels, sizeof levels);
    const char *name = json_string_value(level);
    const AiOps *ops = name ? ai_level(name, game) : NULL;
    if (!ops) {
        char q[EXCERPT_SIZE];
        api_error(res, 400, "seats[%d].level must be one of the AI levels of %s (%s)%s%s%s", p, game, levels,
                  name ? ", got '" : "", name ? text_excerpt(name, EXCERPT_MAX, q, sizeof q) : "", name ? "'" : "");
        return false;
    }
    spec->kind[p] = SEAT_AI;
    if (ops->default_ms) {
        json_int_t v = ms ? json_integer_value(ms) : ops->default_ms;
        if (ms && (!json_is_integer(ms) || v < API_MIN_AI_MS || v > srv->cfg.max_ai_ms)) {
            api_error(res, 400, "seats[%d].ms must be a whole number of milliseconds from %d to %d", p, API_MIN_AI_MS,
                      srv->cfg.max_ai_ms);
            return false;
        }
        snprintf(spec->ai[p], sizeof spec->ai[p], "%s:ms=%lld%s", ops->name, (long long)v,
                 ops->takes_threads ? ",threads=1" : "");
    } else if (ms) {
        char timed[64];
        timed_levels(timed, sizeof timed);
        api_error(res, 400, "seats[%d]: 'ms' is only for the %s level", p, timed);
        return false;
    } else {
        snprintf(spec->ai[p], sizeof spec->ai[p], "%s", ops->name);
    }
    return true;
}

static bool has_dice(const GameOps *ops)
{
    return ops->has_dice;
}

/* ?lean=1: the answer (or the stream, or a new game's answer) carries
 * what changed, for a client that computes the rest with the engine of the
 * page; false with a 400 for another value. */
static bool read_lean(const ApiRequest *req, ApiResponse *res, bool *lean)
{
    const char *text = api_query(req, "lean");
    *lean = text && strcmp(text, "1") == 0;
    if (text && !*lean && strcmp(text, "0") != 0) {
        char q[EXCERPT_SIZE];
        api_error(res, 400, "'lean' must be 1 (what changed) or 0 (the whole state), got '%s'",
                  text_excerpt(text, EXCERPT_MAX, q, sizeof q));
        return false;
    }
    return true;
}

void api_create(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    static const char *const keys[] = {"game", "options", "seats", "dice", "listed", "rated", "takebacks", "clock",
                                        "name", NULL};
    bool lean;
    if (!api_query_known(req, res, (const char *const[]){"lean", NULL}) || !read_lean(req, res, &lean))
        return;
    json_t *body = api_body(req, res, keys, false);
    if (!body)
        return;
    RoomSpec spec;
    memset(&spec, 0, sizeof spec);
    const char *game = json_string_value(json_object_get(body, "game"));
    const GameOps *ops = game ? game_lookup(game) : NULL;
    const json_t *options = json_object_get(body, "options"), *seats = json_object_get(body, "seats"),
                 *dice = json_object_get(body, "dice"), *listed = json_object_get(body, "listed"),
                 *rated = json_object_get(body, "rated"), *takebacks = json_object_get(body, "takebacks");
    Account me = {0};
    bool signed_in = auth_account(srv, req, &me);
    char err[ERR_MAX], guest[GUEST_NAME_MAX + 1];
    Game *probe = NULL;
    char q[EXCERPT_SIZE];
    if (!api_guest_name(json_object_get(body, "name"), guest, res)) {
    } else if (!ops) {
        char names[256];
        game_names_text(", ", " or ", true, NULL, names, sizeof names);
        api_error(res, 400, "'game' must be %s%s%s%s", names, game ? ", got '" : "",
                  game ? text_excerpt(game, EXCERPT_MAX, q, sizeof q) : "", game ? "'" : "");
    } else if (options && !game_options_from_json(ops, options, &spec.options, err, sizeof err)) {
        api_error(res, 400, "options: %s", err);
    } else if (!options && (options_init(&spec.options), false)) {
    } else if (!(probe = game_new(game, &spec.options, err, sizeof err))) {
        api_error(res, 400, "options: %s", err);
    } else if (dice && !(json_is_string(dice) && (strcmp(json_string_value(dice), "auto") == 0 ||
                                                    strcmp(json_string_value(dice), "real") == 0))) {
        api_error(res, 400, "'dice' must be \"auto\" (the server rolls) or \"real\" (players type their dice)");
    } else if (listed && !json_is_boolean(listed)) {
        api_error(res, 400, "'listed' must be true or false");
    } else if (rated && !json_is_boolean(rated)) {
        api_error(res, 400, "'rated' must be true or false");
    } else if (takebacks && !json_is_boolean(takebacks)) {
        api_error(res, 400, "'takebacks' must be true (players may ask to take a move back) or false");
    } else if (!api_clock(json_object_get(body, "clock"), &spec.clock, res)) {
    } else if (seats && (!json_is_array(seats) || (int)json_array_size(seats) != probe->num_players)) {
        api_error(res, 400, "'seats' must be an array of %d seats (one per player of this game)", probe->num_players);
    } else {
        spec.game = game;
        spec.num_seats = probe->num_players;
        spec.real_dice = dice && strcmp(json_string_value(dice), "real") == 0;
        spec.listed = listed ? json_is_true(listed) : true;
        bool ok = true;
        if (seats) {
            for (int p = 0; ok && p < spec.num_seats; p++)
                ok = read_seat(srv, json_array_get(seats, (size_t)p), p, game, &spec, res);
        } else {
            /* the default table: you in seat 1, the game's default AI in the others */
            spec.kind[0] = SEAT_HUMAN;
            spec.creator_seats = 1;
            for (int p = 1; p < spec.num_seats; p++) {
                spec.kind[p] = SEAT_AI;
                snprintf(spec.ai[p], sizeof spec.ai[p], "%s", ai_game_levels(game)->default_level);
            }
        }
        if (ok && spec.real_dice && !ops->has_dice) {
            char names[256];
            game_names_text(", ", " and ", false, has_dice, names, sizeof names);
            names[0] = (char)toupper((unsigned char)names[0]);
            api_error(res, 400, "'dice': \"real\" is for %s; %s has no dice", names, game);
            ok = false;
        }
        bool people = true;
        for (int p = 0; p < spec.num_seats; p++)
            people &= spec.kind[p] == SEAT_HUMAN;
        /* a guest's game against the AI is in nobody's lists unless asked */
        if (!listed && !signed_in && !people)
            spec.listed = false;
        bool person = false;
        for (int p = 0; p < spec.num_seats; p++)
            person |= spec.kind[p] == SEAT_HUMAN;
        /* against the AI only the people's time runs: the AI thinks within its own budget */
        if (ok && spec.clock.kind != CLOCK_NONE && !person) {
            api_error(res, 400, "'clock' times people: this game has no seat for a person");
            ok = false;
        }
        spec.rated = json_is_true(rated);
        /* lichess's default: takebacks in casual games, not in rated ones */
        spec.takebacks = takebacks ? json_is_true(takebacks) : !spec.rated;
        if (ok && spec.rated) {
            if (!signed_in) {
                api_error(res, 401, "sign in to create a rated game (ratings belong to accounts)");
                ok = false;
            } else if (!people || __builtin_popcount(spec.creator_seats) != 1) {
                api_error(res, 400, "a rated game is between two people: your seat and one for the other player");
                ok = false;
            } else {
                ok = api_may_rate(spec.num_seats, spec.real_dice, res);
            }
        }
        /* the creator's seats belong to their account when signed in, else
         * carry the name the guest chose */
        for (int p = 0; ok && p < spec.num_seats; p++)
            if ((spec.creator_seats >> p & 1) && signed_in) {
                room_spec_account(&spec, p, me.id, me.name, me.bot);
            } else if (spec.creator_seats >> p & 1) {
                snprintf(spec.guest[p], sizeof spec.guest[p], "%s", guest);
            }
        if (ok && api_may_create(srv, req, res)) {
            char tokens[MAX_PLAYERS][TOKEN_LEN + 1];
            RoomError e;
            Room *room = room_create(&srv->host, &spec, tokens, &e);
            if (!room) {
                api_error(res, e.status == 422 ? 400 : e.status, "%s", e.message);
            } else {
                server_add_room(srv, room, req->client);
                api_created_reply(res, room, tokens, spec.creator_seats, lean);
                room_kick(room);
                room_unref(room);
            }
        }
    }
    game_free(probe);
    json_decref(body);
}

/* The reply to a successful claim. */
static void claimed_reply(ApiResponse *res, Room *room, int seat, const char *token)
{
    char path[32];
    snprintf(path, sizeof path, "/game/%s", room->meta.id);
    char *state = room_state_json(room, 1u << seat, true);
    json_error_t jerr;
    api_json(res, 200, json_pack("{s:s,s:s,s:i,s:s,s:o}", "id", room->meta.id, "path", path, "seat", seat + 1, "token",
                                 token, "state", json_loads(state, 0, &jerr)));
    free(state);
}

/* A seat taken: the reply; the lobby hears of its tables (games of 3 or 4)
 * filling. */
static void seated(Server *srv, ApiResponse *res, Room *room, int seat, const char *token)
{
    claimed_reply(res, room, seat, token);
    if (room->meta.num_seats > 2 && room->meta.listed)
        server_lobby_changed(srv);
}

void api_join_code(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    static const char *const keys[] = {"code", "name", NULL};
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    json_t *body = api_body(req, res, keys, false);
    if (!body)
        return;
    const char *code = json_string_value(json_object_get(body, "code"));
    char id[GAME_ID_LEN + 1], err[ERR_MAX + 128], guest[GUEST_NAME_MAX + 1];
    int seat = -1;
    bool found = false;
    if (!api_guest_name(json_object_get(body, "name"), guest, res)) {
    } else if (!code || !token_well_formed(code, INVITE_LEN)) {
        api_error(res, 400, "'code' must be an invitation code: %d letters a-z and digits 2-7", INVITE_LEN);
    } else if (!srv->store->ops->find_invite(srv->store, code, id, &seat, &found, err, sizeof err)) {
        api_error(res, 503, "%s", err);
    } else if (!found) {
        api_error(res, 404, "no open seat has this invitation (it was used already, or never given)");
    } else {
        RoomError e;
        Room *room = server_room(srv, id, &e);
        char token[TOKEN_LEN + 1];
        Account me = {0};
        bool signed_in = auth_account(srv, req, &me);
        if (!room)
            api_room_error(res, &e);
        else if (!room_claim(room, seat, code, signed_in ? me.id : 0, signed_in ? me.name : guest, signed_in && me.bot, token, &e))
            api_room_error(res, &e);
        else
            seated(srv, res, room, seat, token);
        room_unref(room);
    }
    json_decref(body);
}

void api_join_seat(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Room *room = t->room;
    static const char *const keys[] = {"seat", "name", NULL};
    json_t *body = api_body(req, res, keys, true);
    if (!body)
        return;
    const json_t *seat_json = json_object_get(body, "seat");
    int seat = -1;
    RoomError e;
    char token[TOKEN_LEN + 1], guest[GUEST_NAME_MAX + 1];
    Account me = {0};
    bool signed_in = auth_account(srv, req, &me);
    if (!api_guest_name(json_object_get(body, "name"), guest, res)) {
    } else if (seat_json && (!json_is_integer(seat_json) || json_integer_value(seat_json) < 1 ||
                      json_integer_value(seat_json) > room->meta.num_seats)) {
        api_error(res, 400, "'seat' must be a seat number from 1 to %d", room->meta.num_seats);
    } else if (!room->meta.listed) {
        api_error(res, 403, "this game is not listed: its seats are taken by invitation only");
    } else if ((seat = seat_json ? (int)json_integer_value(seat_json) - 1 : room_open_seat(room)) < 0) {
        api_error(res, 409, "game %s has no open seat", room->meta.id);
    } else if (!room_claim(room, seat, NULL, signed_in ? me.id : 0, signed_in ? me.name : guest, signed_in && me.bot, token, &e)) {
        api_room_error(res, &e);
    } else {
        seated(srv, res, room, seat, token);
    }
    json_decref(body);
}

/* The new seat of old seat p in a rematch (shift: the seats move round by one). */
static int rematch_seat(int p, int seats, bool shift)
{
    return shift ? (p + 1) % seats : p;
}

/* Between people a rematch is an offer (room_rematch_ask): false when the
 * answer is given here (202 offered, 200 declined, or the refusal); true
 * when every person asked, with *shift the maker's choice of seats. */
static bool rematch_agreed(Room *room, ApiResponse *res, unsigned mine, bool decline, bool *shift)
{
    RoomError e;
    switch (room_rematch_ask(room, mine, decline, *shift, shift, &e)) {
    case REMATCH_AGREED:
        return true;
    case REMATCH_OFFERED:
        api_text(res, 202, room_state_json(room, mine, false));
        return false;
    case REMATCH_DECLINED:
        api_text(res, 200, room_state_json(room, mine, false));
        return false;
    default:
        api_room_error(res, &e);
        return false;
    }
}

void api_rematch(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Room *room = t->room;
    static const char *const keys[] = {"swap", "decline", NULL};
    json_t *body = api_body(req, res, keys, true);
    if (!body)
        return;
    const json_t *swap = json_object_get(body, "swap"), *decline = json_object_get(body, "decline");
    unsigned mine = api_seats(srv, room, req);
    StoredGame old;
    room_meta(room, &old);
    bool shift = swap == NULL || json_is_true(swap);
    if (swap && !json_is_boolean(swap)) {
        api_error(res, 400, "'swap' must be true (seats move round by one) or false (same seats)");
    } else if (decline && !json_is_boolean(decline)) {
        api_error(res, 400, "'decline' must be true (decline the rematch offered) or false");
    } else if (json_is_true(decline) && !room_between_people(room)) {
        api_error(res, 409, "no rematch is offered: against the AI a rematch is made at once");
    } else if (!mine) {
        api_error(res, 403, "only a player of this game can ask for a rematch: send your seat token in X-Seat-Token");
    } else if (old.status != STATUS_FINISHED) {
        api_error(res, 409, "the game is not over yet");
    } else if (old.rematch[0]) {
        api_error(res, 409, "this game already has a rematch: game %s", old.rematch);
    } else if (room_between_people(room) && !rematch_agreed(room, res, mine, json_is_true(decline), &shift)) {
        /* offered, declined or refused: answered */
    } else if (api_may_create(srv, req, res)) {
        RoomSpec spec;
        memset(&spec, 0, sizeof spec);
        spec.game = old.game;
        const GameOps *ops = game_lookup(old.game);
        json_error_t jerr;
        json_t *options = json_loads(room->meta.options, 0, &jerr);
        char err[ERR_MAX];
        game_options_from_json(ops, options, &spec.options, err, sizeof err);
        json_decref(options);
        spec.num_seats = old.num_seats;
        spec.real_dice = old.real_dice;
        spec.listed = old.listed;
        spec.rematch_of = old.id;
        spec.rated = old.rated;
        spec.takebacks = old.takebacks;
        spec.clock = old.clock;
        for (int p = 0; p < old.num_seats; p++) {
            int q = rematch_seat(p, old.num_seats, shift);
            const StoredSeat *st = &old.seats[p];
            spec.kind[q] = st->kind;
            snprintf(spec.ai[q], sizeof spec.ai[q], "%s", st->ai);
            if (st->kind == SEAT_HUMAN && st->claimed) {
                spec.inherited_seats |= 1u << q;
                memcpy(spec.inherited_hash[q], st->token_hash, sizeof spec.inherited_hash[q]);
                room_spec_account(&spec, q, st->account, st->name, st->bot); /* accounts keep their seats too */
                snprintf(spec.guest[q], sizeof spec.guest[q], "%s", st->guest);
            }
        }
        RoomError e;
        Room *fresh = room_create(&srv->host, &spec, NULL, &e);
        if (!fresh) {
            api_room_error(res, &e);
        } else {
            /* stored with its link to this game, in one transaction */
            server_add_room(srv, fresh, req->client);
            room_set_rematch(room, fresh->meta.id);
            unsigned now_mine = 0;
            for (int p = 0; p < old.num_seats; p++)
                if (mine >> p & 1)
                    now_mine |= 1u << rematch_seat(p, old.num_seats, shift);
            api_created_reply(res, fresh, NULL, now_mine, false);
            room_kick(fresh);
            room_unref(fresh);
        }
    }
    json_decref(body);
}

void api_action(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Room *room = t->room;
    static const char *const keys[] = {"action", "version", NULL};
    bool lean;
    if (!api_query_known(req, res, (const char *const[]){"lean", NULL}) || !read_lean(req, res, &lean))
        return;
    json_t *body = api_body(req, res, keys, false);
    if (!body)
        return;
    int first = -1;
    const json_t *text = json_object_get(body, "action"), *version = json_object_get(body, "version");
    RoomError e;
    unsigned mine = api_seats(srv, room, req);
    if (!json_is_string(text) || json_string_length(text) == 0 || json_string_length(text) > 200) {
        api_error(res, 400, "'action' must be the text of an action (1 to 200 characters), e.g. \"c3\" or "
                            "\"reroll 1 4\": one of the state's legal actions");
    } else if (strlen(json_string_value(text)) != json_string_length(text)) {
        api_error(res, 400, "'action' must not contain a NUL character");
    } else if (version && (!json_is_integer(version) || json_integer_value(version) < 0)) {
        api_error(res, 400, "'version' must be the state's version (a whole number), or left out");
    } else if (!room_act_from(room, mine, json_string_value(text), version ? json_integer_value(version) : -1, &first,
                              &e)) {
        api_room_error(res, &e);
    } else {
        api_text(res, 200, lean ? room_changes_json(room, first) : room_state_json(room, mine, false));
    }
    json_decref(body);
}

/* Whether an action text is legal now and, when not, the library's reason:
 * what the page says when a click cannot act (an unlit square). Changes
 * nothing; anyone may ask. */
void api_why(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (!api_query_known(req, res, (const char *const[]){"action", NULL}))
        return;
    const char *text = api_query(req, "action");
    if (!text || !text[0] || strlen(text) > 200 || !utf8_valid(text))
        api_error(res, 400, "'action' must be the text of an action (1 to 200 characters of UTF-8), e.g. ?action=c3");
    else
        api_json(res, 200, room_why(t->room, text));
}

void api_stream(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Room *room = t->room;
    bool lean;
    if (!api_query_known(req, res, (const char *const[]){"after", "lean", "player", NULL}) || !read_lean(req, res, &lean))
        return;
    const char *player = api_query(req, "player");
    if (player && strcmp(player, "1") != 0 && strcmp(player, "0") != 0) {
        char q[EXCERPT_SIZE];
        api_error(res, 400, "'player' must be 1 (the reader plays: not counted as a watcher) or 0, got '%s'",
                  text_excerpt(player, EXCERPT_MAX, q, sizeof q));
        return;
    }
    const char *after_text = req->last_event_id ? req->last_event_id : api_query(req, "after");
    long after = -2;
    if (after_text && !number_parse_long(after_text, -1, API_INDEX_MAX, &after)) {
        char q[EXCERPT_SIZE];
        api_error(res, 400, "%s must be the index of the last action received (-1 for none), got '%s'",
                  req->last_event_id ? "Last-Event-ID" : "after", text_excerpt(after_text, EXCERPT_MAX, q, sizeof q));
        return;
    }
    if (!api_game_stream_slot(srv, req, res, room))
        return;
    res->status = 200;
    res->content_type = "text/event-stream";
    room_ref(room);
    res->stream_room = room;
    res->stream_after = after;
    res->stream_lean = lean;
    res->stream_seats = api_seats(srv, room, req);
    res->stream_player = player && strcmp(player, "1") == 0;
}

void api_record(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Room *room = t->room;
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    RoomError e;
    json_t *doc = room_record(room, &e);
    if (!doc) {
        api_room_error(res, &e);
        return;
    }
    res->status = 200;
    res->body = json_dumps(doc, JSON_INDENT(2));
    res->content_type = "application/json";
    snprintf(res->disposition, sizeof res->disposition, "attachment; filename=\"morph-%s-%s.json\"", room->meta.game,
             room->meta.id);
    json_decref(doc);
}

void api_state(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (api_query_known(req, res, (const char *const[]){NULL}))
        api_text(res, 200, room_state_json(t->room, api_seats(srv, t->room, req), true));
}

void api_invitations(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    RoomError e;
    json_t *list = room_invitations(t->room, api_seats(srv, t->room, req), &e);
    if (list)
        api_json(res, 200, json_pack("{s:o}", "invitations", list));
    else
        api_room_error(res, &e);
}

/* Resign and undo: an empty body, the caller's seats, the new state. */
static void change(Server *srv, const ApiRequest *req, ApiResponse *res, Room *room,
                   bool (*apply)(Room *r, unsigned seats, RoomError *e))
{
    json_t *body = api_body(req, res, (const char *const[]){NULL}, true);
    if (!body)
        return;
    json_decref(body);
    unsigned mine = api_seats(srv, room, req);
    RoomError e;
    if (apply(room, mine, &e))
        api_text(res, 200, room_state_json(room, mine, false));
    else
        api_room_error(res, &e);
}

void api_resign(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    change(srv, req, res, t->room, room_resign);
}

void api_undo(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    change(srv, req, res, t->room, room_undo);
}

void api_hint(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    json_t *body = api_body(req, res, (const char *const[]){NULL}, true);
    if (!body)
        return;
    json_decref(body);
    RoomError e;
    char *hint = room_hint(t->room, api_seats(srv, t->room, req), &e);
    if (hint)
        api_text(res, 200, hint);
    else
        api_room_error(res, &e);
}
