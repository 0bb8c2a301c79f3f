/* The SQLite store's lobby (open challenges), games' chat and post-game
 * analyses (store.h; the
 * tables are described in store_sqlite.c). Each call is one transaction
 * under the store's lock. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_sqlite_internal.h"

static const char q_challenge_insert[] =
    "INSERT INTO challenges (id, account_id, game, options, clock_kind, clock_initial_ms, clock_increment_ms,"
    " clock_days, rated, quick, created, expires, takebacks)"
    " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)";
static const char q_challenge_drop[] = "DELETE FROM challenges WHERE id = ?1";
static const char q_challenge_drop_own[] = "DELETE FROM challenges WHERE id = ?1 AND account_id = ?2";
static const char q_challenge_renew[] = "UPDATE challenges SET expires = ?2 WHERE id = ?1";
static const char q_challenges_expired[] = "DELETE FROM challenges WHERE expires <= ?1";
static const char q_challenges[] =
    "SELECT c.id, c.account_id, a.name, c.game, c.options, c.clock_kind, c.clock_initial_ms, c.clock_increment_ms,"
    " c.clock_days, c.rated, c.quick, c.created, c.expires, r.rating, r.rd, a.bot, c.takebacks"
    " FROM challenges c JOIN accounts a ON a.id = c.account_id"
    " LEFT JOIN ratings r ON r.account_id = c.account_id AND r.game = c.game"
    " ORDER BY c.created, c.id LIMIT ?1";

static sqlite3_stmt *stmt(SqliteStore *s, const char *text, char *err, size_t errlen)
{
    sqlite3_stmt *q = sq_stmt(s, text);
    if (!q)
        sq_fail(s, "cannot prepare a statement", err, errlen);
    return q;
}

bool sq_challenge_create(Store *st, const StoredChallenge *c, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, q_challenge_insert, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        sq_bind_text(q, 1, c->id);
        sqlite3_bind_int64(q, 2, c->account);
        sq_bind_text(q, 3, c->game);
        sq_bind_text(q, 4, c->options);
        sq_bind_clock(q, 5, &c->clock);
        sqlite3_bind_int(q, 9, c->rated);
        sqlite3_bind_int(q, 10, c->quick);
        sq_bind_text(q, 11, c->created);
        sq_bind_text(q, 12, c->expires);
        sqlite3_bind_int(q, 13, c->takebacks);
        ok = sq_run(q) || sq_fail(s, "cannot store the challenge", err, errlen);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_challenge_delete(Store *st, const char *id, AccountId account, bool *found, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    *found = false;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, account ? q_challenge_drop_own : q_challenge_drop, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        sq_bind_text(q, 1, id);
        if (account)
            sqlite3_bind_int64(q, 2, account);
        ok = sq_run(q) || sq_fail(s, "cannot remove the challenge", err, errlen);
        *found = ok && sqlite3_changes(s->db) == 1;
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_challenge_renew(Store *st, const char *id, const char *expires, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, q_challenge_renew, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        sq_bind_text(q, 1, id);
        sq_bind_text(q, 2, expires);
        ok = sq_run(q) || sq_fail(s, "cannot renew the challenge", err, errlen);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_challenges(Store *st, const char *now, StoredChallenge *out, int max, int *n, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    *n = 0;
    err[0] = '\0';
    pthread_mutex_lock(&s->lock);
    bool ok = sq_begin(s, err, errlen);
    if (ok) {
        sqlite3_stmt *q = stmt(s, q_challenges_expired, err, errlen);
        if ((ok = q != NULL)) {
            sq_bind_text(q, 1, now);
            ok = sq_run(q);
        }
        if (ok && (ok = (q = stmt(s, q_challenges, err, errlen)) != NULL)) {
            sqlite3_bind_int(q, 1, max);
            int rc;
            StoreCols cols = sq_cols(q);
            while ((rc = sqlite3_step(q)) == SQLITE_ROW && *n < max)
                store_col_challenge(&cols, 0, &out[(*n)++]);
            ok = (rc == SQLITE_ROW || rc == SQLITE_DONE) && store_cols_ok(&cols, "cannot read the lobby", err, errlen);
            sq_done(q);
        }
        ok = sq_finish(s, ok, "cannot read the lobby", err, errlen);
    }
    pthread_mutex_unlock(&s->lock);
    if (!ok)
        *n = 0;
    return ok;
}

/* ---- chat ---- */

