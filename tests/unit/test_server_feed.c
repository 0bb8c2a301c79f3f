/* Feeds and the analyses' live streams: a payload feed sends its latest
 * event (never a backlog), skips the one a reader has (Last-Event-ID), and
 * always sends its last one, after which the stream ends; through the API
 * (api_handle, no sockets), a finished game's analysis streams its progress
 * then its result, and from the store the result alone, at once; refusals
 * and the stream limit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../../src/core/xalloc.h"
#include "../../src/server/api/api.h"
#include "../../src/server/serve.h"

static void no_wake(void *ctx)
{
    (void)ctx;
}

/* What sub gets from f now ("" when nothing). */
static const char *fill(Feed *f, Subscriber *sub, StrBuf *out)
{
    out->len = 0;
    sb_puts(out, "");
    pthread_mutex_lock(&f->lock);
    feed_fill(f, sub, out);
    pthread_mutex_unlock(&f->lock);
    return sb_str(out);
}

static void payload_feed(void **state)
{
    (void)state;
    Feed *f = feed_new("progress");
    feed_publish(f, "progress", "{\"done\":0}", false);
    feed_publish(f, "progress", "{\"done\":1}", false); /* version 3 */
    Subscriber a = {.wake = no_wake}, b = {.wake = no_wake};
    StrBuf out = STRBUF_INIT;
    feed_subscribe(f, &a, 0);
    assert_string_equal(fill(f, &a, &out), "id: 3\nevent: progress\ndata: {\"done\":1}\n\n"); /* the latest only */
    assert_string_equal(fill(f, &a, &out), "");
    feed_subscribe(f, &b, 3); /* Last-Event-ID: it has the current one */
    assert_string_equal(fill(f, &b, &out), "");
    feed_publish(f, "done", "{\"status\":\"done\"}", true);
    assert_string_equal(fill(f, &a, &out), "id: 4\nevent: done\ndata: {\"status\":\"done\"}\n\n");
    assert_true(a.finished);
    assert_string_equal(fill(f, &a, &out), "");
    feed_unsubscribe(f, &a);
    feed_unsubscribe(f, &b);
    /* back after the end, whatever it says it has: the last event again */
    Subscriber c = {.wake = no_wake};
    feed_subscribe(f, &c, 4);
    assert_string_equal(fill(f, &c, &out), "id: 4\nevent: done\ndata: {\"status\":\"done\"}\n\n");
    assert_true(c.finished);
    feed_unsubscribe(f, &c);
    feed_unref(f);
    /* a version feed (the lobby) as before */
    Feed *lobby = feed_new("lobby");
    Subscriber d = {.wake = no_wake};
    feed_subscribe(lobby, &d, 0);
    assert_string_equal(fill(lobby, &d, &out), "id: 1\nevent: lobby\ndata: {\"version\":1}\n\n");
    assert_false(d.finished);
    feed_unsubscribe(lobby, &d);
    feed_unref(lobby);
    sb_free(&out);
}

static char dir[64], db_path[128];

static Server *server(void)
{
    ServerConfig cfg;
    server_config_defaults(&cfg);
    cfg.db_path = db_path;
    cfg.ai_threads = 1;
    cfg.analysis_ms = 20;
    cfg.limits.requests_per_second = 1000000;
    cfg.limits.streams_per_client = 1;
    char err[ERR_MAX + 256];
    Server *srv = server_new(&cfg, err, sizeof err);
    if (!srv)
        fail_msg("%s", err);
    return srv;
}

/* Calls the API; the parsed body (NULL for a stream or not JSON), the
 * response kept in *res (the caller frees it). */
static json_t *call(Server *srv, const char *method, const char *path, const char *token, const char *body,
                    const char *last_event_id, ApiResponse *res)
{
    ApiRequest req = {.method = method, .path = path, .token = token, .body = body,
                      .body_len = body ? strlen(body) : 0, .client = "10.0.0.1", .last_event_id = last_event_id};
    api_handle(srv, &req, res);
    return res->body ? json_loads(res->body, 0, NULL) : NULL;
}

static int status_of(Server *srv, const char *method, const char *path, const char *token, const char *body,
                     const char *last_event_id, json_t **doc)
{
    ApiResponse res;
    json_t *d = call(srv, method, path, token, body, last_event_id, &res);
    int status = res.status;
    api_response_free(&res);
    if (doc)
        *doc = d;
    else
        json_decref(d);
    return status;
}

