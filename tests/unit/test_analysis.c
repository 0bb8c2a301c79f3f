/* Post-game analysis (src/ai/analysis.h): the classes by their documented
 * thresholds, a planted blunder found as one (a proven win thrown into a
 * proven loss), the same analysis from the same seed in both games, a
 * record that does not replay, and a stop asked by the progress callback. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/ai/analysis.h"
#include "../../src/core/xalloc.h"
#include "morphos_helpers.h"
#include "morpyam_helpers.h"

/* A judgement of a decision that is not the best found, losing loss. */
static int class_of(double loss, double loss_error, int before_proven, int after_proven, double *lost)
{
    AiJudgement j = {.best = 1, .before = 0.8, .after = 0.8 - loss, .loss_error = loss_error,
                     .before_proven = before_proven, .after_proven = after_proven};
    return analysis_classify(&j, 2, lost);
}

static void test_thresholds(void **unused)
{
    (void)unused;
    double lost;
    assert_int_equal(class_of(0.005, 0, 0, 0, &lost), ANALYSIS_BEST);
    assert_int_equal(class_of(0.03, 0, 0, 0, &lost), ANALYSIS_GOOD);
    assert_true(lost > 0.029 && lost < 0.031);
    assert_int_equal(class_of(0.07, 0, 0, 0, &lost), ANALYSIS_INACCURACY);
    assert_int_equal(class_of(0.15, 0, 0, 0, &lost), ANALYSIS_MISTAKE);
    assert_int_equal(class_of(0.25, 0, 0, 0, &lost), ANALYSIS_BLUNDER);
    /* Each bound belongs to the worse class. */
    assert_int_equal(class_of(ANALYSIS_GOOD_BELOW + 1e-9, 0, 0, 0, &lost), ANALYSIS_INACCURACY);
    assert_int_equal(class_of(ANALYSIS_INACCURACY_BELOW + 1e-9, 0, 0, 0, &lost), ANALYSIS_MISTAKE);
    assert_int_equal(class_of(ANALYSIS_MISTAKE_BELOW + 1e-9, 0, 0, 0, &lost), ANALYSIS_BLUNDER);
    /* A loss within its own error bar is no error... */
    assert_int_equal(class_of(0.15, 0.2, 0, 0, &lost), ANALYSIS_GOOD);
    /* ...and a proven win thrown into a proven loss always is the worst. */
    assert_int_equal(class_of(0.0, 0, 1, -1, &lost), ANALYSIS_BLUNDER);
    assert_int_equal(class_of(0.0, 0.5, 1, -1, &lost), ANALYSIS_BLUNDER);
    /* The best decision found costs nothing, whatever the numbers say. */
    AiJudgement j = {.best = 3, .before = 0.9, .after = 0.2};
    assert_int_equal(analysis_classify(&j, 3, &lost), ANALYSIS_BEST);
    assert_true(lost == 0);
    /* A decision better than the "best" one does not gain. */
    AiJudgement k = {.best = 3, .before = 0.4, .after = 0.6};
    assert_int_equal(analysis_classify(&k, 4, &lost), ANALYSIS_BEST);
    assert_true(lost == 0);
    assert_string_equal(analysis_class_name(ANALYSIS_INACCURACY), "inaccuracy");
    assert_true(analysis_accuracy(0) == 100);
    assert_true(analysis_accuracy(ANALYSIS_ACCURACY_HALF) > 49.99 && analysis_accuracy(ANALYSIS_ACCURACY_HALF) < 50.01);
}

/* 3x3 with the swap: after Black's b2 White wins only by swapping (the
 * solver, docs/who-wins.md); White's a1 loses. */
static void test_planted_blunder(void **unused)
{
    (void)unused;
    Game *g = morphos_game(3, "");
    const char *actions[] = {"b2", "a1", "b1"};
    Analysis a;
    char err[ERR_MAX];
    assert_true(analysis_run(g, actions, 3, 0.1, 1, NULL, NULL, NULL, &a, err, sizeof err));
    assert_true(a.complete);
    assert_int_equal(a.count, 3);
    assert_string_equal(a.level, "mcts");
    const AnalysedDecision *d = &a.decisions[1];
    assert_int_equal(d->index, 1);
    assert_int_equal(d->seat, 1);
    assert_string_equal(d->action_text, "a1");
    assert_string_equal(d->best_text, "swap");
    assert_int_equal(d->j.before_proven, 1);
    assert_int_equal(d->j.after_proven, -1);
    assert_int_equal(d->cls, ANALYSIS_BLUNDER);
    assert_true(d->loss > 0.99);
    assert_non_null(strstr(d->sentence, "a1"));
    assert_non_null(strstr(d->best_sentence, "swap"));
    /* Black's b2 was lost from the start (every first move loses): no error. */
    assert_int_equal(a.decisions[0].j.before_proven, -1);
    assert_int_equal(a.decisions[0].cls, ANALYSIS_BEST);
    /* Black then wins: b1 keeps the proven win. */
    assert_int_equal(a.decisions[2].j.after_proven, 1);
    assert_int_equal(a.decisions[2].cls, ANALYSIS_BEST);
    assert_int_equal(a.seats[1].counts[ANALYSIS_BLUNDER], 1);
    assert_int_equal(a.seats[0].decisions, 2);
    assert_true(a.seats[1].accuracy < 1);
    analysis_free(&a);
    game_free(g);
}

