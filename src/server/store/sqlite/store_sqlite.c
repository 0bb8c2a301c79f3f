/* The SQLite backend of store.h: one database file in WAL mode, one
 * connection used under a mutex (SQLite serialises writers anyway, and a
 * statement takes microseconds), prepared statements kept for the life of
 * the store. The schema is versioned with PRAGMA user_version and brought
 * up to date when the store opens by the migrations both backends share
 * (store_migrations.c), all in one transaction (an older morph refuses a
 * newer database).
 *
 * This file holds the games, opening and the table of operations;
 * store_sqlite_db.c the plumbing under all; store_sqlite_accounts.c accounts, sessions
 * and ratings; store_sqlite_lobby.c challenges and chat. */
#include <errno.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "../store_migrations.h"
#include "store_sqlite_internal.h"
#include "sqlite_pcache.h"
#include "../../../core/xalloc.h"


static const char *const sql[Q_COUNT] = {
    [Q_BEGIN] = "BEGIN IMMEDIATE",
    [Q_COMMIT] = "COMMIT",
    [Q_ROLLBACK] = "ROLLBACK",
    [Q_INSERT_GAME] = "INSERT INTO games (id, game, options, seed, real_dice, listed, status, result, created, updated,"
                      " rematch_of, rematch, undo_low, actions, version, rated, clock_kind, clock_initial_ms,"
                      " clock_increment_ms, clock_days, clock_left, epoch, clock_at, takebacks)"
                      " VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,?19,?20,?21,?22,?23,?24)",
    [Q_INSERT_SEAT] = "INSERT INTO seats (game_id, seat, kind, ai, claimed, token_hash, invite, account_id, guest_name)"
                      " VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9)",
    [Q_INSERT_ACTION] = "INSERT INTO actions (game_id, idx, text, player, version) VALUES (?1,?2,?3,?4,?5)",
    /* only over the version the writer knew (store.h) */
    [Q_UPDATE_GAME] = "UPDATE games SET status = ?2, result = ?3, updated = ?4, undo_low = ?5, actions = ?6, version = ?7,"
                      " clock_left = ?8, epoch = ?9, clock_at = ?10 WHERE id = ?1"
                      " AND " SQ_VERSION("games", "?1") " = ?7 - 1",
    /* the same, status and updated (?2, ?4) left as stored: a statement that
     * names an indexed column rewrites the index's entry, even unchanged
     * (6.4 pages of WAL a move with a new `updated`, 4.2 with the same one,
     * 2.2 without naming them) */
    [Q_UPDATE_GAME_QUIET] = "UPDATE games SET result = ?3, undo_low = ?5, actions = ?6, version = ?7,"
                            " clock_left = ?8, epoch = ?9, clock_at = ?10 WHERE id = ?1"
                            " AND " SQ_VERSION("games", "?1") " = ?7 - 1",
    [Q_DELETE_ACTIONS] = "DELETE FROM actions WHERE game_id = ?1 AND idx >= ?2",
    [Q_CLAIM] = "UPDATE seats SET claimed = 1, token_hash = ?3, invite = NULL, account_id = ?4, guest_name = ?5"
                " WHERE game_id = ?1 AND seat = ?2 AND claimed = 0",
    [Q_REMATCH] = "UPDATE games SET rematch = ?2, version = " SQ_VERSION("games", "?1") " + 1"
                  " WHERE id = ?1 AND rematch IS NULL",
    [Q_LOAD_GAME] = "SELECT game, options, seed, real_dice, listed, status, result, created, updated, rematch_of, rematch,"
                    " undo_low, " SQ_VERSION("g", "?1") " AS version, rated, clock_kind, clock_initial_ms, clock_increment_ms, clock_days,"
                    " clock_left, epoch, " SQ_COUNT("g", "?1") " AS actions, clock_at, takebacks FROM games g WHERE id = ?1",
    [Q_LOAD_SEATS] = "SELECT s.seat, s.kind, s.ai, s.claimed, s.token_hash, s.invite, s.account_id, a.name, s.muted,"
                     " s.guest_name, coalesce(a.bot, 0)"
                     " FROM seats s LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id = ?1 ORDER BY s.seat",
    [Q_LOAD_ACTIONS] = "SELECT idx, text, player FROM actions WHERE game_id = ?1 AND idx >= ?2 ORDER BY idx",
    [Q_FIND_INVITE] = "SELECT game_id, seat FROM seats WHERE invite = ?1 AND claimed = 0",
    /* (the planner, without statistics, would take games_by_status and read every playing game) */
    [Q_CLOCKED] = "SELECT id FROM games INDEXED BY games_clocked WHERE status = 'playing' AND clock_kind <> 0"
                  " ORDER BY created, id",
    [Q_LIST] = "SELECT " SQ_SUMMARY_COLUMNS
               " FROM games g WHERE g.status = ?1 AND g.listed = 1 ORDER BY g.updated DESC, g.id DESC LIMIT ?2",
    [Q_LIST_BEFORE] = "SELECT " SQ_SUMMARY_COLUMNS
                      " FROM games g WHERE g.status = ?1 AND g.listed = 1 AND (g.updated < ?3 OR (g.updated = ?3 AND g.id < ?4))"
                      " ORDER BY g.updated DESC, g.id DESC LIMIT ?2",
    [Q_ALL] = "SELECT id FROM games ORDER BY created, id",
    [Q_SAVE_CLOCK] = "UPDATE games SET clock_left = ?2 WHERE id = ?1",
    [Q_PEEK] = "SELECT " SQ_VERSION("g", "?1") " AS version FROM games g WHERE g.id = ?1",
    [Q_TAKE_CHALLENGE] = "DELETE FROM challenges WHERE id = ?1",
};


