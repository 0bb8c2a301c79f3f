/* A game followed by the load generator in lean mode (loadgen --lean), as
 * the page's engine follows it: the actions the server tells are applied to
 * a state of the library, and the next action is drawn from its legal
 * actions, so the server's answers need not carry them. Apart from
 * loadgen.c because the library's types (Game, State) are named as that
 * file's are. */
#include "follow.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/front/game_json.h"
#include "../../src/games/registry.h"

struct Follow {
    Game *game;
    State *state;
    int count;
};

Follow *follow_new(const char *name, const char *options_json)
{
    const GameOps *ops = game_lookup(name);
    json_t *options = json_loads(options_json, 0, NULL);
    Options opts;
    options_init(&opts);
    char err[ERR_MAX];
    bool ok = ops && options && game_options_from_json(ops, options, &opts, err, sizeof err);
    json_decref(options);
    Game *g = ok ? game_create(ops, &opts, err, sizeof err) : NULL;
    if (!g)
        return NULL;
    Follow *f = calloc(1, sizeof *f);
    f->game = g;
    f->state = state_new(g);
    return f;
}

int follow_count(const Follow *f)
{
    return f->count;
}

bool follow_apply(Follow *f, int index, const char *action)
{
    if (index < f->count)
        return true; /* told already */
    char err[ERR_MAX];
    if (index > f->count || !state_apply_text(f->state, action, err, sizeof err))
        return false;
    f->count++;
    return true;
}

int follow_pick(const Follow *f, uint64_t random, char *out, size_t outlen)
{
    int player = state_player(f->state);
    if (player < 0)
        return -1;
    Action legal[MAX_ACTIONS];
    int n = state_legal_actions(f->state, legal);
    if (n <= 0)
        return -1;
    StrBuf text = STRBUF_INIT;
    state_action_text(f->state, legal[random % (uint64_t)n], &text);
    snprintf(out, outlen, "%s", sb_str(&text));
    sb_free(&text);
    return player;
}

char *follow_result(const Follow *f)
{
    json_t *r = game_result_to_json(f->state);
    char *text = json_dumps(r, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
    json_decref(r);
    return text;
}

void follow_free(Follow *f)
{
    if (!f)
        return;
    state_free(f->state);
    game_free(f->game);
    free(f);
}
