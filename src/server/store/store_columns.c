/* Typed reads of a row's columns over a backend's raw reads, and the rows
 * both backends select alike (store_columns.h). */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "store_columns.h"
#include "../../core/number.h"
#include "../../core/xalloc.h"
#include "../base/glicko2.h"

_Static_assert(LONG_MAX >= INT64_MAX, "number_parse_long reads 64-bit columns");

#define EXPECT_INT "an integer"

void store_col_bad(StoreCols *c, int col, const char *expected)
{
    if (c->bad[0])
        return;
    const char *value = c->ops->shown(c, col), *name = c->ops->name(c, col);
    char shown[64] = "NULL";
    if (value) { /* cut short, printable ASCII: one line whatever the value */
        size_t len = strlen(value), n = 0;
        shown[n++] = '\'';
        for (size_t i = 0; i < len && i < 40; i++)
            shown[n++] = value[i] >= 0x20 && value[i] < 0x7f ? value[i] : '?';
        if (len > 40) {
            memcpy(shown + n, "...", 3);
            n += 3;
        }
        shown[n++] = '\'';
        shown[n] = '\0';
    }
    snprintf(c->bad, sizeof c->bad, "column %d (%s) holds %s, expected %s", col + 1, name ? name : "?", shown,
             expected);
}

bool store_cols_ok(const StoreCols *c, const char *what, char *err, size_t errlen)
{
    if (!c->bad[0])
        return true;
    snprintf(err, errlen, "database: %s: %s", what, c->bad);
    return false;
}

bool store_rows_ok(const StoreCols *c, int *n, const char *what, char *err, size_t errlen)
{
    if (store_cols_ok(c, what, err, errlen))
        return true;
    *n = 0;
    return false;
}

bool store_col_null(const StoreCols *c, int col)
{
    return c->ops->null(c, col);
}

/* Whether column col holds a value (NULL said as malformed). */
static bool present(StoreCols *c, int col, const char *expected)
{
    if (!store_col_null(c, col))
        return true;
    store_col_bad(c, col, expected);
    return false;
}

static int64_t whole(StoreCols *c, int col, int64_t min, int64_t max, const char *out_of_range)
{
    int64_t v = 0;
    if (!present(c, col, EXPECT_INT))
        return 0;
    if (!c->ops->whole(c, col, &v))
        store_col_bad(c, col, EXPECT_INT);
    else if (v < min || v > max)
        store_col_bad(c, col, out_of_range);
    else
        return v;
    return 0;
}

int store_col_int(StoreCols *c, int col)
{
    return (int)whole(c, col, INT_MIN, INT_MAX, EXPECT_INT " from -2147483648 to 2147483647");
}

int64_t store_col_int64(StoreCols *c, int col)
{
    return whole(c, col, INT64_MIN, INT64_MAX, EXPECT_INT);
}

double store_col_double(StoreCols *c, int col)
{
    double v = 0;
    if (present(c, col, "a number") && !c->ops->number(c, col, &v)) {
        store_col_bad(c, col, "a number");
        v = 0;
    }
    return v;
}

bool store_col_bool(StoreCols *c, int col)
{
    bool v = false;
    if (present(c, col, c->ops->booleans) && !c->ops->boolean(c, col, &v)) {
        store_col_bad(c, col, c->ops->booleans);
        v = false;
    }
    return v;
}

const char *store_col_text(StoreCols *c, int col)
{
    const char *text = present(c, col, "a text") ? c->ops->text(c, col) : NULL;
    if (!text) /* said already when NULL */
        store_col_bad(c, col, "a text");
    return text ? text : "";
}

/* text into out when it fits, else "" (said). */
static void copy(StoreCols *c, int col, const char *text, char *out, size_t outlen)
{
    size_t n = strlen(text);
    if (n < outlen) {
        memcpy(out, text, n + 1);
        return;
    }
    char expected[48];
    snprintf(expected, sizeof expected, "a text of at most %zu bytes", outlen - 1);
    store_col_bad(c, col, expected);
    out[0] = '\0';
}

