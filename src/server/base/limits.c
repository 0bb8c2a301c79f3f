#include "limits.h"
#include "../../core/xalloc.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BUCKETS 1024
#define CLIENT_MAX 80 /* a key: an address, or a prefix and a name or hash */
#define SWEEP_AT 4096 /* entries before idle ones are dropped */
#define BLOCK_ENTRIES 64 /* entries allocated together */

/* A token bucket: up to cap tokens, refilled at rate per second. */
typedef struct Bucket {
    double tokens, at;
} Bucket;

/* What a bucket counts; every key has one bucket of each kind, full at first. */
enum { B_CREATE, B_REQUEST, B_LOGIN, B_LOGIN_NAME, B_LOGIN_UNKNOWN, B_SIGNUP, B_CHAT, B_COUNT };

typedef struct Entry {
    struct Entry *next;
    char client[CLIENT_MAX];
    Bucket bucket[B_COUNT];
    int connections, streams;
} Entry;

/* Entries are made in blocks, not one allocation each: an entry lasts as
 * long as its address is seen, and small blocks made one by one between
 * the rooms of that address's games would each keep a page of the rooms'
 * memory from going back to the system when they leave (docs/web.md,
 * "Idle games"). */
typedef struct Block {
    struct Block *next;
    Entry entry[BLOCK_ENTRIES];
} Block;

struct Limits {
    LimitsConfig cfg;
    pthread_mutex_t lock;
    Entry *table[BUCKETS];
    int entries;
    Block *blocks;     /* the newest first */
    int newest_used;   /* entries of the newest block handed out */
    Entry *spare;      /* entries a sweep dropped, handed out again first */
    int connections, streams;
};

double limits_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

double limits_clock(const Limits *l)
{
    return l->cfg.now ? l->cfg.now() : limits_now();
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
    while (l->blocks) {
        Block *b = l->blocks;
        l->blocks = b->next;
        free(b);
    }
    pthread_mutex_destroy(&l->lock);
    free(l);
}

static Entry *entry_new(Limits *l)
{
    Entry *e = l->spare;
    if (e) {
        l->spare = e->next;
    } else {
        if (!l->blocks || l->newest_used == BLOCK_ENTRIES) {
            Block *b = xmalloc(sizeof *b);
            b->next = l->blocks;
            l->blocks = b;
            l->newest_used = 0;
        }
        e = &l->blocks->entry[l->newest_used++];
    }
    memset(e, 0, sizeof *e);
    return e;
}

static void entry_drop(Limits *l, Entry *e)
{
    e->next = l->spare;
    l->spare = e;
}

static unsigned hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h % BUCKETS;
}

/* The size and refill rate (per second) of a bucket of kind. */
static void shape(const LimitsConfig *c, int kind, double *cap, double *rate)
{
    switch (kind) {
    case B_CREATE: *cap = c->create_per_minute; *rate = *cap / 60; break;
    case B_REQUEST: *cap = c->requests_per_second; *rate = *cap; break;
    case B_LOGIN: *cap = c->logins_per_minute; *rate = *cap / 60; break;
    case B_LOGIN_NAME: *cap = c->logins_per_name_per_minute; *rate = *cap / 60; break;
    case B_LOGIN_UNKNOWN: *cap = c->logins_per_name_unknown; *rate = *cap / 60; break;
    case B_SIGNUP: *cap = c->accounts_per_hour; *rate = *cap / 3600; break;
    default: *cap = fmin(CHAT_BURST, c->chat_per_minute); *rate = c->chat_per_minute / 60.0; break;
    }
}

static double fill(const Limits *l, Bucket *b, int kind, double now)
{
    double cap, rate;
    shape(&l->cfg, kind, &cap, &rate);
    /* A time before the last refill (another clock, or one set back)
     * refills nothing and takes nothing: a bucket never goes into debt. */
    double elapsed = now > b->at ? now - b->at : 0;
    b->tokens = fmin(cap, b->tokens + elapsed * rate);
    b->at = now;
    return b->tokens;
}

static bool full(const Limits *l, Entry *e, double now)
{
    for (int k = 0; k < B_COUNT; k++) {
        double cap, rate;
        shape(&l->cfg, k, &cap, &rate);
        if (fill(l, &e->bucket[k], k, now) < cap)
            return false;
    }
    return true;
}

/* Drops entries with nothing open whose buckets have refilled, once the
 * table holds SWEEP_AT of them. */
static void sweep_if_full(Limits *l, double now)
{
    if (l->entries < SWEEP_AT)
        return;
    for (int i = 0; i < BUCKETS; i++) {
        Entry **pe = &l->table[i];
        while (*pe) {
            Entry *e = *pe;
            bool idle = e->connections == 0 && e->streams == 0 && full(l, e, now);
            if (idle) {
                *pe = e->next;
                entry_drop(l, e);
                l->entries--;
            } else {
                pe = &e->next;
            }
        }
    }
}

