/* Plain minimax for Morphos, the oracle of the solver's tests: the value of
 * a state for the player to move, by trying every action down to the end of
 * the game (the move cap included), memoised on everything the future
 * depends on (stones, colour to move, turns played, the seat holding Black).
 * It shares nothing with the solver but the rules. Boards up to 7x7. */
#ifndef MORPH_TEST_MORPHOS_BRUTE_H
#define MORPH_TEST_MORPHOS_BRUTE_H

#include <stdbool.h>

#include "../../src/games/morphos/morphos.h"

typedef struct Brute Brute;

Brute *brute_new(bool no_swap);
void brute_free(Brute *b);
/* +1 the player to move wins, 0 a draw, -1 a loss (s not over). */
int brute_value(Brute *b, const MorphosState *s);
/* The same for the player who takes action a in s. */
int brute_action_value(Brute *b, const MorphosState *s, Action a);
long brute_states(const Brute *b); /* states memoised */

#endif
