/* Morpyam rules, case by case: first player, placing, Sec, calls, replay,
 * daversa, KO, end on points, forfeit, cap, Plus and the texts. */
#include "morpyam_helpers.h"
#include "../../src/games/registry.h"

static bool starts(const char *text, const char *prefix)
{
    if (strncmp(text, prefix, strlen(prefix)) == 0)
        return true;
    print_message("'%s' does not start with '%s'\n", text, prefix);
    return false;
}

static void first_player_roll(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    ChanceOutcome out[MAX_ACTIONS];
    assert_int_equal(state_chance_outcomes(s, out), 6);
    assert_true(out[0].probability == 1.0 / 6);
    play(s, "die 3; die 5");
    assert_int_equal(state_player(s), 1);
    StrBuf sb = STRBUF_INIT;
    assert_string_equal(legal_text(s, &sb),
                        "roll|call carre|call full|call maxi|call mini|call morpyam|call sec|call suite");
    state_free(s);
    /* a tie for the highest rolls again among the tied players only */
    s = state_new(g);
    play(s, "die 4; die 4; die 1; die 3");
    assert_int_equal(state_player(s), 1);
    state_free(s);
    game_free(g);
    g = new_game("players=3");
    s = state_new(g);
    play(s, "die 6; die 6; die 1");
    assert_true(state_is_chance(s));
    assert_int_equal(ms_of(s)->contenders, 3);
    play(s, "die 2; die 4");
    assert_int_equal(state_player(s), 1);
    state_free(s);
    game_free(g);
    sb_free(&sb);
}

static void placing_and_sec(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    StrBuf sb = STRBUF_INIT;
    play(s, "die 6; die 1; roll; dice 1 1 1 3 1");
    assert_string_equal(legal_text(s, &sb),
                        "place b1|place d2|place e2|place d3|place f4|place b5|place c5|place e5|place a6|pass|"
                        "call carre|call full|call maxi|call mini|call morpyam|call suite|"
                        "reroll 1|reroll 3|reroll 1 1|reroll 1 3|reroll 1 1 1|reroll 1 1 3|reroll 1 1 1 1|"
                        "reroll 1 1 1 3|reroll 1 1 1 1 3");
    play(s, "place c5"); /* Sec */
    assert_true(ms_of(s)->tokens[0] == 1ull << sq("c5"));
    assert_int_equal(ms_of(s)->left[0], 16);
    assert_int_equal(state_player(s), 1);
    /* Sec only on the first roll; a brelan or small straight never gives it */
    play(s, "roll; dice 1 2 3 4 6");
    assert_true(starts(legal_text(s, &sb), "place a1|place f6|pass|"));
    play(s, "reroll 1; dice 5");
    assert_true(starts(legal_text(s, &sb), "place a1|place c2|place d5|place f6|pass|"));
    play(s, "pass");
    assert_int_equal(state_player(s), 0);
    assert_int_equal(ms_of(s)->tokens[1], 0);
    state_free(s);
    game_free(g);
    sb_free(&sb);
}

static void morpyam_replay_and_five_alike(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    StrBuf sb = STRBUF_INIT;
    play(s, "die 6; die 1; roll; dice 3 3 3 3 3");
    /* five alike goes on a Morpyam square while one is free (or on Sec) */
    assert_true(starts(legal_text(s, &sb), "place d2|place c3|place d4|place c5|pass|"));
    play(s, "place d4");
    assert_int_equal(state_player(s), 0);
    assert_true(ms_of(s)->replay);
    assert_int_equal(ms_of(s)->turns, 2);
    play(s, "roll; dice 1 2 5 5 6; reroll 1 2 6; dice 5 5 5");
    assert_true(starts(legal_text(s, &sb), "place c3|pass|")); /* roll 2: no Sec */
    play(s, "place c3");
    assert_int_equal(state_player(s), 0);
    /* both Morpyam squares covered: five alike covers what it contains */
    play(s, "roll; dice 2 2 2 2 2");
    assert_true(starts(legal_text(s, &sb), "place c1|place d2|place e2|place b3|place f3|place e4|place b5|place c5|place b6|pass|"));
    play(s, "place b6");
    assert_int_equal(state_player(s), 1); /* no replay off a Morpyam square */
    assert_false(ms_of(s)->replay);
    state_free(s);
    game_free(g);
    sb_free(&sb);
}

