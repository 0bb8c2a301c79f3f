#include "store_migrations.h"

#include <stddef.h>

/* Version 1 is the schema of the first morph serve; later versions only add
 * (columns with defaults, tables), so that a database of any earlier
 * version is brought up without losing anything. PostgreSQL compares ids
 * and times byte by byte (COLLATE "C"), as SQLite does, so that lists and
 * their cursors give the same order on both. */
const StoreMigration store_migrations[] = {
    {1, "games, seats and actions",
     "CREATE TABLE games ("
     " id TEXT PRIMARY KEY,"
     " game TEXT NOT NULL,"
     " options TEXT NOT NULL,"     /* JSON object */
     " seed INTEGER NOT NULL,"
     " real_dice INTEGER NOT NULL,"
     " listed INTEGER NOT NULL,"
     " status TEXT NOT NULL,"      /* waiting, playing, finished */
     " result TEXT,"               /* JSON, NULL while running */
     " created TEXT NOT NULL,"
     " updated TEXT NOT NULL,"
     " rematch_of TEXT,"
     " rematch TEXT,"
     " undo_low INTEGER NOT NULL DEFAULT -1,"
     " actions INTEGER NOT NULL DEFAULT 0,"
     " version INTEGER NOT NULL DEFAULT 0"
     ");"
     "CREATE INDEX games_by_status ON games(status, listed, updated);"
     "CREATE TABLE seats ("
     " game_id TEXT NOT NULL REFERENCES games(id),"
     " seat INTEGER NOT NULL,"     /* 0-based */
     " kind TEXT NOT NULL,"        /* human, ai */
     " ai TEXT,"                   /* AI spec */
     " claimed INTEGER NOT NULL,"
     " token_hash TEXT,"           /* SHA-256 of the seat token, never the token */
     " invite TEXT UNIQUE,"        /* invitation code of an open seat */
     " PRIMARY KEY (game_id, seat)"
     ") WITHOUT ROWID;"
     "CREATE TABLE actions ("
     " game_id TEXT NOT NULL REFERENCES games(id),"
     " idx INTEGER NOT NULL,"
     " text TEXT NOT NULL,"
     " player INTEGER NOT NULL,"   /* 0-based seat, -1 chance */
     " PRIMARY KEY (game_id, idx)"
     ") WITHOUT ROWID;",

     "CREATE TABLE games ("
     " id TEXT COLLATE \"C\" PRIMARY KEY,"
     " game TEXT NOT NULL,"
     " options TEXT NOT NULL,"
     " seed BIGINT NOT NULL,"      /* the 64 bits of the seed, as SQLite keeps them */
     " real_dice BOOLEAN NOT NULL,"
     " listed BOOLEAN NOT NULL,"
     " status TEXT NOT NULL,"
     " result TEXT,"
     " created TEXT COLLATE \"C\" NOT NULL,"
     " updated TEXT COLLATE \"C\" NOT NULL,"
     " rematch_of TEXT,"
     " rematch TEXT,"
     " undo_low INTEGER NOT NULL DEFAULT -1,"
     " actions INTEGER NOT NULL DEFAULT 0,"
     " version BIGINT NOT NULL DEFAULT 0"
     ");"
     "CREATE INDEX games_by_status ON games(status, listed, updated);"
     "CREATE TABLE seats ("
     " game_id TEXT COLLATE \"C\" NOT NULL REFERENCES games(id),"
     " seat INTEGER NOT NULL,"
     " kind TEXT NOT NULL,"
     " ai TEXT,"
     " claimed BOOLEAN NOT NULL,"
     " token_hash TEXT,"
     " invite TEXT UNIQUE,"
     " PRIMARY KEY (game_id, seat)"
     ");"
     "CREATE TABLE actions ("
     " game_id TEXT COLLATE \"C\" NOT NULL REFERENCES games(id),"
     " idx INTEGER NOT NULL,"
     " text TEXT NOT NULL,"
     " player INTEGER NOT NULL,"
     " PRIMARY KEY (game_id, idx)"
     ");"},

    /* The undo epoch, so that every server tells an undo apart from new
     * actions; and, for several servers, who is alive and the once-only work
     * (a lease: a row held by a live server). Changes are notified after
     * their commit, not by a trigger: a NOTIFY inside a transaction holds a
     * lock that serialises every notifying commit through its disk flush. */
    {2, "undo epoch; servers and work leases (PostgreSQL)",
     "ALTER TABLE games ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;",

     "ALTER TABLE games ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;"
     "CREATE TABLE servers ("
     " id TEXT PRIMARY KEY,"
     " about TEXT NOT NULL,"       /* host and process, for people */
     " started TIMESTAMPTZ NOT NULL DEFAULT now(),"
     " seen TIMESTAMPTZ NOT NULL DEFAULT now()"
     ");"
     "CREATE TABLE work ("
     " game_id TEXT COLLATE \"C\" NOT NULL REFERENCES games(id),"
     " kind TEXT NOT NULL,"        /* ai */
     " due TIMESTAMPTZ NOT NULL DEFAULT now(),"
     " holder TEXT,"               /* a server id, NULL when nobody holds it */
     " PRIMARY KEY (game_id, kind)"
     ");"
     "CREATE INDEX work_by_due ON work(due);"},

    {0, NULL, NULL, NULL},
};

int store_schema_version(void)
{
    int v = 0;
    for (const StoreMigration *m = store_migrations; m->version; m++)
        v = m->version;
    return v;
}
