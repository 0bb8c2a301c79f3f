/* Plain moves (store.h's only_actions: SQLite then writes the actions
 * alone, carrying the version) on both backends (store_backends.h): the
 * version and count come back, in lists too, and every later write is
 * checked against that version. Apart from test_server_store.c, which
 * holds the rest of the store's games. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/server/store/store.h"
#include "store_backends.h"

static StoredAction actions[16];

/* A running game of two claimed seats with n actions, at version 1. */
static StoredGame make_game(const char *id, int n)
{
    StoredGame g;
    memset(&g, 0, sizeof g);
    snprintf(g.id, sizeof g.id, "%s", id);
    snprintf(g.game, sizeof g.game, "morphos");
    g.options = "{\"size\":5,\"mutators\":[],\"move-cap\":0}";
    g.listed = true;
    g.status = STATUS_PLAYING;
    snprintf(g.created, sizeof g.created, "2026-11-25T10:00:00Z");
    snprintf(g.updated, sizeof g.updated, "2026-11-25T10:00:00Z");
    g.undo_low = -1;
    g.version = 1;
    g.num_seats = 2;
    g.seats[0] = g.seats[1] = (StoredSeat){.kind = SEAT_HUMAN, .claimed = true};
    static char texts[16][16];
    for (int i = 0; i < 16; i++) {
        snprintf(texts[i], sizeof texts[i], "c%d", i);
        actions[i] = (StoredAction){texts[i], i % 2};
    }
    g.actions = actions;
    g.count = n;
    return g;
}

/* Moves that change nothing of the game's row but its version and count
 * (only_actions: SQLite then writes the actions alone) come back with that
 * version and count, in lists too, and every later write (a stale move, an
 * undo, a claim, a rematch link, a move that ends the game) is checked
 * against that version. */
static void plain_moves_keep_their_version(void **state)
{
    char err[ERR_MAX + 256];
    StoredGame g = make_game("pppppppppp", 2);
    must(st->ops->create(st, &g, err, sizeof err), "create", err);
    for (int n = 3; n <= 6; n++) {
        StoredGame move = g;
        move.count = n;
        move.version = n - 1;
        move.listing_same = move.only_actions = true;
        must(st->ops->append(st, &move, n - 1, err, sizeof err), "a plain move", err);
    }
    if (!be->pg) { /* SQLite left the game's row as created */
        sqlite3 *db;
        sqlite3_stmt *q;
        assert_int_equal(sqlite3_open(be->db, &db), SQLITE_OK);
        sqlite3_prepare_v2(db, "SELECT version, actions FROM games WHERE id = 'pppppppppp'", -1, &q, NULL);
        assert_int_equal(sqlite3_step(q), SQLITE_ROW);
        assert_true(sqlite3_column_int(q, 0) == 1 && sqlite3_column_int(q, 1) == 2);
        sqlite3_finalize(q);
        sqlite3_close(db);
    }
    int64_t version = 0;
    bool found = false;
    must(st->ops->peek(st, g.id, &version, &found, err, sizeof err), "peek", err);
    assert_true(found);
    assert_int_equal(version, 5);
    StoredGame back = load_stored(g.id);
    assert_true(back.count == 6 && back.version == 5 && back.status == STATUS_PLAYING);
    assert_string_equal(back.actions[5].text, "c5");
    stored_game_clear(&back);
    GameSummary list[4];
    int n = 0;
    must(st->ops->list(st, STATUS_PLAYING, NULL, NULL, 4, list, &n, err, sizeof err), "list", err);
    assert_int_equal(n, 1);
    assert_int_equal(list[0].count, 6);
    for (int i = 0; i < n; i++)
        game_summary_clear(&list[i]);
    /* a writer who knew version 4, both ways */
    StoredGame stale = g;
    stale.count = 7;
    stale.version = 5;
    stale.listing_same = stale.only_actions = true;
    assert_false(st->ops->append(st, &stale, 6, err, sizeof err));
    assert_true(store_conflict(err));
    stale.only_actions = false;
    assert_false(st->ops->append(st, &stale, 6, err, sizeof err));
    assert_true(store_conflict(err));
    /* an undo over the moves' version, then a plain move after it */
    StoredGame undo = g;
    undo.count = 4;
    undo.version = 5;
    assert_false(st->ops->truncate(st, &undo, err, sizeof err));
    assert_true(store_conflict(err));
    undo.version = 6;
    undo.epoch = 1;
    undo.undo_low = 4;
    must(st->ops->truncate(st, &undo, err, sizeof err), "undo", err);
    StoredGame move = undo;
    move.count = 5;
    move.version = 7;
    move.listing_same = move.only_actions = true;
    must(st->ops->append(st, &move, 4, err, sizeof err), "a plain move after the undo", err);
    back = load_stored(g.id);
    assert_true(back.count == 5 && back.version == 7 && back.epoch == 1 && back.undo_low == 4);
    stored_game_clear(&back);
    /* a rematch link moves the version on from there */
    StoredGame r = make_game("pppppppppr", 0);
    snprintf(r.rematch_of, sizeof r.rematch_of, "%s", g.id);
    must(st->ops->create(st, &r, err, sizeof err), "rematch", err);
    back = load_stored(g.id);
    assert_int_equal(back.version, 8);
    stored_game_clear(&back);
    /* the last move writes the row: status and result */
    move.count = 6;
    move.version = 9;
    move.listing_same = move.only_actions = false;
    move.status = STATUS_FINISHED;
    move.result = "{\"winners\":[1]}";
    must(st->ops->append(st, &move, 5, err, sizeof err), "the last move", err);
    back = load_stored(g.id);
    assert_true(back.count == 6 && back.version == 9 && back.status == STATUS_FINISHED);
    assert_string_equal(back.result, "{\"winners\":[1]}");
    stored_game_clear(&back);
}

int main(void)
{
    const struct CMUnitTest sqlite_tests[] = {
        cmocka_unit_test_setup_teardown(plain_moves_keep_their_version, setup_sqlite, teardown),
    };
    const struct CMUnitTest pg_tests[] = {
        cmocka_unit_test_setup_teardown(plain_moves_keep_their_version, setup_pg, teardown),
    };
    int failed = cmocka_run_group_tests_name("plain moves on sqlite", sqlite_tests, NULL, NULL);
    if (pg_test_cluster())
        failed += cmocka_run_group_tests_name("plain moves on postgresql", pg_tests, NULL, NULL);
    else
        printf("plain moves on postgresql: not run (MORPH_TEST_PG is not set; tests/run.sh sets it)\n");
    return failed != 0;
}
