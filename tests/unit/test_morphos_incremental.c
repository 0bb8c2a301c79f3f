/* Differential test of the incremental upkeep of Morphos (incremental.c):
 * seeded random games of every size (3 to 19) and every accepted mutator
 * set, from the initial position and from random boards, checking after
 * every action that what the state keeps (weak stones, the edges' reach,
 * flip targets) equals a recomputation from scratch, that the legal actions
 * and the result equal those of the state read back from its serialised
 * text (which recomputes everything), and that the text reads back
 * unchanged. A checksum of the serialised texts along fixed games shows
 * that they are those of the engine before the incremental upkeep.
 *
 * MORPH_DIFF_POSITIONS sets the number of positions (default 20,000, in
 * `make test`); `make diff-morphos` runs 100,000. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/number.h"
#include "../../src/games/morphos/engine.h"
#include "../../src/games/morphos/morphos.h"
#include "morphos_golden.h"
#include "morphos_helpers.h"

/* Every mutator set the game accepts: the 16 without metamorph, and
 * metamorph with minimorph, with or without deepmorph. */
static int mutator_sets(char sets[][64])
{
    static const char *const names[] = {"minimorph", "deepmorph", "duomorph", "remorph", "metamorph"};
    int n = 0;
    for (unsigned m = 0; m < 32; m++) {
        if ((m & MUT_METAMORPH) && (!(m & MUT_MINIMORPH) || (m & (MUT_DUOMORPH | MUT_REMORPH))))
            continue;
        sets[n][0] = '\0';
        for (int i = 0; i < 5; i++)
            if (m & (1u << i)) {
                if (sets[n][0])
                    strcat(sets[n], ",");
                strcat(sets[n], names[i]);
            }
        n++;
    }
    return n;
}

/* The flips of the player to move, from scratch: the whole-board bitboard
 * test with deepmorph's friendly stone, then the flip-back rule. */
static void targets_from_scratch(const MorphosState *s, Bb *out)
{
    const MorphosConfig *c = s->cfg;
    bb_zero(out);
    if (s->phase != PHASE_MAIN)
        return;
    int me = s->to_move;
    Bb pat = s->stones[me], own = s->stones[me ^ 1];
    bool deep = c->mutators & MUT_DEEPMORPH;
    if (deep)
        for (int j = 0; j < BB_WORDS; j++) {
            pat.w[j] |= s->flipped_last.w[j];
            own.w[j] &= ~s->flipped_last.w[j];
        }
    morphos_weak(c, &own, &pat, out);
    if (deep)
        for (int b = 0; b < BB_WORDS * 64; b++)
            if (bb_test(out, b) && morphos_flip_back_possible(s, me, b))
                bb_clear(out, b);
}

static void check_position(const MorphosState *s)
{
    const MorphosConfig *c = s->cfg;
    const int nw = c->nw;
    MorphosState full;
    morphos_scratch_copy(&full, s);
    morphos_derive(&full);
    for (int colour = 0; colour < 2; colour++) {
        assert_true(bb_equal(&s->weak[colour], &full.weak[colour], nw));
        for (int e = 0; e < 2; e++)
            assert_true(bb_equal(&s->reach[colour][e], &full.reach[colour][e], nw));
        assert_int_equal(morphos_state_connected(s, colour), morphos_connected(c, &s->stones[colour], colour));
        for (int b = 0; b < BB_WORDS * 64; b++)
            if (bb_test(&c->board, b))
                assert_int_equal(s->nbhd[colour][MORPHOS_NB_MARGIN + b], full.nbhd[colour][MORPHOS_NB_MARGIN + b]);
    }
    Bb targets;
    targets_from_scratch(s, &targets);
    assert_true(bb_equal(&s->targets, &targets, nw));
    MorphosState rehashed;
    morphos_scratch_copy(&rehashed, s);
    morphos_recompute_hash(&rehashed);
    assert_true(rehashed.hash == s->hash);
    /* A finished game by connection: the winner's chain is there. */
    if (s->phase == PHASE_OVER && strcmp(s->how, "connection") == 0)
        assert_true(morphos_connected(c, &s->stones[s->winner], s->winner));

    /* The same position read back from its text, where everything is
     * computed afresh: the same text, actions and result. */
    const State *st = &s->base;
    StrBuf text = STRBUF_INIT, again = STRBUF_INIT;
    state_serialize(st, &text);
    char err[ERR_MAX];
    State *re = st->game->ops->deserialize(st->game, sb_str(&text), err, sizeof err);
    if (!re)
        fail_msg("%s: %s", err, sb_str(&text));
    state_serialize(re, &again);
    assert_string_equal(sb_str(&text), sb_str(&again));
    Action a1[MAX_ACTIONS], a2[MAX_ACTIONS];
    int n1 = state_legal_actions(st, a1), n2 = state_legal_actions(re, a2);
    assert_int_equal(n1, n2);
    assert_memory_equal(a1, a2, (size_t)n1 * sizeof *a1);
    /* The list is the one the counting interface gives, action by action. */
    assert_int_equal(n1, morphos_num_actions(s));
    for (int k = 0; k < n1; k++)
        assert_int_equal(a1[k], morphos_nth_action(s, k));
    GameResult r1, r2;
    state_result(st, &r1);
    state_result(re, &r2);
    assert_int_equal(r1.terminal, r2.terminal);
    assert_int_equal(r1.winners, r2.winners);
    assert_string_equal(r1.how, r2.how);
    state_free(re);
    sb_free(&text);
    sb_free(&again);
}

