/* Where games are kept: a small interface with two backends, SQLite
 * (store_sqlite.c: one file, one server) and PostgreSQL (store_pg.c: one
 * database that several servers share), chosen by store_open from the
 * --db text. Both apply the same versioned migrations at start
 * (store_migrations.c).
 *
 * What is stored: each game (its game name, options as JSON, seed, dice
 * mode, status, result as JSON, times, rematch links, whether it is rated,
 * its clock and the time each seat had left when last saved), its seats
 * (kind, AI spec, the SHA-256 of the seat token, never the token, the
 * invitation code of a seat still open, the account holding it, whether it
 * muted the other players' chat) and every atomic action (index, text,
 * player); accounts (name, Argon2id hash of the password), sessions (the
 * SHA-256 of the session id, never the id), ratings per account and game
 * with their history, the lobby's open challenges, and each game's chat.
 * The tables are described in store_migrations.c. A call returns only once its
 * transaction is committed, so what a client hears of has been committed
 * first.
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

#include "../../core/game.h"
#include "../base/clock.h"
#include "../base/password.h"
#include "../base/token.h"

enum { SEAT_HUMAN, SEAT_AI };
enum { STATUS_WAITING, STATUS_PLAYING, STATUS_FINISHED };
/* "waiting", "playing", "finished"; -1 from status_from_name when unknown. */
const char *status_name(int status);
int status_from_name(const char *name);

/* An account's number in the store; 0 is nobody. */
typedef int64_t AccountId;

#define GUEST_NAME_MAX 80 /* bytes of a guest's name (20 characters of up to 4 bytes) */

typedef struct StoredSeat {
    int kind;                          /* SEAT_HUMAN or SEAT_AI */
    char ai[128];                      /* the AI spec, "" for a person */
    bool claimed;                      /* a person holds the seat's token (or its account) */
    char token_hash[TOKEN_HASH_LEN + 1]; /* "" while open or for an AI */
    char invite[INVITE_LEN + 1];       /* the invitation of an open seat, else "" */
    AccountId account;                 /* the account holding the seat, 0 none */
    char name[ACCOUNT_NAME_MAX + 1];   /* its name (read with the seat), "" none */
    bool bot;                          /* that account is a bot (title BOT; read with the seat) */
    char guest[GUEST_NAME_MAX + 1];    /* the name a guest chose for the seat (no account), "" none */
    bool muted;                        /* the seat does not read the other players' chat */
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
    /* Shared stores: when clock_left was charged (wall-clock ms since the
     * epoch), and when the running seat's time runs out (0: no clock runs),
     * the work some server does then; written by every write of the game. */
    int64_t clock_at, clock_due;
    int num_seats;
    StoredSeat seats[MAX_PLAYERS];
    int count;           /* actions */
    StoredAction *actions;
    bool rated;          /* a game between two accounts that moves their ratings */
    bool takebacks;      /* players may offer to take a move back (between people; room_offers.c) */
    ClockSpec clock;     /* kind CLOCK_NONE: no clock */
    int64_t clock_left[MAX_PLAYERS]; /* ms each seat had when last saved (the clock's own arithmetic) */
    /* Only for create: the open challenge this game answers, deleted in the
     * same transaction (create fails, storing nothing, when it is gone). */
    const char *from_challenge;
    /* Only for append: the game ends now and is rated; seats 0 and 1 score
     * score[0] and score[1] (1 win, 0.5 shared, 0 loss), and both ratings
     * move in the same transaction (rating.h). */
    bool rate_now;
    double score[MAX_PLAYERS];
    /* Only for append: status and updated are the stored ones, so that the
     * store may leave them and the indexes over them alone (a move in a
     * running game rewrites `updated` once a minute: docs/web.md). */
    bool listing_same;
    /* Only for append: besides the version and the count, the game's row is
     * as stored (listing_same, no result, undo, clock or rating): a store may
     * leave it alone and keep the version with the new actions (SQLite). */
    bool only_actions;
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
    bool rated;
    ClockSpec clock;
    int seat;       /* games_of: the account's seat (0-based) */
    StoredSeat seats[MAX_PLAYERS]; /* each seat's kind, AI spec, account name and guest name (the lists' names) */
    char names[MAX_PLAYERS][ACCOUNT_NAME_MAX + 1]; /* games_of: the accounts at the seats, "" none */
} GameSummary;

