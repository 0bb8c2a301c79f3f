/* Connection features on bitboards (floods) and a 0-1 breadth-first search
 * for the connection distance. */
#include "morphos_features.h"

void mf_neighbours(const MorphosConfig *c, const Bb *a, Bb *out)
{
    const int nw = c->nw;
    Bb l1, r1, ls, rs;
    bb_shl(&l1, a, 1, nw);
    bb_shr(&r1, a, 1, nw);
    bb_shl(&ls, a, c->stride, nw);
    bb_shr(&rs, a, c->stride, nw);
    bb_zero(out);
    for (int j = 0; j < nw; j++)
        out->w[j] = (l1.w[j] | r1.w[j] | ls.w[j] | rs.w[j]) & c->board.w[j];
}

/* The stones of own connected to seed's stones. */
static void flood(const MorphosConfig *c, const Bb *own, Bb *reach)
{
    for (;;) {
        Bb nb;
        mf_neighbours(c, reach, &nb);
        uint64_t changed = 0;
        for (int j = 0; j < c->nw; j++) {
            uint64_t g = reach->w[j] | (nb.w[j] & own->w[j]);
            changed |= g ^ reach->w[j];
            reach->w[j] = g;
        }
        if (!changed)
            return;
    }
}

void mf_win_points(const MorphosConfig *c, const Bb *own, int colour, Bb *out)
{
    bb_zero(out);
    Bb side[2];
    for (int e = 0; e < 2; e++) {
        Bb reach, nb;
        bb_zero(&reach);
        for (int j = 0; j < c->nw; j++)
            reach.w[j] = own->w[j] & c->edge[colour][e].w[j];
        if (!bb_empty(&reach, c->nw))
            flood(c, own, &reach);
        mf_neighbours(c, &reach, &nb);
        for (int j = 0; j < BB_WORDS; j++)
            side[e].w[j] = nb.w[j] | c->edge[colour][e].w[j];
    }
    for (int j = 0; j < c->nw; j++)
        out->w[j] = side[0].w[j] & side[1].w[j];
}

int mf_distance(const MorphosConfig *c, const Bb stones[2], int colour)
{
    /* Deque of bit indices: cost-0 steps go to the front, cost-1 to the back.
     * Each point is expanded once, so it is pushed at most 5 times, so
     * each half holds every push. */
    enum { CAP = 2 * 5 * BB_WORDS * 64 };
    int16_t dq[CAP];
    int16_t dist[BB_WORDS * 64];
    int head = CAP / 2, tail = CAP / 2;
    Bb done;
    bb_zero(&done);
    const Bb *own = &stones[colour], *opp = &stones[colour ^ 1];
    for (int i = 0; i < c->n * c->stride; i++)
        dist[i] = MF_FAR;
    for (int j = 0; j < c->nw; j++)
        for (uint64_t x = c->edge[colour][0].w[j] & ~opp->w[j]; x; x &= x - 1) {
            int b = j * 64 + __builtin_ctzll(x);
            int d = !bb_test(own, b);
            dist[b] = (int16_t)d;
            if (d)
                dq[tail++] = (int16_t)b;
            else
                dq[--head] = (int16_t)b;
        }
    static const int dxs[4] = {1, -1, 0, 0}, dys[4] = {0, 0, 1, -1};
    while (head < tail) {
        int b = dq[head++];
        if (bb_test(&done, b))
            continue;
        bb_set(&done, b);
        if (bb_test(&c->edge[colour][1], b))
            return dist[b];
        int col = morphos_col(c, b), row = morphos_row(c, b);
        for (int k = 0; k < 4; k++) {
            int x = col + dxs[k], y = row + dys[k];
            if (x < 0 || x >= c->n || y < 0 || y >= c->n)
                continue;
            int nb = morphos_bit(c, x, y);
            if (bb_test(opp, nb))
                continue;
            int step = !bb_test(own, nb);
            if (dist[b] + step < dist[nb]) {
                dist[nb] = (int16_t)(dist[b] + step);
                if (step)
                    dq[tail++] = (int16_t)nb;
                else
                    dq[--head] = (int16_t)nb;
            }
        }
    }
    return MF_FAR;
}
