/* The Morpyam AI levels: legality over seeded games of every variant,
 * player count and rule option; the turn expectimax against the engine's
 * odds; greedy, expert and master on hand-made positions; the advice of
 * expert and master. */
#include "morpyam_helpers.h"

#include "../../src/ai/ai.h"
#include "../../src/ai/morpyam_ai.h"

static Ai *new_ai(const char *spec, const Game *g, uint64_t seed)
{
    char err[ERR_MAX];
    Ai *ai = ai_new(spec, g, seed, err, sizeof err);
    if (!ai)
        fail_msg("ai_new %s: %s", spec, err);
    return ai;
}

static bool is_legal_choice(const State *s, Action a)
{
    Action acts[MAX_ACTIONS];
    int n = state_legal_actions(s, acts);
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return true;
    return false;
}

/* Plays one game with the given levels by seat; every choice must be one of
 * the legal actions. Returns the number of decisions. */
static int play_checked(const Game *g, const char *const *levels, uint64_t seed, bool explain)
{
    Ai *ais[MAX_PLAYERS];
    for (int p = 0; p < g->num_players; p++)
        ais[p] = new_ai(levels[p], g, seed * 10 + (uint64_t)p);
    Rng dice;
    rng_seed(&dice, seed);
    State *s = state_new(g);
    StrBuf sb = STRBUF_INIT;
    int decisions = 0;
    while (!state_is_terminal(s)) {
        int p = state_player(s);
        Action a;
        if (p == PLAYER_CHANCE) {
            a = state_sample_chance(s, &dice);
        } else {
            sb_clear(&sb);
            a = ai_choose(ais[p], s, explain ? &sb : NULL);
            if (!is_legal_choice(s, a)) {
                StrBuf t = STRBUF_INIT;
                state_serialize(s, &t);
                fail_msg("%s chose illegal action %d in %s", levels[p], (int)a, sb_str(&t));
            }
            if (explain)
                assert_true(sb.len > 0);
            decisions++;
        }
        state_apply(s, a);
    }
    sb_free(&sb);
    state_free(s);
    for (int p = 0; p < g->num_players; p++)
        ai_free(ais[p]);
    return decisions;
}

static void legal_in_every_setting(void **unused)
{
    static const char *const variants[] = {"standard", "flash", "plus"};
    static const char *const rules[] = {"", "strict-call", "daversa", "strict-call,daversa"};
    static const char *const seats[3][MAX_PLAYERS] = {
        {"master", "greedy", "random", "expert"},
        {"greedy", "expert", "master", "random"},
        {"random", "master", "expert", "greedy"},
    };
    int games = 0, decisions = 0;
    for (int players = 2; players <= 4; players++)
        for (int v = 0; v < 3; v++)
            for (int r = 0; r < 4; r++) {
                char spec[128];
                snprintf(spec, sizeof spec, "players=%d;variant=%s%s%s", players, variants[v], rules[r][0] ? ";rules=" : "",
                         rules[r]);
                Game *g = new_game(spec);
                for (int k = 0; k < 3; k++) {
                    uint64_t seed = (uint64_t)(players * 1000 + v * 100 + r * 10 + k);
                    decisions += play_checked(g, seats[(players + v + r + k) % 3], seed, r == 0 && k == 0);
                    games++;
                }
                game_free(g);
            }
    assert_int_equal(games, 108);
    assert_true(decisions > 108 * 20);
}

static void greedy_many_games(void **unused)
{
    /* Greedy is cheap: many games of greedy against random and itself. */
    static const char *const a[2] = {"greedy", "random"}, *const b[2] = {"greedy", "greedy"};
    Game *g = new_game("players=2");
    for (uint64_t seed = 1; seed <= 150; seed++)
        play_checked(g, seed % 2 ? a : b, seed, false);
    game_free(g);
    g = new_game("players=3;variant=plus;rules=strict-call,daversa");
    static const char *const c[3] = {"greedy", "random", "greedy"};
    for (uint64_t seed = 1; seed <= 50; seed++)
        play_checked(g, c, seed, false);
    game_free(g);
}

