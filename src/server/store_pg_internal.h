/* What the two files of the PostgreSQL store share: store_pg_conn.c (the
 * pool of connections, statements, parameters, errors, migrations and the
 * LISTEN thread) and store_pg.c (the operations of store.h). */
#ifndef MORPH_STORE_PG_INTERNAL_H
#define MORPH_STORE_PG_INTERNAL_H

#include <libpq-fe.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "../core/strbuf.h"
#include "store.h"

#define PG_SERVER_ID_LEN 12
#define PG_PARAMS_MAX 16
/* The channel of LISTEN/NOTIFY: payload "GAME_ID VERSION" (migration 2). */
#define PG_CHANNEL "morph_games"

/* The prepared statements of every connection. */
enum {
    P_INSERT_GAME, P_INSERT_SEATS, P_INSERT_ACTIONS, P_REMATCH, P_TAKE_WORK, P_APPEND, P_TRUNCATE, P_CLAIM_GAME,
    P_CLAIM_SEAT, P_LOAD, P_PEEK, P_FIND_INVITE, P_UNFINISHED, P_ALL, P_LIST, P_LIST_BEFORE, P_HEARTBEAT,
    P_CLAIM_WORK, P_LEAVE, P_PING, P_COUNT
};
extern const char *const pg_sql[P_COUNT];

typedef struct PgStore PgStore;

typedef struct PgConn {
    PGconn *conn;
    bool busy;
    PgStore *store;
} PgConn;

struct PgStore {
    Store base;
    /* When a statement last succeeded (monotonic ms): a health check
     * trusts that for a second instead of asking again. */
    atomic_llong last_ok_ms;
    char *uri;
    char describe[256];    /* postgresql://USER@HOST:PORT/DB, no password */
    char id[PG_SERVER_ID_LEN + 1];
    char about[160];       /* host and pid, for the servers table */
    pthread_mutex_t lock;  /* the pool */
    pthread_cond_t freed;
    PgConn *conns;
    int nconns;
    /* LISTEN: a connection and thread of their own (store_pg_conn.c). */
    void (*changed)(void *ctx, const char *id, int64_t version);
    void *changed_ctx;
    pthread_t watcher;
    PGconn *listening;     /* handed to the thread */
    bool watching;
    int stop_pipe[2];
    /* NOTIFY after each commit (store_pg_conn.c): the payloads waiting, and
     * a thread that sends them in batches on a connection of its own. */
    pthread_mutex_t notify_lock;
    pthread_cond_t notify_cond;
    char **pending;
    int npending, pending_cap;
    bool notify_stop, notifying;
    pthread_t notifier;
};
/* Monotonic milliseconds. */
long long pg_now_ms(void);

/* A connection of the pool (connected, statements prepared), or NULL with
 * a message; give it back with pg_release. */
PgConn *pg_acquire(PgStore *s, char *err, size_t errlen);
void pg_release(PgStore *s, PgConn *c);

/* Text parameters of one statement: NULL (SQL NULL) for an empty text. */
typedef struct PgParams {
    const char *v[PG_PARAMS_MAX];
    char num[PG_PARAMS_MAX][24];
    int n;
} PgParams;
void pg_text(PgParams *p, const char *text);
void pg_int(PgParams *p, long long value);
void pg_bool(PgParams *p, bool value);
/* An array literal ({"a","b"}) of n texts, into out (NULL items are NULL). */
void pg_array_texts(StrBuf *out, const char *const *items, int n);
void pg_array_ints(StrBuf *out, const int *items, int n);

/* Runs prepared statement q; the result when its status is want (the
 * caller PQclears it), else NULL with "database: WHAT: why" in err
 * (conflict when a unique key refused a row another server wrote). */
PGresult *pg_run(PgConn *c, int q, const PgParams *p, ExecStatusType want, const char *what, char *err,
                 size_t errlen);
/* One statement on a connection of the pool (taken and given back): the
 * result when its status is want, else NULL with err. */
PGresult *pg_query(PgStore *s, int q, const PgParams *p, ExecStatusType want, const char *what, char *err,
                   size_t errlen);
/* pg_query for a read, tried once more on a new connection when the
 * connection it had broke (the database restarted): reading twice is
 * harmless, where a write might have committed before the break. */
PGresult *pg_read(PgStore *s, int q, const PgParams *p, const char *what, char *err, size_t errlen);
/* Runs a statement without parameters (BEGIN, COMMIT, ROLLBACK). */
bool pg_exec(PgConn *c, const char *sql, const char *what, char *err, size_t errlen);

/* Applies the missing migrations under an advisory lock (several servers may
 * start at once); false with a message for a database newer than morph. */
bool pg_migrate(PGconn *conn, char *err, size_t errlen);
/* Opens a connection to the store's database (libpq's connection URI with
 * morph's defaults: a connect timeout, TCP keepalives). */
PGconn *pg_connect(PgStore *s, char *err, size_t errlen);

/* Tells the other servers (NOTIFY, by the notifier thread, soon after)
 * that game id is at version now (-1: changed, version unknown). Called
 * after the change committed: a NOTIFY inside the write's transaction would
 * hold PostgreSQL's notify lock through the commit's disk flush,
 * serialising every write of every server. */
void pg_notify_change(PgStore *s, const char *id, int64_t version);
void pg_notifier_start(PgStore *s);
/* Sends what is waiting, then stops. */
void pg_notifier_stop(PgStore *s);

/* The LISTEN thread (store_pg_conn.c). */
bool pg_watch(Store *st, void (*changed)(void *ctx, const char *id, int64_t version), void *ctx, char *err,
              size_t errlen);
void pg_watch_stop(PgStore *s);

#endif