/* A random board: each point empty, black or white, a quarter to all of
 * the points filled (metamorph fills the rest with its checkered start). */
static MorphosState *random_board(const Game *g, Rng *rng)
{
    const MorphosConfig *c = g->config;
    Bb stones[2];
    bb_zero(&stones[0]);
    bb_zero(&stones[1]);
    uint32_t filled = 2 + rng_below(rng, 7); /* in eighths */
    for (int r = 0; r < c->n; r++)
        for (int col = 0; col < c->n; col++)
            if (rng_below(rng, 8) < filled)
                bb_set(&stones[rng_below(rng, 2)], morphos_bit(c, col, r));
    if (c->mutators & MUT_METAMORPH)
        for (int r = 0; r < c->n; r++)
            for (int col = 0; col < c->n; col++) {
                int b = morphos_bit(c, col, r);
                if (!bb_test(&stones[0], b) && !bb_test(&stones[1], b))
                    bb_set(&stones[(r + col) & 1], b);
            }
    /* Black to move, as on turn 0, so that the state reads back. */
    return morphos_state_from_position(g, stones, MORPHOS_BLACK);
}

/* Plays one game to its end, checking every position; half of the time a
 * flip is preferred when there is one, so that flips are frequent. */
static long play_checked(State *st, Rng *rng)
{
    MorphosState *s = (MorphosState *)st;
    bool flippy = rng_below(rng, 2);
    long positions = 0;
    for (;;) {
        check_position(s);
        positions++;
        if (state_is_terminal(st))
            return positions;
        Action acts[MAX_ACTIONS];
        int k = state_legal_actions(st, acts), pick = (int)rng_below(rng, (uint32_t)k);
        int first = 0, flips = 0; /* the flips, listed after the placements */
        while (first < k && acts[first] < ACT_FLIP)
            first++;
        while (first + flips < k && acts[first + flips] < ACT_SWAP)
            flips++;
        if (flippy && flips && rng_below(rng, 2))
            pick = first + (int)rng_below(rng, (uint32_t)flips);
        state_apply(st, acts[pick]);
    }
}

static long positions_wanted(void)
{
    const char *v = getenv("MORPH_DIFF_POSITIONS");
    long n = 20000;
    if (v && !number_parse_long(v, 1, 100000000, &n))
        fail_msg("MORPH_DIFF_POSITIONS must be a whole number, got '%s'", v);
    return n;
}

static void incremental_equals_full_recomputation(void **unused)
{
    char sets[32][64];
    int nsets = mutator_sets(sets);
    assert_int_equal(nsets, 18);
    long wanted = positions_wanted(), per = wanted / (nsets * 17) + 1, total = 0, games = 0;
    Rng rng;
    rng_seed(&rng, 16);
    for (int m = 0; m < nsets; m++)
        for (int n = 3; n <= 19; n++) {
            Game *g = morphos_game(n, sets[m]);
            long here = 0;
            for (int k = 0; here < per; k++, games++) {
                State *st = k % 2 ? &random_board(g, &rng)->base : state_new(g);
                here += play_checked(st, &rng);
                state_free(st);
            }
            total += here;
            game_free(g);
        }
    printf("morphos incremental: %ld positions in %ld games, sizes 3-19, %d mutator sets: all equal\n", total, games,
           nsets);
    assert_true(total >= wanted);
}

