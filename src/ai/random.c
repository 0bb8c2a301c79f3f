/* The "random" level: a uniformly random legal action. A baseline for
 * measuring other levels and the policy of plain random playouts. */
#include <stdio.h>

#include "levels.h"

static bool random_create(Ai *ai, const char *params, char *err, size_t errlen)
{
    if (params[0]) {
        snprintf(err, errlen, "AI level 'random' takes no parameters, got '%s'", params);
        return false;
    }
    return true;
}

static Action random_choose(Ai *ai, const State *s, StrBuf *explain)
{
    Action actions[MAX_ACTIONS];
    int n = state_legal_actions(s, actions);
    Action a = actions[rng_below(&ai->rng, (uint32_t)n)];
    if (explain)
        sb_printf(explain, "picked at random among %d legal actions", n);
    return a;
}

const AiOps ai_random_ops = {
    .name = "random",
    .summary = "a uniformly random legal action",
    .games = NULL,
    .create = random_create,
    .choose = random_choose,
};
