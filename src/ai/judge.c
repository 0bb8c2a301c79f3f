/* Judging a decision for analysis (ai.h, ai_judge): a level's own judge
 * hook, or seeded self-play of the level. Self-play plays games out from
 * the position after the level's choice and after the decision played, the
 * level deciding for every seat; game i after either decision meets the
 * same chance (the same seed, and with a game's own chance function the
 * same dice at the same turn), so the two estimates are paired: their
 * difference, what the decision cost, is measured with a much smaller
 * error than either. */
#include <math.h>
#include <string.h>

#include "ai.h"

/* A game that never ends would be a rules bug; stop it as a draw. */
#define MAX_STEPS 1000000

void ai_judge(Ai *ai, const State *s, Action played, double budget, AiJudgement *out)
{
    memset(out, 0, sizeof *out);
    if (ai->ops->judge) {
        ai->ops->judge(ai, s, played, budget, out);
        return;
    }
    /* Levels without a hook decide at once (random, greedy): 64 games a
     * second of budget. */
    int games = (int)(budget * 64);
    ai_judge_selfplay(ai, s, played, games < 8 ? 8 : games, NULL, NULL, out);
}

static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The return of seat after game_seed's game from s once first is played:
 * 1 for a win, 1/k for a win shared by k, 0 for a loss. */
static double play_out(Ai *ai, const State *s, Action first, int seat, uint64_t game_seed, AiJudgeChance chance,
                       void *ctx)
{
    State *w = state_clone(s);
    state_apply(w, first);
    Rng chance_rng;
    rng_seed(&chance_rng, mix(game_seed ^ 0x5eed));
    ai_reseed(ai, mix(game_seed));
    for (long step = 0; !state_is_terminal(w) && step < MAX_STEPS; step++) {
        Action a;
        if (state_is_chance(w))
            a = chance ? chance(ctx, w, game_seed) : state_sample_chance(w, &chance_rng);
        else
            a = ai_choose(ai, w, NULL);
        state_apply(w, a);
    }
    double returns[MAX_PLAYERS] = {0};
    if (state_is_terminal(w)) {
        GameResult r;
        state_result(w, &r);
        result_returns(&r, s->game->num_players, returns);
    } else {
        returns[seat] = 1.0 / s->game->num_players;
    }
    state_free(w);
    return returns[seat];
}

/* The 95% half-width of a mean of n samples with these sums. For win
 * shares the variance is at least that of a coin with the smoothed mean
 * (n games all won still leave doubt), unless every sample is exact
 * (paired differences that are all zero). */
static double half_width(double sum, double sum_sq, int n, bool shares)
{
    double mean = sum / n;
    double var = n > 1 ? (sum_sq - n * mean * mean) / (n - 1) : 0;
    if (shares) {
        double p = (sum + 1) / (n + 2);
        if (var < p * (1 - p))
            var = p * (1 - p);
    }
    return var > 0 ? 1.96 * sqrt(var / n) : 0;
}

static int proven_of(const State *s, Action a, int seat)
{
    State *w = state_clone(s);
    state_apply(w, a);
    int proven = 0;
    if (state_is_terminal(w)) {
        GameResult r;
        state_result(w, &r);
        proven = r.winners == 1u << seat ? 1 : r.winners >> seat & 1 ? 0 : -1;
    }
    state_free(w);
    return proven;
}

void ai_judge_selfplay(Ai *ai, const State *s, Action played, int games, AiJudgeChance chance, void *ctx,
                       AiJudgement *out)
{
    memset(out, 0, sizeof *out);
    int seat = state_player(s);
    uint64_t base = rng_next(&ai->rng);
    Action best = ai_choose(ai, s, NULL);
    bool same = best == played;
    double sb = 0, sbb = 0, sa = 0, saa = 0, sd = 0, sdd = 0;
    for (int i = 0; i < games; i++) {
        uint64_t game_seed = mix(base + (uint64_t)i);
        double rb = play_out(ai, s, best, seat, game_seed, chance, ctx);
        double ra = same ? rb : play_out(ai, s, played, seat, game_seed, chance, ctx);
        sb += rb, sbb += rb * rb, sa += ra, saa += ra * ra, sd += rb - ra, sdd += (rb - ra) * (rb - ra);
    }
    out->work = same ? games : 2L * games;
    out->best = best;
    out->before = sb / games;
    out->after = sa / games;
    out->before_proven = proven_of(s, best, seat);
    out->after_proven = proven_of(s, played, seat);
    out->before_error = out->before_proven ? 0 : half_width(sb, sbb, games, true);
    out->after_error = out->after_proven ? 0 : half_width(sa, saa, games, true);
    out->loss_error = same ? 0 : half_width(sd, sdd, games, false);
    /* The decision played did better than the level's choice: it is the
     * best found, and the position is worth what it got. */
    if (!same && out->after > out->before) {
        out->best = played;
        out->before = out->after;
        out->before_error = out->after_error;
        out->before_proven = out->after_proven;
    }
}
