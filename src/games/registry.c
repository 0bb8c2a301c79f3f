/* The games the library knows, one line each, in the order `morph --help`
 * and the page list them. Finding them by name is lookup.c. */
#include "registry.h"

#include "morphos/morphos.h"
#include "morpyam/morpyam.h"

static const GameOps *const games[] = {
    &morpyam_ops,
    &morphos_ops,
    NULL,
};

const GameOps *const *game_list(void)
{
    return games;
}
