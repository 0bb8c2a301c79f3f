/* Hand-written Morphos cases: every pattern in every orientation and at the
 * edges, flips, swap, skips, wins, deadlocks, each mutator, notation and the
 * deadlock table. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "../../src/games/morphos/engine.h"
#include "../../src/games/morphos/morphos.h"
#include "morphos_helpers.h"
#include "morphos_oracle.h"
#include "../../src/games/registry.h"


/* A state from a position text; the game is freed with the state by done(). */
static MorphosState *pos(const char *text, char to_move, const char *mutators)
{
    char cells[19 * 19], err[ERR_MAX];
    int n = 0;
    if (!morphos_parse_position(text, &n, cells, err, sizeof err))
        fail_msg("%s", err);
    Game *g = morphos_game(n, mutators);
    const MorphosConfig *c = g->config;
    Bb stones[2];
    bb_zero(&stones[0]);
    bb_zero(&stones[1]);
    for (int r = 0; r < n; r++)
        for (int col = 0; col < n; col++)
            if (cells[r * 19 + col] != '.')
                bb_set(&stones[cells[r * 19 + col] == 'W'], morphos_bit(c, col, r));
    return morphos_state_from_position(g, stones, to_move == 'W');
}

static void done(MorphosState *s)
{
    const Game *g = s->base.game;
    state_free(&s->base);
    game_free((Game *)g);
}

static int pt(const MorphosState *s, const char *text)
{
    return morphos_parse_point(s->cfg, text);
}

/* The weak stones of a colour as "a1 b2 ..." in board order. */
static const char *weak_list(const MorphosState *s, int colour)
{
    static char buf[512];
    Bb w;
    morphos_weak(s->cfg, &s->stones[colour], &s->stones[colour ^ 1], &w);
    buf[0] = '\0';
    for (int b = 0; b < BB_WORDS * 64; b++)
        if (bb_test(&w, b)) {
            char p[4];
            morphos_point_text(s->cfg, b, p);
            if (buf[0])
                strcat(buf, " ");
            strcat(buf, p);
        }
    return buf;
}

static void apply_ok(MorphosState *s, const char *text)
{
    char err[ERR_MAX];
    if (!state_apply_text(&s->base, text, err, sizeof err))
        fail_msg("%s: %s", text, err);
}

static void apply_fails(MorphosState *s, const char *text, const char *message)
{
    char err[ERR_MAX];
    assert_false(state_apply_text(&s->base, text, err, sizeof err));
    assert_string_equal(err, message);
}

static const char *moves(MorphosState *s)
{
    static char buf[4096];
    Action acts[MAX_ACTIONS];
    int n = state_legal_actions(&s->base, acts);
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        StrBuf sb = STRBUF_INIT;
        state_action_text(&s->base, acts[i], &sb);
        if (i)
            strcat(buf, " ");
        strcat(buf, sb_str(&sb));
        sb_free(&sb);
    }
    return buf;
}

static const char *how(MorphosState *s, unsigned *winners)
{
    static GameResult r;
    state_result(&s->base, &r);
    *winners = r.winners;
    return r.terminal ? r.how : "";
}

/* Draws pattern points (dx, dy) around (cx, cy) in orientation t of the 8. */
static void orient(int t, int dx, int dy, int *ox, int *oy)
{
    int x = dx, y = dy;
    if (t & 4)
        x = -x;
    for (int k = 0; k < (t & 3); k++) {
        int tmp = x;
        x = -y;
        y = tmp;
    }
    *ox = x;
    *oy = y;
}

