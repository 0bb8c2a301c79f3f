/* The life of a game between people through the API in-process (issue 33),
 * with the clocks on a made-up time the tests move: the clocks start with
 * the moves (no time charged before a seat's first move, no increment for
 * it; a first move not made within 30 s aborts the game), abort by a
 * player before both have moved (unrated, nobody's loss, 409 after; kept
 * across a restart), takeback offers (offered, accepted as Undo does,
 * declined, lapsing on a move, Undo against the AI; a game option, off by
 * default in rated games, kept by the store and by a rematch, carried by the
 * lobby's challenges and seeks and by challenges to an account),
 * rematch offers (202, declined, accepted with 201, lapsing when the maker's
 * stream closes; against the AI at once), the watchers' count, and how
 * many play between people now (GET /api/meta). And a clock against the
 * AI: only the person's time runs. With
 * MORPH_TEST_STORE=postgresql (tests/run.sh runs it so too) the same over a
 * fresh PostgreSQL database of the test run's cluster. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api_query.h"
#include "../../src/server/api/api.h"
#include "../../src/server/hub/server.h"
#include "../../src/server/serve.h"
#include "pg_test.h"

static char dir[64], db_path[256];
static char pg_name[64]; /* the test's PostgreSQL database, or "" */
static Server *srv;
static double fake_time = 1000; /* the clocks' time, moved by the tests */
static int ai_threads = 1;      /* 0: the AI moves when a test calls room_ai_turn */
static const char *origin = "http://morph.test";

static double now_fn(void)
{
    return fake_time;
}

static void start(void)
{
    ServerConfig cfg;
    server_config_defaults(&cfg);
    cfg.db_path = db_path;
    cfg.ai_threads = ai_threads;
    cfg.limits.create_per_minute = 1000000;
    cfg.limits.requests_per_second = 1000000;
    cfg.password_cost = password_cost_min();
    cfg.clock_thread = false;
    cfg.now = now_fn;
    char err[ERR_MAX + 256];
    srv = server_new(&cfg, err, sizeof err);
    if (!srv)
        fail_msg("%s", err);
}