static void daversa(void **unused)
{
    Game *g = new_game("rules=daversa");
    State *s = state_new(g);
    GameResult r;
    play(s, "die 6; die 1; roll; dice 4 4 4 4 4"); /* not a replay turn: no KO */
    assert_false(state_is_terminal(s));
    play(s, "place d4; roll; dice 6 6 6 6 6");
    state_result(s, &r);
    assert_true(r.terminal);
    assert_int_equal(r.winners, 1);
    assert_string_equal(r.how, "ko");
    state_free(s);
    game_free(g);
    g = new_game("rules=");
    s = state_new(g);
    play(s, "die 6; die 1; roll; dice 4 4 4 4 4; place d4; roll; dice 6 6 6 6 6");
    assert_false(state_is_terminal(s));
    state_free(s);
    game_free(g);
}

static void calls(void **unused)
{
    Game *g = new_game("players=2");
    StrBuf sb = STRBUF_INIT;
    /* success: the dice must cover an Appel square */
    State *s = state_new(g);
    play(s, "die 6; die 1; call carre");
    assert_string_equal(legal_text(s, &sb), "roll");
    assert_false(try_play(s, "call full")); /* one call per roll */
    play(s, "roll; dice 3 3 3 3 1");
    assert_string_equal(legal_text(s, &sb), "place e3|place b4");
    assert_false(try_play(s, "pass"));
    play(s, "place b4");
    assert_true(ms_of(s)->tokens[0] == 1ull << sq("b4"));
    assert_int_equal(state_player(s), 1);
    state_free(s);
    /* calling sec: any Sec figure on the first roll */
    s = state_new(g);
    play(s, "die 6; die 1; call sec; roll; dice 2 3 4 5 6");
    assert_string_equal(legal_text(s, &sb), "place e3|place b4");
    state_free(s);
    /* lapse after roll 1: no sec call any more, normal placing allowed */
    s = state_new(g);
    play(s, "die 6; die 1; call maxi; roll; dice 1 2 3 4 6");
    assert_true(starts(legal_text(s, &sb), "place a1|place f6|pass|call carre|call full|call maxi|call mini|call morpyam|call suite|reroll 1|"));
    /* a call before roll 2 applies to the reroll */
    play(s, "call suite");
    assert_true(starts(legal_text(s, &sb), "reroll 1|reroll 2|"));
    assert_false(try_play(s, "pass"));
    play(s, "reroll 1; dice 5");
    assert_string_equal(legal_text(s, &sb), "place e3|place b4");
    state_free(s);
    /* a lapsed call still allows Sec; a called morpyam covers Appel without replay */
    s = state_new(g);
    play(s, "die 6; die 1; call maxi; roll; dice 3 3 3 3 1");
    assert_true(starts(legal_text(s, &sb), "place d2|place e2|place f2|place a3|place b5|place c5|place c6|pass|"));
    state_free(s);
    s = state_new(g);
    play(s, "die 6; die 1; call morpyam; roll; dice 5 5 5 5 5; place e3");
    assert_int_equal(state_player(s), 1);
    state_free(s);
    /* Sec without a call never covers Appel */
    s = state_new(g);
    play(s, "die 6; die 1; roll; dice 3 3 3 3 1");
    assert_true(strstr(legal_text(s, &sb), "place b4") == NULL);
    assert_true(strstr(legal_text(s, &sb), "place e3") == NULL);
    assert_false(try_play(s, "call sec")); /* sec only before roll 1 */
    state_free(s);
    /* failure on roll 3: no token, even with another figure showing */
    s = state_new(g);
    play(s, "die 6; die 1; roll; dice 1 1 2 3 6; reroll 6; dice 4; call carre; reroll 2 3 4; dice 1 5 6");
    assert_int_equal(state_player(s), 1);
    assert_int_equal(ms_of(s)->tokens[0], 0);
    state_free(s);
    /* roll 3 without a call: place or pass; nothing to cover: the turn passes */
    s = state_new(g);
    play(s, "die 6; die 1; roll; dice 1 1 2 3 6; reroll 6; dice 4; reroll 2 3 4; dice 1 5 6");
    assert_string_equal(legal_text(s, &sb), "place b1|place f4|place a6|pass");
    play(s, "pass; roll; dice 1 2 2 4 6; reroll 1; dice 3; reroll 3; dice 1");
    assert_int_equal(state_player(s), 0);
    state_free(s);
    game_free(g);
    sb_free(&sb);
}

