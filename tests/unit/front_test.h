/* What the front-end suites share (test_frontend.c and test_frontend_*.c):
 * the game-independent front end (src/front, src/protocol, src/cli/game_args.c,
 * cli.c and cli_parse.c) compiled into the test itself, a registry holding only the toy
 * game "race" (toy_race.c), so that it is tested without a real game, and
 * makers of race games and sessions. Include it once per test binary: it
 * defines the registry's game_list. */
#ifndef MORPH_TEST_FRONT_TEST_H
#define MORPH_TEST_FRONT_TEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/protocol/engine.c"
#include "../../src/cli/game_args.c"
#include "../../src/cli/cli.c"
#include "../../src/cli/cli_parse.c"
#include "../../src/front/explain.c"
#include "../../src/front/game_json.c"
#include "../../src/front/json_text.c"
#include "../../src/front/record.c"
#include "../../src/front/record_file.c"
#include "../../src/front/session.c"
#include "toy_race.h"
#include "../../src/core/utf8.h"
#include "../../src/games/registry.h"

/* This binary's registry holds only the toy game. */
const GameOps *const *game_list(void)
{
    static const GameOps *const games[] = {&toy_race_ops, NULL};
    return games;
}

static inline char *dumps(const json_t *v)
{
    return json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
}

#define ASSERT_JSON(value, expected)                                                                               \
    do {                                                                                                           \
        char *text_ = dumps(value);                                                                                \
        assert_string_equal(text_, expected);                                                                      \
        free(text_);                                                                                               \
    } while (0)

static inline Game *race(const char *players, const char *target, const char *tags)
{
    Options o;
    char err[ERR_MAX];
    options_init(&o);
    if (players)
        options_set(&o, "players", players, err, sizeof err);
    if (target)
        options_set(&o, "target", target, err, sizeof err);
    if (tags)
        options_set(&o, "tags", tags, err, sizeof err);
    Game *g = game_new("race", &o, err, sizeof err);
    assert_non_null(g);
    return g;
}

static inline Session *race_session(const char *target, uint64_t seed, const char *const *players)
{
    char err[ERR_MAX];
    Session *s = session_new_game(race(NULL, target, NULL), players, seed, err, sizeof err);
    assert_non_null(s);
    return s;
}

#endif