static int setup(void **state)
{
    snprintf(dir, sizeof dir, "/tmp/morph-test-fair-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(db_path, sizeof db_path, "%s/morph.db", dir);
    pg_name[0] = '\0';
    const char *store = getenv("MORPH_TEST_STORE");
    if (store && strcmp(store, "postgresql") == 0 && !pg_test_database(pg_name, sizeof pg_name, db_path, sizeof db_path))
        fail_msg("MORPH_TEST_STORE=postgresql needs the test cluster of MORPH_TEST_PG");
    fake_time = 1000;
    ai_threads = 1;
    start();
    return 0;
}

static int teardown(void **state)
{
    server_free(srv);
    srv = NULL;
    if (pg_name[0])
        pg_test_drop(pg_name);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
    return 0;
}

/* A browser: its session cookie and the seat token it holds. */
typedef struct Browser {
    char session[SESSION_ID_LEN + 1];
    char token[TOKEN_LEN + 1];
} Browser;

static json_t *expect(int want, Browser *b, const char *method, const char *path, const char *body)
{
    char copy[256];
    snprintf(copy, sizeof copy, "%s", path);
    ApiParam query[8];
    int nquery = api_query_split(copy, query, 8);
    ApiRequest req = {.method = method, .path = copy, .query = query, .nquery = nquery, .body = body,
                      .body_len = body ? strlen(body) : 0, .client = "10.0.0.1", .host = "morph.test",
                      .session = b && b->session[0] ? b->session : NULL,
                      .origin = b && strcmp(method, "GET") != 0 ? origin : NULL,
                      .token = b && b->token[0] ? b->token : NULL};
    ApiResponse res;
    api_handle(srv, &req, &res);
    if (b && res.set_cookie[0]) {
        const char *v = res.set_cookie + strlen(SESSION_COOKIE) + 1;
        snprintf(b->session, sizeof b->session, "%.*s", (int)strcspn(v, ";"), v);
    }
    json_t *doc = res.body ? json_loads(res.body, 0, NULL) : NULL;
    if (res.status != want)
        fail_msg("%s %s: status %d, expected %d: %s", method, path, res.status, want, res.body ? res.body : "");
    if (res.status >= 400) {
        const char *msg = json_string_value(json_object_get(doc, "error"));
        assert_non_null(msg);
        assert_null(strchr(msg, '\n'));
    }
    api_response_free(&res);
    return doc;
}

static void expect_error(int want, Browser *b, const char *method, const char *path, const char *body, const char *needle)
{
    json_t *doc = expect(want, b, method, path, body);
    const char *msg = json_string_value(json_object_get(doc, "error"));
    if (!strstr(msg, needle))
        fail_msg("%s %s: error '%s' does not say '%s'", method, path, msg, needle);
    json_decref(doc);
}

static Browser sign_up(const char *name)
{
    Browser b = {0};
    char body[128];
    snprintf(body, sizeof body, "{\"name\":\"%s\",\"password\":\"0123456789\"}", name);
    json_decref(expect(201, &b, "POST", "/api/accounts", body));
    return b;
}

/* A game made by a (seat 1) with body, joined by b through its invitation. */
static void friend_game(Browser *a, Browser *b, const char *body, char id[GAME_ID_LEN + 1])
{
    json_t *made = expect(201, a, "POST", "/api/games", body);
    snprintf(id, GAME_ID_LEN + 1, "%s", json_string_value(json_object_get(made, "id")));
    snprintf(a->token, sizeof a->token, "%s", json_string_value(json_object_get(json_array_get(json_object_get(made, "seats"), 0), "token")));
    const char *code = json_string_value(json_object_get(json_array_get(json_object_get(made, "invitations"), 0), "code"));
    char join[96];
    snprintf(join, sizeof join, "{\"code\":\"%s\"}", code);
    json_t *joined = expect(200, b, "POST", "/api/join", join);
    snprintf(b->token, sizeof b->token, "%s", json_string_value(json_object_get(joined, "token")));
    json_decref(joined);
    json_decref(made);
}

#define RATED_3_2 "{\"game\":\"morphos\",\"options\":{\"size\":5},\"rated\":true,\"clock\":{\"initial_s\":180,\"increment_s\":2}," \
                  "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}"
#define CASUAL "{\"game\":\"morphos\",\"options\":{\"size\":5},\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}"

static json_t *state_of(const char *id, Browser *b)
{
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s", id);
    return expect(200, b, "GET", path, NULL);
}

/* POST /api/games/ID/what with body, answered want; the answer. */
static json_t *post(int want, Browser *b, const char *id, const char *what, const char *body)
{
    char path[80];
    snprintf(path, sizeof path, "/api/games/%s/%s", id, what);
    return expect(want, b, "POST", path, body);
}

static void play(Browser *b, const char *id, const char *action, int want)
{
    char body[128];
    snprintf(body, sizeof body, "{\"action\":\"%s\"}", action);
    json_decref(post(want, b, id, "actions", body));
}

static json_int_t left_ms(const json_t *s, int seat)
{
    return json_integer_value(json_array_get(json_object_get(json_object_get(s, "clock"), "left_ms"), (size_t)seat - 1));
}

static json_int_t clock_int(const json_t *s, const char *key)
{
    return json_integer_value(json_object_get(json_object_get(s, "clock"), key));
}

static const char *how(const json_t *s)
{
    return json_string_value(json_object_get(json_object_get(s, "result"), "how"));
}

static json_int_t games_rated(const char *name)
{
    char path[64];
    snprintf(path, sizeof path, "/api/players/%s", name);
    json_t *p = expect(200, NULL, "GET", path, NULL);
    json_int_t n = json_integer_value(json_object_get(json_object_get(json_object_get(p, "ratings"), "morphos"), "games"));
    json_int_t rating = json_integer_value(json_object_get(json_object_get(json_object_get(p, "ratings"), "morphos"), "rating"));
    assert_int_equal(rating, 1500); /* nothing moved it */
    json_decref(p);
    return n;
}

/* ---- the tests ---- */

static void clocks_start_with_the_moves(void **state)
{
    Browser a = sign_up("alice"), b = sign_up("bob_2");
    char id[GAME_ID_LEN + 1];
    friend_game(&a, &b, RATED_3_2, id);
    /* 20 s after both sat down, before any move: nothing charged */
    fake_time += 20;
    json_t *s = state_of(id, NULL);
    assert_int_equal(left_ms(s, 1), 180000);
    assert_int_equal(left_ms(s, 2), 180000);
    assert_int_equal(clock_int(s, "running"), 1);
    assert_int_equal(clock_int(s, "first_move_ms"), 10000);
    assert_true(json_is_true(json_object_get(s, "may_abort")));
    json_decref(s);
    /* White's first move: not charged, no increment; Black has 30 s for its own */
    play(&a, id, "c3", 200);
    fake_time += 12;
    s = state_of(id, NULL);
    assert_int_equal(left_ms(s, 1), 180000);
    assert_int_equal(left_ms(s, 2), 180000);
    assert_int_equal(clock_int(s, "first_move_ms"), 18000);
    json_decref(s);
    play(&b, id, "b2", 200);
    /* both have moved: White's time runs now, and the game can no longer be aborted */
    fake_time += 4;
    s = state_of(id, NULL);
    assert_int_equal(left_ms(s, 1), 176000);
    assert_int_equal(left_ms(s, 2), 180000);
    assert_true(json_is_null(json_object_get(json_object_get(s, "clock"), "first_move_ms")));
    assert_false(json_is_true(json_object_get(s, "may_abort")));
    json_decref(s);
}

static void a_missed_first_move_aborts_the_game(void **state)
{
    Browser a = sign_up("alice"), b = sign_up("bob_2");
    char id[GAME_ID_LEN + 1];
    friend_game(&a, &b, RATED_3_2, id);
    play(&a, id, "c3", 200);
    /* Black lets 30 s pass: the server aborts the game, no request needed */
    fake_time += 29.999;
    server_clock_tick(srv);
    json_t *s = state_of(id, NULL);
    assert_string_equal(json_string_value(json_object_get(s, "status")), "playing");
    json_decref(s);
    fake_time += 0.002;
    server_clock_tick(srv);
    s = state_of(id, &b);
    assert_string_equal(json_string_value(json_object_get(s, "status")), "finished");
    assert_string_equal(how(s), "aborted");
    assert_int_equal(json_array_size(json_object_get(json_object_get(s, "result"), "winners")), 0);
    assert_non_null(strstr(json_string_value(json_object_get(json_object_get(s, "result"), "text")), "Nobody wins or loses"));
    assert_true(json_is_null(json_object_get(s, "to_move")));
    assert_int_equal(json_array_size(json_object_get(s, "legal")), 0);
    assert_false(json_is_true(json_object_get(json_object_get(s, "viewer"), "to_act")));
    json_decref(s);
    /* no rating moved, no game counted: it is nobody's loss */
    assert_int_equal(games_rated("alice"), 0);
    assert_int_equal(games_rated("bob_2"), 0);
    play(&b, id, "b2", 409);
    /* a move that comes too late aborts the game too */
    friend_game(&a, &b, RATED_3_2, id);
    fake_time += 31;
    char body[] = "{\"action\":\"c3\"}";
    json_t *doc = post(409, &a, id, "actions", body);
    assert_non_null(strstr(json_string_value(json_object_get(doc, "error")), "aborted"));
    json_decref(doc);
    s = state_of(id, NULL);
    assert_string_equal(how(s), "aborted");
    json_decref(s);
}

static void a_player_aborts_before_both_moved(void **state)
{
    Browser a = sign_up("alice"), b = sign_up("bob_2");
    char id[GAME_ID_LEN + 1];
    friend_game(&a, &b, RATED_3_2, id);
    play(&a, id, "c3", 200);
    /* a watcher may not; bob (not to move) may */
    json_decref(post(403, NULL, id, "abort", NULL));
    json_t *s = post(200, &b, id, "abort", NULL);
    assert_string_equal(how(s), "aborted");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(s, "result"), "by")), 2);
    assert_string_equal(json_string_value(json_object_get(s, "status")), "finished");
    json_decref(s);
    json_decref(post(409, &a, id, "abort", NULL));
    assert_int_equal(games_rated("alice"), 0);
    /* the profile lists it, aborted: not a loss */
    json_t *p = expect(200, NULL, "GET", "/api/players/alice", NULL);
    json_t *game = json_array_get(json_object_get(p, "games"), 0);
    assert_string_equal(json_string_value(json_object_get(game, "id")), id);
    assert_string_equal(how(game), "aborted");
    json_decref(p);
    /* after a restart it is still aborted, and still over */
    server_free(srv);
    start();
    s = state_of(id, NULL);
    assert_string_equal(how(s), "aborted");
    assert_string_equal(json_string_value(json_object_get(s, "status")), "finished");
    assert_true(json_is_null(json_object_get(s, "to_move")));
    json_decref(s);
    play(&b, id, "b2", 409);
    /* once both have moved: 409, resign instead */
    friend_game(&a, &b, RATED_3_2, id);
    play(&a, id, "c3", 200);
    play(&b, id, "b2", 200);
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/abort", id);
    expect_error(409, &a, "POST", path, "{}", "every player has moved");
    expect_error(400, &a, "POST", path, "{\"now\":true}", "now");
}

