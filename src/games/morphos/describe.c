/* Sentences for people about Morphos actions and finished games. Actions
 * name the mover by colour (the board shows colours; after a swap a seat's
 * colour changes); the swap sentence and results add the seats' names. */
#include <string.h>

#include "engine.h"
#include "words.h"

static int viewer_of(const Voice *v)
{
    return v ? v->viewer : -1;
}

static bool board_full(const MorphosState *s)
{
    Bb e;
    morphos_empties(s, &e);
    return bb_empty(&e, s->cfg->nw);
}

static void possessive(int colour, StrBuf *out)
{
    sb_printf(out, "%s's", morphos_colour_name(colour));
}

/* "White swaps and Bob takes over Black's stone on e5, so Ann now plays
 * White and moves next": the stones stay, the seats exchange colours, told
 * in one sentence that names each seat once ("you" for the viewer). */
static void swap_sentence(const MorphosState *s, const Voice *v, StrBuf *out)
{
    const MorphosConfig *c = s->cfg;
    int swapper = morphos_seat_of(s, MORPHOS_WHITE), other = 1 - swapper, viewer = viewer_of(v);
    char buf[8];
    if (viewer == swapper)
        sb_puts(out, "White swaps and you take over Black");
    else
        sb_printf(out, "White swaps and %s takes over Black", voice_name(v, swapper, buf));
    int k = bb_count(&s->stones[MORPHOS_BLACK], c->nw);
    if (k > 4) {
        sb_printf(out, "'s %d stones", k);
    } else if (k > 0) {
        sb_printf(out, "'s stone%s on ", k > 1 ? "s" : "");
        morphos_point_list(c, &s->stones[MORPHOS_BLACK], "and", out);
    }
    if (viewer == other)
        sb_puts(out, ", so you now play White and move next");
    else
        sb_printf(out, ", so %s now plays White and moves next", voice_name(v, other, buf));
}

/* What the action leads to, from the state after it (t). */
static void consequences(const MorphosState *s, const MorphosState *t, Action a, bool comma, const Voice *v,
                         StrBuf *out)
{
    const MorphosConfig *c = s->cfg;
    int me = s->to_move, opp = me ^ 1;
    bool placed = a >= 0 && a < ACT_FLIP, flipped = a >= ACT_FLIP && a < ACT_SWAP;
    if (t->phase == PHASE_OVER) {
        if (strcmp(t->how, "connection") == 0 && t->winner == me) {
            sb_printf(out, "%s and connects %s: %s wins", comma ? "," : "", morphos_edges_name(me),
                      morphos_colour_name(me));
        } else if (strcmp(t->how, "connection") == 0) {
            /* Deepmorph: the opponent's chain lasted through this turn. */
            sb_puts(out, "; ");
            possessive(t->winner, out);
            sb_printf(out, " chain joining %s has survived %s's turn: %s wins (deepmorph)",
                      morphos_edges_name(t->winner), morphos_colour_name(me), morphos_colour_name(t->winner));
        } else if (strcmp(t->how, "deadlock") == 0) {
            sb_printf(out, "; neither player can move: deadlock, %s wins ", morphos_colour_name(t->winner));
            morphos_tie_break_reason(c, t->stones, out);
        } else if (strcmp(t->how, "cap") == 0) {
            sb_printf(out, "; that was the last of the %d turns allowed (the move cap): the game is a draw",
                      c->move_cap);
        }
        return;
    }
    if (t->phase == PHASE_DUO && s->phase != PHASE_DUO)
        sb_puts(out, " and must add a second stone next to it");
    if ((c->mutators & MUT_DEEPMORPH) && flipped && morphos_connected(c, &s->stones[opp], opp) &&
        !morphos_connected(c, &t->stones[opp], opp)) {
        sb_puts(out, "; ");
        possessive(opp, out);
        sb_printf(out, " chain joining %s is broken", morphos_edges_name(opp));
    }
    if ((c->mutators & MUT_DEEPMORPH) && (placed || flipped) && !morphos_connected(c, &s->stones[me], me) &&
        morphos_connected(c, &t->stones[me], me)) {
        sb_puts(out, "; ");
        possessive(me, out);
        sb_printf(out, " chain now joins %s and wins if it survives %s's turn (deepmorph)", morphos_edges_name(me),
                  morphos_colour_name(opp));
    }
    if (t->phase == PHASE_RETURN) {
        if (viewer_of(v) == morphos_seat_of(s, opp))
            sb_puts(out, "; you must first put the returned stone back on an empty point (remorph)");
        else
            sb_printf(out, "; %s must first put the returned stone back on an empty point (remorph)",
                      morphos_colour_name(opp));
    }
    if (s->phase == PHASE_RETURN && t->to_move != me)
        sb_printf(out, "; with no regular move left, %s's turn ends", morphos_colour_name(me));
}

