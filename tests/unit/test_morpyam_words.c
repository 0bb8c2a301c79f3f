/* Morpyam words for people: a sentence for every kind of action, a reason
 * for every refusal, the marks a drawing highlights, the end of a game in
 * words, the legend and the rules; then seeded random games checking that
 * every legal action has a sentence and every refusal a reason. */
#include "morpyam_helpers.h"

static StrBuf said = STRBUF_INIT;

/* The sentence for text (legal in s), s unchanged. */
static const char *say(const State *s, const char *text)
{
    Action a;
    char err[ERR_MAX];
    if (!s->game->ops->parse_action(s, text, &a, err, sizeof err))
        fail_msg("parse '%s': %s", text, err);
    sb_clear(&said);
    sb_puts(&said, "");
    state_describe(s, a, NULL, &said);
    return sb_str(&said);
}

/* The sentence for text, then text applied. */
static const char *say_play(State *s, const char *text)
{
    say(s, text);
    play(s, text);
    return sb_str(&said);
}

/* The reason text is refused in s; also checks that parse_action refuses it
 * with the same reason after its prefix. */
static const char *why(const State *s, const char *text)
{
    Action a;
    char err[ERR_MAX], want[ERR_MAX];
    sb_clear(&said);
    sb_puts(&said, "");
    if (!state_why_not(s, text, &said))
        fail_msg("'%s' is legal", text);
    assert_true(said.len > 0);
    assert_false(s->game->ops->parse_action(s, text, &a, err, sizeof err));
    snprintf(want, sizeof want, "illegal move '%s': %s", text, sb_str(&said));
    if (strcmp(err, want) != 0) {
        snprintf(want, sizeof want, "malformed action '%s': %s", text, sb_str(&said));
        assert_string_equal(err, want);
    }
    return sb_str(&said);
}

/* The 36 characters of a token grid, rows from the top. */
#define ROWS(r6, r5, r4, r3, r2, r1) r6 r5 r4 r3 r2 r1

/* A standard 2-player game where P2 starts, with tokens put in, after the
 * actions then. */
static State *game_at(Game *g, const char *start, const char *tokens, const char *then)
{
    State *s = state_new(g);
    play(s, start);
    State *t = with_tokens(s, tokens);
    state_free(s);
    if (then && *then)
        play(t, then);
    return t;
}

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

/* P2 to play after its first roll showing dice, in a fresh 2-player game
 * with tokens. */
