/* A room over a shared store (several servers, one PostgreSQL database):
 * another server may have changed the game since this one last looked. A
 * request first checks the stored version (room_sync); a notification of
 * a change wakes the streams here (room_heard); a write refused as a
 * conflict catches up and decides again (room_retry), so that the answer
 * is the one a single server would give after the other server's change.
 * Work for AI seats follows the writes: whoever commits a change that
 * leaves an AI to move holds that work (store.h) and thinks; a clock that
 * runs out is work too, taken by one server when it is due. */

#include "room_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* The number of catch-ups a request tries before giving up (a game that
 * other servers change faster than this one can decide). */
#define RETRIES 4

/* Applies the stored actions from r->stored to g->count. */
static bool apply_stored(Room *r, const StoredGame *g, RoomError *e)
{
    Session *s = r->session;
    for (int i = r->stored; i < g->count; i++) {
        char err[ERR_MAX];
        const StoredAction *a = &g->actions[i];
        if (!a->text || a->player != session_player(s) || !session_apply_text(s, a->text, err, sizeof err)) {
            room_fail(e, 500, "game %s: stored action %d '%s' does not replay here", r->meta.id, i,
                      a->text ? a->text : "");
            return false;
        }
        r->stored = s->count;
    }
    return true;
}

/* The stored game with its actions from index from on; false with e. */
static bool load_from(Room *r, int from, StoredGame *g, RoomError *e)
{
    Store *st = r->host->store;
    bool found = false;
    char err[ERR_MAX + 128];
    if (!st->ops->load_since(st, r->meta.id, from, g, &found, err, sizeof err)) {
        room_fail(e, 503, "%s", err);
        return false;
    }
    if (!found)
        room_fail(e, 500, "game %s is no longer in the database", r->meta.id);
    return found;
}

bool room_catch_up(Room *r, RoomError *e)
{
    StoredGame g;
    if (!load_from(r, r->stored, &g, e))
        return false;
    if (g.epoch != r->meta.epoch || g.count < r->stored) {
        /* An undo elsewhere: the actions before the lowest undo ever are the
         * same, the others are read again. */
        int keep = g.undo_low < 0 ? 0 : g.undo_low < r->stored ? g.undo_low : r->stored;
        stored_game_clear(&g);
        if (!load_from(r, keep, &g, e))
            return false;
        session_truncate(r->session, keep);
        room_log_truncate(r, keep);
        r->stored = keep;
    }
    bool moved = g.count != r->stored;
    bool ok = apply_stored(r, &g, e);
    if (ok) {
        free(r->meta.result);
        r->meta.result = g.result;
        g.result = NULL;
        r->meta.status = g.status;
        room_read_aborted(r);
        r->meta.version = g.version;
        r->full_version = g.version;
        r->meta.epoch = g.epoch;
        r->meta.undo_low = g.undo_low;
        memcpy(r->meta.updated, g.updated, sizeof g.updated);
        memcpy(r->meta.rematch, g.rematch, sizeof g.rematch);
        for (int p = 0; p < r->meta.num_seats && p < g.num_seats; p++) {
            StoredSeat *seat = &r->meta.seats[p];
            seat->claimed = g.seats[p].claimed;
            memcpy(seat->token_hash, g.seats[p].token_hash, sizeof seat->token_hash);
            memcpy(seat->invite, g.seats[p].invite, sizeof seat->invite);
            seat->account = g.seats[p].account;
            seat->muted = g.seats[p].muted;
            memcpy(seat->name, g.seats[p].name, sizeof seat->name); /* taken elsewhere: its account or guest */
            memcpy(seat->guest, g.seats[p].guest, sizeof seat->guest);
            seat->bot = g.seats[p].bot;
        }
        room_set_names(r);
        /* The clock as the writer charged it, run on since then. */
        memcpy(r->meta.clock_left, g.clock_left, sizeof g.clock_left);
        r->meta.clock_at = g.clock_at;
        room_clock_from_store(r, room_host_now(r->host));
    }
    /* Actions written elsewhere: whoever wrote them holds the AI's work. */
    if (moved)
        r->ai_work_mine = false;
    stored_game_clear(&g);
    room_wake_here(r);
    return ok;
}

bool room_sync_locked(Room *r, RoomError *e)
{
    Store *st = r->host->store;
    int64_t version;
    bool found;
    char err[ERR_MAX + 128];
    if (!st->ops->peek(st, r->meta.id, &version, &found, err, sizeof err)) {
        room_fail(e, 503, "%s", err);
        return false;
    }
    return !found || version == r->meta.version || room_catch_up(r, e);
}

bool room_sync(Room *r, RoomError *e)
{
    if (!room_shared(r))
        return true;
    pthread_mutex_lock(&r->lock);
    bool ok = room_sync_locked(r, e);
    pthread_mutex_unlock(&r->lock);
    return ok;
}

void room_heard(Room *r, int64_t version)
{
    pthread_mutex_lock(&r->lock);
    /* Only the streams here need it now; any request syncs by itself. */
    if (r->nsubs > 0 && version > r->meta.version) {
        RoomError e;
        if (!room_catch_up(r, &e))
            fprintf(stderr, "morph serve: game %s: %s\n", r->meta.id, e.message);
    }
    pthread_mutex_unlock(&r->lock);
}

void room_recheck(Room *r)
{
    pthread_mutex_lock(&r->lock);
    RoomError e;
    if (r->nsubs > 0 && room_shared(r) && !room_sync_locked(r, &e))
        fprintf(stderr, "morph serve: game %s: %s\n", r->meta.id, e.message);
    pthread_mutex_unlock(&r->lock);
}

bool room_retry(Room *r, RoomError *e, int attempt)
{
    if (!e->conflict)
        return false;
    if (attempt + 1 >= RETRIES) {
        room_fail(e, 409, "the game changed on another server while this one decided; try again");
        return false;
    }
    return room_catch_up(r, e);
}