/* Two runs of the same game: the same actions, for every pair of levels. */
static void levels_are_deterministic(void **unused)
{
    static const char *const pairs[][2] = {{"greedy", "expert"}, {"master", "expert"}};
    for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++) {
        Game *g = new_game(k == 0 ? "players=2" : "players=3");
        StrBuf out[2] = {STRBUF_INIT, STRBUF_INIT};
        for (int run = 0; run < 2; run++) {
            Ai *ais[MAX_PLAYERS];
            for (int p = 0; p < g->num_players; p++)
                ais[p] = new_ai(pairs[k][p % 2], g, 5 + (uint64_t)p);
            Rng dice;
            rng_seed(&dice, 99);
            State *s = state_new(g);
            while (!state_is_terminal(s)) {
                int p = state_player(s);
                Action a = p == PLAYER_CHANCE ? state_sample_chance(s, &dice) : ai_choose(ais[p], s, NULL);
                state_action_text(s, a, &out[run]);
                sb_putc(&out[run], ';');
                state_apply(s, a);
            }
            state_free(s);
            for (int p = 0; p < g->num_players; p++)
                ai_free(ais[p]);
        }
        assert_string_equal(sb_str(&out[0]), sb_str(&out[1]));
        sb_free(&out[0]);
        sb_free(&out[1]);
        game_free(g);
    }
}

/* With one free square, the value of the turn is the engine's chance of
 * making its figure within three rolls. */
static void expectimax_matches_odds(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    play(s, "die 6; die 1");
    const MorpyamState *m = ms_of(s);
    MorpyamTables *t = malloc(sizeof *t);
    TurnTables *tt = malloc(sizeof *tt);
    uint64_t *m1 = malloc(2 * MAI_DICE * sizeof *m1), *m23 = m1 + MAI_DICE;
    mai_tables_init(t, m->cfg);
    MorpyamOdds odds;
    morpyam_odds(m->cfg->ms, &odds);
    int checked = 0;
    for (int f = 0; f < MF_COUNT; f++) {
        uint64_t squares = m->kind_sq[f];
        assert_true(squares != 0);
        int sq = __builtin_ctzll(squares);
        uint64_t occupied = MORPYAM_ALL & ~(1ull << sq);
        mai_masks(m, occupied, m1, m23);
        TurnInput in = {.m1 = m1, .m23 = m23};
        in.val[sq] = 1;
        mai_turn_solve(t, &in, tt);
        if (fabs(tt->start - odds.three_rolls[f]) > 1e-12)
            fail_msg("figure %s: turn value %.15f, odds %.15f", morpyam_figure_id(f), tt->start, odds.three_rolls[f]);
        /* the same chance for the value 3: the solver is linear in the values */
        in.val[sq] = 3;
        mai_turn_solve(t, &in, tt);
        assert_true(fabs(tt->start - 3 * odds.three_rolls[f]) < 1e-12);
        checked++;
    }
    assert_int_equal(checked, MF_COUNT);
    /* Only an Appel square free: calling full before every roll already
     * makes it with full's odds, and switching calls can only add to that. */
    int appel = __builtin_ctzll(m->kind_sq[MK_APPEL]);
    uint64_t occupied = MORPYAM_ALL & ~(1ull << appel);
    mai_masks(m, occupied, m1, m23);
    for (int strict = 0; strict <= 1; strict++) {
        TurnInput in = {.m1 = m1, .m23 = m23, .appel = 1ull << appel, .can_call = true, .strict = strict};
        in.val[appel] = 1;
        mai_turn_solve(t, &in, tt);
        assert_true(tt->start >= odds.three_rolls[MF_FULL] - 1e-12);
        assert_true(tt->start < 1);
        /* calling sec: made on the first roll with sec's odds, otherwise the
         * turn goes on from the dice (calling again is allowed) */
        double sec = 0;
        for (int d = 0; d < MAI_DICE; d++)
            sec += t->prob[d] * (t->figs[d] >> MF_SEC & 1 ? 1 : strict ? tt->Ws[1][d] : tt->W[1][d]);
        assert_true(fabs(tt->EC[1][0][MF_SEC] - sec) < 1e-12);
        assert_true(tt->EC[1][0][MF_SEC] > odds.one_roll[MF_SEC]);
    }
    free(m1);
    free(tt);
    free(t);
    state_free(s);
    game_free(g);
}

