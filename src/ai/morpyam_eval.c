/* The expert's evaluation of a Morpyam position: a win chance for one
 * player. The turns of one round are looked at for what ends the game (a
 * KO square, or the last token when it wins on points), each player
 * reaching one of its winning squares with the engine's three-roll odds of
 * their figures. What is left is shared by a softmax over each player's
 * material: line points, the token race, and open segments of 3, 4 and 5
 * squares weighted by how easy their missing squares are to make. Then
 * mai_two_ply values each square of the mover one turn deeper: the next
 * player's reply turn is solved exactly for the dice. */
#include <math.h>
#include <string.h>

#include "morpyam_model.h"

/* Weights in points, fitted by logistic regression of game outcomes on
 * these features over positions of expert games without KO threats (the
 * fit put 0.185 per point, hence the temperature 1 / 0.185). */
#define TEMP 5.4  /* softmax temperature */
#define RACE 0.75 /* per token placed: the race to the end bonus and its tie-break */
#define SEG3 0.25 /* 2 of 3 with the third square free: a point to make */
#define SEG4 0.1  /* 3 of 4 with the fourth free: the upgrade to a run of 4 */
/* tokens in a window of 5 holding no other colour (4 tokens there make a
 * KO square, which the exact threat term values instead) */
static const double seg5_w[5] = {0, 0, 0.12, 1.2, 0};
#define EASE_REF 0.35 /* the ease of a brelan square: weight 1 */

void mai_eval_init(MaiEval *e, const MorpyamTables *t, const MaiModel *model)
{
    memset(e, 0, sizeof *e);
    e->t = t;
    e->model = model;
}

void mai_pos_of(const MorpyamState *s, MaiPos *pos)
{
    memset(pos, 0, sizeof *pos);
    for (int p = 0; p < s->cfg->players; p++) {
        pos->tokens[p] = s->tokens[p];
        pos->points[p] = s->points[p];
        pos->left[p] = s->left[p];
    }
    pos->occupied = s->occupied;
}

static int next_alive(const MorpyamState *s, int p)
{
    do
        p = (p + 1) % s->cfg->players;
    while (!(s->alive >> p & 1));
    return p;
}

static double ease_of(const MaiEval *e, const MorpyamState *s, int sq)
{
    return s->grid[sq] < MK_COUNT ? e->t->ease[s->grid[sq]] / EASE_REF : 1.0;
}

static double material(const MaiEval *e, const MorpyamState *s, const MaiPos *pos, int q)
{
    const MorpyamTables *t = e->t;
    const int n = s->cfg->players;
    uint64_t mine = pos->tokens[q], others = pos->occupied & ~mine;
    double m = pos->points[q] + RACE * (s->cfg->tokens - pos->left[q]);
    double up4 = morpyam_run_value(4, n) - morpyam_run_value(3, n);
    for (int i = 0; i < t->nseg[5]; i++) {
        uint64_t w = t->seg[5][i];
        int c = __builtin_popcountll(w & mine);
        if ((w & others) || c < 2)
            continue;
        double ez = 0;
        for (uint64_t f = w & ~mine; f; f &= f - 1)
            ez += ease_of(e, s, __builtin_ctzll(f));
        m += seg5_w[c] * ez / (5 - c);
    }
    for (int i = 0; i < t->nseg[4]; i++) {
        uint64_t w = t->seg[4][i];
        if (!(w & others) && __builtin_popcountll(w & mine) == 3)
            m += SEG4 * up4 * ease_of(e, s, __builtin_ctzll(w & ~mine));
    }
    for (int i = 0; i < t->nseg[3]; i++) {
        uint64_t w = t->seg[3][i];
        if (!(w & others) && __builtin_popcountll(w & mine) == 2)
            m += SEG3 * ease_of(e, s, __builtin_ctzll(w & ~mine));
    }
    return m;
}

/* Player q's score in the master's softmax: its learned model. */
static double logit(const MaiEval *e, const MorpyamState *s, const MaiPos *pos, int q, int next)
{
    double f[MAI_FEATURES];
    mai_features(e->t, s, pos, q, next, f);
    return mai_model_score(e->model, f);
}

/* Free squares where player x wins at once: a KO, or its last token when
 * that wins on points (the end bonus and ties go to x). */
static uint64_t win_targets(const MaiEval *e, const MorpyamState *s, const MaiPos *pos, int x)
{
    const MorpyamTables *t = e->t;
    uint64_t free_sq = ~pos->occupied & MORPYAM_ALL, targets = 0;
    for (int i = 0; i < t->nseg[5]; i++) {
        uint64_t w = t->seg[5][i];
        if (__builtin_popcountll(w & pos->tokens[x]) == 4 && (w & free_sq))
            targets |= w & free_sq;
    }
    if (pos->left[x] == 1) {
        int best = -1000;
        for (int q = 0; q < s->cfg->players; q++)
            if (q != x && (s->alive >> q & 1) && pos->points[q] > best)
                best = pos->points[q];
        for (uint64_t f = free_sq & ~targets; f; f &= f - 1) {
            int sq = __builtin_ctzll(f);
            bool ko;
            if (pos->points[x] + morpyam_place_points(pos->tokens[x], sq, s->cfg->players, &ko) + 1 >= best)
                targets |= 1ull << sq;
        }
    }
    return targets;
}

/* Chance of covering one of targets (or, under daversa on a replay turn,
 * rolling five alike) within one turn, taken as if the squares were made
 * independently, each with the engine's three-roll odds of its figure. The
 * master counts each figure once: two KO squares of three 5s are made by
 * the same dice, so the second adds nothing to the chance (and covering
 * one of them takes nothing from it). */
