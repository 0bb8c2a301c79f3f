/* The PostgreSQL backend of store.h: one database that several `morph
 * serve` share. Each write of a game is checked against the version its
 * writer knew, under the row lock of the game's UPDATE, and the actions'
 * primary key (game, index) refuses a second action at an index: two
 * servers can never both commit at one index. Every committed change of a
 * game is NOTIFYed (after its commit, by store_pg_conn.c's notifier), and
 * store_pg_conn.c LISTENs for the other servers' changes; work
 * that must be done once (an AI's move) is a row of `work` held by a live
 * server (servers.seen), taken over FOR UPDATE SKIP LOCKED when its holder
 * dies. The plumbing (pool, parameters, migrations) is store_pg_conn.c. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store_pg_internal.h"
#include "../core/xalloc.h"

/* The columns a change of a game writes: $1 id, $2 status, $3 result,
 * $4 updated, $5 undo_low, $6 actions, $7 version (the new one; the stored
 * one must be $7 - 1), $8 epoch, $9 an AI is to move, $10 this server. */
#define UPDATE_GAME                                                                                                \
    "g AS (UPDATE games SET status = $2, result = $3, updated = $4, undo_low = $5, actions = $6, version = $7,"   \
    " epoch = $8 WHERE id = $1 AND version = $7 - 1 RETURNING id)"
/* The AI's work follows the game in the same statement: held by the
 * writer (who thinks at once) while an AI is to move, gone otherwise. */
#define AI_WORK                                                                                                    \
    " wd AS (DELETE FROM work WHERE kind = 'ai' AND NOT $9::boolean AND game_id IN (SELECT id FROM g)),"          \
    " wi AS (INSERT INTO work (game_id, kind, holder) SELECT id, 'ai', $10 FROM g WHERE $9::boolean"             \
    " ON CONFLICT (game_id, kind) DO UPDATE SET holder = EXCLUDED.holder, due = now())"
#define LIST_COLUMNS                                                                                               \
    "SELECT g.id, g.game, g.options, g.status, g.result, g.created, g.updated, g.actions,"                        \
    " (SELECT count(*) FROM seats s WHERE s.game_id = g.id),"                                                    \
    " (SELECT count(*) FROM seats s WHERE s.game_id = g.id AND s.kind = 'human' AND NOT s.claimed),"             \
    " (SELECT count(*) FROM seats s WHERE s.game_id = g.id AND s.kind = 'ai') FROM games g"

