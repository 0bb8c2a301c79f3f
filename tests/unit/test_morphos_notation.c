/* Morphos texts in and out: point and position notation with their
 * errors, saved states read back, corrupt or impossible states refused
 * with their reason (numbers read strictly, only states the rules can
 * reach), and the drawing and action texts. */
#include "morphos_cases.h"

static void notation_round_trips_and_errors(void **unused)
{
    char cells[19 * 19], err[ERR_MAX];
    int n = 0;
    MorphosState *s = pos("B.W/.W./W.B", 'B', "");
    StrBuf sb = STRBUF_INIT;
    morphos_position_text(s->cfg, s->stones, &sb);
    assert_string_equal(sb_str(&sb), "B.W/.W./W.B");
    sb_free(&sb);
    assert_true(bb_test(&s->stones[0], pt(s, "a3")));
    assert_true(bb_test(&s->stones[0], pt(s, "c1")));
    apply_fails(s, "d1", "illegal move 'd1': d1 is not on the 3x3 board (a1 to c3)");
    apply_fails(s, "hello", "malformed move 'hello': expected a point such as c3, a flip such as xc3, swap, pass or resign");
    apply_fails(s, "c", "malformed move 'c': expected a point such as c3, a flip such as xc3, swap, pass or resign");
    apply_fails(s, "a0", "malformed move 'a0': expected a point such as c3, a flip such as xc3, swap, pass or resign");
    apply_fails(s, "xb2", "illegal move 'xb2': b2 is not weak: a stone can be flipped only when enemy stones hold 3 of its sides and a corner between them, "
                         "2 adjacent sides grown into lines of 3 and 2 away from their corner, or the ring around a 2x2 area holding it");
    done(s);
    assert_false(morphos_parse_position("B.W/.W.B/W.B", &n, cells, err, sizeof err));
    assert_string_equal(err, "malformed position: row 2 has 4 points, expected 3");
    n = 0;
    assert_false(morphos_parse_position("B.W/.X./W.B", &n, cells, err, sizeof err));
    assert_string_equal(err, "malformed position: row 2 has 'X', expected B, W or .");
    n = 0;
    assert_false(morphos_parse_position("B.W/.W.", &n, cells, err, sizeof err));
    assert_string_equal(err, "malformed position: 2 rows, expected 3");
    n = 0;
    assert_false(morphos_parse_position("B.W/.W./W.B/...", &n, cells, err, sizeof err));
    assert_string_equal(err, "malformed position: more than 3 rows, expected 3");
    n = 0;
    assert_false(morphos_parse_position("B./.W", &n, cells, err, sizeof err));
    assert_string_equal(err, "malformed position: the top row has 2 points, expected 3 to 19");
    /* rows are named as on the board: the text's first row is row n */
    n = 0;
    assert_false(morphos_parse_position("x../.../...", &n, cells, err, sizeof err));
    assert_string_equal(err, "malformed position: row 3 has 'x', expected B, W or .");
    n = 0;
    assert_false(morphos_parse_position("..../..../..../...B.", &n, cells, err, sizeof err));
    assert_string_equal(err, "malformed position: row 1 has 5 points, expected 4");
    /* Two-digit rows on 19x19 and every point's text. */
    Game *g = morphos_game(19, "");
    const MorphosConfig *c = g->config;
    for (int r = 0; r < 19; r++)
        for (int col = 0; col < 19; col++) {
            char p[4];
            morphos_point_text(c, morphos_bit(c, col, r), p);
            assert_int_equal(morphos_parse_point(c, p), morphos_bit(c, col, r));
        }
    assert_int_equal(morphos_parse_point(c, "s19"), morphos_bit(c, 18, 18));
    assert_int_equal(morphos_parse_point(c, "t1"), -1);
    assert_int_equal(morphos_parse_point(c, "a20"), -1);
    assert_int_equal(morphos_parse_point(c, "a05"), -1);
    game_free(g);
}

