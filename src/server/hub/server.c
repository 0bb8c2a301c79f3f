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

void server_config_defaults(ServerConfig *c)
{
    memset(c, 0, sizeof *c);
    c->ai_threads = 2;
    c->max_ai_ms = 5000;
    c->hint_ms = 1000;
    c->analysis_ms = 200;
    c->analysis_max_s = 600;
    c->puzzle_nodes = 400000;
    c->max_body = 256 * 1024;
    c->max_actions = 20000;
    c->limits = (LimitsConfig){
        .create_per_minute = 10,
        .requests_per_second = 50,
        .connections = 2048,
        .connections_per_client = 64,
        .streams = 1024,
        .streams_per_client = 16,
        .logins_per_minute = 10,
        .logins_per_name_per_minute = 5,
        .accounts_per_hour = 10,
        .chat_per_minute = 20,
    };
    c->password_cost = password_cost_interactive();
    c->clock_thread = true;
}

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
    room_ref(r); /* the map's */
    room_ref(r); /* the caller's */
    return r;
}

void server_add_room(Server *s, Room *r)
{
    pthread_mutex_lock(&s->rooms_lock);
    Room *in = insert(s, r);
    pthread_mutex_unlock(&s->rooms_lock);
    room_unref(in); /* the reference insert gave; the map keeps its own */
}

/* A room's game is over: it may leave memory later (the host's finished). */
static void room_finished(Server *s, const char *id)
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
    /* Called under the finished room's own lock: dropping another room's
     * map reference cannot free this one (its caller holds a reference). */
    if (drop)
        room_unref(drop);
}

static void host_finished(void *ctx, Room *r)
{
    room_finished(ctx, r->meta.id);
}

static void host_clock_started(void *ctx, Room *r)
{
    server_clock_watch(ctx, r);
}

static void host_account_changed(void *ctx, AccountId account, bool elsewhere)
{
    if (elsewhere)
        server_account_changed(ctx, account);
    else
        server_account_changed_here(ctx, account);
}

static void host_say(void *ctx, const char *line)
{
    server_log(ctx, "%s", line);
}

