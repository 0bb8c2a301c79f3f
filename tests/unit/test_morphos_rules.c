/* Hand-written Morphos cases of the base rules: every pattern in every
 * orientation and at the edges, flips, swap, skips, wins, deadlocks with
 * their tie-break, resigning and the cap, repeated positions and the
 * deadlock table. The mutators are in test_morphos_mutators.c, notation
 * and saved states in test_morphos_notation.c. */
#include "morphos_cases.h"
#include "morphos_oracle.h"

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
        cmocka_unit_test(repeated_positions_are_counted),
        cmocka_unit_test(deadlock_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