void store_col_copy(StoreCols *c, int col, char *out, size_t outlen)
{
    copy(c, col, store_col_text(c, col), out, outlen);
}

char *store_col_dup(StoreCols *c, int col)
{
    return xstrdup(store_col_text(c, col));
}

int64_t store_col_int64_or(StoreCols *c, int col, int64_t if_null)
{
    return store_col_null(c, col) ? if_null : store_col_int64(c, col);
}

double store_col_double_or(StoreCols *c, int col, double if_null)
{
    return store_col_null(c, col) ? if_null : store_col_double(c, col);
}

const char *store_col_text_or_null(StoreCols *c, int col)
{
    return store_col_null(c, col) ? NULL : store_col_text(c, col);
}

void store_col_copy_or_empty(StoreCols *c, int col, char *out, size_t outlen)
{
    const char *text = store_col_text_or_null(c, col);
    copy(c, col, text ? text : "", out, outlen);
}

char *store_col_dup_or_null(StoreCols *c, int col)
{
    const char *text = store_col_text_or_null(c, col);
    return text ? xstrdup(text) : NULL;
}

int store_col_status(StoreCols *c, int col)
{
    int status = status_from_name(store_col_text(c, col));
    if (status < 0)
        store_col_bad(c, col, "waiting, playing or finished");
    return status;
}

void store_col_clock(StoreCols *c, int col, ClockSpec *out)
{
    out->kind = store_col_int(c, col);
    out->initial_ms = store_col_int64(c, col + 1);
    out->increment_ms = store_col_int64(c, col + 2);
    out->days = store_col_int(c, col + 3);
    if (out->kind < CLOCK_NONE || out->kind > CLOCK_DAYS) {
        store_col_bad(c, col, "0, 1 or 2 (none, real time, days)");
        out->kind = CLOCK_NONE;
    }
}

/* "ms,ms" into left: whole numbers separated by commas, at most
 * MAX_PLAYERS ("" none); false for anything else. */
static bool read_left(const char *text, int64_t left[MAX_PLAYERS])
{
    for (int p = 0; text && *text; p++) {
        const char *comma = strchr(text, ',');
        size_t n = comma ? (size_t)(comma - text) : strlen(text);
        char number[24];
        long ms;
        if (p == MAX_PLAYERS || n >= sizeof number)
            return false;
        memcpy(number, text, n);
        number[n] = '\0';
        if (!number_parse_long(number, LONG_MIN, LONG_MAX, &ms) || (comma && !comma[1]))
            return false;
        left[p] = ms;
        text = comma ? comma + 1 : NULL;
    }
    return true;
}

void store_col_left(StoreCols *c, int col, int64_t left[MAX_PLAYERS])
{
    if (!read_left(store_col_text_or_null(c, col), left))
        store_col_bad(c, col, "milliseconds separated by commas");
}

/* ---- the rows both backends select alike ---- */

void store_col_summary(StoreCols *c, int col, GameSummary *out)
{
    memset(out, 0, sizeof *out);
    store_col_copy(c, col, out->id, sizeof out->id);
    store_col_copy(c, col + 1, out->game, sizeof out->game);
    out->options = store_col_dup(c, col + 2);
    out->status = store_col_status(c, col + 3);
    out->result = store_col_dup_or_null(c, col + 4);
    store_col_copy(c, col + 5, out->created, sizeof out->created);
    store_col_copy(c, col + 6, out->updated, sizeof out->updated);
    out->count = store_col_int(c, col + 7);
    out->num_seats = store_col_int(c, col + 8);
    out->open_seats = store_col_int(c, col + 9);
    out->ai_seats = store_col_int(c, col + 10);
    out->rated = store_col_bool(c, col + 11);
    store_col_clock(c, col + 12, &out->clock);
    game_summary_seats(out, store_col_text_or_null(c, col + 16)); /* NULL: a game without seats */
    out->seat = -1;
}

