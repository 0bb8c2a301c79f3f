/* The worker pool (work_pool.h): a queue of jobs for the workers, and a
 * queue of background jobs for one more worker of its own that runs at the
 * lowest CPU priority. */
#include "work_pool.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "../../core/xalloc.h"

typedef struct Job {
    struct Job *next;
    WorkFn *run, *release;
    void *arg;
} Job;

typedef struct Queue {
    Job *head, *tail;
} Queue;

struct WorkPool {
    pthread_mutex_t lock;
    pthread_cond_t ready;
    Queue jobs, background;
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

static Job *take(Queue *q)
{
    Job *j = q->head;
    if (j) {
        q->head = j->next;
        if (!q->head)
            q->tail = NULL;
    }
    return j;
}

static void put(Queue *q, Job *j)
{
    if (q->tail)
        q->tail->next = j;
    else
        q->head = j;
    q->tail = j;
}

/* A worker of q: runs its jobs until the pool stops. */
static void serve(WorkPool *p, Queue *q)
{
    for (;;) {
        pthread_mutex_lock(&p->lock);
        while (!q->head && !p->stopping)
            pthread_cond_wait(&p->ready, &p->lock);
        if (p->stopping) {
            pthread_mutex_unlock(&p->lock);
            return;
        }
        Job *j = take(q);
        pthread_mutex_unlock(&p->lock);
        finish(j, true);
    }
}

static void *worker(void *arg)
{
    WorkPool *p = arg;
    serve(p, &p->jobs);
    return NULL;
}

static void *background_worker(void *arg)
{
    WorkPool *p = arg;
    /* Linux gives each thread its own nice value: the lowest priority, so
     * that the other workers' jobs get the cores first. */
    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 19);
    serve(p, &p->background);
    return NULL;
}

WorkPool *work_pool_new(int threads)
{
    WorkPool *p = xcalloc(1, sizeof *p + (size_t)(threads + 1) * sizeof(pthread_t));
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->ready, NULL);
    for (int i = 0; i <= threads; i++)
        if (pthread_create(&p->threads[p->nthreads], NULL, i < threads ? worker : background_worker, p) == 0)
            p->nthreads++;
    return p;
}

static void push(WorkPool *p, Queue *q, WorkFn *run, WorkFn *release, void *arg)
{
    Job *j = xmalloc(sizeof *j);
    *j = (Job){NULL, run, release, arg};
    pthread_mutex_lock(&p->lock);
    put(q, j);
    pthread_cond_broadcast(&p->ready); /* workers of both queues wait on it */
    pthread_mutex_unlock(&p->lock);
}

void work_pool_push(WorkPool *p, WorkFn *run, WorkFn *release, void *arg)
{
    push(p, &p->jobs, run, release, arg);
}

void work_pool_push_background(WorkPool *p, WorkFn *run, WorkFn *release, void *arg)
{
    push(p, &p->background, run, release, arg);
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
    Job *j;
    while ((j = take(&p->jobs)) || (j = take(&p->background)))
        finish(j, false);
    pthread_cond_destroy(&p->ready);
    pthread_mutex_destroy(&p->lock);
    free(p);
}
