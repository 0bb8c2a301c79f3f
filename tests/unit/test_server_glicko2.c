/* Glicko-2 against the worked example of Glickman's "Example of the
 * Glicko-2 system": a player rated 1500 (RD 200, volatility 0.06) beats a
 * 1400 (RD 30), loses to a 1550 (RD 100) and to a 1700 (RD 300), with
 * tau 0.5; the paper gives 1464.06, RD 151.52, volatility 0.05999. Then
 * the properties the server relies on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>

#include "../../src/server/base/glicko2.h"

static void glickman_worked_example(void **state)
{
    Glicko player = {1500, 200, 0.06};
    GlickoGame games[] = {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}};
    Glicko after = glicko2_update(player, games, 3, 0.5);
    assert_true(fabs(after.rating - 1464.06) < 0.01);
    assert_true(fabs(after.rd - 151.52) < 0.01);
    assert_true(fabs(after.vol - 0.05999) < 0.00001);
}

static void a_newcomer_and_a_period_without_games(void **state)
{
    Glicko p = glicko2_new();
    assert_true(p.rating == 1500 && p.rd == 350 && p.vol == 0.06);
    /* no games: only the RD grows (step 6), never past 350 */
    Glicko q = glicko2_update((Glicko){1600, 100, 0.06}, NULL, 0, GLICKO_TAU);
    assert_true(q.rating == 1600 && q.rd > 100 && q.rd < 101);
    assert_true(glicko2_update(p, NULL, 0, GLICKO_TAU).rd == 350);
    /* idle periods add up as one period each */
    Glicko idle = glicko2_idle((Glicko){1600, 100, 0.06}, 1);
    assert_true(fabs(idle.rd - q.rd) < 1e-9);
    assert_true(glicko2_idle((Glicko){1600, 60, 0.06}, 100).rd > glicko2_idle((Glicko){1600, 60, 0.06}, 10).rd);
    assert_true(glicko2_idle((Glicko){1600, 60, 0.06}, 1e9).rd == 350);
    assert_true(glicko2_idle((Glicko){1600, 60, 0.06}, 0).rd == 60);
}

static void a_game_moves_both_players(void **state)
{
    /* two newcomers: the winner goes up, the loser down by the same amount */
    Glicko a = glicko2_new(), b = glicko2_new();
    Glicko a2 = glicko2_update(a, &(GlickoGame){b.rating, b.rd, 1}, 1, GLICKO_TAU);
    Glicko b2 = glicko2_update(b, &(GlickoGame){a.rating, a.rd, 0}, 1, GLICKO_TAU);
    assert_true(a2.rating > 1600 && b2.rating < 1400);
    assert_true(fabs((a2.rating - 1500) + (b2.rating - 1500)) < 1e-6);
    assert_true(a2.rd < 350 && b2.rd < 350);
    /* a draw between equals moves nobody's rating */
    Glicko d = glicko2_update(a, &(GlickoGame){b.rating, b.rd, 0.5}, 1, GLICKO_TAU);
    assert_true(fabs(d.rating - 1500) < 1e-6);
    /* beating a much stronger player is worth more than beating an equal */
    Glicko up = glicko2_update(a, &(GlickoGame){1900, 80, 1}, 1, GLICKO_TAU);
    assert_true(up.rating > a2.rating);
    /* a surprising result raises the volatility; an expected one lowers it */
    Glicko steady = {1500, 50, 0.06};
    assert_true(glicko2_update(steady, &(GlickoGame){2100, 50, 1}, 1, GLICKO_TAU).vol > 0.06);
    assert_true(glicko2_update(steady, &(GlickoGame){1500, 50, 0.5}, 1, GLICKO_TAU).vol < 0.06);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(glickman_worked_example),
        cmocka_unit_test(a_newcomer_and_a_period_without_games),
        cmocka_unit_test(a_game_moves_both_players),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
