/* Starting and stopping a server: the store opened (and, for an SQLite
 * file, locked), the rooms' host (what rooms ask of the server), the worker
 * pool and the analyses, the games with running clocks resumed, the clocks' thread
 * and, over a shared store, the cluster; and all of it stopped in order.
 * The top of src/server (README.md there): it calls the hub, which calls
 * the rooms, the store and the base; the API and the HTTP front sit beside
 * it on the hub. */
#include "serve.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "../core/xalloc.h"
#include "hub/cluster.h"

void server_config_defaults(ServerConfig *c)
{
    memset(c, 0, sizeof *c);
    c->ai_threads = 2;
    c->max_ai_ms = 5000;
    c->hint_ms = 1000;
    c->analysis_ms = 200;
    c->analysis_max_s = 600;
    c->analysis_nice = 19;
    c->puzzle_nodes = 400000;
    c->max_body = 256 * 1024;
    c->max_actions = 20000;
    c->idle_s = 600;
    c->abandon_s = 14 * 86400;
    c->running_per_client = 50;
    c->limits = (LimitsConfig){
        .create_per_minute = 10,
        .requests_per_second = 50,
        .connections = 2048,
        .connections_per_client = 32,
        .streams = 1024,
        .streams_per_client = 16,
        .streams_per_game = 256,
        .logins_per_minute = 10,
        .logins_per_name_per_minute = 5,
        .logins_per_name_unknown = 30,
        .accounts_per_hour = 10,
        .chat_per_minute = 20,
    };
    c->password_cost = password_cost_interactive();
    c->clock_thread = true;
}

static void host_finished(void *ctx, Room *r)
{
    server_room_finished(ctx, r->meta.id);
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
    server_rooms_init(s);
    pthread_mutex_init(&s->running_lock, NULL);
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
    /* A hash to check unknown names against, so that a sign-in takes the
     * same time whether the name exists or not. */
    if (!password_init() || !password_hash("no account has this password", 28, cfg->password_cost, s->dummy_hash)) {
        snprintf(err, errlen, "the password library (libsodium) cannot start");
        server_free(s);
        return NULL;
    }
    LimitsConfig limits = cfg->limits;
    limits.now = cfg->now; /* one clock for the limits and the games */
    s->limits = limits_new(&limits);
    StoreConfig sc = {.db = cfg->db_path, .durable = cfg->durable, .pool = cfg->db_pool, .wal_mib = cfg->wal_mib};
    s->store = cfg->store ? cfg->store : store_open(&sc, err, errlen);
    bool shared = s->store && s->store->ops->shared;
    /* A shared store has room for several servers; a file has not. */
    if (!s->store || (!cfg->store && !shared && !lock_database(s, cfg->db_path, err, errlen))) {
        server_free(s);
        return NULL;
    }
    s->pool = cfg->ai_threads > 0 ? work_pool_new(cfg->ai_threads) : NULL;
    if (s->pool)
        s->analyses = analyses_new(s->store, cfg->analysis_ms / 1000.0, cfg->analysis_max_s, cfg->analysis_nice);
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
    s->clock_saved = s->idle_swept = s->abandon_asked = server_now(s);
    /* Only the games whose clocks run are loaded from the start (the clock
     * thread watches them); the others load when asked for. */
    bool ok = shared ? (s->cluster = cluster_start(s, err, errlen)) != NULL
                     : s->store->ops->each_clocked(s->store, load_one, s, err, errlen);
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
    server_rooms_free(s);
    server_running_free(s);
    pthread_mutex_destroy(&s->running_lock);
    if (!s->cfg.store)
        store_close(s->store);
    limits_free(s->limits);
    if (s->lock_fd >= 0)
        close(s->lock_fd);
    for (int i = 0; i < s->naccount_feeds; i++)
        feed_unref(s->account_feeds[i].feed);
    free(s->account_feeds);
    feed_unref(s->lobby);
    if (s->challenges)
        s->challenges_free(s->challenges);
    pthread_mutex_destroy(&s->host.hint_lock);
    pthread_mutex_destroy(&s->feeds_lock);
    pthread_mutex_destroy(&s->log_lock);
    pthread_mutex_destroy(&s->clock_lock);
    pthread_cond_destroy(&s->clock_cond);
    free(s);
}
