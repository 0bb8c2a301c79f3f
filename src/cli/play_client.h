/* The terminal client `morph play` (docs/play.md) in two files: cmd_play.c
 * sets a game up from the command line (a new Session, or one resumed from
 * its record), play_loop.c plays it to its end. What they share. */
#ifndef MORPH_PLAY_CLIENT_H
#define MORPH_PLAY_CLIENT_H

#include "play.h"

/* The recap above a person's prompt: the latest sentence of each turn told
 * since that person's screen was last drawn, so that at 80x24 the others'
 * moves stay in sight when the board pushes their narration off the top. */
#define RECAP_TURNS 8
typedef struct Recap {
    int count;
    int seat[RECAP_TURNS];
    char text[RECAP_TURNS][256];
} Recap;

typedef struct Client {
    Play play;
    const char *path;  /* the record file */
    char created[21];
    bool quiet;
    bool verbose;      /* the AIs' technical detail after their moves and hints */
    bool interactive;  /* some seat is a person's, or people type the dice */
    bool echo;         /* stdin is not a terminal: echo what was read */
    int drawn_at;      /* s->count when the screen was last drawn, -1 never */
    bool write_failed; /* the latest record write failed: the file is behind */
    int saved_count;   /* s->count at the latest successful write, -1 none */
    char write_error[ERR_MAX + 64]; /* why the latest write failed */
    const char *resumed_from; /* the record file resumed, or NULL */
    Recap recap;
    bool seed_from_clock; /* no --seed: the start says how to play it again */
} Client;

/* Plays c's session (c->play.s, which it frees) from where it is: checks
 * that the record may be written to c->path (any file but a directory or a
 * device with force), tells the start, writes the record after every action
 * and ends with the game, a quit, the end of input or Ctrl-C. Returns the
 * exit status of morph play. */
int play_client_run(Client *c, bool resumed, bool force);

#endif
