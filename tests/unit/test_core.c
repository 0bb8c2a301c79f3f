/* Core plumbing: the seeded RNG, options, the text buffer, strict numbers,
 * UTF-8 excerpts and lists of actions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <limits.h>
#include <string.h>

#include "../../src/core/game.h"
#include "../../src/core/number.h"
#include "../../src/core/utf8.h"
#include "../../src/games/registry.h"

static void rng_is_reproducible(void **unused)
{
    Rng a, b;
    rng_seed(&a, 42);
    rng_seed(&b, 42);
    for (int i = 0; i < 1000; i++)
        assert_true(rng_next(&a) == rng_next(&b));
    rng_seed(&b, 43);
    assert_false(rng_next(&a) == rng_next(&b));
}

static void rng_below_stays_in_range_and_covers_it(void **unused)
{
    Rng r;
    rng_seed(&r, 7);
    int counts[6] = {0};
    for (int i = 0; i < 60000; i++) {
        uint32_t v = rng_below(&r, 6);
        assert_true(v < 6);
        counts[v]++;
    }
    for (int v = 0; v < 6; v++) /* 10000 expected; 5 sigma is about 450 */
        assert_in_range(counts[v], 9500, 10500);
}

static void rng_double_is_in_unit_interval(void **unused)
{
    Rng r;
    rng_seed(&r, 1);
    double sum = 0;
    for (int i = 0; i < 10000; i++) {
        double x = rng_double(&r);
        assert_true(x >= 0 && x < 1);
        sum += x;
    }
    assert_in_range((long)(sum / 10000 * 100), 48, 52);
}

static const OptionSpec specs[] = {
    {"players", OPTION_INT, "2", "number of players", NULL, 0, 0},
    {"rules", OPTION_LIST, "", "rule options", NULL, 0, 0},
    {NULL, 0, NULL, NULL, NULL, 0, 0},
};

static void options_validate_keys_and_integers(void **unused)
{
    Options o;
    char err[ERR_MAX];
    options_init(&o);
    assert_true(options_set(&o, "players", "3", err, sizeof err));
    assert_true(options_check(&o, specs, "demo", err, sizeof err));
    assert_string_equal(options_value(&o, specs, "players"), "3");
    assert_string_equal(options_value(&o, specs, "rules"), "");
    assert_true(options_set(&o, "players", "three", err, sizeof err));
    assert_false(options_check(&o, specs, "demo", err, sizeof err));
    assert_string_equal(err, "option 'players' must be a whole number, got 'three'");
    options_init(&o);
    assert_true(options_set(&o, "colour", "red", err, sizeof err));
    assert_false(options_check(&o, specs, "demo", err, sizeof err));
    assert_string_equal(err, "unknown option 'colour' for demo (expected one of: players, rules)");
}

static void list_contains_matches_whole_items(void **unused)
{
    assert_true(list_contains("strict-call,daversa", "daversa"));
    assert_true(list_contains("strict-call,daversa", "strict-call"));
    assert_false(list_contains("strict-call,daversa", "strict"));
    assert_false(list_contains("", "daversa"));
}

/* sb_printf writes in one pass when the text fits the spare room and
 * grows for the rest; sb_put_int writes every long long. */
static void strbuf_formats_past_its_room(void **unused)
{
    (void)unused;
    StrBuf sb = STRBUF_INIT;
    char big[300];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    sb_printf(&sb, "%s", "ab");
    sb_printf(&sb, "[%s]", big);
    assert_int_equal(sb.len, 2 + 2 + 299);
    assert_int_equal(strlen(sb_str(&sb)), sb.len);
    assert_memory_equal(sb_str(&sb), "ab[xx", 5);
    sb_clear(&sb);
    sb_put_int(&sb, 0);
    sb_putc(&sb, ' ');
    sb_put_int(&sb, -42);
    sb_putc(&sb, ' ');
    sb_put_int(&sb, LLONG_MIN);
    sb_putc(&sb, ' ');
    sb_put_int(&sb, LLONG_MAX);
    assert_string_equal(sb_str(&sb), "0 -42 -9223372036854775808 9223372036854775807");
    sb_free(&sb);
}

static void strbuf_grows(void **unused)
{
    StrBuf sb = STRBUF_INIT;
    assert_string_equal(sb_str(&sb), "");
    for (int i = 0; i < 1000; i++)
        sb_printf(&sb, "%d,", i % 10);
    assert_int_equal(sb.len, 2000);
    assert_memory_equal(sb_str(&sb), "0,1,2,", 6);
    sb_clear(&sb);
    sb_puts(&sb, "ok");
    assert_string_equal(sb_str(&sb), "ok");
    sb_free(&sb);
}

