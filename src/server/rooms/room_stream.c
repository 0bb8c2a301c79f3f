/* A room's live stream: readers subscribed, and the SSE events each has
 * not had yet (actions from Last-Event-ID, undo, the state). */

#include "room_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


void room_subscribe(Room *r, Subscriber *sub, long after)
{
    pthread_mutex_lock(&r->lock);
    int count = r->session->count;
    sub->epoch = r->meta.epoch;
    sub->version_sent = -1;
    sub->chat_sent = r->chat_count;
    if (after < -1 || after + 1 > count || (r->meta.undo_low >= 0 && after >= r->meta.undo_low))
        /* Nothing to replay, or the reader may have seen actions an undo
         * took back: the state (with the whole history) says it all. */
        sub->next_index = count;
    else
        sub->next_index = (int)after + 1;
    room_reader_came(r, sub); /* the others hear of it; its first state says it */
    sub->offers_sent = r->offers_count;
    sub->next = r->subs;
    r->subs = sub;
    r->nsubs++;
    pthread_mutex_unlock(&r->lock);
}

void room_unsubscribe(Room *r, Subscriber *sub)
{
    pthread_mutex_lock(&r->lock);
    for (Subscriber **p = &r->subs; *p; p = &(*p)->next)
        if (*p == sub) {
            *p = sub->next;
            r->nsubs--;
            room_reader_left(r, sub);
            break;
        }
    pthread_mutex_unlock(&r->lock);
}

/* One SSE event: id, event name and one data line (JSON has no newline). */
static void sse_event(StrBuf *out, long id, const char *event, const char *data)
{
    sb_printf(out, "id: %ld\nevent: %s\ndata: %s\n\n", id, event, data);
}

bool room_stream_fill(Room *r, Subscriber *sub, StrBuf *out)
{
    size_t start = out->len;
    int count = r->session->count;
    if (sub->epoch != r->meta.epoch) {
        sub->epoch = r->meta.epoch;
        if (sub->next_index > count)
            sub->next_index = count;
        char data[96];
        snprintf(data, sizeof data, "{\"count\":%d,\"version\":%lld}", count, (long long)r->meta.version);
        sse_event(out, count - 1, "undo", data);
    }
    if (sub->next_index > count)
        sub->next_index = count;
    for (; sub->next_index < count; sub->next_index++) {
        const char *entry = r->log[sub->next_index].json;
        StrBuf data = STRBUF_INIT;
        sb_puts(&data, entry ? entry : "{}");
        data.data[--data.len] = '\0';
        sb_printf(&data, ",\"version\":%lld}", (long long)r->meta.version);
        sse_event(out, sub->next_index, "action", sb_str(&data));
        sb_free(&data);
    }
    if (sub->chat_sent != r->chat_count) {
        /* a new chat message: the reader asks for it with its own credentials */
        sub->chat_sent = r->chat_count;
        sb_printf(out, "event: chat\ndata: {\"count\":%d}\n\n", r->chat_count);
    }
    int64_t key = r->meta.version * 2 + room_ai_busy(r);
    if (sub->offers_sent != r->offers_count && sub->version_sent == key) {
        /* an offer or the watchers changed, not the game: what they are now */
        sub->offers_sent = r->offers_count;
        sb_printf(out, "event: offers\ndata: {\"id\":\"%s\",\"version\":%lld", r->meta.id, (long long)r->meta.version);
        room_put_offers(r, out);
        sb_puts(out, "}\n\n");
    }
    if (sub->version_sent != key) {
        sub->offers_sent = r->offers_count; /* the state says them */
        /* A lean reader computes the state from the actions (the engine of
         * the page): after new actions only, it gets what else changed;
         * first, and after any other change, the whole state. */
        bool whole = !sub->lean || sub->version_sent < 0 || r->full_version > sub->version_sent / 2;
        sub->version_sent = key;
        sb_printf(out, "id: %d\nevent: %s\ndata: ", count - 1, whole ? "state" : "tick");
        if (whole) {
            room_put_state(r, out);
        } else {
            room_put_changes(r, out);
            sb_putc(out, '}');
        }
        sb_puts(out, "\n\n");
    }
    return out->len > start;
}

void room_chat_added(Room *r)
{
    pthread_mutex_lock(&r->lock);
    r->chat_count++;
    for (Subscriber *sub = r->subs; sub; sub = sub->next)
        sub->wake(sub->ctx);
    pthread_mutex_unlock(&r->lock);
}
