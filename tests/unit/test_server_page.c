/* What the server tells the page so that no click is silent and no button
 * refused: GET /api/games/ID/why gives the library's reason an action text
 * cannot be played now (an unlit square, a stone that is not weak) and
 * changes nothing; each human seat of the state says whether Undo would
 * be accepted now (can_undo), or why not (undo_why), exactly as
 * POST .../undo then answers. Through api_handle, no sockets. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../../src/server/api/api.h"
#include "api_server.h"

static int setup(void **unused)
{
    return server_up(1);
}

/* One request; its status in *status, its parsed body returned. */
static json_t *ask(const char *method, const char *path, const ApiParam *query, int nquery, const char *token,
                   const char *body, int *status)
{
    ApiRequest req = {.method = method, .path = path, .query = query, .nquery = nquery, .token = token,
                      .body = body, .body_len = body ? strlen(body) : 0, .client = "10.0.0.7"};
    ApiResponse res;
    api_handle(srv, &req, &res);
    *status = res.status;
    json_t *doc = res.body ? json_loads(res.body, 0, NULL) : NULL;
    api_response_free(&res);
    return doc;
}

static json_t *must(int want, const char *method, const char *path, const char *token, const char *body)
{
    int status;
    json_t *doc = ask(method, path, NULL, 0, token, body, &status);
    if (status != want)
        fail_msg("%s %s: %d, not %d: %s", method, path, status, want, doc ? json_dumps(doc, 0) : "");
    return doc;
}

/* The why of text in game id. */
static json_t *why(const char *id, const char *text, int want)
{
    char path[80];
    snprintf(path, sizeof path, "/api/games/%s/why", id);
    ApiParam q = {.key = "action", .value = text};
    int status;
    json_t *doc = ask("GET", path, &q, text ? 1 : 0, NULL, NULL, &status);
    assert_int_equal(status, want);
    return doc;
}

static const char *str(const json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

/* A new game from body; its id and first seat's token. */
static json_t *create(const char *body, char id[16], char token[64])
{
    json_t *made = must(201, "POST", "/api/games", NULL, body);
    snprintf(id, 16, "%s", str(made, "id"));
    snprintf(token, 64, "%s", str(json_array_get(json_object_get(made, "seats"), 0), "token"));
    return made;
}

/* The state of game id once it is seat 1's to decide (no AI thinking, no
 * die being drawn) or over. */
static json_t *settled(const char *id)
{
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s", id);
    for (int i = 0; i < 2000; i++) {
        json_t *s = must(200, "GET", path, NULL, NULL);
        if (!json_is_true(json_object_get(s, "thinking")) &&
            (json_integer_value(json_object_get(s, "to_move")) == 1 || !json_is_null(json_object_get(s, "result"))))
            return s;
        json_decref(s);
        nanosleep(&(struct timespec){0, 5000000}, NULL);
    }
    fail_msg("the AI of %s never moved", id);
    return NULL;
}

static void play(const char *id, const char *token, const char *text)
{
    char path[64], body[128];
    snprintf(path, sizeof path, "/api/games/%s/actions", id);
    snprintf(body, sizeof body, "{\"action\":\"%s\"}", text);
    json_decref(must(200, "POST", path, token, body));
}

static void why_a_text_cannot_be_played(void **unused)
{
    char id[16], token[64];
    json_decref(create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}",
                       id, token));
    play(id, token, "c3");
    json_t *w = why(id, "c3", 200);
    assert_false(json_is_true(json_object_get(w, "legal")));
    assert_string_equal(str(w, "why"), "c3 is taken");
    assert_string_equal(str(w, "action"), "c3");
    assert_int_equal(json_integer_value(json_object_get(w, "version")), 2);
    json_decref(w);
    w = why(id, "xc3", 200); /* a stone that is not weak */
    assert_false(json_is_true(json_object_get(w, "legal")));
    assert_non_null(strstr(str(w, "why"), "c3"));
    json_decref(w);
    w = why(id, "b2", 200); /* legal: no reason */
    assert_true(json_is_true(json_object_get(w, "legal")));
    assert_true(json_is_null(json_object_get(w, "why")));
    json_decref(w);
    /* asking changes nothing */
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s", id);
    json_t *s = must(200, "GET", path, NULL, NULL);
    assert_int_equal(json_integer_value(json_object_get(s, "count")), 1);
    json_decref(s);
    /* Morpyam: before the first roll, a square needs the dice first */
    json_decref(create("{\"game\":\"morpyam\",\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}",
                       id, token));
    w = why(id, "place c3", 200);
    assert_false(json_is_true(json_object_get(w, "legal")));
    assert_non_null(str(w, "why"));
    json_decref(w);
    json_decref(why(id, NULL, 400));
    json_decref(why(id, "", 400));
    json_decref(why(id, "\xff", 400));
    json_decref(why("nosuchgame", "c3", 404));
}

