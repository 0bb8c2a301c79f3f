/* The C API: seeded random numbers and uniformly random games (morph_api.h),
 * the loop of `morph bench`'s random games: every decision uniform among
 * the legal actions, every chance node drawn with the game's sample_chance.
 * A binding can replay one of these games step by step with the same Rng. */
#include <stdlib.h>

#include "../core/rng.h"
#include "../core/xalloc.h"
#include "capi_internal.h"

struct MorphRng {
    Rng rng;
};

MORPH_API MorphRng *morph_rng_new(uint64_t seed)
{
    MorphRng *r = xmalloc(sizeof *r);
    rng_seed(&r->rng, seed);
    return r;
}

MORPH_API MorphRng *morph_rng_clone(const MorphRng *r)
{
    MorphRng *c = xmalloc(sizeof *c);
    *c = *r;
    return c;
}

MORPH_API void morph_rng_free(MorphRng *r)
{
    free(r);
}

MORPH_API uint32_t morph_rng_below(MorphRng *r, uint32_t bound)
{
    return bound ? rng_below(&r->rng, bound) : 0;
}

MORPH_API int morph_state_sample_chance(const MorphState *s, MorphRng *r, int32_t *out)
{
    if (!state_is_chance(s->st))
        return capi_fail("not a chance node: nothing to draw"), -1;
    *out = state_sample_chance(s->st, &r->rng);
    return 0;
}

/* Through the dense ids' chance outcomes (spaces.c): a part of a roll is
 * drawn as chance_ids weighs it. */
MORPH_API int morph_state_sample_id(const MorphState *s, MorphRng *r, int32_t *out)
{
    int32_t ids[MAX_ACTIONS];
    double probabilities[MAX_ACTIONS];
    int n = morph_state_chance_ids(s, ids, probabilities);
    if (!n)
        return capi_fail("not a chance node: nothing to draw"), -1;
    double u = rng_double(&r->rng);
    int i = 0;
    while (i < n - 1 && u >= probabilities[i])
        u -= probabilities[i++];
    *out = ids[i];
    return 0;
}

/* One game from s to the end; returns the number of actions. */
static int play_random(State *s, Rng *rng)
{
    Action acts[MAX_ACTIONS];
    int count = 0;
    for (;;) {
        int p = state_player(s);
        if (p == PLAYER_TERMINAL)
            return count;
        Action a;
        if (p == PLAYER_CHANCE) {
            a = state_sample_chance(s, rng);
        } else {
            int n = state_legal_actions(s, acts);
            a = acts[rng_below(rng, (uint32_t)n)];
        }
        state_apply(s, a);
        count++;
    }
}

MORPH_API int morph_random_games(const MorphGame *g, uint64_t seed, int n, double *returns, int32_t *lengths,
                                 uint32_t *winners, int32_t *points)
{
    if (n < 1)
        return capi_fail("expected at least one game, got %d", n), -1;
    int players = g->game->num_players;
    for (int i = 0; i < n; i++) {
        Rng rng;
        rng_seed(&rng, seed + (uint64_t)i);
        State *s = state_new(g->game);
        lengths[i] = play_random(s, &rng);
        GameResult r;
        double ret[MAX_PLAYERS];
        state_result(s, &r);
        result_returns(&r, players, ret);
        for (int p = 0; p < players; p++) {
            returns[(size_t)i * players + p] = ret[p];
            points[(size_t)i * players + p] = r.has_points ? r.points[p] : 0;
        }
        winners[i] = r.winners;
        state_free(s);
    }
    return n;
}
