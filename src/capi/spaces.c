/* Dense action ids (spaces.h, morph_api.h "dense ids"): the table of each
 * game built once with its handle, and the calls that speak dense ids. A
 * decision's id is its place in the game's list of decisions, a chance
 * outcome's its place in the list of outcomes; the games' integers of the
 * two lists never overlap, so one look-up array answers both ways back. */
#include <stdlib.h>
#include <string.h>

#include "../core/strbuf.h"
#include "../core/xalloc.h"
#include "capi_internal.h"
#include "spaces.h"

static const ActionSpace *const spaces[] = {&space_morpyam, &space_morphos, NULL};

struct DenseSpace {
    const ActionSpace *ops;
    int ndec, nout;
    int32_t *dec, *out; /* the games' integers of dense ids 0 .. ndec-1, 0 .. nout-1 */
    int32_t top;        /* one more than the largest integer listed */
    int32_t *id_of;     /* [top]: the dense id of an integer, -1 when unlisted */
    long max_length;
};

static DenseSpace *space_new(const Game *game)
{
    DenseSpace *d = xcalloc(1, sizeof *d);
    d->max_length = -1;
    for (const ActionSpace *const *a = spaces; *a; a++) {
        if (strcmp((*a)->game, game->ops->name) != 0)
            continue;
        d->ops = *a;
        int32_t list[SPACE_MAX];
        d->ndec = (*a)->decisions(game, list);
        d->dec = xmalloc((size_t)(d->ndec + 1) * sizeof *d->dec);
        memcpy(d->dec, list, (size_t)d->ndec * sizeof *list);
        d->nout = (*a)->outcomes(game, list);
        d->out = xmalloc((size_t)(d->nout + 1) * sizeof *d->out);
        memcpy(d->out, list, (size_t)d->nout * sizeof *list);
        d->max_length = (*a)->max_length(game);
    }
    for (int i = 0; i < d->ndec; i++)
        d->top = d->dec[i] + 1 > d->top ? d->dec[i] + 1 : d->top;
    for (int i = 0; i < d->nout; i++)
        d->top = d->out[i] + 1 > d->top ? d->out[i] + 1 : d->top;
    d->id_of = xmalloc((size_t)(d->top + 1) * sizeof *d->id_of);
    for (int32_t a = 0; a < d->top; a++)
        d->id_of[a] = -1;
    for (int i = 0; i < d->ndec; i++)
        d->id_of[d->dec[i]] = i;
    for (int i = 0; i < d->nout; i++)
        d->id_of[d->out[i]] = i;
    return d;
}

static void space_free(DenseSpace *d)
{
    free(d->dec);
    free(d->out);
    free(d->id_of);
    free(d);
}

/* g's table, made at the first call: two threads may race to make it (a
 * game's states may live on several threads), and the loser frees its own. */
