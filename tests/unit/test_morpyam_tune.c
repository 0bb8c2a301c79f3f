/* The master's model and its tuning: features of a hand-made position,
 * the checked-in weights, self-play samples (the same for any thread
 * count) and the fit (deterministic, better than no weights). */
#include "morpyam_helpers.h"

#include "../../src/ai/morpyam_tune.h"

/* P1 holds a1 b1 c1 d1, P2 a2: P1 has the KO square e1 (brelan-5), the
 * window b1-f1 holding three, whose other free square f1 (brelan-4) would
 * make a second KO square, and two points for the line of four. */
static void features_of_a_position(void **unused)
{
    Game *g = new_game("players=2");
    State *s0 = state_new(g);
    play(s0, "die 6; die 1");
    State *st = with_tokens(s0, "......"
                                "......"
                                "......"
                                "......"
                                "2....."
                                "1111..");
    const MorpyamState *s = morpyam_state(st);
    MorpyamTables *t = malloc(sizeof *t);
    mai_tables_init(t, s->cfg);
    MaiPos pos;
    mai_pos_of(s, &pos);
    double f[MAI_FEATURES], brelan = t->ease[MF_BRELAN1];
    assert_true(s->grid[sq("e1")] == 4 && s->grid[sq("f1")] == 3); /* brelan-5, brelan-4 */
    mai_features(t, s, &pos, 0, 0, f);
    assert_true(f[MAI_F_MOVES_NEXT] == 1 && f[MAI_F_MOVES_SECOND] == 0);
    assert_true(f[MAI_F_POINTS] == 2 && f[MAI_F_PLACED] == 4);
    assert_true(fabs(f[MAI_F_POINTS_LATE] - 2 * 5 / 36.0) < 1e-12);
    assert_true(f[MAI_F_LAST_TOKEN] == 0 && f[MAI_F_TWO_LEFT] == 0);
    /* one token: columns b, c, d and the diagonals from a1 and b1 */
    assert_true(f[MAI_F_WIN1] == 5 && f[MAI_F_WIN2] == 0 && f[MAI_F_WIN3] == 1);
    assert_true(fabs(f[MAI_F_WIN3_EASE] - brelan) < 1e-12);
    assert_true(fabs(f[MAI_F_WIN3_ALL] - brelan * brelan) < 1e-12);
    assert_true(f[MAI_F_KO_SQUARES] == 1 && fabs(f[MAI_F_KO_EASE] - brelan) < 1e-12);
    assert_true(fabs(f[MAI_F_MAKERS] - brelan) < 1e-12 && f[MAI_F_DOUBLE_MAKERS] == 0);
    assert_true(fabs(f[MAI_F_OPEN_THREES] - brelan) < 1e-12); /* c1 d1 and e1 */
    assert_true(fabs(f[MAI_F_OPEN_FOURS] - brelan) < 1e-12);  /* b1-d1 and e1, one more point */
    /* P2, second to move: a2's windows without P1's tokens */
    mai_features(t, s, &pos, 1, 0, f);
    assert_true(f[MAI_F_MOVES_NEXT] == 0 && f[MAI_F_MOVES_SECOND] == 1);
    assert_true(f[MAI_F_POINTS] == 0 && f[MAI_F_PLACED] == 1 && f[MAI_F_KO_SQUARES] == 0);
    assert_true(f[MAI_F_WIN1] == 3); /* a2-e2, a2-a6 and the diagonal a2-e6 */
    free(t);
    state_free(st);
    state_free(s0);
    game_free(g);
}

static void checked_in_models(void **unused)
{
    for (int n = 2; n <= 4; n++) {
        const MaiModel *m = mai_master_model(n);
        assert_int_equal(m->players, n);
        double sum = 0;
        for (int j = 0; j < MAI_FEATURES; j++) {
            assert_true(isfinite(m->w[j]));
            sum += fabs(m->w[j]);
        }
        assert_true(sum > 0);
    }
    assert_string_equal(mai_feature_names[MAI_F_OPEN_FOURS], "open_fours");
}

/* Two games of self-play on one and on two threads: the same samples,
 * whose results share the win and whose threats are chances. */
static void self_play_samples(void **unused)
{
    Game *g = new_game("players=3");
    TuneSet one = {0}, two = {0};
    mai_tune_play(g, NULL, 2, 7, 1, &one);
    mai_tune_play(g, NULL, 2, 7, 2, &two);
    assert_true(one.n > 20);
    assert_int_equal(one.n, two.n);
    assert_memory_equal(one.v, two.v, one.n * sizeof *one.v);
    for (size_t i = 0; i < one.n; i++) {
        const TuneSample *t = &one.v[i];
        double results = 0, chances = t->still;
        for (int q = 0; q < 3; q++) {
            results += t->result[q];
            chances += t->threat[q];
            assert_true(t->expert[q] >= 0 && t->expert[q] <= 1);
        }
        assert_true(fabs(results - 1) < 1e-6);
        assert_true(t->still >= 0 && chances <= 1 + 1e-6);
        assert_int_equal(t->alive, 7);
    }
    /* the master plays too, and its games add to the set */
    size_t before = one.n;
    mai_tune_play(g, mai_master_model(3), 1, 8, 1, &one);
    assert_true(one.n > before);
    mai_tune_set_free(&one);
    mai_tune_set_free(&two);
    assert_null(one.v);
    game_free(g);
}

static void fit_is_deterministic_and_helps(void **unused)
{
    Game *g = new_game("players=2");
    TuneSet set = {0};
    mai_tune_play(g, NULL, 3, 11, 1, &set);
    MaiModel a, b, zero = {2, {0}};
    TuneFit fa, fb;
    mai_tune_fit(&set, 2, 60, &a, &fa);
    mai_tune_fit(&set, 2, 60, &b, &fb);
    assert_int_equal(a.players, 2);
    assert_memory_equal(a.w, b.w, sizeof a.w);
    assert_true(fa.loss == fb.loss);
    assert_true(fabs(mai_tune_loss(&set, 2, &a) - fa.loss) < 1e-9);
    assert_true(fa.loss < mai_tune_loss(&set, 2, &zero));
    assert_true(fa.expert_loss > 0);
    assert_true(a.w[MAI_F_MOVES_THIRD] == 0); /* never set with two players: left out */
    mai_tune_set_free(&set);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(features_of_a_position),
        cmocka_unit_test(checked_in_models),
        cmocka_unit_test(self_play_samples),
        cmocka_unit_test(fit_is_deterministic_and_helps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
