/* The JSON form of a post-game analysis (src/ai/analysis.h), one for every
 * front end: `morph analyze --json` prints it and the web server stores and
 * serves it (docs/analysis.md lists every key). */
#ifndef MORPH_ANALYSIS_JSON_H
#define MORPH_ANALYSIS_JSON_H

#include <jansson.h>

#include "../ai/analysis.h"

/* {"game","options","level","budget","seed","complete","work","thresholds",
 * "decisions":[...],"seats":[...]}; seats numbered from 1. */
json_t *analysis_to_json(const Analysis *a, const Game *g);

/* "win", "loss" or null for a proof of AiJudgement. */
json_t *analysis_proof_json(int proven);

#endif
