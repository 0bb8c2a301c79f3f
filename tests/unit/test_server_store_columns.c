/* Malformed values in the store's columns, on both backends
 * (store_backends.h): a value changed behind the store's back (through
 * sqlite3 or libpq directly: a text where a number belongs, a number out of
 * range, NULL where the schema has none, a text too long for its place, a
 * status or clock kind the store never writes, another SQLite storage
 * class) fails the read with one line naming the column, instead of being
 * read as 0; nothing crashes, and a refused write changes nothing. Numbers
 * PostgreSQL writes with an exponent read back exactly. */
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
#include "pg_test.h"
#include "store_backends.h"

static char err[ERR_MAX + 256];

/* Runs the backend's sql on the test's database, the store closed, then
 * opens it again (a column's new type would trip PostgreSQL's statements
 * prepared before it). */
static void behind_the_back(const char *sqlite_sql, const char *pg_sql)
{
    store_close(st);
    st = NULL;
    if (be->pg) {
        assert_true(pg_test_exec(be->db, pg_sql));
    } else {
        sqlite3 *db;
        char *msg = NULL;
        assert_int_equal(sqlite3_open(be->db, &db), SQLITE_OK);
        if (sqlite3_exec(db, sqlite_sql, NULL, NULL, &msg) != SQLITE_OK)
            fail_msg("%s: %s", sqlite_sql, msg);
        sqlite3_close(db);
    }
    st = second_store();
}

/* A read (or write) that must fail with exactly want, one line. */
static void refused(bool ok, const char *want)
{
    if (ok)
        fail_msg("%s: it succeeded, where it should fail with: %s", be->name, want);
    assert_string_equal(err, want);
}

/* want with the column number of the backend: sqlite_col or pg_col. */
static const char *at_column(const char *want, int sqlite_col, int pg_col)
{
    static char text[ERR_MAX];
    snprintf(text, sizeof text, want, be->pg ? pg_col : sqlite_col);
    return text;
}

static StoredAction moves[2] = {{"c3", 0}, {"d4", 1}};

/* A rated game with a clock between accounts a and b, two actions, at
 * version 1 (stored). */
static StoredGame make_game(const char *id, AccountId a, AccountId b)
{
    StoredGame g;
    memset(&g, 0, sizeof g);
    snprintf(g.id, sizeof g.id, "%s", id);
    snprintf(g.game, sizeof g.game, "morphos");
    g.options = "{\"size\":5}";
    g.listed = true;
    g.status = STATUS_PLAYING;
    snprintf(g.created, sizeof g.created, "2024-05-01T10:00:00Z");
    snprintf(g.updated, sizeof g.updated, "2024-05-01T10:00:00Z");
    g.undo_low = -1;
    g.version = 1;
    g.num_seats = 2;
    g.rated = true;
    g.clock = (ClockSpec){.kind = CLOCK_REAL, .initial_ms = 60000, .increment_ms = 2000};
    g.clock_left[0] = g.clock_left[1] = 60000;
    AccountId who[2] = {a, b};
    for (int p = 0; p < 2; p++) {
        g.seats[p] = (StoredSeat){.kind = SEAT_HUMAN, .claimed = true, .account = who[p]};
        memset(g.seats[p].token_hash, 'a' + p, TOKEN_HASH_LEN);
    }
    g.actions = moves;
    g.count = 2;
    if (!st->ops->create(st, &g, err, sizeof err))
        fail_msg("create (%s): %s", be->name, err);
    return g;
}

static void make_challenge(const char *id, AccountId account)
{
    StoredChallenge c = {.account = account, .rated = true, .clock = {.kind = CLOCK_REAL, .initial_ms = 60000}};
    snprintf(c.id, sizeof c.id, "%s", id);
    snprintf(c.game, sizeof c.game, "morphos");
    snprintf(c.options, sizeof c.options, "{\"size\":5}");
    snprintf(c.created, sizeof c.created, "2024-05-01T10:00:00Z");
    snprintf(c.expires, sizeof c.expires, "2024-05-01T11:00:00Z");
    assert_true(st->ops->challenge_create(st, &c, err, sizeof err));
}

static bool load(const char *id, StoredGame *g)
{
    bool found = true;
    bool ok = st->ops->load(st, id, g, &found, err, sizeof err);
    if (!ok)
        assert_false(found);
    return ok;
}