static bool sq_create(Store *st, const StoredGame *g, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    err[0] = '\0';
    pthread_mutex_lock(&s->lock);
    bool ok = sq_begin(s, err, errlen);
    if (ok) {
        sqlite3_stmt *q = s->q[Q_INSERT_GAME];
        sq_bind_text(q, 1, g->id);
        sq_bind_text(q, 2, g->game);
        sq_bind_text(q, 3, g->options);
        sqlite3_bind_int64(q, 4, (sqlite3_int64)g->seed);
        sqlite3_bind_int(q, 5, g->real_dice);
        sqlite3_bind_int(q, 6, g->listed);
        sq_bind_text(q, 7, status_name(g->status));
        sq_bind_text(q, 8, g->result);
        sq_bind_text(q, 9, g->created);
        sq_bind_text(q, 10, g->updated);
        sq_bind_text(q, 11, g->rematch_of);
        sq_bind_text(q, 12, g->rematch);
        sqlite3_bind_int(q, 13, g->undo_low);
        sqlite3_bind_int(q, 14, g->count);
        sqlite3_bind_int64(q, 15, g->version);
        sqlite3_bind_int(q, 16, g->rated);
        sq_bind_clock(q, 17, &g->clock);
        sq_bind_left(q, 21, g);
        sqlite3_bind_int(q, 22, g->epoch);
        sqlite3_bind_int64(q, 23, g->clock_at);
        sqlite3_bind_int(q, 24, g->takebacks);
        ok = sq_run(q);
        for (int p = 0; ok && p < g->num_seats; p++) {
            const StoredSeat *seat = &g->seats[p];
            q = s->q[Q_INSERT_SEAT];
            sq_bind_text(q, 1, g->id);
            sqlite3_bind_int(q, 2, p);
            sq_bind_text(q, 3, seat->kind == SEAT_AI ? "ai" : "human");
            sq_bind_text(q, 4, seat->ai);
            sqlite3_bind_int(q, 5, seat->claimed);
            sq_bind_text(q, 6, seat->token_hash);
            sq_bind_text(q, 7, seat->invite);
            if (seat->account)
                sqlite3_bind_int64(q, 8, seat->account);
            sqlite3_bind_text(q, 9, seat->guest, -1, SQLITE_TRANSIENT); /* "" for none: NOT NULL */
            ok = sq_run(q);
        }
        ok = ok && sq_insert_actions(s, g, 0);
        /* A challenge of the lobby is taken once: by the game made of it. */
        if (ok && g->from_challenge) {
            q = s->q[Q_TAKE_CHALLENGE];
            sq_bind_text(q, 1, g->from_challenge);
            ok = sq_run(q);
            if (ok && sqlite3_changes(s->db) != 1) {
                snprintf(err, errlen, "the challenge was taken or withdrawn already");
                ok = false;
            }
        }
        /* A rematch is linked to its game in the same transaction: made whole
         * or not at all, and only once per game. */
        if (ok && g->rematch_of[0]) {
            q = s->q[Q_REMATCH];
            sq_bind_text(q, 1, g->rematch_of);
            sq_bind_text(q, 2, g->id);
            ok = sq_run(q);
            if (ok && sqlite3_changes(s->db) != 1) {
                snprintf(err, errlen, "game %s already has a rematch", g->rematch_of);
                ok = false;
            }
        }
        ok = sq_finish(s, ok, "cannot store the new game", err, errlen);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

static bool sq_save_clock(Store *st, const char *id, const int64_t left[MAX_PLAYERS], int seats, char *err,
                          size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    StoredGame g = {.num_seats = seats, .clock = {.kind = CLOCK_REAL}};
    memcpy(g.clock_left, left, sizeof g.clock_left);
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = s->q[Q_SAVE_CLOCK];
    sq_bind_text(q, 1, id);
    sq_bind_left(q, 2, &g);
    bool ok = sq_run(q) || sq_fail(s, "cannot save the clock", err, errlen);
    pthread_mutex_unlock(&s->lock);
    return ok;
}

static bool sq_truncate(Store *st, const StoredGame *g, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    err[0] = '\0';
    pthread_mutex_lock(&s->lock);
    bool ok = sq_begin(s, err, errlen);
    if (ok) {
        sqlite3_stmt *q = s->q[Q_DELETE_ACTIONS];
        sq_bind_text(q, 1, g->id);
        sqlite3_bind_int(q, 2, g->count);
        ok = sq_finish(s, sq_update_checked(s, g, err, errlen) && sq_run(q), "cannot take actions back", err, errlen);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

static bool sq_claim(Store *st, const StoredGame *g, int seat, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    err[0] = '\0';
    pthread_mutex_lock(&s->lock);
    bool ok = sq_begin(s, err, errlen);
    if (ok) {
        sqlite3_stmt *q = s->q[Q_CLAIM];
        sq_bind_text(q, 1, g->id);
        sqlite3_bind_int(q, 2, seat);
        sq_bind_text(q, 3, g->seats[seat].token_hash);
        if (g->seats[seat].account)
            sqlite3_bind_int64(q, 4, g->seats[seat].account);
        sqlite3_bind_text(q, 5, g->seats[seat].guest, -1, SQLITE_TRANSIENT);
        ok = sq_run(q);
        if (ok && sqlite3_changes(s->db) != 1) {
            snprintf(err, errlen, "seat %d of game %s is already taken", seat + 1, g->id);
            ok = false;
        }
        ok = sq_finish(s, ok && sq_update_checked(s, g, err, errlen), "cannot claim the seat", err, errlen);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

static bool sq_load_since(Store *st, const char *id, int from, StoredGame *out, bool *found, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    memset(out, 0, sizeof *out);
    *found = false;
    pthread_mutex_lock(&s->lock);
    bool ok = true;
    sqlite3_stmt *q = s->q[Q_LOAD_GAME];
    sq_bind_text(q, 1, id);
    int rc = sqlite3_step(q);
    if (rc == SQLITE_ROW) {
        *found = true;
        snprintf(out->id, sizeof out->id, "%s", id);
        StoreCols c = sq_cols(q);
        store_col_copy(&c, 0, out->game, sizeof out->game);
        out->options = store_col_dup(&c, 1);
        out->seed = (uint64_t)store_col_int64(&c, 2);
        out->real_dice = store_col_bool(&c, 3);
        out->listed = store_col_bool(&c, 4);
        out->status = store_col_status(&c, 5);
        out->result = store_col_dup_or_null(&c, 6);
        store_col_copy(&c, 7, out->created, sizeof out->created);
        store_col_copy(&c, 8, out->updated, sizeof out->updated);
        store_col_copy_or_empty(&c, 9, out->rematch_of, sizeof out->rematch_of);
        store_col_copy_or_empty(&c, 10, out->rematch, sizeof out->rematch);
        out->undo_low = store_col_int(&c, 11);
        out->version = store_col_int64(&c, 12);
        out->rated = store_col_bool(&c, 13);
        store_col_clock(&c, 14, &out->clock);
        store_col_left(&c, 18, out->clock_left);
        out->epoch = store_col_int(&c, 19);
        out->count = store_col_int(&c, 20);
        out->clock_at = store_col_int64(&c, 21);
        out->takebacks = store_col_bool(&c, 22);
        ok = store_cols_ok(&c, "cannot read the game", err, errlen);
    } else if (rc != SQLITE_DONE) {
        ok = sq_fail(s, "cannot read the game", err, errlen);
    }
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    if (ok && *found) {
        q = s->q[Q_LOAD_SEATS];
        sq_bind_text(q, 1, id);
        StoreCols c = sq_cols(q);
        while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
            int p = store_col_int(&c, 0);
            if (p < 0 || p >= MAX_PLAYERS)
                continue;
            StoredSeat *seat = &out->seats[p];
            seat->kind = strcmp(store_col_text(&c, 1), "ai") == 0 ? SEAT_AI : SEAT_HUMAN;
            store_col_copy_or_empty(&c, 2, seat->ai, sizeof seat->ai);
            seat->claimed = store_col_bool(&c, 3);
            store_col_copy_or_empty(&c, 4, seat->token_hash, sizeof seat->token_hash);
            store_col_copy_or_empty(&c, 5, seat->invite, sizeof seat->invite);
            seat->account = store_col_int64_or(&c, 6, 0);
            store_col_copy_or_empty(&c, 7, seat->name, sizeof seat->name);
            seat->muted = store_col_bool(&c, 8);
            store_col_copy(&c, 9, seat->guest, sizeof seat->guest);
            seat->bot = store_col_bool(&c, 10);
            if (p + 1 > out->num_seats)
                out->num_seats = p + 1;
        }
        if (rc != SQLITE_DONE)
            ok = sq_fail(s, "cannot read the seats", err, errlen);
        ok = ok && store_cols_ok(&c, "cannot read the seats", err, errlen);
        sqlite3_reset(q);
        sqlite3_clear_bindings(q);
    }
    if (ok && *found) {
        q = s->q[Q_LOAD_ACTIONS];
        sq_bind_text(q, 1, id);
        sqlite3_bind_int(q, 2, from);
        int count = out->count, next = from < count ? from : count;
        out->actions = stored_actions_new(count);
        StoreCols c = sq_cols(q);
        while ((rc = sqlite3_step(q)) == SQLITE_ROW && next < count) {
            if (store_col_int(&c, 0) != next)
                break;
            out->actions[next].text = store_col_dup(&c, 1);
            out->actions[next].player = store_col_int(&c, 2);
            next++;
        }
        if (rc != SQLITE_ROW && rc != SQLITE_DONE)
            ok = sq_fail(s, "cannot read the actions", err, errlen);
        else if (!store_cols_ok(&c, "cannot read the actions", err, errlen))
            ok = false;
        else if (next != count || rc == SQLITE_ROW)
            ok = store_missing_action(id, next, err, errlen);
        sqlite3_reset(q);
        sqlite3_clear_bindings(q);
    }
    pthread_mutex_unlock(&s->lock);
    if (!ok) {
        stored_game_clear(out);
        *found = false;
    }
    return ok;
}

static bool sq_load(Store *st, const char *id, StoredGame *out, bool *found, char *err, size_t errlen)
{
    return sq_load_since(st, id, 0, out, found, err, errlen);
}

static bool sq_peek(Store *st, const char *id, int64_t *version, bool *found, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = s->q[Q_PEEK];
    sq_bind_text(q, 1, id);
    int rc = sqlite3_step(q);
    StoreCols c = sq_cols(q);
    *found = rc == SQLITE_ROW;
    *version = *found ? store_col_int64(&c, 0) : 0;
    bool ok = rc == SQLITE_ROW || rc == SQLITE_DONE || sq_fail(s, "cannot read the game", err, errlen);
    ok = ok && store_cols_ok(&c, "cannot read the game", err, errlen);
    sq_done(q);
    pthread_mutex_unlock(&s->lock);
    return ok;
}

static bool sq_find_invite(Store *st, const char *code, char id[GAME_ID_LEN + 1], int *seat, bool *found,
                           char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = s->q[Q_FIND_INVITE];
    sq_bind_text(q, 1, code);
    int rc = sqlite3_step(q);
    StoreCols c = sq_cols(q);
    *found = rc == SQLITE_ROW;
    if (*found) {
        store_col_copy(&c, 0, id, GAME_ID_LEN + 1);
        *seat = store_col_int(&c, 1);
    }
    bool ok = rc == SQLITE_ROW || rc == SQLITE_DONE || sq_fail(s, "cannot look up the invitation", err, errlen);
    ok = ok && store_cols_ok(&c, "cannot look up the invitation", err, errlen);
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    pthread_mutex_unlock(&s->lock);
    return ok;
}

static const char q_abandoned[] =
    "SELECT g.id FROM games g WHERE g.status <> 'finished' AND g.updated < ?1"
    " AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.kind = 'ai') ORDER BY g.updated, g.id LIMIT ?2";
static const char q_unlist[] = "UPDATE games SET listed = 0 WHERE id = ?1";
/* (status <> 'finished' lets the planner take the unfinished games by age) */
static const char q_playing[] =
    "SELECT count(*), coalesce(sum((SELECT count(*) FROM seats s WHERE s.game_id = g.id)), 0)"
    " FROM games g INDEXED BY games_unfinished_by_updated"
    " WHERE g.status <> 'finished' AND g.status = 'playing' AND g.updated >= ?1"
    " AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.kind = 'ai')";

/* Collects the ids a query returns first, then calls fn without the lock
 * (fn may call the store). The query is q[which], or text with before and
 * limit bound. */
static bool each_id(SqliteStore *s, int which, const char *text, const char *before, int limit,
                    void (*fn)(void *ctx, const char *id), void *ctx, char *err, size_t errlen)
{
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = text ? sq_stmt(s, text) : s->q[which];
    if (!q) {
        bool ok = sq_fail(s, "cannot prepare a statement", err, errlen);
        pthread_mutex_unlock(&s->lock);
        return ok;
    }
    if (text) {
        sq_bind_text(q, 1, before);
        sqlite3_bind_int(q, 2, limit);
    }
    char (*ids)[GAME_ID_LEN + 1] = NULL;
    size_t n = 0, cap = 0;
    int rc;
    StoreCols c = sq_cols(q);
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        if (n == cap) {
            cap = cap ? 2 * cap : 256;
            ids = xrealloc(ids, cap * sizeof *ids);
        }
        store_col_copy(&c, 0, ids[n++], GAME_ID_LEN + 1);
    }
    bool ok = rc == SQLITE_DONE || sq_fail(s, "cannot list the games", err, errlen);
    ok = ok && store_cols_ok(&c, "cannot list the games", err, errlen);
    sqlite3_reset(q);
    pthread_mutex_unlock(&s->lock);
    for (size_t i = 0; ok && i < n; i++)
        fn(ctx, ids[i]);
    free(ids);
    return ok;
}

static bool sq_each_clocked(Store *st, void (*fn)(void *ctx, const char *id), void *ctx, char *err, size_t errlen)
{
    return each_id((SqliteStore *)st, Q_CLOCKED, NULL, NULL, 0, fn, ctx, err, errlen);
}

static bool sq_each_abandoned(Store *st, const char *before, int limit, void (*fn)(void *ctx, const char *id),
                              void *ctx, char *err, size_t errlen)
{
    return each_id((SqliteStore *)st, 0, q_abandoned, before, limit, fn, ctx, err, errlen);
}

static bool sq_each_game(Store *st, void (*fn)(void *ctx, const char *id), void *ctx, char *err, size_t errlen)
{
    return each_id((SqliteStore *)st, Q_ALL, NULL, NULL, 0, fn, ctx, err, errlen);
}

static bool sq_unlist(Store *st, const char *id, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = sq_stmt(s, q_unlist);
    bool ok = q != NULL;
    if (ok) {
        sq_bind_text(q, 1, id);
        ok = sq_run(q);
    }
    if (!ok)
        sq_fail(s, "cannot take the game out of the lists", err, errlen);
    pthread_mutex_unlock(&s->lock);
    return ok;
}

static bool sq_count_playing(Store *st, const char *since, int *games, int *people, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    *games = *people = 0;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = sq_stmt(s, q_playing);
    bool ok = q != NULL;
    if (ok) {
        sq_bind_text(q, 1, since);
        ok = sqlite3_step(q) == SQLITE_ROW;
    }
    if (ok) {
        StoreCols c = sq_cols(q);
        *games = store_col_int(&c, 0);
        *people = store_col_int(&c, 1);
        ok = store_cols_ok(&c, "cannot count the games being played", err, errlen);
    } else {
        sq_fail(s, "cannot count the games being played", err, errlen);
    }
    if (q) {
        sqlite3_reset(q);
        sqlite3_clear_bindings(q);
    }
    pthread_mutex_unlock(&s->lock);
    return ok;
}

static bool sq_list(Store *st, int status, const char *before, const char *before_id, int limit, GameSummary *out,
                    int *n, char *err, size_t errlen)
{
    SqliteStore *s = (SqliteStore *)st;
    *n = 0;
    pthread_mutex_lock(&s->lock);
    sqlite3_stmt *q = s->q[before && before[0] ? Q_LIST_BEFORE : Q_LIST];
    sq_bind_text(q, 1, status_name(status));
    sqlite3_bind_int(q, 2, limit);
    if (before && before[0]) {
        sq_bind_text(q, 3, before);
        sq_bind_text(q, 4, before_id ? before_id : "");
    }
    int rc = SQLITE_DONE;
    StoreCols c = sq_cols(q);
    while (*n < limit && (rc = sqlite3_step(q)) == SQLITE_ROW)
        store_col_summary(&c, 0, &out[(*n)++]);
    bool ok = *n == limit || rc == SQLITE_DONE || sq_fail(s, "cannot list the games", err, errlen);
    ok = ok && store_cols_ok(&c, "cannot list the games", err, errlen);
    sqlite3_reset(q);
    sqlite3_clear_bindings(q);
    pthread_mutex_unlock(&s->lock);
    if (!ok) {
        for (int i = 0; i < *n; i++)
            game_summary_clear(&out[i]);
        *n = 0;
    }
    return ok;
}

static void sq_close(Store *st)
{
    SqliteStore *s = (SqliteStore *)st;
    if (s->checkpointing) {
        pthread_mutex_lock(&s->stop_lock);
        s->stopping = true;
        pthread_cond_signal(&s->stop_cond);
        pthread_mutex_unlock(&s->stop_lock);
        pthread_join(s->checkpointer, NULL);
    }
    if (s->checkpoint_db)
        sqlite3_close(s->checkpoint_db);
    pthread_cond_destroy(&s->stop_cond);
    pthread_mutex_destroy(&s->stop_lock);
    pthread_cond_destroy(&s->batch_done);
    pthread_mutex_destroy(&s->batch_lock);
    for (int i = 0; i < Q_COUNT; i++)
        sqlite3_finalize(s->q[i]);
    for (int i = 0; i < SQ_CACHE; i++)
        sqlite3_finalize(s->cache[i].stmt);
    sqlite3_close(s->db);
    pthread_mutex_destroy(&s->lock);
    free(s->path);
    free(s);
}

static bool sq_ping(Store *st, char *err, size_t errlen)
{
    return true; /* a file of this process: it answers while the process does */
}

static void sq_release_memory(Store *st)
{
    SqliteStore *s = (SqliteStore *)st;
    pthread_mutex_lock(&s->lock);
    sqlite3_db_release_memory(s->db);
    pthread_mutex_unlock(&s->lock);
}

static void sq_describe(Store *st, char *out, size_t outlen)
{
    snprintf(out, outlen, "%s", ((SqliteStore *)st)->path);
}

static const StoreOps sqlite_ops = {
    .name = "sqlite",
    .create = sq_create,
    .append = sq_append,
    .truncate = sq_truncate,
    .claim = sq_claim,
    .load = sq_load,
    .load_since = sq_load_since,
    .peek = sq_peek,
    .find_invite = sq_find_invite,
    .each_clocked = sq_each_clocked,
    .each_abandoned = sq_each_abandoned,
    .unlist = sq_unlist,
    .list = sq_list,
    .count_playing = sq_count_playing,
    .each_game = sq_each_game,
    .save_clock = sq_save_clock,
    .account_create = sq_account_create,
    .account_find = sq_account_find,
    .account_password = sq_account_password,
    .session_create = sq_session_create,
    .session_find = sq_session_find,
    .session_delete = sq_session_delete,
    .token_create = sq_token_create,
    .tokens_of = sq_tokens_of,
    .token_revoke = sq_token_revoke,
    .token_find = sq_token_find,
    .account_make_bot = sq_account_make_bot,
    .ratings_of = sq_ratings_of,
    .rating_history = sq_rating_history,
    .leaderboard = sq_leaderboard,
    .games_of = sq_games_of,
    .challenge_create = sq_challenge_create,
    .challenge_delete = sq_challenge_delete,
    .challenge_renew = sq_challenge_renew,
    .challenges = sq_challenges,
    .chat_append = sq_chat_append,
    .chat_list = sq_chat_list,
    .seat_mute = sq_seat_mute,
    .analysis_save = sq_analysis_save,
    .analysis_load = sq_analysis_load,
    .ping = sq_ping,
    .release_memory = sq_release_memory,
    .describe = sq_describe,
    .close = sq_close,
};

/* mkdir -p of the directory part of path. */
static bool make_dirs(const char *path, char *err, size_t errlen)
{
    char buf[4096];
    if (strlen(path) >= sizeof buf) {
        snprintf(err, errlen, "database path is too long");
        return false;
    }
    strcpy(buf, path);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0700) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "cannot create directory '%s': %s", buf, strerror(errno));
            return false;
        }
        *p = '/';
    }
    return true;
}