static void strict_call(void **unused)
{
    Game *g = new_game("rules=strict-call");
    StrBuf sb = STRBUF_INIT;
    State *s = state_new(g);
    play(s, "die 6; die 1; call maxi; roll; dice 1 2 3 4 6");
    assert_true(starts(legal_text(s, &sb), "pass|call carre|"));
    play(s, "reroll 1 2 3 4 6; dice 1 1 1 1 1"); /* no call for roll 2 */
    assert_true(starts(legal_text(s, &sb), "pass|call carre|"));
    play(s, "reroll 1; dice 1"); /* roll 3, five alike, but no successful call */
    assert_int_equal(state_player(s), 1);
    assert_int_equal(ms_of(s)->tokens[0], 0);
    /* a successful call still places */
    play(s, "call carre; roll; dice 2 2 2 2 5; place e3");
    assert_true(ms_of(s)->tokens[1] == 1ull << sq("e3"));
    state_free(s);
    game_free(g);
    sb_free(&sb);
}

static void no_calls_without_a_free_appel(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    play(s, "die 6; die 1; call carre; roll; dice 3 3 3 3 1; place b4; call carre; roll; dice 2 2 2 2 1; place e3");
    assert_true(state_is_chance(s)); /* the turn starts straight with the roll */
    assert_int_equal(ms_of(s)->nroll, 5);
    play(s, "dice 1 2 3 4 6");
    StrBuf sb = STRBUF_INIT;
    assert_true(strstr(legal_text(s, &sb), "call") == NULL);
    sb_free(&sb);
    state_free(s);
    game_free(g);
    /* Flash has neither Sec nor Appel squares */
    g = new_game("variant=flash");
    s = state_new(g);
    play(s, "die 6; die 1");
    assert_true(state_is_chance(s));
    state_free(s);
    game_free(g);
}

static void ko_and_points_in_play(void **unused)
{
    Game *g = new_game("players=3");
    State *s0 = state_new(g);
    play(s0, "die 6; die 1; die 1");
    State *s = with_tokens(s0, "1111.." "......" "......" "......" "......" "......");
    play(s, "roll; dice 6 6 6 1 2; place e6");
    GameResult r;
    state_result(s, &r);
    assert_true(r.terminal);
    assert_int_equal(r.winners, 1);
    assert_string_equal(r.how, "ko");
    state_free(s);
    /* a run of 4 with 3 players is worth 3 */
    s = with_tokens(s0, "111..." "......" "......" "......" "......" "......");
    assert_int_equal(ms_of(s)->points[0], 1);
    play(s, "roll; dice 4 4 4 1 2; place d6");
    assert_int_equal(ms_of(s)->points[0], 3);
    state_free(s);
    state_free(s0);
    game_free(g);
}

static void end_on_points(void **unused)
{
    Game *g = new_game("players=4");
    State *s0 = state_new(g);
    play(s0, "die 6; die 1; die 1; die 1");
    GameResult r;
    /* P1 (0 points) places their last token: +1; P2 and P3 have 2 each: shared */
    State *s = with_tokens(s0, "11.112" ".....2" "11.132" "....3." ".2223." ".333..");
    assert_int_equal(ms_of(s)->left[0], 1);
    play(s, "roll; dice 4 4 4 1 2; place f1");
    state_result(s, &r);
    assert_true(r.terminal);
    assert_string_equal(r.how, "points");
    assert_int_equal(r.points[0], 1);
    assert_int_equal(r.points[1], 2);
    assert_int_equal(r.points[2], 2);
    assert_int_equal(r.points[3], 0);
    assert_int_equal(r.winners, 2 | 4);
    state_free(s);
    /* a tie involving the finisher goes to the finisher */
    s = with_tokens(s0, "11.11." "......" "11.1.." "......" ".222.." "......");
    play(s, "roll; dice 4 4 4 1 2; place f1");
    state_result(s, &r);
    assert_int_equal(r.points[0], 1);
    assert_int_equal(r.points[1], 1);
    assert_int_equal(r.winners, 1);
    state_free(s);
    /* more points win */
    s = with_tokens(s0, "11.112" ".....2" "11.1.2" "......" ".222.." "......");
    play(s, "roll; dice 4 4 4 1 2; place f1");
    state_result(s, &r);
    assert_int_equal(r.winners, 2);
    state_free(s);
    state_free(s0);
    game_free(g);
}

