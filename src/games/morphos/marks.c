/* What a drawing of a Morphos position highlights: the points an action
 * touches, weak stones, where the player to move may place, and the
 * winning chain (a shortest one inside the winner's stones). Cells are
 * game.h's row * n + col, not the engine's padded bit indices. */
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "words.h"

static void set_cells(const MorphosConfig *c, Mark *k, const Bb *set)
{
    for (int j = 0; j < c->nw; j++)
        for (uint64_t x = set->w[j]; x; x &= x - 1)
            mark_set_cell(k, morphos_cell(c, j * 64 + __builtin_ctzll(x)));
}

void morphos_action_marks(const State *st, Action a, Marks *out)
{
    const MorphosState *s = (const MorphosState *)st;
    const MorphosConfig *c = s->cfg;
    marks_reset(out, c->n, c->n);
    /* Pass and resign touch no point: no mark. */
    if (!morphos_is_legal(s, a) || a == ACTION_RESIGN || action_is_leave(a) || a == ACT_PASS)
        return;
    int me = s->to_move, seat = morphos_seat_of(s, me);
    const char *mover = morphos_colour_name(me);
    char label[96], pt[4], an[4];
    Bb cells;
    bb_zero(&cells);
    if (a == ACT_SWAP) {
        int k = bb_count(&s->stones[MORPHOS_BLACK], c->nw);
        snprintf(label, sizeof label, "White swaps and takes over Black's stone%s", k == 1 ? "" : "s");
        cells = s->stones[MORPHOS_BLACK];
    } else if (a >= ACT_FLIP) {
        morphos_point_text(c, a - ACT_FLIP, pt);
        snprintf(label, sizeof label, "%s flips %s", mover, pt);
        bb_set(&cells, a - ACT_FLIP);
    } else {
        morphos_point_text(c, a, pt);
        if (s->phase == PHASE_DUO) {
            morphos_point_text(c, s->anchor, an);
            snprintf(label, sizeof label, "%s adds %s next to %s", mover, pt, an);
        } else if (s->phase == PHASE_RETURN) {
            snprintf(label, sizeof label, "%s puts the returned stone on %s", mover, pt);
        } else {
            snprintf(label, sizeof label, "%s places %s", mover, pt);
        }
        bb_set(&cells, a);
    }
    Mark *k = marks_add(out, MARK_LAST, seat, 0, label);
    set_cells(c, k, &cells);
}

/* A shortest chain of colour's stones from its first edge to its second
 * (breadth-first search); false when there is none. */
static bool shortest_chain(const MorphosConfig *c, const Bb *stones, int colour, Bb *chain)
{
    int16_t from[BB_WORDS * 64];
    int queue[19 * 19], head = 0, tail = 0;
    for (int b = 0; b < BB_WORDS * 64; b++)
        from[b] = -2; /* not reached */
    for (int j = 0; j < c->nw; j++)
        for (uint64_t x = stones->w[j] & c->edge[colour][0].w[j]; x; x &= x - 1) {
            int b = j * 64 + __builtin_ctzll(x);
            from[b] = -1;
            queue[tail++] = b;
        }
    while (head < tail) {
        int b = queue[head++];
        if (bb_test(&c->edge[colour][1], b)) {
            bb_zero(chain);
            for (int p = b; p >= 0; p = from[p])
                bb_set(chain, p);
            return true;
        }
        int col = morphos_col(c, b), row = morphos_row(c, b);
        int next[4] = {col > 0 ? b - 1 : -1, col < c->n - 1 ? b + 1 : -1, row > 0 ? b - c->stride : -1,
                       row < c->n - 1 ? b + c->stride : -1};
        for (int i = 0; i < 4; i++)
            if (next[i] >= 0 && from[next[i]] == -2 && bb_test(stones, next[i])) {
                from[next[i]] = (int16_t)b;
                queue[tail++] = next[i];
            }
    }
    return false;
}

static void weak_mark(const MorphosState *s, Marks *out, int colour, const Bb *weak)
{
    const MorphosConfig *c = s->cfg;
    if (bb_empty(weak, c->nw))
        return;
    char label[96];
    snprintf(label, sizeof label, "weak %s stones: %s may flip them", morphos_colour_name(colour),
             morphos_colour_name(colour ^ 1));
    Mark *k = marks_add(out, MARK_WEAK, morphos_seat_of(s, colour), 0, label);
    set_cells(c, k, weak);
}

void morphos_marks(const State *st, Marks *out)
{
    const MorphosState *s = (const MorphosState *)st;
    const MorphosConfig *c = s->cfg;
    marks_reset(out, c->n, c->n);
    int me = s->to_move, opp = me ^ 1;
    char label[96], an[4];
    if (s->phase == PHASE_OVER) {
        Bb chain;
        if (strcmp(s->how, "connection") == 0 && s->winner < 2 &&
            shortest_chain(c, &s->stones[s->winner], s->winner, &chain)) {
            snprintf(label, sizeof label, "%s's chain joining %s", morphos_colour_name(s->winner),
                     morphos_edges_name(s->winner));
            set_cells(c, marks_add(out, MARK_CHAIN, morphos_seat_of(s, s->winner), 0, label), &chain);
        }
    }
    /* Weak stones: the opponent's are exactly the flips the player to move
     * may make (with deepmorph's rules), computed for a regular move when
     * the turn is in another part; the mover's own are what the opponent
     * could flip if the board stayed as it is. */
    Bb weak[2];
    if (s->phase == PHASE_MAIN)
        weak[opp] = s->targets;
    else if (s->phase == PHASE_OVER)
        morphos_weak(c, &s->stones[opp], &s->stones[me], &weak[opp]);
    else
        morphos_targets(s, me, &s->flipped_last, &weak[opp]);
    morphos_weak(c, &s->stones[me], &s->stones[opp], &weak[me]);
    weak_mark(s, out, MORPHOS_BLACK, &weak[MORPHOS_BLACK]);
    weak_mark(s, out, MORPHOS_WHITE, &weak[MORPHOS_WHITE]);
    if (s->phase == PHASE_OVER)
        return;
    Bb room;
    morphos_place_mask(s, &room);
    if (bb_empty(&room, c->nw))
        return;
    const char *mover = morphos_colour_name(me);
    if (s->phase == PHASE_DUO) {
        morphos_point_text(c, s->anchor, an);
        snprintf(label, sizeof label, "%s's second stone goes on an empty point next to %s", mover, an);
    } else if (s->phase == PHASE_RETURN) {
        snprintf(label, sizeof label, "%s puts the returned stone on any empty point", mover);
    } else {
        snprintf(label, sizeof label, "empty points: %s may place a stone on any of them", mover);
    }
    set_cells(c, marks_add(out, MARK_PLACEABLE, morphos_seat_of(s, me), 0, label), &room);
}
