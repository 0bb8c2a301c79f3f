/* Two servers over one PostgreSQL database, in one process, driven through
 * api_handle: any server answers for any game (each catches up with what
 * the other committed), a live stream on one hears the other's moves, a
 * race between them stores one action and answers the other as a single
 * server would (409, the game moved on), an undo on one is an undo on the
 * other's stream, an AI seat whose server stops goes on from the other,
 * and so does an analysis (asked on both, run once).
 * The whole cluster behind HAProxy, with kill -9, is
 * tests/cli/test_cluster.sh. Needs the test run's cluster (MORPH_TEST_PG). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/server/api/api.h"
#include "../../src/server/serve.h"
#include "pg_test.h"

static char db_name[64], db_uri[256];
static Server *one, *two;

static Server *start_server(void)
{
    ServerConfig cfg;
    server_config_defaults(&cfg);
    cfg.db_path = db_uri;
    cfg.db_pool = 2;
    cfg.ai_threads = 1;
    cfg.limits.create_per_minute = 1000000;
    cfg.limits.requests_per_second = 1000000;
    char err[ERR_MAX + 256];
    Server *s = server_new(&cfg, err, sizeof err);
    if (!s)
        fail_msg("server_new: %s", err);
    return s;
}

static int setup(void **state)
{
    if (!pg_test_database(db_name, sizeof db_name, db_uri, sizeof db_uri))
        return -1;
    one = start_server();
    two = start_server();
    return 0;
}

static int teardown(void **state)
{
    server_free(one);
    server_free(two);
    one = two = NULL;
    pg_test_drop(db_name);
    return 0;
}

/* One request to server s; the status, and the body as JSON (NULL if none). */
static json_t *request(Server *s, const char *method, const char *path, const char *token, const char *body,
                       int *status)
{
    ApiRequest req = {.method = method, .path = path, .token = token, .body = body,
                      .body_len = body ? strlen(body) : 0, .client = "10.0.0.2"};
    ApiResponse res;
    api_handle(s, &req, &res);
    *status = res.status;
    json_t *doc = res.body ? json_loads(res.body, 0, NULL) : NULL;
    api_response_free(&res);
    return doc;
}

static json_t *must(int want, Server *s, const char *method, const char *path, const char *token, const char *body)
{
    int status;
    json_t *doc = request(s, method, path, token, body, &status);
    if (status != want) {
        char *text = doc ? json_dumps(doc, JSON_COMPACT) : NULL;
        fail_msg("%s %s on server %s: %d, expected %d: %s", method, path, s == one ? "one" : "two", status, want,
                 text ? text : "");
    }
    return doc;
}

typedef struct Played {
    char id[GAME_ID_LEN + 1];
    char token[2][TOKEN_LEN + 1];
} Played;

static Played create(Server *s, const char *body)
{
    Played g;
    memset(&g, 0, sizeof g);
    json_t *doc = must(201, s, "POST", "/api/games", NULL, body);
    snprintf(g.id, sizeof g.id, "%s", json_string_value(json_object_get(doc, "id")));
    for (size_t i = 0; i < json_array_size(json_object_get(doc, "seats")); i++) {
        json_t *seat = json_array_get(json_object_get(doc, "seats"), i);
        snprintf(g.token[json_integer_value(json_object_get(seat, "seat")) - 1], TOKEN_LEN + 1, "%s",
                 json_string_value(json_object_get(seat, "token")));
    }
    json_decref(doc);
    return g;
}

static int act(Server *s, const Played *g, int seat, const char *action, long long version)
{
    char path[64], body[128];
    snprintf(path, sizeof path, "/api/games/%s/actions", g->id);
    if (version >= 0)
        snprintf(body, sizeof body, "{\"action\":\"%s\",\"version\":%lld}", action, version);
    else
        snprintf(body, sizeof body, "{\"action\":\"%s\"}", action);
    int status;
    json_decref(request(s, "POST", path, g->token[seat], body, &status));
    return status;
}

static json_t *game_state(Server *s, const Played *g)
{
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s", g->id);
    return must(200, s, "GET", path, NULL, NULL);
}

