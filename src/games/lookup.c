/* Finding a game of the registry by name (registry.h). */
#include <stdio.h>
#include <string.h>

#include "../core/utf8.h"
#include "registry.h"

const GameOps *game_lookup(const char *name)
{
    for (const GameOps *const *g = game_list(); *g; g++)
        if (strcmp((*g)->name, name) == 0)
            return *g;
    return NULL;
}

Game *game_new(const char *name, const Options *opts, char *err, size_t errlen)
{
    const GameOps *ops = game_lookup(name);
    if (!ops) {
        char q[EXCERPT_SIZE], names[256];
        game_names_text(", ", " or ", false, NULL, names, sizeof names);
        snprintf(err, errlen, "unknown game '%s' (expected %s)", text_excerpt(name, EXCERPT_MAX, q, sizeof q), names);
        return NULL;
    }
    return game_create(ops, opts, err, errlen);
}

void game_names_text(const char *sep, const char *last, bool quoted, bool (*keep)(const GameOps *ops), char *out,
                     size_t outlen)
{
    const GameOps *chosen[64];
    int n = 0;
    for (const GameOps *const *g = game_list(); *g && n < 64; g++)
        if (!keep || keep(*g))
            chosen[n++] = *g;
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < n && used < outlen; i++) {
        const char *before = i == 0 ? "" : i == n - 1 ? last : sep, *q = quoted ? "\"" : "";
        int w = snprintf(out + used, outlen - used, "%s%s%s%s", before, q, chosen[i]->name, q);
        used += w > 0 ? (size_t)w : 0;
    }
}
