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

WorkPool *work_pool_new(int threads);
/* Queues a job; it runs on the first free worker, jobs in the order given. */
void work_pool_push(WorkPool *p, WorkFn *run, WorkFn *release, void *arg);
/* Lets running jobs finish, releases the queued ones without running them,
 * joins the threads. */
void work_pool_free(WorkPool *p);

#endif
