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

/* Whether five dice show the figure of square kind k, from the values alone
 * (an oracle written apart from figures.c; sec and appel are not figures). */
static bool shows(const uint8_t vals[5], int k)
{
    int count[7] = {0}, sum = 0, most = 0, pair = 0, three = 0;
    for (int i = 0; i < 5; i++) {
        count[vals[i]]++;
        sum += vals[i];
    }
    for (int v = 1; v <= 6; v++) {
        most = count[v] > most ? count[v] : most;
        pair |= count[v] == 2;
        three |= count[v] == 3;
    }
    bool run4 = false, run5 = false;
    for (int lo = 1; lo <= 3; lo++)
        run4 |= count[lo] && count[lo + 1] && count[lo + 2] && count[lo + 3];
    for (int lo = 1; lo <= 2; lo++)
        run5 |= count[lo] && count[lo + 1] && count[lo + 2] && count[lo + 3] && count[lo + 4];
    switch (k) {
    case MF_CARRE: return most >= 4;
    case MF_FULL: return (three && pair) || most == 5;
    case MF_MAXI: return sum >= 27;
    case MF_MINI: return sum <= 8;
    case MF_MORPYAM: return most == 5;
    case MF_PETITE_SUITE: return run4;
    case MF_SUITE: return run5;
    default: return k >= MF_BRELAN1 && k < MF_BRELAN1 + 6 && count[k - MF_BRELAN1 + 1] >= 3;
    }
}

/* The squares a decision after a roll may cover, by the rules of
 * docs/rules-morpyam.md square by square: Appel only and always after a
 * successful call, nothing after a failed call under strict-call, Sec on a
 * first roll showing a Sec figure, five alike only on Morpyam while one is
 * free, any other square by its figure. */
static uint64_t expected_placements(const MorpyamState *m, const MorpyamConfig *c)
{
    const uint8_t *vals = c->ms->vals[m->dice];
    uint64_t free_sq = ~m->occupied & MORPYAM_ALL, out = 0;
    bool five = shows(vals, MF_MORPYAM), morpyam_free = false;
    bool sec = m->rolls == 1 && (five || shows(vals, MF_CARRE) || shows(vals, MF_MAXI) || shows(vals, MF_MINI) ||
                                 shows(vals, MF_SUITE) || shows(vals, MF_FULL));
    for (int sq = 0; sq < 36; sq++)
        morpyam_free |= (free_sq >> sq & 1) && m->grid[sq] == MF_MORPYAM;
    for (int sq = 0; sq < 36; sq++) {
        int k = m->grid[sq];
        bool ok;
        if (!(free_sq >> sq & 1))
            ok = false;
        else if (m->phase == MP_FORCED)
            ok = k == MK_APPEL;
        else if (c->strict_call && m->called)
            ok = false;
        else if (k == MK_APPEL)
            ok = false;
        else if (k == MF_SEC)
            ok = sec;
        else if (five && morpyam_free)
            ok = k == MF_MORPYAM;
        else
            ok = shows(vals, k);
        out |= (uint64_t)ok << sq;
    }
    return out;
}

static void check_state(const State *s, const MorpyamConfig *c)
{
    const MorpyamState *m = ms_of(s);
    if (m->phase == MP_AFTER || m->phase == MP_FORCED) {
        Action acts[MAX_ACTIONS];
        uint64_t placed = 0;
        int k = state_legal_actions(s, acts);
        for (int i = 0; i < k; i++)
            if (acts[i] >= MA_PLACE && acts[i] < MA_PLACE + 36)
                placed |= 1ull << (acts[i] - MA_PLACE);
        assert_true(placed == expected_placements(m, c));
        /* pass is offered exactly when placing is optional */
        bool pass = false;
        for (int i = 0; i < k; i++)
            pass |= acts[i] == MA_PASS;
        assert_int_equal(pass, m->phase == MP_AFTER);
    }
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
            /* now and then a player leaves at any moment, in turn or not, on
             * time or by resigning, chance nodes included */
            const MorpyamState *m = ms_of(s);
            for (int p = 0; p < c->players; p++)
                assert_int_equal(state_is_legal(s, ACTION_LEAVE(p, LEAVE_TIME)), m->alive >> p & 1);
            if (rng_below(&rng, 1500) == 0) {
                int p = (int)rng_below(&rng, (uint32_t)c->players);
                while (!(m->alive >> p & 1))
                    p = (p + 1) % c->players;
                a = ACTION_LEAVE(p, (int)rng_below(&rng, 2));
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
                    strcmp(r.how, "cap") == 0 || strcmp(r.how, "time") == 0);
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
