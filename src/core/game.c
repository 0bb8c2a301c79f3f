#include "game.h"

#include <stdatomic.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"
#include "xalloc.h"

/* Games made with the same options are one game, shared: a game never
 * changes once made, and a server with 100,000 games of a few kinds held
 * 100,000 copies of their tables (a Morphos game's is 32 KB). Up to
 * SHARED_MAX kinds are shared, counted; others are each their own. The
 * lock is a spin on an atomic flag: held for a few comparisons, and the
 * single-threaded WebAssembly build needs nothing more. */
#define SHARED_MAX 64

static struct {
    Game *game;
    int refs;
} shared[SHARED_MAX];
static atomic_flag shared_lock = ATOMIC_FLAG_INIT;

static void lock_shared(void)
{
    while (atomic_flag_test_and_set_explicit(&shared_lock, memory_order_acquire))
        ;
}

static void unlock_shared(void)
{
    atomic_flag_clear_explicit(&shared_lock, memory_order_release);
}

static bool same_options(const Options *a, const Options *b)
{
    if (a->count != b->count)
        return false;
    for (int i = 0; i < a->count; i++)
        if (strcmp(a->items[i].key, b->items[i].key) != 0 || strcmp(a->items[i].value, b->items[i].value) != 0)
            return false;
    return true;
}

/* The shared game of ops with these effective options, one more user
 * counted; NULL when there is none. */
static Game *take_shared(const GameOps *ops, const Options *options)
{
    Game *found = NULL;
    lock_shared();
    for (int i = 0; i < SHARED_MAX && !found; i++)
        if (shared[i].game && shared[i].game->ops == ops && same_options(&shared[i].game->options, options)) {
            shared[i].refs++;
            found = shared[i].game;
        }
    unlock_shared();
    return found;
}

/* g shared from now on if there is room (a game made at the same moment
 * by another thread may have taken its place: then that one is used and
 * g freed). */
static Game *share(Game *g)
{
    Game *use = g;
    lock_shared();
    int free_slot = -1;
    for (int i = 0; i < SHARED_MAX; i++) {
        if (shared[i].game && shared[i].game->ops == g->ops && same_options(&shared[i].game->options, &g->options)) {
            shared[i].refs++;
            use = shared[i].game;
            break;
        }
        if (!shared[i].game && free_slot < 0)
            free_slot = i;
    }
    if (use == g && free_slot >= 0) {
        shared[free_slot].game = g;
        shared[free_slot].refs = 1;
    }
    unlock_shared();
    if (use != g) {
        if (g->ops->free_config)
            g->ops->free_config(g);
        free(g);
    }
    return use;
}

Game *game_create(const GameOps *ops, const Options *opts, char *err, size_t errlen)
{
    if (!options_check(opts, ops->option_specs, ops->name, err, errlen))
        return NULL;
    Game *g = xcalloc(1, sizeof *g);
    g->ops = ops;
    /* Effective options: every accepted key, given or defaulted. */
    options_init(&g->options);
    for (const OptionSpec *spec = ops->option_specs; spec->key; spec++)
        options_set(&g->options, spec->key, options_value(opts, ops->option_specs, spec->key),
                    err, errlen);
    Game *same = take_shared(ops, &g->options);
    if (same) {
        free(g);
        return same;
    }
    if (!ops->configure(g, &g->options, err, errlen)) {
        free(g);
        return NULL;
    }
    return share(g);
}

void game_free(Game *g)
{
    if (!g)
        return;
    bool kept = false; /* another user of the shared game remains */
    lock_shared();
    for (int i = 0; i < SHARED_MAX; i++)
        if (shared[i].game == g) {
            kept = --shared[i].refs > 0;
            if (!kept)
                shared[i].game = NULL;
            break;
        }
    unlock_shared();
    if (kept)
        return;
    if (g->ops->free_config)
        g->ops->free_config(g);
    free(g);
}

