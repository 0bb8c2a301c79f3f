/* The Casual AI's swap rule (src/ai/morphos_swap_rule.c) and what is said
 * and hinted about it: greedy swaps exactly the first stones of the middle
 * zone, its opening words name that zone, and the hint for Black's first
 * stone (mcts) never names a point of it, so a hinted first stone is never
 * taken over by the Casual AI. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/ai/ai.h"
#include "../../src/ai/morphos_swap_rule.h"
#include "morphos_helpers.h"

static Ai *make_ai(const char *spec, const Game *g, uint64_t seed)
{
    char err[ERR_MAX];
    Ai *ai = ai_new(spec, g, seed, err, sizeof err);
    if (!ai)
        fail_msg("%s", err);
    return ai;
}

static int point(const Game *g, const char *name)
{
    const MorphosConfig *c = g->config;
    return morphos_bit(c, name[0] - 'a', atoi(name + 1) - 1);
}

/* The opening words of a level in g. */
static const char *opening(const char *level, const Game *g, StrBuf *out)
{
    const AiOps *ops = ai_level(level, "morphos");
    assert_non_null(ops);
    sb_clear(out);
    if (ops->opening_words)
        ops->opening_words(g, out);
    return sb_str(out);
}

static void the_zone_and_its_words(void **unused)
{
    (void)unused;
    StrBuf words = STRBUF_INIT;
    Game *g = morphos_game(9, "");
    const MorphosConfig *c = g->config;
    int inside = 0;
    for (int row = 0; row < 9; row++)
        for (int col = 0; col < 9; col++)
            inside += morphos_swap_zone(c, morphos_bit(c, col, row));
    assert_int_equal(inside, 25); /* c3 to g7 */
    assert_true(morphos_swap_zone(c, point(g, "c3")) && morphos_swap_zone(c, point(g, "g7")));
    assert_true(morphos_swap_zone(c, point(g, "c7")) && morphos_swap_zone(c, point(g, "e5")));
    assert_false(morphos_swap_zone(c, point(g, "b2")) || morphos_swap_zone(c, point(g, "h5")));
    assert_string_equal(opening("greedy", g, &words),
                        "swaps a first stone placed in the middle of the board, from c3 to g7, and keeps one nearer an edge");
    game_free(g);
    g = morphos_game(13, "");
    assert_non_null(strstr(opening("greedy", g, &words), "from d4 to j10"));
    game_free(g);
    g = morphos_game(5, "");
    assert_non_null(strstr(opening("greedy", g, &words), "from b2 to d4"));
    game_free(g);
    /* a duomorph opening is two stones, a metamorph one a full board: never swapped */
    g = morphos_game(9, "duomorph");
    assert_string_equal(opening("greedy", g, &words), "never swaps: it keeps Black's opening");
    game_free(g);
    /* the Strongest AI's swap is a search: a tendency, no zone */
    g = morphos_game(9, "");
    assert_non_null(strstr(opening("mcts", g, &words), "no stone is sure to be kept"));
    game_free(g);
    g = morphos_game(4, "minimorph,metamorph");
    assert_string_equal(opening("mcts", g, &words), "");
    game_free(g);
    sb_free(&words);
}

/* Greedy swaps a first stone exactly when it lies in the zone. */
static void greedy_swaps_the_zone(void **unused)
{
    (void)unused;
    static const int sizes[] = {5, 9, 13};
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
        Game *g = morphos_game(sizes[z], "");
        const MorphosConfig *c = g->config;
        Ai *ai = make_ai("greedy", g, 7);
        for (int row = 0; row < c->n; row++)
            for (int col = 0; col < c->n; col++) {
                int p = morphos_bit(c, col, row);
                State *s = state_new(g);
                state_apply(s, p);
                Action a = ai_choose(ai, s, NULL);
                assert_int_equal(a == ACT_SWAP, morphos_swap_zone(c, p));
                assert_int_equal(morphos_greedy_swaps((const MorphosState *)s), morphos_swap_zone(c, p));
                state_free(s);
            }
        ai_free(ai);
        game_free(g);
    }
}

/* The hint for Black's first stone keeps out of the zone, whatever the size
 * and seed; the Casual AI then keeps that stone. Later hints are free. */
static void the_first_hint_is_never_swapped(void **unused)
{
    (void)unused;
    static const int sizes[] = {5, 7, 9, 13};
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++)
        for (uint64_t seed = 1; seed <= 2; seed++) {
            Game *g = morphos_game(sizes[z], "");
            const MorphosConfig *c = g->config;
            Ai *hint = make_ai("mcts:playouts=300", g, seed), *casual = make_ai("greedy", g, seed);
            State *s = state_new(g);
            assert_true(morphos_first_stone_ahead_of_swap((const MorphosState *)s));
            AiAdvice adv;
            ai_advise(hint, s, NULL, &adv);
            assert_int_equal(adv.plan_len, 1);
            assert_true(adv.action >= 0 && adv.action < ACT_FLIP);
            assert_false(morphos_swap_zone(c, adv.action));
            state_apply(s, adv.action);
            assert_false(morphos_first_stone_ahead_of_swap((const MorphosState *)s));
            assert_int_not_equal(ai_choose(casual, s, NULL), ACT_SWAP);
            ai_advice_free(&adv);
            state_free(s);
            ai_free(hint);
            ai_free(casual);
            game_free(g);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_zone_and_its_words),
        cmocka_unit_test(greedy_swaps_the_zone),
        cmocka_unit_test(the_first_hint_is_never_swapped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
