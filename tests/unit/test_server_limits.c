/* The limits of accounts, chat, connections and streams, with made-up
 * times: sign-in attempts per address, per name and address, per name from
 * unknown browsers (whatever the case, whether the name exists or not),
 * and per known browser, which others never touch; accounts per address,
 * chat messages per speaker, each refilling with time and telling when to
 * try again; connections and streams with the reserve kept for clients that
 * hold few, streams per game and the players' way past the totals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>

#include "../../src/server/base/limits.h"

/* The limits' own clock (connections and streams read it): made up, as
 * are the times the tests pass, so that no test sees the real clock. */
static double now_s = 1000;

static double made_up_clock(void)
{
    return now_s;
}

static LimitsConfig config(void)
{
    now_s = 1000;
    return (LimitsConfig){.now = made_up_clock, .create_per_minute = 10, .requests_per_second = 50, .connections = 16,
                          .connections_per_client = 8, .streams = 16, .streams_per_client = 6,
                          .streams_per_game = 8, .logins_per_minute = 6, .logins_per_name_per_minute = 3,
                          .logins_per_name_unknown = 5, .accounts_per_hour = 2, .chat_per_minute = 12};
}

static void sign_in_per_name_and_per_address(void **state)
{
    LimitsConfig cfg = config();
    Limits *l = limits_new(&cfg);
    int retry = 0;
    LoginAttempt at;
    /* three tries at one name from one address, whatever the case */
    assert_true(limits_login(l, "10.0.0.1", "alice", NULL, 100, &retry, &at));
    assert_true(limits_login(l, "10.0.0.1", "ALICE", NULL, 100, &retry, &at));
    assert_true(limits_login(l, "10.0.0.1", "Alice", NULL, 100, &retry, &at));
    assert_false(limits_login(l, "10.0.0.1", "alice", NULL, 100, &retry, &at));
    assert_true(at.per_name);
    assert_int_equal(retry, 20); /* one try back every 20 s */
    /* another address has its own three, and the name five from all strangers */
    assert_true(limits_login(l, "10.0.0.2", "alice", NULL, 100, &retry, &at));
    assert_true(limits_login(l, "10.0.0.3", "alice", NULL, 100, &retry, &at));
    assert_false(at.fresh);
    /* past them, an address that never failed for the name still may try,
     * once: a wrong password spends its own limit for the name */
    assert_true(limits_login(l, "10.0.0.4", "alice", NULL, 100, &retry, &at));
    assert_true(at.fresh && !at.took_name);
    limits_login_settle(l, "10.0.0.4", "alice", NULL, 100, &at, false);
    assert_false(limits_login(l, "10.0.0.4", "alice", NULL, 100, &retry, &at));
    assert_true(at.per_name);
    assert_int_equal(retry, 12);
    assert_false(limits_login(l, "10.0.0.2", "alice", NULL, 100, &retry, &at)); /* failed here: no fresh try */
    /* a known browser is limited on its own: still its three */
    for (int i = 0; i < 3; i++)
        assert_true(limits_login(l, "10.0.0.4", "alice", "k7mq", 100, &retry, &at));
    assert_false(limits_login(l, "10.0.0.4", "alice", "k7mq", 100, &retry, &at));
    assert_true(limits_login(l, "10.0.0.4", "alice", "other", 100, &retry, &at));
    /* the refused tries counted nowhere: the fourth address still has its own, less its one try */
    for (int i = 0; i < 5; i++)
        assert_true(limits_login(l, "10.0.0.4", i % 2 ? "bob" : "carol", NULL, 100, &retry, &at) || at.per_name);
    /* six tries from one address, at any names */
    LimitsConfig c2 = config();
    Limits *m = limits_new(&c2);
    for (int i = 0; i < 6; i++) {
        char name[16];
        snprintf(name, sizeof name, "user%d", i);
        assert_true(limits_login(m, "10.0.0.9", name, NULL, 50, &retry, &at));
    }
    assert_false(limits_login(m, "10.0.0.9", "newname", NULL, 50, &retry, &at));
    assert_false(at.per_name);
    assert_int_equal(retry, 10);
    /* and time gives them back */
    assert_true(limits_login(m, "10.0.0.9", "newname", NULL, 60.5, &retry, &at));
    assert_true(limits_login(l, "10.0.0.5", "alice", NULL, 121, &retry, &at));
    limits_free(l);
    limits_free(m);
}

/* Only failures count (issue 32): a right password gives back what its
 * attempt took, so the sixth right sign-in of a minute is let in; and when
 * six addresses failing spend the name's budget for unknown browsers, the
 * owner with the right password from an address that did not fail gets in,
 * while the failing addresses stay refused. */
