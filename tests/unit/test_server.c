/* The web API driven in-process (api_handle, no sockets) over a real SQLite
 * file in a temporary directory (or, with MORPH_TEST_STORE=postgresql, a
 * fresh database of the test run's PostgreSQL cluster: tests/run.sh runs
 * this suite on both): creating games, joining by invitation,
 * whole games of both games, refusals (each with its status and nothing
 * changed), limits, the live stream's replay from Last-Event-ID, undo that
 * never reveals dice, rematch, records and replays, and a restart that
 * goes on where the games were. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../../src/front/game_json.h"
#include "../../src/front/record.h"
#include "../../src/server/api/api.h"
#include "../../src/server/serve.h"
#include "fault_store.h"
#include "pg_test.h"

static char dir[64];
static char db_path[256];
static char pg_name[64]; /* the test's PostgreSQL database, or "" */
static Server *srv;
static const char *client = "10.0.0.1";
static double fake_now; /* 0: the clock; tests of rate limits set it */
static bool store_may_fail; /* a test that makes the store fail: 503 is an answer */

static bool on_postgresql(void)
{
    const char *store = getenv("MORPH_TEST_STORE");
    return store && strcmp(store, "postgresql") == 0;
}

static ServerConfig test_config(void)
{
    ServerConfig cfg;
    server_config_defaults(&cfg);
    cfg.db_path = db_path;
    cfg.db_pool = 2;
    cfg.ai_threads = 1;
    cfg.hint_ms = 50;
    cfg.max_body = 4096;
    cfg.limits.create_per_minute = 1000000;
    cfg.limits.requests_per_second = 1000000;
    return cfg;
}

static int setup(void **state)
{
    snprintf(dir, sizeof dir, "/tmp/morph-test-server-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(db_path, sizeof db_path, "%s/sub/dir/morph.db", dir); /* folders are created */
    pg_name[0] = '\0';
    if (on_postgresql() && !pg_test_database(pg_name, sizeof pg_name, db_path, sizeof db_path))
        fail_msg("MORPH_TEST_STORE=postgresql needs the test cluster of MORPH_TEST_PG");
    ServerConfig cfg = test_config();
    char err[ERR_MAX + 256];
    srv = server_new(&cfg, err, sizeof err);
    if (!srv)
        fail_msg("%s", err);
    client = "10.0.0.1";
    fake_now = 0;
    store_may_fail = false;
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

/* Calls the API: path may hold "?k=v&k=v". Returns the parsed body (NULL
 * when it is not JSON) and the status in *status. */
static json_t *call_full(const char *method, const char *path, const char *token, const char *body, int *status,
                         ApiResponse *keep)
{
    char copy[512];
    snprintf(copy, sizeof copy, "%s", path);
    ApiParam query[16];
    int nquery = 0;
    char *q = strchr(copy, '?');
    if (q) {
        *q++ = '\0';
        for (char *save = NULL, *kv = strtok_r(q, "&", &save); kv && nquery < 16; kv = strtok_r(NULL, "&", &save)) {
            char *eq = strchr(kv, '=');
            if (eq)
                *eq++ = '\0';
            query[nquery++] = (ApiParam){kv, eq ? eq : ""};
        }
    }
    ApiRequest req = {.method = method, .path = copy, .query = query, .nquery = nquery, .token = token,
                      .body = body, .body_len = body ? strlen(body) : 0, .client = client, .now = fake_now};
    ApiResponse res;
    api_handle(srv, &req, &res);
    *status = res.status;
    json_t *doc = res.body ? json_loads(res.body, 0, NULL) : NULL;
    if (res.status >= 400) {
        /* every refusal is {"error": one line} */
        assert_non_null(doc);
        const char *msg = json_string_value(json_object_get(doc, "error"));
        assert_non_null(msg);
        assert_null(strchr(msg, '\n'));
        assert_true(res.status >= 400 && (res.status < 500 || (store_may_fail && res.status == 503)));
    }
    if (keep)
        *keep = res;
    else
        api_response_free(&res);
    return doc;
}

static json_t *call(const char *method, const char *path, const char *token, const char *body, int *status)
{
    return call_full(method, path, token, body, status, NULL);
}

/* A call that must answer want; returns the body. */
static json_t *expect(int want, const char *method, const char *path, const char *token, const char *body)
{
    int status;
    json_t *doc = call(method, path, token, body, &status);
    if (status != want) {
        char *text = doc ? json_dumps(doc, JSON_COMPACT) : NULL;
        fail_msg("%s %s: status %d, expected %d: %s", method, path, status, want, text ? text : "(no body)");
    }
    return doc;
}

static void expect_error(int want, const char *method, const char *path, const char *token, const char *body,
                         const char *needle)
{
    json_t *doc = expect(want, method, path, token, body);
    const char *msg = json_string_value(json_object_get(doc, "error"));
    if (needle && !strstr(msg, needle))
        fail_msg("%s %s: error '%s' does not say '%s'", method, path, msg, needle);
    json_decref(doc);
}

static json_t *get_state(const char *id, const char *token)
{
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s", id);
    return expect(200, "GET", path, token, NULL);
}

static json_int_t state_int(const char *id, const char *key)
{
    json_t *s = get_state(id, NULL);
    json_int_t v = json_integer_value(json_object_get(s, key));
    json_decref(s);
    return v;
}

/* Waits (up to 20 s) until a person, typed dice or the end is next: AI
 * seats think on the worker thread. Returns the state. */
static json_t *wait_people(const char *id)
{
    for (int i = 0; i < 20000; i++) {
        json_t *s = get_state(id, NULL);
        json_t *to_move = json_object_get(s, "to_move");
        const char *status = json_string_value(json_object_get(s, "status"));
        bool ai = false;
        if (json_is_integer(to_move)) {
            json_t *seat = json_array_get(json_object_get(s, "seats"), (size_t)json_integer_value(to_move) - 1);
            ai = strcmp(json_string_value(json_object_get(seat, "kind")), "ai") == 0;
        }
        if (strcmp(status, "finished") == 0 || !ai)
            return s;
        json_decref(s);
        usleep(1000);
    }
    fail_msg("game %s: the AI did not move within 20 s", id);
    return NULL;
}

typedef struct Created {
    char id[GAME_ID_LEN + 1];
    char token[MAX_PLAYERS][TOKEN_LEN + 1]; /* "" for seats not ours */
    char invite[MAX_PLAYERS][INVITE_LEN + 1];
} Created;

static Created create(const char *body)
{
    Created c;
    memset(&c, 0, sizeof c);
    json_t *doc = expect(201, "POST", "/api/games", NULL, body);
    snprintf(c.id, sizeof c.id, "%s", json_string_value(json_object_get(doc, "id")));
    size_t i;
    json_t *item;
    json_array_foreach(json_object_get(doc, "seats"), i, item) {
        int seat = (int)json_integer_value(json_object_get(item, "seat")) - 1;
        snprintf(c.token[seat], sizeof c.token[seat], "%s", json_string_value(json_object_get(item, "token")));
    }
    json_array_foreach(json_object_get(doc, "invitations"), i, item) {
        int seat = (int)json_integer_value(json_object_get(item, "seat")) - 1;
        snprintf(c.invite[seat], sizeof c.invite[seat], "%s", json_string_value(json_object_get(item, "code")));
    }
    json_decref(doc);
    return c;
}

/* Joins seat by its invitation; returns the token given. */
static void join(Created *c, int seat)
{
    char body[96];
    snprintf(body, sizeof body, "{\"code\":\"%s\"}", c->invite[seat]);
    json_t *doc = expect(200, "POST", "/api/join", NULL, body);
    assert_string_equal(json_string_value(json_object_get(doc, "id")), c->id);
    assert_int_equal(json_integer_value(json_object_get(doc, "seat")), seat + 1);
    const char *token = json_string_value(json_object_get(doc, "token"));
    assert_int_equal(strlen(token), TOKEN_LEN);
    snprintf(c->token[seat], sizeof c->token[seat], "%s", token);
    json_decref(doc);
}

static json_t *act(const Created *c, int seat, const char *action, int want)
{
    char path[64], body[256];
    snprintf(path, sizeof path, "/api/games/%s/actions", c->id);
    snprintf(body, sizeof body, "{\"action\":\"%s\"}", action);
    return expect(want, "POST", path, c->token[seat], body);
}

/* The seat that is to act in state s (a decision, or typed dice), or -1. */
static int acting(const json_t *s)
{
    const json_t *to_move = json_object_get(s, "to_move"), *chance = json_object_get(s, "chance");
    if (json_is_integer(to_move))
        return (int)json_integer_value(to_move) - 1;
    if (json_is_object(chance) && json_is_integer(json_object_get(chance, "seat")))
        return (int)json_integer_value(json_object_get(chance, "seat")) - 1;
    return -1;
}

/* Plays people's seats with random legal actions (seeded) until the game
 * ends; AI seats play on their own. Returns the final state. */
static json_t *play_out(Created *c, uint64_t seed, int max_actions)
{
    Rng rng;
    rng_seed(&rng, seed);
    for (int n = 0; n < max_actions; n++) {
        json_t *s = wait_people(c->id);
        if (strcmp(json_string_value(json_object_get(s, "status")), "finished") == 0)
            return s;
        int seat = acting(s);
        assert_true(seat >= 0);
        json_t *legal = json_object_get(s, "legal");
        char action[128];
        if (json_array_size(legal) == 0) {
            /* real dice: type a roll of the dice the state asks for */
            int dice = (int)json_integer_value(json_object_get(json_object_get(s, "chance"), "dice"));
            const char *verb = dice == 1 && json_is_object(json_object_get(json_object_get(s, "board"), "rolloff"))
                                   ? "die" : "dice";
            int len = snprintf(action, sizeof action, "%s", verb);
            for (int i = 0; i < dice; i++)
                len += snprintf(action + len, sizeof action - (size_t)len, " %d", 1 + (int)rng_below(&rng, 6));
        } else {
            json_t *pick = json_array_get(legal, rng_below(&rng, (uint32_t)json_array_size(legal)));
            snprintf(action, sizeof action, "%s", json_string_value(json_object_get(pick, "action")));
        }
        json_decref(s);
        json_decref(act(c, seat, action, 200));
    }
    fail_msg("game %s did not end within %d actions", c->id, max_actions);
    return NULL;
}

/* ---- tests ---- */

static void create_join_and_watch(void **state)
{
    Created c = create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}");
    assert_int_equal(strlen(c.token[0]), TOKEN_LEN);
    assert_string_equal(c.token[1], "");
    assert_int_equal(strlen(c.invite[1]), INVITE_LEN);
    json_t *s = get_state(c.id, NULL);
    assert_string_equal(json_string_value(json_object_get(s, "status")), "waiting");
    assert_int_equal(json_array_size(json_object_get(json_object_get(s, "viewer"), "seats")), 0);
    json_decref(s);
    /* the waiting list shows it */
    json_t *list = expect(200, "GET", "/api/games?status=waiting", NULL, NULL);
    assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(list, "games"), 0), "id")),
                        c.id);
    json_decref(list);
    join(&c, 1);
    /* an invitation claims its seat once */
    char body[96];
    snprintf(body, sizeof body, "{\"code\":\"%s\"}", c.invite[1]);
    expect_error(404, "POST", "/api/join", NULL, body, "no open seat");
    s = get_state(c.id, c.token[1]);
    assert_string_equal(json_string_value(json_object_get(s, "status")), "playing");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(json_object_get(s, "viewer"), "seats"), 0)), 2);
    json_decref(s);
    /* the token is stored as a hash only */
    StoredGame g;
    bool found;
    char err[ERR_MAX + 128];
    assert_true(srv->store->ops->load(srv->store, c.id, &g, &found, err, sizeof err) && found);
    char hash[TOKEN_HASH_LEN + 1];
    token_hash(c.token[1], hash);
    assert_string_equal(g.seats[1].token_hash, hash);
    assert_string_equal(g.seats[1].invite, "");
    stored_game_clear(&g);
}

