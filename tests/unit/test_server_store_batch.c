/* Group commit of the SQLite store (store_sqlite_append.c): threads
 * appending to their own games at once, each append made whole, in order,
 * once, while stale writes mixed among them (a writer that knew an older
 * version) are refused as conflicts without taking anything from the
 * appends they were written with. Every append came back only after its
 * commit: read back at once, it is there. And the checkpoint thread
 * copies the WAL into the database file (it once did nothing). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../../src/server/store/store.h"

#define THREADS 8
#define GAMES_EACH 2
#define MOVES 40

static Store *st;
static char dir[64];
static char texts[MOVES][16];
static StoredAction actions[MOVES];

static StoredGame new_game(const char *id)
{
    StoredGame g;
    memset(&g, 0, sizeof g);
    snprintf(g.id, sizeof g.id, "%s", id);
    snprintf(g.game, sizeof g.game, "morphos");
    g.options = "{\"size\":5,\"mutators\":[],\"move-cap\":0}";
    g.status = STATUS_PLAYING;
    snprintf(g.created, sizeof g.created, "2026-12-02T07:00:00Z");
    snprintf(g.updated, sizeof g.updated, "2026-12-02T07:00:00Z");
    g.undo_low = -1;
    g.version = 1;
    g.num_seats = 2;
    g.seats[0] = (StoredSeat){.kind = SEAT_HUMAN, .claimed = true};
    g.seats[1] = (StoredSeat){.kind = SEAT_HUMAN, .claimed = true};
    g.actions = actions;
    return g;
}

typedef struct Writer {
    int k;
    int refused;     /* stale writes refused as conflicts */
    bool failed;     /* an append that should have been stored was not */
    char err[ERR_MAX + 256];
} Writer;

static void *write_games(void *arg)
{
    Writer *w = arg;
    StoredGame g[GAMES_EACH];
    for (int j = 0; j < GAMES_EACH; j++) {
        char id[16];
        snprintf(id, sizeof id, "batch%02u%03u", (unsigned)w->k % 100u, (unsigned)j % 1000u);
        g[j] = new_game(id);
    }
    for (int i = 1; i <= MOVES; i++)
        for (int j = 0; j < GAMES_EACH; j++) {
            g[j].count = i;
            g[j].version = i + 1;
            g[j].listing_same = i % 3 != 0;
            if (!st->ops->append(st, &g[j], i - 1, w->err, sizeof w->err)) {
                w->failed = true;
                return NULL;
            }
            if (i % 10 == 0) { /* one who still knew the version before */
                StoredGame stale = g[j];
                stale.count = i + 1;
                if (st->ops->append(st, &stale, i, w->err, sizeof w->err) || !store_conflict(w->err)) {
                    w->failed = true;
                    return NULL;
                }
                w->refused++;
            }
        }
    return NULL;
}

static void concurrent_appends_are_each_whole(void **unused)
{
    char err[ERR_MAX + 256];
    for (int k = 0; k < THREADS; k++)
        for (int j = 0; j < GAMES_EACH; j++) {
            char id[16];
            snprintf(id, sizeof id, "batch%02u%03u", (unsigned)k % 100u, (unsigned)j % 1000u);
            StoredGame g = new_game(id);
            if (!st->ops->create(st, &g, err, sizeof err))
                fail_msg("create: %s", err);
        }
    pthread_t t[THREADS];
    Writer w[THREADS];
    for (int k = 0; k < THREADS; k++) {
        w[k] = (Writer){.k = k};
        assert_int_equal(pthread_create(&t[k], NULL, write_games, &w[k]), 0);
    }
    for (int k = 0; k < THREADS; k++)
        pthread_join(t[k], NULL);
    for (int k = 0; k < THREADS; k++) {
        if (w[k].failed)
            fail_msg("writer %d: %s", k, w[k].err);
        assert_int_equal(w[k].refused, GAMES_EACH * MOVES / 10);
        for (int j = 0; j < GAMES_EACH; j++) {
            char id[16];
            snprintf(id, sizeof id, "batch%02u%03u", (unsigned)k % 100u, (unsigned)j % 1000u);
            StoredGame back;
            bool found;
            if (!st->ops->load(st, id, &back, &found, err, sizeof err))
                fail_msg("load: %s", err);
            assert_true(found);
            assert_int_equal(back.count, MOVES);
            assert_int_equal(back.version, MOVES + 1);
            for (int i = 0; i < MOVES; i++)
                assert_string_equal(back.actions[i].text, texts[i]);
            stored_game_clear(&back);
        }
    }
}

/* The database file grows past its first page within seconds of the
 * writes: the checkpoints copy the WAL into it. */
static void the_wal_is_checkpointed(void **unused)
{
    concurrent_appends_are_each_whole(unused);
    char path[128];
    snprintf(path, sizeof path, "%s/morph.db", dir);
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    struct stat sb = {0};
    do {
        usleep(50 * 1000);
        assert_int_equal(stat(path, &sb), 0);
        clock_gettime(CLOCK_MONOTONIC, &now);
    } while (sb.st_size <= 4096 && now.tv_sec - start.tv_sec < 30);
    assert_true(sb.st_size > 4096);
}

static int setup(void **unused)
{
    for (int i = 0; i < MOVES; i++) {
        snprintf(texts[i], sizeof texts[i], "c%d", i);
        actions[i] = (StoredAction){texts[i], i % 2};
    }
    snprintf(dir, sizeof dir, "/tmp/morph-test-batch-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    char path[128], err[ERR_MAX + 256];
    snprintf(path, sizeof path, "%s/morph.db", dir);
    st = store_open_sqlite(path, false, err, sizeof err);
    if (!st)
        fprintf(stderr, "%s\n", err);
    return st ? 0 : -1;
}

static int teardown(void **unused)
{
    store_close(st);
    char cmd[96];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(concurrent_appends_are_each_whole, setup, teardown),
        cmocka_unit_test_setup_teardown(the_wal_is_checkpointed, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
