/* Game options from the command line, generically from a game's OptionSpec
 * list: `--KEY VALUE` for every option the game accepts, plus
 * `--layout FILE` for games with a `grid` option (the file's text becomes the
 * grid). Commands handle their own flags first and pass the rest here, so
 * every command that takes a game accepts the same option flags. */
#ifndef MORPH_GAME_ARGS_H
#define MORPH_GAME_ARGS_H

#include <stdio.h>

#include "../core/game.h"

typedef enum GameArgResult {
    GAME_ARG_TAKEN,    /* argv[*i] (and its value) went into opts; *i points at the last word used */
    GAME_ARG_NOT_MINE, /* argv[*i] is not a game option flag */
    GAME_ARG_ERROR,    /* a game flag with a missing or unreadable value; err says which */
} GameArgResult;

/* The option that --layout FILE sets. */
#define GAME_ARGS_LAYOUT_OPTION "grid"

/* Tries argv[*i] as a game option flag of ops. */
GameArgResult game_args_take(const GameOps *ops, int argc, char **argv, int *i, Options *opts,
                             char *err, size_t errlen);

/* Writes "unknown argument 'FLAG' for CMD (expected one of: OWN, --players, ...)"
 * where own lists the command's own flags (", "-separated, may be ""). */
void game_args_unknown(const GameOps *ops, const char *cmd, const char *flag, const char *own,
                       char *err, size_t errlen);

/* Prints one line per game option: flag, value kind, help and default. */
void game_args_print_help(FILE *out, const GameOps *ops);
/* "GAME options:" and their lines for only, or for every game of the
 * registry that keep chooses (keep NULL: all), without the option named
 * skip (NULL: none), which a flag of the command itself stands for. */
void game_args_print_games_help(FILE *out, const GameOps *only, bool (*keep)(const GameOps *ops), const char *skip);

/* Prints the options of every registered game as keys of a JSON "options"
 * object (for the engine protocol, where the game comes with a request). */
void game_args_print_json_help(FILE *out);

/* Reads a layout file into out: '#' starts a comment that runs to the end of
 * the line, spaces at line ends and trailing blank lines are dropped, lines
 * are joined with '\n'. False with a one-line message. */
bool game_args_read_layout(const char *path, char *out, size_t outlen, char *err, size_t errlen);

#endif
