/* Morphos words for people: every kind of sentence by hand (placing and
 * connecting, flips with and without a viewer, the swap, each mutator's
 * steps, passing, resigning, filling, deadlock and the cap). The reasons for
 * refusals, the marks, the texts of a game and a random simulation are in
 * the sibling suites test_morphos_refusals.c, _marks.c, _texts.c and
 * test_morphos_words_random.c. */
#include "morphos_words.h"

/* describe(text) as seen by viewer (-1: nobody), with optional names. */
static const char *say_as(const MorphosState *s, const char *text, int viewer, const char *name0, const char *name1)
{
    static char buf[512];
    Voice v = {{name0, name1}, viewer};
    StrBuf sb = STRBUF_INIT;
    state_describe(&s->base, parse(s, text), &v, &sb);
    snprintf(buf, sizeof buf, "%s", sb_str(&sb));
    sb_free(&sb);
    return buf;
}

static const char *say(const MorphosState *s, const char *text)
{
    static char buf[512];
    StrBuf sb = STRBUF_INIT;
    state_describe(&s->base, parse(s, text), NULL, &sb);
    snprintf(buf, sizeof buf, "%s", sb_str(&sb));
    sb_free(&sb);
    return buf;
}

/* ---- describe ---- */

static void placing_and_winning_by_connection(void **unused)
{
    MorphosState *s = fresh(9, "");
    assert_string_equal(say(s, "e5"), "Black places a stone on e5");
    done(s);
    s = pos("B../B../...", 'B', "");
    assert_string_equal(say(s, "a1"), "Black places a stone on a1 and connects top and bottom: Black wins");
    done(s);
    s = pos(".../WW./...", 'W', "");
    assert_string_equal(say(s, "c2"), "White places a stone on c2 and connects left and right: White wins");
    done(s);
}

static void flips_with_and_without_viewer(void **unused)
{
    /* White flips b2; seat 0 holds Black in a position without history. */
    MorphosState *s = pos("WW./WB./.W.", 'W', "");
    assert_string_equal(say(s, "xb2"), "White flips Black's stone on b2");
    assert_string_equal(say_as(s, "xb2", 0, NULL, NULL), "White flips your stone on b2");
    assert_string_equal(say_as(s, "xb2", 1, NULL, NULL), "White flips Black's stone on b2");
    done(s);
    /* A flip that completes a chain wins. */
    s = pos("BBB/BWW/.BB", 'B', "");
    assert_string_equal(say(s, "xb2"), "Black flips White's stone on b2 and connects top and bottom: Black wins");
    assert_string_equal(say_as(s, "xb2", 1, NULL, NULL),
                        "Black flips your stone on b2 and connects top and bottom: Black wins");
    done(s);
}

static void the_issues_examples(void **unused)
{
    /* d3 White, with Black on d4 c3 d2 and the corner c4 (pattern 1). */
    MorphosState *s = pos("...../..BB./..BW./...B./.....", 'B', "");
    assert_string_equal(say_as(s, "xd3", 1, NULL, NULL), "Black flips your stone on d3");
    done(s);
    s = saved(5, "remorph", "...../...../...../...../W.... to=B black=0 turn=4 phase=return flipped=a1 hist=");
    assert_string_equal(say(s, "c4"), "Black puts the returned stone on c4");
    done(s);
}

static void flips_after_a_swap_name_the_right_seat(void **unused)
{
    /* Position where Black (seat 1 after the swap) flips White's d3. */
    MorphosState *s = saved(5, "", "...../.BB../.BWB./..B../..... to=B black=1 turn=7 phase=main flipped=- hist=");
    assert_string_equal(say_as(s, "xc3", 0, NULL, NULL), "Black flips your stone on c3");
    assert_string_equal(say_as(s, "xc3", 1, NULL, NULL), "Black flips White's stone on c3");
    done(s);
}

