/* morph play morphos: the board with coordinates, weak stones in lower case,
 * the latest turn's points in brackets, the winning chain in parentheses,
 * and the prompts of multi-part turns (duomorph second stone, remorph
 * returned stone) and of the swap. */
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

static void seat_with_colour(const Play *p, int colour, StrBuf *out)
{
    sb_printf(out, "%s, ", colour_names[colour]);
    play_seat_name(p, morphos_seat_of(mstate(p), colour), out);
}

/* The legend entry of code, or NULL. */
static const LegendEntry *legend_entry(const LegendEntry *e, int n, const char *code)
{
    for (int i = 0; i < n; i++)
        if (strcmp(e[i].code, code) == 0)
            return &e[i];
    return NULL;
}

static void draw(const Play *p, StrBuf *out)
{
    const MorphosState *s = mstate(p);
    const MorphosConfig *c = s->cfg;
    static const char *const mutators[] = {"minimorph", "deepmorph", "duomorph", "remorph", "metamorph"};
    Marks marks, last;
    state_marks(p->s->state, &marks);
    explain_last_turn(p->s, &last);
    LegendEntry legend[LEGEND_MAX];
    int nlegend = p->s->game->ops->legend(p->s->game, legend);
    sb_printf(out, "Morphos %dx%d", c->n, c->n);
    for (int m = 0, k = 0; m < 5; m++)
        if (c->mutators >> m & 1)
            sb_printf(out, "%s%s", k++ ? "," : ", mutators: ", mutators[m]);
    sb_putc(out, '\n');
    sb_puts(out, "    ");
    for (int col = 0; col < c->n; col++)
        sb_printf(out, " %c%s", 'a' + col, col < c->n - 1 ? " " : "");
    sb_putc(out, '\n');
    for (int r = c->n - 1; r >= 0; r--) {
        sb_printf(out, "%3d ", r + 1);
        for (int col = 0; col < c->n; col++) {
            int b = morphos_bit(c, col, r), cell = r * c->n + col;
            unsigned kinds = play_cell_marks(&marks, cell);
            bool is_last = play_cell_marks(&last, cell) >> MARK_LAST & 1, chain = kinds >> MARK_CHAIN & 1;
            int colour = bb_test(&s->stones[0], b) ? 0 : bb_test(&s->stones[1], b) ? 1 : -1;
            bool weak = kinds >> MARK_WEAK & 1;
            char text[4] = {is_last ? '[' : chain ? '(' : ' ', '.', is_last ? ']' : chain ? ')' : ' ', '\0'};
            if (colour >= 0)
                text[1] = weak ? "bw"[colour] : "BW"[colour];
            if (!p->color) {
                sb_puts(out, text);
            } else {
                char sgr[24];
                snprintf(sgr, sizeof sgr, "%s%s%s", colour >= 0 ? stone_sgr[colour] : "2", weak ? ";4" : "",
                         is_last ? ";7" : chain ? ";1;43" : "");
                term_paint(out, true, sgr, text);
            }
        }
        sb_printf(out, " %d\n", r + 1);
    }
    sb_puts(out, "    ");
    for (int col = 0; col < c->n; col++)
        sb_printf(out, " %c%s", 'a' + col, col < c->n - 1 ? " " : "");
    sb_puts(out, "\n");
    /* the codes of the drawing, from the game's legend, and the marks */
    static const char *const codes[2][3] = {{"B", "W", "."}, {"b", "w", NULL}};
    static const char *const marks_key[2] = {"[ ] latest turn", "( ) winning chain"};
    for (int line = 0; line < 2; line++) {
        StrBuf key = STRBUF_INIT;
        for (int i = 0; i < 3 && codes[line][i]; i++) {
            const LegendEntry *e = legend_entry(legend, nlegend, codes[line][i]);
            if (e)
                sb_printf(&key, "  %s %s", e->code, e->name);
        }
        sb_printf(&key, "  %s\n", marks_key[line]);
        term_wrap(out, sb_str(&key), PLAY_WIDTH, 2);
        sb_free(&key);
    }
    sb_putc(out, '\n');
    static const char *const edges[2] = {"top, bottom", "left, right"};
    for (int colour = 0; colour < 2; colour++) {
        StrBuf line = STRBUF_INIT;
        sb_puts(&line, "  ");
        seat_with_colour(p, colour, &line);
        const LegendEntry *e = legend_entry(legend, nlegend, edges[colour]);
        if (e)
            sb_printf(&line, "   %s: %s", e->name, e->code);
        sb_putc(&line, '\n');
        term_wrap(out, sb_str(&line), PLAY_WIDTH, 4);
        sb_free(&line);
    }
    play_marks_text(p, &marks, 1u << MARK_CHAIN, out);
    if (s->phase == PHASE_OVER)
        return;
    StrBuf status = STRBUF_INIT, who = STRBUF_INIT;
    sb_printf(&status, "\nTurn %d: ", s->turn + 1);
    seat_with_colour(p, s->to_move, &who);
    term_paint(&status, p->color, stone_sgr[s->to_move], sb_str(&who));
    sb_puts(&status, " to move.");
    const char *label = play_mark_label(&marks, MARK_PLACEABLE);
    if ((s->phase == PHASE_RETURN || s->phase == PHASE_DUO) && label)
        sb_printf(&status, " %c%s.", toupper((unsigned char)label[0]), label + 1);
    sb_putc(&status, '\n');
    term_wrap(out, sb_str(&status), PLAY_WIDTH, 4);
    sb_free(&status);
    sb_free(&who);
}