static void takebacks_between_people(void **state)
{
    Browser a = {0}, b = {0};
    char id[GAME_ID_LEN + 1];
    friend_game(&a, &b, CASUAL, id);
    json_t *s = state_of(id, NULL);
    assert_true(json_is_true(json_object_get(s, "takebacks")));
    assert_true(json_is_null(json_object_get(s, "takeback")));
    /* the state says why none can be asked yet, in the 409's words */
    assert_string_equal(json_string_value(json_object_get(s, "takeback_why")), "there is no move to take back yet");
    json_decref(s);
    json_decref(post(409, &a, id, "takeback", NULL)); /* nothing to take back yet */
    play(&a, id, "c3", 200);
    s = state_of(id, NULL);
    assert_true(json_is_null(json_object_get(s, "takeback_why")));
    json_decref(s);
    /* alice offers; the offer shows in the state; she cannot accept it herself */
    s = post(200, &a, id, "takeback", NULL);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(s, "takeback"), "by")), 1);
    json_decref(s);
    json_decref(post(409, &a, id, "takeback", NULL));
    json_decref(post(400, &b, id, "takeback", "{\"decline\":1}"));
    /* bob accepts: the move is taken back, alice is to move again */
    s = post(200, &b, id, "takeback", NULL);
    assert_int_equal(json_integer_value(json_object_get(s, "count")), 0);
    assert_int_equal(json_integer_value(json_object_get(s, "to_move")), 1);
    assert_true(json_is_null(json_object_get(s, "takeback")));
    json_decref(s);
    /* declined */
    play(&a, id, "c3", 200);
    play(&b, id, "b2", 200);
    json_decref(post(200, &b, id, "takeback", NULL));
    json_decref(post(409, &b, id, "takeback", "{\"decline\":false}"));
    s = post(200, &a, id, "takeback", "{\"decline\":true}");
    assert_true(json_is_null(json_object_get(s, "takeback")));
    assert_int_equal(json_integer_value(json_object_get(s, "count")), 2);
    json_decref(s);
    json_decref(post(409, &a, id, "takeback", "{\"decline\":true}")); /* none offered now */
    /* an offer lapses when a move is made */
    json_decref(post(200, &b, id, "takeback", NULL));
    play(&a, id, "d4", 200);
    s = state_of(id, NULL);
    assert_true(json_is_null(json_object_get(s, "takeback")));
    json_decref(s);
    json_decref(post(403, NULL, id, "takeback", NULL));
    /* off in a rated game; against the AI, undo is for that */
    Browser c = sign_up("carol"), d = sign_up("dave_4");
    friend_game(&c, &d, RATED_3_2, id);
    play(&c, id, "c3", 200);
    json_t *doc = post(409, &d, id, "takeback", NULL);
    assert_non_null(strstr(json_string_value(json_object_get(doc, "error")), "off in this game"));
    json_decref(doc);
    s = state_of(id, NULL);
    assert_false(json_is_true(json_object_get(s, "takebacks")));
    json_decref(s);
    json_t *made = expect(201, NULL, "POST", "/api/games", "{\"game\":\"morphos\",\"options\":{\"size\":5}}");
    Browser p = {0};
    snprintf(p.token, sizeof p.token, "%s", json_string_value(json_object_get(json_array_get(json_object_get(made, "seats"), 0), "token")));
    snprintf(id, sizeof id, "%s", json_string_value(json_object_get(made, "id")));
    json_decref(made);
    doc = post(409, &p, id, "takeback", NULL);
    assert_non_null(strstr(json_string_value(json_object_get(doc, "error")), "use undo"));
    json_decref(doc);
}