static Action choose(const char *level, const State *s, StrBuf *explain)
{
    Ai *ai = new_ai(level, s->game, 1);
    Action a = ai_choose(ai, s, explain);
    ai_free(ai);
    return a;
}

static void levels_take_a_ko(void **unused)
{
    Game *g = new_game("players=2");
    State *s0 = state_new(g);
    play(s0, "die 6; die 1; roll; dice 4 4 4 1 2"); /* brelan-4: a2, d6 or f1 */
    State *s = with_tokens(s0, "......"
                               "222..."
                               "......"
                               "......"
                               "......"
                               ".1111.");
    StrBuf sb = STRBUF_INIT;
    assert_int_equal(choose("greedy", s, NULL), MA_PLACE + sq("f1"));
    assert_int_equal(choose("expert", s, &sb), MA_PLACE + sq("f1"));
    assert_non_null(strstr(sb_str(&sb), "place f1, expected value +"));
    assert_non_null(strstr(sb_str(&sb), "-> 100.0%"));
    sb_clear(&sb);
    assert_int_equal(choose("master", s, &sb), MA_PLACE + sq("f1"));
    assert_non_null(strstr(sb_str(&sb), "-> 100.0%"));
    state_free(s);
    state_free(s0);
    sb_free(&sb);
    game_free(g);
}

static void greedy_places_rather_than_pass(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    play(s, "die 6; die 1; roll; dice 1 1 1 2 3; reroll 2; dice 4; reroll 4; dice 5");
    assert_int_equal(ms_of(s)->rolls, 3);
    Action a = choose("greedy", s, NULL);
    assert_true(a < MA_PASS && (ms_of(s)->can_place >> a & 1));
    state_free(s);
    game_free(g);
}

static void levels_block_an_open_four(void **unused)
{
    Game *g = new_game("players=2");
    State *s0 = state_new(g);
    play(s0, "die 6; die 1; roll; dice 4 4 4 1 2");
    State *s = with_tokens(s0, "1....."
                               "......"
                               "......"
                               "......"
                               "......"
                               "12222.");
    assert_int_equal(choose("greedy", s, NULL), MA_PLACE + sq("f1"));
    assert_int_equal(choose("expert", s, NULL), MA_PLACE + sq("f1"));
    assert_int_equal(choose("master", s, NULL), MA_PLACE + sq("f1"));
    state_free(s);
    state_free(s0);
    game_free(g);
}

static void expert_covers_the_forced_appel(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    play(s, "die 6; die 1; call carre; roll; dice 2 2 2 2 5");
    assert_int_equal(ms_of(s)->phase, MP_FORCED);
    StrBuf sb = STRBUF_INIT;
    Action a = choose("expert", s, &sb);
    assert_true(a == MA_PLACE + sq("b4") || a == MA_PLACE + sq("e3"));
    assert_true(strncmp(sb_str(&sb), "place ", 6) == 0);
    sb_free(&sb);
    state_free(s);
    game_free(g);
}

static void expert_explains_dice_choices(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    play(s, "die 6; die 1; roll; dice 1 2 3 5 6");
    StrBuf sb = STRBUF_INIT;
    Action a = choose("expert", s, &sb);
    assert_true(is_legal_choice(s, a));
    assert_non_null(strstr(sb_str(&sb), "expected value"));
    if (a >= MA_REROLL && a < MA_PUT)
        assert_true(strncmp(sb_str(&sb), "keep ", 5) == 0);
    sb_free(&sb);
    state_free(s);
    game_free(g);
}

