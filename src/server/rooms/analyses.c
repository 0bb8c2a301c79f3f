/* Post-game analyses as background jobs (analyses.h). */
#include "analyses.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../ai/analysis.h"
#include "../../core/strbuf.h"
#include "../../core/xalloc.h"
#include "../../front/analysis_json.h"
#include "../../front/record.h"
#include "../../games/registry.h"
#include "../base/limits.h"

enum { QUEUED, RUNNING, DONE };

typedef struct Job {
    struct Job *next;
    Analyses *owner;
    char key[ANALYSIS_ID_LEN + 1];
    bool stored;
    bool remote;                /* runs on another server of a shared store: followed through the store */
    int status, done, total;
    char *result;               /* the analysis's JSON text once DONE */
    bool failed;                /* result is then {"error":"..."} */
    bool saved;                 /* in the store: the job leaves memory when the queue lets it go */
    Game *game;
    char **texts;
    int count;
    char names[MAX_PLAYERS][ROOM_NAME_MAX];
    double started;
    Feed *feed;                 /* its live stream: the progress, then the result */
} Job;

struct Analyses {
    pthread_mutex_t lock;
    FairPool *queue;            /* one worker at nice 19, shared fairly between addresses */
    Store *store;
    double budget, max_seconds;
    bool stopping;
    Job *jobs;                  /* newest first */
};

Analyses *analyses_new(Store *store, double budget, double max_seconds, int nice)
{
    Analyses *a = xcalloc(1, sizeof *a);
    pthread_mutex_init(&a->lock, NULL);
    a->queue = fair_pool_new(1, ANALYSES_PER_CLIENT, ANALYSES_WAITING_MAX, nice);
    a->store = store;
    a->budget = budget;
    a->max_seconds = max_seconds;
    return a;
}

static void job_free(Job *j)
{
    for (int i = 0; i < j->count; i++)
        free(j->texts[i]);
    free(j->texts);
    game_free(j->game);
    free(j->result);
    feed_unref(j->feed);
    free(j);
}

void analyses_stop(Analyses *a)
{
    pthread_mutex_lock(&a->lock);
    a->stopping = true;
    pthread_mutex_unlock(&a->lock);
}

void analyses_free(Analyses *a)
{
    if (!a)
        return;
    analyses_stop(a);
    fair_pool_free(a->queue); /* the running one ends; the waiting ones end as failed */
    while (a->jobs) {
        Job *j = a->jobs;
        a->jobs = j->next;
        job_free(j);
    }
    pthread_mutex_destroy(&a->lock);
    free(a);
}

/* The work of a stored game's analysis in a shared store (store.h). */
static bool shared(const Analyses *a)
{
    return a->store->ops->shared;
}

static Job *find(Analyses *a, const char *key)
{
    for (Job *j = a->jobs; j; j = j->next)
        if (strcmp(j->key, key) == 0)
            return j;
    return NULL;
}

static Job *follow(Analyses *a, const char *key);

static void unlink_job(Analyses *a, Job *job)
{
    for (Job **p = &a->jobs; *p; p = &(*p)->next)
        if (*p == job) {
            *p = job->next;
            return;
        }
}

/* The job as the API shows it (docs/web-api.md) into sb (a->lock held). */
static void put_status(const Job *j, StrBuf *sb)
{
    if (j->failed)
        sb_puts(sb, j->result);
    else if (j->status == DONE)
        sb_printf(sb, "{\"status\":\"done\",\"analysis\":%s}", j->result);
    else
        sb_printf(sb, "{\"status\":\"%s\",\"done\":%d,\"total\":%d}", j->status == QUEUED ? "queued" : "running",
                  j->done, j->total < 0 ? 0 : j->total);
}

/* The job's state to its stream's readers (a->lock held): "progress"
 * while it waits or runs, then "done" or "failed", the last. */
static void publish(Job *j)
{
    StrBuf sb = STRBUF_INIT;
    put_status(j, &sb);
    const char *event = j->failed ? "failed" : j->status == DONE ? "done" : "progress";
    feed_publish(j->feed, event, sb_str(&sb), j->status == DONE);
    sb_free(&sb);
}

static bool on_progress(void *ctx, const AnalysisProgress *p)
{
    Job *j = ctx;
    Analyses *a = j->owner;
    pthread_mutex_lock(&a->lock);
    if (j->done != p->done || j->total != p->total) {
        j->done = p->done;
        j->total = p->total;
        publish(j);
    }
    bool go_on = !a->stopping && limits_now() - j->started < a->max_seconds;
    pthread_mutex_unlock(&a->lock);
    return go_on;
}

