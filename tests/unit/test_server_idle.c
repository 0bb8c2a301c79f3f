/* Games that nobody plays (issue 24, item 5): a game left alone leaves
 * memory after the idle time and comes back identical when asked for (its
 * state, its next move, its AI's answer); what holds a room (a live
 * stream, a running clock) keeps it; a restart loads only the games whose
 * clocks run; a game against the AI left alone for the abandon time ends
 * (its people leave on time), leaves the lists and still replays; one
 * address has at most so many games running. Runs over SQLite and, with
 * MORPH_TEST_STORE, over PostgreSQL. */
#include "api_driver.h"

#include "../../src/front/record.h"

#define IDLE_S 60

static int setup(void **state)
{
    driver_init();
    drv.now = 1000;
    drv.cfg.idle_s = IDLE_S;
    drv.cfg.abandon_s = 0;
    driver_start();
    return 0;
}

static int teardown(void **state)
{
    driver_done();
    return 0;
}

static int in_memory(void)
{
    pthread_mutex_lock(&drv.srv->rooms_lock);
    int n = drv.srv->rooms_count;
    pthread_mutex_unlock(&drv.srv->rooms_lock);
    return n;
}

/* Whether game id is in memory (asking counts as a request). */
static bool cached(const char *id)
{
    Room *r = server_room_cached(drv.srv, id);
    room_unref(r);
    return r != NULL;
}

/* The whole state of game m as its player reads it. */
static char *state_text(const Made *m)
{
    json_t *s = driver_state(m->id, m->token[0]);
    char *text = json_dumps(s, JSON_COMPACT | JSON_SORT_KEYS);
    json_decref(s);
    return text;
}

/* A Morphos game against random, from client, with one move of the person
 * answered. */
static Made one_move(const char *client, int k)
{
    drv.client = client;
    Made m = driver_create("{\"game\":\"morphos\",\"options\":{\"size\":5},\"listed\":true,"
                           "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"ai\",\"level\":\"random\"}]}");
    static const char *const first[] = {"a1", "b2", "c3", "d4", "e5", "a5", "e1", "b4"};
    json_decref(driver_act(&m, 0, first[k % 8]));
    json_decref(driver_wait_people(m.id));
    return m;
}

