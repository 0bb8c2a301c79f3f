/* The PostgreSQL store's accounts, sessions and ratings (store.h; the
 * tables are described in store_migrations.c). Sessions live in the
 * database, so a cookie made by one server is good on every other. Each
 * call is one statement or one transaction; a rated game's ratings move in
 * the transaction of its end (pg_rate_game, called by store_pg.c). */
#include <stdio.h>
#include <string.h>

#include "../../base/glicko2.h"
#include "store_pg_internal.h"

/* ---- accounts and sessions ---- */

/* Names are unique without regard to case: a name taken inserts nothing. */
static const char q_account_insert[] =
    "INSERT INTO accounts (name, name_key, password_hash, created) VALUES ($1, $2, $3, $4)"
    " ON CONFLICT (name_key) DO NOTHING RETURNING id";
static const char q_account_by_name[] = "SELECT id, name, password_hash, created, bot FROM accounts WHERE name_key = $1";
static const char q_account_by_id[] = "SELECT id, name, password_hash, created, bot FROM accounts WHERE id = $1";
/* The password and the end of the other sessions, in one statement. */
static const char q_account_password[] =
    "WITH d AS (DELETE FROM sessions WHERE account_id = $1 AND ($3::text IS NULL OR id_hash <> $3))"
    " UPDATE accounts SET password_hash = $2 WHERE id = $1";
/* Sessions that ran out leave the table as new ones come. */
static const char q_session_insert[] =
    "WITH d AS (DELETE FROM sessions WHERE expires <= $3)"
    " INSERT INTO sessions (id_hash, account_id, created, expires) VALUES ($1, $2, $3, $4)";
static const char q_session_find[] =
    "SELECT a.id, a.name, a.password_hash, a.created, a.bot FROM sessions s JOIN accounts a ON a.id = s.account_id"
    " WHERE s.id_hash = $1 AND s.expires > $2";
static const char q_session_drop[] = "DELETE FROM sessions WHERE id_hash = $1";
static const char q_sessions_drop_all[] = "DELETE FROM sessions WHERE account_id = $1";

bool pg_account_create(Store *st, const Account *a, AccountId *id, bool *taken, char *err, size_t errlen)
{
    char key[ACCOUNT_NAME_MAX + 1];
    account_name_key(a->name, key);
    PgParams p = {0};
    pg_text(&p, a->name);
    pg_text(&p, key);
    pg_text(&p, a->password_hash);
    p.v[p.n++] = a->created; /* "" stays a text: a name taken is taken whatever the rest */
    PGresult *r = pg_query_sql((PgStore *)st, q_account_insert, &p, PGRES_TUPLES_OK, "cannot store the account", err,
                               errlen);
    if (!r)
        return false;
    *taken = PQntuples(r) == 0;
    StoreCols c = pg_cols(r, 0);
    if (!*taken)
        *id = store_col_int64(&c, 0);
    PQclear(r);
    return store_cols_ok(&c, "cannot store the account", err, errlen);
}

/* A read of one account (q's first columns); *found tells. */
static bool find_account(PgStore *s, const char *q, const PgParams *p, Account *out, bool *found, const char *what,
                         char *err, size_t errlen)
{
    *found = false;
    PGresult *r = pg_query_sql(s, q, p, PGRES_TUPLES_OK, what, err, errlen);
    if (!r)
        return false;
    StoreCols c = pg_cols(r, 0);
    if (PQntuples(r) == 1) {
        store_col_account(&c, 0, out);
        *found = true;
    }
    PQclear(r);
    if (store_cols_ok(&c, what, err, errlen))
        return true;
    *found = false;
    return false;
}

bool pg_account_find(Store *st, const char *name, AccountId id, Account *out, bool *found, char *err, size_t errlen)
{
    char key[ACCOUNT_NAME_MAX + 1];
    PgParams p = {0};
    if (name) {
        account_name_key(name, key);
        pg_text(&p, key);
    } else {
        pg_int(&p, id);
    }
    return find_account((PgStore *)st, name ? q_account_by_name : q_account_by_id, &p, out, found,
                        "cannot read the account", err, errlen);
}

