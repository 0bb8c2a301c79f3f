/* Shared plumbing of the command-line front end: subcommand tables, error
 * messages and JSON output. */
#ifndef MORPH_CLI_H
#define MORPH_CLI_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

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
/* The AI levels as --help items (name, summary): those that play game, the
 * game's default level marked, or every level with the games it plays when
 * game is NULL. */
void cli_print_ai_levels(FILE *out, const char *game);

/* Set by the command-line fuzz target (fuzz/fuzz_cli.c): the commands whose
 * work is long or writes files (play, arena, morpyam analyze, morphos
 * deadlocks, morphos fit-priors, morphos solve, morphos puzzles, bench) return
 * EXIT_OK once their arguments are read and checked, before doing it. Never
 * set by morph itself. */
extern bool cli_arguments_only;

/* True when argv holds "--help" or "-h" anywhere. */
bool cli_wants_help(int argc, char **argv);

/* ---- the argument parser: one table of flags a command ----
 *
 * A command lists its flags once, in a CliFlag table: the kind of value
 * each takes and where it goes, what a bad value is told, and its lines in
 * the usage. cli_parse reads the command line by that table; the game
 * option flags of a game (game_args.h) and the command's operands (a file,
 * a position, dice) come after; anything else is an unknown argument.
 * cli_print_flags prints the table's part of the usage. Adding a flag is
 * one line of its command's table. */

typedef enum CliKind {
    CLI_SET,     /* a flag alone: *(bool *)out = true */
    CLI_TEXT,    /* a word: *(const char **)out = it */
    CLI_INT,     /* a whole number from lo to hi: *(int *)out */
    CLI_LONG,    /* the same into *(long *)out */
    CLI_SEED,    /* a whole number from 0 to umax (any when umax is 0): *(uint64_t *)out */
    CLI_DECIMAL, /* a number with an optional fraction from lo to hi: *(double *)out */
    CLI_WORD,    /* one of the comma-separated words: its index into *(int *)out */
    CLI_PRESET,  /* a flag alone that sets *(double *)out to lo (--quick: --seconds 0.2) */
    CLI_OPERAND, /* read by the command's operand callback (a choice among
                  * operands, such as layout's --file PATH); here for the usage */
} CliKind;

typedef struct CliFlag {
    const char *name;    /* "--seed" */
    CliKind kind;
    void *out;
    const char *value;   /* the value's name in the usage ("S", "FILE"); NULL for a flag alone */
    /* Its lines in the usage ('\n' between them; "{}" is the value out holds
     * before the parse: the default); NULL keeps it out of the usage. */
    const char *help;
    /* A bad value: "morph: PREFIX: NAME EXPECTS, got 'VALUE'", e.g. EXPECTS
     * "expects a whole number from 1 to 64". */
    const char *expects;
    double lo, hi;       /* CLI_INT, CLI_LONG, CLI_DECIMAL: the range; CLI_PRESET: lo is set */
    uint64_t umax;       /* CLI_SEED: the largest value (0: any) */
    const char *words;   /* CLI_WORD: "auto,always,never" */
    /* The flag last, without its value: NULL takes it as an argument of
     * its own (then a game option or an unknown argument), "" says
     * "PREFIX: NAME EXPECTS", anything else is the message after "PREFIX: ". */
    const char *missing;
    const char *usage;   /* how the usage names it, when not "NAME VALUE" */
    int column;          /* where its help starts in the usage, when not the table's */
    bool gap;            /* a blank line before it in the usage */
    bool *given;         /* set true when the flag is given */
} CliFlag;

/* What cli_parse returns besides an exit code (after printing why). */
enum { CLI_DONE = -1, CLI_HELP = -2 };
/* What an operand callback returns besides an exit code (after printing why). */
enum { CLI_TAKEN = -3, CLI_NOT_MINE = -4 };

typedef struct CliArgs {
    const char *prefix;  /* what messages start with after "morph: ": "play", "analyze" */
    const char *name;    /* the command in the message of an unknown game option ("morpyam
                          * analyze"); NULL: prefix */
    const CliFlag *flags; /* ends with {NULL} */
    int column;          /* where help starts in the usage (flags may say otherwise) */
    /* The game whose option flags are taken too (game_args_take into
     * options); an unknown argument is then told with game_args_unknown. */
    const GameOps *game;
    Options *options;
    /* An argument no flag takes, argv[*i] (it may take the next ones,
     * moving *i): CLI_TAKEN, CLI_NOT_MINE (an unknown argument), or an
     * exit code after printing why. NULL: every such argument is unknown. */
    int (*operand)(void *ctx, int argc, char **argv, int *i);
    void *ctx;
    /* An unknown argument, after "morph: PREFIX: " with %s the argument
     * quoted; NULL with a game: game_args_unknown's message. */
    const char *unknown;
    /* The usage (--help): about, then the flags (cli_print_flags), then
     * what more prints (game options, AI levels, ...; may be NULL). */
    const char *about;
    void (*more)(FILE *out, const struct CliArgs *a);
    /* "--help" and "-h" are read in turn like flags; otherwise one anywhere
     * on the command line asks for the usage (cli_wants_help). */
    bool help_in_turn;
} CliArgs;

/* Reads argv[first..argc-1] by a: CLI_DONE when the command goes on, else
 * the exit status to end with: EXIT_OK after printing the usage for --help
 * (CLI_HELP when a has no about), or the status of a refusal it printed (a
 * bad value, an unknown argument). */
int cli_parse(const CliArgs *a, int argc, char **argv, int first);
/* The whole usage of a: about, the flags, more. */
void cli_print_usage(FILE *out, const CliArgs *a);
/* A CliArgs.more: "Game options:" and the option flags of a->game. */
void cli_more_game_options(FILE *out, const CliArgs *a);
/* The usage lines of a's flags: "  NAME VALUE  help", continuation lines
 * under the help. */
void cli_print_flags(FILE *out, const CliArgs *a);
/* a's flags as "--a, --b, --games" (those that take no game option). */
void cli_flag_names(const CliArgs *a, char *out, size_t outlen);

/* The program as it was invoked (argv[0] of main), for the commands that
 * messages print ("continue it with: build/release/morph play --resume F").
 * cli_program() is "morph" when that name on the PATH is this very binary,
 * else argv[0] quoted for a shell. */
void cli_set_program(const char *argv0);
const char *cli_program(void);
/* Appends text as one shell word: as is when it holds only safe
 * characters, else in single quotes. */
void cli_shell_word(const char *text, StrBuf *out);
/* Appends a command to type: "build/release/morph play --resume 'my game.json'"
 * (the program, sub, flag when not "", file as a shell word). */
void cli_command_words(StrBuf *out, const char *sub, const char *flag, const char *file);
/* Appends text broken at spaces into lines of at most width characters,
 * '\n' between them (a word longer than a line stays whole). */
void cli_wrap(const char *text, int width, StrBuf *out);

/* Ctrl-C asks a long command (solve, analyze) to stop and print what it
 * has: cli_interrupt_catch takes SIGINT over, cli_interrupted says whether
 * it came since, cli_interrupt_release gives SIGINT back. */
void cli_interrupt_catch(void);
bool cli_interrupted(void);
void cli_interrupt_release(void);

#endif