typedef struct Account {
    AccountId id;
    char name[ACCOUNT_NAME_MAX + 1];   /* as written at sign-up */
    char password_hash[PASSWORD_HASH_MAX];
    char created[21];
    bool bot;             /* a bot account (title BOT): upgraded for good, plays through the Bot API */
} Account;

/* A personal API token (docs/web-api.md, "Bots"): its secret is shown once
 * and kept only as its SHA-256, like a session id. */
#define API_TOKEN_DESCRIPTION_MAX 120 /* bytes (40 characters of up to 3 bytes) */
typedef struct StoredToken {
    char id[GAME_ID_LEN + 1];          /* public: names it in lists and to revoke it */
    AccountId account;
    char hash[TOKEN_HASH_LEN + 1];     /* SHA-256 of the secret, in hex */
    char description[API_TOKEN_DESCRIPTION_MAX + 1];
    unsigned scopes;                   /* a set of API_SCOPE_* bits (api/api.h) */
    char created[21];
} StoredToken;

/* An account's rating in one game (a newcomer's when it has none yet). */
typedef struct StoredRating {
    char game[16];
    double rating, rd, vol;
    int games;            /* rated games played */
    char updated[21];     /* the time of the last rated game, "" never */
} StoredRating;

/* A point of a rating's history: after game game_id. */
typedef struct RatingPoint {
    char game_id[GAME_ID_LEN + 1];
    char at[21];
    double rating, rd;
} RatingPoint;

typedef struct LeaderRow {
    char name[ACCOUNT_NAME_MAX + 1];
    double rating, rd;
    int games;
    bool bot;             /* the account is a bot (title BOT) */
} LeaderRow;

/* Whose ratings a leaderboard lists. */
enum { LEADERS_ALL = -1, LEADERS_PEOPLE = 0, LEADERS_BOTS = 1 };

/* An open challenge of the lobby. */
typedef struct StoredChallenge {
    char id[GAME_ID_LEN + 1];
    AccountId account;
    char name[ACCOUNT_NAME_MAX + 1];  /* the challenger (read by challenges) */
    bool bot;                         /* the challenger is a bot (title BOT; read by challenges) */
    char game[16];
    char options[512];     /* JSON object (game_options_to_json) */
    ClockSpec clock;
    bool rated, quick;     /* quick: a "play someone now" seek */
    bool takebacks;        /* its game lets the players offer takebacks (RoomSpec's) */
    char created[21];
    char expires[21];      /* it leaves the lobby then */
    double rating, rd;     /* the challenger's rating in game (read by challenges) */
} StoredChallenge;

enum { CHAT_PLAYERS, CHAT_SPECTATORS };
#define CHAT_TEXT_MAX 800 /* bytes of a chat message (200 characters of up to 4 bytes) */

typedef struct ChatMessage {
    int idx;               /* per game, from 0, both channels */
    int channel;           /* CHAT_PLAYERS or CHAT_SPECTATORS */
    char author[GUEST_NAME_MAX + 16]; /* an account's name, or the seat's name as the board says it ("Guest 2") */
    AccountId account;     /* 0 for a seat without an account */
    int seat;              /* the author's seat (0-based), -1 for a spectator */
    char text[CHAT_TEXT_MAX + 1];
    char at[21];
} ChatMessage;

typedef struct Store Store;

/* Work that one server of several must do once (shared stores). */
enum { WORK_AI, WORK_CLOCK, WORK_ANALYSIS };
typedef struct StoreWork {
    char id[GAME_ID_LEN + 1];
    int kind; /* WORK_AI: the AI seat of game id is to move; WORK_CLOCK: its clock ran out; WORK_ANALYSIS:
               * its analysis was asked for and its server died or left before the end */
} StoreWork;

