#include "http.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netdb.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../api/api.h"
#include "../base/feed.h"
#include "../../core/xalloc.h"
#include "compress.h"

#define CLIENT_MAX 64
#define QUERY_MAX 32
#define SLOW_MAX 4     /* hints thinking at once (each on its own thread) */
#define STREAM_BLOCK 16384

typedef struct Stream Stream;

struct Http {
    Server *srv;
    struct MHD_Daemon *daemon;
    char *web_dir;
    char *proxies;          /* trusted proxies, comma-separated, or NULL */
    int port;
    int keepalive_s;
    pthread_mutex_t lock;   /* streams list, stopping; taken before any room lock */
    pthread_cond_t changed;
    Stream *streams;
    bool stopping;
    int slow;               /* slow requests in flight */
    pthread_t timer;
    bool timer_started;
};

/* What libmicrohttpd keeps for a connection: the client's address and
 * whether it is over its connection limit. */
typedef struct ConnInfo {
    char client[CLIENT_MAX];
    bool proxy;     /* a trusted proxy: X-Forwarded-For names each request's client */
    bool counted;   /* holds a connection slot in Limits */
    bool over;      /* refused: every request gets 429 */
    bool per_client;
} ConnInfo;

/* One request being received and answered. */
typedef struct Request {
    char *body;
    size_t body_len, body_cap;
    bool too_large;
    bool early;         /* answered before the body was read */
    /* a slow request running on its own thread */
    bool slow_started, slow_done;
    ApiResponse slow_res;
    char *method, *path, *token, *last_event_id, *session, *origin, *fetch_site, *host;
    ApiParam query[QUERY_MAX];
    int nquery;
    bool query_overflow;
    struct MHD_Connection *conn;
    Http *http;
    char client[CLIENT_MAX];
} Request;

/* A live stream of a room (its actions and states) or of a feed (the lobby,
 * an account's games): lock is the room's or the feed's. */
struct Stream {
    Subscriber sub;
    Stream *prev, *next;
    Http *http;
    Room *room;
    Feed *feed;
    pthread_mutex_t *lock;
    struct MHD_Connection *conn;
    bool suspended;     /* these three under the room's lock */
    bool heartbeat;
    bool closing;
    StrBuf buf;
    size_t sent;
    char client[CLIENT_MAX];
};

/* ---- responses ---- */

static void security_headers(struct MHD_Response *r)
{
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
}

/* Whether the client takes gzip (compress.h). */
static bool accepts_gzip(struct MHD_Connection *conn)
{
    return compress_accepts_gzip(MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT_ENCODING));
}

static enum MHD_Result queue_api(struct MHD_Connection *conn, ApiResponse *res)
{
    char *body = res->body ? res->body : xstrdup("{}");
    res->body = NULL;
    size_t len = strlen(body), gz_len = 0;
    char *gz = len >= COMPRESS_MIN_BYTES && accepts_gzip(conn) ? compress_gzip(body, len, 6, &gz_len) : NULL;
    struct MHD_Response *r;
    if (gz) {
        free(body);
        r = MHD_create_response_from_buffer(gz_len, gz, MHD_RESPMEM_MUST_FREE);
        MHD_add_response_header(r, "Content-Encoding", "gzip");
    } else {
        r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
    }
    MHD_add_response_header(r, "Vary", "Accept-Encoding");
    MHD_add_response_header(r, "Content-Type", res->content_type ? res->content_type : "application/json");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    security_headers(r);
    if (res->disposition[0])
        MHD_add_response_header(r, "Content-Disposition", res->disposition);
    if (res->set_cookie[0])
        MHD_add_response_header(r, "Set-Cookie", res->set_cookie);
    if (res->retry_after > 0) {
        char secs[16];
        snprintf(secs, sizeof secs, "%d", res->retry_after);
        MHD_add_response_header(r, "Retry-After", secs);
    }
    enum MHD_Result ok = MHD_queue_response(conn, (unsigned)res->status, r);
    MHD_destroy_response(r);
    return ok;
}