static void the_swap_sentence(void **unused)
{
    MorphosState *s = fresh(9, "");
    apply_ok(s, "e5");
    assert_string_equal(say(s, "swap"), "White swaps and P2 takes over Black's stone on e5, so P1 now plays White and moves next");
    assert_string_equal(say_as(s, "swap", 1, NULL, NULL),
                        "White swaps and you take over Black's stone on e5, so P1 now plays White and moves next");
    assert_string_equal(say_as(s, "swap", 0, "Ann", "Bob"),
                        "White swaps and Bob takes over Black's stone on e5, so you now play White and move next");
    assert_string_equal(say_as(s, "swap", -1, "Ann", "Bob (greedy)"),
                        "White swaps and Bob (greedy) takes over Black's stone on e5, so Ann now plays White and moves next");
    /* What the sentence says is what the swap does. */
    apply_ok(s, "swap");
    assert_int_equal(morphos_seat_of(s, MORPHOS_BLACK), 1);
    assert_int_equal(state_player(&s->base), 0);
    assert_int_equal(s->to_move, MORPHOS_WHITE);
    assert_true(bb_test(&s->stones[MORPHOS_BLACK], morphos_parse_point(s->cfg, "e5")));
    done(s);
    /* Duomorph: Black's first turn left two stones. */
    s = fresh(5, "duomorph");
    apply_ok(s, "c3,c4");
    assert_string_equal(say(s, "swap"), "White swaps and P2 takes over Black's stones on c3 and c4, so P1 now plays White and moves next");
    done(s);
    /* Metamorph: the opening is a flip on the full board; a swap takes over
     * all of Black's stones. */
    s = fresh(4, "minimorph,metamorph");
    assert_string_equal(say(s, "xb1"), "Black flips White's stone on b1");
    apply_ok(s, "xb1");
    assert_string_equal(say(s, "swap"), "White swaps and P2 takes over Black's 9 stones, so P1 now plays White and moves next");
    done(s);
}

static void duomorph_sentences(void **unused)
{
    MorphosState *s = fresh(5, "duomorph");
    assert_string_equal(say(s, "c3"), "Black places a stone on c3 and must add a second stone next to it");
    apply_ok(s, "c3");
    assert_string_equal(say(s, "c4"), "Black adds a second stone on c4, next to c3");
    assert_string_equal(say(s, "b3"), "Black adds a second stone on b3, next to c3");
    done(s);
    /* The second stone can win. */
    s = saved(3, "duomorph", "..B/.../.B. to=B black=0 turn=4 phase=duo:b1 flipped=- hist=");
    assert_string_equal(say(s, "b2"), "Black adds a second stone on b2, next to b1");
    done(s);
    s = saved(3, "duomorph", ".B./.../.B. to=B black=0 turn=4 phase=duo:b1 flipped=- hist=");
    assert_string_equal(say(s, "b2"), "Black adds a second stone on b2, next to b1, and connects top and bottom: Black wins");
    done(s);
    /* No empty neighbour: no second stone is asked for. */
    s = pos("W.W/BWB/.B.", 'B', "duomorph");
    assert_string_equal(say(s, "b3"), "Black places a stone on b3");
    done(s);
}

static void remorph_sentences(void **unused)
{
    MorphosState *s = pos("WW./WB./.W.", 'W', "remorph");
    assert_string_equal(say(s, "xb2"),
                        "White flips Black's stone on b2; Black must first put the returned stone back on an empty point (remorph)");
    assert_string_equal(say_as(s, "xb2", 0, NULL, NULL),
                        "White flips your stone on b2; you must first put the returned stone back on an empty point (remorph)");
    apply_ok(s, "xb2");
    assert_string_equal(say(s, "c3"), "Black puts the returned stone on c3");
    done(s);
    /* The returned stone can win at once. */
    s = pos("B..../BWW../.WB../B.W../B....", 'W', "remorph");
    apply_ok(s, "xc3");
    assert_string_equal(say(s, "a3"), "Black puts the returned stone on a3 and connects top and bottom: Black wins");
    done(s);
    /* On the last empty point with no flip left, the turn ends with it. */
    s = saved(4, "remorph", "BBWW/BBWW/WWBW/BBW. to=B black=0 turn=16 phase=return flipped=d3 hist=");
    assert_string_equal(say(s, "d1"),
                        "Black puts the returned stone on d1, the last empty point; with no regular move left, Black's turn ends");
    apply_ok(s, "d1");
    assert_int_equal(s->to_move, MORPHOS_WHITE);
    done(s);
}

