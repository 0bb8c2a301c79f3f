/* The "greedy" level: one-move lookahead with a hand-made evaluation, one
 * implementation per game behind the dispatcher in greedy.c. */
#ifndef MORPH_AI_GREEDY_H
#define MORPH_AI_GREEDY_H

#include "ai.h"

bool morpyam_greedy_create(Ai *ai, const char *params, char *err, size_t errlen);
Action morpyam_greedy_choose(Ai *ai, const State *s, StrBuf *explain);
void morpyam_greedy_destroy(Ai *ai);

bool morphos_greedy_create(Ai *ai, const char *params, char *err, size_t errlen);
Action morphos_greedy_choose(Ai *ai, const State *s, StrBuf *explain);
void morphos_greedy_destroy(Ai *ai);
void morphos_greedy_opening(const Game *g, StrBuf *out);

#endif
