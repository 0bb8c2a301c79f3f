/* A game followed by the load generator in lean mode (follow.c). */
#ifndef MORPH_LOAD_FOLLOW_H
#define MORPH_LOAD_FOLLOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Follow Follow;

/* The game called name with options (the JSON of its creation); NULL when
 * the library refuses them. */
Follow *follow_new(const char *name, const char *options_json);
/* Applies action number index as the server told it (indexes already
 * applied are skipped); false when it does not follow or apply. */
bool follow_apply(Follow *f, int index, const char *action);
int follow_count(const Follow *f);
/* A legal action drawn with random, its text in out; the 0-based seat to
 * play it, or -1 when nobody decides (chance, the end). */
int follow_pick(const Follow *f, uint64_t random, char *out, size_t outlen);
/* The result as records write it (sorted keys), or "null"; the caller frees it. */
char *follow_result(const Follow *f);
void follow_free(Follow *f);

#endif