static void deepmorph_sentences(void **unused)
{
    MorphosState *s = pos("B../B../...", 'B', "deepmorph");
    assert_string_equal(say(s, "a1"),
                        "Black places a stone on a1; Black's chain now joins top and bottom and wins if it survives White's turn (deepmorph)");
    apply_ok(s, "a1");
    assert_string_equal(say(s, "c1"),
                        "White places a stone on c1; Black's chain joining top and bottom has survived White's turn: Black wins (deepmorph)");
    apply_ok(s, "c1");
    assert_string_equal(s->how, "connection");
    done(s);
    /* White joined a4 b4 b3 b2 c2 d2 e2 on its turn; b4 is weak (minimorph
     * pattern 2: b5 a5 and c4 c3), so Black breaks the chain before it wins. */
    s = saved(5, "minimorph,deepmorph", "BB.../WWB../.WB../.WWWW/..... to=B black=0 turn=12 phase=main flipped=- hist=");
    assert_true(morphos_connected(s->cfg, &s->stones[MORPHOS_WHITE], MORPHOS_WHITE));
    assert_string_equal(say(s, "xb4"), "Black flips White's stone on b4; White's chain joining left and right is broken");
    apply_ok(s, "xb4");
    assert_int_equal(s->phase, PHASE_MAIN);
    done(s);
    /* The flip-back rule never forbids a flip with these patterns (see
     * docs/rules-morphos.md); its reason is checked by removing a target
     * by hand, as the rule would. */
    s = pos("...../.BB../.BWW./..BW./..W..", 'W', "deepmorph");
    apply_ok(s, "xc2");
    bb_clear(&s->targets, morphos_parse_point(s->cfg, "c3"));
    assert_string_equal(why(s, "xc3"), "White could flip c3 back on their next turn (deepmorph)");
    done(s);
}

static void pass_resign_fill_deadlock_and_cap(void **unused)
{
    MorphosState *s = pos("WWB/BBW/WBB", 'W', "");
    assert_string_equal(say(s, "pass"), "White has no legal move and passes");
    assert_string_equal(say(s, "resign"), "White resigns: Black wins");
    done(s);
    /* The last empty point, the game going on (White can flip b1). */
    s = pos("BB./WWB/WBW", 'B', "");
    assert_string_equal(say(s, "c3"), "Black places a stone on c3, the last empty point");
    done(s);
    /* The last empty point, then a deadlock, both ways. */
    s = saved(3, "", "BWB/BWW/WB. to=B black=0 turn=8 phase=main flipped=- hist=");
    assert_string_equal(say(s, "c1"), "Black places a stone on c1, the last empty point; neither player can move: "
                                      "deadlock, Black wins as the black stones on a2 and a3 are vertically adjacent");
    done(s);
    s = saved(3, "", "BWB/WBW/BW. to=B black=0 turn=8 phase=main flipped=- hist=");
    assert_string_equal(say(s, "c1"), "Black places a stone on c1, the last empty point; neither player can move: "
                                      "deadlock, White wins as no two stones of one colour are vertically adjacent");
    done(s);
    /* Right after Black's first turn White could still swap: no deadlock. */
    s = pos("BWB/BWW/WB.", 'B', "");
    assert_string_equal(say(s, "c1"), "Black places a stone on c1, the last empty point");
    done(s);
    /* The move cap. */
    s = capped("3");
    apply_ok(s, "a1,b1");
    assert_string_equal(say(s, "c1"),
                        "Black places a stone on c1; that was the last of the 3 turns allowed (the move cap): the game is a draw");
    done(s);
    /* A swap can be the turn that reaches the cap. */
    s = capped("2");
    apply_ok(s, "c3");
    assert_string_equal(say(s, "swap"), "White swaps and P2 takes over Black's stone on c3, so P1 now plays White and moves "
                                        "next; that was the last of the 2 turns allowed (the move cap): the game is a draw");
    done(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(placing_and_winning_by_connection),
        cmocka_unit_test(flips_with_and_without_viewer),
        cmocka_unit_test(the_issues_examples),
        cmocka_unit_test(flips_after_a_swap_name_the_right_seat),
        cmocka_unit_test(the_swap_sentence),
        cmocka_unit_test(duomorph_sentences),
        cmocka_unit_test(remorph_sentences),
        cmocka_unit_test(deepmorph_sentences),
        cmocka_unit_test(pass_resign_fill_deadlock_and_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
