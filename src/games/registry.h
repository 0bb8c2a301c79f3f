/* The games this build of morph knows, and finding one by name. The list
 * sits above the rules' core, beside the games (as Lua keeps linit.c beside
 * its core): the core (src/core/game.h) knows a game only by the GameOps it
 * is given, and nothing in it looks a name up.
 *
 * Adding a game is one line in registry.c (docs/architecture.md, "Adding a
 * third game"). registry.c holds only the list, so a test may link a list
 * of its own (tests/unit/test_frontend.c plays a toy game); lookup.c holds
 * what is done with it. */
#ifndef MORPH_GAMES_REGISTRY_H
#define MORPH_GAMES_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>

#include "../core/game.h"

/* Every game, in the order `morph --help` and the page list them;
 * NULL-terminated (registry.c). */
const GameOps *const *game_list(void);

/* The game called name, or NULL. */
const GameOps *game_lookup(const char *name);
/* game_create of the game called name; NULL with "unknown game 'x'
 * (expected morpyam or morphos)" or the game's own message. */
Game *game_new(const char *name, const Options *opts, char *err, size_t errlen);

/* The names of the listed games for a message, "morpyam or morphos":
 * sep between two names, last before the final one, each in double quotes
 * when quoted. keep, when not NULL, chooses the games named. */
void game_names_text(const char *sep, const char *last, bool quoted, bool (*keep)(const GameOps *ops), char *out,
                     size_t outlen);

#endif
