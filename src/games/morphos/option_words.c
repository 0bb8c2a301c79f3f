/* The Morphos options and the mutators named and explained for people, as
 * the web page's form shows them (the --help lines are the specs'). */
#include "words.h"

const OptionWords morphos_option_words[] = {
    {"size", NULL, "Board size", "the board has n by n points, 3 to 19: 9 is a quick game, 13 the usual one"},
    {"mutators", NULL, "Mutators", "rule changes that combine; none by default"},
    {"mutators", "minimorph", "Minimorph", "smaller weakness patterns: more stones are weak and can be flipped"},
    {"mutators", "deepmorph", "Deepmorph", "a connection wins only if it survives the opponent's reply, and a stone "
                                           "flipped last still helps its old owner flip"},
    {"mutators", "duomorph", "Duomorph", "after placing a stone you place a second one on an empty point next to it"},
    {"mutators", "remorph", "Remorph", "after you flip a stone, your opponent's turn starts with an extra stone of "
                                       "their colour on any empty point"},
    {"mutators", "metamorph", "Metamorph", "the board starts full in a checkerboard and every move is a flip "
                                           "(with minimorph only)"},
    {"move-cap", NULL, "Move cap", "a safety limit: the game is a draw after this many turns (0: 4 × size × size)"},
    {NULL, NULL, NULL, NULL},
};
