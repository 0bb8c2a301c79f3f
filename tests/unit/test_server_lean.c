/* Lean answers (docs/web-api.md, "Lean answers"): an action asked with
 * ?lean=1 answers what changed (the version, the count, the entries of the
 * request's actions and the dice the server drew after them, the clock)
 * instead of the whole state, and a lean stream sends ticks between whole
 * states: after new actions only a tick, after a seat claimed or an undo
 * the whole state. The helpers and the store are api_test.h's. */
#include "api_test.h"

static void lean_action_answers_what_changed(void **state)
{
    Created c = create("{\"game\":\"morphos\",\"options\":{\"size\":9},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    char path[96];
    snprintf(path, sizeof path, "/api/games/%s/actions?lean=1", c.id);
    json_t *lean = expect(200, "POST", path, c.token[0], "{\"action\":\"e5\",\"version\":1}");
    assert_int_equal(json_integer_value(json_object_get(lean, "from")), 0);
    assert_int_equal(json_integer_value(json_object_get(lean, "count")), 1);
    assert_int_equal(json_integer_value(json_object_get(lean, "to_move")), 2);
    assert_string_equal(json_string_value(json_object_get(lean, "status")), "playing");
    assert_true(json_is_null(json_object_get(lean, "clock")));
    assert_null(json_object_get(lean, "legal")); /* the page's engine computes it */
    assert_null(json_object_get(lean, "board"));
    /* the seats, as the whole state has them (can_undo, undo_why) */
    json_t *now = get_state(c.id, NULL);
    assert_true(json_equal(json_object_get(lean, "seats"), json_object_get(now, "seats")));
    json_decref(now);
    const json_t *entries = json_object_get(lean, "entries");
    assert_int_equal(json_array_size(entries), 1);
    const json_t *entry = json_array_get(entries, 0);
    assert_string_equal(json_string_value(json_object_get(entry, "action")), "e5");
    assert_string_equal(json_string_value(json_object_get(entry, "text")), "Black places a stone on e5");
    /* the whole state's version and history agree with it */
    json_t *s = get_state(c.id, NULL);
    assert_int_equal(json_integer_value(json_object_get(s, "version")), json_integer_value(json_object_get(lean, "version")));
    assert_true(json_equal(json_array_get(json_object_get(s, "history"), 0), (json_t *)entry));
    json_decref(s);
    /* a 9x9 move in a few hundred bytes (the whole state is over 8 KB) */
    char *text = json_dumps(lean, JSON_COMPACT);
    assert_true(strlen(text) < 1024);
    free(text);
    json_decref(lean);
    /* a refusal is the same as without lean */
    expect_error(422, "POST", path, c.token[1], "{\"action\":\"e5\"}", "e5 is taken");
    snprintf(path, sizeof path, "/api/games/%s/actions?lean=yes", c.id);
    expect_error(400, "POST", path, c.token[1], "{\"action\":\"d4\"}", "'lean' must be 1");
    snprintf(path, sizeof path, "/api/games/%s/actions?full=1", c.id);
    expect_error(400, "POST", path, c.token[1], "{\"action\":\"d4\"}", NULL);
    /* lean=0: the whole state, as without it */
    snprintf(path, sizeof path, "/api/games/%s/actions?lean=0", c.id);
    json_t *whole = expect(200, "POST", path, c.token[1], "{\"action\":\"d4\"}");
    assert_int_equal(json_array_size(json_object_get(whole, "legal")), 79);
    json_decref(whole);
}

/* POST /api/games?lean=1: the creator's answer without the state, and
 * what the game holds so far as a lean answer from index 0 (a Morpyam
 * roll-off's dice: the entries the whole state's history has). */
static void lean_creation_answers_without_the_state(void **state)
{
    const char *body = "{\"game\":\"morpyam\",\"seats\":[{\"kind\":\"human\",\"mine\":true},"
                       "{\"kind\":\"human\",\"mine\":true}]}";
    json_t *made = expect(201, "POST", "/api/games?lean=1", NULL, body);
    assert_null(json_object_get(made, "state"));
    const char *id = json_string_value(json_object_get(made, "id"));
    assert_non_null(id);
    assert_int_equal(json_array_size(json_object_get(made, "seats")), 2);
    const json_t *changes = json_object_get(made, "changes");
    assert_int_equal(json_integer_value(json_object_get(changes, "from")), 0);
    assert_null(json_object_get(changes, "legal"));
    json_t *whole = get_state(id, NULL);
    assert_int_equal(json_integer_value(json_object_get(changes, "count")),
                     json_integer_value(json_object_get(whole, "count")));
    assert_true(json_equal(json_object_get(changes, "entries"), json_object_get(whole, "history")));
    assert_int_equal(json_integer_value(json_object_get(changes, "version")),
                     json_integer_value(json_object_get(whole, "version")));
    json_decref(whole);
    json_decref(made);
    /* lean=0, or none: the whole state */
    made = expect(201, "POST", "/api/games?lean=0", NULL, body);
    assert_non_null(json_object_get(json_object_get(made, "state"), "legal"));
    assert_null(json_object_get(made, "changes"));
    json_decref(made);
    expect_error(400, "POST", "/api/games?lean=true", NULL, body, "'lean' must be 1");
    expect_error(400, "POST", "/api/games?full=1", NULL, body, NULL);
}

static void lean_answer_has_the_dice_drawn_after(void **state)
{
    Created c = create("{\"game\":\"morpyam\",\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    json_t *s = get_state(c.id, NULL);
    int count = (int)json_integer_value(json_object_get(s, "count"));
    int seat = acting(s);
    json_decref(s);
    assert_true(count >= 2); /* the roll-off, drawn by the server */
    char path[96];
    snprintf(path, sizeof path, "/api/games/%s/actions?lean=1", c.id);
    json_t *lean = expect(200, "POST", path, c.token[seat], "{\"action\":\"roll\"}");
    assert_int_equal(json_integer_value(json_object_get(lean, "from")), count);
    const json_t *entries = json_object_get(lean, "entries");
    assert_int_equal(json_array_size(entries), 2); /* the roll, then the dice */
    assert_string_equal(json_string_value(json_object_get(json_array_get(entries, 0), "action")), "roll");
    assert_string_equal(json_string_value(json_object_get(json_array_get(entries, 1), "kind")), "dice");
    assert_int_equal(json_integer_value(json_object_get(lean, "count")), count + 2);
    json_decref(lean);
}

/* The events of a stream as "event" words. */
static void event_names(const char *text, char *out, size_t outlen)
{
    out[0] = '\0';
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, "event: ")) != NULL; p += 7) {
        size_t len = strcspn(p + 7, "\n");
        n += (size_t)snprintf(out + n, outlen - n, "%s%.*s", n ? "," : "", (int)len, p + 7);
    }
}

