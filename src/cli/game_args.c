#include "game_args.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "../core/utf8.h"
#include "cli.h"
#include "../games/registry.h"

static bool has_option(const GameOps *ops, const char *key)
{
    return options_spec(ops->option_specs, key) != NULL;
}

bool game_args_read_layout(const char *path, char *out, size_t outlen, char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "cannot read layout file '%s': %s", path, strerror(errno));
        return false;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        snprintf(err, errlen, "layout file '%s' is a directory, expected a file of square codes", path);
        return false;
    }
    size_t len = 0;
    char line[512];
    bool ok = true, in_comment = false; /* in_comment: the rest of a comment longer than line */
    while (fgets(line, sizeof line, f)) {
        size_t got = strlen(line);
        bool line_end = (got && line[got - 1] == '\n') || feof(f);
        if (in_comment) {
            in_comment = !line_end;
            continue;
        }
        char *hash = strchr(line, '#'); /* comments run to the end of the line */
        if (hash) {
            *hash = '\0';
            in_comment = !line_end;
        } else if (!line_end) {
            snprintf(err, errlen, "layout file '%s' is too long (a line of more than %zu characters)", path,
                     sizeof line - 2);
            ok = false;
            break;
        }
        size_t n = strlen(line);
        if (hash && strspn(line, " \t") == n)
            continue; /* a comment line leaves no empty line behind */
        while (n && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' ' || line[n - 1] == '\t'))
            line[--n] = '\0';
        if (len + n + 2 > outlen) {
            snprintf(err, errlen, "layout file '%s' is too long (at most %zu characters)", path, outlen - 1);
            ok = false;
            break;
        }
        memcpy(out + len, line, n);
        len += n;
        out[len++] = '\n';
    }
    fclose(f);
    if (!ok)
        return false;
    while (len && out[len - 1] == '\n') /* trailing blank lines */
        len--;
    out[len] = '\0';
    if (len == 0) {
        snprintf(err, errlen, "layout file '%s' is empty", path);
        return false;
    }
    return true;
}

GameArgResult game_args_take(const GameOps *ops, int argc, char **argv, int *i, Options *opts,
                             char *err, size_t errlen)
{
    const char *arg = argv[*i];
    if (strncmp(arg, "--", 2) != 0)
        return GAME_ARG_NOT_MINE;
    const char *key = arg + 2;
    bool layout = strcmp(key, "layout") == 0 && has_option(ops, GAME_ARGS_LAYOUT_OPTION);
    /* Flags may spell an option with '-' or '_' (--turn-cap for turn_cap). */
    char spelled[OPTION_KEY_MAX];
    const OptionSpec *spec = NULL;
    if (!layout && strlen(key) < sizeof spelled) {
        spec = options_spec(ops->option_specs, key);
        if (!spec) {
            strcpy(spelled, key);
            for (char *c = spelled; *c; c++)
                if (*c == '-')
                    *c = '_';
            spec = options_spec(ops->option_specs, spelled);
        }
    }
    if (!layout && !spec)
        return GAME_ARG_NOT_MINE;
    if (*i + 1 >= argc) {
        snprintf(err, errlen, "%s expects a value", arg);
        return GAME_ARG_ERROR;
    }
    const char *value = argv[++*i];
    if (layout) {
        char text[OPTION_VALUE_MAX];
        if (!game_args_read_layout(value, text, sizeof text, err, errlen))
            return GAME_ARG_ERROR;
        return options_set(opts, GAME_ARGS_LAYOUT_OPTION, text, err, errlen) ? GAME_ARG_TAKEN : GAME_ARG_ERROR;
    }
    /* Check the value's kind now, before it joins opts. */
    Options one;
    options_init(&one);
    if (!options_set(&one, spec->key, value, err, errlen) ||
        !options_check(&one, ops->option_specs, ops->name, err, errlen))
        return GAME_ARG_ERROR;
    return options_set(opts, spec->key, value, err, errlen) ? GAME_ARG_TAKEN : GAME_ARG_ERROR;
}

