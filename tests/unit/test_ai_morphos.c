/* The Morphos AI levels (greedy, mcts): every choice is a legal action over
 * seeded games with every mutator and several sizes; wins are taken and
 * immediate threats blocked on hand-made positions; mcts is reproducible
 * with a playouts budget; parameters are checked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "../../src/ai/ai.h"
#include "../../src/games/morphos/morphos.h"
#include "morphos_helpers.h"


static Ai *make_ai(const char *spec, const Game *g, uint64_t seed)
{
    char err[ERR_MAX];
    Ai *ai = ai_new(spec, g, seed, err, sizeof err);
    if (!ai)
        fail_msg("%s", err);
    return ai;
}

/* A position (rows from the top, as in the notation) with a colour to move. */
static State *position(const Game *g, const char *text, char to_move)
{
    char cells[19 * 19], err[ERR_MAX];
    int n = 0;
    if (!morphos_parse_position(text, &n, cells, err, sizeof err))
        fail_msg("%s", err);
    const MorphosConfig *c = g->config;
    Bb stones[2];
    bb_zero(&stones[0]);
    bb_zero(&stones[1]);
    for (int r = 0; r < n; r++)
        for (int col = 0; col < n; col++)
            if (cells[r * 19 + col] != '.')
                bb_set(&stones[cells[r * 19 + col] == 'W'], morphos_bit(c, col, r));
    MorphosState *s = morphos_state_from_position(g, stones, to_move == 'W');
    s->turn = 2; /* past White's first turn: no swap */
    return &s->base;
}

static const char *action_text(const State *s, Action a)
{
    static char text[16];
    StrBuf sb = STRBUF_INIT;
    state_action_text(s, a, &sb);
    snprintf(text, sizeof text, "%s", sb_str(&sb));
    sb_free(&sb);
    return text;
}

static bool listed(const State *s, Action a)
{
    Action acts[MAX_ACTIONS];
    int n = state_legal_actions(s, acts);
    for (int i = 0; i < n; i++)
        if (acts[i] == a)
            return true;
    return false;
}

static const char *const mutator_sets[] = {
    "", "minimorph", "deepmorph", "duomorph", "remorph", "minimorph,metamorph",
    "minimorph,deepmorph,duomorph,remorph", "minimorph,metamorph,deepmorph",
};

typedef struct Seen {
    int swaps, passes, duo_parts, return_parts, flips, games;
} Seen;

/* Plays one game between two specs, asserting every choice is listed. */
static void play_checked(const Game *g, const char *a_spec, const char *b_spec, uint64_t seed, Seen *seen)
{
    Ai *ai[2] = {make_ai(a_spec, g, seed), make_ai(b_spec, g, seed + 1)};
    State *s = state_new(g);
    StrBuf why = STRBUF_INIT;
    while (!state_is_terminal(s)) {
        const MorphosState *m = (const MorphosState *)s;
        sb_clear(&why);
        Action a = ai_choose(ai[state_player(s)], s, &why);
        if (!listed(s, a))
            fail_msg("%s chose %d, not a legal action, in %s", ai[state_player(s)]->spec, a, sb_str(&why));
        assert_true(why.len > 0);
        seen->swaps += a == ACT_SWAP;
        seen->passes += a == ACT_PASS;
        seen->flips += a >= ACT_FLIP && a < ACT_SWAP;
        seen->duo_parts += m->phase == PHASE_DUO;
        seen->return_parts += m->phase == PHASE_RETURN;
        ai_observe(ai[0], s, a);
        ai_observe(ai[1], s, a);
        state_apply(s, a);
    }
    seen->games++;
    sb_free(&why);
    state_free(s);
    ai_free(ai[0]);
    ai_free(ai[1]);
}

static void every_choice_is_legal(void **unused)
{
    static const int sizes[] = {3, 4, 5, 7};
    static const char *const specs[][2] = {
        {"mcts:playouts=24", "greedy"},
        {"greedy", "mcts:playouts=16,threads=2"},
        {"mcts:playouts=12,explore=0.5,rave=50", "random"},
    };
    Seen seen = {0};
    uint64_t seed = 1;
    for (size_t m = 0; m < sizeof mutator_sets / sizeof *mutator_sets; m++)
        for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
            Game *g = morphos_game(sizes[z], mutator_sets[m]);
            for (size_t k = 0; k < sizeof specs / sizeof *specs; k++, seed += 2)
                play_checked(g, specs[k][0], specs[k][1], seed, &seen);
            game_free(g);
        }
    Game *g = morphos_game(9, "duomorph,remorph,minimorph");
    play_checked(g, "mcts:playouts=40", "greedy", 99, &seen);
    game_free(g);
    g = morphos_game(19, "");
    play_checked(g, "greedy", "greedy", 7, &seen);
    game_free(g);
    assert_int_equal(seen.games, 8 * 4 * 3 + 2);
    /* Every kind of decision came up. */
    assert_true(seen.swaps > 0);
    assert_true(seen.passes > 0);
    assert_true(seen.flips > 0);
    assert_true(seen.duo_parts > 0);
    assert_true(seen.return_parts > 0);
}

