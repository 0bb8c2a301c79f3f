/* libmicrohttpd in front of the API (http.h): requests received and handed
 * to api_handle (slow ones to their workers, streams to http_stream.c),
 * the page's files, the timer (deadlines of connections, keep-alive
 * comments of streams), and starting and stopping the daemon. */
#include "http.h"

#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "../../core/xalloc.h"
#include "compress.h"
#include "http_internal.h"

#define TICK_MS 250 /* how often the timer looks at the connections' deadlines */

/* ---- requests ---- */

static enum MHD_Result collect_query(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    Request *rq = cls;
    if (rq->nquery == QUERY_MAX) {
        rq->query_overflow = true;
        return MHD_NO;
    }
    rq->query[rq->nquery].key = xstrdup(key ? key : "");
    rq->query[rq->nquery].value = xstrdup(value ? value : "");
    rq->nquery++;
    return MHD_YES;
}

/* Headers a request must have at most once: two Origin headers could make
 * a check read one and a proxy the other. */
static const char *const once[] = {"Origin", "Sec-Fetch-Site", "Host", "Authorization"};

typedef struct Seen {
    unsigned seen;
    const char *repeated;
} Seen;

static enum MHD_Result note_header(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    Seen *s = cls;
    for (unsigned i = 0; key && i < sizeof once / sizeof once[0]; i++)
        if (strcasecmp(key, once[i]) == 0) {
            if (s->seen & 1u << i && !s->repeated)
                s->repeated = once[i];
            s->seen |= 1u << i;
        }
    return MHD_YES;
}

static char *dup_or_null(const char *s)
{
    return s ? xstrdup(s) : NULL;
}

/* Each connection's memory for its request's line, headers and the body's
 * pieces as they come: libmicrohttpd zeroes all of it before each request
 * on the connection (32 KB by default, 2% of a move's CPU); 16 KB holds
 * any request line and headers a browser or client sends (8 KB is the
 * common limit), bodies are copied out as they come (take_body). */
#define CONN_MEMORY_BYTES (16u << 10)

_Static_assert(sizeof(Request) <= 1024, "a Request over 1 KB misses glibc's per-thread cache");

static void request_free(Request *rq)
{
    free(rq->body);
    free(rq->method);
    free(rq->path);
    free(rq->token);
    free(rq->last_event_id);
    free(rq->session);
    free(rq->device);
    free(rq->origin);
    free(rq->fetch_site);
    free(rq->host);
    free(rq->authorization);
    for (int i = 0; i < rq->nquery; i++) {
        free((char *)rq->query[i].key);
        free((char *)rq->query[i].value);
    }
    if (rq->slow_res) {
        api_response_free(rq->slow_res);
        free(rq->slow_res);
    }
    free(rq);
}