/* Runs the analysis and saves a stored game's; the job ends in finish. */
static void run(void *arg)
{
    Job *j = arg;
    Analyses *a = j->owner;
    pthread_mutex_lock(&a->lock);
    j->status = RUNNING;
    j->started = limits_now();
    publish(j);
    pthread_mutex_unlock(&a->lock);
    Voice v = {.viewer = -1};
    for (int p = 0; p < MAX_PLAYERS; p++)
        v.names[p] = j->names[p];
    Analysis an;
    char err[ERR_MAX];
    char *text;
    bool ok = analysis_run(j->game, (const char *const *)j->texts, j->count, a->budget, ANALYSES_SEED, &v, on_progress, j,
                     &an, err, sizeof err);
    if (ok) {
        json_t *o = analysis_to_json(&an, j->game);
        json_object_set_new(o, "seconds", json_real(limits_now() - j->started));
        text = json_dumps(o, JSON_COMPACT);
        json_decref(o);
        analysis_free(&an);
    } else {
        json_t *o = json_pack("{s:s,s:s}", "status", "failed", "error", err);
        text = json_dumps(o, JSON_COMPACT);
        json_decref(o);
    }
    pthread_mutex_lock(&a->lock);
    bool keep = !a->stopping;
    pthread_mutex_unlock(&a->lock);
    char created[21];
    record_now(created);
    /* A stored game's analysis goes to the store, and is read from there
     * from now on; one stopped by the server's end is not kept. */
    bool saved = keep && ok && j->stored && a->store->ops->analysis_save(a->store, j->key, text, created, err, sizeof err);
    /* A failed one may be asked for again; one stopped by the server's end
     * stays held until the store lets go of this server's work (leave),
     * for another server to run. */
    char ignore[ERR_MAX];
    if (keep && !ok && j->stored && shared(a))
        a->store->ops->work_end(a->store, j->key, WORK_ANALYSIS, ignore, sizeof ignore);
    if (saved && shared(a)) /* which server of several did it, for the operators */
        fprintf(stderr, "morph serve: analysed game %s here (%.1f s)\n", j->key, limits_now() - j->started);
    pthread_mutex_lock(&a->lock);
    j->result = text;
    j->failed = !ok;
    j->saved = saved;
    pthread_mutex_unlock(&a->lock);
}

/* Ends a job once the queue lets it go: after run, its result to its
 * stream (a saved one then leaves memory, read from the store from now
 * on); without running (another address's took its place, or the server
 * stops), "failed", so that it may be asked for again. Until then the job
 * is not DONE, so nothing frees it. */
static void finish(void *arg)
{
    Job *j = arg;
    Analyses *a = j->owner;
    bool ran = j->result != NULL; /* only run sets it, on this same worker before */
    pthread_mutex_lock(&a->lock);
    bool stopping = a->stopping;
    if (!ran) {
        j->failed = true;
        j->result = xstrdup(stopping ? "{\"status\":\"failed\",\"error\":\"the server stopped before this analysis "
                                       "started; ask again\"}"
                                     : "{\"status\":\"failed\",\"error\":\"the analyses' queue was full and this one "
                                       "gave way to one of an address that had none; ask again\"}");
    }
    j->status = DONE;
    publish(j);
    bool end_work = !ran && !stopping && j->stored && shared(a);
    char key[ANALYSIS_ID_LEN + 1];
    snprintf(key, sizeof key, "%s", j->key);
    if (j->saved) {
        unlink_job(a, j);
        job_free(j);
    }
    pthread_mutex_unlock(&a->lock);
    char ignore[ERR_MAX]; /* another server may take it now */
    if (end_work)
        a->store->ops->work_end(a->store, key, WORK_ANALYSIS, ignore, sizeof ignore);
}

/* Follows key's analysis running on another server (a->lock held): a job
 * without a game, "running" with nothing done that the page can count,
 * whose stream ends when the store has the result (settle). */
static Job *follow(Analyses *a, const char *key)
{
    Job *j = xcalloc(1, sizeof *j);
    j->owner = a;
    snprintf(j->key, sizeof j->key, "%s", key);
    j->stored = j->remote = true;
    j->status = RUNNING;
    j->feed = feed_new("progress");
    publish(j);
    j->next = a->jobs;
    a->jobs = j;
    return j;
}

