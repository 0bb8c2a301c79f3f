/* The C API: words for people (morph_api.h), the sentences every front end
 * shows, seats named P1..P4 as `morph engine` names them. */
#include <string.h>

#include "../front/explain.h"
#include "../front/game_json.h"
#include "capi_internal.h"

static char *take(StrBuf *sb)
{
    char *text = capi_strdup(sb_str(sb));
    sb_free(sb);
    return text;
}

MORPH_API char *morph_state_describe(const MorphState *s, int32_t a)
{
    if (!capi_can_apply(s->st, a)) {
        capi_fail(state_is_terminal(s->st) ? "the game is over: no action to describe"
                                           : "action %ld is not legal here: nothing to describe",
                  (long)a);
        return NULL;
    }
    StrBuf sb = STRBUF_INIT;
    state_describe(s->st, a, NULL, &sb);
    return take(&sb);
}

/* As `morph engine` gives "why" for a refused play: the rules' reason for
 * the part that fails, else the library's message itself. */
MORPH_API char *morph_state_why_not(const MorphState *s, const char *text, int *legal)
{
    char err[ERR_MAX];
    State *work = state_clone(s->st);
    bool ok = state_apply_text(work, text, err, sizeof err);
    state_free(work);
    *legal = ok;
    if (ok)
        return NULL;
    StrBuf sb = STRBUF_INIT;
    if (!explain_refusal(s->st, text, err, &sb))
        sb_puts(&sb, err);
    return take(&sb);
}

MORPH_API char *morph_state_marks_json(const MorphState *s)
{
    Marks m;
    state_marks(s->st, &m);
    return capi_dump(marks_to_json(&m));
}

MORPH_API char *morph_state_describe_result(const MorphState *s)
{
    if (!state_is_terminal(s->st)) {
        capi_fail("the game is not over");
        return NULL;
    }
    StrBuf sb = STRBUF_INIT;
    state_describe_result(s->st, NULL, &sb);
    return take(&sb);
}