/* A change one server tells the others of (shared stores). */
enum {
    NOTE_GAME,    /* game id changed: now at version (INT64_MAX: not said) */
    NOTE_CHAT,    /* game id's chat has a new message */
    NOTE_LOBBY,   /* the lobby's challenges changed (challenge id became game game, when both are said) */
    NOTE_ACCOUNT, /* the games of account changed */
    NOTE_ANALYSIS, /* game id's analysis is stored */
    NOTE_ALL,     /* notes may have been lost (the connection came back): anything may have changed */
};
typedef struct StoreNote {
    int kind;
    char id[GAME_ID_LEN + 1];
    char game[GAME_ID_LEN + 1];
    int64_t version;
    AccountId account;
} StoreNote;

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
    /* Calls fn with the id of every game whose clock may run (not
     * finished, every seat taken, a clock), oldest first: the games a
     * server watches from its start; the others load when asked for. */
    bool (*each_clocked)(Store *st, void (*fn)(void *ctx, const char *id), void *ctx, char *err, size_t errlen);
    /* Calls fn with the ids of up to limit games not finished, with an AI
     * seat, last written before `before` ("YYYY-MM-DDTHH:MM:SSZ"), the
     * longest untouched first: the games against the AI left alone. */
    bool (*each_abandoned)(Store *st, const char *before, int limit, void (*fn)(void *ctx, const char *id), void *ctx,
                           char *err, size_t errlen);
    /* Game id leaves the public lists (listed false). */
    bool (*unlist)(Store *st, const char *id, char *err, size_t errlen);
    /* Up to limit listed games of status, most recently updated first
     * (ties by id, descending), after the game (before, before_id) in that
     * order when before is non-empty (paging); out gets them and *n their
     * number. */
    bool (*list)(Store *st, int status, const char *before, const char *before_id, int limit, GameSummary *out,
                 int *n, char *err, size_t errlen);
    /* The games being played between people now: games playing with no AI
     * seat, changed at or after since ("YYYY-MM-DDTHH:MM:SSZ"), listed or
     * not; *games their number and *people their seats. */
    bool (*count_playing)(Store *st, const char *since, int *games, int *people, char *err, size_t errlen);
    /* The ids of every game (any status), for exports; fn is called for each. */
    bool (*each_game)(Store *st, void (*fn)(void *ctx, const char *id), void *ctx, char *err, size_t errlen);
    /* Saves the time each seat of game id has left (clocks, also of a game
     * that is not changing: a checkpoint, or the server stopping). */
    bool (*save_clock)(Store *st, const char *id, const int64_t left[MAX_PLAYERS], int seats, char *err,
                       size_t errlen);

    /* ---- accounts and sessions ---- */
    /* A new account (a->id is ignored; *id gets it); *taken (and true
     * returned) when an account has the name without regard to case. */
    bool (*account_create)(Store *st, const Account *a, AccountId *id, bool *taken, char *err, size_t errlen);
    /* The account of name (any case) when name is non-NULL, else of id. */
    bool (*account_find)(Store *st, const char *name, AccountId id, Account *out, bool *found, char *err,
                         size_t errlen);
    /* Sets the password hash of account id and ends every session of it but
     * keep (a session id hash, or NULL for all). */
    bool (*account_password)(Store *st, AccountId id, const char *hash, const char *keep, char *err, size_t errlen);
    /* A new session (the hash of its id) of account until expires. */
    bool (*session_create)(Store *st, const char *id_hash, AccountId account, const char *created,
                           const char *expires, char *err, size_t errlen);
    /* The account of session id_hash when it has not expired at now. */
    bool (*session_find)(Store *st, const char *id_hash, const char *now, Account *out, bool *found, char *err,
                         size_t errlen);
    /* Ends session id_hash, or with id_hash NULL every session of account. */
    bool (*session_delete)(Store *st, const char *id_hash, AccountId account, char *err, size_t errlen);

    /* ---- personal API tokens and bot accounts ---- */
    /* Stores t unless its account holds max tokens already (*full, and true returned). */
    bool (*token_create)(Store *st, const StoredToken *t, int max, bool *full, char *err, size_t errlen);
    /* The tokens of account (never a secret: only hashes are kept), oldest first. */
    bool (*tokens_of)(Store *st, AccountId account, StoredToken *out, int max, int *n, char *err, size_t errlen);
    /* Deletes token id of account; *found tells whether it was there. */
    bool (*token_revoke)(Store *st, const char *id, AccountId account, bool *found, char *err, size_t errlen);
    /* The token of hash and its account; *found false when none. */
    bool (*token_find)(Store *st, const char *hash, StoredToken *t, Account *a, bool *found, char *err,
                       size_t errlen);
    /* Account id becomes a bot when no seat of any game holds it (*played
     * true and nothing changed otherwise). */
    bool (*account_make_bot)(Store *st, AccountId id, bool *played, char *err, size_t errlen);

    /* ---- ratings and players ---- */
    /* The ratings of account, one per game it has played rated (n of them). */
    bool (*ratings_of)(Store *st, AccountId account, StoredRating *out, int max, int *n, char *err, size_t errlen);
    /* The last max points of account's rating in game, oldest first. */
    bool (*rating_history)(Store *st, AccountId account, const char *game, RatingPoint *out, int max, int *n,
                           char *err, size_t errlen);
    /* The best ratings of game (most first; then fewer RD, then name), from
     * offset, of whom (LEADERS_ALL, LEADERS_PEOPLE or LEADERS_BOTS). */
    bool (*leaderboard)(Store *st, const char *game, int whom, int offset, int limit, LeaderRow *out, int *n, char *err,
                        size_t errlen);
    /* Games with a seat of account: running ones (waiting or playing) or
     * finished ones, most recently updated first. */
    bool (*games_of)(Store *st, AccountId account, bool running, int limit, GameSummary *out, int *n, char *err,
                     size_t errlen);

    /* ---- the lobby ---- */
    bool (*challenge_create)(Store *st, const StoredChallenge *c, char *err, size_t errlen);
    /* Removes challenge id when account (0: anyone) made it; *found tells. */
    bool (*challenge_delete)(Store *st, const char *id, AccountId account, bool *found, char *err, size_t errlen);
    /* Renews the expiry of challenge id (a quick seek still wanted). */
    bool (*challenge_renew)(Store *st, const char *id, const char *expires, char *err, size_t errlen);
    /* Every challenge not expired at now, oldest first, with the
     * challenger's name and rating; expired ones are removed. */
    bool (*challenges)(Store *st, const char *now, StoredChallenge *out, int max, int *n, char *err, size_t errlen);

    /* ---- chat ---- */
    /* Appends m to game_id's chat (m->idx gets its number). */
    bool (*chat_append)(Store *st, const char *game_id, ChatMessage *m, char *err, size_t errlen);
    /* Up to limit messages of channel after index after, in order. */
    bool (*chat_list)(Store *st, const char *game_id, int channel, int after, int limit, ChatMessage *out, int *n,
                      char *err, size_t errlen);
    /* Whether seat of game_id hides the other players' chat. */
    bool (*seat_mute)(Store *st, const char *game_id, int seat, bool muted, char *err, size_t errlen);

    /* ---- post-game analysis (docs/analysis.md) ---- */
    /* Keeps json (an analysis's JSON text) as game_id's analysis, replacing
     * any earlier one; created is its UTC time. */
    bool (*analysis_save)(Store *st, const char *game_id, const char *json, const char *created, char *err,
                          size_t errlen);
    /* game_id's analysis: *json a malloc'd text (the caller frees it), or
     * NULL with *json NULL when there is none. */
    bool (*analysis_load)(Store *st, const char *game_id, char **json, char *err, size_t errlen);

    /* Gives back the memory the store keeps without needing it (SQLite's
     * page cache), when idle games have left memory; may be NULL. */
    void (*release_memory)(Store *st);
    /* Whether the database answers now (a health check). */
    bool (*ping)(Store *st, char *err, size_t errlen);
    /* Describes the database for people, without secrets: a path, or
     * "postgresql://USER@HOST:PORT/DB". */
    void (*describe)(Store *st, char *out, size_t outlen);

    /* ---- shared stores only (NULL for the others) ---- */
    /* Calls heard (on a thread of the store's) with every note of a change
     * any server makes, within milliseconds of its commit (LISTEN/NOTIFY):
     * a game's, which the store's own writes send, and those the servers
     * send by notify; until leave or close. */
    bool (*watch)(Store *st, void (*heard)(void *ctx, const StoreNote *note), void *ctx, char *err, size_t errlen);
    /* Tells the other servers of a change this server committed that the
     * store does not tell itself (a chat message, the lobby, an account's
     * games). */
    void (*notify)(Store *st, const StoreNote *note);
    /* This server is alive (called every second): work it holds stays its
     * own; a server silent for STORE_DEAD_S seconds is taken for dead. */
    bool (*heartbeat)(Store *st, char *err, size_t errlen);
    /* Takes up to max pieces of work that are due and held by no live
     * server (none, or a dead one), each for this server alone
     * (FOR UPDATE SKIP LOCKED); *n gets their number. */
    bool (*claim_work)(Store *st, StoreWork *out, int max, int *n, char *err, size_t errlen);
    /* Work a request asks for (WORK_ANALYSIS): takes kind of game_id for
     * this server (*taken true) unless a live server holds it (*taken
     * false); work_end ends it (failed; analysis_save ends an analysis's
     * work in its own statement); work_held says whether a server holds it,
     * or it waits for one (a dead holder's). */
    bool (*work_take)(Store *st, const char *game_id, int kind, bool *taken, char *err, size_t errlen);
    bool (*work_end)(Store *st, const char *game_id, int kind, char *err, size_t errlen);
    bool (*work_held)(Store *st, const char *game_id, int kind, bool *held, char *err, size_t errlen);
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
    int wal_mib;  /* SQLite: the WAL is started again past this size (0: STORE_WAL_MIB_DEFAULT) */
} StoreConfig;
#define STORE_POOL_DEFAULT 16
#define STORE_WAL_MIB_DEFAULT 1024

