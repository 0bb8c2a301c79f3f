/* Weak-stone detection and connections on bitboards. A stone is weak when
 * every point of some pattern orientation around it holds a pattern stone;
 * the whole board is tested at once by ANDing copies of the pattern-stone
 * board looked at from each offset. */
#include <stdio.h>
#include <string.h>

#include "morphos.h"
#include "engine.h"
#include "../../core/utf8.h"

static const char *const mutator_names[] = {"minimorph", "deepmorph", "duomorph", "remorph", "metamorph"};

bool morphos_parse_mutators(const char *list, unsigned *out, char *err, size_t errlen)
{
    unsigned m = 0;
    const char *p = list;
    while (*list) { /* every name, also an empty one after a trailing comma */
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == 0) {
            char q[EXCERPT_SIZE];
            snprintf(err, errlen, "empty name in the mutator list '%s' (expected names separated by single commas)",
                     text_excerpt(list, EXCERPT_MAX, q, sizeof q));
            return false;
        }
        int found = -1;
        for (int i = 0; i < 5; i++)
            if (strlen(mutator_names[i]) == len && strncmp(p, mutator_names[i], len) == 0)
                found = i;
        if (found < 0) {
            char name[EXCERPT_MAX + 2], q[EXCERPT_SIZE];
            snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name - 1 ? len : sizeof name - 1), p);
            snprintf(err, errlen, "unknown mutator '%s' (expected minimorph, deepmorph, duomorph, remorph or metamorph)",
                     text_excerpt(name, EXCERPT_MAX, q, sizeof q));
            return false;
        }
        m |= 1u << found;
        if (!comma)
            break;
        p = comma + 1;
    }
    if ((m & MUT_METAMORPH) && !(m & MUT_MINIMORPH)) {
        snprintf(err, errlen, "mutator metamorph needs minimorph: the full checkered board has no weak stone, "
                              "so the game would start in a deadlock");
        return false;
    }
    if ((m & MUT_METAMORPH) && (m & (MUT_DUOMORPH | MUT_REMORPH))) {
        snprintf(err, errlen, "mutator %s cannot be combined with metamorph: the board starts full and "
                              "flips keep it full, so no stone is ever placed and %s would never apply",
                 m & MUT_DUOMORPH ? "duomorph" : "remorph", m & MUT_DUOMORPH ? "duomorph" : "remorph");
        return false;
    }
    *out = m;
    return true;
}

static void add_shape(MorphosConfig *c, const int (*pts)[2], int len)
{
    /* All eight orientations; identical point sets are kept once. */
    for (int t = 0; t < 8; t++) {
        MorphosShape sh = {.len = len};
        unsigned key[8];
        for (int i = 0; i < len; i++) {
            int x = pts[i][0], y = pts[i][1], nx, ny;
            switch (t) {
            case 0: nx = x; ny = y; break;
            case 1: nx = -y; ny = x; break;
            case 2: nx = -x; ny = -y; break;
            case 3: nx = y; ny = -x; break;
            case 4: nx = -x; ny = y; break;
            case 5: nx = y; ny = x; break;
            case 6: nx = x; ny = -y; break;
            default: nx = -y; ny = -x; break;
            }
            sh.dx[i] = (int8_t)nx;
            sh.dy[i] = (int8_t)ny;
            key[i] = (unsigned)((ny + 8) * 16 + nx + 8);
        }
        bool dup = false;
        for (int s = 0; s < c->nshapes && !dup; s++) {
            if (c->shapes[s].len != len)
                continue;
            int hits = 0;
            for (int i = 0; i < len; i++)
                for (int j = 0; j < len; j++)
                    hits += key[i] == (unsigned)((c->shapes[s].dy[j] + 8) * 16 + c->shapes[s].dx[j] + 8);
            dup = hits == len;
        }
        if (!dup)
            c->shapes[c->nshapes++] = sh;
    }
}

static int offset_index(MorphosConfig *c, int dx, int dy)
{
    int d = dy * c->stride + dx;
    for (int i = 0; i < c->noffsets; i++)
        if (c->offsets[i] == d)
            return i;
    c->offsets[c->noffsets] = d;
    c->offset_dx[c->noffsets] = (int8_t)dx;
    return c->noffsets++;
}

static const int area_ring[8][2] = {{0, -1}, {1, -1}, {-1, 0}, {2, 0}, {-1, 1}, {2, 1}, {0, 2}, {1, 2}};

