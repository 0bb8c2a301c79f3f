/* morph morpyam tune: fits the master's evaluation by self-play for 2, 3
 * and 4 players (src/ai/morpyam_tune.c) and writes the weights as the C
 * table src/ai/morpyam_master_weights.c. Round 1 learns from expert
 * self-play, each later round from the self-play of the master with the
 * weights of the round before. Every game is seeded from the run's seed,
 * so a run is reproducible whatever the thread count. */
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../ai/morpyam_tune.h"
#include "../front/record.h"
#include "../front/session.h"
#include "cli.h"
#include "../games/registry.h"
#include "commands.h"

#define DEFAULT_GAMES 6000
#define DEFAULT_ROUNDS 1
#define DEFAULT_STEPS 400
#define DEFAULT_SEED 2026
#define ALL_COUNTS (1u << 2 | 1u << 3 | 1u << 4)

typedef struct TuneArgs {
    long games, rounds, steps, threads;
    uint64_t seed;
    unsigned players; /* bit n: tune the model of n players */
    const char *out;
} TuneArgs;

static const char about[] =
    "Usage: morph morpyam tune [--games G] [--rounds R] [--steps N] [--seed S]\n"
    "                          [--players LIST] [--threads T] [--out FILE]\n"
    "\n"
    "Fits the weights of the master's evaluation (docs/ai.md) by self-play on the\n"
    "standard grid, for 2, 3 and 4 players in turn. Each round plays G games (the\n"
    "first between experts, the next ones between masters with the weights of the\n"
    "round before), keeps the position at the start of every turn with the\n"
    "game's result, and fits the weights that make those results most likely.\n"
    "It prints what each round did and writes the weights as a C table: the\n"
    "checked-in src/ai/morpyam_master_weights.c is the output of this command\n"
    "with its defaults.\n"
    "\n";

