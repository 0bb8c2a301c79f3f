/* Hand-written Morphos cases of the mutators: duomorph's second stone,
 * remorph's returned stone (also with duomorph), deepmorph, and metamorph's
 * start with the combinations refused. */
#include "morphos_cases.h"

static void duomorph_second_stone(void **unused)
{
    Game *g = morphos_game(5, "duomorph");
    MorphosState *s = (MorphosState *)state_new(g);
    apply_ok(s, "c3");
    assert_string_equal(moves(s), "c2 b3 d3 c4");
    assert_int_equal(state_player(&s->base), 0);
    apply_fails(s, "e5", "illegal move 'e5': the second stone must go on an empty point next to c3 (duomorph): c2, b3, d3 or c4");
    apply_ok(s, "c4");
    assert_int_equal(state_player(&s->base), 1);
    /* One move of two parts, all or nothing. */
    apply_fails(s, "a1,c5", "illegal move 'c5': the second stone must go on an empty point next to a1 (duomorph): b1 or a2");
    assert_int_equal(bb_count(&s->stones[1], s->cfg->nw), 0);
    apply_ok(s, "a1,a2");
    assert_int_equal(bb_count(&s->stones[1], s->cfg->nw), 2);
    state_free(&s->base);
    game_free(g);
    /* No empty neighbour: the turn ends with one stone. */
    s = pos("W.W/BWB/.B.", 'B', "duomorph");
    apply_ok(s, "b3");
    assert_int_equal(s->to_move, MORPHOS_WHITE);
    done(s);
    /* A flip brings no second stone. */
    s = pos("WW./WB./.W.", 'W', "duomorph");
    apply_ok(s, "xb2");
    assert_int_equal(s->to_move, MORPHOS_BLACK);
    done(s);
}

static void remorph_returned_stone(void **unused)
{
    MorphosState *s = pos("WW./WB./.W.", 'W', "remorph");
    apply_ok(s, "xb2");
    assert_int_equal(s->phase, PHASE_RETURN);
    assert_int_equal(s->to_move, MORPHOS_BLACK);
    assert_string_equal(moves(s), "a1 c1 c2 c3");
    apply_fails(s, "xa3", "illegal move 'xa3': first put the returned stone on an empty point (remorph); your regular move follows it");
    apply_ok(s, "c3,c2");
    assert_int_equal(s->to_move, MORPHOS_WHITE);
    assert_int_equal(bb_count(&s->stones[0], s->cfg->nw), 2);
    done(s);
    /* The returned stone can win at once. */
    unsigned w;
    s = pos("B..../BWW../.WB../B.W../B....", 'W', "remorph");
    apply_ok(s, "xc3");
    assert_int_equal(s->phase, PHASE_RETURN);
    apply_ok(s, "a3");
    assert_string_equal(how(s, &w), "connection");
    assert_int_equal(w, 1u);
    done(s);
    /* No empty point after the flip: no returned stone. */
    s = pos("BBWB/WWBW/WBWB/BWBW", 'W', "remorph");
    apply_ok(s, "xb2");
    assert_int_equal(s->phase, PHASE_MAIN);
    assert_int_equal(s->to_move, MORPHOS_BLACK);
    done(s);
}

static void remorph_with_duomorph(void **unused)
{
    /* The returned stone brings no second stone; the regular placement does. */
    MorphosState *s = pos("...../...../.WW../.WB../..W..", 'W', "remorph,duomorph");
    apply_ok(s, "xc2");
    assert_int_equal(s->phase, PHASE_RETURN);
    apply_ok(s, "e5");
    assert_int_equal(s->phase, PHASE_MAIN);
    apply_ok(s, "a5");
    assert_int_equal(s->phase, PHASE_DUO);
    apply_ok(s, "a4");
    assert_int_equal(s->to_move, MORPHOS_WHITE);
    done(s);
}

static void deepmorph_rules(void **unused)
{
    unsigned w;
    /* The win is checked at the start of the winner's next turn. */
    MorphosState *s = pos("B../B../...", 'B', "deepmorph");
    apply_ok(s, "a1");
    assert_string_equal(how(s, &w), "");
    assert_int_equal(s->to_move, MORPHOS_WHITE);
    apply_ok(s, "c1");
    assert_string_equal(how(s, &w), "connection");
    assert_int_equal(w, 1u);
    done(s);
    /* The flipped stone counts as Black's, so Black cannot flip it back. */
    s = pos("WW./WB./.W.", 'W', "deepmorph");
    apply_ok(s, "xb2");
    assert_true(bb_test(&s->flipped_last, pt(s, "b2")));
    apply_fails(s, "xb2", "illegal move 'xb2': b2 was flipped on the opponent's latest turn and still counts as yours (deepmorph)");
    done(s);
    /* The flip-back test itself: c3 (White) is surrounded by White's
     * pattern 1, so after Black flipped it White could flip it back. */
    s = pos("...../.WW../.WW../..W../.....", 'B', "deepmorph");
    assert_true(morphos_flip_back_possible(s, MORPHOS_BLACK, pt(s, "c3")));
    assert_false(morphos_flip_back_possible(s, MORPHOS_BLACK, pt(s, "b3")));
    done(s);
    /* With remorph one missing point on an empty point is enough. */
    s = pos("...../.W.../.WW../..W../.....", 'B', "deepmorph,remorph");
    assert_true(morphos_flip_back_possible(s, MORPHOS_BLACK, pt(s, "c3")));
    done(s);
    s = pos("...../.W.../.WW../..W../.....", 'B', "deepmorph");
    assert_false(morphos_flip_back_possible(s, MORPHOS_BLACK, pt(s, "c3")));
    done(s);
}

