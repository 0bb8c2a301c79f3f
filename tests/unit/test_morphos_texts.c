/* The texts of a Morphos game beside its moves: the result in words (with
 * and without names), and the legend and rules for every size and mutator
 * set (78 columns, UTF-8, one section per mutator). */
#include "morphos_words.h"

static const char *result_text(const MorphosState *s, const Voice *v)
{
    static char buf[512];
    StrBuf sb = STRBUF_INIT;
    state_describe_result(&s->base, v, &sb);
    snprintf(buf, sizeof buf, "%s", sb_str(&sb));
    sb_free(&sb);
    return buf;
}

static void results_in_words(void **unused)
{
    MorphosState *s = pos("B../B../...", 'B', "");
    apply_ok(s, "a1");
    assert_string_equal(result_text(s, NULL), "Black (P1) wins: a chain of black stones joins the top and bottom edges.\n");
    Voice v = {{"Ann", "Bob"}, -1};
    assert_string_equal(result_text(s, &v), "Black (Ann) wins: a chain of black stones joins the top and bottom edges.\n");
    done(s);
    /* After a swap White is seat 0. */
    s = fresh(3, "");
    apply_ok(s, "a3,swap,c1,a2,c2,a1");
    assert_string_equal(result_text(s, NULL), "Black (P2) wins: a chain of black stones joins the top and bottom edges.\n");
    done(s);
    s = fresh(3, "");
    apply_ok(s, "a3,swap,a2,b3,b2,c3,c2");
    assert_string_equal(result_text(s, NULL), "White (P1) wins: a chain of white stones joins the left and right edges.\n");
    done(s);
    s = pos("BWB/WWB/BBW", 'W', "");
    assert_string_equal(result_text(s, NULL), "Deadlock: nobody can move (Black wins on a vertical pair of like stones).\n"
                                              "Black (P1) wins, as the white stones on b2 and b3 are vertically adjacent.\n");
    done(s);
    s = pos("BWBW/WBWB/BWBW/WBWB", 'B', "");
    assert_string_equal(result_text(s, NULL), "Deadlock: nobody can move (Black wins on a vertical pair of like stones).\n"
                                              "White (P2) wins, as no two stones of one colour are vertically adjacent.\n");
    done(s);
    s = fresh(5, "duomorph");
    apply_ok(s, "c3,resign");
    assert_string_equal(result_text(s, &v), "Black (Ann) resigns: White (Bob) wins.\n");
    done(s);
    s = capped("3");
    assert_string_equal(result_text(s, NULL), "The game is not over.\n");
    apply_ok(s, "a1,b1,c1");
    assert_string_equal(result_text(s, NULL), "Draw: the game reached the move cap of 3 turns with no chain and no deadlock.\n"
                                              "Each player gets half a point.\n");
    done(s);
}

static void legend_and_rules(void **unused)
{
    static const char *const sets[] = {"", "minimorph", "minimorph,deepmorph,duomorph,remorph", "minimorph,metamorph"};
    for (size_t i = 0; i < sizeof sets / sizeof *sets; i++)
        for (int n = 3; n <= 19; n += 8) {
            Game *g = morphos_game(n, sets[i]);
            LegendEntry e[LEGEND_MAX];
            int count = g->ops->legend(g, e);
            assert_true(count >= 8 && count <= LEGEND_MAX);
            assert_string_equal(e[0].code, "B");
            assert_string_equal(e[1].code, "W");
            assert_string_equal(e[2].code, "b");
            assert_string_equal(e[3].code, "w");
            assert_string_equal(e[4].code, ".");
            for (int k = 0; k < count; k++)
                assert_true(e[k].code[0] && e[k].name[0] && e[k].words[0]);
            /* One entry per mutator of the game. */
            int mutators = 0;
            for (int k = 0; k < count; k++)
                if (strncmp(e[k].name, "mutator ", 8) == 0) {
                    mutators++;
                    assert_non_null(strstr(sets[i], e[k].code));
                }
            int listed = 0;
            for (const char *p = sets[i]; *p; p++)
                listed += *p == ',';
            assert_int_equal(mutators, sets[i][0] ? listed + 1 : 0);
            StrBuf sb = STRBUF_INIT;
            g->ops->rules(g, &sb);
            const char *t = sb_str(&sb);
            assert_true(valid_utf8(t));
            assert_true(sb.len > 500);
            assert_int_equal(t[sb.len - 1], '\n');
            assert_null(strstr(t, "\n\n\n"));
            for (const char *line = t; *line;) {
                const char *end = strchr(line, '\n');
                assert_true(end - line <= 78);
                assert_true(end == line || end[-1] != ' ');
                line = end + 1;
            }
            char size[48];
            snprintf(size, sizeof size, "Morphos on a %dx%d board", n, n);
            assert_true(strncmp(t, size, strlen(size)) == 0);
            assert_non_null(strstr(t, "move cap of"));
            for (int k = 0; k < 5; k++) {
                static const char *const names[] = {"Minimorph:", "Deepmorph:", "Duomorph:", "Remorph:", "Metamorph:"};
                char lower[16];
                snprintf(lower, sizeof lower, "%s", names[k]);
                lower[0] = (char)(lower[0] - 'A' + 'a');
                lower[strlen(lower) - 1] = '\0';
                assert_int_equal(strstr(t, names[k]) != NULL, strstr(sets[i], lower) != NULL);
            }
            assert_int_equal(strstr(t, "   X o       X . .      X o . X") != NULL, strstr(sets[i], "minimorph") == NULL);
            /* the notation (xc3, "resign 2") only in the last paragraph, which a page may fold away */
            const char *notation = strstr(t, "\nWriting moves: ");
            assert_non_null(notation);
            assert_null(strstr(notation + 1, "\n\n"));
            assert_true(strstr(t, "xc3") > notation && strstr(t, "resign 2") > notation);
            sb_free(&sb);
            game_free(g);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(results_in_words),
        cmocka_unit_test(legend_and_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
