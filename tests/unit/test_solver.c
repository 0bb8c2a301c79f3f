/* The exact solver (src/ai/solver.h) against plain minimax (morphos_brute.c)
 * on every state reachable on 3x3 and on random 4x4 positions, with and
 * without the swap, standard and minimorph, with short move caps that make
 * draws; a random-simulation check of proofs; budgets, cancelling, threads.
 * `make solver-check` runs the same tests on many more positions
 * (MORPH_SOLVER_HEAVY=1, release build). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/ai/solver.h"
#include "morphos_brute.h"
#include "morphos_helpers.h"

static bool heavy(void)
{
    return getenv("MORPH_SOLVER_HEAVY") != NULL;
}

static Game *game_with_cap(int n, const char *mutators, int cap)
{
    Options o;
    char err[ERR_MAX], text[16];
    options_init(&o);
    snprintf(text, sizeof text, "%d", n);
    options_set(&o, "size", text, err, sizeof err);
    options_set(&o, "mutators", mutators, err, sizeof err);
    snprintf(text, sizeof text, "%d", cap);
    if (cap)
        options_set(&o, "move-cap", text, err, sizeof err);
    Game *g = game_new("morphos", &o, err, sizeof err);
    if (!g)
        fail_msg("%s", err);
    return g;
}

static SolveValue from_brute(int v)
{
    return v > 0 ? SOLVE_WIN : v < 0 ? SOLVE_LOSS : SOLVE_DRAW;
}

static void describe(const MorphosState *s, char *out, size_t len)
{
    StrBuf sb = STRBUF_INIT;
    morphos_position_text(s->cfg, s->stones, &sb);
    snprintf(out, len, "%s %c to move, turn %d", sb_str(&sb), "BW"[s->to_move], s->turn);
    sb_free(&sb);
}

/* The solver's full classification of s equals minimax's. */
static void check_against_brute(Solver *sv, Brute *b, const MorphosState *s, bool no_swap, int *draws)
{
    SolveLimits lim = {.threads = 1, .no_swap = no_swap};
    static SolveReport r;
    solver_solve(sv, s, &lim, NULL, NULL, &r);
    char where[160];
    describe(s, where, sizeof where);
    if (!r.complete)
        fail_msg("incomplete without a budget: %s", where);
    if (r.value != from_brute(brute_value(b, s)))
        fail_msg("value %s, minimax %s: %s", solve_value_name(r.value), solve_value_name(from_brute(brute_value(b, s))),
                 where);
    for (int i = 0; i < r.num_moves; i++) {
        SolveValue want = from_brute(brute_action_value(b, s, r.moves[i].action));
        if (r.moves[i].value != want)
            fail_msg("action %d: %s, minimax %s: %s", r.moves[i].action, solve_value_name(r.moves[i].value),
                     solve_value_name(want), where);
        *draws += want == SOLVE_DRAW;
    }
}

typedef struct Walk {
    Solver *sv;
    Brute *b;
    bool no_swap;
    uint64_t *seen;
    size_t nseen, cap;
    int checked, draws;
} Walk;

static bool visit_once(Walk *w, const MorphosState *s)
{
    uint64_t key = s->stones[0].w[0] * 0x9e3779b97f4a7c15ull ^ s->stones[1].w[0] * 0xc2b2ae3d27d4eb4full ^
                   (uint64_t)(s->turn * 4 + s->to_move * 2 + s->black_seat) << 40;
    for (size_t i = 0; i < w->nseen; i++)
        if (w->seen[i] == key)
            return false;
    if (w->nseen == w->cap) {
        w->cap = w->cap ? w->cap * 2 : 1024;
        w->seen = realloc(w->seen, w->cap * sizeof *w->seen);
    }
    w->seen[w->nseen++] = key;
    return true;
}

/* Every state reachable from s (its turn included): checked once. */
static void walk_all(Walk *w, const MorphosState *s)
{
    if (s->phase == PHASE_OVER || !visit_once(w, s))
        return;
    check_against_brute(w->sv, w->b, s, w->no_swap, &w->draws);
    w->checked++;
    int na = morphos_num_actions(s);
    for (int i = 0; i < na; i++) {
        Action a = morphos_nth_action(s, i);
        if (a == ACT_SWAP && w->no_swap)
            continue;
        MorphosState t;
        morphos_scratch_copy(&t, s);
        morphos_apply_fast(&t, a);
        walk_all(w, &t);
    }
}