static void forfeit(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    GameResult r;
    assert_false(state_is_legal(s, ACTION_RESIGN)); /* chance node */
    play(s, "die 6; die 1; roll; dice 1 1 1 2 3; place b1; resign");
    state_result(s, &r);
    assert_true(r.terminal);
    assert_int_equal(r.winners, 1);
    assert_string_equal(r.how, "forfeit");
    assert_true(ms_of(s)->tokens[0] == 1ull << sq("b1")); /* tokens stay */
    state_free(s);
    game_free(g);
    g = new_game("players=3");
    s = state_new(g);
    play(s, "die 6; die 1; die 1; resign");
    assert_false(state_is_terminal(s));
    assert_int_equal(state_player(s), 1);
    play(s, "roll; dice 1 2 2 4 6; pass; roll; dice 1 2 2 4 6; pass");
    assert_int_equal(state_player(s), 1); /* P1 is skipped */
    play(s, "resign");
    state_result(s, &r);
    assert_int_equal(r.winners, 4);
    assert_string_equal(r.how, "forfeit");
    state_free(s);
    game_free(g);
}

static void turn_cap(void **unused)
{
    Game *g = new_game("turn-cap=2");
    State *s = state_new(g);
    play(s, "die 6; die 1; roll; dice 1 1 1 2 3; place b1; roll; dice 1 2 2 4 6; pass");
    GameResult r;
    state_result(s, &r);
    assert_true(r.terminal);
    assert_string_equal(r.how, "cap");
    assert_int_equal(r.winners, 3); /* 0-0: shared, no end bonus */
    assert_int_equal(r.points[0], 0);
    state_free(s);
    game_free(g);
}

/* After rolloff-cap tied rounds, seat order settles the tie: the lower seat
 * first, for the first player and for the building order; the rounds are
 * part of the state's text. */
static void rolloff_cap(void **unused)
{
    Game *g = new_game("players=3;rolloff-cap=2");
    State *s = state_new(g);
    play(s, "die 6; die 6; die 1"); /* round 1: P1 and P2 tied */
    assert_int_equal(ms_of(s)->rounds, 1);
    StrBuf sb = STRBUF_INIT;
    state_serialize(s, &sb);
    assert_non_null(strstr(sb_str(&sb), " rolloff=3,0,1,6610,"));
    assert_non_null(strstr(sb_str(&sb), ",1 deal="));
    char err[ERR_MAX];
    State *back = g->ops->deserialize(g, sb_str(&sb), err, sizeof err);
    assert_non_null(back);
    assert_int_equal(ms_of(back)->rounds, 1);
    play(back, "die 2; die 2"); /* round 2 tied again: the cap, P1 starts */
    assert_int_equal(state_player(back), 0);
    assert_int_equal(ms_of(back)->rounds, 0);
    state_free(back);
    sb_free(&sb);
    state_free(s);
    game_free(g);

    g = new_game("players=3;variant=plus;rolloff-cap=1");
    s = state_new(g);
    Rng rng;
    rng_seed(&rng, 8);
    while (ms_of(s)->phase == MP_DEAL)
        state_apply(s, state_sample_chance(s, &rng));
    play(s, "die 4; die 4; die 4"); /* one round, all tied: P1, P2, P3 build in seat order */
    assert_int_equal(state_player(s), 0);
    assert_true(ms_of(s)->rank[0] > ms_of(s)->rank[1] && ms_of(s)->rank[1] > ms_of(s)->rank[2]);
    state_free(s);
    game_free(g);

    g = new_game("players=2"); /* the default: 100 rounds */
    s = state_new(g);
    for (int round = 0; round < 99; round++)
        play(s, "die 3; die 3");
    assert_true(state_is_chance(s));
    assert_int_equal(ms_of(s)->rounds, 99);
    play(s, "die 5; die 5");
    assert_int_equal(state_player(s), 0);
    state_free(s);
    game_free(g);
}

