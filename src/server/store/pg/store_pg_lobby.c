/* The PostgreSQL store's lobby (open challenges) and games' chat (store.h;
 * the tables are described in store_migrations.c). The servers hear of a
 * change of the lobby or a chat through store.h's notify (server.c). */
#include <stdio.h>
#include <string.h>

#include "store_pg_internal.h"

static const char q_challenge_insert[] =
    "INSERT INTO challenges (id, account_id, game, options, clock_kind, clock_initial_ms, clock_increment_ms,"
    " clock_days, rated, quick, created, expires, takebacks)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)";
static const char q_challenge_drop[] = "DELETE FROM challenges WHERE id = $1";
static const char q_challenge_drop_own[] = "DELETE FROM challenges WHERE id = $1 AND account_id = $2";
static const char q_challenge_renew[] = "UPDATE challenges SET expires = $2 WHERE id = $1";
static const char q_challenges_expired[] = "DELETE FROM challenges WHERE expires <= $1";
static const char q_challenges[] =
    "SELECT c.id, c.account_id, a.name, c.game, c.options, c.clock_kind, c.clock_initial_ms, c.clock_increment_ms,"
    " c.clock_days, c.rated, c.quick, c.created, c.expires, r.rating, r.rd, a.bot, c.takebacks"
    " FROM challenges c JOIN accounts a ON a.id = c.account_id"
    " LEFT JOIN ratings r ON r.account_id = c.account_id AND r.game = c.game"
    " ORDER BY c.created, c.id LIMIT $1";

bool pg_challenge_create(Store *st, const StoredChallenge *c, char *err, size_t errlen)
{
    PgParams p = {0};
    pg_text(&p, c->id);
    pg_int(&p, c->account);
    pg_text(&p, c->game);
    pg_text(&p, c->options);
    pg_int(&p, c->clock.kind);
    pg_int(&p, c->clock.initial_ms);
    pg_int(&p, c->clock.increment_ms);
    pg_int(&p, c->clock.days);
    pg_bool(&p, c->rated);
    pg_bool(&p, c->quick);
    pg_text(&p, c->created);
    pg_text(&p, c->expires);
    pg_bool(&p, c->takebacks);
    return pg_change((PgStore *)st, q_challenge_insert, &p, NULL, "cannot store the challenge", err, errlen);
}

bool pg_challenge_delete(Store *st, const char *id, AccountId account, bool *found, char *err, size_t errlen)
{
    PgParams p = {0};
    pg_text(&p, id);
    if (account)
        pg_int(&p, account);
    int changed = 0;
    bool ok = pg_change((PgStore *)st, account ? q_challenge_drop_own : q_challenge_drop, &p, &changed,
                        "cannot remove the challenge", err, errlen);
    *found = ok && changed == 1;
    return ok;
}

bool pg_challenge_renew(Store *st, const char *id, const char *expires, char *err, size_t errlen)
{
    PgParams p = {0};
    pg_text(&p, id);
    pg_text(&p, expires);
    return pg_change((PgStore *)st, q_challenge_renew, &p, NULL, "cannot renew the challenge", err, errlen);
}

bool pg_challenges(Store *st, const char *now, StoredChallenge *out, int max, int *n, char *err, size_t errlen)
{
    PgStore *s = (PgStore *)st;
    *n = 0;
    PgParams p = {0};
    pg_text(&p, now);
    /* Expired challenges go first (a statement of their own: a statement's
     * CTE would not hide the rows it deletes from the read). */
    if (!pg_change(s, q_challenges_expired, &p, NULL, "cannot read the lobby", err, errlen))
        return false;
    p = (PgParams){0};
    pg_int(&p, max);
    PGresult *r = pg_query_sql(s, q_challenges, &p, PGRES_TUPLES_OK, "cannot read the lobby", err, errlen);
    if (!r)
        return false;
    StoreCols c = pg_cols(r, 0);
    for (; c.row < PQntuples(r) && *n < max; c.row++)
        store_col_challenge(&c, 0, &out[(*n)++]);
    PQclear(r);
    return store_rows_ok(&c, n, "cannot read the lobby", err, errlen);
}

/* ---- chat ---- */

/* The next index of the game's chat, taken under the game's row lock so
 * that two servers never give one index twice. */
static const char q_chat_insert[] =
    "WITH l AS (SELECT id FROM games WHERE id = $1 FOR UPDATE)"
    " INSERT INTO chat (game_id, idx, channel, author, account_id, seat, text, at)"
    " SELECT $1, (SELECT coalesce(max(idx) + 1, 0) FROM chat WHERE game_id = $1), $2, $3, NULLIF($4::bigint, 0), $5,"
    " $6, $7 FROM l RETURNING idx";
static const char q_chat_list[] =
    "SELECT idx, channel, author, account_id, seat, text, at FROM chat WHERE game_id = $1 AND channel = $2 AND idx > $3"
    " ORDER BY idx LIMIT $4";
static const char q_seat_mute[] = "UPDATE seats SET muted = $3 WHERE game_id = $1 AND seat = $2";

bool pg_chat_append(Store *st, const char *game_id, ChatMessage *m, char *err, size_t errlen)
{
    PgParams p = {0};
    pg_text(&p, game_id);
    pg_int(&p, m->channel);
    pg_text(&p, m->author);
    pg_int(&p, m->account);
    pg_int(&p, m->seat);
    pg_text(&p, m->text);
    pg_text(&p, m->at);
    /* Two messages at once: the second waits for the lock, but its statement
     * read the chat before (its snapshot), so its index is refused as
     * taken; it is tried again with a new snapshot. */
    PGresult *r = NULL;
    for (int attempt = 0; attempt < 4 && !r; attempt++) {
        r = pg_query_sql((PgStore *)st, q_chat_insert, &p, PGRES_TUPLES_OK, "cannot store the message", err, errlen);
        if (!r && !store_conflict(err))
            return false;
    }
    if (!r)
        return false;
    bool ok = PQntuples(r) == 1;
    StoreCols c = pg_cols(r, 0);
    if (ok)
        m->idx = store_col_int(&c, 0);
    else
        snprintf(err, errlen, "database: cannot store the message: game %s is not in the database", game_id);
    PQclear(r);
    return ok && store_cols_ok(&c, "cannot store the message", err, errlen);
}

bool pg_chat_list(Store *st, const char *game_id, int channel, int after, int limit, ChatMessage *out, int *n,
                  char *err, size_t errlen)
{
    *n = 0;
    PgParams p = {0};
    pg_text(&p, game_id);
    pg_int(&p, channel);
    pg_int(&p, after);
    pg_int(&p, limit);
    PGresult *r = pg_query_sql((PgStore *)st, q_chat_list, &p, PGRES_TUPLES_OK, "cannot read the chat", err, errlen);
    if (!r)
        return false;
    StoreCols c = pg_cols(r, 0);
    for (; c.row < PQntuples(r) && *n < limit; c.row++)
        store_col_chat(&c, 0, &out[(*n)++]);
    PQclear(r);
    return store_rows_ok(&c, n, "cannot read the chat", err, errlen);
}

bool pg_seat_mute(Store *st, const char *game_id, int seat, bool muted, char *err, size_t errlen)
{
    PgParams p = {0};
    pg_text(&p, game_id);
    pg_int(&p, seat);
    pg_bool(&p, muted);
    return pg_change((PgStore *)st, q_seat_mute, &p, NULL, "cannot save the mute", err, errlen);
}