static bool on_board(const MorphosConfig *c, int col, int row)
{
    return col >= 0 && col < c->n && row >= 0 && row < c->n;
}

/* The tables of the fast point-wise test (incremental.c): the neighbourhood
 * offsets, which shapes a neighbourhood byte covers, each shape's points
 * beyond the neighbourhood, the shapes lying on the board around each point,
 * and the window of each point. */
static void init_pointwise(MorphosConfig *c)
{
    /* N, E, S, W, NE, SE, SW, NW: direction k ^ 2 is the opposite of k. */
    static const int nb_dx[8] = {0, 1, 0, -1, 1, 1, -1, -1}, nb_dy[8] = {1, 0, -1, 0, 1, -1, -1, 1};
    static const int side_dx[4] = {0, 1, 0, -1}, side_dy[4] = {1, 0, -1, 0};
    for (int k = 0; k < 8; k++)
        c->nb_off[k] = nb_dy[k] * c->stride + nb_dx[k];
    unsigned near[MORPHOS_MAX_SHAPES] = {0};
    for (int s = 0; s < c->nshapes; s++) {
        const MorphosShape *sh = &c->shapes[s];
        for (int i = 0; i < sh->len; i++) {
            int dir = -1;
            for (int k = 0; k < 8; k++)
                if (sh->dx[i] == nb_dx[k] && sh->dy[i] == nb_dy[k])
                    dir = k;
            if (dir >= 0)
                near[s] |= 1u << dir;
            else
                c->out_off[s][c->out_len[s]++] = sh->dy[i] * c->stride + sh->dx[i];
            c->shape25[s] |= 1u << (5 * (sh->dy[i] + 2) + sh->dx[i] + 2);
        }
        if (c->out_len[s] == 0)
            c->full3 |= 1u << s;
    }
    for (unsigned nb = 0; nb < 256; nb++)
        for (int s = 0; s < c->nshapes; s++)
            if ((near[s] & ~nb) == 0)
                c->cover3[nb] |= 1u << s;
    for (int row = 0; row < c->n; row++)
        for (int col = 0; col < c->n; col++)
            for (int k = 0; k < 4; k++) {
                int x = col + side_dx[k], y = row + side_dy[k];
                c->side_of[morphos_bit(c, col, row)][k] = (int16_t)(on_board(c, x, y) ? morphos_bit(c, x, y) : c->n);
            }
    for (int row = 0; row < c->n; row++)
        for (int col = 0; col < c->n; col++)
            for (int s = 0; s < c->nshapes; s++) {
                const MorphosShape *sh = &c->shapes[s];
                bool fits = true;
                for (int i = 0; i < sh->len; i++)
                    fits = fits && on_board(c, col + sh->dx[i], row + sh->dy[i]);
                if (!fits)
                    continue;
                int b = morphos_bit(c, col, row);
                c->shape_ok[b] |= 1u << s;
                /* A change on a point of this shape can alter b's weakness. */
                for (int i = 0; i < sh->len; i++)
                    bb_set(&c->window[morphos_bit(c, col + sh->dx[i], row + sh->dy[i])], b);
            }
}

