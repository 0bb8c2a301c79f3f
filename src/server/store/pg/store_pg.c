/* The PostgreSQL backend of store.h: one database that several `morph
 * serve` share. Each write of a game is checked against the version its
 * writer knew, under the row lock of the game's UPDATE, and the actions'
 * primary key (game, index) refuses a second action at an index: two
 * servers can never both commit at one index. Every committed change of a
 * game is NOTIFYed (after its commit, by store_pg_conn.c's notifier), and
 * store_pg_conn.c LISTENs for the other servers' changes. Work that must
 * be done once is a row of `work`: an AI's move is held by the server that
 * wrote the game (servers.seen says it lives) and taken over FOR UPDATE SKIP
 * LOCKED when it dies; a running clock's row is due when its time runs out
 * and is taken by one server for a few seconds (a lease), which ends the
 * game on time with a versioned write like any other (so it is done once).
 * This file holds the writes of games, the work of several servers and the
 * table of operations; store_pg_read.c the reads of games,
 * store_pg_accounts.c and store_pg_lobby.c the community's tables, and
 * store_pg_conn.c the plumbing (pool, parameters, migrations, NOTIFY). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "store_pg_internal.h"
#include "../../../core/xalloc.h"


static const char *work_kinds[] = {[WORK_AI] = "ai", [WORK_CLOCK] = "clock", [WORK_ANALYSIS] = "analysis"};

/* Wall-clock milliseconds since the epoch. */
static int64_t wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ---- writes ---- */

/* The parameters of UPDATE_GAME, CLOCK_WORK and (with ai) AI_WORK for g;
 * left holds the clock's text. */
