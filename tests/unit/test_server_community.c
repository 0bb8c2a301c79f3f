/* Accounts, ratings, clocks, the lobby and chat through the API in-process
 * (api_handle, no sockets) over a real SQLite file, with the clocks on a
 * made-up time the tests move: signing up, in and out (cookie attributes,
 * the same answer for a wrong name or password, limits per name and per
 * address), the origin check of cookie requests (403, nothing done), a
 * rated game with clocks ended on time by the server with no request,
 * both ratings moved, profile and leaderboard, resigning out of turn, a
 * 3-player Morpyam game going on without a player out of time, clocks
 * across a restart without the downtime charged, the lobby and quick
 * pairing, "your games" with your turn first, the chat's channels, mute,
 * limits and text, and no password, session id or seat token in any
 * answer or log line. With MORPH_TEST_STORE=postgresql (tests/run.sh runs
 * it so too) the same over a fresh PostgreSQL database of the test run's
 * cluster. */
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
#include "../../src/server/serve.h"
#include "pg_test.h"

static char dir[64], db_path[256], log_path[160];
static char pg_name[64]; /* the test's PostgreSQL database, or "" */
static Server *srv;
static FILE *log_file;
static double fake_time = 1000; /* the clocks' time, moved by the tests */
static bool default_limits;     /* the sign-in limits of `morph serve`, else roomier ones */
static const char *client = "10.0.0.1";
static const char *origin = "http://morph.test";
static char answers[1 << 20]; /* every answer, to look for secrets */
static size_t answers_len;

static double now_fn(void)
{
    return fake_time;
}

static ServerConfig config(void)
{
    ServerConfig cfg;
    server_config_defaults(&cfg);
    cfg.db_path = db_path;
    cfg.ai_threads = 1;
    cfg.limits.create_per_minute = 1000000;
    cfg.limits.requests_per_second = 1000000;
    cfg.password_cost = password_cost_min();
    if (!default_limits) {
        cfg.limits.logins_per_minute = 100;
        cfg.limits.logins_per_name_per_minute = 100;
    }
    cfg.clock_thread = false;
    cfg.now = now_fn;
    cfg.log = log_file;
    cfg.log_requests = true;
    return cfg;
}

static void start(void)
{
    ServerConfig cfg = config();
    char err[ERR_MAX + 256];
    srv = server_new(&cfg, err, sizeof err);
    if (!srv)
        fail_msg("%s", err);
}

