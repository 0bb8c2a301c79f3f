/* morph play morpyam: the grid with coloured tokens and the figure of every
 * free square, the dice, the players' points and tokens, and the shorthands
 * people type (c3, r 146, k 33, call CA, MA c3). Legal moves come from the
 * library's legal actions; the state is only read. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../games/morpyam/morpyam.h"
#include "play.h"
#include "term.h"

/* Token colours of players 1-4: white text on a coloured background. */
static const char *const token_sgr[MAX_PLAYERS] = {"1;37;41", "1;37;44", "1;30;42", "1;30;43"};

static const MorpyamState *mstate(const Play *p)
{
    return morpyam_state(p->s->state);
}

static void put_dice(const MorpyamMultisets *ms, int id, StrBuf *out)
{
    for (int i = 0; i < ms->size[id]; i++)
        sb_printf(out, "%s%d", i ? " " : "", ms->vals[id][i]);
}

/* A token is "#1".."#4": never a square's code, with or without colour. */
static void token(const Play *p, int player, const char *extra_sgr, StrBuf *out)
{
    char t[16], sgr[32];
    snprintf(t, sizeof t, "#%d", player + 1);
    snprintf(sgr, sizeof sgr, "%s%s", token_sgr[player], extra_sgr);
    term_paint(out, p->color, sgr, t);
}

/* One grid cell, 5 columns: a free square's code with '*' where the player
 * to move may place now; a token in brackets when the latest turn placed
 * it, followed by '+' in a scoring line or '!' in the KO line. */
static void cell(const Play *p, int sq, unsigned kinds, unsigned last, StrBuf *out)
{
    const MorpyamState *s = mstate(p);
    int owner = -1;
    for (int q = 0; q < s->cfg->players; q++)
        if (s->tokens[q] >> sq & 1)
            owner = q;
    if (owner < 0) {
        bool star = (kinds >> MARK_PLACEABLE & 1) && s->phase != MP_PUT;
        char code[8];
        snprintf(code, sizeof code, "%-2s%c", s->grid[sq] == MK_NONE ? "." : morpyam_kind_code(s->grid[sq]),
                 star ? '*' : ' ');
        sb_putc(out, ' ');
        term_paint(out, p->color && star, "1;32", code);
        sb_putc(out, ' ');
        return;
    }
    bool is_last = last >> MARK_LAST & 1;
    char flag = kinds >> MARK_KO & 1 ? '!' : kinds >> MARK_LINE & 1 ? '+' : ' ';
    const char *extra = kinds >> MARK_KO & 1 ? ";4;5" : kinds >> MARK_LINE & 1 ? ";4" : "";
    char mark[2] = {is_last ? '[' : ' ', '\0'};
    term_paint(out, p->color && is_last, SGR_BOLD, mark);
    token(p, owner, extra, out);
    if (is_last) {
        term_paint(out, p->color, SGR_BOLD, "]");
        sb_putc(out, flag);
    } else {
        sb_putc(out, flag);
        sb_putc(out, ' ');
    }
}

/* The legend beside the grid: "CA square", two columns of up to 8 rows. */
static void legend_beside(const Play *p, int row, int rows, const LegendEntry *e, int n, StrBuf *out)
{
    sb_puts(out, "  ");
    for (int column = 0; column < 2; column++) {
        int i = column * rows + row;
        if (i >= n || row >= rows)
            break;
        char entry[40];
        snprintf(entry, sizeof entry, "%-3s%s", e[i].code, e[i].name);
        if (column == 0)
            sb_printf(out, " %-16s", entry);
        else
            sb_printf(out, " %s", entry);
    }
    /* no trailing spaces */
    while (out->len && out->data[out->len - 1] == ' ')
        out->data[--out->len] = '\0';
}

static void letters(StrBuf *out)
{
    sb_puts(out, "    ");
    for (int col = 0; col < 6; col++)
        sb_printf(out, " %c   ", 'a' + col);
    sb_puts(out, "  ");
}

