/* The rules of a Morpyam game for people, in our own words: the facts of
 * docs/rules-morpyam.md for the game's variant, grid, player count and
 * rule options, wrapped to 78 columns. */
#include <string.h>

#include "words.h"
#include "ops.h"

enum { WIDTH = 78 };

/* Wraps text (words separated by spaces) into lines of at most WIDTH
 * columns, then a blank line after the paragraph. A '~' is a space that
 * does not break ("reroll~1~4" stays on one line). */
static void paragraph(StrBuf *out, const char *text)
{
    int col = 0;
    const char *p = text;
    while (*p) {
        size_t len = strcspn(p, " ");
        if (col > 0 && col + 1 + (int)len > WIDTH) {
            sb_putc(out, '\n');
            col = 0;
        }
        if (col > 0) {
            sb_putc(out, ' ');
            col++;
        }
        for (size_t i = 0; i < len; i++)
            sb_putc(out, p[i] == '~' ? ' ' : p[i]);
        col += (int)len;
        p += len;
        while (*p == ' ')
            p++;
    }
    sb_puts(out, "\n\n");
}

static void add(StrBuf *out, StrBuf *text)
{
    paragraph(out, sb_str(text));
    sb_clear(text);
}

void morpyam_rules(const Game *g, StrBuf *out)
{
    const MorpyamConfig *c = morpyam_config(g);
    bool has[MK_COUNT] = {false};
    for (int sq = 0; sq < 36; sq++)
        has[c->layout[sq]] = true;
    const char *grid = c->variant == MV_FLASH ? "Flash" : c->variant == MV_PLUS ? "Plus" : "standard";
    uint8_t usual[36];
    if (c->variant == MV_FLASH)
        morpyam_flash_layout(usual);
    else
        morpyam_standard_layout(usual);
    const bool custom = memcmp(usual, c->layout, sizeof usual) != 0;
    StrBuf t = STRBUF_INIT;

    sb_printf(&t, "Morpyam (%s game, %d players, %d tokens each): five dice and a grid of 6 by 6 squares, "
                  "each square naming a figure of the dice. Line up five of your tokens to win at once by KO, "
                  "or score the most points with lines of three and four.",
              grid, c->players, c->tokens);
    add(out, &t);

    sb_puts(&t, "Who starts: everyone rolls one die, the highest starts (players tied for the highest roll again), "
                "and play goes round in seat order.");
    add(out, &t);

    sb_puts(&t, "Your turn: roll the five dice, up to three times. After the first or second roll you may cover "
                "a free square whose figure the dice show with one of your tokens (your turn ends), reroll one to "
                "five dice named by their values (reroll~1~4, or keep~3~3~3 for the others), or pass. After the "
                "third roll you place or pass; when nothing can be covered the turn passes at once. A square holds "
                "one token and tokens never move. The token goes by the dice showing when you stop: an earlier "
                "roll cannot be used later.");
    add(out, &t);

    /* the figures of this grid's squares, in the legend's order */
    static const struct { int kind; const char *words; } figures[] = {
        {MF_PETITE_SUITE, "four values in a row a small straight (PS)"},
        {MF_SUITE, "five in a row a straight (SU)"},
        {MF_FULL, "three of one value and two of another a full house (FU)"},
        {MF_CARRE, "four alike a square (CA)"},
        {MF_MINI, "a total of 8 or less a mini (MI)"},
        {MF_MAXI, "a total of 27 or more a maxi (MA)"},
        {MF_MORPYAM, "five alike a morpyam (MO)"},
    };
    bool brelans = false;
    for (int v = 0; v < 6; v++)
        brelans |= has[MF_BRELAN1 + v];
    sb_puts(&t, "Figures:");
    int listed = 0;
    if (brelans) {
        sb_puts(&t, " three of a kind covers the square of that value (1 to 6)");
        listed++;
    }
    for (size_t i = 0; i < sizeof figures / sizeof figures[0]; i++)
        if (has[figures[i].kind])
            sb_printf(&t, "%s %s", listed++ ? "," : "", figures[i].words);
    sb_puts(&t, ". The dice show every figure they contain: five 4s are also a square, a full house and three 4s. "
                "The legend lists the squares of this grid.");
    add(out, &t);

    if (has[MF_MORPYAM]) {
        sb_puts(&t, "Morpyam squares: while one is free, five alike must go on a Morpyam square (or on an "
                    "all-in-one square, on the first roll). Covering a Morpyam square gives you another turn at once.");
        if (c->daversa)
            sb_puts(&t, " Rule daversa: five alike rolled at any roll of such a replay turn wins the game at once "
                        "by KO.");
        add(out, &t);
    }
    if (has[MF_SEC]) {
        sb_puts(&t, "All-in-one: when the first roll of your turn shows a morpyam, square, full house, straight, "
                    "maxi or mini, you may cover a free all-in-one square (SE). Three of a kind or a small straight "
                    "never makes an all-in-one, nor does a second or third roll.");
        add(out, &t);
    }
    if (has[MK_APPEL]) {
        sb_puts(&t, "Calls: before a roll, while a call square (AP) is free, you may call one figure: square, "
                    "full house, maxi, mini, morpyam or straight, or all-in-one before the first roll only (the "
                    "first roll must then show an all-in-one). If the roll shows the figure called, you must cover a "
                    "free call square; call squares are covered no other way. If not, after the first or second roll the call "
                    "lapses and you play on (you may call again); after the third roll your turn ends with no token, "
                    "whatever the dice show.");
        if (c->strict_call)
            sb_puts(&t, " Rule strict-call: once you have called in a turn, only a call that comes true can place "
                        "a token; otherwise the turn ends with none.");
        add(out, &t);
    }

    sb_printf(&t, "Lines: your tokens score by whole lines in rows, columns and diagonals: three in a line make "
                  "1 point, four in a line %d points (%s). A line of four is worth %d, not two lines of three. "
                  "Five or more in a line is a KO: you win at once, whatever the points.",
              morpyam_run_value(4, c->players), c->players == 2 ? "3 with 3 or 4 players" : "2 with 2 players",
              morpyam_run_value(4, c->players));
    add(out, &t);

    sb_printf(&t, "The end: the game ends when a player covers their last token. That player gets an end bonus "
                  "of 1 point, and the player with the most points wins; a tie that includes the finishing player "
                  "goes to them, other ties are shared. You may resign at any moment, also when it is not your turn, "
                  "and a clock takes out a player whose time runs out: "
                  "the leaver's tokens stay, they take no more turns and cannot win, and what was under way goes "
                  "on without them; the last player left wins by forfeit (on time, when the last to leave ran out "
                  "of time). A game that "
                  "reaches %d turns ends on points, without the bonus, ties shared; a roll-off still tied after "
                  "%d rounds is settled by seat order, the lower seat first.",
              c->turn_cap, c->rolloff_cap);
    add(out, &t);

    if (custom)
        sb_puts(&t, "This game is played on its own grid (see the legend for its squares).");
    else if (c->variant == MV_FLASH)
        sb_puts(&t, "Flash: a simpler grid, for young players too. The mini and maxi squares become small "
                    "straights, the all-in-one a full house and the call a square, so there is nothing to add up, "
                    "no all-in-one and no call.");
    if (t.len)
        add(out, &t);
    if (c->variant == MV_PLUS) {
        sb_printf(&t, "Plus: the 36 squares are shuffled and dealt, %d to each player. Everyone rolls one die for "
                      "the building order, highest first (tied players roll again among themselves), and in that "
                      "order each player puts all of their squares on free positions. A player who "
                      "resigns while building has their squares put on the first free positions. Then the first "
                      "player is rolled for and the game goes on as usual on the grid built.",
                  36 / c->players);
        add(out, &t);
    }
    /* the notation last, under its own heading: front ends may fold it away (the page's "details") */
    sb_puts(&t, "Writing moves: \"resign\" resigns on your turn, \"resign 2\" for seat 2 at any time.");
    if (c->variant == MV_PLUS)
        sb_puts(&t, " While building, \"put~CA~c3\" puts the square CA on c3.");
    add(out, &t);
    sb_free(&t);
    /* one newline at the end, not a blank line */
    if (out->len >= 2 && out->data[out->len - 2] == '\n') {
        out->data[--out->len] = '\0';
    }
}