static enum MHD_Result queue_error(struct MHD_Connection *conn, int status, const char *message, int retry_after)
{
    ApiResponse res;
    memset(&res, 0, sizeof res);
    json_t *obj = json_pack("{s:s}", "error", message);
    res.status = status;
    res.body = json_dumps(obj, JSON_COMPACT);
    res.retry_after = retry_after;
    json_decref(obj);
    return queue_api(conn, &res);
}

/* ---- live streams ---- */

static void stream_wake(void *ctx)
{
    Stream *st = ctx; /* called with the room locked */
    if (st->suspended) {
        st->suspended = false;
        MHD_resume_connection(st->conn);
    }
}

static ssize_t stream_read(void *cls, uint64_t pos, char *out, size_t max)
{
    Stream *st = cls;
    if (st->sent == st->buf.len) {
        st->buf.len = st->sent = 0;
        if (st->buf.data)
            st->buf.data[0] = '\0';
        pthread_mutex_lock(st->lock);
        if (st->closing || st->sub.finished) { /* stopping, or a feed's last event is out */
            pthread_mutex_unlock(st->lock);
            return MHD_CONTENT_READER_END_OF_STREAM;
        }
        bool any = st->room ? room_stream_fill(st->room, &st->sub, &st->buf) : feed_fill(st->feed, &st->sub, &st->buf);
        if (!any && st->heartbeat) {
            sb_puts(&st->buf, ": keep-alive\n\n");
            any = true;
        }
        st->heartbeat = false;
        if (!any) {
            /* Nothing to send: leave the event loop until the room (or the
             * keep-alive timer) resumes us. Under the room's lock, so that a
             * wake-up cannot come between the check and the suspension. */
            st->suspended = true;
            MHD_suspend_connection(st->conn);
            pthread_mutex_unlock(st->lock);
            return 0;
        }
        pthread_mutex_unlock(st->lock);
    }
    size_t n = st->buf.len - st->sent;
    if (n > max)
        n = max;
    memcpy(out, st->buf.data + st->sent, n);
    st->sent += n;
    return (ssize_t)n;
}

static void stream_free(void *cls)
{
    Stream *st = cls;
    Http *h = st->http;
    pthread_mutex_lock(&h->lock);
    if (st->prev)
        st->prev->next = st->next;
    else
        h->streams = st->next;
    if (st->next)
        st->next->prev = st->prev;
    pthread_cond_broadcast(&h->changed);
    pthread_mutex_unlock(&h->lock);
    if (st->room) {
        room_unsubscribe(st->room, &st->sub);
        room_unref(st->room);
    } else {
        feed_unsubscribe(st->feed, &st->sub);
        feed_unref(st->feed);
    }
    limits_stream_release(h->srv->limits, st->client);
    sb_free(&st->buf);
    free(st);
}

static enum MHD_Result queue_stream(Http *h, struct MHD_Connection *conn, ApiResponse *res, const char *client)
{
    Stream *st = xcalloc(1, sizeof *st);
    st->http = h;
    st->room = res->stream_room; /* the response's reference is now the stream's */
    st->feed = res->stream_feed;
    st->lock = st->room ? &st->room->lock : &st->feed->lock;
    res->stream_room = NULL;
    res->stream_feed = NULL;
    st->conn = conn;
    st->sub.wake = stream_wake;
    st->sub.ctx = st;
    snprintf(st->client, sizeof st->client, "%s", client);
    pthread_mutex_lock(&h->lock);
    st->next = h->streams;
    if (h->streams)
        h->streams->prev = st;
    h->streams = st;
    pthread_mutex_unlock(&h->lock);
    st->sub.lean = res->stream_lean; /* a room's reader that computes states itself */
    if (st->room)
        room_subscribe(st->room, &st->sub, res->stream_after);
    else
        feed_subscribe(st->feed, &st->sub, res->stream_after);
    struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, STREAM_BLOCK, stream_read, st,
                                                               stream_free);
    MHD_add_response_header(r, "Content-Type", "text/event-stream; charset=utf-8");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Accel-Buffering", "no");
    security_headers(r);
    enum MHD_Result ok = MHD_queue_response(conn, 200, r);
    MHD_destroy_response(r);
    return ok;
}

