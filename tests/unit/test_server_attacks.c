/* The attacks of docs/web.md ("Attacks measured") that the API itself
 * answers, in-process (api_handle, no sockets) over a real SQLite file with
 * the limits' time made up: an attacker's wrong passwords never lock the
 * owner out (per name and address; a browser she signed in with before
 * keeps signing in when strangers have used up the name's attempts; its
 * mark is bound to her account and password), signing in over a session
 * ends it, Sec-Fetch-Site: cross-site or a repeated Origin is refused
 * whatever the Origin says, and the streams of a game stay open to a new
 * watcher and to its players while many addresses hold all they may. The
 * attacks on connections and slow work need sockets: test_serve_attacks.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/server/api/api.h"
#include "../../src/server/serve.h"

static char dir[64], db_path[128];
static Server *srv;
static const char *client = "10.0.0.1";
static double now = 1000; /* the server's made-up time, its only clock */

static double made_up_clock(void)
{
    return now;
}

/* A browser: its cookies, and the Origin it sends with changes. */
typedef struct Browser {
    char session[64];
    char device[256];
    const char *origin;
} Browser;

static int setup(void **state)
{
    snprintf(dir, sizeof dir, "/tmp/morph-test-attacks-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(db_path, sizeof db_path, "%s/morph.db", dir);
    ServerConfig cfg;
    server_config_defaults(&cfg);
    cfg.db_path = db_path;
    cfg.ai_threads = 1;
    cfg.password_cost = password_cost_min();
    cfg.clock_thread = false;
    cfg.now = made_up_clock;
    cfg.limits.requests_per_second = 1000000;
    cfg.limits.create_per_minute = 1000000;
    cfg.limits.logins_per_minute = 1000; /* the per-address limit is not what these tests look at */
    cfg.limits.streams = 64;
    cfg.limits.streams_per_client = 8;
    cfg.limits.streams_per_game = 24;
    char err[ERR_MAX + 256];
    srv = server_new(&cfg, err, sizeof err);
    if (!srv)
        fail_msg("%s", err);
    client = "10.0.0.1";
    now = 1000;
    return 0;
}

static int teardown(void **state)
{
    server_free(srv);
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
    return 0;
}

/* "NAME=VALUE; ..." of a Set-Cookie into out (empty when removed). */
static void keep_cookie(const char *set_cookie, char *out, size_t outlen)
{
    const char *v = strchr(set_cookie, '=');
    if (v)
        snprintf(out, outlen, "%.*s", (int)strcspn(v + 1, ";"), v + 1);
}

/* Calls the API as browser b (NULL: a tool without cookies): the status;
 * the body in body when given. */
static int call(Browser *b, const char *method, const char *path, const char *json, char *body, size_t bodylen)
{
    bool change = strcmp(method, "GET") != 0;
    ApiRequest req = {.method = method, .path = path, .body = json, .body_len = json ? strlen(json) : 0,
                      .client = client, .host = "morph.test",
                      .session = b && b->session[0] ? b->session : NULL,
                      .device = b && b->device[0] ? b->device : NULL, .origin = b && change ? b->origin : NULL};
    ApiResponse res;
    api_handle(srv, &req, &res);
    if (b && res.set_cookie[0])
        keep_cookie(res.set_cookie, b->session, sizeof b->session);
    if (b && res.set_device[0]) {
        assert_non_null(strstr(res.set_device, "; Path=/api/; Max-Age=31536000; HttpOnly; SameSite=Strict"));
        keep_cookie(res.set_device, b->device, sizeof b->device);
    }
    if (body)
        snprintf(body, bodylen, "%s", res.body ? res.body : "");
    int status = res.status;
    api_response_free(&res);
    return status;
}

static int sign_in(Browser *b, const char *name, const char *password)
{
    char json[128];
    snprintf(json, sizeof json, "{\"name\":\"%s\",\"password\":\"%s\"}", name, password);
    return call(b, "POST", "/api/login", json, NULL, 0);
}

static Browser sign_up(const char *name, const char *password)
{
    Browser b = {.origin = "http://morph.test"};
    char json[128];
    snprintf(json, sizeof json, "{\"name\":\"%s\",\"password\":\"%s\"}", name, password);
    assert_int_equal(call(&b, "POST", "/api/accounts", json, NULL, 0), 201);
    assert_true(b.session[0] && b.device[0]);
    return b;
}

/* The name the browser's session is signed in as, or "" */
static const char *who(Browser *b)
{
    static char body[256];
    assert_int_equal(call(b, "GET", "/api/me", NULL, body, sizeof body), 200);
    const char *name = strstr(body, "\"name\":\"");
    static char out[32];
    snprintf(out, sizeof out, "%.*s", name ? (int)strcspn(name + 8, "\"") : 0, name ? name + 8 : "");
    return out;
}

/* Five wrong passwords a minute at a name from one address; thirty from
 * all browsers the name does not know. Neither stops the owner's browser,
 * nor the owner on a new browser at an address that did not fail for the
 * name; right passwords count nothing (issue 32). */
static void the_owner_is_never_locked_out(void **state)
{
    Browser alice = sign_up("alice", "alice's long password");
    Browser bob = sign_up("bob", "bob's long password");
    Browser attacker = {.origin = "http://morph.test"};
    client = "10.0.0.9";
    for (int i = 0; i < 5; i++)
        assert_int_equal(sign_in(&attacker, "alice", "a wrong guess"), 401);
    assert_int_equal(sign_in(&attacker, "alice", "alice's long password"), 429);
    /* her browser, and a fresh one of hers at home: in */
    client = "10.0.0.1";
    assert_int_equal(sign_in(&alice, "alice", "alice's long password"), 200);
    assert_string_equal(who(&alice), "alice");
    Browser fresh = {.origin = "http://morph.test"};
    assert_int_equal(sign_in(&fresh, "alice", "alice's long password"), 200);
    /* six right sign-ins in a row count nothing */
    for (int i = 0; i < 6; i++)
        assert_int_equal(sign_in(&fresh, "alice", "alice's long password"), 200);
    /* attackers from many addresses use up the name's 30 attempts for strangers (5 used) */
    char address[32];
    for (int i = 0; i < 25; i++) {
        snprintf(address, sizeof address, "10.1.0.%d", i);
        client = address;
        Browser one = {.origin = "http://morph.test"};
        assert_int_equal(sign_in(&one, "alice", "a wrong guess"), 401);
    }
    client = "10.1.0.7"; /* failed: refused, right password or not */
    Browser again = {.origin = "http://morph.test"};
    assert_int_equal(sign_in(&again, "alice", "alice's long password"), 429);
    /* an address that never failed for her name: one try; wrong, it is its last for a minute */
    client = "10.3.0.1";
    Browser guesser = {.origin = "http://morph.test"};
    assert_int_equal(sign_in(&guesser, "alice", "another guess"), 401);
    assert_int_equal(sign_in(&guesser, "alice", "alice's long password"), 429);
    /* alice on a new browser at her address, and at another that never failed: in */
    client = "10.0.0.1";
    Browser phone = {.origin = "http://morph.test"};
    assert_int_equal(sign_in(&phone, "alice", "alice's long password"), 200);
    client = "10.2.0.1";
    Browser stranger = {.origin = "http://morph.test"};
    assert_int_equal(sign_in(&stranger, "alice", "alice's long password"), 200);
    /* her known browser still signs in, from anywhere, as often as before */
    for (int i = 0; i < 5; i++)
        assert_int_equal(sign_in(&alice, "alice", "alice's long password"), 200);
    /* its mark is alice's: bob's name in the same browser is a stranger's, and so
     * is a mark made up or taken from another account */
    Browser borrowed = bob;
    snprintf(borrowed.device, sizeof borrowed.device, "%s", alice.device);
    for (int i = 0; i < 5; i++)
        assert_int_equal(sign_in(&borrowed, "bob", "a wrong guess"), 401);
    assert_int_equal(sign_in(&borrowed, "bob", "bob's long password"), 429);
    client = "10.1.0.7"; /* an address that failed for alice */
    Browser forged = {.origin = "http://morph.test"};
    snprintf(forged.device, sizeof forged.device, "aaaaaaaaaaaaaaaa.00000000000000000000000000000000");
    assert_int_equal(sign_in(&forged, "alice", "alice's long password"), 429);
    /* a minute later the strangers have their attempts back */
    now += 60;
    client = "10.1.0.7";
    Browser later = {.origin = "http://morph.test"};
    assert_int_equal(sign_in(&later, "alice", "alice's long password"), 200);
    /* a new password forgets the browsers of the old one, but not the one that changed it */
    Browser old = alice;
    assert_int_equal(call(&alice, "POST", "/api/me/password",
                          "{\"password\":\"alice's long password\",\"new_password\":\"alice's new password\"}", NULL, 0),
                     200);
    for (int i = 0; i < 30; i++) {
        snprintf(address, sizeof address, "10.3.0.%d", i);
        client = address;
        Browser one = {.origin = "http://morph.test"};
        sign_in(&one, "alice", "a wrong guess");
    }
    old.session[0] = '\0';
    assert_int_equal(sign_in(&old, "alice", "alice's new password"), 429);
    assert_int_equal(sign_in(&alice, "alice", "alice's new password"), 200);
}

/* A sign-in or sign-up over another account's session ends that session. */
static void signing_in_over_a_session_ends_it(void **state)
{
    Browser alice = sign_up("alice", "alice's long password");
    sign_up("bob", "bob's long password");
    Browser left = alice; /* a copy of the cookie, as someone who took it would keep it */
    assert_int_equal(sign_in(&alice, "bob", "bob's long password"), 200);
    assert_string_equal(who(&alice), "bob");
    assert_string_equal(who(&left), "");
    /* the same over one's own session: the old cookie ends too */
    Browser again = alice;
    assert_int_equal(sign_in(&alice, "bob", "bob's long password"), 200);
    assert_string_equal(who(&again), "");
    assert_string_equal(who(&alice), "bob");
    /* and a sign-up */
    Browser before = alice;
    char json[] = "{\"name\":\"carol\",\"password\":\"carol's long password\"}";
    assert_int_equal(call(&alice, "POST", "/api/accounts", json, NULL, 0), 201);
    assert_string_equal(who(&alice), "carol");
    assert_string_equal(who(&before), "");
    /* a wrong password leaves the session as it was */
    assert_int_equal(sign_in(&alice, "bob", "a wrong guess"), 401);
    assert_string_equal(who(&alice), "carol");
}

static int with_headers(const char *session, const char *origin, const char *fetch_site, const char *repeated)
{
    ApiRequest req = {.method = "POST", .path = "/api/games", .body = "{\"game\":\"morphos\"}", .body_len = 18,
                      .client = client, .host = "morph.test", .session = session, .origin = origin,
                      .fetch_site = fetch_site, .repeated = repeated};
    ApiResponse res;
    api_handle(srv, &req, &res);
    int status = res.status;
    api_response_free(&res);
    return status;
}

/* Both headers are checked when both come; a repeated one refuses all. */
static void cross_site_and_repeated_headers(void **state)
{
    Browser a = sign_up("alice", "alice's long password");
    const char *ours = "http://morph.test";
    assert_int_equal(with_headers(a.session, ours, NULL, NULL), 201);
    assert_int_equal(with_headers(a.session, ours, "same-origin", NULL), 201);
    assert_int_equal(with_headers(a.session, ours, "cross-site", NULL), 403);
    assert_int_equal(with_headers(a.session, ours, "same-site", NULL), 403);
    assert_int_equal(with_headers(NULL, ours, "cross-site", NULL), 403);
    assert_int_equal(with_headers(a.session, "http://evil.example", "same-origin", NULL), 403);
    assert_int_equal(with_headers(a.session, ours, NULL, "Origin"), 400);
    assert_int_equal(with_headers(NULL, NULL, NULL, "Host"), 400);
    /* a tool without cookie nor browser headers, as before */
    assert_int_equal(with_headers(NULL, NULL, NULL, NULL), 201);
}

/* Opens a stream of path as client with token (or none): the status. */
static int stream(const char *who_, const char *path, const char *token)
{
    ApiRequest req = {.method = "GET", .path = path, .client = who_, .token = token};
    ApiResponse res;
    api_handle(srv, &req, &res);
    int status = res.status;
    api_response_free(&res); /* the slot stays taken: released at the end */
    return status;
}

/* 20 addresses take all the streams of a game they may (8 each); a new
 * watcher and the game's player still get theirs, and so does the lobby. */
static void streams_stay_open_to_watchers_and_players(void **state)
{
    char body[1024], path[64], game[16], token[64], address[32];
    assert_int_equal(call(NULL, "POST", "/api/games",
                          "{\"game\":\"morphos\",\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}",
                          body, sizeof body),
                     201);
    const char *id = strstr(body, "\"id\":\"") + 6, *tok = strstr(body, "\"token\":\"") + 9;
    snprintf(game, sizeof game, "%.*s", (int)strcspn(id, "\""), id);
    snprintf(path, sizeof path, "/api/games/%s/events", game);
    snprintf(token, sizeof token, "%.*s", (int)strcspn(tok, "\""), tok);
    int held[20] = {0}, granted = 0;
    for (int a = 0; a < 20; a++) {
        snprintf(address, sizeof address, "10.5.0.%d", a);
        for (int i = 0; i < 8; i++)
            held[a] += stream(address, path, NULL) == 200;
        granted += held[a];
    }
    /* 3 addresses x 8 fill the game's 24; then 2 each (the reserve's share) */
    assert_int_equal(granted, 24 + 17 * 2);
    assert_int_equal(stream("10.9.9.9", path, NULL), 200);  /* a new watcher */
    assert_int_equal(stream("10.9.9.8", path, token), 200); /* the player */
    assert_int_equal(stream("10.9.9.7", "/api/lobby/events", NULL), 200);
    /* given back, the slots serve again */
    for (int a = 0; a < 20; a++) {
        snprintf(address, sizeof address, "10.5.0.%d", a);
        for (int i = 0; i < held[a]; i++)
            limits_stream_release_of(srv->limits, address, game);
    }
    limits_stream_release_of(srv->limits, "10.9.9.9", game);
    limits_stream_release_of(srv->limits, "10.9.9.8", game);
    limits_stream_release_of(srv->limits, "10.9.9.7", NULL);
    for (int i = 0; i < 8; i++)
        assert_int_equal(stream("10.6.0.1", path, NULL), 200);
    for (int i = 0; i < 8; i++)
        limits_stream_release_of(srv->limits, "10.6.0.1", game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(the_owner_is_never_locked_out, setup, teardown),
        cmocka_unit_test_setup_teardown(signing_in_over_a_session_ends_it, setup, teardown),
        cmocka_unit_test_setup_teardown(cross_site_and_repeated_headers, setup, teardown),
        cmocka_unit_test_setup_teardown(streams_stay_open_to_watchers_and_players, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