static void wake_nothing(void *ctx)
{
    (void)ctx;
}

static void fill(Room *room, Subscriber *sub, StrBuf *out)
{
    sb_clear(out);
    pthread_mutex_lock(&room->lock);
    room_stream_fill(room, sub, out);
    pthread_mutex_unlock(&room->lock);
}

static void lean_stream_ticks_between_whole_states(void **state)
{
    Created c = create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}");
    RoomError e;
    Room *room = server_room(srv, c.id, &e);
    assert_non_null(room);
    Subscriber sub = {.wake = wake_nothing, .lean = true};
    room_subscribe(room, &sub, -1);
    StrBuf out = STRBUF_INIT;
    char got[256];
    fill(room, &sub, &out);
    event_names(sb_str(&out), got, sizeof got);
    assert_string_equal(got, "state"); /* first, the whole state */
    join(&c, 1);
    fill(room, &sub, &out);
    event_names(sb_str(&out), got, sizeof got);
    assert_string_equal(got, "state"); /* a seat claimed: the whole state */
    json_decref(act(&c, 0, "c3", 200));
    fill(room, &sub, &out);
    event_names(sb_str(&out), got, sizeof got);
    assert_string_equal(got, "action,tick"); /* new actions only: a tick */
    const char *tick = strstr(sb_str(&out), "event: tick\ndata: ") + 18;
    json_t *t = json_loads(tick, JSON_DISABLE_EOF_CHECK, NULL);
    assert_non_null(t);
    assert_int_equal(json_integer_value(json_object_get(t, "count")), 1);
    assert_int_equal(json_integer_value(json_object_get(t, "to_move")), 2);
    assert_null(json_object_get(t, "history"));
    /* the seats come with it: whether an undo would be taken changes with every action */
    assert_int_equal(json_array_size(json_object_get(t, "seats")), 2);
    json_decref(t);
    assert_true(strlen(sb_str(&out)) < 1024);
    /* a reader that is not lean gets the whole state as before */
    Subscriber whole = {.wake = wake_nothing};
    room_subscribe(room, &whole, 0);
    fill(room, &whole, &out);
    event_names(sb_str(&out), got, sizeof got);
    assert_string_equal(got, "state");
    json_decref(act(&c, 1, "b2", 200));
    fill(room, &whole, &out);
    event_names(sb_str(&out), got, sizeof got);
    assert_string_equal(got, "action,state");
    room_unsubscribe(room, &whole);
    /* the API grants a lean stream, and refuses a bad value */
    char path[96];
    snprintf(path, sizeof path, "/api/games/%s/events", c.id);
    ApiParam q = {"lean", "1"};
    ApiRequest req = {.method = "GET", .path = path, .query = &q, .nquery = 1, .client = client};
    ApiResponse res;
    api_handle(srv, &req, &res);
    assert_int_equal(res.status, 200);
    assert_true(res.stream_lean);
    api_response_free(&res);
    limits_stream_release(srv->limits, client);
    q.value = "2";
    api_handle(srv, &req, &res);
    assert_int_equal(res.status, 400);
    api_response_free(&res);
    room_unsubscribe(room, &sub);
    sb_free(&out);
    room_unref(room);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(lean_action_answers_what_changed, setup, teardown),
        cmocka_unit_test_setup_teardown(lean_creation_answers_without_the_state, setup, teardown),
        cmocka_unit_test_setup_teardown(lean_answer_has_the_dice_drawn_after, setup, teardown),
        cmocka_unit_test_setup_teardown(lean_stream_ticks_between_whole_states, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
