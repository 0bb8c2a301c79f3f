/* What the files of the SQLite store share (store_sqlite.c and the others:
 * accounts, lobby, append, checkpoint...): the store itself and the
 * helpers every statement uses. Not for the rest of the server. */
#ifndef MORPH_STORE_SQLITE_INTERNAL_H
#define MORPH_STORE_SQLITE_INTERNAL_H

#include <pthread.h>
#include <sqlite3.h>

#include "../store.h"
#include "../store_columns.h"

enum {
    Q_BEGIN, Q_COMMIT, Q_ROLLBACK,
    Q_INSERT_GAME, Q_INSERT_SEAT, Q_INSERT_ACTION, Q_UPDATE_GAME, Q_UPDATE_GAME_QUIET, Q_DELETE_ACTIONS, Q_CLAIM,
    Q_REMATCH, Q_LOAD_GAME, Q_LOAD_SEATS, Q_LOAD_ACTIONS, Q_FIND_INVITE, Q_CLOCKED, Q_LIST, Q_LIST_BEFORE,
    Q_ALL, Q_SAVE_CLOCK, Q_TAKE_CHALLENGE, Q_PEEK, Q_COUNT,
};

#define SQ_CACHE 64 /* statements of the other files, prepared on first use */


typedef struct SqliteStore {
    Store base;
    sqlite3 *db;
    sqlite3_stmt *q[Q_COUNT];
    struct {
        const char *sql;
        sqlite3_stmt *stmt;
    } cache[SQ_CACHE];
    pthread_mutex_t lock;
    /* Checkpoints (copying the WAL into the database file, with its disk
     * syncs) run on a thread of their own with its own connection, so that
     * a commit never waits for one. */
    sqlite3 *checkpoint_db;
    pthread_t checkpointer;
    bool checkpointing;
    pthread_mutex_t stop_lock;
    pthread_cond_t stop_cond;
    bool stopping;
    /* Group commit (store_sqlite_append.c): appends that come while one is
     * being written wait in batch, and the next writer writes them all in
     * one transaction. */
    pthread_mutex_t batch_lock;
    pthread_cond_t batch_done;
    struct SqAppend *batch;
    bool writing;
    char *path;
    int wal_restart_frames; /* the checkpoint thread starts the WAL again past this (--wal-mib) */
} SqliteStore;

/* The prepared statement of sql (a string constant: its address is the
 * key), kept for the life of the store; NULL with the store's error when
 * it does not prepare. Call with the lock held. */
sqlite3_stmt *sq_stmt(SqliteStore *s, const char *sql);
/* err = "database: what: SQLite's message"; returns false. */
bool sq_fail(SqliteStore *s, const char *what, char *err, size_t errlen);
/* Runs a statement that returns no rows, then resets it; false on error. */
bool sq_run(sqlite3_stmt *q);
/* Resets a statement that returned rows. */
void sq_done(sqlite3_stmt *q);
bool sq_begin(SqliteStore *s, char *err, size_t errlen);
/* Commits, or rolls back and fails with what went wrong. */
bool sq_finish(SqliteStore *s, bool ok, const char *what, char *err, size_t errlen);
/* Binds text, or NULL for NULL or "". */
void sq_bind_text(sqlite3_stmt *q, int i, const char *text);
/* A clock spec as four parameters from i (kind, initial ms, increment ms,
 * days); store_col_clock reads it back. */
void sq_bind_clock(sqlite3_stmt *q, int i, const ClockSpec *c);

/* A typed reader of q's current row (store_columns.h, over
 * store_sqlite_db.c's raw reads, which check each value's storage class:
 * SQLite keeps what it is given, a text in an INTEGER column too). */
StoreCols sq_cols(sqlite3_stmt *q);
/* The end of a read of rows into a list (rc: the last step's): a failed
 * step or a malformed column fails with err and leaves none (*n = 0). */
bool sq_rows_ok(SqliteStore *s, const StoreCols *c, int rc, int *n, const char *what, char *err, size_t errlen);

/* Inside an open transaction: g's row over the version before g's (a
 * conflict otherwise), and g's actions from index from. */
bool sq_update_checked(SqliteStore *s, const StoredGame *g, char *err, size_t errlen);
bool sq_insert_actions(SqliteStore *s, const StoredGame *g, int from);
bool sq_insert_actions_checked(SqliteStore *s, const StoredGame *g, int from, char *err, size_t errlen);
/* "ms,ms,..": the time of each seat of a game with a clock as parameter i;
 * NULL without. */
void sq_bind_left(sqlite3_stmt *q, int i, const StoredGame *g);
/* Inside an open transaction: the ratings of the two accounts of g (seats
 * 0 and 1) after the game, with its scores (store_sqlite_accounts.c). */
bool sq_rate_game(SqliteStore *s, const StoredGame *g, char *err, size_t errlen);

