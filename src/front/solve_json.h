/* The JSON form of a solver's report (src/ai/solver.h), one for every front
 * end: `morph morphos solve --json` prints it and the Python package returns
 * it (docs/python.md). */
#ifndef MORPH_SOLVE_JSON_H
#define MORPH_SOLVE_JSON_H

#include <jansson.h>

#include "../ai/solver.h"

/* {"to_move","result","winning_moves","moves":{ACTION:RESULT},"nodes",
 * "seconds","complete","bounds":{ACTION:"not loss"|"not win"}} of r, the
 * report of position s. */
json_t *solve_report_to_json(const MorphosState *s, const SolveReport *r);

/* "not win", "not loss" (what is known of an unclassified action), or NULL. */
const char *solve_bounds_name(unsigned bounds);

/* The transposition table a board of n x n gets when nobody names one, in
 * megabytes: enough for what each size can solve, no more to touch. */
int solve_default_memory(int n);

#endif
