/* The AI levels levels.c registers; one file each. */
#ifndef MORPH_AI_LEVELS_H
#define MORPH_AI_LEVELS_H

#include "ai.h"

extern const AiOps ai_random_ops;
extern const AiOps ai_greedy_ops;
extern const AiOps ai_expert_ops;
extern const AiOps ai_master_ops;
extern const AiOps ai_mcts_ops;

#endif
