/* The statements of the PostgreSQL store (pg_sql, indexed by the P_ names
 * of store_pg_internal.h), prepared on every connection by
 * store_pg_conn.c. At the bottom of the backend: text only. */
#include "store_pg_internal.h"

/* The columns a change of a game writes: $1 id, $2 status, $3 result,
 * $4 updated, $5 undo_low, $6 actions, $7 version (the new one; the stored
 * one must be $7 - 1), $8 epoch, $9 clock_left, $10 clock_at, $11 when the
 * running clock runs out (ms since the epoch, 0 none), $12 an AI is to
 * move, $13 this server. */
#define UPDATE_GAME                                                                                                \
    "g AS (UPDATE games SET status = $2, result = $3, updated = $4, undo_low = $5, actions = $6, version = $7,"   \
    " epoch = $8, clock_left = $9, clock_at = $10 WHERE id = $1 AND version = $7 - 1 RETURNING id)"
/* A running clock's work follows the game: due when its time runs out,
 * held by nobody until then; gone when no clock runs. */
#define CLOCK_WORK                                                                                                 \
    " cd AS (DELETE FROM work WHERE kind = 'clock' AND $11::bigint = 0 AND game_id IN (SELECT id FROM g)),"        \
    " ci AS (INSERT INTO work (game_id, kind, due, holder) SELECT id, 'clock', to_timestamp($11::bigint / 1000.0),"  \
    " NULL FROM g WHERE $11::bigint > 0 ON CONFLICT (game_id, kind) DO UPDATE SET due = EXCLUDED.due, holder = NULL)"
/* The AI's work follows the game in the same statement: held by the
 * writer (who thinks at once) while an AI is to move, gone otherwise. */
#define AI_WORK                                                                                                    \
    " wd AS (DELETE FROM work WHERE kind = 'ai' AND NOT $12::boolean AND game_id IN (SELECT id FROM g)),"         \
    " wi AS (INSERT INTO work (game_id, kind, holder) SELECT id, 'ai', $13 FROM g WHERE $12::boolean"            \
    " ON CONFLICT (game_id, kind) DO UPDATE SET holder = EXCLUDED.holder, due = now())"
/* How long a server holds a clock's work it took: another takes it then
 * when the game has not ended on time meanwhile. */
#define CLOCK_LEASE "1 second"

