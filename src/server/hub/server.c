/* The hub of a server: the rooms in memory (a map by id, loaded from the
 * store on demand, finished ones leaving memory in time), the feeds of the
 * lobby and of accounts, the notes to other servers over a shared store,
 * the log and the clocks' time. Above it in hub/: server_clocks.c (the
 * thread that ends games on time) and cluster.c (the other servers' notes
 * and work). serve.c starts and stops it all. */
#include "server.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "../../core/utf8.h"
#include "../../core/xalloc.h"

/* Finished games kept in memory (with their words and state cached) before
 * the oldest leave; the store still has them and they reload on demand. */
#define FINISHED_KEPT 256

static Room tombstone_room;
#define TOMBSTONE (&tombstone_room)

void server_log(Server *s, const char *fmt, ...)
{
    if (!s->cfg.log)
        return;
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    utf8_one_line(line);
    pthread_mutex_lock(&s->log_lock);
    fprintf(s->cfg.log, "morph serve: %s\n", line);
    fflush(s->cfg.log);
    pthread_mutex_unlock(&s->log_lock);
}

double server_now(const Server *s)
{
    return s->cfg.now ? s->cfg.now() : limits_now();
}

Feed *server_account_feed(Server *s, AccountId account)
{
    pthread_mutex_lock(&s->feeds_lock);
    Feed *f = NULL;
    for (int i = 0; i < s->naccount_feeds && !f; i++)
        if (s->account_feeds[i].account == account)
            f = s->account_feeds[i].feed;
    if (!f) {
        if (s->naccount_feeds == s->account_feeds_cap) {
            s->account_feeds_cap = s->account_feeds_cap ? 2 * s->account_feeds_cap : 16;
            s->account_feeds = xrealloc(s->account_feeds, (size_t)s->account_feeds_cap * sizeof *s->account_feeds);
        }
        f = feed_new("games");
        s->account_feeds[s->naccount_feeds++] = (struct AccountFeed){account, f};
    }
    feed_ref(f);
    pthread_mutex_unlock(&s->feeds_lock);
    return f;
}

void server_account_changed_here(Server *s, AccountId account)
{
    if (!account)
        return;
    Feed *f = NULL;
    pthread_mutex_lock(&s->feeds_lock);
    for (int i = 0; i < s->naccount_feeds && !f; i++)
        if (s->account_feeds[i].account == account) {
            f = s->account_feeds[i].feed;
            feed_ref(f);
        }
    pthread_mutex_unlock(&s->feeds_lock);
    if (f) {
        feed_bump(f);
        feed_unref(f);
    }
}

/* Tells the other servers of a shared store too (they bump their feeds). */
static void tell_others(Server *s, const StoreNote *note)
{
    if (s->store->ops->shared && s->store->ops->notify)
        s->store->ops->notify(s->store, note);
}

void server_account_changed(Server *s, AccountId account)
{
    if (!account)
        return;
    server_account_changed_here(s, account);
    tell_others(s, &(StoreNote){.kind = NOTE_ACCOUNT, .account = account});
}

void server_lobby_changed(Server *s)
{
    feed_bump(s->lobby);
    tell_others(s, &(StoreNote){.kind = NOTE_LOBBY});
}

void server_accepted_here(Server *s, const char *challenge, const char *game)
{
    pthread_mutex_lock(&s->feeds_lock);
    struct Accepted *a = &s->accepted[s->accepted_next];
    s->accepted_next = (s->accepted_next + 1) % ACCEPTED_KEPT;
    snprintf(a->challenge, sizeof a->challenge, "%s", challenge);
    snprintf(a->game, sizeof a->game, "%s", game);
    pthread_mutex_unlock(&s->feeds_lock);
    feed_bump(s->lobby);
}

void server_challenge_accepted(Server *s, const char *challenge, const char *game)
{
    server_accepted_here(s, challenge, game);
    StoreNote note = {.kind = NOTE_LOBBY};
    snprintf(note.id, sizeof note.id, "%s", challenge);
    snprintf(note.game, sizeof note.game, "%s", game);
    tell_others(s, &note);
}

void server_chat_added(Server *s, Room *r, const char *game_id)
{
    room_chat_added(r);
    StoreNote note = {.kind = NOTE_CHAT};
    snprintf(note.id, sizeof note.id, "%s", game_id);
    tell_others(s, &note);
}

static unsigned id_hash(const char *id)
{
    uint32_t h = 2166136261u;
    for (; *id; id++)
        h = (h ^ (unsigned char)*id) * 16777619u;
    return h;
}