static void draw(const Play *p, StrBuf *out)
{
    const MorpyamState *s = mstate(p);
    const MorpyamConfig *cfg = s->cfg;
    static const char *const variants[] = {"standard", "flash", "plus"};
    Marks marks, last;
    state_marks(p->s->state, &marks);
    explain_last_turn(p->s, &last);
    LegendEntry legend[LEGEND_MAX];
    int nlegend = p->s->game->ops->legend(p->s->game, legend);
    int lrows = (nlegend + 1) / 2;
    if (lrows > 8)
        lrows = 8;
    sb_printf(out, "Morpyam %s, %d players", variants[cfg->variant], cfg->players);
    if (cfg->strict_call || cfg->daversa)
        sb_printf(out, ", rules:%s%s", cfg->strict_call ? " strict-call" : "", cfg->daversa ? " daversa" : "");
    sb_putc(out, '\n');
    letters(out);
    legend_beside(p, 0, lrows, legend, nlegend, out);
    sb_putc(out, '\n');
    for (int row = 5; row >= 0; row--) {
        sb_printf(out, "  %d ", row + 1);
        for (int col = 0; col < 6; col++) {
            int sq = row * 6 + col;
            cell(p, sq, play_cell_marks(&marks, sq), play_cell_marks(&last, sq), out);
        }
        sb_printf(out, " %d", row + 1);
        legend_beside(p, 6 - row, lrows, legend, nlegend, out);
        sb_putc(out, '\n');
    }
    letters(out);
    legend_beside(p, 7, lrows, legend, nlegend, out);
    sb_putc(out, '\n');
    sb_puts(out, "  ");
    for (int q = 0; q < cfg->players; q++) {
        token(p, q, "", out);
        sb_putc(out, ' ');
    }
    sb_puts(out, "tokens  [ ] latest token  + scoring line  ! KO line  * may place\n\n");
    for (int q = 0; q < cfg->players; q++) {
        StrBuf name = STRBUF_INIT, line = STRBUF_INIT;
        play_seat_name(p, q, &name);
        int points = s->points[q] + (q == s->bonus_player);
        sb_printf(&line, "  %s ", q == s->player && s->phase != MP_OVER && s->phase >= MP_START ? ">" : " ");
        token(p, q, "", &line);
        sb_printf(&line, " %-22s %3d point%s  %2d token%s left%s\n", sb_str(&name), points, points == 1 ? " " : "s",
                  s->left[q], s->left[q] == 1 ? " " : "s", !(s->alive >> q & 1) ? "  (resigned)" : "");
        term_wrap(out, sb_str(&line), PLAY_WIDTH, 4);
        sb_free(&name);
        sb_free(&line);
    }
    play_marks_text(p, &marks, 1u << MARK_LINE | 1u << MARK_KO | 1u << MARK_BONUS, out);
    sb_putc(out, '\n');
    StrBuf who = STRBUF_INIT, status = STRBUF_INIT;
    switch (s->phase) {
    case MP_OVER:
        break;
    case MP_DEAL:
        sb_printf(&status, "Dealing the Plus squares: %d of 36 dealt.\n", s->dealt);
        break;
    case MP_ROLLOFF:
        sb_printf(&status, "Rolling one die each for the %s.\n", s->purpose == MR_BUILD ? "building order" : "first player");
        break;
    case MP_PUT:
        play_seat_name(p, s->builder, &who);
        sb_printf(&status, "%s builds the grid. Squares in hand:", sb_str(&who));
        for (int k = 0; k < MK_COUNT; k++)
            for (int i = 0; i < s->hand[s->builder][k]; i++)
                sb_printf(&status, " %s", morpyam_kind_code(k));
        sb_putc(&status, '\n');
        break;
    default:
        play_seat_name(p, s->player, &who);
        sb_printf(&status, "Turn %d%s: %s to play.", (int)s->turns, s->replay ? " (Morpyam replay)" : "", sb_str(&who));
        if (s->rolls == 0) {
            sb_puts(&status, " Before the first roll.");
        } else if (s->phase != MP_ROLL) {
            sb_printf(&status, " Roll %d of 3, dice: ", s->rolls);
            StrBuf dice = STRBUF_INIT;
            put_dice(cfg->ms, s->dice, &dice);
            term_paint(&status, p->color, "1;36", sb_str(&dice));
            sb_free(&dice);
            sb_putc(&status, '.');
        }
        if (s->call >= 0)
            sb_printf(&status, " Called: %s.", morpyam_kind_name(s->call));
        const char *label = play_mark_label(&marks, MARK_PLACEABLE);
        if (s->phase == MP_FORCED && label)
            sb_printf(&status, " %c%s.", toupper((unsigned char)label[0]), label + 1);
        sb_putc(&status, '\n');
        break;
    }
    term_wrap(out, sb_str(&status), PLAY_WIDTH, 4);
    sb_free(&status);
    sb_free(&who);
}