/* One mcts and one greedy choice on every board size, after a few random
 * actions, with and without mutators. */
static void every_board_size(void **unused)
{
    Rng rng;
    rng_seed(&rng, 4);
    for (int n = 3; n <= 19; n++) {
        Game *g = morphos_game(n, n % 2 ? "" : "minimorph,duomorph,remorph");
        Ai *mcts = make_ai("mcts:playouts=6,threads=2", g, (uint64_t)n), *greedy = make_ai("greedy", g, 1);
        State *s = state_new(g);
        Action acts[MAX_ACTIONS];
        for (int i = 0; i < n && !state_is_terminal(s); i++) {
            int k = state_legal_actions(s, acts);
            state_apply(s, acts[rng_below(&rng, (uint32_t)k)]);
        }
        if (!state_is_terminal(s)) {
            assert_true(listed(s, ai_choose(mcts, s, NULL)));
            assert_true(listed(s, ai_choose(greedy, s, NULL)));
        }
        state_free(s);
        ai_free(mcts);
        ai_free(greedy);
        game_free(g);
    }
}

/* Black (to move) completes c1-c6 with c7. */
static const char *const black_wins =
    "......./..B.W../..B..../W.B..W./..B..../..B.W../..B....";
/* White threatens g4 (a4-f4 touch the left edge); Black must take it (g5
 * and g3 are Black, so g4 seals the row). */
static const char *const white_threatens =
    "......./.B...../....B.B/WWWWWW./.B....B/...B.../.......";

static void greedy_takes_an_immediate_win(void **unused)
{
    Game *g = morphos_game(7, "");
    Ai *ai = make_ai("greedy", g, 3);
    State *s = position(g, black_wins, 'B');
    StrBuf why = STRBUF_INIT;
    assert_string_equal(action_text(s, ai_choose(ai, s, &why)), "c7");
    assert_string_equal(sb_str(&why), "c7: wins now");
    state_free(s);
    s = position(g, white_threatens, 'B');
    assert_string_equal(action_text(s, ai_choose(ai, s, NULL)), "g4");
    sb_free(&why);
    state_free(s);
    ai_free(ai);
    game_free(g);
}

static void mcts_wins_and_blocks(void **unused)
{
    Game *g = morphos_game(7, "");
    for (uint64_t seed = 1; seed <= 3; seed++) {
        Ai *ai = make_ai("mcts:playouts=600", g, seed);
        State *s = position(g, black_wins, 'B');
        assert_string_equal(action_text(s, ai_choose(ai, s, NULL)), "c7");
        state_free(s);
        s = position(g, white_threatens, 'B');
        assert_string_equal(action_text(s, ai_choose(ai, s, NULL)), "g4");
        state_free(s);
        ai_free(ai);
    }
    game_free(g);
}

/* Advice: the whole turn (both stones of a duomorph move) with the share of
 * simulated games won, in words; a win at once is said so. */
static void mcts_advice(void **unused)
{
    Game *g = morphos_game(5, "duomorph");
    Ai *ai = make_ai("mcts:playouts=400", g, 3);
    State *s = state_new(g);
    AiAdvice adv;
    ai_advise(ai, s, NULL, &adv);
    assert_int_equal(adv.plan_len, 2);
    State *t = state_clone(s);
    StrBuf want = STRBUF_INIT;
    for (int i = 0; i < 2; i++) {
        assert_true(listed(t, adv.plan[i]));
        assert_int_equal(state_player(t), 0);
        if (i)
            sb_putc(&want, ',');
        state_action_text(t, adv.plan[i], &want);
        state_apply(t, adv.plan[i]);
    }
    assert_int_equal(state_player(t), 1);
    sb_puts(&want, " \u2014 Black wins ");
    assert_true(strncmp(sb_str(&adv.words), sb_str(&want), want.len) == 0);
    assert_non_null(strstr(sb_str(&adv.words), " of the simulated games from there"));
    assert_null(strstr(sb_str(&adv.words), "about >")); /* never "about >99%" */
    assert_null(strstr(sb_str(&adv.words), "about <"));
    assert_true(adv.chance >= 0 && adv.chance <= 1);
    assert_true(adv.cell >= 0 && adv.cell < 25);
    assert_non_null(strstr(sb_str(&adv.detail), "visits, win rate"));
    ai_advice_free(&adv);
    sb_free(&want);
    state_free(t);
    state_free(s);
    ai_free(ai);
    game_free(g);
    g = morphos_game(7, "");
    ai = make_ai("mcts:playouts=100", g, 1);
    s = position(g, black_wins, 'B');
    ai_advise(ai, s, NULL, &adv);
    assert_string_equal(sb_str(&adv.words), "c7 \u2014 Black wins at once");
    assert_true(adv.chance == 1);
    ai_advice_free(&adv);
    state_free(s);
    ai_free(ai);
    game_free(g);
}

