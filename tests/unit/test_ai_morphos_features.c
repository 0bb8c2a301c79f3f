/* The board features of the Morphos AIs (src/ai/morphos_features.c) against
 * plain oracles on random positions of every size: win points against
 * trying every point, connection distances and shortest-connection points
 * against a 0-1 breadth-first search point by point. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(features_match_the_oracles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