static void a_takeback_with_a_clock(void **state)
{
    Browser a = {0}, b = {0};
    char id[GAME_ID_LEN + 1];
    friend_game(&a, &b, "{\"game\":\"morphos\",\"options\":{\"size\":5},\"clock\":{\"initial_s\":60,\"increment_s\":5},"
                        "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}", id);
    play(&a, id, "c3", 200);
    play(&b, id, "b2", 200);
    fake_time += 10;
    play(&a, id, "d4", 200); /* 60 - 10 + 5 */
    json_decref(post(200, &a, id, "takeback", NULL));
    fake_time += 3; /* bob's time runs until he accepts */
    json_t *s = post(200, &b, id, "takeback", NULL);
    assert_int_equal(json_integer_value(json_object_get(s, "count")), 2);
    assert_int_equal(left_ms(s, 1), 55000);
    assert_int_equal(left_ms(s, 2), 57000);
    assert_int_equal(clock_int(s, "running"), 1);
    json_decref(s);
    fake_time += 2;
    s = state_of(id, NULL);
    assert_int_equal(left_ms(s, 1), 53000);
    json_decref(s);
}

static bool takebacks_of(const char *id)
{
    json_t *s = state_of(id, NULL);
    bool on = json_is_true(json_object_get(s, "takebacks"));
    json_decref(s);
    return on;
}