static void morphos_between_people(void **state)
{
    Created c = create("{\"game\":\"morphos\",\"options\":{\"size\":7,\"mutators\":[\"duomorph\",\"remorph\"]},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    json_t *end = play_out(&c, 1, 3000);
    const json_t *result = json_object_get(end, "result");
    assert_true(json_is_object(result));
    assert_true(json_array_size(json_object_get(result, "winners")) >= 1);
    json_int_t count = json_integer_value(json_object_get(end, "count"));
    assert_int_equal(json_array_size(json_object_get(end, "history")), count);
    /* every action in words from the library, and the end in words */
    size_t i;
    json_t *item;
    json_array_foreach(json_object_get(end, "history"), i, item) {
        const char *action = json_string_value(json_object_get(item, "action"));
        const char *text = json_string_value(json_object_get(item, "text"));
        assert_int_equal(json_integer_value(json_object_get(item, "index")), (json_int_t)i);
        assert_true(strlen(text) > strlen(action));
        assert_true(strncmp(text, "Black", 5) == 0 || strncmp(text, "White", 5) == 0 || strncmp(text, "P", 1) == 0);
        assert_true(json_is_object(json_object_get(item, "marks")));
    }
    assert_true(strlen(json_string_value(json_object_get(result, "text"))) > 10);
    json_decref(end);
    /* the store holds every action, and the finished list shows the game */
    StoredGame g;
    bool found;
    char err[ERR_MAX + 128];
    assert_true(srv->store->ops->load(srv->store, c.id, &g, &found, err, sizeof err) && found);
    assert_int_equal(g.count, count);
    assert_int_equal(g.status, STATUS_FINISHED);
    assert_non_null(g.result);
    stored_game_clear(&g);
    json_t *list = expect(200, "GET", "/api/games?status=finished&limit=5", NULL, NULL);
    assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(list, "games"), 0), "id")),
                        c.id);
    json_decref(list);
    /* after the end, nothing more */
    json_decref(act(&c, 0, "a1", 409));
}

static void morpyam_against_ai(void **state)
{
    Created c = create("{\"game\":\"morpyam\",\"options\":{\"players\":3,\"variant\":\"flash\"},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"ai\",\"level\":\"greedy\"},"
                       "{\"kind\":\"ai\",\"level\":\"random\"}]}");
    json_t *end = play_out(&c, 2, 5000);
    const json_t *result = json_object_get(end, "result");
    assert_true(json_is_object(result));
    assert_int_equal(json_array_size(json_object_get(result, "points")), 3);
    json_decref(end);
    /* without seats: you, and Morpyam's default AI (master) in the others */
    c = create("{\"game\":\"morpyam\",\"options\":{\"players\":3}}");
    json_t *s = get_state(c.id, NULL);
    for (size_t p = 1; p < 3; p++)
        assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(s, "seats"), p), "level")),
                            "master");
    json_decref(s);
}