static void pattern_case(int n, int cx, int cy, const int (*pts)[2], int len, const char *mutators)
{
    for (int t = 0; t < 8; t++) {
        char grid[19][20];
        for (int r = 0; r < n; r++) {
            memset(grid[r], '.', (size_t)n);
            grid[r][n] = '\0';
        }
        grid[n - 1 - cy][cx] = 'B';
        for (int i = 0; i < len; i++) {
            int ox, oy;
            orient(t, pts[i][0], pts[i][1], &ox, &oy);
            grid[n - 1 - (cy + oy)][cx + ox] = 'W';
        }
        char text[512] = "";
        for (int r = 0; r < n; r++) {
            strcat(text, grid[r]);
            if (r < n - 1)
                strcat(text, "/");
        }
        MorphosState *s = pos(text, 'W', mutators);
        char centre[4];
        morphos_point_text(s->cfg, morphos_bit(s->cfg, cx, cy), centre);
        assert_string_equal(weak_list(s, MORPHOS_BLACK), centre);
        assert_string_equal(weak_list(s, MORPHOS_WHITE), "");
        char flip[8];
        snprintf(flip, sizeof flip, "x%s", centre);
        assert_non_null(strstr(moves(s), flip));
        done(s);
        /* Any one point missing: not weak. */
        for (int i = 0; i < len; i++) {
            int ox, oy;
            orient(t, pts[i][0], pts[i][1], &ox, &oy);
            char save = grid[n - 1 - (cy + oy)][cx + ox];
            grid[n - 1 - (cy + oy)][cx + ox] = '.';
            text[0] = '\0';
            for (int r = 0; r < n; r++) {
                strcat(text, grid[r]);
                if (r < n - 1)
                    strcat(text, "/");
            }
            s = pos(text, 'W', mutators);
            assert_string_equal(weak_list(s, MORPHOS_BLACK), "");
            done(s);
            grid[n - 1 - (cy + oy)][cx + ox] = save;
        }
    }
}

static const int p1[4][2] = {{0, 1}, {-1, 1}, {-1, 0}, {0, -1}};
static const int p2[5][2] = {{-1, 2}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}};

static void pattern_1_in_all_orientations(void **unused)
{
    pattern_case(5, 2, 2, p1, 4, "");
    pattern_case(3, 1, 1, p1, 4, ""); /* filling the whole 3x3 board */
}

static void pattern_2_in_all_orientations(void **unused)
{
    pattern_case(5, 2, 2, p2, 5, "");
}

static void minimorph_patterns_lose_their_top_left_point(void **unused)
{
    static const int m1[3][2] = {{0, 1}, {-1, 0}, {0, -1}};
    static const int m2[4][2] = {{-1, 1}, {-1, 0}, {0, -1}, {1, -1}};
    pattern_case(5, 2, 2, m1, 3, "minimorph");
    pattern_case(5, 2, 2, m2, 4, "minimorph");
    /* The full patterns of the standard game do not need a3 / a4 there. */
    MorphosState *s = pos("W../BW./W..", 'W', "minimorph");
    assert_string_equal(weak_list(s, MORPHOS_BLACK), "a2");
    done(s);
    s = pos("W../BW./W..", 'W', "");
    assert_string_equal(weak_list(s, MORPHOS_BLACK), "");
    done(s);
}

static void pattern_3_any_cell_of_the_area(void **unused)
{
    /* Area c3 d3 c4 d4 on 6x6 ringed by White; the other cells hold anything. */
    MorphosState *s = pos("....../..WW../.WBW.W/.WWBW./..WW../......", 'B', "");
    assert_string_equal(weak_list(s, MORPHOS_BLACK), "d3 c4");
    assert_string_equal(weak_list(s, MORPHOS_WHITE), "");
    done(s);
    s = pos("....../..WW../.W..W./.WB.W./..WW../......", 'W', "");
    assert_string_equal(weak_list(s, MORPHOS_BLACK), "c3");
    assert_string_equal(moves(s), "a1 b1 c1 d1 e1 f1 a2 b2 e2 f2 a3 d3 f3 a4 c4 d4 f4 a5 b5 e5 f5 a6 b6 c6 d6 e6 f6 xc3");
    done(s);
    /* One ring point missing (f3 is not part of the ring; d2 is). */
    s = pos("....../..WW../.W..W./.WB.W./...W../......", 'W', "");
    assert_string_equal(weak_list(s, MORPHOS_BLACK), "");
    done(s);
    /* Each of the four cells, in every reflection, agrees with the oracle. */
    for (int cell = 0; cell < 4; cell++) {
        char text[] = "....../..WW../.W..W./.W..W./..WW../......";
        int col = 2 + (cell & 1), row = 2 + (cell >> 1);
        text[(5 - row) * 7 + col] = 'B';
        s = pos(text, 'W', "");
        char p[4];
        morphos_point_text(s->cfg, morphos_bit(s->cfg, col, row), p);
        assert_string_equal(weak_list(s, MORPHOS_BLACK), p);
        done(s);
    }
}

