/* Records out of the store: every stored game, finished or not, written as
 * our record format (docs/records.md), for `morph serve --export DIR`, the
 * load test's checks and backups. The games are rebuilt by replaying their
 * stored actions through the rules, without touching the store. */
#ifndef MORPH_EXPORT_H
#define MORPH_EXPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "store.h"

/* Writes DIR/GAME_ID.json for every game of st; *written counts them.
 * False with a message at the first game that cannot be read or written. */
bool store_export(Store *st, const char *dir, int *written, char *err, size_t errlen);

#endif
