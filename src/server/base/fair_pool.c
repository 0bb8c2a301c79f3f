/* The fair pool (fair_pool.h): one queue of jobs in the order given, a
 * record per client (its jobs waiting and running, and its use of the
 * pool, decaying), and workers that pick, among the jobs whose client may
 * run one more, the one of the client with the least load: its jobs
 * waiting and running, plus its use in seconds. */
#include "fair_pool.h"

#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "../../core/xalloc.h"

#define CLIENTS_KEPT 4096 /* records of idle clients kept for their use, at most */

typedef struct FairClient {
    struct FairClient *next;
    char key[FAIR_CLIENT_MAX];
    int waiting, running;
    double use, at;  /* seconds of work, as of at */
} FairClient;

typedef struct FairJob {
    struct FairJob *next;
    FairClient *client;
    bool urgent;
    WorkFn *run, *release;
    void *arg;
} FairJob;

struct FairPool {
    pthread_mutex_t lock;
    pthread_cond_t ready;
    FairJob *head, *tail;
    int waiting;
    FairClient *clients;
    int nclients;
    int per_client, running_max, queue_max, nice;
    bool stopping;
    int nthreads;
    pthread_t threads[];
};

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static double use_at(const FairClient *c, double now)
{
    return c->use * exp2(-(now - c->at) / FAIR_HALF_LIFE_S);
}

/* Drops the records of clients with no job whose use has faded (all idle
 * ones when too many are kept). */
static void forget_idle(FairPool *p, double now)
{
    bool all = p->nclients > CLIENTS_KEPT;
    for (FairClient **pc = &p->clients; *pc;) {
        FairClient *c = *pc;
        if (c->waiting == 0 && c->running == 0 && (all || use_at(c, now) < 0.001)) {
            *pc = c->next;
            free(c);
            p->nclients--;
        } else {
            pc = &c->next;
        }
    }
}

static FairClient *client_of(FairPool *p, const char *key)
{
    char k[FAIR_CLIENT_MAX];
    snprintf(k, sizeof k, "%s", key ? key : "");
    for (FairClient *c = p->clients; c; c = c->next)
        if (strcmp(c->key, k) == 0)
            return c;
    FairClient *c = xcalloc(1, sizeof *c);
    memcpy(c->key, k, sizeof k);
    c->next = p->clients;
    p->clients = c;
    p->nclients++;
    return c;
}

/* What client has of the pool: its jobs, and its recent use in seconds. */
static double load_of(const FairClient *c, double now)
{
    return c->waiting + c->running + use_at(c, now);
}

/* Takes the job at *pj out of the queue. */
static FairJob *unlink_job(FairPool *p, FairJob **pj)
{
    FairJob *j = *pj;
    *pj = j->next;
    if (p->tail == j) {
        p->tail = NULL;
        for (FairJob *k = p->head; k; k = k->next)
            p->tail = k;
    }
    p->waiting--;
    j->client->waiting--;
    return j;
}

/* Takes the next job to run (NULL when none may run now): an urgent one
 * first, then the one of the client with the least load. */
static FairJob *pick(FairPool *p, double now)
{
    FairJob **best = NULL;
    double least = 0;
    for (FairJob **pj = &p->head; *pj; pj = &(*pj)->next) {
        FairClient *c = (*pj)->client;
        if (c->running >= p->running_max)
            continue;
        double load = load_of(c, now) - ((*pj)->urgent ? 1e9 : 0);
        if (!best || load < least) {
            best = pj;
            least = load;
        }
    }
    if (!best)
        return NULL;
    FairJob *j = unlink_job(p, best);
    j->client->running++;
    return j;
}

