/* Sessions of the front end, driven through the toy game "race": atomic
 * texts recorded, chance that depends only on the seed and the position,
 * undo (never revealing a roll against an AI), a person acting only for
 * their seat, the observer, marks and the legend as JSON, AI seats, and
 * refusals explained with the rules' reason. */
#include "front_test.h"

static void session_records_atomic_texts(void **unused)
{
    Session *s = race_session(NULL, 1, NULL);
    char err[ERR_MAX];
    assert_true(state_is_chance(s->state));
    assert_true(session_apply_text(s, "roll 2,take,roll 3", err, sizeof err));
    assert_int_equal(s->count, 3);
    assert_string_equal(s->steps[0].text, "roll 2");
    assert_int_equal(s->steps[0].player, PLAYER_CHANCE);
    assert_string_equal(s->steps[1].text, "take");
    assert_int_equal(s->steps[1].player, 0);
    assert_int_equal(session_player(s), 1);
    /* All or nothing. */
    assert_false(session_apply_text(s, "skip,roll 9", err, sizeof err));
    assert_string_equal(err, "illegal move 'roll 9': a roll is due (expected roll 1 to roll 3)");
    assert_int_equal(s->count, 3);
    assert_false(session_apply(s, 5, err, sizeof err));
    assert_string_equal(err, "illegal move 'skip'");
    session_free(s);
}

static void session_chance_depends_on_seed_and_position_only(void **unused)
{
    Session *a = race_session(NULL, 42, NULL), *b = race_session(NULL, 42, NULL);
    char err[ERR_MAX];
    for (int turn = 0; turn < 6; turn++) {
        assert_int_equal(session_chance_all(a), 1);
        assert_int_equal(session_chance_all(b), 1);
        assert_true(session_apply_text(a, "skip", err, sizeof err));
        assert_true(session_apply_text(b, "skip", err, sizeof err));
    }
    for (int i = 0; i < a->count; i++)
        assert_string_equal(a->steps[i].text, b->steps[i].text);
    /* Undo and replay: the same dice come back. */
    char roll[16];
    strcpy(roll, a->steps[a->count - 2].text);
    assert_int_equal(session_undo(a), 1); /* the skip; its roll stays */
    assert_int_equal(a->count, 11);
    assert_string_equal(a->steps[10].text, roll);
    assert_true(session_apply_text(a, "skip", err, sizeof err));
    session_chance_all(a);
    session_chance_all(b);
    assert_string_equal(a->steps[12].text, b->steps[12].text);
    session_free(a);
    session_free(b);
}

static void undo_removes_last_decision_and_following_chance(void **unused)
{
    Session *s = race_session(NULL, 3, NULL);
    char err[ERR_MAX];
    assert_int_equal(session_undo(s), 0);
    assert_true(session_apply_text(s, "roll 1", err, sizeof err));
    assert_int_equal(session_undo(s), 0); /* only chance so far */
    assert_true(session_apply_text(s, "take,roll 3", err, sizeof err));
    assert_int_equal(session_undo(s), 2);
    assert_int_equal(s->count, 1);
    assert_int_equal(session_player(s), 0);
    GameResult r;
    state_result(s->state, &r);
    assert_int_equal(r.points[0], 0);
    session_free(s);
}

/* Issue 8, fault 3: a person acts only for their own seat; chance outcomes
 * only with real dice, one at a time. */
static void a_person_acts_only_for_their_seat(void **unused)
{
    static const char *const vs_ai[] = {"human", "ai:random"};
    Session *s = race_session(NULL, 5, vs_ai);
    char err[ERR_MAX];
    assert_false(session_apply_for_seat(s, 0, "roll 3", false, err, sizeof err));
    assert_string_equal(err, "not a decision: a chance event is due and the program draws it");
    assert_false(session_apply_for_seat(s, 0, "roll 3,take", true, err, sizeof err));
    assert_string_equal(err, "type only the chance outcome asked for, one at a time ('roll 3,take' holds several)");
    assert_int_equal(s->count, 0);
    assert_true(session_apply_for_seat(s, 0, "roll 3", true, err, sizeof err)); /* real dice */
    assert_false(session_apply_for_seat(s, 1, "take", false, err, sizeof err));
    assert_string_equal(err, "not the turn of P2: P1 is to move");
    assert_false(session_apply_for_seat(s, 0, "take,roll 1", false, err, sizeof err));
    assert_string_equal(err, "'roll 1' goes past the decisions of P1: a chance event follows 'take'");
    assert_false(session_apply_for_seat(s, 0, "take,roll 1", true, err, sizeof err));
    assert_string_equal(err, "'roll 1' goes past the decisions of P1: a chance event follows 'take'");
    /* The seat's own error comes before the part's own (roll 9 is no roll). */
    assert_false(session_apply_for_seat(s, 0, "take,roll 9", false, err, sizeof err));
    assert_string_equal(err, "'roll 9' goes past the decisions of P1: a chance event follows 'take'");
    assert_false(session_apply_for_seat(s, 0, "tkae", false, err, sizeof err));
    assert_string_equal(err, "illegal move 'tkae': expected take, skip or resign");
    assert_false(session_apply_for_seat(s, 7, "take", false, err, sizeof err));
    assert_int_equal(s->count, 1);
    assert_true(session_apply_for_seat(s, 0, "take", false, err, sizeof err));
    assert_int_equal(s->count, 2);
    assert_false(s->steps[0].drawn);
    assert_false(session_dice_drawn(s));
    session_chance_step(s);
    assert_true(s->steps[2].drawn);
    /* Hot-seat: whoever is to move; the other person waits. */
    assert_false(session_apply_for_seat(s, 0, "skip", false, err, sizeof err));
    assert_string_equal(err, "not the turn of P1: P2 is to move");
    session_free(s);
    Session *d = race_session(NULL, 5, NULL);
    assert_int_equal(session_chance_all(d), 1);
    assert_true(session_dice_drawn(d));
    assert_true(session_apply_for_seat(d, 0, "resign", false, err, sizeof err));
    assert_false(session_apply_for_seat(d, 1, "take", false, err, sizeof err));
    assert_string_equal(err, "the game is over");
    session_free(d);
}