/* The operations of the other files, for the store's table. */
bool sq_append(Store *st, const StoredGame *g, int from, char *err, size_t errlen);
/* the checkpoint thread's body, its argument the store (store_sqlite_checkpoint.c) */
void *sq_checkpoint_main(void *arg);
bool sq_account_create(Store *st, const Account *a, AccountId *id, bool *taken, char *err, size_t errlen);
bool sq_account_find(Store *st, const char *name, AccountId id, Account *out, bool *found, char *err, size_t errlen);
bool sq_account_password(Store *st, AccountId id, const char *hash, const char *keep, char *err, size_t errlen);
bool sq_session_create(Store *st, const char *id_hash, AccountId account, const char *created, const char *expires,
                       char *err, size_t errlen);
bool sq_session_find(Store *st, const char *id_hash, const char *now, Account *out, bool *found, char *err,
                     size_t errlen);
bool sq_session_delete(Store *st, const char *id_hash, AccountId account, char *err, size_t errlen);
bool sq_token_create(Store *st, const StoredToken *t, int max, bool *full, char *err, size_t errlen);
bool sq_tokens_of(Store *st, AccountId account, StoredToken *out, int max, int *n, char *err, size_t errlen);
bool sq_token_revoke(Store *st, const char *id, AccountId account, bool *found, char *err, size_t errlen);
bool sq_token_find(Store *st, const char *hash, StoredToken *t, Account *a, bool *found, char *err, size_t errlen);
bool sq_account_make_bot(Store *st, AccountId id, bool *played, char *err, size_t errlen);
bool sq_ratings_of(Store *st, AccountId account, StoredRating *out, int max, int *n, char *err, size_t errlen);
bool sq_rating_history(Store *st, AccountId account, const char *game, RatingPoint *out, int max, int *n, char *err,
                       size_t errlen);
bool sq_leaderboard(Store *st, const char *game, int whom, int offset, int limit, LeaderRow *out, int *n, char *err,
                    size_t errlen);
bool sq_games_of(Store *st, AccountId account, bool running, int limit, GameSummary *out, int *n, char *err,
                 size_t errlen);
bool sq_challenge_create(Store *st, const StoredChallenge *c, char *err, size_t errlen);
bool sq_challenge_delete(Store *st, const char *id, AccountId account, bool *found, char *err, size_t errlen);
bool sq_challenge_renew(Store *st, const char *id, const char *expires, char *err, size_t errlen);
bool sq_challenges(Store *st, const char *now, StoredChallenge *out, int max, int *n, char *err, size_t errlen);
bool sq_chat_append(Store *st, const char *game_id, ChatMessage *m, char *err, size_t errlen);
bool sq_chat_list(Store *st, const char *game_id, int channel, int after, int limit, ChatMessage *out, int *n,
                  char *err, size_t errlen);
bool sq_seat_mute(Store *st, const char *game_id, int seat, bool muted, char *err, size_t errlen);
bool sq_analysis_save(Store *st, const char *game_id, const char *json, const char *created, char *err, size_t errlen);
bool sq_analysis_load(Store *st, const char *game_id, char **json, char *err, size_t errlen);

/* The columns of a list's summary of a game (store_col_summary). */
/* A game's stored version and action count (row: its row's table or
 * alias; id: an expression of its id): the row's, or the last action's when
 * moves wrote only their actions (store_sqlite_append.c). */
#define SQ_LAST_ACTION(col, id) "(SELECT a." col " FROM actions a WHERE a.game_id = " id " ORDER BY a.idx DESC LIMIT 1)"
#define SQ_VERSION(row, id) "max(" row ".version, coalesce(" SQ_LAST_ACTION("version", id) ", 0))"
#define SQ_COUNT(row, id) "max(" row ".actions, coalesce(" SQ_LAST_ACTION("idx", id) " + 1, 0))"

#define SQ_SUMMARY_COLUMNS                                                                                           \
    "g.id, g.game, g.options, g.status, g.result, g.created, g.updated, " SQ_COUNT("g", "g.id") " AS actions,"                       \
    " (SELECT count(*) FROM seats s WHERE s.game_id = g.id),"                                                        \
    " (SELECT count(*) FROM seats s WHERE s.game_id = g.id AND s.kind = 'human' AND s.claimed = 0),"                 \
    " (SELECT count(*) FROM seats s WHERE s.game_id = g.id AND s.kind = 'ai'),"                                      \
    " g.rated, g.clock_kind, g.clock_initial_ms, g.clock_increment_ms, g.clock_days,"                              \
    " (SELECT group_concat(s.seat || char(31) || s.kind || char(31) || coalesce(s.ai, '') || char(31) || coalesce(a.name, '')" \
    " || char(31) || coalesce(a.bot, 0) || char(31) || s.guest_name, char(30)) FROM seats s LEFT JOIN accounts a ON a.id = s.account_id"             \
    " WHERE s.game_id = g.id)"

#endif
