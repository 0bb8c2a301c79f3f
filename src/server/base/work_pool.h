/* Worker threads that run the jobs they are given, so that the HTTP
 * threads keep answering everyone else (an AI seat thinks on one). The pool
 * knows nothing of what a job is: a function, its argument, and what to do
 * with the argument once the job ran or was dropped. */
#ifndef MORPH_WORK_POOL_H
#define MORPH_WORK_POOL_H

typedef struct WorkPool WorkPool;

/* A job: run(arg) on a worker, then release(arg) (release alone when the
 * pool is freed before the job ran). release may be NULL. */
typedef void WorkFn(void *arg);

/* threads workers for jobs, and one for background jobs. */
WorkPool *work_pool_new(int threads);
/* Queues a job; it runs on the first free worker, jobs in the order given. */
void work_pool_push(WorkPool *p, WorkFn *run, WorkFn *release, void *arg);
/* Queues a background job (a post-game analysis): background jobs run one
 * at a time, in the order given, on one more worker of their own at the
 * lowest CPU priority (nice 19), so they never hold up the jobs above. */
void work_pool_push_background(WorkPool *p, WorkFn *run, WorkFn *release, void *arg);
/* Lets running jobs finish, releases the queued ones without running them,
 * joins the threads. */
void work_pool_free(WorkPool *p);

#endif
