/* Seeded random Morphos games of every size and mutator set, checking
 * invariants at every decision node against a plain oracle. */
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


static void to_grid(const MorphosState *s, OracleGrid grid)
{
    const MorphosConfig *c = s->cfg;
    for (int r = 0; r < c->n; r++)
        for (int col = 0; col < c->n; col++) {
            int b = morphos_bit(c, col, r);
            grid[r][col] = bb_test(&s->stones[0], b) ? 'B' : bb_test(&s->stones[1], b) ? 'W' : '.';
        }
}

static void check_node(const MorphosState *s)
{
    const MorphosConfig *c = s->cfg;
    const State *st = &s->base;
    OracleGrid grid;
    to_grid(s, grid);
    bool mini = c->mutators & MUT_MINIMORPH;
    Bb weak[2];
    morphos_weak(c, &s->stones[0], &s->stones[1], &weak[0]);
    morphos_weak(c, &s->stones[1], &s->stones[0], &weak[1]);
    for (int r = 0; r < c->n; r++)
        for (int col = 0; col < c->n; col++) {
            int b = morphos_bit(c, col, r);
            bool w = oracle_weak(c->n, grid, col, r, mini);
            assert_int_equal(w, bb_test(&weak[0], b) || bb_test(&weak[1], b));
            if (w)
                assert_int_equal(bb_test(&weak[grid[r][col] == 'W'], b), 1);
            if (grid[r][col] != '.')
                assert_int_equal(w, morphos_weak_at(c, b, &s->stones[grid[r][col] == 'B']));
        }
    for (int colour = 0; colour < 2; colour++)
        assert_int_equal(morphos_connected(c, &s->stones[colour], colour), oracle_connected(c->n, grid, "BW"[colour]));
    /* Without deepmorph the flips are exactly the opponent's weak stones. */
    if (s->phase == PHASE_MAIN && !(c->mutators & MUT_DEEPMORPH))
        assert_true(bb_equal(&s->targets, &weak[s->to_move ^ 1], c->nw));
    if (s->phase == PHASE_MAIN)
        assert_false(bb_intersects(&s->targets, &s->stones[s->to_move], c->nw));

    Action acts[MAX_ACTIONS];
    int n = state_legal_actions(st, acts);
    assert_int_equal(n, morphos_num_actions(s));
    assert_true(n > 0);
    for (int i = 0; i < n; i++) {
        if (i)
            assert_true(acts[i - 1] < acts[i]);
        assert_true(state_is_legal(st, acts[i]));
        StrBuf sb = STRBUF_INIT;
        state_action_text(st, acts[i], &sb);
        Action back;
        char err[ERR_MAX];
        assert_true(st->game->ops->parse_action(st, sb_str(&sb), &back, err, sizeof err));
        assert_int_equal(back, acts[i]);
        sb_free(&sb);
    }
    assert_true(state_is_legal(st, ACTION_RESIGN));
    assert_false(state_is_legal(st, ACT_PASS) && n > 1);

    /* Clone and serialisation round trips. */
    StrBuf a = STRBUF_INIT, b = STRBUF_INIT, d = STRBUF_INIT;
    state_serialize(st, &a);
    State *cl = state_clone(st);
    state_serialize(cl, &b);
    assert_string_equal(sb_str(&a), sb_str(&b));
    char err[ERR_MAX];
    State *re = st->game->ops->deserialize(st->game, sb_str(&a), err, sizeof err);
    if (!re)
        fail_msg("%s", err);
    state_serialize(re, &d);
    assert_string_equal(sb_str(&a), sb_str(&d));
    Action acts2[MAX_ACTIONS];
    assert_int_equal(state_legal_actions(re, acts2), n);
    assert_memory_equal(acts, acts2, (size_t)n * sizeof *acts);
    assert_int_equal(state_player(re), state_player(st));
    assert_int_equal(morphos_repetitions((MorphosState *)re), morphos_repetitions(s));
    state_free(re);
    state_free(cl);
    sb_free(&a);
    sb_free(&b);
    sb_free(&d);
}

