/* Core plumbing: the seeded RNG, options and the text buffer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "../../src/core/game.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rng_is_reproducible),
        cmocka_unit_test(rng_below_stays_in_range_and_covers_it),
        cmocka_unit_test(rng_double_is_in_unit_interval),
        cmocka_unit_test(options_validate_keys_and_integers),
        cmocka_unit_test(list_contains_matches_whole_items),
        cmocka_unit_test(strbuf_grows),
    };
    return cmocka_run_group_tests_name("core", tests, NULL, NULL);
}