static bool exec(SqliteStore *s, const char *text, char *err, size_t errlen)
{
    char *msg = NULL;
    if (sqlite3_exec(s->db, text, NULL, NULL, &msg) == SQLITE_OK)
        return true;
    snprintf(err, errlen, "database: %s", msg ? msg : sqlite3_errmsg(s->db));
    sqlite3_free(msg);
    return false;
}

/* The number a pragma reads (the file's schema version, its page size),
 * -1 when it cannot be read. */
static int pragma_int(SqliteStore *s, const char *pragma)
{
    sqlite3_stmt *q;
    int v = -1;
    StoreCols c = {0};
    if (sqlite3_prepare_v2(s->db, pragma, -1, &q, NULL) == SQLITE_OK && sqlite3_step(q) == SQLITE_ROW) {
        c = sq_cols(q);
        v = store_col_int(&c, 0);
    }
    sqlite3_finalize(q);
    return c.bad[0] ? -1 : v;
}

/* Whether table has a column of that name. */
static bool has_column(SqliteStore *s, const char *table, const char *column)
{
    sqlite3_stmt *q;
    bool found = false;
    if (sqlite3_prepare_v2(s->db, "SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2", -1, &q, NULL) == SQLITE_OK) {
        sqlite3_bind_text(q, 1, table, -1, SQLITE_STATIC);
        sqlite3_bind_text(q, 2, column, -1, SQLITE_STATIC);
        found = sqlite3_step(q) == SQLITE_ROW;
    }
    sqlite3_finalize(q);
    return found;
}

