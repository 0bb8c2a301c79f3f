/* morph engine: the JSON-lines protocol of docs/protocol.md on stdin/stdout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "../protocol/engine.h"
#include "game_args.h"
#include "../core/utf8.h"

static const char about[] =
    "Usage: morph engine [--level SPEC]\n"
    "\n"
    "Speaks the JSON-lines protocol of docs/protocol.md: one request object per\n"
    "line on stdin, one reply object per line on stdout. Requests: new, play,\n"
    "chance, legal, state, genmove, hint, words, undo, record, save, load, quit.\n"
    "Replies that apply actions list them (\"played\") with their sentences\n"
    "(\"described\"); a refused action's error has the rules' reason (\"why\").\n"
    "Malformed requests get {\"ok\":false,\"error\":...} and the engine keeps\n"
    "running; end of input ends it.\n"
    "\n";

static void more(FILE *out, const CliArgs *args)
{
    fprintf(out, "\nAI levels:\n");
    cli_print_ai_levels(out, NULL);
    fprintf(out, "\nGame options (the \"options\" object of \"new\"):\n");
    game_args_print_json_help(out);
}

int cmd_engine(int argc, char **argv)
{
    const char *level = NULL;
    const CliFlag flags[] = {
        {.name = "--level", .kind = CLI_TEXT, .out = &level, .value = "SPEC",
         .help = "AI level genmove uses when a request names none and the seat\n"
                 "to move is not an AI (e.g. random, mcts:ms=200); default none"},
        {0},
    };
    const CliArgs args = {.prefix = "engine", .flags = flags, .column = 17,
                          .unknown = "unknown argument '%s' (expected --level SPEC)", .about = about, .more = more, .help_in_turn = true};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
    char q[EXCERPT_SIZE];
    if (level && strlen(level) >= sizeof ((Engine *)0)->default_level)
        return cli_fail(EXIT_USAGE, "engine: --level '%s' is too long (at most %zu characters)",
                        text_excerpt(level, EXCERPT_MAX, q, sizeof q), sizeof ((Engine *)0)->default_level - 1);
    Engine e;
    engine_init(&e, level);
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while (!e.quit && (len = getline(&line, &cap, stdin)) >= 0) {
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            line[--len] = '\0';
        if (strspn(line, " \t") == (size_t)len)
            continue; /* blank lines are ignored */
        json_t *reply = engine_handle_line(&e, line);
        char *text = json_dumps(reply, JSON_COMPACT | JSON_REAL_PRECISION(12));
        puts(text);
        fflush(stdout);
        free(text);
        json_decref(reply);
    }
    free(line);
    engine_free(&e);
    return EXIT_OK;
}
