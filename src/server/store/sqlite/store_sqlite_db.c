/* The SQLite store's plumbing, shared by its files: errors, transactions,
 * statements prepared once, binds, and the column reader: the raw reads of
 * a statement's row under store_columns.h's typed reads, strict about each
 * value's storage class (SQLite keeps what it is given: a text in an
 * INTEGER column stays a text). At the bottom of the backend;
 * store_sqlite.c (games, opening, the table of operations) sits on top. */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_sqlite_internal.h"

bool sq_fail(SqliteStore *s, const char *what, char *err, size_t errlen)
{
    snprintf(err, errlen, "database: %s: %s", what, sqlite3_errmsg(s->db));
    return false;
}

/* Runs a statement that returns no rows; false on error. */
bool sq_run(sqlite3_stmt *q)
{
    int rc = sqlite3_step(q);
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    return rc == SQLITE_DONE;
}

bool sq_begin(SqliteStore *s, char *err, size_t errlen)
{
    return sq_run(s->q[Q_BEGIN]) || sq_fail(s, "begin", err, errlen);
}

/* Commits, or rolls back and fails with what went wrong. */
bool sq_finish(SqliteStore *s, bool ok, const char *what, char *err, size_t errlen)
{
    if (ok && sq_run(s->q[Q_COMMIT]))
        return true;
    if (ok || !err[0])
        sq_fail(s, what, err, errlen);
    sq_run(s->q[Q_ROLLBACK]);
    return false;
}

void sq_bind_text(sqlite3_stmt *q, int i, const char *text)
{
    if (text && text[0])
        sqlite3_bind_text(q, i, text, -1, SQLITE_TRANSIENT);
    else
        sqlite3_bind_null(q, i);
}

void sq_done(sqlite3_stmt *q)
{
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
}

sqlite3_stmt *sq_stmt(SqliteStore *s, const char *text)
{
    int i = 0;
    for (; i < SQ_CACHE && s->cache[i].sql; i++)
        if (s->cache[i].sql == text)
            return s->cache[i].stmt;
    sqlite3_stmt *q = NULL;
    if (i == SQ_CACHE || sqlite3_prepare_v3(s->db, text, -1, SQLITE_PREPARE_PERSISTENT, &q, NULL) != SQLITE_OK) {
        sqlite3_finalize(q);
        return NULL;
    }
    s->cache[i].sql = text;
    s->cache[i].stmt = q;
    return q;
}

void sq_bind_clock(sqlite3_stmt *q, int i, const ClockSpec *c)
{
    sqlite3_bind_int(q, i, c->kind);
    sqlite3_bind_int64(q, i + 1, c->initial_ms);
    sqlite3_bind_int64(q, i + 2, c->increment_ms);
    sqlite3_bind_int(q, i + 3, c->days);
}

/* ---- the column reader ---- */

static bool null_at(const StoreCols *c, int col)
{
    return sqlite3_column_type(c->source, col) == SQLITE_NULL;
}

static const char *name_at(const StoreCols *c, int col)
{
    return sqlite3_column_name(c->source, col);
}

/* A number or blob is shown as its text (converted for the message only:
 * the read fails then). */
static const char *shown_at(const StoreCols *c, int col)
{
    if (null_at(c, col))
        return NULL;
    const unsigned char *text = sqlite3_column_text(c->source, col);
    return text ? (const char *)text : "";
}

static bool whole_at(const StoreCols *c, int col, int64_t *out)
{
    if (sqlite3_column_type(c->source, col) != SQLITE_INTEGER)
        return false;
    *out = sqlite3_column_int64(c->source, col);
    return true;
}

static bool number_at(const StoreCols *c, int col, double *out)
{
    int type = sqlite3_column_type(c->source, col);
    if (type != SQLITE_FLOAT && type != SQLITE_INTEGER)
        return false;
    *out = sqlite3_column_double(c->source, col);
    return true;
}

static bool boolean_at(const StoreCols *c, int col, bool *out)
{
    int64_t v = -1;
    *out = whole_at(c, col, &v) && v == 1;
    return v == 0 || v == 1;
}

static const char *text_at(const StoreCols *c, int col)
{
    return sqlite3_column_type(c->source, col) == SQLITE_TEXT ? (const char *)sqlite3_column_text(c->source, col)
                                                               : NULL;
}

static const StoreColsOps sq_cols_ops = {
    .null = null_at,
    .name = name_at,
    .shown = shown_at,
    .whole = whole_at,
    .number = number_at,
    .boolean = boolean_at,
    .booleans = "0 or 1",
    .text = text_at,
};

StoreCols sq_cols(sqlite3_stmt *q)
{
    return (StoreCols){.ops = &sq_cols_ops, .source = q};
}

bool sq_rows_ok(SqliteStore *s, const StoreCols *c, int rc, int *n, const char *what, char *err, size_t errlen)
{
    bool ok = rc == SQLITE_ROW || rc == SQLITE_DONE || sq_fail(s, what, err, errlen);
    if (!ok)
        *n = 0;
    return ok && store_rows_ok(c, n, what, err, errlen);
}
