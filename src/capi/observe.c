/* The list of observation tensors, one entry a game (observe.h), and the C
 * API's calls over it. A game without an entry observes nothing: a shape of
 * (0, 0, 0). */
#include <stdio.h>
#include <string.h>

#include "capi_internal.h"
#include "observe.h"

static const Observer *const observers[] = {&observe_morpyam, &observe_morphos, NULL};

static const Observer *observer_of(const Game *g)
{
    for (const Observer *const *o = observers; *o; o++)
        if (strcmp((*o)->game, g->ops->name) == 0)
            return *o;
    return NULL;
}

MORPH_API int morph_game_observation_shape(const MorphGame *g, int32_t shape[3])
{
    const Observer *o = observer_of(g->game);
    shape[0] = shape[1] = shape[2] = 0;
    if (o)
        o->shape(g->game, shape);
    return 3;
}

MORPH_API int morph_state_observation(const MorphState *s, float *out, size_t count)
{
    int32_t shape[3];
    morph_game_observation_shape(s->g, shape);
    size_t want = (size_t)shape[0] * (size_t)shape[1] * (size_t)shape[2];
    if (count != want)
        return capi_fail("an observation of this game holds %zu numbers, not %zu", want, count), -1;
    memset(out, 0, count * sizeof *out);
    if (want)
        observer_of(s->g->game)->fill(s->st, out);
    return 0;
}

MORPH_API int morph_states_observations(const MorphState *const *states, int n, float *out, size_t count)
{
    if (n < 0)
        return capi_fail("a batch holds 0 states or more, not %d", n), -1;
    for (int i = 0; i < n; i++)
        if (morph_state_observation(states[i], out + (size_t)i * count, count) < 0) {
            char why[ERR_MAX]; /* the message is rewritten in the buffer it is read from */
            snprintf(why, sizeof why, "%s", morph_error());
            return capi_fail("state %d of the batch: %s", i, why), -1;
        }
    return n;
}