static State *first_roll(Game *g, const char *tokens, const char *dice)
{
    char then[64];
    snprintf(then, sizeof then, "roll; dice %s", dice);
    return game_at(g, "die 3; die 5", tokens, then);
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

/* Deals the standard layout in square order: P1 gets the even squares,
 * P2 the odd ones. */
static void deal_standard(State *s, int upto)
{
    uint8_t layout[36];
    char text[32];
    morpyam_standard_layout(layout);
    for (int sq = 0; sq < upto; sq++) {
        snprintf(text, sizeof text, "deal %s", morpyam_kind_code(layout[sq]));
        play(s, text);
    }
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

/* ---- refusals ---- */

static void malformed_texts(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    play(s, "die 3; die 5; roll; dice 1 3 3 3 4");
    assert_true(strncmp(why(s, "frobnicate"), "expected roll, call FIGURE, reroll V..", 38) == 0);
    assert_true(strncmp(why(s, ""), "empty (expected roll", 20) == 0);
    assert_string_equal(why(s, "place z9"), "square must be a1..f6");
    assert_string_equal(why(s, "place"), "expected place and one square, e.g. place c3");
    assert_string_equal(why(s, "call"), "expected call and one figure, e.g. call carre");
    assert_string_equal(why(s, "call appel"), "callable figures are carre, full, maxi, mini, morpyam, sec, suite");
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
    assert_string_equal(why(s, "call brelan-3"), "brelan-3 cannot be called: only carre, full, maxi, mini, morpyam, sec and suite can");
    assert_string_equal(why(s, "call petite-suite"),
                        "petite-suite cannot be called: only carre, full, maxi, mini, morpyam, sec and suite can");
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

/* ---- marks ---- */

static const Mark *find_mark(const Marks *m, int kind, int player, int nth)
{
    for (int i = 0; i < m->count; i++)
        if (m->items[i].kind == kind && m->items[i].player == player && nth-- == 0)
            return &m->items[i];
    return NULL;
}

static uint64_t cells_of(const Mark *k)
{
    uint64_t m = 0;
    for (int c = 0; c < 36; c++)
        if (mark_has_cell(k, c))
            m |= 1ull << c;
    return m;
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

/* ---- the end of a game ---- */

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

/* ---- legend and rules ---- */

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
    t = rules_of("players=3;variant=plus");
    assert_non_null(strstr(t, "\nPlus: the 36 squares are shuffled and dealt, 12 to each player."));
    t = rules_of("turn-cap=50;grid=1 1 1 1 1 1/1 1 1 1 1 1/2 2 2 2 2 2/2 2 2 2 2 2/3 3 3 3 3 3/MO MO MO MO MO MO");
    assert_non_null(strstr(t, "its own grid"));
    assert_non_null(strstr(t, "reaches 50 turns"));
    assert_null(strstr(t, "\nCalls:"));
}

/* ---- random games ---- */

/* One line of valid UTF-8 without control characters. */
static bool one_clean_line(const char *text)
{
    const unsigned char *p = (const unsigned char *)text;
    while (*p) {
        int extra = *p < 0x80 ? 0 : (*p & 0xe0) == 0xc0 ? 1 : (*p & 0xf0) == 0xe0 ? 2 : (*p & 0xf8) == 0xf0 ? 3 : -1;
        if (extra < 0 || (extra == 0 && *p < 0x20))
            return false;
        for (int i = 1; i <= extra; i++)
            if ((p[i] & 0xc0) != 0x80)
                return false;
        p += 1 + extra;
    }
    return true;
}

static const char *const probes[] = {
    "roll", "pass", "resign", "call sec", "call suite", "call carre", "call morpyam", "call full", "call maxi",
    "call brelan-2", "call petite-suite", "reroll 1", "reroll 6 6", "reroll 1 2 3 4 5", "reroll 3 3 3", "reroll 2 4",
    "keep 1 1", "keep 5", "keep", "keep 6 6 6 6 6", "dice 1 2 3 4 5", "dice 6", "dice 2 2", "dice 1 1 1",
    "dice 3 3 3 3", "die 1", "die 6", "deal CA", "deal AP", "deal 3", "put CA a1", "put MO c3", "put 1 f6",
    "put SE d2", "frobnicate", "die 9", "place", "",
};

typedef struct Tally {
    long states, sentences, refusals, terminals;
} Tally;

static void check_sentence(const State *s, Action a, StrBuf *sb)
{
    sb_clear(sb);
    sb_puts(sb, "");
    state_describe(s, a, NULL, sb);
    if (sb->len == 0 || !one_clean_line(sb_str(sb)) || strncmp(sb_str(sb), "an action that is not legal", 27) == 0) {
        StrBuf t = STRBUF_INIT;
        state_action_text(s, a, &t);
        fail_msg("sentence for '%s': '%s'", sb_str(&t), sb_str(sb));
    }
    /* the text of a legal action is never refused */
    StrBuf text = STRBUF_INIT, w = STRBUF_INIT;
    state_action_text(s, a, &text);
    if (state_why_not(s, sb_str(&text), &w))
        fail_msg("legal '%s' refused: %s", sb_str(&text), sb_str(&w));
    sb_free(&text);
    sb_free(&w);
}

static void check_refusal(const State *s, const char *text, StrBuf *sb)
{
    Action a;
    char err[ERR_MAX], want[ERR_MAX];
    bool legal = s->game->ops->parse_action(s, text, &a, err, sizeof err);
    sb_clear(sb);
    sb_puts(sb, "");
    bool refused = state_why_not(s, text, sb);
    if (legal == refused)
        fail_msg("'%s': legal %d but why_not %d", text, legal, refused);
    if (!refused)
        return;
    if (sb->len == 0 || !one_clean_line(sb_str(sb)) || strstr(sb_str(sb), "not one of the legal actions"))
        fail_msg("reason for '%s': '%s'", text, sb_str(sb));
    snprintf(want, sizeof want, "illegal move '%s': %s", text, sb_str(sb));
    if (strcmp(err, want) != 0) {
        snprintf(want, sizeof want, "malformed action '%s': %s", text, sb_str(sb));
        assert_string_equal(err, want);
    }
}

/* Marks of s: line points and the bonus add up to the result's points;
 * placeable squares are morpyam_placeable. */
static void check_marks(const State *s)
{
    Marks m;
    GameResult r;
    int sum[MAX_PLAYERS] = {0};
    state_marks(s, &m);
    state_result(s, &r);
    for (int i = 0; i < m.count; i++) {
        const Mark *k = &m.items[i];
        assert_true(k->player >= 0 && k->player < s->game->num_players);
        assert_true(k->label[0] != '\0');
        if (k->kind == MARK_LINE || k->kind == MARK_BONUS)
            sum[k->player] += k->points;
        if (k->kind == MARK_PLACEABLE && ms_of(s)->phase != MP_PUT)
            assert_true(cells_of(k) == morpyam_placeable(ms_of(s)));
        if (k->kind == MARK_KO)
            assert_true(r.terminal && strcmp(r.how, "ko") == 0 && (r.winners >> k->player & 1));
    }
    for (int p = 0; p < s->game->num_players; p++)
        assert_int_equal(sum[p], r.points[p]);
}

static void check_state(const State *s, Tally *tally, StrBuf *sb, Rng *rng)
{
    Action acts[MAX_ACTIONS];
    ChanceOutcome outs[MAX_ACTIONS];
    int n = 0;
    tally->states++;
    if (state_is_chance(s)) {
        /* every outcome of small chance nodes, 24 at random of a roll */
        n = state_chance_outcomes(s, outs);
        for (int i = 0; i < n; i++)
            acts[i] = outs[i].action;
        for (int i = 0; i < n && n > 24; i++) {
            int j = i + (int)rng_below(rng, (uint32_t)(n - i));
            Action swap = acts[i];
            acts[i] = acts[j];
            acts[j] = swap;
        }
        if (n > 24)
            n = 24;
    } else if (!state_is_terminal(s)) {
        n = state_legal_actions(s, acts);
        acts[n++] = ACTION_RESIGN;
    }
    for (int i = 0; i < n; i++) {
        check_sentence(s, acts[i], sb);
        if (acts[i] < 36) {
            Marks m;
            bool ko;
            const MorpyamState *ms = ms_of(s);
            state_action_marks(s, acts[i], &m);
            int gain = morpyam_place_points(ms->tokens[ms->player], acts[i], ms->cfg->players, &ko);
            assert_int_equal(m.count, 1);
            assert_int_equal(m.items[0].points, ko ? 0 : gain);
            assert_true(cells_of(&m.items[0]) == 1ull << acts[i]);
        }
    }
    tally->sentences += n;
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++)
        check_refusal(s, probes[i], sb);
    for (int q = 0; q < 36; q++) {
        char text[16];
        snprintf(text, sizeof text, "place %c%c", 'a' + q % 6, '1' + q / 6);
        check_refusal(s, text, sb);
    }
    tally->refusals += (long)(sizeof probes / sizeof probes[0]) + 36;
    check_marks(s);
    if (state_is_terminal(s)) {
        tally->terminals++;
        sb_clear(sb);
        sb_puts(sb, "");
        state_describe_result(s, NULL, sb);
        assert_true(sb->len > 20 && sb_str(sb)[sb->len - 1] == '\n');
        assert_true(strncmp(sb_str(sb), "The game is not over", 20) != 0);
    }
}

static void random_games(void **unused)
{
    static const char *const variants[] = {"standard", "flash", "plus"};
    static const char *const rules[] = {"", "strict-call", "daversa", "strict-call,daversa"};
    Tally tally = {0};
    StrBuf sb = STRBUF_INIT;
    Rng rng;
    rng_seed(&rng, 20261123);
    for (int v = 0; v < 3; v++)
        for (int players = 2; players <= 4; players++)
            for (int r = 0; r < 4; r++) {
                char spec[128];
                /* a short turn limit now and then, so capped ends come up */
                snprintf(spec, sizeof spec, "players=%d;variant=%s;rules=%s;turn-cap=%d", players, variants[v],
                         rules[r], r == 3 ? 12 : 1000);
                Game *g = new_game(spec);
                for (int game = 0; game < 2; game++) {
                    State *s = state_new(g);
                    for (;;) {
                        /* every state of the first game, then one in four */
                        if (game == 0 || rng_below(&rng, 4) == 0 || state_is_terminal(s))
                            check_state(s, &tally, &sb, &rng);
                        if (state_is_terminal(s))
                            break;
                        Action a;
                        if (state_is_chance(s)) {
                            a = state_sample_chance(s, &rng);
                        } else {
                            Action acts[MAX_ACTIONS];
                            int n = state_legal_actions(s, acts);
                            /* resign rarely, so that 3 and 4 players play on after it */
                            a = rng_below(&rng, 400) == 0 ? ACTION_RESIGN : acts[rng_below(&rng, (uint32_t)n)];
                        }
                        state_apply(s, a);
                    }
                    state_free(s);
                }
                game_free(g);
            }
    print_message("words checked: %ld states, %ld sentences, %ld refusals, %ld ends\n", tally.states, tally.sentences,
                  tally.refusals, tally.terminals);
    assert_true(tally.states > 5000);
    assert_true(tally.terminals >= 72);
    sb_free(&sb);
}

static void cleanup(void)
{
    sb_free(&said);
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
        cmocka_unit_test(malformed_texts),
        cmocka_unit_test(refusals_in_a_turn),
        cmocka_unit_test(action_marks),
        cmocka_unit_test(marks_of_positions),
        cmocka_unit_test(results_in_words),
        cmocka_unit_test(legends),
        cmocka_unit_test(rules_texts),
        cmocka_unit_test(random_games),
    };
    int failed = cmocka_run_group_tests_name("morpyam_words", tests, NULL, NULL);
    cleanup();
    return failed;
}
