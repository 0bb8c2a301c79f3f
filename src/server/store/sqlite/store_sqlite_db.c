/* The SQLite store's plumbing, shared by its files: errors, transactions,
 * statements prepared once, and typed reads and binds of columns. At the
 * bottom of the backend; store_sqlite.c (games, opening, the table of
 * operations) sits on top. */
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

const char *sq_col_text(sqlite3_stmt *q, int i)
{
    const unsigned char *t = sqlite3_column_text(q, i);
    return t ? (const char *)t : "";
}

void sq_copy_text(char *out, size_t outlen, const char *text)
{
    snprintf(out, outlen, "%s", text);
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

void sq_col_clock(sqlite3_stmt *q, int i, ClockSpec *c)
{
    int kind = sqlite3_column_int(q, i);
    *c = (ClockSpec){.kind = kind == CLOCK_REAL || kind == CLOCK_DAYS ? kind : CLOCK_NONE,
                     .initial_ms = sqlite3_column_int64(q, i + 1),
                     .increment_ms = sqlite3_column_int64(q, i + 2),
                     .days = sqlite3_column_int(q, i + 3)};
}
void sq_col_summary(sqlite3_stmt *q, int col, GameSummary *g)
{
    memset(g, 0, sizeof *g);
    sq_copy_text(g->id, sizeof g->id, sq_col_text(q, col));
    sq_copy_text(g->game, sizeof g->game, sq_col_text(q, col + 1));
    g->options = xstrdup(sq_col_text(q, col + 2));
    g->status = status_from_name(sq_col_text(q, col + 3));
    g->result = sqlite3_column_type(q, col + 4) == SQLITE_NULL ? NULL : xstrdup(sq_col_text(q, col + 4));
    sq_copy_text(g->created, sizeof g->created, sq_col_text(q, col + 5));
    sq_copy_text(g->updated, sizeof g->updated, sq_col_text(q, col + 6));
    g->count = sqlite3_column_int(q, col + 7);
    g->num_seats = sqlite3_column_int(q, col + 8);
    g->open_seats = sqlite3_column_int(q, col + 9);
    g->ai_seats = sqlite3_column_int(q, col + 10);
    g->rated = sqlite3_column_int(q, col + 11);
    sq_col_clock(q, col + 12, &g->clock);
    game_summary_seats(g, sq_col_text(q, col + 16));
    g->seat = -1;
}
