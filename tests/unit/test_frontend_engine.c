/* The JSON engine protocol (src/protocol/engine.c), driven through the toy
 * game "race": a whole session of requests and replies, chance played by
 * the engine and the state it reports, and errors that survive any text
 * (a quote cut inside a UTF-8 character). */
#include "front_test.h"

static void expect_reply(Engine *e, const char *request, const char *reply)
{
    json_t *r = engine_handle_line(e, request);
    ASSERT_JSON(r, reply);
    json_decref(r);
}

static void engine_session(void **unused)
{
    Engine e;
    engine_init(&e, NULL);
    expect_reply(&e, "{\"id\":1,\"cmd\":\"new\",\"game\":\"race\",\"options\":{\"target\":4},\"seed\":8}",
                 "{\"id\":1,\"ok\":true,\"game\":\"race\",\"options\":{\"players\":2,\"target\":4,\"tags\":[]},"
                 "\"seed\":8,\"auto_chance\":false,\"played\":[],\"described\":[],\"player\":null,\"chance\":true,"
                 "\"terminal\":false,\"result\":null}");
    expect_reply(&e, "{\"id\":\"x\",\"cmd\":\"legal\"}",
                 "{\"id\":\"x\",\"ok\":true,\"chance\":true,\"outcomes\":[{\"action\":\"roll 1\",\"probability\":"
                 "0.33333333333333331},{\"action\":\"roll 2\",\"probability\":0.33333333333333331},{\"action\":"
                 "\"roll 3\",\"probability\":0.33333333333333331}]}");
    expect_reply(&e, "{\"cmd\":\"play\",\"action\":\"roll 3,take\"}",
                 "{\"ok\":true,\"played\":[\"roll 3\",\"take\"],\"described\":[\"P1 rolls 3\",\"P1 takes 3 (score 3)\"],"
                 "\"player\":null,\"chance\":true,\"terminal\":false,\"result\":null}");
    expect_reply(&e, "{\"cmd\":\"genmove\",\"level\":\"random\"}",
                 "{\"ok\":false,\"error\":\"a chance node: send \\\"chance\\\" or play an outcome\"}");
    expect_reply(&e, "{\"cmd\":\"play\",\"action\":\"roll 2\"}",
                 "{\"ok\":true,\"played\":[\"roll 2\"],\"described\":[\"P2 rolls 2\"],\"player\":2,\"chance\":false,"
                 "\"terminal\":false,\"result\":null}");
    expect_reply(&e, "{\"cmd\":\"play\",\"action\":\"jump\"}",
                 "{\"ok\":false,\"error\":\"illegal move 'jump': expected take, skip or resign\","
                 "\"why\":\"expected take, skip or resign\"}");
    expect_reply(&e, "{\"cmd\":\"play\",\"action\":\"skip,roll 4\"}",
                 "{\"ok\":false,\"error\":\"illegal move 'roll 4': a roll is due (expected roll 1 to roll 3)\","
                 "\"why\":\"roll 4: a roll is due (expected roll 1 to roll 3)\"}");
    expect_reply(&e, "{\"cmd\":\"words\",\"action\":\"take\"}",
                 "{\"ok\":true,\"marks\":{\"width\":0,\"height\":0,\"marks\":[]},\"last\":{\"width\":0,"
                 "\"height\":0,\"marks\":[]},\"legend\":[{\"code\":\"take\",\"name\":\"take\",\"words\":\"add the "
                 "roll to your score\"},{\"code\":\"skip\",\"name\":\"skip\",\"words\":\"let the roll go\"}],"
                 "\"rules\":\"Race: roll a die of three faces, take it or skip it; the first to 4 wins.\\n\","
                 "\"summary\":null,\"described\":\"P2 takes 2 (score 2)\"}");
    expect_reply(&e, "{\"cmd\":\"legal\"}", "{\"ok\":true,\"chance\":false,\"actions\":[\"take\",\"skip\"]}");
    expect_reply(&e, "{\"cmd\":\"genmove\"}",
                 "{\"ok\":false,\"error\":\"genmove needs \\\"level\\\" (seat 2 is not an AI and the engine has "
                 "no --level)\"}");
    expect_reply(&e, "{\"cmd\":\"genmove\",\"level\":\"random\",\"ms\":5}",
                 "{\"ok\":false,\"error\":\"AI level 'random' takes no parameters, got 'ms=5'\"}");
    expect_reply(&e, "{\"id\":[2],\"cmd\":\"undo\"}",
                 "{\"id\":[2],\"ok\":true,\"undone\":[\"take\",\"roll 2\"],\"player\":1,\"chance\":false,"
                 "\"terminal\":false,\"result\":null}");
    expect_reply(&e, "{\"cmd\":\"play\",\"action\":\"take\"}",
                 "{\"ok\":true,\"played\":[\"take\"],\"described\":[\"P1 takes 3 (score 3)\"],\"player\":null,"
                 "\"chance\":true,\"terminal\":false,\"result\":null}");
    expect_reply(&e, "{\"cmd\":\"play\",\"action\":\"roll 1,resign\"}",
                 "{\"ok\":true,\"played\":[\"roll 1\",\"resign\"],\"described\":[\"P2 rolls 1\",\"P2 resigns\"],"
                 "\"player\":null,\"chance\":false,\"terminal\":true,\"result\":{\"winners\":[1],\"how\":\"resign\","
                 "\"points\":[3,0],\"returns\":[1.0,0.0]}}");
    json_t *w = engine_handle_line(&e, "{\"cmd\":\"words\",\"action\":\"take\"}");
    ASSERT_JSON(json_object_get(w, "summary"), "\"P1 wins (resign).\\n\"");
    ASSERT_JSON(json_object_get(w, "why"), "\"the game is over\"");
    json_decref(w);
    expect_reply(&e, "{\"cmd\":\"play\",\"action\":\"take\"}", "{\"ok\":false,\"error\":\"the game is over\"}");
    expect_reply(&e, "{\"cmd\":\"fly\"}",
                 "{\"ok\":false,\"error\":\"unknown command 'fly' (expected new, play, chance, legal, state, genmove, "
                 "hint, words, undo, record, save, load or quit)\"}");
    expect_reply(&e, "{\"id\":5}", "{\"id\":5,\"ok\":false,\"error\":\"missing \\\"cmd\\\" (a string)\"}");
    expect_reply(&e, "{\"cmd\":", "{\"ok\":false,\"error\":\"malformed JSON at column 7: unexpected token near end of file\"}");
    expect_reply(&e, "{\"cmd\":\"quit\",\"id\":9}", "{\"id\":9,\"ok\":true}");
    assert_true(e.quit);
    engine_free(&e);
}

