/* The store (store.h) against both backends with one suite: every test runs
 * on a fresh SQLite file and on a fresh PostgreSQL database of the test
 * run's throwaway cluster (tests/run.sh, pg_test.h). What a server relies
 * on: a game comes back as it was stored, a write over a version another
 * writer moved is refused as a conflict and changes nothing (also when two
 * writers race), undo and claims and rematches are made whole or not at
 * all, lists page in one order, a finished game's analysis is kept and
 * replaced, a newer database is refused (older SQLite files brought up:
 * test_server_store_sqlite.c; plain moves: test_server_store_plain.c). Then what several servers over PostgreSQL rely on:
 * a change is heard by the others within 100 ms (LISTEN/NOTIFY), the AI's
 * work and an analysis's are held by one live server and taken over when it
 * dies, and two servers taking work at once never take the same. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../../src/server/store/store.h"
#include "../../src/server/store/store_migrations.h"
#include "pg_test.h"
#include "store_backends.h"

/* ---- games to store ---- */

static char texts[64][24];
static StoredAction actions[64];

/* A game of three seats (a claimed person, an open seat, an AI) with n
 * actions, at version 1. */
static StoredGame make_game(const char *id, int n)
{
    StoredGame g;
    memset(&g, 0, sizeof g);
    snprintf(g.id, sizeof g.id, "%s", id);
    snprintf(g.game, sizeof g.game, "morphos");
    g.options = "{\"size\":5,\"mutators\":[],\"move-cap\":0}";
    g.seed = 0xF00DF00D12345678ULL; /* the top bit set: 64 bits kept */
    g.listed = true;
    g.status = STATUS_WAITING;
    snprintf(g.created, sizeof g.created, "2026-11-25T10:00:00Z");
    snprintf(g.updated, sizeof g.updated, "2026-11-25T10:00:00Z");
    g.undo_low = -1;
    g.version = 1;
    g.num_seats = 3;
    g.seats[0] = (StoredSeat){.kind = SEAT_HUMAN, .claimed = true};
    memset(g.seats[0].token_hash, 'a', TOKEN_HASH_LEN);
    g.seats[1] = (StoredSeat){.kind = SEAT_HUMAN};
    snprintf(g.seats[1].invite, sizeof g.seats[1].invite, "%.*s", INVITE_LEN, id);
    memset(g.seats[1].invite + strlen(id), 'q', INVITE_LEN - strlen(id));
    g.seats[2] = (StoredSeat){.kind = SEAT_AI};
    snprintf(g.seats[2].ai, sizeof g.seats[2].ai, "mcts:ms=100,threads=1");
    for (int i = 0; i < 64; i++) {
        snprintf(texts[i], sizeof texts[i], i == 3 ? "\"q\\uote%d\" é" : "c%d", i); /* quotes, a backslash, UTF-8 */
        actions[i] = (StoredAction){texts[i], i % 3 == 2 ? -1 : i % 3};
    }
    g.actions = actions;
    g.count = n;
    return g;
}

/* ---- every backend ---- */

static void a_game_comes_back_as_stored(void **state)
{
    char err[ERR_MAX + 256];
    StoredGame g = make_game("aaaaaaaaaa", 5);
    g.result = "{\"winners\":[1]}";
    must(st->ops->create(st, &g, err, sizeof err), "create", err);
    StoredGame back = load_stored(g.id);
    assert_string_equal(back.game, "morphos");
    assert_string_equal(back.options, g.options);
    assert_true(back.seed == g.seed);
    assert_true(back.listed && !back.real_dice);
    assert_int_equal(back.status, STATUS_WAITING);
    assert_string_equal(back.result, g.result);
    assert_string_equal(back.created, g.created);
    assert_int_equal(back.undo_low, -1);
    assert_int_equal(back.version, 1);
    assert_int_equal(back.num_seats, 3);
    assert_true(back.seats[0].claimed);
    assert_string_equal(back.seats[0].token_hash, g.seats[0].token_hash);
    assert_string_equal(back.seats[1].invite, g.seats[1].invite);
    assert_int_equal(back.seats[2].kind, SEAT_AI);
    assert_string_equal(back.seats[2].ai, "mcts:ms=100,threads=1");
    assert_int_equal(back.count, 5);
    for (int i = 0; i < 5; i++) {
        assert_string_equal(back.actions[i].text, texts[i]);
        assert_int_equal(back.actions[i].player, actions[i].player);
    }
    stored_game_clear(&back);
    /* only the actions from an index on */
    bool found;
    must(st->ops->load_since(st, g.id, 3, &back, &found, err, sizeof err), "load_since", err);
    assert_true(found);
    assert_int_equal(back.count, 5);
    assert_null(back.actions[2].text);
    assert_string_equal(back.actions[3].text, texts[3]);
    stored_game_clear(&back);
    must(st->ops->load_since(st, g.id, 9, &back, &found, err, sizeof err), "load_since beyond the end", err);
    assert_int_equal(back.count, 5);
    stored_game_clear(&back);
    int64_t version;
    must(st->ops->peek(st, g.id, &version, &found, err, sizeof err), "peek", err);
    assert_true(found);
    assert_int_equal(version, 1);
    must(st->ops->peek(st, "zzzzzzzzzz", &version, &found, err, sizeof err), "peek", err);
    assert_false(found);
    must(st->ops->load(st, "zzzzzzzzzz", &back, &found, err, sizeof err), "load", err);
    assert_false(found);
    must(st->ops->ping(st, err, sizeof err), "ping", err);
}