static void morpyam_plus_real_dice(void **state)
{
    Created c = create("{\"game\":\"morpyam\",\"options\":{\"variant\":\"plus\"},\"dice\":\"real\","
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    json_t *s = get_state(c.id, NULL);
    assert_string_equal(json_string_value(json_object_get(s, "dice")), "real");
    json_decref(s);
    json_t *end = play_out(&c, 3, 8000);
    assert_true(json_is_object(json_object_get(end, "result")));
    json_decref(end);
}

static void real_dice_are_typed_by_the_roller(void **state)
{
    char path[64];
    Created c = create("{\"game\":\"morpyam\",\"dice\":\"real\","
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    json_t *s = get_state(c.id, NULL);
    /* the roll-off: a chance node whose die a seat types */
    assert_true(json_is_null(json_object_get(s, "to_move")));
    int seat = acting(s);
    assert_true(seat >= 0);
    json_int_t version = json_integer_value(json_object_get(s, "version"));
    json_decref(s);
    json_decref(act(&c, 1 - seat, "die 3", 403));
    json_decref(act(&c, seat, "die 7", 422));
    json_decref(act(&c, seat, "dice 1 2 3 4 5", 422));
    /* one roll at a time: the next may be another person's to type */
    snprintf(path, sizeof path, "/api/games/%s/actions", c.id);
    expect_error(403, "POST", path, c.token[seat], "{\"action\":\"die 3,die 4\"}", "one at a time");
    assert_int_equal(state_int(c.id, "version"), version);
    json_decref(act(&c, seat, "die 3", 200));
    assert_int_equal(state_int(c.id, "count"), 1);
    /* the server never draws in a real-dice game between people */
    Created auto_game = create("{\"game\":\"morpyam\",\"seats\":[{\"kind\":\"human\",\"mine\":true},"
                               "{\"kind\":\"human\",\"mine\":true}]}");
    s = get_state(auto_game.id, NULL);
    assert_true(json_is_integer(json_object_get(s, "to_move")));
    assert_true(json_integer_value(json_object_get(s, "count")) >= 2);
    seat = acting(s);
    json_decref(act(&auto_game, seat, "die 3", 422));
    json_decref(act(&auto_game, 1 - seat, "die 3", 403));
    /* a text that runs into the dice the server draws is refused whole */
    snprintf(path, sizeof path, "/api/games/%s/actions", auto_game.id);
    expect_error(403, "POST", path, auto_game.token[seat], "{\"action\":\"roll,dice 1 2 3 4 5\"}",
                 "a chance event follows 'roll'");
    assert_int_equal(state_int(auto_game.id, "count"), json_integer_value(json_object_get(s, "count")));
    json_decref(s);
}

/* Every refusal: its status, a one-line error, and nothing changed. */
static void refusals_change_nothing(void **state)
{
    Created c = create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}");
    join(&c, 1);
    json_decref(act(&c, 0, "c3", 200));
    json_t *before = get_state(c.id, NULL);
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/actions", c.id);
    /* out of turn, missing and wrong tokens */
    expect_error(403, "POST", path, c.token[0], "{\"action\":\"b2\"}", "P2");
    expect_error(403, "POST", path, NULL, "{\"action\":\"b2\"}", "X-Seat-Token");
    expect_error(403, "POST", path, "abc", "{\"action\":\"b2\"}", "token");
    char forged[TOKEN_LEN + 1];
    memset(forged, 'a', TOKEN_LEN);
    forged[TOKEN_LEN] = '\0';
    expect_error(403, "POST", path, forged, "{\"action\":\"b2\"}", "token");
    /* illegal actions, with the library's reason (why_not) */
    expect_error(422, "POST", path, c.token[1], "{\"action\":\"c3\"}", "illegal action 'c3': ");
    expect_error(422, "POST", path, c.token[1], "{\"action\":\"z9\"}", "z9");
    expect_error(403, "POST", path, c.token[1], "{\"action\":\"b2,b3\"}", "P1"); /* b3 would be P1's */
    /* malformed bodies */
    expect_error(400, "POST", path, c.token[1], "{\"action\":", "not valid JSON");
    expect_error(400, "POST", path, c.token[1], "[1,2]", "object");
    expect_error(400, "POST", path, c.token[1], "{\"action\":\"b2\",\"extra\":1}", "unknown key 'extra'");
    expect_error(400, "POST", path, c.token[1], "{\"action\":2}", "'action'");
    expect_error(400, "POST", path, c.token[1], "{\"action\":\"b2\",\"action\":\"b3\"}", "JSON");
    expect_error(400, "POST", path, c.token[1], "", "body");
    expect_error(409, "POST", path, c.token[1], "{\"action\":\"b2\",\"version\":1}", "moved on");
    /* too large */
    char *big = malloc(8000);
    memset(big, ' ', 7999);
    big[7999] = '\0';
    memcpy(big, "{\"action\":\"b2\"}", 15);
    expect_error(413, "POST", path, c.token[1], big, "at most 4096");
    free(big);
    /* wrong methods, unknown endpoints and games */
    expect_error(405, "GET", path, NULL, NULL, "POST");
    snprintf(path, sizeof path, "/api/games/%s", c.id);
    expect_error(405, "DELETE", path, NULL, NULL, "GET");
    expect_error(405, "HEAD", "/api/join", NULL, NULL, "(use POST)");
    /* a path several routes share names each method it takes */
    expect_error(405, "DELETE", "/api/games", NULL, NULL, "(use GET or POST)");
    json_decref(expect(200, "HEAD", "/api/meta", NULL, NULL));
    snprintf(path, sizeof path, "/api/games/zzzzzzzzzz/actions");
    expect_error(404, "GET", path, NULL, NULL, "no game"); /* the game first, the method after */
    snprintf(path, sizeof path, "/api/games/%s/nothing", c.id);
    expect_error(404, "POST", path, NULL, "{}", "endpoint");
    expect_error(404, "GET", "/api/games/zzzzzzzzzz", NULL, NULL, "no game");
    expect_error(404, "GET", "/api/games/../../etc", NULL, NULL, "endpoint");
    expect_error(404, "GET", "/api/games/NOT-AN-ID", NULL, NULL, "game id");
    expect_error(404, "GET", "/api/nothing", NULL, NULL, "endpoint");
    expect_error(400, "GET", "/api/games?status=lost", NULL, NULL, "status");
    expect_error(400, "GET", "/api/games?limit=0", NULL, NULL, "limit");
    expect_error(400, "GET", "/api/games?colour=red", NULL, NULL, "colour");
    json_t *after = get_state(c.id, NULL);
    assert_true(json_equal(before, after));
    json_decref(before);
    json_decref(after);
}

static void bad_games_and_options(void **state)
{
    expect_error(400, "POST", "/api/games", NULL, "{\"game\":\"chess\"}", "morpyam");
    expect_error(400, "POST", "/api/games", NULL, "{}", "'game'");
    expect_error(400, "POST", "/api/games", NULL, "{\"game\":\"morphos\",\"options\":{\"size\":2}}", "size");
    expect_error(400, "POST", "/api/games", NULL, "{\"game\":\"morphos\",\"options\":{\"size\":20}}", "size");
    expect_error(400, "POST", "/api/games", NULL, "{\"game\":\"morphos\",\"options\":{\"colour\":1}}", "colour");
    expect_error(400, "POST", "/api/games", NULL, "{\"game\":\"morphos\",\"options\":{\"mutators\":[\"hypermorph\"]}}",
                 "hypermorph");
    expect_error(400, "POST", "/api/games", NULL, "{\"game\":\"morpyam\",\"options\":{\"players\":5}}", "players");
    expect_error(400, "POST", "/api/games", NULL, "{\"game\":\"morpyam\",\"options\":{\"variant\":\"turbo\"}}",
                 "variant");
    expect_error(400, "POST", "/api/games", NULL, "{\"game\":\"morphos\",\"seats\":[{\"kind\":\"human\"}]}", "2 seats");
    expect_error(400, "POST", "/api/games", NULL,
                 "{\"game\":\"morphos\",\"seats\":[{\"kind\":\"human\"},{\"kind\":\"ai\",\"level\":\"expert\"}]}",
                 "expert");
    expect_error(400, "POST", "/api/games", NULL,
                 "{\"game\":\"morphos\",\"seats\":[{\"kind\":\"human\"},{\"kind\":\"ai\",\"level\":\"mcts\",\"ms\":1}]}",
                 "ms");
    expect_error(400, "POST", "/api/games", NULL,
                 "{\"game\":\"morphos\",\"seats\":[{\"kind\":\"robot\"},{\"kind\":\"human\"}]}", "kind");
    expect_error(400, "POST", "/api/games", NULL, "{\"game\":\"morphos\",\"dice\":\"real\"}", "no dice");
    expect_error(400, "POST", "/api/games", NULL, "{\"game\":\"morphos\",\"listed\":\"yes\"}", "listed");
    expect_error(400, "GET", "/api/rules/morphos?size=1", NULL, NULL, "size");
    expect_error(404, "GET", "/api/rules/go", NULL, NULL, "unknown game");
    json_t *rules = expect(200, "GET", "/api/rules/morpyam?variant=plus", NULL, NULL);
    assert_string_equal(json_string_value(json_object_get(json_object_get(rules, "options"), "variant")), "plus");
    json_decref(rules);
    json_t *meta = expect(200, "GET", "/api/meta", NULL, NULL);
    assert_int_equal(json_array_size(json_object_get(meta, "games")), 2);
    /* the page's Morpyam lists: master preselected, the hint's level, and
     * last of the levels (they run from the weakest to the strongest) */
    json_t *morpyam = json_array_get(json_object_get(meta, "games"), 0);
    assert_string_equal(json_string_value(json_object_get(morpyam, "name")), "morpyam");
    assert_string_equal(json_string_value(json_object_get(morpyam, "default_ai")), "master");
    assert_string_equal(json_string_value(json_object_get(morpyam, "hint")), "master");
    json_t *levels = json_object_get(morpyam, "ai");
    json_t *last = json_array_get(levels, json_array_size(levels) - 1);
    assert_string_equal(json_string_value(json_object_get(last, "level")), "master");
    json_decref(meta);
    /* nothing was stored */
    json_t *list = expect(200, "GET", "/api/games?status=playing", NULL, NULL);
    assert_int_equal(json_array_size(json_object_get(list, "games")), 0);
    json_decref(list);
}

static void rate_limits(void **state)
{
    server_free(srv);
    ServerConfig cfg = test_config();
    cfg.limits.create_per_minute = 3;
    cfg.limits.requests_per_second = 20;
    char err[ERR_MAX + 256];
    srv = server_new(&cfg, err, sizeof err);
    assert_non_null(srv);
    fake_now = 1000;
    const char *body = "{\"game\":\"morphos\",\"options\":{\"size\":5}}";
    for (int i = 0; i < 3; i++)
        json_decref(expect(201, "POST", "/api/games", NULL, body));
    ApiResponse res;
    int status;
    json_decref(call_full("POST", "/api/games", NULL, body, &status, &res));
    assert_int_equal(status, 429);
    assert_true(res.retry_after >= 1 && res.retry_after <= 60);
    api_response_free(&res);
    /* another client is not hurt, and a minute later the first may again */
    client = "10.0.0.2";
    json_decref(expect(201, "POST", "/api/games", NULL, body));
    client = "10.0.0.1";
    fake_now += 61;
    json_decref(expect(201, "POST", "/api/games", NULL, body));
    /* requests per second */
    fake_now += 100;
    int refused = 0;
    for (int i = 0; i < 30; i++) {
        json_decref(call("GET", "/api/meta", NULL, NULL, &status));
        refused += status == 429;
    }
    assert_int_equal(refused, 10);
    fake_now += 1;
    json_decref(expect(200, "GET", "/api/meta", NULL, NULL));
}

/* Reads the events of a stream into "id event" words. */
static void events_of(const char *text, char *out, size_t outlen)
{
    out[0] = '\0';
    size_t n = 0;
    const char *p = text;
    while ((p = strstr(p, "id: ")) != NULL) {
        long id = strtol(p + 4, NULL, 10);
        const char *ev = strstr(p, "event: ") + 7;
        size_t len = strcspn(ev, "\n");
        n += (size_t)snprintf(out + n, outlen - n, "%s%ld %.*s", n ? "," : "", id, (int)len, ev);
        p = ev;
    }
}

static void wake_nothing(void *ctx)
{
    (*(int *)ctx)++;
}

static void stream_replays_what_was_missed(void **state)
{
    Created c = create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    const char *moves[] = {"c3", "b2", "d4", "b4", "a1"};
    for (int i = 0; i < 5; i++)
        json_decref(act(&c, i % 2, moves[i], 200));
    RoomError e;
    Room *room = server_room(srv, c.id, &e);
    assert_non_null(room);
    char got[512];
    /* a reconnecting reader that had actions 0..2 gets 3 and 4, then the state */
    int woken = 0;
    Subscriber sub = {.wake = wake_nothing, .ctx = &woken};
    room_subscribe(room, &sub, 2);
    StrBuf out = STRBUF_INIT;
    pthread_mutex_lock(&room->lock);
    assert_true(room_stream_fill(room, &sub, &out));
    assert_false(room_stream_fill(room, &sub, &out)); /* nothing more */
    pthread_mutex_unlock(&room->lock);
    events_of(sb_str(&out), got, sizeof got);
    assert_string_equal(got, "3 action,4 action,4 state");
    /* a new action wakes the reader and streams as one event plus the state */
    json_decref(act(&c, 1, "e5", 200));
    assert_int_equal(woken, 1);
    sb_clear(&out);
    pthread_mutex_lock(&room->lock);
    assert_true(room_stream_fill(room, &sub, &out));
    pthread_mutex_unlock(&room->lock);
    events_of(sb_str(&out), got, sizeof got);
    assert_string_equal(got, "5 action,5 state");
    assert_non_null(strstr(sb_str(&out), "data: {\"index\":5,\"action\":\"e5\",\"player\":2"));
    room_unsubscribe(room, &sub);
    /* a fresh reader (no Last-Event-ID) gets the state only */
    Subscriber fresh = {.wake = wake_nothing, .ctx = &woken};
    room_subscribe(room, &fresh, -2);
    sb_clear(&out);
    pthread_mutex_lock(&room->lock);
    room_stream_fill(room, &fresh, &out);
    pthread_mutex_unlock(&room->lock);
    events_of(sb_str(&out), got, sizeof got);
    assert_string_equal(got, "5 state");
    room_unsubscribe(room, &fresh);
    /* the API side: Last-Event-ID is checked, and a stream is granted */
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/events", c.id);
    ApiRequest req = {.method = "GET", .path = path, .last_event_id = "x", .client = client};
    ApiResponse res;
    api_handle(srv, &req, &res);
    assert_int_equal(res.status, 400);
    api_response_free(&res);
    req.last_event_id = "3";
    api_handle(srv, &req, &res);
    assert_int_equal(res.status, 200);
    assert_ptr_equal(res.stream_room, room);
    assert_int_equal(res.stream_after, 3);
    api_response_free(&res);
    limits_stream_release(srv->limits, client);
    sb_free(&out);
    room_unref(room);
}

/* Numbers in queries and headers are read like every number from outside
 * (number.h): digits only, so " 9", "+5", "9x" and "" are refused with a
 * message that quotes them. */
static void query_numbers_are_strict(void **state)
{
    Created c = create("{\"game\":\"morphos\",\"options\":{\"size\":5},\"seats\":[{\"kind\":\"human\",\"mine\":true},"
                       "{\"kind\":\"human\",\"mine\":true}]}");
    static const char *const bad[] = {" 9", "+5", "9x", "", "0x10", "1e2"};
    char path[128], quoted[32];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(quoted, sizeof quoted, "got '%s'", bad[i]);
        snprintf(path, sizeof path, "/api/games?limit=%s", bad[i]);
        expect_error(400, "GET", path, NULL, NULL, "limit must be a whole number from 1 to 100");
        expect_error(400, "GET", path, NULL, NULL, quoted);
        snprintf(path, sizeof path, "/api/games/%s/replay?at=%s", c.id, bad[i]);
        expect_error(400, "GET", path, NULL, NULL, "'at' must be a number of actions");
        expect_error(400, "GET", path, NULL, NULL, quoted);
        snprintf(path, sizeof path, "/api/games/%s/events?after=%s", c.id, bad[i]);
        expect_error(400, "GET", path, NULL, NULL, "after must be the index of the last action received");
        expect_error(400, "GET", path, NULL, NULL, quoted);
        /* the header that resumes a stream, read the same way */
        snprintf(path, sizeof path, "/api/games/%s/events", c.id);
        ApiRequest req = {.method = "GET", .path = path, .last_event_id = bad[i], .client = client};
        ApiResponse res;
        api_handle(srv, &req, &res);
        assert_int_equal(res.status, 400);
        assert_non_null(strstr(res.body, "Last-Event-ID must be the index"));
        api_response_free(&res);
    }
    /* the same numbers written plainly are taken */
    json_decref(expect(200, "GET", "/api/games?limit=9", NULL, NULL));
    snprintf(path, sizeof path, "/api/games/%s/replay?at=0", c.id);
    json_decref(expect(200, "GET", path, NULL, NULL));
    snprintf(path, sizeof path, "/api/games/%s/replay?at=1", c.id);
    expect_error(400, "GET", path, NULL, NULL, "'at' is 1 but the game has 0 actions");
    snprintf(path, sizeof path, "/api/games/%s/events", c.id);
    ApiRequest req = {.method = "GET", .path = path, .last_event_id = "-1", .client = client};
    ApiResponse res;
    api_handle(srv, &req, &res);
    assert_int_equal(res.status, 200);
    assert_int_equal(res.stream_after, -1);
    api_response_free(&res);
    limits_stream_release(srv->limits, client);
}

