/* Morpyam marks: what a drawing highlights for an action (the square, its
 * lines and points) and for a position (lines, the KO line, the bonus, the
 * squares the dice may cover). */
#include "morpyam_words.h"

static const Mark *find_mark(const Marks *m, int kind, int player, int nth)
{
    for (int i = 0; i < m->count; i++)
        if (m->items[i].kind == kind && m->items[i].player == player && nth-- == 0)
            return &m->items[i];
    return NULL;
}

static int count_kind(const Marks *m, int kind)
{
    int n = 0;
    for (int i = 0; i < m->count; i++)
        n += m->items[i].kind == kind;
    return n;
}

static uint64_t squares(const char *names)
{
    uint64_t m = 0;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", names);
    char *save = NULL;
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
        m |= 1ull << sq(w);
    return m;
}

static void action_marks(void **unused)
{
    Game *g = new_game("players=2");
    Marks m;
    Action a;
    char err[ERR_MAX];
    State *s = first_roll(g, ROWS("......", "......", ".....2", ".....2", "......", "......"), "1 3 3 3 4");
    assert_true(morpyam_ops.parse_action(s, "place f2", &a, err, sizeof err));
    state_action_marks(s, a, &m);
    assert_int_equal(m.width, 6);
    assert_int_equal(m.height, 6);
    assert_int_equal(m.count, 1);
    assert_int_equal(m.items[0].kind, MARK_LAST);
    assert_int_equal(m.items[0].player, 1);
    assert_int_equal(m.items[0].points, 1);
    assert_string_equal(m.items[0].label, "f2: line of three (+1)");
    assert_true(cells_of(&m.items[0]) == squares("f2"));
    assert_true(morpyam_ops.parse_action(s, "place a3", &a, err, sizeof err));
    state_action_marks(s, a, &m);
    assert_string_equal(m.items[0].label, "a3");
    assert_int_equal(m.items[0].points, 0);
    assert_true(morpyam_ops.parse_action(s, "reroll 1", &a, err, sizeof err));
    state_action_marks(s, a, &m);
    assert_int_equal(m.count, 0);
    state_free(s);
    s = first_roll(g, ROWS("......", ".....2", ".....2", ".....2", "..222.", "......"), "1 3 3 3 4");
    assert_true(morpyam_ops.parse_action(s, "place f2", &a, err, sizeof err));
    state_action_marks(s, a, &m);
    assert_string_equal(m.items[0].label, "f2: line of four, grown from three (+1), line of four, grown from three (+1)");
    assert_int_equal(m.items[0].points, 2);
    state_free(s);
    s = first_roll(g, ROWS("......", ".....2", ".....2", ".....2", "......", ".....2"), "1 3 3 3 4");
    assert_true(morpyam_ops.parse_action(s, "place f2", &a, err, sizeof err));
    state_action_marks(s, a, &m);
    assert_string_equal(m.items[0].label, "f2: line of five, KO");
    state_free(s);
    game_free(g);
    g = new_game("variant=plus");
    s = state_new(g);
    deal_standard(s, 36);
    play(s, "die 2; die 5");
    assert_true(morpyam_ops.parse_action(s, "put MO c3", &a, err, sizeof err));
    state_action_marks(s, a, &m);
    assert_int_equal(m.count, 1);
    assert_int_equal(m.items[0].player, 1);
    assert_string_equal(m.items[0].label, "c3: MO (morpyam)");
    assert_true(cells_of(&m.items[0]) == squares("c3"));
    state_free(s);
    game_free(g);
}