static void flag_name(const char *key, char *out, size_t outlen)
{
    snprintf(out, outlen, "--%s", key);
    for (char *c = out + 2; *c; c++)
        if (*c == '_')
            *c = '-';
}

void game_args_unknown(const GameOps *ops, const char *cmd, const char *flag, const char *own,
                       char *err, size_t errlen)
{
    char q[EXCERPT_SIZE];
    int n = snprintf(err, errlen, "unknown argument '%s' for %s (expected one of: %s",
                     text_excerpt(flag, EXCERPT_MAX, q, sizeof q), cmd, own);
    bool first = !own[0];
    for (const OptionSpec *s = ops->option_specs; s->key && n >= 0 && (size_t)n < errlen; s++) {
        char name[OPTION_KEY_MAX + 2];
        flag_name(s->key, name, sizeof name);
        n += snprintf(err + n, errlen - (size_t)n, "%s%s", first ? "" : ", ", name);
        first = false;
    }
    if (has_option(ops, GAME_ARGS_LAYOUT_OPTION) && n >= 0 && (size_t)n < errlen)
        n += snprintf(err + n, errlen - (size_t)n, "%s--layout", first ? "" : ", ");
    if (n >= 0 && (size_t)n < errlen)
        snprintf(err + n, errlen - (size_t)n, ")");
}

static const char *kind_word(OptionKind kind)
{
    switch (kind) {
    case OPTION_INT: return "N";
    case OPTION_LIST: return "LIST";
    default: return "WORD";
    }
}

static void print_help_except(FILE *out, const GameOps *ops, const char *skip)
{
    for (const OptionSpec *s = ops->option_specs; s->key; s++) {
        if (skip && strcmp(s->key, skip) == 0)
            continue;
        char name[OPTION_KEY_MAX + 8];
        char flag[OPTION_KEY_MAX + 2];
        flag_name(s->key, flag, sizeof flag);
        snprintf(name, sizeof name, "%s %s", flag, kind_word(s->kind));
        const char *def = s->default_value;
        bool multiline = strchr(def, '\n') != NULL;
        char text[1024];
        snprintf(text, sizeof text, "%s (default: %s)", s->help, multiline ? "built in" : def[0] ? def : "none");
        cli_help_item(out, 24, name, text);
    }
    if (has_option(ops, GAME_ARGS_LAYOUT_OPTION))
    {
        char text[256];
        snprintf(text, sizeof text, "read the %s option from a layout file (# starts a comment)", GAME_ARGS_LAYOUT_OPTION);
        cli_help_item(out, 24, "--layout FILE", text);
    }
}

void game_args_print_help(FILE *out, const GameOps *ops)
{
    print_help_except(out, ops, NULL);
}

void game_args_print_games_help(FILE *out, const GameOps *only, bool (*keep)(const GameOps *ops), const char *skip)
{
    const GameOps *const *games = game_list();
    if (!*games)
        fprintf(out, "(no game is built into this morph)\n");
    for (const GameOps *const *g = games; *g; g++) {
        if ((only && *g != only) || (keep && !keep(*g)))
            continue;
        fprintf(out, "%s options:\n", (*g)->name);
        print_help_except(out, *g, skip);
    }
}

void game_args_print_json_help(FILE *out)
{
    const GameOps *const *games = game_list();
    if (!*games)
        fprintf(out, "  (no game is built into this morph)\n");
    for (const GameOps *const *g = games; *g; g++) {
        fprintf(out, "%s:\n", (*g)->name);
        for (const OptionSpec *s = (*g)->option_specs; s->key; s++) {
            const char *kind = s->kind == OPTION_INT ? "number" : s->kind == OPTION_LIST ? "[strings]" : "string";
            const char *def = s->default_value;
            char name[64], text[1024];
            snprintf(name, sizeof name, "%-12s %s", s->key, kind);
            snprintf(text, sizeof text, "%s (default: %s)", s->help, strchr(def, '\n') ? "built in" : def[0] ? def : "none");
            cli_help_item(out, 23, name, text);
        }
    }
}
