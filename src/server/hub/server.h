/* The web server's state without HTTP: the store, the rooms of the games in
 * memory (which it holds as their RoomHost), the AI workers and the limits. `morph serve` (http.c) puts
 * libmicrohttpd in front of it; tests and fuzzers drive it through
 * api_handle (api.h) without sockets. */
#ifndef MORPH_SERVER_H
#define MORPH_SERVER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>

#include "../rooms/analyses.h"
#include "cluster.h"
#include "../base/feed.h"
#include "../base/limits.h"
#include "../base/password.h"
#include "../rooms/room.h"
#include "../store/store.h"
#include "../base/work_pool.h"

typedef struct ServerConfig {
    const char *db_path;   /* a file (SQLite) or a libpq URI (PostgreSQL: several servers may share it) */
    /* An open store to serve instead of opening db_path (the caller keeps it
     * and closes it after server_free): fuzzers and tests that make many
     * servers over one database. NULL for `morph serve`. */
    Store *store;
    bool durable;          /* synchronous=FULL: commits survive power loss, not only a killed process */
    int db_pool;           /* PostgreSQL connections kept open */
    int wal_mib;           /* SQLite: the WAL is started again past this many MiB (0: the default) */
    int ai_threads;        /* worker threads for AI seats; 0: none, AI seats move when the
                            * owner calls room_ai_turn (fuzzers) */
    int max_ai_ms;         /* the longest thinking time a game may ask of mcts */
    int hint_ms;           /* thinking time of the Morphos hint (mcts) */
    int analysis_ms;       /* a post-game analysis's budget a decision (analysis.h) */
    int analysis_max_s;    /* the longest a post-game analysis runs */
    int analysis_nice;     /* the CPU priority of the analyses' worker: 19, the lowest, so that moves never wait */
    int puzzle_nodes;      /* the solver's work for one puzzle answer, in nodes (api_puzzles.c) */
    size_t max_body;       /* bytes of a request body */
    int max_actions;       /* actions a game may have (a runaway guard) */
    /* A game nobody asked for in idle_s seconds leaves memory (the store
     * has it: it loads again, the same, when asked for); 0 never. One
     * against the AI that nobody played for abandon_s seconds ends: its
     * people leave on time, and it leaves the lists; 0 never. */
    int idle_s;
    int abandon_s;
    int running_per_client; /* games one address may have running at once (created and not over) */
    LimitsConfig limits;
    PasswordCost password_cost; /* Argon2id cost of new password hashes */
    /* The page's origin ("https://play.example.org") that cookie requests
     * must come from; NULL: the request's own Host, over http or https. */
    const char *origin;
    bool secure_cookie;    /* the session cookie gets Secure (the page is served over HTTPS) */
    FILE *log;             /* events (accounts, games lost on time), one line each; NULL none */
    bool log_requests;     /* and one line per API request (method, path, status, address, account) */
    /* A thread ends games on time by itself (`morph serve`); without it the
     * owner calls server_clock_tick (tests, fuzzers). */
    bool clock_thread;
    double (*now)(void);   /* monotonic seconds of the clocks; NULL: limits_now */
} ServerConfig;


#define ACCEPTED_KEPT 64 /* challenges accepted that a server remembers */

/* The challenges from one account to another of the Bot API (api_challenge.c). */
typedef struct Challenges Challenges;

typedef struct Server {
    ServerConfig cfg;
    Store *store;
    WorkPool *pool;
    Analyses *analyses;    /* post-game analyses on the pool's background worker; NULL without a pool */
    RoomHost host;         /* what the rooms need of the server: store, pool, limits, telling their end */
    Limits *limits;
    pthread_mutex_t rooms_lock;
    Room **rooms;          /* open addressing by id hash; NULL empty, TOMBSTONE removed */
    int rooms_cap, rooms_count, rooms_used;
    /* Finished rooms in the order they finished, so old ones leave memory. */
    char (*finished)[GAME_ID_LEN + 1];
    int finished_head, finished_count;
    atomic_int loaded, load_failed;
    int lock_fd;           /* DB.lock, locked while this server runs (SQLite) */
    Cluster *cluster;      /* beside other servers over a shared store, else NULL */
    atomic_bool stopping;  /* the health check says so, for proxies to stop sending */
    char dummy_hash[PASSWORD_HASH_MAX]; /* verified against for unknown names: the same time either way */
    Feed *lobby;           /* bumped by every change of the open challenges */
    /* Challenges between accounts (the Bot API's), in memory: made by the
     * API when first needed (under feeds_lock) with the function that frees
     * them at the server's end. */
    Challenges *challenges;
    void (*challenges_free)(Challenges *c);
    /* The last challenges accepted and their games (under feeds_lock), so
     * that a challenger's page finds the game its challenge became. */
    struct Accepted {
        char challenge[GAME_ID_LEN + 1], game[GAME_ID_LEN + 1];
    } accepted[ACCEPTED_KEPT];
    int accepted_next;
    pthread_mutex_t feeds_lock;
    struct AccountFeed {
        AccountId account;
        Feed *feed;
    } *account_feeds;      /* the feeds of accounts with a live reader (or had one) */
    int naccount_feeds, account_feeds_cap;
    pthread_mutex_t log_lock;
    /* Rooms whose clocks run, watched by the clock thread (server_clocks.c). */
    pthread_mutex_t clock_lock;
    pthread_cond_t clock_cond;
    pthread_t clock_thread;
    bool clock_started, clock_stopping;
    Room **clock_rooms;
    int nclock_rooms, clock_rooms_cap;
    double clock_saved;    /* when running clocks were last saved */
    /* Idle games (server_idle.c, on the clock thread): when rooms were last
     * swept, and the store last asked for abandoned games. */
    double idle_swept, abandon_asked;
    /* The running games of each client (server_running.c), under
     * running_lock: the games by id and the count of each client, two
     * open-addressing tables (a creation or an end costs the same with
     * 100,000 games running as with ten). */
    pthread_mutex_t running_lock;
    struct RunningGame {
        char client[64];
        char id[GAME_ID_LEN + 1]; /* "" empty; RUNNING_GONE a removed game's slot */
    } *running;
    int nrunning, running_used, running_cap; /* games; slots used, removed ones too; slots */
    struct RunningClient {
        char client[64]; /* "" empty */
        int count;
    } *running_clients;
    int nclients, clients_cap;
    /* How many are playing between people now, as the store last said
     * (server_playing_now), under running_lock. */
    struct PlayingNow {
        double at;         /* server_now when asked; 0 never */
        int games, people;
    } playing;
} Server;