/* The chance that the expert, playing the rest of the turn from s by its
 * own choices, ends the turn with its token on cell: every chance outcome
 * enumerated, nothing remembered (the advice's own reckoning memoises). */
static double brute_chance(Ai *ai, const State *s, int mover, int32_t turns, uint64_t tokens, int cell)
{
    const MorpyamState *m = ms_of(s);
    if (m->phase == MP_OVER || m->turns != turns || m->tokens[mover] != tokens || m->player != mover)
        return (m->tokens[mover] & ~tokens) == 1ull << cell ? 1 : 0;
    if (state_is_chance(s)) {
        ChanceOutcome outcomes[MAX_ACTIONS];
        int n = state_chance_outcomes(s, outcomes);
        double p = 0;
        for (int i = 0; i < n; i++) {
            State *t = state_clone(s);
            state_apply(t, outcomes[i].action);
            p += outcomes[i].probability * brute_chance(ai, t, mover, turns, tokens, cell);
            state_free(t);
        }
        return p;
    }
    State *t = state_clone(s);
    state_apply(t, ai_choose(ai, s, NULL));
    double p = brute_chance(ai, t, mover, turns, tokens, cell);
    state_free(t);
    return p;
}

/* The advice of the expert or the master (the test's state names the
 * level): its plan starts with its choice, runs up to the next roll, and the
 * chance it states is the chance of the turn ending on the cell it names,
 * counted here by brute force after the second roll. */
static void advice_is_its_plan_and_chance(void **state)
{
    const char *level = *state;
    Game *g = new_game("players=2");
    State *s = state_new(g);
    play(s, "die 6; die 1; roll; dice 1 2 3 5 6; reroll 1 2; dice 3 5");
    assert_int_equal(ms_of(s)->rolls, 2);
    Ai *ai = new_ai(level, g, 1);
    Voice v = {{"P1 (you)", "P2"}, 0};
    AiAdvice adv;
    ai_advise(ai, s, &v, &adv);
    assert_int_equal(adv.action, choose(level, s, NULL));
    assert_int_equal(adv.plan[0], adv.action);
    assert_true(adv.plan_len >= 1);
    assert_true(adv.detail.len > 0);
    if (adv.action < MA_PASS) { /* placing: the library's sentence, for sure */
        assert_true(adv.chance == 1);
        assert_non_null(strstr(sb_str(&adv.words), ": P1 (you) covers "));
    } else {
        assert_true(adv.cell >= 0 && adv.cell < 36);
        assert_true(adv.chance > 0 && adv.chance <= 1);
        assert_non_null(strstr(sb_str(&adv.words), "% to cover "));
        State *t = state_clone(s);
        for (int i = 0; i < adv.plan_len; i++)
            state_apply(t, adv.plan[i]);
        Ai *check = new_ai(level, g, 2);
        const MorpyamState *m = ms_of(s);
        double p = brute_chance(check, t, m->player, m->turns, m->tokens[m->player], adv.cell);
        if (fabs(p - adv.chance) > 1e-5)
            fail_msg("advice '%s': chance %.6f, counted %.6f", sb_str(&adv.words), adv.chance, p);
        ai_free(check);
        state_free(t);
    }
    ai_advice_free(&adv);
    ai_free(ai);
    state_free(s);
    game_free(g);
}

/* Checks one advice against the brute-force count from the end of its plan. */
static void check_advice_chance(const char *level, const Game *g, const State *s, const AiAdvice *adv)
{
    State *t = state_clone(s);
    for (int i = 0; i < adv->plan_len; i++)
        state_apply(t, adv->plan[i]);
    Ai *check = new_ai(level, g, 2);
    const MorpyamState *m = ms_of(s);
    double p = brute_chance(check, t, m->player, m->turns, m->tokens[m->player], adv->cell);
    if (fabs(p - adv->chance) > 1e-5)
        fail_msg("advice '%s': chance %.6f, counted %.6f", sb_str(&adv->words), adv->chance, p);
    ai_free(check);
    state_free(t);
}

