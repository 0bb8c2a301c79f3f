/* After a game through the web API: a rematch (once, seats swapped), the
 * record downloaded and loaded back to the same result, and the replay
 * viewer's positions from an uploaded record and by id. The helpers and the
 * store (SQLite, or PostgreSQL with MORPH_TEST_STORE=postgresql) are
 * api_test.h's. */
#include "../../src/front/game_json.h"
#include "../../src/front/record.h"
#include "api_test.h"

static void rematch_and_record(void **state)
{
    Created c = create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\"}]}");
    join(&c, 1);
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/rematch", c.id);
    expect_error(409, "POST", path, c.token[0], NULL, "not over");
    json_t *end = play_out(&c, 4, 1000);
    json_t *result = json_deep_copy(json_object_get(end, "result"));
    json_object_del(result, "text");
    json_decref(end);
    expect_error(403, "POST", path, NULL, NULL, "token");
    /* between people a rematch is an offer (202) that the other player accepts (201) */
    json_decref(expect(202, "POST", path, c.token[1], "{\"swap\":true}"));
    json_t *re = expect(201, "POST", path, c.token[0], NULL);
    const char *fresh = json_string_value(json_object_get(re, "id"));
    /* seats swapped: the old tokens act in the new game, P2 now in seat 1 */
    json_t *s = get_state(fresh, c.token[1]);
    assert_int_equal(json_integer_value(json_array_get(json_object_get(json_object_get(s, "viewer"), "seats"), 0)), 1);
    assert_string_equal(json_string_value(json_object_get(s, "rematch_of")), c.id);
    json_decref(s);
    s = get_state(c.id, NULL);
    assert_string_equal(json_string_value(json_object_get(s, "rematch")), fresh);
    json_decref(s);
    expect_error(409, "POST", path, c.token[0], NULL, "already");
    json_decref(re);
    /* the record downloads and replays to the same result */
    snprintf(path, sizeof path, "/api/games/%s/record", c.id);
    ApiResponse res;
    int status;
    json_t *doc = call_full("GET", path, NULL, NULL, &status, &res);
    assert_int_equal(status, 200);
    assert_non_null(strstr(res.disposition, "attachment; filename=\"morph-morphos-"));
    api_response_free(&res);
    RecordError e;
    Session *replayed = record_load_json(doc, "download", true, &e);
    if (!replayed)
        fail_msg("%s", e.message);
    json_t *again = game_result_to_json(replayed->state);
    assert_true(json_equal(again, result) || json_number_value(json_object_get(again, "returns")) == 0);
    json_t *winners = json_object_get(again, "winners");
    assert_true(json_equal(winners, json_object_get(result, "winners")));
    json_decref(again);
    session_free(replayed);
    /* the replay viewer's positions: from the record uploaded, and by id */
    char *text = json_dumps(doc, JSON_COMPACT);
    server_free(srv);
    ServerConfig cfg = test_config();
    cfg.max_body = 1 << 20;
    char err[ERR_MAX + 256];
    srv = server_new(&cfg, err, sizeof err);
    json_t *positions = expect(200, "POST", "/api/replay", NULL, text);
    json_int_t count = json_integer_value(json_object_get(positions, "count"));
    assert_int_equal(json_array_size(json_object_get(positions, "positions")), count + 1);
    assert_int_equal(json_array_size(json_object_get(positions, "history")), count);
    json_decref(positions);
    snprintf(path, sizeof path, "/api/games/%s/replay?at=3", c.id);
    json_t *one = expect(200, "GET", path, NULL, NULL);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(one, "position"), "index")), 3);
    json_decref(one);
    expect_error(422, "POST", "/api/replay", NULL, "{\"format\":\"morph-record\"}", "version");
    free(text);
    json_decref(doc);
    json_decref(result);
    /* a running game with server dice keeps its record (its seed) to itself */
    Created y = create("{\"game\":\"morpyam\",\"seats\":[{\"kind\":\"human\",\"mine\":true},"
                       "{\"kind\":\"human\",\"mine\":true}]}");
    snprintf(path, sizeof path, "/api/games/%s/record", y.id);
    expect_error(409, "GET", path, NULL, NULL, "seed");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(rematch_and_record, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
