/* morph morphos fit-priors: plays self-play games, fits the strengths of
 * the mcts pattern priors on their decisions (src/ai/mcts_fit.c) and
 * writes them as the C source src/ai/mcts_prior_values.c, with the command
 * that made them in its first comment. Single-threaded and seeded: the same
 * command gives the same file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../ai/ai.h"
#include "../ai/mcts_fit.h"
#include "cli.h"
#include "commands.h"
#include "game_args.h"
#include "../games/registry.h"

#define DEFAULT_LEVEL "mcts:playouts=1000,patterns=0"

static const char about[] =
    "Usage: morph morphos fit-priors --games G [--seed S] [--level SPEC]\n"
    "                                [--iterations N] [--min-count N] [--out FILE]\n"
    "                                [game options]\n"
    "\n"
    "Plays G games of SPEC against itself on one thread, records every decision\n"
    "that places or flips a stone, and fits the strength of each feature of the\n"
    "mcts pattern prior (3x3 neighbourhood, flip, shortest connections, previous\n"
    "stone, win points, weakness) by minorization-maximization. Writes the values\n"
    "as C source (src/ai/mcts_prior_values.c in the repository; rebuild to use\n"
    "them) and a summary on stderr. The same arguments give the same file.\n"
    "\n";

static void progress(void *ctx, long done)
{
    const long *games = ctx;
    if (isatty(STDERR_FILENO))
        fprintf(stderr, "\rfit-priors: game %ld of %ld", done, *games);
    if (done == *games && isatty(STDERR_FILENO))
        fputc('\n', stderr);
}

static void print_floats(FILE *f, const char *name, const char *size, const float *v, int n)
{
    fprintf(f, "static const float %s[%s] = {", name, size);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s%#.6gf", i ? ", " : "", (double)v[i]);
    fprintf(f, "};\n");
}

static void write_values(FILE *f, int argc, char **argv, const FitData *d, const FitResult *r)
{
    StrBuf cmd = STRBUF_INIT;
    sb_puts(&cmd, "morph morphos fit-priors");
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--out") == 0 && i + 1 < argc) {
            i++; /* where it was written is not part of what it is */
            continue;
        }
        sb_putc(&cmd, ' ');
        cli_shell_word(argv[i], &cmd);
    }
    fprintf(f,
            "/* Written by `%s`\n"
            " * (docs/ai.md): %ld games, %d decisions, %d candidate actions; log-likelihood\n"
            " * per decision %.4f (uniform choice %.4f), the chosen action the strongest\n"
            " * in %.1f%% of the decisions. Run the command again to refit; do not edit. */\n"
            "#include \"mcts_prior.h\"\n\n",
            sb_str(&cmd), d->games, d->ndecisions, d->ncands, r->log_likelihood, r->uniform_log_likelihood,
            100 * r->top1);
    sb_free(&cmd);
    print_floats(f, "kind", "PF_KIND_N", r->kind, PF_KIND_N);
    print_floats(f, "path", "PF_PATH_N", r->path, PF_PATH_N);
    print_floats(f, "near", "PF_NEAR_N", r->near, PF_NEAR_N);
    print_floats(f, "win", "PF_WIN_N", r->win, PF_WIN_N);
    print_floats(f, "weak", "PF_WEAK_N", r->weak, PF_WEAK_N);
    fprintf(f, "/* {3x3 code, strength}, four to a line; codes not listed have strength 1. */\n");
    fprintf(f, "static const PriorPattern patterns[] = {\n");
    if (r->npatterns == 0)
        fprintf(f, "    {0, 1.0f},\n"); /* C needs one element; strength 1 changes nothing */
    for (int i = 0; i < r->npatterns; i++)
        fprintf(f, "%s{%u, %#.6gf},%s", i % 4 ? " " : "    ", (unsigned)r->patterns[i].code,
                (double)r->patterns[i].gamma, i % 4 == 3 || i == r->npatterns - 1 ? "\n" : "");
    fprintf(f, "};\n\nconst PriorValues mcts_prior_values = {kind, path, near, win, weak, patterns,\n"
               "                                       (int)(sizeof patterns / sizeof *patterns)};\n");
}