static void a_stale_write_is_a_conflict(void **state)
{
    char err[ERR_MAX + 256];
    StoredGame g = make_game("bbbbbbbbbb", 2);
    must(st->ops->create(st, &g, err, sizeof err), "create", err);
    g.count = 4;
    g.version = 2;
    g.status = STATUS_PLAYING;
    must(st->ops->append(st, &g, 2, err, sizeof err), "append", err);
    /* another writer who still knew version 1 */
    g.count = 5;
    assert_false(st->ops->append(st, &g, 4, err, sizeof err));
    assert_true(store_conflict(err));
    g.version = 3;
    g.count = 3;
    g.epoch = 1;
    g.undo_low = 3;
    assert_false(st->ops->truncate(st, &(StoredGame){.id = "bbbbbbbbbb", .version = 2, .undo_low = 1}, err,
                                   sizeof err));
    assert_true(store_conflict(err));
    StoredGame back = load_stored(g.id);
    assert_int_equal(back.count, 4);
    assert_int_equal(back.version, 2);
    assert_int_equal(back.status, STATUS_PLAYING);
    stored_game_clear(&back);
    /* an undo: the actions cut, the epoch and the lowest undo kept */
    must(st->ops->truncate(st, &g, err, sizeof err), "truncate", err);
    back = load_stored(g.id);
    assert_int_equal(back.count, 3);
    assert_int_equal(back.epoch, 1);
    assert_int_equal(back.undo_low, 3);
    assert_int_equal(back.version, 3);
    stored_game_clear(&back);
}

/* A move that leaves status and updated as stored (listing_same) still
 * stores everything else it changes; one that moves them writes them. */
static void a_quiet_append_keeps_the_rest(void **state)
{
    char err[ERR_MAX + 256];
    StoredGame g = make_game("qqqqqqqqqq", 2);
    must(st->ops->create(st, &g, err, sizeof err), "create", err);
    g = (StoredGame){.id = "qqqqqqqqqq", .count = 5, .version = 2, .listing_same = true, .epoch = 2,
                     .undo_low = 4, .result = "{\"winners\":[1]}", .status = STATUS_PLAYING,
                     .updated = "2026-11-25T10:00:00Z", .num_seats = 3, .actions = g.actions};
    must(st->ops->append(st, &g, 2, err, sizeof err), "quiet append", err);
    StoredGame back = load_stored(g.id);
    assert_true(back.count == 5 && back.version == 2 && back.epoch == 2 && back.undo_low == 4);
    assert_true(!strcmp(back.result, "{\"winners\":[1]}") && !strcmp(back.updated, "2026-11-25T10:00:00Z"));
    assert_string_equal(back.actions[4].text, "c4");
    stored_game_clear(&back);
    g = (StoredGame){.id = "qqqqqqqqqq", .count = 6, .version = 3, .status = STATUS_FINISHED, .undo_low = -1,
                     .updated = "2026-11-25T10:07:00Z", .num_seats = 3, .actions = g.actions};
    must(st->ops->append(st, &g, 5, err, sizeof err), "append", err);
    back = load_stored(g.id);
    assert_true(back.status == STATUS_FINISHED && strcmp(back.updated, "2026-11-25T10:07:00Z") == 0);
    stored_game_clear(&back);
}

typedef struct Racer {
    Store *store;
    StoredGame g;
    bool ok;
    char err[ERR_MAX + 256];
    pthread_barrier_t *start;
} Racer;

static void *race(void *arg)
{
    Racer *r = arg;
    pthread_barrier_wait(r->start);
    r->ok = r->store->ops->append(r->store, &r->g, 1, r->err, sizeof r->err);
    return NULL;
}

