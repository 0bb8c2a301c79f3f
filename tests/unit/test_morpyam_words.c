/* Morpyam words for people: a sentence for every kind of action (rolls and
 * rerolls, calls, every figure, lines and points, the end of a game,
 * passing and resigning, building a Plus grid). The reasons for refusals,
 * the marks, the texts of a game and random games are in the sibling
 * suites test_morpyam_refusals.c, _marks.c, _texts.c and
 * test_morpyam_words_random.c. */
#include "morpyam_words.h"

static const char *const no_tokens = ROWS("......", "......", "......", "......", "......", "......");

/* ---- sentences ---- */

static void rolls_and_rerolls(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    assert_string_equal(say_play(s, "die 3"), "P1 rolls 3 for the first player");
    assert_string_equal(say_play(s, "die 5"), "P2 rolls 5 for the first player: P2 starts");
    assert_string_equal(say_play(s, "roll"), "P2 rolls without a call");
    assert_string_equal(say_play(s, "dice 1 3 3 3 4"), "P2 rolls 1 3 3 3 4");
    assert_string_equal(say(s, "reroll 1 4"), "P2 keeps 3 3 3 and rerolls two dice");
    assert_string_equal(say(s, "keep 3 3 3"), "P2 keeps 3 3 3 and rerolls two dice");
    assert_string_equal(say(s, "reroll 1 3 3 3 4"), "P2 rerolls all five dice");
    assert_string_equal(say(s, "place f2"), "P2 covers f2 (three 3s)");
    assert_string_equal(say_play(s, "reroll 4"), "P2 keeps 1 3 3 3 and rerolls one die");
    assert_string_equal(say_play(s, "dice 6"), "P2 rolls 6: the dice now show 1 3 3 3 6");
    assert_string_equal(say_play(s, "keep 1 6"), "P2 keeps 1 6 and rerolls three dice");
    /* the third roll shows nothing to cover: the turn passes at once */
    assert_string_equal(say_play(s, "dice 2 4 5"),
                        "P2 rolls 2 4 5: the dice now show 1 2 4 5 6; nothing can be covered: no token this turn");
    assert_int_equal(state_player(s), 0);
    play(s, "roll; dice 1 2 3 5 6; reroll 1 2 3 5 6");
    assert_string_equal(say(s, "dice 2 2 4 5 5"), "P1 rolls 2 2 4 5 5");
    state_free(s);

    /* ties roll again, among the tied players only */
    s = state_new(g);
    play(s, "die 4");
    assert_string_equal(say_play(s, "die 4"), "P2 rolls 4 for the first player: P1 and P2 tie for the highest and roll again");
    assert_string_equal(say_play(s, "die 2"), "P1 rolls 2 for the first player");
    assert_string_equal(say_play(s, "die 1"), "P2 rolls 1 for the first player: P1 starts");
    state_free(s);
    game_free(g);

    g = new_game("players=3");
    s = state_new(g);
    play(s, "die 6; die 6");
    assert_string_equal(say(s, "die 1"), "P3 rolls 1 for the first player: P1 and P2 tie for the highest and roll again");
    state_free(s);
    game_free(g);
}

static void calls_true_lapsed_and_failed(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    play(s, "die 3; die 5");
    assert_string_equal(say_play(s, "call suite"), "P2 calls straight");
    assert_string_equal(say_play(s, "roll"), "P2 rolls for the call of straight");
    assert_string_equal(say_play(s, "dice 1 2 3 4 5"),
                        "P2 rolls 1 2 3 4 5; the call of straight comes true: P2 must cover a call square");
    assert_string_equal(say_play(s, "place e3"), "P2 covers the call square e3 (the call came true)");
    state_free(s);

    /* a call lapses after rolls 1 and 2 and fails on roll 3 */
    s = state_new(g);
    play(s, "die 3; die 5; call suite; roll");
    assert_string_equal(say_play(s, "dice 1 2 3 3 6"), "P2 rolls 1 2 3 3 6; the call of straight misses");
    play(s, "call suite");
    assert_string_equal(say_play(s, "keep 1 2 3"), "P2 keeps 1 2 3 and rerolls two dice for the call of straight");
    assert_string_equal(say_play(s, "dice 3 6"), "P2 rolls 3 6: the dice now show 1 2 3 3 6; the call of straight misses");
    play(s, "call suite; keep 1 2 3");
    assert_string_equal(say_play(s, "dice 2 6"),
                        "P2 rolls 2 6: the dice now show 1 2 2 3 6; P2's call of straight fails: no token this turn");
    assert_int_equal(state_player(s), 0);
    state_free(s);

    /* a call of maxi answered by a carre of 1s: the call misses, Sec is open */
    s = state_new(g);
    play(s, "die 3; die 5; call maxi; roll");
    assert_string_equal(say(s, "dice 1 1 1 1 3"),
                        "P2 rolls 1 1 1 1 3; the call of maxi misses; square and mini on the first roll make an all-in-one");
    play(s, "dice 1 1 1 1 3");
    assert_string_equal(say(s, "place c5"), "P2 covers the all-in-one square c5 (all-in-one: square and mini on the first roll)");
    state_free(s);

    /* sec called and made */
    s = state_new(g);
    play(s, "die 3; die 5; call sec; roll");
    assert_string_equal(say(s, "dice 5 5 6 6 6"),
                        "P2 rolls 5 5 6 6 6; the call of all-in-one comes true: P2 must cover a call square");
    state_free(s);

    /* names from the voice */
    Voice v = {{"Ann", "Bob"}, -1};
    s = state_new(g);
    play(s, "die 3; die 5; call full; roll; dice 1 2 3 4 5; call full; reroll 5; dice 6; call full; reroll 6");
    Action a;
    char err[ERR_MAX];
    assert_true(morpyam_ops.parse_action(s, "dice 5", &a, err, sizeof err));
    sb_clear(&said);
    state_describe(s, a, &v, &said);
    assert_string_equal(sb_str(&said), "Bob rolls 5: the dice now show 1 2 3 4 5; Bob's call of full house fails: no token this turn");
    state_free(s);
    game_free(g);
}

