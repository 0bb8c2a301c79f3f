/* Typed reads of the columns of a PostgreSQL result (libpq's text format),
 * strictly: numbers through src/core/number.h, booleans "t" or "f", texts
 * that fit their buffer, NULL only where a reader says it may be. A
 * malformed value is read as 0 (or "") and the first one is remembered
 * (store.h's store_column_bad), so that a read ends with one pg_cols_ok
 * that fails the operation with it. At the bottom of the backend, with
 * store_pg_sql.c: libpq and the store's words only. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../core/number.h"
#include "../../../core/xalloc.h"
#include "store_pg_internal.h"

#define EXPECT_INT "an integer"

void pg_col_bad(PgCols *c, int col, const char *expected)
{
    const char *value = PQgetisnull(c->r, c->row, col) ? NULL : PQgetvalue(c->r, c->row, col);
    store_column_bad(c->bad, col, PQfname(c->r, col), value, expected);
}

bool pg_cols_ok(const PgCols *c, const char *what, char *err, size_t errlen)
{
    return store_columns_ok(c->bad, what, err, errlen);
}

bool pg_rows_ok(const PgCols *c, int *n, const char *what, char *err, size_t errlen)
{
    if (pg_cols_ok(c, what, err, errlen))
        return true;
    *n = 0;
    return false;
}

bool pg_col_null(const PgCols *c, int col)
{
    return PQgetisnull(c->r, c->row, col);
}

/* The text of a column that may not be NULL; NULL (said) when it is. */
static const char *value_of(PgCols *c, int col, const char *expected)
{
    if (!pg_col_null(c, col))
        return PQgetvalue(c->r, c->row, col);
    pg_col_bad(c, col, expected);
    return NULL;
}

/* A whole number in [min, max]. */
static long whole(PgCols *c, int col, long min, long max, const char *out_of_range)
{
    const char *text = value_of(c, col, EXPECT_INT);
    long v = 0;
    if (text && !number_parse_long(text, min, max, &v))
        pg_col_bad(c, col, number_is_whole(text) ? out_of_range : EXPECT_INT);
    return v;
}

int pg_col_int(PgCols *c, int col)
{
    return (int)whole(c, col, INT_MIN, INT_MAX, EXPECT_INT " from -2147483648 to 2147483647");
}

int64_t pg_col_int64(PgCols *c, int col)
{
    return whole(c, col, LONG_MIN, LONG_MAX, EXPECT_INT);
}

int64_t pg_col_int64_or(PgCols *c, int col, int64_t if_null)
{
    return pg_col_null(c, col) ? if_null : pg_col_int64(c, col);
}

/* A double as PostgreSQL writes one: digits with a fraction, and an
 * exponent for the very large and the very small ("1.5e-05", "1e+20"). */
static bool read_double(const char *text, double *out)
{
    const char *e = strpbrk(text, "eE");
    char mantissa[64];
    size_t n = e ? (size_t)(e - text) : strlen(text);
    long exponent = 0;
    double v;
    if (n >= sizeof mantissa)
        return false;
    memcpy(mantissa, text, n);
    mantissa[n] = '\0';
    if (!number_parse_decimal(mantissa, -DBL_MAX, DBL_MAX, &v))
        return false;
    if (e) {
        const char *digits = e[1] == '+' ? e + 2 : e + 1;
        if (*digits == '+' || (e[1] == '+' && *digits == '-') ||
            !number_parse_long(digits, -DBL_MAX_10_EXP - DBL_DIG - 1, DBL_MAX_10_EXP, &exponent))
            return false;
        v = strtod(text, NULL); /* the same digits, now known to be a number */
    }
    *out = v;
    return isfinite(v);
}

double pg_col_double(PgCols *c, int col)
{
    const char *text = value_of(c, col, "a number");
    double v = 0;
    if (text && !read_double(text, &v)) {
        pg_col_bad(c, col, "a number");
        v = 0;
    }
    return v;
}

double pg_col_double_or(PgCols *c, int col, double if_null)
{
    return pg_col_null(c, col) ? if_null : pg_col_double(c, col);
}

bool pg_col_bool(PgCols *c, int col)
{
    const char *text = value_of(c, col, "t or f");
    if (text && strcmp(text, "t") != 0 && strcmp(text, "f") != 0)
        pg_col_bad(c, col, "t or f");
    return text && strcmp(text, "t") == 0;
}

const char *pg_col_text(PgCols *c, int col)
{
    const char *text = value_of(c, col, "a text");
    return text ? text : "";
}

const char *pg_col_text_or_null(PgCols *c, int col)
{
    return pg_col_null(c, col) ? NULL : PQgetvalue(c->r, c->row, col);
}

/* text into out when it fits, else "" (said). */
static void copy(PgCols *c, int col, const char *text, char *out, size_t outlen)
{
    size_t n = strlen(text);
    if (n < outlen) {
        memcpy(out, text, n + 1);
        return;
    }
    char expected[48];
    snprintf(expected, sizeof expected, "a text of at most %zu bytes", outlen - 1);
    pg_col_bad(c, col, expected);
    out[0] = '\0';
}

void pg_col_copy(PgCols *c, int col, char *out, size_t outlen)
{
    copy(c, col, pg_col_text(c, col), out, outlen);
}

void pg_col_copy_or_empty(PgCols *c, int col, char *out, size_t outlen)
{
    const char *text = pg_col_text_or_null(c, col);
    copy(c, col, text ? text : "", out, outlen);
}

char *pg_col_dup(PgCols *c, int col)
{
    return xstrdup(pg_col_text(c, col));
}

char *pg_col_dup_or_null(PgCols *c, int col)
{
    const char *text = pg_col_text_or_null(c, col);
    return text ? xstrdup(text) : NULL;
}

int pg_col_status(PgCols *c, int col)
{
    int status = status_from_name(pg_col_text(c, col));
    if (status < 0)
        pg_col_bad(c, col, "waiting, playing or finished");
    return status;
}

void pg_col_clock(PgCols *c, int col, ClockSpec *out)
{
    out->kind = pg_col_int(c, col);
    out->initial_ms = pg_col_int64(c, col + 1);
    out->increment_ms = pg_col_int64(c, col + 2);
    out->days = pg_col_int(c, col + 3);
    if (out->kind < CLOCK_NONE || out->kind > CLOCK_DAYS) {
        pg_col_bad(c, col, "0, 1 or 2 (none, real time, days)");
        out->kind = CLOCK_NONE;
    }
}

void pg_col_left(PgCols *c, int col, int64_t left[MAX_PLAYERS])
{
    if (!store_left_read(pg_col_text_or_null(c, col), left))
        pg_col_bad(c, col, STORE_LEFT_EXPECTED);
}

bool pg_rows_changed(PGresult *r, int *rows, const char *what, char *err, size_t errlen)
{
    const char *text = PQcmdTuples(r);
    long n = 0;
    bool ok = number_parse_long(text, 0, INT_MAX, &n);
    if (!ok)
        snprintf(err, errlen, "database: %s: the count of rows changed is '%.24s', expected an integer", what, text);
    *rows = (int)n;
    return ok;
}