static const char q_chat_next[] = "SELECT coalesce(max(idx) + 1, 0) FROM chat WHERE game_id = ?1";
static const char q_chat_insert[] =
    "INSERT INTO chat (game_id, idx, channel, author, account_id, seat, text, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)";
static const char q_chat_list[] =
    "SELECT idx, channel, author, account_id, seat, text, at FROM chat WHERE game_id = ?1 AND channel = ?2 AND idx > ?3"
    " ORDER BY idx LIMIT ?4";
static const char q_seat_mute[] = "UPDATE seats SET muted = ?3 WHERE game_id = ?1 AND seat = ?2";

bool sq_chat_append(Store *st, const char *game_id, ChatMessage *m, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    err[0] = '\0';
    pthread_mutex_lock(&s->lock);
    bool ok = sq_begin(s, err, errlen);
    if (ok) {
        sqlite3_stmt *q = stmt(s, q_chat_next, err, errlen);
        if ((ok = q != NULL)) {
            sq_bind_text(q, 1, game_id);
            StoreCols c = sq_cols(q);
            ok = sqlite3_step(q) == SQLITE_ROW;
            m->idx = ok ? store_col_int(&c, 0) : -1;
            ok = ok && store_cols_ok(&c, "cannot store the message", err, errlen);
            sq_done(q);
        }
        if (ok && (ok = (q = stmt(s, q_chat_insert, err, errlen)) != NULL)) {
            sq_bind_text(q, 1, game_id);
            sqlite3_bind_int(q, 2, m->idx);
            sqlite3_bind_int(q, 3, m->channel);
            sq_bind_text(q, 4, m->author);
            if (m->account)
                sqlite3_bind_int64(q, 5, m->account);
            sqlite3_bind_int(q, 6, m->seat);
            sq_bind_text(q, 7, m->text);
            sq_bind_text(q, 8, m->at);
            ok = sq_run(q);
        }
        ok = sq_finish(s, ok, "cannot store the message", err, errlen);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_chat_list(Store *st, const char *game_id, int channel, int after, int limit, ChatMessage *out, int *n,
                  char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    *n = 0;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, q_chat_list, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        sq_bind_text(q, 1, game_id);
        sqlite3_bind_int(q, 2, channel);
        sqlite3_bind_int(q, 3, after);
        sqlite3_bind_int(q, 4, limit);
        int rc;
        StoreCols c = sq_cols(q);
        while ((rc = sqlite3_step(q)) == SQLITE_ROW && *n < limit)
            store_col_chat(&c, 0, &out[(*n)++]);
        ok = sq_rows_ok(s, &c, rc, n, "cannot read the chat", err, errlen);
        sq_done(q);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_seat_mute(Store *st, const char *game_id, int seat, bool muted, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, q_seat_mute, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        sq_bind_text(q, 1, game_id);
        sqlite3_bind_int(q, 2, seat);
        sqlite3_bind_int(q, 3, muted);
        ok = sq_run(q) || sq_fail(s, "cannot save the mute", err, errlen);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

static const char q_analysis_save[] =
    "INSERT OR REPLACE INTO analyses (game_id, analysis, created) VALUES (?1, ?2, ?3)";
static const char q_analysis_load[] = "SELECT analysis FROM analyses WHERE game_id = ?1";

bool sq_analysis_save(Store *st, const char *game_id, const char *json, const char *created, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, q_analysis_save, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        sq_bind_text(q, 1, game_id);
        sq_bind_text(q, 2, json);
        sq_bind_text(q, 3, created);
        ok = sq_run(q) || sq_fail(s, "cannot store the analysis", err, errlen);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

bool sq_analysis_load(Store *st, const char *game_id, char **json, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    *json = NULL;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = stmt(s, q_analysis_load, err, errlen);
    bool ok = q != NULL;
    if (ok) {
        sq_bind_text(q, 1, game_id);
        int rc = sqlite3_step(q);
        StoreCols c = sq_cols(q);
        if (rc == SQLITE_ROW)
            *json = store_col_dup(&c, 0);
        ok = rc == SQLITE_ROW || rc == SQLITE_DONE || sq_fail(s, "cannot read the analysis", err, errlen);
        if (ok && !store_cols_ok(&c, "cannot read the analysis", err, errlen)) {
            free(*json);
            *json = NULL;
            ok = false;
        }
        sq_done(q);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}