/* Two servers append at one index from one version at one moment, 20 times (plain moves
 * half of them): one wins each time, the other is told of a conflict, the winner's action is kept. */
static void racing_writers_store_one_action(void **state)
{
    Store *other = second_store();
    char err[ERR_MAX + 256];
    for (int round = 0; round < 20; round++) {
        char id[GAME_ID_LEN + 1];
        snprintf(id, sizeof id, "race%06u", (unsigned)round % 1000000u);
        StoredGame g = make_game(id, 1);
        must(st->ops->create(st, &g, err, sizeof err), "create", err);
        pthread_barrier_t start;
        pthread_barrier_init(&start, NULL, 2);
        static char mine[2][16];
        Racer racers[2];
        pthread_t threads[2];
        for (int k = 0; k < 2; k++) {
            racers[k] = (Racer){.store = k ? other : st, .g = g, .start = &start};
            snprintf(mine[k], sizeof mine[k], "by-%d", k);
            racers[k].g.actions = malloc(2 * sizeof(StoredAction));
            racers[k].g.actions[0] = g.actions[0];
            racers[k].g.actions[1] = (StoredAction){mine[k], 1};
            racers[k].g.count = 2;
            racers[k].g.version = 2;
            racers[k].g.only_actions = round % 2;
            pthread_create(&threads[k], NULL, race, &racers[k]);
        }
        for (int k = 0; k < 2; k++)
            pthread_join(threads[k], NULL);
        pthread_barrier_destroy(&start);
        if (racers[0].ok == racers[1].ok)
            fail_msg("round %d (%s): %s and %s", round, be->name, racers[0].ok ? "both stored" : racers[0].err,
                     racers[1].err);
        Racer *lost = racers[0].ok ? &racers[1] : &racers[0];
        if (!store_conflict(lost->err) && !strstr(lost->err, "locked") && !strstr(lost->err, "busy"))
            fail_msg("round %d: the refusal is no conflict: %s", round, lost->err);
        StoredGame back = load_stored(id);
        assert_int_equal(back.count, 2);
        assert_string_equal(back.actions[1].text, racers[0].ok ? "by-0" : "by-1");
        stored_game_clear(&back);
        free(racers[0].g.actions);
        free(racers[1].g.actions);
    }
    store_close(other);
}

static void claims_and_rematches_are_once(void **state)
{
    char err[ERR_MAX + 256];
    StoredGame g = make_game("cccccccccc", 0);
    must(st->ops->create(st, &g, err, sizeof err), "create", err);
    char id[GAME_ID_LEN + 1];
    int seat = -1;
    bool found;
    must(st->ops->find_invite(st, g.seats[1].invite, id, &seat, &found, err, sizeof err), "find_invite", err);
    assert_true(found);
    assert_string_equal(id, g.id);
    assert_int_equal(seat, 1);
    StoredGame claim = g;
    memset(claim.seats[1].token_hash, 'b', TOKEN_HASH_LEN);
    claim.status = STATUS_PLAYING;
    claim.version = 3; /* stale: the game is at 1 */
    assert_false(st->ops->claim(st, &claim, 1, err, sizeof err));
    assert_true(store_conflict(err));
    claim.version = 2;
    must(st->ops->claim(st, &claim, 1, err, sizeof err), "claim", err);
    claim.version = 3;
    assert_false(st->ops->claim(st, &claim, 1, err, sizeof err));
    assert_non_null(strstr(err, "already taken"));
    must(st->ops->find_invite(st, g.seats[1].invite, id, &seat, &found, err, sizeof err), "find_invite", err);
    assert_false(found);
    StoredGame back = load_stored(g.id);
    assert_true(back.seats[1].claimed);
    assert_int_equal(back.status, STATUS_PLAYING);
    assert_int_equal(back.version, 2);
    stored_game_clear(&back);
    /* a rematch links its game in the same transaction, once */
    StoredGame r1 = make_game("rrrrrrrrr1", 0);
    snprintf(r1.rematch_of, sizeof r1.rematch_of, "%s", g.id);
    must(st->ops->create(st, &r1, err, sizeof err), "rematch", err);
    StoredGame r2 = make_game("rrrrrrrrr2", 0);
    snprintf(r2.rematch_of, sizeof r2.rematch_of, "%s", g.id);
    assert_false(st->ops->create(st, &r2, err, sizeof err));
    assert_non_null(strstr(err, "already has a rematch"));
    must(st->ops->load(st, r2.id, &back, &found, err, sizeof err), "load", err);
    assert_false(found);
    back = load_stored(g.id);
    assert_string_equal(back.rematch, r1.id);
    assert_int_equal(back.version, 3);
    stored_game_clear(&back);
}

