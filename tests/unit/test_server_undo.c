/* Undo, hints and resigning through the web API: an undo against an AI
 * that never reveals dice (refused between people), a hint in the library's
 * words, resigning. The helpers and the store (SQLite, or PostgreSQL with
 * MORPH_TEST_STORE=postgresql) are api_test.h's. */
#include "api_test.h"

static void undo_never_reveals_dice(void **state)
{
    Created c = create("{\"game\":\"morpyam\",\"seats\":[{\"kind\":\"human\",\"mine\":true},"
                       "{\"kind\":\"ai\",\"level\":\"random\"}]}");
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/undo", c.id);
    /* to P1's first decision of a turn */
    json_t *s = wait_people(c.id);
    while (strcmp(json_string_value(json_object_get(json_object_get(s, "board"), "phase")), "start") != 0) {
        /* P1 plays its turn out: pass when it can, else the first legal action */
        json_t *legal = json_object_get(s, "legal");
        const char *a = json_string_value(json_object_get(json_array_get(legal, 0), "action"));
        for (size_t i = 0; i < json_array_size(legal); i++)
            if (strcmp(json_string_value(json_object_get(json_array_get(legal, i), "action")), "pass") == 0)
                a = "pass";
        char action[64];
        snprintf(action, sizeof action, "%s", a);
        json_decref(s);
        json_decref(act(&c, 0, action, 200));
        s = wait_people(c.id);
    }
    json_decref(s);
    json_decref(act(&c, 0, "roll", 200));
    s = get_state(c.id, NULL);
    json_t *dice = json_deep_copy(json_object_get(json_object_get(s, "board"), "dice"));
    json_int_t count = json_integer_value(json_object_get(s, "count"));
    json_decref(s);
    /* the roll has been seen: it cannot be taken back */
    expect_error(409, "POST", path, c.token[0], NULL, "roll");
    /* a hint is the whole plan of the turn with its chance, in words */
    char hint_path[64];
    snprintf(hint_path, sizeof hint_path, "/api/games/%s/hint", c.id);
    json_t *hint = expect(200, "POST", hint_path, c.token[0], NULL);
    const json_t *plan = json_object_get(hint, "plan");
    assert_true(json_array_size(plan) >= 1);
    assert_string_equal(json_string_value(json_array_get(plan, 0)), json_string_value(json_object_get(hint, "action")));
    const char *words = json_string_value(json_object_get(hint, "words"));
    /* a plan that ends in a roll says its chance; one that places or passes
     * says what it does, in the library's sentence */
    const char *last = json_string_value(json_array_get(plan, json_array_size(plan) - 1));
    if (strncmp(last, "place", 5) == 0 || strcmp(last, "pass") == 0) {
        assert_non_null(strstr(words, ": P1 "));
    } else {
        assert_true((strchr(words, '%') && (strstr(words, "to cover") || strstr(words, "to win"))) ||
                    strstr(words, "no token expected"));
        assert_true(json_is_real(json_object_get(hint, "chance")));
    }
    assert_string_equal(json_string_value(json_object_get(hint, "ai")), "master");
    json_t *again = expect(200, "POST", hint_path, c.token[0], NULL); /* the same version: the same advice */
    assert_true(json_equal(hint, again));
    json_decref(again);
    json_decref(hint);
    expect_error(403, "POST", hint_path, NULL, NULL, "token");
    /* a call (no die seen since) can be, and the dice stay; the figure is
     * named for people beside its action word */
    json_t *called = act(&c, 0, "call suite", 200);
    assert_string_equal(json_string_value(json_object_get(json_object_get(called, "board"), "call")), "suite");
    assert_string_equal(json_string_value(json_object_get(json_object_get(called, "board"), "call_name")), "straight");
    json_t *last_call = json_object_get(called, "last");
    assert_string_equal(json_string_value(json_object_get(last_call, "figure")), "suite");
    assert_string_equal(json_string_value(json_object_get(last_call, "name")), "straight");
    assert_string_equal(json_string_value(json_object_get(last_call, "text")), "P1 calls straight");
    json_decref(called);
    expect_error(403, "POST", path, NULL, NULL, "token");
    json_t *undone = expect(200, "POST", path, c.token[0], NULL);
    assert_int_equal(json_integer_value(json_object_get(undone, "count")), count);
    assert_true(json_equal(dice, json_object_get(json_object_get(undone, "board"), "dice")));
    assert_true(json_is_null(json_object_get(json_object_get(undone, "board"), "call")));
    json_decref(undone);
    json_decref(dice);
    /* undo is recorded: the store has the shorter history */
    StoredGame g;
    bool found;
    char err[ERR_MAX + 128];
    assert_true(srv->store->ops->load(srv->store, c.id, &g, &found, err, sizeof err) && found);
    assert_int_equal(g.count, count);
    assert_int_equal(g.undo_low, count);
    stored_game_clear(&g);
    /* between people, undo is refused: a move stands */
    Created p = create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    json_decref(act(&p, 0, "c3", 200));
    snprintf(path, sizeof path, "/api/games/%s/undo", p.id);
    expect_error(409, "POST", path, p.token[0], NULL, "AI");
}

