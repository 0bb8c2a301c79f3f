/* The rooms whose clocks run, and the thread that ends their games on time
 * by itself (no client need be connected) and saves the running clocks
 * every 30 s and when the server stops, so that a restart goes on with
 * the time each seat had (the time the server was down is not charged). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server.h"
#include "../../core/xalloc.h"

#define SAVE_EVERY 30.0  /* seconds between saves of the running clocks */
#define WAKE_AT_MOST 1.0 /* the thread looks again after at most this */

void server_clock_watch(Server *s, Room *r)
{
    pthread_mutex_lock(&s->clock_lock);
    bool there = false;
    for (int i = 0; i < s->nclock_rooms && !there; i++)
        there = s->clock_rooms[i] == r;
    if (!there) {
        if (s->nclock_rooms == s->clock_rooms_cap) {
            s->clock_rooms_cap = s->clock_rooms_cap ? 2 * s->clock_rooms_cap : 16;
            s->clock_rooms = xrealloc(s->clock_rooms, (size_t)s->clock_rooms_cap * sizeof *s->clock_rooms);
        }
        room_ref(r);
        s->clock_rooms[s->nclock_rooms++] = r;
        pthread_cond_signal(&s->clock_cond); /* a new deadline, perhaps the nearest */
    }
    pthread_mutex_unlock(&s->clock_lock);
}

/* The watched rooms, each with a reference for the caller. */
static Room **watched(Server *s, int *n)
{
    pthread_mutex_lock(&s->clock_lock);
    *n = s->nclock_rooms;
    Room **list = xmalloc((size_t)(*n ? *n : 1) * sizeof *list);
    for (int i = 0; i < *n; i++) {
        list[i] = s->clock_rooms[i];
        room_ref(list[i]);
    }
    pthread_mutex_unlock(&s->clock_lock);
    return list;
}

static void forget(Server *s, Room *r)
{
    pthread_mutex_lock(&s->clock_lock);
    for (int i = 0; i < s->nclock_rooms; i++)
        if (s->clock_rooms[i] == r) {
            s->clock_rooms[i] = s->clock_rooms[--s->nclock_rooms];
            room_unref(r);
            break;
        }
    pthread_mutex_unlock(&s->clock_lock);
}

/* Ends what ran out at now, saves when due; returns the nearest deadline. */
static double tick(Server *s, double now, bool save_all)
{
    bool save = save_all || now - s->clock_saved >= SAVE_EVERY;
    if (save)
        s->clock_saved = now;
    int n;
    Room **list = watched(s, &n);
    double next = HUGE_VAL;
    for (int i = 0; i < n; i++) {
        double deadline = room_clock_tick(list[i], now, save);
        if (deadline < 0)
            forget(s, list[i]); /* the game is over */
        else if (deadline < next)
            next = deadline;
        room_unref(list[i]);
    }
    free(list);
    return next;
}

void server_clock_tick(Server *s)
{
    double now = server_now(s);
    tick(s, now, false);
    server_idle_tick(s, now);
}

static void *clock_main(void *arg)
{
    Server *s = arg;
    pthread_mutex_lock(&s->clock_lock);
    while (!s->clock_stopping) {
        pthread_mutex_unlock(&s->clock_lock);
        double now = server_now(s), next = tick(s, now, false);
        server_idle_tick(s, now);
        double wake = fmin(fmin(next, now + WAKE_AT_MOST), s->clock_saved + SAVE_EVERY);
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        double at = (double)ts.tv_sec + ts.tv_nsec / 1e9 + fmax(wake - now, 0) + 0.001;
        ts.tv_sec = (time_t)at;
        ts.tv_nsec = (long)((at - (double)ts.tv_sec) * 1e9);
        pthread_mutex_lock(&s->clock_lock);
        if (!s->clock_stopping)
            pthread_cond_timedwait(&s->clock_cond, &s->clock_lock, &ts);
    }
    pthread_mutex_unlock(&s->clock_lock);
    return NULL;
}

void server_clocks_start(Server *s)
{
    s->clock_started = pthread_create(&s->clock_thread, NULL, clock_main, s) == 0;
}

void server_clocks_stop(Server *s)
{
    if (s->clock_started) {
        pthread_mutex_lock(&s->clock_lock);
        s->clock_stopping = true;
        pthread_cond_signal(&s->clock_cond);
        pthread_mutex_unlock(&s->clock_lock);
        pthread_join(s->clock_thread, NULL);
        s->clock_started = false;
    }
    if (s->store)
        tick(s, server_now(s), true);
    for (int i = 0; i < s->nclock_rooms; i++)
        room_unref(s->clock_rooms[i]);
    free(s->clock_rooms);
    s->clock_rooms = NULL;
    s->nclock_rooms = s->clock_rooms_cap = 0;
}