const char *const pg_sql[P_COUNT] = {
    [P_INSERT_GAME] = "INSERT INTO games (id, game, options, seed, real_dice, listed, status, result, created, updated,"
                      " rematch_of, rematch, undo_low, actions, version, epoch, rated, clock_kind, clock_initial_ms,"
                      " clock_increment_ms, clock_days, clock_left, clock_at, takebacks)"
                      " VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24)",
    [P_INSERT_SEATS] = "INSERT INTO seats (game_id, seat, kind, ai, claimed, token_hash, invite, account_id, guest_name)"
                       " SELECT $1, u.o - 1, u.k, u.a, u.c, u.h, u.i, u.n, coalesce(u.g, '')"
                       " FROM unnest($2::text[], $3::text[], $4::boolean[], $5::text[], $6::text[], $7::bigint[],"
                       " $8::text[]) WITH ORDINALITY AS u(k, a, c, h, i, n, g, o)",
    [P_INSERT_ACTIONS] = "INSERT INTO actions (game_id, idx, text, player) SELECT $1, $2 + u.o - 1, u.t, u.p"
                         " FROM unnest($3::text[], $4::int[]) WITH ORDINALITY AS u(t, p, o)",
    [P_REMATCH] = "UPDATE games SET rematch = $2, version = version + 1 WHERE id = $1 AND rematch IS NULL",
    [P_TAKE_WORK] = "INSERT INTO work (game_id, kind, holder) VALUES ($1, 'ai', $2)"
                    " ON CONFLICT (game_id, kind) DO UPDATE SET holder = EXCLUDED.holder, due = now()",
    [P_CLOCK_WORK] = "INSERT INTO work (game_id, kind, due) VALUES ($1, 'clock', to_timestamp($2::bigint / 1000.0))"
                     " ON CONFLICT (game_id, kind) DO UPDATE SET due = EXCLUDED.due, holder = NULL",
    [P_TAKE_CHALLENGE] = "DELETE FROM challenges WHERE id = $1",
    /* One statement, one round trip: the check, the actions, the work. */
    [P_APPEND] = "WITH " UPDATE_GAME ","
                 " a AS (INSERT INTO actions (game_id, idx, text, player) SELECT g.id, $14 + u.o - 1, u.t, u.p"
                 " FROM g, unnest($15::text[], $16::int[]) WITH ORDINALITY AS u(t, p, o)),"
                 CLOCK_WORK "," AI_WORK " SELECT count(*) FROM g",
    [P_TRUNCATE] = "WITH " UPDATE_GAME ","
                   " d AS (DELETE FROM actions WHERE game_id IN (SELECT id FROM g) AND idx >= $6),"
                   CLOCK_WORK "," AI_WORK " SELECT count(*) FROM g",
    /* A seat taken: the game's status, version and clock (the last seat
     * taken starts it). */
    [P_CLAIM_GAME] = "WITH " UPDATE_GAME "," CLOCK_WORK " SELECT count(*) FROM g",
    [P_CLAIM_SEAT] = "UPDATE seats SET claimed = true, token_hash = $3, invite = NULL, account_id = NULLIF($4::bigint, 0),"
                     " guest_name = coalesce($5, '')"
                     " WHERE game_id = $1 AND seat = $2 AND NOT claimed",
    /* The clock's times, charged now ($3): another server charges from there. */
    [P_SAVE_CLOCK] = "UPDATE games SET clock_left = $2, clock_at = $3 WHERE id = $1",
    /* One statement, so one snapshot: the game, its seats and its actions agree. */
    [P_LOAD] = "SELECT g.game, g.options, g.seed, g.real_dice, g.listed, g.status, g.result, g.created, g.updated,"
               " g.rematch_of, g.rematch, g.undo_low, g.version, g.epoch, g.actions,"
               " (SELECT json_agg(json_build_array(s.seat, s.kind, s.ai, s.claimed, s.token_hash, s.invite,"
               " s.account_id, a.name, s.muted, s.guest_name, coalesce(a.bot, false)) ORDER BY s.seat)"
               " FROM seats s LEFT JOIN accounts a ON a.id = s.account_id WHERE s.game_id = g.id),"
               " (SELECT json_agg(json_build_array(a.idx, a.text, a.player) ORDER BY a.idx)"
               " FROM actions a WHERE a.game_id = g.id AND a.idx >= $2),"
               " g.rated, g.clock_kind, g.clock_initial_ms, g.clock_increment_ms, g.clock_days, g.clock_left,"
               " g.clock_at, g.takebacks FROM games g WHERE g.id = $1",
    [P_PEEK] = "SELECT version FROM games WHERE id = $1",
    [P_FIND_INVITE] = "SELECT game_id, seat FROM seats WHERE invite = $1 AND NOT claimed",
    [P_CLOCKED] = "SELECT id FROM games WHERE status = 'playing' AND clock_kind <> 0 ORDER BY created, id",
    [P_ABANDONED] = "SELECT g.id FROM games g WHERE g.status <> 'finished' AND g.updated < $1"
                    " AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.kind = 'ai')"
                    " ORDER BY g.updated, g.id LIMIT $2",
    [P_UNLIST] = "UPDATE games SET listed = false WHERE id = $1",
    /* (status <> 'finished' lets the planner take the unfinished games by age) */
    [P_PLAYING] = "SELECT count(*), coalesce(sum((SELECT count(*) FROM seats s WHERE s.game_id = g.id)), 0)"
                  " FROM games g WHERE g.status <> 'finished' AND g.status = 'playing' AND g.updated >= $1"
                  " AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.kind = 'ai')",
    [P_ALL] = "SELECT id FROM games ORDER BY created, id",
    [P_LIST] = "SELECT " PG_SUMMARY_COLUMNS " FROM games g WHERE g.status = $1 AND g.listed"
               " ORDER BY g.updated DESC, g.id DESC LIMIT $2",
    [P_LIST_BEFORE] = "SELECT " PG_SUMMARY_COLUMNS " FROM games g WHERE g.status = $1 AND g.listed AND (g.updated < $3"
                      " OR (g.updated = $3 AND g.id < $4)) ORDER BY g.updated DESC, g.id DESC LIMIT $2",
    /* Servers silent for a day leave the table. */
    [P_HEARTBEAT] = "WITH old AS (DELETE FROM servers WHERE seen < now() - interval '1 day')"
                    " INSERT INTO servers (id, about) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET seen = now()",
    /* Due work: an AI's held by nobody or by a server silent for $2
     * seconds; a clock's whose lease ran out. Rows another server is taking
     * at this moment are skipped, not waited for. */
    [P_CLAIM_WORK] = "UPDATE work w SET holder = $1, due = CASE WHEN w.kind = 'clock' THEN now() + interval '"
                     CLOCK_LEASE "' ELSE w.due END FROM (SELECT c.game_id, c.kind FROM work c"
                     " WHERE c.due <= now() AND (c.kind = 'clock' OR c.holder IS NULL OR (c.holder <> $1 AND NOT EXISTS ("
                     " SELECT 1 FROM servers s WHERE s.id = c.holder AND s.seen > now() - make_interval(secs => $2))))"
                     " ORDER BY c.due LIMIT $3 FOR UPDATE SKIP LOCKED) t"
                     " WHERE w.game_id = t.game_id AND w.kind = t.kind RETURNING w.game_id, w.kind",
    [P_LEAVE] = "WITH w AS (UPDATE work SET holder = NULL WHERE holder = $1) DELETE FROM servers WHERE id = $1",
    [P_PING] = "SELECT 1",
};
