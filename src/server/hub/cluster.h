/* What a server does beside the others when its store is shared (several
 * `morph serve` over one PostgreSQL database, docs/deploy.md): it says it
 * is alive every second, takes the work that is due and held by no live
 * server (an AI seat to move whose server died) and hears of every change
 * another server commits, waking the streams of that game here. */
#ifndef MORPH_CLUSTER_H
#define MORPH_CLUSTER_H

#include <stddef.h>

typedef struct Server Server;
typedef struct Cluster Cluster;

/* Starts listening and the heartbeat; NULL with a message. */
Cluster *cluster_start(Server *s, char *err, size_t errlen);
/* Stops taking work and listening (the store's leave lets go of the work
 * still held, after the AI workers are done). */
void cluster_stop(Cluster *c);

#endif
