/* Game clocks with made-up times: what is charged and when, the Fischer
 * increment, correspondence days, running out of time, the first moves
 * (not charged; 30 s to make each, or the game is aborted), a takeback,
 * the limits of a clock's spec and how a lobby names it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "../../src/server/base/clock.h"

static Clock real_clock(int initial_s, int increment_s, int seats)
{
    ClockSpec spec;
    char err[128];
    assert_true(clock_spec_real(initial_s, increment_s, &spec, err, sizeof err));
    Clock c;
    clock_init(&c, &spec, seats);
    return c;
}

/* A real-time clock once every seat has made its first move. */
static Clock played_clock(int initial_s, int increment_s, int seats)
{
    Clock c = real_clock(initial_s, increment_s, seats);
    c.fresh = 0;
    return c;
}

static void first_moves_are_not_charged(void **state)
{
    Clock c = real_clock(180, 2, 2);
    assert_int_equal(c.fresh, 3);
    assert_true(clock_switch(&c, 0, 100.0));
    /* White thinks 20 s over its first move: nothing charged, 10 s left for it */
    assert_int_equal(clock_left(&c, 0, 120.0), 180000);
    assert_int_equal(clock_first_move_left(&c, 120.0), 10000);
    assert_true(fabs(clock_deadline(&c) - 130.0) < 1e-9);
    assert_false(clock_expired(&c, 1e6)); /* a first move never loses on time */
    assert_false(clock_first_move_missed(&c, 129.999));
    /* its first move: no increment, its time runs from its next turn */
    assert_true(clock_switch(&c, 1, 120.0));
    assert_int_equal(c.fresh, 2);
    assert_int_equal(clock_left(&c, 0, 500.0), 180000);
    assert_int_equal(clock_first_move_left(&c, 125.0), 25000);
    /* Black misses its 30 s: the move comes too late, nothing changes */
    assert_true(clock_first_move_missed(&c, 150.0));
    assert_false(clock_switch(&c, 0, 150.5));
    assert_int_equal(c.running, 1);
    /* in time, Black's first move; then White's time runs, with increments */
    Clock d = real_clock(180, 2, 2);
    assert_true(clock_switch(&d, 0, 0.0));
    assert_true(clock_switch(&d, 1, 5.0));
    assert_true(clock_switch(&d, 0, 34.0));
    assert_int_equal(d.fresh, 0);
    assert_int_equal(clock_left(&d, 1, 99.0), 180000);
    assert_int_equal(clock_first_move_left(&d, 40.0), -1);
    assert_int_equal(clock_left(&d, 0, 40.0), 174000);
    assert_true(fabs(clock_deadline(&d) - 214.0) < 1e-9);
    assert_true(clock_switch(&d, 1, 40.0));
    assert_int_equal(clock_left(&d, 0, 99.0), 176000);
    /* correspondence days run from the start */
    ClockSpec days;
    char err[128];
    assert_true(clock_spec_days(1, &days, err, sizeof err));
    Clock e;
    clock_init(&e, &days, 2);
    assert_int_equal(e.fresh, 0);
}

static void a_takeback_gives_no_increment(void **state)
{
    Clock c = played_clock(60, 5, 2);
    assert_true(clock_switch(&c, 0, 0.0));
    assert_true(clock_switch(&c, 1, 10.0)); /* seat 0: 60 - 10 + 5 */
    /* seat 1 takes 4 s to accept taking back seat 0's move */
    clock_take_back(&c, 0, 0, 14.0);
    assert_int_equal(clock_left(&c, 1, 99.0), 56000);
    assert_int_equal(clock_left(&c, 0, 14.0), 55000);
    assert_int_equal(clock_left(&c, 0, 16.0), 53000);
    /* a first move taken back is a first move again */
    Clock d = real_clock(60, 5, 2);
    assert_true(clock_switch(&d, 0, 0.0));
    assert_true(clock_switch(&d, 1, 10.0));
    clock_take_back(&d, 0, 3, 12.0);
    assert_int_equal(clock_first_move_left(&d, 20.0), 22000);
    assert_int_equal(clock_left(&d, 0, 20.0), 60000);
}

