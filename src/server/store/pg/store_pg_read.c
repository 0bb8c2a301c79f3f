/* The reads of games of the PostgreSQL store (store.h): a game with its
 * seats and actions in one statement (one snapshot), versions, invitations,
 * lists and an account's games. Reads are tried once more on a new
 * connection when theirs broke (pg_read). The statements are store_pg.c's
 * table (pg_sql). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_pg_internal.h"
#include "../../../core/xalloc.h"

void pg_copy_text(char *out, size_t outlen, const char *text)
{
    snprintf(out, outlen, "%s", text ? text : "");
}

const char *pg_left_text(const StoredGame *g, char *out, size_t outlen)
{
    if (g->clock.kind == CLOCK_NONE)
        return NULL;
    out[0] = '\0';
    for (int p = 0, n = 0; p < g->num_seats && (size_t)n < outlen; p++)
        n += snprintf(out + n, outlen - (size_t)n, "%s%lld", p ? "," : "", (long long)g->clock_left[p]);
    return out;
}

static const char *json_text_at(const json_t *row, size_t i)
{
    return json_string_value(json_array_get(row, i));
}

/* The seats of a P_LOAD row, as json_agg gave them: seat, kind, ai, claimed,
 * token hash, invitation, account, its name, muted, guest name, whether
 * the account is a bot. */
static void read_seats(json_t *seats, StoredGame *out)
{
    size_t i;
    json_t *row;
    json_array_foreach(seats, i, row) {
        int p = (int)json_integer_value(json_array_get(row, 0));
        if (p < 0 || p >= MAX_PLAYERS)
            continue;
        StoredSeat *seat = &out->seats[p];
        seat->kind = strcmp(json_text_at(row, 1) ? json_text_at(row, 1) : "", "ai") == 0 ? SEAT_AI : SEAT_HUMAN;
        pg_copy_text(seat->ai, sizeof seat->ai, json_text_at(row, 2));
        seat->claimed = json_is_true(json_array_get(row, 3));
        pg_copy_text(seat->token_hash, sizeof seat->token_hash, json_text_at(row, 4));
        pg_copy_text(seat->invite, sizeof seat->invite, json_text_at(row, 5));
        seat->account = json_integer_value(json_array_get(row, 6));
        pg_copy_text(seat->name, sizeof seat->name, json_text_at(row, 7));
        seat->muted = json_is_true(json_array_get(row, 8));
        pg_copy_text(seat->guest, sizeof seat->guest, json_text_at(row, 9));
        seat->bot = json_is_true(json_array_get(row, 10));
        if (p + 1 > out->num_seats)
            out->num_seats = p + 1;
    }
}

/* The seats and actions of a P_LOAD row. */
static bool read_parts(const char *id, const char *seats, const char *actions, int from, StoredGame *out, char *err,
                       size_t errlen)
{
    json_t *s = seats ? json_loads(seats, 0, NULL) : json_array();
    json_t *a = actions ? json_loads(actions, 0, NULL) : json_array();
    bool ok = json_is_array(s) && json_is_array(a);
    if (ok)
        read_seats(s, out);
    int next = from < out->count ? from : out->count;
    out->actions = stored_actions_new(out->count);
    size_t i;
    json_t *row;
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

/* The columns of a P_LOAD row but its seats and actions. */
static void read_game(StoreCols *c, const char *id, StoredGame *out)
{
    pg_copy_text(out->id, sizeof out->id, id);
    store_col_copy(c, 0, out->game, sizeof out->game);
    out->options = store_col_dup(c, 1);
    out->seed = (uint64_t)store_col_int64(c, 2);
    out->real_dice = store_col_bool(c, 3);
    out->listed = store_col_bool(c, 4);
    out->status = store_col_status(c, 5);
    out->result = store_col_dup_or_null(c, 6);
    store_col_copy(c, 7, out->created, sizeof out->created);
    store_col_copy(c, 8, out->updated, sizeof out->updated);
    store_col_copy_or_empty(c, 9, out->rematch_of, sizeof out->rematch_of);
    store_col_copy_or_empty(c, 10, out->rematch, sizeof out->rematch);
    out->undo_low = store_col_int(c, 11);
    out->version = store_col_int64(c, 12);
    out->epoch = store_col_int(c, 13);
    out->count = store_col_int(c, 14);
    out->rated = store_col_bool(c, 17);
    store_col_clock(c, 18, &out->clock);
    store_col_left(c, 22, out->clock_left);
    out->clock_at = store_col_int64(c, 23);
    out->takebacks = store_col_bool(c, 24);
}

bool pg_load_since(Store *st, const char *id, int from, StoredGame *out, bool *found, char *err, size_t errlen)
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
        StoreCols c = pg_cols(r, 0);
        read_game(&c, id, out);
        const char *seats = store_col_text_or_null(&c, 15), *actions = store_col_text_or_null(&c, 16);
        /* a malformed count of actions is said before the actions it misses */
        ok = store_cols_ok(&c, "cannot read the game", err, errlen) &&
             read_parts(id, seats, actions, from, out, err, errlen);
    }
    PQclear(r);
    if (!ok) {
        stored_game_clear(out);
        *found = false;
    }
    return ok;
}