static int setup(void **state)
{
    snprintf(dir, sizeof dir, "/tmp/morph-test-community-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(db_path, sizeof db_path, "%s/morph.db", dir);
    pg_name[0] = '\0';
    const char *store = getenv("MORPH_TEST_STORE");
    if (store && strcmp(store, "postgresql") == 0 && !pg_test_database(pg_name, sizeof pg_name, db_path, sizeof db_path))
        fail_msg("MORPH_TEST_STORE=postgresql needs the test cluster of MORPH_TEST_PG");
    snprintf(log_path, sizeof log_path, "%s/log", dir);
    log_file = fopen(log_path, "w+");
    fake_time = 1000;
    answers_len = 0;
    default_limits = false;
    client = "10.0.0.1";
    start();
    return 0;
}

static int teardown(void **state)
{
    server_free(srv);
    srv = NULL;
    if (pg_name[0])
        pg_test_drop(pg_name);
    fclose(log_file);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
    return 0;
}

/* A browser: its session cookie (what Set-Cookie gave it). */
typedef struct Browser {
    char session[SESSION_ID_LEN + 1];
    const char *origin;       /* the Origin it sends with changes */
    char token[TOKEN_LEN + 1]; /* a seat token it holds, or "" */
} Browser;

static json_t *call(Browser *b, const char *method, const char *path, const char *body, int *status, char *cookie)
{
    char copy[256];
    snprintf(copy, sizeof copy, "%s", path);
    ApiParam query[8];
    int nquery = api_query_split(copy, query, 8);
    bool change = strcmp(method, "GET") != 0;
    ApiRequest req = {.method = method, .path = copy, .query = query, .nquery = nquery, .body = body,
                      .body_len = body ? strlen(body) : 0, .client = client, .host = "morph.test",
                      .session = b && b->session[0] ? b->session : NULL,
                      .origin = b && change ? b->origin : NULL,
                      .token = b && b->token[0] ? b->token : NULL};
    ApiResponse res;
    api_handle(srv, &req, &res);
    *status = res.status;
    if (cookie)
        snprintf(cookie, 200, "%s", res.set_cookie);
    if (b && res.set_cookie[0]) {
        /* morph_session=ID; ... (empty: removed) */
        const char *v = res.set_cookie + strlen(SESSION_COOKIE) + 1;
        size_t len = strcspn(v, ";");
        snprintf(b->session, sizeof b->session, "%.*s", (int)len, v);
    }
    json_t *doc = res.body && strcmp(res.content_type, "application/json") == 0 ? json_loads(res.body, 0, NULL) : NULL;
    if (res.body && answers_len + strlen(res.body) < sizeof answers) {
        memcpy(answers + answers_len, res.body, strlen(res.body));
        answers_len += strlen(res.body);
    }
    if (res.status >= 400) {
        assert_non_null(doc);
        assert_non_null(json_string_value(json_object_get(doc, "error")));
    }
    api_response_free(&res);
    return doc;
}

static json_t *expect(int want, Browser *b, const char *method, const char *path, const char *body)
{
    int status;
    json_t *doc = call(b, method, path, body, &status, NULL);
    if (status != want) {
        char *text = doc ? json_dumps(doc, JSON_COMPACT) : NULL;
        fail_msg("%s %s: status %d, expected %d: %s", method, path, status, want, text ? text : "(no body)");
    }
    return doc;
}

static void expect_error(int want, Browser *b, const char *method, const char *path, const char *body,
                         const char *needle)
{
    json_t *doc = expect(want, b, method, path, body);
    const char *msg = json_string_value(json_object_get(doc, "error"));
    if (needle && !strstr(msg, needle))
        fail_msg("%s %s: error '%s' does not say '%s'", method, path, msg, needle);
    json_decref(doc);
}

static void ok(int want, Browser *b, const char *method, const char *path, const char *body)
{
    json_decref(expect(want, b, method, path, body));
}

static Browser sign_up(const char *name, const char *password)
{
    Browser b = {.origin = origin};
    char body[256];
    snprintf(body, sizeof body, "{\"name\":\"%s\",\"password\":\"%s\"}", name, password);
    json_t *doc = expect(201, &b, "POST", "/api/accounts", body);
    assert_string_equal(json_string_value(json_object_get(doc, "name")), name);
    json_decref(doc);
    assert_int_equal(strlen(b.session), SESSION_ID_LEN);
    return b;
}

static json_t *state_of(const char *id, Browser *b)
{
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s", id);
    return expect(200, b, "GET", path, NULL);
}

/* A game made by a (seat 1), joined by b through its invitation. */
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

static void play(Browser *b, const char *id, const char *action, int want)
{
    char path[64], body[128];
    snprintf(path, sizeof path, "/api/games/%s/actions", id);
    snprintf(body, sizeof body, "{\"action\":\"%s\"}", action);
    ok(want, b, "POST", path, body);
}

static json_int_t rating_of(const char *name, const char *game)
{
    char path[64];
    snprintf(path, sizeof path, "/api/players/%s", name);
    json_t *p = expect(200, NULL, "GET", path, NULL);
    json_int_t r = json_integer_value(json_object_get(json_object_get(json_object_get(p, "ratings"), game), "rating"));
    json_decref(p);
    return r;
}

/* ---- the tests ---- */

static void accounts(void **state)
{
    int status;
    char cookie[200];
    Browser a = {.origin = origin};
    json_t *doc = call(&a, "POST", "/api/accounts", "{\"name\":\"Alice\",\"password\":\"correct horse\"}", &status, cookie);
    assert_int_equal(status, 201);
    json_decref(doc);
    /* the cookie: HttpOnly, SameSite=Lax, a 160-bit random id */
    assert_non_null(strstr(cookie, "morph_session="));
    assert_non_null(strstr(cookie, "; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax"));
    assert_int_equal(strlen(a.session), SESSION_ID_LEN);
    doc = expect(200, &a, "GET", "/api/me", NULL);
    assert_true(json_is_true(json_object_get(doc, "signed_in")));
    assert_string_equal(json_string_value(json_object_get(doc, "name")), "Alice");
    json_decref(doc);
    /* names are unique without regard to case; the rules of names and passwords */
    expect_error(409, &(Browser){.origin = origin}, "POST", "/api/accounts", "{\"name\":\"aLICE\",\"password\":\"0123456789\"}",
                 "is taken");
    expect_error(400, NULL, "POST", "/api/accounts", "{\"name\":\"al\",\"password\":\"0123456789\"}", "3 to 20 characters");
    expect_error(400, NULL, "POST", "/api/accounts", "{\"name\":\"al ice\",\"password\":\"0123456789\"}", "letters");
    expect_error(400, NULL, "POST", "/api/accounts", "{\"name\":\"bob\",\"password\":\"short\"}", "at least 10 characters");
    expect_error(400, NULL, "POST", "/api/accounts", "{\"name\":\"bob\"}", "'password'");
    /* signing in: a wrong password and an unknown name get the same answer */
    Browser b = {.origin = origin};
    ok(200, &b, "POST", "/api/login", "{\"name\":\"alice\",\"password\":\"correct horse\"}");
    assert_int_equal(strlen(b.session), SESSION_ID_LEN);
    assert_string_not_equal(a.session, b.session);
    json_t *wrong = expect(401, &(Browser){.origin = origin}, "POST", "/api/login", "{\"name\":\"alice\",\"password\":\"wrong horse\"}");
    json_t *unknown = expect(401, &(Browser){.origin = origin}, "POST", "/api/login", "{\"name\":\"nobody\",\"password\":\"wrong horse\"}");
    assert_string_equal(json_string_value(json_object_get(wrong, "error")), json_string_value(json_object_get(unknown, "error")));
    json_decref(wrong);
    json_decref(unknown);
    /* a new password: the current session stays, the others end */
    expect_error(401, &a, "POST", "/api/me/password", "{\"password\":\"not it at all\",\"new_password\":\"battery staple\"}",
                 "current password is wrong");
    ok(200, &a, "POST", "/api/me/password", "{\"password\":\"correct horse\",\"new_password\":\"battery staple\"}");
    doc = expect(200, &b, "GET", "/api/me", NULL);
    assert_false(json_is_true(json_object_get(doc, "signed_in")));
    json_decref(doc);
    expect_error(401, &b, "POST", "/api/login", "{\"name\":\"alice\",\"password\":\"correct horse\"}", NULL);
    ok(200, &b, "POST", "/api/login", "{\"name\":\"alice\",\"password\":\"battery staple\"}");
    /* out here, then everywhere */
    ok(200, &b, "POST", "/api/logout", "{}");
    assert_string_equal(b.session, "");
    ok(200, &b, "POST", "/api/login", "{\"name\":\"alice\",\"password\":\"battery staple\"}");
    char kept[SESSION_ID_LEN + 1];
    memcpy(kept, b.session, sizeof kept);
    ok(200, &a, "POST", "/api/logout", "{\"everywhere\":true}");
    Browser old = {.origin = origin};
    memcpy(old.session, kept, sizeof kept);
    doc = expect(200, &old, "GET", "/api/me", NULL);
    assert_false(json_is_true(json_object_get(doc, "signed_in")));
    json_decref(doc);
    expect_error(401, &old, "POST", "/api/logout", "{\"everywhere\":true}", "sign in first");
}

static void origin_checks(void **state)
{
    Browser a = sign_up("alice", "0123456789");
    /* a change with the cookie from another site, or saying nothing: 403, nothing made */
    Browser evil = a;
    evil.origin = "http://evil.example";
    expect_error(403, &evil, "POST", "/api/games", "{\"game\":\"morphos\"}", "another site");
    Browser silent = a;
    silent.origin = NULL;
    expect_error(403, &silent, "POST", "/api/logout", "{\"everywhere\":true}", "another site");
    expect_error(403, &evil, "POST", "/api/lobby", "{\"game\":\"morphos\"}", NULL);
    json_t *list = expect(200, &a, "GET", "/api/me/games", NULL);
    assert_int_equal(json_array_size(json_object_get(list, "games")), 0);
    json_decref(list);
    json_t *me = expect(200, &a, "GET", "/api/me", NULL);
    assert_true(json_is_true(json_object_get(me, "signed_in"))); /* the logout was refused */
    json_decref(me);
    /* https on the same host, or Sec-Fetch-Site: same-origin, is the page */
    Browser https = a;
    https.origin = "https://morph.test";
    ok(201, &https, "POST", "/api/games", "{\"game\":\"morphos\"}");
    int status;
    ApiRequest req = {.method = "POST", .path = "/api/games", .body = "{\"game\":\"morphos\"}", .body_len = 18,
                      .client = client, .session = a.session, .fetch_site = "same-origin", .host = "morph.test"};
    ApiResponse res;
    api_handle(srv, &req, &res);
    status = res.status;
    api_response_free(&res);
    assert_int_equal(status, 201);
    req.fetch_site = "cross-site";
    api_handle(srv, &req, &res);
    assert_int_equal(res.status, 403);
    api_response_free(&res);
    /* a sign-in from another site is refused too (logging someone in unaware) */
    expect_error(403, &(Browser){.origin = "http://evil.example"}, "POST", "/api/login",
                 "{\"name\":\"alice\",\"password\":\"0123456789\"}", NULL);
    /* seat tokens without a cookie work as before */
    ok(201, NULL, "POST", "/api/games", "{\"game\":\"morphos\"}");
}

static void sign_in_limits(void **state)
{
    server_free(srv);
    default_limits = true;
    start();
    sign_up("alice", "0123456789");
    char body[96];
    snprintf(body, sizeof body, "{\"name\":\"alice\",\"password\":\"nope nope nope\"}");
    /* five tries a minute at one name from one address */
    client = "10.0.0.1";
    for (int i = 0; i < 5; i++)
        ok(401, NULL, "POST", "/api/login", body);
    expect_error(429, NULL, "POST", "/api/login", "{\"name\":\"ALICE\",\"password\":\"0123456789\"}",
                 "sign-in attempts for this name");
    /* which lock nobody else out (tests/unit/test_server_attacks.c: a known browser) */
    client = "10.0.0.2";
    ok(200, NULL, "POST", "/api/login", "{\"name\":\"ALICE\",\"password\":\"0123456789\"}");
    /* thirty failures a minute at one name from all browsers that never
     * signed in to it (five so far; a right password counts nothing) */
    for (int i = 0; i < 25; i++) {
        char address[32];
        snprintf(address, sizeof address, "10.0.1.%d", i);
        client = address;
        ok(401, NULL, "POST", "/api/login", body);
    }
    /* then an address that failed is refused even with the right password */
    client = "10.0.1.3";
    expect_error(429, NULL, "POST", "/api/login", "{\"name\":\"ALICE\",\"password\":\"0123456789\"}",
                 "sign-in attempts for this name");
    /* one that never failed for the name may try once: a wrong password is its last for a minute */
    client = "10.0.2.1";
    ok(401, NULL, "POST", "/api/login", body);
    expect_error(429, NULL, "POST", "/api/login", "{\"name\":\"ALICE\",\"password\":\"0123456789\"}",
                 "sign-in attempts for this name");
    /* an unknown name is limited the same way: the limit tells nothing about names */
    client = "10.0.0.1";
    for (int i = 0; i < 5; i++)
        ok(401, NULL, "POST", "/api/login", "{\"name\":\"ghost\",\"password\":\"nope nope nope\"}");
    expect_error(429, NULL, "POST", "/api/login", "{\"name\":\"ghost\",\"password\":\"nope nope nope\"}", "for this name");
    /* ten tries a minute from one address, at any names */
    client = "10.9.9.9";
    for (int i = 0; i < 10; i++) {
        char other[96];
        snprintf(other, sizeof other, "{\"name\":\"user%d\",\"password\":\"nope nope nope\"}", i);
        ok(401, NULL, "POST", "/api/login", other);
    }
    expect_error(429, NULL, "POST", "/api/login", "{\"name\":\"someone\",\"password\":\"nope nope nope\"}",
                 "from your address");
    /* accounts: ten an hour from one address */
    client = "10.8.8.8";
    for (int i = 0; i < 10; i++) {
        char name[32];
        snprintf(name, sizeof name, "new%d", i);
        sign_up(name, "0123456789");
    }
    expect_error(429, &(Browser){.origin = origin}, "POST", "/api/accounts", "{\"name\":\"new99\",\"password\":\"0123456789\"}",
                 "accounts made from your address");
}

static void rated_game_lost_on_time(void **state)
{
    Browser a = sign_up("alice", "0123456789"), b = sign_up("bob_2", "0123456789");
    char id[GAME_ID_LEN + 1];
    /* rated needs an account, two people, no real dice */
    expect_error(401, NULL, "POST", "/api/games", "{\"game\":\"morphos\",\"rated\":true}", "sign in");
    expect_error(400, &a, "POST", "/api/games",
                 "{\"game\":\"morpyam\",\"rated\":true,\"options\":{\"players\":3},\"seats\":[{\"kind\":\"human\",\"mine\":true},"
                 "{\"kind\":\"human\"},{\"kind\":\"human\"}]}",
                 "only two-player games are rated");
    /* a clock against the AI times the person alone (test_server_fair); a game of AIs has nobody to time */
    expect_error(400, &a, "POST", "/api/games",
                 "{\"game\":\"morphos\",\"clock\":{\"initial_s\":10},\"seats\":[{\"kind\":\"ai\",\"level\":\"greedy\"},{\"kind\":\"ai\",\"level\":\"greedy\"}]}",
                 "no seat for a person");
    expect_error(400, &a, "POST", "/api/games",
                 "{\"game\":\"morphos\",\"clock\":{\"initial_s\":0},\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}",
                 "initial_s");
    friend_game(&a, &b,
                "{\"game\":\"morphos\",\"options\":{\"size\":5},\"rated\":true,\"clock\":{\"initial_s\":10,\"increment_s\":2},"
                "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}",
                id);
    json_t *s = state_of(id, NULL);
    json_t *clock = json_object_get(s, "clock");
    assert_true(json_is_true(json_object_get(s, "rated")));
    assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(s, "seats"), 1), "account")), "bob_2");
    assert_int_equal(json_integer_value(json_object_get(clock, "running")), 1); /* the last seat taken: it runs */
    assert_int_equal(json_integer_value(json_array_get(json_object_get(clock, "left_ms"), 0)), 10000);
    json_decref(s);
    /* the signed-in account plays its seat without the token */
    Browser a_cookie = a;
    a_cookie.token[0] = '\0';
    fake_time += 3;
    play(&a_cookie, id, "c3", 200);
    s = state_of(id, NULL);
    clock = json_object_get(s, "clock");
    /* her first move: not charged, and no increment (the clocks start with the moves) */
    assert_int_equal(json_integer_value(json_array_get(json_object_get(clock, "left_ms"), 0)), 10000);
    assert_int_equal(json_integer_value(json_object_get(clock, "running")), 2);
    json_decref(s);
    fake_time += 1;
    play(&b, id, "b2", 200);
    /* alice does nothing; the server ends the game on time, no request needed */
    fake_time += 9.999;
    server_clock_tick(srv);
    s = state_of(id, NULL);
    assert_string_equal(json_string_value(json_object_get(s, "status")), "playing");
    json_decref(s);
    json_int_t before_a = rating_of("alice", "morphos"), before_b = rating_of("bob_2", "morphos");
    assert_int_equal(before_a, 1500);
    fake_time += 0.002;
    server_clock_tick(srv);
    s = state_of(id, NULL);
    assert_string_equal(json_string_value(json_object_get(s, "status")), "finished");
    json_t *result = json_object_get(s, "result");
    assert_string_equal(json_string_value(json_object_get(result, "how")), "time");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(result, "winners"), 0)), 2);
    assert_non_null(strstr(json_string_value(json_object_get(result, "text")), "runs out of time"));
    json_t *last = json_object_get(s, "last");
    assert_string_equal(json_string_value(json_object_get(last, "action")), "timeout 1");
    json_decref(s);
    /* both ratings moved, in the transaction that ended the game */
    assert_true(rating_of("alice", "morphos") < before_a);
    assert_true(rating_of("bob_2", "morphos") > before_b);
    json_t *p = expect(200, NULL, "GET", "/api/players/BOB_2", NULL);
    assert_string_equal(json_string_value(json_object_get(p, "name")), "bob_2");
    json_t *ratings = json_object_get(p, "ratings");
    assert_int_equal(json_integer_value(json_object_get(json_object_get(ratings, "morphos"), "games")), 1);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(ratings, "morpyam"), "rating")), 1500);
    assert_int_equal(json_array_size(json_object_get(json_object_get(p, "history"), "morphos")), 1);
    assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(p, "games"), 0), "id")), id);
    json_decref(p);
    json_t *board = expect(200, NULL, "GET", "/api/leaderboard/morphos", NULL);
    json_t *top = json_array_get(json_object_get(board, "players"), 0);
    assert_string_equal(json_string_value(json_object_get(top, "name")), "bob_2");
    assert_int_equal(json_integer_value(json_object_get(top, "rank")), 1);
    json_decref(board);
    expect_error(404, NULL, "GET", "/api/leaderboard/chess", NULL, "unknown game");
    expect_error(404, NULL, "GET", "/api/players/nobody", NULL, "no player");
    expect_error(400, NULL, "GET", "/api/leaderboard/morphos?limit=+5", NULL, "limit");
}