static void game_params(PgStore *s, const StoredGame *g, bool ai, char *left, size_t leftlen, PgParams *p)
{
    pg_text(p, g->id);
    pg_text(p, status_name(g->status));
    pg_text(p, g->result);
    pg_text(p, g->updated);
    pg_int(p, g->undo_low);
    pg_int(p, g->count);
    pg_int(p, g->version);
    pg_int(p, g->epoch);
    pg_text(p, pg_left_text(g, left, leftlen));
    pg_int(p, g->clock_at);
    pg_int(p, g->clock_due);
    if (ai) {
        pg_bool(p, g->ai_to_move);
        pg_text(p, s->id);
    }
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

/* A statement (on c) whose single value counts the rows of the game it
 * changed: 0 means the game was not at the version before g's (a conflict). */
static bool run_checked(PgConn *c, int q, const PgParams *p, const StoredGame *g, const char *what, char *err,
                        size_t errlen)
{
    PGresult *r = pg_run(c, q, p, PGRES_TUPLES_OK, what, err, errlen);
    if (!r)
        return false;
    StoreCols cols = pg_cols(r, 0);
    bool changed = PQntuples(r) == 1 && store_col_int(&cols, 0) == 1;
    PQclear(r);
    if (!store_cols_ok(&cols, what, err, errlen))
        return false;
    if (!changed)
        snprintf(err, errlen, STORE_CONFLICT "game %s is no longer at version %lld", g->id, (long long)g->version - 1);
    return changed;
}

static bool pg_append(Store *st, const StoredGame *g, int from, char *err, size_t errlen)
{
    PgStore *s = (PgStore *)st;
    err[0] = '\0';
    PgConn *c = pg_acquire(s, err, errlen);
    if (!c)
        return false;
    StrBuf texts = STRBUF_INIT, players = STRBUF_INIT;
    action_arrays(g, from, &texts, &players);
    char left[MAX_PLAYERS * 24];
    PgParams p = {0};
    game_params(s, g, true, left, sizeof left, &p);
    pg_int(&p, from);
    pg_text(&p, sb_str(&texts));
    pg_text(&p, sb_str(&players));
    /* A game that ends rated moves the ratings in the same transaction. */
    bool ok = !g->rate_now || pg_exec(c, "BEGIN", "cannot begin", err, errlen);
    ok = ok && run_checked(c, P_APPEND, &p, g, "cannot store the actions", err, errlen);
    if (g->rate_now) {
        ok = ok && pg_rate_game(c, g, err, errlen);
        ok = ok && pg_exec(c, "COMMIT", "cannot commit the actions", err, errlen);
    }
    pg_release(s, c); /* rolls back what did not commit */
    if (ok)
        pg_notify_change(s, g->id, g->version);
    sb_free(&texts);
    sb_free(&players);
    return ok;
}

/* One checked statement on a connection of the pool, NOTIFYed when it committed. */
static bool write_checked(PgStore *s, int q, const PgParams *p, const StoredGame *g, const char *what, char *err,
                          size_t errlen)
{
    PgConn *c = pg_acquire(s, err, errlen);
    if (!c)
        return false;
    bool ok = run_checked(c, q, p, g, what, err, errlen);
    pg_release(s, c);
    if (ok)
        pg_notify_change(s, g->id, g->version);
    return ok;
}

static bool pg_truncate(Store *st, const StoredGame *g, char *err, size_t errlen)
{
    PgStore *s = (PgStore *)st;
    char left[MAX_PLAYERS * 24];
    PgParams p = {0};
    game_params(s, g, true, left, sizeof left, &p);
    return write_checked(s, P_TRUNCATE, &p, g, "cannot take actions back", err, errlen);
}

static bool pg_save_clock(Store *st, const char *id, const int64_t left[MAX_PLAYERS], int seats, char *err,
                          size_t errlen)
{
    StoredGame g = {.num_seats = seats, .clock = {.kind = CLOCK_REAL}};
    memcpy(g.clock_left, left, sizeof g.clock_left);
    char text[MAX_PLAYERS * 24];
    PgParams p = {0};
    pg_text(&p, id);
    pg_text(&p, pg_left_text(&g, text, sizeof text));
    pg_int(&p, wall_ms());
    PGresult *r = pg_query((PgStore *)st, P_SAVE_CLOCK, &p, PGRES_COMMAND_OK, "cannot save the clock", err, errlen);
    PQclear(r);
    return r != NULL;
}

/* Runs the statement of one step of a transaction; false (with err) when it
 * fails or changes another number of rows than want (-1: any). */
static bool step(PgConn *c, int q, const PgParams *p, int want, const char *what, char *err, size_t errlen)
{
    PGresult *r = pg_run(c, q, p, PGRES_COMMAND_OK, what, err, errlen);
    if (!r)
        return false;
    int rows = 0;
    bool ok = pg_rows_changed(r, &rows, what, err, errlen);
    PQclear(r);
    return ok && (want < 0 || rows == want);
}

static bool insert_seats(PgConn *c, const StoredGame *g, char *err, size_t errlen)
{
    const char *kinds[MAX_PLAYERS], *ais[MAX_PLAYERS], *claimed[MAX_PLAYERS], *hashes[MAX_PLAYERS],
        *invites[MAX_PLAYERS], *accounts[MAX_PLAYERS], *guests[MAX_PLAYERS];
    char numbers[MAX_PLAYERS][24];
    for (int i = 0; i < g->num_seats; i++) {
        const StoredSeat *seat = &g->seats[i];
        kinds[i] = seat->kind == SEAT_AI ? "ai" : "human";
        ais[i] = seat->ai[0] ? seat->ai : NULL;
        claimed[i] = seat->claimed ? "true" : "false";
        hashes[i] = seat->token_hash[0] ? seat->token_hash : NULL;
        invites[i] = seat->invite[0] ? seat->invite : NULL;
        snprintf(numbers[i], sizeof numbers[i], "%lld", (long long)seat->account);
        accounts[i] = seat->account ? numbers[i] : NULL;
        guests[i] = seat->guest;
    }
    enum { COLUMNS = 7 };
    StrBuf a[COLUMNS] = {STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT};
    const char *const *columns[COLUMNS] = {kinds, ais, claimed, hashes, invites, accounts, guests};
    PgParams p = {0};
    pg_text(&p, g->id);
    for (int k = 0; k < COLUMNS; k++) {
        pg_array_texts(&a[k], columns[k], g->num_seats);
        pg_text(&p, sb_str(&a[k]));
    }
    bool ok = step(c, P_INSERT_SEATS, &p, g->num_seats, "cannot store the seats", err, errlen);
    for (int k = 0; k < COLUMNS; k++)
        sb_free(&a[k]);
    return ok;
}

static bool insert_game(PgConn *c, const StoredGame *g, char *err, size_t errlen)
{
    char left[MAX_PLAYERS * 24];
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
    pg_bool(&p, g->rated);
    pg_int(&p, g->clock.kind);
    pg_int(&p, g->clock.initial_ms);
    pg_int(&p, g->clock.increment_ms);
    pg_int(&p, g->clock.days);
    pg_text(&p, pg_left_text(g, left, sizeof left));
    pg_int(&p, g->clock_at);
    pg_bool(&p, g->takebacks);
    if (!step(c, P_INSERT_GAME, &p, 1, "cannot store the new game", err, errlen) || !insert_seats(c, g, err, errlen))
        return false;
    bool ok = true;
    if (g->count > 0) {
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

/* What a new game does beside its rows, in its transaction: take its
 * challenge, link its rematch, hold its AI's and its clock's work. */
static bool create_links(PgStore *s, PgConn *c, const StoredGame *g, char *err, size_t errlen)
{
    PgParams p = {0};
    /* A challenge of the lobby is taken once: by the game made of it. */
    if (g->from_challenge) {
        pg_text(&p, g->from_challenge);
        if (!step(c, P_TAKE_CHALLENGE, &p, 1, "cannot take the challenge", err, errlen)) {
            if (!err[0])
                snprintf(err, errlen, "the challenge was taken or withdrawn already");
            return false;
        }
    }
    /* A rematch is linked to its game in the same transaction: made whole
     * or not at all, and only once per game. */
    if (g->rematch_of[0]) {
        p = (PgParams){0};
        pg_text(&p, g->rematch_of);
        pg_text(&p, g->id);
        if (!step(c, P_REMATCH, &p, 1, "cannot link the rematch", err, errlen)) {
            if (!err[0])
                snprintf(err, errlen, "game %s already has a rematch", g->rematch_of);
            return false;
        }
    }
    if (g->ai_to_move) {
        p = (PgParams){0};
        pg_text(&p, g->id);
        pg_text(&p, s->id);
        if (!step(c, P_TAKE_WORK, &p, -1, "cannot store the AI's work", err, errlen))
            return false;
    }
    if (g->clock_due > 0) {
        p = (PgParams){0};
        pg_text(&p, g->id);
        pg_int(&p, g->clock_due);
        if (!step(c, P_CLOCK_WORK, &p, -1, "cannot store the clock's work", err, errlen))
            return false;
    }
    return true;
}

static bool pg_create(Store *st, const StoredGame *g, char *err, size_t errlen)
{
    PgStore *s = (PgStore *)st;
    err[0] = '\0';
    PgConn *c = pg_acquire(s, err, errlen);
    if (!c)
        return false;
    bool ok = pg_exec(c, "BEGIN", "cannot begin", err, errlen) && insert_game(c, g, err, errlen) &&
              create_links(s, c, g, err, errlen) && pg_exec(c, "COMMIT", "cannot commit the new game", err, errlen);
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
    pg_int(&p, g->seats[seat].account);
    pg_text(&p, g->seats[seat].guest);
    bool ok = pg_exec(c, "BEGIN", "cannot begin", err, errlen);
    if (ok && !(ok = step(c, P_CLAIM_SEAT, &p, 1, "cannot claim the seat", err, errlen)) && !err[0])
        snprintf(err, errlen, "seat %d of game %s is already taken", seat + 1, g->id);
    char left[MAX_PLAYERS * 24];
    p = (PgParams){0};
    game_params(s, g, false, left, sizeof left, &p);
    ok = ok && run_checked(c, P_CLAIM_GAME, &p, g, "cannot claim the seat", err, errlen);
    ok = ok && pg_exec(c, "COMMIT", "cannot commit the claim", err, errlen);
    pg_release(s, c);
    if (ok)
        pg_notify_change(s, g->id, g->version);
    return ok;
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
    StoreCols c = pg_cols(r, 0);
    for (; c.row < PQntuples(r) && *n < max; c.row++) {
        const char *kind = store_col_text(&c, 1);
        for (int k = 0; k < (int)(sizeof work_kinds / sizeof work_kinds[0]); k++)
            if (strcmp(kind, work_kinds[k]) == 0) {
                store_col_copy(&c, 0, out[*n].id, sizeof out[*n].id);
                out[(*n)++].kind = k;
            }
    }
    PQclear(r);
    return store_rows_ok(&c, n, "cannot take work", err, errlen);
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
    .each_clocked = pg_each_clocked,
    .each_abandoned = pg_each_abandoned,
    .count_playing = pg_count_playing,
    .unlist = pg_unlist,
    .list = pg_list,
    .each_game = pg_each_game,
    .save_clock = pg_save_clock,
    .account_create = pg_account_create,
    .account_find = pg_account_find,
    .account_password = pg_account_password,
    .session_create = pg_session_create,
    .session_find = pg_session_find,
    .session_delete = pg_session_delete,
    .token_create = pg_token_create,
    .tokens_of = pg_tokens_of,
    .token_revoke = pg_token_revoke,
    .token_find = pg_token_find,
    .account_make_bot = pg_account_make_bot,
    .ratings_of = pg_ratings_of,
    .rating_history = pg_rating_history,
    .leaderboard = pg_leaderboard,
    .games_of = pg_games_of,
    .challenge_create = pg_challenge_create,
    .challenge_delete = pg_challenge_delete,
    .challenge_renew = pg_challenge_renew,
    .challenges = pg_challenges,
    .chat_append = pg_chat_append,
    .chat_list = pg_chat_list,
    .seat_mute = pg_seat_mute,
    .analysis_save = pg_analysis_save,
    .analysis_load = pg_analysis_load,
    .ping = pg_ping,
    .describe = pg_describe,
    .watch = pg_watch,
    .notify = pg_notify_note,
    .heartbeat = pg_heartbeat,
    .claim_work = pg_claim_work,
    .work_take = pg_work_take,
    .work_end = pg_work_end,
    .work_held = pg_work_held,
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
