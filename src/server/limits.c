#include "limits.h"
#include "../core/xalloc.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BUCKETS 1024
#define CLIENT_MAX 64
#define SWEEP_AT 4096 /* entries before idle ones are dropped */

/* A token bucket: up to cap tokens, refilled at rate per second. */
typedef struct Bucket {
    double tokens, at;
} Bucket;

typedef struct Entry {
    struct Entry *next;
    char client[CLIENT_MAX];
    Bucket create, request;
    int connections, streams;
} Entry;

struct Limits {
    LimitsConfig cfg;
    pthread_mutex_t lock;
    Entry *table[BUCKETS];
    int entries;
    int connections, streams;
};

double limits_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

Limits *limits_new(const LimitsConfig *cfg)
{
    Limits *l = xcalloc(1, sizeof *l);
    l->cfg = *cfg;
    pthread_mutex_init(&l->lock, NULL);
    return l;
}

void limits_free(Limits *l)
{
    if (!l)
        return;
    for (int i = 0; i < BUCKETS; i++)
        while (l->table[i]) {
            Entry *e = l->table[i];
            l->table[i] = e->next;
            free(e);
        }
    pthread_mutex_destroy(&l->lock);
    free(l);
}

static unsigned hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h % BUCKETS;
}

static double fill(Bucket *b, double cap, double rate, double now)
{
    b->tokens = fmin(cap, b->tokens + (now - b->at) * rate);
    b->at = now;
    return b->tokens;
}

/* Drops entries with nothing open whose buckets have refilled. */
static void sweep(Limits *l, double now)
{
    for (int i = 0; i < BUCKETS; i++) {
        Entry **pe = &l->table[i];
        while (*pe) {
            Entry *e = *pe;
            bool idle = e->connections == 0 && e->streams == 0 &&
                        fill(&e->create, l->cfg.create_per_minute, l->cfg.create_per_minute / 60.0, now) >=
                            l->cfg.create_per_minute &&
                        fill(&e->request, l->cfg.requests_per_second, l->cfg.requests_per_second, now) >=
                            l->cfg.requests_per_second;
            if (idle) {
                *pe = e->next;
                free(e);
                l->entries--;
            } else {
                pe = &e->next;
            }
        }
    }
}

static Entry *entry(Limits *l, const char *client, double now)
{
    char key[CLIENT_MAX];
    snprintf(key, sizeof key, "%s", client ? client : "");
    unsigned h = hash(key);
    for (Entry *e = l->table[h]; e; e = e->next)
        if (strcmp(e->client, key) == 0)
            return e;
    if (l->entries >= SWEEP_AT)
        sweep(l, now);
    Entry *e = xcalloc(1, sizeof *e);
    strcpy(e->client, key);
    e->create = (Bucket){l->cfg.create_per_minute, now};
    e->request = (Bucket){l->cfg.requests_per_second, now};
    e->next = l->table[h];
    l->table[h] = e;
    l->entries++;
    return e;
}

static bool take(Bucket *b, double cap, double rate, double now, int *retry_after)
{
    if (fill(b, cap, rate, now) >= 1) {
        b->tokens -= 1;
        return true;
    }
    *retry_after = rate > 0 ? (int)ceil((1 - b->tokens) / rate) : 60;
    if (*retry_after < 1)
        *retry_after = 1;
    return false;
}

bool limits_create(Limits *l, const char *client, double now, int *retry_after)
{
    pthread_mutex_lock(&l->lock);
    Entry *e = entry(l, client, now);
    bool ok = take(&e->create, l->cfg.create_per_minute, l->cfg.create_per_minute / 60.0, now, retry_after);
    pthread_mutex_unlock(&l->lock);
    return ok;
}

bool limits_request(Limits *l, const char *client, double now, int *retry_after)
{
    pthread_mutex_lock(&l->lock);
    Entry *e = entry(l, client, now);
    bool ok = take(&e->request, l->cfg.requests_per_second, l->cfg.requests_per_second, now, retry_after);
    pthread_mutex_unlock(&l->lock);
    return ok;
}

static bool acquire(Limits *l, const char *client, bool stream, bool *per_client_over)
{
    pthread_mutex_lock(&l->lock);
    Entry *e = entry(l, client, limits_now());
    int *mine = stream ? &e->streams : &e->connections, *all = stream ? &l->streams : &l->connections;
    int mine_max = stream ? l->cfg.streams_per_client : l->cfg.connections_per_client;
    int all_max = stream ? l->cfg.streams : l->cfg.connections;
    *per_client_over = *mine >= mine_max;
    bool ok = !*per_client_over && *all < all_max;
    if (ok) {
        (*mine)++;
        (*all)++;
    }
    pthread_mutex_unlock(&l->lock);
    return ok;
}

static void release(Limits *l, const char *client, bool stream)
{
    pthread_mutex_lock(&l->lock);
    Entry *e = entry(l, client, limits_now());
    int *mine = stream ? &e->streams : &e->connections, *all = stream ? &l->streams : &l->connections;
    if (*mine > 0) {
        (*mine)--;
        (*all)--;
    }
    pthread_mutex_unlock(&l->lock);
}

bool limits_connection_acquire(Limits *l, const char *client, bool *per_client_over)
{
    return acquire(l, client, false, per_client_over);
}

void limits_connection_release(Limits *l, const char *client)
{
    release(l, client, false);
}

bool limits_stream_acquire(Limits *l, const char *client, bool *per_client_over)
{
    return acquire(l, client, true, per_client_over);
}

void limits_stream_release(Limits *l, const char *client)
{
    release(l, client, true);
}