typedef struct Ids {
    char ids[16][GAME_ID_LEN + 1];
    int n;
} Ids;

static void collect(void *ctx, const char *id)
{
    Ids *ids = ctx;
    if (ids->n < 16)
        snprintf(ids->ids[ids->n++], GAME_ID_LEN + 1, "%s", id);
}

static void lists_page_in_one_order(void **state)
{
    char err[ERR_MAX + 256];
    const char *ids[] = {"list00000a", "list00000b", "list00000c", "list00000d", "list00000e"};
    for (int i = 0; i < 5; i++) {
        StoredGame g = make_game(ids[i], 0);
        g.created[18] = (char)('0' + i);
        /* two games share an update time: the id breaks the tie */
        snprintf(g.updated, sizeof g.updated, "2026-11-25T10:0%d:00Z", i < 2 ? 0 : i);
        g.listed = i != 4;
        g.status = i == 3 ? STATUS_FINISHED : STATUS_WAITING;
        must(st->ops->create(st, &g, err, sizeof err), "create", err);
    }
    GameSummary rows[4];
    int n;
    must(st->ops->list(st, STATUS_WAITING, "", "", 2, rows, &n, err, sizeof err), "list", err);
    assert_int_equal(n, 2);
    assert_string_equal(rows[0].id, "list00000c");
    assert_string_equal(rows[1].id, "list00000b");
    assert_int_equal(rows[0].num_seats, 3);
    assert_int_equal(rows[0].open_seats, 1);
    assert_int_equal(rows[0].ai_seats, 1);
    char before[21], before_id[GAME_ID_LEN + 1];
    memcpy(before, rows[1].updated, sizeof before);
    memcpy(before_id, rows[1].id, sizeof before_id);
    for (int i = 0; i < n; i++)
        game_summary_clear(&rows[i]);
    must(st->ops->list(st, STATUS_WAITING, before, before_id, 2, rows, &n, err, sizeof err), "list", err);
    assert_int_equal(n, 1);
    assert_string_equal(rows[0].id, "list00000a");
    game_summary_clear(&rows[0]);
    /* games against the AI untouched since before 10:03, the longest first */
    Ids idle = {0}, few = {0}, clocked = {0}, all = {0};
    must(st->ops->each_abandoned(st, "2026-11-25T10:03:00Z", 10, collect, &idle, err, sizeof err), "abandoned", err);
    assert_int_equal(idle.n, 3);
    assert_string_equal(idle.ids[0], "list00000a");
    assert_string_equal(idle.ids[2], "list00000c");
    must(st->ops->each_abandoned(st, "2026-11-25T10:03:00Z", 1, collect, &few, err, sizeof err), "abandoned", err);
    assert_int_equal(few.n, 1);
    must(st->ops->unlist(st, "list00000c", err, sizeof err), "unlist", err);
    must(st->ops->list(st, STATUS_WAITING, "", "", 4, rows, &n, err, sizeof err), "list", err);
    assert_int_equal(n, 2); /* e is unlisted from the start, c now */
    for (int i = 0; i < n; i++)
        game_summary_clear(&rows[i]);
    /* only a game whose clock runs is watched from a server's start */
    StoredGame timed = make_game("list00000f", 0);
    timed.status = STATUS_PLAYING;
    timed.clock = (ClockSpec){.kind = CLOCK_REAL, .initial_ms = 60000};
    must(st->ops->create(st, &timed, err, sizeof err), "create", err);
    must(st->ops->each_clocked(st, collect, &clocked, err, sizeof err), "each_clocked", err);
    assert_int_equal(clocked.n, 1);
    assert_string_equal(clocked.ids[0], "list00000f");
    must(st->ops->each_game(st, collect, &all, err, sizeof err), "each_game", err);
    assert_int_equal(all.n, 6);
}

/* A finished game's analysis: none, saved, replaced, kept over a reopen. */
static void an_analysis_is_kept_and_replaced(void **state)
{
    char err[ERR_MAX + 256];
    StoredGame g = make_game("anal2sis22", 2);
    must(st->ops->create(st, &g, err, sizeof err), "create", err);
    char *json = (char *)"x";
    must(st->ops->analysis_load(st, g.id, &json, err, sizeof err), "analysis_load", err);
    assert_null(json);
    must(st->ops->analysis_save(st, g.id, "{\"a\":1}", "2024-01-02T00:00:00Z", err, sizeof err), "save", err);
    must(st->ops->analysis_save(st, g.id, "{\"a\":\"\\u00e9 \\\"2\\\"\"}", "2024-01-03T00:00:00Z", err, sizeof err),
         "save again", err);
    store_close(st);
    StoreConfig c = {.db = be->db};
    st = store_open(&c, err, sizeof err);
    must(st != NULL, "open again", err);
    must(st->ops->analysis_load(st, g.id, &json, err, sizeof err), "analysis_load", err);
    assert_non_null(json);
    assert_string_equal(json, "{\"a\":\"\\u00e9 \\\"2\\\"\"}");
    free(json);
}

