/* Shared Morpyam AI machinery: dice tables, placeable masks from the
 * engine, the exact expectimax over one turn, the grid's line segments. */
#include "morpyam_ai.h"

#include <string.h>

void mai_tables_init(MorpyamTables *t, const MorpyamConfig *cfg)
{
    const MorpyamMultisets *ms = cfg->ms;
    const int five = ms->first[5];
    memset(t, 0, sizeof *t);
    t->cfg = cfg;
    int n = 0;
    for (int k = 0; k < MAI_KEEPS; k++) {
        t->join_start[k] = (uint16_t)n;
        int roll = 5 - ms->size[k];
        int end = roll == 5 ? MS_COUNT : ms->first[roll + 1];
        for (int o = ms->first[roll]; o < end; o++) {
            t->join_dice[n] = (uint16_t)(morpyam_ms_id(ms, ms->key[k] + ms->key[o]) - five);
            t->join_prob[n] = ms->prob[o];
            n++;
        }
    }
    t->join_start[MAI_KEEPS] = (uint16_t)n;
    for (int d = 0; d < MAI_DICE; d++) {
        int id = five + d;
        t->nsub[d] = ms->nsub[id];
        for (int i = 0; i < ms->nsub[id]; i++) {
            int sub = ms->sub[id][i];
            t->sub[d][i] = (uint16_t)sub;
            t->keep[d][i] = (uint8_t)morpyam_ms_id(ms, ms->key[id] - ms->key[sub]);
        }
        t->figs[d] = ms->figs[id];
        t->prob[d] = ms->prob[id];
    }
    static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int len = 3; len <= 5; len++)
        for (int d = 0; d < 4; d++)
            for (int row = 0; row < 6; row++)
                for (int col = 0; col < 6; col++) {
                    int er = row + dirs[d][0] * (len - 1), ec = col + dirs[d][1] * (len - 1);
                    if (er < 0 || er > 5 || ec < 0 || ec > 5)
                        continue;
                    uint64_t m = 0;
                    for (int i = 0; i < len; i++)
                        m |= 1ull << ((row + dirs[d][0] * i) * 6 + col + dirs[d][1] * i);
                    t->seg[len][t->nseg[len]++] = m;
                }
    MorpyamOdds odds;
    morpyam_odds(ms, &odds);
    for (int f = 0; f < MF_COUNT; f++)
        t->ease[f] = f == MF_SEC ? odds.one_roll[f] : odds.three_rolls[f];
    t->ease[MK_APPEL] = odds.three_rolls[MF_FULL];
}

void mai_masks(const MorpyamState *s, uint64_t occupied, uint64_t m1[MAI_DICE], uint64_t m23[MAI_DICE])
{
    MorpyamState c = *s;
    c.occupied = occupied;
    c.phase = MP_AFTER;
    c.called = false;
    const int five = s->cfg->ms->first[5];
    for (int d = 0; d < MAI_DICE; d++) {
        c.dice = (uint16_t)(five + d);
        c.rolls = 1;
        m1[d] = morpyam_placeable(&c);
        c.rolls = 2;
        m23[d] = morpyam_placeable(&c);
    }
}

/* Figures callable before roll 1 (sec included) and before rolls 2 and 3. */
static const int calls_first[7] = {MF_CARRE, MF_FULL, MF_MAXI, MF_MINI, MF_MORPYAM, MF_SEC, MF_SUITE};
static const int calls_later[6] = {MF_CARRE, MF_FULL, MF_MAXI, MF_MINI, MF_MORPYAM, MF_SUITE};

static inline double max2(double a, double b)
{
    return a > b ? a : b;
}

/* Expectations of rolling after keeping k, for every keep (only the empty
 * keep before roll 1), from the values of each outcome. */
static void expect(const MorpyamTables *t, const TurnInput *in, int r, const double *R, const double *Rs,
                   double Rc[MF_COUNT][MAI_DICE], TurnTables *o)
{
    int nk = r == 1 ? 1 : MAI_KEEPS, ncall = r == 1 ? 7 : 6;
    const int *calls = r == 1 ? calls_first : calls_later;
    if (!in->strict && !in->can_call) { /* the common case, kept tight */
        for (int k = 0; k < nk; k++) {
            double e = 0;
            for (int j = t->join_start[k]; j < t->join_start[k + 1]; j++)
                e += t->join_prob[j] * R[t->join_dice[j]];
            o->EK[r][k] = e;
        }
        return;
    }
    for (int k = 0; k < nk; k++) {
        double e = 0, es = 0, ec[7] = {0};
        for (int j = t->join_start[k]; j < t->join_start[k + 1]; j++) {
            double p = t->join_prob[j];
            int d = t->join_dice[j];
            e += p * R[d];
            if (in->strict)
                es += p * Rs[d];
            if (in->can_call)
                for (int i = 0; i < ncall; i++)
                    ec[i] += p * Rc[calls[i]][d];
        }
        o->EK[r][k] = e;
        o->EKs[r][k] = es;
        for (int i = 0; i < ncall; i++)
            o->EC[r][k][calls[i]] = ec[i];
    }
}

