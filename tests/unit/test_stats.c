/* Arena statistics: Wilson interval and Elo mapping (src/cli/stats.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "../../src/cli/stats.c"

#define NEAR(a, b) assert_true(fabs((a) - (b)) < 1e-9)

static void wilson_matches_hand_computed_values(void **unused)
{
    double lo, hi;
    /* p = 0.5, n = 100: centre 0.5, half-width z*sqrt(0.0025 + z^2/40000)/(1 + z^2/100). */
    stats_wilson(0.5, 100, STATS_Z95, &lo, &hi);
    NEAR(lo, 0.4038315303659956);
    NEAR(hi, 0.5961684696340044);
    /* p = 0.9, n = 200 */
    stats_wilson(0.9, 200, STATS_Z95, &lo, &hi);
    NEAR(lo, 0.8505941875672826);
    NEAR(hi, 0.9343295513309041);
}

static void wilson_stays_inside_zero_one(void **unused)
{
    double lo, hi;
    stats_wilson(0.0, 10, STATS_Z95, &lo, &hi);
    NEAR(lo, 0.0);
    NEAR(hi, 0.2775327998628892);
    stats_wilson(1.0, 10, STATS_Z95, &lo, &hi);
    NEAR(lo, 1 - 0.2775327998628892);
    NEAR(hi, 1.0);
    stats_wilson(1.0, 1, STATS_Z95, &lo, &hi);
    assert_true(lo > 0 && lo < 1);
    NEAR(hi, 1.0);
}

static void elo_of_typical_scores(void **unused)
{
    NEAR(stats_elo(0.5, 100), 0.0);
    NEAR(stats_elo(0.75, 100), 400 * log10(3));
    NEAR(stats_elo(0.25, 100), -400 * log10(3));
    NEAR(stats_elo(0.9, 1000), 400 * log10(9));
}

static void elo_is_clamped_at_zero_and_full_score(void **unused)
{
    /* 0.5/N: with N = 100 a perfect score counts as 0.995. */
    NEAR(stats_elo(1.0, 100), -400 * log10(1 / 0.995 - 1));
    NEAR(stats_elo(0.0, 100), 400 * log10(1 / 0.995 - 1));
    assert_true(isfinite(stats_elo(1.0, 1)));
    NEAR(stats_elo(1.0, 1), 0.0); /* one game proves nothing */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wilson_matches_hand_computed_values),
        cmocka_unit_test(wilson_stays_inside_zero_one),
        cmocka_unit_test(elo_of_typical_scores),
        cmocka_unit_test(elo_is_clamped_at_zero_and_full_score),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
