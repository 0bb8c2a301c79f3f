/* People have names: a guest's chosen name (at creation, by invitation, at
 * an open seat; checked), AI seats named by their level ("Casual AI"), a
 * name two seats share said with its seat; the state, the sentences, the
 * replay and the lists use them. "Being played" lists games moved in the
 * last minutes; a guest's game against the AI is unlisted unless asked.
 * The lobby's tables of 3: made at once, filled as players sit down. A
 * bot's name carries its title BOT in a game's seats, the lists of games,
 * "your games" and the lobby's challenges; a person's title is null. Through
 * api_handle, no sockets. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/server/api/api.h"
#include "../../src/server/api/auth.h"
#include "../../src/server/rooms/room.h"
#include "api_server.h"

static int setup(void **unused)
{
    return server_up(0); /* the AI seats never move: the tests look at names */
}

/* Who asks: a seat token, or a signed-in session (cookie requests come from
 * the page: same-origin). */
typedef struct Who {
    char token[120];
    char session[64];
} Who;

static json_t *ask(int want, const Who *who, const char *method, const char *path, const char *body)
{
    ApiRequest req = {.method = method, .path = path, .body = body, .body_len = body ? strlen(body) : 0,
                      .client = "10.0.0.8", .token = who && who->token[0] ? who->token : NULL,
                      .session = who && who->session[0] ? who->session : NULL, .fetch_site = "same-origin"};
    ApiResponse res;
    api_handle(srv, &req, &res);
    json_t *doc = res.body ? json_loads(res.body, 0, NULL) : NULL;
    if (res.status != want)
        fail_msg("%s %s: %d, not %d: %s", method, path, res.status, want, res.body ? res.body : "");
    if (who && res.set_cookie[0]) {
        const char *v = res.set_cookie + strlen(SESSION_COOKIE) + 1;
        snprintf(((Who *)who)->session, sizeof who->session, "%.*s", (int)strcspn(v, ";"), v);
    }
    api_response_free(&res);
    return doc;
}

