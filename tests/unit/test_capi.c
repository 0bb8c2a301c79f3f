/* The C API of libmorph.so (src/capi/morph_api.h) as a foreign caller sees
 * it: this test links the shared library and includes only its public
 * header. Every call and every error path, with the sanitizers' leak check
 * (the Python suite, tests/python, cannot check leaks: the interpreter keeps
 * objects to its exit). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/capi/morph_api.h"

/* Checks that text holds needle, then frees it. */
static void has(char *text, const char *needle)
{
    assert_non_null(text);
    if (!strstr(text, needle))
        fail_msg("'%s' not in '%s'", needle, text);
    morph_free(text);
}

static void error_has(const char *needle)
{
    if (!strstr(morph_error(), needle))
        fail_msg("'%s' not in the error '%s'", needle, morph_error());
    assert_null(strchr(morph_error(), '\n'));
}

static void games_and_their_errors(void **unused)
{
    has(morph_games_json(), "\"name\":\"morphos\"");
    assert_string_equal(morph_version(), "0.2.0");
    MorphGame *g = morph_game_new("morphos", "{\"size\":5,\"mutators\":[\"minimorph\"]}");
    assert_non_null(g);
    assert_int_equal(morph_game_num_players(g), 2);
    has(morph_game_json(g), "\"options\":{\"size\":5,\"mutators\":[\"minimorph\"],\"move-cap\":0}");
    has(morph_game_rules(g), "Morphos");
    has(morph_game_legend_json(g), "\"code\"");
    morph_game_free(g);
    assert_null(morph_game_new("chess", NULL));
    error_has("unknown game 'chess'");
    assert_null(morph_game_new("morphos", "{\"size\":"));
    error_has("options: malformed JSON");
    assert_null(morph_game_new("morphos", "{\"size\":99}"));
    error_has("size");
    assert_null(morph_game_new("morpyam", "[1]"));
    error_has("options must be an object");
    morph_game_free(NULL);
}

static void a_state_and_its_history(void **unused)
{
    MorphGame *g = morph_game_new("morphos", "{\"size\":5}");
    MorphState *s = morph_state_new(g);
    int32_t acts[MORPH_MAX_ACTIONS], a;
    assert_int_equal(morph_state_player(s), 0);
    assert_int_equal(morph_state_legal(s, acts), 25);
    assert_int_equal(morph_state_parse_action(s, "c3", &a), 0);
    has(morph_state_action_text(s, a), "c3");
    assert_int_equal(morph_state_apply(s, a), 0);
    assert_int_equal(morph_state_apply(s, a), -1);
    error_has("illegal action");
    assert_int_equal(morph_state_apply(s, 400), -1); /* past the board's bits */
    assert_null(morph_state_action_text(s, 999));
    assert_int_equal(morph_state_apply_text(s, "a1,c3"), -1);
    error_has("illegal move 'c3'");
    assert_int_equal(morph_state_parse_action(s, "a1,b1", &a), -1);
    error_has("one action, without commas");
    assert_int_equal(morph_state_apply_text(s, "swap"), 1);
    MorphState *c = morph_state_clone(s);
    assert_int_equal(morph_state_apply_text(c, "resign"), 1);
    assert_int_equal(morph_state_player(c), MORPH_TERMINAL);
    double r[MORPH_MAX_PLAYERS];
    assert_int_equal(morph_state_returns(c, r), 2);
    assert_true(r[0] + r[1] == 1.0);
    has(morph_state_result_json(c), "\"how\":\"resign\"");
    has(morph_state_describe_result(c), "resign");
    assert_int_equal(morph_state_parse_action(c, "a1", &a), -1);
    int32_t hist[8];
    assert_int_equal(morph_state_history(c, hist, 8), 3);
    assert_int_equal(morph_state_history(s, hist, 1), 2);
    has(morph_state_result_json(s), "null");
    assert_null(morph_state_describe_result(s));
    char *text = morph_state_serialize(s);
    MorphState *back = morph_state_deserialize(g, text);
    assert_non_null(back);
    has(morph_state_serialize(back), text);
    assert_int_equal(morph_state_from_start(back), 0);
    assert_int_equal(morph_state_history(back, hist, 8), 0);
    morph_free(text);
    assert_null(morph_state_deserialize(g, "junk"));
    has(morph_state_render(s), "a b c d e");
    /* the game goes first: its states keep it alive */
    morph_game_free(g);
    assert_int_equal(morph_state_legal(c, acts), 0);
    assert_int_equal(morph_state_legal(back, acts), 24);
    morph_state_free(back);
    morph_state_free(c);
    morph_state_free(s);
}

