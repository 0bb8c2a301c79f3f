/* What a page needs to draw a position, read from each game's public
 * header (morpyam.h, morphos.h): the board, the structured form of each
 * legal action (which square a placement lights up, which dice a reroll
 * keeps) and who types the dice in a real-dice game. A view only reads the
 * state: legality, sentences and highlights come from the library. */
#ifndef MORPH_VIEW_H
#define MORPH_VIEW_H

#include <jansson.h>

#include "../core/game.h"

typedef struct GameView {
    const char *game;
    /* The board and phase of s as a JSON object (docs/web-api.md). */
    json_t *(*board)(const State *s);
    /* The same object written as compact JSON text, where a game has it
     * (a whole state's hot path); NULL: board's object dumped. */
    void (*board_text)(const State *s, StrBuf *out);
    /* Appends the structured fields of action a (legal in s) as JSON
     * members, each with a leading comma: ,"kind":"place","square":"c3"
     * ("kind" and what it names: "square", "dice", "figure", "point"). */
    void (*action_fields)(const State *s, Action a, StrBuf *out);
    /* At a chance node of a real-dice game: the seat (0-based) whose dice
     * these are and who types them, or -1 when the server draws the outcome
     * (a Plus deal is not dice). */
    int (*roller)(const State *s);
    /* At a chance node: how many dice are rolled (0 when not dice). */
    int (*dice_to_roll)(const State *s);
} GameView;

/* The view of game name; NULL for a game without one (view.c, the list
 * of views: one line a game, each defined in its own view_GAME.c). */
const GameView *view_for(const char *game);

#endif