static void edges_never_act_as_stones(void **unused)
{
    /* A corner stone has two neighbours on the board: never weak. */
    MorphosState *s = pos("WWW/WWW/BWW", 'W', "");
    assert_string_equal(weak_list(s, MORPHOS_BLACK), "");
    done(s);
    /* Pattern 3 against the edge: the area a1 b1 a2 b2 has only four ring points. */
    s = pos("..../WW../..W./B.W.", 'W', "");
    assert_string_equal(weak_list(s, MORPHOS_BLACK), "");
    done(s);
    /* Every pattern position on a 4x4 board agrees with the oracle. */
    for (int t = 0; t < 8; t++)
        for (int cx = 0; cx < 4; cx++)
            for (int cy = 0; cy < 4; cy++) {
                char grid[4][5] = {"....", "....", "....", "...."};
                grid[3 - cy][cx] = 'B';
                bool fits = true;
                for (int i = 0; i < 5; i++) {
                    int ox, oy;
                    orient(t, p2[i][0], p2[i][1], &ox, &oy);
                    int x = cx + ox, y = cy + oy;
                    if (x < 0 || y < 0 || x > 3 || y > 3)
                        fits = false;
                    else
                        grid[3 - y][x] = 'W';
                }
                char text[32];
                snprintf(text, sizeof text, "%s/%s/%s/%s", grid[0], grid[1], grid[2], grid[3]);
                s = pos(text, 'W', "");
                char p[4];
                morphos_point_text(s->cfg, morphos_bit(s->cfg, cx, cy), p);
                if (fits)
                    assert_string_equal(weak_list(s, MORPHOS_BLACK), p);
                else
                    assert_null(strstr(weak_list(s, MORPHOS_BLACK), p));
                done(s);
            }
}

static void flipping_a_weak_stone(void **unused)
{
    MorphosState *s = pos("WW./WB./.W.", 'W', "");
    assert_string_equal(moves(s), "a1 c1 c2 c3 xb2");
    apply_fails(s, "xa3", "illegal move 'xa3': a3 is your own stone: you can flip only your opponent's stones");
    apply_fails(s, "xc3", "illegal move 'xc3': there is no stone on c3 to flip");
    apply_fails(s, "b2", "illegal move 'b2': b2 is taken (the black stone there is weak: flip it with xb2)");
    apply_ok(s, "xb2");
    StrBuf sb = STRBUF_INIT;
    morphos_position_text(s->cfg, s->stones, &sb);
    assert_string_equal(sb_str(&sb), "WW./WW./.W.");
    sb_free(&sb);
    assert_int_equal(s->to_move, MORPHOS_BLACK);
    done(s);
}

static void swap_on_whites_first_turn_only(void **unused)
{
    Game *g = morphos_game(5, "");
    MorphosState *s = (MorphosState *)state_new(g);
    assert_int_equal(state_player(&s->base), 0);
    apply_fails(s, "swap", "illegal move 'swap': swap is allowed only on White's first turn, instead of a move");
    apply_ok(s, "c3");
    assert_int_equal(state_player(&s->base), 1);
    assert_non_null(strstr(moves(s), "swap"));
    apply_ok(s, "swap");
    /* Seat 0 now plays White and moves; the black stone stays. */
    assert_int_equal(s->black_seat, 1);
    assert_int_equal(s->to_move, MORPHOS_WHITE);
    assert_int_equal(state_player(&s->base), 0);
    assert_true(bb_test(&s->stones[MORPHOS_BLACK], pt(s, "c3")));
    assert_null(strstr(moves(s), "swap"));
    apply_ok(s, "a1");
    assert_int_equal(state_player(&s->base), 1);
    /* Seat 1 (Black now) connects: the result names seat 1. */
    apply_ok(s, "c1");
    apply_ok(s, "a2");
    apply_ok(s, "c2");
    apply_ok(s, "a3");
    apply_ok(s, "c4");
    apply_ok(s, "a4");
    apply_ok(s, "c5");
    unsigned w;
    assert_string_equal(how(s, &w), "connection");
    assert_int_equal(w, 2u);
    state_free(&s->base);
    game_free(g);
}

static void a_player_without_moves_passes(void **unused)
{
    MorphosState *s = pos("WWB/BBW/WBB", 'W', "");
    assert_string_equal(moves(s), "pass");
    apply_fails(s, "a1", "illegal move 'a1': a1 is taken");
    apply_ok(s, "pass");
    assert_int_equal(s->to_move, MORPHOS_BLACK);
    assert_string_equal(moves(s), "xc2");
    apply_fails(s, "pass", "illegal move 'pass': you may pass only when you have no legal move");
    done(s);
}