static void chance_and_observations(void **unused)
{
    MorphGame *g = morph_game_new("morpyam", NULL);
    MorphState *s = morph_state_new(g);
    int32_t acts[MORPH_MAX_ACTIONS], shape[3], a;
    double probs[MORPH_MAX_ACTIONS];
    assert_int_equal(morph_state_player(s), MORPH_CHANCE);
    assert_int_equal(morph_state_chance(s, acts, probs), 6);
    assert_int_equal(morph_state_legal(s, acts), 0);
    assert_int_equal(morph_game_observation_shape(g, shape), 3);
    assert_int_equal(shape[0] * shape[1] * shape[2], 47 * 36);
    float *obs = malloc(47 * 36 * sizeof *obs);
    assert_int_equal(morph_state_observation(s, obs, 47 * 36), 0);
    assert_int_equal(morph_state_observation(s, obs, 5), -1);
    error_has("holds 1692 numbers, not 5");
    MorphRng *rng = morph_rng_new(3);
    assert_int_equal(morph_state_sample_chance(s, rng, &a), 0);
    assert_true(a >= acts[0] && a <= acts[5]);
    assert_int_equal(morph_rng_below(rng, 0), 0);
    assert_true(morph_rng_below(rng, 10) < 10);
    assert_int_equal(morph_state_apply_text(s, "die 1,die 2"), 2);
    assert_int_equal(morph_state_sample_chance(s, rng, &a), -1);
    error_has("not a chance node");
    morph_rng_free(rng);
    free(obs);
    morph_state_free(s);
    morph_game_free(g);
}

static void words(void **unused)
{
    MorphGame *g = morph_game_new("morphos", "{\"size\":5}");
    MorphState *s = morph_state_new(g);
    int legal;
    int32_t c3;
    assert_int_equal(morph_state_parse_action(s, "c3", &c3), 0);
    has(morph_state_describe(s, c3), "Black places a stone on c3");
    assert_null(morph_state_describe(s, -7));
    error_has("not legal here");
    assert_null(morph_state_why_not(s, "c3", &legal));
    assert_int_equal(legal, 1);
    morph_state_apply_text(s, "c3");
    has(morph_state_why_not(s, "c3", &legal), "c3 is taken");
    assert_int_equal(legal, 0);
    has(morph_state_why_not(s, "a1,c3", &legal), "c3: c3 is taken");
    has(morph_state_marks_json(s), "\"width\":5");
    morph_state_free(s);
    morph_game_free(g);
}

static void ai_and_seeded_games(void **unused)
{
    MorphGame *g = morph_game_new("morphos", "{\"size\":4}");
    MorphState *s = morph_state_new(g);
    int32_t a;
    char *why = NULL;
    has(morph_ai_levels_json("morphos"), "\"level\":\"mcts\"");
    assert_null(morph_ai_levels_json("chess"));
    error_has("unknown game 'chess'");
    assert_int_equal(morph_ai_choose(s, "greedy", 1, &a, &why), 0);
    has(why, "");
    assert_int_equal(morph_ai_choose(s, "mcts:playouts=50", 1, &a, NULL), 0);
    assert_int_equal(morph_ai_choose(s, "expert", 1, &a, NULL), -1);
    error_has("does not play morphos");
    const char *specs[] = {"random", "greedy"};
    double returns[4];
    int32_t lengths[2], points[4];
    uint32_t winners[2];
    assert_int_equal(morph_play_games(g, specs, 5, 2, returns, lengths, winners, points), 2);
    assert_true(returns[0] + returns[1] == 1.0 && lengths[0] > 0 && winners[0]);
    MorphState *game5 = morph_play_game(g, specs, 5);
    int32_t hist[64];
    assert_int_equal(morph_state_history(game5, hist, 64), lengths[0]);
    const char *bad[] = {"random", ""};
    assert_null(morph_play_game(g, bad, 5));
    error_has("seat 2: expected an AI spec");
    assert_int_equal(morph_play_games(g, specs, (uint64_t)INT64_MAX, 2, returns, lengths, winners, points), -1);
    error_has("go past it");
    assert_int_equal(morph_random_games(g, 1, 2, returns, lengths, winners, points), 2);
    assert_int_equal(morph_random_games(g, 1, 0, returns, lengths, winners, points), -1);
    assert_int_equal(morph_state_apply_text(s, "resign"), 1);
    assert_int_equal(morph_ai_choose(s, "random", 1, &a, NULL), -1);
    error_has("the game is over");
    morph_state_free(game5);
    morph_state_free(s);
    morph_game_free(g);
}