static double hit_chance(const MaiEval *e, const MorpyamState *s, uint64_t targets, bool daversa)
{
    double miss = daversa ? 1 - e->t->ease[MF_MORPYAM] : 1;
    unsigned seen = 0;
    for (uint64_t f = targets; f; f &= f - 1) {
        int kind = s->grid[__builtin_ctzll(f)];
        int k = kind < MK_COUNT ? kind : MK_COUNT;
        if (e->model && (seen >> k & 1))
            continue;
        seen |= 1u << k;
        miss *= 1 - (kind < MK_COUNT ? e->t->ease[kind] : EASE_REF);
    }
    return 1 - miss;
}

double mai_threats(const MaiEval *e, const MorpyamState *s, const MaiPos *pos, int next, bool replay,
                   double threat[MAX_PLAYERS])
{
    int alive = __builtin_popcount(s->alive);
    double still = 1;
    memset(threat, 0, MAX_PLAYERS * sizeof threat[0]);
    for (int i = 0, x = next; i < alive; i++, x = next_alive(s, x)) {
        uint64_t targets = win_targets(e, s, pos, x);
        double p = hit_chance(e, s, targets, replay && i == 0 && s->cfg->daversa);
        /* the players moving before x may cover its squares first */
        double pe = p * pow(1 - p, i);
        threat[x] = still * pe;
        still *= 1 - pe;
    }
    return still;
}

/* exp of each player's score (relative to the best) and their sum: the
 * softmax before normalising. */
static double softmax_terms(const MaiEval *e, const MorpyamState *s, const MaiPos *pos, int next, double x[MAX_PLAYERS])
{
    const double temp = e->model ? 1 : TEMP;
    double top = -1e300, sum = 0;
    for (int q = 0; q < s->cfg->players; q++)
        if (s->alive >> q & 1) {
            x[q] = e->model ? logit(e, s, pos, q, next) : material(e, s, pos, q);
            if (x[q] > top)
                top = x[q];
        }
    for (int q = 0; q < s->cfg->players; q++) {
        x[q] = s->alive >> q & 1 ? exp((x[q] - top) / temp) : 0;
        sum += x[q];
    }
    return sum;
}

void mai_shares(const MaiEval *e, const MorpyamState *s, const MaiPos *pos, int next, double share[MAX_PLAYERS])
{
    double sum = softmax_terms(e, s, pos, next, share);
    for (int q = 0; q < MAX_PLAYERS; q++)
        share[q] /= sum;
}

double mai_eval(MaiEval *e, const MorpyamState *s, const MaiPos *pos, int me, int next, bool replay)
{
    double threat[MAX_PLAYERS], x[MAX_PLAYERS];
    double still = mai_threats(e, s, pos, next, replay, threat);
    double sum = softmax_terms(e, s, pos, next, x);
    return threat[me] + still * x[me] / sum;
}

/* Puts a token of `who` on sq in pos. Returns me's exact share of the win
 * when that ends the game, -1 otherwise. */
static double put_token(const MorpyamState *s, MaiPos *pos, int who, int sq, int me)
{
    bool ko;
    int n = s->cfg->players;
    pos->points[who] += morpyam_place_points(pos->tokens[who], sq, n, &ko);
    pos->tokens[who] |= 1ull << sq;
    pos->occupied |= 1ull << sq;
    if (ko)
        return who == me;
    if (--pos->left[who] == 0) {
        /* the game ends on points: the ender has the bonus and wins ties */
        int best = -1000;
        for (int q = 0; q < n; q++)
            if ((s->alive >> q & 1) && pos->points[q] + (q == who) > best)
                best = pos->points[q] + (q == who);
        if (pos->points[who] + 1 == best)
            return who == me;
        int shared = 0;
        for (int q = 0; q < n; q++)
            shared += (s->alive >> q & 1) && pos->points[q] == best;
        return pos->points[me] == best ? 1.0 / shared : 0;
    }
    return -1;
}

/* The expected gain of op, the next player, over its coming turn in pos,
 * where base is me's value of pos if op passed. */
static double reply(MaiEval *e, const MorpyamState *s, const MaiPos *pos, int me, int op, double base)
{
    TurnInput in = {.m1 = e->reply_m1, .m23 = e->reply_m23, .strict = s->cfg->strict_call};
    mai_masks(s, pos->occupied, e->reply_m1, e->reply_m23);
    int after_op = next_alive(s, op);
    for (int sq = 0; sq < 36; sq++) {
        if (pos->occupied >> sq & 1) {
            in.val[sq] = MAI_NEG;
            continue;
        }
        MaiPos after = *pos;
        double v = put_token(s, &after, op, sq, me);
        if (v < 0)
            v = s->grid[sq] == MF_MORPYAM ? mai_eval(e, s, &after, me, op, true) : mai_eval(e, s, &after, me, after_op, false);
        in.val[sq] = base - v;
    }
    mai_turn_solve(e->t, &in, &e->scratch);
    return e->scratch.start;
}

double mai_two_ply(MaiEval *e, const MorpyamState *s, double val[36])
{
    const int me = s->player, op = next_alive(s, me), after_op = next_alive(s, op);
    MaiPos pos;
    mai_pos_of(s, &pos);
    double base = mai_eval(e, s, &pos, me, after_op, false);
    double pass = base - reply(e, s, &pos, me, op, base);
    for (int sq = 0; sq < 36; sq++) {
        if (s->occupied >> sq & 1) {
            val[sq] = MAI_NEG;
            continue;
        }
        MaiPos after = pos;
        double v = put_token(s, &after, me, sq, me);
        if (v < 0) {
            v = mai_eval(e, s, &after, me, after_op, false);
            if (s->grid[sq] != MF_MORPYAM)
                v -= reply(e, s, &after, me, op, v);
        }
        val[sq] = v - pass;
    }
    return pass;
}
