/* Driving a server's API in-process (api_handle, no sockets) for the suites
 * of the security findings (test_server_secret.c, test_server_idle.c,
 * test_server_speakers.c): a server over a fresh SQLite file, or with
 * MORPH_TEST_STORE=postgresql over a fresh database of the test run's
 * cluster (tests/run.sh runs these suites on both); calls with a client
 * address, a fake clock and a browser's session cookie; games made, acted
 * on and waited for. */
#ifndef MORPH_API_DRIVER_H
#define MORPH_API_DRIVER_H

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

#define DRIVER_UNUSED __attribute__((unused))

typedef struct Driver {
    char dir[64];
    char db[256];      /* the SQLite file, or the PostgreSQL database's URI */
    char pg_name[64];  /* the test's PostgreSQL database, or "" */
    Server *srv;
    const char *client; /* the address requests come from */
    double now;         /* the server's made-up time when set before driver_start; 0: the real clock */
    char session[64];   /* the session cookie sent (a signed-in browser of the page's origin), "" none */
    ServerConfig cfg;   /* what the next driver_start uses */
} Driver;

static Driver drv;

/* The made-up clock of a server started with drv.now set: a server runs
 * on one clock from its start, never on both. */
static double driver_clock(void)
{
    return drv.now;
}

static DRIVER_UNUSED bool driver_on_postgresql(void)
{
    const char *store = getenv("MORPH_TEST_STORE");
    return store && strcmp(store, "postgresql") == 0;
}

/* Starts (or starts again: a restart) the server over the driver's database. */
static DRIVER_UNUSED void driver_start(void)
{
    char err[ERR_MAX + 256];
    drv.cfg.db_path = drv.db;
    drv.cfg.now = drv.now > 0 ? driver_clock : NULL;
    drv.srv = server_new(&drv.cfg, err, sizeof err);
    if (!drv.srv)
        fail_msg("%s", err);
}

static DRIVER_UNUSED void driver_stop(void)
{
    server_free(drv.srv);
    drv.srv = NULL;
}

/* A fresh database and the usual test configuration in drv.cfg (the caller
 * may change it before driver_start). */
static DRIVER_UNUSED void driver_init(void)
{
    memset(&drv, 0, sizeof drv);
    snprintf(drv.dir, sizeof drv.dir, "/tmp/morph-test-driver-XXXXXX");
    assert_non_null(mkdtemp(drv.dir));
    snprintf(drv.db, sizeof drv.db, "%s/morph.db", drv.dir);
    if (driver_on_postgresql() && !pg_test_database(drv.pg_name, sizeof drv.pg_name, drv.db, sizeof drv.db))
        fail_msg("MORPH_TEST_STORE=postgresql needs the test cluster of MORPH_TEST_PG");
    server_config_defaults(&drv.cfg);
    drv.cfg.db_pool = 2;
    drv.cfg.ai_threads = 1;
    drv.cfg.hint_ms = 50;
    drv.cfg.max_body = 1 << 16;
    drv.cfg.password_cost = password_cost_min();
    drv.cfg.limits.create_per_minute = 1000000;
    drv.cfg.limits.requests_per_second = 1000000;
    drv.cfg.clock_thread = false;
    drv.client = "10.0.0.1";
}

static DRIVER_UNUSED void driver_done(void)
{
    driver_stop();
    if (drv.pg_name[0])
        pg_test_drop(drv.pg_name);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", drv.dir);
    assert_int_equal(system(cmd), 0);
}

/* Calls the API (path may hold "?k=v&k=v"); the parsed body (NULL when not
 * JSON), the status in *status. Every refusal is {"error": one line}. */
static DRIVER_UNUSED json_t *driver_call(const char *method, const char *path, const char *token, const char *body,
                                         int *status)
{
    char copy[512];
    snprintf(copy, sizeof copy, "%s", path);
    ApiParam query[8];
    int nquery = api_query_split(copy, query, 8);
    ApiRequest req = {.method = method, .path = copy, .query = query, .nquery = nquery, .token = token,
                      .body = body, .body_len = body ? strlen(body) : 0, .client = drv.client,
                      .session = drv.session[0] ? drv.session : NULL, .host = "morph.test",
                      .origin = strcmp(method, "GET") != 0 ? "http://morph.test" : NULL};
    ApiResponse res;
    api_handle(drv.srv, &req, &res);
    *status = res.status;
    if (res.set_cookie[0]) { /* morph_session=ID; ... (empty: removed) */
        const char *v = res.set_cookie + strlen(SESSION_COOKIE) + 1;
        snprintf(drv.session, sizeof drv.session, "%.*s", (int)strcspn(v, ";"), v);
    }
    json_t *doc = res.body ? json_loads(res.body, 0, NULL) : NULL;
    if (res.status >= 400) {
        const char *msg = json_string_value(json_object_get(doc, "error"));
        if (!msg || strchr(msg, '\n'))
            fail_msg("%s %s: a refusal without one line of error: %s", method, path, res.body ? res.body : "");
    }
    api_response_free(&res);
    return doc;
}

