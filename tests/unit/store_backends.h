/* What the store suites share (test_server_store.c,
 * test_server_store_community.c, test_server_store_columns.c): each test
 * runs on a fresh SQLite file and on a fresh PostgreSQL database of the
 * test run's cluster (pg_test.h); a second store over the same database
 * stands for another server. */
#ifndef MORPH_STORE_BACKENDS_H
#define MORPH_STORE_BACKENDS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../src/server/store/store.h"
#include "pg_test.h"

typedef struct Backend {
    const char *name;
    bool pg;
    char db[256];   /* a file path or a URI */
    char name_pg[64];
    char dir[64];
} Backend;

static Store *st; /* the store of the test, on the backend of its group */
static Backend *be;

static int open_backend(Backend *b)
{
    be = b;
    if (b->pg) {
        if (!pg_test_database(b->name_pg, sizeof b->name_pg, b->db, sizeof b->db))
            return -1;
    } else {
        snprintf(b->dir, sizeof b->dir, "/tmp/morph-test-store-XXXXXX");
        if (!mkdtemp(b->dir))
            return -1;
        snprintf(b->db, sizeof b->db, "%s/morph.db", b->dir);
    }
    char err[ERR_MAX + 256];
    StoreConfig c = {.db = b->db, .pool = 4};
    st = store_open(&c, err, sizeof err);
    if (!st)
        fprintf(stderr, "%s: %s\n", b->name, err);
    return st ? 0 : -1;
}

static void close_backend(Backend *b)
{
    store_close(st);
    st = NULL;
    if (b->pg) {
        pg_test_drop(b->name_pg);
    } else {
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf %s", b->dir);
        if (system(cmd) != 0)
            fprintf(stderr, "cannot remove %s\n", b->dir);
    }
}

static Backend sqlite_backend = {.name = "sqlite"}, pg_backend = {.name = "postgresql", .pg = true};
static int setup_sqlite(void **state) { return open_backend(&sqlite_backend); }
static int setup_pg(void **state) { return open_backend(&pg_backend); }
static int teardown(void **state)
{
    close_backend(be);
    return 0;
}

/* Fails the test with what failed, on which backend. */
static inline void must(bool ok, const char *what, const char *err)
{
    if (!ok)
        fail_msg("%s (%s): %s", what, be->name, err);
}

/* Game id as stored; the test fails when it is not there. */
static inline StoredGame load_stored(const char *id)
{
    StoredGame g;
    bool found;
    char err[ERR_MAX + 256];
    must(st->ops->load(st, id, &g, &found, err, sizeof err), "load", err);
    assert_true(found);
    return g;
}

/* A second store over the same database: another server. */
static inline Store *second_store(void)
{
    char err[ERR_MAX + 256];
    StoreConfig c = {.db = be->db, .pool = 2};
    Store *other = store_open(&c, err, sizeof err);
    if (!other)
        fail_msg("second store: %s", err);
    return other;
}

/* A new account of name in the test's store (any password). */
static inline AccountId make_account(const char *name)
{
    char err[ERR_MAX + 256];
    Account a = {0};
    snprintf(a.name, sizeof a.name, "%s", name);
    snprintf(a.password_hash, sizeof a.password_hash, "$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaA");
    snprintf(a.created, sizeof a.created, "2024-05-01T10:00:00Z");
    AccountId id = 0;
    bool taken = true;
    if (!st->ops->account_create(st, &a, &id, &taken, err, sizeof err))
        fail_msg("account_create (%s): %s", be->name, err);
    assert_false(taken);
    assert_true(id > 0);
    return id;
}

#endif