static void a_text_where_a_number_belongs(void **state)
{
    make_game("game1aaaaa", make_account("alice"), make_account("bob"));
    make_game("game2aaaaa", make_account("carol"), make_account("dave"));
    const char *set = "UPDATE games SET seed = 'abc' WHERE id = 'game1aaaaa';"
                      "UPDATE games SET seed = '12abc' WHERE id = 'game2aaaaa'";
    char pg_sql[256];
    snprintf(pg_sql, sizeof pg_sql, "ALTER TABLE games ALTER COLUMN seed TYPE text; %s", set);
    behind_the_back(set, pg_sql);
    StoredGame g;
    refused(load("game1aaaaa", &g), "database: cannot read the game: column 3 (seed) holds 'abc', expected an integer");
    /* a number's start is no number */
    refused(load("game2aaaaa", &g), "database: cannot read the game: column 3 (seed) holds '12abc', expected an integer");
}

/* The version a server checks before serving a game from memory. */
static void a_version_that_is_no_version(void **state)
{
    make_game("game1aaaaa", make_account("alice"), make_account("bob"));
    behind_the_back("UPDATE games SET version = 'v2'",
                    "ALTER TABLE games ALTER COLUMN version DROP NOT NULL; UPDATE games SET version = NULL");
    int64_t version = 7;
    bool found;
    refused(st->ops->peek(st, "game1aaaaa", &version, &found, err, sizeof err),
            be->pg ? "database: cannot read the game: column 1 (version) holds NULL, expected an integer"
                   : "database: cannot read the game: column 1 (version) holds 'v2', expected an integer");
    assert_int_equal(version, 0); /* never a text read as a number */
    StoredGame g;
    refused(load("game1aaaaa", &g), be->pg ? "database: cannot read the game: column 13 (version) holds NULL, expected "
                                             "an integer"
                                           : "database: cannot read the game: column 13 (version) holds 'v2', expected "
                                             "an integer");
}

static void a_clock_list_that_is_not_numbers(void **state)
{
    make_game("game1aaaaa", make_account("alice"), make_account("bob"));
    make_game("game2aaaaa", make_account("carol"), make_account("dave"));
    behind_the_back("UPDATE games SET clock_left = '60000,1e3' WHERE id = 'game1aaaaa';"
                    "UPDATE games SET clock_left = '60000,' WHERE id = 'game2aaaaa'",
                    "UPDATE games SET clock_left = '60000,1e3' WHERE id = 'game1aaaaa';"
                    "UPDATE games SET clock_left = '60000,' WHERE id = 'game2aaaaa'");
    StoredGame g;
    refused(load("game1aaaaa", &g), at_column("database: cannot read the game: column %d (clock_left) holds "
                                              "'60000,1e3', expected milliseconds separated by commas", 19, 23));
    refused(load("game2aaaaa", &g), at_column("database: cannot read the game: column %d (clock_left) holds "
                                              "'60000,', expected milliseconds separated by commas", 19, 23));
}

static void a_rating_that_is_not_a_number(void **state)
{
    AccountId alice = make_account("alice"), bob = make_account("bob");
    StoredGame g = make_game("game1aaaaa", alice, bob);
    make_challenge("chal1aaaaa", alice);
    char sqlite_sql[256], pg_sql[320];
    const char *row = "INSERT INTO ratings VALUES (%lld, 'morphos', 'abc', 350, 0.06, 1, '2024-05-01T10:00:00Z')";
    snprintf(sqlite_sql, sizeof sqlite_sql, row, (long long)alice);
    snprintf(pg_sql, sizeof pg_sql, "ALTER TABLE ratings ALTER COLUMN rating TYPE text; %s", sqlite_sql);
    behind_the_back(sqlite_sql, pg_sql);

    StoredRating ratings[4];
    int n = -1;
    refused(st->ops->ratings_of(st, alice, ratings, 4, &n, err, sizeof err),
            "database: cannot read the ratings: column 2 (rating) holds 'abc', expected a number");
    assert_int_equal(n, 0);
    LeaderRow leaders[4];
    refused(st->ops->leaderboard(st, "morphos", LEADERS_ALL, 0, 4, leaders, &n, err, sizeof err),
            "database: cannot read the leaderboard: column 2 (rating) holds 'abc', expected a number");
    StoredChallenge challenges[4];
    refused(st->ops->challenges(st, "2024-05-01T10:30:00Z", challenges, 4, &n, err, sizeof err),
            "database: cannot read the lobby: column 14 (rating) holds 'abc', expected a number");
    assert_int_equal(n, 0);

    /* the game's end would move the rating: refused, and the game stays as it was */
    g.version = 2;
    g.status = STATUS_FINISHED;
    g.result = "{\"winner\":0}";
    g.rate_now = true;
    g.score[0] = 1;
    refused(st->ops->append(st, &g, 2, err, sizeof err),
            "database: cannot read a rating: column 1 (rating) holds 'abc', expected a number");
    int64_t version = 0;
    bool found = false;
    assert_true(st->ops->peek(st, "game1aaaaa", &version, &found, err, sizeof err));
    assert_true(found);
    assert_int_equal(version, 1);
}

