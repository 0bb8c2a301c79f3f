/* Game records of the front end, driven through the toy game "race": every
 * key written, replays to the same result, winners named from one, a
 * tampered record refused with what is wrong, and record files written
 * whole and checked. */
#include "front_test.h"

static Session *finished_game(uint64_t seed)
{
    const char *players[] = {"ai:random", "ai:random"};
    Session *s = race_session("6", seed, players);
    char err[ERR_MAX];
    while (!session_is_terminal(s)) {
        if (!session_chance_step(s)) {
            Action a;
            assert_true(session_ai_choose(s, &a, NULL, err, sizeof err));
            assert_true(session_apply(s, a, err, sizeof err));
        }
    }
    return s;
}

static void record_has_every_key(void **unused)
{
    Session *s = race_session("6", 5, NULL);
    char err[ERR_MAX];
    assert_true(session_apply_text(s, "roll 2,take", err, sizeof err));
    json_t *doc = record_from_session(s, "2026-01-02T03:04:05Z");
    json_t *updated = json_object_get(doc, "updated");
    assert_true(is_timestamp(updated));
    json_object_del(doc, "updated");
    ASSERT_JSON(doc, "{\"format\":\"morph-record\",\"version\":1,\"game\":\"race\",\"options\":{\"players\":2,"
                     "\"target\":6,\"tags\":[]},\"players\":[{\"kind\":\"human\"},{\"kind\":\"human\"}],\"seed\":5,"
                     "\"chance\":\"typed\",\"actions\":[\"roll 2\",\"take\"],\"result\":null,\"created\":\"2026-01-02T03:04:05Z\"}");
    json_decref(doc);
    session_free(s);
}

static void records_replay_to_the_same_result(void **unused)
{
    /* Seeded random games: every record reloads to the same history and result. */
    for (uint64_t seed = 0; seed < 300; seed++) {
        Session *s = finished_game(seed);
        json_t *doc = record_from_session(s, NULL);
        RecordError e;
        Session *back = record_load_json(doc, "mem", true, &e);
        if (!back)
            fail_msg("seed %llu: %s", (unsigned long long)seed, e.message);
        assert_int_equal(back->count, s->count);
        for (int i = 0; i < s->count; i++)
            assert_string_equal(back->steps[i].text, s->steps[i].text);
        json_t *r1 = game_result_to_json(s->state), *r2 = game_result_to_json(back->state);
        assert_true(json_equal(r1, r2));
        json_decref(r1);
        json_decref(r2);
        json_decref(doc);
        session_free(back);
        session_free(s);
    }
}

static void result_json_names_winners_from_one(void **unused)
{
    Session *s = race_session("3", 1, NULL);
    char err[ERR_MAX];
    assert_true(session_apply_text(s, "roll 1,take,roll 3,take", err, sizeof err));
    json_t *r = game_result_to_json(s->state);
    ASSERT_JSON(r, "{\"winners\":[2],\"how\":\"target\",\"points\":[1,3],\"returns\":[0.0,1.0]}");
    json_decref(r);
    session_free(s);
}

/* Loads doc after changing one field with a JSON text; returns the error. */
static const char *load_error(Session *s, const char *key, const char *value, RecordError *e)
{
    json_t *doc = record_from_session(s, NULL);
    if (value)
        json_object_set_new(doc, key, json_loads(value, JSON_DECODE_ANY, NULL));
    else
        json_object_del(doc, key);
    Session *back = record_load_json(doc, "game.json", true, e);
    json_decref(doc);
    assert_null(back);
    return e->message;
}

