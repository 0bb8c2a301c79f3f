/* Every registry covers every game of the game registry (docs/architecture.md,
 * "Adding a third game"): the AI's levels of each game (src/ai/levels.c) and
 * every level that says it plays a game (greedy's table of per-game players
 * included), the server's views (src/front/view.c), and GET /api/meta, which
 * tells the page each game's dice, default AI and hint. (This file is named
 * test_server_* so that it links the server; the terminal screens and the
 * page's registry are checked by tests/cli/test_registries.sh.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/ai/ai.h"
#include "../../src/games/registry.h"
#include "../../src/server/api/api.h"
#include "../../src/server/serve.h"
#include "../../src/front/view.h"

static Game *default_game(const GameOps *ops)
{
    Options none;
    char err[ERR_MAX];
    options_init(&none);
    Game *g = game_create(ops, &none, err, sizeof err);
    if (!g)
        fail_msg("%s with its default options: %s", ops->name, err);
    return g;
}

static void every_game_has_its_levels(void **unused)
{
    int games = 0;
    for (const GameOps *const *ops = game_list(); *ops; ops++, games++) {
        const char *name = (*ops)->name;
        const AiGameLevels *chosen = ai_game_levels(name);
        if (!chosen->game || strcmp(chosen->game, name) != 0)
            fail_msg("%s has no line in src/ai/levels.c", name);
        Game *g = default_game(*ops);
        const char *roles[] = {chosen->default_level, chosen->gentle_level, chosen->hint_level,
                               chosen->strongest_level, chosen->analysis_level};
        for (int k = 0; k < 5; k++) {
            char err[ERR_MAX];
            if (!ai_level(roles[k], name))
                fail_msg("%s: its level '%s' does not play it", name, roles[k]);
            Ai *ai = ai_new(roles[k], g, 1, err, sizeof err);
            if (!ai)
                fail_msg("%s: level '%s': %s", name, roles[k], err);
            ai_free(ai);
        }
        /* a newcomer's first game is never against the strongest level */
        if (strcmp(chosen->gentle_level, chosen->strongest_level) == 0)
            fail_msg("%s: its gentle level '%s' is its strongest", name, chosen->gentle_level);
        /* the page says an analysis is "judged by the strongest AI" */
        if (strcmp(chosen->analysis_level, chosen->strongest_level) != 0)
            fail_msg("%s: analysed by '%s', not by its strongest level '%s'", name, chosen->analysis_level,
                     chosen->strongest_level);
        /* every level it plays has its words for people (the page's form, AI seats' names) */
        for (const AiOps *const *level = ai_list(); *level; level++)
            if (ai_plays(*level, name) && !ai_level_words(name, (*level)->name))
                fail_msg("%s: level '%s' has no words in src/ai/level_words.c", name, (*level)->name);
        /* every option and each of its choices is named for people */
        for (const OptionSpec *o = (*ops)->option_specs; o->key; o++) {
            if (!options_words((*ops)->option_words, o->key, NULL))
                fail_msg("%s: option '%s' has no words", name, o->key);
            for (const char *p = o->choices; p && *p;) {
                char word[OPTION_VALUE_MAX];
                size_t len = strcspn(p, ",");
                snprintf(word, sizeof word, "%.*s", (int)len, p);
                if (!options_words((*ops)->option_words, o->key, word))
                    fail_msg("%s: choice '%s' of option '%s' has no words", name, word, o->key);
                p += len + (p[len] == ',');
            }
        }
        /* the hint's spec is one a level takes */
        char spec[64], err[ERR_MAX];
        ai_hint_spec(name, 100, spec, sizeof spec);
        Ai *hint = ai_new(spec, g, 1, err, sizeof err);
        if (!hint)
            fail_msg("%s: hint spec '%s': %s", name, spec, err);
        ai_free(hint);
        /* every level that says it plays the game can be made for it */
        for (const AiOps *const *level = ai_list(); *level; level++) {
            if (!ai_plays(*level, name))
                continue;
            Ai *ai = ai_new((*level)->name, g, 1, err, sizeof err);
            if (!ai)
                fail_msg("%s: level '%s' says it plays it: %s", name, (*level)->name, err);
            ai_free(ai);
        }
        game_free(g);
    }
    assert_true(games >= 2);
    /* and a level names only games of the registry */
    for (const AiOps *const *level = ai_list(); *level; level++) {
        if (!(*level)->games)
            continue;
        char copy[128];
        snprintf(copy, sizeof copy, "%s", (*level)->games);
        for (char *save = NULL, *game = strtok_r(copy, ",", &save); game; game = strtok_r(NULL, ",", &save))
            if (!game_lookup(game))
                fail_msg("level '%s' names '%s', which is no game of the registry", (*level)->name, game);
    }
}

