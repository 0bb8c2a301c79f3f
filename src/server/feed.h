/* A feed: something that changes and has live readers, without a room: the
 * lobby, and each account's games. It holds only a version, bumped by
 * every change, and its readers; a reader's stream sends one small event
 * per change ("event: NAME", data {"version":V}) and the page then asks
 * for what it shows (GET /api/lobby, GET /api/me/games) with its own
 * credentials. Streams of rooms and feeds share http.c's machinery
 * (Subscriber, wake under the lock). */
#ifndef MORPH_FEED_H
#define MORPH_FEED_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "../core/strbuf.h"
#include "room.h"

typedef struct Feed {
    pthread_mutex_t lock;
    atomic_int refs;
    const char *event;   /* the event's name: "lobby", "games" */
    int64_t version;
    Subscriber *subs;
    int nsubs;
} Feed;

Feed *feed_new(const char *event);
void feed_ref(Feed *f);
void feed_unref(Feed *f);
/* A change: the version grows and every reader is woken. */
void feed_bump(Feed *f);
void feed_subscribe(Feed *f, Subscriber *sub);
void feed_unsubscribe(Feed *f, Subscriber *sub);
/* With f locked: the event sub has not had (the current version), if any. */
bool feed_fill(Feed *f, Subscriber *sub, StrBuf *out);

#endif