const char *const pg_sql[P_COUNT] = {
    [P_INSERT_GAME] = "INSERT INTO games (id, game, options, seed, real_dice, listed, status, result, created, updated,"
                      " rematch_of, rematch, undo_low, actions, version, epoch)"
                      " VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)",
    [P_INSERT_SEATS] = "INSERT INTO seats (game_id, seat, kind, ai, claimed, token_hash, invite)"
                       " SELECT $1, u.o - 1, u.k, u.a, u.c, u.h, u.i"
                       " FROM unnest($2::text[], $3::text[], $4::boolean[], $5::text[], $6::text[])"
                       " WITH ORDINALITY AS u(k, a, c, h, i, o)",
    [P_INSERT_ACTIONS] = "INSERT INTO actions (game_id, idx, text, player) SELECT $1, $2 + u.o - 1, u.t, u.p"
                         " FROM unnest($3::text[], $4::int[]) WITH ORDINALITY AS u(t, p, o)",
    [P_REMATCH] = "UPDATE games SET rematch = $2, version = version + 1 WHERE id = $1 AND rematch IS NULL",
    [P_TAKE_WORK] = "INSERT INTO work (game_id, kind, holder) VALUES ($1, 'ai', $2)"
                    " ON CONFLICT (game_id, kind) DO UPDATE SET holder = EXCLUDED.holder, due = now()",
    /* One statement, one round trip: the check, the actions, the work. */
    [P_APPEND] = "WITH " UPDATE_GAME ","
                 " a AS (INSERT INTO actions (game_id, idx, text, player) SELECT g.id, $11 + u.o - 1, u.t, u.p"
                 " FROM g, unnest($12::text[], $13::int[]) WITH ORDINALITY AS u(t, p, o)),"
                 AI_WORK " SELECT count(*) FROM g",
    [P_TRUNCATE] = "WITH " UPDATE_GAME ","
                   " d AS (DELETE FROM actions WHERE game_id IN (SELECT id FROM g) AND idx >= $6),"
                   AI_WORK " SELECT count(*) FROM g",
    [P_CLAIM_GAME] = "UPDATE games SET status = $2, updated = $3, version = $4 WHERE id = $1 AND version = $4 - 1",
    [P_CLAIM_SEAT] = "UPDATE seats SET claimed = true, token_hash = $3, invite = NULL"
                     " WHERE game_id = $1 AND seat = $2 AND NOT claimed",
    /* One statement, so one snapshot: the game, its seats and its actions agree. */
    [P_LOAD] = "SELECT g.game, g.options, g.seed, g.real_dice, g.listed, g.status, g.result, g.created, g.updated,"
               " g.rematch_of, g.rematch, g.undo_low, g.version, g.epoch, g.actions,"
               " (SELECT json_agg(json_build_array(s.seat, s.kind, s.ai, s.claimed, s.token_hash, s.invite)"
               " ORDER BY s.seat) FROM seats s WHERE s.game_id = g.id),"
               " (SELECT json_agg(json_build_array(a.idx, a.text, a.player) ORDER BY a.idx)"
               " FROM actions a WHERE a.game_id = g.id AND a.idx >= $2)"
               " FROM games g WHERE g.id = $1",
    [P_PEEK] = "SELECT version FROM games WHERE id = $1",
    [P_FIND_INVITE] = "SELECT game_id, seat FROM seats WHERE invite = $1 AND NOT claimed",
    [P_UNFINISHED] = "SELECT id FROM games WHERE status <> 'finished' ORDER BY created, id",
    [P_ALL] = "SELECT id FROM games ORDER BY created, id",
    [P_LIST] = LIST_COLUMNS " WHERE g.status = $1 AND g.listed ORDER BY g.updated DESC, g.id DESC LIMIT $2",
    [P_LIST_BEFORE] = LIST_COLUMNS " WHERE g.status = $1 AND g.listed AND (g.updated < $3 OR (g.updated = $3 AND"
                      " g.id < $4)) ORDER BY g.updated DESC, g.id DESC LIMIT $2",
    /* Servers silent for a day leave the table. */
    [P_HEARTBEAT] = "WITH old AS (DELETE FROM servers WHERE seen < now() - interval '1 day')"
                    " INSERT INTO servers (id, about) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET seen = now()",
    /* Due work held by nobody or by a server silent for $2 seconds; rows
     * another server is taking at this moment are skipped, not waited for. */
    [P_CLAIM_WORK] = "UPDATE work w SET holder = $1 FROM (SELECT c.game_id, c.kind FROM work c"
                     " WHERE c.due <= now() AND (c.holder IS NULL OR (c.holder <> $1 AND NOT EXISTS ("
                     " SELECT 1 FROM servers s WHERE s.id = c.holder AND s.seen > now() - make_interval(secs => $2))))"
                     " ORDER BY c.due LIMIT $3 FOR UPDATE SKIP LOCKED) t"
                     " WHERE w.game_id = t.game_id AND w.kind = t.kind RETURNING w.game_id, w.kind",
    [P_LEAVE] = "WITH w AS (UPDATE work SET holder = NULL WHERE holder = $1) DELETE FROM servers WHERE id = $1",
    [P_PING] = "SELECT 1",
};

static const char *work_kinds[] = {[WORK_AI] = "ai"};

static void copy_text(char *out, size_t outlen, const char *text)
{
    snprintf(out, outlen, "%s", text ? text : "");
}

/* ---- writes ---- */

/* The parameters of UPDATE_GAME and AI_WORK for g. */
static void game_params(PgStore *s, const StoredGame *g, PgParams *p)
{
    pg_text(p, g->id);
    pg_text(p, status_name(g->status));
    pg_text(p, g->result);
    pg_text(p, g->updated);
    pg_int(p, g->undo_low);
    pg_int(p, g->count);
    pg_int(p, g->version);
    pg_int(p, g->epoch);
    pg_bool(p, g->ai_to_move);
    pg_text(p, s->id);
}

/* The texts and players of actions[from .. g->count) as two arrays. */
static void action_arrays(const StoredGame *g, int from, StrBuf *texts, StrBuf *players)
{
    int n = g->count - from;
    const char **t = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *t);
    int *p = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *p);
    for (int i = 0; i < n; i++) {
        t[i] = g->actions[from + i].text;
        p[i] = g->actions[from + i].player;
    }
    pg_array_texts(texts, t, n);
    pg_array_ints(players, p, n);
    free(t);
    free(p);
}

