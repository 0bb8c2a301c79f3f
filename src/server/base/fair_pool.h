/* Workers for slow requests of one kind (passwords' hashes, hints), shared
 * fairly between clients, so that one address cannot hold them all:
 * a client has at most per_client jobs waiting or running, and runs on at
 * most half of the workers (at least one) at once; a free worker takes the
 * waiting job of the client with the least load: its jobs waiting and
 * running, plus its use of the pool lately (its jobs' running time in
 * seconds, halved every FAIR_HALF_LIFE_S), the oldest first among equals.
 * A newcomer thus goes before those who ask much, and a client asking
 * again and again waits its turn behind everyone else. An urgent job (a
 * sign-in from a browser the account knows) goes before all others and is
 * not counted in its client's use. When queue_max jobs wait, a newcomer's
 * job takes the place of the newest job, not urgent, of the client with
 * the most jobs waiting, if that client has two or more and the newcomer
 * none (one each before two for anyone), or still holds at least as much
 * as the newcomer then, or the newcomer's job is urgent: that job is
 * dropped (released without running).
 * The pool knows nothing of requests: a job is a function, its argument
 * and what to do with the argument once the job ran or was dropped. */
#ifndef MORPH_FAIR_POOL_H
#define MORPH_FAIR_POOL_H

#include <stdbool.h>

#include "work_pool.h"

#define FAIR_HALF_LIFE_S 10.0
#define FAIR_CLIENT_MAX 64 /* bytes of a client's key */

typedef struct FairPool FairPool;

typedef enum {
    FAIR_QUEUED,       /* it runs when its turn comes */
    FAIR_CLIENT_FULL,  /* the client has per_client jobs waiting or running */
    FAIR_FULL,         /* queue_max jobs wait */
} FairPush;

/* threads workers, at nice value nice (0 normal, up to 19 the lowest
 * priority); at most queue_max jobs waiting. */
FairPool *fair_pool_new(int threads, int per_client, int queue_max, int nice);
/* Queues run(arg) for client (any text; NULL counts as ""): FAIR_QUEUED,
 * or a refusal and nothing queued (arg stays the caller's). A job dropped
 * for it is released before this returns. */
FairPush fair_pool_push(FairPool *p, const char *client, bool urgent, WorkFn *run, WorkFn *release, void *arg);
/* Lets running jobs finish, releases the waiting ones without running
 * them, joins the threads. */
void fair_pool_free(FairPool *p);

#endif
