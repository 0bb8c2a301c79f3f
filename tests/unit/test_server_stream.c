/* A game's live stream through the web API: a reader that reconnects with
 * Last-Event-ID gets the actions it missed, then the state; a new action
 * wakes it. The helpers and the store (SQLite, or PostgreSQL with
 * MORPH_TEST_STORE=postgresql) are api_test.h's. */
#include "api_test.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(stream_replays_what_was_missed, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
