/* The Morphos game of the commands built on the exact solver (morph
 * morphos solve and puzzles): the size and mutators they were given, made
 * through the registry and refused when the solver does not handle them. */
#include <stdio.h>

#include "../ai/solver.h"
#include "cli.h"
#include "commands.h"
#include "../games/registry.h"

int morphos_solver_game(const char *cmd, long size, const char *mutators, Game **out)
{
    char err[ERR_MAX], text[16];
    Options o;
    options_init(&o);
    snprintf(text, sizeof text, "%ld", size);
    if (!options_set(&o, "size", text, err, sizeof err) || !options_set(&o, "mutators", mutators, err, sizeof err))
        return cli_fail(EXIT_BAD_INPUT, "%s", err);
    Game *g = game_new("morphos", &o, err, sizeof err);
    if (!g)
        return cli_fail(EXIT_BAD_INPUT, "%s", err);
    if (!solver_supports(g->config, err, sizeof err)) {
        game_free(g);
        return cli_fail(EXIT_USAGE, "%s: %s", cmd, err);
    }
    *out = g;
    return -1;
}
