/* Answers: the API's (JSON, with its cookies and Retry-After), errors, and
 * the page's static files, each with the security headers. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../core/xalloc.h"
#include "compress.h"
#include "http_internal.h"

void http_security_headers(struct MHD_Response *r)
{
    MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
    MHD_add_response_header(r, "X-Frame-Options", "DENY");
}

/* The client's Accept-Encoding header, NULL without. */
static const char *accept_encoding(struct MHD_Connection *conn)
{
    return MHD_lookup_connection_value(conn, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT_ENCODING);
}

/* body (len bytes) in the coding the client takes that costs least, the
 * coding's name in *coding; NULL when it goes as it is (compress.h). */
static char *compress_for(struct MHD_Connection *conn, const char *body, size_t len, size_t *out_len,
                          const char **coding)
{
    if (len < COMPRESS_JSON_MIN_BYTES)
        return NULL;
    const char *header = accept_encoding(conn);
    if (compress_accepts_zstd(header)) {
        *coding = "zstd";
        return compress_zstd(body, len, out_len);
    }
    if (compress_accepts_gzip(header)) {
        *coding = "gzip";
        return compress_gzip(body, len, COMPRESS_JSON_LEVEL, out_len);
    }
    return NULL;
}

static enum MHD_Result queue_api(struct MHD_Connection *conn, ApiResponse *res, bool close)
{
    char *body = res->body ? res->body : xstrdup("{}");
    res->body = NULL;
    size_t len = strlen(body), packed_len = 0;
    const char *coding = NULL;
    char *packed = compress_for(conn, body, len, &packed_len, &coding);
    struct MHD_Response *r;
    if (packed) {
        free(body);
        r = MHD_create_response_from_buffer(packed_len, packed, MHD_RESPMEM_MUST_FREE);
        MHD_add_response_header(r, "Content-Encoding", coding);
    } else {
        r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
    }
    MHD_add_response_header(r, "Vary", "Accept-Encoding");
    MHD_add_response_header(r, "Content-Type", res->content_type ? res->content_type : "application/json");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    http_security_headers(r);
    if (res->disposition[0])
        MHD_add_response_header(r, "Content-Disposition", res->disposition);
    if (res->set_cookie[0])
        MHD_add_response_header(r, "Set-Cookie", res->set_cookie);
    if (res->set_device[0])
        MHD_add_response_header(r, "Set-Cookie", res->set_device);
    if (res->retry_after > 0) {
        char secs[16];
        snprintf(secs, sizeof secs, "%d", res->retry_after);
        MHD_add_response_header(r, "Retry-After", secs);
    }
    if (close)
        MHD_add_response_header(r, "Connection", "close");
    enum MHD_Result ok = MHD_queue_response(conn, (unsigned)res->status, r);
    MHD_destroy_response(r);
    return ok;
}

enum MHD_Result http_queue_api(struct MHD_Connection *conn, ApiResponse *res)
{
    return queue_api(conn, res, false);
}

enum MHD_Result http_queue_error(struct MHD_Connection *conn, int status, const char *message, int retry_after,
                                 bool close)
{
    ApiResponse res;
    memset(&res, 0, sizeof res);
    json_t *obj = json_pack("{s:s}", "error", message);
    res.status = status;
    res.body = json_dumps(obj, JSON_COMPACT);
    res.retry_after = retry_after;
    json_decref(obj);
    return queue_api(conn, &res, close);
}

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

enum MHD_Result http_queue_file(Http *h, struct MHD_Connection *conn, const char *url)
{
    if (!h->web_dir)
        return http_queue_error(conn, 404, "this server has no page to serve (start it with --web DIR)", 0, false);
    /* No "..", no hidden files, nothing but plain characters. */
    bool bad = strlen(url) > 200 || url[0] != '/' || strstr(url, "/.") || strstr(url, "\\");
    for (const char *p = url; *p && !bad; p++)
        bad = (unsigned char)*p < 0x20;
    if (bad)
        return http_queue_error(conn, 404, "no such file", 0, false);
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
            return http_queue_error(conn, 404, "no such file", 0, false);
        snprintf(path, sizeof path, "%s/index.html", h->web_dir);
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0 || fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
            if (fd >= 0)
                close(fd);
            return http_queue_error(conn, 404, "the page's index.html is missing from the web directory", 0, false);
        }
    }
    const char *type = mime_type(path);
    bool worth = compress_type_worth_it(type);
    size_t gz_len = 0;
    char *gz = worth && compress_accepts_gzip(accept_encoding(conn)) ? compress_file(path, fd, &sb, &gz_len) : NULL;
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
    http_security_headers(r);
    enum MHD_Result ok = MHD_queue_response(conn, 200, r);
    MHD_destroy_response(r);
    return ok;
}