static void serialised_states_and_corruption(void **unused)
{
    Game *g = morphos_game(5, "duomorph,remorph,deepmorph");
    MorphosState *s = (MorphosState *)state_new(g);
    apply_ok(s, "c3");
    StrBuf a = STRBUF_INIT;
    state_serialize(&s->base, &a);
    assert_non_null(strstr(sb_str(&a), "...../...../..B../...../..... to=B black=0 turn=0 phase=duo:c3 flipped=- hist="));
    char err[ERR_MAX];
    State *t = g->ops->deserialize(g, sb_str(&a), err, sizeof err);
    assert_non_null(t);
    assert_string_equal(moves((MorphosState *)t), "c2 b3 d3 c4");
    state_free(t);
    assert_null(g->ops->deserialize(g, "nonsense", err, sizeof err));
    assert_string_equal(err, "corrupt morphos state: expected 'POSITION to=B|W black=0|1 turn=N phase=... flipped=... hist=...'");
    assert_null(g->ops->deserialize(g, "...../...../..B../...../..... to=B black=0 turn=0 phase=sideways flipped=- hist=1", err, sizeof err));
    assert_string_equal(err, "corrupt morphos state: bad phase, flipped point or history");
    assert_null(g->ops->deserialize(g, "..../..../..../.... to=B black=0 turn=0 phase=main flipped=- hist=1", err, sizeof err));
    assert_string_equal(err, "malformed position: it is 4x4, expected 5x5");
    /* phases play cannot reach, which would leave a live state without actions */
    static const char *const unreachable[][2] = {
        {"BBBBB/WWWWW/BBBBB/WWWWW/BBBBB to=B black=0 turn=9 phase=duo:c3 flipped=- hist=1",
         "corrupt morphos state: the duomorph anchor is not the mover's stone with an empty neighbour"},
        {"...../...../..W../...../..... to=B black=0 turn=0 phase=duo:c3 flipped=- hist=1",
         "corrupt morphos state: the duomorph anchor is not the mover's stone with an empty neighbour"},
        {"BBBBB/WWWWW/BBBBB/WWWWW/BBBBB to=B black=0 turn=9 phase=return flipped=- hist=1",
         "corrupt morphos state: a returned stone but no empty point"},
        {"...../...../..B../...../..... to=B black=0 turn=1 phase=main flipped=c3 hist=1",
         "corrupt morphos state: the flipped point is not a stone of the player who moved last"},
    };
    for (size_t i = 0; i < sizeof unreachable / sizeof *unreachable; i++) {
        assert_null(g->ops->deserialize(g, unreachable[i][0], err, sizeof err));
        assert_string_equal(err, unreachable[i][1]);
    }
    sb_free(&a);
    state_free(&s->base);
    game_free(g);
}

/* The serialisation of s with from replaced by to, deserialised: NULL
 * and err, or the state. */
static State *with(const MorphosState *s, const char *from, const char *to, char *err)
{
    StrBuf sb = STRBUF_INIT;
    char text[4096];
    state_serialize(&s->base, &sb);
    const char *at = strstr(sb_str(&sb), from);
    assert_non_null(at);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - sb_str(&sb)), sb_str(&sb), to, at + strlen(from));
    sb_free(&sb);
    return s->base.game->ops->deserialize(s->base.game, text, err, ERR_MAX);
}

static const char *refused(const MorphosState *s, const char *from, const char *to, char *err)
{
    State *t = with(s, from, to, err);
    if (t) {
        state_free(t);
        return "";
    }
    return err;
}

/* Issue 8, fault 6: numbers read strictly and in range, and only states the
 * rules can reach. */
