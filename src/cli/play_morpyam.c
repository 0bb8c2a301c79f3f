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

static const char s_turn_ends[] = ": the turn ends without a token\n";

static const MorpyamState *mstate(const Play *p)
{
    return morpyam_state(p->s->state);
}

static void put_dice(const MorpyamMultisets *ms, int id, StrBuf *out)
{
    for (int i = 0; i < ms->size[id]; i++)
        sb_printf(out, "%s%d", i ? " " : "", ms->vals[id][i]);
}

static const char *figure_words(int kind)
{
    return kind == MK_APPEL ? "appel" : morpyam_figure_id(kind);
}

static void token(const Play *p, int player, StrBuf *out)
{
    char t[8];
    snprintf(t, sizeof t, p->color ? " %d " : "[%d]", player + 1);
    term_paint(out, p->color, token_sgr[player], t);
}

static uint64_t placeable_now(const Play *p)
{
    Action acts[MAX_ACTIONS];
    int n = state_is_chance(p->s->state) ? 0 : state_legal_actions(p->s->state, acts);
    uint64_t mask = 0;
    for (int i = 0; i < n; i++)
        if (acts[i] >= MA_PLACE && acts[i] < MA_PLACE + 36)
            mask |= 1ull << (acts[i] - MA_PLACE);
    return mask;
}

static void draw(const Play *p, StrBuf *out)
{
    const MorpyamState *s = mstate(p);
    const MorpyamConfig *cfg = s->cfg;
    static const char *const variants[] = {"standard", "flash", "plus"};
    uint64_t can = placeable_now(p);
    sb_printf(out, "Morpyam %s, %d players", variants[cfg->variant], cfg->players);
    if (cfg->strict_call || cfg->daversa)
        sb_printf(out, ", rules:%s%s", cfg->strict_call ? " strict-call" : "", cfg->daversa ? " daversa" : "");
    sb_printf(out, "   (free squares show their figure; * = you may place there now)\n");
    sb_puts(out, "    ");
    for (int col = 0; col < 6; col++)
        sb_printf(out, " %c   ", 'a' + col);
    sb_putc(out, '\n');
    for (int row = 5; row >= 0; row--) {
        sb_printf(out, "  %d ", row + 1);
        for (int col = 0; col < 6; col++) {
            int sq = row * 6 + col, owner = -1;
            for (int q = 0; q < cfg->players; q++)
                if (s->tokens[q] >> sq & 1)
                    owner = q;
            sb_putc(out, ' ');
            if (owner >= 0) {
                token(p, owner, out);
            } else if (s->grid[sq] == MK_NONE) {
                sb_puts(out, ".  ");
            } else {
                char cell[8];
                snprintf(cell, sizeof cell, "%-2s%c", morpyam_kind_code(s->grid[sq]), can >> sq & 1 ? '*' : ' ');
                term_paint(out, p->color && (can >> sq & 1), "1;32", cell);
            }
            sb_putc(out, ' ');
        }
        sb_printf(out, " %d\n", row + 1);
    }
    sb_puts(out, "    ");
    for (int col = 0; col < 6; col++)
        sb_printf(out, " %c   ", 'a' + col);
    sb_puts(out, "\n\n");
    for (int q = 0; q < cfg->players; q++) {
        StrBuf name = STRBUF_INIT;
        play_seat_name(p, q, &name);
        sb_printf(out, "  %s ", q == s->player && s->phase != MP_OVER && s->phase >= MP_START ? ">" : " ");
        token(p, q, out);
        sb_printf(out, " %-22s %3d point%s  %2d token%s left%s\n", sb_str(&name), s->points[q] + (q == s->bonus_player),
                  s->points[q] + (q == s->bonus_player) == 1 ? " " : "s", s->left[q], s->left[q] == 1 ? " " : "s",
                  !(s->alive >> q & 1) ? "  (resigned)" : "");
        sb_free(&name);
    }
    sb_putc(out, '\n');
    StrBuf who = STRBUF_INIT;
    switch (s->phase) {
    case MP_OVER:
        break;
    case MP_DEAL:
        sb_printf(out, "Dealing the Plus squares: %d of 36 dealt.\n", s->dealt);
        break;
    case MP_ROLLOFF:
        sb_printf(out, "Rolling one die each for the %s.\n", s->purpose == MR_BUILD ? "building order" : "first player");
        break;
    case MP_PUT:
        play_seat_name(p, s->builder, &who);
        sb_printf(out, "%s builds the grid. Squares in hand:", sb_str(&who));
        for (int k = 0; k < MK_COUNT; k++)
            for (int i = 0; i < s->hand[s->builder][k]; i++)
                sb_printf(out, " %s", morpyam_kind_code(k));
        sb_putc(out, '\n');
        break;
    default:
        play_seat_name(p, s->player, &who);
        sb_printf(out, "Turn %d%s: %s to play. ", (int)s->turns, s->replay ? " (Morpyam replay)" : "", sb_str(&who));
        if (s->rolls == 0 || s->phase == MP_ROLL) {
            sb_puts(out, s->rolls == 0 ? "Before the first roll." : "");
        } else {
            sb_printf(out, "Roll %d of 3, dice: ", s->rolls);
            StrBuf dice = STRBUF_INIT;
            put_dice(&cfg->ms, s->dice, &dice);
            term_paint(out, p->color, "1;36", sb_str(&dice));
            sb_free(&dice);
            sb_putc(out, '.');
        }
        if (s->call >= 0)
            sb_printf(out, " Called: %s.", morpyam_figure_id(s->call));
        if (s->phase == MP_FORCED)
            sb_puts(out, " The call came true: cover an Appel square.");
        sb_putc(out, '\n');
        break;
    }
    sb_free(&who);
}