int cmd_morphos_fit(int argc, char **argv)
{
    Options opts;
    char err[ERR_MAX];
    long games = 0, iterations = 50, min_count = 20;
    uint64_t seed = 1;
    const char *level = DEFAULT_LEVEL, *out_path = NULL;
    options_init(&opts);
    const CliFlag flags[] = {
        {.name = "--games", .kind = CLI_LONG, .out = &games, .value = "G", .lo = 1, .hi = 100000,
         .expects = "expects a whole number from 1 to 100000", .missing = "",
         .help = "self-play games, 1 to 100000 (required)"},
        {.name = "--seed", .kind = CLI_SEED, .out = &seed, .value = "S",
         .expects = "expects a non-negative whole number", .missing = "",
         .help = "seed of the games (default {})"},
        {.name = "--level", .kind = CLI_TEXT, .out = &level, .value = "SPEC",
         .missing = "--level needs an AI level (see morph morphos fit-priors --help)",
         .help = "the players (default {};\npatterns=0 keeps the data independent of the values\nbeing fitted)"},
        {.name = "--iterations", .kind = CLI_LONG, .out = &iterations, .value = "N", .lo = 1, .hi = 1000,
         .expects = "expects a whole number from 1 to 1000", .missing = "",
         .help = "rounds of the fit, 1 to 1000 (default {})"},
        {.name = "--min-count", .kind = CLI_LONG, .out = &min_count, .value = "N", .lo = 1, .hi = 100000000,
         .expects = "expects a whole number from 1 to 100000000", .missing = "",
         .help = "a 3x3 pattern gets its own strength when it occurs among\nthe candidates at least N times (default {})"},
        {.name = "--out", .kind = CLI_TEXT, .out = &out_path, .value = "FILE",
         .missing = "--out needs a file name (see morph morphos fit-priors --help)",
         .help = "where to write the C source (default: standard output)"},
        {0},
    };
    const CliArgs args = {.prefix = "fit-priors", .name = "morphos fit-priors", .flags = flags, .column = 19,
                          .game = &morphos_ops, .options = &opts, .about = about, .more = cli_more_game_options};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
    if (games == 0)
        return cli_fail(EXIT_USAGE, "fit-priors: --games G is required (see morph morphos fit-priors --help)");
    Game *g = game_new("morphos", &opts, err, sizeof err);
    if (!g)
        return cli_fail(EXIT_BAD_INPUT, "%s", err);
    Ai *check = ai_new(level, g, 1, err, sizeof err);
    if (!check) {
        game_free(g);
        return cli_fail(EXIT_BAD_INPUT, "fit-priors: %s", err);
    }
    ai_free(check);
    if (cli_arguments_only) {
        game_free(g);
        return EXIT_OK;
    }
    FILE *f = out_path ? fopen(out_path, "w") : stdout;
    if (!f) {
        game_free(g);
        return cli_fail(EXIT_BAD_INPUT, "fit-priors: cannot write '%s'", cli_quote(out_path));
    }
    FitData d = {0};
    FitResult r;
    mcts_fit_collect(g, level, games, seed, &d, progress, &games, err, sizeof err);
    mcts_fit_solve(&d, (int)iterations, (int)min_count, &r);
    write_values(f, argc, argv, &d, &r);
    fprintf(stderr,
            "fit-priors: %ld games, %d decisions; log-likelihood per decision %.4f (uniform %.4f); "
            "chosen action the strongest in %.1f%%; %d patterns\n",
            d.games, d.ndecisions, r.log_likelihood, r.uniform_log_likelihood, 100 * r.top1, r.npatterns);
    bool written = out_path ? fclose(f) == 0 : fflush(f) == 0;
    mcts_fit_result_free(&r);
    mcts_fit_free(&d);
    game_free(g);
    if (!written)
        return cli_fail(EXIT_BAD_INPUT, "fit-priors: could not write '%s'", cli_quote(out_path ? out_path : "-"));
    return EXIT_OK;
}