static void sign_in_counts_failures(void **state)
{
    LimitsConfig cfg = config();
    Limits *l = limits_new(&cfg);
    int retry = 0;
    LoginAttempt at;
    for (int i = 0; i < 10; i++) {
        assert_true(limits_login(l, "10.0.0.1", "alice", NULL, 100, &retry, &at));
        limits_login_settle(l, "10.0.0.1", "alice", NULL, 100, &at, true);
    }
    for (int i = 0; i < 10; i++) { /* a known browser's too */
        assert_true(limits_login(l, "10.0.0.1", "alice", "k7mq", 100, &retry, &at));
        limits_login_settle(l, "10.0.0.1", "alice", "k7mq", 100, &at, true);
    }
    /* five addresses fail, one each: the name's five for strangers are spent */
    char who[32];
    for (int a = 0; a < 5; a++) {
        snprintf(who, sizeof who, "10.6.0.%d", a);
        assert_true(limits_login(l, who, "alice", NULL, 100, &retry, &at));
        assert_true(at.took_name);
        limits_login_settle(l, who, "alice", NULL, 100, &at, false);
    }
    /* the owner, at her address, on a new browser: in, and again */
    for (int i = 0; i < 2; i++) {
        assert_true(limits_login(l, "10.0.0.1", "alice", NULL, 101, &retry, &at));
        assert_true(at.fresh);
        limits_login_settle(l, "10.0.0.1", "alice", NULL, 101, &at, true);
    }
    /* a failing address is refused, the name's budget still spent for it */
    assert_false(limits_login(l, "10.6.0.0", "alice", NULL, 101, &retry, &at));
    assert_true(at.per_name);
    limits_free(l);
}

/* Past three quarters of the connections, only clients holding fewer than
 * RESERVE_CONNECTIONS get one: a new address gets in while a few hold the
 * rest. */
static void connections_keep_room_for_new_clients(void **state)
{
    LimitsConfig cfg = config();
    Limits *l = limits_new(&cfg);
    bool per_client = false;
    char who[32];
    for (int i = 0; i < 8; i++)
        assert_true(limits_connection_acquire(l, "10.0.0.1", &per_client));
    assert_false(limits_connection_acquire(l, "10.0.0.1", &per_client));
    assert_true(per_client);
    for (int i = 0; i < 4; i++)
        assert_true(limits_connection_acquire(l, "10.0.0.2", &per_client));
    /* 12 of 16 held: the rest is for clients with fewer than 4 */
    assert_false(limits_connection_acquire(l, "10.0.0.2", &per_client));
    assert_false(per_client);
    for (int i = 0; i < 4; i++) {
        snprintf(who, sizeof who, "10.0.1.%d", i);
        assert_true(limits_connection_acquire(l, who, &per_client));
    }
    assert_false(limits_connection_acquire(l, "10.0.2.1", &per_client)); /* all 16 held */
    limits_connection_release(l, "10.0.1.0");
    assert_false(limits_connection_acquire(l, "10.0.0.2", &per_client));
    assert_true(limits_connection_acquire(l, "10.0.2.1", &per_client));
    limits_free(l);
}

/* Streams: a client's own limit, the game's watchers, the reserve, and the
 * players of a game, who get their stream past all of them but their own. */