bool morphos_config_init(MorphosConfig *c, int n, const char *mutators, int move_cap,
                         char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    if (n < 2 || n > 19) {
        snprintf(err, errlen, "board size %d is out of range (expected 3 to 19)", n);
        return false;
    }
    if (!morphos_parse_mutators(mutators, &c->mutators, err, errlen))
        return false;
    if (move_cap < 1) {
        snprintf(err, errlen, "move-cap must be at least 1, got %d", move_cap);
        return false;
    }
    c->n = n;
    c->stride = n + 1;
    c->nw = (n * c->stride + 63) / 64;
    c->move_cap = move_cap;
    for (int r = 0; r < n; r++)
        for (int col = 0; col < n; col++) {
            int b = morphos_bit(c, col, r);
            bb_set(&c->board, b);
            if (r == 0) bb_set(&c->edge[MORPHOS_BLACK][0], b);
            if (r == n - 1) bb_set(&c->edge[MORPHOS_BLACK][1], b);
            if (col == 0) bb_set(&c->edge[MORPHOS_WHITE][0], b);
            if (col == n - 1) bb_set(&c->edge[MORPHOS_WHITE][1], b);
            for (int dx = -2; dx <= 2; dx++)
                if (col + dx >= 0 && col + dx < n)
                    bb_set(&c->col_ok[dx + 2], b);
        }
    /* Pattern 1: stone b2, enemies b3 a3 a2 b1; pattern 2: enemies a4 a3 a2
     * b1 c1. Minimorph drops each one's top-left point (a3, a4). */
    static const int p1[4][2] = {{0, 1}, {-1, 0}, {0, -1}, {-1, 1}};
    static const int p2[5][2] = {{-1, 1}, {-1, 0}, {0, -1}, {1, -1}, {-1, 2}};
    bool mini = c->mutators & MUT_MINIMORPH;
    add_shape(c, p1, mini ? 3 : 4);
    add_shape(c, p2, mini ? 4 : 5);
    c->norient = c->nshapes;
    static const int side_dx[4] = {0, 1, 0, -1}, side_dy[4] = {1, 0, -1, 0}; /* N, E, S, W */
    for (int s = 0; s < c->norient; s++) {
        c->orient_len[s] = c->shapes[s].len;
        unsigned sides = 0;
        for (int i = 0; i < c->shapes[s].len; i++) {
            c->orient_idx[s][i] = offset_index(c, c->shapes[s].dx[i], c->shapes[s].dy[i]);
            for (int k = 0; k < 4; k++)
                if (c->shapes[s].dx[i] == side_dx[k] && c->shapes[s].dy[i] == side_dy[k])
                    sides |= 1u << k;
        }
        /* A pair of adjacent sides the orientation holds (k and k + 1). */
        for (int k = 3; k >= 0; k--)
            if ((sides >> k & 1) && (sides >> ((k + 1) & 3) & 1))
                c->orient_pair[s] = (int8_t)k;
    }
    for (int k = 0; k < 4; k++)
        c->side_idx[k] = offset_index(c, side_dx[k], side_dy[k]);
    if (!mini) {
        c->area = true;
        for (int i = 0; i < 8; i++)
            c->area_idx[i] = offset_index(c, area_ring[i][0], area_ring[i][1]);
        for (int cell = 0; cell < 4; cell++) {
            MorphosShape *sh = &c->shapes[c->nshapes++];
            sh->len = 8;
            for (int i = 0; i < 8; i++) {
                sh->dx[i] = (int8_t)(area_ring[i][0] - (cell & 1));
                sh->dy[i] = (int8_t)(area_ring[i][1] - (cell >> 1));
            }
        }
    }
    init_pointwise(c);
    for (int colour = 0; colour < 2; colour++)
        for (int b = 0; b < BB_WORDS * 64; b++)
            c->stone_key[colour][b] = morphos_stone_key(colour, b);
    return true;
}

/* The pattern-stone board seen from offset i (look[i][p] = pat[p + d]),
 * made on first use. */
static inline __attribute__((always_inline)) const Bb *make_look(const MorphosConfig *c, const Bb *pat, Bb *look,
                                                                 uint64_t *have, int i, const int nw)
{
    bb_look(&look[i], pat, c->offsets[i], nw);
    /* Two columns across would wrap past the single padding column. */
    int dx = c->offset_dx[i];
    if (dx == 2 || dx == -2)
        for (int j = 0; j < nw; j++)
            look[i].w[j] &= c->col_ok[dx + 2].w[j];
    *have |= (uint64_t)1 << i;
    return &look[i];
}

/* The word count is a constant in each specialisation below, so the
 * compiler unrolls every word loop. */
