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

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: morph gtp [--size N] [--mutators LIST] [--move-cap N] [--ai SPEC]\n"
            "                 [--seed S]\n"
            "\n"
            "A Go Text Protocol (version 2) engine for Morphos: GTP commands on stdin,\n"
            "responses on stdout (docs/gtp.md). Moves use morph's notation (c3, xc3,\n"
            "c3,c4, swap, pass, resign; case does not matter), colours b/w are the\n"
            "colours of the stones (after a swap the swapper is b). Commands:\n"
            "protocol_version, name, version, known_command, list_commands, quit,\n"
            "boardsize, clear_board, play, genmove, undo, showboard, time_settings,\n"
            "time_left, final_score, morphos-mutators, morphos-legal. End of input ends\n"
            "the engine like quit.\n"
            "\n"
            "  --ai SPEC   the AI genmove uses (default %s: mcts if available, else\n"
            "              greedy, else random); with time_settings or time_left and no\n"
            "              ms= or playouts= in SPEC, levels that take ms= get a per-move\n"
            "              budget from the clock\n"
            "  --seed S    base seed, 0 to 2^63-1 (default: from the clock, reported on\n"
            "              stderr); the k-th game (0 at the start, +1 for every boardsize,\n"
            "              clear_board or morphos-mutators LIST) uses a seed derived\n"
            "              from (S, k)\n"
            "\n"
            "Game options (boardsize and morphos-mutators change size and mutators later):\n",
            gtp_default_ai());
    game_args_print_help(out, game_lookup(GTP_GAME));
    fprintf(out, "\nAI levels:\n");
    for (const AiOps *const *l = ai_list(); *l; l++)
        cli_help_item(out, 14, (*l)->name, (*l)->summary);
}

int cmd_gtp(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        usage(stdout);
        return EXIT_OK;
    }
    const GameOps *ops = game_lookup(GTP_GAME);
    Options opts;
    options_init(&opts);
    const char *ai = gtp_default_ai();
    uint64_t seed = 0;
    bool have_seed = false;
    char err[ERR_MAX + 64];
    for (int i = 1; i < argc; i++) {
        bool has_value = i + 1 < argc;
        if (strcmp(argv[i], "--ai") == 0 && has_value) {
            ai = argv[++i];
        } else if (strcmp(argv[i], "--seed") == 0 && has_value) {
            if (!cli_parse_u64(argv[++i], &seed) || seed > SESSION_SEED_MAX)
                return cli_fail(EXIT_USAGE, "gtp: --seed expects a whole number from 0 to 2^63-1, got '%s'", cli_quote(argv[i]));
            have_seed = true;
        } else {
            GameArgResult r = game_args_take(ops, argc, argv, &i, &opts, err, sizeof err);
            if (r == GAME_ARG_ERROR)
                return cli_fail(EXIT_USAGE, "gtp: %s", err);
            if (r == GAME_ARG_NOT_MINE) {
                game_args_unknown(ops, "gtp", argv[i], "--ai, --seed", err, sizeof err);
                return cli_fail(EXIT_USAGE, "%s", err);
            }
        }
    }
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