void mai_turn_solve(const MorpyamTables *t, const TurnInput *given, TurnTables *o)
{
    /* without a call to make, strict-call changes nothing */
    TurnInput norm = *given;
    norm.strict = given->strict && given->can_call;
    const TurnInput *in = &norm;
    o->appel_val = MAI_NEG;
    for (uint64_t m = in->appel; m; m &= m - 1)
        o->appel_val = max2(o->appel_val, in->val[__builtin_ctzll(m)]);
    for (int d = 0; d < MAI_DICE; d++)
        for (int r = 1; r <= 2; r++) {
            uint64_t m = r == 1 ? in->m1[d] : in->m23[d];
            double v = MAI_NEG;
            int best = -1;
            for (; m; m &= m - 1) {
                int sq = __builtin_ctzll(m);
                if (in->val[sq] > v) {
                    v = in->val[sq];
                    best = sq;
                }
            }
            o->place[r][d] = v;
            o->best[r][d] = (int8_t)best;
            if (r == 2) {
                o->place[3][d] = v;
                o->best[3][d] = (int8_t)best;
            }
        }
    for (int d = 0; d < MAI_DICE; d++) {
        o->W[3][d] = max2(0, o->place[3][d]);
        o->Ws[3][d] = 0;
    }
    double R[MAI_DICE], Rs[MAI_DICE], Rc[MF_COUNT][MAI_DICE];
    for (int r = 3; r >= 1; r--) {
        for (int d = 0; d < MAI_DICE; d++) {
            bool win = in->daversa_win && (t->figs[d] >> MF_MORPYAM & 1);
            R[d] = win ? in->win : o->W[r][d];
            Rs[d] = win ? in->win : o->Ws[r][d];
            if (in->can_call) {
                double fail = r == 3 ? 0 : in->strict ? o->Ws[r][d] : o->W[r][d];
                for (int i = 0; i < 7; i++) {
                    int f = calls_first[i];
                    Rc[f][d] = win ? in->win : mai_made(t, f, d, r) ? o->appel_val : fail;
                }
            }
        }
        expect(t, in, r, R, Rs, Rc, o);
        if (r == 1)
            break;
        if (!in->strict && !in->can_call) {
            for (int d = 0; d < MAI_DICE; d++) {
                double best = max2(0, o->place[r - 1][d]);
                for (int i = 0; i < t->nsub[d]; i++)
                    best = max2(best, o->EK[r][t->keep[d][i]]);
                o->W[r - 1][d] = best;
                o->Ws[r - 1][d] = 0;
            }
            continue;
        }
        for (int d = 0; d < MAI_DICE; d++) {
            double best = max2(0, o->place[r - 1][d]), bs = 0;
            for (int i = 0; i < t->nsub[d]; i++) {
                int k = t->keep[d][i];
                best = max2(best, o->EK[r][k]);
                if (in->strict)
                    bs = max2(bs, o->EKs[r][k]);
                if (in->can_call)
                    for (int c = 0; c < 6; c++) {
                        double v = o->EC[r][k][calls_later[c]];
                        best = max2(best, v);
                        bs = max2(bs, v);
                    }
            }
            o->W[r - 1][d] = best;
            o->Ws[r - 1][d] = bs;
        }
    }
    o->start = o->EK[1][0];
    if (in->can_call)
        for (int i = 0; i < 7; i++)
            o->start = max2(o->start, o->EC[1][0][calls_first[i]]);
}

Action mai_put(const MorpyamTables *t, const MorpyamState *s)
{
    const double *ease = t->ease;
    int kind = -1, sq = -1, best_lines = -1;
    for (int k = 0; k < MK_COUNT; k++)
        if (s->hand[s->builder][k] && (kind < 0 || ease[k] > ease[kind]))
            kind = k;
    for (int q = 0; q < 36; q++) {
        if (s->grid[q] != MK_NONE)
            continue;
        int lines = 0;
        for (int i = 0; i < t->nseg[5]; i++)
            lines += (int)(t->seg[5][i] >> q & 1);
        if (lines > best_lines) {
            best_lines = lines;
            sq = q;
        }
    }
    return MA_PUT + kind * 36 + sq;
}