/* The headers the API reads. */
static void read_headers(struct MHD_Connection *conn, Request *rq)
{
    rq->token = dup_or_null(MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "X-Seat-Token"));
    rq->last_event_id = dup_or_null(MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Last-Event-ID"));
    rq->session = dup_or_null(MHD_lookup_connection_value(conn, MHD_COOKIE_KIND, SESSION_COOKIE));
    rq->device = dup_or_null(MHD_lookup_connection_value(conn, MHD_COOKIE_KIND, DEVICE_COOKIE));
    rq->origin = dup_or_null(MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Origin"));
    rq->fetch_site = dup_or_null(MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Sec-Fetch-Site"));
    rq->host = dup_or_null(MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Host"));
    rq->authorization = dup_or_null(MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Authorization"));
    Seen seen = {0};
    MHD_get_connection_values(conn, MHD_HEADER_KIND, note_header, &seen);
    rq->repeated = seen.repeated;
    MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, collect_query, rq);
}

/* The first call for a request, its headers read: refusals that need no
 * body (a connection over its limit, a body too large). */
static enum MHD_Result request_begins(Http *h, struct MHD_Connection *conn, Request *rq)
{
    ConnInfo *ci = http_conn_of(conn);
    http_request_client(conn, ci, rq->client);
    if (ci && ci->over) {
        rq->early = true;
        http_conn_busy(h, ci, true);
        return http_queue_error(conn, 429,
                                ci->per_client ? "too many open connections from your address"
                                               : "the server has its maximum of open connections; try again later",
                                5, true);
    }
    const char *length = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Content-Length");
    if (length && strtoull(length, NULL, 10) > h->srv->cfg.max_body) {
        rq->early = true;
        http_conn_busy(h, ci, true);
        char msg[128];
        snprintf(msg, sizeof msg, "the body is %s bytes; at most %zu are accepted", length, h->srv->cfg.max_body);
        return http_queue_error(conn, 413, msg, 0, true);
    }
    return MHD_YES;
}

static void take_body(Http *h, Request *rq, const char *data, size_t len)
{
    if (!rq->too_large && rq->body_len + len > h->srv->cfg.max_body)
        rq->too_large = true;
    if (rq->too_large)
        return;
    size_t need = rq->body_len + len + 1;
    if (need > rq->body_cap) {
        rq->body_cap = need * 2;
        rq->body = xrealloc(rq->body, rq->body_cap);
    }
    memcpy(rq->body + rq->body_len, data, len);
    rq->body_len += len;
    rq->body[rq->body_len] = '\0';
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *conn, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size,
                                  void **req_cls)
{
    Http *h = cls;
    Request *rq = *req_cls;
    if (!rq) {
        rq = xcalloc(1, sizeof *rq);
        *req_cls = rq;
        rq->http = h;
        rq->conn = conn;
        return request_begins(h, conn, rq);
    }
    if (*upload_data_size) {
        take_body(h, rq, upload_data, *upload_data_size);
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (rq->early)
        return MHD_YES;
    if (rq->slow_started) {
        if (!atomic_load(&rq->slow_done))
            return MHD_YES; /* a spurious call before the worker resumed us */
        return http_queue_api(conn, rq->slow_res);
    }
    /* The request came whole: its deadline is met, unless the timer cut
     * the connection as it came (then nothing is done: the client, told
     * nothing, may send it again on another connection). */
    if (!http_conn_busy(h, http_conn_of(conn), true))
        return MHD_NO;
    if (rq->too_large) {
        char msg[128];
        snprintf(msg, sizeof msg, "the body is larger than the %zu bytes accepted", h->srv->cfg.max_body);
        return http_queue_error(conn, 413, msg, 0, false);
    }
    if (strcmp(url, "/healthz") == 0) {
        ApiResponse res;
        api_health(h->srv, method, &res);
        enum MHD_Result ok = http_queue_api(conn, &res);
        api_response_free(&res);
        return ok;
    }
    if (strncmp(url, "/api/", 5) != 0) {
        if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
            return http_queue_error(conn, 405, "only GET and HEAD are allowed outside /api/", 0, false);
        return http_queue_file(h, conn, url);
    }
    rq->method = xstrdup(method);
    rq->path = xstrdup(url);
    read_headers(conn, rq);
    if (rq->query_overflow)
        return http_queue_error(conn, 400, "too many query parameters", 0, false);
    ApiRequest req;
    http_fill_api_request(rq, &req);
    ApiSlow kind = api_slow_kind(&req);
    if (kind != API_FAST)
        return http_slow_run(h, rq, kind);
    ApiResponse res;
    api_handle(h->srv, &req, &res);
    enum MHD_Result ok;
    if (res.stream_room || res.stream_feed || res.stream_events)
        ok = http_queue_stream(h, conn, &res, rq->client);
    else
        ok = http_queue_api(conn, &res);
    api_response_free(&res);
    return ok;
}

static void on_completed(void *cls, struct MHD_Connection *conn, void **req_cls, enum MHD_RequestTerminationCode toe)
{
    Request *rq = *req_cls;
    if (rq)
        request_free(rq);
    *req_cls = NULL;
    http_conn_busy(cls, http_conn_of(conn), false); /* the next request's time starts */
}

/* ---- the timer ---- */

/* Every TICK_MS, connections that took too long for a request are closed;
 * every keepalive_s seconds, each stream sends a comment: it keeps proxies
 * from closing idle streams and lets a vanished client's stream fail. The
 * Bot API's ndjson streams beat more often (LINES_BEAT_S): bot clients
 * take a silence of 7 s or more for a dropped stream. */
#define LINES_BEAT_S 6
static void *timer_main(void *arg)
{
    Http *h = arg;
    double beat = limits_now() + h->keepalive_s, lines_beat = limits_now() + LINES_BEAT_S;
    pthread_mutex_lock(&h->lock);
    while (!h->stopping) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += TICK_MS * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&h->changed, &h->lock, &until);
        if (h->stopping)
            break;
        pthread_mutex_unlock(&h->lock);
        double now = limits_now();
        http_conns_sweep(h, now);
        if (now >= beat) {
            http_streams_heartbeat(h, false);
            beat = now + h->keepalive_s;
            lines_beat = now + LINES_BEAT_S;
        } else if (now >= lines_beat) {
            http_streams_heartbeat(h, true);
            lines_beat = now + LINES_BEAT_S;
        }
        pthread_mutex_lock(&h->lock);
    }
    pthread_mutex_unlock(&h->lock);
    return NULL;
}

/* ---- start and stop ---- */

/* Room for every connection libmicrohttpd may hold: the soft limit of open
 * files raised towards the hard one when it is lower. */
static void enough_files(unsigned connections)
{
    struct rlimit r;
    rlim_t want = (rlim_t)connections + 256;
    if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur != RLIM_INFINITY && r.rlim_cur < want) {
        r.rlim_cur = r.rlim_max == RLIM_INFINITY || r.rlim_max > want ? want : r.rlim_max;
        setrlimit(RLIMIT_NOFILE, &r);
    }
}

Http *http_start(Server *srv, const HttpConfig *cfg, char *err, size_t errlen)
{
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICHOST},
                    *addr = NULL;
    char port[16];
    snprintf(port, sizeof port, "%d", cfg->port);
    int rc = getaddrinfo(cfg->host, port, &hints, &addr);
    if (rc != 0) {
        snprintf(err, errlen, "--host '%s' is not an IP address (e.g. 127.0.0.1, ::1, 0.0.0.0): %s", cfg->host,
                 gai_strerror(rc));
        return NULL;
    }
    Http *h = xcalloc(1, sizeof *h);
    h->srv = srv;
    h->keepalive_s = cfg->keepalive_s > 0 ? cfg->keepalive_s : 15;
    h->request_s = cfg->request_s > 0 ? cfg->request_s : 10;
    h->web_dir = cfg->web_dir ? xstrdup(cfg->web_dir) : NULL;
    h->proxies = cfg->trusted_proxies ? xstrdup(cfg->trusted_proxies) : NULL;
    pthread_mutex_init(&h->lock, NULL);
    pthread_cond_init(&h->changed, NULL);
    pthread_mutex_init(&h->conns_lock, NULL);
    http_slow_start_pools(h);
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    if (addr->ai_family == AF_INET6)
        flags |= MHD_USE_IPv6;
    const LimitsConfig *l = &srv->cfg.limits;
    /* libmicrohttpd's own caps, above ours so that ours answer 429: per
     * address (a trusted proxy is one address holding the connections of
     * many clients), and in all with room for the connections refused by
     * ours, which get a second for their 429. */
    unsigned per_ip = (unsigned)(h->proxies ? l->connections + 64 : l->connections_per_client + 4);
    unsigned all = (unsigned)(l->connections + l->connections / 2 + 64);
    enough_files(all);
    h->daemon = MHD_start_daemon(
        flags, (uint16_t)cfg->port, NULL, NULL, on_request, h, MHD_OPTION_SOCK_ADDR, addr->ai_addr,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)(cfg->threads > 0 ? cfg->threads : 2), MHD_OPTION_NOTIFY_COMPLETED,
        on_completed, h, MHD_OPTION_NOTIFY_CONNECTION, http_conn_notify, h, MHD_OPTION_CONNECTION_LIMIT, all,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)60,
        MHD_OPTION_LISTEN_BACKLOG_SIZE, (unsigned)1024, MHD_OPTION_CONNECTION_MEMORY_LIMIT,
        (size_t)CONN_MEMORY_BYTES, MHD_OPTION_END);
    freeaddrinfo(addr);
    if (!h->daemon) {
        snprintf(err, errlen, "cannot listen on %s port %d (is the port in use? try another --port)", cfg->host,
                 cfg->port);
        http_stop(h);
        return NULL;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(h->daemon, MHD_DAEMON_INFO_BIND_PORT);
    h->port = info ? info->port : cfg->port;
    h->timer_started = pthread_create(&h->timer, NULL, timer_main, h) == 0;
    return h;
}