bool pg_load(Store *st, const char *id, StoredGame *out, bool *found, char *err, size_t errlen)
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

bool pg_peek(Store *st, const char *id, int64_t *version, bool *found, char *err, size_t errlen)
{
    PGresult *r = read_rows((PgStore *)st, P_PEEK, id, "cannot read the game", err, errlen);
    if (!r)
        return false;
    *found = PQntuples(r) == 1;
    StoreCols c = pg_cols(r, 0);
    *version = *found ? store_col_int64(&c, 0) : 0;
    PQclear(r);
    return store_cols_ok(&c, "cannot read the game", err, errlen);
}

bool pg_find_invite(Store *st, const char *code, char id[GAME_ID_LEN + 1], int *seat, bool *found, char *err,
                    size_t errlen)
{
    PGresult *r = read_rows((PgStore *)st, P_FIND_INVITE, code, "cannot look up the invitation", err, errlen);
    if (!r)
        return false;
    *found = PQntuples(r) == 1;
    StoreCols c = pg_cols(r, 0);
    if (*found) {
        store_col_copy(&c, 0, id, GAME_ID_LEN + 1);
        *seat = store_col_int(&c, 1);
    }
    PQclear(r);
    return store_cols_ok(&c, "cannot look up the invitation", err, errlen);
}

/* Reads every id first, then calls fn without a connection (fn may use the
 * store), when every id was read well; p: the query's parameters, or NULL. */
static bool each_id(PgStore *s, int q, const PgParams *p, void (*fn)(void *ctx, const char *id), void *ctx, char *err,
                    size_t errlen)
{
    PGresult *r = p ? pg_read(s, q, p, "cannot list the games", err, errlen)
                    : read_rows(s, q, NULL, "cannot list the games", err, errlen);
    if (!r)
        return false;
    int n = PQntuples(r);
    char (*ids)[GAME_ID_LEN + 1] = xmalloc((size_t)(n > 0 ? n : 1) * sizeof *ids);
    StoreCols c = pg_cols(r, 0);
    for (c.row = 0; c.row < n; c.row++)
        store_col_copy(&c, 0, ids[c.row], sizeof ids[c.row]);
    PQclear(r);
    bool ok = store_cols_ok(&c, "cannot list the games", err, errlen);
    for (int i = 0; ok && i < n; i++)
        fn(ctx, ids[i]);
    free(ids);
    return ok;
}

bool pg_each_clocked(Store *st, void (*fn)(void *ctx, const char *id), void *ctx, char *err, size_t errlen)
{
    return each_id((PgStore *)st, P_CLOCKED, NULL, fn, ctx, err, errlen);
}

bool pg_each_abandoned(Store *st, const char *before, int limit, void (*fn)(void *ctx, const char *id), void *ctx,
                       char *err, size_t errlen)
{
    PgParams p = {0};
    pg_text(&p, before);
    pg_int(&p, limit);
    return each_id((PgStore *)st, P_ABANDONED, &p, fn, ctx, err, errlen);
}

bool pg_unlist(Store *st, const char *id, char *err, size_t errlen)
{
    PgParams p = {0};
    pg_text(&p, id);
    PGresult *r = pg_query((PgStore *)st, P_UNLIST, &p, PGRES_COMMAND_OK, "cannot take the game out of the lists", err,
                           errlen);
    PQclear(r);
    return r != NULL;
}