static void black_and_white_connections(void **unused)
{
    unsigned w;
    MorphosState *s = pos("B../B../...", 'B', "");
    apply_ok(s, "a1");
    assert_string_equal(how(s, &w), "connection");
    assert_int_equal(w, 1u);
    assert_int_equal(state_player(&s->base), PLAYER_TERMINAL);
    done(s);
    s = pos(".../WW./...", 'W', "");
    apply_ok(s, "c2");
    assert_string_equal(how(s, &w), "connection");
    assert_int_equal(w, 2u);
    done(s);
    /* A flip can complete a chain too. */
    s = pos("BBB/BWW/.BB", 'B', "");
    apply_ok(s, "xb2");
    assert_string_equal(how(s, &w), "connection");
    assert_int_equal(w, 1u);
    done(s);
    /* Touching one edge only is no win; a chain along the edge is. */
    s = pos("...../...../...../...../BBBB.", 'B', "");
    assert_int_equal(state_player(&s->base), 0);
    done(s);
    s = pos("W..../W..../W..../W..../W....", 'B', "");
    assert_string_equal(how(s, &w), "");
    done(s);
    s = pos("W..../W..../W..../W..../.....", 'W', "");
    apply_ok(s, "a1");
    assert_string_equal(how(s, &w), "");
    done(s);
}

static void deadlock_tie_break_both_ways(void **unused)
{
    unsigned w;
    /* Checkered: no vertical pair of like stones, White wins. */
    MorphosState *s = pos("BWBW/WBWB/BWBW/WBWB", 'B', "");
    assert_string_equal(how(s, &w), "deadlock");
    assert_int_equal(w, 2u);
    done(s);
    /* b2-b3 are both white: Black wins. */
    s = pos("BWB/WWB/BBW", 'W', "");
    assert_string_equal(how(s, &w), "deadlock");
    assert_int_equal(w, 1u);
    done(s);
    /* Horizontal pairs only (b3-c3, b2-c2, b1-c1): White wins. */
    s = pos("WBB/BWW/WBB", 'B', "");
    assert_string_equal(how(s, &w), "deadlock");
    assert_int_equal(w, 2u);
    done(s);
}

static void resign_and_cap(void **unused)
{
    unsigned w;
    Game *g = morphos_game(5, "duomorph");
    MorphosState *s = (MorphosState *)state_new(g);
    apply_ok(s, "c3");
    assert_int_equal(s->phase, PHASE_DUO);
    apply_ok(s, "resign");
    assert_string_equal(how(s, &w), "resign");
    assert_int_equal(w, 2u);
    state_free(&s->base);
    game_free(g);

    Options o;
    char err[ERR_MAX];
    options_init(&o);
    options_set(&o, "size", "5", err, sizeof err);
    options_set(&o, "move-cap", "3", err, sizeof err);
    g = game_new("morphos", &o, err, sizeof err);
    s = (MorphosState *)state_new(g);
    apply_ok(s, "a1");
    apply_ok(s, "b1");
    apply_ok(s, "c1");
    assert_string_equal(how(s, &w), "cap");
    assert_int_equal(w, 3u);
    state_free(&s->base);
    game_free(g);
    assert_int_equal(((MorphosConfig *)(g = morphos_game(9, ""))->config)->move_cap, 324);
    game_free(g);
}

static void duomorph_second_stone(void **unused)
{
    Game *g = morphos_game(5, "duomorph");
    MorphosState *s = (MorphosState *)state_new(g);
    apply_ok(s, "c3");
    assert_string_equal(moves(s), "c2 b3 d3 c4");
    assert_int_equal(state_player(&s->base), 0);
    apply_fails(s, "e5", "illegal move 'e5': the second stone must go on an empty point next to c3 (duomorph): c2, b3, d3 or c4");
    apply_ok(s, "c4");
    assert_int_equal(state_player(&s->base), 1);
    /* One move of two parts, all or nothing. */
    apply_fails(s, "a1,c5", "illegal move 'c5': the second stone must go on an empty point next to a1 (duomorph): b1 or a2");
    assert_int_equal(bb_count(&s->stones[1], s->cfg->nw), 0);
    apply_ok(s, "a1,a2");
    assert_int_equal(bb_count(&s->stones[1], s->cfg->nw), 2);
    state_free(&s->base);
    game_free(g);
    /* No empty neighbour: the turn ends with one stone. */
    s = pos("W.W/BWB/.B.", 'B', "duomorph");
    apply_ok(s, "b3");
    assert_int_equal(s->to_move, MORPHOS_WHITE);
    done(s);
    /* A flip brings no second stone. */
    s = pos("WW./WB./.W.", 'W', "duomorph");
    apply_ok(s, "xb2");
    assert_int_equal(s->to_move, MORPHOS_BLACK);
    done(s);
}

