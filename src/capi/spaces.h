/* Dense action ids, OpenSpiel's numbering (docs/python.md, "Coming from
 * OpenSpiel"): each game lists, for its options, every decision it can ever
 * offer and every chance outcome it can ever draw, both ascending, and a
 * bound on the length of any game. The C API numbers decisions 0 .. D-1 and
 * chance outcomes 0 .. C-1 by their place in those lists (spaces.c), so
 * dense ids keep the order of the games' own integers. Built from the
 * games' public headers only, as observe.h is: a list says which integers
 * exist, never whether one is legal (the rules say that). */
#ifndef MORPH_SPACES_H
#define MORPH_SPACES_H

#include "../core/game.h"

/* Room for the longest list of one game (Morpyam Plus: 1,046 decisions). */
#define SPACE_MAX 2048

typedef struct ActionSpace {
    const char *game;
    /* every decision of g, ascending; returns how many (<= SPACE_MAX) */
    int (*decisions)(const Game *g, int32_t *out);
    /* every chance outcome of g, ascending; returns how many */
    int (*outcomes)(const Game *g, int32_t *out);
    /* no game of g is longer than this many atomic actions (chance
     * included): a bound the rules guarantee, or -1 when they give none */
    long (*max_length)(const Game *g);
} ActionSpace;

extern const ActionSpace space_morphos;
extern const ActionSpace space_morpyam;

#endif