/* "Or swap  ->  White swaps and you take over Black's stone on c3, ...": the
 * library's sentence of what a one-off action would do. */
static void preview(const Play *p, Action a, const char *lead, StrBuf *out)
{
    StrBuf line = STRBUF_INIT;
    sb_printf(&line, "%s  ->  ", lead);
    state_describe(p->s->state, a, &p->voice, &line);
    sb_putc(&line, '\n');
    term_wrap(out, sb_str(&line), PLAY_WIDTH, 4);
    sb_free(&line);
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
    Marks marks;
    state_marks(p->s->state, &marks);
    const char *room = play_mark_label(&marks, MARK_PLACEABLE);
    if (!room) /* no empty point: the phases below cannot be, but never crash on it */
        room = "place";
    StrBuf line = STRBUF_INIT;
    if (s->phase == PHASE_DUO) {
        sb_printf(&line, "%c%s:", toupper((unsigned char)room[0]), room + 1);
        for (int i = 0; i < n; i++) {
            morphos_point_text(c, acts[i], pt);
            sb_printf(&line, " %s", pt);
        }
        sb_putc(&line, '\n');
    } else if (s->phase == PHASE_RETURN) {
        morphos_point_text(c, acts[0], pt);
        sb_printf(&line, "%c%s, e.g. %s;\nyou may type your move after it, separated by a comma: %s,c3 or %s,xc3.\n",
                  toupper((unsigned char)room[0]), room + 1, pt, pt, pt);
    } else if (pass) {
        preview(p, ACT_PASS, "Type pass", &line);
    } else {
        if (places) {
            sb_printf(&line, "Place a stone on any of the %d empty points (e.g. ", places);
            morphos_point_text(c, acts[0], pt);
            sb_printf(&line, "%s)%s\n", pt,
                      c->mutators & MUT_DUOMORPH ? "; type the second stone after a comma (c3,c4)" : "");
        }
        if (flips) {
            /* "a weak White stone", the legend's name of the code */
            LegendEntry legend[LEGEND_MAX];
            int nlegend = p->s->game->ops->legend(p->s->game, legend);
            const LegendEntry *weak = legend_entry(legend, nlegend, s->to_move == MORPHOS_BLACK ? "w" : "b");
            sb_printf(&line, "%s a %s:", places ? "Or flip" : "Flip", weak ? weak->name : "stone");
            for (int i = 0; i < n; i++)
                if (acts[i] >= ACT_FLIP && acts[i] < ACT_SWAP) {
                    morphos_point_text(c, acts[i] - ACT_FLIP, pt);
                    sb_printf(&line, " x%s", pt);
                }
            sb_putc(&line, '\n');
        }
        if (swap)
            preview(p, ACT_SWAP, "Or swap", &line);
    }
    term_wrap(out, sb_str(&line), PLAY_WIDTH, 4);
    sb_free(&line);
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
    .person_name = "you",
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
