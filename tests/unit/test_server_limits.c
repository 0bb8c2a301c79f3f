/* The limits of accounts and chat, with made-up times: sign-in attempts per
 * address and per name (whatever the case, whether the name exists or
 * not), accounts per address, chat messages per speaker, each refilling
 * with time and telling when to try again. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>

#include "../../src/server/base/limits.h"

static LimitsConfig config(void)
{
    return (LimitsConfig){.create_per_minute = 10, .requests_per_second = 50, .connections = 10,
                          .connections_per_client = 5, .streams = 10, .streams_per_client = 5,
                          .logins_per_minute = 6, .logins_per_name_per_minute = 3, .accounts_per_hour = 2,
                          .chat_per_minute = 12};
}

static void sign_in_per_name_and_per_address(void **state)
{
    LimitsConfig cfg = config();
    Limits *l = limits_new(&cfg);
    int retry = 0;
    bool per_name = false;
    /* three tries at one name, whatever the case and the address */
    assert_true(limits_login(l, "10.0.0.1", "alice", 100, &retry, &per_name));
    assert_true(limits_login(l, "10.0.0.2", "ALICE", 100, &retry, &per_name));
    assert_true(limits_login(l, "10.0.0.3", "Alice", 100, &retry, &per_name));
    assert_false(limits_login(l, "10.0.0.4", "alice", 100, &retry, &per_name));
    assert_true(per_name);
    assert_int_equal(retry, 20); /* one try back every 20 s */
    /* the refused try counted nowhere: the fourth address still has all of its own */
    for (int i = 0; i < 6; i++)
        assert_true(limits_login(l, "10.0.0.4", i % 2 ? "bob" : "carol", 100, &retry, &per_name) || per_name);
    /* six tries from one address, at any names */
    LimitsConfig c2 = config();
    Limits *m = limits_new(&c2);
    for (int i = 0; i < 6; i++) {
        char name[16];
        snprintf(name, sizeof name, "user%d", i);
        assert_true(limits_login(m, "10.0.0.9", name, 50, &retry, &per_name));
    }
    assert_false(limits_login(m, "10.0.0.9", "newname", 50, &retry, &per_name));
    assert_false(per_name);
    assert_int_equal(retry, 10);
    /* and time gives them back */
    assert_true(limits_login(m, "10.0.0.9", "newname", 60.5, &retry, &per_name));
    assert_true(limits_login(l, "10.0.0.5", "alice", 121, &retry, &per_name));
    limits_free(l);
    limits_free(m);
}

static void accounts_and_chat(void **state)
{
    LimitsConfig cfg = config();
    Limits *l = limits_new(&cfg);
    int retry = 0;
    assert_true(limits_signup(l, "10.0.0.1", 0, &retry));
    assert_true(limits_signup(l, "10.0.0.1", 0, &retry));
    assert_false(limits_signup(l, "10.0.0.1", 0, &retry));
    assert_int_equal(retry, 1800);
    assert_true(limits_signup(l, "10.0.0.2", 0, &retry));
    /* chat: a burst of five, then one every 5 s */
    for (int i = 0; i < CHAT_BURST; i++)
        assert_true(limits_chat(l, "acct:7", 10, &retry));
    assert_false(limits_chat(l, "acct:7", 10, &retry));
    assert_int_equal(retry, 5);
    assert_true(limits_chat(l, "acct:8", 10, &retry));
    assert_true(limits_chat(l, "acct:7", 15.01, &retry));
    assert_false(limits_chat(l, "acct:7", 15.02, &retry));
    limits_free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sign_in_per_name_and_per_address),
        cmocka_unit_test(accounts_and_chat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
