/* Internals shared by the Morphos source files (not for front ends). */
#ifndef MORPH_MORPHOS_ENGINE_H
#define MORPH_MORPHOS_ENGINE_H

#include "morphos.h"

/* Zobrist hashing (hash.c): a stone's key, the hash of the decision node
 * (stones, colour to move, pending part), the stones' hash from scratch. */
uint64_t morphos_stone_key(int colour, int bit);
uint64_t morphos_node_hash(const MorphosState *s);
void morphos_recompute_hash(MorphosState *s);

void morphos_empties(const MorphosState *s, Bb *out);
/* Every stone change goes through these (incremental.c): the stones, the
 * hash, the weak stones and the edges' reach stay up to date. put: bit is
 * empty; take: bit holds a stone of colour. */
void morphos_stone_put(MorphosState *s, int colour, int bit);
void morphos_stone_take(MorphosState *s, int colour, int bit);
/* Flips `colour` may make now, given the stones the opponent flipped on
 * their latest turn (deepmorph; at most one), from s->weak. */
void morphos_targets(const MorphosState *s, int colour, const Bb *flipped_last, Bb *out);
bool morphos_flip_back_possible(const MorphosState *s, int colour, int t);
/* Starts the turn of s->to_move: deepmorph win, cap, returned stone,
 * targets, skip or deadlock. */
void morphos_begin_turn(MorphosState *s, bool return_pending);

#endif