/* The entry of client, made when missing. Call sweep_if_full first, never
 * between two calls whose entries are kept. */
static Entry *entry(Limits *l, const char *client, double now)
{
    char key[CLIENT_MAX];
    snprintf(key, sizeof key, "%s", client ? client : "");
    unsigned h = hash(key);
    for (Entry *e = l->table[h]; e; e = e->next)
        if (strcmp(e->client, key) == 0)
            return e;
    Entry *e = entry_new(l);
    strcpy(e->client, key);
    for (int k = 0; k < B_COUNT; k++) {
        double cap, rate;
        shape(&l->cfg, k, &cap, &rate);
        e->bucket[k] = (Bucket){cap, now};
    }
    e->next = l->table[h];
    l->table[h] = e;
    l->entries++;
    return e;
}

/* Whether the bucket of kind has a token; with take, one is taken. */
static bool has(Limits *l, Entry *e, int kind, double now, bool take, int *retry_after)
{
    Bucket *b = &e->bucket[kind];
    if (fill(l, b, kind, now) >= 1) {
        if (take)
            b->tokens -= 1;
        return true;
    }
    double cap, rate;
    shape(&l->cfg, kind, &cap, &rate);
    *retry_after = rate > 0 ? (int)ceil((1 - b->tokens) / rate) : 60;
    if (*retry_after < 1)
        *retry_after = 1;
    return false;
}

/* Takes a token of kind from key's bucket. */
static bool take_one(Limits *l, const char *key, int kind, double now, int *retry_after)
{
    pthread_mutex_lock(&l->lock);
    sweep_if_full(l, now);
    bool ok = has(l, entry(l, key, now), kind, now, true, retry_after);
    pthread_mutex_unlock(&l->lock);
    return ok;
}

bool limits_create(Limits *l, const char *client, double now, int *retry_after)
{
    return take_one(l, client, B_CREATE, now, retry_after);
}

bool limits_request(Limits *l, const char *client, double now, int *retry_after)
{
    return take_one(l, client, B_REQUEST, now, retry_after);
}

/* A name's key in lower case ("name:alice"), and with the address
 * ("name:alice@10.0.0.1"): names are at most 20 characters. */
static void name_key(const char *name, const char *client, char key[CLIENT_MAX])
{
    int n = snprintf(key, CLIENT_MAX, "name:%.24s", name ? name : "");
    for (int i = 5; i < n && key[i]; i++)
        if (key[i] >= 'A' && key[i] <= 'Z')
            key[i] = (char)(key[i] - 'A' + 'a');
    if (client)
        snprintf(key + strlen(key), CLIENT_MAX - strlen(key), "@%.45s", client);
}

/* The keys of a sign-in attempt: a known browser's, or the name's from
 * the address (here) and from every unknown browser (key). */
static void login_keys(const char *client, const char *name, const char *device, char key[CLIENT_MAX],
                       char here[CLIENT_MAX])
{
    if (device) {
        snprintf(key, CLIENT_MAX, "device:%.60s", device);
        return;
    }
    name_key(name, NULL, key);
    name_key(name, client ? client : "", here);
}

bool limits_login(Limits *l, const char *client, const char *name, const char *device, double now, int *retry_after,
                  LoginAttempt *at)
{
    char key[CLIENT_MAX], here[CLIENT_MAX];
    *at = (LoginAttempt){0};
    login_keys(client, name, device, key, here);
    if (device) {
        at->per_name = true;
        return take_one(l, key, B_LOGIN_NAME, now, retry_after);
    }
    pthread_mutex_lock(&l->lock);
    sweep_if_full(l, now);
    /* The three entries are made first: making one never drops another. */
    Entry *by_address = entry(l, client, now), *by_name_here = entry(l, here, now), *by_name = entry(l, key, now);
    double cap, rate;
    shape(&l->cfg, B_LOGIN_NAME, &cap, &rate);
    bool unfailed_here = fill(l, &by_name_here->bucket[B_LOGIN_NAME], B_LOGIN_NAME, now) >= cap;
    int retry_name = 0;
    at->took_name = has(l, by_name, B_LOGIN_UNKNOWN, now, false, &retry_name);
    at->fresh = !at->took_name && unfailed_here;
    at->per_name = !has(l, by_name_here, B_LOGIN_NAME, now, false, retry_after) || (!at->took_name && !at->fresh);
    if (at->per_name && !at->took_name && !at->fresh)
        *retry_after = retry_name;
    bool ok = !at->per_name && has(l, by_address, B_LOGIN, now, false, retry_after);
    if (ok) {
        has(l, by_name_here, B_LOGIN_NAME, now, true, retry_after);
        if (at->took_name)
            has(l, by_name, B_LOGIN_UNKNOWN, now, true, retry_after);
        has(l, by_address, B_LOGIN, now, true, retry_after);
    }
    pthread_mutex_unlock(&l->lock);
    return ok;
}

