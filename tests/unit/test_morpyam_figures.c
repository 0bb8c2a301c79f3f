/* Morpyam figures, dice tables, odds and line scoring. */
#include "morpyam_helpers.h"

static unsigned figs(int a, int b, int c, int d, int e, bool first)
{
    int dice[5] = {a, b, c, d, e};
    return morpyam_figures(dice, first);
}

#define F(x) (1u << (x))
#define BRELAN(v) F(MF_BRELAN1 + (v) - 1)

static void every_figure(void **unused)
{
    assert_int_equal(figs(1, 1, 1, 3, 1, true), BRELAN(1) | F(MF_CARRE) | F(MF_MINI) | F(MF_SEC));
    assert_int_equal(figs(1, 1, 1, 3, 1, false), BRELAN(1) | F(MF_CARRE) | F(MF_MINI));
    assert_int_equal(figs(2, 4, 2, 5, 2, true), BRELAN(2));             /* a brelan never gives sec */
    assert_int_equal(figs(1, 2, 3, 4, 6, true), F(MF_PETITE_SUITE));    /* nor does a small straight */
    assert_int_equal(figs(3, 4, 5, 6, 6, false), F(MF_PETITE_SUITE));
    assert_int_equal(figs(2, 3, 4, 5, 1, false), F(MF_PETITE_SUITE) | F(MF_SUITE));
    assert_int_equal(figs(6, 5, 4, 3, 2, true), F(MF_PETITE_SUITE) | F(MF_SUITE) | F(MF_SEC));
    assert_int_equal(figs(1, 2, 3, 5, 6, false), 0);
    assert_int_equal(figs(3, 5, 3, 5, 3, false), BRELAN(3) | F(MF_FULL));
    assert_int_equal(figs(2, 2, 4, 4, 5, false), 0);
    assert_int_equal(figs(5, 5, 5, 5, 2, false), BRELAN(5) | F(MF_CARRE));
    assert_int_equal(figs(6, 6, 5, 6, 5, false), BRELAN(6) | F(MF_FULL) | F(MF_MAXI)); /* 28 */
    assert_int_equal(figs(6, 6, 5, 5, 5, false), BRELAN(5) | F(MF_FULL) | F(MF_MAXI)); /* 27 */
    assert_int_equal(figs(6, 6, 6, 4, 4, false), BRELAN(6) | F(MF_FULL));               /* 26 */
    assert_int_equal(figs(1, 1, 2, 2, 2, false), BRELAN(2) | F(MF_FULL) | F(MF_MINI));   /* 8 */
    assert_int_equal(figs(1, 1, 2, 2, 3, false), 0);                                     /* 9 */
    assert_int_equal(figs(4, 4, 4, 4, 4, true),
                     BRELAN(4) | F(MF_CARRE) | F(MF_FULL) | F(MF_MORPYAM) | F(MF_SEC));
    assert_int_equal(figs(6, 6, 6, 6, 6, false), BRELAN(6) | F(MF_CARRE) | F(MF_FULL) | F(MF_MORPYAM) | F(MF_MAXI));
    assert_int_equal(figs(1, 1, 1, 1, 1, false), BRELAN(1) | F(MF_CARRE) | F(MF_FULL) | F(MF_MORPYAM) | F(MF_MINI));
    assert_int_equal(figs(6, 6, 6, 6, 3, true), BRELAN(6) | F(MF_CARRE) | F(MF_MAXI) | F(MF_SEC));
}

static void figure_ids_are_sorted_and_parse(void **unused)
{
    for (int f = 0; f < MF_COUNT; f++) {
        assert_int_equal(morpyam_figure_from_id(morpyam_figure_id(f)), f);
        if (f)
            assert_true(strcmp(morpyam_figure_id(f - 1), morpyam_figure_id(f)) < 0);
    }
    assert_int_equal(morpyam_figure_from_id("yams"), -1);
}

