/* The argument parser (cli.h): reads a command line by the command's
 * CliFlag table, then the game option flags (game_args.c), then the
 * command's operands, and prints the table's part of the usage. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "game_args.h"
#include "../core/number.h"

static const CliFlag *flag_named(const CliArgs *a, const char *name)
{
    for (const CliFlag *f = a->flags; f && f->name; f++)
        if (strcmp(f->name, name) == 0)
            return f;
    return NULL;
}

/* The index of word in the comma-separated list words, or -1. */
static int word_index(const char *words, const char *word)
{
    size_t len = strlen(word);
    int k = 0;
    for (const char *p = words; *p; k++) {
        size_t n = strcspn(p, ",");
        if (n == len && strncmp(p, word, n) == 0)
            return k;
        p += n + (p[n] == ',');
    }
    return -1;
}

/* Reads value into f's target; false when it is not one f takes. */
static bool take_value(const CliFlag *f, const char *value)
{
    long l;
    double d;
    uint64_t u;
    int k;
    switch (f->kind) {
    case CLI_TEXT:
        *(const char **)f->out = value;
        return true;
    case CLI_INT:
    case CLI_LONG:
        if (!number_parse_long(value, (long)f->lo, (long)f->hi, &l))
            return false;
        if (f->kind == CLI_INT)
            *(int *)f->out = (int)l;
        else
            *(long *)f->out = l;
        return true;
    case CLI_SEED:
        if (!number_parse_u64(value, &u) || (f->umax && u > f->umax))
            return false;
        *(uint64_t *)f->out = u;
        return true;
    case CLI_DECIMAL:
        if (!number_parse_decimal(value, f->lo, f->hi, &d))
            return false;
        *(double *)f->out = d;
        return true;
    case CLI_WORD:
        if ((k = word_index(f->words, value)) < 0)
            return false;
        *(int *)f->out = k;
        return true;
    default:
        return false;
    }
}

void cli_flag_names(const CliArgs *a, char *out, size_t outlen)
{
    size_t used = 0;
    out[0] = '\0';
    for (const CliFlag *f = a->flags; f && f->name && used < outlen; f++) {
        int w = snprintf(out + used, outlen - used, "%s%s", used ? ", " : "", f->name);
        used += w > 0 ? (size_t)w : 0;
    }
}

/* An argument no flag took: an operand, a game option, or unknown. */
static int other(const CliArgs *a, int argc, char **argv, int *i)
{
    const char *prefix = a->prefix;
    if (a->operand) {
        int r = a->operand(a->ctx, argc, argv, i);
        if (r != CLI_NOT_MINE)
            return r;
    }
    char err[ERR_MAX * 2];
    if (a->game) {
        GameArgResult r = game_args_take(a->game, argc, argv, i, a->options, err, sizeof err);
        if (r == GAME_ARG_ERROR)
            return cli_fail(EXIT_USAGE, "%s: %s", prefix, err);
        if (r == GAME_ARG_TAKEN)
            return CLI_TAKEN;
    }
    if (a->unknown || !a->game) {
        char message[512];
        snprintf(message, sizeof message, "%s: %s", prefix, a->unknown ? a->unknown : "unknown argument '%s'");
        return cli_fail(EXIT_USAGE, message, cli_quote(argv[*i]));
    }
    char own[512];
    cli_flag_names(a, own, sizeof own);
    game_args_unknown(a->game, a->name ? a->name : prefix, argv[*i], own, err, sizeof err);
    return cli_fail(EXIT_USAGE, "%s", err);
}

void cli_print_usage(FILE *out, const CliArgs *a)
{
    fputs(a->about, out);
    cli_print_flags(out, a);
    if (a->more)
        a->more(out, a);
}

void cli_more_game_options(FILE *out, const CliArgs *a)
{
    fprintf(out, "Game options:\n");
    game_args_print_help(out, a->game);
}

/* --help: the usage on stdout. */
static int help(const CliArgs *a)
{
    if (!a->about)
        return CLI_HELP;
    cli_print_usage(stdout, a);
    return EXIT_OK;
}

int cli_parse(const CliArgs *a, int argc, char **argv, int first)
{
    if (!a->help_in_turn && cli_wants_help(argc, argv))
        return help(a);
    for (int i = first; i < argc; i++) {
        const char *arg = argv[i];
        if (a->help_in_turn && (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0))
            return help(a);
        const CliFlag *f = flag_named(a, arg);
        if (f && f->kind == CLI_OPERAND)
            f = NULL;
        if (f && (f->kind == CLI_SET || f->kind == CLI_PRESET)) {
            if (f->kind == CLI_SET)
                *(bool *)f->out = true;
            else
                *(double *)f->out = f->lo;
        } else if (f && i + 1 < argc) {
            if (!take_value(f, argv[++i]))
                return cli_fail(EXIT_USAGE, "%s: %s %s, got '%s'", a->prefix, f->name, f->expects,
                                cli_quote(argv[i]));
        } else if (f && f->missing) {
            if (f->missing[0])
                return cli_fail(EXIT_USAGE, "%s: %s", a->prefix, f->missing);
            return cli_fail(EXIT_USAGE, "%s: %s %s", a->prefix, f->name, f->expects);
        } else {
            int r = other(a, argc, argv, &i);
            if (r != CLI_TAKEN)
                return r;
            continue;
        }
        if (f->given)
            *f->given = true;
    }
    return CLI_DONE;
}

/* The value f's target holds now, as the usage shows a default. */
static void default_text(const CliFlag *f, char *out, size_t outlen)
{
    switch (f->kind) {
    case CLI_TEXT: snprintf(out, outlen, "%s", *(const char *const *)f->out ? *(const char *const *)f->out : ""); break;
    case CLI_INT: snprintf(out, outlen, "%d", *(const int *)f->out); break;
    case CLI_LONG: snprintf(out, outlen, "%ld", *(const long *)f->out); break;
    case CLI_SEED: snprintf(out, outlen, "%llu", (unsigned long long)*(const uint64_t *)f->out); break;
    case CLI_DECIMAL: snprintf(out, outlen, "%g", *(const double *)f->out); break;
    default: out[0] = '\0'; break;
    }
}

void cli_print_flags(FILE *out, const CliArgs *a)
{
    for (const CliFlag *f = a->flags; f && f->name; f++) {
        if (!f->help)
            continue;
        char name[128], def[64];
        if (f->usage)
            snprintf(name, sizeof name, "%s", f->usage);
        else
            snprintf(name, sizeof name, "%s%s%s", f->name, f->value ? " " : "", f->value ? f->value : "");
        int column = f->column ? f->column : a->column;
        int pad = column - 2 - (int)strlen(name);
        if (f->gap)
            fputc('\n', out);
        fprintf(out, "  %s%*s", name, pad < 2 ? 2 : pad, "");
        default_text(f, def, sizeof def);
        for (const char *p = f->help; *p; p++) {
            if (p[0] == '{' && p[1] == '}') {
                fputs(def, out);
                p++;
            } else {
                fputc(*p, out);
                if (*p == '\n')
                    fprintf(out, "%*s", column, "");
            }
        }
        fputc('\n', out);
    }
}
