/* The PostgreSQL store's column reader: the raw reads of a result's row in
 * libpq's text format, strictly (numbers through src/core/number.h,
 * booleans "t" or "f"), under store_columns.h's typed reads; and the count
 * of rows a statement changed. At the bottom of the backend, with
 * store_pg_sql.c: libpq and the store's words only. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../core/number.h"
#include "store_pg_internal.h"

static bool null_at(const StoreCols *c, int col)
{
    return PQgetisnull(c->source, c->row, col);
}

static const char *name_at(const StoreCols *c, int col)
{
    return PQfname(c->source, col);
}

static const char *text_at(const StoreCols *c, int col)
{
    return null_at(c, col) ? NULL : PQgetvalue(c->source, c->row, col);
}

static bool whole_at(const StoreCols *c, int col, int64_t *out)
{
    long v;
    if (!number_parse_long(text_at(c, col), LONG_MIN, LONG_MAX, &v))
        return false;
    *out = v;
    return true;
}

/* A double as PostgreSQL writes one: digits with a fraction, and an
 * exponent for the very large and the very small ("1.5e-05", "-1e+20"). */
static bool number_at(const StoreCols *c, int col, double *out)
{
    const char *text = text_at(c, col), *e = strpbrk(text, "eE");
    char mantissa[64];
    size_t n = e ? (size_t)(e - text) : strlen(text);
    long exponent;
    if (n >= sizeof mantissa)
        return false;
    memcpy(mantissa, text, n);
    mantissa[n] = '\0';
    if (!number_parse_decimal(mantissa, -DBL_MAX, DBL_MAX, out))
        return false;
    if (e) {
        const char *digits = e[1] == '+' ? e + 2 : e + 1; /* "e+20", "e-05" */
        if (*digits == '+' || (e[1] == '+' && *digits == '-') ||
            !number_parse_long(digits, -DBL_MAX_10_EXP - DBL_DIG - 1, DBL_MAX_10_EXP, &exponent))
            return false;
        *out = strtod(text, NULL); /* the same digits, now known to be a number */
    }
    return isfinite(*out);
}

static bool boolean_at(const StoreCols *c, int col, bool *out)
{
    const char *text = text_at(c, col);
    *out = strcmp(text, "t") == 0;
    return *out || strcmp(text, "f") == 0;
}

static const StoreColsOps pg_cols_ops = {
    .null = null_at,
    .name = name_at,
    .shown = text_at,
    .whole = whole_at,
    .number = number_at,
    .boolean = boolean_at,
    .booleans = "t or f",
    .text = text_at,
};

StoreCols pg_cols(PGresult *r, int row)
{
    return (StoreCols){.ops = &pg_cols_ops, .source = r, .row = row};
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