static void tampered_records_name_the_problem(void **unused)
{
    Session *s = race_session("3", 1, NULL);
    char err[ERR_MAX];
    assert_true(session_apply_text(s, "roll 1,take,roll 3,take", err, sizeof err));
    RecordError e;
    assert_string_equal(load_error(s, "actions", "[\"roll 1\",\"take\",\"roll 4\",\"take\"]", &e),
                        "record game.json: actions[2] 'roll 4' is illegal: illegal move 'roll 4': a roll is due "
                        "(expected roll 1 to roll 3)");
    assert_int_equal(e.index, 2);
    assert_string_equal(load_error(s, "actions", "[\"roll 1\",7]", &e), "record game.json: actions[1] is not a string");
    assert_int_equal(e.index, 1);
    assert_string_equal(load_error(s, "actions", "[\"roll 1\",\"take\",\"roll 3\",\"take\",\"skip\"]", &e),
                        "record game.json: actions[4] 'skip' is illegal: the game is over");
    assert_string_equal(load_error(s, "result", "null", &e),
                        "record game.json: stored result null differs from the replayed result "
                        "{\"winners\":[2],\"how\":\"target\",\"points\":[1,3],\"returns\":[0.0,1.0]}");
    assert_int_equal(e.index, -1);
    /* Numbers compare by value: 1 and 1.0 are the same return. */
    json_t *doc = record_from_session(s, NULL);
    json_object_set_new(json_object_get(doc, "result"), "returns", json_loads("[0,1]", 0, NULL));
    Session *back = record_load_json(doc, "game.json", true, &e);
    assert_non_null(back);
    session_free(back);
    json_decref(doc);
    assert_string_equal(load_error(s, "format", "\"pgn\"", &e), "record game.json: 'format' must be \"morph-record\"");
    assert_string_equal(load_error(s, "version", "2", &e),
                        "record game.json: unsupported 'version' (this morph reads version 1)");
    assert_string_equal(load_error(s, "game", "\"chess\"", &e), "record game.json: unknown 'game' 'chess'");
    assert_string_equal(load_error(s, "options", "{\"target\":\"x\"}", &e),
                        "record game.json: options: option 'target' must be a whole number, got 'x'");
    assert_string_equal(load_error(s, "players", "[{\"kind\":\"human\"}]", &e),
                        "record game.json: 'players' must be an array of 2 entries (one per seat)");
    assert_string_equal(load_error(s, "players", "[{\"kind\":\"human\"},{\"kind\":\"ai\"}]", &e),
                        "record game.json: players[1] must be {\"kind\":\"human\"} or {\"kind\":\"ai\",\"ai\":SPEC}");
    assert_string_equal(load_error(s, "seed", "-1", &e),
                        "record game.json: 'seed' must be a whole number from 0 to 9223372036854775807");
    assert_string_equal(load_error(s, "created", "\"yesterday\"", &e),
                        "record game.json: 'created' must be a UTC time like \"2026-01-31T12:00:00Z\"");
    assert_string_equal(load_error(s, "actions", NULL, &e), "record game.json: 'actions' must be an array of strings");
    assert_string_equal(load_error(s, "chance", "\"loaded\"", &e),
                        "record game.json: 'chance' must be \"seed\" or \"typed\"");
    /* An entry of several parts stays within the decisions of the seat to
     * move: a record cannot hold a person's text acting for others. */
    assert_string_equal(load_error(s, "actions", "[\"roll 1,take\"]", &e),
                        "record game.json: actions[0] 'roll 1,take' is illegal: type only the chance outcome asked "
                        "for, one at a time ('roll 1,take' holds several)");
    assert_string_equal(load_error(s, "actions", "[\"roll 1\",\"take,roll 3\"]", &e),
                        "record game.json: actions[1] 'take,roll 3' is illegal: 'roll 3' goes past the decisions of "
                        "P1: a chance event follows 'take'");
    session_free(s);

    /* Chance drawn from the seed: every outcome is checked against it. */
    Session *d = race_session("9", 1, NULL);
    session_chance_step(d);
    assert_true(session_apply_text(d, "take", err, sizeof err));
    session_chance_step(d);
    json_t *doc2 = record_from_session(d, NULL);
    assert_string_equal(json_string_value(json_object_get(doc2, "chance")), "seed");
    Session *ok = record_load_json(doc2, "game.json", true, &e);
    assert_non_null(ok);
    assert_true(session_dice_drawn(ok)); /* and it stays "seed" when written again */
    session_free(ok);
    char forged[16];
    snprintf(forged, sizeof forged, "roll %d", d->steps[2].text[5] == '3' ? 1 : 3);
    json_array_set_new(json_object_get(doc2, "actions"), 2, json_string(forged));
    assert_null(record_load_json(doc2, "game.json", true, &e));
    char want[200];
    snprintf(want, sizeof want, "record game.json: actions[2] '%s' is illegal: the seed gives '%s' here, and the record "
             "says its chance outcomes come from the seed (\"chance\": \"seed\")", forged, d->steps[2].text);
    assert_string_equal(e.message, want);
    assert_int_equal(e.index, 2);
    json_decref(doc2);
    session_free(d);
}

static void record_files_are_written_whole_and_checked(void **unused)
{
    char dir[] = "/tmp/morph-rec-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128], err[ERR_MAX];
    snprintf(path, sizeof path, "%s/game.json", dir);
    Session *s = finished_game(77);
    json_t *doc = record_from_session(s, NULL);
    assert_true(record_write(path, doc, RECORD_DURABLE, err, sizeof err));
    RecordError e;
    json_t *back_doc = NULL;
    Session *back = record_load(path, true, &back_doc, &e);
    assert_non_null(back);
    assert_true(json_equal(doc, back_doc));
    session_free(back);
    json_decref(back_doc);
    /* A record cut in the middle. */
    char *text = json_dumps(doc, JSON_INDENT(2));
    FILE *f = fopen(path, "w");
    fwrite(text, 1, strlen(text) / 2, f);
    fclose(f);
    assert_null(record_load(path, true, NULL, &e));
    assert_non_null(strstr(e.message, "record "));
    assert_non_null(strstr(e.message, "game.json: not valid JSON (truncated or damaged?) at line"));
    free(text);
    unlink(path);
    assert_null(record_load(path, true, NULL, &e));
    assert_non_null(strstr(e.message, "cannot read: No such file or directory"));
    char bad[160];
    snprintf(bad, sizeof bad, "%s/missing/game.json", dir);
    assert_false(record_write(bad, doc, RECORD_DURABLE, err, sizeof err));
    assert_non_null(strstr(err, "cannot write record"));
    json_decref(doc);
    session_free(s);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(record_has_every_key),
        cmocka_unit_test(records_replay_to_the_same_result),
        cmocka_unit_test(result_json_names_winners_from_one),
        cmocka_unit_test(tampered_records_name_the_problem),
        cmocka_unit_test(record_files_are_written_whole_and_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
