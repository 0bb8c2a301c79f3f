/* Limits so that one client cannot hurt the others: games created per
 * client per minute, requests per client per second, open connections and
 * live streams per client (and streams per game), with a reserve of the
 * totals kept for clients that hold few; sign-in attempts per address, per
 * account name and address, per name from browsers it does not know, and
 * per known browser (a device cookie); accounts made per address, chat
 * messages per speaker. A client is its network address. Counters live in
 * one small table under a mutex; entries of idle keys are dropped. */
#ifndef MORPH_LIMITS_H
#define MORPH_LIMITS_H

#include <stdbool.h>

typedef struct LimitsConfig {
    int create_per_minute;   /* games created per client per minute */
    int requests_per_second; /* API requests per client per second (burst of the same size) */
    int connections;         /* open connections, all clients */
    int connections_per_client;
    int streams;             /* live streams (SSE), all clients */
    int streams_per_client;
    int streams_per_game;    /* watchers of one game (its players may go past) */
    int logins_per_minute;   /* sign-in attempts per address per minute (a burst of as many) */
    int logins_per_name_per_minute; /* sign-in attempts per account name and address, or per known browser */
    int logins_per_name_unknown;    /* sign-in attempts per account name from all browsers it does not know */
    int accounts_per_hour;   /* accounts made per address per hour */
    int chat_per_minute;     /* chat messages per speaker per minute (a burst of CHAT_BURST) */
    /* The clock of every bucket: monotonic seconds; NULL reads limits_now.
     * The server passes its own (ServerConfig.now), so that a test's
     * made-up time is the only time its limits see. */
    double (*now)(void);
} LimitsConfig;

#define CHAT_BURST 5
/* The last quarter of the open connections (and of the live streams) is
 * kept for clients that hold fewer than these: a new client gets in while
 * a few addresses hold the rest. */
#define RESERVE_CONNECTIONS 4
#define RESERVE_STREAMS 2

typedef struct Limits Limits;

Limits *limits_new(const LimitsConfig *cfg);
void limits_free(Limits *l);

/* The limits' time: cfg.now, or limits_now. */
double limits_clock(const Limits *l);

/* Each returns true when allowed (and counts it); false with *retry_after
 * set to the seconds after which trying again makes sense. */
bool limits_create(Limits *l, const char *client, double now, int *retry_after);
bool limits_request(Limits *l, const char *client, double now, int *retry_after);
/* What limits_login counted for an attempt, to settle it once its
 * password is checked (limits_login_settle). */
typedef struct LoginAttempt {
    bool per_name;   /* refused: a limit of the name refused (else the address's) */
    bool fresh;      /* let through past the name's budget for unknown browsers */
    bool took_name;  /* a token of that budget was taken */
} LoginAttempt;

/* A sign-in attempt for name (any text, compared without regard to case)
 * from client. From a browser the account knows (device: the key of its
 * device cookie, checked by the caller), only that browser's attempts
 * count: nobody else can lock it out. From any other, three limits must
 * allow it: the address's, the name's from that address, and the name's
 * from every browser it does not know (larger: others only slow a
 * stranger down). When only that last one is spent, an address without a
 * recent failure for the name (its own limit for the name untouched) may
 * still try (at->fresh): the failures came from elsewhere, and the owner
 * on a new browser is not locked out by them. Attempts count whether the
 * name exists or not, so a refusal tells nothing about it. */
bool limits_login(Limits *l, const char *client, const char *name, const char *device, double now, int *retry_after,
                  LoginAttempt *at);
/* Settles an attempt limits_login allowed, once its password is checked:
 * a right one gives back what it took (only failures count); a wrong one
 * let through fresh spends the address's whole limit for the name, so its
 * next fresh try waits until that refills (a minute). */
void limits_login_settle(Limits *l, const char *client, const char *name, const char *device, double now,
                         const LoginAttempt *at, bool right);
bool limits_signup(Limits *l, const char *client, double now, int *retry_after);
/* A chat message by speaker (an account or a seat token's hash). */
bool limits_chat(Limits *l, const char *speaker, double now, int *retry_after);
/* Connections and streams: acquire counts one (false when over a limit:
 * nothing counted), release gives it back. per_client_over tells which
 * limit refused. Past three quarters of the total, only a client holding
 * fewer than RESERVE_CONNECTIONS gets one. */
bool limits_connection_acquire(Limits *l, const char *client, bool *per_client_over);
void limits_connection_release(Limits *l, const char *client);

/* Which limit refused a stream. */
typedef enum { STREAM_PER_CLIENT = 1, STREAM_PER_GAME, STREAM_ALL } StreamRefusal;
/* A live stream of client, of game (an id; NULL for a feed). A player of
 * the game (player) gets it whatever the game's watchers and past the
 * total, up to a quarter more; anyone else within the total, and past three
 * quarters of it (or past streams_per_game watchers of the game) only
 * while holding fewer than RESERVE_STREAMS. The client's own limit holds
 * for everyone. */
bool limits_stream_acquire(Limits *l, const char *client, const char *game, bool player, StreamRefusal *why);
/* Gives back a stream of game (NULL for a feed's). */
void limits_stream_release_of(Limits *l, const char *client, const char *game);
/* limits_stream_release_of with no game. */
void limits_stream_release(Limits *l, const char *client);

/* Seconds on a monotonic clock. */
double limits_now(void);

#endif