static inline __attribute__((always_inline)) void weak_words(const MorphosConfig *c, const Bb *own, const Bb *pat,
                                                             Bb *out, const int nw)
{
    Bb look[MORPHOS_MAX_OFFSETS], acc, pair[4];
    uint64_t have = 0; /* the looks made so far: they are made when needed */
#define LOOK(i) (have >> (i) & 1 ? &look[i] : make_look(c, pat, look, &have, (i), nw))
    /* Every pattern needs pattern stones on two adjacent sides of its stone:
     * the stones with such a pair, for each pair of sides (N-E, E-S, S-W,
     * W-N), are the only candidates. */
    uint64_t any_pair = 0;
    for (int k = 0; k < 4; k++) {
        const Bb *a = LOOK(c->side_idx[k]), *b = LOOK(c->side_idx[(k + 1) & 3]);
        for (int j = 0; j < nw; j++) {
            pair[k].w[j] = own->w[j] & a->w[j] & b->w[j];
            any_pair |= pair[k].w[j];
        }
    }
    bb_zero(out);
    if (!any_pair)
        return;
    bb_zero(&acc);
    for (int s = 0; s < c->norient; s++) {
        const Bb *cand = &pair[c->orient_pair[s]];
        if (bb_empty(cand, nw))
            continue;
        const int *idx = c->orient_idx[s];
        Bb x = *cand;
        for (int k = 0; k < c->orient_len[s]; k++) {
            const Bb *l = LOOK(idx[k]);
            for (int j = 0; j < nw; j++)
                x.w[j] &= l->w[j];
        }
        for (int j = 0; j < nw; j++)
            acc.w[j] |= x.w[j];
    }
    if (c->area) {
        Bb a, t1, t2, t3;
        uint64_t any = 0;
        for (int j = 0; j < nw; j++)
            a.w[j] = c->board.w[j];
        for (int k = 0; k < 8; k++) {
            const Bb *l = LOOK(c->area_idx[k]);
            for (int j = 0; j < nw; j++)
                a.w[j] &= l->w[j];
        }
        for (int j = 0; j < nw; j++)
            any |= a.w[j];
        if (any) {
            bb_shl(&t1, &a, 1, nw);
            bb_shl(&t2, &a, c->stride, nw);
            bb_shl(&t3, &a, c->stride + 1, nw);
            for (int j = 0; j < nw; j++)
                acc.w[j] |= own->w[j] & (a.w[j] | t1.w[j] | t2.w[j] | t3.w[j]);
        }
    }
#undef LOOK
    *out = acc;
}

void morphos_weak(const MorphosConfig *c, const Bb *own, const Bb *pat, Bb *out)
{
    if (bb_empty(own, c->nw) || bb_empty(pat, c->nw)) {
        bb_zero(out);
        return;
    }
    switch (c->nw) {
    case 1: weak_words(c, own, pat, out, 1); break;
    case 2: weak_words(c, own, pat, out, 2); break;
    case 3: weak_words(c, own, pat, out, 3); break;
    case 4: weak_words(c, own, pat, out, 4); break;
    case 5: weak_words(c, own, pat, out, 5); break;

    default: weak_words(c, own, pat, out, 6); break;
    }
}

/* Grows reach inside stones until it touches both edges of colour (true)
 * or stops growing (false). */
static inline __attribute__((always_inline)) bool grow_words(const MorphosConfig *c, Bb reach, const Bb *stones,
                                                             int colour, const int nw)
{
    const int sh = c->stride;
    const Bb *e0 = &c->edge[colour][0], *e1 = &c->edge[colour][1];
    for (;;) {
        Bb l1, r1, ls, rs;
        bb_shl(&l1, &reach, 1, nw);
        bb_shr(&r1, &reach, 1, nw);
        bb_shl(&ls, &reach, sh, nw);
        bb_shr(&rs, &reach, sh, nw);
        uint64_t changed = 0, t0 = 0, t1 = 0;
        for (int j = 0; j < nw; j++) {
            uint64_t g = (reach.w[j] | l1.w[j] | r1.w[j] | ls.w[j] | rs.w[j]) & stones->w[j];
            changed |= g ^ reach.w[j];
            reach.w[j] = g;
            t0 |= g & e0->w[j];
            t1 |= g & e1->w[j];
        }
        if (t0 && t1)
            return true;
        if (!changed)
            return false;
    }
}

static bool grow(const MorphosConfig *c, const Bb *reach, const Bb *stones, int colour)
{
    switch (c->nw) {
    case 1: return grow_words(c, *reach, stones, colour, 1);
    case 2: return grow_words(c, *reach, stones, colour, 2);
    case 3: return grow_words(c, *reach, stones, colour, 3);
    case 4: return grow_words(c, *reach, stones, colour, 4);
    case 5: return grow_words(c, *reach, stones, colour, 5);

    default: return grow_words(c, *reach, stones, colour, 6);
    }
}

bool morphos_connected(const MorphosConfig *c, const Bb *stones, int colour)
{
    if (!bb_intersects(stones, &c->edge[colour][1], c->nw))
        return false;
    Bb reach;
    for (int j = 0; j < BB_WORDS; j++)
        reach.w[j] = stones->w[j] & c->edge[colour][0].w[j];
    return !bb_empty(&reach, c->nw) && grow(c, &reach, stones, colour);
}

int morphos_deadlock_winner(const MorphosConfig *c, const Bb stones[2])
{
    for (int col = 0; col < 2; col++) {
        Bb up;
        bb_shl(&up, &stones[col], c->stride, c->nw);
        if (bb_intersects(&up, &stones[col], c->nw))
            return MORPHOS_BLACK;
    }
    return MORPHOS_WHITE;
}