static void remorph_returned_stone(void **unused)
{
    MorphosState *s = pos("WW./WB./.W.", 'W', "remorph");
    apply_ok(s, "xb2");
    assert_int_equal(s->phase, PHASE_RETURN);
    assert_int_equal(s->to_move, MORPHOS_BLACK);
    assert_string_equal(moves(s), "a1 c1 c2 c3");
    apply_fails(s, "xa3", "illegal move 'xa3': first put the returned stone on an empty point (remorph); your regular move follows it");
    apply_ok(s, "c3,c2");
    assert_int_equal(s->to_move, MORPHOS_WHITE);
    assert_int_equal(bb_count(&s->stones[0], s->cfg->nw), 2);
    done(s);
    /* The returned stone can win at once. */
    unsigned w;
    s = pos("B..../BWW../.WB../B.W../B....", 'W', "remorph");
    apply_ok(s, "xc3");
    assert_int_equal(s->phase, PHASE_RETURN);
    apply_ok(s, "a3");
    assert_string_equal(how(s, &w), "connection");
    assert_int_equal(w, 1u);
    done(s);
    /* No empty point after the flip: no returned stone. */
    s = pos("BBWB/WWBW/WBWB/BWBW", 'W', "remorph");
    apply_ok(s, "xb2");
    assert_int_equal(s->phase, PHASE_MAIN);
    assert_int_equal(s->to_move, MORPHOS_BLACK);
    done(s);
}

static void remorph_with_duomorph(void **unused)
{
    /* The returned stone brings no second stone; the regular placement does. */
    MorphosState *s = pos("...../...../.WW../.WB../..W..", 'W', "remorph,duomorph");
    apply_ok(s, "xc2");
    assert_int_equal(s->phase, PHASE_RETURN);
    apply_ok(s, "e5");
    assert_int_equal(s->phase, PHASE_MAIN);
    apply_ok(s, "a5");
    assert_int_equal(s->phase, PHASE_DUO);
    apply_ok(s, "a4");
    assert_int_equal(s->to_move, MORPHOS_WHITE);
    done(s);
}

static void deepmorph_rules(void **unused)
{
    unsigned w;
    /* The win is checked at the start of the winner's next turn. */
    MorphosState *s = pos("B../B../...", 'B', "deepmorph");
    apply_ok(s, "a1");
    assert_string_equal(how(s, &w), "");
    assert_int_equal(s->to_move, MORPHOS_WHITE);
    apply_ok(s, "c1");
    assert_string_equal(how(s, &w), "connection");
    assert_int_equal(w, 1u);
    done(s);
    /* The flipped stone counts as Black's, so Black cannot flip it back. */
    s = pos("WW./WB./.W.", 'W', "deepmorph");
    apply_ok(s, "xb2");
    assert_true(bb_test(&s->flipped_last, pt(s, "b2")));
    apply_fails(s, "xb2", "illegal move 'xb2': b2 was flipped on the opponent's latest turn and still counts as yours (deepmorph)");
    done(s);
    /* The flip-back test itself: c3 (White) is surrounded by White's
     * pattern 1, so after Black flipped it White could flip it back. */
    s = pos("...../.WW../.WW../..W../.....", 'B', "deepmorph");
    assert_true(morphos_flip_back_possible(s, MORPHOS_BLACK, pt(s, "c3")));
    assert_false(morphos_flip_back_possible(s, MORPHOS_BLACK, pt(s, "b3")));
    done(s);
    /* With remorph one missing point on an empty point is enough. */
    s = pos("...../.W.../.WW../..W../.....", 'B', "deepmorph,remorph");
    assert_true(morphos_flip_back_possible(s, MORPHOS_BLACK, pt(s, "c3")));
    done(s);
    s = pos("...../.W.../.WW../..W../.....", 'B', "deepmorph");
    assert_false(morphos_flip_back_possible(s, MORPHOS_BLACK, pt(s, "c3")));
    done(s);
}

