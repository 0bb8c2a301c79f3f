/* The "expert" and "master" levels for Morpyam: one turn played exactly
 * against square values one reply deep (morpyam_player.c). The expert
 * values positions with hand-fitted material, the master with the model
 * fitted by self-play for its player count (morpyam_model.h). */
#include <stdio.h>

#include "levels.h"
#include "morpyam_model.h"

static bool create(Ai *ai, const char *params, const MaiModel *model, char *err, size_t errlen)
{
    if (params[0]) {
        snprintf(err, errlen, "AI level '%s' takes no parameters, got '%s'", ai->ops->name, params);
        return false;
    }
    ai->data = mai_player_new(morpyam_config(ai->game), model);
    return true;
}

static bool expert_create(Ai *ai, const char *params, char *err, size_t errlen)
{
    return create(ai, params, NULL, err, errlen);
}

static bool master_create(Ai *ai, const char *params, char *err, size_t errlen)
{
    return create(ai, params, mai_master_model(morpyam_config(ai->game)->players), err, errlen);
}

static Action choose(Ai *ai, const State *s, StrBuf *explain)
{
    return mai_player_choose(ai->data, morpyam_state(s), explain);
}

static void advise(Ai *ai, const State *s, const Voice *v, AiAdvice *out)
{
    mai_player_advise(ai->data, morpyam_state(s), v, out);
}

static void destroy(Ai *ai)
{
    mai_player_free(ai->data);
}

const AiOps ai_expert_ops = {
    .name = "expert",
    .summary = "exact expectimax over the dice of the turn on an evaluation of every square (Morpyam)",
    .games = "morpyam",
    .create = expert_create,
    .choose = choose,
    .destroy = destroy,
    .advise = advise,
    .judge = mai_judge,
};

const AiOps ai_master_ops = {
    .name = "master",
    .summary = "the expert's search on an evaluation fitted by self-play; the strongest Morpyam level",
    .games = "morpyam",
    .create = master_create,
    .choose = choose,
    .destroy = destroy,
    .advise = advise,
    .judge = mai_judge,
};