static void multiset_tables(void **unused)
{
    MorpyamMultisets *ms = malloc(sizeof *ms);
    morpyam_multisets_init(ms);
    static const int per_size[6] = {1, 6, 21, 56, 126, 252};
    for (int k = 0; k <= 5; k++) {
        int end = k == 5 ? MS_COUNT : ms->first[k + 1];
        assert_int_equal(end - ms->first[k], per_size[k]);
        double total = 0;
        for (int id = ms->first[k]; id < end; id++) {
            assert_int_equal(ms->size[id], k);
            assert_int_equal(morpyam_ms_id(ms, ms->key[id]), id); /* the hash is exact */
            total += ms->prob[id];
        }
        assert_true(total > 1 - 1e-12 && total < 1 + 1e-12);
    }
    for (unsigned key = 0; key < 46656; key++)
        assert_int_equal(morpyam_ms_slot(key), key % MS_HASH);
    /* 1 1 2 3 3 has 3*2*3 - 1 non-empty sub-multisets */
    int id = ms->first[5];
    while (memcmp(ms->vals[id], "\1\1\2\3\3", 5) != 0)
        id++;
    assert_int_equal(ms->nsub[id], 17);
    assert_true(ms->prob[id] > 30.0 / 7776 - 1e-15 && ms->prob[id] < 30.0 / 7776 + 1e-15);
    free(ms);
}

static void odds_are_exact(void **unused)
{
    MorpyamMultisets *ms = malloc(sizeof *ms);
    MorpyamOdds o;
    morpyam_multisets_init(ms);
    morpyam_odds(ms, &o);
    free(ms);
    assert_true(fabs(o.one_roll[MF_MORPYAM] - 6.0 / 7776) < 1e-15);
    assert_true(fabs(o.three_rolls[MF_MORPYAM] - 2783176.0 / 60466176) < 1e-13);
    assert_true(fabs(o.one_roll[MF_SUITE] - 240.0 / 7776) < 1e-15);
    assert_true(fabs(o.one_roll[MF_CARRE] - 156.0 / 7776) < 1e-15);   /* 150 + 6 */
    assert_true(fabs(o.one_roll[MF_FULL] - 306.0 / 7776) < 1e-15);    /* 300 + 6 */
    assert_true(fabs(o.one_roll[MF_BRELAN1] - 276.0 / 7776) < 1e-15); /* 250 + 25 + 1 */
    assert_true(fabs(o.one_roll[MF_MINI] - 56.0 / 7776) < 1e-15);
    assert_true(fabs(o.one_roll[MF_MINI] - o.one_roll[MF_MAXI]) < 1e-15); /* symmetry */
    assert_true(fabs(o.three_rolls[MF_MINI] - o.three_rolls[MF_MAXI]) < 1e-13);
    assert_true(o.three_rolls[MF_SEC] == o.one_roll[MF_SEC]);
    for (int f = 0; f < MF_COUNT; f++)
        assert_true(o.three_rolls[f] >= o.one_roll[f] && o.three_rolls[f] <= 1);
}

static void run_values(void **unused)
{
    assert_int_equal(morpyam_run_value(2, 2), 0);
    assert_int_equal(morpyam_run_value(3, 2), 1);
    assert_int_equal(morpyam_run_value(3, 4), 1);
    assert_int_equal(morpyam_run_value(4, 2), 2);
    assert_int_equal(morpyam_run_value(4, 3), 3);
    assert_int_equal(morpyam_run_value(4, 4), 3);
}

static int count(const char *grid, int players, bool *ko)
{
    return morpyam_count_points(tokens_from(grid, '1'), players, ko);
}

static void scoring_lines(void **unused)
{
    bool ko;
    /* a row of 3 */
    assert_int_equal(count("111..." "......" "......" "......" "......" "......", 2, &ko), 1);
    assert_false(ko);
    /* a column of 4: 2 points with 2 players, 3 with 3-4 */
    const char *col4 = "..1..." "..1..." "..1..." "..1..." "......" "......";
    assert_int_equal(count(col4, 2, &ko), 2);
    assert_int_equal(count(col4, 3, &ko), 3);
    assert_int_equal(count(col4, 4, &ko), 3);
    /* the rising diagonal a1-c3 and the falling diagonal d6-f4 */
    assert_int_equal(count("...1.." "....1." ".....1" "......" "......" "......", 2, &ko), 1);
    assert_int_equal(count("......" "......" "......" "..1..." ".1...." "1.....", 2, &ko), 1);
    assert_int_equal(count("...1.." "....1." ".....1" "..1..." ".1...." "1.....", 2, &ko), 2);
    /* a diagonal of 4 the other way with 3 players */
    assert_int_equal(count("1....." ".1...." "..1..." "...1.." "......" "......", 3, &ko), 3);
    /* runs are maximal: a row of 2 and a gap scores nothing */
    assert_int_equal(count("11.11." "......" "......" "......" "......" "......", 2, &ko), 0);
    /* a 3x3 block: 3 rows, 3 columns, 2 long diagonals */
    assert_int_equal(count("111..." "111..." "111..." "......" "......" "......", 2, &ko), 8);
    assert_false(ko);
    /* 5 and 6 in a line are KO */
    assert_int_equal(count("......" "11111." "......" "......" "......" "......", 2, &ko), 0);
    assert_true(ko);
    count("1....." "1....." "1....." "1....." "1....." "1.....", 2, &ko);
    assert_true(ko);
    count("1....." ".1...." "..1..." "...1.." "....1." "......", 2, &ko);
    assert_true(ko);
}

