#include "cluster.h"

#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../../core/xalloc.h"
#include "../base/feed.h"
#include "server.h"

/* How often work is looked for (an AI seat whose server died waits for
 * STORE_DEAD_S seconds, then at most this long). */
#define POLL_MS 250
#define WORK_BATCH 16
/* How often this server's own AI work is looked at again: a move whose
 * commit failed (the database away for a moment) is thought again; and
 * the games with streams here checked, in case a notification was lost. */
#define RETRY_S 5

struct Cluster {
    Server *srv;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t stop_cond;
    bool stopping, started;
    bool db_down;     /* the last heartbeat failed: said once per outage */
    double claim_at;  /* no work is taken before (after an outage, the others beat first) */
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void heard(Room *r, void *ctx)
{
    room_heard(r, INT64_MAX);
}

static void chat_heard(Room *r, void *ctx)
{
    room_chat_added(r);
}

static void account_heard(Server *s, void *ctx)
{
    pthread_mutex_lock(&s->feeds_lock);
    int n = s->naccount_feeds;
    AccountId *ids = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *ids);
    for (int i = 0; i < n; i++)
        ids[i] = s->account_feeds[i].account;
    pthread_mutex_unlock(&s->feeds_lock);
    for (int i = 0; i < n; i++)
        server_account_changed_here(s, ids[i]);
    free(ids);
}

/* A note of another server's change (store.h): the readers here hear of
 * it (the data is read from the database when they ask). */
static void on_change(void *ctx, const StoreNote *note)
{
    Server *s = ctx;
    Room *r;
    switch (note->kind) {
    case NOTE_GAME:
        if ((r = server_room_cached(s, note->id))) {
            room_heard(r, note->version);
            room_unref(r);
        }
        break;
    case NOTE_CHAT:
        if ((r = server_room_cached(s, note->id))) {
            room_chat_added(r);
            room_unref(r);
        }
        break;
    case NOTE_LOBBY:
        if (note->id[0] && note->game[0])
            server_accepted_here(s, note->id, note->game);
        else
            feed_bump(s->lobby);
        break;
    case NOTE_ACCOUNT:
        server_account_changed_here(s, note->account);
        break;
    case NOTE_ANALYSIS:
        if (s->analyses)
            analyses_heard(s->analyses, note->id);
        break;
    default: /* NOTE_ALL: notes were lost, anything may have changed */
        server_each_room(s, heard, NULL);
        server_each_room(s, chat_heard, NULL);
        feed_bump(s->lobby);
        account_heard(s, NULL);
        if (s->analyses)
            analyses_heard(s->analyses, NULL);
    }
}

static void beat(Cluster *c)
{
    Store *st = c->srv->store;
    char err[ERR_MAX + 128];
    bool ok = st->ops->heartbeat(st, err, sizeof err);
    if (!ok && !c->db_down) {
        fprintf(stderr, "morph serve: %s\n", err);
    } else if (ok && c->db_down) {
        fprintf(stderr, "morph serve: the database answers again\n");
        /* Every server's heartbeat is old now: let them all beat again
         * before anyone's work is taken for a dead server's. */
        c->claim_at = now_s() + STORE_DEAD_S;
    }
    c->db_down = !ok;
}

/* Runs the analysis of room's finished game, whose work the store handed
 * this server (its server died or stopped before the end). */
static void take_over_analysis(Server *srv, Room *room)
{
    if (!srv->analyses)
        return;
    RoomError e;
    if (!room_sync(room, &e)) {
        fprintf(stderr, "morph serve: cannot take over the analysis of game %s: %s\n", room->meta.id, e.message);
        return;
    }
    pthread_mutex_lock(&room->lock);
    int how = room_analysis_start(room, srv->analyses, NULL);
    pthread_mutex_unlock(&room->lock);
    if (how == ANALYSES_STARTED || how == ANALYSES_ALREADY) {
        fprintf(stderr, "morph serve: took over the analysis of game %s from a server gone\n", room->meta.id);
        return;
    }
    /* Nothing runs it here (no finished game, or too many analyses
     * waiting): the work ends, and the servers following it say it failed. */
    char err[ERR_MAX];
    fprintf(stderr, "morph serve: cannot take over the analysis of game %s: %s\n", room->meta.id,
            how == ROOM_NOT_OVER ? "the game is not over" : how == ANALYSES_BUSY ? "too many analyses are waiting"
                                                                               : "the database does not answer");
    if (!srv->store->ops->work_end(srv->store, room->meta.id, WORK_ANALYSIS, err, sizeof err))
        fprintf(stderr, "morph serve: %s\n", err);
}

static void take_work(Cluster *c)
{
    Store *st = c->srv->store;
    StoreWork work[WORK_BATCH];
    int n = 0;
    char err[ERR_MAX + 128];
    if (c->db_down || now_s() < c->claim_at || !st->ops->claim_work(st, work, WORK_BATCH, &n, err, sizeof err))
        return;
    for (int i = 0; i < n; i++) {
        RoomError e;
        Room *r = server_room(c->srv, work[i].id, &e);
        if (!r) {
            fprintf(stderr, "morph serve: cannot take over game %s: %s\n", work[i].id, e.message);
            continue;
        }
        if (work[i].kind == WORK_ANALYSIS)
            take_over_analysis(c->srv, r);
        else
            room_take_work(r, work[i].kind);
        room_unref(r);
    }
}

static void look_again(Room *r, void *ctx)
{
    room_kick(r);
    room_recheck(r);
}

static void *cluster_main(void *arg)
{
    Cluster *c = arg;
    double last_beat = 0, last_retry = now_s();
    pthread_mutex_lock(&c->lock);
    while (!c->stopping) {
        pthread_mutex_unlock(&c->lock);
        if (now_s() - last_beat >= 1) {
            beat(c);
            last_beat = now_s();
        }
        take_work(c);
        if (now_s() - last_retry >= RETRY_S && !c->db_down) {
            server_each_room(c->srv, look_again, NULL);
            if (c->srv->analyses) /* in case a note of an analysis was lost */
                analyses_heard(c->srv->analyses, NULL);
            last_retry = now_s();
        }
        pthread_mutex_lock(&c->lock);
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += POLL_MS * 1000000L;
        until.tv_sec += until.tv_nsec / 1000000000L;
        until.tv_nsec %= 1000000000L;
        while (!c->stopping && pthread_cond_timedwait(&c->stop_cond, &c->lock, &until) != ETIMEDOUT) {
        }
    }
    pthread_mutex_unlock(&c->lock);
    return NULL;
}

Cluster *cluster_start(Server *s, char *err, size_t errlen)
{
    Store *st = s->store;
    if (!st->ops->heartbeat(st, err, errlen) || !st->ops->watch(st, on_change, s, err, errlen))
        return NULL;
    Cluster *c = xcalloc(1, sizeof *c);
    c->srv = s;
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->stop_cond, NULL);
    c->started = pthread_create(&c->thread, NULL, cluster_main, c) == 0;
    if (!c->started) {
        snprintf(err, errlen, "cannot start the thread that takes work from other servers");
        cluster_stop(c);
        return NULL;
    }
    return c;
}

void cluster_stop(Cluster *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&c->lock);
    c->stopping = true;
    pthread_cond_signal(&c->stop_cond);
    pthread_mutex_unlock(&c->lock);
    if (c->started)
        pthread_join(c->thread, NULL);
    pthread_cond_destroy(&c->stop_cond);
    pthread_mutex_destroy(&c->lock);
    free(c);
}
