/* The running games of each client address, so that one address cannot
 * fill the store and the lists with games it leaves (--running-per-client,
 * docs/web.md "Idle games"). Counted in this server's memory, like the
 * other limits: a game made here is counted until it is over. A game that
 * ended where this server did not hear of it (on another server of a
 * shared store) is found over when its client is at the limit: the store
 * is asked then, so the count is never wrong for long.
 *
 * And how many are playing between people now, for the home page: the
 * store's count of every server's games, asked at most every few seconds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server.h"
#include "../../core/xalloc.h"

#define RUNNING_GONE "-" /* a removed game's slot: lookups go past it */

static uint32_t hash_text(const char *text)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        h = (h ^ *p) * 16777619u;
    return h;
}

/* The slot of game id, or the empty one where it would go. */
static int game_slot(const Server *s, const char *id)
{
    int mask = s->running_cap - 1, gone = -1;
    for (int i = (int)(hash_text(id) & (uint32_t)mask);; i = (i + 1) & mask) {
        const char *at = s->running[i].id;
        if (!at[0])
            return gone >= 0 ? gone : i;
        if (strcmp(at, RUNNING_GONE) == 0) {
            if (gone < 0)
                gone = i;
        } else if (strcmp(at, id) == 0) {
            return i;
        }
    }
}

static struct RunningClient *client_slot(Server *s, const char *client)
{
    int mask = s->clients_cap - 1;
    for (int i = (int)(hash_text(client) & (uint32_t)mask);; i = (i + 1) & mask)
        if (!s->running_clients[i].client[0] || strcmp(s->running_clients[i].client, client) == 0)
            return &s->running_clients[i];
}

/* Room for one more game and one more client, the tables at most half full. */
static void make_room(Server *s)
{
    if (2 * (s->running_used + 1) > s->running_cap) {
        struct RunningGame *old = s->running;
        int old_cap = s->running_cap;
        s->running_cap = old_cap ? (2 * (s->nrunning + 1) > old_cap ? 2 * old_cap : old_cap) : 256;
        s->running = xcalloc((size_t)s->running_cap, sizeof *s->running);
        s->running_used = s->nrunning;
        for (int i = 0; i < old_cap; i++)
            if (old[i].id[0] && strcmp(old[i].id, RUNNING_GONE) != 0)
                s->running[game_slot(s, old[i].id)] = old[i];
        free(old);
    }
    if (2 * (s->nclients + 1) > s->clients_cap) {
        struct RunningClient *old = s->running_clients;
        int old_cap = s->clients_cap;
        s->clients_cap = old_cap ? 2 * old_cap : 64;
        s->running_clients = xcalloc((size_t)s->clients_cap, sizeof *s->running_clients);
        for (int i = 0; i < old_cap; i++)
            if (old[i].client[0])
                *client_slot(s, old[i].client) = old[i];
        free(old);
    }
}

void server_running_add(Server *s, const char *client, const char *id)
{
    pthread_mutex_lock(&s->running_lock);
    make_room(s);
    struct RunningGame *g = &s->running[game_slot(s, id)];
    if (!g->id[0] || strcmp(g->id, RUNNING_GONE) == 0) {
        s->running_used += !g->id[0];
        snprintf(g->client, sizeof g->client, "%s", client);
        snprintf(g->id, sizeof g->id, "%s", id);
        s->nrunning++;
        struct RunningClient *c = client_slot(s, g->client);
        if (!c->client[0]) {
            snprintf(c->client, sizeof c->client, "%s", g->client);
            s->nclients++;
        }
        c->count++;
    }
    pthread_mutex_unlock(&s->running_lock);
}

void server_running_over(Server *s, const char *id)
{
    pthread_mutex_lock(&s->running_lock);
    if (s->running_cap) {
        struct RunningGame *g = &s->running[game_slot(s, id)];
        if (g->id[0] && strcmp(g->id, RUNNING_GONE) != 0) {
            client_slot(s, g->client)->count--;
            snprintf(g->id, sizeof g->id, "%s", RUNNING_GONE);
            s->nrunning--;
        }
    }
    pthread_mutex_unlock(&s->running_lock);
}

/* How many games client has running; with ids, up to max of them copied
 * (read through every slot: only for a client at its limit). */
static int games_of(Server *s, const char *client, char (*ids)[GAME_ID_LEN + 1], int max)
{
    int n = 0;
    pthread_mutex_lock(&s->running_lock);
    if (s->clients_cap)
        n = client_slot(s, client)->count;
    for (int i = 0, k = 0; ids && i < s->running_cap && k < max; i++)
        if (strcmp(s->running[i].client, client) == 0 && s->running[i].id[0] &&
            strcmp(s->running[i].id, RUNNING_GONE) != 0)
            memcpy(ids[k++], s->running[i].id, GAME_ID_LEN + 1);
    pthread_mutex_unlock(&s->running_lock);
    return n;
}

/* Whether game id is over, as the store says (every change is stored
 * before it is told; a game that cannot be read counts as running). */
static bool over(Server *s, const char *id)
{
    StoredGame g;
    bool found = false;
    char err[ERR_MAX + 128];
    /* no actions read: only the game's row and seats */
    if (!s->store->ops->load_since(s->store, id, 1 << 30, &g, &found, err, sizeof err))
        return false;
    bool done = !found || g.status == STATUS_FINISHED;
    if (found)
        stored_game_clear(&g);
    return done;
}

bool server_running_admit(Server *s, const char *client)
{
    int cap = s->cfg.running_per_client;
    if (cap <= 0 || !client)
        return true;
    int n = games_of(s, client, NULL, 0);
    if (n < cap)
        return true;
    /* at the limit: forget the games that ended without this server
     * hearing of it (the store asked of at most MAX_ASKED) */
    enum { MAX_ASKED = 64 };
    char (*ids)[GAME_ID_LEN + 1] = xmalloc(MAX_ASKED * sizeof *ids);
    int k = games_of(s, client, ids, cap < MAX_ASKED ? cap : MAX_ASKED);
    for (int i = 0; n >= cap && i < k && i < MAX_ASKED; i++)
        if (over(s, ids[i])) {
            server_running_over(s, ids[i]);
            n--;
        }
    free(ids);
    return n < cap;
}

bool server_playing_now(Server *s, double now, int *games, int *people)
{    pthread_mutex_lock(&s->running_lock);
    bool fresh = s->playing.at > 0 && now - s->playing.at < PLAYING_ASK_S;
    *games = s->playing.games;
    *people = s->playing.people;
    pthread_mutex_unlock(&s->running_lock);
    if (fresh)
        return true;
    /* asked without the lock: two pages at once may both ask, which is harmless */
    time_t since = time(NULL) - PLAYING_RECENT_S;
    struct tm tm;
    char iso[21], err[ERR_MAX + 128];
    gmtime_r(&since, &tm);
    strftime(iso, sizeof iso, "%Y-%m-%dT%H:%M:%SZ", &tm);
    if (!s->store->ops->count_playing(s->store, iso, games, people, err, sizeof err))
        return false;
    pthread_mutex_lock(&s->running_lock);
    s->playing = (struct PlayingNow){.at = now, .games = *games, .people = *people};
    pthread_mutex_unlock(&s->running_lock);
    return true;
}

void server_running_free(Server *s)
{
    free(s->running);
    free(s->running_clients);
    s->running = NULL;
    s->running_clients = NULL;
    s->nrunning = s->running_used = s->running_cap = s->nclients = s->clients_cap = 0;
}
