/* Games through the web API: creating one, joining it by invitation and
 * watching it, whole games of both games between people and against AIs,
 * real dice typed by the seat that rolls them, and what the page reads
 * beside the rules (the options' choices and ranges in meta, the fields of
 * every history entry). The helpers and the store (SQLite, or PostgreSQL
 * with MORPH_TEST_STORE=postgresql) are api_test.h's. */
#include "api_test.h"

static void create_join_and_watch(void **state)
{
    Created c = create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}");
    assert_int_equal(strlen(c.token[0]), TOKEN_LEN);
    assert_string_equal(c.token[1], "");
    assert_int_equal(strlen(c.invite[1]), INVITE_LEN);
    json_t *s = get_state(c.id, NULL);
    assert_string_equal(json_string_value(json_object_get(s, "status")), "waiting");
    assert_int_equal(json_array_size(json_object_get(json_object_get(s, "viewer"), "seats")), 0);
    json_decref(s);
    /* the waiting list shows it */
    json_t *list = expect(200, "GET", "/api/games?status=waiting", NULL, NULL);
    assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(list, "games"), 0), "id")),
                        c.id);
    json_decref(list);
    join(&c, 1);
    /* an invitation claims its seat once */
    char body[96];
    snprintf(body, sizeof body, "{\"code\":\"%s\"}", c.invite[1]);
    expect_error(404, "POST", "/api/join", NULL, body, "no open seat");
    s = get_state(c.id, c.token[1]);
    assert_string_equal(json_string_value(json_object_get(s, "status")), "playing");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(json_object_get(s, "viewer"), "seats"), 0)), 2);
    json_decref(s);
    /* the token is stored as a hash only */
    StoredGame g;
    bool found;
    char err[ERR_MAX + 128];
    assert_true(srv->store->ops->load(srv->store, c.id, &g, &found, err, sizeof err) && found);
    char hash[TOKEN_HASH_LEN + 1];
    token_hash(c.token[1], hash);
    assert_string_equal(g.seats[1].token_hash, hash);
    assert_string_equal(g.seats[1].invite, "");
    stored_game_clear(&g);
}

/* What the page needs beside the rules: the options' choices and ranges in
 * meta (each choice accepted, each bound held), and the structured fields of
 * every history entry (a roll's new dice beside the dice kept). */
static json_t *meta_option(json_t *meta, const char *game, const char *key)
{
    size_t i, j;
    json_t *g, *o;
    json_array_foreach(json_object_get(meta, "games"), i, g) {
        if (strcmp(json_string_value(json_object_get(g, "name")), game) != 0)
            continue;
        json_array_foreach(json_object_get(g, "options"), j, o)
            if (strcmp(json_string_value(json_object_get(o, "key")), key) == 0)
                return o;
    }
    fail_msg("meta has no option %s of %s", key, game);
    return NULL;
}

