/* The PostgreSQL store's personal API tokens and bot accounts (store.h;
 * the tables are described in store_migrations.c). A token is found by the
 * SHA-256 of its secret, the only form kept; a token made through one
 * server is good on every other. Each call is one statement. */
#include <stdio.h>
#include <string.h>

#include "store_pg_internal.h"

/* The count and the insert in one statement: two tokens made at once on
 * two servers may both pass (the limit is a courtesy, not a secret). */
static const char q_token_insert[] =
    "INSERT INTO api_tokens (id, account_id, hash, description, scopes, created)"
    " SELECT $1, $2, $3, $4, $5, $6 WHERE (SELECT count(*) FROM api_tokens WHERE account_id = $2) < $7"
    " RETURNING id";
static const char q_tokens_of[] =
    "SELECT id, account_id, hash, description, scopes, created FROM api_tokens WHERE account_id = $1"
    " ORDER BY created, id LIMIT $2";
static const char q_token_drop[] = "DELETE FROM api_tokens WHERE id = $1 AND account_id = $2";
static const char q_token_find[] =
    "SELECT t.id, t.account_id, t.hash, t.description, t.scopes, t.created,"
    " a.id, a.name, a.password_hash, a.created, a.bot FROM api_tokens t JOIN accounts a ON a.id = t.account_id"
    " WHERE t.hash = $1";
/* Only an account that never sat at a game becomes a bot (its games were a person's). */
static const char q_make_bot[] =
    "UPDATE accounts SET bot = true WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM seats WHERE account_id = $1)";

bool pg_token_create(Store *st, const StoredToken *t, int max, bool *full, char *err, size_t errlen)
{
    PgParams p = {0};
    pg_text(&p, t->id);
    pg_int(&p, t->account);
    pg_text(&p, t->hash);
    p.v[p.n++] = t->description; /* "" stays a text */
    pg_int(&p, t->scopes);
    pg_text(&p, t->created);
    pg_int(&p, max);
    PGresult *r = pg_query_sql((PgStore *)st, q_token_insert, &p, PGRES_TUPLES_OK, "cannot store the token", err,
                               errlen);
    if (!r)
        return false;
    *full = PQntuples(r) == 0;
    PQclear(r);
    return true;
}

bool pg_tokens_of(Store *st, AccountId account, StoredToken *out, int max, int *n, char *err, size_t errlen)
{
    *n = 0;
    PgParams p = {0};
    pg_int(&p, account);
    pg_int(&p, max);
    PGresult *r = pg_query_sql((PgStore *)st, q_tokens_of, &p, PGRES_TUPLES_OK, "cannot read the tokens", err, errlen);
    if (!r)
        return false;
    StoreCols c = pg_cols(r, 0);
    for (; c.row < PQntuples(r) && *n < max; c.row++)
        store_col_token(&c, 0, &out[(*n)++]);
    PQclear(r);
    return store_rows_ok(&c, n, "cannot read the tokens", err, errlen);
}

bool pg_token_revoke(Store *st, const char *id, AccountId account, bool *found, char *err, size_t errlen)
{
    PgParams p = {0};
    pg_text(&p, id);
    pg_int(&p, account);
    int changed = 0;
    bool ok = pg_change((PgStore *)st, q_token_drop, &p, &changed, "cannot revoke the token", err, errlen);
    *found = ok && changed > 0;
    return ok;
}

bool pg_token_find(Store *st, const char *hash, StoredToken *t, Account *a, bool *found, char *err, size_t errlen)
{
    *found = false;
    PgParams p = {0};
    pg_text(&p, hash);
    PGresult *r = pg_query_sql((PgStore *)st, q_token_find, &p, PGRES_TUPLES_OK, "cannot read the token", err, errlen);
    if (!r)
        return false;
    StoreCols c = pg_cols(r, 0);
    if (PQntuples(r) == 1) {
        store_col_token(&c, 0, t);
        store_col_account(&c, 6, a);
        *found = true;
    }
    PQclear(r);
    if (store_cols_ok(&c, "cannot read the token", err, errlen))
        return true;
    *found = false;
    return false;
}

bool pg_account_make_bot(Store *st, AccountId id, bool *played, char *err, size_t errlen)
{
    PgParams p = {0};
    pg_int(&p, id);
    int changed = 0;
    bool ok = pg_change((PgStore *)st, q_make_bot, &p, &changed, "cannot make the account a bot", err, errlen);
    *played = ok && changed == 0;
    return ok;
}
