/* The texts of a Morpyam game beside its actions: the end of a game in
 * words, the legend of the grid's squares and the rules of each variant and
 * rule set. */
#include "morpyam_words.h"

static void results_in_words(void **unused)
{
    Game *g = new_game("players=2");
    /* forfeit */
    State *s = state_new(g);
    play(s, "die 3; die 5; resign");
    sb_clear(&said);
    state_describe_result(s, NULL, &said);
    assert_string_equal(sb_str(&said), "P1 wins by forfeit: P2 resigned.\nP1: 0 points (no line)\nP2: 0 points (no line), resigned\n");
    state_free(s);
    /* not over: the points so far, lines counted */
    s = game_at(g, "die 3; die 5", ROWS("111...", "1.....", "1.....", "1.....", ".1....", "..1..."), "");
    sb_clear(&said);
    Voice v = {{"Ann", NULL}, 0};
    state_describe_result(s, &v, &said);
    assert_string_equal(sb_str(&said),
                        "The game is not over yet. Points so far:\n"
                        "Ann: 4 points (two lines of three +2, a line of four +2)\n"
                        "P2: 0 points (no line)\n");
    state_free(s);
    game_free(g);
    /* on points with two players, and the turn limit */
    g = new_game("players=2;turn-cap=3");
    s = game_at(g, "die 3; die 5", ROWS("111...", "......", "......", "......", "......", "......"), "");
    play(s, "roll; dice 1 2 4 5 6; pass; roll; dice 1 2 4 5 6; pass; roll; dice 1 2 4 5 6; pass");
    assert_true(state_is_terminal(s));
    sb_clear(&said);
    state_describe_result(s, NULL, &said);
    assert_string_equal(sb_str(&said),
                        "The turn limit of 3 turns is reached: P1 wins on points, 1 to 0 (no end bonus).\n"
                        "P1: 1 point (a line of three +1)\n"
                        "P2: 0 points (no line)\n");
    state_free(s);
    game_free(g);
}

static void legends(void **unused)
{
    LegendEntry e[LEGEND_MAX];
    Game *g = new_game("players=2");
    int n = morpyam_ops.legend(g, e);
    assert_int_equal(n, 15);
    assert_string_equal(e[0].code, "1");
    assert_string_equal(e[0].name, "three 1s");
    assert_string_equal(e[0].words, "three dice or more showing 1");
    assert_string_equal(e[6].code, "PS");
    assert_string_equal(e[6].name, "small straight");
    assert_true(strncmp(e[6].words, "four values in a row", 20) == 0);
    assert_string_equal(e[9].code, "CA");
    assert_string_equal(e[9].name, "square");
    assert_string_equal(e[9].words, "four dice or more showing the same value");
    assert_string_equal(e[13].code, "SE");
    assert_true(strstr(e[13].words, "first roll") != NULL);
    assert_string_equal(e[14].code, "AP");
    assert_string_equal(e[14].name, "call");
    assert_true(strstr(e[14].words, "must go on a free call square") != NULL);
    for (int i = 0; i < n; i++) {
        int k = morpyam_kind_from_code(e[i].code);
        assert_true(k >= 0);
        assert_string_equal(e[i].name, morpyam_kind_name(k));
        assert_true(strlen(e[i].words) > 10);
    }
    game_free(g);
    g = new_game("variant=flash");
    n = morpyam_ops.legend(g, e);
    assert_int_equal(n, 11); /* no MI, MA, SE, AP */
    for (int i = 0; i < n; i++)
        assert_true(strcmp(e[i].code, "SE") && strcmp(e[i].code, "AP") && strcmp(e[i].code, "MI"));
    game_free(g);
    g = new_game("variant=plus;grid=1 1 1 1 1 1/1 1 1 1 1 1/2 2 2 2 2 2/2 2 2 2 2 2/3 3 3 3 3 3/MO MO MO MO MO MO");
    n = morpyam_ops.legend(g, e);
    assert_int_equal(n, 16);
    assert_string_equal(e[15].code, ".");
    assert_string_equal(e[15].name, "unbuilt");
    game_free(g);
    g = new_game("grid=1 1 1 1 1 1/1 1 1 1 1 1/2 2 2 2 2 2/2 2 2 2 2 2/3 3 3 3 3 3/MO MO MO MO MO MO");
    n = morpyam_ops.legend(g, e);
    assert_int_equal(n, 4);
    assert_string_equal(e[3].code, "MO");
    game_free(g);
}