static void deepmorph_flipped_stone_supports_its_old_owner(void **unused)
{
    /* White flips c2 (c3 d3 d2 c1 around it); c2 still counts as Black's,
     * which completes pattern 1 around c3 (c4 b4 b3 and c2). */
    MorphosState *s = pos("...../.BB../.BWW./..BW./..W..", 'W', "deepmorph");
    assert_string_equal(weak_list(s, MORPHOS_BLACK), "c2");
    apply_ok(s, "xc2");
    assert_true(bb_test(&s->targets, pt(s, "c3")));
    assert_string_equal(weak_list(s, MORPHOS_WHITE), "");
    assert_non_null(strstr(moves(s), "xc3"));
    done(s);
    /* Without deepmorph c3 is not weak. */
    s = pos("...../.BB../.BWW./..BW./..W..", 'W', "");
    apply_ok(s, "xc2");
    assert_false(bb_test(&s->targets, pt(s, "c3")));
    done(s);
}

static void metamorph_start_and_refused_combinations(void **unused)
{
    Game *g = morphos_game(4, "minimorph,metamorph");
    MorphosState *s = (MorphosState *)state_new(g);
    StrBuf sb = STRBUF_INIT;
    morphos_position_text(s->cfg, s->stones, &sb);
    assert_string_equal(sb_str(&sb), "WBWB/BWBW/WBWB/BWBW");
    sb_free(&sb);
        /* Minimorph: every white stone with three neighbours on the board. */
    assert_string_equal(moves(s), "xb1 xa2 xc2 xb3 xd3 xc4");
    state_free(&s->base);
    game_free(g);
    static const struct {
        const char *mutators, *message;
    } refused[] = {
        {"metamorph", "mutator metamorph needs minimorph: the full checkered board has no weak stone, so the game would start in a deadlock"},
        {"minimorph,metamorph,duomorph", "mutator duomorph cannot be combined with metamorph: the board starts full and flips keep it full, so no stone is ever placed and duomorph would never apply"},
        {"metamorph,remorph,minimorph", "mutator remorph cannot be combined with metamorph: the board starts full and flips keep it full, so no stone is ever placed and remorph would never apply"},
        {"minimorph,hypermorph", "unknown mutator 'hypermorph' (expected minimorph, deepmorph, duomorph, remorph or metamorph)"},
        {"minimorph,", "empty name in the mutator list 'minimorph,' (expected names separated by single commas)"},
        {",minimorph", "empty name in the mutator list ',minimorph' (expected names separated by single commas)"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        Options o;
        char err[ERR_MAX];
        options_init(&o);
        options_set(&o, "mutators", refused[i].mutators, err, sizeof err);
        assert_null(game_new("morphos", &o, err, sizeof err));
        assert_string_equal(err, refused[i].message);
    }
    Options o;
    char err[ERR_MAX];
    options_init(&o);
    options_set(&o, "size", "2", err, sizeof err);
    assert_null(game_new("morphos", &o, err, sizeof err));
    assert_string_equal(err, "option 'size' must be 3 to 19, got 2");
    /* numbers beyond int are refused, not wrapped into range (4294967299 = 2^32 + 3) */
    options_set(&o, "size", "4294967299", err, sizeof err);
    assert_null(game_new("morphos", &o, err, sizeof err));
    assert_string_equal(err, "option 'size' must be 3 to 19, got 4294967299");
    options_set(&o, "size", "5", err, sizeof err);
    options_set(&o, "move-cap", "4294967297", err, sizeof err);
    assert_null(game_new("morphos", &o, err, sizeof err));
    assert_string_equal(err, "option 'move-cap' must be 0 (automatic) to 100000000, got 4294967297");
    options_set(&o, "move-cap", "-1", err, sizeof err);
    assert_null(game_new("morphos", &o, err, sizeof err));
    assert_string_equal(err, "option 'move-cap' must be 0 (automatic) to 100000000, got -1");
}

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

static void repeated_positions_are_counted(void **unused)
{
    /* Minimorph + metamorph on 4x4: random flips soon revisit positions;
     * compare with a count over the serialised positions. */
    Game *g = morphos_game(4, "minimorph,metamorph");
    Rng rng;
    rng_seed(&rng, 5);
    int max_seen = 0;
    for (int k = 0; k < 20; k++) {
        MorphosState *s = (MorphosState *)state_new(g);
        char seen[200][40];
        int count = 0;
        while (!state_is_terminal(&s->base) && count < 200) {
            StrBuf sb = STRBUF_INIT;
            morphos_position_text(s->cfg, s->stones, &sb);
            snprintf(seen[count], sizeof seen[count], "%s %d", sb_str(&sb), s->to_move);
            sb_free(&sb);
            int same = 0;
            for (int i = 0; i <= count; i++)
                same += strcmp(seen[i], seen[count]) == 0;
            count++;
            assert_int_equal(morphos_repetitions(s), same);
            if (same > max_seen)
                max_seen = same;
            Action acts[MAX_ACTIONS];
            int m = state_legal_actions(&s->base, acts);
            state_apply(&s->base, acts[rng_below(&rng, (uint32_t)m)]);
        }
        state_free(&s->base);
    }
    assert_true(max_seen >= 2);
    game_free(g);
}

static void deadlock_counts(void **unused)
{
    static const long no_moves[] = {0, 0, 16, 254, 6442}, no_winner[] = {0, 0, 2, 26, 146};
    for (int n = 2; n <= 4; n++) {
        MorphosConfig c;
        char err[ERR_MAX];
        assert_true(morphos_config_init(&c, n, "", 1, err, sizeof err));
        MorphosDeadlocks d;
        morphos_count_deadlocks(&c, &d);
        assert_int_equal(d.no_moves, no_moves[n]);
        assert_int_equal(d.no_moves_no_winner, no_winner[n]);
        /* Brute force over every full board with the oracle. */
        long a = 0, b = 0;
        for (long mask = 0; mask < 1L << (n * n); mask++) {
            OracleGrid grid;
            for (int i = 0; i < n * n; i++)
                grid[i / n][i % n] = (mask >> i & 1) ? 'W' : 'B';
            bool any = false;
            for (int i = 0; i < n * n && !any; i++)
                any = oracle_weak(n, grid, i % n, i / n, false);
            if (any)
                continue;
            a++;
            b += !oracle_connected(n, grid, 'B') && !oracle_connected(n, grid, 'W');
        }
        assert_int_equal(a, no_moves[n]);
        assert_int_equal(b, no_winner[n]);
    }
    /* Minimorph: full boards without moves exist (one colour everywhere,
     * say) but every one of them has a connection from size 3 on. */
    static const long mini_no_moves[] = {0, 0, 16, 212, 4908}, mini_no_winner[] = {0, 0, 2, 0, 0};
    for (int n = 2; n <= 4; n++) {
        MorphosConfig c;
        char err[ERR_MAX];
        assert_true(morphos_config_init(&c, n, "minimorph", 1, err, sizeof err));
        MorphosDeadlocks d;
        morphos_count_deadlocks(&c, &d);
        assert_int_equal(d.no_moves, mini_no_moves[n]);
        assert_int_equal(d.no_moves_no_winner, mini_no_winner[n]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pattern_1_in_all_orientations),
        cmocka_unit_test(pattern_2_in_all_orientations),
        cmocka_unit_test(minimorph_patterns_lose_their_top_left_point),
        cmocka_unit_test(pattern_3_any_cell_of_the_area),
        cmocka_unit_test(edges_never_act_as_stones),
        cmocka_unit_test(flipping_a_weak_stone),
        cmocka_unit_test(swap_on_whites_first_turn_only),
        cmocka_unit_test(a_player_without_moves_passes),
        cmocka_unit_test(black_and_white_connections),
        cmocka_unit_test(deadlock_tie_break_both_ways),
        cmocka_unit_test(resign_and_cap),
        cmocka_unit_test(duomorph_second_stone),
        cmocka_unit_test(remorph_returned_stone),
        cmocka_unit_test(remorph_with_duomorph),
        cmocka_unit_test(deepmorph_rules),
        cmocka_unit_test(deepmorph_flipped_stone_supports_its_old_owner),
        cmocka_unit_test(metamorph_start_and_refused_combinations),
        cmocka_unit_test(notation_round_trips_and_errors),
        cmocka_unit_test(serialised_states_and_corruption),
        cmocka_unit_test(drawing_and_action_texts),
        cmocka_unit_test(impossible_states_are_refused),
        cmocka_unit_test(repeated_positions_are_counted),
        cmocka_unit_test(deadlock_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