/* Brings the file up to the newest schema, every missing migration in one
 * transaction; a file newer than this morph is refused, never touched. */
static bool migrate(SqliteStore *s, const char *path, char *err, size_t errlen)
{
    if (!exec(s, "BEGIN IMMEDIATE", err, errlen))
        return false;
    int version = pragma_int(s, "PRAGMA user_version"), newest = store_schema_version();
    bool ok = version >= 0;
    if (!ok)
        snprintf(err, errlen, "database '%s': cannot read its schema version", path);
    if (ok && version > newest) {
        snprintf(err, errlen, "database '%s' has schema version %d; this morph reads versions up to %d (a newer "
                 "morph wrote it)", path, version, newest);
        ok = false;
    }
    if (ok && version == 3 && !has_column(s, "games", "epoch"))
        version = 2; /* main's version 3 (the analyses alone): see store_migrations.c, migration 4 */
    for (const StoreMigration *m = store_migrations; ok && m->version; m++) {
        if (m->version <= version)
            continue;
        char set[64];
        snprintf(set, sizeof set, "PRAGMA user_version=%d", m->version);
        ok = exec(s, m->sqlite, err, errlen) && exec(s, set, err, errlen);
    }
    if (ok)
        return exec(s, "COMMIT", err, errlen);
    char ignore[8];
    exec(s, "ROLLBACK", ignore, sizeof ignore);
    return false;
}

