/* A feed: something that changes and has live readers, without a room: the
 * lobby, and each account's games. It holds only a version, bumped by
 * every change, and its readers; a reader's stream sends one small event
 * per change ("event: NAME", data {"version":V}) and the page then asks
 * for what it shows (GET /api/lobby, GET /api/me/games) with its own
 * credentials. A payload feed (an analysis's progress) carries its
 * current event itself: its name and JSON data, the event's id being the
 * version; a reader gets the latest one (never a backlog: each says all),
 * and the stream ends after the last (the result). Streams of rooms and
 * feeds share http.c's machinery (Subscriber, wake under the lock). */
#ifndef MORPH_FEED_H
#define MORPH_FEED_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "../../core/strbuf.h"
#include "subscriber.h"

typedef struct Feed {
    pthread_mutex_t lock;
    atomic_int refs;
    const char *event;   /* the event's name: "lobby", "games"; a payload's */
    int64_t version;
    char *data;          /* a payload feed's current data (JSON), else NULL */
    bool last;           /* a payload feed's current event is its last */
    Subscriber *subs;
    int nsubs;
} Feed;

Feed *feed_new(const char *event);
void feed_ref(Feed *f);
void feed_unref(Feed *f);
/* A change: the version grows and every reader is woken. */
void feed_bump(Feed *f);
/* A payload feed's new event (event: a static name; data copied); last:
 * the final one, after which the streams end. The version grows and every
 * reader is woken. */
void feed_publish(Feed *f, const char *event, const char *data, bool last);
/* after: the last event id (version) the reader has, -1 none; a payload
 * feed's reader that has the current one waits for the next. */
void feed_subscribe(Feed *f, Subscriber *sub, long after);
void feed_unsubscribe(Feed *f, Subscriber *sub);
/* With f locked: the event sub has not had (the current version), if any;
 * sets sub->finished once a payload feed's last event is out. */
bool feed_fill(Feed *f, Subscriber *sub, StrBuf *out);

#endif