/* Gives a token back to key's bucket of kind (never past its size). */
static void give_back(Limits *l, const char *key, int kind, double now)
{
    double cap, rate;
    shape(&l->cfg, kind, &cap, &rate);
    Bucket *b = &entry(l, key, now)->bucket[kind];
    b->tokens = fmin(cap, fill(l, b, kind, now) + 1);
}

void limits_login_settle(Limits *l, const char *client, const char *name, const char *device, double now,
                         const LoginAttempt *at, bool right)
{
    char key[CLIENT_MAX], here[CLIENT_MAX];
    login_keys(client, name, device, key, here);
    pthread_mutex_lock(&l->lock);
    sweep_if_full(l, now);
    if (right && device) {
        give_back(l, key, B_LOGIN_NAME, now);
    } else if (right) {
        give_back(l, client, B_LOGIN, now);
        give_back(l, here, B_LOGIN_NAME, now);
        if (at->took_name)
            give_back(l, key, B_LOGIN_UNKNOWN, now);
    } else if (at->fresh) {
        Bucket *b = &entry(l, here, now)->bucket[B_LOGIN_NAME];
        fill(l, b, B_LOGIN_NAME, now);
        b->tokens = 0;
    }
    pthread_mutex_unlock(&l->lock);
}

bool limits_signup(Limits *l, const char *client, double now, int *retry_after)
{
    return take_one(l, client, B_SIGNUP, now, retry_after);
}

bool limits_chat(Limits *l, const char *speaker, double now, int *retry_after)
{
    char key[CLIENT_MAX];
    snprintf(key, sizeof key, "chat:%.70s", speaker ? speaker : "");
    return take_one(l, key, B_CHAT, now, retry_after);
}

/* Whether a client holding mine of a total all may take one more: within
 * its own limit and the total, and past three quarters of the total only
 * while it holds fewer than few. */
static bool room_for(int mine, int mine_max, int all, int all_max, int few)
{
    return mine < mine_max && all < all_max && (all < all_max - all_max / 4 || mine < few);
}

bool limits_connection_acquire(Limits *l, const char *client, bool *per_client_over)
{
    pthread_mutex_lock(&l->lock);
    double now = limits_clock(l);
    sweep_if_full(l, now);
    Entry *e = entry(l, client, now);
    *per_client_over = e->connections >= l->cfg.connections_per_client;
    bool ok = room_for(e->connections, l->cfg.connections_per_client, l->connections, l->cfg.connections,
                       RESERVE_CONNECTIONS);
    if (ok) {
        e->connections++;
        l->connections++;
    }
    pthread_mutex_unlock(&l->lock);
    return ok;
}

void limits_connection_release(Limits *l, const char *client)
{
    pthread_mutex_lock(&l->lock);
    double now = limits_clock(l);
    sweep_if_full(l, now);
    Entry *e = entry(l, client, now);
    if (e->connections > 0) {
        e->connections--;
        l->connections--;
    }
    pthread_mutex_unlock(&l->lock);
}

static void game_key(const char *game, char key[CLIENT_MAX])
{
    snprintf(key, CLIENT_MAX, "game:%.60s", game);
}

bool limits_stream_acquire(Limits *l, const char *client, const char *game, bool player, StreamRefusal *why)
{
    const LimitsConfig *c = &l->cfg;
    char key[CLIENT_MAX];
    pthread_mutex_lock(&l->lock);
    double now = limits_clock(l);
    sweep_if_full(l, now);
    Entry *e = entry(l, client, now), *g = NULL;
    if (game) {
        game_key(game, key);
        g = entry(l, key, now);
    }
    bool few = e->streams < RESERVE_STREAMS;
    *why = 0;
    if (e->streams >= c->streams_per_client)
        *why = STREAM_PER_CLIENT;
    else if (player)
        *why = l->streams < c->streams + c->streams / 4 ? 0 : STREAM_ALL; /* a player's headroom */
    else if (g && g->streams >= c->streams_per_game && !few)
        *why = STREAM_PER_GAME;
    else if (!room_for(e->streams, c->streams_per_client, l->streams, c->streams, RESERVE_STREAMS))
        *why = STREAM_ALL;
    if (!*why) {
        e->streams++;
        l->streams++;
        if (g)
            g->streams++;
    }
    pthread_mutex_unlock(&l->lock);
    return !*why;
}

void limits_stream_release_of(Limits *l, const char *client, const char *game)
{
    char key[CLIENT_MAX];
    pthread_mutex_lock(&l->lock);
    double now = limits_clock(l);
    sweep_if_full(l, now);
    Entry *e = entry(l, client, now);
    if (e->streams > 0) {
        e->streams--;
        l->streams--;
    }
    if (game) {
        game_key(game, key);
        Entry *g = entry(l, key, now);
        if (g->streams > 0)
            g->streams--;
    }
    pthread_mutex_unlock(&l->lock);
}

void limits_stream_release(Limits *l, const char *client)
{
    limits_stream_release_of(l, client, NULL);
}