Store *store_open_sqlite(const char *path, bool durable, char *err, size_t errlen)
{
    return store_open_sqlite_wal(path, durable, 0, err, errlen);
}

Store *store_open_sqlite_wal(const char *path, bool durable, int wal_mib, char *err, size_t errlen)
{
    if (!make_dirs(path, err, errlen))
        return NULL;
    SqliteStore *s = xcalloc(1, sizeof *s);
    s->base.ops = &sqlite_ops;
    if (wal_mib <= 0)
        wal_mib = STORE_WAL_MIB_DEFAULT;
    s->wal_restart_frames = wal_mib * 256; /* pages of 4 KiB, until the file's own size is read */
    s->path = xstrdup(path);
    pthread_mutex_init(&s->lock, NULL);
    pthread_mutex_init(&s->stop_lock, NULL);
    pthread_cond_init(&s->stop_cond, NULL);
    pthread_mutex_init(&s->batch_lock, NULL);
    pthread_cond_init(&s->batch_done, NULL);
    sqlite_pcache_install(); /* before SQLite's first use: its commits' scans of the cache (sqlite_pcache.h) */
    if (sqlite3_open_v2(path, &s->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) !=
        SQLITE_OK) {
        snprintf(err, errlen, "cannot open database '%s': %s", path, s->db ? sqlite3_errmsg(s->db) : "out of memory");
        sq_close(&s->base);
        return NULL;
    }
    sqlite3_busy_timeout(s->db, 5000);
    /* The page cache up to 64 MiB (SQLite's default is 2 MiB): with many
     * games running, each move reads its game's pages, which a small cache
     * has let go, from the file again (a system call each); it fills only as
     * pages are read, and idle sweeps give it back (sq_release_memory). */
    char pragmas[256];
    snprintf(pragmas, sizeof pragmas,
             "PRAGMA journal_mode=WAL; PRAGMA synchronous=%s; PRAGMA foreign_keys=ON; PRAGMA cache_size=-65536;"
             " PRAGMA journal_size_limit=%lld;",
             durable ? "FULL" : "NORMAL", (long long)wal_mib << 20);
    /* A new database gets pages of 1 KiB (SQLite's default is 4 KiB;
     * one already made keeps its own): a move's commit writes whole pages of
     * its game's leaves to the WAL, and their checkpoint the same again, so
     * smaller pages write less for the same rows: 2.6 KB a move in place of
     * 6.5 KB without think time, 8.5 KB in place of 22 KB with 20,000 games
     * paced like people, for the same CPU there (with 100,000 games perhaps
     * a little more: docs/bench.md). */
    bool ok = exec(s, "PRAGMA page_size=1024", err, errlen) && exec(s, pragmas, err, errlen);
    ok = ok && migrate(s, path, err, errlen);
    /* the WAL's frames are pages of this file: --wal-mib counted in them */
    int page_size = ok ? pragma_int(s, "PRAGMA page_size") : -1;
    if (page_size > 0)
        s->wal_restart_frames = (int)(((long long)wal_mib << 20) / page_size);
    for (int i = 0; ok && i < Q_COUNT; i++)
        if (sqlite3_prepare_v3(s->db, sql[i], -1, SQLITE_PREPARE_PERSISTENT, &s->q[i], NULL) != SQLITE_OK) {
            snprintf(err, errlen, "database '%s': %s", path, sqlite3_errmsg(s->db));
            ok = false;
        }
    /* Commits no longer checkpoint; the checkpoint thread does. */
    if (ok && sqlite3_open_v2(path, &s->checkpoint_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) == SQLITE_OK) {
        sqlite3_busy_timeout(s->checkpoint_db, 5000);
        /* A connection that has not read the file does not know it is in
         * WAL mode: its checkpoints did nothing, and the WAL grew for ever
         * (1.3 GB in the 100,000-game load test, the database file empty). */
        sqlite3_exec(s->checkpoint_db, "PRAGMA journal_mode", NULL, NULL, NULL);
        if (pthread_create(&s->checkpointer, NULL, sq_checkpoint_main, s) == 0) {
            s->checkpointing = true;
            sqlite3_wal_autocheckpoint(s->db, 0);
        }
    }
    if (!ok) {
        if (!strstr(err, path) && strncmp(err, "database '", 10) != 0) {
            char msg[ERR_MAX];
            snprintf(msg, sizeof msg, "%s", err);
            snprintf(err, errlen, "%s (file '%s')", msg, path);
        }
        sq_close(&s->base);
        return NULL;
    }
    return &s->base;
}
