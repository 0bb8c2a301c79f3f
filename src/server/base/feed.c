#include "feed.h"

#include <stdlib.h>

#include "../../core/xalloc.h"

Feed *feed_new(const char *event)
{
    Feed *f = xcalloc(1, sizeof *f);
    pthread_mutex_init(&f->lock, NULL);
    atomic_init(&f->refs, 1);
    f->event = event;
    f->version = 1;
    return f;
}

void feed_ref(Feed *f)
{
    atomic_fetch_add(&f->refs, 1);
}

void feed_unref(Feed *f)
{
    if (f && atomic_fetch_sub(&f->refs, 1) == 1) {
        pthread_mutex_destroy(&f->lock);
        free(f->data);
        free(f);
    }
}

/* A new version: every reader is woken (f locked). */
static void changed(Feed *f)
{
    f->version++;
    for (Subscriber *sub = f->subs; sub; sub = sub->next)
        sub->wake(sub->ctx);
}

void feed_bump(Feed *f)
{
    pthread_mutex_lock(&f->lock);
    changed(f);
    pthread_mutex_unlock(&f->lock);
}

void feed_publish(Feed *f, const char *event, const char *data, bool last)
{
    char *copy = xstrdup(data);
    pthread_mutex_lock(&f->lock);
    free(f->data);
    f->data = copy;
    f->event = event;
    f->last = last;
    changed(f);
    pthread_mutex_unlock(&f->lock);
}

void feed_subscribe(Feed *f, Subscriber *sub, long after)
{
    pthread_mutex_lock(&f->lock);
    sub->version_sent = after;
    sub->finished = false;
    sub->next = f->subs;
    f->subs = sub;
    f->nsubs++;
    pthread_mutex_unlock(&f->lock);
}

void feed_unsubscribe(Feed *f, Subscriber *sub)
{
    pthread_mutex_lock(&f->lock);
    for (Subscriber **p = &f->subs; *p; p = &(*p)->next)
        if (*p == sub) {
            *p = sub->next;
            f->nsubs--;
            break;
        }
    pthread_mutex_unlock(&f->lock);
}

bool feed_fill(Feed *f, Subscriber *sub, StrBuf *out)
{
    /* The last event goes to every reader, whatever it says it has: a
     * client that comes back after the end gets the result at once. */
    if (sub->finished || (sub->version_sent == f->version && !f->last))
        return false;
    sub->version_sent = f->version;
    sb_printf(out, "id: %lld\nevent: %s\ndata: ", (long long)f->version, f->event);
    if (f->data)
        sb_puts(out, f->data);
    else
        sb_printf(out, "{\"version\":%lld}", (long long)f->version);
    sb_puts(out, "\n\n");
    sub->finished = f->last;
    return true;
}