/* A followed job whose analysis the store now has ends with it; one whose
 * work ended without a result (failed there) ends as failed (a->lock
 * held). Whether j was freed. */
static bool settle(Analyses *a, Job *j)
{
    char err[ERR_MAX];
    char *json = NULL;
    bool held = true;
    if (!a->store->ops->analysis_load(a->store, j->key, &json, err, sizeof err))
        return false;
    if (!json && !a->store->ops->work_held(a->store, j->key, WORK_ANALYSIS, &held, err, sizeof err))
        return false;
    if (!json && held)
        return false;
    j->status = DONE;
    if (json) {
        j->result = json;
    } else {
        j->failed = true;
        j->result = xstrdup("{\"status\":\"failed\",\"error\":\"the analysis failed on another server\"}");
    }
    publish(j);
    if (!json)
        return false;
    unlink_job(a, j);
    job_free(j);
    return true;
}

void analyses_heard(Analyses *a, const char *key)
{
    pthread_mutex_lock(&a->lock);
    Job *j = key ? find(a, key) : a->jobs;
    while (j) {
        Job *next = key ? NULL : j->next;
        if (j->remote && j->status != DONE)
            settle(a, j);
        j = next;
    }
    pthread_mutex_unlock(&a->lock);
}

/* Drops the oldest finished uploads beyond ANALYSES_KEPT (lock held). */
static void forget_old(Analyses *a)
{
    int kept = 0;
    for (Job **p = &a->jobs; *p;) {
        Job *j = *p;
        if (j->status == DONE && ++kept > ANALYSES_KEPT) {
            *p = j->next;
            job_free(j);
        } else {
            p = &j->next;
        }
    }
}

/* Hands j to the fair queue (analyses.h): a finished game's player goes
 * first; the server's own (a game taken over from a server gone) too, each
 * counted apart. A refused job ends as failed, its work let go. */
static int queue(Analyses *a, Job *j, const AnalysisAsker *asker)
{
    char client[FAIR_CLIENT_MAX];
    if (asker)
        snprintf(client, sizeof client, "%s", asker->client ? asker->client : "");
    else
        snprintf(client, sizeof client, "takeover:%s", j->key);
    bool first = !asker || asker->player;
    FairPush pushed = fair_pool_push(a->queue, client, first, run, finish, j);
    if (pushed == FAIR_QUEUED)
        return ANALYSES_STARTED;
    pthread_mutex_lock(&a->lock);
    j->status = DONE;
    j->failed = true;
    j->result = xstrdup("{\"status\":\"failed\",\"error\":\"the analyses' queue is full\"}");
    publish(j);
    bool end_work = j->stored && shared(a);
    char key[ANALYSIS_ID_LEN + 1];
    snprintf(key, sizeof key, "%s", j->key);
    unlink_job(a, j);
    job_free(j);
    pthread_mutex_unlock(&a->lock);
    char ignore[ERR_MAX];
    if (end_work)
        a->store->ops->work_end(a->store, key, WORK_ANALYSIS, ignore, sizeof ignore);
    return pushed == FAIR_CLIENT_FULL ? ANALYSES_CLIENT_FULL : ANALYSES_BUSY;
}