/* "c3 d4 (carre), e2 (sec)": legal places grouped by the square's figure. */
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
        sb_printf(out, "(%s)", figure_words(kind));
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
    if (put) {
        sb_puts(out, "Put one of your squares on a free position: put CODE SQUARE (or just CODE SQUARE), e.g. put ");
        for (int k = 0; k < MK_COUNT; k++)
            if (s->hand[s->builder][k]) {
                sb_printf(out, "%s", morpyam_kind_code(k));
                break;
            }
        for (int sq = 0; sq < 36; sq++)
            if (s->grid[sq] == MK_NONE) {
                char name[3];
                morpyam_square_name(sq, name);
                sb_printf(out, " %s", name);
                break;
            }
        sb_putc(out, '\n');
    }
    if (places) {
        sb_puts(out, "Place on: ");
        list_places(s, places, out);
        sb_puts(out, "   (type the square, e.g. ");
        char name[3];
        morpyam_square_name(__builtin_ctzll(places), name);
        sb_printf(out, "%s)\n", name);
    }
    /* The other choices, joined with "; " and wrapped before 96 columns. */
    StrBuf items[4] = {STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT};
    int k = 0;
    if (roll)
        sb_puts(&items[k++], "roll (r)");
    if (reroll)
        sb_puts(&items[k++], "reroll by values (r 146) or keep some (k 55)");
    if (calls) {
        sb_puts(&items[k], "call ");
        for (int f = 0, m = 0; f < MF_COUNT; f++)
            if (calls >> f & 1)
                sb_printf(&items[k], "%s%s", m++ ? "|" : "", morpyam_figure_id(f));
        sb_printf(&items[k++], " (for the %s roll)", roll ? "first" : "next");
    }
    if (pass)
        sb_puts(&items[k++], "pass (p)");
    size_t col = 0;
    for (int i = 0; i < k; i++) {
        const char *lead = i == 0 ? (places ? "Or: " : "You may: ") : "; ";
        if (i > 0 && col + strlen(lead) + items[i].len > 96) {
            sb_puts(out, ";\n    ");
            col = 4;
        } else {
            sb_puts(out, lead);
            col += strlen(lead);
        }
        sb_puts(out, sb_str(&items[i]));
        col += items[i].len;
        sb_free(&items[i]);
    }
    if (k)
        sb_putc(out, '\n');
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