static long play_games(int n, const char *mutators, int games, uint64_t seed, long *ends)
{
    Game *g = morphos_game(n, mutators);
    Rng rng;
    rng_seed(&rng, seed);
    long steps = 0;
    for (int k = 0; k < games; k++) {
        State *st = state_new(g);
        MorphosState *s = (MorphosState *)st;
        int cap = s->cfg->move_cap;
        while (!state_is_terminal(st)) {
            check_node(s);
            Action acts[MAX_ACTIONS];
            int m = state_legal_actions(st, acts);
            int before = s->turn;
            state_apply(st, acts[rng_below(&rng, (uint32_t)m)]);
            assert_true(s->turn == before || s->turn == before + 1);
            assert_true(s->turn <= cap);
            steps++;
        }
        GameResult r;
        state_result(st, &r);
        assert_true(r.terminal);
        if (strcmp(r.how, "connection") == 0) {
            ends[0]++;
            assert_true(r.winners == 1 || r.winners == 2);
            assert_true(morphos_connected(s->cfg, &s->stones[s->winner], s->winner));
        } else if (strcmp(r.how, "deadlock") == 0) {
            ends[1]++;
            assert_true(r.winners == 1 || r.winners == 2);
            assert_int_equal(morphos_deadlock_winner(s->cfg, s->stones), s->winner);
            Bb e;
            for (int j = 0; j < BB_WORDS; j++)
                e.w[j] = s->cfg->board.w[j] & ~(s->stones[0].w[j] | s->stones[1].w[j]);
            assert_true(bb_empty(&e, s->cfg->nw));
        } else {
            assert_string_equal(r.how, "cap");
            assert_int_equal(r.winners, 3);
            ends[2]++;
        }
        state_free(st);
    }
    game_free(g);
    return steps;
}

static const char *const mutator_sets[] = {
    "", "minimorph", "deepmorph", "duomorph", "remorph",
    "minimorph,metamorph", "minimorph,deepmorph", "minimorph,duomorph,remorph",
    "deepmorph,remorph", "deepmorph,duomorph", "minimorph,deepmorph,duomorph,remorph",
    "minimorph,metamorph,deepmorph",
};

static void small_boards_every_mutator_set(void **unused)
{
    long ends[3] = {0}, steps = 0;
    for (size_t m = 0; m < sizeof mutator_sets / sizeof *mutator_sets; m++)
        for (int n = 3; n <= 7; n++)
            steps += play_games(n, mutator_sets[m], n <= 4 ? 50 : 25, 1000 + m * 10 + (uint64_t)n, ends);
    /* Every kind of ending shows up. */
    assert_true(ends[0] > 0);
    assert_true(ends[1] > 0);
    assert_true(steps > 10000);
}

static void larger_boards(void **unused)
{
    long ends[3] = {0};
    play_games(9, "", 6, 5, ends);
    play_games(13, "", 2, 6, ends);
    play_games(11, "minimorph,deepmorph,duomorph,remorph", 2, 7, ends);
    play_games(19, "minimorph", 1, 8, ends);
    play_games(10, "minimorph,metamorph", 3, 9, ends);
    assert_int_equal(ends[0] + ends[1] + ends[2], 14);
}

static void short_caps_end_in_draws(void **unused)
{
    Options o;
    char err[ERR_MAX];
    options_init(&o);
    options_set(&o, "size", "6", err, sizeof err);
    options_set(&o, "mutators", "minimorph,metamorph", err, sizeof err);
    options_set(&o, "move-cap", "5", err, sizeof err);
    Game *g = game_new("morphos", &o, err, sizeof err);
    assert_non_null(g);
    Rng rng;
    rng_seed(&rng, 3);
    for (int k = 0; k < 50; k++) {
        MorphosState *s = (MorphosState *)state_new(g);
        int played = morphos_playout(s, &rng, NULL, NULL, 0);
        assert_true(played >= 5);
        assert_true(s->turn <= 5);
        GameResult r;
        state_result(&s->base, &r);
        if (s->turn == 5 && strcmp(r.how, "connection") != 0) {
            assert_string_equal(r.how, "cap");
            assert_int_equal(r.winners, 3);
        }
        state_free(&s->base);
    }
    game_free(g);
}

