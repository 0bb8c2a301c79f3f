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
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "server.h"
#include "../../core/xalloc.h"

static void forget_at(Server *s, int i)
{
    s->running[i] = s->running[--s->nrunning];
}

void server_running_add(Server *s, const char *client, const char *id)
{
    pthread_mutex_lock(&s->running_lock);
    if (s->nrunning == s->running_cap) {
        s->running_cap = s->running_cap ? 2 * s->running_cap : 256;
        s->running = xrealloc(s->running, (size_t)s->running_cap * sizeof *s->running);
    }
    struct RunningGame *g = &s->running[s->nrunning++];
    snprintf(g->client, sizeof g->client, "%s", client);
    snprintf(g->id, sizeof g->id, "%s", id);
    pthread_mutex_unlock(&s->running_lock);
}

void server_running_over(Server *s, const char *id)
{
    pthread_mutex_lock(&s->running_lock);
    for (int i = 0; i < s->nrunning; i++)
        if (strcmp(s->running[i].id, id) == 0) {
            forget_at(s, i);
            break;
        }
    pthread_mutex_unlock(&s->running_lock);
}

/* The games of client counted now, copied into ids (at most max). */
static int games_of(Server *s, const char *client, char (*ids)[GAME_ID_LEN + 1], int max)
{
    int n = 0;
    pthread_mutex_lock(&s->running_lock);
    for (int i = 0; i < s->nrunning; i++)
        if (strcmp(s->running[i].client, client) == 0) {
            if (n < max)
                memcpy(ids[n], s->running[i].id, GAME_ID_LEN + 1);
            n++;
        }
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
    char (*ids)[GAME_ID_LEN + 1] = xmalloc((size_t)cap * sizeof *ids);
    int n = games_of(s, client, ids, cap);
    /* at the limit: forget the games that ended without this server hearing of it */
    for (int i = 0; n >= cap && i < cap; i++)
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
    s->running = NULL;
    s->nrunning = s->running_cap = 0;
}