/* The deepmorph flip-back rule as first written: every shape around t, point
 * by point, each point on the board and held by the opponent (t itself
 * excepted), or with remorph and an empty point left, all but one empty
 * point. */
static bool flip_back_plain(const MorphosState *s, int colour, int t)
{
    const MorphosConfig *c = s->cfg;
    const Bb *q = &s->stones[colour ^ 1];
    bool empty_left = false;
    for (int r = 0; r < c->n; r++)
        for (int col = 0; col < c->n; col++) {
            int b = morphos_bit(c, col, r);
            empty_left = empty_left || (!bb_test(&s->stones[0], b) && !bb_test(&s->stones[1], b));
        }
    bool returns = (c->mutators & MUT_REMORPH) && empty_left;
    int col = morphos_col(c, t), row = morphos_row(c, t);
    for (int k = 0; k < c->nshapes; k++) {
        const MorphosShape *sh = &c->shapes[k];
        int missing = 0;
        bool possible = true;
        for (int i = 0; i < sh->len && possible; i++) {
            int x = col + sh->dx[i], y = row + sh->dy[i];
            if (x < 0 || x >= c->n || y < 0 || y >= c->n) {
                possible = false;
                break;
            }
            int b = morphos_bit(c, x, y);
            if (b == t || !bb_test(q, b))
                if (b == t || bb_test(&s->stones[colour], b) || ++missing > 1)
                    possible = false;
        }
        if (possible && (missing == 0 || returns))
            return true;
    }
    return false;
}

/* The fast flip-back test against the plain one, on random boards dense
 * enough for the patterns to be nearly complete, for every stone of the
 * opponent (the rule is asked about weak ones only; any stone tests it). */
static void flip_back_matches_the_plain_check(void **unused)
{
    static const char *const sets[] = {"deepmorph", "deepmorph,remorph", "minimorph,deepmorph,remorph"};
    Rng rng;
    rng_seed(&rng, 2027);
    long yes = 0, asked = 0;
    for (int k = 0; k < 3; k++)
        for (int n = 3; n <= 9; n++) {
            Game *g = morphos_game(n, sets[k]);
            const MorphosConfig *c = g->config;
            for (int trial = 0; trial < 60; trial++) {
                Bb stones[2];
                bb_zero(&stones[0]);
                bb_zero(&stones[1]);
                uint32_t filled = 5 + rng_below(&rng, 4); /* five eighths to all of the points */
                for (int r = 0; r < n; r++)
                    for (int col = 0; col < n; col++)
                        if (rng_below(&rng, 8) < filled)
                            bb_set(&stones[rng_below(&rng, 3) == 0], morphos_bit(c, col, r));
                MorphosState *s = morphos_state_from_position(g, stones, MORPHOS_BLACK);
                for (int colour = 0; colour < 2; colour++)
                    for (int b = 0; b < BB_WORDS * 64; b++)
                        if (bb_test(&stones[colour ^ 1], b)) {
                            bool plain = flip_back_plain(s, colour, b);
                            assert_int_equal(morphos_flip_back_possible(s, colour, b), plain);
                            yes += plain;
                            asked++;
                        }
                state_free(&s->base);
            }
            game_free(g);
        }
    assert_true(yes > 100 && asked - yes > 100); /* both answers occur */
}

/* The serialised texts, legal actions and results along fixed random games
 * are those of commit 65881fc, the engine before the incremental upkeep
 * (the same header built against that commit's library gives this value). */
static void outside_view_unchanged_since_65881fc(void **unused)
{
    long positions;
    uint64_t sum = morphos_golden_checksum(&positions);
    assert_int_equal(positions, 17744);
    assert_true(sum == 0x74ed7e59608b4517ull);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(incremental_equals_full_recomputation),
        cmocka_unit_test(outside_view_unchanged_since_65881fc),
        cmocka_unit_test(flip_back_matches_the_plain_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