static void deepmorph_flipped_stone_supports_its_old_owner(void **unused)
{
    /* White flips c2 (c3 d3 d2 c1 around it); c2 still counts as Black's,
     * which completes pattern 1 around c3 (c4 b4 b3 and c2). */
    MorphosState *s = pos("...../.BB../.BWW./..BW./..W..", 'W', "deepmorph");
    assert_string_equal(weak_list(s, MORPHOS_BLACK), "c2");
    apply_ok(s, "xc2");
    assert_true(bb_test(&s->targets, pt(s, "c3")));
    assert_string_equal(weak_list(s, MORPHOS_WHITE), "");
    assert_non_null(strstr(moves(s), "xc3"));
    done(s);
    /* Without deepmorph c3 is not weak. */
    s = pos("...../.BB../.BWW./..BW./..W..", 'W', "");
    apply_ok(s, "xc2");
    assert_false(bb_test(&s->targets, pt(s, "c3")));
    done(s);
}

static void metamorph_start_and_refused_combinations(void **unused)
{
    Game *g = morphos_game(4, "minimorph,metamorph");
    MorphosState *s = (MorphosState *)state_new(g);
    StrBuf sb = STRBUF_INIT;
    morphos_position_text(s->cfg, s->stones, &sb);
    assert_string_equal(sb_str(&sb), "WBWB/BWBW/WBWB/BWBW");
    sb_free(&sb);
        /* Minimorph: every white stone with three neighbours on the board. */
    assert_string_equal(moves(s), "xb1 xa2 xc2 xb3 xd3 xc4");
    state_free(&s->base);
    game_free(g);
    static const struct {
        const char *mutators, *message;
    } refused[] = {
        {"metamorph", "mutator metamorph needs minimorph: the full checkered board has no weak stone, so the game would start in a deadlock"},
        {"minimorph,metamorph,duomorph", "mutator duomorph cannot be combined with metamorph: the board starts full and flips keep it full, so no stone is ever placed and duomorph would never apply"},
        {"metamorph,remorph,minimorph", "mutator remorph cannot be combined with metamorph: the board starts full and flips keep it full, so no stone is ever placed and remorph would never apply"},
        {"minimorph,hypermorph", "unknown mutator 'hypermorph' (expected minimorph, deepmorph, duomorph, remorph or metamorph)"},
        {"minimorph,", "empty name in the mutator list 'minimorph,' (expected names separated by single commas)"},
        {",minimorph", "empty name in the mutator list ',minimorph' (expected names separated by single commas)"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        Options o;
        char err[ERR_MAX];
        options_init(&o);
        options_set(&o, "mutators", refused[i].mutators, err, sizeof err);
        assert_null(game_new("morphos", &o, err, sizeof err));
        assert_string_equal(err, refused[i].message);
    }
    Options o;
    char err[ERR_MAX];
    options_init(&o);
    options_set(&o, "size", "2", err, sizeof err);
    assert_null(game_new("morphos", &o, err, sizeof err));
    assert_string_equal(err, "option 'size' must be 3 to 19, got 2");
    /* numbers beyond int are refused, not wrapped into range (4294967299 = 2^32 + 3) */
    options_set(&o, "size", "4294967299", err, sizeof err);
    assert_null(game_new("morphos", &o, err, sizeof err));
    assert_string_equal(err, "option 'size' must be 3 to 19, got 4294967299");
    options_set(&o, "size", "5", err, sizeof err);
    options_set(&o, "move-cap", "4294967297", err, sizeof err);
    assert_null(game_new("morphos", &o, err, sizeof err));
    assert_string_equal(err, "option 'move-cap' must be 0 (automatic) to 100000000, got 4294967297");
    options_set(&o, "move-cap", "-1", err, sizeof err);
    assert_null(game_new("morphos", &o, err, sizeof err));
    assert_string_equal(err, "option 'move-cap' must be 0 (automatic) to 100000000, got -1");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(duomorph_second_stone),
        cmocka_unit_test(remorph_returned_stone),
        cmocka_unit_test(remorph_with_duomorph),
        cmocka_unit_test(deepmorph_rules),
        cmocka_unit_test(deepmorph_flipped_stone_supports_its_old_owner),
        cmocka_unit_test(metamorph_start_and_refused_combinations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
