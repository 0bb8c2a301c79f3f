#include "work_pool.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "../core/xalloc.h"

typedef struct Job {
    struct Job *next;
    WorkFn *run, *release;
    void *arg;
} Job;

struct WorkPool {
    pthread_mutex_t lock;
    pthread_cond_t ready;
    Job *head, *tail;
    bool stopping;
    int nthreads;
    pthread_t threads[];
};

static void finish(Job *j, bool ran)
{
    if (ran)
        j->run(j->arg);
    if (j->release)
        j->release(j->arg);
    free(j);
}

static void *worker(void *arg)
{
    WorkPool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        while (!p->head && !p->stopping)
            pthread_cond_wait(&p->ready, &p->lock);
        if (p->stopping) {
            pthread_mutex_unlock(&p->lock);
            return NULL;
        }
        Job *j = p->head;
        p->head = j->next;
        if (!p->head)
            p->tail = NULL;
        pthread_mutex_unlock(&p->lock);
        finish(j, true);
    }
}

WorkPool *work_pool_new(int threads)
{
    WorkPool *p = xcalloc(1, sizeof *p + (size_t)threads * sizeof(pthread_t));
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->ready, NULL);
    for (int i = 0; i < threads; i++)
        if (pthread_create(&p->threads[p->nthreads], NULL, worker, p) == 0)
            p->nthreads++;
    return p;
}

void work_pool_push(WorkPool *p, WorkFn *run, WorkFn *release, void *arg)
{
    Job *j = xmalloc(sizeof *j);
    *j = (Job){NULL, run, release, arg};
    pthread_mutex_lock(&p->lock);
    if (p->tail)
        p->tail->next = j;
    else
        p->head = j;
    p->tail = j;
    pthread_cond_signal(&p->ready);
    pthread_mutex_unlock(&p->lock);
}

void work_pool_free(WorkPool *p)
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
        Job *j = p->head;
        p->head = j->next;
        finish(j, false);
    }
    pthread_cond_destroy(&p->ready);
    pthread_mutex_destroy(&p->lock);
    free(p);
}