/* "c3 d4 (square), e2 (all-in-one)": legal places grouped by the square's figure. */
static void list_places(const MorpyamState *s, uint64_t can, StrBuf *out)
{
    bool first = true;
    uint64_t left = can;
    while (left) {
        int kind = s->grid[__builtin_ctzll(left)];
        if (!first)
            sb_puts(out, ", ");
        first = false;
        for (int sq = 0; sq < 36; sq++) {
            if ((left >> sq & 1) && s->grid[sq] == kind) {
                char name[3];
                morpyam_square_name(sq, name);
                sb_printf(out, "%s ", name);
                left &= ~(1ull << sq);
            }
        }
        sb_printf(out, "(%s)", morpyam_kind_name(kind));
    }
}

static void legal(const Play *p, StrBuf *out)
{
    const MorpyamState *s = mstate(p);
    Action acts[MAX_ACTIONS];
    int n = state_legal_actions(p->s->state, acts);
    uint64_t places = 0;
    unsigned calls = 0;
    bool pass = false, roll = false, reroll = false, put = false;
    for (int i = 0; i < n; i++) {
        Action a = acts[i];
        if (a < 36)
            places |= 1ull << a;
        else if (a == MA_PASS)
            pass = true;
        else if (a == MA_ROLL)
            roll = true;
        else if (a >= MA_CALL && a < MA_CALL + MF_COUNT)
            calls |= 1u << (a - MA_CALL);
        else if (a >= MA_REROLL && a < MA_REROLL + MS_COUNT)
            reroll = true;
        else if (a >= MA_PUT && a < MA_PUT + MK_COUNT * 36)
            put = true;
    }
    StrBuf head = STRBUF_INIT;
    if (put) {
        sb_puts(&head, "Put one of your squares on a free position: put CODE SQUARE (or just CODE SQUARE), e.g. put ");
        for (int k = 0; k < MK_COUNT; k++)
            if (s->hand[s->builder][k]) {
                sb_printf(&head, "%s", morpyam_kind_code(k));
                break;
            }
        for (int sq = 0; sq < 36; sq++)
            if (s->grid[sq] == MK_NONE) {
                char name[3];
                morpyam_square_name(sq, name);
                sb_printf(&head, " %s", name);
                break;
            }
        sb_putc(&head, '\n');
    }
    if (places) {
        sb_puts(&head, "Place on: ");
        list_places(s, places, &head);
        sb_puts(&head, "   (type the square, e.g. ");
        char name[3];
        morpyam_square_name(__builtin_ctzll(places), name);
        sb_printf(&head, "%s)\n", name);
    }
    term_wrap(out, sb_str(&head), PLAY_WIDTH, 4);
    sb_free(&head);
    /* The other choices, joined with "; " and wrapped to the screen. */
    StrBuf items[4] = {STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT};
    int k = 0;
    if (roll)
        sb_puts(&items[k++], "roll (r)");
    if (reroll) {
        /* examples from the dice showing: keep the most common value
         * (the highest of a tie), reroll the others */
        const MorpyamMultisets *ms = s->cfg->ms;
        int count[7] = {0}, best = 1;
        for (int i = 0; i < ms->size[s->dice]; i++)
            count[ms->vals[s->dice][i]]++;
        for (int v = 1; v <= 6; v++)
            if (count[v] >= count[best])
                best = v;
        StrBuf keep = STRBUF_INIT, rest = STRBUF_INIT;
        for (int i = 0; i < ms->size[s->dice]; i++) {
            int v = ms->vals[s->dice][i];
            sb_printf(v == best ? &keep : &rest, "%d", v);
        }
        if (!rest.len) { /* five alike: reroll one of them */
            sb_printf(&rest, "%d", best);
            keep.data[--keep.len] = '\0';
        }
        sb_printf(&items[k++], "reroll dice by their values (r %s) or keep some (k %s)", sb_str(&rest), sb_str(&keep));
        sb_free(&keep);
        sb_free(&rest);
    }
    if (calls) {
        sb_puts(&items[k], "call ");
        for (int f = 0, m = 0; f < MF_COUNT; f++)
            if (calls >> f & 1)
                sb_printf(&items[k], "%s%s", m++ ? "|" : "", morpyam_kind_name(f));
        sb_printf(&items[k++], " (for the %s roll)", roll ? "first" : "next");
    }
    if (pass)
        sb_puts(&items[k++], "pass (p)");
    StrBuf line = STRBUF_INIT;
    for (int i = 0; i < k; i++) {
        sb_puts(&line, i == 0 ? (places ? "Or: " : "You may: ") : "; ");
        sb_puts(&line, sb_str(&items[i]));
        sb_free(&items[i]);
    }
    if (k) {
        sb_putc(&line, '\n');
        term_wrap(out, sb_str(&line), PLAY_WIDTH, 4);
    }
    sb_free(&line);
}

