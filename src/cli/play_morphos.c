/* morph play morphos: the board with coordinates, weak stones in lower case,
 * the last turn's points highlighted, and the prompts of multi-part turns
 * (duomorph second stone, remorph returned stone) and of the swap. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../games/morphos/morphos.h"
#include "play.h"
#include "term.h"

static const char *const colour_names[2] = {"Black", "White"};
static const char *const stone_sgr[2] = {"1;31", "1;34"};

static const MorphosState *mstate(const Play *p)
{
    return (const MorphosState *)p->s->state;
}

/* Points touched by the latest run of actions of one seat (the last turn,
 * or the part of the current turn already played). */
static void last_turn(const Play *p, Bb *out)
{
    const MorphosConfig *c = mstate(p)->cfg;
    memset(out, 0, sizeof *out);
    const Session *s = p->s;
    int i = s->count - 1;
    int who = i >= 0 ? s->steps[i].player : -1;
    for (; i >= 0 && s->steps[i].player == who; i--) {
        const char *t = s->steps[i].text;
        int b = morphos_parse_point(c, t[0] == 'x' ? t + 1 : t);
        if (b >= 0)
            bb_set(out, b);
    }
}

static void seat_with_colour(const Play *p, int colour, StrBuf *out)
{
    sb_printf(out, "%s, ", colour_names[colour]);
    play_seat_name(p, morphos_seat_of(mstate(p), colour), out);
}

static void draw(const Play *p, StrBuf *out)
{
    const MorphosState *s = mstate(p);
    const MorphosConfig *c = s->cfg;
    static const char *const mutators[] = {"minimorph", "deepmorph", "duomorph", "remorph", "metamorph"};
    sb_printf(out, "Morphos %dx%d", c->n, c->n);
    for (int m = 0, k = 0; m < 5; m++)
        if (c->mutators >> m & 1)
            sb_printf(out, "%s%s", k++ ? "," : ", mutators: ", mutators[m]);
    sb_puts(out, "   (lower case = weak stone; [ ] = last move)\n");
    Bb weak[2], last;
    morphos_weak(c, &s->stones[0], &s->stones[1], &weak[0]);
    morphos_weak(c, &s->stones[1], &s->stones[0], &weak[1]);
    last_turn(p, &last);
    sb_puts(out, "    ");
    for (int col = 0; col < c->n; col++)
        sb_printf(out, " %c ", 'a' + col);
    sb_putc(out, '\n');
    for (int r = c->n - 1; r >= 0; r--) {
        sb_printf(out, "%3d ", r + 1);
        for (int col = 0; col < c->n; col++) {
            int b = morphos_bit(c, col, r);
            int colour = bb_test(&s->stones[0], b) ? 0 : bb_test(&s->stones[1], b) ? 1 : -1;
            bool is_last = bb_test(&last, b);
            char cell[4] = {is_last && !p->color ? '[' : ' ', '.', is_last && !p->color ? ']' : ' ', '\0'};
            if (colour >= 0)
                cell[1] = bb_test(&weak[colour], b) ? "bw"[colour] : "BW"[colour];
            if (!p->color) {
                sb_puts(out, cell);
            } else {
                char sgr[24];
                snprintf(sgr, sizeof sgr, "%s%s%s", colour >= 0 ? stone_sgr[colour] : "2",
                         colour >= 0 && bb_test(&weak[colour], b) ? ";4" : "", is_last ? ";7" : "");
                term_paint(out, true, sgr, cell);
            }
        }
        sb_printf(out, " %d\n", r + 1);
    }
    sb_puts(out, "    ");
    for (int col = 0; col < c->n; col++)
        sb_printf(out, " %c ", 'a' + col);
    sb_puts(out, "\n\n  ");
    seat_with_colour(p, MORPHOS_BLACK, out);
    sb_puts(out, ": connects top and bottom\n  ");
    seat_with_colour(p, MORPHOS_WHITE, out);
    sb_puts(out, ": connects left and right\n");
    if (s->phase == PHASE_OVER)
        return;
    sb_printf(out, "\nTurn %d: ", s->turn + 1);
    StrBuf who = STRBUF_INIT;
    seat_with_colour(p, s->to_move, &who);
    term_paint(out, p->color, stone_sgr[s->to_move], sb_str(&who));
    sb_puts(out, " to move.");
    sb_free(&who);
    if (s->phase == PHASE_RETURN)
        sb_puts(out, " First the returned stone (remorph), then a regular move.");
    else if (s->phase == PHASE_DUO)
        sb_puts(out, " Second stone of a duomorph move.");
    sb_putc(out, '\n');
}

