/* Connections: who they come from (the address, or behind a trusted proxy
 * the address it forwards), their count per client (Limits), and their
 * deadline. libmicrohttpd closes a connection only after a time without
 * any byte, so a client sending one byte now and then could hold it for
 * ever while never finishing a request; here every connection must bring a
 * whole request (headers and body) within request_s of its start or of
 * its last answer, or the timer shuts its socket down (libmicrohttpd then
 * sees it end and closes it). A connection refused by the limits gets a
 * second for its 429. */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "../../core/xalloc.h"
#include "http_internal.h"

#define OVER_S 1 /* the time of a refused connection to get its 429 */

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

void http_request_client(struct MHD_Connection *conn, const ConnInfo *ci, char out[CLIENT_MAX])
{
    snprintf(out, CLIENT_MAX, "%s", ci ? ci->client : "unknown");
    if (!ci || !ci->proxy)
        return;
    /* The last address of the last X-Forwarded-For header, the one the
     * proxy added (earlier ones come from the client and prove nothing). */
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

ConnInfo *http_conn_of(struct MHD_Connection *conn)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

void http_conn_notify(void *cls, struct MHD_Connection *conn, void **socket_context,
                      enum MHD_ConnectionNotificationCode code)
{
    Http *h = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        ConnInfo *ci = xcalloc(1, sizeof *ci);
        client_address(conn, ci->client);
        const union MHD_ConnectionInfo *fd = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
        ci->fd = fd ? fd->connect_fd : -1;
        /* A proxy's connections carry many clients: the proxy limits them. */
        ci->proxy = listed_address(h->proxies, ci->client);
        ci->counted = !ci->proxy && limits_connection_acquire(h->srv->limits, ci->client, &ci->per_client);
        ci->over = !ci->counted && !ci->proxy;
        ci->since = limits_now();
        pthread_mutex_lock(&h->conns_lock);
        ci->next = h->conns;
        if (h->conns)
            h->conns->prev = ci;
        h->conns = ci;
        pthread_mutex_unlock(&h->conns_lock);
        *socket_context = ci;
    } else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
        ConnInfo *ci = *socket_context;
        if (!ci)
            return;
        /* Off the list before libmicrohttpd closes the socket: the timer
         * never shuts down a descriptor that another connection reuses. */
        pthread_mutex_lock(&h->conns_lock);
        if (ci->prev)
            ci->prev->next = ci->next;
        else
            h->conns = ci->next;
        if (ci->next)
            ci->next->prev = ci->prev;
        pthread_mutex_unlock(&h->conns_lock);
        if (ci->counted)
            limits_connection_release(h->srv->limits, ci->client);
        free(ci);
        *socket_context = NULL;
    }
}

bool http_conn_busy(Http *h, ConnInfo *ci, bool busy)
{
    if (!ci)
        return true;
    pthread_mutex_lock(&h->conns_lock);
    ci->busy = busy;
    if (!busy)
        ci->since = limits_now();
    bool open = !ci->cut;
    pthread_mutex_unlock(&h->conns_lock);
    return open;
}

int http_conns_sweep(Http *h, double now)
{
    int cut = 0;
    pthread_mutex_lock(&h->conns_lock);
    for (ConnInfo *ci = h->conns; ci; ci = ci->next) {
        double allowed = ci->over ? OVER_S : h->request_s;
        if (ci->busy || ci->cut || ci->fd < 0 || now - ci->since < allowed)
            continue;
        shutdown(ci->fd, SHUT_RDWR);
        ci->cut = true;
        cut++;
    }
    pthread_mutex_unlock(&h->conns_lock);
    return cut;
}