/* Lines of at most 78 columns, paragraphs apart by one blank line, one
 * newline at the end. */
static void check_layout(const char *text)
{
    size_t len = strlen(text);
    assert_true(len > 200);
    assert_true(text[len - 1] == '\n' && text[len - 2] != '\n');
    assert_null(strstr(text, "\n\n\n"));
    for (const char *p = text; *p;) {
        size_t line = strcspn(p, "\n");
        if (line > 78)
            fail_msg("line of %zu columns: %.*s", line, (int)line, p);
        assert_true(line == 0 || (p[0] != ' ' && p[line - 1] != ' '));
        p += line + (p[line] == '\n');
    }
}

/* The rules of spec with the lines of each paragraph joined, so that
 * phrases can be searched whatever the wrapping. */
static const char *rules_of(const char *spec)
{
    Game *g = new_game(spec);
    sb_clear(&said);
    morpyam_ops.rules(g, &said);
    game_free(g);
    check_layout(sb_str(&said));
    for (size_t i = 1; i + 1 < said.len; i++)
        if (said.data[i] == '\n' && said.data[i - 1] != '\n' && said.data[i + 1] != '\n')
            said.data[i] = ' ';
    return sb_str(&said);
}

static void rules_texts(void **unused)
{
    const char *t = rules_of("players=2");
    assert_non_null(strstr(t, "standard game, 2 players, 17 tokens each"));
    assert_non_null(strstr(t, "\nAll-in-one: when the first roll"));
    assert_non_null(strstr(t, "\nCalls: before a roll"));
    assert_non_null(strstr(t, "four in a line 2 points (3 with 3 or 4 players)"));
    assert_null(strstr(t, "strict-call"));
    assert_null(strstr(t, "daversa"));
    assert_null(strstr(t, "Flash"));
    assert_null(strstr(t, "\nPlus"));
    t = rules_of("players=3;rules=strict-call,daversa");
    assert_non_null(strstr(t, "3 players, 11 tokens each"));
    assert_non_null(strstr(t, "four in a line 3 points (2 with 2 players)"));
    assert_non_null(strstr(t, "Rule strict-call:"));
    assert_non_null(strstr(t, "Rule daversa:"));
    t = rules_of("players=4;variant=flash");
    assert_non_null(strstr(t, "8 tokens each"));
    assert_non_null(strstr(t, "\nFlash: a simpler grid"));
    assert_null(strstr(t, "\nAll-in-one:"));
    assert_null(strstr(t, "\nCalls:"));
    assert_null(strstr(t, "mini (MI)"));
    const char *notation = strstr(t, "\nWriting moves: ");
    assert_non_null(notation); /* the notation last, in a paragraph of its own that a page may fold away */
    assert_true(strstr(t, "resign 2") > notation);
    t = rules_of("players=3;variant=plus");
    assert_non_null(strstr(t, "\nPlus: the 36 squares are shuffled and dealt, 12 to each player."));
    notation = strstr(t, "\nWriting moves: ");
    assert_true(notation && strstr(t, "\"put CA c3\"") > notation);
    t = rules_of("turn-cap=50;grid=1 1 1 1 1 1/1 1 1 1 1 1/2 2 2 2 2 2/2 2 2 2 2 2/3 3 3 3 3 3/MO MO MO MO MO MO");
    assert_non_null(strstr(t, "its own grid"));
    assert_non_null(strstr(t, "reaches 50 turns"));
    assert_null(strstr(t, "\nCalls:"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(results_in_words),
        cmocka_unit_test(legends),
        cmocka_unit_test(rules_texts),
    };
    int failed = cmocka_run_group_tests_name("morpyam_texts", tests, NULL, NULL);
    sb_free(&said);
    return failed;
}