static double seconds_of(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Wall-clock seconds, and the CPU seconds of the process (every thread):
 * on a shared machine the two differ. */
static double now(void)
{
    return seconds_of(CLOCK_MONOTONIC);
}

static double cpu_now(void)
{
    return seconds_of(CLOCK_PROCESS_CPUTIME_ID);
}

/* Tunes the model for one player count. */
static void tune_players(const TuneArgs *a, int players, MaiModel *model, FILE *report, StrBuf *notes)
{
    char err[ERR_MAX], count[4];
    Options opts;
    options_init(&opts);
    snprintf(count, sizeof count, "%d", players);
    options_set(&opts, "players", count, err, sizeof err);
    Game *g = game_new("morpyam", &opts, err, sizeof err);
    for (int round = 1; round <= a->rounds; round++) {
        TuneSet set = {0};
        double start = now(), cpu_start = cpu_now();
        mai_tune_play(g, round == 1 ? NULL : model, (int)a->games, seed_derive(a->seed, (uint64_t)players, (uint64_t)round),
                      (int)a->threads, &set);
        double played = now(), cpu_played = cpu_now();
        TuneFit fit;
        mai_tune_fit(&set, players, (int)a->steps, model, &fit);
        double fitted = now(), cpu_fitted = cpu_now();
        const char *by = round == 1 ? "expert" : "master";
        fprintf(report,
                "%d players, round %d: %ld games of %s self-play, %zu positions (%.1f s, %.1f s of CPU); "
                "fit %.1f s (%.1f s of CPU), log-loss %.5f (the expert's evaluation: %.5f)\n",
                players, round, a->games, by, set.n, played - start, cpu_played - cpu_start, fitted - played,
                cpu_fitted - cpu_played, fit.loss, fit.expert_loss);
        fflush(report);
        sb_printf(notes, " *   %d players, round %d: %ld games of %s self-play, %zu positions, log-loss %.5f (expert %.5f)\n",
                  players, round, a->games, by, set.n, fit.loss, fit.expert_loss);
        mai_tune_set_free(&set);
    }
    game_free(g);
}

static void write_table(const TuneArgs *a, const MaiModel models[3], const char *notes, StrBuf *out)
{
    sb_printf(out,
              "/* The weights of the master's evaluation (morpyam_model.h), written by\n"
              " *   morph morpyam tune --games %ld --rounds %ld --steps %ld --seed %llu",
              a->games, a->rounds, a->steps, (unsigned long long)a->seed);
    if (a->players != ALL_COUNTS) {
        sb_puts(out, " --players ");
        for (int n = 2, first = 1; n <= 4; n++)
            if (a->players >> n & 1) {
                sb_printf(out, "%s%d", first ? "" : ",", n);
                first = 0;
            }
    }
    sb_puts(out, "\n * Do not edit: run the command again (docs/ai.md).\n");
    sb_puts(out, notes);
    sb_puts(out, " */\n#include \"morpyam_model.h\"\n\nconst MaiModel mai_master_models[3] = {\n");
    for (int i = 0; i < 3; i++) {
        sb_printf(out, "    {%d, {\n", models[i].players);
        for (int j = 0; j < MAI_FEATURES; j++)
            sb_printf(out, "        %.9g, /* %s */\n", models[i].w[j], mai_feature_names[j]);
        sb_puts(out, "    }},\n");
    }
    sb_puts(out, "};\n");
}

/* Whether the table can be written to path: a directory that takes new
 * files, and no directory in the way. */
static bool may_write(const char *path, char *err, size_t errlen)
{
    struct stat st;
    char *copy = strdup(path);
    bool ok = copy && access(dirname(copy), W_OK | X_OK) == 0;
    int saved = errno;
    free(copy);
    if (ok && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        ok = false;
        saved = EISDIR;
    }
    if (!ok)
        snprintf(err, errlen, "cannot write weights '%s': %s", cli_quote(path), strerror(saved));
    return ok;
}

/* "2", "2,4", "2,3,4": the player counts to tune, as bits; 0 when bad. */
static unsigned parse_counts(const char *text)
{
    unsigned bits = 0;
    for (const char *p = text;; p += 2) {
        if (p[0] < '2' || p[0] > '4' || (p[1] != ',' && p[1] != '\0') || (bits >> (p[0] - '0') & 1))
            return 0;
        bits |= 1u << (p[0] - '0');
        if (p[1] == '\0')
            return bits;
    }
}

int cmd_morpyam_tune(int argc, char **argv)
{
    char err[ERR_MAX];
    TuneArgs a = {DEFAULT_GAMES, DEFAULT_ROUNDS, DEFAULT_STEPS, 1, DEFAULT_SEED, ALL_COUNTS, NULL};
    const char *counts = "2,3,4";
    const CliFlag flags[] = {
        {.name = "--games", .kind = CLI_LONG, .out = &a.games, .value = "G", .lo = 1, .hi = 1000000,
         .expects = "expects a whole number from 1 to 1000000",
         .help = "games per round and player count, 1 to 1000000 (default {})"},
        {.name = "--rounds", .kind = CLI_LONG, .out = &a.rounds, .value = "R", .lo = 1, .hi = 20,
         .expects = "expects a whole number from 1 to 20", .help = "rounds of self-play and fitting, 1 to 20 (default {})"},
        {.name = "--steps", .kind = CLI_LONG, .out = &a.steps, .value = "N", .lo = 1, .hi = 100000,
         .expects = "expects a whole number from 1 to 100000", .help = "steps of the fit, 1 to 100000 (default {})"},
        {.name = "--seed", .kind = CLI_SEED, .out = &a.seed, .value = "S",
         .expects = "expects a whole number from 0 to 2^64-1", .help = "seed of the run, 0 to 2^64-1 (default {})"},
        {.name = "--players", .kind = CLI_TEXT, .out = &counts, .value = "LIST",
         .help = "the player counts to tune, e.g. 2 or 2,4 (default {});\nthe table keeps this build's weights "
                 "for the others"},
        {.name = "--threads", .kind = CLI_LONG, .out = &a.threads, .value = "T", .lo = 1, .hi = 64,
         .expects = "expects a whole number from 1 to 64",
         .help = "games played in parallel, 1 to 64 (default {}); the weights\nare the same for every T"},
        {.name = "--out", .kind = CLI_TEXT, .out = &a.out, .value = "FILE",
         .help = "write the C table to FILE (replaced atomically) and the\nreport to stdout; without it the table "
                 "goes to stdout and\nthe report to stderr"},
        {0},
    };
    const CliArgs args = {.prefix = "tune", .flags = flags, .column = 18, .about = about,
                          .unknown = "unknown argument '%s' (expected --games, --rounds, --steps, --seed, --players, "
                                     "--threads or --out, each with a value)"};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
    if (!(a.players = parse_counts(counts)))
        return cli_fail(EXIT_USAGE, "tune: --players expects player counts from 2 to 4, e.g. 2 or 2,4, got '%s'",
                        cli_quote(counts));
    if (cli_arguments_only)
        return EXIT_OK;
    if (a.out && !may_write(a.out, err, sizeof err)) /* before the work, not after */
        return cli_fail(EXIT_BAD_INPUT, "tune: %s", err);
    FILE *report = a.out ? stdout : stderr;
    MaiModel models[3];
    StrBuf notes = STRBUF_INIT, table = STRBUF_INIT;
    double start = now(), cpu_start = cpu_now();
    for (int players = 2; players <= 4; players++) {
        models[players - 2] = *mai_master_model(players);
        if (a.players >> players & 1)
            tune_players(&a, players, &models[players - 2], report, &notes);
        else
            sb_printf(&notes, " *   %d players: the weights of the build that ran the command, kept\n", players);
    }
    fprintf(report, "tuned in %.1f s (%.1f s of CPU)\n", now() - start, cpu_now() - cpu_start);
    write_table(&a, models, sb_str(&notes), &table);
    sb_free(&notes);
    int status = EXIT_OK;
    if (!a.out)
        fputs(sb_str(&table), stdout);
    else if (!file_write_atomic(a.out, sb_str(&table), "weights", RECORD_ATOMIC, err, sizeof err))
        status = cli_fail(EXIT_BAD_INPUT, "tune: %s", err);
    sb_free(&table);
    return status;
}