static void marks_of_positions(void **unused)
{
    Game *g = new_game("players=2");
    Marks m;
    /* P1: a row of three, a diagonal of three; P2: a column of four and a
     * pair that scores nothing */
    State *s = first_roll(g, ROWS("111...", "......", "..1..2", ".1...2", "1....2", "..22.2"), "1 3 3 3 4");
    state_marks(s, &m);
    assert_int_equal(count_kind(&m, MARK_LINE), 3);
    const Mark *k = find_mark(&m, MARK_LINE, 0, 0);
    assert_non_null(k);
    assert_int_equal(k->points, 1);
    assert_string_equal(k->label, "line of three (+1)");
    assert_true(cells_of(k) == squares("a2 b3 c4"));
    k = find_mark(&m, MARK_LINE, 0, 1);
    assert_true(cells_of(k) == squares("a6 b6 c6"));
    k = find_mark(&m, MARK_LINE, 1, 0);
    assert_int_equal(k->points, 2);
    assert_string_equal(k->label, "line of four (+2)");
    assert_true(cells_of(k) == squares("f1 f2 f3 f4"));
    k = find_mark(&m, MARK_PLACEABLE, 1, 0);
    assert_non_null(k);
    assert_string_equal(k->label, "the dice may cover these squares");
    assert_true(cells_of(k) == (morpyam_placeable(ms_of(s))));
    assert_true(cells_of(k) == squares("a3"));
    assert_int_equal(count_kind(&m, MARK_KO) + count_kind(&m, MARK_BONUS), 0);
    state_free(s);
    game_free(g);

    /* 3 players: a line of four is worth 3 */
    g = new_game("players=3");
    s = game_at(g, "die 3; die 5; die 1", ROWS("3333..", "......", "......", "......", "......", "......"), "");
    state_marks(s, &m);
    k = find_mark(&m, MARK_LINE, 2, 0);
    assert_int_equal(k->points, 3);
    assert_string_equal(k->label, "line of four (+3)");
    assert_int_equal(count_kind(&m, MARK_PLACEABLE), 0); /* before the roll */
    state_free(s);
    game_free(g);

    /* the KO line, and the points it swallowed */
    g = new_game("players=2");
    s = first_roll(g, ROWS(".....2", ".....2", ".....2", ".....2", "......", "1....."), "1 3 3 3 4");
    assert_int_equal(ms_of(s)->points[1], 2);
    play(s, "place f2");
    state_marks(s, &m);
    assert_int_equal(count_kind(&m, MARK_LINE), 0);
    k = find_mark(&m, MARK_KO, 1, 0);
    assert_non_null(k);
    assert_string_equal(k->label, "line of five: KO");
    assert_int_equal(k->points, 0);
    assert_true(cells_of(k) == squares("f2 f3 f4 f5 f6"));
    sb_clear(&said);
    state_describe_result(s, NULL, &said);
    assert_string_equal(sb_str(&said),
                        "P2 wins by KO with a line of five: f2 f3 f4 f5 f6.\n"
                        "A KO wins outright, whatever the points; the points below are for the record.\n"
                        "Only whole lines score, so a line of three or four that grew into the KO line\n"
                        "no longer counts, and the KO line itself is worth no points.\n"
                        "P1: 0 points (no line)\n"
                        "P2: 0 points (a line of five: KO)\n");
    state_free(s);

    /* a call come true: only the Appel squares */
    s = state_new(g);
    play(s, "die 3; die 5; call suite; roll; dice 1 2 3 4 5");
    state_marks(s, &m);
    k = find_mark(&m, MARK_PLACEABLE, 1, 0);
    assert_string_equal(k->label, "the call came true: cover a free call square");
    assert_true(cells_of(k) == squares("e3 b4"));
    state_free(s);
    game_free(g);

    /* the end bonus */
    g = new_game("players=4");
    s = game_at(g, "die 3; die 5; die 1; die 1", ROWS("2222..", "......", "222...", "......", "......", "......"),
                "roll; dice 1 3 3 3 4; place f2");
    assert_true(state_is_terminal(s));
    state_marks(s, &m);
    k = find_mark(&m, MARK_BONUS, 1, 0);
    assert_non_null(k);
    assert_int_equal(k->points, 1);
    assert_string_equal(k->label, "end bonus (+1): placed the last token");
    assert_true(cells_of(k) == 0);
    assert_int_equal(count_kind(&m, MARK_LINE), 2);
    GameResult r;
    state_result(s, &r);
    assert_int_equal(r.points[1], 5);
    sb_clear(&said);
    state_describe_result(s, NULL, &said);
    assert_string_equal(sb_str(&said),
                        "P2 wins on points with 5 (P1 0, P3 0, P4 0).\n"
                        "P2 placed the last token and gets the end bonus (+1).\n"
                        "P1: 0 points (no line)\n"
                        "P2: 5 points (a line of three +1, a line of four +3, end bonus +1)\n"
                        "P3: 0 points (no line)\n"
                        "P4: 0 points (no line)\n");
    state_free(s);
    game_free(g);

    /* Plus building: the free positions */
    g = new_game("variant=plus");
    s = state_new(g);
    deal_standard(s, 36);
    play(s, "die 2; die 5; put MO c3");
    state_marks(s, &m);
    k = find_mark(&m, MARK_PLACEABLE, 1, 0);
    assert_string_equal(k->label, "free positions to put a square on");
    assert_true(cells_of(k) == (MORPYAM_ALL & ~squares("c3")));
    state_free(s);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(action_marks),
        cmocka_unit_test(marks_of_positions),
    };
    int failed = cmocka_run_group_tests_name("morpyam_marks", tests, NULL, NULL);
    sb_free(&said);
    return failed;
}