static void undo_never_reveals_dice(void **state)
{
    Created c = create("{\"game\":\"morpyam\",\"seats\":[{\"kind\":\"human\",\"mine\":true},"
                       "{\"kind\":\"ai\",\"level\":\"random\"}]}");
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/undo", c.id);
    /* to P1's first decision of a turn */
    json_t *s = wait_people(c.id);
    while (strcmp(json_string_value(json_object_get(json_object_get(s, "board"), "phase")), "start") != 0) {
        /* P1 plays its turn out: pass when it can, else the first legal action */
        json_t *legal = json_object_get(s, "legal");
        const char *a = json_string_value(json_object_get(json_array_get(legal, 0), "action"));
        for (size_t i = 0; i < json_array_size(legal); i++)
            if (strcmp(json_string_value(json_object_get(json_array_get(legal, i), "action")), "pass") == 0)
                a = "pass";
        char action[64];
        snprintf(action, sizeof action, "%s", a);
        json_decref(s);
        json_decref(act(&c, 0, action, 200));
        s = wait_people(c.id);
    }
    json_decref(s);
    json_decref(act(&c, 0, "roll", 200));
    s = get_state(c.id, NULL);
    json_t *dice = json_deep_copy(json_object_get(json_object_get(s, "board"), "dice"));
    json_int_t count = json_integer_value(json_object_get(s, "count"));
    json_decref(s);
    /* the roll has been seen: it cannot be taken back */
    expect_error(409, "POST", path, c.token[0], NULL, "roll");
    /* a hint is the whole plan of the turn with its chance, in words */
    char hint_path[64];
    snprintf(hint_path, sizeof hint_path, "/api/games/%s/hint", c.id);
    json_t *hint = expect(200, "POST", hint_path, c.token[0], NULL);
    const json_t *plan = json_object_get(hint, "plan");
    assert_true(json_array_size(plan) >= 1);
    assert_string_equal(json_string_value(json_array_get(plan, 0)), json_string_value(json_object_get(hint, "action")));
    const char *words = json_string_value(json_object_get(hint, "words"));
    /* a plan that ends in a roll says its chance; one that places or passes
     * says what it does, in the library's sentence */
    const char *last = json_string_value(json_array_get(plan, json_array_size(plan) - 1));
    if (strncmp(last, "place", 5) == 0 || strcmp(last, "pass") == 0) {
        assert_non_null(strstr(words, ": P1 "));
    } else {
        assert_true((strchr(words, '%') && (strstr(words, "to cover") || strstr(words, "to win"))) ||
                    strstr(words, "no token expected"));
        assert_true(json_is_real(json_object_get(hint, "chance")));
    }
    assert_string_equal(json_string_value(json_object_get(hint, "ai")), "master");
    json_t *again = expect(200, "POST", hint_path, c.token[0], NULL); /* the same version: the same advice */
    assert_true(json_equal(hint, again));
    json_decref(again);
    json_decref(hint);
    expect_error(403, "POST", hint_path, NULL, NULL, "token");
    /* a call (no die seen since) can be, and the dice stay; the figure is
     * named for people beside its action word */
    json_t *called = act(&c, 0, "call suite", 200);
    assert_string_equal(json_string_value(json_object_get(json_object_get(called, "board"), "call")), "suite");
    assert_string_equal(json_string_value(json_object_get(json_object_get(called, "board"), "call_name")), "straight");
    json_t *last_call = json_object_get(called, "last");
    assert_string_equal(json_string_value(json_object_get(last_call, "figure")), "suite");
    assert_string_equal(json_string_value(json_object_get(last_call, "name")), "straight");
    assert_string_equal(json_string_value(json_object_get(last_call, "text")), "P1 calls straight");
    json_decref(called);
    expect_error(403, "POST", path, NULL, NULL, "token");
    json_t *undone = expect(200, "POST", path, c.token[0], NULL);
    assert_int_equal(json_integer_value(json_object_get(undone, "count")), count);
    assert_true(json_equal(dice, json_object_get(json_object_get(undone, "board"), "dice")));
    assert_true(json_is_null(json_object_get(json_object_get(undone, "board"), "call")));
    json_decref(undone);
    json_decref(dice);
    /* undo is recorded: the store has the shorter history */
    StoredGame g;
    bool found;
    char err[ERR_MAX + 128];
    assert_true(srv->store->ops->load(srv->store, c.id, &g, &found, err, sizeof err) && found);
    assert_int_equal(g.count, count);
    assert_int_equal(g.undo_low, count);
    stored_game_clear(&g);
    /* between people, undo is refused: a move stands */
    Created p = create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    json_decref(act(&p, 0, "c3", 200));
    snprintf(path, sizeof path, "/api/games/%s/undo", p.id);
    expect_error(409, "POST", path, p.token[0], NULL, "AI");
}

