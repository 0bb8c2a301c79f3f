/* Where games are kept: a small interface with two backends, SQLite
 * (store_sqlite.c: one file, one server) and PostgreSQL (store_pg.c: one
 * database that several servers share), chosen by store_open from the
 * --db text. Both apply the same versioned migrations at start
 * (store_migrations.c).
 *
 * What is stored: each game (its game name, options as JSON, seed, dice
 * mode, status, result as JSON, times, rematch links), its seats (kind, AI
 * spec, the SHA-256 of the seat token, never the token, and the
 * invitation code of a seat still open) and every atomic action (index,
 * text, player). A call returns only once its transaction is committed, so
 * what a client hears of has been committed first.
 *
 * Every function returns false with a one-line message in err on failure;
 * the store is then unchanged (each call is one transaction). Calls may come
 * from several threads: a backend serialises them itself.
 *
 * Versions: every write of a game carries its new version (g->version); the
 * stored one must be g->version - 1, else the write changes nothing and
 * fails with a message for which store_conflict is true (another server
 * changed the game meanwhile: catch up and decide again). */
#ifndef MORPH_STORE_H
#define MORPH_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../core/game.h"
#include "token.h"

enum { SEAT_HUMAN, SEAT_AI };
enum { STATUS_WAITING, STATUS_PLAYING, STATUS_FINISHED };
/* "waiting", "playing", "finished"; -1 from status_from_name when unknown. */
const char *status_name(int status);
int status_from_name(const char *name);

typedef struct StoredSeat {
    int kind;                          /* SEAT_HUMAN or SEAT_AI */
    char ai[128];                      /* the AI spec, "" for a person */
    bool claimed;                      /* a person holds the seat's token */
    char token_hash[TOKEN_HASH_LEN + 1]; /* "" while open or for an AI */
    char invite[INVITE_LEN + 1];       /* the invitation of an open seat, else "" */
} StoredSeat;

typedef struct StoredAction {
    char *text;
    int player; /* a seat (0-based) or PLAYER_CHANCE */
} StoredAction;

typedef struct StoredGame {
    char id[GAME_ID_LEN + 1];
    char game[16];       /* the game's name (src/games/registry.h) */
    char *options;       /* JSON object text (game_options_to_json) */
    uint64_t seed;
    bool real_dice;      /* people type the dice they roll */
    bool listed;         /* shown in the public lists; open seats joinable from there */
    int status;
    char *result;        /* JSON text, NULL while running */
    char created[21], updated[21];
    char rematch_of[GAME_ID_LEN + 1], rematch[GAME_ID_LEN + 1]; /* "" when none */
    int undo_low;        /* the lowest action count an undo went back to, -1 never */
    int epoch;           /* undos so far: actions from undo_low on may differ between epochs */
    int64_t version;     /* bumped by every change (action, undo, claim, rematch link) */
    bool ai_to_move;     /* written by create, append and truncate: an AI seat is to move, the
                          * work the writing server takes on in a shared store */
    int num_seats;
    StoredSeat seats[MAX_PLAYERS];
    int count;           /* actions */
    StoredAction *actions;
} StoredGame;

/* Frees what a StoredGame owns (options, result, actions), not g itself. */
void stored_game_clear(StoredGame *g);
/* For backends: room for count actions, all NULL; the message of a gap in
 * a game's stored actions (false). */
StoredAction *stored_actions_new(int count);
bool store_missing_action(const char *id, int index, char *err, size_t errlen);

/* One row of a list: enough for a lobby line. */
typedef struct GameSummary {
    char id[GAME_ID_LEN + 1];
    char game[16];
    char *options;  /* JSON text */
    int status;
    char *result;   /* JSON text or NULL */
    char created[21], updated[21];
    int num_seats, open_seats, ai_seats;
    int count;      /* actions so far */
} GameSummary;

typedef struct Store Store;

/* Work that one server of several must do once (shared stores). */
enum { WORK_AI };
typedef struct StoreWork {
    char id[GAME_ID_LEN + 1];
    int kind; /* WORK_AI: the AI seat of game id is to move */
} StoreWork;

