/* Dense action ids, OpenSpiel's numbering (docs/python.md, "Coming from
 * OpenSpiel"): each game lists, for its options, every decision it can ever
 * offer and every chance outcome it can ever draw, both ascending, and a
 * bound on the length of any game. The C API numbers decisions 0 .. D-1 and
 * chance outcomes 0 .. C-1 by their place in those lists (spaces.c), so
 * dense ids keep the order of the games' own integers. Built from the
 * games' public headers only, as observe.h is: a list says which integers
 * exist, never whether one is legal (the rules say that).
 *
 * A chance outcome may be drawn in parts through the dense ids (a roll of
 * five dice: its lowest two dice, then the other three), as OpenSpiel's
 * dice games draw a roll die by die: a chance node lists a few dozen
 * outcomes rather than every whole one (five dice have 252), and a loop in
 * Python over them stays cheap. An outcome's parts are fixed by the
 * outcome, so that a history in ids is a function of the game's own
 * history. */
#ifndef MORPH_SPACES_H
#define MORPH_SPACES_H

#include "../core/game.h"

/* Room for the longest list of one game (Morpyam Plus: 1,046 decisions). */
#define SPACE_MAX 2048
/* The most parts of one chance outcome (a roll of five dice: two). */
#define SPACE_PARTS 2

typedef struct ActionSpace {
    const char *game;
    /* every decision of g, ascending; returns how many (<= SPACE_MAX) */
    int (*decisions)(const Game *g, int32_t *out);
    /* every chance outcome of g the dense ids draw (parts, below),
     * ascending; returns how many */
    int (*outcomes)(const Game *g, int32_t *out);
    /* the parts, ascending, of the game's chance outcome a, as outcomes of
     * the list above: returns how many (<= SPACE_PARTS), 1 with parts[0]
     * = a for an outcome drawn whole */
    int (*parts)(const Game *g, Action a, Action *parts);
    /* optional: what next_parts (spaces.c) lists at st's chance node after
     * the parts drawn, worked out by the game without listing every whole
     * outcome (five dice have 252); -1 to let spaces.c work it out */
    int (*next)(const Game *g, const State *st, const Action *drawn, int ndrawn, Action *part, double *prob,
                Action *whole);
    /* no game of g is longer than this many atomic actions (chance
     * included): a bound the rules guarantee, or -1 when they give none */
    long (*max_length)(const Game *g);
} ActionSpace;

extern const ActionSpace space_morphos;
extern const ActionSpace space_morpyam;

#endif
