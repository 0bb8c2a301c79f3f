/* The GTP handler (src/protocol/gtp.c) driven directly: framing of responses and
 * the time budget genmove derives from the clock. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/number.c"
#include "../../src/protocol/gtp.c"
#include "../../src/protocol/gtp_vertex.c"
#include "../../src/front/session.c"

/* A handler on a 5x5 game with the given mutators. */
static void start(Gtp *g, const char *mutators)
{
    Options o;
    options_init(&o);
    char err[ERR_MAX];
    assert_true(options_set(&o, "size", "5", err, sizeof err));
    assert_true(options_set(&o, "mutators", mutators, err, sizeof err));
    assert_true(gtp_init(g, &o, "random", 1, err, sizeof err));
}

/* Sends one line; returns the response in a static buffer. */
static const char *send(Gtp *g, const char *line)
{
    static char text[4096];
    StrBuf out = STRBUF_INIT;
    gtp_handle_line(g, line, &out);
    snprintf(text, sizeof text, "%s", sb_str(&out));
    sb_free(&out);
    return text;
}

static void test_framing(void **state)
{
    Gtp g;
    start(&g, "");
    assert_string_equal(send(&g, "protocol_version"), "= 2\n\n");
    assert_string_equal(send(&g, "42 name"), "=42 morph\n\n");
    assert_string_equal(send(&g, "7 play b c3"), "=7\n\n");
    assert_string_equal(send(&g, "8 nope"), "?8 unknown command\n\n");
    assert_string_equal(send(&g, "  # only a comment"), "");
    assert_string_equal(send(&g, "\t\r\n"), "");
    assert_string_equal(send(&g, "9\tknown_command\tundo # trailing"), "=9 true\n\n");
    assert_false(g.quit);
    assert_string_equal(send(&g, "quit"), "=\n\n");
    assert_true(g.quit);
    gtp_free(&g);
}

static void test_budget(void **state)
{
    Gtp g;
    start(&g, "");
    assert_int_equal(gtp_budget_ms(&g, 0), 0); /* no clock */
    send(&g, "time_settings 60 0 0");           /* absolute: 60 s / 20 * 0.9 */
    assert_int_equal(gtp_budget_ms(&g, 0), 2700);
    assert_int_equal(gtp_budget_ms(&g, 1), 2700);
    send(&g, "time_left w 10 0");
    assert_int_equal(gtp_budget_ms(&g, 1), 450);
    assert_int_equal(gtp_budget_ms(&g, 0), 2700);
    send(&g, "time_left b 0 0");                /* out of time: the floor */
    assert_int_equal(gtp_budget_ms(&g, 0), 10);
    send(&g, "time_settings 0 30 5");           /* Canadian byo-yomi only */
    assert_int_equal(gtp_budget_ms(&g, 0), 5400); /* 0 / 20 + 30 s / 5 */
    send(&g, "time_left b 25 3");
    assert_int_equal(gtp_budget_ms(&g, 0), 7499); /* 25 s / 3 stones, 90 % */
    send(&g, "time_settings 100000000 0 0");    /* capped at an hour */
    assert_int_equal(gtp_budget_ms(&g, 0), 3600000);
    send(&g, "time_settings 0 5 0");            /* GTP's "no time limit" */
    assert_int_equal(gtp_budget_ms(&g, 0), 0);
    gtp_free(&g);

    start(&g, "duomorph,remorph");                /* up to three decisions a turn */
    send(&g, "time_settings 60 0 0");
    assert_int_equal(gtp_budget_ms(&g, 0), 900);
    gtp_free(&g);
}

static void test_budget_reaches_the_ai(void **state)
{
    Gtp g;
    start(&g, "");
    /* random takes no ms=: genmove falls back to the plain spec and plays. */
    send(&g, "time_settings 60 0 0");
    const char *r = send(&g, "genmove b");
    assert_true(r[0] == '=' && strlen(r) > 3);
    char err[ERR_MAX];
    Ai *ai = make_ai(&g, 1, err, sizeof err);
    assert_non_null(ai);
    assert_string_equal(ai->spec, "random");
    ai_free(ai);
    gtp_free(&g);
}