static long long state_int(Server *s, const Played *g, const char *key)
{
    json_t *doc = game_state(s, g);
    long long v = json_integer_value(json_object_get(doc, key));
    json_decref(doc);
    return v;
}

static const char *const PEOPLE = "{\"game\":\"morphos\",\"options\":{\"size\":5},"
                                  "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}";

/* ---- a stream here, moves there ---- */

typedef struct Reader {
    Subscriber sub;
    int woken; /* under the room's lock */
} Reader;

static void wake(void *ctx)
{
    ((Reader *)ctx)->woken++;
}

/* Subscribes r to room's stream from the action after after. */
static void listen_to(Room *room, Reader *r, long after)
{
    *r = (Reader){.sub = {.wake = wake, .ctx = r}};
    room_subscribe(room, &r->sub, after);
}

/* The events sub has not had, as "INDEX EVENT" words. */
static void fill(Room *room, Reader *r, char *out, size_t outlen)
{
    StrBuf sb = STRBUF_INIT;
    pthread_mutex_lock(&room->lock);
    room_stream_fill(room, &r->sub, &sb);
    pthread_mutex_unlock(&room->lock);
    out[0] = '\0';
    size_t n = 0;
    for (const char *p = sb_str(&sb); (p = strstr(p, "id: ")) != NULL;) {
        long id = strtol(p + 4, NULL, 10);
        const char *ev = strstr(p, "event: ") + 7;
        n += (size_t)snprintf(out + n, outlen - n, "%s%ld %.*s", n ? "," : "", id, (int)strcspn(ev, "\n"), ev);
        p = ev;
    }
    sb_free(&sb);
}

/* Waits up to 5 s for the reader to be woken again. */
static void wait_woken(Room *room, Reader *r, int before)
{
    for (int i = 0; i < 5000; i++) {
        pthread_mutex_lock(&room->lock);
        int woken = r->woken;
        pthread_mutex_unlock(&room->lock);
        if (woken > before)
            return;
        usleep(1000);
    }
    fail_msg("the stream on the other server was not woken within 5 s");
}

static void any_server_answers_for_any_game(void **state)
{
    Played g = create(one, PEOPLE);
    assert_int_equal(act(two, &g, 0, "c3", -1), 200); /* the other server loads it */
    assert_int_equal(state_int(one, &g, "count"), 1); /* and this one catches up */
    assert_int_equal(act(one, &g, 1, "b2", -1), 200);
    /* what a single server says to a seat out of turn, after the other's move */
    assert_int_equal(act(two, &g, 1, "d4", -1), 403);
    assert_int_equal(act(two, &g, 0, "d4", -1), 200);
    json_t *a = game_state(one, &g), *b = game_state(two, &g);
    json_object_del(a, "legend");
    json_object_del(b, "legend");
    assert_true(json_equal(a, b));
    json_decref(a);
    json_decref(b);
    /* a seat claimed through one is taken for the other */
    Played open = create(one, "{\"game\":\"morphos\",\"options\":{\"size\":5},"
                            "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}");
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/join", open.id);
    json_decref(must(200, two, "POST", path, NULL, "{}"));
    json_t *doc = must(409, one, "POST", path, NULL, "{}");
    assert_non_null(strstr(json_string_value(json_object_get(doc, "error")), "no open seat"));
    json_decref(doc);
}

static void a_stream_here_hears_moves_there(void **state)
{
    Played g = create(one, PEOPLE);
    assert_int_equal(act(one, &g, 0, "c3", -1), 200);
    RoomError e;
    Room *room = server_room(two, g.id, &e);
    assert_non_null(room);
    Reader r;
    listen_to(room, &r, 0);
    char got[256];
    fill(room, &r, got, sizeof got);
    assert_string_equal(got, "0 state");
    assert_int_equal(act(one, &g, 1, "b2", -1), 200);
    wait_woken(room, &r, 0);
    fill(room, &r, got, sizeof got);
    assert_string_equal(got, "1 action,1 state");
    /* a reader that comes back to the other server with Last-Event-ID 0 */
    Room *there = server_room(one, g.id, &e);
    Reader back;
    listen_to(there, &back, 0);
    fill(there, &back, got, sizeof got);
    assert_string_equal(got, "1 action,1 state");
    room_unsubscribe(there, &back.sub);
    room_unref(there);
    room_unsubscribe(room, &r.sub);
    room_unref(room);
}

