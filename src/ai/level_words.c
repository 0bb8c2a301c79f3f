/* Each game's AI levels as people meet them: a label by strength ("Beginner"
 * to "Strongest"), what the level does in that game's own words, and its
 * rating from the Elo tables of docs/ai.md (each game has its own anchor). */
#include <string.h>

#include "ai.h"

static const AiLevelWords words[] = {
    {"morpyam", "random", "Beginner", "rolls and places at random: it keeps no dice on purpose",
     "below -1050 Elo (the expert = 0)"},
    {"morpyam", "greedy", "Casual", "keeps the dice for the best square one roll ahead, and places for points and "
                                    "to block", "-84 Elo (the expert = 0)"},
    {"morpyam", "expert", "Strong", "plans every roll of its turn exactly, on a hand-made value of each square",
     "0 Elo (the reference)"},
    {"morpyam", "master", "Strongest", "plans every roll of its turn exactly, on square values learnt from "
                                       "thousands of its own games", "+42 Elo (the expert = 0)"},
    {"morphos", "random", "Beginner", "places and flips at random", "below -687 Elo (greedy = 0)"},
    {"morphos", "greedy", "Casual", "wins or flips when it can, else plays the stone that most shortens its "
                                    "connection", "0 Elo (the reference)"},
    {"morphos", "mcts", "Strongest", "plays out thousands of games in its head before each move, and reads the "
                                     "end exactly", "+1232 Elo at 1 s a move (greedy = 0)"},
};

const AiLevelWords *ai_level_words(const char *game, const char *level)
{
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (game && level && strcmp(words[i].game, game) == 0 && strcmp(words[i].level, level) == 0)
            return &words[i];
    return NULL;
}