int http_port(const Http *h)
{
    return h->port;
}

void http_stop(Http *h)
{
    if (!h)
        return;
    pthread_mutex_lock(&h->lock);
    h->stopping = true;
    pthread_cond_broadcast(&h->changed);
    http_streams_close(h); /* every stream ends: resumed, it finds closing set */
    pthread_mutex_unlock(&h->lock);
    if (h->timer_started)
        pthread_join(h->timer, NULL);
    /* Slow requests in flight finish, those waiting get 503: their
     * connections must be resumed before the daemon stops. */
    http_slow_stop_pools(h);
    if (h->daemon) {
        /* Streams end on their next turn in the event loop; wait for them. */
        struct timespec deadline;
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_sec += 5;
        pthread_mutex_lock(&h->lock);
        while (h->streams && pthread_cond_timedwait(&h->changed, &h->lock, &deadline) != ETIMEDOUT) {
        }
        pthread_mutex_unlock(&h->lock);
        MHD_stop_daemon(h->daemon);
    }
    pthread_mutex_destroy(&h->conns_lock);
    pthread_cond_destroy(&h->changed);
    pthread_mutex_destroy(&h->lock);
    free(h->web_dir);
    free(h->proxies);
    free(h);
    compress_forget(); /* the page's files kept compressed */
}
