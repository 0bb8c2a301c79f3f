/* morph gtp: the Go Text Protocol (version 2) for Morphos on stdin/stdout
 * (docs/gtp.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "commands.h"
#include "game_args.h"
#include "../protocol/gtp.h"
#include "../games/registry.h"

static const char about[] =
    "Usage: morph gtp [--size N] [--mutators LIST] [--move-cap N] [--ai SPEC]\n"
    "                 [--seed S]\n"
    "\n"
    "A Go Text Protocol (version 2) engine for Morphos: GTP commands on stdin,\n"
    "responses on stdout (docs/gtp.md). Moves are GTP vertices (A to T without\n"
    "I, any case: J5 on 9x9 is the ninth column); a play on an enemy stone is\n"
    "its flip (xC3 is read too); swap, pass and resign are words; the parts of\n"
    "one turn are joined by commas (C3,C4). Colours b/w are the colours of the\n"
    "stones (after a swap the swapper is b). Commands: protocol_version, name,\n"
    "version, known_command, list_commands, quit, boardsize, clear_board, play,\n"
    "genmove, undo, showboard, komi (accepted and ignored), time_settings,\n"
    "time_left, final_score, final_status_list, morphos-mutators,\n"
    "morphos-legal. End of input ends the engine like quit.\n"
    "\n";

static void more(FILE *out, const CliArgs *args)
{
    fprintf(out, "\nGame options (boardsize and morphos-mutators change size and mutators later):\n");
    game_args_print_help(out, args->game);
    fprintf(out, "\nAI levels:\n");
    cli_print_ai_levels(out, GTP_GAME);
}

int cmd_gtp(int argc, char **argv)
{
    Options opts;
    options_init(&opts);
    const char *ai = gtp_default_ai();
    uint64_t seed = 0;
    bool have_seed = false;
    char err[ERR_MAX + 64];
    const CliFlag flags[] = {
        {.name = "--ai", .kind = CLI_TEXT, .out = &ai, .value = "SPEC",
         .help = "the AI genmove uses (default {}: mcts if available, else\n"
                 "greedy, else random); with time_settings or time_left and no\n"
                 "ms= or playouts= in SPEC, levels that take ms= get a per-move\n"
                 "budget from the clock"},
        {.name = "--seed", .kind = CLI_SEED, .out = &seed, .value = "S", .umax = SESSION_SEED_MAX,
         .expects = "expects a whole number from 0 to 2^63-1", .given = &have_seed,
         .help = "base seed, 0 to 2^63-1 (default: from the clock, reported on\n"
                 "stderr); the k-th game (0 at the start, +1 for every boardsize,\n"
                 "clear_board or morphos-mutators LIST) uses a seed derived\n"
                 "from (S, k)"},
        {0},
    };
    const CliArgs args = {.prefix = "gtp", .flags = flags, .column = 14, .game = game_lookup(GTP_GAME),
                          .options = &opts, .about = about, .more = more};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
    if (!have_seed)
        seed = (uint64_t)time(NULL) & SESSION_SEED_MAX; /* no seed given: reported below */
    Gtp g;
    if (!gtp_init(&g, &opts, ai, seed, err, sizeof err))
        return cli_fail(EXIT_USAGE, "gtp: %s", err);
    if (!have_seed)
        fprintf(stderr, "morph gtp: seed %llu\n", (unsigned long long)seed);
    char *line = NULL;
    size_t cap = 0;
    StrBuf out = STRBUF_INIT;
    while (!g.quit && getline(&line, &cap, stdin) >= 0) {
        sb_clear(&out);
        gtp_handle_line(&g, line, &out);
        fputs(sb_str(&out), stdout);
        fflush(stdout);
    }
    sb_free(&out);
    free(line);
    gtp_free(&g);
    return EXIT_OK;
}
