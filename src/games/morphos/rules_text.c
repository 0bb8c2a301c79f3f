/* The codes of a Morphos drawing and the rules of a configured game in our
 * own words: the same facts as docs/rules-morphos.md, for front ends. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "words.h"

#define RULES_WIDTH 78

static const LegendEntry mutator_legend[] = {
    {"minimorph", "mutator minimorph",
     "simpler weakness: pattern 3 is not used and patterns 1 and 2 lose their top-left point"},
    {"deepmorph", "mutator deepmorph",
     "a stone the opponent flipped on their latest turn still counts as yours for flipping, and a chain wins only "
     "at the start of its owner's turn; b and w follow the plain patterns, the legal flips are what counts"},
    {"duomorph", "mutator duomorph",
     "after placing (not flipping) a stone, the player adds a second one on an empty point next to it"},
    {"remorph", "mutator remorph",
     "a flipped stone goes back to its owner, who places it on an empty point before their next move"},
    {"metamorph", "mutator metamorph", "the board starts full in a checkered pattern (a1 black); only flips are played"},
};

int morphos_legend(const Game *g, LegendEntry *out)
{
    const MorphosConfig *c = g->config;
    static const LegendEntry codes[] = {
        {"B", "Black stone", "a black stone; Black wins with a chain of them joining the top and bottom edges"},
        {"W", "White stone", "a white stone; White wins with a chain of them joining the left and right edges"},
        {"b", "weak Black stone", "a black stone inside a weakness pattern of white stones: White may flip it"},
        {"w", "weak White stone", "a white stone inside a weakness pattern of black stones: Black may flip it"},
        {".", "empty point", "an empty point: a stone may be placed there"},
        {"top, bottom", "Black's edges", "the top and bottom rows belong to Black"},
        {"left, right", "White's edges", "the leftmost and rightmost columns (a and the last letter) belong to White"},
        {"a1", "point", "column letter from the left, row number from the bottom: a1 is the bottom-left point"},
    };
    int n = 0;
    for (size_t i = 0; i < sizeof codes / sizeof *codes; i++)
        out[n++] = codes[i];
    for (int m = 0; m < 5; m++)
        if (c->mutators & (1u << m))
            out[n++] = mutator_legend[m];
    return n;
}

/* A paragraph wrapped at RULES_WIDTH columns, after a blank line unless it
 * is the first. */