/* Against an AI a person's undo never reveals a roll; between people it
 * takes back any decision. */
static void person_undo_never_reveals_a_roll_against_an_ai(void **unused)
{
    static const char *const vs_ai[] = {"human", "ai:random"};
    Session *s = race_session(NULL, 5, vs_ai);
    char err[ERR_MAX], why[ERR_MAX];
    assert_int_equal(session_undo_person(s, why, sizeof why), 0);
    assert_string_equal(why, "nothing to undo: no decision of a person yet");
    assert_true(session_apply_text(s, "roll 2,take", err, sizeof err));
    /* The AI's turn has not rolled yet: the take can be taken back. */
    assert_int_equal(session_undo_seat(s, why, sizeof why), 0);
    assert_int_equal(session_undo_person(s, why, sizeof why), 1);
    assert_int_equal(s->count, 1);
    assert_true(session_apply_text(s, "take,roll 3", err, sizeof err));
    /* The take led to a roll that was seen: refused, nothing changes. */
    assert_int_equal(session_undo_seat(s, why, sizeof why), -1);
    assert_non_null(strstr(why, "cannot undo 'take': the dice have been rolled since, and that cannot be taken back"));
    assert_int_equal(session_undo_person(s, why, sizeof why), 0);
    assert_non_null(strstr(why, "cannot undo 'take': the dice have been rolled since"));
    assert_int_equal(s->count, 3);
    session_free(s);

    Session *h = race_session(NULL, 5, NULL); /* two people, hot-seat */
    assert_true(session_apply_text(h, "roll 2,take,roll 3,skip,roll 1", err, sizeof err));
    assert_int_equal(session_undo_person(h, why, sizeof why), 2); /* the skip and the roll after it */
    assert_int_equal(session_undo_person(h, why, sizeof why), 2); /* the take and the roll after it */
    assert_int_equal(h->count, 1);
    session_free(h);
}

/* The observer hears every applied action once, with the state before it,
 * and nothing while undo replays the history. */
typedef struct Heard {
    int count;
    char texts[8][16];
} Heard;

static void hear(void *ctx, const Session *s, const State *before, Action a, int player, int index)
{
    Heard *h = ctx;
    StrBuf t = STRBUF_INIT;
    state_action_text(before, a, &t);
    assert_int_equal(index, h->count);
    assert_int_equal(player, state_player(before));
    snprintf(h->texts[h->count++ % 8], 16, "%s", sb_str(&t));
    sb_free(&t);
}

static void observer_hears_each_action_once(void **unused)
{
    Session *s = race_session(NULL, 5, NULL);
    Heard h = {0};
    char err[ERR_MAX];
    session_set_observer(s, hear, &h);
    assert_true(session_apply_text(s, "roll 2,take", err, sizeof err));
    session_chance_all(s);
    assert_int_equal(h.count, 3);
    assert_string_equal(h.texts[1], "take");
    assert_int_equal(session_undo(s), 2);
    assert_int_equal(h.count, 3); /* the replay is quiet */
    h.count = 1;
    assert_true(session_apply_text(s, "skip", err, sizeof err));
    assert_int_equal(h.count, 2);
    assert_string_equal(h.texts[1], "skip");
    session_free(s);
}