static void plus_dealing_and_building(void **unused)
{
    Game *g = new_game("players=2;variant=plus");
    State *s = state_new(g);
    ChanceOutcome out[MAX_ACTIONS];
    int n = state_chance_outcomes(s, out);
    assert_int_equal(n, 15);
    double total = 0;
    for (int i = 0; i < n; i++)
        total += out[i].probability;
    assert_true(fabs(total - 1) < 1e-12);
    assert_true(out[0].action == MA_DEAL + MF_BRELAN1 && out[0].probability == 3.0 / 36);
    play(s, "deal MO");
    assert_int_equal(ms_of(s)->hand[0][MF_MORPYAM], 1);
    n = state_chance_outcomes(s, out);
    for (int i = 0; i < n; i++)
        if (out[i].action == MA_DEAL + MF_MORPYAM)
            assert_true(out[i].probability == 1.0 / 35);
    play(s, "deal MO");
    assert_int_equal(ms_of(s)->hand[1][MF_MORPYAM], 1); /* round-robin */
    n = state_chance_outcomes(s, out);
    for (int i = 0; i < n; i++)
        assert_true(out[i].action != MA_DEAL + MF_MORPYAM);
    Rng rng;
    rng_seed(&rng, 5);
    while (ms_of(s)->phase == MP_DEAL)
        state_apply(s, state_sample_chance(s, &rng));
    for (int p = 0; p < 2; p++) {
        int held = 0;
        for (int k = 0; k < MK_COUNT; k++)
            held += ms_of(s)->hand[p][k];
        assert_int_equal(held, 18);
    }
    play(s, "die 2; die 5");
    assert_int_equal(state_player(s), 1); /* P2 builds first */
    assert_false(try_play(s, "put 1 a1") && ms_of(s)->hand[1][0] == 255);
    Action acts[MAX_ACTIONS];
    while (ms_of(s)->phase == MP_PUT) {
        int before = state_player(s);
        n = state_legal_actions(s, acts);
        state_apply(s, acts[n - 1]);
        (void)before;
    }
    assert_true(state_is_chance(s));
    assert_int_equal(ms_of(s)->purpose, MR_START);
    int count[MK_COUNT] = {0};
    for (int i = 0; i < 36; i++)
        count[ms_of(s)->grid[i]]++;
    for (int k = 0; k < MK_COUNT; k++)
        assert_int_equal(count[k], k < 6 ? 3 : 2);
    state_free(s);
    game_free(g);
}

static void plus_builder_order_and_leaver(void **unused)
{
    Game *g = new_game("players=3;variant=plus");
    State *s = state_new(g);
    Rng rng;
    rng_seed(&rng, 8);
    while (ms_of(s)->phase == MP_DEAL)
        state_apply(s, state_sample_chance(s, &rng));
    play(s, "die 3; die 5; die 5; die 2; die 1");
    assert_int_equal(state_player(s), 1);
    play(s, "resign"); /* P2's squares are put for them */
    int built = 0;
    for (int i = 0; i < 36; i++)
        built += ms_of(s)->grid[i] != MK_NONE;
    assert_int_equal(built, 12);
    assert_int_equal(state_player(s), 2); /* then by the roll: P3 (5, then 1), then P1 (3) */
    Action acts[MAX_ACTIONS];
    for (int i = 0; i < 12; i++) {
        state_legal_actions(s, acts);
        state_apply(s, acts[0]);
    }
    assert_int_equal(state_player(s), 0);
    state_free(s);
    game_free(g);
}

/* The building order is the full ranking of a one-die roll, highest first;
 * players tied with anybody (not only at the top) roll again among
 * themselves, and their new roll never lifts them over an earlier result. */
static void plus_building_follows_the_whole_roll(void **unused)
{
    Game *g = new_game("players=4;variant=plus");
    State *s = state_new(g);
    Rng rng;
    rng_seed(&rng, 3);
    while (ms_of(s)->phase == MP_DEAL)
        state_apply(s, state_sample_chance(s, &rng));
    /* P1 2, P2 6, P3 4, P4 4; P3 and P4 tie and roll again: P3 1, P4 3 */
    play(s, "die 2; die 6; die 4; die 4");
    assert_true(state_is_chance(s));
    assert_int_equal(ms_of(s)->contenders, 0xC);
    play(s, "die 1; die 3");
    int order[4], k = 0;
    Action acts[MAX_ACTIONS];
    while (ms_of(s)->phase == MP_PUT) {
        int builder = state_player(s);
        if (k == 0 || order[k - 1] != builder)
            order[k++] = builder;
        state_legal_actions(s, acts);
        state_apply(s, acts[0]);
    }
    assert_int_equal(k, 4);
    assert_int_equal(order[0], 1);
    assert_int_equal(order[1], 3);
    assert_int_equal(order[2], 2);
    assert_int_equal(order[3], 0);
    assert_int_equal(ms_of(s)->purpose, MR_START); /* then the first-player roll */
    state_free(s);
    game_free(g);
}