static void morphos_undo_hint_resign(void **state)
{
    Created c = create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"ai\",\"level\":\"greedy\"}]}");
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/hint", c.id);
    json_t *hint = expect(200, "POST", path, c.token[0], NULL);
    const char *action = json_string_value(json_object_get(hint, "action"));
    assert_non_null(action);
    json_t *s = get_state(c.id, NULL);
    bool listed = false;
    size_t i;
    json_t *item;
    json_array_foreach(json_object_get(s, "legal"), i, item) listed |=
        strcmp(json_string_value(json_object_get(item, "action")), action) == 0;
    assert_true(listed);
    json_decref(s);
    /* the move with its win rate in words (ai_advise, as the terminal's hint) */
    assert_string_equal(json_string_value(json_array_get(json_object_get(hint, "plan"), 0)), action);
    const char *words = json_string_value(json_object_get(hint, "words"));
    assert_non_null(strstr(words, action));
    assert_non_null(strstr(words, "Black"));
    double chance = json_real_value(json_object_get(hint, "chance"));
    assert_true(chance >= 0 && chance <= 1);
    assert_string_equal(json_string_value(json_object_get(hint, "cell")), action);
    assert_string_equal(json_string_value(json_object_get(hint, "ai")), "mcts:ms=50");
    assert_true(strlen(json_string_value(json_object_get(hint, "detail"))) > 0);
    json_decref(hint);
    expect_error(403, "POST", path, NULL, NULL, "token");
    json_decref(act(&c, 0, "c3", 200));
    s = wait_people(c.id);
    assert_int_equal(json_integer_value(json_object_get(s, "count")), 2);
    json_decref(s);
    snprintf(path, sizeof path, "/api/games/%s/undo", c.id);
    json_t *undone = expect(200, "POST", path, c.token[0], NULL);
    assert_int_equal(json_integer_value(json_object_get(undone, "count")), 0);
    assert_int_equal(json_integer_value(json_object_get(undone, "to_move")), 1);
    json_decref(undone);
    snprintf(path, sizeof path, "/api/games/%s/resign", c.id);
    expect_error(403, "POST", path, NULL, NULL, "token");
    json_t *over = expect(200, "POST", path, c.token[0], NULL);
    assert_string_equal(json_string_value(json_object_get(over, "status")), "finished");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(json_object_get(over, "result"), "winners"), 0)),
                     2);
    json_decref(over);
}