static void every_3x3_state(const char *mutators, int cap, bool no_swap, int min_states, bool want_draws)
{
    Game *g = game_with_cap(3, mutators, cap);
    Walk w = {.sv = solver_new(g->config, 8), .b = brute_new(no_swap), .no_swap = no_swap};
    State *s = state_new(g);
    walk_all(&w, (const MorphosState *)s);
    if (w.checked < min_states)
        fail_msg("only %d states reached", w.checked);
    if (want_draws && w.draws == 0)
        fail_msg("no draw met: the cap is not exercised");
    state_free(s);
    free(w.seen);
    brute_free(w.b);
    solver_free(w.sv);
    game_free(g);
}

static void test_3x3_standard(void **state)
{
    every_3x3_state("", 0, false, 10000, false);
}

static void test_3x3_no_swap(void **state)
{
    every_3x3_state("", 0, true, 5000, false);
}

static void test_3x3_minimorph(void **state)
{
    every_3x3_state("minimorph", 0, false, 10000, false);
    every_3x3_state("minimorph", 0, true, 5000, false);
}

/* Short caps: lines end in draws, and a proof's length matters. */
static void test_3x3_short_caps(void **state)
{
    every_3x3_state("", 8, false, 5000, true);
    every_3x3_state("minimorph", 7, true, 2000, true);
}

/* A state after `turns` random actions (swap included), not over. */
static State *random_state(const Game *g, Rng *rng, int turns, bool no_swap)
{
    for (;;) {
        State *st = state_new(g);
        MorphosState *s = (MorphosState *)st;
        while (s->phase != PHASE_OVER && s->turn < turns) {
            Action a = morphos_nth_action(s, (int)rng_below(rng, (uint32_t)morphos_num_actions(s)));
            if (a == ACT_SWAP && no_swap)
                continue;
            state_apply(st, a);
        }
        if (s->phase != PHASE_OVER)
            return st;
        state_free(st);
    }
}

static void random_4x4(const char *mutators, int cap, int count, int min_turns, uint64_t seed)
{
    Game *g = game_with_cap(4, mutators, cap);
    Solver *sv = solver_new(g->config, 16);
    Rng rng;
    rng_seed(&rng, seed);
    int draws = 0;
    for (int k = 0; k < count; k++) {
        bool no_swap = k % 3 == 2;
        int turns = min_turns + (int)rng_below(&rng, 16 - (uint32_t)min_turns);
        State *st = random_state(g, &rng, turns, no_swap);
        Brute *b = brute_new(no_swap);
        if (k % 2)
            solver_clear(sv); /* half with a fresh table, half with what earlier positions left */
        check_against_brute(sv, b, (const MorphosState *)st, no_swap, &draws);
        brute_free(b);
        state_free(st);
    }
    solver_free(sv);
    game_free(g);
}

static void test_4x4_random(void **state)
{
    int count = heavy() ? 400 : 24;
    random_4x4("", 0, count, 6, 1);
    random_4x4("minimorph", 0, count, 6, 2);
}

static void test_4x4_random_short_caps(void **state)
{
    int count = heavy() ? 400 : 24;
    random_4x4("", 20, count, 6, 3);
    random_4x4("minimorph", 18, count, 5, 4);
}

/* ---- proofs checked by play ---- */

static SolveReport *solve(Solver *sv, const MorphosState *s, bool no_swap)
{
    static SolveReport r;
    SolveLimits lim = {.threads = 1, .no_swap = no_swap};
    solver_solve(sv, s, &lim, NULL, NULL, &r);
    if (!r.complete)
        fail_msg("incomplete without a budget");
    return &r;
}

/* From a won position: the winner plays one of its winning actions at
 * random, every answer must leave the winner winning, one answer is played
 * at random; the game must end with the winner's win. */
static void play_out_win(Solver *sv, const MorphosState *start, bool no_swap, Rng *rng)
{
    MorphosState s;
    morphos_scratch_copy(&s, start);
    int winner = morphos_seat_of(&s, s.to_move);
    char where[160];
    while (s.phase != PHASE_OVER) {
        describe(&s, where, sizeof where);
        SolveReport *r = solve(sv, &s, no_swap);
        int mover = morphos_seat_of(&s, s.to_move);
        if (mover == winner) {
            if (r->value != SOLVE_WIN)
                fail_msg("a win line leads to %s: %s", solve_value_name(r->value), where);
            Action wins[MAX_ACTIONS];
            int nw = 0;
            for (int i = 0; i < r->num_moves; i++)
                if (r->moves[i].value == SOLVE_WIN)
                    wins[nw++] = r->moves[i].action;
            morphos_apply_fast(&s, wins[rng_below(rng, (uint32_t)nw)]);
        } else {
            /* Every answer is refuted. */
            if (r->value != SOLVE_LOSS)
                fail_msg("the loser's position is %s: %s", solve_value_name(r->value), where);
            for (int i = 0; i < r->num_moves; i++)
                if (r->moves[i].value != SOLVE_LOSS)
                    fail_msg("answer %d is %s: %s", r->moves[i].action, solve_value_name(r->moves[i].value), where);
            morphos_apply_fast(&s, r->moves[rng_below(rng, (uint32_t)r->num_moves)].action);
        }
    }
    if (s.winner == 2 || morphos_seat_of(&s, s.winner) != winner)
        fail_msg("a proven win ended otherwise (%s)", s.how);
}