static void action_texts(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    char err[ERR_MAX];
    Action a;
    play(s, "die 6; die 1; roll");
    assert_true(morpyam_ops.parse_action(s, "dice 6 1 3 3 2", &a, err, sizeof err)); /* any order */
    StrBuf sb = STRBUF_INIT;
    state_action_text(s, a, &sb);
    assert_string_equal(sb_str(&sb), "dice 1 2 3 3 6");
    state_apply(s, a);
    assert_true(morpyam_ops.parse_action(s, "keep 3 3", &a, err, sizeof err));
    sb_clear(&sb);
    state_action_text(s, a, &sb);
    assert_string_equal(sb_str(&sb), "reroll 1 2 6");
    assert_false(morpyam_ops.parse_action(s, "keep 4", &a, err, sizeof err));
    assert_false(morpyam_ops.parse_action(s, "reroll 4", &a, err, sizeof err));
    assert_string_equal(err, "illegal move 'reroll 4': no 4 is showing to reroll");
    assert_false(morpyam_ops.parse_action(s, "place z9", &a, err, sizeof err));
    assert_string_equal(err, "malformed action 'place z9': square must be a1..f6");
    assert_false(morpyam_ops.parse_action(s, "call brelan-1", &a, err, sizeof err));
    assert_false(morpyam_ops.parse_action(s, "reroll 7", &a, err, sizeof err));
    assert_false(morpyam_ops.parse_action(s, "frobnicate", &a, err, sizeof err));
    assert_true(strncmp(err, "malformed action 'frobnicate'", 29) == 0);
    assert_false(morpyam_ops.parse_action(s, "dice 1 1 1 1 1", &a, err, sizeof err)); /* not a chance node */
    assert_true(morpyam_ops.parse_action(s, "resign", &a, err, sizeof err));
    assert_int_equal(a, ACTION_RESIGN);
    assert_null(morpyam_ops.deserialize(g, "garbage", err, sizeof err));
    assert_true(strncmp(err, "malformed morpyam state:", 24) == 0);
    sb_free(&sb);
    state_free(s);
    game_free(g);
}

/* Replaces the first occurrence of from by to in the serialisation of s
 * and returns the deserialiser's error ("" when it was accepted). */
static const char *corrupt(const State *s, const char *from, const char *to, char *err)
{
    StrBuf sb = STRBUF_INIT;
    char text[1024];
    state_serialize(s, &sb);
    const char *at = strstr(sb_str(&sb), from);
    assert_non_null(at);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - sb_str(&sb)), sb_str(&sb), to, at + strlen(from));
    sb_free(&sb);
    State *d = s->game->ops->deserialize(s->game, text, err, ERR_MAX);
    if (d) {
        state_free(d);
        err[0] = '\0';
    }
    return err;
}

static void corrupt_states_are_refused(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    char err[ERR_MAX];
    play(s, "die 6; die 1; roll; dice 1 1 1 2 3");
    assert_string_equal(corrupt(s, "phase=6", "phase=6", err), "");
    assert_string_equal(corrupt(s, "tokens=.", "tokens=3", err), "malformed morpyam state: bad token");
    assert_string_equal(corrupt(s, "grid=P", "grid=Q", err), "malformed morpyam state: bad grid character");
    assert_string_equal(corrupt(s, "grid=P", "grid=1", err), "malformed morpyam state: the grid differs from the game's layout");
    assert_string_equal(corrupt(s, "phase=6", "phase=1", err),
                        "malformed morpyam state: the phase does not match the rest of the state");
    assert_string_equal(corrupt(s, "phase=6", "phase=3", err),
                        "malformed morpyam state: the phase does not match the rest of the state");
    assert_string_equal(corrupt(s, "phase=6", "phase=12", err),
                        "malformed morpyam state: phase must be a whole number from 0 to 9, got '12'");
    assert_string_equal(corrupt(s, "dice=11123", "dice=11173", err), "malformed morpyam state: bad dice");
    assert_string_equal(corrupt(s, "alive=3", "alive=2", err), "malformed morpyam state: the player to move cannot act");
    assert_string_equal(corrupt(s, " result=", " resul=", err), "malformed morpyam state: fields missing or out of order");
    state_free(s);
    game_free(g);
}

