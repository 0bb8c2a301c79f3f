/* Limits so that one client cannot hurt the others: games created per
 * client per minute, requests per client per second, open connections and
 * live streams per client. A client is its network address. Counters live
 * in one small table under a mutex; entries of idle clients are dropped. */
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
} LimitsConfig;

typedef struct Limits Limits;

Limits *limits_new(const LimitsConfig *cfg);
void limits_free(Limits *l);

/* Each returns true when allowed (and counts it); false with *retry_after
 * set to the seconds after which trying again makes sense. */
bool limits_create(Limits *l, const char *client, double now, int *retry_after);
bool limits_request(Limits *l, const char *client, double now, int *retry_after);
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
