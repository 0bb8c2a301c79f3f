/* Morphos marks, checked on hand-made positions: what a drawing highlights
 * for an action (the point and what it gains), the weak stones that are the
 * flip targets, the placeable points of each part of a turn, and the
 * winning chain as a shortest path. */
#include "morphos_words.h"

/* The cells of a mark as "a1 b2 ..." in board order. */
static const char *cells_of(const Marks *m, const Mark *k)
{
    static char buf[1024];
    buf[0] = '\0';
    for (int row = 0; row < m->height; row++)
        for (int col = 0; col < m->width; col++)
            if (mark_has_cell(k, row * m->width + col)) {
                char p[4];
                cell_name(col, row, p);
                if (buf[0])
                    strcat(buf, " ");
                strcat(buf, p);
            }
    return buf;
}

static void action_marks_name_the_points(void **unused)
{
    MorphosState *s = fresh(9, "duomorph");
    Marks m;
    state_action_marks(&s->base, parse(s, "e5"), &m);
    assert_int_equal(m.width, 9);
    assert_int_equal(m.height, 9);
    assert_int_equal(m.count, 1);
    assert_int_equal(m.items[0].kind, MARK_LAST);
    assert_int_equal(m.items[0].player, 0);
    assert_string_equal(m.items[0].label, "Black places e5");
    assert_true(mark_has_cell(&m.items[0], 4 * 9 + 4));
    assert_string_equal(cells_of(&m, &m.items[0]), "e5");
    apply_ok(s, "e5");
    state_action_marks(&s->base, parse(s, "e6"), &m);
    assert_string_equal(m.items[0].label, "Black adds e6 next to e5");
    assert_string_equal(cells_of(&m, &m.items[0]), "e6");
    apply_ok(s, "e6");
    state_action_marks(&s->base, parse(s, "swap"), &m);
    assert_int_equal(m.items[0].player, 1);
    assert_string_equal(m.items[0].label, "White swaps and takes over Black's stones");
    assert_string_equal(cells_of(&m, &m.items[0]), "e5 e6");
    state_action_marks(&s->base, ACTION_RESIGN, &m);
    assert_int_equal(m.count, 0);
    done(s);
    s = pos("WW./WB./.W.", 'W', "remorph");
    state_action_marks(&s->base, parse(s, "xb2"), &m);
    assert_string_equal(m.items[0].label, "White flips b2");
    assert_int_equal(m.items[0].player, 1);
    assert_string_equal(cells_of(&m, &m.items[0]), "b2");
    apply_ok(s, "xb2");
    state_action_marks(&s->base, parse(s, "c1"), &m);
    assert_string_equal(m.items[0].label, "Black puts the returned stone on c1");
    assert_string_equal(cells_of(&m, &m.items[0]), "c1");
    assert_true(mark_has_cell(&m.items[0], 2));
    done(s);
    s = pos("WWB/BBW/WBB", 'W', "");
    state_action_marks(&s->base, parse(s, "pass"), &m);
    assert_int_equal(m.count, 0);
    done(s);
}