/* Issue 8, fault 6: numbers read strictly and in range, and only states on
 * which every operation is safe (the rules could reach them). */
static void impossible_states_are_refused(void **unused)
{
    Game *g = new_game("players=3");
    State *s = state_new(g);
    char err[ERR_MAX];
    play(s, "die 6; die 1; die 2; roll");
    assert_string_equal(corrupt(s, "phase=5", "phase=5", err), "");
    assert_string_equal(corrupt(s, "turns=1", "turns=99999999999999999999", err),
                        "malformed morpyam state: turns must be a whole number from 0 to 1000, got '99999999999999999999'");
    assert_string_equal(corrupt(s, "turns=1", "turns=2147483648", err),
                        "malformed morpyam state: turns must be a whole number from 0 to 1000, got '2147483648'");
    assert_string_equal(corrupt(s, "turns=1", "turns=+1", err),
                        "malformed morpyam state: turns must be a whole number from 0 to 1000, got '+1'");
    assert_string_equal(corrupt(s, "turns=1", "turns= 1", err), "malformed morpyam state: fields missing or out of order");
    assert_string_equal(corrupt(s, "phase=5", "phase=-0", err),
                        "malformed morpyam state: phase must be a whole number from 0 to 9, got '-0'");
    assert_string_equal(corrupt(s, " result=", "  result=", err), "malformed morpyam state: fields missing or out of order");
    /* The states: one player left in a live 3-player game, and the
     * roll of a player who has resigned (resign then looped forever). */
    assert_string_equal(corrupt(s, "alive=7", "alive=6", err),
                        "malformed morpyam state: the roll is for P1, who has resigned");
    assert_string_equal(corrupt(s, "alive=7", "alive=4", err),
                        "malformed morpyam state: a live game needs two players still in it");
    assert_string_equal(corrupt(s, "turns=1", "turns=0", err),
                        "malformed morpyam state: a turn is being played but turns is 0");
    assert_string_equal(corrupt(s, "result=0,0,255", "result=1,1,255", err),
                        "malformed morpyam state: a live game has no result");
    state_free(s);
    s = state_new(g);
    play(s, "die 6; die 1; die 2");
    /* Found by fuzzing: in Plus, a player who resigned while others still
     * held squares to build (their squares are built when they leave). */
    Game *plus = new_game("players=4;variant=plus");
    const char *resigned = "grid=.32.6..CMX.EN223F.A.....S.4P.45..1.A tokens=.................................... phase=2 "
                           "player=0 turns=0 rolls=0 dice=11111 kept=- nroll=1 call=-1 called=1 replay=0 alive=10 "
                           "rolloff=0,0,0,6532,3201 deal=36,3,000000000000000 "
                           "hands=000000000000000000000000000000000121111000110201001000111000 result=0,0,255";
    assert_null(plus->ops->deserialize(plus, resigned, err, sizeof err));
    assert_string_equal(err, "malformed morpyam state: a player who resigned still holds squares to build");
    game_free(plus);
    /* Found by fuzzing: a call pending when no Appel square is free left the
     * forced placement after a made call without any square. */
    Game *yam3 = new_game("players=3;rules=daversa");
    const char *called = "grid=P126544XSEC33FMNA25AXMF16CESN512346P tokens=.1..1...........11111........2..1... "
                         "phase=4 player=1 turns=21 rolls=0 dice=22455 kept=225 nroll=2 call=13 called=1 replay=0 "
                         "alive=7 rolloff=0,00,00,1460,0120 deal=0,0,000000000000000 "
                         "hands=000000000000000000000000000000000000000000000000000000000000 result=0,0,255";
    assert_null(yam3->ops->deserialize(yam3, called, err, sizeof err));
    assert_string_equal(err, "malformed morpyam state: a call is pending but no Appel square is free");
    game_free(yam3);
    /* Found by fuzzing: a call waiting for its reroll after the third roll
     * (calls are made after roll 1 or 2 only): its reroll was a fourth roll,
     * whose state the deserialiser refused. */
    Game *yam2 = new_game("players=2;rules=strict-call");
    State *c = state_new(yam2);
    play(c, "die 6; die 1; roll; dice 1 1 1 2 3; call carre");
    assert_int_equal(ms_of(c)->phase, MP_CALL_REROLL);
    assert_string_equal(corrupt(c, "rolls=1", "rolls=2", err), "");
    assert_string_equal(corrupt(c, "rolls=1", "rolls=3", err),
                        "malformed morpyam state: the phase does not match the rest of the state");
    const char *late = "grid=P126544XSEC33FMNA25AXMF16CESN512346P tokens=.................................... phase=7 "
                       "player=1 turns=5 rolls=3 dice=14445 kept=- nroll=5 call=13 called=1 replay=0 alive=3 "
                       "rolloff=0,0,1,1400,0100 deal=0,0,000000000000000 "
                       "hands=000000000000000000000000000000000000000000000000000000000000 result=0,0,255";
    assert_null(yam2->ops->deserialize(yam2, late, err, sizeof err));
    assert_string_equal(err, "malformed morpyam state: the phase does not match the rest of the state");
    state_free(c);
    game_free(yam2);
    assert_string_equal(corrupt(s, "rolloff=0,0,1,6120", "rolloff=7,0,1,6120", err),
                        "malformed morpyam state: roll-off contenders who are not in a roll-off");
    assert_string_equal(corrupt(s, "rolloff=0,0,1,6120", "rolloff=0,1,1,6120", err),
                        "malformed morpyam state: a number is out of range");
    state_free(s);
    game_free(g);
}