static void lower(char *w)
{
    for (; *w; w++)
        *w = (char)tolower((unsigned char)*w);
}

/* Appends the die values found in words (digits anywhere: "146", "1 4 6"). */
static void put_values(char **words, int n, StrBuf *out)
{
    for (int i = 0; i < n; i++)
        for (const char *c = words[i]; *c; c++)
            if (isdigit((unsigned char)*c))
                sb_printf(out, " %c", *c);
            else if (*c != ',')
                sb_printf(out, " %c", *c); /* left for the library to refuse */
}

/* A figure named by its name for people ("full house"), its id, its grid
 * code or an unambiguous prefix of its id. */
static const char *figure_name(const char *word)
{
    for (int g = 0; g < MF_COUNT; g++)
        if ((MF_CALLABLE >> g & 1) && strcmp(morpyam_kind_name(g), word) == 0)
            return morpyam_figure_id(g);
    int f = morpyam_figure_from_id(word);
    if (f < 0) {
        int k = morpyam_kind_from_code(word);
        if (k >= 0 && k < MF_COUNT)
            f = k;
    }
    for (int g = 0, found = 0; f < 0 && g < MF_COUNT && found < 2; g++)
        if ((MF_CALLABLE >> g & 1) && strncmp(morpyam_figure_id(g), word, strlen(word)) == 0 && word[0]) {
            found++;
            f = found == 1 ? g : -1;
        }
    return f >= 0 ? morpyam_figure_id(f) : word;
}

static void translate(const Play *p, const char *line, StrBuf *out)
{
    char buf[512], *w[8];
    int n = play_words(line, buf, sizeof buf, w, 8);
    if (n == 0)
        return;
    lower(w[0]);
    const char *verb = w[0];
    if (n == 1 && morpyam_square_from_name(verb) >= 0) {
        sb_printf(out, "place %s", verb);
    } else if (n == 1 && (strcmp(verb, "r") == 0 || strcmp(verb, "roll") == 0)) {
        sb_puts(out, "roll");
    } else if (n == 1 && (strcmp(verb, "p") == 0 || strcmp(verb, "pass") == 0)) {
        sb_puts(out, "pass");
    } else if (strcmp(verb, "r") == 0 || strcmp(verb, "reroll") == 0 || strcmp(verb, "k") == 0 || strcmp(verb, "keep") == 0) {
        sb_puts(out, verb[0] == 'r' ? "reroll" : "keep");
        put_values(w + 1, n - 1, out);
    } else if ((n == 2 || n == 3) && (strcmp(verb, "call") == 0 || strcmp(verb, "c") == 0)) {
        char name[64]; /* a name of two words: "full house" */
        snprintf(name, sizeof name, "%s%s%s", w[1], n == 3 ? " " : "", n == 3 ? w[2] : "");
        lower(name);
        sb_printf(out, "call %s", figure_name(name));
    } else if (n == 2 && strcmp(verb, "place") == 0) {
        lower(w[1]);
        sb_printf(out, "place %s", w[1]);
    } else if (n == 2 && morpyam_kind_from_code(w[0]) >= 0) {
        lower(w[1]);
        sb_printf(out, "put %s %s", w[0], w[1]);
    } else if (n == 3 && strcmp(verb, "put") == 0) {
        lower(w[2]);
        sb_printf(out, "put %s %s", w[1], w[2]);
    } else {
        sb_puts(out, line);
    }
}