typedef struct Racer {
    Server *s;
    const Played *g;
    const char *action;
    long long version;
    int status;
    pthread_barrier_t *start;
} Racer;

static void *race(void *arg)
{
    Racer *r = arg;
    pthread_barrier_wait(r->start);
    r->status = act(r->s, r->g, 0, r->action, r->version);
    return NULL;
}

/* The same seat acts through both servers at the same moment, on the same
 * version: one action is stored, the other request gets the 409 a single
 * server gives a stale version. */
static void a_race_between_servers_stores_one_action(void **state)
{
    for (int round = 0; round < 10; round++) {
        Played g = create(round % 2 ? one : two, PEOPLE);
        json_decref(game_state(one, &g));
        json_decref(game_state(two, &g)); /* both have it in memory */
        long long version = state_int(one, &g, "version");
        pthread_barrier_t start;
        pthread_barrier_init(&start, NULL, 2);
        Racer racers[2] = {{one, &g, "c3", version, 0, &start}, {two, &g, "b2", version, 0, &start}};
        pthread_t threads[2];
        for (int k = 0; k < 2; k++)
            pthread_create(&threads[k], NULL, race, &racers[k]);
        for (int k = 0; k < 2; k++)
            pthread_join(threads[k], NULL);
        pthread_barrier_destroy(&start);
        int won = racers[0].status == 200 ? 0 : 1;
        if (racers[won].status != 200 || racers[1 - won].status != 409)
            fail_msg("round %d: %d and %d, expected one 200 and one 409", round, racers[0].status,
                     racers[1].status);
        json_t *s = game_state(racers[1 - won].s, &g);
        assert_int_equal(json_integer_value(json_object_get(s, "count")), 1);
        assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(s, "history"), 0),
                                                              "action")),
                            racers[won].action);
        json_decref(s);
    }
}

/* Waits up to 20 s until people are to act (or the game is over) as seen
 * through s; returns the state. */
static json_t *wait_people(Server *s, const Played *g)
{
    for (int i = 0; i < 2000; i++) {
        json_t *doc = game_state(s, g);
        if (!json_is_true(json_object_get(doc, "thinking")))
            return doc;
        json_decref(doc);
        usleep(10000);
    }
    fail_msg("game %s: the AI did not move within 20 s", g->id);
    return NULL;
}

/* An undo through one server reaches the other's stream as an undo. */
static void an_undo_there_is_an_undo_here(void **state)
{
    Played g = create(one, "{\"game\":\"morphos\",\"options\":{\"size\":5},"
                         "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"ai\",\"level\":\"greedy\"}]}");
    assert_int_equal(act(one, &g, 0, "c3", -1), 200);
    json_decref(wait_people(one, &g));
    RoomError e;
    Room *room = server_room(one, g.id, &e);
    Reader r;
    listen_to(room, &r, 1);
    char got[256];
    fill(room, &r, got, sizeof got);
    assert_string_equal(got, "1 state");
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/undo", g.id);
    json_decref(must(200, two, "POST", path, g.token[0], NULL));
    wait_woken(room, &r, 0);
    fill(room, &r, got, sizeof got);
    assert_string_equal(got, "-1 undo,-1 state");
    assert_int_equal(state_int(one, &g, "count"), 0);
    /* the game goes on from there, through either server */
    assert_int_equal(act(one, &g, 0, "b2", -1), 200);
    json_t *s = wait_people(two, &g);
    assert_int_equal(json_integer_value(json_object_get(s, "count")), 2);
    json_decref(s);
    room_unsubscribe(room, &r.sub);
    room_unref(room);
}

/* A game of two AIs created through one server; that server stops in the
 * middle (cleanly: its AI's work is let go at once); the other finishes the
 * game, which replays as one game. */