static const DenseSpace *space_of(const MorphGame *g)
{
    MorphGame *m = (MorphGame *)g;
    DenseSpace *d = __atomic_load_n(&m->space, __ATOMIC_ACQUIRE);
    if (d)
        return d;
    DenseSpace *made = space_new(g->game), *none = NULL;
    if (!__atomic_compare_exchange_n(&m->space, &none, made, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        space_free(made);
        return none;
    }
    m->release_space = space_free; /* read by the last holder only, after every other is gone */
    return made;
}

static int32_t id_of(const DenseSpace *d, Action a)
{
    return a >= 0 && a < d->top ? d->id_of[a] : -1;
}

MORPH_API int morph_game_num_distinct_actions(const MorphGame *g)
{
    return space_of(g)->ndec;
}

MORPH_API int morph_game_max_chance_outcomes(const MorphGame *g)
{
    return space_of(g)->nout;
}

MORPH_API long long morph_game_max_game_length(const MorphGame *g)
{
    return space_of(g)->max_length;
}

MORPH_API int32_t morph_game_action_id(const MorphGame *g, int32_t action)
{
    return id_of(space_of(g), action);
}

MORPH_API int32_t morph_game_action_of(const MorphGame *g, int32_t id, int chance)
{
    const DenseSpace *d = space_of(g);
    if (chance)
        return id >= 0 && id < d->nout ? d->out[id] : -1;
    return id >= 0 && id < d->ndec ? d->dec[id] : -1;
}

MORPH_API int morph_state_legal_ids(const MorphState *s, int32_t *ids)
{
    const DenseSpace *d = space_of(s->g);
    int n;
    if (state_is_chance(s->st)) {
        double probabilities[MAX_ACTIONS];
        return morph_state_chance_ids(s, ids, probabilities);
    }
    n = morph_state_legal(s, ids);
    for (int i = 0; i < n; i++)
        ids[i] = id_of(d, ids[i]);
    return n;
}

/* The parts of the game's integer a (spaces.h), itself when the game has
 * no space. */
static int parts_of(const MorphState *s, const DenseSpace *d, Action a, Action *parts)
{
    if (!d->ops) {
        parts[0] = a;
        return 1;
    }
    return d->ops->parts(s->g->game, a, parts);
}

/* What can be drawn next at s's chance node: each part that extends the
 * parts drawn (s->parts) towards an outcome that can happen, ascending,
 * with its probability given the parts drawn (the sum of the outcomes'
 * probabilities it leads to over the sum of all, so that drawing part by
 * part draws each whole outcome with the game's own probability), and the
 * outcome it completes (-1 when more parts follow). Returns how many. */
static int next_parts(const MorphState *s, const DenseSpace *d, Action *part, double *prob, Action *whole)
{
    if (d->ops && d->ops->next) {
        int quick = d->ops->next(s->g->game, s->st, s->parts, s->nparts, part, prob, whole);
        if (quick >= 0)
            return quick;
    }
    ChanceOutcome outcomes[MAX_ACTIONS];
    int n = state_chance_outcomes(s->st, outcomes), k = 0, drawn = s->nparts;
    double total = 0;
    for (int i = 0; i < n; i++) {
        Action p[SPACE_PARTS];
        int np = parts_of(s, d, outcomes[i].action, p);
        if (!(outcomes[i].probability > 0) || np <= drawn || memcmp(p, s->parts, (size_t)drawn * sizeof *p) != 0)
            continue;
        int j = 0;
        while (j < k && part[j] < p[drawn])
            j++;
        if (j == k || part[j] != p[drawn]) { /* a new part, kept in order */
            memmove(part + j + 1, part + j, (size_t)(k - j) * sizeof *part);
            memmove(prob + j + 1, prob + j, (size_t)(k - j) * sizeof *prob);
            memmove(whole + j + 1, whole + j, (size_t)(k - j) * sizeof *whole);
            part[j] = p[drawn], prob[j] = 0, whole[j] = -1, k++;
        }
        prob[j] += outcomes[i].probability;
        total += outcomes[i].probability;
        if (np == drawn + 1)
            whole[j] = outcomes[i].action;
    }
    if (drawn) /* before the first part the game's probabilities stand as they are */
        for (int j = 0; j < k; j++)
            prob[j] /= total;
    return k;
}

MORPH_API int morph_state_chance_ids(const MorphState *s, int32_t *ids, double *probabilities)
{
    const DenseSpace *d = space_of(s->g);
    if (!state_is_chance(s->st))
        return 0;
    Action part[MAX_ACTIONS], whole[MAX_ACTIONS];
    int n = next_parts(s, d, part, probabilities, whole);
    for (int i = 0; i < n; i++)
        ids[i] = id_of(d, part[i]);
    return n;
}

/* FNV-1a over the outcomes' ids and probabilities' bits. */
MORPH_API int morph_state_chance_key(const MorphState *s, uint64_t *key)
{
    int32_t ids[MAX_ACTIONS];
    double probabilities[MAX_ACTIONS];
    int n = morph_state_chance_ids(s, ids, probabilities);
    uint64_t h = 0xcbf29ce484222325u;
    for (int i = 0; i < n; i++) {
        uint64_t bits;
        memcpy(&bits, &probabilities[i], sizeof bits);
        h = (h ^ (uint64_t)(uint32_t)ids[i]) * 0x100000001b3u;
        h = (h ^ bits) * 0x100000001b3u;
    }
    *key = n ? h : 0;
    return n;
}

/* A chance outcome's id at s: the next part is drawn, and the game's
 * outcome applied once its last part is. */
static int apply_part(MorphState *s, const DenseSpace *d, int32_t id)
{
    Action part[MAX_ACTIONS], whole[MAX_ACTIONS];
    double prob[MAX_ACTIONS];
    int n = next_parts(s, d, part, prob, whole);
    Action a = morph_game_action_of(s->g, id, 1);
    for (int i = 0; i < n; i++) {
        if (part[i] != a)
            continue;
        if (whole[i] >= 0)
            capi_state_push(s, whole[i]);
        else
            s->parts[s->nparts++] = a;
        return state_player(s->st);
    }
    capi_fail("illegal action %ld: not a chance outcome of this state (chance_outcomes lists them)", (long)id);
    return MORPH_ILLEGAL;
}

MORPH_API int morph_state_apply_id(MorphState *s, int32_t id)
{
    int p = state_player(s->st);
    if (p == PLAYER_TERMINAL)
        return capi_fail("the game is over: no action applies"), MORPH_ILLEGAL;
    if (p == PLAYER_CHANCE)
        return apply_part(s, space_of(s->g), id);
    int32_t a = morph_game_action_of(s->g, id, 0);
    if (a < 0 || !capi_can_apply(s->st, a))
        return capi_fail("illegal action %ld: not a legal action of this state (legal_actions lists them)",
                         (long)id),
               MORPH_ILLEGAL;
    capi_state_push(s, a);
    return state_player(s->st);
}

MORPH_API char *morph_state_outcome_text(const MorphState *s, int32_t id)
{
    const DenseSpace *d = space_of(s->g);
    Action part[MAX_ACTIONS], whole[MAX_ACTIONS];
    double prob[MAX_ACTIONS];
    int n = state_is_chance(s->st) ? next_parts(s, d, part, prob, whole) : 0;
    Action a = morph_game_action_of(s->g, id, 1);
    for (int i = 0; i < n; i++)
        if (part[i] == a) {
            StrBuf sb = STRBUF_INIT;
            state_action_text(s->st, a, &sb); /* a part's own text: the whole outcome's when it is whole */
            char *text = capi_strdup(sb_str(&sb));
            sb_free(&sb);
            return text;
        }
    capi_fail("illegal action %ld: not a chance outcome of this state (chance_outcomes lists them)", (long)id);
    return NULL;
}

/* Every action of the history in ids, a chance outcome as its parts, then
 * the parts drawn of one still being drawn. */
MORPH_API int morph_state_history_ids(const MorphState *s, int32_t *out, int cap)
{
    const DenseSpace *d = space_of(s->g);
    int count = 0;
    for (int i = 0; i <= s->n; i++) {
        Action p[SPACE_PARTS];
        int np = i < s->n ? parts_of(s, d, s->hist[i], p) : s->nparts;
        for (int j = 0; j < np; j++, count++)
            if (count < cap)
                out[count] = id_of(d, i < s->n ? p[j] : s->parts[j]);
    }
    return count;
}

MORPH_API int morph_states_legal_masks(const MorphState *const *states, int n, uint8_t *out)
{
    if (n < 0)
        return capi_fail("a batch holds 0 states or more, not %d", n), -1;
    for (int i = 0; i < n; i++)
        if (space_of(states[i]->g)->ndec != space_of(states[0]->g)->ndec)
            return capi_fail("state %d of the batch has %d distinct actions, state 0 has %d: one game a batch", i,
                             space_of(states[i]->g)->ndec, space_of(states[0]->g)->ndec),
                   -1;
    for (int i = 0; i < n; i++) {
        int width = space_of(states[i]->g)->ndec;
        uint8_t *row = out + (size_t)i * (size_t)width;
        memset(row, 0, (size_t)width);
        if (state_player(states[i]->st) < 0)
            continue;
        int32_t ids[MAX_ACTIONS];
        int k = morph_state_legal_ids(states[i], ids);
        for (int j = 0; j < k; j++)
            row[ids[j]] = 1;
    }
    return n;
}