static void takebacks_are_a_game_option(void **state)
{
    Browser a = sign_up("alice"), b = sign_up("bob_2");
    char casual_off[GAME_ID_LEN + 1], rated_on[GAME_ID_LEN + 1], id[GAME_ID_LEN + 1];
    expect_error(400, &a, "POST", "/api/games",
                 "{\"game\":\"morphos\",\"takebacks\":\"yes\",\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}",
                 "'takebacks' must be true");
    /* a casual game made without them: each move stands */
    friend_game(&a, &b, "{\"game\":\"morphos\",\"options\":{\"size\":5},\"takebacks\":false,"
                        "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}", casual_off);
    assert_false(takebacks_of(casual_off));
    play(&a, casual_off, "c3", 200);
    json_t *doc = post(409, &b, casual_off, "takeback", NULL);
    assert_non_null(strstr(json_string_value(json_object_get(doc, "error")), "takebacks are off in this game"));
    json_decref(doc);
    /* a rated game made with them */
    friend_game(&a, &b, "{\"game\":\"morphos\",\"options\":{\"size\":5},\"rated\":true,\"takebacks\":true,"
                        "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}", rated_on);
    assert_true(takebacks_of(rated_on));
    play(&a, rated_on, "c3", 200);
    json_decref(post(200, &a, rated_on, "takeback", NULL));
    json_t *s = post(200, &b, rated_on, "takeback", NULL);
    assert_int_equal(json_integer_value(json_object_get(s, "count")), 0);
    json_decref(s);
    /* the defaults: on in a casual game (takebacks_between_people), off in a rated one */
    friend_game(&a, &b, RATED_3_2, id);
    assert_false(takebacks_of(id));
    /* the store keeps the option (a restart reads it back) */
    server_free(srv);
    start();
    assert_false(takebacks_of(casual_off));
    assert_true(takebacks_of(rated_on));
    play(&a, rated_on, "c3", 200);
    json_decref(post(200, &b, rated_on, "takeback", NULL));
    json_decref(post(409, &b, casual_off, "takeback", NULL));
    /* a rematch keeps it */
    json_decref(post(200, &a, casual_off, "resign", NULL));
    json_decref(post(202, &a, casual_off, "rematch", NULL));
    json_t *made = post(201, &b, casual_off, "rematch", NULL);
    assert_false(takebacks_of(json_string_value(json_object_get(made, "id"))));
    json_decref(made);
}

/* The id of the game that POST path with body made (answer want); key
 * names the id in the answer. */
static void made_game(Browser *b, const char *path, const char *body, int want, const char *key,
                      char id[GAME_ID_LEN + 1])
{
    json_t *made = expect(want, b, "POST", path, body);
    snprintf(id, GAME_ID_LEN + 1, "%s", json_string_value(json_object_get(made, key)));
    json_decref(made);
}

/* A challenge made by a through POST path with body, accepted by b through
 * accept (its %s the challenge's id; answer want, the game's id under
 * key): whether the challenge said takebacks, and whether its game has them. */
static void takebacks_made(Browser *a, Browser *b, const char *path, const char *body, const char *accept, int want,
                           const char *key, bool *said, bool *game)
{
    json_t *doc = expect(201, a, "POST", path, body);
    const json_t *c = json_object_get(doc, "challenge") ? json_object_get(doc, "challenge") : doc;
    assert_true(json_is_boolean(json_object_get(c, "takebacks")));
    *said = json_is_true(json_object_get(c, "takebacks"));
    char where[64], id[GAME_ID_LEN + 1];
    snprintf(where, sizeof where, accept, json_string_value(json_object_get(c, "id")));
    json_decref(doc);
    made_game(b, where, "{}", want, key, id);
    *game = takebacks_of(id);
}

