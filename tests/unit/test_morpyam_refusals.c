/* Morpyam refusals in words: a reason for every malformed text and for
 * every action refused at each point of a turn (the same reason, with its
 * prefix, from parse_action). */
#include "morpyam_words.h"

static void malformed_texts(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    play(s, "die 3; die 5; roll; dice 1 3 3 3 4");
    /* a word that is no verb: what it was taken for and what this turn allows */
    assert_string_equal(why(s, "frobnicate"), "'frobnicate' is not a move; this turn allows call FIGURE, reroll V.., "
                                              "keep V.., place SQUARE, pass or resign");
    assert_string_equal(why(s, "g7"), "g7 was taken for a square, but the squares are a1 to f6; this turn allows "
                                      "call FIGURE, reroll V.., keep V.., place SQUARE, pass or resign");
    assert_true(strncmp(why(s, ""), "empty (expected roll", 20) == 0);
    assert_string_equal(why(s, "place z9"), "square must be a1..f6");
    assert_string_equal(why(s, "place"), "expected place and one square, e.g. place c3");
    assert_string_equal(why(s, "call"), "expected call and one figure, e.g. call square");
    assert_string_equal(why(s, "call appel"),
                        "callable figures are square, full house, maxi, mini, morpyam, all-in-one and straight");
    /* figures by their English names, two words included, or by their ids */
    Action by_name, by_id;
    char why_name[ERR_MAX];
    assert_true(morpyam_ops.parse_action(s, "call full house", &by_name, why_name, sizeof why_name));
    assert_true(morpyam_ops.parse_action(s, "call full", &by_id, why_name, sizeof why_name));
    assert_int_equal(by_name, by_id);
    assert_true(morpyam_ops.parse_action(s, "call Square", &by_name, why_name, sizeof why_name)); /* any case */
    assert_string_equal(why(s, "reroll"), "name the dice to reroll by their values, e.g. reroll 1 4");
    assert_string_equal(why(s, "reroll 146"), "write the values apart, e.g. reroll 1 4 6");
    assert_string_equal(why(s, "reroll x"), "expected die values 1 to 6 after reroll, e.g. reroll 1 4");
    assert_string_equal(why(s, "reroll 7"), "a die shows 1 to 6");
    assert_string_equal(why(s, "keep 1 1 1 1 1 1"), "there are only five dice");
    assert_string_equal(why(s, "dice"), "a roll needs its values, e.g. dice 1 3 3 4 6");
    assert_string_equal(why(s, "dice 1 2 7"), "a die shows 1 to 6");
    assert_string_equal(why(s, "die 7"), "a die shows 1 to 6");
    assert_string_equal(why(s, "die"), "expected die and one value, e.g. die 4");
    assert_string_equal(why(s, "deal XX"), "square codes are 1-6, PS, SU, FU, CA, MI, MA, MO, SE and AP");
    assert_string_equal(why(s, "put CA"), "expected put, a square code and a square, e.g. put CA c3");
    assert_string_equal(why(s, "pass now"), "'pass' takes nothing after it");
    /* parse_action keeps its prefixes */
    Action a;
    char err[ERR_MAX];
    assert_false(morpyam_ops.parse_action(s, "die 7", &a, err, sizeof err));
    assert_string_equal(err, "malformed action 'die 7': a die shows 1 to 6");
    assert_false(morpyam_ops.parse_action(s, "reroll 2", &a, err, sizeof err));
    assert_string_equal(err, "illegal move 'reroll 2': no 2 is showing to reroll");
    state_free(s);
    game_free(g);
}

