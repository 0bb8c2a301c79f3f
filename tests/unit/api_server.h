/* A server of its own for a test of the API (api_handle, no sockets): an
 * SQLite file in a fresh folder or, with MORPH_TEST_STORE=postgresql, a
 * fresh database of the test run's PostgreSQL cluster (tests/run.sh runs
 * such suites on both); limits out of the way, AI seats on ai_threads
 * worker threads (0: they never move). For the test files that include it;
 * each has its own copy. */
#ifndef MORPH_TEST_API_SERVER_H
#define MORPH_TEST_API_SERVER_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/server/serve.h"
#include "pg_test.h"

static char dir[64], db_path[256], pg_name[64];
static Server *srv;

static int server_up(int ai_threads)
{
    snprintf(dir, sizeof dir, "/tmp/morph-api-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(db_path, sizeof db_path, "%s/morph.db", dir);
    pg_name[0] = '\0';
    const char *store = getenv("MORPH_TEST_STORE");
    if (store && strcmp(store, "postgresql") == 0 && !pg_test_database(pg_name, sizeof pg_name, db_path, sizeof db_path)) {
        fprintf(stderr, "MORPH_TEST_STORE=postgresql needs the test cluster of MORPH_TEST_PG\n");
        return -1;
    }
    ServerConfig cfg;
    server_config_defaults(&cfg);
    cfg.db_path = db_path;
    cfg.ai_threads = ai_threads;
    cfg.limits.requests_per_second = 1000000;
    cfg.limits.create_per_minute = 1000;
    cfg.limits.accounts_per_hour = 1000;
    char err[ERR_MAX + 256];
    srv = server_new(&cfg, err, sizeof err);
    if (!srv)
        fprintf(stderr, "%s\n", err);
    return srv ? 0 : -1;
}

static int teardown(void **unused)
{
    (void)unused;
    server_free(srv);
    srv = NULL;
    if (pg_name[0])
        pg_test_drop(pg_name);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

#endif