static void fast_playouts_match_the_interface(void **unused)
{
    /* morphos_playout picks the same actions as legal_actions + apply. */
    Game *g = morphos_game(7, "duomorph,remorph");
    for (uint64_t seed = 0; seed < 30; seed++) {
        Rng r1, r2;
        rng_seed(&r1, seed);
        rng_seed(&r2, seed);
        MorphosState *a = (MorphosState *)state_new(g);
        State *b = state_new(g);
        Action played[4096];
        uint8_t colours[4096];
        int k = morphos_playout(a, &r1, played, colours, 4096);
        assert_true(k <= 4096);
        for (int i = 0; i < k; i++) {
            assert_int_equal(colours[i], ((MorphosState *)b)->to_move);
            Action acts[MAX_ACTIONS];
            int m = state_legal_actions(b, acts);
            Action x = acts[rng_below(&r2, (uint32_t)m)];
            assert_int_equal(x, played[i]);
            state_apply(b, x);
        }
        assert_true(state_is_terminal(b));
        state_free(&a->base);
        state_free(b);
    }
    game_free(g);
}

/* docs/rules-morphos.md states a finding: with these patterns the deepmorph
 * rule "no flip that could be flipped back" never forbids a flip, so the
 * deepmorph targets of a position without history are its weak enemy
 * stones. Checked on random positions of every density, with and without
 * minimorph and remorph (whose returned stone makes flip-backs likelier). */
static void flip_back_never_forbids_a_flip(void **unused)
{
    static const char *const sets[] = {"deepmorph", "deepmorph,remorph", "minimorph,deepmorph", "minimorph,deepmorph,remorph"};
    Rng rng;
    rng_seed(&rng, 2026);
    long weak_seen = 0;
    for (int k = 0; k < 4; k++)
        for (int n = 3; n <= 8; n++) {
            Game *g = morphos_game(n, sets[k]);
            const MorphosConfig *c = g->config;
            for (int trial = 0; trial < 150; trial++) {
                Bb stones[2];
                bb_zero(&stones[0]);
                bb_zero(&stones[1]);
                uint32_t empty_in_8 = rng_below(&rng, 4); /* 0 to 3 eighths of the points empty */
                for (int r = 0; r < n; r++)
                    for (int col = 0; col < n; col++)
                        if (rng_below(&rng, 8) >= empty_in_8)
                            bb_set(&stones[rng_below(&rng, 2)], morphos_bit(c, col, r));
                for (int colour = 0; colour < 2; colour++) {
                    MorphosState *s = morphos_state_from_position(g, stones, colour);
                    Bb weak;
                    morphos_weak(c, &stones[colour ^ 1], &stones[colour], &weak);
                    for (int b = 0; b < BB_WORDS * 64; b++)
                        if (bb_test(&weak, b)) {
                            weak_seen++;
                            assert_false(morphos_flip_back_possible(s, colour, b));
                        }
                    if (s->phase == PHASE_MAIN)
                        assert_true(bb_equal(&s->targets, &weak, c->nw));
                    state_free(&s->base);
                }
            }
            game_free(g);
        }
    assert_true(weak_seen > 1000); /* the positions do exercise the rule */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(small_boards_every_mutator_set),
        cmocka_unit_test(larger_boards),
        cmocka_unit_test(short_caps_end_in_draws),
        cmocka_unit_test(fast_playouts_match_the_interface),
        cmocka_unit_test(flip_back_never_forbids_a_flip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
