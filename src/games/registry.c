/* The games the library knows, in the order `morph --help` lists them. */
#include "../core/game.h"

static const GameOps *const games[] = {
    NULL,
};

const GameOps *const *game_list(void)
{
    return games;
}