static void morphos_undo_hint_resign(void **state)
{
    Created c = create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"ai\",\"level\":\"greedy\"}]}");
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/hint", c.id);
    json_t *hint = expect(200, "POST", path, c.token[0], NULL);
    const char *action = json_string_value(json_object_get(hint, "action"));
    assert_non_null(action);
    json_t *s = get_state(c.id, NULL);
    bool listed = false;
    size_t i;
    json_t *item;
    json_array_foreach(json_object_get(s, "legal"), i, item) listed |=
        strcmp(json_string_value(json_object_get(item, "action")), action) == 0;
    assert_true(listed);
    json_decref(s);
    /* the move with its win rate in words (ai_advise, as the terminal's hint) */
    assert_string_equal(json_string_value(json_array_get(json_object_get(hint, "plan"), 0)), action);
    const char *words = json_string_value(json_object_get(hint, "words"));
    assert_non_null(strstr(words, action));
    assert_non_null(strstr(words, "Black"));
    double chance = json_real_value(json_object_get(hint, "chance"));
    assert_true(chance >= 0 && chance <= 1);
    assert_string_equal(json_string_value(json_object_get(hint, "cell")), action);
    assert_string_equal(json_string_value(json_object_get(hint, "ai")), "mcts:ms=50");
    assert_true(strlen(json_string_value(json_object_get(hint, "detail"))) > 0);
    json_decref(hint);
    expect_error(403, "POST", path, NULL, NULL, "token");
    json_decref(act(&c, 0, "c3", 200));
    s = wait_people(c.id);
    assert_int_equal(json_integer_value(json_object_get(s, "count")), 2);
    json_decref(s);
    snprintf(path, sizeof path, "/api/games/%s/undo", c.id);
    json_t *undone = expect(200, "POST", path, c.token[0], NULL);
    assert_int_equal(json_integer_value(json_object_get(undone, "count")), 0);
    assert_int_equal(json_integer_value(json_object_get(undone, "to_move")), 1);
    json_decref(undone);
    snprintf(path, sizeof path, "/api/games/%s/resign", c.id);
    expect_error(403, "POST", path, NULL, NULL, "token");
    json_t *over = expect(200, "POST", path, c.token[0], NULL);
    assert_string_equal(json_string_value(json_object_get(over, "status")), "finished");
    assert_int_equal(json_integer_value(json_array_get(json_object_get(json_object_get(over, "result"), "winners"), 0)),
                     2);
    json_decref(over);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(undo_never_reveals_dice, setup, teardown),
        cmocka_unit_test_setup_teardown(morphos_undo_hint_resign, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
