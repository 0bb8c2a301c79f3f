/* The order of a change: the actions applied since the last commit are
 * stored with the status, result, clock and (a rated game ending) the
 * ratings, then the room tells of it (its streams, the accounts' feeds,
 * the server when the game ends). An AI to move is room_ai.c's. */

#include "room_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../../front/game_json.h"
#include "../../front/record.h"
#include "../../core/xalloc.h"

#define UPDATED_GRAIN_S 60.0 /* how stale a running game's `updated` may grow */

/* Whether seat has made a decision that is not a resignation or leaving. */
static bool has_moved(const Session *s, int seat)
{
    for (int i = 0; i < s->count; i++)
        if (s->steps[i].player == seat && strcmp(s->steps[i].text, "resign") != 0 &&
            strncmp(s->steps[i].text, "resign ", 7) != 0 && strncmp(s->steps[i].text, "timeout ", 8) != 0)
            return true;
    return false;
}

/* A rated game that ends now moves the ratings of its two accounts, in the
 * same transaction (g->rate_now), unless it was abandoned or aborted before
 * both players had moved. */
static void rate_if_ending(const Room *r, StoredGame *g)
{
    const Session *s = r->session;
    if (!r->meta.rated || r->aborted || r->meta.status == STATUS_FINISHED || g->status != STATUS_FINISHED || r->meta.num_seats != 2 ||
        !has_moved(s, 0) || !has_moved(s, 1))
        return;
    GameResult res;
    state_result(s->state, &res);
    int winners = __builtin_popcount(res.winners & 3);
    for (int p = 0; p < 2; p++)
        g->score[p] = winners == 2 ? 0.5 : (res.winners >> p & 1) ? 1 : 0;
    g->rate_now = true;
}

/* The actions a commit hands the store, in this thread's room for them:
 * only [from, count) are written, all the store reads (copying a game's
 * whole history into a new block at every move was 2% of a move's CPU). */
static pthread_key_t scratch_key;
static pthread_once_t scratch_once = PTHREAD_ONCE_INIT;

typedef struct Scratch {
    StoredAction *actions;
    int cap;
} Scratch;

static void scratch_free(void *p)
{
    Scratch *sc = p;
    free(sc->actions);
    free(sc);
}

static void scratch_make_key(void)
{
    pthread_key_create(&scratch_key, scratch_free);
}

static StoredAction *commit_actions(const Session *s, int from)
{
    pthread_once(&scratch_once, scratch_make_key);
    Scratch *sc = pthread_getspecific(scratch_key);
    if (!sc) {
        sc = xcalloc(1, sizeof *sc);
        pthread_setspecific(scratch_key, sc);
    }
    if (s->count > sc->cap) {
        sc->cap = s->count * 2;
        sc->actions = xrealloc(sc->actions, (size_t)sc->cap * sizeof *sc->actions);
    }
    for (int i = from; i < s->count; i++)
        sc->actions[i] = (StoredAction){s->steps[i].text, s->steps[i].player};
    return sc->actions;
}

/* Stores the actions applied since the last commit, with the status and
 * result; on failure the session goes back to what is stored. */
bool room_commit(Room *r, RoomError *e)
{
    Session *s = r->session;
    StoredGame g = r->meta;
    g.count = s->count;
    g.status = room_status(r);
    g.version = r->meta.version + 1;
    g.ai_to_move = room_ai_pending(r);
    /* `updated` moves with the status, or once it is a minute old: the
     * lists and the idle reaper read it in minutes and days, and leaving it
     * leaves the indexes over it unwritten (store.h) */
    char now[21];
    record_now(now);
    g.listing_same = g.status == r->meta.status && store_time_of(now) - store_time_of(r->meta.updated) < UPDATED_GRAIN_S;
    if (!g.listing_same)
        memcpy(g.updated, now, sizeof g.updated);
    room_clock_to_store(r, &g, room_host_now(r->host));
    rate_if_ending(r, &g);
    /* an aborted game's result is the room's (room_abort.c wrote it), not the rules' */
    json_t *result = r->aborted ? NULL : game_result_to_json(s->state);
    g.result = r->aborted ? xstrdup(r->meta.result) : json_is_null(result) ? NULL : json_dumps(result, JSON_COMPACT);
    json_decref(result);
    /* a plain move: the stored row (r->meta mirrors it; undos and clocks
     * write it elsewhere) keeps all but its version and count */
    g.only_actions = g.listing_same && !g.rate_now && !g.result && !r->meta.result && g.clock.kind == CLOCK_NONE;
    g.actions = commit_actions(s, r->stored);
    char err[ERR_MAX + 128];
    bool ok = r->host->store->ops->append(r->host->store, &g, r->stored, err, sizeof err);
    g.actions = NULL;
    if (!ok) {
        free(g.result);
        session_truncate(s, r->stored);
        room_log_truncate(r, r->stored);
        room_fail_store(e, err, "the game could not be saved, nothing was changed");
        return false;
    }
    r->ai_work_mine = g.ai_to_move;
    free(r->meta.result);
    r->meta.result = g.result;
    r->meta.status = g.status;
    r->meta.version = g.version;
    memcpy(r->meta.clock_left, g.clock_left, sizeof g.clock_left);
    r->meta.clock_at = g.clock_at;
    r->meta.clock_due = g.clock_due;
    memcpy(r->meta.updated, g.updated, sizeof g.updated);
    r->stored = s->count;
    return true;
}

static void wake(Room *r, bool elsewhere)
{
    for (Subscriber *sub = r->subs; sub; sub = sub->next)
        sub->wake(sub->ctx);
    for (int p = 0; p < r->meta.num_seats; p++)
        if (r->host->account_changed && r->meta.seats[p].account)
            r->host->account_changed(r->host->ctx, r->meta.seats[p].account, elsewhere);
    if (r->meta.status == STATUS_FINISHED && !r->finish_told) {
        r->finish_told = true;
        if (r->host->finished)
            r->host->finished(r->host->ctx, r);
    }
}

void room_wake(Room *r)
{
    wake(r, true);
}

void room_wake_here(Room *r)
{
    wake(r, false);
}