#define LOBBY(body, said, game) \
    takebacks_made(&a, &b, "/api/lobby", body, "/api/lobby/%s/accept", 201, "id", &said, &game)
#define CHALLENGE(body, said, game) \
    takebacks_made(&a, &b, "/api/challenge/bob_2", body, "/api/challenge/%s/accept", 200, "gameId", &said, &game)
#define SEEK "{\"game\":\"morphos\",\"clock\":{\"initial_s\":60,\"increment_s\":1}"

/* Takebacks wherever a game between people is made: the lobby's challenges
 * and seeks and the challenges to an account (the Bot API's, in lichess's
 * shape) carry the option, with the form's default (on in a casual game,
 * off in a rated one) and an explicit value honoured. */
static void takebacks_in_the_lobby_and_challenges(void **state)
{
    Browser a = sign_up("alice"), b = sign_up("bob_2");
    bool said, game;
    LOBBY("{\"game\":\"morphos\",\"options\":{\"size\":5},\"rated\":false}", said, game);
    assert_true(said && game);
    LOBBY("{\"game\":\"morphos\",\"options\":{\"size\":5}}", said, game); /* rated by default */
    assert_false(said || game);
    LOBBY("{\"game\":\"morphos\",\"options\":{\"size\":5},\"takebacks\":true}", said, game);
    assert_true(said && game);
    LOBBY("{\"game\":\"morphos\",\"options\":{\"size\":5},\"rated\":false,\"takebacks\":false}", said, game);
    assert_false(said || game);
    expect_error(400, &a, "POST", "/api/lobby", "{\"game\":\"morphos\",\"takebacks\":1}", "'takebacks' must be true");
    /* the lobby lists it */
    json_decref(expect(201, &a, "POST", "/api/lobby", "{\"game\":\"morphos\",\"takebacks\":true}"));
    json_t *lobby = expect(200, NULL, "GET", "/api/lobby", NULL);
    assert_true(json_is_true(json_object_get(json_array_get(json_object_get(lobby, "challenges"), 0), "takebacks")));
    json_decref(lobby);
    /* a seek meets one asking for the same takebacks only */
    json_t *seek = expect(202, &a, "POST", "/api/lobby/quick", SEEK ",\"takebacks\":true}");
    assert_true(json_is_true(json_object_get(json_object_get(seek, "challenge"), "takebacks")));
    json_decref(seek);
    seek = expect(202, &b, "POST", "/api/lobby/quick", SEEK "}"); /* rated, so none: they do not meet */
    assert_true(json_is_false(json_object_get(json_object_get(seek, "challenge"), "takebacks")));
    json_decref(seek);
    char id[GAME_ID_LEN + 1];
    made_game(&b, "/api/lobby/quick", SEEK ",\"takebacks\":true}", 201, "id", id);
    assert_true(takebacks_of(id));
    /* a challenge to an account */
    CHALLENGE("{\"game\":\"morphos\",\"options\":{\"size\":5},\"rated\":false}", said, game);
    assert_true(said && game);
    CHALLENGE("{\"game\":\"morphos\",\"options\":{\"size\":5},\"rated\":true}", said, game);
    assert_false(said || game);
    CHALLENGE("{\"game\":\"morphos\",\"options\":{\"size\":5},\"rated\":true,\"takebacks\":true}", said, game);
    assert_true(said && game);
    CHALLENGE("{\"game\":\"morphos\",\"options\":{\"size\":5},\"rated\":false,\"takebacks\":false}", said, game);
    assert_false(said || game);
    expect_error(400, &a, "POST", "/api/challenge/bob_2", "{\"game\":\"morphos\",\"takebacks\":\"no\"}",
                 "'takebacks' must be true");
}

#undef LOBBY
#undef CHALLENGE
#undef SEEK

static void wake_nothing(void *ctx)
{
    (void)ctx;
}