static void charged_while_to_act_with_increment(void **state)
{
    Clock c = played_clock(60, 2, 2);
    /* nobody's time runs until a seat is to act (the last seat taken) */
    assert_int_equal(c.running, -1);
    assert_int_equal(clock_left(&c, 0, 100), 60000);
    assert_true(clock_deadline(&c) > 1e300);
    assert_true(clock_switch(&c, 0, 10.0));
    assert_int_equal(clock_left(&c, 0, 12.5), 57500);
    assert_int_equal(clock_left(&c, 1, 12.5), 60000);
    assert_true(fabs(clock_deadline(&c) - 70.0) < 1e-9);
    /* several decisions of one turn: the time runs on, no increment */
    assert_true(clock_switch(&c, 0, 13.0));
    assert_int_equal(clock_left(&c, 0, 13.0), 57000);
    /* the turn passes: seat 0 is charged to 15 s and gets 2 s back */
    assert_true(clock_switch(&c, 1, 15.0));
    assert_int_equal(clock_left(&c, 0, 99), 57000);
    assert_int_equal(clock_left(&c, 1, 16.0), 59000);
    assert_true(clock_switch(&c, 0, 20.0));
    assert_int_equal(clock_left(&c, 1, 99), 57000);
    /* the game ends: nobody runs, the last mover gets its increment */
    assert_true(clock_switch(&c, -1, 21.0));
    assert_int_equal(c.running, -1);
    assert_int_equal(clock_left(&c, 0, 500), 58000);
    assert_false(clock_expired(&c, 1e6));
}

static void running_out_of_time(void **state)
{
    Clock c = played_clock(1, 0, 2);
    assert_true(clock_switch(&c, 0, 0.0));
    assert_false(clock_expired(&c, 0.999));
    assert_true(clock_expired(&c, 1.0));
    assert_true(fabs(clock_deadline(&c) - 1.0) < 1e-9);
    /* an action committed after the time ran out is too late: nothing changes */
    assert_false(clock_switch(&c, 1, 1.2));
    assert_int_equal(c.running, 0);
    assert_true(clock_left(&c, 0, 1.2) < 0);
    /* a clock never runs backwards */
    Clock d = played_clock(10, 0, 2);
    assert_true(clock_switch(&d, 0, 5.0));
    assert_int_equal(clock_left(&d, 0, 4.0), 10000);
    clock_charge(&d, 4.0);
    assert_int_equal(clock_left(&d, 0, 6.0), 9000);
}

static void correspondence_days_per_turn(void **state)
{
    ClockSpec spec;
    char err[128];
    assert_true(clock_spec_days(2, &spec, err, sizeof err));
    Clock c;
    clock_init(&c, &spec, 3);
    const double day = 86400;
    assert_true(clock_switch(&c, 0, 0));
    assert_int_equal(clock_left(&c, 0, day), 86400000);
    assert_true(clock_switch(&c, 1, 1.5 * day));
    /* each turn gets its days again, whatever was left before */
    assert_true(clock_switch(&c, 0, 3 * day));
    assert_int_equal(clock_left(&c, 0, 3 * day), 2 * 86400000LL);
    assert_true(clock_expired(&c, 5 * day));
    assert_false(clock_expired(&c, 5 * day - 1));
}

static void specs_and_names(void **state)
{
    ClockSpec spec;
    char err[128], name[64];
    assert_false(clock_spec_real(0, 0, &spec, err, sizeof err));
    assert_non_null(strstr(err, "clock.initial_s must be a whole number of seconds from 1 to 86400"));
    assert_false(clock_spec_real(60, -1, &spec, err, sizeof err));
    assert_non_null(strstr(err, "clock.increment_s"));
    assert_false(clock_spec_real(86401, 0, &spec, err, sizeof err));
    assert_false(clock_spec_days(0, &spec, err, sizeof err));
    assert_false(clock_spec_days(31, &spec, err, sizeof err));
    assert_true(clock_spec_real(300, 3, &spec, err, sizeof err));
    clock_spec_name(&spec, name, sizeof name);
    assert_string_equal(name, "5+3");
    assert_true(clock_spec_real(20, 0, &spec, err, sizeof err));
    clock_spec_name(&spec, name, sizeof name);
    assert_string_equal(name, "20s+0");
    ClockSpec other;
    assert_true(clock_spec_days(3, &other, err, sizeof err));
    clock_spec_name(&other, name, sizeof name);
    assert_string_equal(name, "3 days a move");
    assert_false(clock_spec_equal(&spec, &other));
    ClockSpec same;
    assert_true(clock_spec_real(20, 0, &same, err, sizeof err));
    assert_true(clock_spec_equal(&spec, &same));
    /* no clock: nothing ever runs out */
    Clock none;
    clock_init(&none, &(ClockSpec){.kind = CLOCK_NONE}, 2);
    assert_true(clock_switch(&none, 0, 0));
    assert_false(clock_expired(&none, 1e9));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(charged_while_to_act_with_increment),
        cmocka_unit_test(first_moves_are_not_charged),
        cmocka_unit_test(a_takeback_gives_no_increment),
        cmocka_unit_test(running_out_of_time),
        cmocka_unit_test(correspondence_days_per_turn),
        cmocka_unit_test(specs_and_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
