/* SQLite files of earlier schemas brought up to the newest when a server
 * opens them (store_migrations.c): a file of the first schema, and one of
 * main's morph before the PostgreSQL store's migrations joined (its version
 * 3 was the analyses alone); and the indexes the clock thread's questions
 * read; the page size of a new file and of an old one; and a WAL that
 * starts again under moves without a pause. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/stat.h>
#include <time.h>

#include "../../src/server/store/store.h"
#include "../../src/server/store/store_migrations.h"

static void must(bool ok, const char *what, const char *err)
{
    if (!ok)
        fail_msg("%s: %s", what, err);
}

/* A new file in a new folder (dir, path) with the first schema's tables,
 * open. */
static sqlite3 *old_file(char dir[64], char path[128])
{
    snprintf(dir, 64, "/tmp/morph-test-migrate-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(path, 128, "%s/old.db", dir);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, store_migrations[0].sqlite, NULL, NULL, NULL), SQLITE_OK);
    return db;
}

/* The size of the pages of the file at path. */
static int page_size_of(const char *path)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    sqlite3_stmt *q;
    sqlite3_prepare_v2(db, "PRAGMA page_size", -1, &q, NULL);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    int size = sqlite3_column_int(q, 0);
    sqlite3_finalize(q);
    sqlite3_close(db);
    return size;
}

/* The file at path says the newest version; then its folder goes. */
static void at_newest_then_removed(const char *dir, const char *path)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    sqlite3_stmt *q;
    sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &q, NULL);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(q, 0), store_schema_version());
    sqlite3_finalize(q);
    sqlite3_close(db);
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

