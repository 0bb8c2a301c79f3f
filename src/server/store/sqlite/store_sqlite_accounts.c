/* The SQLite store's accounts, sessions, ratings and players' games
 * (store.h; the tables are described in store_sqlite.c). Each call is one
 * transaction under the store's lock. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../base/glicko2.h"
#include "store_sqlite_internal.h"

/* ---- accounts ---- */

static const char q_account_insert[] =
    "INSERT INTO accounts (name, name_key, password_hash, created) VALUES (?1, ?2, ?3, ?4)";
static const char q_account_taken[] = "SELECT 1 FROM accounts WHERE name_key = ?1";
static const char q_account_by_name[] = "SELECT id, name, password_hash, created, bot FROM accounts WHERE name_key = ?1";
static const char q_account_by_id[] = "SELECT id, name, password_hash, created, bot FROM accounts WHERE id = ?1";
static const char q_account_password[] = "UPDATE accounts SET password_hash = ?2 WHERE id = ?1";
static const char q_sessions_drop_but[] = "DELETE FROM sessions WHERE account_id = ?1 AND id_hash <> ?2";
static const char q_sessions_drop_all[] = "DELETE FROM sessions WHERE account_id = ?1";
static const char q_session_insert[] =
    "INSERT INTO sessions (id_hash, account_id, created, expires) VALUES (?1, ?2, ?3, ?4)";
static const char q_session_find[] =
    "SELECT a.id, a.name, a.password_hash, a.created, a.bot FROM sessions s JOIN accounts a ON a.id = s.account_id"
    " WHERE s.id_hash = ?1 AND s.expires > ?2";
static const char q_session_drop[] = "DELETE FROM sessions WHERE id_hash = ?1";
static const char q_sessions_expired[] = "DELETE FROM sessions WHERE expires <= ?1";

/* The statement of text, or a failure in err (NULL). */
static sqlite3_stmt *stmt(SqliteStore *s, const char *text, char *err, size_t errlen)
{
    sqlite3_stmt *q = sq_stmt(s, text);
    if (!q)
        sq_fail(s, "cannot prepare a statement", err, errlen);
    return q;
}

/* The account of q's row; false with err when a column is malformed. */
static bool read_account(sqlite3_stmt *q, Account *out, const char *what, char *err, size_t errlen)
{
    StoreCols c = sq_cols(q);
    store_col_account(&c, 0, out);
    return store_cols_ok(&c, what, err, errlen);
}

