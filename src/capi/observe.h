/* Observation tensors for learning: each game's planes of floats over its
 * board, listed in observe.c (one entry a game, in observe_GAME.c) and
 * documented in docs/python.md. Built from the games' public headers only:
 * what a plane holds is read from the state, never decided here. */
#ifndef MORPH_OBSERVE_H
#define MORPH_OBSERVE_H

#include "../core/game.h"

typedef struct Observer {
    const char *game;
    /* planes, height, width of g's tensor */
    void (*shape)(const Game *g, int32_t out[3]);
    /* fills out (zeroed, of the shape's size): out[(plane * height + row) *
     * width + col], row 0 the bottom row (rank 1), col 0 file a */
    void (*fill)(const State *s, float *out);
} Observer;

extern const Observer observe_morphos;
extern const Observer observe_morpyam;

#endif