static void legal(const Play *p, StrBuf *out)
{
    const MorphosState *s = mstate(p);
    const MorphosConfig *c = s->cfg;
    Action acts[MAX_ACTIONS];
    int n = state_legal_actions(p->s->state, acts);
    int places = 0, flips = 0;
    bool swap = false, pass = false;
    char pt[4];
    for (int i = 0; i < n; i++) {
        if (acts[i] < ACT_FLIP)
            places++;
        else if (acts[i] < ACT_SWAP)
            flips++;
        else
            swap |= acts[i] == ACT_SWAP, pass |= acts[i] == ACT_PASS;
    }
    if (s->phase == PHASE_DUO) {
        morphos_point_text(c, s->anchor, pt);
        sb_printf(out, "Second stone (duomorph), on an empty point next to %s:", pt);
        for (int i = 0; i < n; i++) {
            morphos_point_text(c, acts[i], pt);
            sb_printf(out, " %s", pt);
        }
        sb_putc(out, '\n');
        return;
    }
    if (s->phase == PHASE_RETURN) {
        sb_puts(out, "Place the returned stone (remorph) on any empty point, e.g. ");
        morphos_point_text(c, acts[0], pt);
        sb_printf(out, "%s;\nyou may type your move after it, separated by a comma: %s,c3 or %s,xc3.\n", pt, pt, pt);
        return;
    }
    if (pass) {
        sb_puts(out, "You have no legal move: type pass.\n");
        return;
    }
    if (places) {
        sb_printf(out, "Place a stone on any of the %d empty points (e.g. ", places);
        morphos_point_text(c, acts[0], pt);
        sb_printf(out, "%s)%s\n", pt, c->mutators & MUT_DUOMORPH ? "; a second stone follows next to it (c3,c4)" : "");
    }
    if (flips) {
        sb_printf(out, "%s a weak %s stone:", places ? "Or flip" : "Flip", colour_names[s->to_move ^ 1]);
        for (int i = 0; i < n; i++)
            if (acts[i] >= ACT_FLIP && acts[i] < ACT_SWAP) {
                morphos_point_text(c, acts[i] - ACT_FLIP, pt);
                sb_printf(out, " x%s", pt);
            }
        sb_putc(out, '\n');
    }
    if (swap)
        sb_puts(out, "Or swap: the stones stay and you take Black (the stone already played becomes\n"
                     "yours); your opponent then moves as White.\n");
}

static void translate(const Play *p, const char *line, StrBuf *out)
{
    char buf[512], *w[16];
    int n = play_words(line, buf, sizeof buf, w, 16);
    for (int i = 0; i < n; i++)
        for (char *q = w[i]; *q; q++)
            *q = (char)tolower((unsigned char)*q);
    /* "flip c3" and "x c3" are xc3; words are the parts of one turn. */
    for (int i = 0; i < n; i++) {
        bool flip = (strcmp(w[i], "flip") == 0 || strcmp(w[i], "x") == 0) && i + 1 < n;
        if (flip)
            i++;
        sb_printf(out, "%s%s%s", out->len ? "," : "", flip ? "x" : "", w[i]);
    }
}

const PlayUi play_morphos_ui = {
    .game = "morphos",
    .hint_spec = "mcts:ms=1000",
    .hint_level = "mcts",
    .help = "Morphos moves (the prompt lists what is legal now):\n"
            "  c3              place a stone on c3\n"
            "  xc3             flip the weak enemy stone on c3 (also: flip c3, x c3)\n"
            "  c3,c4           the parts of one turn at once: duomorph second stone, or the\n"
            "                  remorph returned stone followed by the move (e5,xf6)\n"
            "  swap            White's first turn only: take Black instead of moving\n"
            "  pass            only when you have no legal move\n",
    .draw = draw,
    .legal = legal,
    .translate = translate,
};