static void chance_prompt(const Play *p, StrBuf *out)
{
    const MorpyamState *s = mstate(p);
    const MorpyamMultisets *ms = s->cfg->ms;
    if (s->phase == MP_DEAL) {
        sb_printf(out, "Real dice: deal Plus square %d of 36: draw one and type its code "
                       "(1-6, PS SU FU CA MI MA MO SE AP).\n", s->dealt + 1);
    } else if (s->phase == MP_ROLLOFF) {
        sb_puts(out, "Real dice: ");
        play_seat_name(p, morpyam_roller(s), out);
        sb_printf(out, " rolls one die for the %s: type its value (1-6).\n",
                  s->purpose == MR_BUILD ? "building order" : "first player");
    } else {
        sb_puts(out, "Real dice: ");
        play_seat_name(p, s->player, out);
        sb_printf(out, " rolls %d di%s", s->nroll, s->nroll == 1 ? "e" : "ce");
        if (ms->size[s->kept]) {
            sb_puts(out, " (keeping ");
            put_dice(ms, s->kept, out);
            sb_putc(out, ')');
        }
        if (s->call >= 0)
            sb_printf(out, ", having called %s", morpyam_kind_name(s->call));
        static const char example[] = "24556";
        sb_puts(out, ": type the values rolled, e.g. ");
        for (int i = 0; i < s->nroll; i++)
            sb_printf(out, "%s%c", i ? " " : "", example[i]);
        if (s->nroll > 1)
            sb_printf(out, " or %.*s", s->nroll, example);
        sb_puts(out, ".\n");
    }
}

static void chance_translate(const Play *p, const char *line, StrBuf *out)
{
    const MorpyamState *s = mstate(p);
    char buf[512], *w[8];
    int n = play_words(line, buf, sizeof buf, w, 8);
    if (n == 0)
        return;
    lower(w[0]);
    if (strcmp(w[0], "dice") == 0 || strcmp(w[0], "die") == 0 || strcmp(w[0], "deal") == 0) {
        sb_puts(out, line);
    } else if (s->phase == MP_DEAL && n == 1) {
        sb_printf(out, "deal %s", w[0]);
    } else if (s->phase == MP_ROLLOFF && n == 1) {
        sb_printf(out, "die %s", w[0]);
    } else if (s->phase == MP_ROLL) {
        sb_puts(out, "dice");
        put_values(w, n, out);
    } else {
        sb_puts(out, line);
    }
}

const PlayUi play_morpyam_ui = {
    .game = "morpyam",
    .person_name = "P%d (you)",
    .help = "Morpyam moves (the prompt lists what is legal now):\n"
            "  c3, place c3    stop rolling and put a token on c3\n"
            "  r, roll         roll the dice (before the first roll)\n"
            "  r 146           reroll the dice showing 1, 4 and 6 (also: reroll 1 4 6); dice\n"
            "                  are named by their values, as shown sorted on the screen\n"
            "  k 33            keep the two 3s and reroll the other dice (also: keep 3 3)\n"
            "  call square     call a figure for the next roll (also: call full house, or\n"
            "                  c CA with the grid's code); a call that comes true must cover\n"
            "                  a call square (AP)\n"
            "  p, pass         end the turn without a token\n"
            "  MA c3           Plus building: put your square MA on c3 (also: put MA c3)\n"
            "With --dice manual, type the values of the real dice when asked (e.g. 245),\n"
            "one die of a roll-off (e.g. 5), or the code of a dealt Plus square (e.g. MA).\n",
    .draw = draw,
    .legal = legal,
    .translate = translate,
    .chance_prompt = chance_prompt,
    .chance_translate = chance_translate,
};