/* The first plan with a call in a game of the level: its chance too is the
 * count of the turn's outcomes. */
static void call_advice_is_counted(void **state)
{
    const char *level = *state;
    Game *g = new_game("players=2");
    Ai *ai = new_ai(level, g, 1);
    Rng rng;
    rng_seed(&rng, 1);
    State *s = state_new(g);
    bool checked = false;
    for (int step = 0; step < 2000 && !checked && !state_is_terminal(s); step++) {
        if (state_is_chance(s)) {
            state_apply(s, state_sample_chance(s, &rng));
            continue;
        }
        AiAdvice adv;
        ai_advise(ai, s, NULL, &adv);
        if (strncmp(sb_str(&adv.words), "call ", 5) == 0 && adv.plan_len >= 2 && adv.cell >= 0) {
            check_advice_chance(level, g, s, &adv);
            checked = true;
        }
        state_apply(s, adv.action);
        ai_advice_free(&adv);
    }
    assert_true(checked);
    state_free(s);
    ai_free(ai);
    game_free(g);
}

/* A call and its reroll are one plan ("call suite, keep ..., reroll ...")
 * when the level calls; a forced Appel is covered for sure; a turn's first
 * decision plans the roll. */
static void advice_words(void **state)
{
    const char *level = *state;
    Game *g = new_game("players=2");
    Ai *ai = new_ai(level, g, 1);
    AiAdvice adv;
    State *s = state_new(g);
    play(s, "die 6; die 1; call carre; roll; dice 2 2 2 2 5");
    ai_advise(ai, s, NULL, &adv);
    assert_true(adv.chance == 1);
    assert_true(adv.cell == sq("b4") || adv.cell == sq("e3"));
    assert_non_null(strstr(sb_str(&adv.words), "covers the call square"));
    ai_advice_free(&adv);
    state_free(s);
    s = state_new(g);
    play(s, "die 6; die 1");
    ai_advise(ai, s, NULL, &adv);
    assert_true(adv.plan_len >= 1);
    assert_true(adv.chance > 0 && adv.chance < 1);
    assert_true(strncmp(sb_str(&adv.words), "roll: ", 6) == 0 || strncmp(sb_str(&adv.words), "call ", 5) == 0);
    ai_advice_free(&adv);
    state_free(s);
    /* Random positions: a plan ends at a roll or at the end of the turn. */
    Rng rng;
    rng_seed(&rng, 5);
    for (int game = 0; game < 3; game++) {
        s = state_new(g);
        for (int step = 0; step < 60 && !state_is_terminal(s); step++) {
            if (state_is_chance(s)) {
                state_apply(s, state_sample_chance(s, &rng));
                continue;
            }
            ai_advise(ai, s, NULL, &adv);
            State *t = state_clone(s);
            int mover = state_player(s);
            for (int i = 0; i < adv.plan_len; i++) {
                assert_true(state_is_legal(t, adv.plan[i]));
                assert_int_equal(state_player(t), mover);
                state_apply(t, adv.plan[i]);
            }
            assert_true(state_is_chance(t) || state_is_terminal(t) || ms_of(t)->turns != ms_of(s)->turns);
            assert_true(adv.chance >= 0 && adv.chance <= 1);
            state_free(t);
            state_apply(s, adv.action);
            ai_advice_free(&adv);
        }
        state_free(s);
    }
    ai_free(ai);
    game_free(g);
}

