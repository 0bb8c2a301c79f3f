#include "export.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../../front/game_json.h"
#include "../../front/record.h"
#include "../../games/registry.h"

typedef struct Export {
    Store *st;
    const char *dir;
    int written;
    bool failed;
    char *err;
    size_t errlen;
} Export;

/* The session of a stored game with its actions replayed; NULL with err. */
static Session *rebuild(const StoredGame *g, char *err, size_t errlen)
{
    const GameOps *ops = game_lookup(g->game);
    json_t *options = json_loads(g->options, 0, NULL);
    Options opts;
    char msg[ERR_MAX];
    if (!ops || !options || !game_options_from_json(ops, options, &opts, msg, sizeof msg)) {
        json_decref(options);
        snprintf(err, errlen, "game %s: its stored options cannot be read", g->id);
        return NULL;
    }
    json_decref(options);
    char words[MAX_PLAYERS][136];
    const char *players[MAX_PLAYERS];
    for (int p = 0; p < g->num_seats; p++) {
        if (g->seats[p].kind == SEAT_AI)
            snprintf(words[p], sizeof words[p], "ai:%s", g->seats[p].ai);
        else
            strcpy(words[p], "human");
        players[p] = words[p];
    }
    Session *s = session_new(g->game, &opts, players, g->seed, msg, sizeof msg);
    if (!s) {
        snprintf(err, errlen, "game %s: %s", g->id, msg);
        return NULL;
    }
    for (int i = 0; i < g->count; i++) {
        if (!session_apply_text(s, g->actions[i].text, msg, sizeof msg)) {
            snprintf(err, errlen, "game %s: stored action %d '%s' does not replay: %s", g->id, i, g->actions[i].text,
                     msg);
            session_free(s);
            return NULL;
        }
    }
    return s;
}

static void export_one(void *ctx, const char *id)
{
    Export *x = ctx;
    if (x->failed)
        return;
    StoredGame g;
    bool found = false;
    if (!x->st->ops->load(x->st, id, &g, &found, x->err, x->errlen) || !found) {
        if (!found)
            snprintf(x->err, x->errlen, "game %s vanished during the export", id);
        x->failed = true;
        return;
    }
    Session *s = rebuild(&g, x->err, x->errlen);
    if (s) {
        /* as the API gives it: a running game's seed stays in the database */
        json_t *doc = session_is_terminal(s) ? record_from_session(s, g.created)
                                             : record_withholding_seed(s, g.created);
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.json", x->dir, id);
        if (record_write(path, doc, RECORD_ATOMIC, x->err, x->errlen))
            x->written++;
        else
            x->failed = true;
        json_decref(doc);
        session_free(s);
    } else {
        x->failed = true;
    }
    stored_game_clear(&g);
}

bool store_export(Store *st, const char *dir, int *written, char *err, size_t errlen)
{
    *written = 0;
    if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "cannot create '%s': %s", dir, strerror(errno));
        return false;
    }
    Export x = {.st = st, .dir = dir, .err = err, .errlen = errlen};
    if (!st->ops->each_game(st, export_one, &x, err, errlen))
        return false;
    *written = x.written;
    return !x.failed;
}
