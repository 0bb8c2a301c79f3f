/* What the solver knows of a position before searching it, on packed
 * boards (a row per byte): a win in one action, and proof and disproof
 * numbers to start from.
 *
 * The numbers come from a race. White wins only by joining left and right
 * (a deadlock is White's only when no two stones of a colour touch
 * vertically, which almost never happens), and Black stops that for good,
 * flips aside, with a top-bottom barrier of black stones touching
 * orthogonally or diagonally. So the number for "Black wins" is the empty
 * points Black still needs for a barrier, the number for "White wins" those
 * White needs for its chain, the side to move one stone closer. On 5x5
 * midgame positions this needed fewer nodes than plain distances of both
 * chains, than the number of legal actions, and than constant numbers. */
#include "solver_internal.h"

#define FAR 64 /* the distance of a colour that cannot connect */

static inline uint64_t nbr4(const Solver *sv, uint64_t x)
{
    return ((x << 1) | (x >> 1) | (x << 8) | (x >> 8)) & sv->board;
}

static inline uint64_t nbr8(const Solver *sv, uint64_t x)
{
    uint64_t y = x | (x << 1) | (x >> 1);
    return (y | (y << 8) | (y >> 8)) & sv->board;
}

/* x and what `through` holds connected to it (8-neighbourhood if diag). */
static uint64_t flood(const Solver *sv, uint64_t x, uint64_t through, bool diag)
{
    for (;;) {
        uint64_t y = x | ((diag ? nbr8(sv, x) : nbr4(sv, x)) & through);
        if (y == x)
            return x;
        x = y;
    }
}

/* Points where one more stone of colour joins its two edges. */
static uint64_t win_points(const Solver *sv, uint64_t own, int colour)
{
    uint64_t side[2];
    for (int e = 0; e < 2; e++) {
        uint64_t edge = sv->edge[colour][e], reach = own & edge;
        side[e] = reach ? nbr4(sv, flood(sv, reach, own, false)) | edge : edge;
    }
    return side[0] & side[1];
}

/* Empty points colour needs to join its edges through its stones (0-1
 * distance by layers: layer k is what k empty points reach); FAR when
 * blocked. With diag, stones touching diagonally count as joined. */
static int distance(const Solver *sv, uint64_t own, uint64_t empty, int colour, bool diag)
{
    uint64_t e0 = sv->edge[colour][0], e1 = sv->edge[colour][1];
    uint64_t reach = flood(sv, own & e0, own, diag);
    for (int k = 0;; k++) {
        if (reach & e1)
            return k;
        uint64_t grow = (diag ? nbr8(sv, reach) : nbr4(sv, reach)) | e0;
        uint64_t next = flood(sv, reach | (grow & empty), own, diag);
        if (next == reach)
            return FAR;
        reach = next;
    }
}

bool sv_packed_wins_now(const Solver *sv, const SvPacked *p)
{
    return p->reach && (win_points(sv, p->stones[p->mover], p->mover) & p->reach);
}

bool sv_wins_now(const Solver *sv, const MorphosState *s)
{
    SvPacked p;
    sv_packed(sv, s, &p);
    return sv_packed_wins_now(sv, &p);
}

void sv_packed(const Solver *sv, const MorphosState *s, SvPacked *p)
{
    p->stones[0] = sv_pack(sv, &s->stones[0]);
    p->stones[1] = sv_pack(sv, &s->stones[1]);
    p->mover = s->to_move;
    Bb place;
    morphos_place_mask(s, &place);
    p->reach = sv_pack(sv, &place);
    if (s->phase == PHASE_MAIN)
        p->reach |= sv_pack(sv, &s->targets);
}

static uint32_t clamp(const Solver *sv, int d)
{
    return (uint32_t)(d < 1 ? 1 : d > 2 * sv->n ? 2 * sv->n : d);
}

void sv_estimate(const Solver *sv, const SvPacked *p, bool attacker_moves, uint32_t *pn, uint32_t *dn)
{
    uint64_t black = p->stones[MORPHOS_BLACK], white = p->stones[MORPHOS_WHITE];
    uint64_t empty = sv->board & ~(black | white);
    uint32_t black_wins = clamp(sv, distance(sv, black, empty, MORPHOS_BLACK, true) - (p->mover == MORPHOS_BLACK));
    uint32_t white_wins = clamp(sv, distance(sv, white, empty, MORPHOS_WHITE, false) - (p->mover == MORPHOS_WHITE));
    bool attacker_black = (p->mover == MORPHOS_BLACK) == attacker_moves;
    *pn = attacker_black ? black_wins : white_wins;
    *dn = attacker_black ? white_wins : black_wins;
}
