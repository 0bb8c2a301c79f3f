/* "race", a tiny game with chance used only by the front-end tests, so that
 * sessions, records and protocols are tested without depending on a real
 * game. Each turn a die of 3 faces is rolled (chance: "roll 1".."roll 3"),
 * then the player to move says "take" (adds the roll to their score) or
 * "skip". The first to reach the target wins ("target"); resigning makes
 * every other player a winner ("resign"). Options: players (2-4), target,
 * mode (a word, unused by the rules), tags (a list, unused). */
#ifndef TOY_RACE_H
#define TOY_RACE_H

#include "../../src/core/game.h"

extern const GameOps toy_race_ops;

#endif