static void rematch_and_record(void **state)
{
    Created c = create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}");
    join(&c, 1);
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/rematch", c.id);
    expect_error(409, "POST", path, c.token[0], NULL, "not over");
    json_t *end = play_out(&c, 4, 1000);
    json_t *result = json_deep_copy(json_object_get(end, "result"));
    json_object_del(result, "text");
    json_decref(end);
    expect_error(403, "POST", path, NULL, NULL, "token");
    json_t *re = expect(201, "POST", path, c.token[1], "{\"swap\":true}");
    const char *fresh = json_string_value(json_object_get(re, "id"));
    /* seats swapped: the old tokens act in the new game, P2 now in seat 1 */
    json_t *s = get_state(fresh, c.token[1]);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(json_object_get(s, "viewer"), "seats"), 0)), 1);
    assert_string_equal(json_string_value(json_object_get(s, "rematch_of")), c.id);
    json_decref(s);
    s = get_state(c.id, NULL);
    assert_string_equal(json_string_value(json_object_get(s, "rematch")), fresh);
    json_decref(s);
    expect_error(409, "POST", path, c.token[0], NULL, "already");
    json_decref(re);
    /* the record downloads and replays to the same result */
    snprintf(path, sizeof path, "/api/games/%s/record", c.id);
    ApiResponse res;
    int status;
    json_t *doc = call_full("GET", path, NULL, NULL, &status, &res);
    assert_int_equal(status, 200);
    assert_non_null(strstr(res.disposition, "attachment; filename=\"morph-morphos-"));
    api_response_free(&res);
    RecordError e;
    Session *replayed = record_load_json(doc, "download", true, &e);
    if (!replayed)
        fail_msg("%s", e.message);
    json_t *again = game_result_to_json(replayed->state);
    assert_true(json_equal(again, result) || json_number_value(json_object_get(again, "returns")) == 0);
    json_t *winners = json_object_get(again, "winners");
    assert_true(json_equal(winners, json_object_get(result, "winners")));
    json_decref(again);
    session_free(replayed);
    /* the replay viewer's positions: from the record uploaded, and by id */
    char *text = json_dumps(doc, JSON_COMPACT);
    server_free(srv);
    ServerConfig cfg = test_config();
    cfg.max_body = 1 << 20;
    char err[ERR_MAX + 256];
    srv = server_new(&cfg, err, sizeof err);
    json_t *positions = expect(200, "POST", "/api/replay", NULL, text);
    json_int_t count = json_integer_value(json_object_get(positions, "count"));
    assert_int_equal(json_array_size(json_object_get(positions, "positions")), count + 1);
    assert_int_equal(json_array_size(json_object_get(positions, "history")), count);
    json_decref(positions);
    snprintf(path, sizeof path, "/api/games/%s/replay?at=3", c.id);
    json_t *one = expect(200, "GET", path, NULL, NULL);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(one, "position"), "index")), 3);
    json_decref(one);
    expect_error(422, "POST", "/api/replay", NULL, "{\"format\":\"morph-record\"}", "version");
    free(text);
    json_decref(doc);
    json_decref(result);
    /* a running game with server dice keeps its record (its seed) to itself */
    Created y = create("{\"game\":\"morpyam\",\"seats\":[{\"kind\":\"human\",\"mine\":true},"
                       "{\"kind\":\"human\",\"mine\":true}]}");
    snprintf(path, sizeof path, "/api/games/%s/record", y.id);
    expect_error(409, "GET", path, NULL, NULL, "seed");
}

/* An SQLite file has one server; a PostgreSQL database has room for several
 * (test_server_cluster.c). */
static void one_server_per_database(void **state)
{
    ServerConfig cfg = test_config();
    char err[ERR_MAX + 256];
    Server *second = server_new(&cfg, err, sizeof err);
    if (on_postgresql()) {
        assert_non_null(second);
        server_free(second);
        return;
    }
    assert_null(second);
    assert_non_null(strstr(err, "in use by another morph serve"));
}

static void restart_goes_on(void **state)
{
    Created c = create("{\"game\":\"morphos\",\"options\":{\"size\":7},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"ai\",\"level\":\"greedy\"}]}");
    json_decref(act(&c, 0, "d4", 200));
    json_t *s = wait_people(c.id);
    json_int_t count = json_integer_value(json_object_get(s, "count"));
    json_decref(s);
    Created y = create("{\"game\":\"morpyam\",\"options\":{\"players\":3},"
                       "\"seats\":[{\"kind\":\"ai\",\"level\":\"greedy\"},{\"kind\":\"ai\",\"level\":\"random\"},"
                       "{\"kind\":\"human\"}]}");
    server_free(srv);
    ServerConfig cfg = test_config();
    char err[ERR_MAX + 256];
    srv = server_new(&cfg, err, sizeof err);
    assert_non_null(srv);
    /* a shared database loads games when asked for; the AI's work passes on */
    assert_int_equal(atomic_load(&srv->loaded), on_postgresql() ? 0 : 2);
    s = get_state(c.id, c.token[0]);
    assert_int_equal(json_integer_value(json_object_get(s, "count")), count);
    assert_true(json_is_true(json_object_get(json_object_get(s, "viewer"), "to_act")));
    json_decref(s);
    /* the game of AIs waiting for a third player: AIs play until P3 is to move */
    Created joined = y;
    join(&joined, 2);
    json_t *end = play_out(&joined, 5, 5000);
    assert_true(json_is_object(json_object_get(end, "result")));
    json_decref(end);
}

