/* What a drawing of Morpyam highlights: the square an action covers and
 * the points it makes, every scoring line of every player, the KO line, the
 * end bonus and where the player to move may place. */
#include <stdio.h>
#include <string.h>

#include "words.h"
#include "ops.h"

static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}}; /* (drow, dcol), as lines.c */

void morpyam_gain(uint64_t tokens, int sq, int num_players, MorpyamGain *g)
{
    int row = sq / 6, col = sq % 6;
    memset(g, 0, sizeof *g);
    for (int d = 0; d < 4; d++) {
        int a = morpyam_run_from(tokens, row, col, dirs[d][0], dirs[d][1]);
        int b = morpyam_run_from(tokens, row, col, -dirs[d][0], -dirs[d][1]);
        int len = a + b + 1;
        if (len >= 5) {
            if (len > g->ko_len)
                g->ko_len = len;
        } else if (len >= 3) {
            int i = g->count++;
            g->len[i] = len;
            g->from[i] = a >= 3 || b >= 3 ? 3 : 0;
            g->points[i] = morpyam_run_value(len, num_players) - morpyam_run_value(a, num_players) -
                           morpyam_run_value(b, num_players);
            g->total += g->points[i];
        }
    }
}

void morpyam_gain_label(const MorpyamGain *g, int i, StrBuf *out)
{
    sb_puts(out, "line of ");
    morpyam_count_words(g->len[i], out);
    if (g->from[i])
        sb_puts(out, ", grown from three");
    sb_printf(out, " (+%d)", g->points[i]);
}

int morpyam_runs(uint64_t tokens, MorpyamRun *out)
{
    int n = 0;
    for (uint64_t m = tokens; m; m &= m - 1) {
        int sq = __builtin_ctzll(m), row = sq / 6, col = sq % 6;
        for (int d = 0; d < 4; d++) {
            int pr = row - dirs[d][0], pc = col - dirs[d][1];
            if (pr >= 0 && pr < 6 && pc >= 0 && pc < 6 && (tokens >> (pr * 6 + pc) & 1))
                continue; /* not the start of a run */
            int len = 1 + morpyam_run_from(tokens, row, col, dirs[d][0], dirs[d][1]);
            if (len < 3)
                continue;
            uint64_t squares = 0;
            for (int i = 0; i < len; i++)
                squares |= 1ull << ((row + i * dirs[d][0]) * 6 + col + i * dirs[d][1]);
            out[n++] = (MorpyamRun){squares, len};
        }
    }
    return n;
}

static void set_cells(Mark *k, uint64_t squares)
{
    if (!k)
        return;
    for (; squares; squares &= squares - 1)
        mark_set_cell(k, __builtin_ctzll(squares));
}

void morpyam_action_marks(const State *st, Action a, Marks *out)
{
    const MorpyamState *s = morpyam_state(st);
    StrBuf label = STRBUF_INIT;
    char name[3];
    marks_reset(out, 6, 6);
    if (a >= MA_PLACE && a < MA_PLACE + 36 && (s->phase == MP_AFTER || s->phase == MP_FORCED)) {
        MorpyamGain g;
        morpyam_gain(s->tokens[s->player], a - MA_PLACE, s->cfg->players, &g);
        morpyam_square_name(a - MA_PLACE, name);
        sb_puts(&label, name);
        if (g.ko_len) {
            sb_puts(&label, ": line of ");
            morpyam_count_words(g.ko_len, &label);
            sb_puts(&label, ", KO");
        }
        for (int i = 0; i < g.count && !g.ko_len; i++) {
            sb_puts(&label, i ? ", " : ": ");
            morpyam_gain_label(&g, i, &label);
        }
        set_cells(marks_add(out, MARK_LAST, s->player, g.ko_len ? 0 : g.total, sb_str(&label)), 1ull << (a - MA_PLACE));
    } else if (a >= MA_PUT && a < MA_PUT + MK_COUNT * 36 && s->phase == MP_PUT) {
        int kind = (a - MA_PUT) / 36, sq = (a - MA_PUT) % 36;
        morpyam_square_name(sq, name);
        sb_printf(&label, "%s: %s (%s)", name, morpyam_kind_code(kind), morpyam_kind_name(kind));
        set_cells(marks_add(out, MARK_LAST, s->builder, 0, sb_str(&label)), 1ull << sq);
    }
    sb_free(&label);
}

void morpyam_marks(const State *st, Marks *out)
{
    const MorpyamState *s = morpyam_state(st);
    const int players = s->cfg->players;
    marks_reset(out, 6, 6);
    StrBuf label = STRBUF_INIT;
    for (int p = 0; p < players; p++) {
        MorpyamRun runs[48];
        int n = morpyam_runs(s->tokens[p], runs);
        for (int i = 0; i < n; i++) {
            int value = morpyam_run_value(runs[i].len, players);
            sb_clear(&label);
            sb_puts(&label, "line of ");
            morpyam_count_words(runs[i].len, &label);
            if (runs[i].len >= 5)
                sb_puts(&label, ": KO");
            else
                sb_printf(&label, " (+%d)", value);
            set_cells(marks_add(out, runs[i].len >= 5 ? MARK_KO : MARK_LINE, p, value, sb_str(&label)),
                      runs[i].squares);
        }
    }
    if (s->bonus_player != 255)
        marks_add(out, MARK_BONUS, s->bonus_player, 1, "end bonus (+1): placed the last token");
    uint64_t can = morpyam_placeable(s);
    if (can)
        set_cells(marks_add(out, MARK_PLACEABLE, s->player, 0,
                            s->phase == MP_FORCED ? "the call came true: cover a free call square"
                                                  : "the dice may cover these squares"),
                  can);
    if (s->phase == MP_PUT) {
        uint64_t free_sq = 0;
        for (int sq = 0; sq < 36; sq++)
            if (s->grid[sq] == MK_NONE)
                free_sq |= 1ull << sq;
        set_cells(marks_add(out, MARK_PLACEABLE, s->builder, 0, "free positions to put a square on"), free_sq);
    }
    sb_free(&label);
}
