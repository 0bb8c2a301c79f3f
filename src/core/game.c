#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"
#include "xalloc.h"

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
    if (!ops->configure(g, &g->options, err, errlen)) {
        free(g);
        return NULL;
    }
    return g;
}

void game_free(Game *g)
{
    if (!g)
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