static void sorted_ints(const json_t *list, int *out, int *n)
{
    *n = (int)json_array_size(list);
    for (int i = 0; i < *n; i++)
        out[i] = (int)json_integer_value(json_array_get(list, (size_t)i));
    for (int i = 1; i < *n; i++)
        for (int j = i; j > 0 && out[j - 1] > out[j]; j--) {
            int t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
}

static void meta_choices_and_history_fields(void **state)
{
    json_t *meta = expect(200, "GET", "/api/meta", NULL, NULL);
    /* every choice listed is accepted by the game, and nothing past a range */
    const char *const lists[][2] = {{"morpyam", "variant"}, {"morpyam", "rules"}, {"morphos", "mutators"}};
    for (size_t k = 0; k < 3; k++) {
        json_t *choices = json_object_get(meta_option(meta, lists[k][0], lists[k][1]), "choices");
        assert_true(json_array_size(choices) >= 2);
        size_t i;
        json_t *c;
        json_array_foreach(choices, i, c) {
            char path[128];
            /* metamorph needs minimorph (a refused combination) */
            snprintf(path, sizeof path, "/api/rules/%s?%s=%s%s", lists[k][0], lists[k][1], json_string_value(c),
                     strcmp(json_string_value(c), "metamorph") == 0 ? ",minimorph" : "");
            json_decref(expect(200, "GET", path, NULL, NULL));
        }
    }
    assert_int_equal(json_array_size(json_object_get(meta_option(meta, "morpyam", "variant"), "choices")), 3);
    assert_null(json_object_get(meta_option(meta, "morpyam", "grid"), "choices"));
    const char *const ranges[][2] = {{"morpyam", "players"}, {"morphos", "size"}, {"morpyam", "turn-cap"}};
    for (size_t k = 0; k < 3; k++) {
        json_t *o = meta_option(meta, ranges[k][0], ranges[k][1]);
        json_int_t lo = json_integer_value(json_object_get(o, "min")), hi = json_integer_value(json_object_get(o, "max"));
        assert_true(lo < hi);
        char path[128];
        for (json_int_t v = lo - 1; v <= hi + 1; v += (v == lo ? hi - lo : 1)) {
            snprintf(path, sizeof path, "/api/rules/%s?%s=%lld", ranges[k][0], ranges[k][1], (long long)v);
            int status;
            json_decref(call("GET", path, NULL, NULL, &status));
            assert_int_equal(status, v < lo || v > hi ? 400 : 200);
        }
    }
    assert_int_equal(json_integer_value(json_object_get(meta_option(meta, "morphos", "size"), "max")), 19);
    json_decref(meta);

    /* a hot-seat Morpyam game: the roll-off dice, a roll, a reroll */
    Created c = create("{\"game\":\"morpyam\",\"seats\":[{\"kind\":\"human\",\"mine\":true},"
                       "{\"kind\":\"human\",\"mine\":true}]}");
    json_t *s = get_state(c.id, c.token[0]);
    json_t *first = json_array_get(json_object_get(s, "history"), 0);
    assert_string_equal(json_string_value(json_object_get(first, "kind")), "die");
    assert_int_equal(json_integer_value(json_object_get(first, "seat")), 1);
    int seat = (int)json_integer_value(json_object_get(s, "to_move")) - 1;
    json_decref(s);
    s = act(&c, seat, "roll", 200);
    json_t *history = json_object_get(s, "history");
    json_t *roll = json_array_get(history, json_array_size(history) - 1);
    assert_string_equal(json_string_value(json_object_get(roll, "kind")), "dice");
    assert_int_equal(json_integer_value(json_object_get(roll, "seat")), seat + 1);
    assert_int_equal(json_array_size(json_object_get(roll, "dice")), 5);
    assert_int_equal(json_array_size(json_object_get(roll, "kept")), 0);
    /* reroll two dice: the roll that follows names them and the three kept */
    const char *reroll = NULL;
    size_t i;
    json_t *a;
    json_array_foreach(json_object_get(s, "legal"), i, a)
        if (strcmp(json_string_value(json_object_get(a, "kind")), "reroll") == 0 &&
            json_array_size(json_object_get(a, "dice")) == 2) {
            reroll = json_string_value(json_object_get(a, "action"));
            break;
        }
    assert_non_null(reroll);
    char text[64];
    snprintf(text, sizeof text, "%s", reroll);
    json_decref(s);
    s = act(&c, seat, text, 200);
    history = json_object_get(s, "history");
    size_t n = json_array_size(history);
    json_t *decision = json_array_get(history, n - 2), *rolled = json_array_get(history, n - 1);
    assert_string_equal(json_string_value(json_object_get(decision, "action")), text);
    assert_string_equal(json_string_value(json_object_get(decision, "kind")), "reroll");
    assert_string_equal(json_string_value(json_object_get(rolled, "kind")), "dice");
    assert_int_equal(json_array_size(json_object_get(rolled, "kept")), 3);
    assert_int_equal(json_array_size(json_object_get(rolled, "dice")), 2);
    json_t *all = json_copy(json_object_get(rolled, "kept"));
    json_array_extend(all, json_object_get(rolled, "dice"));
    int both[5], shown[5], nb, ns;
    sorted_ints(all, both, &nb);
    json_decref(all);
    sorted_ints(json_object_get(json_object_get(s, "board"), "dice"), shown, &ns);
    assert_int_equal(nb, 5);
    assert_int_equal(ns, 5);
    assert_memory_equal(both, shown, sizeof both);
    /* the replay's history is the live history, entry for entry */
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/replay", c.id);
    json_t *replay = expect(200, "GET", path, NULL, NULL);
    assert_true(json_equal(json_object_get(replay, "history"), history));
    json_decref(replay);
    json_decref(s);
}

static void morphos_between_people(void **state)
{
    Created c = create("{\"game\":\"morphos\",\"options\":{\"size\":7,\"mutators\":[\"duomorph\",\"remorph\"]},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    json_t *end = play_out(&c, 1, 3000);
    const json_t *result = json_object_get(end, "result");
    assert_true(json_is_object(result));
    assert_true(json_array_size(json_object_get(result, "winners")) >= 1);
    json_int_t count = json_integer_value(json_object_get(end, "count"));
    assert_int_equal(json_array_size(json_object_get(end, "history")), count);
    /* every action in words from the library, and the end in words */
    size_t i;
    json_t *item;
    json_array_foreach(json_object_get(end, "history"), i, item) {
        const char *action = json_string_value(json_object_get(item, "action"));
        const char *text = json_string_value(json_object_get(item, "text"));
        assert_int_equal(json_integer_value(json_object_get(item, "index")), (json_int_t)i);
        assert_true(strlen(text) > strlen(action));
        assert_true(strncmp(text, "Black", 5) == 0 || strncmp(text, "White", 5) == 0 || strncmp(text, "P", 1) == 0);
        assert_true(json_is_object(json_object_get(item, "marks")));
    }
    assert_true(strlen(json_string_value(json_object_get(result, "text"))) > 10);
    json_decref(end);
    /* the store holds every action, and the finished list shows the game */
    StoredGame g;
    bool found;
    char err[ERR_MAX + 128];
    assert_true(srv->store->ops->load(srv->store, c.id, &g, &found, err, sizeof err) && found);
    assert_int_equal(g.count, count);
    assert_int_equal(g.status, STATUS_FINISHED);
    assert_non_null(g.result);
    stored_game_clear(&g);
    json_t *list = expect(200, "GET", "/api/games?status=finished&limit=5", NULL, NULL);
    assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(list, "games"), 0), "id")),
                        c.id);
    json_decref(list);
    /* after the end, nothing more */
    json_decref(act(&c, 0, "a1", 409));
}

