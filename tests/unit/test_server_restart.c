/* A server restarted over its store: it goes on where the games were, an
 * AI plays on exactly as without the restart, and an SQLite file has one
 * server at a time. The helpers and the store (SQLite, or PostgreSQL with
 * MORPH_TEST_STORE=postgresql) are api_test.h's. */
#include "api_test.h"

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
    /* neither game has a running clock: both load when first asked for
     * (server_idle.c); the AI's work passes on */
    assert_int_equal(atomic_load(&srv->loaded), 0);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(one_server_per_database, setup, teardown),
        cmocka_unit_test_setup_teardown(restart_goes_on, setup, teardown),
        cmocka_unit_test_setup_teardown(restart_is_the_same_game, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
