/* Connection features on bitboards: win points from the state's edge reach,
 * connection distances as layers of floods. */
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

/* A stone joins edge e's reach when it lies on the edge or next to the
 * reach (the state keeps the reach of every edge). */
static inline __attribute__((always_inline)) void win_points_words(const MorphosState *s, int colour, Bb *out,
                                                                   const int nw)
{
    const MorphosConfig *c = s->cfg;
    Bb side[2];
    for (int e = 0; e < 2; e++) {
        const Bb *reach = &s->reach[colour][e], *edge = &c->edge[colour][e];
        neighbours_words(c, reach, &side[e], nw);
        for (int j = 0; j < nw; j++)
            side[e].w[j] |= edge->w[j];
    }
    for (int j = 0; j < nw; j++)
        out->w[j] = side[0].w[j] & side[1].w[j];
}

void mf_win_points(const MorphosState *s, int colour, Bb *out)
{
    bb_zero(out);
    switch (s->cfg->nw) {
    case 1: win_points_words(s, colour, out, 1); break;
    case 2: win_points_words(s, colour, out, 2); break;
    case 3: win_points_words(s, colour, out, 3); break;
    case 4: win_points_words(s, colour, out, 4); break;
    case 5: win_points_words(s, colour, out, 5); break;
    default: win_points_words(s, colour, out, 6); break;
    }
}

/* At most one layer per point, and the first. */
#define MF_LAYERS (BB_WORDS * 64 + 1)

/* The connection distance of colour from its edge e, in layers: layer[k]
 * holds the points (its stones and empty points) whose cheapest path from
 * the edge, through its stones and empty points, crosses k empty points,
 * the point itself included. Layers are added until one touches `stop`,
 * `max` are made or none can be; returns how many were made. */
static inline __attribute__((always_inline)) int layers_words(const MorphosConfig *c, const Bb stones[2], int colour,
                                                              int e, const Bb *stop, int max, Bb *layer, const int nw)
{
    const Bb *own = &stones[colour], *edge = &c->edge[colour][e];
    Bb done, empty;
    for (int j = 0; j < nw; j++) {
        empty.w[j] = c->board.w[j] & ~(stones[0].w[j] | stones[1].w[j]);
        layer[0].w[j] = own->w[j] & edge->w[j];
    }
    morphos_flood(c, &layer[0], own);
    done = layer[0];
    int k = 0;
    for (;;) {
        uint64_t reached = 0;
        for (int j = 0; j < nw; j++)
            reached |= layer[k].w[j] & stop->w[j];
        if (reached || k + 1 >= max)
            return k + 1;
        /* The empty points next to what is done (or on the edge) cost one
         * more; the stones of colour joined to them cost the same. */
        Bb next, within;
        neighbours_words(c, &done, &next, nw);
        uint64_t any = 0;
        for (int j = 0; j < nw; j++) {
            next.w[j] = (next.w[j] | edge->w[j]) & empty.w[j] & ~done.w[j];
            within.w[j] = next.w[j] | (own->w[j] & ~done.w[j]);
            any |= next.w[j];
        }
        if (!any)
            return k + 1;
        morphos_flood(c, &next, &within);
        layer[++k] = next;
        for (int j = 0; j < nw; j++)
            done.w[j] |= next.w[j];
    }
}

static int layers(const MorphosConfig *c, const Bb stones[2], int colour, int e, const Bb *stop, int max, Bb *layer)
{
    switch (c->nw) {
    case 1: return layers_words(c, stones, colour, e, stop, max, layer, 1);
    case 2: return layers_words(c, stones, colour, e, stop, max, layer, 2);
    case 3: return layers_words(c, stones, colour, e, stop, max, layer, 3);
    case 4: return layers_words(c, stones, colour, e, stop, max, layer, 4);
    case 5: return layers_words(c, stones, colour, e, stop, max, layer, 5);
    default: return layers_words(c, stones, colour, e, stop, max, layer, 6);
    }
}

/* Layers from edge 0 up to the first that touches edge 1; MF_FAR when none
 * does (the colour is blocked). */
static int distance(const MorphosConfig *c, const Bb stones[2], int colour, Bb *layer)
{
    int k = layers(c, stones, colour, 0, &c->edge[colour][1], MF_LAYERS, layer);
    return bb_intersects(&layer[k - 1], &c->edge[colour][1], c->nw) ? k - 1 : MF_FAR;
}

int mf_distance(const MorphosConfig *c, const Bb stones[2], int colour)
{
    Bb layer[MF_LAYERS];
    return distance(c, stones, colour, layer);
}

void mf_shortest_paths(const MorphosConfig *c, const Bb stones[2], int colour, Bb *out)
{
    Bb from0[MF_LAYERS], from1[MF_LAYERS];
    int best = distance(c, stones, colour, from0);
    bb_zero(out);
    if (best >= MF_FAR)
        return;
    /* The layers from edge 1 as far as best; an empty point at k from edge
     * 0 and best + 1 - k from edge 1 (counted in both) is on a shortest
     * connection. */
    Bb never;
    bb_zero(&never);
    int k1 = layers(c, stones, colour, 1, &never, best + 1, from1);
    for (int k = 1; k <= best && best + 1 - k < k1; k++)
        for (int j = 0; j < c->nw; j++)
            out->w[j] |= from0[k].w[j] & from1[best + 1 - k].w[j] &
                         ~(stones[0].w[j] | stones[1].w[j]);
}
