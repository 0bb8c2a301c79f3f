#include "feed.h"

#include <stdlib.h>

#include "../core/xalloc.h"

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
        free(f);
    }
}

void feed_bump(Feed *f)
{
    pthread_mutex_lock(&f->lock);
    f->version++;
    for (Subscriber *sub = f->subs; sub; sub = sub->next)
        sub->wake(sub->ctx);
    pthread_mutex_unlock(&f->lock);
}

void feed_subscribe(Feed *f, Subscriber *sub)
{
    pthread_mutex_lock(&f->lock);
    sub->version_sent = -1;
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
    if (sub->version_sent == f->version)
        return false;
    sub->version_sent = f->version;
    sb_printf(out, "id: %lld\nevent: %s\ndata: {\"version\":%lld}\n\n", (long long)f->version, f->event,
              (long long)f->version);
    return true;
}
