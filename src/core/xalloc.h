/* Memory: one policy for the whole program. Running out of memory is not a
 * failure a caller can report and survive (a half-built game, a half-told
 * action, a half-written reply), so every allocation of morph goes through
 * these: they return memory or write "morph: out of memory" on stderr and
 * abort. Nothing checks their result. (jansson and SQLite allocate for
 * themselves and report their own failures.) */
#ifndef MORPH_XALLOC_H
#define MORPH_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
/* As realloc; size 0 keeps a valid (one-byte) block. */
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);

#endif
