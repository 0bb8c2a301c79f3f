/* Morphos refusals in words: the reason why_not gives, and parse_action
 * with it, for every refused move of the main phase, malformed texts and
 * finished games, pass and swap, and the mutators' steps. */
#include "morphos_words.h"

/* ---- why_not and parse_action ---- */

static const char *const not_weak =
    "a stone can be flipped only when enemy stones hold 3 of its sides and a corner between them, 2 adjacent "
    "sides grown into lines of 3 and 2 away from their corner, or the ring around a 2x2 area holding it";

static void refusals_of_the_main_phase(void **unused)
{
    MorphosState *s = pos("WW./WB./.W.", 'W', "");
    assert_null(why(s, "xb2"));
    assert_null(why(s, "c3"));
    assert_null(why(s, "resign"));
    assert_string_equal(why(s, "a3"), "a3 is taken");
    assert_string_equal(why(s, "b2"), "b2 is taken (the black stone there is weak: flip it with xb2)");
    assert_string_equal(why(s, "xa3"), "a3 is your own stone: you can flip only your opponent's stones");
    assert_string_equal(why(s, "xc3"), "there is no stone on c3 to flip");
    assert_string_equal(why(s, "d1"), "d1 is not on the 3x3 board (a1 to c3)");
    assert_string_equal(why(s, "xa4"), "a4 is not on the 3x3 board (a1 to c3)");
    assert_string_equal(why(s, "swap"), "swap is allowed only on White's first turn, instead of a move");
    assert_string_equal(why(s, "pass"), "you may pass only when you have no legal move");
    done(s);

    s = fresh(9, "");
    apply_ok(s, "d4");
    assert_null(why(s, "swap"));
    apply_ok(s, "e5");
    char expected[512];
    snprintf(expected, sizeof expected, "d4 is not weak: %s", not_weak);
    assert_string_equal(why(s, "xd4"), "d4 is your own stone: you can flip only your opponent's stones");
    apply_ok(s, "f6");
    assert_string_equal(why(s, "xd4"), expected);
    assert_string_equal(why(s, "swap"), "swap is allowed only on White's first turn, instead of a move");
    assert_string_equal(why(s, "z9"), "z9 is not on the 9x9 board (a1 to i9)");
    assert_string_equal(why(s, "j1"), "j1 is not on the 9x9 board (a1 to i9)");
    assert_string_equal(why(s, "a10"), "a10 is not on the 9x9 board (a1 to i9)");
    /* parse_action carries the same reason after its prefix, whole. */
    char err[ERR_MAX], full[600];
    Action a;
    assert_false(s->base.game->ops->parse_action(&s->base, "xd4", &a, err, sizeof err));
    snprintf(full, sizeof full, "illegal move 'xd4': %s", expected);
    assert_string_equal(err, full);
    assert_false(s->base.game->ops->parse_action(&s->base, "e5", &a, err, sizeof err));
    assert_string_equal(err, "illegal move 'e5': e5 is taken");
    done(s);

    s = fresh(19, "");
    assert_string_equal(why(s, "t1"), "t1 is not on the 19x19 board (a1 to s19)");
    assert_string_equal(why(s, "a20"), "a20 is not on the 19x19 board (a1 to s19)");
    assert_null(why(s, "s19"));
    done(s);

    /* Minimorph words its own patterns. */
    s = pos("...../...../..B../...../.....", 'W', "minimorph");
    assert_string_equal(why(s, "xc3"), "c3 is not weak: a stone can be flipped only when enemy stones hold 3 of its "
                                       "sides, or 2 adjacent sides grown into lines of 2 away from their corner (minimorph)");
    done(s);
}

