/* Leaving at any moment (game.h): a player resigns out of turn or runs out
 * of time, at decisions and chance nodes alike, in both games: who wins and
 * how, what goes on without the leaver (a turn, a roll-off, the Plus deal
 * and building), the words, the text and the serialisation. */
#include "morpyam_helpers.h"
#include "morphos_helpers.h"

static const char *say(const State *s, const char *text, StrBuf *out)
{
    Action a;
    char err[ERR_MAX];
    if (!s->game->ops->parse_action(s, text, &a, err, sizeof err))
        fail_msg("parse '%s': %s", text, err);
    sb_clear(out);
    state_describe(s, a, NULL, out);
    return sb_str(out);
}

static const char *result_words(const State *s, StrBuf *out)
{
    sb_clear(out);
    state_describe_result(s, NULL, out);
    return sb_str(out);
}

/* Covers the first square the dice allow. */
static void place_first(State *s)
{
    Action acts[MAX_ACTIONS];
    int n = state_legal_actions(s, acts);
    for (int i = 0; i < n; i++)
        if (acts[i] >= MA_PLACE && acts[i] < MA_PLACE + 36) {
            state_apply(s, acts[i]);
            return;
        }
    fail_msg("no square to cover");
}

static State *round_trip(State *s)
{
    StrBuf sb = STRBUF_INIT;
    char err[ERR_MAX];
    state_serialize(s, &sb);
    State *d = s->game->ops->deserialize(s->game, sb_str(&sb), err, sizeof err);
    if (!d)
        fail_msg("deserialize '%s': %s", sb_str(&sb), err);
    StrBuf again = STRBUF_INIT;
    state_serialize(d, &again);
    assert_string_equal(sb_str(&sb), sb_str(&again));
    sb_free(&sb);
    sb_free(&again);
    state_free(s);
    return d;
}

static void morpyam_two_players(void **unused)
{
    Game *g = new_game("players=2");
    State *s = state_new(g);
    StrBuf w = STRBUF_INIT;
    char err[ERR_MAX];
    play(s, "die 3; die 5");
    assert_int_equal(state_player(s), 1);
    /* P1 resigns while P2 is to move */
    assert_string_equal(say(s, "resign 1", &w), "P1 resigns: P2 wins by forfeit");
    State *t = state_clone(s);
    play(t, "resign 1");
    GameResult r;
    state_result(t, &r);
    assert_true(r.terminal);
    assert_int_equal(r.winners, 2);
    assert_string_equal(r.how, "forfeit");
    state_free(t);
    /* P2 runs out of time on their own turn */
    assert_string_equal(say(s, "timeout 2", &w), "P2 runs out of time: P1 wins on time");
    play(s, "timeout 2");
    state_result(s, &r);
    assert_int_equal(r.winners, 1);
    assert_string_equal(r.how, "time");
    assert_non_null(strstr(result_words(s, &w), "P1 wins on time: P2 ran out of time.\n"));
    assert_non_null(strstr(sb_str(&w), "P2: 0 points (no line), out on time\n"));
    s = round_trip(s);
    assert_false(try_play(s, "resign 1"));
    assert_false(s->game->ops->parse_action(s, "timeout 1", &(Action){0}, err, sizeof err));
    assert_string_equal(err, "illegal move 'timeout 1': the game is over");
    sb_free(&w);
    state_free(s);
    game_free(g);
}

static void morpyam_three_players_go_on(void **unused)
{
    Game *g = new_game("players=3");
    State *s = state_new(g);
    StrBuf w = STRBUF_INIT;
    char err[ERR_MAX];
    Action a;
    /* a roll-off goes on without the leaver: P1 and P2 tie, P3 leaves before rolling */
    play(s, "die 4; die 4");
    assert_string_equal(say(s, "resign 3", &w), "P3 resigns; P1 and P2 play on");
    play(s, "resign 3");
    const MorpyamState *m = ms_of(s);
    assert_int_equal(m->phase, MP_ROLLOFF);
    assert_int_equal(m->contenders, 3);
    assert_int_equal(m->rolled, 0);
    s = round_trip(s);
    play(s, "die 2; die 5");
    assert_int_equal(state_player(s), 1);
    /* out of turn, on time: P2's turn goes on */
    assert_false(s->game->ops->parse_action(s, "resign 3", &a, err, sizeof err));
    assert_string_equal(err, "illegal move 'resign 3': that player has left the game already");
    StrBuf why = STRBUF_INIT;
    assert_true(state_why_not(s, "resign 3", &why));
    assert_string_equal(sb_str(&why), "that player has left the game already");
    assert_true(state_why_not(s, "resign 7", &why));
    assert_false(s->game->ops->parse_action(s, "timeout 0", &a, err, sizeof err));
    assert_string_equal(err, "malformed action 'timeout 0': 'timeout' names a seat from 1 to 3 (e.g. 'timeout 2')");
    sb_free(&why);
    play(s, "roll; dice 1 1 1 2 3");
    place_first(s);
    /* P1 to move; P2 runs out of time meanwhile */
    assert_int_equal(state_player(s), 0);
    assert_string_equal(say(s, "timeout 2", &w), "P2 runs out of time: P1 wins on time");
    state_free(s);
    /* with three players still in, the leaver's turn passes on */
    s = state_new(g);
    play(s, "die 6; die 2; die 1");
    assert_int_equal(state_player(s), 0);
    play(s, "timeout 3");
    assert_int_equal(state_player(s), 0); /* P1's turn goes on */
    s = round_trip(s);
    assert_non_null(strstr(result_words(s, &w), "P1: 0 points (no line)\n"));
    play(s, "roll; dice 1 1 1 2 3");
    place_first(s);
    assert_int_equal(state_player(s), 1); /* P2, then P1 again: P3 is skipped */
    play(s, "resign");
    assert_true(state_is_terminal(s));
    GameResult r;
    state_result(s, &r);
    assert_int_equal(r.winners, 1);
    assert_string_equal(r.how, "forfeit");
    assert_non_null(strstr(result_words(s, &w), "P1 wins by forfeit: P2 resigned; P3 ran out of time.\n"));
    assert_non_null(strstr(sb_str(&w), "P3: 0 points (no line), out on time\n"));
    s = round_trip(s);
    sb_free(&w);
    state_free(s);
    game_free(g);
}