/* A statement whose single value counts the rows of the game it changed:
 * 0 means the game was not at the version before g's (a conflict). */
static bool run_checked(PgStore *s, int q, const PgParams *p, const StoredGame *g, const char *what, char *err,
                        size_t errlen)
{
    PGresult *r = pg_query(s, q, p, PGRES_TUPLES_OK, what, err, errlen);
    if (!r)
        return false;
    bool changed = PQntuples(r) == 1 && atoi(PQgetvalue(r, 0, 0)) == 1;
    PQclear(r);
    if (!changed)
        snprintf(err, errlen, STORE_CONFLICT "game %s is no longer at version %lld", g->id, (long long)g->version - 1);
    return changed;
}

static bool pg_append(Store *st, const StoredGame *g, int from, char *err, size_t errlen)
{
    PgStore *s = (PgStore *)st;
    StrBuf texts = STRBUF_INIT, players = STRBUF_INIT;
    action_arrays(g, from, &texts, &players);
    PgParams p = {0};
    game_params(s, g, &p);
    pg_int(&p, from);
    pg_text(&p, sb_str(&texts));
    pg_text(&p, sb_str(&players));
    bool ok = run_checked(s, P_APPEND, &p, g, "cannot store the actions", err, errlen);
    if (ok)
        pg_notify_change(s, g->id, g->version);
    sb_free(&texts);
    sb_free(&players);
    return ok;
}

static bool pg_truncate(Store *st, const StoredGame *g, char *err, size_t errlen)
{
    PgStore *s = (PgStore *)st;
    PgParams p = {0};
    game_params(s, g, &p);
    bool ok = run_checked(s, P_TRUNCATE, &p, g, "cannot take actions back", err, errlen);
    if (ok)
        pg_notify_change(s, g->id, g->version);
    return ok;
}

/* Runs the statement of one step of a transaction; false (with err) when it
 * fails or changes another number of rows than want (-1: any). */
static bool step(PgConn *c, int q, const PgParams *p, int want, const char *what, char *err, size_t errlen)
{
    PGresult *r = pg_run(c, q, p, PGRES_COMMAND_OK, what, err, errlen);
    if (!r)
        return false;
    int rows = atoi(PQcmdTuples(r));
    PQclear(r);
    return want < 0 || rows == want;
}

static bool insert_game(PgStore *s, PgConn *c, const StoredGame *g, char *err, size_t errlen)
{
    PgParams p = {0};
    pg_text(&p, g->id);
    pg_text(&p, g->game);
    pg_text(&p, g->options);
    pg_int(&p, (long long)(int64_t)g->seed);
    pg_bool(&p, g->real_dice);
    pg_bool(&p, g->listed);
    pg_text(&p, status_name(g->status));
    pg_text(&p, g->result);
    pg_text(&p, g->created);
    pg_text(&p, g->updated);
    pg_text(&p, g->rematch_of);
    pg_text(&p, g->rematch);
    pg_int(&p, g->undo_low);
    pg_int(&p, g->count);
    pg_int(&p, g->version);
    pg_int(&p, g->epoch);
    if (!step(c, P_INSERT_GAME, &p, 1, "cannot store the new game", err, errlen))
        return false;
    const char *kinds[MAX_PLAYERS], *ais[MAX_PLAYERS], *claimed[MAX_PLAYERS], *hashes[MAX_PLAYERS],
        *invites[MAX_PLAYERS];
    for (int i = 0; i < g->num_seats; i++) {
        const StoredSeat *seat = &g->seats[i];
        kinds[i] = seat->kind == SEAT_AI ? "ai" : "human";
        ais[i] = seat->ai[0] ? seat->ai : NULL;
        claimed[i] = seat->claimed ? "true" : "false";
        hashes[i] = seat->token_hash[0] ? seat->token_hash : NULL;
        invites[i] = seat->invite[0] ? seat->invite : NULL;
    }
    StrBuf a[5] = {STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT};
    const char *const *columns[5] = {kinds, ais, claimed, hashes, invites};
    p = (PgParams){0};
    pg_text(&p, g->id);
    for (int k = 0; k < 5; k++) {
        pg_array_texts(&a[k], columns[k], g->num_seats);
        pg_text(&p, sb_str(&a[k]));
    }
    bool ok = step(c, P_INSERT_SEATS, &p, g->num_seats, "cannot store the seats", err, errlen);
    for (int k = 0; k < 5; k++)
        sb_free(&a[k]);
    if (ok && g->count > 0) {
        StrBuf texts = STRBUF_INIT, players = STRBUF_INIT;
        action_arrays(g, 0, &texts, &players);
        p = (PgParams){0};
        pg_text(&p, g->id);
        pg_int(&p, 0);
        pg_text(&p, sb_str(&texts));
        pg_text(&p, sb_str(&players));
        ok = step(c, P_INSERT_ACTIONS, &p, g->count, "cannot store the actions", err, errlen);
        sb_free(&texts);
        sb_free(&players);
    }
    return ok;
}