int analyses_start(Analyses *a, char key[ANALYSIS_ID_LEN + 1], bool stored, const Game *g, char *const *texts, int n,
                   const char *const *names, const AnalysisAsker *asker)
{
    pthread_mutex_lock(&a->lock);
    Job *old = stored ? find(a, key) : NULL;
    if (old && old->status != DONE && !old->remote) {
        pthread_mutex_unlock(&a->lock);
        return ANALYSES_ALREADY;
    }
    if (!stored && !token_random(key, ANALYSIS_ID_LEN)) {
        pthread_mutex_unlock(&a->lock);
        return ANALYSES_BUSY;
    }
    char err[ERR_MAX];
    /* Over a shared store, one server runs a game's analysis: the one that
     * takes its work (the others follow it through the store). */
    bool taken = true;
    if (stored && shared(a) && !a->store->ops->work_take(a->store, key, WORK_ANALYSIS, &taken, err, sizeof err)) {
        pthread_mutex_unlock(&a->lock);
        fprintf(stderr, "morph serve: analysis of %s: %s\n", key, err);
        return ANALYSES_STORE_DOWN;
    }
    if (!taken) {
        if (old && old->status == DONE) { /* an earlier failure here: follow the run there instead */
            unlink_job(a, old);
            job_free(old);
            old = NULL;
        }
        if (!old)
            follow(a, key);
        pthread_mutex_unlock(&a->lock);
        return ANALYSES_ALREADY;
    }
    Feed *feed = NULL; /* a followed analysis's stream goes on with this run */
    if (old) {
        if (old->remote && old->status != DONE) {
            feed = old->feed;
            old->feed = NULL;
        }
        unlink_job(a, old);
        job_free(old);
    }
    Job *j = xcalloc(1, sizeof *j);
    j->owner = a;
    snprintf(j->key, sizeof j->key, "%s", key);
    j->stored = stored;
    j->game = game_new(g->ops->name, &g->options, err, sizeof err);
    j->texts = xmalloc((size_t)(n ? n : 1) * sizeof *j->texts);
    for (int i = 0; i < n; i++)
        j->texts[i] = xstrdup(texts[i]);
    j->count = n;
    for (int p = 0; p < g->num_players && p < MAX_PLAYERS; p++)
        if (names && names[p])
            snprintf(j->names[p], sizeof j->names[p], "%s", names[p]);
        else
            snprintf(j->names[p], sizeof j->names[p], "P%d", p + 1); /* an upload: as a record's sentences name seats */
    j->total = analysis_count(j->game, (const char *const *)j->texts, n, err, sizeof err);
    j->feed = feed ? feed : feed_new("progress");
    publish(j);
    j->next = a->jobs;
    a->jobs = j;
    forget_old(a);
    pthread_mutex_unlock(&a->lock);
    /* Queued outside the lock: a job it drops for this one ends (finish)
     * before the push returns. */
    return queue(a, j, asker);
}

/* Over a shared store, when another server holds the work of key's
 * analysis: follows it (a job made now when there is none here), its
 * status into sb and a reference to its stream into *feed (either may be
 * NULL). False when no server does (err says why when the store failed). */
static bool held_elsewhere(Analyses *a, const char *key, StrBuf *sb, Feed **feed, char *err, size_t errlen)
{
    bool held = false;
    if (!shared(a) || !a->store->ops->work_held(a->store, key, WORK_ANALYSIS, &held, err, errlen) || !held)
        return false;
    pthread_mutex_lock(&a->lock);
    Job *j = find(a, key);
    if (!j)
        j = follow(a, key);
    if (sb)
        put_status(j, sb);
    if (feed) {
        *feed = j->feed;
        feed_ref(*feed);
    }
    pthread_mutex_unlock(&a->lock);
    return true;
}

/* A stored game's analysis as the API shows it into sb; false when it has
 * none (err says why when the store failed). */
static bool load_stored(Analyses *a, const char *key, StrBuf *sb, char *err, size_t errlen)
{
    char *json = NULL;
    bool found = a->store->ops->analysis_load(a->store, key, &json, err, errlen) && json;
    if (found)
        sb_printf(sb, "{\"status\":\"done\",\"analysis\":%s}", json);
    free(json);
    return found;
}

char *analyses_status(Analyses *a, const char *key, bool stored, char *err, size_t errlen)
{
    if (err && errlen)
        err[0] = '\0'; /* so that a failure of the store is told from none */
    StrBuf sb = STRBUF_INIT;
    pthread_mutex_lock(&a->lock);
    Job *j = find(a, key);
    if (j)
        put_status(j, &sb);
    pthread_mutex_unlock(&a->lock);
    if (!j && stored && !load_stored(a, key, &sb, err, errlen) && !err[0])
        held_elsewhere(a, key, &sb, NULL, err, errlen);
    if (!sb.len) {
        sb_free(&sb);
        return NULL;
    }
    return sb.data;
}

Feed *analyses_feed(Analyses *a, const char *key, bool stored, char *err, size_t errlen)
{
    if (err && errlen)
        err[0] = '\0';
    Feed *f = NULL;
    pthread_mutex_lock(&a->lock);
    Job *j = find(a, key);
    if (j) {
        f = j->feed;
        feed_ref(f);
    }
    pthread_mutex_unlock(&a->lock);
    if (j || !stored)
        return f;
    /* Done and in the store (or none): a stream of its one last event. */
    StrBuf sb = STRBUF_INIT;
    if (load_stored(a, key, &sb, err, errlen)) {
        f = feed_new("done");
        feed_publish(f, "done", sb_str(&sb), true);
    } else if (!err[0]) {
        held_elsewhere(a, key, NULL, &f, err, errlen);
    }
    sb_free(&sb);
    return f;
}
