/* What the files of src/server/http share: the server's HTTP state, a
 * connection's and a request's. http.c receives requests and starts and
 * stops the daemon; http_conn.c counts connections and closes those that
 * take too long to send a request; http_slow.c runs slow requests on their
 * workers; http_stream.c serves live streams; http_reply.c makes the
 * answers and serves the page's files. Each calls only those after it. */
#ifndef MORPH_HTTP_INTERNAL_H
#define MORPH_HTTP_INTERNAL_H

#include <microhttpd.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "../api/api.h"
#include "../base/fair_pool.h"
#include "http.h"

#define CLIENT_MAX 64
#define QUERY_MAX 32

typedef struct Stream Stream;
typedef struct ConnInfo ConnInfo;

struct Http {
    Server *srv;
    struct MHD_Daemon *daemon;
    char *web_dir;
    char *proxies;          /* trusted proxies, comma-separated, or NULL */
    int port;
    int keepalive_s;
    int request_s;
    pthread_mutex_t lock;   /* streams list, stopping; taken before any room lock */
    pthread_cond_t changed;
    Stream *streams;
    bool stopping;
    FairPool *slow[API_THINKING + 1]; /* the workers of each kind of slow request */
    atomic_bool slow_stopping;        /* the pools are stopping: jobs not run get 503 */
    pthread_t timer;
    bool timer_started;
    pthread_mutex_t conns_lock;       /* the list of connections and their deadlines */
    ConnInfo *conns;
};

/* What libmicrohttpd keeps for a connection: the client's address, whether
 * it is over its connection limit, and how long it has to send a request. */
struct ConnInfo {
    ConnInfo *prev, *next;  /* Http's list, under conns_lock */
    char client[CLIENT_MAX];
    int fd;
    bool proxy;     /* a trusted proxy: X-Forwarded-For names each request's client */
    bool counted;   /* holds a connection slot in Limits */
    bool over;      /* refused: its request gets 429, then it is closed */
    bool per_client;
    bool busy;      /* its request came whole: it is being answered (a stream too) */
    bool cut;       /* closed for taking too long */
    double since;   /* when it began waiting for a request (its start, or its last answer) */
};

/* One request being received and answered. */
typedef struct Request {
    char *body;
    size_t body_len, body_cap;
    bool too_large;
    bool early;         /* answered before the body was read */
    /* a slow request, run by a worker while its connection is suspended */
    bool slow_started;
    atomic_bool slow_done;  /* set by the worker (or a refusal) before it resumes the connection */
    ApiSlow slow_kind;
    /* its answer (made with the slow run: kept out of the Request, which
     * then stays under 1 KB, the size glibc's per-thread cache keeps; a
     * larger block made every request consolidate the heap) */
    ApiResponse *slow_res;
    char *method, *path, *token, *last_event_id, *session, *device, *origin, *fetch_site, *host, *authorization;
    const char *repeated;
    ApiParam query[QUERY_MAX];
    int nquery;
    bool query_overflow;
    struct MHD_Connection *conn;
    Http *http;
    char client[CLIENT_MAX];
} Request;

/* The API's view of rq. */
static inline void http_fill_api_request(const Request *rq, ApiRequest *req)
{
    *req = (ApiRequest){.method = rq->method, .path = rq->path, .query = rq->query, .nquery = rq->nquery,
                        .token = rq->token, .last_event_id = rq->last_event_id, .session = rq->session,
                        .device = rq->device, .origin = rq->origin, .fetch_site = rq->fetch_site,
                        .host = rq->host, .authorization = rq->authorization, .repeated = rq->repeated, .body = rq->body, .body_len = rq->body_len,
                        .client = rq->client};
}

/* ---- connections (http_conn.c) ---- */
/* libmicrohttpd's connection callback: counts the connection (Limits) and
 * puts it on the list of deadlines. */
void http_conn_notify(void *cls, struct MHD_Connection *conn, void **socket_context,
                      enum MHD_ConnectionNotificationCode code);
ConnInfo *http_conn_of(struct MHD_Connection *conn);
/* The connection's request came whole (busy) or its answer is sent (not
 * busy: its time for the next request starts). Made busy, false when the
 * timer had already cut it: the request must then not be acted on, for
 * its answer cannot reach the client, who may send it again (a move
 * applied twice). */
bool http_conn_busy(Http *h, ConnInfo *ci, bool busy);
/* Closes the connections whose request did not come whole in time; the
 * number closed. */
int http_conns_sweep(Http *h, double now);
/* The client of a request on conn: the connection's address, or through a
 * trusted proxy the address it forwards. */
void http_request_client(struct MHD_Connection *conn, const ConnInfo *ci, char out[CLIENT_MAX]);

/* ---- slow requests (http_slow.c) ---- */
void http_slow_start_pools(Http *h);
/* Runs rq (of kind) on its workers, its connection suspended until the
 * answer is ready; or queues a 429 when the client or the pool is full. */
enum MHD_Result http_slow_run(Http *h, Request *rq, ApiSlow kind);
/* Lets the running ones finish; the waiting ones get 503. */
void http_slow_stop_pools(Http *h);

/* ---- live streams (http_stream.c) ---- */
enum MHD_Result http_queue_stream(Http *h, struct MHD_Connection *conn, ApiResponse *res, const char *client);
/* Every stream sends a keep-alive comment, or an ndjson stream an empty
 * line (or what it has); lines_only: the ndjson streams only. */
void http_streams_heartbeat(Http *h, bool lines_only);
/* Every stream ends (called with h->lock held). */
void http_streams_close(Http *h);

/* ---- answers and files (http_reply.c) ---- */
enum MHD_Result http_queue_api(struct MHD_Connection *conn, ApiResponse *res);
/* {"error": message}; close: the connection is closed after it. */
enum MHD_Result http_queue_error(struct MHD_Connection *conn, int status, const char *message, int retry_after,
                                 bool close);
void http_security_headers(struct MHD_Response *r);
enum MHD_Result http_queue_file(Http *h, struct MHD_Connection *conn, const char *url);

#endif