Room *server_room_cached(Server *s, const char *id)
{
    pthread_mutex_lock(&s->rooms_lock);
    bool found = false;
    Room *r = s->rooms_cap ? s->rooms[find_slot(s, id, &found)] : NULL;
    if (found)
        room_ref(r);
    pthread_mutex_unlock(&s->rooms_lock);
    return found ? r : NULL;
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
        room_finished(s, id);
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

static void load_one(void *ctx, const char *id)
{
    Server *s = ctx;
    RoomError e;
    Room *r = server_room(s, id, &e);
    if (r) {
        atomic_fetch_add(&s->loaded, 1);
        room_unref(r);
    } else {
        atomic_fetch_add(&s->load_failed, 1);
        fprintf(stderr, "morph serve: cannot resume game %s: %s\n", id, e.message);
    }
}

/* One server per SQLite file: two would both resume the games and run their
 * AIs. The lock is a file next to the database, held while serving. */
static bool lock_database(Server *s, const char *db, char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s.lock", db);
    s->lock_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (s->lock_fd < 0) {
        snprintf(err, errlen, "cannot open '%s': %s", path, strerror(errno));
        return false;
    }
    if (flock(s->lock_fd, LOCK_EX | LOCK_NB) != 0) {
        snprintf(err, errlen, "database '%s' is in use by another morph serve (%s is locked)", db, path);
        return false;
    }
    return true;
}

Server *server_new(const ServerConfig *cfg, char *err, size_t errlen)
{
    Server *s = xcalloc(1, sizeof *s);
    s->cfg = *cfg;
    s->lock_fd = -1;
    pthread_mutex_init(&s->rooms_lock, NULL);
    pthread_mutex_init(&s->host.hint_lock, NULL);
    pthread_mutex_init(&s->feeds_lock, NULL);
    pthread_mutex_init(&s->log_lock, NULL);
    pthread_mutex_init(&s->clock_lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&s->clock_cond, &attr);
    pthread_condattr_destroy(&attr);
    s->lobby = feed_new("lobby");
    s->finished = xcalloc(FINISHED_KEPT, sizeof *s->finished);
    /* A hash to check unknown names against, so that a sign-in takes the
     * same time whether the name exists or not. */
    if (!password_init() || !password_hash("no account has this password", 28, cfg->password_cost, s->dummy_hash)) {
        snprintf(err, errlen, "the password library (libsodium) cannot start");
        server_free(s);
        return NULL;
    }
    s->limits = limits_new(&cfg->limits);
    StoreConfig sc = {.db = cfg->db_path, .durable = cfg->durable, .pool = cfg->db_pool};
    s->store = cfg->store ? cfg->store : store_open(&sc, err, errlen);
    bool shared = s->store && s->store->ops->shared;
    /* A shared store has room for several servers; a file has not. */
    if (!s->store || (!cfg->store && !shared && !lock_database(s, cfg->db_path, err, errlen))) {
        server_free(s);
        return NULL;
    }
    s->pool = cfg->ai_threads > 0 ? work_pool_new(cfg->ai_threads) : NULL;
    if (s->pool)
        s->analyses = analyses_new(s->pool, s->store, cfg->analysis_ms / 1000.0, cfg->analysis_max_s);
    s->host.store = s->store;
    s->host.pool = s->pool;
    s->host.max_actions = cfg->max_actions;
    s->host.hint_ms = cfg->hint_ms;
    s->host.finished = host_finished;
    s->host.ctx = s;
    s->host.now = cfg->now;
    /* Every server watches the clocks of its rooms; over a shared store a
     * clock that runs out is also work that some server takes (WORK_CLOCK,
     * cluster.c) when no server has the game in memory or its server died.
     * Ending a game on time is a versioned write: done once. */
    s->host.clock_started = host_clock_started;
    s->host.account_changed = host_account_changed;
    s->host.say = host_say;
    s->clock_saved = server_now(s);
    bool ok = shared ? (s->cluster = cluster_start(s, err, errlen)) != NULL
                     : s->store->ops->each_unfinished(s->store, load_one, s, err, errlen);
    if (!ok) {
        server_free(s);
        return NULL;
    }
    if (cfg->clock_thread)
        server_clocks_start(s);
    return s;
}

void server_free(Server *s)
{
    if (!s)
        return;
    cluster_stop(s->cluster); /* no more work taken */
    server_clocks_stop(s); /* the running clocks are saved */
    if (s->analyses)
        analyses_stop(s->analyses);
    work_pool_free(s->pool); /* running AI turns finish first */
    analyses_free(s->analyses);
    s->pool = NULL;
    s->host.pool = NULL;
    /* Over a shared store, the work still held goes to the other servers at
     * once, and the notifications stop before the rooms go. */
    if (s->store && s->store->ops->leave)
        s->store->ops->leave(s->store);
    for (int i = 0; i < s->rooms_cap; i++)
        if (s->rooms[i] && s->rooms[i] != TOMBSTONE)
            room_unref(s->rooms[i]);
    free(s->rooms);
    free(s->finished);
    if (!s->cfg.store)
        store_close(s->store);
    limits_free(s->limits);
    if (s->lock_fd >= 0)
        close(s->lock_fd);
    for (int i = 0; i < s->naccount_feeds; i++)
        feed_unref(s->account_feeds[i].feed);
    free(s->account_feeds);
    feed_unref(s->lobby);
    pthread_mutex_destroy(&s->rooms_lock);
    pthread_mutex_destroy(&s->host.hint_lock);
    pthread_mutex_destroy(&s->feeds_lock);
    pthread_mutex_destroy(&s->log_lock);
    pthread_mutex_destroy(&s->clock_lock);
    pthread_cond_destroy(&s->clock_cond);
    free(s);
}