static void abandoned_games_and_resigning(void **state)
{
    Browser a = sign_up("alice", "0123456789"), b = sign_up("bob_2", "0123456789");
    char id[GAME_ID_LEN + 1], path[64];
    friend_game(&a, &b, "{\"game\":\"morphos\",\"options\":{\"size\":5},\"rated\":true,\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}",
                id);
    /* resigning out of turn, before both moved: the game ends, unrated */
    play(&a, id, "c3", 200);
    snprintf(path, sizeof path, "/api/games/%s/resign", id);
    json_t *s = expect(200, &a, "POST", path, "{}");
    assert_string_equal(json_string_value(json_object_get(s, "status")), "finished");
    assert_string_equal(json_string_value(json_object_get(json_object_get(s, "last"), "action")), "resign 1");
    json_decref(s);
    assert_int_equal(rating_of("alice", "morphos"), 1500);
    json_t *p = expect(200, NULL, "GET", "/api/players/alice", NULL);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(json_object_get(p, "ratings"), "morphos"), "games")), 0);
    json_decref(p);
    expect_error(409, &a, "POST", path, "{}", "over");
    /* a rated game's seat is for a signed-in player, and one seat each */
    json_t *made = expect(201, &a, "POST", "/api/games",
                          "{\"game\":\"morphos\",\"rated\":true,\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}");
    const char *code = json_string_value(json_object_get(json_array_get(json_object_get(made, "invitations"), 0), "code"));
    char join[96];
    snprintf(join, sizeof join, "{\"code\":\"%s\"}", code);
    expect_error(403, NULL, "POST", "/api/join", join, "sign in");
    Browser a2 = a;
    a2.token[0] = '\0';
    expect_error(409, &a2, "POST", "/api/join", join, "a player plays one seat");
    json_decref(made);
}