static void weak_stones_are_the_flip_targets(void **unused)
{
    MorphosState *s = pos("WW./WB./.W.", 'W', "");
    Marks m;
    state_marks(&s->base, &m);
    const Mark *k = find_mark(&m, MARK_WEAK, -1);
    assert_non_null(k);
    assert_int_equal(k->player, 0);
    assert_string_equal(k->label, "weak Black stones: White may flip them");
    assert_string_equal(cells_of(&m, k), "b2");
    assert_true(mark_equals_bits(s->cfg, k, &s->targets));
    k = find_mark(&m, MARK_PLACEABLE, -1);
    assert_non_null(k);
    assert_int_equal(k->player, 1);
    assert_string_equal(k->label, "empty points: White may place a stone on any of them");
    assert_string_equal(cells_of(&m, k), "a1 c1 c2 c3");
    assert_null(find_mark(&m, MARK_CHAIN, -1));
    done(s);
    /* Deepmorph: c3 is a target only thanks to the stone White flipped; the
     * marks follow the targets, not the plain patterns. */
    s = pos("...../.BB../.BWW./..BW./..W..", 'W', "deepmorph");
    apply_ok(s, "xc2");
    state_marks(&s->base, &m);
    k = find_mark(&m, MARK_WEAK, 1);
    assert_non_null(k);
    assert_string_equal(k->label, "weak White stones: Black may flip them");
    assert_true(mark_equals_bits(s->cfg, k, &s->targets));
    assert_string_equal(cells_of(&m, k), "c3");
    done(s);
    /* Both colours weak at once (minimorph checkered board). */
    s = fresh(4, "minimorph,metamorph");
    state_marks(&s->base, &m);
    k = find_mark(&m, MARK_WEAK, 1);
    assert_string_equal(cells_of(&m, k), "b1 a2 c2 b3 d3 c4");
    assert_true(mark_equals_bits(s->cfg, k, &s->targets));
    k = find_mark(&m, MARK_WEAK, 0);
    assert_string_equal(k->label, "weak Black stones: White may flip them");
    assert_string_equal(cells_of(&m, k), "c1 b2 d2 a3 c3 b4");
    assert_null(find_mark(&m, MARK_PLACEABLE, -1));
    done(s);
}

static void placeable_points_of_each_part_of_a_turn(void **unused)
{
    MorphosState *s = fresh(5, "duomorph");
    apply_ok(s, "c3");
    Marks m;
    state_marks(&s->base, &m);
    const Mark *k = find_mark(&m, MARK_PLACEABLE, 0);
    assert_string_equal(k->label, "Black's second stone goes on an empty point next to c3");
    assert_string_equal(cells_of(&m, k), "c2 b3 d3 c4");
    done(s);
    s = pos("WW./WB./.W.", 'W', "remorph");
    apply_ok(s, "xb2");
    state_marks(&s->base, &m);
    k = find_mark(&m, MARK_PLACEABLE, 0);
    assert_string_equal(k->label, "Black puts the returned stone on any empty point");
    assert_string_equal(cells_of(&m, k), "a1 c1 c2 c3");
    done(s);
}

static void the_winning_chain_is_a_shortest_path(void **unused)
{
    /* The winning group has a loop (c2 d2 d3 d4 c4); the chain is b1..b5. */
    MorphosState *s = pos(".B.../.BBB./.B.B./.BBB./.....", 'B', "");
    apply_ok(s, "b1");
    Marks m;
    state_marks(&s->base, &m);
    const Mark *k = find_mark(&m, MARK_CHAIN, 0);
    assert_non_null(k);
    assert_string_equal(k->label, "Black's chain joining top and bottom");
    assert_string_equal(cells_of(&m, k), "b1 b2 b3 b4 b5");
    assert_true(chain_connects(s, &m, k, MORPHOS_BLACK));
    assert_null(find_mark(&m, MARK_PLACEABLE, -1));
    done(s);
    /* White's winding chain: every cell needed. */
    s = pos("...../WW.../.W.W./.WWW./.....", 'W', "");
    apply_ok(s, "e3");
    state_marks(&s->base, &m);
    k = find_mark(&m, MARK_CHAIN, 1);
    assert_non_null(k);
    assert_string_equal(k->label, "White's chain joining left and right");
    assert_string_equal(cells_of(&m, k), "b2 c2 d2 b3 d3 e3 a4 b4");
    assert_true(chain_connects(s, &m, k, MORPHOS_WHITE));
    done(s);
    /* Other endings show no chain. */
    s = pos("BWB/WWB/BBW", 'W', "");
    state_marks(&s->base, &m);
    assert_null(find_mark(&m, MARK_CHAIN, -1));
    done(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(action_marks_name_the_points),
        cmocka_unit_test(weak_stones_are_the_flip_targets),
        cmocka_unit_test(placeable_points_of_each_part_of_a_turn),
        cmocka_unit_test(the_winning_chain_is_a_shortest_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