/* The map of rooms in memory: made empty, and freed with a reference
 * dropped from each room (server_new and server_free, serve.c). */
void server_rooms_init(Server *s);
void server_rooms_free(Server *s);
/* A room's game is over: it may leave memory later, once FINISHED_KEPT
 * finished games are newer (the rooms' host's finished). */
void server_room_finished(Server *s, const char *id);
/* The room of game id (loaded from the store when not in memory), with a
 * reference for the caller; NULL when there is no such game (status 404)
 * or it cannot be loaded (500), with e filled. */
Room *server_room(Server *s, const char *id, RoomError *e);
/* Adds a new room to memory (the server takes its own reference); client:
 * the address that made the game (its running games are counted), or NULL. */
void server_add_room(Server *s, Room *r, const char *client);
/* The room of game id if it is in memory (with a reference), else NULL. */
Room *server_room_cached(Server *s, const char *id);
/* Rooms nobody holds (no stream, no AI thinking, no clock running) and no
 * request asked for since `since` leave memory; returns how many. */
int server_rooms_evict(Server *s, double since);
/* Calls fn for every room in memory (each held by a reference meanwhile). */
void server_each_room(Server *s, void (*fn)(Room *r, void *ctx), void *ctx);
/* Whether this server can serve: its store answers and it is not stopping;
 * false with why. */
bool server_healthy(Server *s, char *why, size_t whylen);

/* One line on the server's log (cfg.log), never a secret. */
void server_log(Server *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The clocks' time: monotonic seconds. */
double server_now(const Server *s);
/* The feed of account's games (a reference for the caller), made on demand. */
Feed *server_account_feed(Server *s, AccountId account);
/* Something changed in a game of account: its readers hear of it, here
 * and (a shared store) on the other servers; _here: on this server only
 * (what the others' notes ask for). */
void server_account_changed(Server *s, AccountId account);
void server_account_changed_here(Server *s, AccountId account);
/* The lobby's challenges changed: its readers here and elsewhere hear of it. */
void server_lobby_changed(Server *s);
/* Challenge became game: kept for the challenger's page (GET /api/lobby's
 * "accepted"), here and (a shared store) on the other servers; _here: on
 * this server only (what the others' notes ask for). The lobby's readers
 * hear of it. */
void server_challenge_accepted(Server *s, const char *challenge, const char *game);
void server_accepted_here(Server *s, const char *challenge, const char *game);
/* A chat message of game_id (room r) was stored: its readers here and
 * elsewhere hear of it. */
void server_chat_added(Server *s, Room *r, const char *game_id);

/* ---- idle games (server_idle.c) ---- */
/* At now: idle rooms leave memory, abandoned games against the AI end (each
 * at most so often); the clock thread calls it, owners without it too. */
void server_idle_tick(Server *s, double now);

/* ---- running games per client (server_running.c) ---- */
/* Whether client may make one more game (fewer than running_per_client of
 * its games are running; games found over meanwhile are forgotten first). */
bool server_running_admit(Server *s, const char *client);
/* Game id, made by client, is running; and id is over (forgotten). */
void server_running_add(Server *s, const char *client, const char *id);
void server_running_over(Server *s, const char *id);
/* A game between people counts as being played while it changed in the
 * last PLAYING_RECENT_S seconds (the home page's "Being played" too). */
#define PLAYING_RECENT_S 600
/* How many games between people are being played now, and their seats
 * (GET /api/meta) at now (server_now): the store is asked at most every
 * PLAYING_ASK_S seconds, whatever the number of pages asking. False when
 * the store cannot say. */
#define PLAYING_ASK_S 10
bool server_playing_now(Server *s, double now, int *games, int *people);
void server_running_free(Server *s);

/* ---- clocks (server_clocks.c) ---- */
/* Watches r's running clock (a reference is kept until its game ends). */
void server_clock_watch(Server *s, Room *r);
/* Ends the games whose clocks ran out at now, and saves the running
 * clocks every 30 s: what the clock thread does, for owners without it. */
void server_clock_tick(Server *s);
void server_clocks_start(Server *s);
/* Stops the thread; every running clock is saved up to now. */
void server_clocks_stop(Server *s);

#endif
