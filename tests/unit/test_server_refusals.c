/* What the web API refuses, and that a refusal changes nothing: each with
 * its status and one-line error (also quoting outside bytes), bad games and
 * options, strict numbers in queries and headers, rate limits, and a store
 * that fails its writes (503, nothing kept). The helpers and the store
 * (SQLite, or PostgreSQL with MORPH_TEST_STORE=postgresql) are
 * api_test.h's. */
#include "api_test.h"
#include "fault_store.h"

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
    /* a rematch (asked by both seats at once: between people one seat only
     * offers it): every one of its writes fails in turn */
    snprintf(path, sizeof path, "/api/games/%s/rematch", c.id);
    char both[2 * TOKEN_LEN + 2];
    snprintf(both, sizeof both, "%s,%s", c.token[0], c.token[1]);
    for (int k = 0; k < 4; k++) {
        faults.skip = k;
        faults.fail = 1;
        faults.failed = 0;
        int status;
        json_t *doc = call("POST", path, both, NULL, &status);
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
    cfg.now = made_up_clock;
    fake_now = 1000;
    char err[ERR_MAX + 256];
    srv = server_new(&cfg, err, sizeof err);
    assert_non_null(srv);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(refusals_change_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(store_failures_change_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(errors_quote_any_bytes, setup, teardown),
        cmocka_unit_test_setup_teardown(bad_games_and_options, setup, teardown),
        cmocka_unit_test_setup_teardown(rate_limits, setup, teardown),
        cmocka_unit_test_setup_teardown(query_numbers_are_strict, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