/* Issue 8, fault 2: a message quoting outside text cut inside a UTF-8
 * character made json_string() fail and the reply lose its "error". */
static void engine_errors_survive_any_text(void **unused)
{
    Engine e;
    engine_init(&e, NULL);
    json_decref(engine_handle_line(&e, "{\"cmd\":\"new\",\"game\":\"race\",\"seed\":8}"));
    char line[512], a39[40];
    memset(a39, 'a', 39);
    a39[39] = '\0';
    const char *requests[] = {"{\"id\":2,\"cmd\":\"play\",\"action\":\"%s\xc3\xa9\xc3\xa9\"}",
                              "{\"id\":3,\"cmd\":\"%s\xc3\xa9\xc3\xa9\"}",
                              "{\"id\":4,\"cmd\":\"play\",\"action\":\"%s%s%s\xc3\xa9\xc3\xa9\"}"};
    for (int i = 0; i < 3; i++) {
        snprintf(line, sizeof line, requests[i], a39, a39, a39, a39);
        json_t *r = engine_handle_line(&e, line);
        const char *error = json_string_value(json_object_get(r, "error"));
        assert_non_null(error);
        assert_true(utf8_valid(error));
        assert_non_null(strstr(error, a39));
        char *text = dumps(r);
        assert_non_null(text);
        free(text);
        json_decref(r);
    }
    /* Whatever the message, the reply builder keeps it. */
    json_t *r = error_reply(NULL, "cut \xc3");
    ASSERT_JSON(r, "{\"ok\":false,\"error\":\"cut \"}");
    json_decref(r);
    engine_free(&e);
}

static void engine_auto_chance_and_state(void **unused)
{
    Engine e;
    engine_init(&e, "random");
    json_t *r = engine_handle_line(&e, "{\"cmd\":\"new\",\"game\":\"race\",\"seed\":3,\"auto_chance\":true,"
                                       "\"players\":[\"human\",\"ai:random\"]}");
    assert_true(json_is_true(json_object_get(r, "ok")));
    assert_int_equal(json_array_size(json_object_get(r, "played")), 1);
    assert_int_equal(json_integer_value(json_object_get(r, "player")), 1);
    json_decref(r);
    r = engine_handle_line(&e, "{\"cmd\":\"genmove\",\"play\":true}");
    assert_true(json_is_true(json_object_get(r, "ok")));
    assert_string_equal(json_string_value(json_object_get(r, "explanation")), "picked at random among 2 legal actions");
    assert_int_equal(json_array_size(json_object_get(r, "played")), 2); /* the move and the next roll */
    json_decref(r);
    r = engine_handle_line(&e, "{\"cmd\":\"state\"}");
    ASSERT_JSON(json_object_get(r, "players"), "[\"human\",\"ai:random\"]");
    assert_int_equal(json_array_size(json_object_get(r, "history")), 3);
    assert_non_null(strstr(json_string_value(json_object_get(r, "text")), "to move: 2"));
    assert_true(json_is_string(json_object_get(r, "serialized")));
    ASSERT_JSON(json_object_get(r, "legal"), "{\"chance\":false,\"actions\":[\"take\",\"skip\"]}");
    json_decref(r);
    r = engine_handle_line(&e, "{\"cmd\":\"record\"}");
    assert_string_equal(json_string_value(json_object_get(json_object_get(r, "record"), "format")), "morph-record");
    json_decref(r);
    expect_reply(&e, "{\"cmd\":\"new\",\"game\":\"race\",\"players\":[\"human\"]}",
                 "{\"ok\":false,\"error\":\"'players' must be an array of 2 strings (\\\"human\\\" or "
                 "\\\"ai:LEVEL\\\")\"}");
    expect_reply(&e, "{\"cmd\":\"new\",\"game\":\"race\",\"seed\":-4}",
                 "{\"ok\":false,\"error\":\"'seed' must be a whole number from 0 to 9223372036854775807\"}");
    engine_free(&e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(engine_session),
        cmocka_unit_test(engine_auto_chance_and_state),
        cmocka_unit_test(engine_errors_survive_any_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