static void a_first_schema_file_is_migrated(void **state)
{
    char dir[64], path[128], err[ERR_MAX + 256];
    sqlite3 *db = old_file(dir, path);
    assert_int_equal(sqlite3_exec(db,
                                  "PRAGMA user_version=1;"
                                  "INSERT INTO games (id, game, options, seed, real_dice, listed, status, created,"
                                  " updated, actions, version) VALUES ('oldgame222', 'morphos', '{\"size\":5}', 7, 0,"
                                  " 1, 'playing', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 1, 4);"
                                  "INSERT INTO actions VALUES ('oldgame222', 0, 'c3', 0);",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    Store *old = store_open_sqlite(path, false, err, sizeof err);
    must(old != NULL, "open a version 1 file", err);
    StoredGame g;
    bool found;
    must(old->ops->load(old, "oldgame222", &g, &found, err, sizeof err), "load", err);
    assert_true(found);
    assert_int_equal(g.count, 1);
    assert_int_equal(g.version, 4);
    assert_int_equal(g.epoch, 0);
    stored_game_clear(&g);
    store_close(old);
    /* a file made before keeps its pages (SQLite's 4 KiB): a size is
     * chosen only for a new file */
    assert_int_equal(page_size_of(path), 4096);
    at_newest_then_removed(dir, path);
}

/* A file main's morph wrote before the PostgreSQL store's migrations: its
 * version 3 is the analyses alone (no undo epoch, no clock_at). It opens,
 * gains what it lacks, and keeps its analysis. */
static void a_file_with_the_first_analyses_table_is_migrated(void **state)
{
    char dir[64], path[128], err[ERR_MAX + 256];
    sqlite3 *db = old_file(dir, path);
    assert_int_equal(sqlite3_exec(db, store_migrations[1].sqlite, NULL, NULL, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db,
                                  "CREATE TABLE analyses (game_id TEXT PRIMARY KEY REFERENCES games(id),"
                                  " analysis TEXT NOT NULL, created TEXT NOT NULL);"
                                  "PRAGMA user_version=3;"
                                  "INSERT INTO games (id, game, options, seed, real_dice, listed, status, created,"
                                  " updated, actions, version) VALUES ('maingame22', 'morphos', '{\"size\":5}', 7, 0,"
                                  " 1, 'finished', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 1, 2);"
                                  "INSERT INTO actions VALUES ('maingame22', 0, 'c3', 0);"
                                  "INSERT INTO analyses VALUES ('maingame22', '{\"kept\":true}', '2026-01-02T00:00:00Z');",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    Store *old = store_open_sqlite(path, false, err, sizeof err);
    must(old != NULL, "open main's version 3 file", err);
    StoredGame g;
    bool found;
    must(old->ops->load(old, "maingame22", &g, &found, err, sizeof err), "load", err);
    assert_true(found);
    assert_int_equal(g.epoch, 0);
    assert_int_equal(g.clock_at, 0);
    stored_game_clear(&g);
    char *json = NULL;
    must(old->ops->analysis_load(old, "maingame22", &json, err, sizeof err), "analysis_load", err);
    assert_non_null(json);
    assert_string_equal(json, "{\"kept\":true}");
    free(json);
    store_close(old);
    /* it is at the newest version now, and opens again as it is */
    old = store_open_sqlite(path, false, err, sizeof err);
    must(old != NULL, "open again", err);
    store_close(old);
    at_newest_then_removed(dir, path);
}

/* The plan SQLite makes for sql on the file at path, its steps joined by "; ". */
static void plan_of(const char *path, const char *sql, char *out, size_t outlen)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    char explain[512];
    snprintf(explain, sizeof explain, "EXPLAIN QUERY PLAN %s", sql);
    sqlite3_stmt *q;
    assert_int_equal(sqlite3_prepare_v2(db, explain, -1, &q, NULL), SQLITE_OK);
    size_t n = 0;
    out[0] = 0;
    while (sqlite3_step(q) == SQLITE_ROW && n < outlen)
        n += (size_t)snprintf(out + n, outlen - n, "%s; ", (const char *)sqlite3_column_text(q, 3));
    sqlite3_finalize(q);
    sqlite3_close(db);
}

/* The two questions the clock thread asks of all games, at start and every
 * few minutes, read an index of their answers, not every game's row (whose
 * pages SQLite's cache then kept: docs/web.md, "Idle games"). The texts are
 * store_sqlite.c's Q_CLOCKED and q_abandoned. */
static void the_clock_threads_questions_read_indexes(void **state)
{
    char dir[64] = "/tmp/morph-test-plan-XXXXXX", path[128], err[ERR_MAX + 256], plan[512];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/new.db", dir);
    Store *st = store_open_sqlite(path, false, err, sizeof err);
    must(st != NULL, "open a new file", err);
    store_close(st);
    plan_of(path,
            "SELECT id FROM games INDEXED BY games_clocked WHERE status = 'playing' AND clock_kind <> 0"
            " ORDER BY created, id",
            plan, sizeof plan);
    assert_string_equal(plan, "SCAN games USING INDEX games_clocked; ");
    plan_of(path,
            "SELECT g.id FROM games g WHERE g.status <> 'finished' AND g.updated < ?1"
            " AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.kind = 'ai') ORDER BY g.updated, g.id"
            " LIMIT ?2",
            plan, sizeof plan);
    assert_non_null(strstr(plan, "SEARCH g USING INDEX games_unfinished_by_updated (updated<?)"));
    assert_null(strstr(plan, "SCAN g"));
    assert_null(strstr(plan, "TEMP B-TREE"));
    at_newest_then_removed(dir, path);
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The WAL header's checkpoint sequence number: one more at each start
 * again (SQLite's file format, "WAL file format"); -1 for no header yet. */
static long wal_sequence(const char *wal)
{
    unsigned char head[16];
    FILE *f = fopen(wal, "rb");
    size_t got = f ? fread(head, 1, sizeof head, f) : 0;
    if (f)
        fclose(f);
    if (got < sizeof head)
        return -1;
    return (long)head[12] << 24 | (long)head[13] << 16 | (long)head[14] << 8 | (long)head[15];
}

/* Whether a WAL of size bytes holds less than half of what moves (a page
 * of page bytes each) wrote. */
static bool under_half(off_t size, int moves, int page)
{
    return (double)size < (double)moves * page / 2;
}

/* Moves without a pause (a page of WAL each at least), the WAL to start
 * again past 16 MiB (--wal-mib 16, counted in the file's pages of 1 KiB):
 * the checkpoint thread starts it again (the file is cut back to 16 MiB
 * then), and the file holds less than half of what was written, after at
 * least 30,000 moves or, on a machine too loaded to make them, after 60 s.
 * Before, the WAL never started again while moves kept coming, and grew by a
 * page every move. */
static void a_busy_wal_starts_again(void **state)
{
    char dir[64] = "/tmp/morph-test-wal-XXXXXX", path[128], wal[140], err[ERR_MAX + 256];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/busy.db", dir);
    snprintf(wal, sizeof wal, "%s-wal", path);
    Store *st = store_open_sqlite_wal(path, false, 16, err, sizeof err);
    must(st != NULL, "open a new file", err);
    /* a new file's pages are of 1 KiB: a move's commit writes less */
    int page = page_size_of(path);
    assert_int_equal(page, 1024);
    enum { MOST = 400000 };
    StoredAction *actions = calloc(MOST, sizeof *actions);
    for (int i = 0; i < MOST; i++)
        actions[i] = (StoredAction){i % 2 ? "d4" : "c3", i % 2};
    StoredGame g = {.id = "busywal222", .game = "morphos", .options = "{\"size\":5}", .status = STATUS_PLAYING,
                    .created = "2026-12-02T10:00:00Z", .updated = "2026-12-02T10:00:00Z", .undo_low = -1,
                    .version = 1, .num_seats = 2, .actions = actions};
    g.seats[0] = g.seats[1] = (StoredSeat){.kind = SEAT_HUMAN, .claimed = true};
    must(st->ops->create(st, &g, err, sizeof err), "create", err);
    g.listing_same = g.only_actions = true;
    double start = seconds(), took = 0;
    int moves = 0;
    off_t longest = 0;
    bool started_again = false, small = false;
    long first_sequence = -1;
    struct stat file;
    /* a loaded machine may leave the checkpoint thread waiting a while: the
     * moves go on until the file is small again, for at most 60 s */
    while (moves < MOST && !(started_again && small && moves >= 30000) && took < 60) {
        g.count = moves + 1;
        g.version = moves + 2;
        must(st->ops->append(st, &g, moves, err, sizeof err), "append", err);
        moves++;
        sched_yield(); /* as a server's threads leave gaps between moves */
        if (moves % 1000 == 0 && stat(wal, &file) == 0) {
            long sequence = wal_sequence(wal);
            first_sequence = first_sequence < 0 ? sequence : first_sequence;
            started_again |= first_sequence >= 0 && sequence != first_sequence;
            longest = file.st_size > longest ? file.st_size : longest;
            small = under_half(file.st_size, moves, page);
        }
        took = seconds() - start;
    }
    assert_int_equal(stat(wal, &file), 0);
    printf("  %d moves in %.1f s, the WAL at %.1f MiB (%.1f MiB at most), started again %ld times\n", moves, took,
           file.st_size / 1048576.0, longest / 1048576.0, wal_sequence(wal) - first_sequence);
    assert_true(started_again);
    assert_true(under_half(file.st_size, moves, page));
    StoredGame back;
    bool found;
    must(st->ops->load(st, g.id, &back, &found, err, sizeof err), "load", err);
    assert_true(found && back.count == moves && back.version == moves + 1);
    stored_game_clear(&back);
    store_close(st);
    free(actions);
    at_newest_then_removed(dir, path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_first_schema_file_is_migrated),
        cmocka_unit_test(a_file_with_the_first_analyses_table_is_migrated),
        cmocka_unit_test(the_clock_threads_questions_read_indexes),
        cmocka_unit_test(a_busy_wal_starts_again),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