/* What the page needs beside the rules: the options' choices and ranges in
 * meta (each choice accepted, each bound held), and the structured fields of
 * every history entry (a roll's new dice beside the dice kept). */
static json_t *meta_option(json_t *meta, const char *game, const char *key)
{
    size_t i, j;
    json_t *g, *o;
    json_array_foreach(json_object_get(meta, "games"), i, g) {
        if (strcmp(json_string_value(json_object_get(g, "name")), game) != 0)
            continue;
        json_array_foreach(json_object_get(g, "options"), j, o)
            if (strcmp(json_string_value(json_object_get(o, "key")), key) == 0)
                return o;
    }
    fail_msg("meta has no option %s of %s", key, game);
    return NULL;
}

static void sorted_ints(const json_t *list, int *out, int *n)
{
    *n = (int)json_array_size(list);
    for (int i = 0; i < *n; i++)
        out[i] = (int)json_integer_value(json_array_get(list, (size_t)i));
    for (int i = 1; i < *n; i++)
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            int t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
}

static void meta_choices_and_history_fields(void **state)
{
    json_t *meta = expect(200, "GET", "/api/meta", NULL, NULL);
    /* every choice listed is accepted by the game, and nothing past a range */
    const char *const lists[][2] = {{"morpyam", "variant"}, {"morpyam", "rules"}, {"morphos", "mutators"}};
    for (size_t k = 0; k < 3; k++) {
        json_t *choices = json_object_get(meta_option(meta, lists[k][0], lists[k][1]), "choices");
        assert_true(json_array_size(choices) >= 2);
        size_t i;
        json_t *c;
        json_array_foreach(choices, i, c) {
            char path[128];
            /* metamorph needs minimorph (a refused combination) */
            snprintf(path, sizeof path, "/api/rules/%s?%s=%s%s", lists[k][0], lists[k][1], json_string_value(c),
                     strcmp(json_string_value(c), "metamorph") == 0 ? ",minimorph" : "");
            json_decref(expect(200, "GET", path, NULL, NULL));
        }
    }
    assert_int_equal(json_array_size(json_object_get(meta_option(meta, "morpyam", "variant"), "choices")), 3);
    assert_null(json_object_get(meta_option(meta, "morpyam", "grid"), "choices"));
    const char *const ranges[][2] = {{"morpyam", "players"}, {"morphos", "size"}, {"morpyam", "turn-cap"}};
    for (size_t k = 0; k < 3; k++) {
        json_t *o = meta_option(meta, ranges[k][0], ranges[k][1]);
        json_int_t lo = json_integer_value(json_object_get(o, "min")), hi = json_integer_value(json_object_get(o, "max"));
        assert_true(lo < hi);
        char path[128];
        for (json_int_t v = lo - 1; v <= hi + 1; v += (v == lo ? hi - lo : 1)) {
            snprintf(path, sizeof path, "/api/rules/%s?%s=%lld", ranges[k][0], ranges[k][1], (long long)v);
            int status;
            json_decref(call("GET", path, NULL, NULL, &status));
            assert_int_equal(status, v < lo || v > hi ? 400 : 200);
        }
    }
    assert_int_equal(json_integer_value(json_object_get(meta_option(meta, "morphos", "size"), "max")), 19);
    json_decref(meta);

    /* a hot-seat Morpyam game: the roll-off dice, a roll, a reroll */
    Created c = create("{\"game\":\"morpyam\",\"seats\":[{\"kind\":\"human\",\"mine\":true},"
                       "{\"kind\":\"human\",\"mine\":true}]}");
    json_t *s = get_state(c.id, c.token[0]);
    json_t *first = json_array_get(json_object_get(s, "history"), 0);
    assert_string_equal(json_string_value(json_object_get(first, "kind")), "die");
    assert_int_equal(json_integer_value(json_object_get(first, "seat")), 1);
    int seat = (int)json_integer_value(json_object_get(s, "to_move")) - 1;
    json_decref(s);
    s = act(&c, seat, "roll", 200);
    json_t *history = json_object_get(s, "history");
    json_t *roll = json_array_get(history, json_array_size(history) - 1);
    assert_string_equal(json_string_value(json_object_get(roll, "kind")), "dice");
    assert_int_equal(json_integer_value(json_object_get(roll, "seat")), seat + 1);
    assert_int_equal(json_array_size(json_object_get(roll, "dice")), 5);
    assert_int_equal(json_array_size(json_object_get(roll, "kept")), 0);
    /* reroll two dice: the roll that follows names them and the three kept */
    const char *reroll = NULL;
    size_t i;
    json_t *a;
    json_array_foreach(json_object_get(s, "legal"), i, a)
        if (strcmp(json_string_value(json_object_get(a, "kind")), "reroll") == 0 &&
            json_array_size(json_object_get(a, "dice")) == 2) {
            reroll = json_string_value(json_object_get(a, "action"));
            break;
        }
    assert_non_null(reroll);
    char text[64];
    snprintf(text, sizeof text, "%s", reroll);
    json_decref(s);
    s = act(&c, seat, text, 200);
    history = json_object_get(s, "history");
    size_t n = json_array_size(history);
    json_t *decision = json_array_get(history, n - 2), *rolled = json_array_get(history, n - 1);
    assert_string_equal(json_string_value(json_object_get(decision, "action")), text);
    assert_string_equal(json_string_value(json_object_get(decision, "kind")), "reroll");
    assert_string_equal(json_string_value(json_object_get(rolled, "kind")), "dice");
    assert_int_equal(json_array_size(json_object_get(rolled, "kept")), 3);
    assert_int_equal(json_array_size(json_object_get(rolled, "dice")), 2);
    json_t *all = json_copy(json_object_get(rolled, "kept"));
    json_array_extend(all, json_object_get(rolled, "dice"));
    int both[5], shown[5], nb, ns;
    sorted_ints(all, both, &nb);
    json_decref(all);
    sorted_ints(json_object_get(json_object_get(s, "board"), "dice"), shown, &ns);
    assert_int_equal(nb, 5);
    assert_int_equal(ns, 5);
    assert_memory_equal(both, shown, sizeof both);
    /* the replay's history is the live history, entry for entry */
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/replay", c.id);
    json_t *replay = expect(200, "GET", path, NULL, NULL);
    assert_true(json_equal(json_object_get(replay, "history"), history));
    json_decref(replay);
    json_decref(s);
}

/* Outside text quoted in an error (a query key, a body key, a path, an
 * action) may hold any bytes, and a cut by bytes may fall inside a
 * character: every refusal still has its one-line, valid UTF-8 error. */