static void morpyam_plus_deal_and_building(void **unused)
{
    Game *g = new_game("players=3;variant=plus");
    State *s = state_new(g);
    StrBuf w = STRBUF_INIT;
    Rng rng;
    rng_seed(&rng, 7);
    for (int i = 0; i < 5; i++)
        state_apply(s, state_sample_chance(s, &rng));
    assert_string_equal(say(s, "resign 2", &w),
                        "P2 resigns, and the squares dealt to them go on the first free positions once the deal ends; "
                        "P1 and P3 play on");
    play(s, "resign 2");
    s = round_trip(s);
    while (ms_of(s)->phase == MP_DEAL)
        state_apply(s, state_sample_chance(s, &rng));
    /* the deal is over: P2's twelve squares fill a1.. in the order of kinds */
    const MorpyamState *m = ms_of(s);
    int built = 0, last_kind = -1;
    for (int q = 0; q < 36; q++)
        if (m->grid[q] != MK_NONE) {
            assert_int_equal(q, built); /* the first free positions, in order */
            assert_true(m->grid[q] >= last_kind);
            last_kind = m->grid[q];
            built++;
        }
    assert_int_equal(built, 12);
    for (int k = 0; k < MK_COUNT; k++)
        assert_int_equal(m->hand[1][k], 0);
    assert_int_equal(m->phase, MP_ROLLOFF);
    assert_int_equal(m->contenders, 5); /* P1 and P3 roll for the building order */
    s = round_trip(s);
    /* during the building, a builder who is not building now leaves: their squares are put at once */
    while (ms_of(s)->phase == MP_ROLLOFF)
        state_apply(s, state_sample_chance(s, &rng));
    assert_int_equal(ms_of(s)->phase, MP_PUT);
    int other = ms_of(s)->builder == 0 ? 2 : 0;
    char text[16];
    snprintf(text, sizeof text, "timeout %d", other + 1);
    assert_string_equal(say(s, text, &w), other == 0 ? "P1 runs out of time: P3 wins on time"
                                                     : "P3 runs out of time: P1 wins on time");
    sb_free(&w);
    state_free(s);
    game_free(g);
}

static void morphos_out_of_turn_and_on_time(void **unused)
{
    Game *g = morphos_game(5, "");
    State *s = state_new(g);
    StrBuf w = STRBUF_INIT;
    play(s, "c3");
    /* White (seat 2) to move; Black (seat 1) resigns meanwhile */
    assert_string_equal(say(s, "resign 1", &w), "Black resigns: White wins");
    assert_string_equal(say(s, "timeout 2", &w), "White runs out of time: Black wins on time");
    State *t = state_clone(s);
    play(t, "resign 1");
    GameResult r;
    state_result(t, &r);
    assert_int_equal(r.winners, 2);
    assert_string_equal(r.how, "resign");
    state_free(t);
    play(s, "timeout 2");
    state_result(s, &r);
    assert_int_equal(r.winners, 1);
    assert_string_equal(r.how, "time");
    assert_string_equal(result_words(s, &w), "White (P2) runs out of time: Black (P1) wins on time.\n");
    s = round_trip(s);
    StrBuf drawing = STRBUF_INIT;
    state_render(s, &drawing);
    assert_non_null(strstr(sb_str(&drawing), "Game over: Black (player 1) wins on time\n"));
    assert_false(try_play(s, "resign 2"));
    sb_free(&drawing);
    sb_free(&w);
    state_free(s);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(morpyam_two_players),
        cmocka_unit_test(morpyam_three_players_go_on),
        cmocka_unit_test(morpyam_plus_deal_and_building),
        cmocka_unit_test(morphos_out_of_turn_and_on_time),
    };
    return cmocka_run_group_tests_name("leave_rules", tests, NULL, NULL);
}