static bool pg_create(Store *st, const StoredGame *g, char *err, size_t errlen)
{
    PgStore *s = (PgStore *)st;
    err[0] = '\0';
    PgConn *c = pg_acquire(s, err, errlen);
    if (!c)
        return false;
    bool ok = pg_exec(c, "BEGIN", "cannot begin", err, errlen) && insert_game(s, c, g, err, errlen);
    /* A rematch is linked to its game in the same transaction: made whole
     * or not at all, and only once per game. */
    if (ok && g->rematch_of[0]) {
        PgParams p = {0};
        pg_text(&p, g->rematch_of);
        pg_text(&p, g->id);
        ok = step(c, P_REMATCH, &p, 1, "cannot link the rematch", err, errlen);
        if (!ok && !err[0])
            snprintf(err, errlen, "game %s already has a rematch", g->rematch_of);
    }
    if (ok && g->ai_to_move) {
        PgParams p = {0};
        pg_text(&p, g->id);
        pg_text(&p, s->id);
        ok = step(c, P_TAKE_WORK, &p, -1, "cannot store the AI's work", err, errlen);
    }
    ok = ok && pg_exec(c, "COMMIT", "cannot commit the new game", err, errlen);
    pg_release(s, c); /* rolls back what did not commit */
    if (ok && g->rematch_of[0])
        pg_notify_change(s, g->rematch_of, -1); /* its rematch link */
    return ok;
}

static bool pg_claim(Store *st, const StoredGame *g, int seat, char *err, size_t errlen)
{
    PgStore *s = (PgStore *)st;
    err[0] = '\0';
    PgConn *c = pg_acquire(s, err, errlen);
    if (!c)
        return false;
    PgParams p = {0};
    pg_text(&p, g->id);
    pg_int(&p, seat);
    pg_text(&p, g->seats[seat].token_hash);
    bool ok = pg_exec(c, "BEGIN", "cannot begin", err, errlen);
    if (ok && !(ok = step(c, P_CLAIM_SEAT, &p, 1, "cannot claim the seat", err, errlen)) && !err[0])
        snprintf(err, errlen, "seat %d of game %s is already taken", seat + 1, g->id);
    p = (PgParams){0};
    pg_text(&p, g->id);
    pg_text(&p, status_name(g->status));
    pg_text(&p, g->updated);
    pg_int(&p, g->version);
    if (ok && !(ok = step(c, P_CLAIM_GAME, &p, 1, "cannot claim the seat", err, errlen)) && !err[0])
        snprintf(err, errlen, STORE_CONFLICT "game %s is no longer at version %lld", g->id, (long long)g->version - 1);
    ok = ok && pg_exec(c, "COMMIT", "cannot commit the claim", err, errlen);
    pg_release(s, c);
    if (ok)
        pg_notify_change(s, g->id, g->version);
    return ok;
}

/* ---- reads ---- */

static const char *json_text_at(const json_t *row, size_t i)
{
    return json_string_value(json_array_get(row, i));
}