static void streams_for_watchers_and_players(void **state)
{
    LimitsConfig cfg = config();
    Limits *l = limits_new(&cfg);
    StreamRefusal why = 0;
    char who[32];
    /* two addresses fill game g's 8 watchers */
    for (int i = 0; i < 8; i++)
        assert_true(limits_stream_acquire(l, i < 4 ? "10.0.0.1" : "10.0.0.2", "g", false, &why));
    assert_false(limits_stream_acquire(l, "10.0.0.1", "g", false, &why));
    assert_int_equal(why, STREAM_PER_GAME);
    /* a new watcher of g, holding none, still gets one */
    assert_true(limits_stream_acquire(l, "10.0.0.3", "g", false, &why));
    /* other games and feeds until three quarters of 16 are held */
    for (int i = 0; i < 3; i++)
        assert_true(limits_stream_acquire(l, "10.0.0.4", "h", false, &why));
    assert_false(limits_stream_acquire(l, "10.0.0.4", NULL, false, &why));
    assert_int_equal(why, STREAM_ALL);
    /* the reserve: addresses with fewer than 2 */
    for (int i = 0; i < 4; i++) {
        snprintf(who, sizeof who, "10.0.1.%d", i);
        assert_true(limits_stream_acquire(l, who, "g", false, &why));
    }
    assert_false(limits_stream_acquire(l, "10.0.2.1", "g", false, &why)); /* all 16 */
    assert_int_equal(why, STREAM_ALL);
    /* a player gets in past the total (a quarter more), within its own limit */
    assert_true(limits_stream_acquire(l, "10.0.0.1", "g", true, &why));
    assert_true(limits_stream_acquire(l, "10.0.2.2", "g", true, &why));
    assert_true(limits_stream_acquire(l, "10.0.2.3", "h", true, &why));
    assert_true(limits_stream_acquire(l, "10.0.2.3", "h", true, &why));
    assert_false(limits_stream_acquire(l, "10.0.2.4", "h", true, &why)); /* 20 held */
    assert_int_equal(why, STREAM_ALL);
    /* but never past its own limit */
    limits_stream_release_of(l, "10.0.2.3", "h");
    limits_stream_release_of(l, "10.0.2.3", "h");
    assert_true(limits_stream_acquire(l, "10.0.0.1", "g", true, &why)); /* its sixth */
    assert_false(limits_stream_acquire(l, "10.0.0.1", "g", true, &why));
    assert_int_equal(why, STREAM_PER_CLIENT);
    /* streams given back make room again: 14 held, and 10.0.2.1 holds none */
    limits_stream_release_of(l, "10.0.0.1", "g");
    limits_stream_release_of(l, "10.0.0.1", "g");
    limits_stream_release_of(l, "10.0.2.2", "g");
    limits_stream_release_of(l, "10.0.1.0", "g");
    limits_stream_release_of(l, "10.0.1.1", "g");
    assert_false(limits_stream_acquire(l, "10.0.0.2", "g", false, &why)); /* it holds 4 */
    assert_true(limits_stream_acquire(l, "10.0.2.1", "g", false, &why));
    limits_free(l);
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

/* Past 4,096 keys, those with nothing open and full buckets are dropped and
 * their room reused: a dropped address starts again with full buckets, and
 * one that holds a connection or has not got its tokens back keeps its count. */
static void idle_keys_dropped_and_reused(void **state)
{
    LimitsConfig cfg = config();
    Limits *l = limits_new(&cfg);
    bool per_client = false;
    int retry = 0;
    char who[32];
    for (int i = 0; i < 8; i++)
        assert_true(limits_connection_acquire(l, "10.9.9.9", &per_client));
    for (int i = 0; i < 10; i++)
        assert_true(limits_create(l, "10.9.9.8", 1000, &retry));
    /* three rounds 10 s apart: each drops the one before, whose buckets refilled */
    for (int round = 0; round < 3; round++)
        for (int i = 0; i < 4500; i++) {
            snprintf(who, sizeof who, "10.%d.%d.%d", round, i / 250, i % 250);
            assert_true(limits_create(l, who, 1000 + 10 * round, &retry));
        }
    /* the two that are not idle were kept */
    for (int i = 0; i < 3; i++) /* 20 s at one game every 6 s */
        assert_true(limits_create(l, "10.9.9.8", 1020, &retry));
    assert_false(limits_create(l, "10.9.9.8", 1020, &retry));
    /* a dropped address has its ten games a minute again, and only ten */
    for (int i = 0; i < 10; i++)
        assert_true(limits_create(l, "10.0.0.1", 1030, &retry));
    assert_false(limits_create(l, "10.0.0.1", 1030, &retry));
    now_s = 1030;
    assert_false(limits_connection_acquire(l, "10.9.9.9", &per_client));
    assert_true(per_client);
    limits_connection_release(l, "10.9.9.9");
    assert_true(limits_connection_acquire(l, "10.9.9.9", &per_client));
    limits_free(l);
}

/* A time before a bucket's last refill (a clock set back, or another
 * clock) takes nothing and refills nothing: no debt. From then on the
 * bucket refills at its rate from that time. */
static void earlier_time_takes_no_debt(void **state)
{
    LimitsConfig cfg = config();
    Limits *l = limits_new(&cfg);
    int retry = 0;
    for (int i = 0; i < 10; i++)
        assert_true(limits_create(l, "10.0.0.1", 1000, &retry));
    assert_false(limits_create(l, "10.0.0.1", 500, &retry));
    assert_true(retry >= 1 && retry <= 6);
    /* 6 s later on the earlier clock: one game (ten a minute), not 84 s of debt */
    assert_true(limits_create(l, "10.0.0.1", 506, &retry));
    assert_false(limits_create(l, "10.0.0.1", 506, &retry));
    /* a fresh address on a clock far behind the entries made before: full */
    for (int i = 0; i < 10; i++)
        assert_true(limits_create(l, "10.0.0.2", 2000, &retry));
    for (int i = 0; i < 10; i++)
        assert_true(limits_request(l, "10.0.0.2", 1, &retry));
    limits_free(l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sign_in_per_name_and_per_address),
        cmocka_unit_test(sign_in_counts_failures),
        cmocka_unit_test(accounts_and_chat),
        cmocka_unit_test(connections_keep_room_for_new_clients),
        cmocka_unit_test(streams_for_watchers_and_players),
        cmocka_unit_test(idle_keys_dropped_and_reused),
        cmocka_unit_test(earlier_time_takes_no_debt),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