static void marks_and_legend_as_json(void **unused)
{
    Marks m;
    marks_reset(&m, 6, 6);
    Mark *k = marks_add(&m, MARK_LINE, 1, 1, "line of three (+1)");
    mark_set_cell(k, 0);
    mark_set_cell(k, 7);
    mark_set_cell(k, 14);
    marks_add(&m, MARK_BONUS, -1, 1, "end bonus (+1)");
    json_t *j = marks_to_json(&m);
    ASSERT_JSON(j, "{\"width\":6,\"height\":6,\"marks\":[{\"kind\":\"line\",\"player\":2,\"points\":1,"
                   "\"cells\":[\"a1\",\"b2\",\"c3\"],\"label\":\"line of three (+1)\"},{\"kind\":\"bonus\","
                   "\"player\":null,\"points\":1,\"cells\":[],\"label\":\"end bonus (+1)\"}]}");
    json_decref(j);
    /* the same as text, written directly (the hot path of a move), a
     * label with a quote escaped */
    snprintf(m.items[1].label, sizeof m.items[1].label, "say \"bonus\"");
    StrBuf text = STRBUF_INIT;
    marks_to_text(&m, &text);
    assert_string_equal(sb_str(&text), "{\"width\":6,\"height\":6,\"marks\":[{\"kind\":\"line\",\"player\":2,\"points\":1,"
                                       "\"cells\":[\"a1\",\"b2\",\"c3\"],\"label\":\"line of three (+1)\"},"
                                       "{\"kind\":\"bonus\",\"player\":null,\"points\":1,\"cells\":[],"
                                       "\"label\":\"say \\\"bonus\\\"\"}]}");
    j = marks_to_json(&m);
    char *dumped = json_dumps(j, JSON_COMPACT);
    assert_string_equal(sb_str(&text), dumped);
    free(dumped);
    sb_free(&text);
    json_decref(j);
    LegendEntry e[1] = {{"CA", "carre", "four dice alike"}};
    j = legend_to_json(e, 1);
    ASSERT_JSON(j, "[{\"code\":\"CA\",\"name\":\"carre\",\"words\":\"four dice alike\"}]");
    json_decref(j);
}

static void ai_seats_play_and_explain(void **unused)
{
    const char *players[] = {"ai:random", "human"};
    Session *s = race_session(NULL, 9, players);
    char err[ERR_MAX];
    Action a;
    StrBuf why = STRBUF_INIT;
    assert_false(session_ai_choose(s, &a, &why, err, sizeof err));
    assert_string_equal(err, "no player to move: a chance node");
    session_chance_all(s);
    assert_true(session_ai_choose(s, &a, &why, err, sizeof err));
    assert_string_equal(sb_str(&why), "picked at random among 2 legal actions");
    assert_true(session_apply(s, a, err, sizeof err));
    session_chance_all(s);
    assert_false(session_ai_choose(s, &a, NULL, err, sizeof err));
    assert_string_equal(err, "seat 2 is not an AI");
    sb_free(&why);
    session_free(s);
    const char *bad[] = {"robot", "human"};
    assert_null(session_new_game(race(NULL, NULL, NULL), bad, 1, err, sizeof err));
    assert_string_equal(err, "player 1: expected 'human' or 'ai:LEVEL', got 'robot'");
    const char *unknown[] = {"human", "ai:genius"};
    assert_null(session_new_game(race(NULL, NULL, NULL), unknown, 1, err, sizeof err));
    /* the list grows with the levels built in: check its start only */
    const char *msg = "seat 2: unknown AI level 'genius' (expected one of: random";
    assert_true(strncmp(err, msg, strlen(msg)) == 0);
}

/* ---- explain: refusals and the latest turn ---- */

static void refusals_give_the_rules_reason(void **unused)
{
    Session *s = race_session(NULL, 4, NULL);
    StrBuf why = STRBUF_INIT;
    char err[ERR_MAX];
    /* a parse failure: the game's why_not, of the part that fails */
    assert_false(session_apply_text(s, "roll 9", err, sizeof err));
    assert_true(explain_rules_error(err));
    assert_true(explain_refusal(s->state, "roll 9", err, &why));
    assert_string_equal(sb_str(&why), "a roll is due (expected roll 1 to roll 3)");
    sb_clear(&why);
    assert_false(session_apply_text(s, "roll 2,take,jump", err, sizeof err));
    assert_true(explain_refusal(s->state, "roll 2,take,jump", err, &why));
    assert_string_equal(sb_str(&why), "jump: a roll is due (expected roll 1 to roll 3)");
    sb_clear(&why);
    /* the session's own refusal (a seat) has no reason of the rules */
    assert_true(session_apply_text(s, "roll 2", err, sizeof err));
    assert_false(session_apply_for_seat(s, 1, "take", false, err, sizeof err));
    assert_false(explain_rules_error(err));
    assert_false(explain_refusal(s->state, "take", err, &why));
    assert_int_equal(why.len, 0);
    /* no board: the latest turn touches no cell */
    Marks m;
    assert_true(session_apply_text(s, "take,roll 1,skip", err, sizeof err));
    explain_last_turn(s, &m);
    assert_int_equal(m.count, 0);
    sb_free(&why);
    session_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(session_records_atomic_texts),
        cmocka_unit_test(session_chance_depends_on_seed_and_position_only),
        cmocka_unit_test(undo_removes_last_decision_and_following_chance),
        cmocka_unit_test(person_undo_never_reveals_a_roll_against_an_ai),
        cmocka_unit_test(a_person_acts_only_for_their_seat),
        cmocka_unit_test(observer_hears_each_action_once),
        cmocka_unit_test(marks_and_legend_as_json),
        cmocka_unit_test(ai_seats_play_and_explain),
        cmocka_unit_test(refusals_give_the_rules_reason),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