bool sq_account_create(Store *st, const Account *a, AccountId *id, bool *taken, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    char key[ACCOUNT_NAME_MAX + 1];
    account_name_key(a->name, key);
    err[0] = '\0';
    *taken = false;
    pthread_mutex_lock(&s->lock);
    bool ok = sq_begin(s, err, errlen);
    if (ok) {
        sqlite3_stmt *q = stmt(s, q_account_taken, err, errlen);
        ok = q != NULL;
        if (ok) {
            sq_bind_text(q, 1, key);
            int rc = sqlite3_step(q);
            *taken = rc == SQLITE_ROW;
            ok = rc == SQLITE_ROW || rc == SQLITE_DONE;
            sq_done(q);
        }
        if (ok && !*taken && (ok = (q = stmt(s, q_account_insert, err, errlen)) != NULL)) {
            sq_bind_text(q, 1, a->name);
            sq_bind_text(q, 2, key);
            sq_bind_text(q, 3, a->password_hash);
            sq_bind_text(q, 4, a->created);
            ok = sq_run(q);
            *id = sqlite3_last_insert_rowid(s->db);
        }
        ok = sq_finish(s, ok, "cannot store the account", err, errlen);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_account_find(Store *st, const char *name, AccountId id, Account *out, bool *found, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    char key[ACCOUNT_NAME_MAX + 1];
    *found = false;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, name ? q_account_by_name : q_account_by_id, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        if (name) {
            account_name_key(name, key);
            sq_bind_text(q, 1, key);
        } else {
            sqlite3_bind_int64(q, 1, id);
        }
        int rc = sqlite3_step(q);
        if (rc == SQLITE_ROW)
            ok = *found = read_account(q, out, "cannot read the account", err, errlen);
        else
            ok = rc == SQLITE_DONE || sq_fail(s, "cannot read the account", err, errlen);
        sq_done(q);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_account_password(Store *st, AccountId id, const char *hash, const char *keep, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    err[0] = '\0';
    pthread_mutex_lock(&s->lock);
    bool ok = sq_begin(s, err, errlen);
    if (ok) {
        sqlite3_stmt *q = stmt(s, q_account_password, err, errlen);
        if ((ok = q != NULL)) {
            sqlite3_bind_int64(q, 1, id);
            sq_bind_text(q, 2, hash);
            ok = sq_run(q);
        }
        if (ok && (ok = (q = stmt(s, keep ? q_sessions_drop_but : q_sessions_drop_all, err, errlen)) != NULL)) {
            sqlite3_bind_int64(q, 1, id);
            if (keep)
                sq_bind_text(q, 2, keep);
            ok = sq_run(q);
        }
        ok = sq_finish(s, ok, "cannot change the password", err, errlen);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_session_create(Store *st, const char *id_hash, AccountId account, const char *created, const char *expires,
                       char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    err[0] = '\0';
    pthread_mutex_lock(&s->lock);
    bool ok = sq_begin(s, err, errlen);
    if (ok) {
        /* sessions that ran out leave the table as new ones come */
        sqlite3_stmt *q = stmt(s, q_sessions_expired, err, errlen);
        if ((ok = q != NULL)) {
            sq_bind_text(q, 1, created);
            ok = sq_run(q);
        }
        if (ok && (ok = (q = stmt(s, q_session_insert, err, errlen)) != NULL)) {
            sq_bind_text(q, 1, id_hash);
            sqlite3_bind_int64(q, 2, account);
            sq_bind_text(q, 3, created);
            sq_bind_text(q, 4, expires);
            ok = sq_run(q);
        }
        ok = sq_finish(s, ok, "cannot store the session", err, errlen);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_session_find(Store *st, const char *id_hash, const char *now, Account *out, bool *found, char *err,
                     size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    *found = false;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, q_session_find, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        sq_bind_text(q, 1, id_hash);
        sq_bind_text(q, 2, now);
        int rc = sqlite3_step(q);
        if (rc == SQLITE_ROW)
            ok = *found = read_account(q, out, "cannot read the session", err, errlen);
        else
            ok = rc == SQLITE_DONE || sq_fail(s, "cannot read the session", err, errlen);
        sq_done(q);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_session_delete(Store *st, const char *id_hash, AccountId account, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, id_hash ? q_session_drop : q_sessions_drop_all, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        if (id_hash)
            sq_bind_text(q, 1, id_hash);
        else
            sqlite3_bind_int64(q, 1, account);
        ok = sq_run(q) || sq_fail(s, "cannot end the session", err, errlen);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

/* ---- ratings ---- */

static const char q_rating_of[] = "SELECT rating, rd, vol, games, updated FROM ratings WHERE account_id = ?1 AND game = ?2";
static const char q_rating_put[] =
    "INSERT INTO ratings (account_id, game, rating, rd, vol, games, updated) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"
    " ON CONFLICT (account_id, game) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,"
    " games = excluded.games, updated = excluded.updated";
static const char q_history_put[] =
    "INSERT INTO rating_history (account_id, game, game_id, at, rating, rd) VALUES (?1, ?2, ?3, ?4, ?5, ?6)";
static const char q_ratings_of[] =
    "SELECT game, rating, rd, vol, games, updated FROM ratings WHERE account_id = ?1 ORDER BY game";
static const char q_history[] =
    "SELECT game_id, at, rating, rd FROM (SELECT game_id, at, rating, rd FROM rating_history"
    " WHERE account_id = ?1 AND game = ?2 ORDER BY at DESC, game_id DESC LIMIT ?3) ORDER BY at, game_id";
static const char q_leaders[] =
    "SELECT a.name, r.rating, r.rd, r.games, a.bot FROM ratings r JOIN accounts a ON a.id = r.account_id"
    " WHERE r.game = ?1 AND (?4 < 0 OR a.bot = ?4) ORDER BY r.rating DESC, r.rd, a.name_key LIMIT ?2 OFFSET ?3";

bool sq_rate_game(SqliteStore *s, const StoredGame *g, char *err, size_t errlen)
{
    Glicko players[2];
    int games[2];
    double idle[2];
    sqlite3_stmt *q = stmt(s, q_rating_of, err, errlen);
    if (!q)
        return false;
    for (int i = 0; i < 2; i++) {
        sqlite3_bind_int64(q, 1, g->seats[i].account);
        sq_bind_text(q, 2, g->game);
        int rc = sqlite3_step(q);
        players[i] = glicko2_new();
        games[i] = 0;
        idle[i] = 0;
        StoreCols c = sq_cols(q);
        if (rc == SQLITE_ROW) {
            players[i].rating = store_col_double(&c, 0);
            players[i].rd = store_col_double(&c, 1);
            players[i].vol = store_col_double(&c, 2);
            games[i] = store_col_int(&c, 3);
            double last = store_time_of(store_col_text(&c, 4)), now = store_time_of(g->updated);
            idle[i] = last >= 0 && now > last ? (now - last) / 86400 : 0;
        }
        sq_done(q);
        if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            return sq_fail(s, "cannot read a rating", err, errlen);
        if (!store_cols_ok(&c, "cannot read a rating", err, errlen))
            return false;
    }
    glicko2_game(players, g->score, idle);
    sqlite3_stmt *put = stmt(s, q_rating_put, err, errlen), *hist = put ? stmt(s, q_history_put, err, errlen) : NULL;
    for (int i = 0; hist && i < 2; i++) {
        sqlite3_bind_int64(put, 1, g->seats[i].account);
        sq_bind_text(put, 2, g->game);
        sqlite3_bind_double(put, 3, players[i].rating);
        sqlite3_bind_double(put, 4, players[i].rd);
        sqlite3_bind_double(put, 5, players[i].vol);
        sqlite3_bind_int(put, 6, games[i] + 1);
        sq_bind_text(put, 7, g->updated);
        sqlite3_bind_int64(hist, 1, g->seats[i].account);
        sq_bind_text(hist, 2, g->game);
        sq_bind_text(hist, 3, g->id);
        sq_bind_text(hist, 4, g->updated);
        sqlite3_bind_double(hist, 5, players[i].rating);
        sqlite3_bind_double(hist, 6, players[i].rd);
        if (!sq_run(put) || !sq_run(hist))
            return sq_fail(s, "cannot store a rating", err, errlen);
    }
    return hist != NULL;
}

bool sq_ratings_of(Store *st, AccountId account, StoredRating *out, int max, int *n, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    *n = 0;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, q_ratings_of, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        sqlite3_bind_int64(q, 1, account);
        int rc;
        StoreCols c = sq_cols(q);
        while ((rc = sqlite3_step(q)) == SQLITE_ROW && *n < max)
            store_col_rating(&c, 0, &out[(*n)++]);
        ok = sq_rows_ok(s, &c, rc, n, "cannot read the ratings", err, errlen);
        sq_done(q);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_rating_history(Store *st, AccountId account, const char *game, RatingPoint *out, int max, int *n, char *err,
                       size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    *n = 0;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, q_history, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        sqlite3_bind_int64(q, 1, account);
        sq_bind_text(q, 2, game);
        sqlite3_bind_int(q, 3, max);
        int rc;
        StoreCols c = sq_cols(q);
        while ((rc = sqlite3_step(q)) == SQLITE_ROW && *n < max)
            store_col_point(&c, 0, &out[(*n)++]);
        ok = sq_rows_ok(s, &c, rc, n, "cannot read the rating history", err, errlen);
        sq_done(q);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_leaderboard(Store *st, const char *game, int whom, int offset, int limit, LeaderRow *out, int *n, char *err,
                    size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    *n = 0;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, q_leaders, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        sq_bind_text(q, 1, game);
        sqlite3_bind_int(q, 2, limit);
        sqlite3_bind_int(q, 3, offset);
        sqlite3_bind_int(q, 4, whom);
        int rc;
        StoreCols c = sq_cols(q);
        while ((rc = sqlite3_step(q)) == SQLITE_ROW && *n < limit)
            store_col_leader(&c, 0, &out[(*n)++]);
        ok = sq_rows_ok(s, &c, rc, n, "cannot read the leaderboard", err, errlen);
        sq_done(q);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

/* ---- an account's games ---- */

static const char q_games_running[] =
    "SELECT " SQ_SUMMARY_COLUMNS ", m.seat FROM games g JOIN seats m ON m.game_id = g.id AND m.account_id = ?1"
    " WHERE g.status <> 'finished' ORDER BY g.updated DESC, g.id DESC LIMIT ?2";
static const char q_games_finished[] =
    "SELECT " SQ_SUMMARY_COLUMNS ", m.seat FROM games g JOIN seats m ON m.game_id = g.id AND m.account_id = ?1"
    " WHERE g.status = 'finished' ORDER BY g.updated DESC, g.id DESC LIMIT ?2";
static const char q_seat_names[] =
    "SELECT s.seat, a.name FROM seats s JOIN accounts a ON a.id = s.account_id WHERE s.game_id = ?1";

bool sq_games_of(Store *st, AccountId account, bool running, int limit, GameSummary *out, int *n, char *err,
                 size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    *n = 0;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, running ? q_games_running : q_games_finished, err, errlen);
    sqlite3_stmt *names = q ? stmt(s, q_seat_names, err, errlen) : NULL;
    bool ok = names != NULL;
    if (ok) {
        sqlite3_bind_int64(q, 1, account);
        sqlite3_bind_int(q, 2, limit);
        int rc;
        StoreCols c = sq_cols(q);
        /* one account holds one seat of a game at most (the API sees to it) */
        while ((rc = sqlite3_step(q)) == SQLITE_ROW && *n < limit) {
            GameSummary *g = &out[(*n)++];
            store_col_summary(&c, 0, g);
            g->seat = store_col_int(&c, 17);
        }
        ok = rc == SQLITE_ROW || rc == SQLITE_DONE || sq_fail(s, "cannot list the games", err, errlen);
        ok = ok && store_cols_ok(&c, "cannot list the games", err, errlen);
        sq_done(q);
        c = sq_cols(names);
        for (int i = 0; ok && i < *n; i++) {
            sq_bind_text(names, 1, out[i].id);
            while ((rc = sqlite3_step(names)) == SQLITE_ROW) {
                int seat = store_col_int(&c, 0);
                if (seat >= 0 && seat < MAX_PLAYERS)
                    store_col_copy(&c, 1, out[i].names[seat], sizeof out[i].names[seat]);
            }
            ok = rc == SQLITE_DONE || sq_fail(s, "cannot read the players", err, errlen);
            ok = ok && store_cols_ok(&c, "cannot read the players", err, errlen);
            sq_done(names);
        }
    }
    pthread_mutex_unlock(&s->lock);
    if (!ok) {
        for (int i = 0; i < *n; i++)
            game_summary_clear(&out[i]);
        *n = 0;
    }
    return ok;
}