static void proofs_by_play(const char *mutators, int count, uint64_t seed)
{
    Game *g = game_with_cap(4, mutators, 0);
    Solver *sv = solver_new(g->config, 16);
    Rng rng;
    rng_seed(&rng, seed);
    int lines = 0;
    for (int k = 0; k < count; k++) {
        bool no_swap = k % 2;
        State *st = random_state(g, &rng, 3 + (int)rng_below(&rng, 8), no_swap);
        const MorphosState *s = (const MorphosState *)st;
        SolveReport *r = solve(sv, s, no_swap);
        if (r->value == SOLVE_WIN || r->value == SOLVE_LOSS) {
            /* A loss: the opponent wins after any action, so play theirs. */
            MorphosState t;
            morphos_scratch_copy(&t, s);
            if (r->value == SOLVE_LOSS)
                morphos_apply_fast(&t, r->moves[rng_below(&rng, (uint32_t)r->num_moves)].action);
            if (t.phase == PHASE_OVER)
                continue;
            play_out_win(sv, &t, no_swap, &rng);
            lines++;
        }
        state_free(st);
    }
    if (lines < count / 2)
        fail_msg("only %d of %d positions were decided", lines, count);
    solver_free(sv);
    game_free(g);
}

static void test_proofs_by_play(void **state)
{
    proofs_by_play("", heavy() ? 300 : 16, 5);
    proofs_by_play("minimorph", heavy() ? 300 : 16, 6);
}

/* ---- the interface ---- */

static void test_empty_boards(void **state)
{
    /* 3x3: every first move wins without the swap; with it Black loses
     * (White swaps after any move). */
    Game *g = morphos_game(3, "");
    Solver *sv = solver_new(g->config, 4);
    State *s = state_new(g);
    SolveReport *r = solve(sv, (const MorphosState *)s, true);
    assert_int_equal(r->value, SOLVE_WIN);
    assert_int_equal(r->num_moves, 9);
    r = solve(sv, (const MorphosState *)s, false);
    assert_int_equal(r->value, SOLVE_LOSS);
    for (int i = 0; i < r->num_moves; i++)
        assert_int_equal(r->moves[i].value, SOLVE_LOSS);
    /* After b2 White swaps and wins. */
    char err[ERR_MAX];
    assert_true(state_apply_text(s, "b2", err, sizeof err));
    r = solve(sv, (const MorphosState *)s, false);
    assert_int_equal(r->value, SOLVE_WIN);
    bool swap_wins = false;
    for (int i = 0; i < r->num_moves; i++)
        swap_wins |= r->moves[i].action == ACT_SWAP && r->moves[i].value == SOLVE_WIN;
    assert_true(swap_wins);
    state_free(s);
    solver_free(sv);
    game_free(g);
}

static bool stop_at_once(void *ctx, const SolveProgress *p)
{
    int *calls = ctx;
    (*calls)++;
    return false;
}

static void test_budgets(void **state)
{
    Game *g = morphos_game(5, "");
    Solver *sv = solver_new(g->config, 16);
    State *s = state_new(g);
    const MorphosState *ms = (const MorphosState *)s;
    static SolveReport r;
    /* A node budget: stops, nothing is claimed. */
    SolveLimits lim = {.nodes = 3000, .threads = 1};
    solver_solve(sv, ms, &lim, NULL, NULL, &r);
    assert_false(r.complete);
    assert_int_equal(r.value, SOLVE_UNKNOWN);
    assert_int_equal(r.num_moves, 25);
    assert_true(r.nodes >= 3000 && r.nodes < 3000 + 1000);
    /* A time budget. */
    lim = (SolveLimits){.seconds = 0.05, .threads = 2};
    solver_solve(sv, ms, &lim, NULL, NULL, &r);
    assert_false(r.complete);
    assert_true(r.seconds < 2);
    /* Cancelled by the progress callback. */
    int calls = 0;
    solver_clear(sv);
    lim = (SolveLimits){.threads = 1};
    solver_solve(sv, ms, &lim, stop_at_once, &calls, &r);
    assert_int_equal(calls, 1);
    assert_false(r.complete);
    state_free(s);
    solver_free(sv);
    game_free(g);
}

/* A budget cut in the middle of the rounds: the position's question and
 * the easy actions are answered first, and whatever is answered agrees with
 * the full solve (4x4 without the swap: 310,000 nodes in full). */