/* Every keepalive_s seconds, each stream sends a comment: it keeps proxies
 * from closing idle streams and lets a vanished client's stream fail. */
static void *timer_main(void *arg)
{
    Http *h = arg;
    pthread_mutex_lock(&h->lock);
    while (!h->stopping) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += h->keepalive_s;
        while (!h->stopping && pthread_cond_timedwait(&h->changed, &h->lock, &until) != ETIMEDOUT) {
        }
        if (h->stopping)
            break;
        for (Stream *st = h->streams; st; st = st->next) {
            pthread_mutex_lock(st->lock);
            st->heartbeat = true;
            stream_wake(st);
            pthread_mutex_unlock(st->lock);
        }
    }
    pthread_mutex_unlock(&h->lock);
    return NULL;
}

/* ---- static files ---- */

static const char *mime_type(const char *path)
{
    static const char *const types[][2] = {
        {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
        {".svg", "image/svg+xml"}, {".png", "image/png"}, {".ico", "image/x-icon"},
        {".json", "application/json"}, {".txt", "text/plain; charset=utf-8"}, {".woff2", "font/woff2"},
        {".webmanifest", "application/manifest+json"}, {".wasm", "application/wasm"},
    };
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (strcmp(dot, types[i][0]) == 0)
            return types[i][1];
    return "application/octet-stream";
}

static enum MHD_Result queue_file(Http *h, struct MHD_Connection *conn, const char *url)
{
    if (!h->web_dir)
        return queue_error(conn, 404, "this server has no page to serve (start it with --web DIR)", 0);
    /* No "..", no hidden files, nothing but plain characters. */
    bool bad = strlen(url) > 200 || url[0] != '/' || strstr(url, "/.") || strstr(url, "\\");
    for (const char *p = url; *p && !bad; p++)
        bad = (unsigned char)*p < 0x20;
    if (bad)
        return queue_error(conn, 404, "no such file", 0);
    char path[4096];
    snprintf(path, sizeof path, "%s%s%s", h->web_dir, url, url[strlen(url) - 1] == '/' ? "index.html" : "");
    struct stat sb;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        if (fd >= 0)
            close(fd);
        /* Pages of the app (/game/ID, /join/CODE, /replay) are the app itself. */
        const char *last = strrchr(url, '/');
        if (strchr(last, '.'))
            return queue_error(conn, 404, "no such file", 0);
        snprintf(path, sizeof path, "%s/index.html", h->web_dir);
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
            if (fd >= 0)
                close(fd);
            return queue_error(conn, 404, "the page's index.html is missing from the web directory", 0);
        }
    }
    const char *type = mime_type(path);
    bool worth = compress_type_worth_it(type);
    size_t gz_len = 0;
    char *gz = worth && accepts_gzip(conn) ? compress_file(path, fd, &sb, &gz_len) : NULL;
    struct MHD_Response *r;
    if (gz) {
        close(fd);
        r = MHD_create_response_from_buffer(gz_len, gz, MHD_RESPMEM_MUST_FREE);
        MHD_add_response_header(r, "Content-Encoding", "gzip");
    } else {
        r = MHD_create_response_from_fd((uint64_t)sb.st_size, fd);
    }
    if (worth)
        MHD_add_response_header(r, "Vary", "Accept-Encoding");
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-cache");
    MHD_add_response_header(r, "Content-Security-Policy",
                            "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data:; "
                            "style-src 'self' 'unsafe-inline'; "
                            "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
    security_headers(r);
    enum MHD_Result ok = MHD_queue_response(conn, 200, r);
    MHD_destroy_response(r);
    return ok;
}

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

