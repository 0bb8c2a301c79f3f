/* A change of a game (its new actions, status, clock, ratings at the end)
 * with group commit: an append that comes while another is being written
 * waits in a queue, and the next writer writes every waiting one in one
 * transaction, each in a savepoint of its own so that one refused (a
 * conflict) takes nothing from the others. A commit's cost (its locks, the
 * pages of the WAL, the write) is then shared by the moves of a batch; an
 * append alone is written at once, as before. Every append returns only
 * after the commit that holds it: what is acknowledged is as durable as it
 * was (docs/web.md). */
#include "store_sqlite_internal.h"

#include <stdio.h>

typedef struct SqAppend {
    const StoredGame *g;
    int from;
    char *err;
    size_t errlen;
    bool ok, done;
    struct SqAppend *next;
} SqAppend;

static const char savepoint[] = "SAVEPOINT one_append";
static const char release[] = "RELEASE one_append";
static const char rollback_to[] = "ROLLBACK TO one_append";

/* One append inside the open transaction: false with its error, and what
 * it wrote undone when it is one of several. */
static bool write_one(SqliteStore *s, SqAppend *a, bool alone)
{
    const StoredGame *g = a->g;
    a->err[0] = '\0';
    if (!alone && !sq_run(sq_stmt(s, savepoint)))
        return sq_fail(s, "cannot store the actions", a->err, a->errlen);
    bool ok = g->only_actions ? sq_insert_actions_checked(s, g, a->from, a->err, a->errlen)
                              : sq_update_checked(s, g, a->err, a->errlen) && sq_insert_actions(s, g, a->from) &&
                                    (!g->rate_now || sq_rate_game(s, g, a->err, a->errlen));
    if (!ok && !a->err[0])
        sq_fail(s, "cannot store the actions", a->err, a->errlen);
    if (!alone) {
        if (!ok)
            sq_run(sq_stmt(s, rollback_to));
        sq_run(sq_stmt(s, release));
    }
    return ok;
}

/* Writes the batch (its order kept) in one transaction. */
static void write_batch(SqliteStore *s, SqAppend *batch)
{
    bool alone = batch && !batch->next;
    pthread_mutex_lock(&s->lock);
    char err[ERR_MAX + 128] = "";
    bool open = sq_begin(s, err, sizeof err);
    bool any = false;
    for (SqAppend *a = batch; a; a = a->next) {
        a->ok = open && write_one(s, a, alone);
        if (!open)
            snprintf(a->err, a->errlen, "%s", err);
        any |= a->ok;
    }
    if (open && any) {
        err[0] = '\0';
        if (!sq_finish(s, true, "cannot store the actions", err, sizeof err))
            for (SqAppend *a = batch; a; a = a->next)
                if (a->ok) {
                    a->ok = false;
                    snprintf(a->err, a->errlen, "%s", err);
                }
    } else if (open) {
        sq_run(s->q[Q_ROLLBACK]);
    }
    pthread_mutex_unlock(&s->lock);
}

bool sq_append(Store *st, const StoredGame *g, int from, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    SqAppend me = {.g = g, .from = from, .err = err, .errlen = errlen};
    err[0] = '\0';
    pthread_mutex_lock(&s->batch_lock);
    /* queued at the end: appends of one game keep their order */
    SqAppend **tail = &s->batch;
    while (*tail)
        tail = &(*tail)->next;
    *tail = &me;
    while (!me.done && s->writing)
        pthread_cond_wait(&s->batch_done, &s->batch_lock);
    if (me.done) {
        pthread_mutex_unlock(&s->batch_lock);
        return me.ok;
    }
    /* the writer now: every append waiting goes in this transaction */
    s->writing = true;
    SqAppend *batch = s->batch;
    s->batch = NULL;
    pthread_mutex_unlock(&s->batch_lock);
    write_batch(s, batch);
    pthread_mutex_lock(&s->batch_lock);
    for (SqAppend *a = batch, *next; a; a = next) {
        next = a->next; /* a's memory is its thread's, gone once done is seen */
        a->done = true;
    }
    s->writing = false;
    pthread_cond_broadcast(&s->batch_done);
    pthread_mutex_unlock(&s->batch_lock);
    return me.ok;
}
