/* The board features of the Morphos AIs (src/ai/morphos_features.c,
 * src/ai/mcts_prior.c) against plain oracles on random positions of every
 * size: win points against trying every point, connection distances and
 * shortest-connection points against a 0-1 breadth-first search point by
 * point, 3x3 pattern codes against reading the points one by one, and
 * canonical codes against mirrored boards. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/ai/mcts_fit.h"
#include "../../src/ai/mcts_prior.h"
#include "../../src/ai/morphos_features.h"
#include "morphos_helpers.h"

/* Fewest empty points (the point itself included) on a path from edge e of
 * colour to every point, through its stones and empty points. */
static void bfs_distances(const MorphosConfig *c, const Bb stones[2], int colour, int e, int dist[])
{
    const Bb *own = &stones[colour], *opp = &stones[colour ^ 1];
    for (int i = 0; i < BB_WORDS * 64; i++)
        dist[i] = MF_FAR;
    for (int r = 0; r < c->n; r++)
        for (int col = 0; col < c->n; col++) {
            int b = morphos_bit(c, col, r);
            if (bb_test(&c->edge[colour][e], b) && !bb_test(opp, b))
                dist[b] = !bb_test(own, b);
        }
    /* Relax until nothing changes (Bellman-Ford; boards are small). */
    static const int dxs[4] = {1, -1, 0, 0}, dys[4] = {0, 0, 1, -1};
    for (bool changed = true; changed;) {
        changed = false;
        for (int r = 0; r < c->n; r++)
            for (int col = 0; col < c->n; col++) {
                int b = morphos_bit(c, col, r);
                if (dist[b] >= MF_FAR)
                    continue;
                for (int k = 0; k < 4; k++) {
                    int x = col + dxs[k], y = r + dys[k];
                    if (x < 0 || x >= c->n || y < 0 || y >= c->n)
                        continue;
                    int nb = morphos_bit(c, x, y);
                    if (bb_test(opp, nb))
                        continue;
                    int d = dist[b] + !bb_test(own, nb);
                    if (d < dist[nb]) {
                        dist[nb] = d;
                        changed = true;
                    }
                }
            }
    }
}

static void check_position(const MorphosState *s)
{
    const MorphosConfig *c = s->cfg;
    for (int colour = 0; colour < 2; colour++) {
        int d0[BB_WORDS * 64], d1[BB_WORDS * 64], best = MF_FAR;
        bfs_distances(c, s->stones, colour, 0, d0);
        bfs_distances(c, s->stones, colour, 1, d1);
        Bb paths, want, win, want_win;
        bb_zero(&want);
        bb_zero(&want_win);
        for (int b = 0; b < BB_WORDS * 64; b++)
            if (bb_test(&c->edge[colour][1], b) && d0[b] < best)
                best = d0[b];
        assert_int_equal(mf_distance(c, s->stones, colour), best);
        mf_shortest_paths(c, s->stones, colour, &paths);
        mf_win_points(s, colour, &win);
        for (int r = 0; r < c->n; r++)
            for (int col = 0; col < c->n; col++) {
                int b = morphos_bit(c, col, r);
                bool empty = !bb_test(&s->stones[0], b) && !bb_test(&s->stones[1], b);
                if (empty && best < MF_FAR && d0[b] + d1[b] - 1 == best)
                    bb_set(&want, b);
                /* A win point: a stone of colour there (on an empty point or
                 * in place of an enemy stone) joins its two edges. */
                if (!bb_test(&s->stones[colour], b)) {
                    Bb more = s->stones[colour];
                    bb_set(&more, b);
                    if (morphos_connected(c, &more, colour))
                        bb_set(&want_win, b);
                }
            }
        assert_true(bb_equal(&paths, &want, c->nw));
        /* mf_win_points may also list stones of colour; compare the rest. */
        for (int j = 0; j < c->nw; j++)
            win.w[j] &= ~s->stones[colour].w[j];
        assert_true(bb_equal(&win, &want_win, c->nw));
    }
}

/* The value of the point (col + dx, row + dy) for the mover: 0 empty, 1
 * own, 2 enemy, 3 off the board. */
static unsigned point_value(const MorphosState *s, int col, int row, int dx, int dy)
{
    const MorphosConfig *c = s->cfg;
    int x = col + dx, y = row + dy;
    if (x < 0 || x >= c->n || y < 0 || y >= c->n)
        return 3;
    int b = morphos_bit(c, x, y);
    return bb_test(&s->stones[s->to_move], b) ? 1 : bb_test(&s->stones[s->to_move ^ 1], b) ? 2 : 0;
}

/* The pattern code read point by point: the row below from left to right,
 * the left and right neighbours, the row above, in the mover's frame (the
 * board transposed for White). */