static void impossible_states_are_refused(void **unused)
{
    Game *g = morphos_game(5, "");
    MorphosState *s = (MorphosState *)state_new(g);
    apply_ok(s, "c3");
    apply_ok(s, "d4");
    char err[ERR_MAX];
    assert_string_equal(refused(s, "turn=2", "turn=2", err), "");
    assert_string_equal(refused(s, "turn=2", "turn=2147483647", err),
                        "corrupt morphos state: turn must be a whole number from 0 to 100 (the move cap), got '2147483647'");
    assert_string_equal(refused(s, "turn=2", "turn=99999999999999999999", err),
                        "corrupt morphos state: turn must be a whole number from 0 to 100 (the move cap), got '99999999999999999999'");
    assert_string_equal(refused(s, "turn=2", "turn=+2", err),
                        "corrupt morphos state: turn must be a whole number from 0 to 100 (the move cap), got '+2'");
    assert_string_equal(refused(s, "turn=2", "turn=100", err), "corrupt morphos state: a live game at the move cap");
    assert_string_equal(refused(s, "turn=2", "turn=3", err),
                        "corrupt morphos state: seat 1 is to move on turn 3 (the seats alternate, seat 1 first)");
    assert_string_equal(refused(s, "black=0", "black=1", err),
                        "corrupt morphos state: seat 2 is to move on turn 2 (the seats alternate, seat 1 first)");
    MorphosState *one = (MorphosState *)state_new(g);
    apply_ok(one, "c3"); /* turn 1, White (seat 2) to move */
    assert_string_equal(refused(one, "to=W black=0", "to=B black=1", err),
                        "corrupt morphos state: seat 2 holds Black before any swap");
    state_free(&one->base);
    assert_string_equal(refused(s, "black=0", "black=-0", err),
                        "corrupt morphos state: expected 'POSITION to=B|W black=0|1 turn=N phase=... flipped=... hist=...'");
    assert_string_equal(refused(s, " turn=", "  turn=", err),
                        "corrupt morphos state: expected 'POSITION to=B|W black=0|1 turn=N phase=... flipped=... hist=...'");
    assert_string_equal(refused(s, "hist=", "hist=-1,", err), "corrupt morphos state: bad phase, flipped point or history");
    assert_string_equal(refused(s, "hist=", "hist=1234567890abcdef0,", err),
                        "corrupt morphos state: bad phase, flipped point or history");
    assert_string_equal(refused(s, "hist=", "hist=,", err),
                        "corrupt morphos state: bad phase, flipped point or history");
    assert_string_equal(refused(s, "phase=main", "phase=over:B:won", err),
                        "corrupt morphos state: how the game ended must be connection, deadlock, resign, cap or time");
    assert_string_equal(refused(s, "phase=main", "phase=over:D:cap", err),
                        "corrupt morphos state: a draw at the move cap before the cap");
    assert_string_equal(refused(s, "phase=main", "phase=over:B:connection", err),
                        "corrupt morphos state: Black wins by a connection it does not have");
    assert_string_equal(refused(s, "phase=main", "phase=return", err),
                        "corrupt morphos state: a returned stone without the remorph mutator");
    assert_string_equal(refused(s, "phase=main", "phase=duo:c3", err),
                        "corrupt morphos state: a duomorph stone without the duomorph mutator");
    /* Found by fuzzing: six fields without hist= read past the text. */
    assert_null(g->ops->deserialize(g, "...../...../..B../...../..... to=B black=0 turn=0 phase=main flipped=-", err,
                                    sizeof err));
    assert_string_equal(err, "corrupt morphos state: expected 'POSITION to=B|W black=0|1 turn=N phase=... flipped=... hist=...'");
    /* Found by fuzzing: a byte that is not a character was quoted raw. */
    assert_string_equal(refused(s, "...../", "\xe9..../", err),
                        "malformed position: row 5 has the byte 0xe9, expected B, W or .");
    char cells[19 * 19];
    int size = 0;
    assert_false(morphos_parse_position("..\xe9/.../...", &size, cells, err, sizeof err));
    assert_string_equal(err, "malformed position: row 3 has the byte 0xe9, expected B, W or .");
    assert_false(morphos_parse_position("..\t/.../...", &size, cells, err, sizeof err));
    assert_string_equal(err, "malformed position: row 3 has the byte 0x09, expected B, W or .");
    assert_false(morphos_parse_position("..x/.../...", &size, cells, err, sizeof err));
    assert_string_equal(err, "malformed position: row 3 has 'x', expected B, W or .");
    /* The position must be the last one of the history. */
    StrBuf sb = STRBUF_INIT;
    state_serialize(&s->base, &sb);
    char last[20];
    snprintf(last, sizeof last, "%s", strrchr(sb_str(&sb), ',') + 1);
    assert_string_equal(refused(s, last, "0123456789abcdef", err),
                        "corrupt morphos state: the history does not end with this position");
    sb_free(&sb);
    state_free(&s->base);
    game_free(g);
}

static void drawing_and_action_texts(void **unused)
{
    Game *g = morphos_game(3, "duomorph");
    MorphosState *s = (MorphosState *)state_new(g);
    apply_ok(s, "b2");
    StrBuf sb = STRBUF_INIT;
    state_render(&s->base, &sb);
    assert_string_equal(sb_str(&sb), "    a b c\n"
                                     "  3 . . . 3\n"
                                     "  2 . B . 2\n"
                                     "  1 . . . 1\n"
                                     "    a b c\n"
                                     "(B black, W white, b/w weak stones that can be flipped, . empty)\n"
                                     "Turn 1: Black (player 1) to move, second stone next to b2\n");
    sb_clear(&sb);
    static const Action acts[] = {ACT_SWAP, ACT_PASS, ACTION_RESIGN, ACT_FLIP + 5};
    static const char *const texts[] = {"swap", "pass", "resign", "xb2"};
    for (int i = 0; i < 4; i++) {
        sb_clear(&sb);
        state_action_text(&s->base, acts[i], &sb);
        assert_string_equal(sb_str(&sb), texts[i]);
    }
    apply_ok(s, "resign");
    sb_clear(&sb);
    state_render(&s->base, &sb);
    assert_non_null(strstr(sb_str(&sb), "Game over: White (player 2) wins by resignation\n"));
    sb_free(&sb);
    state_free(&s->base);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(notation_round_trips_and_errors),
        cmocka_unit_test(serialised_states_and_corruption),
        cmocka_unit_test(drawing_and_action_texts),
        cmocka_unit_test(impossible_states_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