/* Levels without an advise hook: their choice in a row, and no chance. */
static void advice_of_other_levels(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    play(s, "die 6; die 1; roll; dice 1 2 3 5 6");
    Ai *ai = new_ai("greedy", g, 1);
    AiAdvice adv;
    ai_advise(ai, s, NULL, &adv);
    assert_int_equal(adv.plan_len, 1);
    assert_true(adv.chance < 0);
    assert_int_equal(adv.cell, -1);
    StrBuf text = STRBUF_INIT;
    state_action_text(s, adv.action, &text);
    assert_string_equal(sb_str(&adv.words), sb_str(&text));
    sb_free(&text);
    ai_advice_free(&adv);
    ai_free(ai);
    StrBuf pct = STRBUF_INIT;
    ai_percent_words(0.3149, &pct);
    sb_puts(&pct, " ");
    ai_percent_words(0.001, &pct);
    sb_puts(&pct, " ");
    ai_percent_words(0.999, &pct);
    sb_puts(&pct, " ");
    ai_percent_words(1, &pct);
    sb_puts(&pct, " ");
    ai_percent_words(0, &pct);
    assert_string_equal(sb_str(&pct), "31% <1% >99% 100% 0%");
    sb_free(&pct);
    /* shares of games in a sentence: never "about >99%" */
    static const double shares[] = {0.3149, 0.001, 0.999, 1, 0};
    for (size_t i = 0; i < sizeof shares / sizeof shares[0]; i++) {
        sb_puts(&pct, i ? ", " : "");
        ai_share_words(shares[i], &pct);
    }
    assert_string_equal(sb_str(&pct), "about 31%, less than 1%, more than 99%, all, none");
    sb_free(&pct);
    state_free(s);
    game_free(g);
}

/* Master is what plays Morpyam where nobody named a level, the hint's and
 * the strongest (the registry every front end asks). */
static void master_is_the_default(void **unused)
{
    const AiGameLevels *chosen = ai_game_levels("morpyam");
    assert_string_equal(chosen->default_level, "master");
    assert_string_equal(chosen->hint_level, "master");
    assert_string_equal(chosen->strongest_level, "master");
    char spec[64];
    ai_hint_spec("morpyam", 1000, spec, sizeof spec);
    assert_string_equal(spec, "master");
}

static void levels_refuse_parameters(void **unused)
{
    Game *g = new_game("players=2");
    char err[ERR_MAX];
    assert_null(ai_new("expert:depth=3", g, 1, err, sizeof err));
    assert_string_equal(err, "AI level 'expert' takes no parameters, got 'depth=3'");
    assert_null(ai_new("master:ply=3", g, 1, err, sizeof err));
    assert_string_equal(err, "AI level 'master' takes no parameters, got 'ply=3'");
    assert_null(ai_new("greedy:x=1", g, 1, err, sizeof err));
    assert_string_equal(err, "AI level 'greedy' takes no parameters, got 'x=1'");
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(expectimax_matches_odds),
        cmocka_unit_test(levels_take_a_ko),
        cmocka_unit_test(greedy_places_rather_than_pass),
        cmocka_unit_test(levels_block_an_open_four),
        cmocka_unit_test(expert_covers_the_forced_appel),
        cmocka_unit_test(expert_explains_dice_choices),
        cmocka_unit_test_prestate(advice_is_its_plan_and_chance, (void *)"expert"),
        cmocka_unit_test_prestate(advice_is_its_plan_and_chance, (void *)"master"),
        cmocka_unit_test_prestate(advice_words, (void *)"expert"),
        cmocka_unit_test_prestate(advice_words, (void *)"master"),
        cmocka_unit_test_prestate(call_advice_is_counted, (void *)"expert"),
        cmocka_unit_test_prestate(call_advice_is_counted, (void *)"master"),
        cmocka_unit_test(advice_of_other_levels),
        cmocka_unit_test(master_is_the_default),
        cmocka_unit_test(levels_refuse_parameters),
        cmocka_unit_test(levels_are_deterministic),
        cmocka_unit_test(greedy_many_games),
        cmocka_unit_test(legal_in_every_setting),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