static unsigned slow_pattern(const MorphosState *s, int bit)
{
    static const int fx[8] = {-1, 0, 1, -1, 1, -1, 0, 1}, fy[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
    const MorphosConfig *c = s->cfg;
    int col = morphos_col(c, bit), row = morphos_row(c, bit);
    bool black = s->to_move == MORPHOS_BLACK;
    unsigned code = 0;
    for (int k = 0; k < 8; k++)
        code = code << 2 | point_value(s, col, row, black ? fx[k] : fy[k], black ? fy[k] : fx[k]);
    return code;
}

static void check_patterns(const Game *g, const MorphosState *s)
{
    const MorphosConfig *c = s->cfg;
    const int n = c->n;
    /* The board mirrored left-right and top-bottom: each colour keeps its
     * edges, so every point keeps its canonical pattern. */
    Bb mirrored[2];
    bb_zero(&mirrored[0]);
    bb_zero(&mirrored[1]);
    for (int colour = 0; colour < 2; colour++)
        for (int r = 0; r < n; r++)
            for (int col = 0; col < n; col++)
                if (bb_test(&s->stones[colour], morphos_bit(c, col, r)))
                    bb_set(&mirrored[colour], morphos_bit(c, n - 1 - col, r));
    MorphosState *m = morphos_state_from_position(g, mirrored, s->to_move);
    for (int r = 0; r < n; r++)
        for (int col = 0; col < n; col++) {
            int b = morphos_bit(c, col, r);
            uint16_t code = mcts_prior_pattern(s, b);
            assert_int_equal(code, slow_pattern(s, b));
            assert_int_equal(mcts_prior_canonical(code),
                             mcts_prior_canonical(mcts_prior_pattern(m, morphos_bit(c, n - 1 - col, r))));
            assert_true(mcts_prior_canonical(code) <= code);
        }
    state_free(&m->base);
}

static void features_match_the_oracles(void **unused)
{
    Rng rng;
    rng_seed(&rng, 77);
    long positions = 0;
    for (int n = 3; n <= 19; n++) {
        Game *g = morphos_game(n, n % 2 ? "" : "minimorph");
        for (int k = 0; k < (n <= 11 ? 6 : 2); k++) {
            State *st = state_new(g);
            while (!state_is_terminal(st)) {
                check_position((const MorphosState *)st);
                if (positions % 7 == 0)
                    check_patterns(g, (const MorphosState *)st);
                positions++;
                Action acts[MAX_ACTIONS];
                int m = state_legal_actions(st, acts);
                state_apply(st, acts[rng_below(&rng, (uint32_t)m)]);
            }
            state_free(st);
        }
        game_free(g);
    }
    assert_true(positions > 3000);
}

/* Minorization-maximization on made-up decisions: a flip against a
 * placement, the flip chosen 4 times in 5, and a pattern that is chosen
 * twice as often as the plain placement beside it. The fitted strengths
 * give back those odds (the virtual win and loss pull them a little towards
 * 1). */
static void fit_recovers_strengths(void **unused)
{
    FitData d = {0};
    int decisions = 2000;
    d.first = malloc((size_t)(decisions + 1) * sizeof *d.first);
    d.chosen = malloc((size_t)decisions * sizeof *d.chosen);
    d.cands = calloc((size_t)decisions * 2, sizeof *d.cands);
    for (int j = 0; j < decisions; j++) {
        PriorFeatures *a = &d.cands[2 * j]; /* b, the second, is all zero */
        d.first[j] = 2 * j;
        if (j % 2 == 0) { /* flip (a) against placement (b) */
            a->f[PF_KIND] = 1;
            d.chosen[j] = 2 * j + (j % 10 == 0 ? 1 : 0);
        } else { /* pattern 5 (a) against pattern 0 (b) */
            a->f[PF_PATTERN] = 5;
            d.chosen[j] = 2 * j + (j % 6 == 1 ? 1 : 0);
        }
    }
    d.ndecisions = decisions;
    d.ncands = 2 * decisions;
    d.first[decisions] = d.ncands;
    FitResult r;
    mcts_fit_solve(&d, 100, 1, &r);
    double flip = r.kind[1] / r.kind[0];
    assert_true(flip > 3.7 && flip < 4.0);
    double five = 0, zero = 0;
    for (int i = 0; i < r.npatterns; i++) {
        if (r.patterns[i].code == mcts_prior_canonical(5))
            five = r.patterns[i].gamma;
        if (r.patterns[i].code == 0)
            zero = r.patterns[i].gamma;
    }
    assert_true(five / zero > 1.9 && five / zero < 2.0);
    assert_true(r.log_likelihood > r.uniform_log_likelihood);
    mcts_fit_result_free(&r);
    mcts_fit_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(features_match_the_oracles),
        cmocka_unit_test(fit_recovers_strengths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