static void para(StrBuf *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void para(StrBuf *out, const char *fmt, ...)
{
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (out->len)
        sb_putc(out, '\n');
    const char *p = text;
    while (*p) {
        size_t len = strlen(p);
        if (len > RULES_WIDTH) {
            len = RULES_WIDTH;
            while (len > 0 && p[len] != ' ')
                len--;
            if (len == 0) /* one word longer than a line: cut it */
                len = RULES_WIDTH;
        }
        for (size_t i = 0; i < len; i++)
            sb_putc(out, p[i]);
        sb_putc(out, '\n');
        p += len;
        while (*p == ' ')
            p++;
    }
}

/* Lines kept as they are (pattern drawings), as their own paragraph. */
static void verbatim(StrBuf *out, const char *const *lines)
{
    if (out->len)
        sb_putc(out, '\n');
    for (; *lines; lines++)
        sb_printf(out, "%s\n", *lines);
}

static void patterns(const MorphosConfig *c, StrBuf *out)
{
    para(out, "Weak stones. A stone is weak when enemy stones fill every X of one of these patterns around it "
              "(o is the stone, . is any point: empty, friendly or enemy), in any position, rotation or "
              "reflection:");
    if (c->mutators & MUT_MINIMORPH) {
        static const char *const minimorph[] = {
            "     1         2",
            "   . X       X . .",
            "   X o       X o .",
            "   . X       . X X",
            NULL,
        };
        verbatim(out, minimorph);
        para(out, "Pattern 1: enemies on three sides of the stone. Pattern 2: enemies on two adjacent sides, each "
                  "line going on one point away from the corner between them. (These are the standard patterns 1 "
                  "and 2 without their top-left point; the standard pattern 3 is not used: minimorph.)");
    } else {
        static const char *const standard[] = {
            "     1         2            3",
            "   X X       X . .      . X X .",
            "   X o       X . .      X o . X",
            "   . X       X o .      X . . X",
            "             . X X      . X X .",
            NULL,
        };
        verbatim(out, standard);
        para(out, "Pattern 1: enemies on three sides of the stone and on the corner between two of them. "
                  "Pattern 2: enemies on two adjacent sides; from there one line of enemies goes on for two more "
                  "points and the other for one more, both away from the corner between the two sides. Pattern 3: the stone is one of the four points of a 2x2 "
                  "area (any of the four) whose eight outside neighbours are all enemies; the other three points "
                  "of the area may hold anything.");
    }
    para(out, "Every point of a pattern must be on the board: the edges never count as stones.%s",
         c->mutators & MUT_MINIMORPH ? "" : " A corner stone, for example, can never be weak.");
}

void morphos_rules(const Game *g, StrBuf *out)
{
    const MorphosConfig *c = g->config;
    unsigned m = c->mutators;
    bool deep = m & MUT_DEEPMORPH;
    static const char *const names[] = {"minimorph", "deepmorph", "duomorph", "remorph", "metamorph"};
    char list[80] = "";
    for (int i = 0; i < 5; i++)
        if (m & (1u << i)) {
            if (list[0])
                strcat(list, ", ");
            strcat(list, names[i]);
        }
    para(out, "Morphos on a %dx%d board%s%s. Two players, Black and White, place stones on the points of "
              "the board; points are named a1 (bottom left) to %c%d (top right).",
         c->n, c->n, list[0] ? ", mutators: " : "", list, 'a' + c->n - 1, c->n);
    para(out, "Goal. Black owns the top and bottom edges, White the left and right edges. You win with a chain "
              "of your stones, joined side to side (not diagonally), touching both of your edges. Two such "
              "chains cannot exist at once.%s",
         deep ? " With deepmorph a chain wins only at the start of its owner's turn: it must survive the "
                "opponent's reply first."
              : " The game ends as soon as a stone completes a chain, even in the middle of a turn.");
    para(out, "Turns. Black moves first%s. On your turn, either place a stone of your colour on an empty point "
              "or flip a weak enemy stone, replacing it with one of yours.",
         m & MUT_METAMORPH ? "; with metamorph the board starts full in a checkered pattern (a1 black), so "
                             "every move is a flip" : "");
    patterns(c, out);
    para(out, "No move. Passing is not allowed, but a player without any legal move is skipped: their only "
              "action is pass. If neither player can move, the game is a deadlock: Black wins if two stones "
              "of one colour are vertically adjacent anywhere on the board, otherwise White wins (a checkered "
              "board goes to White).");
    para(out, "Swap. On White's first turn only, White may answer swap instead of moving. The stones stay where "
              "they are and the players exchange colours: the player who swapped now plays Black's stones, and "
              "the first player continues as White, to move.");
    para(out, "End. You may resign at any moment, also when it is not your turn; your opponent wins. With a clock, a player whose time runs out loses on time. A game that "
              "reaches the move cap of %d turns (swaps and skips count) is a draw.",
         c->move_cap);
    if (m & MUT_MINIMORPH)
        para(out, "Minimorph: the weakness patterns are the smaller ones drawn above, which makes blocking "
                  "harder; every stone of a checkered board that is not in a corner is weak.");
    if (deep)
        para(out, "Deepmorph: the stone your opponent flipped on their latest turn still counts as yours when "
                  "you flip: it completes your patterns around other enemy stones, and you cannot flip it back "
                  "yet. A flip is illegal if your opponent could flip the stone back on their next turn (with "
                  "these patterns this never happens). A chain wins at the start of its owner's turn.");
    if (m & MUT_DUOMORPH)
        para(out, "Duomorph: after placing (not flipping) a stone, you must place a second stone on an empty "
                  "point next to it (above, below, left or right), if there is one; the turn is then written b2,b3.%s",
             m & MUT_REMORPH ? " The returned stone of remorph brings no second stone; the regular placement "
                               "after it does." : "");
    if (m & MUT_REMORPH)
        para(out, "Remorph: when you flip a stone and the board still has an empty point, the flipped stone "
                  "goes back to your opponent: their next turn starts with placing it on an empty point, then "
                  "their regular move (written a1,xb2). If no regular move is left after it, the turn ends there.%s",
             deep ? "" : " The returned stone can win at once.");
    if (m & MUT_METAMORPH)
        para(out, "Metamorph: the game starts with the board full in a checkered pattern, a1 black; flips keep "
                  "it full, so only flips are ever played.");
    /* the notation last, under its own heading: front ends may fold it away (the page's "details") */
    para(out, "Writing moves: c3 places a stone, xc3 flips one; swap, pass and resign are words, and \"resign 2\" "
              "resigns for seat 2 at any time.%s",
         m & (MUT_DUOMORPH | MUT_REMORPH) ? " In records the parts of one turn are joined by commas, e.g. b2,b3." : "");
}