/* A database of a newer morph is refused, never touched. */
static void a_newer_schema_is_refused(void **state)
{
    char err[ERR_MAX + 256];
    StoredGame g = make_game("dddddddddd", 1);
    must(st->ops->create(st, &g, err, sizeof err), "create", err);
    store_close(st);
    st = NULL;
    if (be->pg) {
        assert_true(pg_test_exec(be->db, "INSERT INTO morph_schema (version, summary) VALUES (99, 'the future')"));
    } else {
        sqlite3 *db;
        assert_int_equal(sqlite3_open(be->db, &db), SQLITE_OK);
        assert_int_equal(sqlite3_exec(db, "PRAGMA user_version=99", NULL, NULL, NULL), SQLITE_OK);
        sqlite3_close(db);
    }
    StoreConfig c = {.db = be->db};
    Store *refused = store_open(&c, err, sizeof err);
    assert_null(refused);
    if (!strstr(err, "has schema version 99; this morph reads versions up to"))
        fail_msg("%s: %s", be->name, err);
    if (be->pg)
        assert_true(pg_test_exec(be->db, "DELETE FROM morph_schema WHERE version = 99"));
    else {
        sqlite3 *db;
        sqlite3_open(be->db, &db);
        char set[40];
        snprintf(set, sizeof set, "PRAGMA user_version=%d", store_schema_version());
        sqlite3_exec(db, set, NULL, NULL, NULL);
        sqlite3_close(db);
    }
    st = store_open(&c, err, sizeof err);
    must(st != NULL, "open again", err);
    StoredGame back = load_stored(g.id);
    assert_int_equal(back.count, 1);
    stored_game_clear(&back);
}

/* ---- PostgreSQL: several servers ---- */

static void the_description_keeps_the_password_secret(void **state)
{
    const char *password = getenv("PGPASSWORD");
    char where[320], uri[512], err[ERR_MAX + 256];
    st->ops->describe(st, where, sizeof where);
    assert_non_null(strstr(where, be->name_pg));
    if (!password || !password[0])
        return;
    /* the same database, the password written in the URI */
    const char *at = strstr(be->db, "@");
    assert_non_null(at);
    snprintf(uri, sizeof uri, "postgresql://%.*s:%s%s", (int)(at - be->db - 13), be->db + 13, password, at);
    StoreConfig c = {.db = uri, .pool = 1};
    Store *other = store_open(&c, err, sizeof err);
    must(other != NULL, "open with a password", err);
    other->ops->describe(other, where, sizeof where);
    assert_null(strstr(where, password));
    store_close(other);
    /* a wrong one: the message names the database, never the password */
    snprintf(uri, sizeof uri, "postgresql://%.*s:wrong-secret-1234%s", (int)(at - be->db - 13), be->db + 13, at);
    c.db = uri;
    assert_null(store_open(&c, err, sizeof err));
    assert_null(strstr(err, "wrong-secret-1234"));
}

/* The database restarts (every connection of the store is cut): reads go on
 * at once on new connections, and so do writes after them. */
static void connections_cut_are_made_again(void **state)
{
    char err[ERR_MAX + 256], sql[256];
    StoredGame g = make_game("cutcutcut2", 1);
    must(st->ops->create(st, &g, err, sizeof err), "create", err);
    snprintf(sql, sizeof sql, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '%s'",
             be->name_pg);
    assert_true(pg_test_admin(sql));
    StoredGame back = load_stored(g.id); /* on a new connection */
    assert_int_equal(back.count, 1);
    stored_game_clear(&back);
    g.count = 2;
    g.version = 2;
    must(st->ops->append(st, &g, 1, err, sizeof err), "append after the cut", err);
    must(st->ops->ping(st, err, sizeof err), "ping", err);
}

typedef struct Heard {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    char id[GAME_ID_LEN + 1];
    int64_t version;
    int count;
} Heard;