/* The seats and actions of a P_LOAD row, as json_agg gave them. */
static bool read_parts(const char *id, const char *seats, const char *actions, int from, StoredGame *out, char *err,
                       size_t errlen)
{
    json_t *s = seats[0] ? json_loads(seats, 0, NULL) : json_array();
    json_t *a = actions[0] ? json_loads(actions, 0, NULL) : json_array();
    bool ok = json_is_array(s) && json_is_array(a);
    size_t i;
    json_t *row;
    json_array_foreach(ok ? s : NULL, i, row) {
        int p = (int)json_integer_value(json_array_get(row, 0));
        if (p < 0 || p >= MAX_PLAYERS)
            continue;
        StoredSeat *seat = &out->seats[p];
        seat->kind = strcmp(json_text_at(row, 1) ? json_text_at(row, 1) : "", "ai") == 0 ? SEAT_AI : SEAT_HUMAN;
        copy_text(seat->ai, sizeof seat->ai, json_text_at(row, 2));
        seat->claimed = json_is_true(json_array_get(row, 3));
        copy_text(seat->token_hash, sizeof seat->token_hash, json_text_at(row, 4));
        copy_text(seat->invite, sizeof seat->invite, json_text_at(row, 5));
        if (p + 1 > out->num_seats)
            out->num_seats = p + 1;
    }
    int next = from < out->count ? from : out->count;
    out->actions = stored_actions_new(out->count);
    json_array_foreach(ok ? a : NULL, i, row) {
        if (next >= out->count || json_integer_value(json_array_get(row, 0)) != next || !json_text_at(row, 1))
            break;
        out->actions[next].text = xstrdup(json_text_at(row, 1));
        out->actions[next].player = (int)json_integer_value(json_array_get(row, 2));
        next++;
    }
    if (!ok)
        snprintf(err, errlen, "database: game %s: its seats or actions cannot be read", id);
    else if (next != out->count || (size_t)(next - (from < out->count ? from : out->count)) != json_array_size(a))
        ok = store_missing_action(id, next, err, errlen);
    json_decref(s);
    json_decref(a);
    return ok;
}

static bool pg_load_since(Store *st, const char *id, int from, StoredGame *out, bool *found, char *err,
                          size_t errlen)
{
    PgStore *s = (PgStore *)st;
    memset(out, 0, sizeof *out);
    *found = false;
    PgParams p = {0};
    pg_text(&p, id);
    pg_int(&p, from);
    PGresult *r = pg_read(s, P_LOAD, &p, "cannot read the game", err, errlen);
    if (!r)
        return false;
    bool ok = true;
    if (PQntuples(r) == 1) {
        *found = true;
        copy_text(out->id, sizeof out->id, id);
        copy_text(out->game, sizeof out->game, PQgetvalue(r, 0, 0));
        out->options = xstrdup(PQgetvalue(r, 0, 1));
        out->seed = (uint64_t)strtoll(PQgetvalue(r, 0, 2), NULL, 10);
        out->real_dice = PQgetvalue(r, 0, 3)[0] == 't';
        out->listed = PQgetvalue(r, 0, 4)[0] == 't';
        out->status = status_from_name(PQgetvalue(r, 0, 5));
        out->result = PQgetisnull(r, 0, 6) ? NULL : xstrdup(PQgetvalue(r, 0, 6));
        copy_text(out->created, sizeof out->created, PQgetvalue(r, 0, 7));
        copy_text(out->updated, sizeof out->updated, PQgetvalue(r, 0, 8));
        copy_text(out->rematch_of, sizeof out->rematch_of, PQgetvalue(r, 0, 9));
        copy_text(out->rematch, sizeof out->rematch, PQgetvalue(r, 0, 10));
        out->undo_low = atoi(PQgetvalue(r, 0, 11));
        out->version = strtoll(PQgetvalue(r, 0, 12), NULL, 10);
        out->epoch = atoi(PQgetvalue(r, 0, 13));
        out->count = atoi(PQgetvalue(r, 0, 14));
        ok = read_parts(id, PQgetvalue(r, 0, 15), PQgetvalue(r, 0, 16), from, out, err, errlen);
    }
    PQclear(r);
    if (!ok) {
        stored_game_clear(out);
        *found = false;
    }
    return ok;
}

static bool pg_load(Store *st, const char *id, StoredGame *out, bool *found, char *err, size_t errlen)
{
    return pg_load_since(st, id, 0, out, found, err, errlen);
}

/* Runs a read of one text parameter (or none); the result or NULL. */
static PGresult *read_rows(PgStore *s, int q, const char *param, const char *what, char *err, size_t errlen)
{
    PgParams p = {0};
    if (param)
        pg_text(&p, param);
    return pg_read(s, q, &p, what, err, errlen);
}

static bool pg_peek(Store *st, const char *id, int64_t *version, bool *found, char *err, size_t errlen)
{
    PGresult *r = read_rows((PgStore *)st, P_PEEK, id, "cannot read the game", err, errlen);
    if (!r)
        return false;
    *found = PQntuples(r) == 1;
    *version = *found ? strtoll(PQgetvalue(r, 0, 0), NULL, 10) : 0;
    PQclear(r);
    return true;
}