static void rematch_is_an_offer(void **state)
{
    Browser a = sign_up("alice"), b = sign_up("bob_2");
    char id[GAME_ID_LEN + 1];
    friend_game(&a, &b, RATED_3_2, id);
    play(&a, id, "c3", 200);
    play(&b, id, "b2", 200);
    json_decref(post(200, &a, id, "resign", NULL));
    /* alice offers: 202, no game made; bob declines */
    json_t *s = post(202, &a, id, "rematch", NULL);
    json_t *offer = json_object_get(s, "rematch_offer");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(offer, "by"), 0)), 1);
    assert_true(json_is_null(json_object_get(s, "rematch")));
    json_decref(s);
    json_decref(post(400, &b, id, "rematch", "{\"decline\":\"no\"}"));
    s = post(200, &b, id, "rematch", "{\"decline\":true}");
    assert_true(json_is_null(json_object_get(s, "rematch_offer")));
    json_decref(s);
    json_decref(post(409, &b, id, "rematch", "{\"decline\":true}"));
    /* an offer lapses when its maker leaves (her page's stream closes) */
    RoomError e;
    Room *room = server_room(srv, id, &e);
    assert_non_null(room);
    Subscriber hers = {.wake = wake_nothing, .seats = 1}, watcher = {.wake = wake_nothing};
    room_subscribe(room, &hers, -2);
    room_subscribe(room, &watcher, -2);
    s = state_of(id, NULL);
    assert_int_equal(json_integer_value(json_object_get(s, "spectators")), 1);
    json_decref(s);
    json_decref(post(202, &a, id, "rematch", "{\"swap\":false}"));
    room_unsubscribe(room, &watcher); /* a watcher leaving changes nothing */
    s = state_of(id, NULL);
    assert_false(json_is_null(json_object_get(s, "rematch_offer")));
    assert_int_equal(json_integer_value(json_object_get(s, "spectators")), 0);
    json_decref(s);
    room_unsubscribe(room, &hers);
    s = state_of(id, NULL);
    assert_true(json_is_null(json_object_get(s, "rematch_offer")));
    json_decref(s);
    room_unref(room);
    /* offered again and accepted: 201, the game made; seats move round */
    json_decref(post(202, &a, id, "rematch", NULL));
    fake_time += 34; /* bob takes his time to accept: charged to nobody */
    json_t *made = post(201, &b, id, "rematch", NULL);
    char fresh[GAME_ID_LEN + 1];
    snprintf(fresh, sizeof fresh, "%s", json_string_value(json_object_get(made, "id")));
    json_decref(made);
    fake_time += 5;
    s = state_of(fresh, NULL);
    assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(s, "seats"), 0), "account")), "bob_2");
    assert_int_equal(left_ms(s, 1), 180000);
    assert_int_equal(clock_int(s, "first_move_ms"), 25000);
    json_decref(s);
    json_decref(post(409, &a, id, "rematch", NULL)); /* it has its rematch */
    /* against the AI: at once */
    json_t *ai = expect(201, NULL, "POST", "/api/games", "{\"game\":\"morphos\",\"options\":{\"size\":5}}");
    Browser p = {0};
    snprintf(p.token, sizeof p.token, "%s", json_string_value(json_object_get(json_array_get(json_object_get(ai, "seats"), 0), "token")));
    snprintf(id, sizeof id, "%s", json_string_value(json_object_get(ai, "id")));
    json_decref(ai);
    json_decref(post(200, &p, id, "resign", NULL));
    json_decref(post(409, &p, id, "rematch", "{\"decline\":true}"));
    json_decref(post(201, &p, id, "rematch", NULL));
}

/* The AI of game id makes its decision now (the server has no AI thread),
 * and the state after it. */
static json_t *ai_moves(const char *id)
{
    RoomError e;
    Room *room = server_room(srv, id, &e);
    assert_non_null(room);
    room_ai_turn(room);
    room_unref(room);
    json_t *s = state_of(id, NULL);
    assert_int_equal(json_integer_value(json_object_get(s, "to_move")), 1);
    return s;
}

/* The first point of the legal actions of state s. */
static void a_point(const json_t *s, char out[8])
{
    size_t i;
    const json_t *a;
    json_array_foreach(json_object_get(s, "legal"), i, a)
        if (json_is_string(json_object_get(a, "point"))) {
            snprintf(out, 8, "%s", json_string_value(json_object_get(a, "action")));
            return;
        }
    fail_msg("no point to play");
}

