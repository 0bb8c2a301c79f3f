/* A fresh PostgreSQL database per test, in the throwaway cluster of the test
 * run: tests/run.sh runs every test under pg_virtualenv (postgresql-common),
 * which starts a cluster and sets the PG* variables, and sets
 * MORPH_TEST_PG to a libpq URI of it ("postgresql://" alone takes those
 * variables). Without MORPH_TEST_PG a suite runs its SQLite half only and
 * says so. */
#ifndef MORPH_PG_TEST_H
#define MORPH_PG_TEST_H

#include <libpq-fe.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The URI of the test cluster, or NULL when tests run without one. */
static inline const char *pg_test_cluster(void)
{
    const char *uri = getenv("MORPH_TEST_PG");
    return uri && uri[0] ? uri : NULL;
}

static inline void pg_test_quiet(void *arg, const char *message)
{
}

/* Runs sql in database uri; false with a message on stderr. */
static inline bool pg_test_exec(const char *uri, const char *sql)
{
    PGconn *c = PQconnectdb(uri);
    PQsetNoticeProcessor(c, pg_test_quiet, NULL);
    bool ok = PQstatus(c) == CONNECTION_OK;
    if (ok) {
        PGresult *r = PQexec(c, sql);
        ok = PQresultStatus(r) == PGRES_COMMAND_OK || PQresultStatus(r) == PGRES_TUPLES_OK;
        if (!ok)
            fprintf(stderr, "pg_test: %s: %s", sql, PQresultErrorMessage(r));
        PQclear(r);
    } else {
        fprintf(stderr, "pg_test: cannot connect to %s: %s", uri, PQerrorMessage(c));
    }
    PQfinish(c);
    return ok;
}

/* Runs sql on the cluster's own database. */
static inline bool pg_test_admin(const char *sql)
{
    return pg_test_exec(pg_test_cluster(), sql);
}

/* Makes an empty database (name written to name) and writes its URI to
 * uri; false when there is no test cluster or it refuses. */
static inline bool pg_test_database(char *name, size_t namelen, char *uri, size_t urilen)
{
    static int serial;
    if (!pg_test_cluster())
        return false;
    snprintf(name, namelen, "morph_test_%d_%d", (int)getpid(), ++serial);
    char sql[160];
    snprintf(sql, sizeof sql, "DROP DATABASE IF EXISTS %s", name);
    if (!pg_test_admin(sql))
        return false;
    snprintf(sql, sizeof sql, "CREATE DATABASE %s", name);
    if (!pg_test_admin(sql))
        return false;
    PGconn *c = PQconnectdb(pg_test_cluster());
    bool ok = PQstatus(c) == CONNECTION_OK;
    if (ok)
        snprintf(uri, urilen, "postgresql://%s@%s:%s/%s", PQuser(c), PQhost(c), PQport(c), name);
    PQfinish(c);
    return ok;
}

static inline void pg_test_drop(const char *name)
{
    char sql[160];
    snprintf(sql, sizeof sql, "DROP DATABASE IF EXISTS %s WITH (FORCE)", name);
    pg_test_admin(sql);
}

#endif