/* Slot of id, or of the first free slot on its probe path when absent. */
static int find_slot(Server *s, const char *id, bool *found)
{
    int mask = s->rooms_cap - 1, free_slot = -1;
    for (int i = (int)(id_hash(id) & (unsigned)mask);; i = (i + 1) & mask) {
        Room *r = s->rooms[i];
        if (!r) {
            *found = false;
            return free_slot >= 0 ? free_slot : i;
        }
        if (r == TOMBSTONE) {
            if (free_slot < 0)
                free_slot = i;
        } else if (strcmp(r->meta.id, id) == 0) {
            *found = true;
            return i;
        }
    }
}

static void grow(Server *s)
{
    Room **old = s->rooms;
    int old_cap = s->rooms_cap;
    s->rooms_cap = old_cap ? 2 * old_cap : 1024;
    s->rooms = xcalloc((size_t)s->rooms_cap, sizeof *s->rooms);
    s->rooms_used = 0;
    for (int i = 0; i < old_cap; i++)
        if (old[i] && old[i] != TOMBSTONE) {
            bool found;
            s->rooms[find_slot(s, old[i]->meta.id, &found)] = old[i];
            s->rooms_used++;
        }
    free(old);
}

/* Adds r unless a room with its id is there; returns the room in the map
 * (with a reference for the caller). Call with rooms_lock held. */
static Room *insert(Server *s, Room *r)
{
    if ((s->rooms_used + 1) * 2 > s->rooms_cap)
        grow(s);
    bool found;
    int i = find_slot(s, r->meta.id, &found);
    if (found) {
        room_ref(s->rooms[i]);
        return s->rooms[i];
    }
    if (!s->rooms[i])
        s->rooms_used++;
    s->rooms[i] = r;
    s->rooms_count++;
    r->used = server_now(s);
    room_ref(r); /* the map's */
    room_ref(r); /* the caller's */
    return r;
}

void server_add_room(Server *s, Room *r, const char *client)
{
    pthread_mutex_lock(&s->rooms_lock);
    Room *in = insert(s, r);
    pthread_mutex_unlock(&s->rooms_lock);
    room_unref(in); /* the reference insert gave; the map keeps its own */
    if (client)
        server_running_add(s, client, r->meta.id);
}

void server_rooms_init(Server *s)
{
    pthread_mutex_init(&s->rooms_lock, NULL);
    s->finished = xcalloc(FINISHED_KEPT, sizeof *s->finished);
}

void server_rooms_free(Server *s)
{
    for (int i = 0; i < s->rooms_cap; i++)
        if (s->rooms[i] && s->rooms[i] != TOMBSTONE)
            room_unref(s->rooms[i]);
    free(s->rooms);
    free(s->finished);
    pthread_mutex_destroy(&s->rooms_lock);
}

void server_room_finished(Server *s, const char *id)
{
    Room *drop = NULL;
    pthread_mutex_lock(&s->rooms_lock);
    int tail = (s->finished_head + s->finished_count) % FINISHED_KEPT;
    if (s->finished_count == FINISHED_KEPT) {
        /* the oldest finished room leaves memory */
        bool found;
        int i = find_slot(s, s->finished[s->finished_head], &found);
        if (found) {
            drop = s->rooms[i];
            s->rooms[i] = TOMBSTONE;
            s->rooms_count--;
        }
        s->finished_head = (s->finished_head + 1) % FINISHED_KEPT;
        s->finished_count--;
        tail = (s->finished_head + s->finished_count) % FINISHED_KEPT;
    }
    snprintf(s->finished[tail], GAME_ID_LEN + 1, "%s", id);
    s->finished_count++;
    pthread_mutex_unlock(&s->rooms_lock);
    server_running_over(s, id);
    /* Called under the finished room's own lock: dropping another room's
     * map reference cannot free this one (its caller holds a reference). */
    if (drop)
        room_unref(drop);
}

Room *server_room_cached(Server *s, const char *id)
{
    pthread_mutex_lock(&s->rooms_lock);
    bool found = false;
    Room *r = s->rooms_cap ? s->rooms[find_slot(s, id, &found)] : NULL;
    if (found) {
        room_ref(r);
        r->used = server_now(s);
    }
    pthread_mutex_unlock(&s->rooms_lock);
    return found ? r : NULL;
}

struct Gone {
    Room **rooms;
    int n;
};

static void *free_rooms(void *arg)
{
    struct Gone *g = arg;
    for (int i = 0; i < g->n; i++)
        room_unref(g->rooms[i]);
    free(g->rooms);
    return NULL;
}

