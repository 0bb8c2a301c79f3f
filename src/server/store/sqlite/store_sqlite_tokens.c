/* The SQLite store's personal API tokens and bot accounts (store.h; the
 * tables are described in store_migrations.c). A token is found by the
 * SHA-256 of its secret, the only form kept. Each call is one transaction
 * under the store's lock. */
#include <stdio.h>
#include <string.h>

#include "store_sqlite_internal.h"

static const char q_tokens_count[] = "SELECT count(*) FROM api_tokens WHERE account_id = ?1";
static const char q_token_insert[] =
    "INSERT INTO api_tokens (id, account_id, hash, description, scopes, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
static const char q_tokens_of[] =
    "SELECT id, account_id, hash, description, scopes, created FROM api_tokens WHERE account_id = ?1"
    " ORDER BY created, id LIMIT ?2";
static const char q_token_drop[] = "DELETE FROM api_tokens WHERE id = ?1 AND account_id = ?2";
static const char q_token_find[] =
    "SELECT t.id, t.account_id, t.hash, t.description, t.scopes, t.created,"
    " a.id, a.name, a.password_hash, a.created, a.bot FROM api_tokens t JOIN accounts a ON a.id = t.account_id"
    " WHERE t.hash = ?1";
/* Only an account that never sat at a game becomes a bot (its games were a person's). */
static const char q_make_bot[] =
    "UPDATE accounts SET bot = 1 WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM seats WHERE account_id = ?1)";

static sqlite3_stmt *stmt(SqliteStore *s, const char *text, char *err, size_t errlen)
{
    sqlite3_stmt *q = sq_stmt(s, text);
    if (!q)
        sq_fail(s, "cannot prepare a statement", err, errlen);
    return q;
}

bool sq_token_create(Store *st, const StoredToken *t, int max, bool *full, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    err[0] = '\0';
    *full = false;
    pthread_mutex_lock(&s->lock);
    bool ok = sq_begin(s, err, errlen);
    if (ok) {
        sqlite3_stmt *q = stmt(s, q_tokens_count, err, errlen);
        if ((ok = q != NULL)) {
            sqlite3_bind_int64(q, 1, t->account);
            ok = sqlite3_step(q) == SQLITE_ROW;
            *full = ok && sqlite3_column_int(q, 0) >= max;
            sq_done(q);
        }
        if (ok && !*full && (ok = (q = stmt(s, q_token_insert, err, errlen)) != NULL)) {
            sq_bind_text(q, 1, t->id);
            sqlite3_bind_int64(q, 2, t->account);
            sq_bind_text(q, 3, t->hash);
            sqlite3_bind_text(q, 4, t->description, -1, SQLITE_TRANSIENT); /* "" stays a text */
            sqlite3_bind_int(q, 5, (int)t->scopes);
            sq_bind_text(q, 6, t->created);
            ok = sq_run(q);
        }
        ok = sq_finish(s, ok, "cannot store the token", err, errlen);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_tokens_of(Store *st, AccountId account, StoredToken *out, int max, int *n, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    *n = 0;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, q_tokens_of, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        sqlite3_bind_int64(q, 1, account);
        sqlite3_bind_int(q, 2, max);
        StoreCols c = sq_cols(q);
        int rc;
        while ((rc = sqlite3_step(q)) == SQLITE_ROW && *n < max)
            store_col_token(&c, 0, &out[(*n)++]);
        ok = sq_rows_ok(s, &c, rc, n, "cannot read the tokens", err, errlen);
        sq_done(q);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_token_revoke(Store *st, const char *id, AccountId account, bool *found, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    *found = false;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, q_token_drop, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        sq_bind_text(q, 1, id);
        sqlite3_bind_int64(q, 2, account);
        ok = sq_run(q) || sq_fail(s, "cannot revoke the token", err, errlen);
        *found = ok && sqlite3_changes(s->db) > 0;
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_token_find(Store *st, const char *hash, StoredToken *t, Account *a, bool *found, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    *found = false;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, q_token_find, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        sq_bind_text(q, 1, hash);
        int rc = sqlite3_step(q);
        if (rc == SQLITE_ROW) {
            StoreCols c = sq_cols(q);
            store_col_token(&c, 0, t);
            store_col_account(&c, 6, a);
            ok = *found = store_cols_ok(&c, "cannot read the token", err, errlen);
        } else {
            ok = rc == SQLITE_DONE || sq_fail(s, "cannot read the token", err, errlen);
        }
        sq_done(q);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_account_make_bot(Store *st, AccountId id, bool *played, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    *played = false;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, q_make_bot, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        sqlite3_bind_int64(q, 1, id);
        ok = sq_run(q) || sq_fail(s, "cannot make the account a bot", err, errlen);
        *played = ok && sqlite3_changes(s->db) == 0;
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}
