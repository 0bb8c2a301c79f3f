/* HTTP for `morph serve`: libmicrohttpd in front of the API (api.h), the
 * page's static files and the live streams (Server-Sent Events).
 *
 * Threading: libmicrohttpd runs a small pool of threads, each with its own
 * epoll loop over its connections. A live stream is a response whose
 * content comes from a callback; when the stream has nothing to send, the
 * callback suspends the connection (it leaves the event loop, costing no
 * thread and no polling) and a room resumes it when something happens. A
 * timer resumes every stream now and then for a keep-alive comment, which
 * is also how a vanished client is noticed. Hints, which think for up to a
 * second, run on a thread of their own while their connection is
 * suspended. See docs/web.md. */
#ifndef MORPH_HTTP_H
#define MORPH_HTTP_H

#include <stdbool.h>
#include <stddef.h>

#include "../hub/server.h"

typedef struct HttpConfig {
    const char *host;    /* address to listen on: "127.0.0.1", "::", "0.0.0.0" */
    int port;            /* 0 picks a free port */
    const char *web_dir; /* the page's files, or NULL */
    int threads;         /* event threads */
    int keepalive_s;     /* seconds between keep-alive comments on idle streams */
    /* Seconds a connection has to bring a whole request (headers and body)
     * from its start or from the end of its last answer; then it is closed.
     * 0: 10. */
    int request_s;
    /* Addresses of reverse proxies (HAProxy) whose X-Forwarded-For names the
     * client, comma-separated, or NULL: a request through one of them is
     * its client's for every limit, and the proxy's own connections are not
     * counted per client. */
    const char *trusted_proxies;
} HttpConfig;

typedef struct Http Http;

/* Starts listening; NULL with a one-line message. */
Http *http_start(Server *srv, const HttpConfig *cfg, char *err, size_t errlen);
/* The port listened on (the one picked when cfg->port was 0). */
int http_port(const Http *h);
/* Ends every stream, waits for hints in flight, stops listening. */
void http_stop(Http *h);
/* Whether text is a list of IP addresses (for --trust-proxy). */
bool http_addresses_valid(const char *text);

#endif