typedef struct StoreOps {
    const char *name; /* "sqlite", "postgresql" */
    /* Several servers may serve this database at once: each checks a game's
     * version before serving it from memory (peek, load_since), hears of
     * the others' changes (watch) and takes once-only work by a lease
     * (heartbeat, claim_work, leave). False for SQLite, whose file one
     * server holds. */
    bool shared;
    /* Inserts a new game with its seats (and actions, when it has some). A
     * rematch (rematch_of set) is linked to that game in the same
     * transaction (its rematch and version set); it fails, storing nothing,
     * when that game has a rematch already. */
    bool (*create)(Store *st, const StoredGame *g, char *err, size_t errlen);
    /* Appends actions[from .. g->count) of g and updates its status, result,
     * updated time and undo_low, in one transaction; an index already stored
     * fails (an action is never doubled). */
    bool (*append)(Store *st, const StoredGame *g, int from, char *err, size_t errlen);
    /* Cuts the actions of game id to the first count (undo) and updates
     * status, result, updated and undo_low from g, in one transaction. */
    bool (*truncate)(Store *st, const StoredGame *g, char *err, size_t errlen);
    /* Seat seat of g now has its token hash, claimed set and no invitation;
     * updates the status of g. Fails when the seat was already claimed. */
    bool (*claim)(Store *st, const StoredGame *g, int seat, char *err, size_t errlen);
    /* Loads game id with seats and actions into out; *found false (and
     * true returned) when there is no such game. */
    bool (*load)(Store *st, const char *id, StoredGame *out, bool *found, char *err, size_t errlen);
    /* load, reading only the actions from index from on: out->count is
     * every action's count, out->actions[i] for i < from are left NULL. */
    bool (*load_since)(Store *st, const char *id, int from, StoredGame *out, bool *found, char *err,
                       size_t errlen);
    /* The stored version of game id (*found false when there is none). */
    bool (*peek)(Store *st, const char *id, int64_t *version, bool *found, char *err, size_t errlen);
    /* The id of the game with an open seat of invitation code, or found false. */
    bool (*find_invite)(Store *st, const char *code, char id[GAME_ID_LEN + 1], int *seat, bool *found,
                        char *err, size_t errlen);
    /* Calls fn with the id of every game not finished, oldest first. */
    bool (*each_unfinished)(Store *st, void (*fn)(void *ctx, const char *id), void *ctx, char *err, size_t errlen);
    /* Up to limit listed games of status, most recently updated first
     * (ties by id, descending), after the game (before, before_id) in that
     * order when before is non-empty (paging); out gets them and *n their
     * number. */
    bool (*list)(Store *st, int status, const char *before, const char *before_id, int limit, GameSummary *out,
                 int *n, char *err, size_t errlen);
    /* The ids of every game (any status), for exports; fn is called for each. */
    bool (*each_game)(Store *st, void (*fn)(void *ctx, const char *id), void *ctx, char *err, size_t errlen);
    /* Whether the database answers now (a health check). */
    bool (*ping)(Store *st, char *err, size_t errlen);
    /* Describes the database for people, without secrets: a path, or
     * "postgresql://USER@HOST:PORT/DB". */
    void (*describe)(Store *st, char *out, size_t outlen);

    /* ---- shared stores only (NULL for the others) ---- */
    /* Calls changed (on a thread of the store's) with the id and new version
     * of every game any server changes, within milliseconds of its commit
     * (LISTEN/NOTIFY), until close. */
    bool (*watch)(Store *st, void (*changed)(void *ctx, const char *id, int64_t version), void *ctx, char *err,
                  size_t errlen);
    /* This server is alive (called every second): work it holds stays its
     * own; a server silent for STORE_DEAD_S seconds is taken for dead. */
    bool (*heartbeat)(Store *st, char *err, size_t errlen);
    /* Takes up to max pieces of work that are due and held by no live
     * server (none, or a dead one), each for this server alone
     * (FOR UPDATE SKIP LOCKED); *n gets their number. */
    bool (*claim_work)(Store *st, StoreWork *out, int max, int *n, char *err, size_t errlen);
    /* A clean stop: watch's callbacks end (before this returns), the work
     * this server holds is let go at once, for the others to take, and the
     * server leaves the list of the living. */
    void (*leave)(Store *st);
    /* This server's id in the store (random per process). */
    const char *(*server_id)(Store *st);

    void (*close)(Store *st);
} StoreOps;

/* Seconds without a heartbeat after which a server is taken for dead and
 * its work for another's to take. */
#define STORE_DEAD_S 5

struct Store {
    const StoreOps *ops;
};

/* How to open a store: --db is a file path (SQLite) or a libpq URI
 * (postgresql://..., postgres://...: PostgreSQL). */
typedef struct StoreConfig {
    const char *db;
    bool durable; /* SQLite: every commit reaches the disk (synchronous=FULL) */
    int pool;     /* PostgreSQL: connections kept open (0: STORE_POOL_DEFAULT) */
} StoreConfig;
#define STORE_POOL_DEFAULT 16

/* Whether db names a PostgreSQL database (a libpq URI). */
bool store_is_postgresql(const char *db);
/* Opens the store config names, applying its migrations. NULL with a message. */
Store *store_open(const StoreConfig *config, char *err, size_t errlen);

/* Opens (creating it and its directories when missing) the SQLite store at
 * path; durable makes every commit reach the disk (synchronous=FULL)
 * rather than only the operating system (NORMAL, which a killed process
 * cannot lose). NULL with a message. */
Store *store_open_sqlite(const char *path, bool durable, char *err, size_t errlen);
/* Opens the PostgreSQL store at uri (any libpq connection URI; a bare
 * "postgresql://" takes the PG* environment variables) with pool
 * connections. NULL with a message (which never quotes a password). */
Store *store_open_pg(const char *uri, int pool, char *err, size_t errlen);

/* The default database path: $XDG_DATA_HOME/morph/morph.db, else
 * $HOME/.local/share/morph/morph.db; false when neither is set. */
bool store_default_path(char *out, size_t outlen);

static inline void store_close(Store *st) { if (st) st->ops->close(st); }
void game_summary_clear(GameSummary *s);

/* The start of the message of a write refused because the game changed
 * meanwhile (its version was not the one expected). */
#define STORE_CONFLICT "conflict: "
static inline bool store_conflict(const char *err) { return strncmp(err, STORE_CONFLICT, sizeof STORE_CONFLICT - 1) == 0; }

#endif
