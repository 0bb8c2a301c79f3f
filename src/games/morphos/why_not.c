/* Reading one Morphos action text, and when it is refused, the reason in
 * the player's terms. parse_action (state.c) and why_not share it, so the
 * error of an illegal move and the reason a front end shows are one text. */
#include <ctype.h>
#include <string.h>

#include "engine.h"
#include "words.h"

static const char *const expected =
    "expected a point such as c3, a flip such as xc3, swap, pass or resign";

/* A point name, in range or not: a letter, then 1 to 3 digits without a
 * leading zero. */
static bool point_shaped(const char *text, bool upper)
{
    if (!(upper ? isupper((unsigned char)text[0]) : islower((unsigned char)text[0])) || text[1] < '1' || text[1] > '9')
        return false;
    size_t digits = strspn(text + 1, "0123456789");
    return digits <= 3 && text[1 + digits] == '\0';
}

/* The weakness patterns in one line, for a refused flip. */
static const char *patterns_briefly(const MorphosConfig *c)
{
    if (c->mutators & MUT_MINIMORPH)
        return "a stone can be flipped only when enemy stones hold 3 of its sides, or 2 adjacent sides "
               "grown into lines of 2 away from their corner (minimorph)";
    return "a stone can be flipped only when enemy stones hold 3 of its sides and a corner between them, "
           "2 adjacent sides grown into lines of 3 and 2 away from their corner, or the ring around a 2x2 "
           "area holding it";
}

static MorphosRead refuse_flip(const MorphosState *s, int b, const char *pt, StrBuf *why)
{
    const MorphosConfig *c = s->cfg;
    int me = s->to_move;
    if (!bb_test(&s->stones[0], b) && !bb_test(&s->stones[1], b)) {
        sb_printf(why, "there is no stone on %s to flip", pt);
        return MORPHOS_READ_ILLEGAL;
    }
    if (bb_test(&s->stones[me], b)) {
        sb_printf(why, "%s is your own stone: you can flip only your opponent's stones", pt);
        return MORPHOS_READ_ILLEGAL;
    }
    if (c->mutators & MUT_DEEPMORPH) {
        if (bb_test(&s->flipped_last, b)) {
            sb_printf(why, "%s was flipped on the opponent's latest turn and still counts as yours (deepmorph)", pt);
            return MORPHOS_READ_ILLEGAL;
        }
        /* Weak with the deepmorph support, yet not a target: the flip-back rule. */
        Bb pat, own, weak;
        for (int j = 0; j < BB_WORDS; j++) {
            pat.w[j] = s->stones[me].w[j] | s->flipped_last.w[j];
            own.w[j] = s->stones[me ^ 1].w[j] & ~s->flipped_last.w[j];
        }
        morphos_weak(c, &own, &pat, &weak);
        if (bb_test(&weak, b)) {
            sb_printf(why, "%s could flip %s back on their next turn (deepmorph)", morphos_colour_name(me ^ 1), pt);
            return MORPHOS_READ_ILLEGAL;
        }
    }
    sb_printf(why, "%s is not weak: %s", pt, patterns_briefly(c));
    return MORPHOS_READ_ILLEGAL;
}

static MorphosRead refuse_duo(const MorphosState *s, int b, bool flip, const char *pt, StrBuf *why)
{
    const MorphosConfig *c = s->cfg;
    Bb room;
    morphos_place_mask(s, &room);
    char an[4];
    morphos_point_text(c, s->anchor, an);
    int dx = morphos_col(c, b) - morphos_col(c, s->anchor), dy = morphos_row(c, b) - morphos_row(c, s->anchor);
    if (!flip && dx * dx + dy * dy == 1)
        sb_printf(why, "%s is taken; ", pt);
    sb_printf(why, "the second stone must go on an empty point next to %s (duomorph): ", an);
    morphos_point_list(c, &room, "or", why);
    return MORPHOS_READ_ILLEGAL;
}

MorphosRead morphos_read_action(const MorphosState *s, const char *text, Action *out, StrBuf *why)
{
    const MorphosConfig *c = s->cfg;
    if (s->phase == PHASE_OVER) {
        sb_puts(why, "the game is over");
        return MORPHOS_READ_ILLEGAL;
    }
    if (strcmp(text, "resign") == 0) {
        *out = ACTION_RESIGN;
        return MORPHOS_READ_OK;
    }
    char reason[ERR_MAX];
    int leave = leave_parse(text, 2, out, reason, sizeof reason);
    if (leave != 0) {
        if (leave < 0)
            sb_puts(why, reason);
        return leave > 0 ? MORPHOS_READ_OK : MORPHOS_READ_MALFORMED;
    }
    if (strcmp(text, "swap") == 0) {
        if (!morphos_swap_allowed(s)) {
            sb_puts(why, "swap is allowed only on White's first turn, instead of a move");
            return MORPHOS_READ_ILLEGAL;
        }
        *out = ACT_SWAP;
        return MORPHOS_READ_OK;
    }
    if (strcmp(text, "pass") == 0) {
        if (!morphos_must_pass(s)) {
            sb_puts(why, "you may pass only when you have no legal move");
            return MORPHOS_READ_ILLEGAL;
        }
        *out = ACT_PASS;
        return MORPHOS_READ_OK;
    }
    bool flip = text[0] == 'x';
    const char *point = text + flip;
    int b = morphos_parse_point(c, point);
    if (b < 0) {
        if (point_shaped(point, false)) {
            sb_printf(why, "%s is not on the %dx%d board (a1 to %c%d)", point, c->n, c->n, 'a' + c->n - 1, c->n);
            return MORPHOS_READ_ILLEGAL;
        }
        if (strchr(text, ','))
            sb_printf(why, "expected one action, not several joined by commas");
        else if (point_shaped(point, true))
            sb_printf(why, "%s (points are written in lower case)", expected);
        else
            sb_puts(why, expected);
        return MORPHOS_READ_MALFORMED;
    }
    char pt[4];
    morphos_point_text(c, b, pt);
    bool taken = bb_test(&s->stones[0], b) || bb_test(&s->stones[1], b);
    switch (s->phase) {
    case PHASE_RETURN:
        if (flip) {
            sb_puts(why, "first put the returned stone on an empty point (remorph); your regular move follows it");
            return MORPHOS_READ_ILLEGAL;
        }
        if (taken) {
            sb_printf(why, "%s is taken; the returned stone goes on an empty point (remorph)", pt);
            return MORPHOS_READ_ILLEGAL;
        }
        break;
    case PHASE_DUO: {
        Bb room;
        morphos_place_mask(s, &room);
        if (flip || !bb_test(&room, b))
            return refuse_duo(s, b, flip, pt, why);
        break;
    }
    default:
        if (flip && !bb_test(&s->targets, b))
            return refuse_flip(s, b, pt, why);
        if (!flip && taken) {
            sb_printf(why, "%s is taken", pt);
            if (bb_test(&s->targets, b))
                sb_printf(why, " (the %s stone there is weak: flip it with x%s)", morphos_colour_adj(s->to_move ^ 1), pt);
            return MORPHOS_READ_ILLEGAL;
        }
    }
    *out = flip ? ACT_FLIP + b : b;
    return MORPHOS_READ_OK;
}

bool morphos_why_not(const State *st, const char *text, StrBuf *out)
{
    Action a;
    return morphos_read_action((const MorphosState *)st, text, &a, out) != MORPHOS_READ_OK;
}