static void option_errors(void **unused)
{
    Options o;
    char err[ERR_MAX];
    static const char *const cases[][3] = {
        {"players", "5", "option 'players' must be 2, 3 or 4, got 5"},
        {"variant", "turbo", "option 'variant' must be standard, flash or plus, got 'turbo'"},
        /* found by fuzzing: the value was quoted raw */
        {"variant", "\xf0lus", "option 'variant' must be standard, flash or plus, got '?lus'"},
        {"rules", "daversa,nope", "option 'rules': unknown rule 'nope' (expected strict-call or daversa)"},
        {"grid", "1 2 3", "layout: expected 36 square codes (6 rows of 6), got 3"},
        {"turn-cap", "0", "option 'turn-cap' must be from 1 to 1000000, got 0"},
        {"rolloff-cap", "1001", "option 'rolloff-cap' must be from 1 to 1000, got 1001"},
        /* an empty name is refused wherever it stands, a trailing one included */
        {"rules", "strict-call,", "option 'rules': empty name in 'strict-call,' (expected names separated by single commas)"},
        {"rules", "strict-call,,daversa", "option 'rules': empty name in 'strict-call,,daversa' (expected names separated by single commas)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        options_init(&o);
        assert_true(options_set(&o, cases[i][0], cases[i][1], err, sizeof err));
        assert_null(game_new("morpyam", &o, err, sizeof err));
        assert_string_equal(err, cases[i][2]);
    }
    /* a custom grid replaces the variant's grid */
    options_init(&o);
    options_set(&o, "grid", "MO MO MO MO MO MO/1 1 1 1 1 1/2 2 2 2 2 2/3 3 3 3 3 3/4 4 4 4 4 4/5 5 5 5 5 5", err, sizeof err);
    Game *g = game_new("morpyam", &o, err, sizeof err);
    assert_non_null(g);
    State *s = state_new(g);
    assert_int_equal(ms_of(s)->grid[sq("a6")], MF_MORPYAM);
    assert_int_equal(ms_of(s)->grid[sq("a1")], MF_BRELAN1 + 4);
    state_free(s);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(first_player_roll),
        cmocka_unit_test(placing_and_sec),
        cmocka_unit_test(morpyam_replay_and_five_alike),
        cmocka_unit_test(daversa),
        cmocka_unit_test(calls),
        cmocka_unit_test(strict_call),
        cmocka_unit_test(no_calls_without_a_free_appel),
        cmocka_unit_test(ko_and_points_in_play),
        cmocka_unit_test(end_on_points),
        cmocka_unit_test(forfeit),
        cmocka_unit_test(turn_cap),
        cmocka_unit_test(rolloff_cap),
        cmocka_unit_test(plus_dealing_and_building),
        cmocka_unit_test(plus_builder_order_and_leaver),
        cmocka_unit_test(plus_building_follows_the_whole_roll),
        cmocka_unit_test(action_texts),
        cmocka_unit_test(corrupt_states_are_refused),
        cmocka_unit_test(impossible_states_are_refused),
        cmocka_unit_test(option_errors),
    };
    return cmocka_run_group_tests_name("morpyam_rules", tests, NULL, NULL);
}