static char *dup_or_null(const char *s)
{
    return s ? xstrdup(s) : NULL;
}

static void request_free(Request *rq)
{
    free(rq->body);
    free(rq->method);
    free(rq->path);
    free(rq->token);
    free(rq->last_event_id);
    free(rq->session);
    free(rq->origin);
    free(rq->fetch_site);
    free(rq->host);
    for (int i = 0; i < rq->nquery; i++) {
        free((char *)rq->query[i].key);
        free((char *)rq->query[i].value);
    }
    api_response_free(&rq->slow_res);
    free(rq);
}

static void fill_api_request(const Request *rq, ApiRequest *req)
{
    memset(req, 0, sizeof *req);
    req->method = rq->method;
    req->path = rq->path;
    req->query = rq->query;
    req->nquery = rq->nquery;
    req->token = rq->token;
    req->last_event_id = rq->last_event_id;
    req->session = rq->session;
    req->origin = rq->origin;
    req->fetch_site = rq->fetch_site;
    req->host = rq->host;
    req->body = rq->body;
    req->body_len = rq->body_len;
    req->client = rq->client;
}

static void *slow_main(void *arg)
{
    Request *rq = arg;
    Http *h = rq->http;
    ApiRequest req;
    fill_api_request(rq, &req);
    api_handle(h->srv, &req, &rq->slow_res);
    pthread_mutex_lock(&h->lock);
    rq->slow_done = true;
    h->slow--;
    MHD_resume_connection(rq->conn);
    pthread_cond_broadcast(&h->changed);
    pthread_mutex_unlock(&h->lock);
    return NULL;
}

static void client_address(struct MHD_Connection *conn, char out[CLIENT_MAX])
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    snprintf(out, CLIENT_MAX, "unknown");
    if (!info || !info->client_addr)
        return;
    const struct sockaddr *sa = info->client_addr;
    if (sa->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)sa)->sin_addr, out, CLIENT_MAX);
    else if (sa->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, out, CLIENT_MAX);
}

/* Whether address is one of the comma-separated list. */
static bool listed_address(const char *list, const char *address)
{
    size_t n = strlen(address);
    for (const char *p = list; p && *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && strncmp(p, address, n) == 0)
            return true;
        p += len + (p[len] == ',');
    }
    return false;
}

static bool ip_address(const char *text)
{
    unsigned char buf[sizeof(struct in6_addr)];
    return inet_pton(AF_INET, text, buf) == 1 || inet_pton(AF_INET6, text, buf) == 1;
}

bool http_addresses_valid(const char *text)
{
    if (!text[0])
        return false;
    for (const char *p = text; *p;) {
        char one[CLIENT_MAX];
        size_t len = strcspn(p, ",");
        if (len == 0 || len >= sizeof one)
            return false;
        snprintf(one, sizeof one, "%.*s", (int)len, p);
        if (!ip_address(one))
            return false;
        p += len + (p[len] == ',');
    }
    return true;
}

static enum MHD_Result last_forwarded(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    if (key && strcasecmp(key, "X-Forwarded-For") == 0 && value)
        *(const char **)cls = value;
    return MHD_YES;
}

/* The client of a request through a trusted proxy: the last address of the
 * last X-Forwarded-For header, the one the proxy added (earlier ones come
 * from the client and prove nothing). */
static void forwarded_client(struct MHD_Connection *conn, char out[CLIENT_MAX])
{
    const char *header = NULL;
    MHD_get_connection_values(conn, MHD_HEADER_KIND, last_forwarded, &header);
    if (!header)
        return;
    const char *last = strrchr(header, ',');
    last = last ? last + 1 : header;
    while (*last == ' ')
        last++;
    char address[CLIENT_MAX];
    snprintf(address, sizeof address, "%.*s", (int)strcspn(last, " "), last);
    if (ip_address(address))
        memcpy(out, address, CLIENT_MAX);
}

