/* The C API's ground floor: errors, strings, JSON and the lifetime of
 * games (morph_api.h, capi_internal.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "../core/utf8.h"
#include "../core/xalloc.h"
#include "../front/version.h"
#include "capi_internal.h"

/* One message a thread: a caller fetches it right after the failing call. */
static _Thread_local char last_error[ERR_MAX + 512];

bool capi_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    utf8_one_line(last_error); /* what it quotes of outside text may hold anything */
    return false;
}

MORPH_API const char *morph_error(void)
{
    return last_error;
}

MORPH_API void morph_free(char *text)
{
    free(text);
}

MORPH_API const char *morph_version(void)
{
    return MORPH_VERSION;
}

MORPH_API uint64_t morph_seed_derive(uint64_t seed, uint64_t a, uint64_t b)
{
    return seed_derive(seed, a, b);
}

char *capi_strdup(const char *text)
{
    return xstrdup(text);
}

char *capi_dump(json_t *v)
{
    char *text = json_dumps(v, JSON_COMPACT | JSON_REAL_PRECISION(12) | JSON_ENCODE_ANY);
    json_decref(v);
    if (!text) /* jansson's own allocation failed */
        capi_fail("out of memory writing JSON");
    return text;
}

json_t *capi_parse_json(const char *text, const char *what)
{
    json_error_t jerr;
    json_t *v = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
    if (!v)
        capi_fail("%s: malformed JSON at column %d: %s", what, jerr.column, jerr.text);
    return v;
}

MorphGame *capi_game_wrap(Game *game)
{
    MorphGame *g = xcalloc(1, sizeof *g);
    g->game = game;
    g->refs = 1;
    return g;
}

const MorphGame *capi_game_ref(const MorphGame *g)
{
    __atomic_add_fetch(&((MorphGame *)g)->refs, 1, __ATOMIC_RELAXED);
    return g;
}

void capi_game_unref(const MorphGame *g)
{
    MorphGame *m = (MorphGame *)g;
    if (__atomic_sub_fetch(&m->refs, 1, __ATOMIC_ACQ_REL) == 0) {
        if (m->space)
            m->release_space(m->space);
        game_free(m->game);
        free(m);
    }
}