bool pg_count_playing(Store *st, const char *since, int *games, int *people, char *err, size_t errlen)
{
    *games = *people = 0;
    PgParams p = {0};
    pg_text(&p, since);
    PGresult *r = pg_read((PgStore *)st, P_PLAYING, &p, "cannot count the games being played", err, errlen);
    if (!r)
        return false;
    StoreCols c = pg_cols(r, 0);
    *games = store_col_int(&c, 0);
    *people = store_col_int(&c, 1);
    PQclear(r);
    return store_cols_ok(&c, "cannot count the games being played", err, errlen);
}

bool pg_each_game(Store *st, void (*fn)(void *ctx, const char *id), void *ctx, char *err, size_t errlen)
{
    return each_id((PgStore *)st, P_ALL, NULL, fn, ctx, err, errlen);
}

/* The end of a read of summaries: on a malformed column, none (freed). */
static bool summaries_ok(const StoreCols *c, GameSummary *out, int *n, char *err, size_t errlen)
{
    for (int i = 0; c->bad[0] && i < *n; i++)
        game_summary_clear(&out[i]);
    return store_rows_ok(c, n, "cannot list the games", err, errlen);
}

bool pg_list(Store *st, int status, const char *before, const char *before_id, int limit, GameSummary *out, int *n,
             char *err, size_t errlen)
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
    StoreCols c = pg_cols(r, 0);
    for (; c.row < PQntuples(r) && *n < limit; c.row++)
        store_col_summary(&c, 0, &out[(*n)++]);
    PQclear(r);
    return summaries_ok(&c, out, n, err, errlen);
}

/* An account's games with their seat, and the names of every seat's account
 * (one account holds one seat of a game at most: the API sees to it). */
static const char q_games_of[] =
    "SELECT " PG_SUMMARY_COLUMNS ", m.seat,"
    " (SELECT json_agg(json_build_array(s.seat, a.name)) FROM seats s JOIN accounts a ON a.id = s.account_id"
    " WHERE s.game_id = g.id)"
    " FROM games g JOIN seats m ON m.game_id = g.id AND m.account_id = $1"
    " WHERE (g.status <> 'finished') = $2 ORDER BY g.updated DESC, g.id DESC LIMIT $3";

bool pg_games_of(Store *st, AccountId account, bool running, int limit, GameSummary *out, int *n, char *err,
                 size_t errlen)
{
    PgStore *s = (PgStore *)st;
    *n = 0;
    PgParams p = {0};
    pg_int(&p, account);
    pg_bool(&p, running);
    pg_int(&p, limit);
    PGresult *r = pg_query_sql(s, q_games_of, &p, PGRES_TUPLES_OK, "cannot list the games", err, errlen);
    if (!r)
        return false;
    StoreCols c = pg_cols(r, 0);
    for (; c.row < PQntuples(r) && *n < limit; c.row++) {
        GameSummary *g = &out[(*n)++];
        store_col_summary(&c, 0, g);
        g->seat = store_col_int(&c, 17);
        const char *text = store_col_text_or_null(&c, 18); /* NULL: no seat has an account */
        json_t *names = text ? json_loads(text, 0, NULL) : NULL;
        size_t k;
        json_t *row;
        json_array_foreach(names, k, row) {
            int seat = (int)json_integer_value(json_array_get(row, 0));
            if (seat >= 0 && seat < MAX_PLAYERS)
                pg_copy_text(g->names[seat], sizeof g->names[seat], json_text_at(row, 1));
        }
        json_decref(names);
    }
    PQclear(r);
    return summaries_ok(&c, out, n, err, errlen);
}

bool pg_ping(Store *st, char *err, size_t errlen)
{
    /* A busy server answered by the database a moment ago is healthy:
     * no health check waits for a free connection. */
    if (pg_now_ms() - atomic_load(&((PgStore *)st)->last_ok_ms) < 1000)
        return true;
    PGresult *r = read_rows((PgStore *)st, P_PING, NULL, "no answer", err, errlen);
    PQclear(r);
    return r != NULL;
}

void pg_describe(Store *st, char *out, size_t outlen)
{
    snprintf(out, outlen, "%s", ((PgStore *)st)->describe);
}