static void test_rounds_cut(void **state)
{
    Game *g = morphos_game(4, "");
    Solver *sv = solver_new(g->config, 64);
    State *s = state_new(g);
    const MorphosState *ms = (const MorphosState *)s;
    static SolveReport cut;
    SolveLimits lim = {.nodes = 200000, .threads = 1, .no_swap = true};
    solver_solve(sv, ms, &lim, NULL, NULL, &cut);
    solver_clear(sv);
    SolveReport *full = solve(sv, ms, true);
    assert_false(cut.complete);
    assert_int_equal(cut.value, SOLVE_WIN);
    int answered = 0;
    for (int i = 0; i < cut.num_moves; i++) {
        if (cut.moves[i].value == SOLVE_UNKNOWN)
            continue;
        answered++;
        assert_int_equal(cut.moves[i].value, full->moves[i].value);
    }
    assert_true(answered > 0 && answered < cut.num_moves);
    state_free(s);
    solver_free(sv);
    game_free(g);
}

static void test_threads_agree(void **state)
{
    Game *g = morphos_game(4, "minimorph");
    Solver *sv = solver_new(g->config, 16);
    Rng rng;
    rng_seed(&rng, 9);
    for (int k = 0; k < 6; k++) {
        State *s = random_state(g, &rng, 4, false);
        static SolveReport one, two;
        SolveLimits lim = {.threads = 1};
        solver_clear(sv);
        solver_solve(sv, (const MorphosState *)s, &lim, NULL, NULL, &one);
        lim.threads = 2;
        solver_clear(sv);
        solver_solve(sv, (const MorphosState *)s, &lim, NULL, NULL, &two);
        assert_true(one.complete && two.complete);
        assert_int_equal(one.value, two.value);
        for (int i = 0; i < one.num_moves; i++)
            assert_int_equal(one.moves[i].value, two.moves[i].value);
        state_free(s);
    }
    solver_free(sv);
    game_free(g);
}

static void test_prove_and_known(void **state)
{
    Game *g = morphos_game(4, "");
    Solver *sv = solver_new(g->config, 16);
    Rng rng;
    rng_seed(&rng, 12);
    Brute *b = brute_new(false);
    int wins = 0;
    for (int k = 0; k < 12; k++) {
        State *s = random_state(g, &rng, 6 + (int)rng_below(&rng, 6), false);
        const MorphosState *ms = (const MorphosState *)s;
        SolveLimits lim = {.threads = 1};
        Action win = -1;
        long long nodes = 0;
        solver_clear(sv);
        SolveValue v = solver_prove(sv, ms, &lim, &win, &nodes);
        int truth = brute_value(b, ms);
        if (v == SOLVE_WIN) {
            assert_int_equal(truth, 1);
            assert_int_equal(brute_action_value(b, ms, win), 1);
            assert_int_equal(solver_known(sv, ms, win, false), SOLVE_WIN);
            wins++;
        } else if (v == SOLVE_LOSS) {
            assert_int_equal(truth, -1);
        } else {
            assert_true(truth <= 0); /* without a budget: only a draw is unknown */
        }
        state_free(s);
    }
    assert_true(wins > 0);
    brute_free(b);
    solver_free(sv);
    game_free(g);
}

static void test_supports(void **state)
{
    char err[ERR_MAX];
    const char *bad[] = {"deepmorph", "duomorph", "remorph", "minimorph,metamorph"};
    for (int i = 0; i < 4; i++) {
        Game *g = morphos_game(4, bad[i]);
        assert_false(solver_supports(g->config, err, sizeof err));
        assert_non_null(strstr(err, "standard rules and minimorph only"));
        game_free(g);
    }
    Game *g = morphos_game(8, "");
    assert_false(solver_supports(g->config, err, sizeof err));
    assert_string_equal(err, "the solver handles boards of 3x3 to 7x7, not 8x8");
    game_free(g);
    g = morphos_game(7, "minimorph");
    assert_true(solver_supports(g->config, err, sizeof err));
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_boards),
        cmocka_unit_test(test_3x3_standard),
        cmocka_unit_test(test_3x3_no_swap),
        cmocka_unit_test(test_3x3_minimorph),
        cmocka_unit_test(test_3x3_short_caps),
        cmocka_unit_test(test_4x4_random),
        cmocka_unit_test(test_4x4_random_short_caps),
        cmocka_unit_test(test_proofs_by_play),
        cmocka_unit_test(test_prove_and_known),
        cmocka_unit_test(test_budgets),
        cmocka_unit_test(test_rounds_cut),
        cmocka_unit_test(test_threads_agree),
        cmocka_unit_test(test_supports),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