static void a_number_out_of_range(void **state)
{
    AccountId alice = make_account("alice");
    make_game("game1aaaaa", alice, make_account("bob"));
    ChatMessage m = {.channel = CHAT_PLAYERS, .account = alice, .seat = 0};
    snprintf(m.author, sizeof m.author, "alice");
    snprintf(m.text, sizeof m.text, "hello");
    snprintf(m.at, sizeof m.at, "2024-05-01T10:01:00Z");
    assert_true(st->ops->chat_append(st, "game1aaaaa", &m, err, sizeof err));
    behind_the_back("UPDATE chat SET seat = 5000000000",
                    "ALTER TABLE chat ALTER COLUMN seat TYPE bigint; UPDATE chat SET seat = 5000000000");
    ChatMessage list[4];
    int n = -1;
    refused(st->ops->chat_list(st, "game1aaaaa", CHAT_PLAYERS, -1, 4, list, &n, err, sizeof err),
            "database: cannot read the chat: column 5 (seat) holds '5000000000', expected an integer from "
            "-2147483648 to 2147483647");
    assert_int_equal(n, 0);
}

static void a_text_too_long_for_its_place(void **state)
{
    AccountId alice = make_account("alice");
    make_game("game1aaaaa", alice, make_account("bob"));
    behind_the_back("UPDATE games SET game = 'morphosmorphosmorph'", "UPDATE games SET game = 'morphosmorphosmorph'");
    const char *want = "database: cannot list the games: column 2 (game) holds 'morphosmorphosmorph', expected a "
                       "text of at most 15 bytes";
    GameSummary list[4];
    int n = -1;
    refused(st->ops->list(st, STATUS_PLAYING, NULL, NULL, 4, list, &n, err, sizeof err), want);
    assert_int_equal(n, 0);
    refused(st->ops->games_of(st, alice, true, 4, list, &n, err, sizeof err), want);
    assert_int_equal(n, 0);
    StoredGame g;
    refused(load("game1aaaaa", &g), "database: cannot read the game: column 1 (game) holds 'morphosmorphosmorph', "
                                    "expected a text of at most 15 bytes");
}

static void a_status_or_clock_the_store_never_writes(void **state)
{
    AccountId alice = make_account("alice");
    make_game("game1aaaaa", alice, make_account("bob"));
    make_challenge("chal1aaaaa", alice);
    const char *sql = "UPDATE games SET status = 'paused'; UPDATE challenges SET clock_kind = 7";
    behind_the_back(sql, sql);
    StoredGame g;
    refused(load("game1aaaaa", &g),
            "database: cannot read the game: column 6 (status) holds 'paused', expected waiting, playing or finished");
    StoredChallenge list[4];
    int n = -1;
    refused(st->ops->challenges(st, "2024-05-01T10:30:00Z", list, 4, &n, err, sizeof err),
            "database: cannot read the lobby: column 6 (clock_kind) holds '7', expected 0, 1 or 2 (none, real time, "
            "days)");
}

/* PostgreSQL: NULL where the schema had none, a boolean that is not one. */
static void a_null_where_none_may_be(void **state)
{
    make_game("game1aaaaa", make_account("alice"), make_account("bob"));
    make_game("game2aaaaa", make_account("carol"), make_account("dave"));
    behind_the_back(NULL, "ALTER TABLE games ALTER COLUMN created DROP NOT NULL;"
                          "UPDATE games SET created = NULL WHERE id = 'game1aaaaa';"
                          "ALTER TABLE games ALTER COLUMN rated TYPE text USING rated::text;"
                          "UPDATE games SET rated = 'yes' WHERE id = 'game2aaaaa'");
    StoredGame g;
    refused(load("game1aaaaa", &g), "database: cannot read the game: column 8 (created) holds NULL, expected a text");
    refused(load("game2aaaaa", &g), "database: cannot read the game: column 18 (rated) holds 'yes', expected t or f");
}