static bool pg_find_invite(Store *st, const char *code, char id[GAME_ID_LEN + 1], int *seat, bool *found, char *err,
                           size_t errlen)
{
    PGresult *r = read_rows((PgStore *)st, P_FIND_INVITE, code, "cannot look up the invitation", err, errlen);
    if (!r)
        return false;
    *found = PQntuples(r) == 1;
    if (*found) {
        copy_text(id, GAME_ID_LEN + 1, PQgetvalue(r, 0, 0));
        *seat = atoi(PQgetvalue(r, 0, 1));
    }
    PQclear(r);
    return true;
}

/* Reads every id first, then calls fn without a connection (fn may use the store). */
static bool each_id(PgStore *s, int q, void (*fn)(void *ctx, const char *id), void *ctx, char *err, size_t errlen)
{
    PGresult *r = read_rows(s, q, NULL, "cannot list the games", err, errlen);
    if (!r)
        return false;
    for (int i = 0; i < PQntuples(r); i++)
        fn(ctx, PQgetvalue(r, i, 0));
    PQclear(r);
    return true;
}

static bool pg_each_unfinished(Store *st, void (*fn)(void *ctx, const char *id), void *ctx, char *err, size_t errlen)
{
    return each_id((PgStore *)st, P_UNFINISHED, fn, ctx, err, errlen);
}

static bool pg_each_game(Store *st, void (*fn)(void *ctx, const char *id), void *ctx, char *err, size_t errlen)
{
    return each_id((PgStore *)st, P_ALL, fn, ctx, err, errlen);
}

static bool pg_list(Store *st, int status, const char *before, const char *before_id, int limit, GameSummary *out,
                    int *n, char *err, size_t errlen)
{
    PgStore *s = (PgStore *)st;
    *n = 0;
    bool paging = before && before[0];
    PgParams p = {0};
    pg_text(&p, status_name(status));
    pg_int(&p, limit);
    if (paging) {
        pg_text(&p, before);
        pg_text(&p, before_id ? before_id : "");
    }
    PGresult *r = pg_read(s, paging ? P_LIST_BEFORE : P_LIST, &p, "cannot list the games", err, errlen);
    if (!r)
        return false;
    for (int i = 0; i < PQntuples(r) && *n < limit; i++) {
        GameSummary *g = &out[(*n)++];
        memset(g, 0, sizeof *g);
        copy_text(g->id, sizeof g->id, PQgetvalue(r, i, 0));
        copy_text(g->game, sizeof g->game, PQgetvalue(r, i, 1));
        g->options = xstrdup(PQgetvalue(r, i, 2));
        g->status = status_from_name(PQgetvalue(r, i, 3));
        g->result = PQgetisnull(r, i, 4) ? NULL : xstrdup(PQgetvalue(r, i, 4));
        copy_text(g->created, sizeof g->created, PQgetvalue(r, i, 5));
        copy_text(g->updated, sizeof g->updated, PQgetvalue(r, i, 6));
        g->count = atoi(PQgetvalue(r, i, 7));
        g->num_seats = atoi(PQgetvalue(r, i, 8));
        g->open_seats = atoi(PQgetvalue(r, i, 9));
        g->ai_seats = atoi(PQgetvalue(r, i, 10));
    }
    PQclear(r);
    return true;
}

static bool pg_ping(Store *st, char *err, size_t errlen)
{
    /* A busy server answered by the database a moment ago is healthy:
     * no health check waits for a free connection. */
    if (pg_now_ms() - atomic_load(&((PgStore *)st)->last_ok_ms) < 1000)
        return true;
    PGresult *r = read_rows((PgStore *)st, P_PING, NULL, "no answer", err, errlen);
    PQclear(r);
    return r != NULL;
}

static void pg_describe(Store *st, char *out, size_t outlen)
{
    snprintf(out, outlen, "%s", ((PgStore *)st)->describe);
}

/* ---- several servers ---- */

static bool pg_heartbeat(Store *st, char *err, size_t errlen)
{
    PgStore *s = (PgStore *)st;
    PgParams p = {0};
    pg_text(&p, s->id);
    pg_text(&p, s->about);
    PGresult *r = pg_query(s, P_HEARTBEAT, &p, PGRES_COMMAND_OK, "cannot tell that this server is alive", err, errlen);
    PQclear(r);
    return r != NULL;
}