/* A figure named by its id, its grid code or an unambiguous prefix. */
static const char *figure_name(const char *word)
{
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
    } else if (n == 2 && (strcmp(verb, "call") == 0 || strcmp(verb, "c") == 0)) {
        lower(w[1]);
        sb_printf(out, "call %s", figure_name(w[1]));
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

/* The seat that rolls next in a roll-off: the first contender in seat order
 * who has not rolled yet. */
static int rolloff_roller(const MorpyamState *s)
{
    unsigned waiting = (unsigned)s->contenders & ~(unsigned)s->rolled;
    return waiting ? __builtin_ctz(waiting) : 0;
}

static void chance_label(const Play *p, StrBuf *out)
{
    const MorpyamState *s = mstate(p);
    if (s->phase == MP_DEAL) {
        sb_printf(out, "deal %d of 36", s->dealt + 1);
    } else if (s->phase == MP_ROLLOFF) {
        play_seat_name(p, rolloff_roller(s), out);
        sb_printf(out, " rolls for the %s", s->purpose == MR_BUILD ? "building order" : "first player");
    } else {
        play_seat_name(p, s->player, out);
        sb_puts(out, " rolls");
    }
}

static void chance_prompt(const Play *p, StrBuf *out)
{
    const MorpyamState *s = mstate(p);
    const MorpyamMultisets *ms = &s->cfg->ms;
    if (s->phase == MP_DEAL) {
        sb_printf(out, "Real dice: deal Plus square %d of 36: draw one and type its code "
                       "(1-6, PS SU FU CA MI MA MO SE AP).\n", s->dealt + 1);
    } else if (s->phase == MP_ROLLOFF) {
        sb_puts(out, "Real dice: ");
        play_seat_name(p, rolloff_roller(s), out);
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
            sb_printf(out, ", having called %s", morpyam_figure_id(s->call));
        sb_puts(out, ": type the values rolled, e.g. 2 4 5 or 245.\n");
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

static void transition(const Play *p, const State *before, StrBuf *out)
{
    const MorpyamState *b = morpyam_state(before), *a = mstate(p);
    if (b->phase < MP_START || b->phase == MP_OVER)
        return;
    int who = b->player;
    int gained = a->points[who] - b->points[who];
    if (gained > 0) {
        sb_puts(out, "  ");
        play_seat_name(p, who, out);
        sb_printf(out, " scores %d point%s (%d now)\n", gained, gained == 1 ? "" : "s", a->points[who]);
    }
    bool placed = a->tokens[who] != b->tokens[who];
    if (a->phase != MP_OVER && a->turns != b->turns && !placed && b->phase == MP_ROLL) {
        sb_puts(out, "  ");
        play_seat_name(p, who, out);
        sb_puts(out, s_turn_ends);
    }
    if (a->phase != MP_OVER && placed && a->replay && a->player == who && a->turns != b->turns) {
        sb_puts(out, "  ");
        play_seat_name(p, who, out);
        sb_puts(out, " covered a Morpyam square and plays again\n");
    }
}

const PlayUi play_morpyam_ui = {
    .game = "morpyam",
    .hint_spec = "expert",
    .hint_level = "expert",
    .help = "Morpyam moves (the prompt lists what is legal now):\n"
            "  c3, place c3    stop rolling and put a token on c3\n"
            "  r, roll         roll the dice (before the first roll)\n"
            "  r 146           reroll the dice showing 1, 4 and 6 (also: reroll 1 4 6); dice\n"
            "                  are named by their values, as shown sorted on the screen\n"
            "  k 33            keep the two 3s and reroll the other dice (also: keep 3 3)\n"
            "  call carre      call a figure for the next roll (also: c CA, call ca); a call\n"
            "                  that comes true must cover an Appel square\n"
            "  p, pass         end the turn without a token\n"
            "  MA c3           Plus building: put your square MA on c3 (also: put MA c3)\n"
            "With --dice manual, type the values of the real dice when asked (e.g. 245),\n"
            "one die of a roll-off (e.g. 5), or the code of a dealt Plus square (e.g. MA).\n",
    .draw = draw,
    .legal = legal,
    .translate = translate,
    .chance_prompt = chance_prompt,
    .chance_translate = chance_translate,
    .chance_label = chance_label,
    .transition = transition,
};
