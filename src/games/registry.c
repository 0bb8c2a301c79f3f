/* The games the library knows, in the order `morph --help` lists them. */
#include "../core/game.h"
#include "morpyam/morpyam.h"

#include "morphos/morphos.h"

static const GameOps *const games[] = {
    &morpyam_ops,
    &morphos_ops,
    NULL,
};

const GameOps *const *game_list(void)
{
    return games;
}
