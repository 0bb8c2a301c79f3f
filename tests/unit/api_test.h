/* The web API driven in-process (api_handle, no sockets), shared by the
 * test_server_* suites of the API: each test has a fresh server over a real
 * SQLite file in a temporary directory or, with MORPH_TEST_STORE=postgresql,
 * a fresh database of the test run's PostgreSQL cluster (tests/run.sh runs
 * these suites on both). Calls check that every refusal is a 4xx with a
 * one-line error; create, join, act and play_out drive games as the page
 * does. Header-only and static, like the other test helpers. */
#ifndef MORPH_API_TEST_H
#define MORPH_API_TEST_H

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

#include "../../src/server/api/api.h"
#include "../../src/server/serve.h"
#include "api_query.h"
#include "pg_test.h"

static char dir[64];
static char db_path[256];
static char pg_name[64]; /* the test's PostgreSQL database, or "" */
static Server *srv;
static const char *client = "10.0.0.1";
static double fake_now; /* the made-up time of a server started with made_up_clock */

/* A server's clock for tests of rate limits: fake_now, and never the real
 * clock (a server runs on one or the other from its start). */
static inline double made_up_clock(void)
{
    return fake_now;
}
static bool store_may_fail; /* a test that makes the store fail: 503 is an answer */

static inline bool on_postgresql(void)
{
    const char *store = getenv("MORPH_TEST_STORE");
    return store && strcmp(store, "postgresql") == 0;
}

static inline ServerConfig test_config(void)
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

static inline int setup(void **state)
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

static inline int teardown(void **state)
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
static inline json_t *call_full(const char *method, const char *path, const char *token, const char *body, int *status,
                                ApiResponse *keep)
{
    char copy[512];
    snprintf(copy, sizeof copy, "%s", path);
    ApiParam query[16];
    int nquery = api_query_split(copy, query, 16);
    ApiRequest req = {.method = method, .path = copy, .query = query, .nquery = nquery, .token = token,
                      .body = body, .body_len = body ? strlen(body) : 0, .client = client};
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

static inline json_t *call(const char *method, const char *path, const char *token, const char *body, int *status)
{
    return call_full(method, path, token, body, status, NULL);
}

/* A call that must answer want; returns the body. */
static inline json_t *expect(int want, const char *method, const char *path, const char *token, const char *body)
{
    int status;
    json_t *doc = call(method, path, token, body, &status);
    if (status != want) {
        char *text = doc ? json_dumps(doc, JSON_COMPACT) : NULL;
        fail_msg("%s %s: status %d, expected %d: %s", method, path, status, want, text ? text : "(no body)");
    }
    return doc;
}

static inline void expect_error(int want, const char *method, const char *path, const char *token, const char *body,
                                const char *needle)
{
    json_t *doc = expect(want, method, path, token, body);
    const char *msg = json_string_value(json_object_get(doc, "error"));
    if (needle && !strstr(msg, needle))
        fail_msg("%s %s: error '%s' does not say '%s'", method, path, msg, needle);
    json_decref(doc);
}

static inline json_t *get_state(const char *id, const char *token)
{
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s", id);
    return expect(200, "GET", path, token, NULL);
}

static inline json_int_t state_int(const char *id, const char *key)
{
    json_t *s = get_state(id, NULL);
    json_int_t v = json_integer_value(json_object_get(s, key));
    json_decref(s);
    return v;
}

/* Seconds on the machine's monotonic clock: how long a real wait lasted. */
static inline double wait_clock(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* Waits (up to 60 s of real time) until a person, typed dice or the end is
 * next: AI seats think on the worker thread. Asked again after 1 ms, then
 * less and less often (up to every 20 ms): on a loaded machine a tight loop
 * of whole states took the CPU the AI needed. Returns the state. */
static inline json_t *wait_people(const char *id)
{
    double until = wait_clock() + 60;
    for (int i = 0;; i++) {
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
        if (wait_clock() > until)
            break;
        usleep(i < 5 ? 1000 : i < 20 ? 5000 : 20000);
    }
    fail_msg("game %s: the AI did not move within 60 s", id);
    return NULL;
}

typedef struct Created {
    char id[GAME_ID_LEN + 1];
    char token[MAX_PLAYERS][TOKEN_LEN + 1]; /* "" for seats not ours */
    char invite[MAX_PLAYERS][INVITE_LEN + 1];
} Created;

static inline Created create(const char *body)
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
static inline void join(Created *c, int seat)
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

static inline json_t *act(const Created *c, int seat, const char *action, int want)
{
    char path[64], body[256];
    snprintf(path, sizeof path, "/api/games/%s/actions", c->id);
    snprintf(body, sizeof body, "{\"action\":\"%s\"}", action);
    return expect(want, "POST", path, c->token[seat], body);
}

/* The seat that is to act in state s (a decision, or typed dice), or -1. */
static inline int acting(const json_t *s)
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
static inline json_t *play_out(Created *c, uint64_t seed, int max_actions)
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
        /* the lean answer: the whole state (its history the game's length)
         * is read once an action, above */
        char path[80], body[192];
        snprintf(path, sizeof path, "/api/games/%s/actions?lean=1", c->id);
        snprintf(body, sizeof body, "{\"action\":\"%s\"}", action);
        json_decref(expect(200, "POST", path, c->token[seat], body));
    }
    fail_msg("game %s did not end within %d actions", c->id, max_actions);
    return NULL;
}

#endif
