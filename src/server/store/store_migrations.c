#include "store_migrations.h"

#include <stddef.h>

/* The tables (both backends; SQLite keeps booleans as 0 and 1):
 *
 * games      one row per game: options and result as JSON, status, times,
 *            rematch links; rated (moves the ratings of its two accounts);
 *            the clock (clock_kind 0 none, 1 real time with clock_initial_ms
 *            and clock_increment_ms, 2 correspondence with clock_days) and
 *            clock_left, each seat's milliseconds when last saved ("ms,ms").
 * seats      a game's seats: kind, AI spec, SHA-256 of the seat token,
 *            invitation of an open seat; account_id of the account holding
 *            it (NULL: a token only); muted (the seat hides the other
 *            players' chat).
 * actions    every atomic action of a game, in order.
 * accounts   name as written, name_key in lower case (unique: names are
 *            unique without regard to case), password_hash (Argon2id PHC
 *            string), created.
 * sessions   signed-in browsers: id_hash (SHA-256 of the cookie's id, never
 *            the id), account_id, created, expires.
 * ratings    Glicko-2 per account and game: rating, rd, vol, games, updated
 *            (the last rated game, for the RD's growth while away).
 * rating_history  each rated game's result for each of its accounts: the
 *            rating and RD after it (the profile's plot).
 * challenges the lobby's open challenges: the challenger, game, options,
 *            clock (as in games), rated, quick (a "play someone now" seek),
 *            created, expires.
 * chat       each game's chat: idx (per game), channel (0 players, 1
 *            spectators), author (name shown), account_id or seat, text,
 *            at.
 * (migration 3) games.epoch, the undos so far; games.clock_at, when
 *            clock_left was charged (ms since the epoch); PostgreSQL also
 *            servers (id, about, started, seen: the last heartbeat) and work
 *            (game_id, kind ai or clock, due, holder: the server doing it).
 * (migration 5) seats.guest_name, the name a guest (no account) chose
 *            for the seat, '' none.
 * (migration 8) games.takebacks, whether the players may offer to take a
 *            move back (a game option: rooms/room_offers.c).
 * (migration 9) challenges.takebacks, that option of the game a lobby's
 *            challenge or seek makes.
 * (migration 7) accounts.bot, an account upgraded to a bot (title BOT);
 *            api_tokens, personal API tokens: id (public), account_id, hash
 *            (SHA-256 of the secret, never the secret), description, scopes
 *            (a bit set, API_SCOPE_* of api/api.h), created.
 * analyses   (migration 4) a finished game's post-game analysis
 *            (docs/analysis.md): the JSON text of morph analyze --json (which
 *            holds the budget and seed that made it), created. One row per
 *            game, replaced by a new one.
 *
 * Version 1 is the schema of the first morph serve; later versions only add
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

    /* Accounts, sessions, ratings and their history, clocks, seats' accounts
     * and mute, the lobby's challenges, chat (issue 17). */
    {2, "accounts, sessions, ratings, clocks, the lobby, chat",
     "CREATE TABLE accounts ("
     " id INTEGER PRIMARY KEY,"
     " name TEXT NOT NULL,"
     " name_key TEXT NOT NULL UNIQUE,"
     " password_hash TEXT NOT NULL,"
     " created TEXT NOT NULL"
     ");"
     "CREATE TABLE sessions ("
     " id_hash TEXT PRIMARY KEY,"
     " account_id INTEGER NOT NULL REFERENCES accounts(id),"
     " created TEXT NOT NULL,"
     " expires TEXT NOT NULL"
     ");"
     "CREATE INDEX sessions_by_account ON sessions(account_id);"
     "CREATE TABLE ratings ("
     " account_id INTEGER NOT NULL REFERENCES accounts(id),"
     " game TEXT NOT NULL,"
     " rating REAL NOT NULL,"
     " rd REAL NOT NULL,"
     " vol REAL NOT NULL,"
     " games INTEGER NOT NULL,"
     " updated TEXT NOT NULL,"
     " PRIMARY KEY (account_id, game)"
     ");"
     "CREATE INDEX ratings_by_game ON ratings(game, rating);"
     "CREATE TABLE rating_history ("
     " account_id INTEGER NOT NULL REFERENCES accounts(id),"
     " game TEXT NOT NULL,"
     " game_id TEXT NOT NULL REFERENCES games(id),"
     " at TEXT NOT NULL,"
     " rating REAL NOT NULL,"
     " rd REAL NOT NULL,"
     " PRIMARY KEY (account_id, game_id)"
     ");"
     "CREATE INDEX rating_history_by_game ON rating_history(account_id, game, at);"
     "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;"
     "ALTER TABLE games ADD COLUMN clock_kind INTEGER NOT NULL DEFAULT 0;"
     "ALTER TABLE games ADD COLUMN clock_initial_ms INTEGER NOT NULL DEFAULT 0;"
     "ALTER TABLE games ADD COLUMN clock_increment_ms INTEGER NOT NULL DEFAULT 0;"
     "ALTER TABLE games ADD COLUMN clock_days INTEGER NOT NULL DEFAULT 0;"
     "ALTER TABLE games ADD COLUMN clock_left TEXT;"
     "ALTER TABLE seats ADD COLUMN account_id INTEGER REFERENCES accounts(id);"
     "ALTER TABLE seats ADD COLUMN muted INTEGER NOT NULL DEFAULT 0;"
     "CREATE INDEX seats_by_account ON seats(account_id);"
     "CREATE TABLE challenges ("
     " id TEXT PRIMARY KEY,"
     " account_id INTEGER NOT NULL REFERENCES accounts(id),"
     " game TEXT NOT NULL,"
     " options TEXT NOT NULL,"
     " clock_kind INTEGER NOT NULL,"
     " clock_initial_ms INTEGER NOT NULL,"
     " clock_increment_ms INTEGER NOT NULL,"
     " clock_days INTEGER NOT NULL,"
     " rated INTEGER NOT NULL,"
     " quick INTEGER NOT NULL,"
     " created TEXT NOT NULL,"
     " expires TEXT NOT NULL"
     ");"
     "CREATE TABLE chat ("
     " game_id TEXT NOT NULL REFERENCES games(id),"
     " idx INTEGER NOT NULL,"
     " channel INTEGER NOT NULL,"
     " author TEXT NOT NULL,"
     " account_id INTEGER REFERENCES accounts(id),"
     " seat INTEGER NOT NULL,"
     " text TEXT NOT NULL,"
     " at TEXT NOT NULL,"
     " PRIMARY KEY (game_id, idx)"
     ");",

     "CREATE TABLE accounts ("
     " id BIGSERIAL PRIMARY KEY,"
     " name TEXT NOT NULL,"
     " name_key TEXT NOT NULL UNIQUE,"
     " password_hash TEXT NOT NULL,"
     " created TEXT NOT NULL"
     ");"
     "CREATE TABLE sessions ("
     " id_hash TEXT PRIMARY KEY,"
     " account_id BIGINT NOT NULL REFERENCES accounts(id),"
     " created TEXT NOT NULL,"
     " expires TEXT COLLATE \"C\" NOT NULL"
     ");"
     "CREATE INDEX sessions_by_account ON sessions(account_id);"
     "CREATE TABLE ratings ("
     " account_id BIGINT NOT NULL REFERENCES accounts(id),"
     " game TEXT NOT NULL,"
     " rating DOUBLE PRECISION NOT NULL,"
     " rd DOUBLE PRECISION NOT NULL,"
     " vol DOUBLE PRECISION NOT NULL,"
     " games INTEGER NOT NULL,"
     " updated TEXT NOT NULL,"
     " PRIMARY KEY (account_id, game)"
     ");"
     "CREATE INDEX ratings_by_game ON ratings(game, rating);"
     "CREATE TABLE rating_history ("
     " account_id BIGINT NOT NULL REFERENCES accounts(id),"
     " game TEXT NOT NULL,"
     " game_id TEXT COLLATE \"C\" NOT NULL REFERENCES games(id),"
     " at TEXT COLLATE \"C\" NOT NULL,"
     " rating DOUBLE PRECISION NOT NULL,"
     " rd DOUBLE PRECISION NOT NULL,"
     " PRIMARY KEY (account_id, game_id)"
     ");"
     "CREATE INDEX rating_history_by_game ON rating_history(account_id, game, at);"
     "ALTER TABLE games ADD COLUMN rated BOOLEAN NOT NULL DEFAULT false;"
     "ALTER TABLE games ADD COLUMN clock_kind INTEGER NOT NULL DEFAULT 0;"
     "ALTER TABLE games ADD COLUMN clock_initial_ms BIGINT NOT NULL DEFAULT 0;"
     "ALTER TABLE games ADD COLUMN clock_increment_ms BIGINT NOT NULL DEFAULT 0;"
     "ALTER TABLE games ADD COLUMN clock_days INTEGER NOT NULL DEFAULT 0;"
     "ALTER TABLE games ADD COLUMN clock_left TEXT;"
     "ALTER TABLE seats ADD COLUMN account_id BIGINT REFERENCES accounts(id);"
     "ALTER TABLE seats ADD COLUMN muted BOOLEAN NOT NULL DEFAULT false;"
     "CREATE INDEX seats_by_account ON seats(account_id);"
     "CREATE TABLE challenges ("
     " id TEXT COLLATE \"C\" PRIMARY KEY,"
     " account_id BIGINT NOT NULL REFERENCES accounts(id),"
     " game TEXT NOT NULL,"
     " options TEXT NOT NULL,"
     " clock_kind INTEGER NOT NULL,"
     " clock_initial_ms BIGINT NOT NULL,"
     " clock_increment_ms BIGINT NOT NULL,"
     " clock_days INTEGER NOT NULL,"
     " rated BOOLEAN NOT NULL,"
     " quick BOOLEAN NOT NULL,"
     " created TEXT COLLATE \"C\" NOT NULL,"
     " expires TEXT COLLATE \"C\" NOT NULL"
     ");"
     "CREATE TABLE chat ("
     " game_id TEXT COLLATE \"C\" NOT NULL REFERENCES games(id),"
     " idx INTEGER NOT NULL,"
     " channel INTEGER NOT NULL,"
     " author TEXT NOT NULL,"
     " account_id BIGINT REFERENCES accounts(id),"
     " seat INTEGER NOT NULL,"
     " text TEXT NOT NULL,"
     " at TEXT NOT NULL,"
     " PRIMARY KEY (game_id, idx)"
     ");"},

    /* The undo epoch, so that every server tells an undo apart from new
     * actions; when a clock's times were charged (clock_at, wall-clock ms),
     * so that another server charges a running clock from there; and, for
     * several servers, who is alive and the once-only work (a lease: a row
     * held by a live server; a clock's work is due when its time runs out).
     * Changes are notified after their commit, not by a trigger: a NOTIFY
     * inside a transaction holds a lock that serialises every notifying
     * commit through its disk flush. */
    {3, "undo epoch, clock times; servers and work leases (PostgreSQL)",
     "ALTER TABLE games ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;"
     "ALTER TABLE games ADD COLUMN clock_at INTEGER NOT NULL DEFAULT 0;",

     "ALTER TABLE games ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0;"
     "ALTER TABLE games ADD COLUMN clock_at BIGINT NOT NULL DEFAULT 0;"
     "CREATE TABLE servers ("
     " id TEXT PRIMARY KEY,"
     " about TEXT NOT NULL,"       /* host and process, for people */
     " started TIMESTAMPTZ NOT NULL DEFAULT now(),"
     " seen TIMESTAMPTZ NOT NULL DEFAULT now()"
     ");"
     "CREATE TABLE work ("
     " game_id TEXT COLLATE \"C\" NOT NULL REFERENCES games(id),"
     " kind TEXT NOT NULL,"        /* ai, clock */
     " due TIMESTAMPTZ NOT NULL DEFAULT now(),"
     " holder TEXT,"               /* a server id, NULL when nobody holds it */
     " PRIMARY KEY (game_id, kind)"
     ");"
     "CREATE INDEX work_by_due ON work(due);"},

    /* A finished game's post-game analysis. Main's SQLite schema numbered
     * this table 3 before the PostgreSQL branch's migration 3 was merged;
     * a file main made at version 3 has it and lacks epoch and clock_at:
     * store_sqlite.c's migrate takes such a file for version 2 (it checks
     * for games.epoch), applies 3, then this one, which is why it creates
     * the table only if it is not there. On PostgreSQL the work table's
     * kind gains "analysis" (a requested analysis, done once). */
    {4, "post-game analyses",
     "CREATE TABLE IF NOT EXISTS analyses ("
     " game_id TEXT PRIMARY KEY REFERENCES games(id),"
     " analysis TEXT NOT NULL," /* JSON object */
     " created TEXT NOT NULL"
     ");",

     "CREATE TABLE IF NOT EXISTS analyses ("
     " game_id TEXT COLLATE \"C\" PRIMARY KEY REFERENCES games(id),"
     " analysis TEXT NOT NULL,"
     " created TEXT COLLATE \"C\" NOT NULL"
     ");"},

    /* The name a guest chose: the state, the sentences and the lists say
     * "Ann" rather than "P2". */
    {5, "names of guests",
     "ALTER TABLE seats ADD COLUMN guest_name TEXT NOT NULL DEFAULT '';",

     "ALTER TABLE seats ADD COLUMN guest_name TEXT NOT NULL DEFAULT '';"},

    /* The two questions the clock thread asks of all games, at start and
     * every few minutes: the games with a running clock, and the unfinished
     * ones nobody touched since a date (abandoned games). Without these
     * each read every game's row, and SQLite's page cache kept the pages
     * (docs/web.md, "Idle games"); with them each reads only its answer. */
    {6, "indexes of the running clocks and of the unfinished games by age",
     "CREATE INDEX games_clocked ON games(created, id) WHERE status = 'playing' AND clock_kind <> 0;"
     "CREATE INDEX games_unfinished_by_updated ON games(updated, id) WHERE status <> 'finished';",

     "CREATE INDEX games_clocked ON games(created, id) WHERE status = 'playing' AND clock_kind <> 0;"
     "CREATE INDEX games_unfinished_by_updated ON games(updated, id) WHERE status <> 'finished';"},

    /* Bots (issue 34): accounts upgraded to bots for good, and personal API
     * tokens that act for an account without its cookie, each kept as the
     * hash of its secret. */
    {7, "bot accounts and personal API tokens",
     "ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;"
     "CREATE TABLE api_tokens ("
     " id TEXT PRIMARY KEY,"
     " account_id INTEGER NOT NULL REFERENCES accounts(id),"
     " hash TEXT NOT NULL UNIQUE,"
     " description TEXT NOT NULL,"
     " scopes INTEGER NOT NULL,"
     " created TEXT NOT NULL"
     ");"
     "CREATE INDEX api_tokens_by_account ON api_tokens(account_id);",

     "ALTER TABLE accounts ADD COLUMN bot BOOLEAN NOT NULL DEFAULT false;"
     "CREATE TABLE api_tokens ("
     " id TEXT COLLATE \"C\" PRIMARY KEY,"
     " account_id BIGINT NOT NULL REFERENCES accounts(id),"
     " hash TEXT NOT NULL UNIQUE,"
     " description TEXT NOT NULL,"
     " scopes INTEGER NOT NULL,"
     " created TEXT COLLATE \"C\" NOT NULL"
     ");"
     "CREATE INDEX api_tokens_by_account ON api_tokens(account_id);"},

    /* Takebacks as a game option (issue 33), chosen when the game is made:
     * a game stored before had them in casual games only, as lichess. */
    {8, "takebacks as a game option",
     "ALTER TABLE games ADD COLUMN takebacks INTEGER NOT NULL DEFAULT 1;"
     "UPDATE games SET takebacks = 0 WHERE rated <> 0;",

     "ALTER TABLE games ADD COLUMN takebacks BOOLEAN NOT NULL DEFAULT true;"
     "UPDATE games SET takebacks = false WHERE rated;"},

    /* The lobby's challenges carry the option too (issue 33): one open
     * before had the default of its game, on unless rated. */
    {9, "takebacks of the challenges in the lobby",
     "ALTER TABLE challenges ADD COLUMN takebacks INTEGER NOT NULL DEFAULT 1;"
     "UPDATE challenges SET takebacks = 0 WHERE rated <> 0;",

     "ALTER TABLE challenges ADD COLUMN takebacks BOOLEAN NOT NULL DEFAULT true;"
     "UPDATE challenges SET takebacks = false WHERE rated;"},

    /* A move of SQLite's writes only its action: the game's version goes
     * with it (the row's `version` and `actions` are as of the row's last
     * write; the stored ones are the greater, store_sqlite_internal.h).
     * PostgreSQL writes its row with every change and leaves it NULL. */
    {10, "a game's version kept with its actions",
     "ALTER TABLE actions ADD COLUMN version INTEGER;",

     "ALTER TABLE actions ADD COLUMN version BIGINT;"},

    {0, NULL, NULL, NULL},
};

int store_schema_version(void)
{
    int v = 0;
    for (const StoreMigration *m = store_migrations; m->version; m++)
        v = m->version;
    return v;
}