static void refusals_in_a_turn(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    /* chance nodes */
    assert_string_equal(why(s, "roll"), "the roll-off for the first player comes first (die and one value)");
    assert_string_equal(why(s, "dice 1 2 3 4 5"), "the roll-off for the first player comes first (die and one value)");
    assert_string_equal(why(s, "resign"), "a player resigns at one of their own decisions, not during a chance event");
    assert_string_equal(why(s, "deal CA"), "squares are dealt only in the Plus variant");
    play(s, "die 3; die 5");
    /* before the first roll */
    assert_string_equal(why(s, "reroll 1"), "roll first: there are no dice yet");
    assert_string_equal(why(s, "keep 1"), "roll first: there are no dice yet");
    assert_string_equal(why(s, "place a1"), "roll first: there are no dice yet");
    assert_string_equal(why(s, "pass"), "roll first: there are no dice yet");
    assert_string_equal(why(s, "call brelan-3"), "three 3s cannot be called: only square, full house, maxi, mini, "
                                                 "morpyam, all-in-one and straight can");
    assert_string_equal(why(s, "call small straight"), "small straight cannot be called: only square, full house, "
                                                       "maxi, mini, morpyam, all-in-one and straight can");
    assert_string_equal(why(s, "die 4"), "no chance event is due: the player to move has a decision to make");
    assert_string_equal(why(s, "dice 1 2 3 4 5"), "no chance event is due: the player to move has a decision to make");
    assert_string_equal(why(s, "put CA a1"), "squares are put only while a Plus grid is being built");
    play(s, "call sec");
    assert_string_equal(why(s, "call suite"), "you already called all-in-one for this roll");
    assert_string_equal(why(s, "reroll 1"), "roll first: there are no dice yet");
    play(s, "roll");
    assert_string_equal(why(s, "place a1"), "the roll of 5 dice comes first (dice and 5 values)");
    assert_string_equal(why(s, "dice 1 2 3"), "a roll of 5 dice needs 5 values");
    assert_string_equal(why(s, "die 3"), "the roll of 5 dice comes first (dice and 5 values)");
    play(s, "dice 1 3 3 3 4");
    /* after roll 1 */
    assert_string_equal(why(s, "roll"), "the dice are rolled already: name the dice to reroll, e.g. reroll 1");
    assert_string_equal(why(s, "reroll 2"), "no 2 is showing to reroll");
    assert_string_equal(why(s, "reroll 1 1"), "only one 1 is showing to reroll");
    assert_string_equal(why(s, "reroll 3 3 3 3"), "only three 3s are showing to reroll");
    assert_string_equal(why(s, "keep 6"), "no 6 is showing to keep");
    assert_string_equal(why(s, "keep 1 3 3 3 4"), "keeping all five dice leaves none to reroll: place or pass instead");
    assert_string_equal(why(s, "place a1"), "a1 needs a small straight: four values in a row");
    assert_string_equal(why(s, "place f4"), "f4 needs three 1s: three dice or more showing 1");
    assert_string_equal(why(s, "place b5"), "b5 needs four alike: four dice or more showing the same value");
    assert_string_equal(why(s, "place d4"), "d4 needs five alike: all five dice show the same value");
    assert_string_equal(why(s, "place c5"),
                        "c5 needs an all-in-one: a morpyam, square, full house, straight, maxi or mini on the first roll of a turn");
    assert_string_equal(why(s, "place e3"), "e3 is a call square: it takes a token only when a call comes true");
    assert_string_equal(why(s, "call sec"), "an all-in-one (sec) can be called only before the first roll");
    play(s, "call full");
    assert_string_equal(why(s, "pass"), "you called full house: name the dice to reroll for it first, e.g. reroll 1");
    assert_string_equal(why(s, "place f2"), "you called full house: name the dice to reroll for it first, e.g. reroll 1");
    assert_string_equal(why(s, "roll"), "you called full house: name the dice to reroll for it, e.g. reroll 1");
    assert_string_equal(why(s, "keep 1 3 3 3 4"), "a call needs at least one die rerolled");
    assert_string_equal(why(s, "call full"), "you already called full house for this roll");
    play(s, "reroll 1 4");
    assert_string_equal(why(s, "dice 1 2 3"), "a roll of 2 dice needs 2 values");
    play(s, "dice 2 5");
    /* after roll 2: Sec is over */
    assert_string_equal(why(s, "place d2"), "d2 is an all-in-one square: an all-in-one counts only on the first roll of a turn");
    play(s, "reroll 2 5; dice 1 4");
    /* after roll 3 */
    assert_string_equal(why(s, "reroll 1"), "you already rolled three times: place or pass");
    assert_string_equal(why(s, "roll"), "you already rolled three times: place or pass");
    assert_string_equal(why(s, "call suite"), "you already rolled three times: no roll is left to call for");
    play(s, "place f2");
    assert_string_equal(why(s, "place f2"), "roll first: there are no dice yet");
    play(s, "roll; dice 2 3 3 3 4");
    assert_string_equal(why(s, "place f2"), "f2 is taken");
    play(s, "reroll 2 3 3 3 4");
    assert_string_equal(why(s, "dice 1"), "a roll of 5 dice needs 5 values");
    state_free(s);

    /* a call come true */
    s = state_new(g);
    play(s, "die 3; die 5; call suite; roll; dice 1 2 3 4 5");
    assert_string_equal(why(s, "pass"), "your call came true: cover a free call square (e3 or b4)");
    assert_string_equal(why(s, "place d5"), "your call came true: the token must go on a free call square (e3 or b4)");
    state_free(s);

    /* five alike goes on a free Morpyam square first */
    s = first_roll(g, ROWS("......", "......", "...1..", "......", "......", "......"), "3 3 3 3 3");
    assert_string_equal(why(s, "place f2"), "five alike must go on a free Morpyam square (c3) while one is free");
    assert_string_equal(why(s, "place a1"), "a1 needs a small straight: four values in a row");
    assert_string_equal(why(s, "place d4"), "d4 is taken");
    state_free(s);

    /* no Appel square left: no calls */
    s = game_at(g, "die 3; die 5", ROWS("......", "......", ".1....", "....2.", "......", "......"),
                "roll; dice 1 1 2 2 3; pass");
    assert_true(state_is_chance(s));
    assert_string_equal(why(s, "call suite"), "every call square is covered, so there is nothing left to call for");
    play(s, "dice 1 3 3 3 4");
    assert_string_equal(why(s, "call suite"), "every call square is covered, so there is nothing left to call for");
    state_free(s);

    /* the end */
    s = first_roll(g, ROWS("......", ".....2", ".....2", ".....2", "......", ".....2"), "1 3 3 3 4");
    play(s, "place f2");
    assert_string_equal(why(s, "roll"), "the game is over");
    assert_string_equal(why(s, "dice 1 2 3 4 5"), "the game is over");
    state_free(s);
    game_free(g);

    /* Flash has no Appel square */
    g = new_game("variant=flash");
    s = state_new(g);
    play(s, "die 3; die 5");
    assert_string_equal(why(s, "call suite"), "this grid has no call square, so there are no calls");
    play(s, "dice 1 3 3 3 4");
    assert_string_equal(why(s, "call suite"), "this grid has no call square, so there are no calls");
    state_free(s);
    game_free(g);

    /* Plus: deals */
    g = new_game("variant=plus");
    s = state_new(g);
    play(s, "deal CA; deal CA");
    assert_string_equal(why(s, "deal CA"), "no CA square is left to deal");
    assert_string_equal(why(s, "put CA a1"), "the Plus squares are being dealt first (deal and a square code)");
    state_free(s);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(malformed_texts),
        cmocka_unit_test(refusals_in_a_turn),
    };
    int failed = cmocka_run_group_tests_name("morpyam_refusals", tests, NULL, NULL);
    sb_free(&said);
    return failed;
}
