/* Board features of Morphos shared by the greedy and mcts levels: where a
 * stone would complete a connection, and how many more stones a colour
 * needs to connect its edges. Reads MorphosState only; never a rule. */
#ifndef MORPH_AI_MORPHOS_FEATURES_H
#define MORPH_AI_MORPHOS_FEATURES_H

#include "../games/morphos/morphos.h"

/* Orthogonal neighbours of the points of a, on the board. */
void mf_neighbours(const MorphosConfig *c, const Bb *a, Bb *out);
/* Points where a stone of colour would join a chain touching both of its
 * edges (the point itself may lie on an edge), from the state's edge reach. */
void mf_win_points(const MorphosState *s, int colour, Bb *out);
/* Fewest empty points colour must fill to connect its edges through its own
 * stones and empty points (0-1 shortest path); MF_FAR when blocked. */
#define MF_FAR 1000
int mf_distance(const MorphosConfig *c, const Bb stones[2], int colour);
/* Empty points lying on some shortest connection of colour. */
void mf_shortest_paths(const MorphosConfig *c, const Bb stones[2], int colour, Bb *out);

#endif
