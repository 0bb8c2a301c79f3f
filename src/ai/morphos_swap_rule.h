/* Which first stones the Casual AI (greedy Morphos) takes over by the swap,
 * in one place: the level plays by this rule, a hint for Black's first
 * stone keeps out of it, and the words a player reads before the first move
 * (the level's opening words) say it. */
#ifndef MORPH_AI_MORPHOS_SWAP_RULE_H
#define MORPH_AI_MORPHOS_SWAP_RULE_H

#include "../games/morphos/morphos.h"

/* Whether point lies in the middle half of the board, both ways: a column
 * and a row each within n/2 half-steps of the centre (c3 to g7 on 9x9). */
bool morphos_swap_zone(const MorphosConfig *c, int point);

/* Greedy's decision at White's first turn: swap when Black's only stone,
 * placed alone (no duomorph pair, no metamorph board), is in the zone. */
bool morphos_greedy_swaps(const MorphosState *s);

/* Whether s is Black's first stone of a game where White may then swap a
 * single stone by this rule (turn 0, empty board, no duomorph, no
 * metamorph): the moment a hint keeps out of the zone. */
bool morphos_first_stone_ahead_of_swap(const MorphosState *s);

/* The greedy level's opening in words, after its name: "swaps a first stone
 * placed in the middle of the board, from c3 to g7, and keeps one nearer an
 * edge" (or that it never swaps, under duomorph or metamorph). */
void morphos_greedy_opening_words(const MorphosConfig *c, StrBuf *out);

#endif
