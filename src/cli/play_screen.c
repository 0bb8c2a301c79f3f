/* What the screens of both games share: seat names, the highlights of the
 * latest turn, the lines listing marks under a board, the legend. */
#include <stdio.h>
#include <string.h>

#include "../front/seat_names.h"
#include "play.h"
#include "term.h"

int play_words(const char *line, char *buf, size_t buflen, char **words, int max)
{
    snprintf(buf, buflen, "%s", line);
    int n = 0;
    char *save = NULL;
    for (char *w = strtok_r(buf, " \t", &save); w && n < max; w = strtok_r(NULL, " \t", &save))
        words[n++] = w;
    return n;
}

void play_set_names(Play *p)
{
    const Session *s = p->s;
    p->humans = 0;
    for (int seat = 0; seat < s->game->num_players; seat++)
        p->humans += !s->seats[seat].is_ai;
    memset(&p->voice, 0, sizeof p->voice);
    p->voice.viewer = -1;
    for (int seat = 0; seat < s->game->num_players; seat++) {
        const Seat *st = &s->seats[seat];
        char *name = p->names[seat];
        if (!st->is_ai && p->humans == 1 && !p->spectator) {
            snprintf(name, sizeof p->names[0], p->ui->person_name, seat + 1);
            p->voice.viewer = seat;
        } else {
            seat_watcher_name(s, seat, name, sizeof p->names[0]);
        }
        p->voice.names[seat] = name;
    }
}

void play_seat_name(const Play *p, int seat, StrBuf *out)
{
    const Seat *st = &p->s->seats[seat];
    if (st->is_ai)
        sb_printf(out, "P%d (%s)", seat + 1, st->spec);
    else
        sb_printf(out, "P%d (%s)", seat + 1, p->humans == 1 && !p->spectator ? "you" : "human");
}

unsigned play_cell_marks(const Marks *m, int cell)
{
    unsigned kinds = 0;
    for (int k = 0; k < m->count; k++)
        if (mark_has_cell(&m->items[k], cell))
            kinds |= 1u << m->items[k].kind;
    return kinds;
}

const char *play_mark_label(const Marks *m, int kind)
{
    for (int k = 0; k < m->count; k++)
        if (m->items[k].kind == kind)
            return m->items[k].label;
    return NULL;
}

void play_marks_text(const Play *p, const Marks *m, unsigned kinds, StrBuf *out)
{
    int players = p->s->game->num_players;
    for (int seat = -1; seat < players; seat++) {
        StrBuf line = STRBUF_INIT;
        for (int k = 0; k < m->count; k++) {
            const Mark *mk = &m->items[k];
            if (mk->player != seat || !(kinds >> mk->kind & 1))
                continue;
            sb_puts(&line, line.len ? "; " : "");
            sb_puts(&line, mk->label);
            for (int cell = 0, n = 0; cell < m->width * m->height; cell++)
                if (mark_has_cell(mk, cell)) {
                    char name[4];
                    cell_name(cell % m->width, cell / m->width, name);
                    sb_printf(&line, "%s %s", n++ ? "" : ":", name);
                }
        }
        if (line.len) {
            StrBuf text = STRBUF_INIT;
            sb_puts(&text, "  ");
            if (seat >= 0) {
                play_seat_name(p, seat, &text);
                sb_puts(&text, ": ");
            }
            sb_printf(&text, "%s\n", sb_str(&line));
            term_wrap(out, sb_str(&text), PLAY_WIDTH, 4);
            sb_free(&text);
        }
        sb_free(&line);
    }
}

void play_legend_text(const Game *g, StrBuf *out)
{
    LegendEntry entries[LEGEND_MAX];
    int n = g->ops->legend(g, entries);
    for (int i = 0; i < n; i++) {
        StrBuf line = STRBUF_INIT;
        sb_printf(&line, "  %-4s %s: %s\n", entries[i].code, entries[i].name, entries[i].words);
        term_wrap(out, sb_str(&line), PLAY_WIDTH, 5);
        sb_free(&line);
    }
}
