/* SQLite's page cache with the truncations that have nothing to drop
 * skipped (sqlite_pcache.h): seeded random transactions (inserts under
 * random keys, so b-tree pages split and swap their numbers through the
 * spare one; deletes; savepoints rolled back; whole transactions rolled
 * back, which drop the pages they added) on a cache too small for the
 * file, checked against a model after each, then the file read again cold
 * and checked whole. The wrapper must have skipped most truncations and
 * forgotten spare numbers, and the database must be exactly the model. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/server/store/sqlite/sqlite_pcache.h"

#define KEYS 6000
#define TRANSACTIONS 1500

static uint64_t rng = 36;

static unsigned next_random(unsigned bound)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % bound);
}

/* The model: the length of key's value (0 when absent); the value is the
 * key's letter repeated. */
static int length[KEYS], saved[KEYS], at_savepoint[KEYS];

static void exec(sqlite3 *db, const char *sql)
{
    char *err = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
        fail_msg("%s: %s", sql, err);
}

static void put(sqlite3 *db, sqlite3_stmt *insert, sqlite3_stmt *remove, int key)
{
    if (next_random(4) == 0) {
        sqlite3_bind_int(remove, 1, key);
        assert_int_equal(sqlite3_step(remove), SQLITE_DONE);
        sqlite3_reset(remove);
        length[key] = 0;
        return;
    }
    char value[700];
    int n = 20 + (int)next_random(sizeof value - 20);
    memset(value, 'a' + key % 26, (size_t)n);
    sqlite3_bind_int(insert, 1, key);
    sqlite3_bind_text(insert, 2, value, n, SQLITE_TRANSIENT);
    assert_int_equal(sqlite3_step(insert), SQLITE_DONE);
    sqlite3_reset(insert);
    length[key] = n;
}

/* The table holds exactly the model. */
static void same_as_model(sqlite3 *db)
{
    sqlite3_stmt *q;
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT k, v FROM t ORDER BY k", -1, &q, NULL), SQLITE_OK);
    int key = 0;
    while (sqlite3_step(q) == SQLITE_ROW) {
        int k = sqlite3_column_int(q, 0);
        for (; key < k; key++)
            assert_int_equal(length[key], 0);
        const unsigned char *v = sqlite3_column_text(q, 1);
        int n = sqlite3_column_bytes(q, 1);
        assert_int_equal(n, length[k]);
        assert_true(n > 0 && v[0] == 'a' + k % 26 && v[n - 1] == 'a' + k % 26);
        key = k + 1;
    }
    for (; key < KEYS; key++)
        assert_int_equal(length[key], 0);
    sqlite3_finalize(q);
}

static void integrity_ok(sqlite3 *db)
{
    sqlite3_stmt *q;
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &q, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    assert_string_equal((const char *)sqlite3_column_text(q, 0), "ok");
    sqlite3_finalize(q);
}

static void random_transactions_keep_the_model(void **state)
{
    assert_true(sqlite_pcache_install());
    char dir[] = "/tmp/morph-test-pcache-XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/t.db", dir);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    exec(db, "PRAGMA journal_mode=WAL; PRAGMA cache_size=64;"
             " CREATE TABLE t(k INTEGER PRIMARY KEY, v TEXT NOT NULL) WITHOUT ROWID;");
    sqlite3_stmt *insert, *remove;
    assert_int_equal(sqlite3_prepare_v2(db, "INSERT OR REPLACE INTO t VALUES(?1, ?2)", -1, &insert, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "DELETE FROM t WHERE k = ?1", -1, &remove, NULL), SQLITE_OK);
    int rolled_back = 0;
    for (int t = 0; t < TRANSACTIONS; t++) {
        memcpy(saved, length, sizeof length);
        exec(db, "BEGIN");
        int writes = 1 + (int)next_random(t < 200 ? 40 : 12);
        bool savepoint = next_random(5) == 0;
        for (int w = 0; w < writes; w++) {
            if (savepoint && w == writes / 2) {
                exec(db, "SAVEPOINT s");
                memcpy(at_savepoint, length, sizeof length);
            }
            put(db, insert, remove, (int)next_random(KEYS));
        }
        if (savepoint && next_random(2) == 0) {
            exec(db, "ROLLBACK TO s");
            memcpy(length, at_savepoint, sizeof length);
        }
        if (savepoint)
            exec(db, "RELEASE s");
        if (next_random(8) == 0) {
            exec(db, "ROLLBACK");
            memcpy(length, saved, sizeof length);
            rolled_back++;
        } else {
            exec(db, "COMMIT");
        }
        if (t % 100 == 99)
            same_as_model(db);
    }
    sqlite3_finalize(insert);
    sqlite3_finalize(remove);
    same_as_model(db);
    integrity_ok(db);
    sqlite3_close(db);

    /* read again by a new connection, its cache empty */
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    same_as_model(db);
    integrity_ok(db);
    sqlite3_close(db);

    SqlitePcacheCounts c = sqlite_pcache_counts();
    print_message("truncations passed on %ld, skipped %ld; spare numbers forgotten %ld; %d rolled back\n", c.passed,
                  c.skipped, c.spares, rolled_back);
    assert_true(rolled_back > 50);
    assert_true(c.spares > 20);           /* pages swapped their numbers */
    assert_true(c.skipped > TRANSACTIONS / 2);
    assert_true(c.passed < c.skipped);
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_transactions_keep_the_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