bool pg_account_password(Store *st, AccountId id, const char *hash, const char *keep, char *err, size_t errlen)
{
    PgParams p = {0};
    pg_int(&p, id);
    pg_text(&p, hash);
    pg_text(&p, keep);
    return pg_change((PgStore *)st, q_account_password, &p, NULL, "cannot change the password", err, errlen);
}

bool pg_session_create(Store *st, const char *id_hash, AccountId account, const char *created, const char *expires,
                       char *err, size_t errlen)
{
    PgParams p = {0};
    pg_text(&p, id_hash);
    pg_int(&p, account);
    pg_text(&p, created);
    pg_text(&p, expires);
    return pg_change((PgStore *)st, q_session_insert, &p, NULL, "cannot store the session", err, errlen);
}

bool pg_session_find(Store *st, const char *id_hash, const char *now, Account *out, bool *found, char *err,
                     size_t errlen)
{
    PgParams p = {0};
    pg_text(&p, id_hash);
    pg_text(&p, now);
    return find_account((PgStore *)st, q_session_find, &p, out, found, "cannot read the session", err, errlen);
}

bool pg_session_delete(Store *st, const char *id_hash, AccountId account, char *err, size_t errlen)
{
    PgParams p = {0};
    if (id_hash)
        pg_text(&p, id_hash);
    else
        pg_int(&p, account);
    return pg_change((PgStore *)st, id_hash ? q_session_drop : q_sessions_drop_all, &p, NULL,
                     "cannot end the session", err, errlen);
}

/* ---- ratings ---- */

/* Locked until the game's end commits: two games of one account ending at
 * once on two servers move its rating one after the other. */
static const char q_rating_of[] =
    "SELECT rating, rd, vol, games, updated FROM ratings WHERE account_id = $1 AND game = $2 FOR UPDATE";
static const char q_rating_put[] =
    "WITH h AS (INSERT INTO rating_history (account_id, game, game_id, at, rating, rd)"
    " VALUES ($1, $2, $7, $6, $3, $4))"
    " INSERT INTO ratings (account_id, game, rating, rd, vol, games, updated) VALUES ($1, $2, $3, $4, $5, $8, $6)"
    " ON CONFLICT (account_id, game) DO UPDATE SET rating = EXCLUDED.rating, rd = EXCLUDED.rd, vol = EXCLUDED.vol,"
    " games = EXCLUDED.games, updated = EXCLUDED.updated";
static const char q_ratings_of[] =
    "SELECT game, rating, rd, vol, games, updated FROM ratings WHERE account_id = $1 ORDER BY game";
static const char q_history[] =
    "SELECT game_id, at, rating, rd FROM (SELECT game_id, at, rating, rd FROM rating_history"
    " WHERE account_id = $1 AND game = $2 ORDER BY at DESC, game_id DESC LIMIT $3) h ORDER BY at, game_id";
static const char q_leaders[] =
    "SELECT a.name, r.rating, r.rd, r.games, a.bot FROM ratings r JOIN accounts a ON a.id = r.account_id"
    " WHERE r.game = $1 AND ($4::int < 0 OR a.bot = ($4::int = 1)) ORDER BY r.rating DESC, r.rd, a.name_key COLLATE \"C\" LIMIT $2 OFFSET $3";

/* A double as a parameter, exactly (17 significant digits). */
static void pg_double(PgParams *p, double value)
{
    snprintf(p->num[p->n], sizeof p->num[p->n], "%.17g", value);
    p->v[p->n] = p->num[p->n];
    p->n++;
}