/* Issue 8, fault 1: 17 arguments without an id wrote past the argument
 * array; they are refused as too many, and 16 are still read. */
static void test_argument_count_is_bounded(void **state)
{
    Gtp g;
    start(&g, "");
    assert_string_equal(send(&g, "morphos-mutators a b c d e f g h i j k l m n o p q"),
                        "? syntax error: too many arguments\n\n");
    assert_string_equal(send(&g, "5 morphos-mutators a b c d e f g h i j k l m n o p q"),
                        "?5 syntax error: too many arguments\n\n");
    assert_string_equal(send(&g, "known_command a b c d e f g h i j k l m n o p q r s t u v w x y z"),
                        "? syntax error: too many arguments\n\n");
    /* Sixteen arguments are within the limit: the command itself judges them. */
    const char *r = send(&g, "6 morphos-mutators duomorph a b c d e f g h i j k l m n o");
    assert_int_equal(strncmp(r, "?6 ", 3), 0);
    assert_null(strstr(r, "too many arguments"));
    assert_string_equal(send(&g, "7 morphos-mutators"), "=7 none\n\n");
    gtp_free(&g);
}

/* GTP vertices and morph's notation: J is morph's i, a flip is written as
 * its plain vertex and read back from the stone on that point. */
static void test_vertices(void **state)
{
    StrBuf out = STRBUF_INIT;
    gtp_write_move("xj5,i5,swap,c3,s19,pass,resign", &out);
    assert_string_equal(sb_str(&out), "K5,J5,swap,C3,T19,pass,resign");
    sb_free(&out);

    Options o;
    options_init(&o);
    char err[ERR_MAX];
    assert_true(options_set(&o, "size", "19", err, sizeof err));
    Gtp g;
    assert_true(gtp_init(&g, &o, "random", 1, err, sizeof err));
    const State *st = g.session->state;
    StrBuf move = STRBUF_INIT;
    assert_true(gtp_read_move(st, "J5", &move, err, sizeof err));
    assert_string_equal(sb_str(&move), "i5");
    sb_clear(&move);
    assert_true(gtp_read_move(st, "t19", &move, err, sizeof err));
    assert_string_equal(sb_str(&move), "s19");
    assert_false(gtp_read_move(st, "I5", &move, err, sizeof err));
    assert_string_equal(err, "illegal move 'I5': GTP skips the letter I (the columns of 19x19 are A to T)");
    assert_false(gtp_read_move(st, "U1", &move, err, sizeof err));
    assert_string_equal(err, "illegal move 'U1': not on the 19x19 board (A1 to T19)");
    assert_false(gtp_read_move(st, "A0", &move, err, sizeof err));
    assert_non_null(strstr(err, "illegal move 'A0': expected"));
    /* After b C3, a play of w on C3 reads as the flip (refused: not weak). */
    assert_string_equal(send(&g, "play b C3"), "=\n\n");
    sb_clear(&move);
    assert_false(gtp_read_move(g.session->state, "C3", &move, err, sizeof err));
    assert_non_null(strstr(err, "illegal move 'C3' (xc3 in morph's notation): c3 is not weak"));
    /* swap is a word, read in any case. */
    sb_clear(&move);
    assert_true(gtp_read_move(g.session->state, "SWAP", &move, err, sizeof err));
    assert_string_equal(sb_str(&move), "swap");
    sb_free(&move);
    gtp_free(&g);
}

static void test_bad_start(void **state)
{
    Gtp g;
    Options o;
    options_init(&o);
    char err[ERR_MAX];
    assert_false(gtp_init(&g, &o, "nope", 1, err, sizeof err));
    assert_non_null(strstr(err, "unknown AI level 'nope'"));
    assert_true(options_set(&o, "size", "25", err, sizeof err));
    assert_false(gtp_init(&g, &o, "random", 1, err, sizeof err));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_framing),
        cmocka_unit_test(test_budget),
        cmocka_unit_test(test_budget_reaches_the_ai),
        cmocka_unit_test(test_argument_count_is_bounded),
        cmocka_unit_test(test_vertices),
        cmocka_unit_test(test_bad_start),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