/* The same seed and budget give the same game, with one or two threads. */
static void mcts_is_reproducible_with_playouts(void **unused)
{
    static const char *const specs[] = {"mcts:playouts=150", "mcts:playouts=150,threads=2"};
    Game *g = morphos_game(6, "");
    for (int k = 0; k < 2; k++) {
        Action first[400];
        int len = 0;
        for (int run = 0; run < 2; run++) {
            Ai *ai[2] = {make_ai(specs[k], g, 11), make_ai("random", g, 12)};
            State *s = state_new(g);
            int i = 0;
            while (!state_is_terminal(s) && i < 400) {
                Action a = ai_choose(ai[state_player(s)], s, NULL);
                if (run == 0)
                    first[len++] = a;
                else
                    assert_int_equal(a, first[i]);
                ai_observe(ai[0], s, a);
                ai_observe(ai[1], s, a);
                state_apply(s, a);
                i++;
            }
            if (run == 1)
                assert_int_equal(i, len);
            state_free(s);
            ai_free(ai[0]);
            ai_free(ai[1]);
        }
    }
    game_free(g);
}

static long visits_in(const char *why)
{
    long n = 0, total = 0;
    const char *p = strchr(why, ':');
    if (!p || sscanf(p, ": %ld of %ld visits", &n, &total) != 2)
        fail_msg("unexpected explanation '%s'", why);
    return total;
}

/* With reuse=1, after observing its own move, the tree keeps that move's
 * subtree for the next choice (here the reply, also chosen by the same AI).
 * By default every decision is a fresh search: reseeded alike, an AI that
 * searched before chooses exactly as a new one (issue 8, fault 8). */
static void mcts_reuses_its_tree(void **unused)
{
    Game *g = morphos_game(7, "");
    Ai *fresh = make_ai("mcts:playouts=300", g, 9), *used = make_ai("mcts:playouts=300", g, 9);
    State *t = state_new(g);
    StrBuf w1 = STRBUF_INIT, w2 = STRBUF_INIT;
    Action b = ai_choose(used, t, NULL);
    ai_observe(used, t, b);
    state_apply(t, b);
    ai_reseed(fresh, 77);
    ai_reseed(used, 77);
    assert_int_equal(ai_choose(fresh, t, &w1), ai_choose(used, t, &w2));
    assert_string_equal(sb_str(&w1), sb_str(&w2));
    assert_int_equal(visits_in(sb_str(&w2)), 300);
    sb_free(&w1);
    sb_free(&w2);
    state_free(t);
    ai_free(fresh);
    ai_free(used);

    Ai *ai = make_ai("mcts:playouts=400,reuse=1", g, 5);
    State *s = state_new(g);
    StrBuf why = STRBUF_INIT;
    Action a = ai_choose(ai, s, &why);
    assert_int_equal(visits_in(sb_str(&why)), 400);
    assert_non_null(strstr(sb_str(&why), "400 playouts, 1 thread); pv "));
    ai_observe(ai, s, a);
    state_apply(s, a);
    sb_clear(&why);
    ai_choose(ai, s, &why);
    assert_true(visits_in(sb_str(&why)) > 400);
    sb_free(&why);
    state_free(s);
    ai_free(ai);
    game_free(g);
}

static void only_and_final_actions(void **unused)
{
    /* 3x3 metamorph: the checkered board; a player without flips passes. */
    Game *g = morphos_game(3, "minimorph,metamorph");
    Ai *mcts = make_ai("mcts:playouts=50", g, 1), *greedy = make_ai("greedy", g, 1);
    State *s = state_new(g);
    Action acts[MAX_ACTIONS];
    int rounds = 0;
    while (!state_is_terminal(s) && rounds++ < 200) {
        int n = state_legal_actions(s, acts);
        StrBuf why = STRBUF_INIT;
        Action a = ai_choose(rounds % 2 ? mcts : greedy, s, &why);
        assert_true(listed(s, a));
        if (n == 1 && rounds % 2)
            assert_non_null(strstr(sb_str(&why), "the only legal action"));
        sb_free(&why);
        ai_observe(mcts, s, a);
        state_apply(s, a);
    }
    assert_true(state_is_terminal(s));
    StrBuf why = STRBUF_INIT;
    ai_choose(mcts, s, &why);
    assert_string_equal(sb_str(&why), "the game is over");
    sb_free(&why);
    state_free(s);
    ai_free(mcts);
    ai_free(greedy);
    game_free(g);
}