static void a_clock_against_the_ai(void **state)
{
    server_free(srv);
    ai_threads = 0; /* the AI thinks when the test says, for as long as the test says */
    start();
    json_t *made = expect(201, NULL, "POST", "/api/games",
                          "{\"game\":\"morphos\",\"options\":{\"size\":5},\"clock\":{\"initial_s\":60,\"increment_s\":5},"
                          "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"ai\",\"level\":\"greedy\"}]}");
    Browser p = {0};
    char id[GAME_ID_LEN + 1], point[8];
    snprintf(p.token, sizeof p.token, "%s", json_string_value(json_object_get(json_array_get(json_object_get(made, "seats"), 0), "token")));
    snprintf(id, sizeof id, "%s", json_string_value(json_object_get(made, "id")));
    json_decref(made);
    /* the person's clock is to run, from the first move on (lichess's rule) */
    json_t *s = state_of(id, NULL);
    assert_int_equal(clock_int(s, "running"), 1);
    json_decref(s);
    play(&p, id, "c3", 200);
    fake_time += 7; /* the AI's turn: no clock runs */
    s = ai_moves(id);
    assert_int_equal(left_ms(s, 1), 60000);
    assert_int_equal(left_ms(s, 2), 60000);
    assert_int_equal(clock_int(s, "running"), 1);
    a_point(s, point);
    json_decref(s);
    fake_time += 10;
    play(&p, id, point, 200); /* 60 - 10 + 5 */
    fake_time += 20;
    s = ai_moves(id);
    assert_int_equal(left_ms(s, 1), 55000);
    assert_int_equal(left_ms(s, 2), 60000);
    json_decref(s);
    /* running out loses as usual */
    fake_time += 55.001;
    server_clock_tick(srv);
    s = state_of(id, NULL);
    assert_string_equal(json_string_value(json_object_get(s, "status")), "finished");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(json_object_get(s, "result"), "winners"), 0)), 2);
    json_decref(s);
    /* a clock needs a person to time */
    expect_error(400, NULL, "POST", "/api/games",
                 "{\"game\":\"morphos\",\"clock\":{\"initial_s\":60},\"seats\":[{\"kind\":\"ai\",\"level\":\"greedy\"},"
                 "{\"kind\":\"ai\",\"level\":\"greedy\"}]}", "no seat for a person");
}

/* GET /api/meta's "playing": games between people being played now and their seats. */
static void expect_playing(json_int_t games, json_int_t people)
{
    json_t *meta = expect(200, NULL, "GET", "/api/meta", NULL);
    const json_t *playing = json_object_get(meta, "playing");
    assert_int_equal(json_integer_value(json_object_get(playing, "games")), games);
    assert_int_equal(json_integer_value(json_object_get(playing, "people")), people);
    json_decref(meta);
}

static void how_many_play_now(void **state)
{
    expect_playing(0, 0);
    Browser a = {0}, b = {0}, c = {0}, d = {0};
    char id[GAME_ID_LEN + 1], other[GAME_ID_LEN + 1];
    friend_game(&a, &b, CASUAL, id);
    play(&a, id, "c3", 200);
    /* a game against the AI, and one waiting for its second player, do not count */
    json_decref(expect(201, NULL, "POST", "/api/games", "{\"game\":\"morphos\",\"options\":{\"size\":5}}"));
    json_decref(expect(201, NULL, "POST", "/api/games", CASUAL));
    expect_playing(0, 0); /* the store was asked a moment ago: the same answer */
    fake_time += PLAYING_ASK_S;
    expect_playing(1, 2);
    /* an unlisted game counts too; a finished one no more */
    friend_game(&c, &d, "{\"game\":\"morphos\",\"options\":{\"size\":5},\"listed\":false,"
                        "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}", other);
    json_decref(post(200, &a, id, "resign", NULL));
    fake_time += PLAYING_ASK_S;
    expect_playing(1, 2);
    json_decref(post(200, &c, other, "resign", NULL));
    fake_time += PLAYING_ASK_S;
    expect_playing(0, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(clocks_start_with_the_moves, setup, teardown),
        cmocka_unit_test_setup_teardown(a_missed_first_move_aborts_the_game, setup, teardown),
        cmocka_unit_test_setup_teardown(a_player_aborts_before_both_moved, setup, teardown),
        cmocka_unit_test_setup_teardown(takebacks_between_people, setup, teardown),
        cmocka_unit_test_setup_teardown(a_takeback_with_a_clock, setup, teardown),
        cmocka_unit_test_setup_teardown(takebacks_are_a_game_option, setup, teardown),
        cmocka_unit_test_setup_teardown(takebacks_in_the_lobby_and_challenges, setup, teardown),
        cmocka_unit_test_setup_teardown(rematch_is_an_offer, setup, teardown),
        cmocka_unit_test_setup_teardown(how_many_play_now, setup, teardown),
        cmocka_unit_test_setup_teardown(a_clock_against_the_ai, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