void morphos_describe(const State *st, Action a, const Voice *v, StrBuf *out)
{
    const MorphosState *s = (const MorphosState *)st;
    const MorphosConfig *c = s->cfg;
    int me = s->to_move, opp = me ^ 1;
    const char *mover = morphos_colour_name(me);
    if (!morphos_is_legal(s, a)) {
        sb_puts(out, s->phase == PHASE_OVER ? "nothing: the game is over" : "not a legal action here");
        return;
    }
    if (a == ACTION_RESIGN) {
        sb_printf(out, "%s resigns: %s wins", mover, morphos_colour_name(opp));
        return;
    }
    if (action_is_leave(a)) {
        int colour = leave_player(a) == s->black_seat ? MORPHOS_BLACK : MORPHOS_WHITE;
        if (leave_why(a) == LEAVE_TIME)
            sb_printf(out, "%s runs out of time: %s wins on time", morphos_colour_name(colour),
                      morphos_colour_name(colour ^ 1));
        else
            sb_printf(out, "%s resigns: %s wins", morphos_colour_name(colour), morphos_colour_name(colour ^ 1));
        return;
    }
    MorphosState after;
    morphos_scratch_copy(&after, s);
    morphos_apply_fast(&after, a);
    bool comma = false; /* the sentence so far ends with an aside */
    char pt[4], an[4];
    if (a == ACT_SWAP) {
        swap_sentence(s, v, out);
    } else if (a == ACT_PASS) {
        sb_printf(out, "%s has no legal move and passes", mover);
    } else if (a >= ACT_FLIP) {
        morphos_point_text(c, a - ACT_FLIP, pt);
        sb_printf(out, "%s flips ", mover);
        if (viewer_of(v) == morphos_seat_of(s, opp))
            sb_puts(out, "your");
        else
            possessive(opp, out);
        sb_printf(out, " stone on %s", pt);
    } else {
        morphos_point_text(c, a, pt);
        if (s->phase == PHASE_DUO) {
            morphos_point_text(c, s->anchor, an);
            sb_printf(out, "%s adds a second stone on %s, next to %s", mover, pt, an);
        } else if (s->phase == PHASE_RETURN) {
            sb_printf(out, "%s puts the returned stone on %s", mover, pt);
        } else { /* every legal list says it for each point: no formatter */
            sb_puts(out, mover);
            sb_puts(out, " places a stone on ");
            sb_puts(out, pt);
        }
        comma = s->phase == PHASE_DUO;
        if (board_full(&after)) {
            sb_puts(out, ", the last empty point");
            comma = true;
        }
    }
    consequences(s, &after, a, comma, v, out);
}

void morphos_describe_result(const State *st, const Voice *v, StrBuf *out)
{
    const MorphosState *s = (const MorphosState *)st;
    const MorphosConfig *c = s->cfg;
    if (s->phase != PHASE_OVER) {
        sb_puts(out, "The game is not over.\n");
        return;
    }
    char buf[2][8];
    const char *name[2] = {voice_name(v, morphos_seat_of(s, MORPHOS_BLACK), buf[0]),
                           voice_name(v, morphos_seat_of(s, MORPHOS_WHITE), buf[1])};
    if (s->winner == 2) {
        if (strcmp(s->how, "cap") == 0)
            sb_printf(out, "Draw: the game reached the move cap of %d turns with no chain and no deadlock.\n"
                           "Each player gets half a point.\n", c->move_cap);
        else
            sb_printf(out, "Draw (%s).\n", s->how);
        return;
    }
    int w = s->winner;
    const char *winner = morphos_colour_name(w);
    if (strcmp(s->how, "connection") == 0) {
        sb_printf(out, "%s (%s) wins: a chain of %s stones joins the %s edges.\n", winner, name[w],
                  morphos_colour_adj(w), morphos_edges_name(w));
    } else if (strcmp(s->how, "deadlock") == 0) {
        sb_printf(out, "Deadlock: nobody can move (Black wins on a vertical pair of like stones).\n%s (%s) wins, ",
                  winner, name[w]);
        morphos_tie_break_reason(c, s->stones, out);
        sb_puts(out, ".\n");
    } else if (strcmp(s->how, "resign") == 0) {
        sb_printf(out, "%s (%s) resigns: %s (%s) wins.\n", morphos_colour_name(w ^ 1), name[w ^ 1], winner, name[w]);
    } else if (strcmp(s->how, "time") == 0) {
        sb_printf(out, "%s (%s) runs out of time: %s (%s) wins on time.\n", morphos_colour_name(w ^ 1), name[w ^ 1],
                  winner, name[w]);
    } else {
        sb_printf(out, "%s (%s) wins (%s).\n", winner, name[w], s->how);
    }
}
