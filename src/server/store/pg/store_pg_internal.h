/* What the files of the PostgreSQL store share: store_pg_conn.c (the pool
 * of connections, statements, parameters, errors, migrations, NOTIFY and
 * the LISTEN thread), store_pg_columns.c (typed reads of results'
 * columns), store_pg.c (the writes of games, several servers, the table of
 * operations), store_pg_read.c (the reads of games), store_pg_accounts.c
 * (accounts, sessions, ratings) and store_pg_lobby.c (challenges, chat). */
#ifndef MORPH_STORE_PG_INTERNAL_H
#define MORPH_STORE_PG_INTERNAL_H

#include <libpq-fe.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "../../../core/strbuf.h"
#include "../store.h"
#include "../store_columns.h"

#define PG_SERVER_ID_LEN 12
#define PG_PARAMS_MAX 24
/* The channel of LISTEN/NOTIFY: payloads "GAME_ID VERSION", "chat GAME_ID", "lobby",
 * "account N" (store_pg_conn.c). */
#define PG_CHANNEL "morph_games"

/* The prepared statements of every connection. */
enum {
    P_INSERT_GAME, P_INSERT_SEATS, P_INSERT_ACTIONS, P_REMATCH, P_TAKE_WORK, P_CLOCK_WORK, P_TAKE_CHALLENGE,
    P_APPEND, P_TRUNCATE, P_CLAIM_GAME, P_CLAIM_SEAT, P_SAVE_CLOCK, P_LOAD, P_PEEK, P_FIND_INVITE, P_CLOCKED, P_ABANDONED, P_UNLIST, P_PLAYING,
    P_ALL, P_LIST, P_LIST_BEFORE, P_HEARTBEAT, P_CLAIM_WORK, P_LEAVE, P_PING, P_COUNT
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
    void (*heard)(void *ctx, const StoreNote *note);
    void *heard_ctx;
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
/* pg_run and pg_query for a statement of its text (not prepared: the
 * community's statements, rarer than a game's). */
PGresult *pg_run_sql(PgConn *c, const char *sql, const PgParams *p, ExecStatusType want, const char *what, char *err,
                     size_t errlen);
PGresult *pg_query_sql(PgStore *s, const char *sql, const PgParams *p, ExecStatusType want, const char *what,
                       char *err, size_t errlen);
/* A statement that changes rows, alone on a connection of the pool: false
 * with err when it fails; *changed (when not NULL) gets the rows changed. */
bool pg_change(PgStore *s, const char *sql, const PgParams *p, int *changed, const char *what, char *err,
               size_t errlen);
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

/* store.h's notify: the other servers hear note soon after. */
void pg_notify_note(Store *st, const StoreNote *note);

/* Inside c's open transaction: the ratings of the two accounts of g
 * (seats 0 and 1) after the game, with its scores (store_pg_accounts.c). */
bool pg_rate_game(PgConn *c, const StoredGame *g, char *err, size_t errlen);

/* "ms,ms": the time of each seat of a game with a clock (NULL without);
 * store_col_left reads it back. */
const char *pg_left_text(const StoredGame *g, char *out, size_t outlen);
void pg_copy_text(char *out, size_t outlen, const char *text);

/* A typed reader of row `row` of r's columns (store_columns.h, over
 * store_pg_columns.c's raw reads of libpq's text). */
StoreCols pg_cols(PGresult *r, int row);
/* The rows a statement changed (PQcmdTuples); false with err when libpq
 * says no number. */
bool pg_rows_changed(PGresult *r, int *rows, const char *what, char *err, size_t errlen);
/* The columns of a list's summary of a game (store_col_summary). */
#define PG_SUMMARY_COLUMNS                                                                                          \
    "g.id, g.game, g.options, g.status, g.result, g.created, g.updated, g.actions,"                                \
    " (SELECT count(*) FROM seats s WHERE s.game_id = g.id),"                                                    \
    " (SELECT count(*) FROM seats s WHERE s.game_id = g.id AND s.kind = 'human' AND NOT s.claimed),"             \
    " (SELECT count(*) FROM seats s WHERE s.game_id = g.id AND s.kind = 'ai'),"                                  \
    " g.rated, g.clock_kind, g.clock_initial_ms, g.clock_increment_ms, g.clock_days,"                            \
    " (SELECT string_agg(s.seat || chr(31) || s.kind || chr(31) || coalesce(s.ai, '') || chr(31)"                  \
    " || coalesce(a.name, '') || chr(31) || CASE WHEN a.bot THEN '1' ELSE '0' END || chr(31) || s.guest_name," \
    " chr(30)) FROM seats s"                                   \
    " LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id = g.id)"

/* The operations of the other files, for the store's table. */
bool pg_load(Store *st, const char *id, StoredGame *out, bool *found, char *err, size_t errlen);
bool pg_load_since(Store *st, const char *id, int from, StoredGame *out, bool *found, char *err, size_t errlen);
bool pg_peek(Store *st, const char *id, int64_t *version, bool *found, char *err, size_t errlen);
bool pg_find_invite(Store *st, const char *code, char id[GAME_ID_LEN + 1], int *seat, bool *found, char *err,
                    size_t errlen);
bool pg_each_clocked(Store *st, void (*fn)(void *ctx, const char *id), void *ctx, char *err, size_t errlen);
bool pg_each_abandoned(Store *st, const char *before, int limit, void (*fn)(void *ctx, const char *id), void *ctx,
                       char *err, size_t errlen);
bool pg_unlist(Store *st, const char *id, char *err, size_t errlen);
bool pg_count_playing(Store *st, const char *since, int *games, int *people, char *err, size_t errlen);
bool pg_each_game(Store *st, void (*fn)(void *ctx, const char *id), void *ctx, char *err, size_t errlen);
bool pg_list(Store *st, int status, const char *before, const char *before_id, int limit, GameSummary *out, int *n,
             char *err, size_t errlen);
bool pg_games_of(Store *st, AccountId account, bool running, int limit, GameSummary *out, int *n, char *err,
                 size_t errlen);
bool pg_ping(Store *st, char *err, size_t errlen);
void pg_describe(Store *st, char *out, size_t outlen);
bool pg_token_create(Store *st, const StoredToken *t, int max, bool *full, char *err, size_t errlen);
bool pg_tokens_of(Store *st, AccountId account, StoredToken *out, int max, int *n, char *err, size_t errlen);
bool pg_token_revoke(Store *st, const char *id, AccountId account, bool *found, char *err, size_t errlen);
bool pg_token_find(Store *st, const char *hash, StoredToken *t, Account *a, bool *found, char *err, size_t errlen);
bool pg_account_make_bot(Store *st, AccountId id, bool *played, char *err, size_t errlen);
bool pg_account_create(Store *st, const Account *a, AccountId *id, bool *taken, char *err, size_t errlen);
bool pg_account_find(Store *st, const char *name, AccountId id, Account *out, bool *found, char *err, size_t errlen);
bool pg_account_password(Store *st, AccountId id, const char *hash, const char *keep, char *err, size_t errlen);
bool pg_session_create(Store *st, const char *id_hash, AccountId account, const char *created, const char *expires,
                       char *err, size_t errlen);
bool pg_session_find(Store *st, const char *id_hash, const char *now, Account *out, bool *found, char *err,
                     size_t errlen);
bool pg_session_delete(Store *st, const char *id_hash, AccountId account, char *err, size_t errlen);
bool pg_ratings_of(Store *st, AccountId account, StoredRating *out, int max, int *n, char *err, size_t errlen);
bool pg_rating_history(Store *st, AccountId account, const char *game, RatingPoint *out, int max, int *n, char *err,
                       size_t errlen);
bool pg_leaderboard(Store *st, const char *game, int whom, int offset, int limit, LeaderRow *out, int *n, char *err,
                    size_t errlen);
bool pg_challenge_create(Store *st, const StoredChallenge *c, char *err, size_t errlen);
bool pg_challenge_delete(Store *st, const char *id, AccountId account, bool *found, char *err, size_t errlen);
bool pg_challenge_renew(Store *st, const char *id, const char *expires, char *err, size_t errlen);
bool pg_challenges(Store *st, const char *now, StoredChallenge *out, int max, int *n, char *err, size_t errlen);
bool pg_chat_append(Store *st, const char *game_id, ChatMessage *m, char *err, size_t errlen);
bool pg_chat_list(Store *st, const char *game_id, int channel, int after, int limit, ChatMessage *out, int *n,
                  char *err, size_t errlen);
bool pg_seat_mute(Store *st, const char *game_id, int seat, bool muted, char *err, size_t errlen);
bool pg_analysis_save(Store *st, const char *game_id, const char *json, const char *created, char *err, size_t errlen);
bool pg_analysis_load(Store *st, const char *game_id, char **json, char *err, size_t errlen);
bool pg_work_take(Store *st, const char *game_id, int kind, bool *taken, char *err, size_t errlen);
bool pg_work_end(Store *st, const char *game_id, int kind, char *err, size_t errlen);
bool pg_work_held(Store *st, const char *game_id, int kind, bool *held, char *err, size_t errlen);

/* The LISTEN thread (store_pg_conn.c). */
bool pg_watch(Store *st, void (*heard)(void *ctx, const StoreNote *note), void *ctx, char *err, size_t errlen);
void pg_watch_stop(PgStore *s);

#endif