static void placement_points_match_recounts(void **unused)
{
    Rng r;
    rng_seed(&r, 99);
    for (int trial = 0; trial < 2000; trial++) {
        uint64_t t = 0;
        int players = 2 + (int)rng_below(&r, 3);
        for (int i = 0; i < 14; i++) {
            int s = (int)rng_below(&r, 36);
            if (t >> s & 1)
                continue;
            bool ko1, ko2, ko3;
            int before = morpyam_count_points(t, players, &ko1);
            int delta = morpyam_place_points(t, s, players, &ko2);
            t |= 1ull << s;
            int after = morpyam_count_points(t, players, &ko3);
            if (ko1)
                break;
            assert_int_equal(ko2, ko3);
            if (!ko3)
                assert_int_equal(after - before, delta);
            else
                break;
        }
    }
}

static void layouts(void **unused)
{
    uint8_t std[36], flash[36], parsed[36];
    char err[ERR_MAX];
    morpyam_standard_layout(std);
    assert_int_equal(std[sq("a6")], MF_BRELAN1);
    assert_int_equal(std[sq("f6")], MF_PETITE_SUITE);
    assert_int_equal(std[sq("a1")], MF_PETITE_SUITE);
    assert_int_equal(std[sq("c5")], MF_SEC);
    assert_int_equal(std[sq("b4")], MK_APPEL);
    assert_int_equal(std[sq("d4")], MF_MORPYAM);
    assert_int_equal(std[sq("f1")], MF_BRELAN1 + 3);
    int count[MK_COUNT] = {0};
    for (int i = 0; i < 36; i++)
        count[std[i]]++;
    for (int k = 0; k < 6; k++)
        assert_int_equal(count[k], 3);
    for (int k = 6; k < MK_COUNT; k++)
        assert_int_equal(count[k], 2);
    morpyam_flash_layout(flash);
    memset(count, 0, sizeof count);
    for (int i = 0; i < 36; i++)
        count[flash[i]]++;
    assert_int_equal(count[MF_PETITE_SUITE], 6);
    assert_int_equal(count[MF_FULL], 4);
    assert_int_equal(count[MF_CARRE], 4);
    assert_int_equal(count[MF_SEC] + count[MK_APPEL] + count[MF_MINI] + count[MF_MAXI], 0);
    /* canonical text parses back */
    StrBuf sb = STRBUF_INIT;
    morpyam_layout_text(std, &sb);
    assert_string_equal(sb_str(&sb), "1,2,3,4,6,PS/6,CA,SE,SU,MI,5/5,AP,MA,MO,FU,1/3,FU,MO,MI,AP,2/4,MA,SU,SE,CA,3/PS,1,2,6,5,4");
    assert_true(morpyam_parse_layout(sb_str(&sb), parsed, err, sizeof err));
    assert_memory_equal(parsed, std, 36);
    sb_free(&sb);
    assert_true(morpyam_parse_layout("# comment\n1 2 3 4 6 ps # row 6\n6 CA SE SU MI 5\n5 AP MA MO FU 1\n"
                                     "3 FU MO MI AP 2\n4 MA SU SE CA 3\nPS 1 2 6 5 4\n", parsed, err, sizeof err));
    assert_memory_equal(parsed, std, 36);
    assert_false(morpyam_parse_layout("1 2 3", parsed, err, sizeof err));
    assert_string_equal(err, "layout: expected 36 square codes (6 rows of 6), got 3");
    assert_false(morpyam_parse_layout("1 2 XX", parsed, err, sizeof err));
    assert_true(strstr(err, "unknown square code 'XX'") != NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_figure),
        cmocka_unit_test(figure_ids_are_sorted_and_parse),
        cmocka_unit_test(multiset_tables),
        cmocka_unit_test(odds_are_exact),
        cmocka_unit_test(run_values),
        cmocka_unit_test(scoring_lines),
        cmocka_unit_test(placement_points_match_recounts),
        cmocka_unit_test(layouts),
    };
    return cmocka_run_group_tests_name("morpyam_figures", tests, NULL, NULL);
}