/* Issue 8, fault 2: messages quoting outside text must stay valid UTF-8. */
static void utf8_checks_characters(void **unused)
{
    assert_true(utf8_valid("plain"));
    assert_true(utf8_valid("\xc3\xa9t\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8e\xb2"));
    assert_false(utf8_valid("\xc3"));             /* cut after the lead byte */
    assert_false(utf8_valid("\xe2\x82"));         /* cut inside a 3-byte character */
    assert_false(utf8_valid("\xa9"));             /* a lone continuation byte */
    assert_false(utf8_valid("\xc0\xaf"));         /* overlong '/' */
    assert_false(utf8_valid("\xed\xa0\x80"));     /* a surrogate */
    assert_false(utf8_valid("\xf4\x90\x80\x80")); /* above U+10FFFF */
    assert_false(utf8_valid("\xff"));
    assert_int_equal(utf8_char_len("\xc3\xa9", 1), 0);
    assert_int_equal(utf8_char_len("\xc3\xa9", 2), 2);
}

static void utf8_cuts_only_between_characters(void **unused)
{
    const char *text = "ab\xc3\xa9\xc3\xa9";         /* a b é é: 6 bytes */
    assert_int_equal(utf8_prefix(text, 3), 2);
    assert_int_equal(utf8_prefix(text, 4), 4);
    assert_int_equal(utf8_prefix(text, 5), 4);
    assert_int_equal(utf8_prefix(text, 99), 6);
    assert_int_equal(utf8_prefix("a\xff" "b", 2), 2);   /* a bad byte is a character of its own */
    char buf[64];
    strcpy(buf, "abc\xc3");                          /* what a cut by bytes leaves */
    assert_int_equal(utf8_repair(buf), 1);
    assert_string_equal(buf, "abc");
    strcpy(buf, "a\xff" "b\xc3\xa9\xa9" "c");
    assert_int_equal(utf8_repair(buf), 2);
    assert_string_equal(buf, "a?b\xc3\xa9?" "c");
    strcpy(buf, "fine \xc3\xa9");
    assert_int_equal(utf8_repair(buf), 0);
}

static void excerpts_quote_outside_text_safely(void **unused)
{
    char q[EXCERPT_SIZE], text[64];
    memset(text, 'a', 39);
    strcpy(text + 39, "\xc3\xa9\xc3\xa9");         /* the 39 'a' and "éé" */
    text_excerpt(text, EXCERPT_MAX, q, sizeof q);
    assert_true(utf8_valid(q));
    assert_int_equal(strlen(q), 42);
    assert_string_equal(q + 36, "aaa...");
    assert_string_equal(text_excerpt("short", EXCERPT_MAX, q, sizeof q), "short");
    assert_string_equal(text_excerpt("line\nbreak\x01\xff", EXCERPT_MAX, q, sizeof q), "line?break??");
    assert_string_equal(text_excerpt("\xc3\xa9\xc3\xa9\xc3\xa9", 5, q, sizeof q), "\xc3\xa9\xc3\xa9...");
    /* Found by fuzzing: game_new quoted the name raw. */
    Options o;
    options_init(&o);
    char err[ERR_MAX];
    assert_null(game_new("morpho\xe9", &o, err, sizeof err));
    assert_string_equal(err, "unknown game 'morpho?' (expected morpyam or morphos)");
    char tiny[8];
    assert_string_equal(text_excerpt("abcdefghij", 40, tiny, sizeof tiny), "abcd...");
}

/* A list of moves from the start is as long as the game: more parts than
 * one turn's text holds, applied all or nothing (issue 24). */
static void lists_of_actions_are_as_long_as_the_game(void **unused)
{
    Options o;
    options_init(&o);
    options_set(&o, "size", "5", NULL, 0);
    char err[ERR_MAX + 64];
    Game *g = game_new("morphos", &o, err, sizeof err);
    assert_non_null(g);
    State *s = state_new(g);
    const char *list = "a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,c3,d3,e3,a4,b4,c4";
    assert_false(state_apply_text(s, list, err, sizeof err)); /* one turn: 16 parts at most */
    assert_non_null(strstr(err, "too many parts"));
    StrBuf before = STRBUF_INIT, after = STRBUF_INIT;
    state_serialize(s, &before);
    char bad[128];
    snprintf(bad, sizeof bad, "%s,a1", list);
    assert_false(state_apply_list(s, bad, err, sizeof err));
    assert_string_equal(err, "action 19 of the list: illegal move 'a1': a1 is taken");
    state_serialize(s, &after);
    assert_string_equal(sb_str(&after), sb_str(&before)); /* nothing applied */
    assert_true(state_apply_list(s, list, err, sizeof err));
    assert_int_equal(state_player(s), 0); /* 18 moves: Black to move again */
    state_free(s);
    game_free(g);
    sb_free(&before);
    sb_free(&after);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rng_is_reproducible),
        cmocka_unit_test(rng_below_stays_in_range_and_covers_it),
        cmocka_unit_test(rng_double_is_in_unit_interval),
        cmocka_unit_test(options_validate_keys_and_integers),
        cmocka_unit_test(list_contains_matches_whole_items),
        cmocka_unit_test(strbuf_grows),
        cmocka_unit_test(strbuf_formats_past_its_room),
        cmocka_unit_test(utf8_checks_characters),
        cmocka_unit_test(utf8_cuts_only_between_characters),
        cmocka_unit_test(excerpts_quote_outside_text_safely),
        cmocka_unit_test(lists_of_actions_are_as_long_as_the_game),
    };
    return cmocka_run_group_tests_name("core", tests, NULL, NULL);
}
