/* Starting and stopping a server (serve.c): what `morph serve`, the tests
 * and the fuzzers call first and last. */
#ifndef MORPH_SERVE_H
#define MORPH_SERVE_H

#include <stddef.h>

#include "hub/server.h"

/* The defaults of `morph serve` (docs/web.md). */
void server_config_defaults(ServerConfig *c);

/* Opens the store and loads every unfinished game (AI seats resume); over
 * a shared store, games load when asked for and the AI seats of servers
 * that died are taken over (cluster.h). NULL with a message. */
Server *server_new(const ServerConfig *cfg, char *err, size_t errlen);
void server_free(Server *s);

#endif
