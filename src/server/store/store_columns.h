/* Typed reads of a row's columns, for both backends. A backend gives the
 * raw reads of its rows (StoreColsOps: store_pg_columns.c reads libpq's
 * text, store_sqlite_db.c SQLite's typed values, each strictly); this file
 * the rest: ranges, NULLs, texts that must fit their buffer, a game's
 * status, clock and clock_left, and the rows both backends select alike.
 *
 * A malformed value (not a whole number, out of range, NULL where the
 * reader allows none, a text too long for its place, a word the store never
 * writes) reads as 0, false or "", and bad says the first one:
 * "column N (NAME) holds 'VALUE', expected WHAT" (N counted from 1). A read
 * ends with one store_cols_ok, which then fails with "database: WHAT: ..."
 * (the store's one-line error): a malformed value is never used as 0. */
#ifndef MORPH_STORE_COLUMNS_H
#define MORPH_STORE_COLUMNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store.h"

#define STORE_BAD_MAX 200

typedef struct StoreCols StoreCols;

/* A backend's reads of column col of the row at hand: whole, number,
 * boolean and text are called for non-NULL values only and say false (or
 * NULL) for a value that is not one. */
typedef struct StoreColsOps {
    bool (*null)(const StoreCols *c, int col);
    const char *(*name)(const StoreCols *c, int col);
    /* The value as a message shows it (NULL for NULL). */
    const char *(*shown)(const StoreCols *c, int col);
    bool (*whole)(const StoreCols *c, int col, int64_t *out);
    bool (*number)(const StoreCols *c, int col, double *out);
    bool (*boolean)(const StoreCols *c, int col, bool *out);
    const char *booleans; /* what a boolean is written as, for messages ("t or f") */
    const char *(*text)(const StoreCols *c, int col);
} StoreColsOps;

struct StoreCols {
    const StoreColsOps *ops;
    void *source; /* the backend's: a PGresult, a sqlite3_stmt */
    int row;      /* the row read, where the backend has several at hand */
    char bad[STORE_BAD_MAX];
};

/* Says that column col holds what it should not (expected: what it
 * should), unless a malformed value was said already. */
void store_col_bad(StoreCols *c, int col, const char *expected);
bool store_cols_ok(const StoreCols *c, const char *what, char *err, size_t errlen);
/* store_cols_ok for a read of rows into a list: none (*n = 0) when it fails. */
bool store_rows_ok(const StoreCols *c, int *n, const char *what, char *err, size_t errlen);

bool store_col_null(const StoreCols *c, int col);
int store_col_int(StoreCols *c, int col);
int64_t store_col_int64(StoreCols *c, int col);
double store_col_double(StoreCols *c, int col);
bool store_col_bool(StoreCols *c, int col);
/* A text, valid until the row is left. */
const char *store_col_text(StoreCols *c, int col);
void store_col_copy(StoreCols *c, int col, char *out, size_t outlen);
/* A malloc'd copy. */
char *store_col_dup(StoreCols *c, int col);
/* Where the schema allows NULL: read as if_null, NULL or "". */
int64_t store_col_int64_or(StoreCols *c, int col, int64_t if_null);
double store_col_double_or(StoreCols *c, int col, double if_null);
const char *store_col_text_or_null(StoreCols *c, int col);
void store_col_copy_or_empty(StoreCols *c, int col, char *out, size_t outlen);
char *store_col_dup_or_null(StoreCols *c, int col);

/* A game's status by name; a clock spec from four columns from col (kind,
 * initial ms, increment ms, days); a clock_left list, "ms,ms" (NULL none). */
int store_col_status(StoreCols *c, int col);
void store_col_clock(StoreCols *c, int col, ClockSpec *out);
void store_col_left(StoreCols *c, int col, int64_t left[MAX_PLAYERS]);

/* The rows both backends select alike, from column col on: a list's
 * summary of a game (the backends' SUMMARY_COLUMNS); an account (id, name,
 * password_hash, created, bot); a challenge with its challenger's name and
 * rating (id, account_id, name, game, options, clock (4), rated, quick,
 * created, expires, rating, rd: NULL while unrated, bot); a chat message (idx,
 * channel, author, account_id, seat, text, at); a rating (game, rating, rd,
 * vol, games, updated); a point of its history (game_id, at, rating, rd);
 * a leaderboard's row (name, rating, rd, games). */
void store_col_summary(StoreCols *c, int col, GameSummary *out);
void store_col_account(StoreCols *c, int col, Account *out);
void store_col_challenge(StoreCols *c, int col, StoredChallenge *out);
/* A token: id, account_id, hash, description, scopes, created. */
void store_col_token(StoreCols *c, int col, StoredToken *out);
void store_col_chat(StoreCols *c, int col, ChatMessage *out);
void store_col_rating(StoreCols *c, int col, StoredRating *out);
void store_col_point(StoreCols *c, int col, RatingPoint *out);
void store_col_leader(StoreCols *c, int col, LeaderRow *out);

#endif
