/* Puzzle suites (src/front/puzzles.c): a solved position written and read
 * back, the turn a puzzle starts at, and a refusal for every way a line
 * can be wrong. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "../../src/front/beside.c"
#include "../../src/front/puzzles.c"
#include "../../src/ai/solver.h"
#include "morphos_helpers.h"

static const char *line_4x4 =
    "size=4 mutators=- to=W position=..BW/..../W..B/B... win=c3 loss=b1,c1,d1,b2,c2,a3,b3,d3,a4,b4 draw=-";

static void test_read(void **state)
{
    PuzzleSuite suite;
    char err[ERR_MAX], text[512];
    snprintf(text, sizeof text, "# a comment\n\n%s\r\n", line_4x4);
    assert_true(puzzle_suite_read(text, &suite, err, sizeof err));
    assert_int_equal(suite.count, 1);
    assert_int_equal(suite.num_games, 1);
    const Puzzle *p = &suite.items[0];
    assert_int_equal(p->line, 3);
    assert_int_equal(p->to_move, MORPHOS_WHITE);
    assert_int_equal(p->num_actions, 11);
    MorphosState *s = puzzle_state(&suite, p);
    /* White to move at turn 3: past the swap, the seat holding Black moves at even turns. */
    assert_int_equal(s->turn, 3);
    assert_false(morphos_swap_allowed(s));
    Action c3 = morphos_bit(s->cfg, 2, 2), b1 = morphos_bit(s->cfg, 1, 0);
    assert_true(puzzle_wins(p, c3));
    assert_false(puzzle_wins(p, b1));
    /* Written again, the same line. */
    PuzzleValue values[PUZZLE_MAX_ACTIONS];
    for (int k = 0; k < p->num_actions; k++)
        values[k] = (PuzzleValue)p->values[k];
    StrBuf sb = STRBUF_INIT;
    puzzle_format(suite.games[p->game], s, values, &sb);
    assert_string_equal(sb_str(&sb), line_4x4);
    sb_free(&sb);
    state_free(&s->base);
    puzzle_suite_free(&suite);
}

/* A position the solver classifies, written by puzzle_format, reads back
 * with the solver's values; Black to move starts at turn 2, no swap. */
static void test_format_solved(void **state)
{
    Game *g = morphos_game(4, "minimorph");
    Bb stones[2];
    bb_zero(&stones[0]);
    bb_zero(&stones[1]);
    const MorphosConfig *c = g->config;
    bb_set(&stones[MORPHOS_BLACK], morphos_bit(c, 1, 1));
    bb_set(&stones[MORPHOS_WHITE], morphos_bit(c, 2, 2));
    bb_set(&stones[MORPHOS_BLACK], morphos_bit(c, 1, 2));
    bb_set(&stones[MORPHOS_WHITE], morphos_bit(c, 2, 1));
    MorphosState *s = puzzle_position(g, stones, MORPHOS_BLACK);
    assert_int_equal(s->turn, 2);
    Solver *sv = solver_new(c, 16);
    static SolveReport r;
    SolveLimits lim = {.threads = 1};
    solver_solve(sv, s, &lim, NULL, NULL, &r);
    assert_true(r.complete);
    PuzzleValue values[PUZZLE_MAX_ACTIONS];
    bool win = false, loss = false;
    for (int k = 0; k < r.num_moves; k++) {
        values[k] = r.moves[k].value == SOLVE_WIN ? PUZZLE_WIN : r.moves[k].value == SOLVE_LOSS ? PUZZLE_LOSS : PUZZLE_DRAW;
        win |= values[k] == PUZZLE_WIN;
        loss |= values[k] == PUZZLE_LOSS;
    }
    StrBuf sb = STRBUF_INIT;
    puzzle_format(g, s, values, &sb);
    PuzzleSuite suite;
    char err[ERR_MAX];
    if (win && loss) {
        assert_true(puzzle_suite_read(sb_str(&sb), &suite, err, sizeof err));
        for (int k = 0; k < r.num_moves; k++)
            assert_int_equal(suite.items[0].values[k], values[k]);
        puzzle_suite_free(&suite);
    } else {
        assert_false(puzzle_suite_read(sb_str(&sb), &suite, err, sizeof err));
        assert_string_equal(err, "line 1: a puzzle needs a winning and a losing action (win and loss lists)");
    }
    sb_free(&sb);
    solver_free(sv);
    state_free(&s->base);
    game_free(g);
}