static const char *str(const json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

/* The names of the seats of state s, joined by commas. */
static const char *seat_names(const json_t *s, const char *key)
{
    static char out[256];
    out[0] = '\0';
    size_t i;
    json_t *seat;
    json_array_foreach(json_object_get(s, key), i, seat) {
        const char *name = json_is_object(seat) ? str(seat, "name") : json_string_value(seat);
        snprintf(out + strlen(out), sizeof out - strlen(out), "%s%s", i ? "," : "", name ? name : "-");
    }
    return out;
}

static json_t *state(const char *id)
{
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s", id);
    return ask(200, NULL, "GET", path, NULL);
}

/* Whether game id is in the list of status. */
static bool listed(const char *status, const char *id, const char **players)
{
    char path[64];
    snprintf(path, sizeof path, "/api/games?status=%s", status);
    ApiParam q = {"status", status};
    ApiRequest req = {.method = "GET", .path = "/api/games", .query = &q, .nquery = 1, .client = "10.0.0.8"};
    ApiResponse res;
    api_handle(srv, &req, &res);
    json_t *list = json_loads(res.body, 0, NULL);
    api_response_free(&res);
    bool found = false;
    size_t i;
    json_t *g;
    json_array_foreach(json_object_get(list, "games"), i, g) {
        if (strcmp(str(g, "id"), id) == 0) {
            found = true;
            if (players)
                *players = seat_names(g, "players");
        }
    }
    json_decref(list);
    return found;
}

static void guests_and_ais_have_names(void **unused)
{
    Who ann = {0}, bob = {0};
    /* a guest against the AI: the chosen name, the AI by its level; unlisted */
    json_t *made = ask(201, NULL, "POST", "/api/games",
                       "{\"game\":\"morphos\",\"options\":{\"size\":5},\"name\":\"  Zo\xc3\xab  \","
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"ai\",\"level\":\"greedy\"}]}");
    assert_string_equal(seat_names(json_object_get(made, "state"), "seats"), "Zo\xc3\xab,Casual AI");
    assert_false(json_is_true(json_object_get(json_object_get(made, "state"), "listed")));
    /* before the first stone the AI seat says which first stones it swaps (its level's words); a person says nothing */
    const json_t *seats = json_object_get(json_object_get(made, "state"), "seats");
    assert_string_equal(str(json_array_get(seats, 1), "opening"),
                        "swaps a first stone placed in the middle of the board, from b2 to d4, and keeps one nearer an edge");
    assert_null(json_object_get(json_array_get(seats, 0), "opening"));
    char act[64], token[120], zid[16];
    snprintf(zid, sizeof zid, "%s", str(made, "id"));
    snprintf(act, sizeof act, "/api/games/%s/actions", zid);
    snprintf(token, sizeof token, "%s", str(json_array_get(json_object_get(made, "seats"), 0), "token"));
    json_decref(made);
    Who zoe = {0};
    snprintf(zoe.token, sizeof zoe.token, "%s", token);
    json_decref(ask(200, &zoe, "POST", act, "{\"action\":\"a1\"}"));
    made = state(zid);
    assert_true(json_is_null(json_object_get(json_array_get(json_object_get(made, "seats"), 1), "opening")));
    json_decref(made);
    /* a friend's game: Ann creates, Bob joins by the link; the sentences, the lists and the replay name them */
    made = ask(201, NULL, "POST", "/api/games",
               "{\"game\":\"morphos\",\"options\":{\"size\":5},\"name\":\"Ann\",\"listed\":true,"
               "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}");
    char id[16], body[128], path[80];
    snprintf(id, sizeof id, "%s", str(made, "id"));
    snprintf(ann.token, sizeof ann.token, "%s", str(json_array_get(json_object_get(made, "seats"), 0), "token"));
    snprintf(body, sizeof body, "{\"code\":\"%s\",\"name\":\"Bob\"}",
             str(json_array_get(json_object_get(made, "invitations"), 0), "code"));
    json_decref(made);
    const char *players = NULL;
    assert_true(listed("waiting", id, &players));
    assert_string_equal(players, "Ann,P2");
    json_t *joined = ask(200, NULL, "POST", "/api/join", body);
    snprintf(bob.token, sizeof bob.token, "%s", str(joined, "token"));
    json_decref(joined);
    snprintf(path, sizeof path, "/api/games/%s/actions", id);
    json_decref(ask(200, &ann, "POST", path, "{\"action\":\"c3\"}"));
    json_t *s = state(id);
    assert_string_equal(seat_names(s, "seats"), "Ann,Bob");
    json_decref(s);
    assert_true(listed("playing", id, &players));
    assert_string_equal(players, "Ann,Bob");
    snprintf(path, sizeof path, "/api/games/%s/replay", id);
    json_t *replay = ask(200, NULL, "GET", path, NULL);
    assert_string_equal(seat_names(replay, "names"), "Ann,Bob");
    json_decref(replay);
    /* a name two seats share adds its seat's number; two AIs of one level too */
    made = ask(201, NULL, "POST", "/api/games",
               "{\"game\":\"morpyam\",\"options\":{\"players\":4},\"name\":\"Guest\",\"seats\":[{\"kind\":\"human\","
               "\"mine\":true},{\"kind\":\"human\",\"mine\":true},{\"kind\":\"ai\",\"level\":\"master\"},"
               "{\"kind\":\"ai\",\"level\":\"master\"}]}");
    assert_string_equal(seat_names(json_object_get(made, "state"), "seats"),
                        "Guest 1,Guest 2,Strongest AI 3,Strongest AI 4");
    /* the sentences say the names (Morpyam's: Morphos says colours) */
    const json_t *first = json_array_get(json_object_get(json_object_get(made, "state"), "history"), 0);
    assert_true(strncmp(str(first, "text"), "Guest 1 rolls ", 14) == 0);
    json_decref(made);
    /* the roll-off drawn when Ann made the game says Bob once he sits down
     * (as the game loaded again would), not the "P2" of an open seat */
    made = ask(201, NULL, "POST", "/api/games",
               "{\"game\":\"morpyam\",\"name\":\"Ann\",\"seats\":[{\"kind\":\"human\",\"mine\":true},"
               "{\"kind\":\"human\"}]}");
    snprintf(id, sizeof id, "%s", str(made, "id"));
    const json_t *drawn = json_object_get(json_object_get(made, "state"), "history");
    assert_true(json_array_size(drawn) >= 2);
    assert_non_null(strstr(str(json_array_get(drawn, 1), "text"), "P2 rolls "));
    snprintf(body, sizeof body, "{\"code\":\"%s\",\"name\":\"Bob\"}",
             str(json_array_get(json_object_get(made, "invitations"), 0), "code"));
    json_decref(made);
    json_decref(ask(200, NULL, "POST", "/api/join", body));
    s = state(id);
    const json_t *history = json_object_get(s, "history");
    bool bob_rolled = false;
    for (size_t k = 0; k < json_array_size(history); k++) {
        const char *text = str(json_array_get(history, k), "text");
        assert_null(strstr(text, "P2"));
        bob_rolled = bob_rolled || strncmp(text, "Bob rolls ", 10) == 0;
    }
    assert_true(bob_rolled);
    json_decref(s);
    /* a name is checked: 1 to 20 characters on one line */
    static const char *const bad[] = {"\"\"", "\"   \"", "\"123456789012345678901\"", "\"a\\tb\"", "7"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        snprintf(body, sizeof body, "{\"game\":\"morphos\",\"name\":%s}", bad[k]);
        json_t *refused = ask(400, NULL, "POST", "/api/games", body);
        assert_non_null(strstr(str(refused, "error"), "1 to 20 characters"));
        json_decref(refused);
    }
}

/* "Being played": a game whose last move is older than ten minutes leaves it. */
/* Two guests called "Guest" are "Guest 1" and "Guest 2"; a third seat that
 * chose "Guest 2" keeps its name, and the second "Guest" says its seat in
 * full so that no two seats read alike. */
static void shared_names_are_numbered(void **unused)
{
    (void)unused;
    StoredSeat seats[3] = {0};
    char names[3][ROOM_NAME_MAX];
    snprintf(seats[0].guest, sizeof seats[0].guest, "Guest");
    snprintf(seats[1].guest, sizeof seats[1].guest, "Guest");
    snprintf(seats[2].name, sizeof seats[2].name, "Ann");
    room_seat_names("morpyam", seats, 3, names);
    assert_string_equal(names[0], "Guest 1");
    assert_string_equal(names[1], "Guest 2");
    assert_string_equal(names[2], "Ann");
    snprintf(seats[2].guest, sizeof seats[2].guest, "Guest 2");
    seats[2].name[0] = '\0';
    room_seat_names("morpyam", seats, 3, names);
    assert_string_equal(names[0], "Guest 1");
    assert_string_equal(names[1], "Guest (P2)");
    assert_string_equal(names[2], "Guest 2");
}

static void being_played_is_recent(void **unused)
{
    json_t *made = ask(201, NULL, "POST", "/api/games",
                       "{\"game\":\"morphos\",\"options\":{\"size\":5},\"listed\":true,"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    char id[16], path[64];
    Who both = {0};
    snprintf(id, sizeof id, "%s", str(made, "id"));
    snprintf(both.token, sizeof both.token, "%s,%s", str(json_array_get(json_object_get(made, "seats"), 0), "token"),
             str(json_array_get(json_object_get(made, "seats"), 1), "token"));
    json_decref(made);
    snprintf(path, sizeof path, "/api/games/%s/actions", id);
    json_decref(ask(200, &both, "POST", path, "{\"action\":\"c3\"}"));
    assert_true(listed("playing", id, NULL));
    char sql[160];
    snprintf(sql, sizeof sql, "UPDATE games SET updated = '2020-01-01T00:00:00Z' WHERE id = '%s'", id);
    if (pg_name[0]) {
        assert_true(pg_test_exec(db_path, sql)); /* db_path: the test database's URI */
    } else {
        sqlite3 *db;
        assert_int_equal(sqlite3_open(db_path, &db), SQLITE_OK);
        assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
        sqlite3_close(db);
    }
    assert_false(listed("playing", id, NULL));
}

/* The lobby's table of 3: made at once with its maker seated, listed with
 * its open seats, filled as players sit down, then gone from the tables. */
static void lobby_tables_fill(void **unused)
{
    Who who[3] = {{{0}, {0}}};
    static const char *const names[] = {"alice", "bob", "carol"};
    for (int k = 0; k < 3; k++) {
        char body[128];
        snprintf(body, sizeof body, "{\"name\":\"%s\",\"password\":\"%s pass phrase\"}", names[k], names[k]);
        json_decref(ask(201, &who[k], "POST", "/api/accounts", body));
    }
    json_t *refused = ask(400, &who[0], "POST", "/api/lobby",
                          "{\"game\":\"morpyam\",\"options\":{\"players\":3},\"rated\":true}");
    assert_non_null(strstr(str(refused, "error"), "two-player"));
    json_decref(refused);
    json_t *made = ask(201, &who[0], "POST", "/api/lobby",
                       "{\"game\":\"morpyam\",\"options\":{\"players\":3},\"clock\":{\"initial_s\":300,\"increment_s\":2}}");
    char id[16], path[64];
    snprintf(id, sizeof id, "%s", str(made, "id"));
    assert_false(json_is_true(json_object_get(json_object_get(made, "state"), "rated")));
    json_decref(made);
    for (int sitting = 1; sitting <= 3; sitting++) {
        json_t *lobby = ask(200, NULL, "GET", "/api/lobby", NULL);
        json_t *tables = json_object_get(lobby, "tables");
        if (sitting < 3) {
            assert_int_equal(json_array_size(tables), 1);
            json_t *table = json_array_get(tables, 0);
            assert_string_equal(str(table, "id"), id);
            assert_int_equal(json_integer_value(json_object_get(table, "open_seats")), 3 - sitting);
            int named = 0;
            size_t i;
            json_t *p;
            json_array_foreach(json_object_get(table, "players"), i, p)
                named += json_is_string(p);
            assert_int_equal(named, sitting);
            snprintf(path, sizeof path, "/api/games/%s/join", id);
            json_decref(ask(200, &who[sitting], "POST", path, "{}"));
        } else {
            assert_int_equal(json_array_size(tables), 0);
        }
        json_decref(lobby);
    }
    json_t *s = state(id);
    assert_string_equal(str(s, "status"), "playing");
    const char *seats = seat_names(s, "seats");
    for (int k = 0; k < 3; k++)
        assert_non_null(strstr(seats, names[k]));
    json_decref(s);
}

/* The entry of game id in the list of status (a new reference), or NULL. */
static json_t *list_entry(const char *status, const char *id)
{
    ApiParam q = {"status", status};
    ApiRequest req = {.method = "GET", .path = "/api/games", .query = &q, .nquery = 1, .client = "10.0.0.8"};
    ApiResponse res;
    api_handle(srv, &req, &res);
    json_t *list = json_loads(res.body, 0, NULL), *found = NULL;
    api_response_free(&res);
    size_t i;
    json_t *g;
    json_array_foreach(json_object_get(list, "games"), i, g)
        if (strcmp(str(g, "id"), id) == 0)
            found = json_incref(g);
    json_decref(list);
    return found;
}

/* The title of seat (0-based) in a list's entry g: "BOT", or NULL when the
 * entry says null (a person, a guest, an AI, an open seat). */
static const char *title_at(const json_t *g, size_t seat)
{
    json_t *titles = json_object_get(g, "titles");
    assert_int_equal(json_array_size(titles), json_array_size(json_object_get(g, "players")));
    json_t *title = json_array_get(titles, seat);
    assert_true(json_is_null(title) || json_is_string(title));
    return json_string_value(title);
}

/* The id of the game a signed-in who makes, seat 1 theirs, seat 2 open, listed. */
static void listed_game(const Who *who, char id[16])
{
    json_t *made = ask(201, who, "POST", "/api/games",
                       "{\"game\":\"morphos\",\"options\":{\"size\":5},\"listed\":true,\"rated\":false,"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}");
    snprintf(id, 16, "%s", str(made, "id"));
    json_decref(made);
}

static void bots_are_marked_where_names_show(void **unused)
{
    Who alice = {0}, beep = {0};
    json_decref(ask(201, &alice, "POST", "/api/accounts", "{\"name\":\"alice\",\"password\":\"alice pass phrase\"}"));
    json_decref(ask(201, &beep, "POST", "/api/accounts", "{\"name\":\"beep\",\"password\":\"beep pass phrase\"}"));
    json_decref(ask(200, &beep, "POST", "/api/bot/account/upgrade", NULL));
    /* the lists of games: a waiting game of each */
    char bots[16], hers[16];
    listed_game(&beep, bots);
    listed_game(&alice, hers);
    json_t *g = list_entry("waiting", bots);
    assert_non_null(g);
    assert_string_equal(seat_names(g, "players"), "beep,P2");
    assert_string_equal(title_at(g, 0), "BOT");
    assert_null(title_at(g, 1)); /* the open seat: nobody's title */
    json_decref(g);
    g = list_entry("waiting", hers);
    assert_non_null(g);
    assert_null(title_at(g, 0));
    assert_null(title_at(g, 1));
    json_decref(g);
    /* the lobby: the bot's challenge says BOT, a person's no title */
    json_t *made = ask(201, &beep, "POST", "/api/lobby", "{\"game\":\"morphos\",\"options\":{\"size\":5},\"rated\":false}");
    char challenge[16], path[80];
    snprintf(challenge, sizeof challenge, "%s", str(json_object_get(made, "challenge"), "id"));
    assert_string_equal(str(json_object_get(made, "challenge"), "title"), "BOT");
    json_decref(made);
    json_decref(ask(201, &alice, "POST", "/api/lobby", "{\"game\":\"morpyam\",\"rated\":false}"));
    json_t *lobby = ask(200, NULL, "GET", "/api/lobby", NULL);
    size_t i;
    json_t *c;
    int seen = 0;
    json_array_foreach(json_object_get(lobby, "challenges"), i, c) {
        bool bot = strcmp(str(c, "name"), "beep") == 0;
        if (bot)
            assert_string_equal(str(c, "title"), "BOT");
        else
            assert_true(json_is_null(json_object_get(c, "title"))); /* said, and null, as on a profile */
        seen |= 1 << bot;
    }
    assert_int_equal(seen, 3);
    json_decref(lobby);
    /* the game of the bot's challenge: the bot's seat says BOT, hers nothing */
    snprintf(path, sizeof path, "/api/lobby/%s/accept", challenge);
    made = ask(201, &alice, "POST", path, "{}");
    char id[16];
    snprintf(id, sizeof id, "%s", str(made, "id"));
    json_decref(made);
    json_t *s = state(id);
    seen = 0;
    json_array_foreach(json_object_get(s, "seats"), i, c) {
        bool bot = strcmp(str(c, "account"), "beep") == 0;
        if (bot)
            assert_string_equal(str(c, "title"), "BOT");
        else
            assert_true(json_is_null(json_object_get(c, "title")));
        seen |= 1 << bot;
    }
    assert_int_equal(seen, 3);
    json_decref(s);
    /* her games: the bot's seat says BOT there too */
    json_t *mine = ask(200, &alice, "GET", "/api/me/games", NULL);
    seen = 0;
    json_array_foreach(json_object_get(mine, "games"), i, g) {
        if (strcmp(str(g, "id"), id) != 0)
            continue;
        size_t bot_seat = strcmp(json_string_value(json_array_get(json_object_get(g, "players"), 0)), "beep") == 0 ? 0 : 1;
        assert_string_equal(title_at(g, bot_seat), "BOT");
        assert_null(title_at(g, 1 - bot_seat));
        seen++;
    }
    assert_int_equal(seen, 1);
    json_decref(mine);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(guests_and_ais_have_names, setup, teardown),
        cmocka_unit_test(shared_names_are_numbered),
        cmocka_unit_test_setup_teardown(being_played_is_recent, setup, teardown),
        cmocka_unit_test_setup_teardown(lobby_tables_fill, setup, teardown),
        cmocka_unit_test_setup_teardown(bots_are_marked_where_names_show, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
