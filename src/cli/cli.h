/* Shared plumbing of the command-line front end: subcommand tables, error
 * messages and JSON output. */
#ifndef MORPH_CLI_H
#define MORPH_CLI_H

#include <jansson.h>
#include <stdbool.h>

#include "../core/game.h"

#include "../front/version.h"

/* Exit codes: 0 success, 1 bad input or failed check, 2 bad usage. */
enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2 };

typedef int (*CommandFn)(int argc, char **argv);

typedef struct Command {
    const char *name;
    CommandFn run;
    const char *summary; /* one line for the parent's --help */
} Command;

/* Runs the subcommand named by argv[1] from table (argv[0] is the parent's
 * name, e.g. "morph morpyam"); prints the table for --help or no argument. */
int cli_dispatch(const char *parent, const Command *table, int argc, char **argv);
void cli_print_commands(FILE *out, const char *parent, const Command *table);

/* "morph: <message>" on stderr; returns code so callers write
 * `return cli_fail(EXIT_USAGE, ...)`. */
int cli_fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Prints v as compact JSON plus a newline on stdout and releases it. Reals
 * use 12 significant digits. */
void cli_print_json(json_t *v);

/* Parses a whole non-negative/ signed number; false when text is not one. */
bool cli_parse_long(const char *text, long min, long max, long *out);
bool cli_parse_u64(const char *text, uint64_t *out);

/* An excerpt of a command-line word to quote in a message (at most 40
 * bytes, cut at a character boundary, "..." when cut, see utf8.h); the
 * result stays valid until 8 more calls. */
const char *cli_quote(const char *word);

/* One entry of a --help list: "  NAME  TEXT" with NAME padded to name_width
 * columns and TEXT broken at spaces to fit 80 columns, its continuation
 * lines starting under the text. */
void cli_help_item(FILE *out, int name_width, const char *name, const char *text);

/* Set by the command-line fuzz target (fuzz/fuzz_cli.c): the commands whose
 * work is long or writes files (play, arena, morpyam analyze, morphos
 * deadlocks, morphos solve, morphos puzzles, bench) return EXIT_OK once their
 * arguments are read and checked, before doing it. Never set by morph itself. */
extern bool cli_arguments_only;

/* True when argv holds "--help" or "-h" anywhere. */
bool cli_wants_help(int argc, char **argv);

/* The program as it was invoked (argv[0] of main), for the commands that
 * messages print ("continue it with: build/release/morph play --resume F").
 * cli_program() is "morph" when that name on the PATH is this very binary,
 * else argv[0] quoted for a shell. */
void cli_set_program(const char *argv0);
const char *cli_program(void);
/* Appends text as one shell word: as is when it holds only safe
 * characters, else in single quotes. */
void cli_shell_word(const char *text, StrBuf *out);

#endif
