/* The terminal screens of the games, one line a game; each is defined in
 * its own play_GAME.c from that game's public header. */
#include <string.h>

#include "play.h"

extern const PlayUi play_morpyam_ui, play_morphos_ui;

static const PlayUi *const uis[] = {
    &play_morpyam_ui,
    &play_morphos_ui,
    NULL,
};

const PlayUi *play_ui_for(const char *game)
{
    for (const PlayUi *const *u = uis; *u; u++)
        if (strcmp((*u)->game, game) == 0)
            return *u;
    return NULL;
}