static void errors_quote_any_bytes(void **state)
{
    char text[400], a39[40];
    memset(a39, 'a', 39);
    a39[39] = '\0';
    expect_error(400, "GET", "/api/meta?\xff\x03=1", NULL, NULL, "unknown query parameter");
    expect_error(400, "GET", "/api/meta?line\nbreak=1", NULL, NULL, "unknown query parameter");
    snprintf(text, sizeof text, "/api/games?status=%s\xc3\xa9", a39);
    expect_error(400, "GET", text, NULL, NULL, "status must be");
    snprintf(text, sizeof text, "/api/rules/%s\xc3\xa9", a39);
    expect_error(404, "GET", text, NULL, NULL, "unknown game");
    expect_error(404, "GET", "/api/games/\xff\xfe", NULL, NULL, "no game");
    expect_error(404, "GET", "/api/\xff\xfe/x/y/z/w", NULL, NULL, "no such endpoint");
    snprintf(text, sizeof text, "{\"%s\xc3\xa9\":1}", a39);
    expect_error(400, "POST", "/api/games", NULL, text, "unknown key");
    snprintf(text, sizeof text, "{\"game\":\"%s\xc3\xa9\"}", a39);
    expect_error(400, "POST", "/api/games", NULL, text, "'game' must be");
    Created c = create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    char path[64], action[120];
    snprintf(path, sizeof path, "/api/games/%s/actions", c.id);
    memset(action, 'a', 79);
    memcpy(action + 79, "\xc3\xa9", 3);
    snprintf(text, sizeof text, "{\"action\":\"%s\"}", action);
    expect_error(422, "POST", path, c.token[0], text, "illegal action");
}

/* A game against an AI goes on after a restart exactly as it would have
 * gone without one: an AI's choice depends on the game's seed, its seat and
 * the position, never on how long the server has been running. Two games of
 * the same seed, the same moves of the person; the second one restarts. */
static void restart_is_the_same_game(void **state)
{
    const char *body = "{\"game\":\"morphos\",\"options\":{\"size\":5},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"ai\",\"level\":\"random\"}]}";
    json_t *histories[2];
    for (int run = 0; run < 2; run++) {
        token_seed_repeatable(20261123);
        Created c = create(body);
        json_t *s = wait_people(c.id);
        for (int move = 0; move < 6 && json_is_null(json_object_get(s, "result")); move++) {
            if (run == 1 && move == 3) {
                json_decref(s);
                server_free(srv);
                ServerConfig cfg = test_config();
                char err[ERR_MAX + 256];
                srv = server_new(&cfg, err, sizeof err);
                assert_non_null(srv);
                s = wait_people(c.id);
            }
            /* the person plays the first legal action */
            char first[64];
            snprintf(first, sizeof first, "%s",
                     json_string_value(json_object_get(json_array_get(json_object_get(s, "legal"), 0), "action")));
            json_decref(s);
            json_decref(act(&c, 0, first, 200));
            s = wait_people(c.id);
        }
        histories[run] = json_deep_copy(json_object_get(s, "history"));
        json_decref(s);
    }
    assert_true(json_array_size(histories[0]) >= 8);
    for (size_t i = 0; i < json_array_size(histories[0]); i++) {
        const char *a = json_string_value(json_object_get(json_array_get(histories[0], i), "action")),
                   *b = json_string_value(json_object_get(json_array_get(histories[1], i), "action"));
        if (!b || strcmp(a, b) != 0)
            fail_msg("action %zu: '%s' without a restart, '%s' with one", i, a, b ? b : "(none)");
    }
    assert_int_equal(json_array_size(histories[0]), json_array_size(histories[1]));
    json_decref(histories[0]);
    json_decref(histories[1]);
}

/* Whichever write of the store fails (a full disk), a request answers 503
 * and changes nothing: no game made, no seat taken, no action kept; a rematch
 * is made whole or not at all. The server runs over the real store wrapped
 * by a FaultStore. */
static void store_failures_change_nothing(void **state)
{
    server_free(srv);
    char err[ERR_MAX + 256];
    Store *real = store_open(&(StoreConfig){.db = db_path, .pool = 2}, err, sizeof err);
    assert_non_null(real);
    FaultStore faults;
    fault_store_init(&faults, real);
    ServerConfig cfg = test_config();
    cfg.store = &faults.base;
    srv = server_new(&cfg, err, sizeof err);
    assert_non_null(srv);
    store_may_fail = true;
    const char *body = "{\"game\":\"morphos\",\"options\":{\"size\":5},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}";
    faults.fail = 1;
    expect_error(503, "POST", "/api/games", NULL, body, "could not be saved");
    Created c = create(body);
    faults.fail = 1;
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/actions", c.id);
    expect_error(503, "POST", path, c.token[0], "{\"action\":\"c3\"}", "nothing was changed");
    assert_int_equal(state_int(c.id, "count"), 0);
    snprintf(path, sizeof path, "/api/games/%s/resign", c.id);
    json_decref(expect(200, "POST", path, c.token[0], NULL));
    json_t *before = get_state(c.id, NULL);
    /* a rematch: every one of its writes fails in turn */
    snprintf(path, sizeof path, "/api/games/%s/rematch", c.id);
    for (int k = 0; k < 4; k++) {
        faults.skip = k;
        faults.fail = 1;
        faults.failed = 0;
        int status;
        json_t *doc = call("POST", path, c.token[0], NULL, &status);
        json_decref(doc);
        if (!faults.failed) {
            assert_int_equal(status, 201); /* a rematch has fewer writes than k */
            break;
        }
        assert_int_equal(status, 503);
        json_t *list = expect(200, "GET", "/api/games?status=playing", NULL, NULL);
        if (json_array_size(json_object_get(list, "games")) != 0)
            fail_msg("write %d of a rematch failed (503), yet the new game was made", k + 1);
        json_decref(list);
        json_t *after = get_state(c.id, NULL);
        assert_true(json_equal(before, after));
        json_decref(after);
    }
    faults.fail = faults.skip = 0;
    store_may_fail = false;
    json_decref(before);
    server_free(srv);
    store_close(real);
    cfg = test_config();
    srv = server_new(&cfg, err, sizeof err);
    assert_non_null(srv);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(create_join_and_watch, setup, teardown),
        cmocka_unit_test_setup_teardown(meta_choices_and_history_fields, setup, teardown),
        cmocka_unit_test_setup_teardown(morphos_between_people, setup, teardown),
        cmocka_unit_test_setup_teardown(morpyam_against_ai, setup, teardown),
        cmocka_unit_test_setup_teardown(morpyam_plus_real_dice, setup, teardown),
        cmocka_unit_test_setup_teardown(real_dice_are_typed_by_the_roller, setup, teardown),
        cmocka_unit_test_setup_teardown(refusals_change_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(store_failures_change_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(errors_quote_any_bytes, setup, teardown),
        cmocka_unit_test_setup_teardown(bad_games_and_options, setup, teardown),
        cmocka_unit_test_setup_teardown(rate_limits, setup, teardown),
        cmocka_unit_test_setup_teardown(stream_replays_what_was_missed, setup, teardown),
        cmocka_unit_test_setup_teardown(query_numbers_are_strict, setup, teardown),
        cmocka_unit_test_setup_teardown(undo_never_reveals_dice, setup, teardown),
        cmocka_unit_test_setup_teardown(morphos_undo_hint_resign, setup, teardown),
        cmocka_unit_test_setup_teardown(rematch_and_record, setup, teardown),
        cmocka_unit_test_setup_teardown(one_server_per_database, setup, teardown),
        cmocka_unit_test_setup_teardown(restart_goes_on, setup, teardown),
        cmocka_unit_test_setup_teardown(restart_is_the_same_game, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
