/* The expert's judgement of a Morpyam decision for analysis: seeded
 * self-play of the expert (ai_judge_selfplay) with paired dice. Game i of
 * the self-play takes its dice from a table of its own, one row of five
 * dice for every roll of every turn: a roll of k dice at roll r of turn t
 * shows the first k dice of row (t, r). So the games after the expert's
 * choice and after the decision played meet the same dice at the same turn
 * whatever either kept, and what the decision cost is measured on equal
 * luck. */
#include "morpyam_ai.h"

/* Expert games a second of budget: a game played out from the middle of a
 * two-player game takes about 16 ms of one core (release build). */
#define GAMES_PER_SECOND 64
#define MIN_GAMES 8

static uint64_t row_seed(uint64_t seed, uint64_t turn, uint64_t roll)
{
    uint64_t z = seed ^ (turn * 0x9e3779b97f4a7c15ULL) ^ (roll + 1) * 0xc2b2ae3d27d4eb4fULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static Action paired_chance(void *ctx, const State *st, uint64_t seed)
{
    (void)ctx;
    const MorpyamState *s = morpyam_state(st);
    Rng rng;
    if (s->phase != MP_ROLL) { /* a roll-off or a Plus deal: not worth pairing */
        rng_seed(&rng, row_seed(seed, (uint64_t)s->turns + 0x10000u * s->dealt, 100u + s->rolled));
        return state_sample_chance(st, &rng);
    }
    rng_seed(&rng, row_seed(seed, (uint64_t)s->turns, s->rolls));
    int digits = 0;
    for (int j = 0, place = 1; j < s->nroll; j++, place *= 6)
        digits += (int)rng_below(&rng, 6) * place;
    const MorpyamMultisets *ms = s->cfg->ms;
    return MA_DICE + ms->roll_id[ms->roll_offset[s->nroll] + digits];
}

void mai_judge(Ai *ai, const State *s, Action played, double budget, AiJudgement *out)
{
    int games = (int)(budget * GAMES_PER_SECOND);
    ai_judge_selfplay(ai, s, played, games < MIN_GAMES ? MIN_GAMES : games, paired_chance, NULL, out);
}
