/* The analyses' queue shared fairly between addresses (analyses.h): an
 * address has at most two analyses waiting or running (429 past them); when
 * addresses flooding it fill the queue, another address's analysis is still
 * accepted (a flooder's newest waiting one gives way and ends "failed",
 * saying to ask again); while two addresses flood it, a third's analysis
 * starts before theirs that wait, so within the time of the one running; a
 * finished game's own player goes before the uploads of strangers. Runs over SQLite and, with
 * MORPH_TEST_STORE, over PostgreSQL. */
#include "api_driver.h"

#define FLOODERS 6

static int setup(void **state)
{
    driver_init();
    /* A fixed amount of search, small; at the priority of the test, since
     * the order is what is tested here: at nice 19, on a machine loaded
     * with the other suites, the analyses would get only what they leave. */
    drv.cfg.analysis_ms = 2;
    drv.cfg.analysis_nice = 0;
    driver_start();
    return 0;
}

static int teardown(void **state)
{
    driver_done();
    return 0;
}

/* A finished Morphos 5x5 game of two seats of this client, some moves then
 * a resignation: its id and tokens. */
static Made finished_game(void)
{
    Made m = driver_create("{\"game\":\"morphos\",\"options\":{\"size\":5},\"seats\":[{\"kind\":\"human\","
                           "\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    const char *moves[] = {"c3", "b2", "d4", "b4", "d2", "c2", "b3", "d3"};
    for (int i = 0; i < 8; i++)
        json_decref(driver_act(&m, i % 2, moves[i]));
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/resign", m.id);
    json_decref(driver_expect(200, "POST", path, m.token[1], "{}"));
    return m;
}

/* The record of game id, as text (the body of an upload). */
static char *record_of(const char *id)
{
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/record", id);
    json_t *rec = driver_expect(200, "GET", path, NULL, NULL);
    char *text = json_dumps(rec, JSON_COMPACT);
    json_decref(rec);
    return text;
}

/* Uploads record from address: the status; the analysis's id into id. */
static int upload(const char *address, const char *record, char id[ANALYSIS_ID_LEN + 1])
{
    drv.client = address;
    int status;
    json_t *doc = driver_call("POST", "/api/analyses", NULL, record, &status);
    id[0] = '\0';
    if (status == 202 || status == 200)
        snprintf(id, ANALYSIS_ID_LEN + 1, "%s", json_string_value(json_object_get(doc, "id")));
    json_decref(doc);
    drv.client = "10.0.0.1";
    return status;
}

/* The status word of an analysis ("queued", "running", "done", "failed"). */
static const char *status_of(const char *path)
{
    static char word[16];
    int status;
    json_t *doc = driver_call("GET", path, NULL, NULL, &status);
    snprintf(word, sizeof word, "%s", json_string_value(json_object_get(doc, "status")));
    json_decref(doc);
    return word;
}

typedef struct Waiting {
    char path[80];
    bool queued; /* waiting when the newcomer asked */
} Waiting;

/* The flood: addresses that ask again each time one of theirs ends, so
 * that they always hold two. Their analyses join the list being watched. */
static struct {
    const char *record;
    const char *address[2];
    int count;
    Waiting *w;
    int *n, max;
} flood;

static void keep_flooding(void)
{
    char id[ANALYSIS_ID_LEN + 1];
    for (int f = 0; f < flood.count; f++)
        while (*flood.n < flood.max && upload(flood.address[f], flood.record, id) == 202) {
            Waiting *x = &flood.w[(*flood.n)++];
            snprintf(x->path, sizeof x->path, "/api/analyses/%s", id);
            x->queued = true; /* asked after the newcomer */
        }
}

/* Polls until the analysis at path has left the queue; before that, no
 * more than QUEUE_TURN of those seen waiting after it came may start (read
 * first, so that a start seen there came before path's). The pool weighs
 * an address's jobs and its recent use: a flooder whose other analysis has
 * just ended holds one, as path's address does, and since analyses became
 * short (a long game shares 20 decisions' budget) their recent uses are
 * close, so a few flooders' analyses may go first (up to 6 seen in 25
 * rounds). The bound kept is the queue's length: path starts before the
 * queue has turned over once, however long the flood. */
#define QUEUE_TURN 8
static void starts_before_the_waiting(const char *path, Waiting *w, int n)
{
    int before = 0;
    for (int round = 0; round < 12000; round++) {
        keep_flooding();
        n = flood.count ? *flood.n : n;
        int started[64], k = 0;
        for (int i = 0; i < n && k < 64; i++)
            if (w[i].queued && strcmp(status_of(w[i].path), "queued") != 0)
                started[k++] = i;
        /* only if path is still waiting now did those start before it */
        if (strcmp(status_of(path), "queued") != 0)
            return;
        for (int j = 0; j < k; j++) {
            w[started[j]].queued = false;
            if (++before > QUEUE_TURN)
                fail_msg("%s is analysis %d to start before %s, which came later from an address holding less",
                         w[started[j]].path, before, path);
        }
        usleep(5000);
    }
    fail_msg("%s did not start within a minute", path);
}

/* Waits until no analysis of w is queued or running. */
static void drained(Waiting *w, int n)
{
    for (int round = 0; round < 24000; round++) {
        int busy = 0;
        for (int i = 0; i < n; i++) {
            const char *s = status_of(w[i].path);
            busy += strcmp(s, "queued") == 0 || strcmp(s, "running") == 0;
        }
        if (!busy)
            return;
        usleep(5000);
    }
    fail_msg("the analyses did not end within two minutes");
}

/* Two addresses upload records in a loop (the flood of the issue): each
 * holds two analyses at most, so a third address is accepted every time,
 * and its analysis starts before every flooder's that waits (they hold
 * more), before the queue has turned over once, round after round. */
static void flood_leaves_room_for_others(void **state)
{
    Made m = finished_game();
    char *record = record_of(m.id);
    char id[ANALYSIS_ID_LEN + 1];
    static Waiting w[400];
    int n = 0;
    flood.record = record;
    flood.address[0] = "10.7.0.1";
    flood.address[1] = "10.7.0.2";
    flood.count = 2;
    flood.w = w;
    flood.n = &n;
    flood.max = 400;
    keep_flooding();
    assert_int_equal(n, 4);
    assert_int_equal(upload("10.7.0.1", record, id), 429); /* two each */
    for (int round = 0; round < 4; round++) {
        assert_int_equal(upload("10.8.0.1", record, id), 202);
        char newcomer[80];
        snprintf(newcomer, sizeof newcomer, "/api/analyses/%s", id);
        for (int i = 0; i < n; i++) /* waiting after the newcomer asked */
            w[i].queued = strcmp(status_of(w[i].path), "queued") == 0;
        starts_before_the_waiting(newcomer, w, n);
        for (int wait = 0; wait < 12000 && strcmp(status_of(newcomer), "done") != 0; wait++)
            usleep(5000);
        assert_string_equal(status_of(newcomer), "done");
    }
    flood.count = 0;
    drained(w, n);
    free(record);
}

/* Long analyses for the full queue: the first runs for seconds, so the
 * queue holds still while the test fills it (with short ones the worker
 * could take one at any moment, and whether a newcomer found the queue full
 * was a race on a loaded machine). The server's stop ends the running one
 * at its next decision. */
static int setup_long(void **state)
{
    driver_init();
    drv.cfg.analysis_ms = 3000;
    drv.cfg.analysis_max_s = 120;
    drv.cfg.analysis_nice = 0;
    driver_start();
    return 0;
}

/* Six addresses fill the queue (one running, 8 waiting, 3 refused): a
 * newcomer is still accepted, and the newest waiting analysis of an
 * address holding two gives way, ending "failed" with words that say to
 * ask again. */
static void full_queue_makes_room(void **state)
{
    Made m = finished_game();
    char *record = record_of(m.id);
    char id[ANALYSIS_ID_LEN + 1], address[32];
    Waiting w[FLOODERS * 2 + 1];
    int n = 0, full = 0;
    for (int round = 0; round < 2; round++)
        for (int a = 0; a < FLOODERS; a++) {
            snprintf(address, sizeof address, "10.7.0.%d", a + 1);
            int status = upload(address, record, id);
            assert_true(status == 202 || status == 503);
            full += status == 503;
            if (status == 202)
                snprintf(w[n++].path, sizeof w[0].path, "/api/analyses/%s", id);
            for (int wait = 0; n == 1 && wait < 12000 && strcmp(status_of(w[0].path), "running") != 0; wait++)
                usleep(5000); /* the first one taken by the worker */
            if (n == 1)
                assert_string_equal(status_of(w[0].path), "running");
        }
    assert_int_equal(n, 9);
    assert_int_equal(full, 3);
    assert_int_equal(upload("10.8.0.1", record, id), 202);
    snprintf(w[n++].path, sizeof w[0].path, "/api/analyses/%s", id);
    int gave_way = 0, last_gave_way = -1;
    for (int i = 0; i < n; i++) {
        int status;
        json_t *doc = driver_call("GET", w[i].path, NULL, NULL, &status);
        if (strcmp(json_string_value(json_object_get(doc, "status")), "failed") == 0) {
            gave_way++;
            last_gave_way = i;
            assert_non_null(strstr(json_string_value(json_object_get(doc, "error")), "ask again"));
        }
        json_decref(doc);
    }
    assert_int_equal(gave_way, 1);
    assert_true(last_gave_way >= FLOODERS); /* a second analysis of its address */
    assert_string_equal(status_of(w[n - 1].path), "queued");
    free(record);
}

/* A finished game's player asks while strangers' uploads fill the queue:
 * accepted, and started before all of them. */
static void players_go_first(void **state)
{
    Made m = finished_game();
    Made other = finished_game();
    char *record = record_of(other.id);
    char id[ANALYSIS_ID_LEN + 1], address[32];
    Waiting w[12];
    int n = 0;
    for (int a = 0; a < 5; a++)
        for (int k = 0; k < 2; k++) {
            snprintf(address, sizeof address, "10.9.0.%d", a + 1);
            int status = upload(address, record, id);
            assert_true(status == 202 || status == 503);
            if (status == 202)
                snprintf(w[n++].path, sizeof w[0].path, "/api/analyses/%s", id);
        }
    char path[80];
    snprintf(path, sizeof path, "/api/games/%s/analysis", m.id);
    drv.client = "10.9.9.9";
    json_decref(driver_expect(202, "POST", path, m.token[0], NULL));
    drv.client = "10.0.0.1";
    for (int i = 0; i < n; i++) /* waiting after the player asked (or given way to the player's) */
        w[i].queued = strcmp(status_of(w[i].path), "queued") == 0;
    starts_before_the_waiting(path, w, n);
    drained(w, n);
    for (int round = 0; round < 12000 && strcmp(status_of(path), "done") != 0; round++)
        usleep(5000);
    assert_string_equal(status_of(path), "done");
    free(record);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(flood_leaves_room_for_others, setup, teardown),
        cmocka_unit_test_setup_teardown(full_queue_makes_room, setup_long, teardown),
        cmocka_unit_test_setup_teardown(players_go_first, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
