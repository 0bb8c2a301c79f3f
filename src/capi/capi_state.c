/* The C API: states and their history (morph_api.h). */
#include <stdlib.h>
#include <string.h>

#include "../core/utf8.h"
#include "../core/xalloc.h"
#include "../front/game_json.h"
#include "capi_internal.h"

MorphState *capi_state_wrap(const MorphGame *g, State *st, bool from_start)
{
    MorphState *s = xcalloc(1, sizeof *s);
    s->g = capi_game_ref(g);
    s->st = st;
    s->from_start = from_start;
    return s;
}

void capi_state_push(MorphState *s, Action a)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->hist = xrealloc(s->hist, (size_t)s->cap * sizeof *s->hist);
    }
    s->hist[s->n++] = a;
    s->nparts = 0;
    state_apply(s->st, a);
}

/* Decisions are looked up in the legal list rather than asked of is_legal,
 * so that any integer from outside is safe to test. */
bool capi_can_apply(const State *st, Action a)
{
    if (a == ACTION_RESIGN || action_is_leave(a))
        return state_is_legal(st, a);
    Action acts[MAX_ACTIONS];
    int p = state_player(st);
    if (p == PLAYER_CHANCE) {
        ChanceOutcome outcomes[MAX_ACTIONS];
        int n = state_chance_outcomes(st, outcomes);
        for (int i = 0; i < n; i++)
            if (outcomes[i].action == a && outcomes[i].probability > 0)
                return true;
        return false;
    }
    int lo = 0, hi = p >= 0 ? state_legal_actions(st, acts) : 0;
    while (lo < hi) { /* legal_actions are sorted */
        int mid = (lo + hi) / 2;
        if (acts[mid] == a)
            return true;
        if (acts[mid] < a)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

MORPH_API MorphState *morph_state_new(const MorphGame *g)
{
    return capi_state_wrap(g, state_new(g->game), true);
}

MORPH_API MorphState *morph_state_clone(const MorphState *s)
{
    MorphState *c = xmalloc(sizeof *c);
    *c = *s;
    capi_game_ref(c->g);
    c->st = state_clone(s->st);
    c->origin = s->origin ? capi_strdup(s->origin) : NULL;
    c->hist = s->cap ? xmalloc((size_t)s->cap * sizeof *c->hist) : NULL;
    if (s->n)
        memcpy(c->hist, s->hist, (size_t)s->n * sizeof *c->hist);
    return c;
}

MORPH_API void morph_state_free(MorphState *s)
{
    if (!s)
        return;
    state_free(s->st);
    free(s->hist);
    free(s->origin);
    capi_game_unref(s->g);
    free(s);
}

MORPH_API int morph_state_player(const MorphState *s)
{
    return state_player(s->st);
}

MORPH_API int morph_state_legal(const MorphState *s, int32_t *actions)
{
    return state_player(s->st) >= 0 ? state_legal_actions(s->st, actions) : 0;
}

MORPH_API int morph_state_chance(const MorphState *s, int32_t *actions, double *probabilities)
{
    if (!state_is_chance(s->st))
        return 0;
    ChanceOutcome outcomes[MAX_ACTIONS];
    int n = state_chance_outcomes(s->st, outcomes);
    for (int i = 0; i < n; i++) {
        actions[i] = outcomes[i].action;
        probabilities[i] = outcomes[i].probability;
    }
    return n;
}

MORPH_API int morph_state_apply(MorphState *s, int32_t a)
{
    int p = state_player(s->st);
    if (p == PLAYER_TERMINAL)
        return capi_fail("the game is over: no action applies"), -1;
    if (!capi_can_apply(s->st, a))
        return capi_fail("illegal action %ld: not a %s of this state (%s lists them)", (long)a,
                         p == PLAYER_CHANCE ? "chance outcome" : "legal action",
                         p == PLAYER_CHANCE ? "chance_outcomes" : "legal_actions"),
               -1;
    capi_state_push(s, a);
    return 0;
}

MORPH_API int morph_state_apply_text(MorphState *s, const char *text)
{
    char err[ERR_MAX];
    Action actions[STATE_TEXT_PARTS];
    State *work = state_clone(s->st);
    int n = state_parse_text(work, text, actions, NULL, err, sizeof err);
    state_free(work);
    if (n < 0)
        return capi_fail("%s", err), -1;
    for (int i = 0; i < n; i++)
        capi_state_push(s, actions[i]);
    return n;
}

MORPH_API char *morph_state_action_text(const MorphState *s, int32_t a)
{
    if (!capi_can_apply(s->st, a)) {
        capi_fail("action %ld is not legal here: its text depends on the state it is played in", (long)a);
        return NULL;
    }
    StrBuf sb = STRBUF_INIT;
    state_action_text(s->st, a, &sb);
    char *text = capi_strdup(sb_str(&sb));
    sb_free(&sb);
    return text;
}

/* Through state_parse_text, which bounds the text and repairs what the
 * message quotes of it. */
MORPH_API int morph_state_parse_action(const MorphState *s, const char *text, int32_t *out)
{
    char err[ERR_MAX], q[EXCERPT_SIZE];
    Action actions[STATE_TEXT_PARTS];
    if (strchr(text, ','))
        return capi_fail("malformed action '%s': one action, without commas (apply_text takes several)",
                         text_excerpt(text, EXCERPT_MAX, q, sizeof q)),
               -1;
    State *work = state_clone(s->st);
    int n = state_parse_text(work, text, actions, NULL, err, sizeof err);
    state_free(work);
    if (n < 0)
        return capi_fail("%s", err), -1;
    *out = actions[0];
    return 0;
}

MORPH_API int morph_state_returns(const MorphState *s, double *out)
{
    int n = s->g->game->num_players;
    double r[MAX_PLAYERS] = {0};
    if (state_is_terminal(s->st)) {
        GameResult res;
        state_result(s->st, &res);
        result_returns(&res, n, r);
    }
    memcpy(out, r, (size_t)n * sizeof *out);
    return n;
}

MORPH_API char *morph_state_result_json(const MorphState *s)
{
    return capi_dump(game_result_to_json(s->st));
}

MORPH_API char *morph_state_serialize(const MorphState *s)
{
    StrBuf sb = STRBUF_INIT;
    state_serialize(s->st, &sb);
    char *text = capi_strdup(sb_str(&sb));
    sb_free(&sb);
    return text;
}

MORPH_API MorphState *morph_state_deserialize(const MorphGame *g, const char *text)
{
    char err[ERR_MAX];
    State *st = g->game->ops->deserialize(g->game, text, err, sizeof err);
    if (!st) {
        capi_fail("%s", err);
        return NULL;
    }
    MorphState *s = capi_state_wrap(g, st, false);
    s->origin = capi_strdup(text);
    return s;
}

MORPH_API char *morph_state_render(const MorphState *s)
{
    StrBuf sb = STRBUF_INIT;
    state_render(s->st, &sb);
    char *text = capi_strdup(sb_str(&sb));
    sb_free(&sb);
    return text;
}

MORPH_API int morph_state_history(const MorphState *s, int32_t *out, int cap)
{
    for (int i = 0; i < s->n && i < cap; i++)
        out[i] = s->hist[i];
    return s->n;
}

MORPH_API int morph_state_from_start(const MorphState *s)
{
    return s->from_start;
}

MORPH_API char *morph_state_origin(const MorphState *s)
{
    return capi_strdup(s->origin ? s->origin : "");
}
