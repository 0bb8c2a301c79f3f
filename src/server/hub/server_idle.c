/* Games that nobody plays (docs/web.md, "Idle games"): a room that no
 * request asked for in --idle-s seconds, and that nothing holds (no live
 * stream, no AI thinking, no clock running), leaves memory; the store has
 * it, and it loads again, the same, on its next request. A game against
 * the AI that nobody played for --abandon-days ends: its people leave on
 * time and it leaves the public lists (room_abandon). Both run on the clock
 * thread (server_clocks.c), each at most so often. */
#include <stdio.h>
#include <time.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "server.h"

#define SWEEP_EVERY_MAX 30.0   /* seconds between sweeps of the rooms, at most */
#define ABANDON_EVERY_MAX 300.0 /* seconds between asking the store for abandoned games, at most */
#define ABANDON_BATCH 100      /* abandoned games ended at a time */

static double every(int limit_s, double most)
{
    double e = limit_s / 4.0;
    return e < 0.1 ? 0.1 : e > most ? most : e;
}

static void abandon_one(void *ctx, const char *id)
{
    Server *s = ctx;
    RoomError e;
    Room *r = server_room(s, id, &e);
    if (r && !room_abandon(r, &e) && e.status && !e.conflict)
        fprintf(stderr, "morph serve: game %s: %s\n", id, e.message);
    if (!r)
        fprintf(stderr, "morph serve: cannot end abandoned game %s: %s\n", id, e.message);
    room_unref(r);
}

void server_idle_tick(Server *s, double now)
{
    if (s->cfg.idle_s > 0 && now - s->idle_swept >= every(s->cfg.idle_s, SWEEP_EVERY_MAX)) {
        s->idle_swept = now;
        int gone = server_rooms_evict(s, now - s->cfg.idle_s);
        if (gone > 0) {
            server_log(s, "%d idle game%s left memory (each loads again when asked for)", gone, gone == 1 ? "" : "s");
            if (s->store->ops->release_memory)
                s->store->ops->release_memory(s->store);
#if defined(__GLIBC__)
            malloc_trim(0); /* the freed rooms' memory goes back to the system, not only to malloc */
#endif
        }
    }
    if (s->cfg.abandon_s > 0 && now - s->abandon_asked >= every(s->cfg.abandon_s, ABANDON_EVERY_MAX)) {
        s->abandon_asked = now;
        /* the store's times are wall-clock UTC */
        time_t before = time(NULL) - s->cfg.abandon_s;
        struct tm tm;
        char iso[21], err[ERR_MAX + 128];
        gmtime_r(&before, &tm);
        strftime(iso, sizeof iso, "%Y-%m-%dT%H:%M:%SZ", &tm);
        if (!s->store->ops->each_abandoned(s->store, iso, ABANDON_BATCH, abandon_one, s, err, sizeof err))
            fprintf(stderr, "morph serve: abandoned games: %s\n", err);
    }
}
