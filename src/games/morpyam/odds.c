/* Exact odds of each figure by dynamic programming over dice multisets:
 * before the last roll a hand is worth 1 if it shows the figure, else the
 * best expectation over the dice it can keep. */
#include <string.h>

#include "morpyam.h"

/* exp[k] = expected value of keeping multiset k (size 0..4) and rolling the
 * rest, given value[] of every 5-dice id. */
static void keep_values(const MorpyamMultisets *ms, const double *value, double *exp)
{
    for (int k = 0; k < ms->first[5]; k++) {
        int roll = 5 - ms->size[k];
        int end = roll == 5 ? MS_COUNT : ms->first[roll + 1];
        double e = 0;
        for (int o = ms->first[roll]; o < end; o++)
            e += ms->prob[o] * value[morpyam_ms_id(ms, ms->key[k] + ms->key[o])];
        exp[k] = e;
    }
}

void morpyam_odds(const MorpyamMultisets *ms, MorpyamOdds *odds)
{
    double value[MS_COUNT], next[MS_COUNT], exp[MS_COUNT];
    int five = ms->first[5];
    for (int f = 0; f < MF_COUNT; f++) {
        bool sec = f == MF_SEC;
        double one = 0;
        for (int id = five; id < MS_COUNT; id++) {
            value[id] = (ms->figs[id] >> f & 1) ? 1.0 : 0.0;
            one += ms->prob[id] * value[id];
        }
        odds->one_roll[f] = one;
        if (sec) {
            odds->three_rolls[f] = one;
            continue;
        }
        for (int round = 0; round < 2; round++) {
            keep_values(ms, value, exp);
            for (int id = five; id < MS_COUNT; id++) {
                if (ms->figs[id] >> f & 1) {
                    next[id] = 1.0;
                    continue;
                }
                double best = 0;
                for (int i = 0; i < ms->nsub[id]; i++) {
                    int sub = ms->sub[id][i];
                    int kept = morpyam_ms_id(ms, ms->key[id] - ms->key[sub]);
                    if (exp[kept] > best)
                        best = exp[kept];
                }
                next[id] = best;
            }
            memcpy(value + five, next + five, 252 * sizeof(double));
        }
        double three = 0;
        for (int id = five; id < MS_COUNT; id++)
            three += ms->prob[id] * value[id];
        odds->three_rolls[f] = three;
    }
}
