#include "cli.h"
#include "game_args.h"

#include "../core/number.h"
#include "../core/utf8.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void cli_print_commands(FILE *out, const char *parent, const Command *table)
{
    fprintf(out, "Usage: %s COMMAND [ARGS...]\n\nCommands:\n", parent);
    for (const Command *c = table; c->name; c++)
        cli_help_item(out, 10, c->name, c->summary);
    fprintf(out, "\nRun '%s COMMAND --help' for the options of a command.\n", parent);
}

void cli_help_item(FILE *out, int name_width, const char *name, const char *text)
{
    enum { SCREEN = 80 };
    int column = fprintf(out, "  %-*s ", name_width, name);
    int indent = 2 + name_width + 1;
    if (column > indent) { /* a name wider than its column: the text starts below */
        fprintf(out, "\n%*s", indent, "");
        column = indent;
    }
    int at_start = 1;
    while (*text) {
        size_t word = strcspn(text, " ");
        if (!at_start && column + 1 + (int)word > SCREEN) {
            fprintf(out, "\n%*s", indent, "");
            column = indent;
            at_start = 1;
        }
        if (!at_start) {
            fputc(' ', out);
            column++;
        }
        fwrite(text, 1, word, out);
        column += (int)word;
        at_start = 0;
        text += word;
        text += strspn(text, " ");
    }
    fputc('\n', out);
}

int cli_dispatch(const char *parent, const Command *table, int argc, char **argv)
{
    if (argc < 2) {
        cli_print_commands(stderr, parent, table);
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "help") == 0) {
        cli_print_commands(stdout, parent, table);
        return EXIT_OK;
    }
    for (const Command *c = table; c->name; c++)
        if (strcmp(c->name, argv[1]) == 0)
            return c->run(argc - 1, argv + 1);
    int n = fprintf(stderr, "%s: unknown command '%s' (expected one of:", parent, cli_quote(argv[1]));
    (void)n;
    for (const Command *c = table; c->name; c++)
        fprintf(stderr, "%s %s", c == table ? "" : ",", c->name);
    fprintf(stderr, ")\n");
    return EXIT_USAGE;
}

int cli_fail(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("morph: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return code;
}

void cli_print_json(json_t *v)
{
    char *text = json_dumps(v, JSON_COMPACT | JSON_REAL_PRECISION(12));
    if (text) {
        puts(text);
        free(text);
    }
    json_decref(v);
}

bool cli_parse_long(const char *text, long min, long max, long *out)
{
    return number_parse_long(text, min, max, out);
}

bool cli_parse_u64(const char *text, uint64_t *out)
{
    return number_parse_u64(text, out);
}

bool cli_arguments_only;

const char *cli_quote(const char *word)
{
    static char slots[8][EXCERPT_SIZE];
    static unsigned next;
    char *out = slots[next++ % 8];
    return text_excerpt(word, EXCERPT_MAX, out, EXCERPT_SIZE);
}

bool cli_wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return true;
    return false;
}

static char program[4096] = "morph";

void cli_shell_word(const char *text, StrBuf *out)
{
    static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./,:=+@%";
    if (text[0] && strspn(text, safe) == strlen(text)) {
        sb_puts(out, text);
        return;
    }
    sb_putc(out, '\'');
    for (const char *p = text; *p; p++)
        sb_puts(out, *p == '\'' ? "'\\''" : (char[]){*p, '\0'});
    sb_putc(out, '\'');
}

void cli_command_words(StrBuf *out, const char *sub, const char *flag, const char *file)
{
    sb_printf(out, "%s %s %s%s", cli_program(), sub, flag, flag[0] ? " " : "");
    cli_shell_word(file, out);
}

void cli_wrap(const char *text, int width, StrBuf *out)
{
    int column = 0;
    while (*text) {
        text += strspn(text, " ");
        int word = (int)strcspn(text, " ");
        if (!word)
            break;
        if (column && column + 1 + word > width) {
            sb_putc(out, '\n');
            column = 0;
        } else if (column) {
            sb_putc(out, ' ');
            column++;
        }
        sb_printf(out, "%.*s", word, text);
        column += word;
        text += word;
    }
}

/* Whether "morph" found on the PATH is the running binary. */
static bool path_morph_is_me(void)
{
    struct stat me, st;
    const char *path = getenv("PATH");
    if (!path || stat("/proc/self/exe", &me) != 0)
        return false;
    char dir[4096];
    for (const char *p = path; *p;) {
        size_t n = strcspn(p, ":");
        if (n && n + 7 < sizeof dir) {
            memcpy(dir, p, n);
            strcpy(dir + n, "/morph");
            if (stat(dir, &st) == 0 && access(dir, X_OK) == 0)
                return st.st_dev == me.st_dev && st.st_ino == me.st_ino; /* the first one is what a shell runs */
        }
        p += n + (p[n] == ':');
    }
    return false;
}

void cli_set_program(const char *argv0)
{
    if (!argv0 || !argv0[0] || path_morph_is_me())
        return;
    StrBuf sb = STRBUF_INIT;
    cli_shell_word(argv0, &sb);
    snprintf(program, sizeof program, "%s", sb_str(&sb));
    sb_free(&sb);
}

const char *cli_program(void)
{
    return program;
}

/* ---- the argument parser ---- */

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