static void idle_games_leave_memory_and_come_back(void **state)
{
    enum { GAMES = 12 };
    static const char *const clients[] = {"127.0.0.2", "127.0.0.3", "127.0.0.4"};
    Made games[GAMES];
    char *before[GAMES];
    for (int i = 0; i < GAMES; i++) {
        games[i] = one_move(clients[i % 3], i);
        before[i] = state_text(&games[i]);
    }
    /* a game between people with a running clock, and one with a reader */
    drv.client = "127.0.0.5";
    Made timed = driver_create("{\"game\":\"morphos\",\"options\":{\"size\":5},\"clock\":{\"initial_s\":600},"
                               "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    /* both first moves made: its clock runs (before them the game would be aborted in 30 s) */
    json_decref(driver_act(&timed, 0, "c3"));
    json_decref(driver_act(&timed, 1, "b2"));
    RoomError e;
    Room *watched = server_room(drv.srv, games[0].id, &e);
    assert_non_null(watched);
    Subscriber reader = {0};
    room_subscribe(watched, &reader, -1);
    assert_int_equal(in_memory(), GAMES + 1);
    /* before the idle time nothing leaves */
    drv.now += IDLE_S - 1;
    server_clock_tick(drv.srv);
    assert_int_equal(in_memory(), GAMES + 1);
    /* a request keeps a game: it is idle from its last request (rooms are
     * swept every quarter of the idle time) */
    free(state_text(&games[1]));
    drv.now += IDLE_S / 4 + 2;
    server_clock_tick(drv.srv);
    assert_true(cached(games[0].id)); /* its reader holds it */
    assert_true(cached(games[1].id)); /* asked for a second ago */
    assert_true(cached(timed.id));    /* its clock runs */
    assert_false(cached(games[2].id));
    assert_int_equal(in_memory(), 3);
    room_unsubscribe(watched, &reader);
    room_unref(watched);
    drv.now += IDLE_S + 1;
    server_clock_tick(drv.srv);
    assert_int_equal(in_memory(), 1); /* the clock's */
    /* each comes back identical when asked for, and plays on */
    for (int i = 0; i < GAMES; i++) {
        char *after = state_text(&games[i]);
        assert_string_equal(after, before[i]);
        free(after);
        free(before[i]);
    }
    assert_int_equal(in_memory(), GAMES + 1);
    json_t *s = driver_state(games[3].id, NULL);
    const char *legal = json_string_value(json_object_get(json_array_get(json_object_get(s, "legal"), 0), "action"));
    json_t *moved = driver_act(&games[3], 0, legal);
    json_decref(moved);
    json_decref(s);
    s = driver_wait_people(games[3].id);
    assert_int_equal(driver_acting(s), 0);
    json_decref(s);
}

/* The same answers from a game that left memory as from one that stayed:
 * two games of the same seed, one evicted between every move. */
static void a_reloaded_game_plays_as_one_that_stayed(void **state)
{
    token_seed_repeatable(42);
    Made kept = one_move("127.0.0.2", 2);
    token_seed_repeatable(42);
    Made gone = one_move("127.0.0.2", 2);
    for (int k = 0; k < 4; k++) {
        /* the AI's job or the store's listener may still hold gone for a
         * moment after its answer was read: swept again until it is free */
        int sweeps = 0;
        do {
            if (sweeps)
                usleep(20000);
            drv.now += IDLE_S + 1;
            free(state_text(&kept)); /* asked for: it stays */
            server_clock_tick(drv.srv);
            assert_true(cached(kept.id));
        } while (cached(gone.id) && ++sweeps < 250);
        assert_true(sweeps < 250);
        json_t *s = driver_state(kept.id, NULL);
        json_t *legal = json_object_get(s, "legal");
        if (json_array_size(legal) == 0) {
            json_decref(s);
            break;
        }
        char move[64];
        snprintf(move, sizeof move, "%s", json_string_value(json_object_get(json_array_get(legal, 0), "action")));
        json_decref(s);
        json_decref(driver_act(&kept, 0, move));
        json_decref(driver_act(&gone, 0, move));
        json_t *a = driver_wait_people(kept.id), *b = driver_wait_people(gone.id);
        assert_true(json_equal(json_object_get(a, "history"), json_object_get(b, "history")));
        json_decref(a);
        json_decref(b);
    }
}

static void a_restart_loads_only_running_clocks(void **state)
{
    Made ai = one_move("127.0.0.2", 0);
    Made timed = driver_create("{\"game\":\"morphos\",\"options\":{\"size\":5},\"clock\":{\"initial_s\":600},"
                               "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    Made waiting = driver_create("{\"game\":\"morphos\",\"options\":{\"size\":5},\"clock\":{\"initial_s\":600},"
                                 "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}");
    char *before = state_text(&ai);
    driver_stop();
    driver_start();
    /* SQLite: the clock's game is watched from the start; PostgreSQL: every game loads when asked for */
    assert_int_equal(atomic_load(&drv.srv->loaded), driver_on_postgresql() ? 0 : 1);
    assert_int_equal(in_memory(), driver_on_postgresql() ? 0 : 1);
    assert_true(cached(timed.id) != driver_on_postgresql());
    assert_false(cached(waiting.id));
    char *after = state_text(&ai);
    assert_string_equal(after, before);
    free(after);
    free(before);
}

/* A game against the AI that nobody played for the abandon time ends, out
 * of the lists, and replays; one between people does not. */
static void games_against_the_ai_left_alone_end(void **state)
{
    driver_stop();
    drv.cfg.abandon_s = 1;
    driver_start();
    Made ai = one_move("127.0.0.2", 1);
    Made three = driver_create("{\"game\":\"morpyam\",\"options\":{\"players\":3},\"listed\":true,\"seats\":[{\"kind\":\"human\","
                               "\"mine\":true},{\"kind\":\"ai\",\"level\":\"greedy\"},{\"kind\":\"ai\",\"level\":\"random\"}]}");
    json_decref(driver_wait_people(three.id));
    Made people = driver_create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                                "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    json_t *list = driver_expect(200, "GET", "/api/games?status=playing", NULL, NULL);
    assert_int_equal(json_array_size(json_object_get(list, "games")), 3);
    json_decref(list);
    sleep(2); /* the store's times are wall-clock seconds */
    drv.now += 10;
    server_clock_tick(drv.srv);
    json_t *s = driver_state(ai.id, NULL);
    assert_string_equal(json_string_value(json_object_get(s, "status")), "finished");
    assert_false(json_is_true(json_object_get(s, "listed")));
    assert_string_equal(json_string_value(json_object_get(json_object_get(s, "result"), "how")), "time");
    json_t *history = json_object_get(s, "history");
    const char *last = json_string_value(json_object_get(json_array_get(history, json_array_size(history) - 1), "action"));
    assert_string_equal(last, "timeout 1");
    json_decref(s);
    s = driver_state(three.id, NULL);
    assert_string_equal(json_string_value(json_object_get(s, "status")), "finished");
    json_decref(s);
    s = driver_state(people.id, NULL);
    assert_string_equal(json_string_value(json_object_get(s, "status")), "playing");
    json_decref(s);
    /* out of the lists: only the game between people is there */
    list = driver_expect(200, "GET", "/api/games?status=playing", NULL, NULL);
    assert_int_equal(json_array_size(json_object_get(list, "games")), 1);
    json_decref(list);
    list = driver_expect(200, "GET", "/api/games?status=finished", NULL, NULL);
    assert_int_equal(json_array_size(json_object_get(list, "games")), 0);
    json_decref(list);
    /* still replayable, its record whole */
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/record", ai.id);
    json_t *record = driver_expect(200, "GET", path, NULL, NULL);
    RecordError e;
    Session *replayed = record_load_json(record, "abandoned", true, &e);
    if (!replayed)
        fail_msg("%s", e.message);
    assert_true(session_is_terminal(replayed));
    session_free(replayed);
    json_decref(record);
    snprintf(path, sizeof path, "/api/games/%s/replay?at=1", ai.id);
    json_decref(driver_expect(200, "GET", path, NULL, NULL));
}

static void one_address_has_so_many_games_running(void **state)
{
    driver_stop();
    drv.cfg.running_per_client = 3;
    driver_start();
    static const char body[] = "{\"game\":\"morphos\",\"options\":{\"size\":5},"
                               "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}";
    drv.client = "127.0.0.2";
    Made first = driver_create(body);
    driver_create(body);
    driver_create(body);
    driver_refused(429, "POST", "/api/games", NULL, body, "too many running games from your address: at most 3");
    drv.client = "127.0.0.3";
    driver_create(body); /* another address */
    drv.client = "127.0.0.2";
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/resign", first.id);
    json_decref(driver_expect(200, "POST", path, first.token[0], NULL));
    driver_create(body); /* one is over: room for one more */
    driver_refused(429, "POST", "/api/games", NULL, body, "running games");
    /* over where this server did not hear of it (another server of a shared
     * store): the store says so once the address is at the limit */
    StoredGame g;
    bool found = false;
    char err[ERR_MAX + 128];
    server_running_add(drv.srv, "127.0.0.6", first.id);
    server_running_add(drv.srv, "127.0.0.6", first.id);
    server_running_add(drv.srv, "127.0.0.6", first.id);
    assert_true(drv.srv->store->ops->load(drv.srv->store, first.id, &g, &found, err, sizeof err) && found);
    assert_int_equal(g.status, STATUS_FINISHED);
    stored_game_clear(&g);
    drv.client = "127.0.0.6";
    driver_create(body);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(idle_games_leave_memory_and_come_back, setup, teardown),
        cmocka_unit_test_setup_teardown(a_reloaded_game_plays_as_one_that_stayed, setup, teardown),
        cmocka_unit_test_setup_teardown(a_restart_loads_only_running_clocks, setup, teardown),
        cmocka_unit_test_setup_teardown(games_against_the_ai_left_alone_end, setup, teardown),
        cmocka_unit_test_setup_teardown(one_address_has_so_many_games_running, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
