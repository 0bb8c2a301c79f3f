/* Helpers shared by the Morphos unit tests (header-only, static). */
#ifndef MORPH_TEST_MORPHOS_HELPERS_H
#define MORPH_TEST_MORPHOS_HELPERS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>

#include "../../src/games/morphos/morphos.h"
#include "../../src/games/registry.h"

/* A Morphos game of size n with a comma-separated mutator list ("" for none). */
static inline Game *morphos_game(int n, const char *mutators)
{
    Options o;
    char err[ERR_MAX], size[16];
    options_init(&o);
    snprintf(size, sizeof size, "%d", n);
    options_set(&o, "size", size, err, sizeof err);
    options_set(&o, "mutators", mutators, err, sizeof err);
    Game *g = game_new("morphos", &o, err, sizeof err);
    if (!g)
        fail_msg("%s", err);
    return g;
}

#endif