static void every_game_has_a_view(void **unused)
{
    for (const GameOps *const *ops = game_list(); *ops; ops++) {
        const GameView *view = view_for((*ops)->name);
        if (!view)
            fail_msg("%s has no view in src/front/view.c", (*ops)->name);
        assert_string_equal(view->game, (*ops)->name);
        /* the view draws the start of a game */
        Game *g = default_game(*ops);
        State *s = state_new(g);
        json_t *board = view->board(s);
        assert_true(json_is_object(board));
        json_decref(board);
        int dice = view->dice_to_roll(s);
        assert_true(dice >= 0);
        if (!(*ops)->has_dice)
            assert_int_equal(dice, 0); /* a game without dice never asks for any */
        state_free(s);
        game_free(g);
    }
}

/* The page learns each game from GET /api/meta: its levels, the default AI
 * among them, the hint, and whether it has dice. */
static void meta_tells_the_page_each_game(void **unused)
{
    char dir[] = "/tmp/morph-registries-XXXXXX", path[64], err[ERR_MAX + 256];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/db", dir);
    ServerConfig cfg;
    server_config_defaults(&cfg);
    cfg.db_path = path;
    cfg.ai_threads = 0;
    Server *srv = server_new(&cfg, err, sizeof err);
    assert_non_null(srv);
    ApiRequest req = {.method = "GET", .path = "/api/meta", .client = "10.0.0.9"};
    ApiResponse res;
    api_handle(srv, &req, &res);
    assert_int_equal(res.status, 200);
    json_t *meta = json_loads(res.body, 0, NULL);
    api_response_free(&res);
    json_t *games = json_object_get(meta, "games");
    size_t i;
    json_t *game;
    int n = 0;
    for (const GameOps *const *ops = game_list(); *ops; ops++)
        n++;
    assert_int_equal(json_array_size(games), n);
    json_array_foreach(games, i, game) {
        const char *name = json_string_value(json_object_get(game, "name"));
        const GameOps *ops = game_lookup(name);
        assert_non_null(ops);
        assert_true(json_is_true(json_object_get(game, "dice")) == ops->has_dice);
        const char *wanted[] = {json_string_value(json_object_get(game, "default_ai")),
                                json_string_value(json_object_get(game, "gentle_ai")),
                                json_string_value(json_object_get(game, "hint"))};
        for (int k = 0; k < 3; k++) {
            bool offered = false;
            size_t j;
            json_t *level;
            json_array_foreach(json_object_get(game, "ai"), j, level)
                offered |= strcmp(json_string_value(json_object_get(level, "level")), wanted[k]) == 0;
            if (!offered)
                fail_msg("%s: '%s' is not among its levels in /api/meta", name, wanted[k]);
        }
        /* words for people: every level a label, its own words and a rating; every option a label */
        size_t j;
        json_t *item;
        json_array_foreach(json_object_get(game, "ai"), j, item) {
            const char *level = json_string_value(json_object_get(item, "level"));
            const AiLevelWords *w = ai_level_words(name, level);
            assert_non_null(w);
            assert_string_equal(json_string_value(json_object_get(item, "label")), w->label);
            assert_string_equal(json_string_value(json_object_get(item, "about")), w->summary);
            assert_string_equal(json_string_value(json_object_get(item, "rating")), w->rating);
        }
        json_array_foreach(json_object_get(game, "options"), j, item) {
            assert_non_null(json_string_value(json_object_get(item, "label")));
            assert_non_null(json_string_value(json_object_get(item, "about")));
            json_t *choices = json_object_get(item, "choices");
            if (choices)
                assert_int_equal(json_array_size(json_object_get(item, "choice_words")), json_array_size(choices));
        }
    }
    /* two examples in full: Morpyam's Flash and Morphos's strongest level */
    json_t *yam = json_array_get(games, 0), *variant = json_array_get(json_object_get(yam, "options"), 1);
    assert_string_equal(json_string_value(json_object_get(variant, "label")), "Variant");
    json_t *flash = json_array_get(json_object_get(variant, "choice_words"), 1);
    assert_string_equal(json_string_value(json_object_get(flash, "value")), "flash");
    assert_string_equal(json_string_value(json_object_get(flash, "label")), "Flash");
    json_t *levels = json_object_get(json_array_get(games, 1), "ai");
    assert_string_equal(json_string_value(json_object_get(json_array_get(levels, 2), "label")), "Strongest");
    json_decref(meta);
    server_free(srv);
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_game_has_its_levels),
        cmocka_unit_test(every_game_has_a_view),
        cmocka_unit_test(meta_tells_the_page_each_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
