/* Where games are kept: a small interface with one backend today (SQLite,
 * store_sqlite.c), so that a PostgreSQL backend for several servers can
 * follow without touching the rooms or the API.
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
 * from several threads: a backend serialises them itself. */
#ifndef MORPH_STORE_H
#define MORPH_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
    int64_t version;     /* bumped by every change (action, undo, claim, rematch link) */
    int num_seats;
    StoredSeat seats[MAX_PLAYERS];
    int count;           /* actions */
    StoredAction *actions;
} StoredGame;

/* Frees what a StoredGame owns (options, result, actions), not g itself. */
void stored_game_clear(StoredGame *g);

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

typedef struct StoreOps {
    const char *name; /* "sqlite" */
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
    void (*close)(Store *st);
} StoreOps;

struct Store {
    const StoreOps *ops;
};

/* Opens (creating it and its directories when missing) the SQLite store at
 * path; durable makes every commit reach the disk (synchronous=FULL)
 * rather than only the operating system (NORMAL, which a killed process
 * cannot lose). NULL with a message. */
Store *store_open_sqlite(const char *path, bool durable, char *err, size_t errlen);

/* The default database path: $XDG_DATA_HOME/morph/morph.db, else
 * $HOME/.local/share/morph/morph.db; false when neither is set. */
bool store_default_path(char *out, size_t outlen);

static inline void store_close(Store *st) { if (st) st->ops->close(st); }
void game_summary_clear(GameSummary *s);

#endif
