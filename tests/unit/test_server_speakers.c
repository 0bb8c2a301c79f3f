/* Who speaks in a game's chat (issue 24): a player whose seat belongs to
 * an account speaks as that account with the seat's token as with the
 * cookie: the account's name, and one chat limit for the person, not one
 * per way of sending. A seat without an account is "P1", limited per seat
 * (not per text of the token header). Runs over SQLite and, with
 * MORPH_TEST_STORE, over PostgreSQL. */
#include "api_driver.h"

static int setup(void **state)
{
    driver_init();
    drv.now = 1000; /* fixed: the chat's bucket does not refill */
    driver_start();
    return 0;
}

static int teardown(void **state)
{
    driver_done();
    return 0;
}

/* Writes text in the players' chat of game id; returns the status, the
 * author in author when written. */
static int say(const char *id, const char *token, const char *text, char *author, size_t len)
{
    char path[64], body[256];
    snprintf(path, sizeof path, "/api/games/%s/chat", id);
    snprintf(body, sizeof body, "{\"channel\":\"players\",\"text\":\"%s\"}", text);
    int status;
    json_t *doc = driver_call("POST", path, token, body, &status);
    if (status == 201)
        snprintf(author, len, "%s", json_string_value(json_object_get(doc, "author")));
    json_decref(doc);
    return status;
}

static void a_seat_of_an_account_speaks_as_the_account(void **state)
{
    json_decref(driver_expect(201, "POST", "/api/accounts", NULL, "{\"name\":\"Alice\",\"password\":\"correct horse\"}"));
    assert_int_equal(strlen(drv.session), SESSION_ID_LEN);
    Made m = driver_create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                           "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"ai\",\"level\":\"random\"}]}");
    char cookie[64], author[64] = "";
    snprintf(cookie, sizeof cookie, "%s", drv.session);
    /* the burst: CHAT_BURST messages, whichever way they are sent */
    for (int i = 0; i < CHAT_BURST; i++) {
        bool with_cookie = i % 2 == 0;
        snprintf(drv.session, sizeof drv.session, "%s", with_cookie ? cookie : "");
        assert_int_equal(say(m.id, with_cookie ? NULL : m.token[0], "gg", author, sizeof author), 201);
        assert_string_equal(author, "Alice"); /* never "P1" */
    }
    drv.session[0] = '\0';
    assert_int_equal(say(m.id, m.token[0], "one more", author, sizeof author), 429);
    snprintf(drv.session, sizeof drv.session, "%s", cookie);
    assert_int_equal(say(m.id, NULL, "one more", author, sizeof author), 429);
    /* the messages say who wrote them */
    char path[80];
    snprintf(path, sizeof path, "/api/games/%s/chat?channel=players", m.id);
    json_t *list = driver_expect(200, "GET", path, NULL, NULL);
    size_t i;
    json_t *msg;
    json_array_foreach(json_object_get(list, "messages"), i, msg)
        assert_string_equal(json_string_value(json_object_get(msg, "author")), "Alice");
    assert_int_equal(json_array_size(json_object_get(list, "messages")), CHAT_BURST);
    json_decref(list);
}

static void a_seat_without_an_account_is_limited_per_seat(void **state)
{
    Made m = driver_create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                           "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"human\",\"mine\":true}]}");
    char both[2 * TOKEN_LEN + 2], author[64];
    snprintf(both, sizeof both, "%s,%s", m.token[0], m.token[1]);
    /* the token alone, or with another seat's: the same seat, the same limit */
    for (int i = 0; i < CHAT_BURST; i++) {
        assert_int_equal(say(m.id, i % 2 ? both : m.token[0], "hello", author, sizeof author), 201);
        assert_string_equal(author, "P1");
    }
    assert_int_equal(say(m.id, m.token[0], "hello", author, sizeof author), 429);
    assert_int_equal(say(m.id, both, "hello", author, sizeof author), 429);
    /* the other seat is another speaker */
    assert_int_equal(say(m.id, m.token[1], "hi", author, sizeof author), 201);
    assert_string_equal(author, "P2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(a_seat_of_an_account_speaks_as_the_account, setup, teardown),
        cmocka_unit_test_setup_teardown(a_seat_without_an_account_is_limited_per_seat, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
