/* morph: a command-line front end to the Morpyam and Morphos engines. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

static const Command commands[] = {
    {"bench", cmd_bench, "measure engine speed on fixed workloads"},
    {"morpyam", cmd_morpyam, "Morpyam rules: figures, odds, score, layout, watch"},
    {"morphos", cmd_morphos, "inspect Morphos positions: legal moves, deadlocks, drawings"},
    {"replay", cmd_replay, "check a game record and show its final position"},
    {"engine", cmd_engine, "JSON-lines engine protocol for programs"},
    {"arena", cmd_arena, "play AI against AI and measure the score"},
    {"gtp", cmd_gtp, "Go Text Protocol (version 2) engine for Morphos"},
    {NULL, NULL, NULL},
};

int main(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0)) {
        printf("morph %s\n", MORPH_VERSION);
        return EXIT_OK;
    }
    return cli_dispatch("morph", commands, argc, argv);
}
