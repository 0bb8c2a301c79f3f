/* The views of the games, one line a game; each is defined in its own
 * view_GAME.c from that game's public header. */
#include <string.h>

#include "view.h"

extern const GameView morpyam_view, morphos_view;

static const GameView *const views[] = {
    &morpyam_view,
    &morphos_view,
    NULL,
};

const GameView *view_for(const char *game)
{
    for (const GameView *const *v = views; *v; v++)
        if (strcmp((*v)->game, game) == 0)
            return *v;
    return NULL;
}
