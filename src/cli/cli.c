/* The plumbing every command shares (cli.h): subcommand tables and their
 * dispatch, messages, JSON output, the lines of --help, shell words and
 * the program's name. The argument parser is cli_parse.c. */
#include "cli.h"

#include "../ai/ai.h"
#include "../core/number.h"
#include "../core/utf8.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void cli_print_ai_levels(FILE *out, const char *game)
{
    const char *def = game ? ai_game_levels(game)->default_level : NULL;
    for (const AiOps *const *l = ai_list(); *l; l++) {
        if (game && !ai_plays(*l, game))
            continue;
        char text[1024];
        if (def && strcmp(def, (*l)->name) == 0)
            snprintf(text, sizeof text, "%s (the default of %s)", (*l)->summary, game);
        else if (!game && (*l)->games)
            snprintf(text, sizeof text, "%s (plays %s)", (*l)->summary, (*l)->games);
        else
            snprintf(text, sizeof text, "%s", (*l)->summary);
        cli_help_item(out, 14, (*l)->name, text);
    }
}

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
