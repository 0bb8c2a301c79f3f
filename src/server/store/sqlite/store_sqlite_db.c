/* The SQLite store's plumbing, shared by its files: errors, transactions,
 * statements prepared once, and typed reads and binds of columns. At the
 * bottom of the backend; store_sqlite.c (games, opening, the table of
 * operations) sits on top.
 *
 * The reads are strict: SQLite keeps whatever a column is given (a text in
 * an INTEGER column stays a text), so each reader checks the value's
 * storage class and range; a malformed value reads as 0 (or "") and the
 * first one is remembered (store.h's store_column_bad), for the one
 * sq_cols_ok that ends the read. */
#include <limits.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_sqlite_internal.h"
#include "../../../core/xalloc.h"

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

/* ---- typed reads of columns ---- */

void sq_col_bad(SqCols *c, int col, const char *expected)
{
    const char *value = NULL;
    if (!sq_col_null(c, col)) { /* a number or blob is shown as its text */
        value = (const char *)sqlite3_column_text(c->q, col);
        value = value ? value : "";
    }
    store_column_bad(c->bad, col, sqlite3_column_name(c->q, col), value, expected);
}

bool sq_cols_ok(const SqCols *c, const char *what, char *err, size_t errlen)
{
    return store_columns_ok(c->bad, what, err, errlen);
}

bool sq_rows_ok(SqliteStore *s, const SqCols *c, int rc, int *n, const char *what, char *err, size_t errlen)
{
    bool ok = (rc == SQLITE_ROW || rc == SQLITE_DONE || sq_fail(s, what, err, errlen)) &&
              sq_cols_ok(c, what, err, errlen);
    if (!ok)
        *n = 0;
    return ok;
}

bool sq_col_null(const SqCols *c, int col)
{
    return sqlite3_column_type(c->q, col) == SQLITE_NULL;
}

/* A whole number in [min, max] kept as an INTEGER. */
static sqlite3_int64 whole(SqCols *c, int col, sqlite3_int64 min, sqlite3_int64 max, const char *expected)
{
    if (sqlite3_column_type(c->q, col) != SQLITE_INTEGER) {
        sq_col_bad(c, col, "an integer");
        return 0;
    }
    sqlite3_int64 v = sqlite3_column_int64(c->q, col);
    if (v >= min && v <= max)
        return v;
    sq_col_bad(c, col, expected);
    return 0;
}

int sq_col_int(SqCols *c, int col)
{
    return (int)whole(c, col, INT_MIN, INT_MAX, "an integer from -2147483648 to 2147483647");
}

int64_t sq_col_int64(SqCols *c, int col)
{
    return whole(c, col, INT64_MIN, INT64_MAX, "an integer");
}

int64_t sq_col_int64_or(SqCols *c, int col, int64_t if_null)
{
    return sq_col_null(c, col) ? if_null : sq_col_int64(c, col);
}

double sq_col_double(SqCols *c, int col)
{
    int type = sqlite3_column_type(c->q, col);
    if (type == SQLITE_FLOAT || type == SQLITE_INTEGER)
        return sqlite3_column_double(c->q, col);
    sq_col_bad(c, col, "a number");
    return 0;
}

double sq_col_double_or(SqCols *c, int col, double if_null)
{
    return sq_col_null(c, col) ? if_null : sq_col_double(c, col);
}

bool sq_col_bool(SqCols *c, int col)
{
    return whole(c, col, 0, 1, "0 or 1") == 1;
}

const char *sq_col_text(SqCols *c, int col)
{
    const unsigned char *t = sqlite3_column_type(c->q, col) == SQLITE_TEXT ? sqlite3_column_text(c->q, col) : NULL;
    if (!t)
        sq_col_bad(c, col, "a text");
    return t ? (const char *)t : "";
}

const char *sq_col_text_or_null(SqCols *c, int col)
{
    return sq_col_null(c, col) ? NULL : sq_col_text(c, col);
}

/* text into out when it fits, else "" (said). */
static void copy(SqCols *c, int col, const char *text, char *out, size_t outlen)
{
    size_t n = strlen(text);
    if (n < outlen) {
        memcpy(out, text, n + 1);
        return;
    }
    char expected[48];
    snprintf(expected, sizeof expected, "a text of at most %zu bytes", outlen - 1);
    sq_col_bad(c, col, expected);
    out[0] = '\0';
}

void sq_col_copy(SqCols *c, int col, char *out, size_t outlen)
{
    copy(c, col, sq_col_text(c, col), out, outlen);
}

void sq_col_copy_or_empty(SqCols *c, int col, char *out, size_t outlen)
{
    const char *text = sq_col_text_or_null(c, col);
    copy(c, col, text ? text : "", out, outlen);
}

char *sq_col_dup(SqCols *c, int col)
{
    return xstrdup(sq_col_text(c, col));
}

char *sq_col_dup_or_null(SqCols *c, int col)
{
    const char *text = sq_col_text_or_null(c, col);
    return text ? xstrdup(text) : NULL;
}

int sq_col_status(SqCols *c, int col)
{
    int status = status_from_name(sq_col_text(c, col));
    if (status < 0)
        sq_col_bad(c, col, "waiting, playing or finished");
    return status;
}

void sq_col_clock(SqCols *c, int col, ClockSpec *out)
{
    out->kind = sq_col_int(c, col);
    out->initial_ms = sq_col_int64(c, col + 1);
    out->increment_ms = sq_col_int64(c, col + 2);
    out->days = sq_col_int(c, col + 3);
    if (out->kind < CLOCK_NONE || out->kind > CLOCK_DAYS) {
        sq_col_bad(c, col, "0, 1 or 2 (none, real time, days)");
        out->kind = CLOCK_NONE;
    }
}

void sq_col_left(SqCols *c, int col, int64_t left[MAX_PLAYERS])
{
    if (!store_left_read(sq_col_text_or_null(c, col), left))
        sq_col_bad(c, col, STORE_LEFT_EXPECTED);
}

void sq_col_summary(SqCols *c, int col, GameSummary *g)
{
    memset(g, 0, sizeof *g);
    sq_col_copy(c, col, g->id, sizeof g->id);
    sq_col_copy(c, col + 1, g->game, sizeof g->game);
    g->options = sq_col_dup(c, col + 2);
    g->status = sq_col_status(c, col + 3);
    g->result = sq_col_dup_or_null(c, col + 4);
    sq_col_copy(c, col + 5, g->created, sizeof g->created);
    sq_col_copy(c, col + 6, g->updated, sizeof g->updated);
    g->count = sq_col_int(c, col + 7);
    g->num_seats = sq_col_int(c, col + 8);
    g->open_seats = sq_col_int(c, col + 9);
    g->ai_seats = sq_col_int(c, col + 10);
    g->rated = sq_col_bool(c, col + 11);
    sq_col_clock(c, col + 12, &g->clock);
    g->seat = -1;
}