static void records_in_and_out(void **unused)
{
    char dir[] = "/tmp/morph-capi-XXXXXX", path[64], bad[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/g.json", dir);
    MorphGame *g = morph_game_new("morpyam", "{\"turn-cap\":2}");
    const char *specs[] = {"greedy", "random"};
    MorphState *s = morph_play_game(g, specs, 8);
    has(morph_record_json(s, NULL, -1), "\"chance\":\"seed\"");
    const char *people[] = {"human", "ai:greedy"};
    has(morph_record_json(s, people, 3), "\"seed\":3");
    assert_int_equal(morph_record_save(s, NULL, -1, path), 0);
    MorphGame *lg = NULL;
    char *doc = NULL;
    MorphState *l = morph_record_load(path, &lg, &doc);
    assert_non_null(l);
    MorphGame *tg = NULL;
    MorphState *t = morph_record_load_text(doc, &tg, NULL);
    assert_non_null(t);
    has(morph_state_serialize(t), "");
    has(doc, "\"ai\":\"greedy\"");
    has(morph_analyze_json(path, 0.01, 1), "\"decisions\"");
    has(morph_analyze_state_json(l, 0.01, 1), "\"seats\"");
    assert_null(morph_analyze_json(path, 0, 1));
    error_has("budget");
    snprintf(bad, sizeof bad, "%s/none.json", dir);
    assert_null(morph_record_load(bad, &tg, NULL));
    error_has("cannot read");
    assert_null(morph_record_load_text("{\"format\":1}", &tg, NULL));
    error_has("'format'");
    MorphState *read = morph_state_deserialize(g, "junk");
    assert_null(read);
    unlink(path);
    rmdir(dir);
    morph_state_free(t);
    morph_game_free(tg);
    morph_state_free(l);
    morph_game_free(lg);
    morph_state_free(s);
    morph_game_free(g);
}

static void solver(void **unused)
{
    MorphGame *g = morph_game_new("morphos", "{\"size\":3}");
    MorphState *s = morph_state_new(g);
    has(morph_solve_json(s, 0, 0, 1, 0, 0), "\"result\":\"loss\"");
    has(morph_solve_json(s, 10, 100000, 2, 16, 1), "\"result\":\"win\"");
    assert_null(morph_solve_json(s, 0, 0, 0, 0, 0));
    error_has("threads");
    morph_state_apply_text(s, "b2,swap");
    assert_null(morph_solve_json(s, 0, 0, 1, 0, 1));
    error_has("follows a swap");
    MorphGame *y = morph_game_new("morpyam", NULL);
    MorphState *ys = morph_state_new(y);
    assert_null(morph_solve_json(ys, 0, 0, 1, 0, 0));
    error_has("solves Morphos positions");
    morph_state_free(ys);
    morph_game_free(y);
    morph_state_free(s);
    morph_game_free(g);
}

/* Dense ids (spaces.c): decisions and chance outcomes numbered apart, in
 * the order of the games' integers, with the batch calls over them. */
static void dense_ids(void **unused)
{
    MorphGame *g = morph_game_new("morphos", "{\"size\":5}");
    assert_int_equal(morph_game_num_distinct_actions(g), 52);
    assert_int_equal(morph_game_max_chance_outcomes(g), 0);
    assert_int_equal(morph_game_max_game_length(g), 100); /* 4 * 5 * 5 turns of one action */
    assert_int_equal(morph_game_action_of(g, 0, 0), 0);
    assert_int_equal(morph_game_action_of(g, 51, 0), 1001); /* pass */
    assert_int_equal(morph_game_action_of(g, 52, 0), -1);
    assert_int_equal(morph_game_action_of(g, 0, 1), -1);
    for (int32_t id = 0; id < 52; id++)
        assert_int_equal(morph_game_action_id(g, morph_game_action_of(g, id, 0)), id);
    assert_int_equal(morph_game_action_id(g, 0x7fff0000), -1); /* resign has no id */
    MorphState *s = morph_state_new(g), *t = morph_state_new(g);
    int32_t ids[MORPH_MAX_ACTIONS], hist[4];
    assert_int_equal(morph_state_legal_ids(s, ids), 25);
    assert_int_equal(ids[24], 24);
    assert_int_equal(morph_state_apply_id(s, 6), 1); /* b2; White to move */
    assert_int_equal(morph_state_history_ids(s, hist, 4), 1);
    assert_int_equal(hist[0], 6);
    assert_int_equal(morph_state_apply_id(s, 6), MORPH_ILLEGAL);
    error_has("illegal action 6: not a legal action of this state");
    assert_int_equal(morph_state_apply_id(s, 52), MORPH_ILLEGAL);
    const MorphState *both[2] = {s, t};
    uint8_t masks[2 * 52];
    assert_int_equal(morph_states_legal_masks(both, 2, masks), 2);
    assert_int_equal(masks[6], 0);  /* taken */
    assert_int_equal(masks[50], 1); /* White may swap */
    assert_int_equal(masks[52 + 6], 1);
    assert_int_equal(masks[52 + 50], 0);
    float obs[2 * 12 * 25];
    assert_int_equal(morph_states_observations(both, 2, obs, 12 * 25), 2);
    assert_true(obs[6] == 1.0f && obs[12 * 25 + 6] == 0.0f); /* Black's stone on b2, in state 0 only */
    assert_int_equal(morph_states_observations(both, 2, obs, 7), -1);
    error_has("state 0 of the batch: an observation of this game holds 300 numbers, not 7");
    assert_int_equal(morph_states_legal_masks(both, -1, masks), -1);
    error_has("not -1");
    morph_state_free(t);

    /* a state read back remembers its text, and a clone does too */
    char *text = morph_state_serialize(s);
    MorphState *r = morph_state_deserialize(g, text), *c = morph_state_clone(r);
    has(morph_state_origin(c), text);
    has(morph_state_origin(s), "");
    morph_free(text);
    morph_state_free(r);
    morph_state_free(c);
    morph_state_free(s);

    MorphGame *y = morph_game_new("morpyam", "{\"variant\":\"plus\"}");
    assert_int_equal(morph_game_num_distinct_actions(y), 1046);
    /* the dice of one to three dice, a roll-off's die, the kinds dealt */
    assert_int_equal(morph_game_max_chance_outcomes(y), 83 + 6 + 15);
    /* the deal and the puts, two roll-offs of 100 rounds, 1000 turns of 13, a leave a seat */
    assert_int_equal(morph_game_max_game_length(y), 72 + 2 * 100 * 2 + 1000 * 13 + 2);
    MorphState *p = morph_state_new(y), *q = morph_state_new(g);
    double probs[MORPH_MAX_ACTIONS];
    int32_t legal[MORPH_MAX_ACTIONS];
    int n = morph_state_chance_ids(p, ids, probs);
    assert_int_equal(morph_state_legal_ids(p, legal), n); /* at chance, legal_actions are the outcomes */
    assert_memory_equal(legal, ids, (size_t)n * sizeof *ids);
    assert_int_equal(ids[0], 89); /* the deal comes after the 83 dice and 6 roll-off dice */
    uint64_t key, again, after, none;
    MorphState *twin = morph_state_clone(p);
    assert_int_equal(morph_state_chance_key(p, &key), n);
    assert_int_equal(morph_state_chance_key(twin, &again), n);
    assert_true(key == again && key != 0);
    assert_int_equal(morph_state_apply_id(twin, ids[0]), MORPH_CHANCE); /* one square fewer in the deal */
    assert_true(morph_state_chance_key(twin, &after) > 0 && after != key);
    assert_int_equal(morph_state_chance_key(q, &none), 0);
    assert_true(none == 0);
    morph_state_free(twin);
    assert_int_equal(morph_state_apply_id(p, ids[0]), MORPH_CHANCE); /* the next square dealt */
    const MorphState *mixed[2] = {p, q};
    assert_int_equal(morph_states_legal_masks(mixed, 2, NULL), -1);
    error_has("state 1 of the batch has 52 distinct actions, state 0 has 1046: one game a batch");
    morph_state_free(p);
    morph_state_free(q);
    morph_game_free(y);
    morph_game_free(g);
}

static void an_rng_clone_goes_on_alone(void **unused)
{
    MorphRng *r = morph_rng_new(9);
    morph_rng_below(r, 100);
    MorphRng *c = morph_rng_clone(r);
    uint32_t a = morph_rng_below(r, 1000000);
    morph_rng_free(r);
    assert_int_equal(morph_rng_below(c, 1000000), a);
    morph_rng_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(games_and_their_errors),
        cmocka_unit_test(a_state_and_its_history),
        cmocka_unit_test(chance_and_observations),
        cmocka_unit_test(words),
        cmocka_unit_test(ai_and_seeded_games),
        cmocka_unit_test(records_in_and_out),
        cmocka_unit_test(solver),
        cmocka_unit_test(dense_ids),
        cmocka_unit_test(an_rng_clone_goes_on_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