static void on_heard(void *ctx, const StoreNote *note)
{
    Heard *h = ctx;
    pthread_mutex_lock(&h->lock);
    if (note->kind == NOTE_GAME) {
        snprintf(h->id, sizeof h->id, "%s", note->id);
        h->version = note->version;
        h->count++;
    }
    pthread_cond_signal(&h->cond);
    pthread_mutex_unlock(&h->lock);
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* A change committed through one server is heard by another: the id and
 * the new version, within 100 ms of the commit (the median of 20; every
 * one within a second on a loaded machine). */
static void a_change_is_heard_by_the_others(void **state)
{
    Store *other = second_store();
    Heard h = {.lock = PTHREAD_MUTEX_INITIALIZER, .cond = PTHREAD_COND_INITIALIZER};
    char err[ERR_MAX + 256];
    must(other->ops->watch(other, on_heard, &h, err, sizeof err), "watch", err);
    StoredGame g = make_game("eeeeeeeeee", 0);
    must(st->ops->create(st, &g, err, sizeof err), "create", err);
    double delays[20];
    for (int i = 0; i < 20; i++) {
        pthread_mutex_lock(&h.lock);
        int before = h.count;
        pthread_mutex_unlock(&h.lock);
        g.count = i + 1;
        g.version = i + 2;
        double start = now_ms();
        must(st->ops->append(st, &g, i, err, sizeof err), "append", err);
        pthread_mutex_lock(&h.lock);
        while (h.version != g.version && now_ms() - start < 5000) {
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_nsec += 5000000;
            until.tv_sec += until.tv_nsec / 1000000000;
            until.tv_nsec %= 1000000000;
            pthread_cond_timedwait(&h.cond, &h.lock, &until);
        }
        delays[i] = now_ms() - start;
        assert_true(h.count > before);
        assert_string_equal(h.id, g.id);
        assert_int_equal(h.version, g.version);
        pthread_mutex_unlock(&h.lock);
    }
    qsort(delays, 20, sizeof delays[0], by_value);
    printf("  a change heard by another server: median %.1f ms, slowest %.1f ms\n", delays[10], delays[19]);
    assert_true(delays[10] < 100);
    assert_true(delays[19] < 1000);
    other->ops->leave(other);
    store_close(other);
}

static int claim(Store *s, StoreWork *work, int max)
{
    char err[ERR_MAX + 256];
    int n = 0;
    must(s->ops->claim_work(s, work, max, &n, err, sizeof err), "claim_work", err);
    return n;
}

/* A second server over the database of the test; both have said they are
 * alive. */
static Store *second_live_store(void)
{
    Store *other = second_store();
    char err[ERR_MAX + 256];
    must(st->ops->heartbeat(st, err, sizeof err), "heartbeat", err);
    must(other->ops->heartbeat(other, err, sizeof err), "heartbeat", err);
    return other;
}

/* Server s said it was alive last STORE_DEAD_S + 1 seconds ago: dead. */
static void falls_silent(Store *s)
{
    char sql[256];
    snprintf(sql, sizeof sql, "UPDATE servers SET seen = now() - interval '%d seconds' WHERE id = '%s'",
             STORE_DEAD_S + 1, s->ops->server_id(s));
    assert_true(pg_test_exec(be->db, sql));
}

/* The AI's work of a game is held by the server that wrote the game; no
 * other takes it while that server is alive; when it falls silent for
 * STORE_DEAD_S seconds another takes it, once; a server that leaves lets it
 * go at once. */
static void work_is_held_by_one_live_server(void **state)
{
    Store *other = second_live_store();
    char err[ERR_MAX + 256];
    StoredGame g = make_game("ffffffffff", 0);
    g.ai_to_move = true;
    must(st->ops->create(st, &g, err, sizeof err), "create", err);
    StoreWork work[8];
    assert_int_equal(claim(other, work, 8), 0); /* the writer holds it and is alive */
    assert_int_equal(claim(st, work, 8), 0);    /* and it is not "new" work for the holder */
    /* the holder falls silent */
    falls_silent(st);
    assert_int_equal(claim(other, work, 8), 1);
    assert_string_equal(work[0].id, g.id);
    assert_int_equal(work[0].kind, WORK_AI);
    assert_int_equal(claim(other, work, 8), 0); /* taken once */
    /* a write that leaves no AI to move ends the work; one that leaves one
     * gives it to its writer */
    g.version = 2;
    g.count = 1;
    g.ai_to_move = false;
    must(other->ops->append(other, &g, 0, err, sizeof err), "append", err);
    g.version = 3;
    g.count = 2;
    g.ai_to_move = true;
    must(other->ops->append(other, &g, 1, err, sizeof err), "append", err);
    must(st->ops->heartbeat(st, err, sizeof err), "heartbeat", err);
    assert_int_equal(claim(st, work, 8), 0);
    /* a server that leaves lets its work go at once */
    other->ops->leave(other);
    assert_int_equal(claim(st, work, 8), 1);
    assert_string_equal(work[0].id, g.id);
    store_close(other);
}

/* A running clock is work due when its time runs out: no server takes it
 * before, one takes it then for a short lease (another takes it again if
 * the game has not ended on time meanwhile), and a write that stops the
 * clock ends the work. */
static void a_clock_out_of_time_is_taken_once(void **state)
{
    Store *other = second_live_store();
    char err[ERR_MAX + 256];
    StoredGame g = make_game("gggggggggg", 0);
    g.clock = (ClockSpec){.kind = CLOCK_REAL, .initial_ms = 60000};
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    int64_t wall = (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
    g.clock_at = wall;
    g.clock_due = wall + 60000; /* a minute away */
    must(st->ops->create(st, &g, err, sizeof err), "create", err);
    StoreWork work[8];
    assert_int_equal(claim(st, work, 8), 0);
    assert_int_equal(claim(other, work, 8), 0);
    g.version = 2;
    g.count = 1;
    g.clock_due = wall - 1; /* ran out */
    must(st->ops->append(st, &g, 0, err, sizeof err), "append", err);
    assert_int_equal(claim(other, work, 8), 1);
    assert_string_equal(work[0].id, g.id);
    assert_int_equal(work[0].kind, WORK_CLOCK);
    assert_int_equal(claim(st, work, 8), 0); /* leased to other */
    StoredGame back;
    bool found;
    must(st->ops->load(st, g.id, &back, &found, err, sizeof err), "load", err);
    assert_int_equal(back.clock_at, wall);
    assert_int_equal(back.clock.initial_ms, 60000);
    stored_game_clear(&back);
    g.version = 3;
    g.count = 2;
    g.clock_due = 0; /* the game ended on time: no clock runs */
    must(other->ops->append(other, &g, 1, err, sizeof err), "append", err);
    char sql[160];
    snprintf(sql, sizeof sql, "UPDATE work SET due = now() - interval '1 minute' WHERE game_id = '%s'", g.id);
    assert_true(pg_test_exec(be->db, sql));
    assert_int_equal(claim(st, work, 8), 0);
    assert_int_equal(claim(other, work, 8), 0);
    store_close(other);
}

typedef struct Taker {
    Store *store;
    StoreWork work[64];
    int n;
    pthread_barrier_t *start;
} Taker;

static void *take(void *arg)
{
    Taker *t = arg;
    pthread_barrier_wait(t->start);
    for (int round = 0; round < 8; round++)
        t->n += claim(t->store, t->work + t->n, 4);
    return NULL;
}

/* An analysis asked for on two servers is taken by one while it lives;
 * the other sees it held; when its server dies, another takes it (by
 * asking, or from claim_work), once; its save ends the work. */
static void an_analysis_is_taken_once(void **state)
{
    Store *other = second_live_store();
    char err[ERR_MAX + 256];
    StoredGame g = make_game("hhhhhhhhhh", 1);
    must(st->ops->create(st, &g, err, sizeof err), "create", err);
    bool taken = false, held = true;
    must(st->ops->work_held(st, g.id, WORK_ANALYSIS, &held, err, sizeof err), "work_held", err);
    assert_false(held);
    must(st->ops->work_take(st, g.id, WORK_ANALYSIS, &taken, err, sizeof err), "work_take", err);
    assert_true(taken);
    must(st->ops->work_take(st, g.id, WORK_ANALYSIS, &taken, err, sizeof err), "work_take again", err);
    assert_true(taken); /* its own */
    must(other->ops->work_take(other, g.id, WORK_ANALYSIS, &taken, err, sizeof err), "work_take", err);
    assert_false(taken);
    must(other->ops->work_held(other, g.id, WORK_ANALYSIS, &held, err, sizeof err), "work_held", err);
    assert_true(held);
    StoreWork work[8];
    assert_int_equal(claim(other, work, 8), 0);
    /* its server falls silent: claim_work hands it to another, once */
    falls_silent(st);
    assert_int_equal(claim(other, work, 8), 1);
    assert_string_equal(work[0].id, g.id);
    assert_int_equal(work[0].kind, WORK_ANALYSIS);
    assert_int_equal(claim(other, work, 8), 0);
    must(other->ops->work_take(other, g.id, WORK_ANALYSIS, &taken, err, sizeof err), "work_take", err);
    assert_true(taken); /* the taker runs it */
    must(st->ops->heartbeat(st, err, sizeof err), "heartbeat", err);
    must(st->ops->work_take(st, g.id, WORK_ANALYSIS, &taken, err, sizeof err), "work_take", err);
    assert_false(taken); /* back to life: not its own any more */
    /* the save ends the work; a failed one ends it by work_end */
    must(other->ops->analysis_save(other, g.id, "{}", "2024-01-02T00:00:00Z", err, sizeof err), "save", err);
    must(st->ops->work_held(st, g.id, WORK_ANALYSIS, &held, err, sizeof err), "work_held", err);
    assert_false(held);
    must(st->ops->work_take(st, g.id, WORK_ANALYSIS, &taken, err, sizeof err), "work_take", err);
    assert_true(taken);
    must(st->ops->work_end(st, g.id, WORK_ANALYSIS, err, sizeof err), "work_end", err);
    must(other->ops->work_held(other, g.id, WORK_ANALYSIS, &held, err, sizeof err), "work_held", err);
    assert_false(held);
    other->ops->leave(other);
    store_close(other);
}

/* Two servers taking work at the same moment never take the same piece
 * (FOR UPDATE SKIP LOCKED), and together take it all. */
static void two_servers_never_take_the_same_work(void **state)
{
    char err[ERR_MAX + 256];
    enum { GAMES = 40 };
    for (int i = 0; i < GAMES; i++) {
        char id[GAME_ID_LEN + 1];
        snprintf(id, sizeof id, "work%06u", (unsigned)i % 1000000u);
        StoredGame g = make_game(id, 0);
        g.ai_to_move = true;
        must(st->ops->create(st, &g, err, sizeof err), "create", err);
    }
    st->ops->leave(st); /* every piece is free now */
    Store *a = second_store(), *b = second_store();
    must(a->ops->heartbeat(a, err, sizeof err), "heartbeat", err);
    must(b->ops->heartbeat(b, err, sizeof err), "heartbeat", err);
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, 2);
    Taker takers[2] = {{.store = a, .start = &start}, {.store = b, .start = &start}};
    pthread_t threads[2];
    for (int k = 0; k < 2; k++)
        pthread_create(&threads[k], NULL, take, &takers[k]);
    for (int k = 0; k < 2; k++)
        pthread_join(threads[k], NULL);
    pthread_barrier_destroy(&start);
    assert_int_equal(takers[0].n + takers[1].n, GAMES);
    for (int i = 0; i < takers[0].n; i++)
        for (int j = 0; j < takers[1].n; j++)
            if (strcmp(takers[0].work[i].id, takers[1].work[j].id) == 0)
                fail_msg("both servers took the work of %s", takers[0].work[i].id);
    printf("  %d pieces of work taken by two servers at once: %d and %d\n", GAMES, takers[0].n, takers[1].n);
    store_close(a);
    store_close(b);
}

int main(void)
{
    const struct CMUnitTest sqlite_tests[] = {
        cmocka_unit_test_setup_teardown(a_game_comes_back_as_stored, setup_sqlite, teardown),
        cmocka_unit_test_setup_teardown(a_stale_write_is_a_conflict, setup_sqlite, teardown),
        cmocka_unit_test_setup_teardown(a_quiet_append_keeps_the_rest, setup_sqlite, teardown),
        cmocka_unit_test_setup_teardown(racing_writers_store_one_action, setup_sqlite, teardown),
        cmocka_unit_test_setup_teardown(claims_and_rematches_are_once, setup_sqlite, teardown),
        cmocka_unit_test_setup_teardown(lists_page_in_one_order, setup_sqlite, teardown),
        cmocka_unit_test_setup_teardown(an_analysis_is_kept_and_replaced, setup_sqlite, teardown),
        cmocka_unit_test_setup_teardown(a_newer_schema_is_refused, setup_sqlite, teardown),
    };
    const struct CMUnitTest pg_tests[] = {
        cmocka_unit_test_setup_teardown(a_game_comes_back_as_stored, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(a_stale_write_is_a_conflict, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(a_quiet_append_keeps_the_rest, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(racing_writers_store_one_action, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(claims_and_rematches_are_once, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(lists_page_in_one_order, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(an_analysis_is_kept_and_replaced, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(a_newer_schema_is_refused, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(the_description_keeps_the_password_secret, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(connections_cut_are_made_again, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(a_change_is_heard_by_the_others, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(work_is_held_by_one_live_server, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(a_clock_out_of_time_is_taken_once, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(an_analysis_is_taken_once, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(two_servers_never_take_the_same_work, setup_pg, teardown),
    };
    int failed = cmocka_run_group_tests_name("store on sqlite", sqlite_tests, NULL, NULL);
    if (pg_test_cluster())
        failed += cmocka_run_group_tests_name("store on postgresql", pg_tests, NULL, NULL);
    else
        printf("store on postgresql: not run (MORPH_TEST_PG is not set; tests/run.sh sets it)\n");
    return failed != 0;
}
