/* The top level of `morph`: its command table (main.c only calls
 * morph_main, so the command-line fuzz target can drive it in-process). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

static int cmd_version(int argc, char **argv)
{
    if (argc > 1)
        return cli_fail(EXIT_USAGE, "version takes no arguments, got '%s'", cli_quote(argv[1]));
    printf("morph %s\n", MORPH_VERSION);
    return EXIT_OK;
}

/* Commands in the order people reach for them: play first, tools after. */
static const Command commands[] = {
    {"play", cmd_play, "play a game in the terminal against AIs or people"},
    {"serve", cmd_serve, "serve the web page: play in the browser, with friends or AIs"},
    {"morpyam", cmd_morpyam, "Morpyam rules and analysis: figures, odds, score, layout, watch, analyze"},
    {"morphos", cmd_morphos, "Morphos positions: legal moves, deadlocks, drawings, solving, puzzles"},
    {"replay", cmd_replay, "check a game record and show its final position"},
    {"analyze", cmd_analyze, "judge every decision of a game record: where it was won and lost"},
    {"engine", cmd_engine, "JSON-lines engine protocol for programs"},
    {"arena", cmd_arena, "play AI against AI and measure the score"},
    {"gtp", cmd_gtp, "Go Text Protocol (version 2) engine for Morphos"},
    {"bench", cmd_bench, "measure engine speed on fixed workloads"},
    {"version", cmd_version, "print the version (also --version)"},
    {NULL, NULL, NULL},
};

int morph_main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--version") == 0)
        return cmd_version(1, argv + 1);
    return cli_dispatch("morph", commands, argc, argv);
}
