/* A server of its own for a test of the API (api_handle, no sockets): an
 * SQLite file in a fresh folder, limits out of the way, AI seats on
 * ai_threads worker threads (0: they never move). For the test files that
 * include it; each has its own copy. */
#ifndef MORPH_TEST_API_SERVER_H
#define MORPH_TEST_API_SERVER_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../src/server/serve.h"

static char dir[64], db_path[128];
static Server *srv;

static int server_up(int ai_threads)
{
    snprintf(dir, sizeof dir, "/tmp/morph-api-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(db_path, sizeof db_path, "%s/morph.db", dir);
    ServerConfig cfg;
    server_config_defaults(&cfg);
    cfg.db_path = db_path;
    cfg.ai_threads = ai_threads;
    cfg.limits.requests_per_second = 1000000;
    cfg.limits.create_per_minute = 1000;
    cfg.limits.accounts_per_hour = 1000;
    char err[ERR_MAX + 256];
    srv = server_new(&cfg, err, sizeof err);
    return srv ? 0 : -1;
}

static int teardown(void **unused)
{
    (void)unused;
    server_free(srv);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

#endif
