/* External players for the arena: a program started with `sh -c CMD` and
 * spoken to through pipes, line by line. Two dialects:
 *   engine:CMD  our JSON-lines protocol (docs/protocol.md): new, play, genmove;
 *   gtp:CMD     the Go Text Protocol, for Morphos only: boardsize, clear_board,
 *               play, genmove (colours b and w for seats 1 and 2).
 * The arena is the referee: it samples chance itself, checks every move
 * with the rules and tells each external player every action applied. */
#ifndef MORPH_EXTERNAL_H
#define MORPH_EXTERNAL_H

#include <stdio.h>
#include <sys/types.h>

#include "../front/session.h"

typedef enum ExternalKind { EXTERNAL_ENGINE, EXTERNAL_GTP } ExternalKind;

typedef struct External {
    ExternalKind kind;
    char command[256];
    pid_t pid;
    FILE *to, *from;
    int sent;        /* steps of the current game already told to the program */
    char gtp_move[256]; /* GTP: atomic actions of the turn in progress, comma-joined */
    int gtp_player;  /* GTP: the seat whose turn gtp_move holds */
    char gtp_colour; /* GTP: 'b' or 'w', the colour of the stones of that turn */
} External;

/* Parses "engine:CMD" or "gtp:CMD"; false when spec is neither. */
bool external_parse(const char *spec, ExternalKind *kind, const char **command);

/* Starts the program; false with a message. */
bool external_start(External *x, ExternalKind kind, const char *command, char *err, size_t errlen);
/* Closes its input, waits for it to end. */
void external_stop(External *x);

/* Whether a player of this kind plays game g: a GTP program plays only
 * GTP_GAME (gtp.h) between two; false with a message. */
bool external_plays(ExternalKind kind, const Game *g, char *err, size_t errlen);
/* Starts a new game of session s in the program. */
bool external_new_game(External *x, const Session *s, char *err, size_t errlen);
/* Tells the program every step of s it has not seen yet. */
bool external_sync(External *x, const Session *s, char *err, size_t errlen);
/* Asks the program for a move for the player to move in s; out receives the
 * text (possibly comma-joined). */
bool external_genmove(External *x, const Session *s, char *out, size_t outlen, char *err, size_t errlen);

/* Called after the referee applied the move x generated for player: a GTP
 * program already played it on its own board, so it is not sent back. */
void external_own_move_applied(External *x, const Session *s, int player);

#endif