static void three_players_go_on_without_the_one_out_of_time(void **state)
{
    json_t *made = expect(201, NULL, "POST", "/api/games",
                          "{\"game\":\"morpyam\",\"options\":{\"players\":3},\"clock\":{\"days_per_move\":1},"
                          "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    char id[GAME_ID_LEN + 1];
    snprintf(id, sizeof id, "%s", json_string_value(json_object_get(made, "id")));
    Browser t[3] = {0};
    for (int p = 0; p < 3; p++)
        snprintf(t[p].token, sizeof t[p].token, "%s",
                 json_string_value(json_object_get(json_array_get(json_object_get(made, "seats"), (size_t)p), "token")));
    json_decref(made);
    json_t *s = state_of(id, NULL);
    int first = (int)json_integer_value(json_object_get(s, "to_move"));
    json_decref(s);
    /* a day and a second later, the seat to move is out; the others play on */
    fake_time += 86401;
    server_clock_tick(srv);
    s = state_of(id, NULL);
    assert_string_equal(json_string_value(json_object_get(s, "status")), "playing");
    json_t *alive = json_object_get(json_object_get(s, "board"), "alive");
    assert_false(json_is_true(json_array_get(alive, (size_t)first - 1)));
    int next = (int)json_integer_value(json_object_get(s, "to_move"));
    assert_true(next != first);
    json_t *clock = json_object_get(s, "clock");
    assert_int_equal(json_integer_value(json_object_get(clock, "running")), next);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(clock, "left_ms"), (size_t)next - 1)), 86400000);
    assert_non_null(strstr(json_string_value(json_object_get(json_object_get(s, "last"), "text")), "runs out of time"));
    json_decref(s);
    /* the one out cannot act any more; another resigns out of turn; the last wins */
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/resign", id);
    expect_error(409, &t[first - 1], "POST", path, "{}", "left this game");
    int other = 1;
    while (other == first || other == next)
        other++;
    s = expect(200, &t[other - 1], "POST", path, "{}");
    json_t *result = json_object_get(s, "result");
    assert_string_equal(json_string_value(json_object_get(result, "how")), "forfeit");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(result, "winners"), 0)), next);
    json_decref(s);
    /* after a restart the game loads again, its leaves out of turn replayed */
    server_free(srv);
    start();
    s = state_of(id, NULL);
    assert_string_equal(json_string_value(json_object_get(json_object_get(s, "result"), "how")), "forfeit");
    json_decref(s);
    snprintf(path, sizeof path, "/api/games/%s/replay", id);
    ok(200, NULL, "GET", path, NULL);
}

