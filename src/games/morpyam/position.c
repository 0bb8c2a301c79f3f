/* What a Morpyam position says without changing: who rolls now, the
 * squares the dice may cover, and every player's line points recounted.
 * The turn machine (state.c), the state texts (text.c) and the words for
 * people (describe.c, marks.c) all ask it. */
#include "morpyam.h"

int morpyam_roller(const MorpyamState *s)
{
    unsigned waiting = (unsigned)s->contenders & ~(unsigned)s->rolled;
    if (s->phase == MP_ROLL)
        return s->player;
    return s->phase == MP_ROLLOFF && waiting ? __builtin_ctz(waiting) : -1;
}

uint64_t morpyam_placeable(const MorpyamState *s)
{
    uint64_t free_sq = ~s->occupied & MORPYAM_ALL;
    if (s->phase == MP_FORCED)
        return s->kind_sq[MK_APPEL] & free_sq;
    if (s->phase != MP_AFTER || (s->cfg->strict_call && s->called))
        return 0;
    unsigned figs = s->cfg->ms->figs[s->dice];
    uint64_t m = 0;
    if ((figs >> MF_MORPYAM & 1) && (s->kind_sq[MF_MORPYAM] & free_sq)) {
        m = s->kind_sq[MF_MORPYAM]; /* five alike goes on Morpyam while one is free */
    } else if (s->cfg->variant != MV_PLUS) {
        m = s->cfg->cover[s->dice - s->cfg->ms->first[5]];
    } else {
        /* branch-free over every figure but sec: the number of figures varies */
        for (int f = 0; f < MF_COUNT; f++)
            if (f != MF_SEC)
                m |= s->kind_sq[f] & -(uint64_t)(figs >> f & 1);
    }
    if (s->rolls == 1 && (figs >> MF_SEC & 1))
        m |= s->kind_sq[MF_SEC];
    return m & free_sq;
}

int morpyam_recount(const MorpyamState *s, int points[MAX_PLAYERS])
{
    int ko = -1;
    for (int p = 0; p < MAX_PLAYERS; p++) {
        bool k = false;
        points[p] = p < s->cfg->players ? morpyam_count_points(s->tokens[p], s->cfg->players, &k) : 0;
        if (k && ko < 0)
            ko = p;
    }
    return ko;
}