/* A call that must answer want; returns the body. */
static DRIVER_UNUSED json_t *driver_expect(int want, const char *method, const char *path, const char *token,
                                           const char *body)
{
    int status;
    json_t *doc = driver_call(method, path, token, body, &status);
    if (status != want) {
        char *text = doc ? json_dumps(doc, JSON_COMPACT) : NULL;
        fail_msg("%s %s: status %d, expected %d: %s", method, path, status, want, text ? text : "(no body)");
    }
    return doc;
}

/* The error of a call that must answer want. */
static DRIVER_UNUSED void driver_refused(int want, const char *method, const char *path, const char *token,
                                        const char *body, const char *needle)
{
    json_t *doc = driver_expect(want, method, path, token, body);
    const char *msg = json_string_value(json_object_get(doc, "error"));
    if (needle && !strstr(msg, needle))
        fail_msg("%s %s: error '%s' does not say '%s'", method, path, msg, needle);
    json_decref(doc);
}

static DRIVER_UNUSED json_t *driver_state(const char *id, const char *token)
{
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s", id);
    return driver_expect(200, "GET", path, token, NULL);
}

typedef struct Made {
    char id[GAME_ID_LEN + 1];
    char token[MAX_PLAYERS][TOKEN_LEN + 1]; /* "" for seats not the creator's */
} Made;

/* POST /api/games with body; the id and the creator's tokens. */
static DRIVER_UNUSED Made driver_create(const char *body)
{
    Made m;
    memset(&m, 0, sizeof m);
    json_t *doc = driver_expect(201, "POST", "/api/games", NULL, body);
    snprintf(m.id, sizeof m.id, "%s", json_string_value(json_object_get(doc, "id")));
    size_t i;
    json_t *item;
    json_array_foreach(json_object_get(doc, "seats"), i, item) {
        int seat = (int)json_integer_value(json_object_get(item, "seat")) - 1;
        snprintf(m.token[seat], sizeof m.token[seat], "%s", json_string_value(json_object_get(item, "token")));
    }
    json_decref(doc);
    return m;
}

/* Seat's action (a 200 wanted); the new state. */
static DRIVER_UNUSED json_t *driver_act(const Made *m, int seat, const char *action)
{
    char path[64], body[256];
    snprintf(path, sizeof path, "/api/games/%s/actions", m->id);
    snprintf(body, sizeof body, "{\"action\":\"%s\"}", action);
    return driver_expect(200, "POST", path, m->token[seat], body);
}

/* The seat to act in state s (a decision, or typed dice), or -1. */
static DRIVER_UNUSED int driver_acting(const json_t *s)
{
    const json_t *to_move = json_object_get(s, "to_move"), *chance = json_object_get(s, "chance");
    if (json_is_integer(to_move))
        return (int)json_integer_value(to_move) - 1;
    if (json_is_object(chance) && json_is_integer(json_object_get(chance, "seat")))
        return (int)json_integer_value(json_object_get(chance, "seat")) - 1;
    return -1;
}

/* Waits (up to 60 s of real time) until the AI seats are done: a person to
 * act, or the end; asked less and less often, as api_test.h's wait_people.
 * Returns the state. */
static DRIVER_UNUSED json_t *driver_wait_people(const char *id)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    time_t until = t.tv_sec + 60;
    for (int i = 0;; i++) {
        json_t *s = driver_state(id, NULL);
        bool over = strcmp(json_string_value(json_object_get(s, "status")), "finished") == 0;
        int seat = driver_acting(s);
        const char *kind = seat < 0 ? "" : json_string_value(json_object_get(
                                                  json_array_get(json_object_get(s, "seats"), (size_t)seat), "kind"));
        if (over || (!json_is_true(json_object_get(s, "thinking")) && strcmp(kind, "human") == 0))
            return s;
        json_decref(s);
        clock_gettime(CLOCK_MONOTONIC, &t);
        if (t.tv_sec > until)
            break;
        usleep(i < 5 ? 1000 : i < 20 ? 5000 : 20000);
    }
    fail_msg("game %s: the AI did not move within 60 s", id);
    return NULL;
}

#endif