static void strict_call(void **unused)
{
    Game *g = new_game("players=2;rules=strict-call");
    State *s = state_new(g);
    play(s, "die 3; die 5; call suite; roll");
    assert_string_equal(say_play(s, "dice 1 3 3 3 4"),
                        "P2 rolls 1 3 3 3 4; the call of straight misses, and under strict-call only a call that comes "
                        "true can place a token this turn");
    assert_string_equal(why(s, "place f2"),
                        "under strict-call, once you have called this turn only a call that comes true places a token");
    play(s, "reroll 1 4; dice 2 5; reroll 2 5");
    assert_string_equal(say(s, "dice 1 4"),
                        "P2 rolls 1 4: the dice now show 1 3 3 3 4; under strict-call only a call that comes true "
                        "could place a token: no token this turn");
    state_free(s);
    game_free(g);
}

static void every_figure(void **unused)
{
    Game *g = new_game("players=2");
    static const struct { const char *dice, *place, *sentence; } cases[] = {
        {"1 3 3 3 4", "place f2", "P2 covers f2 (three 3s)"},
        {"5 5 5 5 2", "place f5", "P2 covers f5 (four 5s)"},
        {"5 5 5 5 2", "place b5", "P2 covers b5 (square: four 5s)"},
        {"2 2 5 5 5", "place b3", "P2 covers b3 (full house: three 5s and two 2s)"},
        {"2 3 4 5 6", "place d5", "P2 covers d5 (straight: 2 3 4 5 6)"},
        {"1 2 3 4 6", "place a1", "P2 covers a1 (small straight: 1 2 3 4)"},
        {"1 3 4 5 6", "place f6", "P2 covers f6 (small straight: 3 4 5 6)"},
        {"1 1 1 2 3", "place e5", "P2 covers e5 (mini: the dice add up to 8)"},
        {"5 5 6 6 6", "place c4", "P2 covers c4 (maxi: the dice add up to 28)"},
        {"4 4 4 4 4", "place d4", "P2 covers the Morpyam square d4 and plays again"},
        {"4 4 4 4 4", "place c5", "P2 covers the all-in-one square c5 (all-in-one: morpyam on the first roll)"},
        {"2 3 4 5 6", "place c5", "P2 covers the all-in-one square c5 (all-in-one: straight on the first roll)"},
        {"2 2 5 5 5", "place d2", "P2 covers the all-in-one square d2 (all-in-one: full house on the first roll)"},
        {"6 6 5 6 5", "place d2", "P2 covers the all-in-one square d2 (all-in-one: full house and maxi on the first roll)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        State *s = first_roll(g, no_tokens, cases[i].dice);
        assert_string_equal(say(s, cases[i].place), cases[i].sentence);
        state_free(s);
    }
    /* both Morpyam squares covered: five alike goes on what else it shows */
    State *s = first_roll(g, ROWS("......", "......", "...1..", "..1...", "......", "......"), "4 4 4 4 4");
    assert_string_equal(say(s, "place f1"), "P2 covers f1 (five 4s)");
    assert_string_equal(say(s, "place b5"), "P2 covers b5 (square: five 4s)");
    assert_string_equal(say(s, "place b3"), "P2 covers b3 (full house: five 4s)");
    state_free(s);
    game_free(g);
}

static void lines_and_points(void **unused)
{
    Game *g = new_game("players=2");
    static const struct { const char *tokens, *dice, *place, *sentence; } cases[] = {
        {ROWS("......", "......", ".....2", ".....2", "......", "......"), "1 3 3 3 4", "place f2",
         "P2 covers f2 (three 3s) and scores a line of three (+1)"},
        {ROWS("......", ".....2", ".....2", ".....2", "......", "......"), "1 3 3 3 4", "place f2",
         "P2 covers f2 (three 3s) and grows a line of three into a line of four (+1)"},
        {ROWS("......", "......", ".....2", ".....2", "......", ".....2"), "1 3 3 3 4", "place f2",
         "P2 covers f2 (three 3s) and scores a line of four (+2)"},
        {ROWS("......", "......", ".....2", ".....2", "...22.", "......"), "1 3 3 3 4", "place f2",
         "P2 covers f2 (three 3s) and scores two lines of three (+2)"},
        {ROWS("......", "......", ".....2", ".....2", "...22.", ".....2"), "1 3 3 3 4", "place f2",
         "P2 covers f2 (three 3s) and scores a line of three and a line of four (+3)"},
        {ROWS("......", ".....2", ".....2", ".....2", "..222.", "......"), "1 3 3 3 4", "place f2",
         "P2 covers f2 (three 3s) and grows two lines of three into lines of four (+2)"},
        {ROWS("......", "...2..", "......", "......", "...2..", "......"), "4 4 4 4 4", "place d4",
         "P2 covers the Morpyam square d4 and plays again"},
        {ROWS("...2..", "...2..", "......", "......", "......", "......"), "4 4 4 4 4", "place d4",
         "P2 covers the Morpyam square d4, scores a line of three (+1) and plays again"},
        {ROWS("......", ".....2", ".....2", ".....2", "......", ".....2"), "1 3 3 3 4", "place f2",
         "P2 covers f2 (three 3s) and makes a line of five: KO, P2 wins"},
        {ROWS(".....2", ".....2", ".....2", ".....2", "......", ".....2"), "1 3 3 3 4", "place f2",
         "P2 covers f2 (three 3s) and makes a line of six: KO, P2 wins"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        State *s = first_roll(g, cases[i].tokens, cases[i].dice);
        assert_string_equal(say(s, cases[i].place), cases[i].sentence);
        state_free(s);
    }
    game_free(g);
    /* a line of four is worth 3 with 3 or 4 players */
    g = new_game("players=3");
    State *s = game_at(g, "die 3; die 5; die 1", ROWS("......", "......", ".....2", ".....2", "......", ".....2"),
                       "roll; dice 1 3 3 3 4");
    assert_string_equal(say(s, "place f2"), "P2 covers f2 (three 3s) and scores a line of four (+3)");
    state_free(s);
    game_free(g);
}

static void end_of_game_in_sentences(void **unused)
{
    /* the last token: end bonus and the winner, ties to the finisher */
    Game *g = new_game("players=4");
    const char *sevens = ROWS("2.2.2.", "......", "......", "2.2.2.", "......", ".2....");
    State *s = game_at(g, "die 3; die 5; die 1; die 1", sevens, "roll; dice 1 3 3 3 4");
    assert_string_equal(say(s, "place f2"),
                        "P2 covers f2 (three 3s); that was P2's last token: end bonus (+1), and P2 wins on points "
                        "with 1 (P1 0, P3 0, P4 0)");
    state_free(s);
    s = game_at(g, "die 3; die 5; die 1; die 1", ROWS("2.2.2.", "......", "111...", "2.2.2.", "......", ".2...."),
                "roll; dice 1 3 3 3 4");
    assert_string_equal(say(s, "place f2"),
                        "P2 covers f2 (three 3s); that was P2's last token: end bonus (+1), and P2 wins on points "
                        "with 1 (P1 1, P3 0, P4 0), the tie going to P2, who placed the last token");
    state_free(s);
    game_free(g);

    /* the turn limit */
    g = new_game("players=2;turn-cap=2");
    s = state_new(g);
    play(s, "die 3; die 5; roll; dice 1 3 3 3 4; pass; roll; dice 1 3 3 3 4");
    assert_string_equal(say(s, "pass"),
                        "P1 passes: no token this turn; the turn limit of 2 turns is reached: P1 and P2 share the "
                        "win on points with 0 each (no end bonus)");
    state_free(s);
    game_free(g);

    /* daversa: five alike rolled in a replay turn */
    g = new_game("players=2;rules=daversa");
    s = state_new(g);
    play(s, "die 3; die 5; roll; dice 4 4 4 4 4; place d4");
    assert_string_equal(say_play(s, "roll"), "P2 rolls without a call");
    assert_string_equal(say_play(s, "dice 2 2 2 2 2"),
                        "P2 rolls 2 2 2 2 2; five alike in a replay turn: KO under the daversa rule, P2 wins");
    sb_clear(&said);
    state_describe_result(s, NULL, &said);
    assert_string_equal(sb_str(&said),
                        "P2 wins by KO: five alike in a replay turn (daversa).\n"
                        "A KO wins outright, whatever the points; the points below are for the record.\n"
                        "Only whole lines score, so a line of three or four that grew into the KO line\n"
                        "no longer counts, and the KO line itself is worth no points.\n"
                        "P1: 0 points (no line)\n"
                        "P2: 0 points (no line)\n");
    state_free(s);
    game_free(g);
}

static void pass_and_resign(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    play(s, "die 3; die 5; roll; dice 1 3 3 3 4");
    assert_string_equal(say(s, "pass"), "P2 passes: no token this turn");
    assert_string_equal(say(s, "resign"), "P2 resigns: P1 wins by forfeit");
    state_free(s);
    game_free(g);
    g = new_game("players=3");
    s = state_new(g);
    play(s, "die 3; die 5; die 1");
    assert_string_equal(say_play(s, "resign"), "P2 resigns; P1 and P3 play on");
    assert_int_equal(state_player(s), 2);
    assert_string_equal(say(s, "resign"), "P3 resigns: P1 wins by forfeit");
    state_free(s);
    game_free(g);
}

static void plus_building(void **unused)
{
    Game *g = new_game("players=2;variant=plus");
    State *s = state_new(g);
    assert_string_equal(say(s, "deal CA"), "P1 is dealt a square CA (square)");
    deal_standard(s, 35);
    assert_string_equal(say(s, "deal PS"), "P2 is dealt a square PS (small straight); all 36 squares are dealt");
    deal_standard(s, 0);
    play(s, "deal PS");
    assert_string_equal(say_play(s, "die 2"), "P1 rolls 2 for the building order");
    assert_string_equal(say_play(s, "die 5"), "P2 rolls 5 for the building order: P2 builds first");
    assert_string_equal(say_play(s, "put MO d4"), "P2 puts MO (morpyam) on d4");
    assert_string_equal(why(s, "put MO c3"), "you have no MO square in your hand");
    assert_string_equal(why(s, "put CA d4"), "d4 already holds a square (MO)");
    assert_string_equal(why(s, "place a1"), "the grid is being built: put a square from your hand first (put CODE SQUARE)");
    assert_string_equal(why(s, "deal CA"), "all 36 squares are dealt already");
    uint8_t layout[36];
    morpyam_standard_layout(layout);
    char text[32];
    for (int sq = 1; sq < 36; sq += 2) {
        if (sq == 21) /* d4, put first */
            continue;
        snprintf(text, sizeof text, "put %s %c%c", morpyam_kind_code(layout[sq]), 'a' + sq % 6, '1' + sq / 6);
        if (sq == 35)
            assert_string_equal(say(s, text), "P2 puts PS (small straight) on f6; P1 builds next");
        play(s, text);
    }
    for (int sq = 0; sq < 36; sq += 2) {
        snprintf(text, sizeof text, "put %s %c%c", morpyam_kind_code(layout[sq]), 'a' + sq % 6, '1' + sq / 6);
        if (sq == 34)
            assert_string_equal(say(s, text), "P1 puts 6 (three 6s) on e6; the grid is complete");
        play(s, text);
    }
    assert_string_equal(why(s, "put CA a1"), "the grid is complete: squares are put only while it is being built");
    assert_string_equal(say(s, "die 6"), "P1 rolls 6 for the first player");
    state_free(s);
    game_free(g);

    /* a builder who resigns with three players */
    g = new_game("players=3;variant=plus");
    s = state_new(g);
    deal_standard(s, 36);
    assert_string_equal(why(s, "deal 1"), "all 36 squares are dealt already");
    assert_string_equal(why(s, "put 1 a1"), "the roll-off for the building order comes first (die and one value)");
    play(s, "die 6; die 3; die 1");
    assert_string_equal(say_play(s, "resign"),
                        "P1 resigns, and the squares left in their hand are put on the first free positions; "
                        "P2 and P3 play on");
    assert_int_equal(state_player(s), 1);
    state_free(s);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rolls_and_rerolls),
        cmocka_unit_test(calls_true_lapsed_and_failed),
        cmocka_unit_test(strict_call),
        cmocka_unit_test(every_figure),
        cmocka_unit_test(lines_and_points),
        cmocka_unit_test(end_of_game_in_sentences),
        cmocka_unit_test(pass_and_resign),
        cmocka_unit_test(plus_building),
    };
    int failed = cmocka_run_group_tests_name("morpyam_words", tests, NULL, NULL);
    sb_free(&said);
    return failed;
}