bool pg_rate_game(PgConn *c, const StoredGame *g, char *err, size_t errlen)
{
    Glicko players[2];
    int games[2];
    double idle[2];
    for (int i = 0; i < 2; i++) {
        PgParams p = {0};
        pg_int(&p, g->seats[i].account);
        pg_text(&p, g->game);
        PGresult *r = pg_run_sql(c, q_rating_of, &p, PGRES_TUPLES_OK, "cannot read a rating", err, errlen);
        if (!r)
            return false;
        players[i] = glicko2_new();
        games[i] = 0;
        idle[i] = 0;
        StoreCols cols = pg_cols(r, 0);
        if (PQntuples(r) == 1) {
            players[i].rating = store_col_double(&cols, 0);
            players[i].rd = store_col_double(&cols, 1);
            players[i].vol = store_col_double(&cols, 2);
            games[i] = store_col_int(&cols, 3);
            double last = store_time_of(store_col_text(&cols, 4)), now = store_time_of(g->updated);
            idle[i] = last >= 0 && now > last ? (now - last) / 86400 : 0;
        }
        PQclear(r);
        if (!store_cols_ok(&cols, "cannot read a rating", err, errlen))
            return false;
    }
    glicko2_game(players, g->score, idle);
    for (int i = 0; i < 2; i++) {
        PgParams p = {0};
        pg_int(&p, g->seats[i].account);
        pg_text(&p, g->game);
        pg_double(&p, players[i].rating);
        pg_double(&p, players[i].rd);
        pg_double(&p, players[i].vol);
        pg_text(&p, g->updated);
        pg_text(&p, g->id);
        pg_int(&p, games[i] + 1);
        PGresult *r = pg_run_sql(c, q_rating_put, &p, PGRES_COMMAND_OK, "cannot store a rating", err, errlen);
        if (!r)
            return false;
        PQclear(r);
    }
    return true;
}

bool pg_ratings_of(Store *st, AccountId account, StoredRating *out, int max, int *n, char *err, size_t errlen)
{
    *n = 0;
    PgParams p = {0};
    pg_int(&p, account);
    PGresult *r = pg_query_sql((PgStore *)st, q_ratings_of, &p, PGRES_TUPLES_OK, "cannot read the ratings", err,
                               errlen);
    if (!r)
        return false;
    StoreCols c = pg_cols(r, 0);
    for (; c.row < PQntuples(r) && *n < max; c.row++)
        store_col_rating(&c, 0, &out[(*n)++]);
    PQclear(r);
    return store_rows_ok(&c, n, "cannot read the ratings", err, errlen);
}

bool pg_rating_history(Store *st, AccountId account, const char *game, RatingPoint *out, int max, int *n, char *err,
                       size_t errlen)
{
    *n = 0;
    PgParams p = {0};
    pg_int(&p, account);
    pg_text(&p, game);
    pg_int(&p, max);
    PGresult *r = pg_query_sql((PgStore *)st, q_history, &p, PGRES_TUPLES_OK, "cannot read the rating history", err,
                               errlen);
    if (!r)
        return false;
    StoreCols c = pg_cols(r, 0);
    for (; c.row < PQntuples(r) && *n < max; c.row++)
        store_col_point(&c, 0, &out[(*n)++]);
    PQclear(r);
    return store_rows_ok(&c, n, "cannot read the rating history", err, errlen);
}

bool pg_leaderboard(Store *st, const char *game, int whom, int offset, int limit, LeaderRow *out, int *n, char *err,
                    size_t errlen)
{
    *n = 0;
    PgParams p = {0};
    pg_text(&p, game);
    pg_int(&p, limit);
    pg_int(&p, offset);
    pg_int(&p, whom);
    PGresult *r = pg_query_sql((PgStore *)st, q_leaders, &p, PGRES_TUPLES_OK, "cannot read the leaderboard", err,
                               errlen);
    if (!r)
        return false;
    StoreCols c = pg_cols(r, 0);
    for (; c.row < PQntuples(r) && *n < limit; c.row++)
        store_col_leader(&c, 0, &out[(*n)++]);
    PQclear(r);
    return store_rows_ok(&c, n, "cannot read the leaderboard", err, errlen);
}