static void morpyam_against_ai(void **state)
{
    Created c = create("{\"game\":\"morpyam\",\"options\":{\"players\":3,\"variant\":\"flash\"},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"ai\",\"level\":\"greedy\"},"
                       "{\"kind\":\"ai\",\"level\":\"random\"}]}");
    json_t *end = play_out(&c, 2, 5000);
    const json_t *result = json_object_get(end, "result");
    assert_true(json_is_object(result));
    assert_int_equal(json_array_size(json_object_get(result, "points")), 3);
    json_decref(end);
    /* without seats: you, and Morpyam's default AI (master) in the others */
    c = create("{\"game\":\"morpyam\",\"options\":{\"players\":3}}");
    json_t *s = get_state(c.id, NULL);
    for (size_t p = 1; p < 3; p++)
        assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(s, "seats"), p), "level")),
                            "master");
    json_decref(s);
}

static void morpyam_plus_real_dice(void **state)
{
    Created c = create("{\"game\":\"morpyam\",\"options\":{\"variant\":\"plus\"},\"dice\":\"real\","
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    json_t *s = get_state(c.id, NULL);
    assert_string_equal(json_string_value(json_object_get(s, "dice")), "real");
    json_decref(s);
    json_t *end = play_out(&c, 3, 8000);
    assert_true(json_is_object(json_object_get(end, "result")));
    json_decref(end);
}

static void real_dice_are_typed_by_the_roller(void **state)
{
    char path[64];
    Created c = create("{\"game\":\"morpyam\",\"dice\":\"real\","
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    json_t *s = get_state(c.id, NULL);
    /* the roll-off: a chance node whose die a seat types */
    assert_true(json_is_null(json_object_get(s, "to_move")));
    int seat = acting(s);
    assert_true(seat >= 0);
    json_int_t version = json_integer_value(json_object_get(s, "version"));
    json_decref(s);
    json_decref(act(&c, 1 - seat, "die 3", 403));
    json_decref(act(&c, seat, "die 7", 422));
    json_decref(act(&c, seat, "dice 1 2 3 4 5", 422));
    /* one roll at a time: the next may be another person's to type */
    snprintf(path, sizeof path, "/api/games/%s/actions", c.id);
    expect_error(403, "POST", path, c.token[seat], "{\"action\":\"die 3,die 4\"}", "one at a time");
    assert_int_equal(state_int(c.id, "version"), version);
    json_decref(act(&c, seat, "die 3", 200));
    assert_int_equal(state_int(c.id, "count"), 1);
    /* the server never draws in a real-dice game between people */
    Created auto_game = create("{\"game\":\"morpyam\",\"seats\":[{\"kind\":\"human\",\"mine\":true},"
                               "{\"kind\":\"human\",\"mine\":true}]}");
    s = get_state(auto_game.id, NULL);
    assert_true(json_is_integer(json_object_get(s, "to_move")));
    assert_true(json_integer_value(json_object_get(s, "count")) >= 2);
    seat = acting(s);
    json_decref(act(&auto_game, seat, "die 3", 422));
    json_decref(act(&auto_game, 1 - seat, "die 3", 403));
    /* a text that runs into the dice the server draws is refused whole */
    snprintf(path, sizeof path, "/api/games/%s/actions", auto_game.id);
    expect_error(403, "POST", path, auto_game.token[seat], "{\"action\":\"roll,dice 1 2 3 4 5\"}",
                 "a chance event follows 'roll'");
    assert_int_equal(state_int(auto_game.id, "count"), json_integer_value(json_object_get(s, "count")));
    json_decref(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(create_join_and_watch, setup, teardown),
        cmocka_unit_test_setup_teardown(meta_choices_and_history_fields, setup, teardown),
        cmocka_unit_test_setup_teardown(morphos_between_people, setup, teardown),
        cmocka_unit_test_setup_teardown(morpyam_against_ai, setup, teardown),
        cmocka_unit_test_setup_teardown(morpyam_plus_real_dice, setup, teardown),
        cmocka_unit_test_setup_teardown(real_dice_are_typed_by_the_roller, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