int state_parse_text(State *s, const char *text, Action actions[STATE_TEXT_PARTS], int players[STATE_TEXT_PARTS],
                     char *err, size_t errlen)
{
    const GameOps *ops = s->game->ops;
    char q[EXCERPT_SIZE];
    int parts = 1;
    for (const char *c = strchr(text, ','); c; c = strchr(c + 1, ','))
        parts++;
    if (players)
        players[0] = ops->current_player(s);
    if (parts > STATE_TEXT_PARTS) {
        snprintf(err, errlen, "malformed action '%s': too many parts (at most %d joined by commas)",
                 text_excerpt(text, EXCERPT_MAX, q, sizeof q), STATE_TEXT_PARTS);
        return -1;
    }
    int count = 0;
    const char *p = text;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char part[STATE_TEXT_PART_MAX + 1];
        if (players)
            players[count] = ops->current_player(s);
        if (len > STATE_TEXT_PART_MAX) {
            snprintf(err, errlen, "malformed action '%s': a part is too long (at most %d characters)",
                     text_excerpt(p, EXCERPT_MAX, q, sizeof q), STATE_TEXT_PART_MAX);
            return -1 - count;
        }
        memcpy(part, p, len);
        part[len] = '\0';
        if (!ops->parse_action(s, part, &actions[count], err, errlen)) {
            utf8_repair(err); /* the game may have quoted the part cut by bytes */
            return -1 - count;
        }
        if (players && action_is_leave(actions[count]))
            players[count] = leave_player(actions[count]); /* a leave is the leaver's, whoever is to move */
        ops->apply(s, actions[count++]);
        if (!comma)
            return count;
        p = comma + 1;
    }
}

bool state_apply_text(State *s, const char *text, char *err, size_t errlen)
{
    /* Parse every part on a scratch copy first, so s changes only when the
     * whole sequence is legal. */
    const GameOps *ops = s->game->ops;
    State *work = ops->clone(s);
    Action actions[STATE_TEXT_PARTS];
    int count = state_parse_text(work, text, actions, NULL, err, errlen);
    ops->free_state(work);
    for (int i = 0; i < count; i++) /* none when count < 0 */
        ops->apply(s, actions[i]);
    return count >= 0;
}

bool state_apply_list(State *s, const char *text, char *err, size_t errlen)
{
    const GameOps *ops = s->game->ops;
    State *work = ops->clone(s);
    Action *actions = NULL;
    int count = 0, cap = 0;
    bool ok = true;
    for (const char *p = text; ok; p++) {
        size_t len = strcspn(p, ",");
        char part[STATE_TEXT_PART_MAX + 1], q[EXCERPT_SIZE];
        if (len > STATE_TEXT_PART_MAX) {
            snprintf(err, errlen, "action %d of the list: '%s' is too long (at most %d characters)", count + 1,
                     text_excerpt(p, EXCERPT_MAX, q, sizeof q), STATE_TEXT_PART_MAX);
            ok = false;
            break;
        }
        memcpy(part, p, len);
        part[len] = '\0';
        if (count == cap) {
            cap = cap ? 2 * cap : 64;
            actions = xrealloc(actions, (size_t)cap * sizeof *actions);
        }
        char why[ERR_MAX];
        if (!ops->parse_action(work, part, &actions[count], why, sizeof why)) {
            utf8_repair(why);
            snprintf(err, errlen, "action %d of the list: %s", count + 1, why);
            ok = false;
            break;
        }
        ops->apply(work, actions[count++]);
        p += len;
        if (!*p)
            break;
    }
    ops->free_state(work);
    for (int i = 0; ok && i < count; i++)
        ops->apply(s, actions[i]);
    free(actions);
    return ok;
}

void result_returns(const GameResult *r, int num_players, double returns[MAX_PLAYERS])
{
    int winners = __builtin_popcount(r->winners);
    for (int p = 0; p < MAX_PLAYERS; p++)
        returns[p] = (p < num_players && winners && (r->winners >> p & 1)) ? 1.0 / winners : 0.0;
}

Action sample_from_outcomes(const State *s, Rng *rng)
{
    ChanceOutcome outcomes[MAX_ACTIONS];
    int n = s->game->ops->chance_outcomes(s, outcomes);
    double x = rng_double(rng);
    for (int i = 0; i < n; i++) {
        x -= outcomes[i].probability;
        if (x < 0)
            return outcomes[i].action;
    }
    return outcomes[n - 1].action;
}

const char *voice_name(const Voice *v, int p, char buf[8])
{
    if (v && p >= 0 && p < MAX_PLAYERS && v->names[p])
        return v->names[p];
    snprintf(buf, 8, "P%d", (p & 7) + 1);
    return buf;
}

void marks_reset(Marks *m, int width, int height)
{
    m->width = width;
    m->height = height;
    m->count = 0;
}

Mark *marks_add(Marks *m, int kind, int player, int points, const char *label)
{
    if (m->count == MARKS_MAX)
        return NULL;
    Mark *k = &m->items[m->count++];
    memset(k, 0, sizeof *k);
    k->kind = (uint8_t)kind;
    k->player = (int8_t)player;
    k->points = (int16_t)points;
    snprintf(k->label, sizeof k->label, "%s", label ? label : "");
    return k;
}

void cell_name(int col, int row, char out[4])
{
    snprintf(out, 4, "%c%d", 'a' + (col & 31), (row & 31) + 1);
}
