/* The rows a change of a game writes, inside an open transaction: the
 * game's row over the version before (a conflict otherwise) and its new
 * actions (or, for a plain move, its actions alone); shared by append
 * (store_sqlite_append.c), truncate and claims. */
#include "store_sqlite_internal.h"

#include <stdio.h>

/* "ms,ms,..": the time of each seat of a game with a clock; NULL without. */
void sq_bind_left(sqlite3_stmt *q, int i, const StoredGame *g)
{
    if (g->clock.kind == CLOCK_NONE) {
        sqlite3_bind_null(q, i);
        return;
    }
    char text[MAX_PLAYERS * 24] = "";
    for (int p = 0, n = 0; p < g->num_seats; p++)
        n += snprintf(text + n, sizeof text - (size_t)n, "%s%lld", p ? "," : "", (long long)g->clock_left[p]);
    sqlite3_bind_text(q, i, text, -1, SQLITE_TRANSIENT);
}

static bool update_game(SqliteStore *s, const StoredGame *g)
{
    sqlite3_stmt *q = s->q[g->listing_same ? Q_UPDATE_GAME_QUIET : Q_UPDATE_GAME];
    sq_bind_text(q, 1, g->id);
    sq_bind_text(q, 2, status_name(g->status));
    sq_bind_text(q, 3, g->result);
    sq_bind_text(q, 4, g->updated);
    sqlite3_bind_int(q, 5, g->undo_low);
    sqlite3_bind_int(q, 6, g->count);
    sqlite3_bind_int64(q, 7, g->version);
    sq_bind_left(q, 8, g);
    sqlite3_bind_int(q, 9, g->epoch);
    sqlite3_bind_int64(q, 10, g->clock_at);
    return sq_run(q) && sqlite3_changes(s->db) == 1;
}

bool sq_update_checked(SqliteStore *s, const StoredGame *g, char *err, size_t errlen)
{
    if (update_game(s, g))
        return true;
    if (!err[0])
        snprintf(err, errlen, STORE_CONFLICT "game %s is no longer at version %lld", g->id, (long long)g->version - 1);
    return false;
}

bool sq_insert_actions(SqliteStore *s, const StoredGame *g, int from)
{
    sqlite3_stmt *q = s->q[Q_INSERT_ACTION];
    for (int i = from; i < g->count; i++) {
        sq_bind_text(q, 1, g->id);
        sqlite3_bind_int(q, 2, i);
        sqlite3_bind_text(q, 3, g->actions[i].text, -1, SQLITE_STATIC);
        sqlite3_bind_int(q, 4, g->actions[i].player);
        sqlite3_bind_int64(q, 5, g->version);
        if (!sq_run(q))
            return false;
    }
    return true;
}

/* A move that changes nothing of the game's row but its version and count
 * (g->only_actions): its actions alone, carrying the version, over the
 * version before (a conflict otherwise): the commit writes one page of the
 * actions' tree, not that and the page of the game's row (docs/bench.md). */
bool sq_insert_actions_checked(SqliteStore *s, const StoredGame *g, int from, char *err, size_t errlen)
{
    sqlite3_stmt *q = s->q[Q_PEEK];
    sq_bind_text(q, 1, g->id);
    bool current = sqlite3_step(q) == SQLITE_ROW && sqlite3_column_int64(q, 0) == g->version - 1;
    sq_done(q);
    if (!current) {
        snprintf(err, errlen, STORE_CONFLICT "game %s is no longer at version %lld", g->id, (long long)g->version - 1);
        return false;
    }
    return sq_insert_actions(s, g, from);
}