static void notify_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
                              enum MHD_ConnectionNotificationCode code)
{
    Http *h = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        ConnInfo *ci = xcalloc(1, sizeof *ci);
        client_address(conn, ci->client);
        /* A proxy's connections carry many clients: the proxy limits them. */
        ci->proxy = listed_address(h->proxies, ci->client);
        ci->counted = !ci->proxy && limits_connection_acquire(h->srv->limits, ci->client, &ci->per_client);
        ci->over = !ci->counted && !ci->proxy;
        *socket_context = ci;
    } else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
        ConnInfo *ci = *socket_context;
        if (ci && ci->counted)
            limits_connection_release(h->srv->limits, ci->client);
        free(ci);
        *socket_context = NULL;
    }
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
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
        const ConnInfo *ci = info ? info->socket_context : NULL;
        snprintf(rq->client, sizeof rq->client, "%s", ci ? ci->client : "unknown");
        if (ci && ci->proxy)
            forwarded_client(conn, rq->client);
        if (ci && ci->over) {
            rq->early = true;
            return queue_error(conn, 429,
                               ci->per_client ? "too many open connections from your address"
                                              : "the server has its maximum of open connections; try again later",
                               5);
        }
        const char *length = MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Content-Length");
        if (length && strtoull(length, NULL, 10) > h->srv->cfg.max_body) {
            rq->early = true;
            char msg[128];
            snprintf(msg, sizeof msg, "the body is %s bytes; at most %zu are accepted", length, h->srv->cfg.max_body);
            return queue_error(conn, 413, msg, 0);
        }
        return MHD_YES;
    }
    if (*upload_data_size) {
        if (!rq->too_large && rq->body_len + *upload_data_size > h->srv->cfg.max_body)
            rq->too_large = true;
        if (!rq->too_large) {
            size_t need = rq->body_len + *upload_data_size + 1;
            if (need > rq->body_cap) {
                rq->body_cap = need * 2;
                rq->body = xrealloc(rq->body, rq->body_cap);
            }
            memcpy(rq->body + rq->body_len, upload_data, *upload_data_size);
            rq->body_len += *upload_data_size;
            rq->body[rq->body_len] = '\0';
        }
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (rq->early)
        return MHD_YES;
    if (rq->too_large) {
        char msg[128];
        snprintf(msg, sizeof msg, "the body is larger than the %zu bytes accepted", h->srv->cfg.max_body);
        return queue_error(conn, 413, msg, 0);
    }
    if (rq->slow_started) {
        if (!rq->slow_done)
            return MHD_YES; /* a spurious call before the thread resumed us */
        return queue_api(conn, &rq->slow_res);
    }
    if (strcmp(url, "/healthz") == 0) {
        ApiResponse res;
        api_health(h->srv, method, &res);
        enum MHD_Result ok = queue_api(conn, &res);
        api_response_free(&res);
        return ok;
    }
    if (strncmp(url, "/api/", 5) != 0) {
        if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
            return queue_error(conn, 405, "only GET and HEAD are allowed outside /api/", 0);
        return queue_file(h, conn, url);
    }
    rq->method = xstrdup(method);
    rq->path = xstrdup(url);
    rq->token = dup_or_null(MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "X-Seat-Token"));
    rq->last_event_id = dup_or_null(MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Last-Event-ID"));
    rq->session = dup_or_null(MHD_lookup_connection_value(conn, MHD_COOKIE_KIND, SESSION_COOKIE));
    rq->origin = dup_or_null(MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Origin"));
    rq->fetch_site = dup_or_null(MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Sec-Fetch-Site"));
    rq->host = dup_or_null(MHD_lookup_connection_value(conn, MHD_HEADER_KIND, "Host"));
    MHD_get_connection_values(conn, MHD_GET_ARGUMENT_KIND, collect_query, rq);
    if (rq->query_overflow)
        return queue_error(conn, 400, "too many query parameters", 0);
    ApiRequest req;
    fill_api_request(rq, &req);
    if (api_is_slow(&req)) {
        pthread_mutex_lock(&h->lock);
        bool room = h->slow < SLOW_MAX && !h->stopping;
        if (room)
            h->slow++;
        pthread_mutex_unlock(&h->lock);
        if (!room)
            return queue_error(conn, 429, "the server is busy thinking for others; try again in a moment", 1);
        rq->slow_started = true;
        MHD_suspend_connection(conn);
        pthread_t t;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        if (pthread_create(&t, &attr, slow_main, rq) != 0) {
            pthread_mutex_lock(&h->lock);
            h->slow--;
            pthread_mutex_unlock(&h->lock);
            rq->slow_done = true;
            rq->slow_res.status = 503;
            rq->slow_res.body = xstrdup("{\"error\":\"the server could not start a thread; try again\"}");
            MHD_resume_connection(conn);
        }
        pthread_attr_destroy(&attr);
        return MHD_YES;
    }
    ApiResponse res;
    api_handle(h->srv, &req, &res);
    enum MHD_Result ok;
    if (res.stream_room || res.stream_feed)
        ok = queue_stream(h, conn, &res, rq->client);
    else
        ok = queue_api(conn, &res);
    api_response_free(&res);
    return ok;
}

static void on_completed(void *cls, struct MHD_Connection *conn, void **req_cls, enum MHD_RequestTerminationCode toe)
{
    Request *rq = *req_cls;
    if (rq)
        request_free(rq);
    *req_cls = NULL;
}

/* ---- start and stop ---- */

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
    h->web_dir = cfg->web_dir ? xstrdup(cfg->web_dir) : NULL;
    h->proxies = cfg->trusted_proxies ? xstrdup(cfg->trusted_proxies) : NULL;
    pthread_mutex_init(&h->lock, NULL);
    pthread_cond_init(&h->changed, NULL);
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
    if (addr->ai_family == AF_INET6)
        flags |= MHD_USE_IPv6;
    const LimitsConfig *l = &srv->cfg.limits;
    /* libmicrohttpd's own cap per address; a trusted proxy is one address
     * holding the connections of many clients. */
    unsigned per_ip = (unsigned)(h->proxies ? l->connections + 64 : l->connections_per_client + 16);
    h->daemon = MHD_start_daemon(
        flags, (uint16_t)cfg->port, NULL, NULL, on_request, h, MHD_OPTION_SOCK_ADDR, addr->ai_addr,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)(cfg->threads > 0 ? cfg->threads : 2), MHD_OPTION_NOTIFY_COMPLETED,
        on_completed, h, MHD_OPTION_NOTIFY_CONNECTION, notify_connection, h, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned)(l->connections + 64), MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)60, MHD_OPTION_LISTEN_BACKLOG_SIZE, (unsigned)1024, MHD_OPTION_END);
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
    /* Every stream ends: resumed, it finds closing set. */
    for (Stream *st = h->streams; st; st = st->next) {
        pthread_mutex_lock(st->lock);
        st->closing = true;
        stream_wake(st);
        pthread_mutex_unlock(st->lock);
    }
    /* Hints in flight finish (their connections must be resumed before stopping). */
    while (h->slow > 0)
        pthread_cond_wait(&h->changed, &h->lock);
    pthread_mutex_unlock(&h->lock);
    if (h->timer_started)
        pthread_join(h->timer, NULL);
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
    pthread_cond_destroy(&h->changed);
    pthread_mutex_destroy(&h->lock);
    free(h->web_dir);
    free(h->proxies);
    free(h);
    compress_forget(); /* the page's files kept compressed */
}