static void clocks_survive_a_restart(void **state)
{
    /* Over PostgreSQL the clock runs on while any server of the cluster
     * does (docs/deploy.md): another server would charge those 7 s too. */
    if (pg_name[0])
        skip();
    Browser a = {0}, b = {0};
    char id[GAME_ID_LEN + 1];
    friend_game(&a, &b, "{\"game\":\"morphos\",\"options\":{\"size\":5},\"clock\":{\"initial_s\":60},"
                        "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}", id);
    play(&a, id, "c3", 200);
    play(&b, id, "b2", 200); /* the first moves: not charged */
    fake_time += 5;
    play(&a, id, "d4", 200);
    fake_time += 7; /* bob thinks 7 s, then the server stops */
    server_free(srv);
    fake_time += 3600; /* an hour down */
    start();
    fake_time += 2;
    json_t *s = state_of(id, NULL);
    json_t *left = json_object_get(json_object_get(s, "clock"), "left_ms");
    assert_int_equal(json_integer_value(json_array_get(left, 0)), 55000);
    assert_int_equal(json_integer_value(json_array_get(left, 1)), 51000); /* 60 - 7 - 2: not the hour */
    json_decref(s);
    play(&b, id, "b4", 200);
}

static void lobby_and_your_games(void **state)
{
    Browser a = sign_up("alice", "0123456789"), b = sign_up("bob_2", "0123456789"), c = sign_up("carol", "0123456789");
    /* an open challenge: listed with its maker's rating, live */
    json_t *doc = expect(201, &a, "POST", "/api/lobby",
                         "{\"game\":\"morphos\",\"options\":{\"size\":7},\"clock\":{\"initial_s\":300,\"increment_s\":5}}");
    char cid[GAME_ID_LEN + 1];
    snprintf(cid, sizeof cid, "%s", json_string_value(json_object_get(json_object_get(doc, "challenge"), "id")));
    json_decref(doc);
    /* a table of 3 is played unrated (tables: tests/unit/test_server_names.c) */
    expect_error(400, &a, "POST", "/api/lobby", "{\"game\":\"morpyam\",\"options\":{\"players\":3},\"rated\":true}",
                 "two-player");
    expect_error(401, NULL, "POST", "/api/lobby", "{\"game\":\"morphos\"}", "sign in");
    doc = expect(200, &b, "GET", "/api/lobby", NULL);
    json_t *first = json_array_get(json_object_get(doc, "challenges"), 0);
    assert_string_equal(json_string_value(json_object_get(first, "name")), "alice");
    assert_int_equal(json_integer_value(json_object_get(first, "rating")), 1500);
    assert_true(json_is_true(json_object_get(first, "rated")));
    assert_false(json_is_true(json_object_get(first, "mine")));
    assert_string_equal(json_string_value(json_object_get(json_object_get(first, "clock"), "name")), "5+5");
    json_decref(doc);
    char path[64];
    snprintf(path, sizeof path, "/api/lobby/%s/accept", cid);
    expect_error(409, &a, "POST", path, "{}", "your own challenge");
    doc = expect(201, &b, "POST", path, "{}");
    char gid[GAME_ID_LEN + 1];
    snprintf(gid, sizeof gid, "%s", json_string_value(json_object_get(doc, "id")));
    json_decref(doc);
    expect_error(404, &c, "POST", path, "{}", "no open challenge");
    /* the game started for both, clock running; the challenger finds it */
    doc = expect(200, NULL, "GET", "/api/lobby", NULL);
    assert_int_equal(json_array_size(json_object_get(doc, "challenges")), 0);
    assert_string_equal(json_string_value(json_object_get(json_object_get(doc, "accepted"), cid)), gid);
    json_decref(doc);
    json_t *s = state_of(gid, NULL);
    assert_string_equal(json_string_value(json_object_get(s, "status")), "playing");
    assert_true(json_is_true(json_object_get(json_object_get(s, "clock"), "started")));
    int to_move = (int)json_integer_value(json_object_get(s, "to_move"));
    const char *mover = json_string_value(json_object_get(json_array_get(json_object_get(s, "seats"), (size_t)to_move - 1), "account"));
    Browser *on_move = strcmp(mover, "alice") == 0 ? &a : &b, *waiting = on_move == &a ? &b : &a;
    json_decref(s);
    /* your games: your turn first */
    Browser ac = a, bc = b;
    ac.token[0] = bc.token[0] = '\0';
    ok(201, &ac, "POST", "/api/games", "{\"game\":\"morphos\",\"options\":{\"size\":5},\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}");
    json_t *mine = expect(200, on_move == &a ? &ac : &bc, "GET", "/api/me/games", NULL);
    json_t *g0 = json_array_get(json_object_get(mine, "games"), 0);
    assert_string_equal(json_string_value(json_object_get(g0, "id")), gid);
    assert_true(json_is_true(json_object_get(g0, "your_turn")));
    json_decref(mine);
    /* the other player: the game is listed, not their turn (games of the
     * same second come in any order) */
    mine = expect(200, waiting == &a ? &ac : &bc, "GET", "/api/me/games", NULL);
    size_t i, seen = 0;
    json_t *g;
    json_array_foreach(json_object_get(mine, "games"), i, g) {
        assert_false(json_is_true(json_object_get(g, "your_turn")));
        seen += strcmp(json_string_value(json_object_get(g, "id")), gid) == 0;
    }
    assert_int_equal(seen, 1);
    json_decref(mine);
    expect_error(401, NULL, "GET", "/api/me/games", NULL, "sign in");
    /* withdrawing: only by its maker */
    doc = expect(201, &c, "POST", "/api/lobby", "{\"game\":\"morpyam\",\"rated\":false}");
    snprintf(cid, sizeof cid, "%s", json_string_value(json_object_get(json_object_get(doc, "challenge"), "id")));
    json_decref(doc);
    snprintf(path, sizeof path, "/api/lobby/%s/cancel", cid);
    expect_error(403, &a, "POST", path, "{}", "only its maker");
    ok(200, &c, "POST", path, "{}");
    /* quick pairing: a seek waits, the next asking for the same meets it */
    doc = expect(202, &c, "POST", "/api/lobby/quick", "{\"game\":\"morpyam\",\"clock\":{\"initial_s\":60,\"increment_s\":1}}");
    assert_true(json_is_true(json_object_get(json_object_get(doc, "challenge"), "quick")));
    json_decref(doc);
    ok(202, &c, "POST", "/api/lobby/quick", "{\"game\":\"morpyam\",\"clock\":{\"initial_s\":60,\"increment_s\":1}}");
    ok(202, &a, "POST", "/api/lobby/quick", "{\"game\":\"morpyam\",\"clock\":{\"initial_s\":60,\"increment_s\":2}}");
    doc = expect(201, &b, "POST", "/api/lobby/quick", "{\"game\":\"morpyam\",\"clock\":{\"initial_s\":60,\"increment_s\":1}}");
    s = json_object_get(doc, "state");
    assert_true(json_is_true(json_object_get(s, "rated")));
    json_decref(doc);
    doc = expect(200, NULL, "GET", "/api/lobby", NULL);
    assert_int_equal(json_array_size(json_object_get(doc, "challenges")), 1); /* alice's other clock waits on */
    json_decref(doc);
}

