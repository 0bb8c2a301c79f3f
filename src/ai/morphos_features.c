/* Connection features on bitboards (floods) and a 0-1 breadth-first search
 * for the connection distance. */
#include "morphos_features.h"

/* Neighbours of a within the first nw words, on the board; nw is a
 * constant in each instance below so the word loops unroll. */
static inline __attribute__((always_inline)) void neighbours_words(const MorphosConfig *c, const Bb *a, Bb *out,
                                                                   const int nw)
{
    Bb l1, r1, ls, rs;
    bb_shl(&l1, a, 1, nw);
    bb_shr(&r1, a, 1, nw);
    bb_shl(&ls, a, c->stride, nw);
    bb_shr(&rs, a, c->stride, nw);
    for (int j = 0; j < nw; j++)
        out->w[j] = (l1.w[j] | r1.w[j] | ls.w[j] | rs.w[j]) & c->board.w[j];
}

void mf_neighbours(const MorphosConfig *c, const Bb *a, Bb *out)
{
    bb_zero(out);
    neighbours_words(c, a, out, c->nw);
}

/* Win points using the first nw words only (the others stay zero). */
static inline __attribute__((always_inline)) void win_points_words(const MorphosConfig *c, const Bb *own,
                                                                   int colour, Bb *out, const int nw)
{
    Bb side[2];
    for (int e = 0; e < 2; e++) {
        const Bb *edge = &c->edge[colour][e];
        Bb reach;
        uint64_t any = 0;
        for (int j = 0; j < nw; j++) {
            reach.w[j] = own->w[j] & edge->w[j];
            any |= reach.w[j];
        }
        if (!any) {
            side[e] = *edge; /* no chain on this edge: the edge itself */
            continue;
        }
        /* Flood through own stones, then take the neighbours. */
        for (;;) {
            Bb nb;
            neighbours_words(c, &reach, &nb, nw);
            uint64_t changed = 0;
            for (int j = 0; j < nw; j++) {
                uint64_t g = reach.w[j] | (nb.w[j] & own->w[j]);
                changed |= g ^ reach.w[j];
                reach.w[j] = g;
            }
            if (!changed)
                break;
        }
        neighbours_words(c, &reach, &side[e], nw);
        for (int j = 0; j < nw; j++)
            side[e].w[j] |= edge->w[j];
    }
    for (int j = 0; j < nw; j++)
        out->w[j] = side[0].w[j] & side[1].w[j];
}

void mf_win_points(const MorphosConfig *c, const Bb *own, int colour, Bb *out)
{
    bb_zero(out);
    switch (c->nw) {
    case 1: win_points_words(c, own, colour, out, 1); break;
    case 2: win_points_words(c, own, colour, out, 2); break;
    case 3: win_points_words(c, own, colour, out, 3); break;
    case 4: win_points_words(c, own, colour, out, 4); break;
    case 5: win_points_words(c, own, colour, out, 5); break;
    default: win_points_words(c, own, colour, out, 6); break;
    }
}

void mf_distance_map(const MorphosConfig *c, const Bb stones[2], int colour, int edge, int16_t *dist)
{
    /* Deque of bit indices: cost-0 steps go to the front, cost-1 to the back.
     * Each point is expanded once, so it is pushed at most 5 times and each
     * half of the deque holds every push. */
    enum { CAP = 2 * 5 * BB_WORDS * 64 };
    int16_t dq[CAP];
    int head = CAP / 2, tail = CAP / 2;
    Bb done;
    bb_zero(&done);
    const Bb *own = &stones[colour], *opp = &stones[colour ^ 1];
    for (int i = 0; i < c->n * c->stride; i++)
        dist[i] = MF_FAR;
    for (int j = 0; j < c->nw; j++)
        for (uint64_t x = c->edge[colour][edge].w[j] & ~opp->w[j]; x; x &= x - 1) {
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
}

int mf_distance(const MorphosConfig *c, const Bb stones[2], int colour)
{
    int16_t dist[BB_WORDS * 64];
    mf_distance_map(c, stones, colour, 0, dist);
    int best = MF_FAR;
    for (int j = 0; j < c->nw; j++)
        for (uint64_t x = c->edge[colour][1].w[j]; x; x &= x - 1) {
            int d = dist[j * 64 + __builtin_ctzll(x)];
            best = d < best ? d : best;
        }
    return best;
}

void mf_shortest_paths(const MorphosConfig *c, const Bb stones[2], int colour, Bb *out)
{
    int16_t d0[BB_WORDS * 64], d1[BB_WORDS * 64];
    mf_distance_map(c, stones, colour, 0, d0);
    mf_distance_map(c, stones, colour, 1, d1);
    int best = MF_FAR;
    for (int j = 0; j < c->nw; j++)
        for (uint64_t x = c->edge[colour][1].w[j]; x; x &= x - 1) {
            int d = d0[j * 64 + __builtin_ctzll(x)];
            best = d < best ? d : best;
        }
    bb_zero(out);
    if (best >= MF_FAR)
        return;
    /* An empty point is counted in both maps, a stone of colour in neither. */
    for (int j = 0; j < c->nw; j++)
        for (uint64_t x = c->board.w[j] & ~(stones[0].w[j] | stones[1].w[j]); x; x &= x - 1) {
            int b = j * 64 + __builtin_ctzll(x);
            if (d0[b] + d1[b] - 1 == best)
                bb_set(out, b);
        }
}
