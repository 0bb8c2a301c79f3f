/* Live streams (Server-Sent Events) of a room (its actions and states) or
 * of a feed (the lobby, an account's games, an analysis): a response of
 * unknown length whose content comes from a callback. With nothing to send,
 * the callback suspends the connection (it leaves the event loop, costing
 * no thread and no polling) and the room or feed resumes it, under its
 * lock, when something happens; the timer resumes every stream now and
 * then for a keep-alive comment. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/xalloc.h"
#include "http_internal.h"

#define STREAM_BLOCK 16384

/* A live stream: lock is the room's or the feed's. */
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
        limits_stream_release_of(h->srv->limits, st->client, st->room->meta.id);
        room_unref(st->room);
    } else {
        feed_unsubscribe(st->feed, &st->sub);
        feed_unref(st->feed);
        limits_stream_release_of(h->srv->limits, st->client, NULL);
    }
    sb_free(&st->buf);
    free(st);
}

enum MHD_Result http_queue_stream(Http *h, struct MHD_Connection *conn, ApiResponse *res, const char *client)
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
    st->sub.seats = res->stream_seats;
    st->sub.says_player = res->stream_player;
    if (st->room)
        room_subscribe(st->room, &st->sub, res->stream_after);
    else
        feed_subscribe(st->feed, &st->sub, res->stream_after);
    struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, STREAM_BLOCK, stream_read, st,
                                                               stream_free);
    MHD_add_response_header(r, "Content-Type", "text/event-stream; charset=utf-8");
    MHD_add_response_header(r, "Cache-Control", "no-store");
    MHD_add_response_header(r, "X-Accel-Buffering", "no");
    http_security_headers(r);
    enum MHD_Result ok = MHD_queue_response(conn, 200, r);
    MHD_destroy_response(r);
    return ok;
}

void http_streams_heartbeat(Http *h)
{
    pthread_mutex_lock(&h->lock);
    for (Stream *st = h->streams; st; st = st->next) {
        pthread_mutex_lock(st->lock);
        st->heartbeat = true;
        stream_wake(st);
        pthread_mutex_unlock(st->lock);
    }
    pthread_mutex_unlock(&h->lock);
}

void http_streams_close(Http *h)
{
    for (Stream *st = h->streams; st; st = st->next) {
        pthread_mutex_lock(st->lock);
        st->closing = true;
        stream_wake(st);
        pthread_mutex_unlock(st->lock);
    }
}