static bool pg_claim_work(Store *st, StoreWork *out, int max, int *n, char *err, size_t errlen)
{
    PgStore *s = (PgStore *)st;
    *n = 0;
    PgParams p = {0};
    pg_text(&p, s->id);
    pg_int(&p, STORE_DEAD_S);
    pg_int(&p, max);
    PGresult *r = pg_query(s, P_CLAIM_WORK, &p, PGRES_TUPLES_OK, "cannot take work", err, errlen);
    if (!r)
        return false;
    for (int i = 0; i < PQntuples(r) && *n < max; i++) {
        for (int k = 0; k < (int)(sizeof work_kinds / sizeof work_kinds[0]); k++)
            if (strcmp(PQgetvalue(r, i, 1), work_kinds[k]) == 0) {
                copy_text(out[*n].id, sizeof out[*n].id, PQgetvalue(r, i, 0));
                out[(*n)++].kind = k;
            }
    }
    PQclear(r);
    return true;
}

static void pg_leave(Store *st)
{
    PgStore *s = (PgStore *)st;
    pg_watch_stop(s); /* no callback into the server from now on */
    char err[256];
    PgParams p = {0};
    pg_text(&p, s->id);
    PQclear(pg_query(s, P_LEAVE, &p, PGRES_COMMAND_OK, "cannot leave", err, sizeof err));
}

static const char *pg_server_id(Store *st)
{
    return ((PgStore *)st)->id;
}

static void pg_close(Store *st)
{
    PgStore *s = (PgStore *)st;
    pg_watch_stop(s);
    pg_notifier_stop(s);
    pthread_cond_destroy(&s->notify_cond);
    pthread_mutex_destroy(&s->notify_lock);
    for (int i = 0; i < s->nconns; i++)
        PQfinish(s->conns[i].conn);
    free(s->conns);
    pthread_cond_destroy(&s->freed);
    pthread_mutex_destroy(&s->lock);
    free(s->uri);
    free(s);
}

static const StoreOps pg_ops = {
    .name = "postgresql",
    .shared = true,
    .create = pg_create,
    .append = pg_append,
    .truncate = pg_truncate,
    .claim = pg_claim,
    .load = pg_load,
    .load_since = pg_load_since,
    .peek = pg_peek,
    .find_invite = pg_find_invite,
    .each_unfinished = pg_each_unfinished,
    .list = pg_list,
    .each_game = pg_each_game,
    .ping = pg_ping,
    .describe = pg_describe,
    .watch = pg_watch,
    .heartbeat = pg_heartbeat,
    .claim_work = pg_claim_work,
    .leave = pg_leave,
    .server_id = pg_server_id,
    .close = pg_close,
};

Store *store_open_pg(const char *uri, int pool, char *err, size_t errlen)
{
    PgStore *s = xcalloc(1, sizeof *s);
    s->base.ops = &pg_ops;
    s->uri = xstrdup(uri);
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->freed, NULL);
    s->nconns = pool > 0 ? pool : 1;
    s->conns = xcalloc((size_t)s->nconns, sizeof *s->conns);
    pg_notifier_start(s);
    char host[96] = "";
    gethostname(host, sizeof host - 1);
    snprintf(s->about, sizeof s->about, "%s pid %d", host, (int)getpid());
    if (!token_random(s->id, PG_SERVER_ID_LEN)) {
        snprintf(err, errlen, "the system gave no random bytes for the server's id");
        pg_close(&s->base);
        return NULL;
    }
    /* The first connection checks the URI, names the database for people
     * and brings the schema up; the others connect when first needed. */
    PGconn *conn = pg_connect(s, err, errlen);
    if (!conn) {
        pg_close(&s->base);
        return NULL;
    }
    snprintf(s->describe, sizeof s->describe, "postgresql://%s@%s:%s/%s", PQuser(conn), PQhost(conn), PQport(conn),
             PQdb(conn));
    bool ok = pg_migrate(conn, err, errlen);
    PQfinish(conn);
    /* The pool's first connection, its statements prepared over the schema now there. */
    PgConn *c = ok ? pg_acquire(s, err, errlen) : NULL;
    if (c)
        pg_release(s, c);
    ok = c != NULL;
    if (!ok) {
        char msg[ERR_MAX + 128];
        snprintf(msg, sizeof msg, "%s", err);
        snprintf(err, errlen, "%s (database %s)", msg, s->describe);
        pg_close(&s->base);
        return NULL;
    }
    return &s->base;
}