/* The exact search: a forced win five turns deep (not at once) is played
 * as a proven win, the same with the playouts budget every time; without it
 * (solve=0) the decision is the tree's. */
static void mcts_plays_a_proven_win(void **unused)
{
    Game *g = morphos_game(4, "");
    State *s = position(g, "..BW/..../W..B/B...", 'W');
    const char *specs[] = {"mcts:playouts=4000,solvetime=100", "mcts:playouts=4000,solvetime=100,solve=0"};
    for (int k = 0; k < 2; k++) {
        Ai *ai = make_ai(specs[k], g, 5);
        StrBuf ex = STRBUF_INIT;
        Action a = ai_choose(ai, s, &ex);
        if (k == 0) {
            assert_string_equal(action_text(s, a), "c3");
            if (!strstr(sb_str(&ex), "c3: a proven win (exact search: "))
                fail_msg("explanation: %s", sb_str(&ex));
        } else {
            assert_null(strstr(sb_str(&ex), "exact search"));
        }
        sb_free(&ex);
        ai_free(ai);
    }
    /* Advice says so in words. */
    Ai *ai = make_ai(specs[0], g, 5);
    AiAdvice adv;
    ai_advise(ai, s, NULL, &adv);
    if (!strstr(sb_str(&adv.words), "c3 \u2014 White wins from there whatever the reply (a proven win)"))
        fail_msg("advice: %s", sb_str(&adv.words));
    ai_advice_free(&adv);
    ai_free(ai);
    state_free(s);
    game_free(g);
}

static void bad_parameters(void **unused)
{
    Game *g = morphos_game(9, "");
    char err[ERR_MAX];
    assert_null(ai_new("mcts:threads=3", g, 1, err, sizeof err));
    assert_string_equal(err, "AI parameter 'threads' must be a whole number from 1 to 2, got '3'");
    assert_null(ai_new("mcts:ms=fast", g, 1, err, sizeof err));
    assert_string_equal(err, "AI parameter 'ms' must be a whole number from 1 to 3600000, got 'fast'");
    assert_null(ai_new("mcts:depth=3", g, 1, err, sizeof err));
    assert_string_equal(err, "unknown AI parameter 'depth' for mcts (expected playouts, ms, threads, explore, rave, prior, "
                             "patterns, pscale, reuse, solve or solvetime)");
    assert_null(ai_new("mcts:patterns=2", g, 1, err, sizeof err));
    assert_string_equal(err, "AI parameter 'patterns' must be a whole number from 0 to 1, got '2'");
    assert_null(ai_new("mcts:pscale=1.5", g, 1, err, sizeof err));
    assert_string_equal(err, "AI parameter 'pscale' must be a number from 0 to 1, got '1.5'");
    assert_null(ai_new("mcts:explore=-1", g, 1, err, sizeof err));
    assert_string_equal(err, "AI parameter 'explore' must be a number from 0 to 10, got '-1'");
    assert_null(ai_new("mcts:solvetime=0", g, 1, err, sizeof err));
    assert_string_equal(err, "AI parameter 'solvetime' must be a whole number from 1 to 100, got '0'");
    assert_null(ai_new("mcts:solve=400", g, 1, err, sizeof err));
    assert_string_equal(err, "AI parameter 'solve' must be a whole number from 0 to 361, got '400'");
    assert_null(ai_new("greedy:x=1", g, 1, err, sizeof err));
    assert_string_equal(err, "AI level 'greedy' takes no parameters, got 'x=1'");
    Ai *ai = ai_new("mcts:ms=5,playouts=100,threads=2,patterns=0,pscale=0.2", g, 1, err, sizeof err);
    assert_non_null(ai);
    ai_free(ai);
    game_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_choice_is_legal),
        cmocka_unit_test(every_board_size),
        cmocka_unit_test(greedy_takes_an_immediate_win),
        cmocka_unit_test(mcts_wins_and_blocks),
        cmocka_unit_test(mcts_advice),
        cmocka_unit_test(mcts_is_reproducible_with_playouts),
        cmocka_unit_test(mcts_reuses_its_tree),
        cmocka_unit_test(only_and_final_actions),
        cmocka_unit_test(mcts_plays_a_proven_win),
        cmocka_unit_test(bad_parameters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
