/* A view's board written as text is its JSON object dumped compactly, byte
 * for byte, at every decision of seeded random games: Morphos of each size
 * and mutator set, Morpyam of each variant and number of players (a whole
 * state writes the text; the replay and puzzle answers use the object).
 * Named test_server_* to link the front end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/core/rng.h"
#include "../../src/front/view.h"
#include "../../src/games/registry.h"

static void compare(const GameView *view, const State *s)
{
    json_t *object = view->board(s);
    char *dumped = json_dumps(object, JSON_COMPACT);
    json_decref(object);
    StrBuf text = STRBUF_INIT;
    view->board_text(s, &text);
    assert_string_equal(sb_str(&text), dumped);
    sb_free(&text);
    free(dumped);
}

static void morphos_board_text_is_the_object_dumped(void **unused)
{
    const GameView *view = view_for("morphos");
    assert_non_null(view->board_text);
    static const char *const mutators[] = {"",        "minimorph",           "deepmorph",         "duomorph",
                                           "remorph", "minimorph,metamorph", "minimorph,remorph", "duomorph,remorph"};
    static const char *const sizes[] = {"5", "9", "13", "19"};
    int checked = 0;
    for (int m = 0; m < 8; m++)
        for (int z = 0; z < 4; z++) {
            Options o;
            options_init(&o);
            char err[ERR_MAX];
            assert_true(options_set(&o, "size", sizes[z], err, sizeof err));
            if (mutators[m][0])
                assert_true(options_set(&o, "mutators", mutators[m], err, sizeof err));
            Game *g = game_create(game_lookup("morphos"), &o, err, sizeof err);
            if (!g)
                fail_msg("%s %s: %s", sizes[z], mutators[m], err);
            Rng rng;
            rng_seed(&rng, (uint64_t)(m * 4 + z + 1));
            State *s = state_new(g);
            Action actions[MAX_ACTIONS];
            for (int step = 0; step < 400 && !state_is_terminal(s); step++) {
                compare(view, s);
                checked++;
                int n = state_legal_actions(s, actions);
                assert_true(n > 0);
                state_apply(s, actions[rng_below(&rng, (uint32_t)n)]);
            }
            compare(view, s); /* the end too */
            state_free(s);
            game_free(g);
        }
    assert_true(checked > 1000);
}

static void morpyam_board_text_is_the_object_dumped(void **unused)
{
    const GameView *view = view_for("morpyam");
    assert_non_null(view->board_text);
    static const char *const variants[] = {"standard", "flash", "plus"};
    static const char *const players[] = {"2", "3", "4"};
    int checked = 0;
    for (int v = 0; v < 3; v++)
        for (int p = 0; p < 3; p++)
            for (int seed = 1; seed <= 3; seed++) {
                Options o;
                options_init(&o);
                char err[ERR_MAX];
                assert_true(options_set(&o, "variant", variants[v], err, sizeof err));
                assert_true(options_set(&o, "players", players[p], err, sizeof err));
                Game *g = game_create(game_lookup("morpyam"), &o, err, sizeof err);
                if (!g)
                    fail_msg("%s %s: %s", variants[v], players[p], err);
                Rng rng;
                rng_seed(&rng, (uint64_t)(v * 100 + p * 10 + seed));
                State *s = state_new(g);
                Action actions[MAX_ACTIONS];
                for (int step = 0; step < 3000 && !state_is_terminal(s); step++) {
                    compare(view, s);
                    checked++;
                    if (state_is_chance(s)) { /* the dice, a roll-off, a Plus deal */
                        state_apply(s, state_sample_chance(s, &rng));
                        continue;
                    }
                    int n = state_legal_actions(s, actions);
                    assert_true(n > 0);
                    state_apply(s, actions[rng_below(&rng, (uint32_t)n)]);
                }
                assert_true(state_is_terminal(s));
                compare(view, s); /* the end too */
                state_free(s);
                game_free(g);
            }
    assert_true(checked > 5000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(morphos_board_text_is_the_object_dumped),
        cmocka_unit_test(morpyam_board_text_is_the_object_dumped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