/* Reads the stream of path (from after last_event_id) to its end: its text. */
static char *read_stream(Server *srv, const char *path, const char *last_event_id)
{
    ApiResponse res;
    call(srv, "GET", path, NULL, NULL, last_event_id, &res);
    assert_int_equal(res.status, 200);
    assert_string_equal(res.content_type, "text/event-stream");
    Feed *f = res.stream_feed;
    assert_non_null(f);
    Subscriber sub = {.wake = no_wake};
    feed_subscribe(f, &sub, res.stream_after);
    StrBuf all = STRBUF_INIT;
    for (int tries = 0; !sub.finished && tries < 6000; tries++) {
        pthread_mutex_lock(&f->lock);
        bool any = feed_fill(f, &sub, &all);
        pthread_mutex_unlock(&f->lock);
        if (!any)
            nanosleep(&(struct timespec){0, 10000000}, NULL);
    }
    assert_true(sub.finished);
    feed_unsubscribe(f, &sub);
    limits_stream_release(srv->limits, "10.0.0.1");
    api_response_free(&res);
    char *text = xstrdup(sb_str(&all));
    sb_free(&all);
    return text;
}

static void analysis_stream(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/morph-test-feed-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(db_path, sizeof db_path, "%s/morph.db", dir);
    Server *srv = server();
    json_t *doc;
    assert_int_equal(status_of(srv, "POST", "/api/games", NULL,
                               "{\"game\":\"morphos\",\"options\":{\"size\":3},\"seats\":[{\"kind\":\"human\",\"mine\":"
                               "true},{\"kind\":\"human\",\"mine\":true}]}",
                               NULL, &doc),
                     201);
    char id[64], path[128], tokens[2][128];
    snprintf(id, sizeof id, "%s", json_string_value(json_object_get(doc, "id")));
    for (int p = 0; p < 2; p++)
        snprintf(tokens[p], sizeof tokens[p], "%s",
                 json_string_value(json_object_get(json_array_get(json_object_get(doc, "seats"), (size_t)p), "token")));
    json_decref(doc);
    snprintf(path, sizeof path, "/api/games/%s/analysis/events", id);
    assert_int_equal(status_of(srv, "GET", path, NULL, NULL, NULL, NULL), 404); /* none yet */
    const char *moves[][2] = {{"b2", "0"}, {"a1", "1"}, {"b1", "0"}};
    char url[128], body[64];
    snprintf(url, sizeof url, "/api/games/%s/actions", id);
    for (int i = 0; i < 3; i++) {
        snprintf(body, sizeof body, "{\"action\":\"%s\"}", moves[i][0]);
        assert_int_equal(status_of(srv, "POST", url, tokens[moves[i][1][0] - '0'], body, NULL, NULL), 200);
    }
    snprintf(url, sizeof url, "/api/games/%s/resign", id);
    assert_int_equal(status_of(srv, "POST", url, tokens[1], "{}", NULL, NULL), 200);
    snprintf(url, sizeof url, "/api/games/%s/analysis", id);
    int started = status_of(srv, "POST", url, NULL, NULL, NULL, NULL);
    assert_true(started == 202 || started == 200);
    char *text = read_stream(srv, path, NULL);
    /* progress (unless it was over at once), then the result, the last */
    char *done = strstr(text, "event: done\ndata: {\"status\":\"done\",\"analysis\":{");
    assert_non_null(done);
    assert_true(started == 200 || strstr(text, "event: progress\ndata: {\"status\":\""));
    assert_true(!strstr(text, "event: progress") || strstr(text, "event: progress") < done);
    assert_null(strstr(done + 1, "event: "));
    free(text);
    /* again, done and stored: the result at once, whatever Last-Event-ID */
    text = read_stream(srv, path, "99");
    assert_int_equal(strncmp(text, "id: ", 4), 0);
    assert_non_null(strstr(text, "\nevent: done\ndata: {\"status\":\"done\",\"analysis\":{\"game\":\"morphos\""));
    free(text);
    assert_int_equal(status_of(srv, "GET", path, NULL, NULL, "x", NULL), 400);
    /* the limits of every live stream: one a client here */
    ApiResponse open;
    call(srv, "GET", path, NULL, NULL, NULL, &open);
    assert_int_equal(open.status, 200);
    assert_int_equal(status_of(srv, "GET", path, NULL, NULL, NULL, NULL), 429);
    api_response_free(&open);
    limits_stream_release(srv->limits, "10.0.0.1");
    assert_int_equal(status_of(srv, "GET", "/api/analyses/aaaaaaaaaaaaaaaaaaaaaaaaaa/events", NULL, NULL, NULL, NULL),
                     404);
    assert_int_equal(status_of(srv, "GET", "/api/analyses/nope/events", NULL, NULL, NULL, NULL), 404);
    server_free(srv);
    snprintf(url, sizeof url, "rm -rf %s", dir);
    assert_int_equal(system(url), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(payload_feed),
        cmocka_unit_test(analysis_stream),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