static void chat(void **state)
{
    Browser a = sign_up("alice", "0123456789"), b = {0}, watcher = sign_up("wanda", "0123456789"), anon = {0};
    char id[GAME_ID_LEN + 1], path[64], mute[80];
    friend_game(&a, &b, "{\"game\":\"morphos\",\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}", id);
    snprintf(path, sizeof path, "/api/games/%s/chat", id);
    snprintf(mute, sizeof mute, "/api/games/%s/chat/mute", id);
    json_t *m = expect(201, &a, "POST", path, "{\"channel\":\"players\",\"text\":\"  <b>good luck</b> \"}");
    assert_string_equal(json_string_value(json_object_get(m, "text")), "<b>good luck</b>");
    assert_string_equal(json_string_value(json_object_get(m, "author")), "alice");
    json_decref(m);
    ok(201, &b, "POST", path, "{\"channel\":\"players\",\"text\":\"thanks\"}");
    ok(201, &watcher, "POST", path, "{\"channel\":\"spectators\",\"text\":\"go alice\"}");
    expect_error(401, &anon, "POST", path, "{\"channel\":\"spectators\",\"text\":\"hi\"}", "sign in");
    expect_error(403, &watcher, "POST", path, "{\"channel\":\"players\",\"text\":\"hi\"}", "only the players");
    expect_error(403, &a, "POST", path, "{\"channel\":\"spectators\",\"text\":\"hi\"}", NULL);
    /* the wrong channel is 403 for a guest's seat too: signing in would not help (docs/web-api.md) */
    expect_error(403, &b, "POST", path, "{\"channel\":\"spectators\",\"text\":\"hi\"}",
                 "players write in the players' chat");
    expect_error(403, &anon, "POST", path, "{\"channel\":\"players\",\"text\":\"hi\"}", "only the players");
    expect_error(400, &a, "POST", path, "{\"channel\":\"players\",\"text\":\"a\\nb\"}", "one line");
    expect_error(400, &a, "POST", path, "{\"channel\":\"all\",\"text\":\"hi\"}", "channel");
    char path_players[96], path_spect[96];
    snprintf(path_players, sizeof path_players, "%s?channel=players", path);
    snprintf(path_spect, sizeof path_spect, "%s?channel=spectators", path);
    json_t *read = expect(200, &b, "GET", path_players, NULL);
    assert_int_equal(json_array_size(json_object_get(read, "messages")), 2);
    json_decref(read);
    expect_error(403, &watcher, "GET", path_players, NULL, NULL);
    expect_error(403, &b, "GET", path_spect, NULL, "once the game is over");
    read = expect(200, &anon, "GET", path_spect, NULL);
    assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(read, "messages"), 0), "author")), "wanda");
    json_decref(read);
    /* bob mutes the others: alice's messages no longer reach him, his own do */
    ok(200, &b, "POST", mute, "{\"mute\":true}");
    expect_error(403, &watcher, "POST", mute, "{\"mute\":true}", NULL);
    ok(201, &a, "POST", path, "{\"channel\":\"players\",\"text\":\"still there?\"}");
    read = expect(200, &b, "GET", path_players, NULL);
    assert_int_equal(json_array_size(json_object_get(read, "messages")), 1);
    assert_true(json_is_true(json_object_get(read, "muted")));
    json_decref(read);
    json_t *s = state_of(id, &b);
    assert_true(json_is_true(json_object_get(json_object_get(s, "viewer"), "muted")));
    json_decref(s);
    /* five at once, then one every 3 s */
    for (int i = 0; i < 3; i++)
        ok(201, &a, "POST", path, "{\"channel\":\"players\",\"text\":\"spam\"}");
    expect_error(429, &a, "POST", path, "{\"channel\":\"players\",\"text\":\"spam\"}", "too many messages");
    /* after the end the players read the spectators */
    char resign[64];
    snprintf(resign, sizeof resign, "/api/games/%s/resign", id);
    ok(200, &b, "POST", resign, "{}");
    ok(200, &b, "GET", path_spect, NULL);
}