static void refusals_of_malformed_texts_and_finished_games(void **unused)
{
    MorphosState *s = fresh(5, "");
    const char *expected = "expected a point such as c3, a flip such as xc3, swap, pass or resign";
    assert_string_equal(why(s, "hello"), expected);
    assert_string_equal(why(s, ""), expected);
    assert_string_equal(why(s, "a0"), expected);
    assert_string_equal(why(s, "x"), expected);
    assert_string_equal(why(s, "c3 "), expected);
    assert_string_equal(why(s, "C3"), "expected a point such as c3, a flip such as xc3, swap, pass or resign "
                                      "(points are written in lower case)");
    assert_string_equal(why(s, "c3,c4"), "expected one action, not several joined by commas");
    char err[ERR_MAX];
    Action a;
    assert_false(s->base.game->ops->parse_action(&s->base, "C3", &a, err, sizeof err));
    assert_string_equal(err, "malformed move 'C3': expected a point such as c3, a flip such as xc3, swap, pass or "
                             "resign (points are written in lower case)");
    apply_ok(s, "resign");
    assert_string_equal(why(s, "c3"), "the game is over");
    assert_string_equal(why(s, "resign"), "the game is over");
    assert_false(s->base.game->ops->parse_action(&s->base, "c3", &a, err, sizeof err));
    assert_string_equal(err, "illegal move 'c3': the game is over");
    done(s);
}

static void refusals_of_pass_and_swap(void **unused)
{
    MorphosState *s = pos("WWB/BBW/WBB", 'W', "");
    assert_null(why(s, "pass"));
    assert_string_equal(why(s, "a1"), "a1 is taken");
    apply_ok(s, "pass");
    assert_string_equal(why(s, "pass"), "you may pass only when you have no legal move");
    done(s);
    s = fresh(5, "");
    assert_string_equal(why(s, "swap"), "swap is allowed only on White's first turn, instead of a move");
    apply_ok(s, "c3,swap");
    assert_string_equal(why(s, "swap"), "swap is allowed only on White's first turn, instead of a move");
    done(s);
}

static void refusals_of_duomorph_remorph_and_deepmorph(void **unused)
{
    MorphosState *s = fresh(5, "duomorph");
    apply_ok(s, "c3");
    assert_null(why(s, "c4"));
    assert_string_equal(why(s, "e5"), "the second stone must go on an empty point next to c3 (duomorph): c2, b3, d3 or c4");
    assert_string_equal(why(s, "xc3"), "the second stone must go on an empty point next to c3 (duomorph): c2, b3, d3 or c4");
    assert_string_equal(why(s, "pass"), "you may pass only when you have no legal move");
    apply_ok(s, "c4");
    done(s);
    s = saved(5, "duomorph", "...../..W../..B../...../..... to=B black=0 turn=2 phase=duo:c3 flipped=- hist=");
    assert_string_equal(why(s, "c4"), "c4 is taken; the second stone must go on an empty point next to c3 (duomorph): c2, b3 or d3");
    assert_string_equal(why(s, "c3"), "the second stone must go on an empty point next to c3 (duomorph): c2, b3 or d3");
    done(s);
    s = saved(5, "duomorph", "...../...../...../.B.../WB... to=W black=0 turn=3 phase=duo:a1 flipped=- hist=");
    assert_string_equal(why(s, "c1"), "the second stone must go on an empty point next to a1 (duomorph): a2");
    done(s);

    s = pos("WW./WB./.W.", 'W', "remorph");
    apply_ok(s, "xb2");
    assert_null(why(s, "c3"));
    assert_string_equal(why(s, "xa3"), "first put the returned stone on an empty point (remorph); your regular move follows it");
    assert_string_equal(why(s, "a3"), "a3 is taken; the returned stone goes on an empty point (remorph)");
    done(s);

    /* Deepmorph: the stone White just flipped still counts as Black's. */
    s = pos("WW./WB./.W.", 'W', "deepmorph");
    apply_ok(s, "xb2");
    assert_string_equal(why(s, "xb2"), "b2 was flipped on the opponent's latest turn and still counts as yours (deepmorph)");
    done(s);
    /* ... and it supports Black's patterns: c3 is weak only thanks to it. */
    s = pos("...../.BB../.BWW./..BW./..W..", 'W', "deepmorph");
    apply_ok(s, "xc2");
    assert_null(why(s, "xc3"));
    assert_string_equal(why(s, "xd2"), "d2 is not weak: a stone can be flipped only when enemy stones hold 3 of its "
                                       "sides and a corner between them, 2 adjacent sides grown into lines of 3 and 2 "
                                       "away from their corner, or the ring around a 2x2 area holding it");
    done(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(refusals_of_the_main_phase),
        cmocka_unit_test(refusals_of_malformed_texts_and_finished_games),
        cmocka_unit_test(refusals_of_pass_and_swap),
        cmocka_unit_test(refusals_of_duomorph_remorph_and_deepmorph),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