void store_col_account(StoreCols *c, int col, Account *out)
{
    memset(out, 0, sizeof *out);
    out->id = store_col_int64(c, col);
    store_col_copy(c, col + 1, out->name, sizeof out->name);
    store_col_copy(c, col + 2, out->password_hash, sizeof out->password_hash);
    store_col_copy(c, col + 3, out->created, sizeof out->created);
    out->bot = store_col_bool(c, col + 4);
}

void store_col_token(StoreCols *c, int col, StoredToken *out)
{
    memset(out, 0, sizeof *out);
    store_col_copy(c, col, out->id, sizeof out->id);
    out->account = store_col_int64(c, col + 1);
    store_col_copy(c, col + 2, out->hash, sizeof out->hash);
    store_col_copy_or_empty(c, col + 3, out->description, sizeof out->description);
    out->scopes = (unsigned)store_col_int(c, col + 4);
    store_col_copy(c, col + 5, out->created, sizeof out->created);
}

void store_col_challenge(StoreCols *c, int col, StoredChallenge *out)
{
    memset(out, 0, sizeof *out);
    store_col_copy(c, col, out->id, sizeof out->id);
    out->account = store_col_int64(c, col + 1);
    store_col_copy(c, col + 2, out->name, sizeof out->name);
    store_col_copy(c, col + 3, out->game, sizeof out->game);
    store_col_copy(c, col + 4, out->options, sizeof out->options);
    store_col_clock(c, col + 5, &out->clock);
    out->rated = store_col_bool(c, col + 9);
    out->quick = store_col_bool(c, col + 10);
    store_col_copy(c, col + 11, out->created, sizeof out->created);
    store_col_copy(c, col + 12, out->expires, sizeof out->expires);
    /* NULL: the challenger has no rating in the game yet */
    out->rating = store_col_double_or(c, col + 13, GLICKO_RATING);
    out->rd = store_col_double_or(c, col + 14, GLICKO_RD);
    out->bot = store_col_bool(c, col + 15);
    out->takebacks = store_col_bool(c, col + 16);
}

void store_col_chat(StoreCols *c, int col, ChatMessage *out)
{
    memset(out, 0, sizeof *out);
    out->idx = store_col_int(c, col);
    out->channel = store_col_int(c, col + 1);
    store_col_copy(c, col + 2, out->author, sizeof out->author);
    out->account = store_col_int64_or(c, col + 3, 0); /* NULL: a seat without an account */
    out->seat = store_col_int(c, col + 4);
    store_col_copy(c, col + 5, out->text, sizeof out->text);
    store_col_copy(c, col + 6, out->at, sizeof out->at);
}

void store_col_rating(StoreCols *c, int col, StoredRating *out)
{
    store_col_copy(c, col, out->game, sizeof out->game);
    out->rating = store_col_double(c, col + 1);
    out->rd = store_col_double(c, col + 2);
    out->vol = store_col_double(c, col + 3);
    out->games = store_col_int(c, col + 4);
    store_col_copy(c, col + 5, out->updated, sizeof out->updated);
}

void store_col_point(StoreCols *c, int col, RatingPoint *out)
{
    store_col_copy(c, col, out->game_id, sizeof out->game_id);
    store_col_copy(c, col + 1, out->at, sizeof out->at);
    out->rating = store_col_double(c, col + 2);
    out->rd = store_col_double(c, col + 3);
}

void store_col_leader(StoreCols *c, int col, LeaderRow *out)
{
    store_col_copy(c, col, out->name, sizeof out->name);
    out->rating = store_col_double(c, col + 1);
    out->rd = store_col_double(c, col + 2);
    out->games = store_col_int(c, col + 3);
    out->bot = store_col_bool(c, col + 4);
}