static void no_secret_in_answers_or_log(void **state)
{
    /* every test above kept its answers; this one runs a session of its own and looks */
    Browser a = sign_up("alice", "pass phrase of alice");
    ok(200, &(Browser){.origin = origin}, "POST", "/api/login", "{\"name\":\"alice\",\"password\":\"pass phrase of alice\"}");
    ok(401, &(Browser){.origin = origin}, "POST", "/api/login", "{\"name\":\"alice\",\"password\":\"wrong phrase of alice\"}");
    ok(200, &a, "POST", "/api/me/password", "{\"password\":\"pass phrase of alice\",\"new_password\":\"second phrase!\"}");
    Browser b = {0};
    char id[GAME_ID_LEN + 1];
    friend_game(&a, &b, "{\"game\":\"morphos\",\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}", id);
    ok(200, &a, "GET", "/api/me", NULL);
    answers[answers_len] = '\0';
    assert_null(strstr(answers, "pass phrase"));
    assert_null(strstr(answers, "second phrase"));
    assert_null(strstr(answers, a.session));
    assert_null(strstr(answers, "$argon2id"));
    fflush(log_file);
    rewind(log_file);
    static char log_text[1 << 16];
    size_t n = fread(log_text, 1, sizeof log_text - 1, log_file);
    log_text[n] = '\0';
    assert_non_null(strstr(log_text, "account alice made from 10.0.0.1"));
    assert_non_null(strstr(log_text, "POST /api/login 401 10.0.0.1"));
    assert_non_null(strstr(log_text, "a wrong password for alice"));
    assert_null(strstr(log_text, "phrase"));
    assert_null(strstr(log_text, a.session));
    assert_null(strstr(log_text, a.token));
    assert_null(strstr(log_text, b.token));
    assert_null(strstr(log_text, "argon2"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(accounts, setup, teardown),
        cmocka_unit_test_setup_teardown(origin_checks, setup, teardown),
        cmocka_unit_test_setup_teardown(sign_in_limits, setup, teardown),
        cmocka_unit_test_setup_teardown(rated_game_lost_on_time, setup, teardown),
        cmocka_unit_test_setup_teardown(abandoned_games_and_resigning, setup, teardown),
        cmocka_unit_test_setup_teardown(three_players_go_on_without_the_one_out_of_time, setup, teardown),
        cmocka_unit_test_setup_teardown(clocks_survive_a_restart, setup, teardown),
        cmocka_unit_test_setup_teardown(lobby_and_your_games, setup, teardown),
        cmocka_unit_test_setup_teardown(chat, setup, teardown),
        cmocka_unit_test_setup_teardown(no_secret_in_answers_or_log, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
