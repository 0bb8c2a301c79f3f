/* The PostgreSQL store's post-game analyses (store.h; the table is
 * described in store_migrations.c) and the once-only work a request asks
 * for (an analysis): a row of the work table held by the server that runs
 * it, taken over by another when that server dies (claim_work), ended with
 * the analysis's save in the same statement. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_pg_internal.h"

static const char *const kinds[] = {[WORK_AI] = "ai", [WORK_CLOCK] = "clock", [WORK_ANALYSIS] = "analysis"};

/* The analysis replaces any earlier one, and its work ends with it. */
static const char q_analysis_save[] =
    "WITH w AS (DELETE FROM work WHERE game_id = $1 AND kind = 'analysis')"
    " INSERT INTO analyses (game_id, analysis, created) VALUES ($1, $2, $3)"
    " ON CONFLICT (game_id) DO UPDATE SET analysis = EXCLUDED.analysis, created = EXCLUDED.created";
static const char q_analysis_load[] = "SELECT analysis FROM analyses WHERE game_id = $1";
/* Taken when nobody holds it, this server does, or its holder is dead. */
static const char q_work_take[] =
    "INSERT INTO work AS w (game_id, kind, holder) VALUES ($1, $2, $3) ON CONFLICT (game_id, kind) DO UPDATE"
    " SET holder = $3, due = now() WHERE w.holder IS NULL OR w.holder = $3 OR NOT EXISTS (SELECT 1 FROM servers s"
    " WHERE s.id = w.holder AND s.seen > now() - make_interval(secs => $4))";
static const char q_work_end[] = "DELETE FROM work WHERE game_id = $1 AND kind = $2";
static const char q_work_held[] = "SELECT 1 FROM work WHERE game_id = $1 AND kind = $2";

bool pg_analysis_save(Store *st, const char *game_id, const char *json, const char *created, char *err, size_t errlen)
{
    PgParams p = {0};
    pg_text(&p, game_id);
    pg_text(&p, json);
    pg_text(&p, created);
    if (!pg_change((PgStore *)st, q_analysis_save, &p, NULL, "cannot store the analysis", err, errlen))
        return false;
    StoreNote note = {.kind = NOTE_ANALYSIS};
    snprintf(note.id, sizeof note.id, "%s", game_id);
    pg_notify_note(st, &note);
    return true;
}

bool pg_analysis_load(Store *st, const char *game_id, char **json, char *err, size_t errlen)
{
    *json = NULL;
    PgParams p = {0};
    pg_text(&p, game_id);
    PGresult *r = pg_query_sql((PgStore *)st, q_analysis_load, &p, PGRES_TUPLES_OK, "cannot read the analysis", err,
                               errlen);
    if (!r)
        return false;
    StoreCols c = pg_cols(r, 0);
    if (PQntuples(r) == 1)
        *json = store_col_dup(&c, 0);
    PQclear(r);
    if (store_cols_ok(&c, "cannot read the analysis", err, errlen))
        return true;
    free(*json);
    *json = NULL;
    return false;
}

bool pg_work_take(Store *st, const char *game_id, int kind, bool *taken, char *err, size_t errlen)
{
    PgStore *s = (PgStore *)st;
    PgParams p = {0};
    pg_text(&p, game_id);
    pg_text(&p, kinds[kind]);
    pg_text(&p, s->id);
    pg_int(&p, STORE_DEAD_S);
    int changed = 0;
    if (!pg_change(s, q_work_take, &p, &changed, "cannot take the work", err, errlen))
        return false;
    *taken = changed == 1;
    return true;
}

bool pg_work_end(Store *st, const char *game_id, int kind, char *err, size_t errlen)
{
    PgParams p = {0};
    pg_text(&p, game_id);
    pg_text(&p, kinds[kind]);
    return pg_change((PgStore *)st, q_work_end, &p, NULL, "cannot end the work", err, errlen);
}

bool pg_work_held(Store *st, const char *game_id, int kind, bool *held, char *err, size_t errlen)
{
    PgParams p = {0};
    pg_text(&p, game_id);
    pg_text(&p, kinds[kind]);
    PGresult *r = pg_query_sql((PgStore *)st, q_work_held, &p, PGRES_TUPLES_OK, "cannot read the work", err, errlen);
    if (!r)
        return false;
    *held = PQntuples(r) > 0;
    PQclear(r);
    return true;
}