static void *worker(void *arg)
{
    FairPool *p = arg;
    if (p->nice > 0) /* Linux gives each thread its own nice value */
        setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), p->nice);
    pthread_mutex_lock(&p->lock);
    for (;;) {
        FairJob *j = NULL;
        while (!p->stopping && !(j = pick(p, now_s())))
            pthread_cond_wait(&p->ready, &p->lock);
        if (!j)
            break;
        pthread_mutex_unlock(&p->lock);
        double start = now_s();
        j->run(j->arg);
        double end = now_s();
        if (j->release)
            j->release(j->arg);
        pthread_mutex_lock(&p->lock);
        FairClient *c = j->client;
        c->use = use_at(c, end) + (j->urgent ? 0 : end - start); /* an urgent job is not charged */
        c->at = end;
        c->running--;
        free(j);
        pthread_cond_broadcast(&p->ready); /* a job of c may run now */
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

FairPool *fair_pool_new(int threads, int per_client, int queue_max, int nice)
{
    if (threads < 1)
        threads = 1;
    FairPool *p = xcalloc(1, sizeof *p + (size_t)threads * sizeof(pthread_t));
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->ready, NULL);
    p->per_client = per_client > 0 ? per_client : 1;
    p->running_max = (threads + 1) / 2;
    p->queue_max = queue_max > 0 ? queue_max : 1;
    p->nice = nice;
    for (int i = 0; i < threads; i++)
        if (pthread_create(&p->threads[p->nthreads], NULL, worker, p) == 0)
            p->nthreads++;
    return p;
}

/* The queue is full: takes out the newest job, not urgent, of the client
 * with the most jobs waiting (the most load among equals), when client has
 * none waiting and that one two or more (one each before two for anyone),
 * or it would still hold at least as much as client with its new job, or
 * that one is urgent; NULL when there is none such. */
static FairJob *evict_for(FairPool *p, const FairClient *client, bool urgent, double now)
{
    FairJob **worst = NULL;
    double most = 0;
    for (FairJob **pj = &p->head; *pj; pj = &(*pj)->next) {
        const FairClient *c = (*pj)->client;
        double rank = c->waiting * 1e6 + load_of(c, now);
        if (!(*pj)->urgent && (!worst || rank >= most)) {
            worst = pj;
            most = rank;
        }
    }
    if (!worst)
        return NULL;
    const FairClient *victim = (*worst)->client;
    if (!urgent && !(victim->waiting >= 2 && client->waiting == 0) &&
        load_of(victim, now) - 1 < load_of(client, now) + 1)
        return NULL;
    return unlink_job(p, worst);
}

FairPush fair_pool_push(FairPool *p, const char *client, bool urgent, WorkFn *run, WorkFn *release, void *arg)
{
    pthread_mutex_lock(&p->lock);
    double now = now_s();
    forget_idle(p, now);
    FairClient *c = client_of(p, client);
    FairJob *evicted = NULL;
    FairPush out = FAIR_QUEUED;
    if (c->waiting + c->running >= p->per_client)
        out = FAIR_CLIENT_FULL;
    else if (p->waiting >= p->queue_max && !(evicted = evict_for(p, c, urgent, now)))
        out = FAIR_FULL;
    if (out == FAIR_QUEUED) {
        FairJob *j = xmalloc(sizeof *j);
        *j = (FairJob){NULL, c, urgent, run, release, arg};
        if (p->tail)
            p->tail->next = j;
        else
            p->head = j;
        p->tail = j;
        p->waiting++;
        c->waiting++;
        pthread_cond_signal(&p->ready);
    }
    pthread_mutex_unlock(&p->lock);
    if (evicted) { /* dropped without running, for one of a client that holds less */
        if (evicted->release)
            evicted->release(evicted->arg);
        free(evicted);
    }
    return out;
}

void fair_pool_free(FairPool *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->stopping = true;
    pthread_cond_broadcast(&p->ready);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->nthreads; i++)
        pthread_join(p->threads[i], NULL);
    while (p->head) {
        FairJob *j = p->head;
        p->head = j->next;
        if (j->release)
            j->release(j->arg);
        free(j);
    }
    while (p->clients) {
        FairClient *c = p->clients;
        p->clients = c->next;
        free(c);
    }
    pthread_cond_destroy(&p->ready);
    pthread_mutex_destroy(&p->lock);
    free(p);
}