/* Each human seat's can_undo matches what POST .../undo answers. */
static void can_undo_matches_the_server(void **unused)
{
    char id[16], token[64], path[64];
    json_decref(create("{\"game\":\"morpyam\",\"seats\":[{\"kind\":\"human\",\"mine\":true},"
                       "{\"kind\":\"ai\",\"level\":\"random\"}]}",
                       id, token));
    snprintf(path, sizeof path, "/api/games/%s/undo", id);
    int accepted = 0, refused = 0;
    for (int steps = 0; steps < 60; steps++) {
        json_t *s = settled(id);
        if (json_object_get(s, "result") && !json_is_null(json_object_get(s, "result"))) {
            json_decref(s);
            break;
        }
        const json_t *me = json_array_get(json_object_get(s, "seats"), 0);
        const json_t *ai = json_array_get(json_object_get(s, "seats"), 1);
        assert_null(json_object_get(ai, "can_undo")); /* an AI seat takes nothing back */
        bool can = json_is_true(json_object_get(me, "can_undo"));
        assert_true(can ? json_is_null(json_object_get(me, "undo_why")) : str(me, "undo_why") != NULL);
        if (!can || !accepted) { /* one accepted undo is enough: more would go round in circles */
            int status;
            json_t *undone = ask("POST", path, NULL, 0, token, NULL, &status);
            if (status != (can ? 200 : 409))
                fail_msg("can_undo %d, undo_why %s, but undo answered %d: %s", can, str(me, "undo_why"), status,
                         str(undone, "error"));
            if (!can)
                assert_string_equal(str(undone, "error"), str(me, "undo_why"));
            accepted += can;
            refused += !can;
            json_decref(undone);
        }
        /* on: a call while none was taken back yet (a decision no roll
         * follows: Undo may take it), else the first legal action */
        json_t *now = settled(id);
        const json_t *legal = json_object_get(now, "legal");
        if (json_integer_value(json_object_get(now, "to_move")) == 1 && json_array_size(legal)) {
            char text[64];
            snprintf(text, sizeof text, "%s", str(json_array_get(legal, 0), "action"));
            for (size_t k = 0; k < json_array_size(legal) && !accepted; k++)
                if (strcmp(str(json_array_get(legal, k), "kind"), "call") == 0)
                    snprintf(text, sizeof text, "%s", str(json_array_get(legal, k), "action"));
            play(id, token, text);
        }
        json_decref(now);
        json_decref(s);
    }
    if (accepted != 1 || refused < 5)
        fail_msg("undo accepted %d times, refused %d times", accepted, refused);
    /* between people: no undo, and the seats say so */
    json_decref(create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                       "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}",
                       id, token));
    play(id, token, "c3");
    snprintf(path, sizeof path, "/api/games/%s", id);
    json_t *s = must(200, "GET", path, NULL, NULL);
    const json_t *me = json_array_get(json_object_get(s, "seats"), 0);
    assert_false(json_is_true(json_object_get(me, "can_undo")));
    assert_non_null(strstr(str(me, "undo_why"), "between people"));
    json_decref(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(why_a_text_cannot_be_played, setup, teardown),
        cmocka_unit_test_setup_teardown(can_undo_matches_the_server, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