static void refused(const char *text, const char *message)
{
    PuzzleSuite suite;
    char err[ERR_MAX];
    if (puzzle_suite_read(text, &suite, err, sizeof err))
        fail_msg("accepted: %s", text);
    assert_string_equal(err, message);
}

static void test_refusals(void **state)
{
    refused("# only a comment\n", "no puzzle in the suite (only comments and blank lines)");
    refused("size=4 mutators=- to=W\n", "line 1: expected 7 fields separated by single spaces, got 3");
    refused("size=4 mutators=- to=W position=..BW/..../W..B/B... win=c3 loss=b1 draw=- extra",
            "line 1: unexpected text after the draw field: ' extra'");
    refused("size=4 mutators=- to=W  position=..BW/..../W..B/B... win=c3 loss=b1 draw=-",
            "line 1: expected 'position=' as field 4, got ' position=..BW/..../W..B/B... win=c3 los...'");
    refused("sz=4 mutators=- to=W position=..BW/..../W..B/B... win=c3 loss=b1 draw=-",
            "line 1: expected 'size=' as field 1, got 'sz=4 mutators=- to=W position=..BW/..../...'");
    refused("size=9 mutators=- to=W position=..BW/..../W..B/B... win=c3 loss=b1 draw=-", "line 1: size must be 3 to 7, got '9'");
    refused("size=4 mutators=frob to=W position=..BW/..../W..B/B... win=c3 loss=b1 draw=-",
            "line 1: unknown mutator 'frob' (expected minimorph, deepmorph, duomorph, remorph or metamorph)");
    refused("size=4 mutators=- to=X position=..BW/..../W..B/B... win=c3 loss=b1 draw=-", "line 1: to must be B or W, got 'X'");
    refused("size=4 mutators=- to=W position=..B/..../W..B/B... win=c3 loss=b1 draw=-",
            "line 1: malformed position: row 2 has 4 points, expected 3");
    refused("size=5 mutators=- to=W position=..BW/..../W..B/B... win=c3 loss=b1 draw=-",
            "line 1: the position is 4x4, but size is 5");
    refused("size=4 mutators=- to=W position=B.../B.../B.../B... win=c3 loss=b1 draw=-",
            "line 1: the game is already over in this position (connection)");
    refused("size=4 mutators=- to=W position=..BW/..../W..B/B... win= loss=b1 draw=-",
            "line 1: field 'win' is empty (write - for an empty list)");
    refused("size=4 mutators=- to=W position=..BW/..../W..B/B... win=c3,z9 loss=b1 draw=-",
            "line 1: win list: illegal move 'z9': z9 is not on the 4x4 board (a1 to d4)");
    refused("size=4 mutators=- to=W position=..BW/..../W..B/B... win=c3,c\xc3\xa9 loss=b1 draw=-",
            "line 1: win list: 'c\xc3\xa9' is not an action (expected a point such as c3, a flip such as xc3, or swap)");
    refused("size=4 mutators=- to=W position=..BW/..../W..B/B... win=c3,,b2 loss=b1 draw=-",
            "line 1: win list: an empty action");
    refused("size=4 mutators=- to=W position=..BW/..../W..B/B... win=c3 loss=resign draw=-",
            "line 1: loss list: 'resign' is not one of the legal actions");
    refused("size=4 mutators=- to=W position=..BW/..../W..B/B... win=c3 loss=b1,c3 draw=-",
            "line 1: action 'c3' is classified twice");
    refused("size=4 mutators=- to=W position=..BW/..../W..B/B... win=c3 loss=b1 draw=-",
            "line 1: legal action 'c1' is not classified");
    refused("size=4 mutators=- to=W position=..BW/..../W..B/B... win=c3,b1,c1,d1,b2,c2,a3,b3,d3,a4,b4 loss=- draw=-",
            "line 1: a puzzle needs a winning and a losing action (win and loss lists)");
    char text[PUZZLE_MAX_LINE + 64];
    memset(text, 'a', sizeof text - 1);
    text[sizeof text - 1] = '\0';
    refused(text, "line 1: longer than 4096 characters");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read),
        cmocka_unit_test(test_format_solved),
        cmocka_unit_test(test_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