static void an_ai_goes_on_from_the_other_server(void **state)
{
    Played g = create(one, "{\"game\":\"morphos\",\"options\":{\"size\":7},"
                         "\"seats\":[{\"kind\":\"ai\",\"level\":\"mcts\",\"ms\":60},"
                         "{\"kind\":\"ai\",\"level\":\"mcts\",\"ms\":60}]}");
    while (state_int(one, &g, "count") < 4)
        usleep(20000);
    server_free(one);
    one = NULL;
    long long count = state_int(two, &g, "count");
    json_t *s = NULL;
    for (int i = 0; i < 3000; i++) {
        s = game_state(two, &g);
        if (strcmp(json_string_value(json_object_get(s, "status")), "finished") == 0)
            break;
        json_decref(s);
        s = NULL;
        usleep(10000);
    }
    if (!s)
        fail_msg("game %s did not finish on the other server", g.id);
    assert_true(json_integer_value(json_object_get(s, "count")) > count);
    json_decref(s);
    one = start_server();
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/record", g.id);
    json_decref(must(200, one, "GET", path, NULL, NULL));
}

/* Whether server s has game g's analysis done; its number of decisions
 * judged into *decisions then. */
static bool analysis_done(Server *s, const Played *g, int *decisions)
{
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/analysis", g->id);
    int status;
    json_t *doc = request(s, "GET", path, NULL, NULL, &status);
    bool done = status == 200 && strcmp(json_string_value(json_object_get(doc, "status")), "done") == 0;
    if (done)
        *decisions = (int)json_array_size(json_object_get(json_object_get(doc, "analysis"), "decisions"));
    json_decref(doc);
    return done;
}

/* An analysis asked through one server is not started again through the
 * other, which shows it running; when its server stops before the end, the
 * other takes its work and runs it; the result is read through either. */
static void an_analysis_runs_once_and_is_taken_over(void **state)
{
    Played g = create(one, PEOPLE);
    const char *moves[] = {"c3", "b2", "d4", "b4", "c2", "d2"};
    for (int i = 0; i < 6; i++)
        assert_int_equal(act(i % 2 ? two : one, &g, i % 2, moves[i], -1), 200);
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/resign", g.id);
    json_decref(must(200, one, "POST", path, g.token[0], "{}"));
    snprintf(path, sizeof path, "/api/games/%s/analysis", g.id);
    int status;
    json_decref(request(one, "POST", path, NULL, NULL, &status));
    assert_true(status == 202 || status == 200);
    json_t *doc = request(two, "POST", path, NULL, NULL, &status); /* held by one: followed, not started */
    if (status == 202)
        assert_string_equal(json_string_value(json_object_get(doc, "status")), "running");
    else
        assert_int_equal(status, 200); /* one was quicker than this request */
    json_decref(doc);
    server_free(one); /* a clean stop lets the work go at once */
    one = NULL;
    int decisions = -1, tries = 0;
    while (!analysis_done(two, &g, &decisions) && ++tries < 6000)
        usleep(10000);
    if (decisions < 0)
        fail_msg("the analysis of %s was not done on the other server", g.id);
    assert_true(decisions >= 6); /* every move judged */
    one = start_server();
    assert_true(analysis_done(one, &g, &decisions));
}

int main(void)
{
    if (!pg_test_cluster()) {
        printf("cluster of servers: not run (MORPH_TEST_PG is not set; tests/run.sh sets it)\n");
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(any_server_answers_for_any_game, setup, teardown),
        cmocka_unit_test_setup_teardown(a_stream_here_hears_moves_there, setup, teardown),
        cmocka_unit_test_setup_teardown(a_race_between_servers_stores_one_action, setup, teardown),
        cmocka_unit_test_setup_teardown(an_undo_there_is_an_undo_here, setup, teardown),
        cmocka_unit_test_setup_teardown(an_ai_goes_on_from_the_other_server, setup, teardown),
        cmocka_unit_test_setup_teardown(an_analysis_runs_once_and_is_taken_over, setup, teardown),
    };
    return cmocka_run_group_tests_name("two servers over one database", tests, NULL, NULL);
}
