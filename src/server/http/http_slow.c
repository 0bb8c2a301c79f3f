/* Slow requests (api_slow_kind): a password's Argon2id hash, a hint, a
 * puzzle answer. Each runs on a worker of its kind's fair pool while its
 * connection is suspended, and its answer is queued when the event loop
 * resumes the connection. Passwords have workers of their own, so a sign-in
 * never waits behind hints; in each pool an address has its fair share
 * only (fair_pool.h), and a sign-in from a browser the account knows goes
 * first. Thinking runs at a lower priority than the event threads and the
 * password workers. */
#include <stdatomic.h>
#include <stdio.h>

#include "../../core/xalloc.h"
#include "http_internal.h"

/* Workers, jobs one address may have waiting or running, jobs waiting in
 * all, and nice value, of each kind. A password's hash takes about 0.1 s of
 * a core, a hint up to --hint-ms (one at a time: rooms share a lock), a
 * puzzle answer up to a second or two: the queues wait a second or two at
 * most, and a flood beyond gets 429 at once. */
static const struct {
    int threads, per_client, queue_max, nice;
} kinds[] = {
    [API_PASSWORD] = {2, 2, 16, 0},
    [API_THINKING] = {2, 2, 8, 10},
};

void http_slow_start_pools(Http *h)
{
    for (int k = API_PASSWORD; k <= API_THINKING; k++)
        h->slow[k] = fair_pool_new(kinds[k].threads, kinds[k].per_client, kinds[k].queue_max, kinds[k].nice);
}

void http_slow_stop_pools(Http *h)
{
    atomic_store(&h->slow_stopping, true);
    for (int k = API_PASSWORD; k <= API_THINKING; k++) {
        fair_pool_free(h->slow[k]);
        h->slow[k] = NULL;
    }
}

static void slow_run(void *arg)
{
    Request *rq = arg;
    ApiRequest req;
    http_fill_api_request(rq, &req);
    api_handle(rq->http->srv, &req, rq->slow_res);
}

/* A refusal's answer in rq. */
static void refuse(Http *h, Request *rq, FairPush why)
{
    const char *doing = rq->slow_kind == API_PASSWORD ? "checking passwords" : "thinking";
    char msg[160];
    bool stopping = atomic_load(&h->slow_stopping);
    if (stopping)
        snprintf(msg, sizeof msg, "the server is stopping; try again in a moment");
    else if (why == FAIR_CLIENT_FULL)
        snprintf(msg, sizeof msg, "your address already has %d requests %s; wait for their answers",
                 kinds[rq->slow_kind].per_client, doing);
    else
        snprintf(msg, sizeof msg, "the server is busy %s for others; try again in a moment", doing);
    json_t *obj = json_pack("{s:s}", "error", msg);
    rq->slow_res->status = stopping ? 503 : 429;
    rq->slow_res->body = json_dumps(obj, JSON_COMPACT);
    rq->slow_res->retry_after = 1;
    json_decref(obj);
}

/* After the run, or instead of it: the server stops, or the job made way
 * for one of a client that holds less. */
static void slow_done(void *arg)
{
    Request *rq = arg;
    if (!rq->slow_res->status)
        refuse(rq->http, rq, FAIR_FULL);
    atomic_store(&rq->slow_done, true);
    MHD_resume_connection(rq->conn);
}

enum MHD_Result http_slow_run(Http *h, Request *rq, ApiSlow kind)
{
    ApiRequest req;
    http_fill_api_request(rq, &req);
    bool urgent = kind == API_PASSWORD && api_known_browser(h->srv, &req);
    rq->slow_started = true;
    rq->slow_kind = kind;
    rq->slow_res = xcalloc(1, sizeof *rq->slow_res);
    MHD_suspend_connection(rq->conn);
    pthread_mutex_lock(&h->lock); /* the pools stay while the server is not stopping */
    FairPush got = h->stopping ? FAIR_FULL : fair_pool_push(h->slow[kind], rq->client, urgent, slow_run, slow_done, rq);
    pthread_mutex_unlock(&h->lock);
    if (got != FAIR_QUEUED) {
        /* Refused: the answer is ready at once, queued when the loop resumes us. */
        refuse(h, rq, got);
        atomic_store(&rq->slow_done, true);
        MHD_resume_connection(rq->conn);
    }
    return MHD_YES;
}
