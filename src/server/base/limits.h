/* Limits so that one client cannot hurt the others: games created per
 * client per minute, requests per client per second, open connections and
 * live streams per client; sign-in attempts per address and per account
 * name, accounts made per address, chat messages per speaker. A client is
 * its network address. Counters live in one small table under a mutex;
 * entries of idle keys are dropped. */
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
    int logins_per_minute;   /* sign-in attempts per address per minute (a burst of as many) */
    int logins_per_name_per_minute; /* sign-in attempts per account name, from anywhere */
    int accounts_per_hour;   /* accounts made per address per hour */
    int chat_per_minute;     /* chat messages per speaker per minute (a burst of CHAT_BURST) */
} LimitsConfig;

#define CHAT_BURST 5

typedef struct Limits Limits;

Limits *limits_new(const LimitsConfig *cfg);
void limits_free(Limits *l);

/* Each returns true when allowed (and counts it); false with *retry_after
 * set to the seconds after which trying again makes sense. */
bool limits_create(Limits *l, const char *client, double now, int *retry_after);
bool limits_request(Limits *l, const char *client, double now, int *retry_after);
/* A sign-in attempt for name (any text, compared without regard to case)
 * from client: both limits must allow it. *per_name tells which refused.
 * Attempts count whether the name exists or not, so a refusal tells
 * nothing about it. */
bool limits_login(Limits *l, const char *client, const char *name, double now, int *retry_after, bool *per_name);
bool limits_signup(Limits *l, const char *client, double now, int *retry_after);
/* A chat message by speaker (an account or a seat token's hash). */
bool limits_chat(Limits *l, const char *speaker, double now, int *retry_after);
/* Connections and streams: acquire counts one (false when over a limit:
 * nothing counted), release gives it back. per_client_over tells which
 * limit refused. */
bool limits_connection_acquire(Limits *l, const char *client, bool *per_client_over);
void limits_connection_release(Limits *l, const char *client);
bool limits_stream_acquire(Limits *l, const char *client, bool *per_client_over);
void limits_stream_release(Limits *l, const char *client);

/* Seconds on a monotonic clock. */
double limits_now(void);

#endif