/* Texts of a game played by random AIs from seed, at most max actions. */
static int random_game(const Game *g, uint64_t seed, char **texts, int max)
{
    char err[ERR_MAX];
    Ai *ai = ai_new("random", g, seed, err, sizeof err);
    assert_non_null(ai);
    Rng rng;
    rng_seed(&rng, seed);
    State *s = state_new(g);
    int n = 0;
    while (!state_is_terminal(s) && n < max) {
        Action a = state_is_chance(s) ? state_sample_chance(s, &rng) : ai_choose(ai, s, NULL);
        StrBuf b = STRBUF_INIT;
        state_action_text(s, a, &b);
        texts[n++] = xstrdup(sb_str(&b));
        sb_free(&b);
        state_apply(s, a);
    }
    state_free(s);
    ai_free(ai);
    return n;
}

static void assert_same(const Analysis *x, const Analysis *y)
{
    assert_int_equal(x->count, y->count);
    for (int i = 0; i < x->count; i++) {
        const AnalysedDecision *a = &x->decisions[i], *b = &y->decisions[i];
        assert_int_equal(a->index, b->index);
        assert_int_equal(a->best, b->best);
        assert_true(a->j.before == b->j.before && a->j.after == b->j.after);
        assert_true(a->j.loss_error == b->j.loss_error);
        assert_int_equal(a->cls, b->cls);
        assert_int_equal(a->j.work, b->j.work);
    }
    for (int p = 0; p < x->num_players; p++)
        assert_true(x->seats[p].accuracy == y->seats[p].accuracy);
}

static void same_twice(Game *g, uint64_t game_seed, int max, double budget)
{
    char *texts[200];
    int n = random_game(g, game_seed, texts, max);
    Analysis a, b;
    char err[ERR_MAX];
    assert_true(analysis_run(g, (const char *const *)texts, n, budget, 7, NULL, NULL, NULL, &a, err, sizeof err));
    assert_true(analysis_run(g, (const char *const *)texts, n, budget, 7, NULL, NULL, NULL, &b, err, sizeof err));
    assert_true(a.count > 0);
    assert_same(&a, &b);
    for (int i = 0; i < a.count; i++) {
        const AnalysedDecision *d = &a.decisions[i];
        assert_true(d->j.before >= 0 && d->j.before <= 1 && d->j.after >= 0 && d->j.after <= 1);
        assert_true(d->loss >= 0);
    }
    analysis_free(&a);
    analysis_free(&b);
    for (int i = 0; i < n; i++)
        free(texts[i]);
}

static void test_same_seed_same_analysis(void **unused)
{
    (void)unused;
    Game *g = morphos_game(5, "");
    same_twice(g, 11, 200, 0.02);
    game_free(g);
    /* Morpyam: self-play of the expert with error bars, on an opening. */
    g = new_game("variant=flash");
    same_twice(g, 12, 14, 0.01);
    game_free(g);
}

static void test_morpyam_error_bars(void **unused)
{
    (void)unused;
    Game *g = new_game("variant=flash");
    char *texts[20];
    int n = random_game(g, 5, texts, 8);
    Analysis a;
    char err[ERR_MAX];
    assert_true(analysis_run(g, (const char *const *)texts, n, 0.01, 3, NULL, NULL, NULL, &a, err, sizeof err));
    assert_string_equal(a.level, "master");
    assert_true(a.count > 0);
    for (int i = 0; i < a.count; i++) {
        const AnalysedDecision *d = &a.decisions[i];
        assert_true(d->j.before_error > 0 && d->j.before_error < 0.5);
        assert_true(d->j.work >= 8);
    }
    analysis_free(&a);
    for (int i = 0; i < n; i++)
        free(texts[i]);
    game_free(g);
}

static void test_bad_record(void **unused)
{
    (void)unused;
    Game *g = morphos_game(3, "");
    const char *actions[] = {"b2", "b2"};
    char err[ERR_MAX];
    assert_int_equal(analysis_count(g, actions, 2, err, sizeof err), -1);
    assert_non_null(strstr(err, "actions[1]"));
    Analysis a;
    assert_false(analysis_run(g, actions, 2, 0.05, 1, NULL, NULL, NULL, &a, err, sizeof err));
    assert_int_equal(a.count, 0);
    assert_int_equal(analysis_count(g, actions, 1, err, sizeof err), 1);
    game_free(g);
}

static bool stop_after_two(void *ctx, const AnalysisProgress *p)
{
    int *calls = ctx;
    ++*calls;
    assert_int_equal(p->total, 3);
    return p->done < 2;
}

static void test_stopped(void **unused)
{
    (void)unused;
    Game *g = morphos_game(3, "");
    const char *actions[] = {"b2", "a1", "b1"};
    Analysis a;
    char err[ERR_MAX];
    int calls = 0;
    assert_true(analysis_run(g, actions, 3, 0.05, 1, NULL, stop_after_two, &calls, &a, err, sizeof err));
    assert_false(a.complete);
    assert_int_equal(a.count, 2);
    assert_int_equal(calls, 3);
    analysis_free(&a);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_thresholds),
        cmocka_unit_test(test_planted_blunder),
        cmocka_unit_test(test_same_seed_same_analysis),
        cmocka_unit_test(test_morpyam_error_bars),
        cmocka_unit_test(test_bad_record),
        cmocka_unit_test(test_stopped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