/* Slots of the map read at a time with its lock held: the sweep reads a
 * field of every room (a cache miss each), and with 100,000 rooms in memory
 * one pass over the whole map held back every request that looked a game
 * up for as long (docs/bench.md). */
enum { EVICT_CHUNK = 2048 };

int server_rooms_evict(Server *s, double since)
{
    Room **gone = NULL;
    int n = 0, cap = 0;
    /* A room the map's growth moves behind the sweep between two chunks
     * waits for the next sweep. */
    for (int start = 0;; start += EVICT_CHUNK) {
        pthread_mutex_lock(&s->rooms_lock);
        if (start >= s->rooms_cap) {
            pthread_mutex_unlock(&s->rooms_lock);
            break;
        }
        int end = start + EVICT_CHUNK < s->rooms_cap ? start + EVICT_CHUNK : s->rooms_cap;
        for (int i = start; i < end; i++) {
            Room *r = s->rooms[i];
            /* Held by the map alone: no stream, AI job, clock or request has
             * it, and none can take it but through the map, whose lock is held
             * here, so its fields are read safely without its own lock. An AI
             * to move is about to play: it stays. */
            if (!r || r == TOMBSTONE || r->used > since || atomic_load(&r->refs) != 1 || room_ai_pending(r))
                continue;
            s->rooms[i] = TOMBSTONE;
            s->rooms_count--;
            if (n == cap) {
                cap = cap ? 2 * cap : 64;
                gone = xrealloc(gone, (size_t)cap * sizeof *gone);
            }
            gone[n++] = r;
        }
        pthread_mutex_unlock(&s->rooms_lock);
    }
    /* Freed on a thread of their own: a thread's cache of freed blocks (glibc's
     * tcache) goes back to malloc when it ends, so that none of the rooms'
     * blocks stays behind, holding pages malloc_trim could give back. */
    struct Gone g = {gone, n};
    pthread_t t;
    if (n > 0 && pthread_create(&t, NULL, free_rooms, &g) == 0)
        pthread_join(t, NULL);
    else
        free_rooms(&g);
    return n;
}

Room *server_room(Server *s, const char *id, RoomError *e)
{
    if (!token_well_formed(id, GAME_ID_LEN)) {
        e->status = 404;
        char q[EXCERPT_SIZE];
        snprintf(e->message, sizeof e->message, "no game '%s' (a game id is %d letters a-z and digits 2-7)",
                 text_excerpt(id, EXCERPT_MAX, q, sizeof q), GAME_ID_LEN);
        return NULL;
    }
    Room *r = server_room_cached(s, id);
    if (r && !room_sync(r, e)) { /* over a shared store: what other servers did */
        room_unref(r);
        return NULL;
    }
    if (r)
        return r;
    bool found;
    StoredGame g;
    char err[ERR_MAX + 128];
    if (!s->store->ops->load(s->store, id, &g, &found, err, sizeof err)) {
        e->status = 500;
        snprintf(e->message, sizeof e->message, "%s", err);
        return NULL;
    }
    if (!found) {
        e->status = 404;
        snprintf(e->message, sizeof e->message, "no game '%s'", id);
        return NULL;
    }
    bool finished = g.status == STATUS_FINISHED;
    r = room_load(&s->host, &g, e);
    stored_game_clear(&g);
    if (!r)
        return NULL;
    pthread_mutex_lock(&s->rooms_lock);
    Room *in = insert(s, r);
    pthread_mutex_unlock(&s->rooms_lock);
    if (in == r && finished)
        server_room_finished(s, id);
    room_unref(r); /* ours: the map or the other loader's room is kept */
    return in;
}

void server_each_room(Server *s, void (*fn)(Room *r, void *ctx), void *ctx)
{
    pthread_mutex_lock(&s->rooms_lock);
    int n = 0;
    Room **all = xmalloc((size_t)(s->rooms_count > 0 ? s->rooms_count : 1) * sizeof *all);
    for (int i = 0; i < s->rooms_cap && n < s->rooms_count; i++)
        if (s->rooms[i] && s->rooms[i] != TOMBSTONE) {
            room_ref(s->rooms[i]);
            all[n++] = s->rooms[i];
        }
    pthread_mutex_unlock(&s->rooms_lock);
    for (int i = 0; i < n; i++) {
        fn(all[i], ctx);
        room_unref(all[i]);
    }
    free(all);
}

bool server_healthy(Server *s, char *why, size_t whylen)
{
    if (atomic_load(&s->stopping)) {
        snprintf(why, whylen, "the server is stopping");
        return false;
    }
    return s->store->ops->ping(s->store, why, whylen);
}