/* Whether db names a PostgreSQL database (a libpq URI). */
bool store_is_postgresql(const char *db);
/* Opens the store config names, applying its migrations. NULL with a message. */
Store *store_open(const StoreConfig *config, char *err, size_t errlen);

/* Opens (creating it and its directories when missing) the SQLite store at
 * path; durable makes every commit reach the disk (synchronous=FULL)
 * rather than only the operating system (NORMAL, which a killed process
 * cannot lose). NULL with a message. */
Store *store_open_sqlite(const char *path, bool durable, char *err, size_t errlen);
/* The same, with the WAL started again past wal_mib MiB (store_sqlite.c). */
Store *store_open_sqlite_wal(const char *path, bool durable, int wal_mib, char *err, size_t errlen);
/* Opens the PostgreSQL store at uri (any libpq connection URI; a bare
 * "postgresql://" takes the PG* environment variables) with pool
 * connections. NULL with a message (which never quotes a password). */
Store *store_open_pg(const char *uri, int pool, char *err, size_t errlen);

/* The default database path: $XDG_DATA_HOME/morph/morph.db, else
 * $HOME/.local/share/morph/morph.db; false when neither is set. */
bool store_default_path(char *out, size_t outlen);

static inline void store_close(Store *st) { if (st) st->ops->close(st); }
void game_summary_clear(GameSummary *s);
/* Fills the seats of g from the lists' seats column: one record a seat,
 * split by \036, its fields (seat, kind, AI spec, account name, 1 when
 * that account is a bot else 0, guest name) by \037. */
void game_summary_seats(GameSummary *g, const char *text);
/* Seconds since the epoch of a stored time "YYYY-MM-DDTHH:MM:SSZ"; -1 when
 * it is not one (the ratings' idle time). */
double store_time_of(const char *iso);

/* The start of the message of a write refused because the game changed
 * meanwhile (its version was not the one expected). */
#define STORE_CONFLICT "conflict: "
static inline bool store_conflict(const char *err) { return strncmp(err, STORE_CONFLICT, sizeof STORE_CONFLICT - 1) == 0; }

#endif
