/* Features of the master's evaluation (see morpyam_model.h). A window of
 * five is "live" for a player when it holds none of the other players'
 * tokens: only live windows can still become a KO. The ease of a square is
 * the chance of making its figure within a turn when playing for it alone
 * (the engine's three-roll odds; Sec its one-roll odds; Appel the odds of
 * full, the likeliest callable figure). */
#include "morpyam_model.h"

#include <string.h>

const char *const mai_feature_names[MAI_FEATURES] = {
    "moves_next",  "moves_second", "moves_third", "points",      "placed",       "points_late",
    "last_token",  "two_left",     "win1",        "win2",        "win3",         "win1_ease",
    "win2_ease",   "win3_ease",    "win1_all",    "win2_all",    "win3_all",     "ko_squares",
    "ko_ease",     "makers",       "double_makers", "open_threes", "open_fours",
};

const MaiModel *mai_master_model(int players)
{
    return &mai_master_models[players < 2 ? 0 : players > 4 ? 2 : players - 2];
}

static double ease_of(const MorpyamTables *t, const MorpyamState *s, int sq)
{
    return s->grid[sq] < MK_COUNT ? t->ease[s->grid[sq]] : t->ease[MF_BRELAN1];
}

/* Turns before q moves in the round that starts with `next` (players still
 * in only). */
static int turn_distance(const MorpyamState *s, int next, int q)
{
    int d = 0;
    for (int x = next; x != q; d++)
        do
            x = (x + 1) % s->cfg->players;
        while (!(s->alive >> x & 1));
    return d;
}

void mai_features(const MorpyamTables *t, const MorpyamState *s, const MaiPos *pos, int q, int next,
                  double f[MAI_FEATURES])
{
    memset(f, 0, MAI_FEATURES * sizeof f[0]);
    int d = turn_distance(s, next, q);
    if (d < 3)
        f[MAI_F_MOVES_NEXT + d] = 1;
    uint64_t mine = pos->tokens[q], others = pos->occupied & ~mine, free_sq = ~pos->occupied & MORPYAM_ALL;
    f[MAI_F_POINTS] = pos->points[q];
    f[MAI_F_PLACED] = s->cfg->tokens - pos->left[q];
    f[MAI_F_POINTS_LATE] = pos->points[q] * __builtin_popcountll(pos->occupied) / 36.0;
    f[MAI_F_LAST_TOKEN] = pos->left[q] == 1;
    f[MAI_F_TWO_LEFT] = pos->left[q] == 2;
    uint64_t ko = 0, makers = 0, doubles = 0;
    for (int i = 0; i < t->nseg[5]; i++) {
        uint64_t w = t->seg[5][i];
        int c = __builtin_popcountll(w & mine);
        if ((w & others) || c == 0)
            continue;
        if (c == 4) {
            ko |= w & free_sq;
            continue;
        }
        if (c == 3) {
            doubles |= makers & w;
            makers |= w & free_sq;
        }
        double sum = 0, all = 1;
        for (uint64_t m = w & free_sq; m; m &= m - 1) {
            double e = ease_of(t, s, __builtin_ctzll(m));
            sum += e;
            all *= e;
        }
        f[MAI_F_WIN1 + c - 1] += 1;
        f[MAI_F_WIN1_EASE + c - 1] += sum / (5 - c);
        f[MAI_F_WIN1_ALL + c - 1] += all;
    }
    for (uint64_t m = ko; m; m &= m - 1) {
        f[MAI_F_KO_SQUARES] += 1;
        f[MAI_F_KO_EASE] += ease_of(t, s, __builtin_ctzll(m));
    }
    for (uint64_t m = makers & ~ko; m; m &= m - 1) {
        int sq = __builtin_ctzll(m);
        f[MAI_F_MAKERS] += ease_of(t, s, sq);
        if (doubles >> sq & 1)
            f[MAI_F_DOUBLE_MAKERS] += ease_of(t, s, sq);
    }
    for (int i = 0; i < t->nseg[3]; i++) {
        uint64_t w = t->seg[3][i];
        if (!(w & others) && __builtin_popcountll(w & mine) == 2)
            f[MAI_F_OPEN_THREES] += ease_of(t, s, __builtin_ctzll(w & ~mine));
    }
    int n = s->cfg->players;
    double up4 = morpyam_run_value(4, n) - morpyam_run_value(3, n);
    for (int i = 0; i < t->nseg[4]; i++) {
        uint64_t w = t->seg[4][i];
        if (!(w & others) && __builtin_popcountll(w & mine) == 3)
            f[MAI_F_OPEN_FOURS] += up4 * ease_of(t, s, __builtin_ctzll(w & ~mine));
    }
}

double mai_model_score(const MaiModel *m, const double f[MAI_FEATURES])
{
    double score = 0;
    for (int i = 0; i < MAI_FEATURES; i++)
        score += m->w[i] * f[i];
    return score;
}
