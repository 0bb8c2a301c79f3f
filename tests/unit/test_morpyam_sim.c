/* Seeded random games in every variant and player count, checking the
 * invariants of the rules at every step. */
#include "morpyam_helpers.h"

static void same_serialisation(const State *a, const State *b)
{
    StrBuf x = STRBUF_INIT, y = STRBUF_INIT;
    state_serialize(a, &x);
    state_serialize(b, &y);
    assert_string_equal(sb_str(&x), sb_str(&y));
    sb_free(&x);
    sb_free(&y);
}

/* Text of a round-trips through parse_action in s. */
static void text_round_trip(const State *s, Action a)
{
    StrBuf sb = STRBUF_INIT;
    char err[ERR_MAX];
    Action back;
    state_action_text(s, a, &sb);
    if (!s->game->ops->parse_action(s, sb_str(&sb), &back, err, sizeof err))
        fail_msg("'%s' does not parse: %s", sb_str(&sb), err);
    assert_int_equal(back, a);
    sb_free(&sb);
}

static void check_state(const State *s, const MorpyamConfig *c)
{
    const MorpyamState *m = ms_of(s);
    int pts[MAX_PLAYERS];
    int ko = morpyam_recount(m, pts);
    uint64_t all = 0;
    for (int p = 0; p < c->players; p++) {
        assert_int_equal(__builtin_popcountll(m->tokens[p]) + m->left[p], c->tokens);
        assert_int_equal(pts[p], m->points[p]);
        assert_int_equal(all & m->tokens[p], 0);
        all |= m->tokens[p];
    }
    assert_true(all == m->occupied);
    assert_true(m->turns <= c->turn_cap);
    if (ko >= 0) { /* a run of five ends the game at once */
        GameResult r;
        state_result(s, &r);
        assert_true(r.terminal);
        assert_string_equal(r.how, "ko");
        assert_int_equal(r.winners, 1u << ko);
    }
    /* clone and serialise/deserialise round-trip */
    State *cl = state_clone(s);
    same_serialisation(s, cl);
    state_free(cl);
    StrBuf sb = STRBUF_INIT;
    char err[ERR_MAX];
    state_serialize(s, &sb);
    State *d = s->game->ops->deserialize(s->game, sb_str(&sb), err, sizeof err);
    if (!d)
        fail_msg("deserialize '%s': %s", sb_str(&sb), err);
    same_serialisation(s, d);
    assert_int_equal(state_player(d), state_player(s));
    Action x[MAX_ACTIONS], y[MAX_ACTIONS];
    int nx = state_legal_actions(s, x), ny = state_legal_actions(d, y);
    assert_int_equal(nx, ny);
    assert_memory_equal(x, y, (size_t)nx * sizeof(Action));
    state_free(d);
    sb_free(&sb);
}

/* Plays games with seeds seed0.. and returns the number of steps; full
 * checks every `every` steps (1 = every step). */
static long play_games(const char *spec, int games, uint64_t seed0, int every)
{
    Game *g = new_game(spec);
    const MorpyamConfig *c = g->config;
    Action acts[MAX_ACTIONS];
    ChanceOutcome outs[MAX_ACTIONS];
    long steps = 0;
    for (int n = 0; n < games; n++) {
        Rng rng;
        rng_seed(&rng, seed0 + (uint64_t)n);
        State *s = state_new(g);
        long game_steps = 0;
        while (!state_is_terminal(s)) {
            bool full = game_steps % every == 0;
            if (full)
                check_state(s, c);
            Action a;
            if (state_is_chance(s)) {
                int k = state_chance_outcomes(s, outs);
                assert_true(k > 0);
                assert_int_equal(state_legal_actions(s, acts), 0);
                double total = 0;
                a = state_sample_chance(s, &rng);
                bool found = false;
                for (int i = 0; i < k; i++) {
                    total += outs[i].probability;
                    found |= outs[i].action == a;
                    if (full)
                        text_round_trip(s, outs[i].action);
                }
                assert_true(found);
                assert_true(fabs(total - 1) < 1e-12);
                assert_false(state_is_legal(s, ACTION_RESIGN));
            } else {
                int k = state_legal_actions(s, acts);
                assert_true(k > 0 && k <= MAX_ACTIONS);
                assert_int_equal(state_chance_outcomes(s, outs), 0);
                for (int i = 0; i < k; i++) {
                    if (i)
                        assert_true(acts[i - 1] < acts[i]);
                    if (full) {
                        assert_true(state_is_legal(s, acts[i]));
                        text_round_trip(s, acts[i]);
                    }
                }
                /* now and then somebody resigns */
                a = rng_below(&rng, 2000) == 0 ? ACTION_RESIGN : acts[rng_below(&rng, (uint32_t)k)];
                if (full)
                    text_round_trip(s, a);
            }
            state_apply(s, a);
            game_steps++;
        }
        check_state(s, c);
        GameResult r;
        state_result(s, &r);
        assert_true(r.winners != 0);
        assert_true(r.winners < 1u << c->players);
        assert_true(strcmp(r.how, "ko") == 0 || strcmp(r.how, "points") == 0 || strcmp(r.how, "forfeit") == 0 ||
                    strcmp(r.how, "cap") == 0);
        steps += game_steps;
        state_free(s);
    }
    game_free(g);
    return steps;
}

static void every_variant_fully_checked(void **unused)
{
    static const char *const variants[] = {"standard", "flash", "plus"};
    static const char *const rules[] = {"", "strict-call", "daversa", "strict-call,daversa"};
    char spec[128];
    int i = 0;
    for (int v = 0; v < 3; v++)
        for (int p = 2; p <= 4; p++) {
            snprintf(spec, sizeof spec, "players=%d;variant=%s;rules=%s", p, variants[v], rules[i++ % 4]);
            play_games(spec, 5, 1000u * (uint64_t)i, 1);
        }
}

static void thousands_of_games(void **unused)
{
    static const char *const variants[] = {"standard", "flash", "plus"};
    static const char *const rules[] = {"", "strict-call", "daversa", "strict-call,daversa"};
    char spec[128];
    int i = 0;
    long steps = 0;
    for (int v = 0; v < 3; v++)
        for (int p = 2; p <= 4; p++) {
            snprintf(spec, sizeof spec, "players=%d;variant=%s;rules=%s", p, variants[v], rules[(i + 1) % 4]);
            steps += play_games(spec, 250, 77777u * (uint64_t)++i, 151);
        }
    assert_true(steps > 0);
}

static void capped_games_end(void **unused)
{
    play_games("players=4;turn-cap=7", 50, 5, 1);
    play_games("players=3;variant=plus;turn-cap=3", 20, 9, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_variant_fully_checked),
        cmocka_unit_test(thousands_of_games),
        cmocka_unit_test(capped_games_end),
    };
    return cmocka_run_group_tests_name("morpyam_sim", tests, NULL, NULL);
}