/* SQLite keeps what it is given: a real where an integer belongs, an
 * integer that is no boolean, a blob where a text belongs. */
static void a_value_of_another_storage_class(void **state)
{
    make_game("game1aaaaa", make_account("alice"), make_account("bob"));
    make_game("game2aaaaa", make_account("carol"), make_account("dave"));
    make_game("game3aaaaa", make_account("erin"), make_account("fred"));
    behind_the_back("UPDATE actions SET player = 1.5 WHERE game_id = 'game1aaaaa' AND idx = 1;"
                    "UPDATE games SET rated = 2 WHERE id = 'game2aaaaa';"
                    "UPDATE games SET options = x'41ff' WHERE id = 'game3aaaaa'",
                    NULL);
    StoredGame g;
    refused(load("game1aaaaa", &g), "database: cannot read the actions: column 3 (player) holds '1.5', expected an integer");
    refused(load("game2aaaaa", &g), "database: cannot read the game: column 14 (rated) holds '2', expected 0 or 1");
    refused(load("game3aaaaa", &g), "database: cannot read the game: column 2 (options) holds 'A?', expected a text");
}

/* Well-formed extremes read exactly: PostgreSQL writes these doubles with
 * an exponent; a clock may be negative (time ran out). */
static void extreme_numbers_read_exactly(void **state)
{
    AccountId alice = make_account("alice");
    make_game("game1aaaaa", alice, make_account("bob"));
    char sql[256];
    snprintf(sql, sizeof sql,
             "INSERT INTO ratings VALUES (%lld, 'morphos', -1e+20, 1.5e-05, 0.0625, 3, '2024-05-01T10:00:00Z');"
             "UPDATE games SET clock_left = '-500,60000'",
             (long long)alice);
    behind_the_back(sql, sql);
    StoredRating r[2];
    int n = 0;
    assert_true(st->ops->ratings_of(st, alice, r, 2, &n, err, sizeof err));
    assert_int_equal(n, 1);
    assert_true(r[0].rating == -1e20);
    assert_true(r[0].rd == 1.5e-05);
    assert_true(r[0].vol == 0.0625);
    assert_int_equal(r[0].games, 3);
    StoredGame g;
    assert_true(load("game1aaaaa", &g));
    assert_int_equal(g.clock_left[0], -500);
    assert_int_equal(g.clock_left[1], 60000);
    assert_int_equal(g.count, 2);
    stored_game_clear(&g);
}

#define SQ(test) cmocka_unit_test_setup_teardown(test, setup_sqlite, teardown)
#define PG(test) cmocka_unit_test_setup_teardown(test, setup_pg, teardown)

int main(void)
{
    const struct CMUnitTest sqlite_tests[] = {
        SQ(a_text_where_a_number_belongs), SQ(a_version_that_is_no_version), SQ(a_clock_list_that_is_not_numbers),
        SQ(a_rating_that_is_not_a_number), SQ(a_number_out_of_range),
        SQ(a_text_too_long_for_its_place), SQ(a_status_or_clock_the_store_never_writes),
        SQ(a_value_of_another_storage_class), SQ(extreme_numbers_read_exactly),
    };
    const struct CMUnitTest pg_tests[] = {
        PG(a_text_where_a_number_belongs), PG(a_version_that_is_no_version), PG(a_clock_list_that_is_not_numbers),
        PG(a_rating_that_is_not_a_number), PG(a_number_out_of_range),
        PG(a_text_too_long_for_its_place), PG(a_status_or_clock_the_store_never_writes),
        PG(a_null_where_none_may_be),      PG(extreme_numbers_read_exactly),
    };
    int failed = cmocka_run_group_tests_name("store columns on sqlite", sqlite_tests, NULL, NULL);
    if (pg_test_cluster())
        failed += cmocka_run_group_tests_name("store columns on postgresql", pg_tests, NULL, NULL);
    else
        printf("store columns on postgresql: not run (MORPH_TEST_PG is not set; tests/run.sh sets it)\n");
    return failed != 0;
}
