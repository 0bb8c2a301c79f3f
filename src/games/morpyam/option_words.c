/* The Morpyam options and their choices named and explained for people,
 * as the web page's form shows them (the --help lines are the specs'). */
#include "ops.h"

const OptionWords morpyam_option_words[] = {
    {"players", NULL, "Players", "how many play: 2, 3 or 4 (17, 11 or 8 tokens each)"},
    {"variant", NULL, "Variant", "which grid the game is played on"},
    {"variant", "standard", "Standard",
     "the classic grid: three of a kind around the edge, the harder figures inside, all-in-one and call squares"},
    {"variant", "flash", "Flash", "a simpler grid with nothing to add up, no all-in-one and no call: quick games, "
                                  "for children too"},
    {"variant", "plus", "Plus", "the players build the grid themselves from squares dealt at random, before the "
                                "first turn"},
    {"rules", NULL, "Rule options", "extra rules, each off unless ticked"},
    {"rules", "strict-call", "Strict call", "once you have called in a turn, only the call coming true places a token"},
    {"rules", "daversa", "Replay KO (Daversa)",
     "five alike rolled in a replay turn (after covering a morpyam square) wins the game at once"},
    {"grid", NULL, "Custom grid", "your own layout of the 36 squares: their codes, row by row from the top "
                                  "(empty: the variant's grid)"},
    {"turn-cap", NULL, "Turn cap", "a safety limit: after this many turns the game ends on points, without the end "
                                   "bonus"},
    {"rolloff-cap", NULL, "Roll-off cap", "a safety limit: after this many tied rounds of a roll-off, seat order "
                                          "settles the tie (the lower seat first)"},
    {NULL, NULL, NULL, NULL},
};
