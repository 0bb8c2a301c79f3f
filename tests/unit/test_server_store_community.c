/* The store's accounts, sessions, ratings, lobby and chat on both backends
 * (store_backends.h: a fresh SQLite file, then a fresh PostgreSQL
 * database), and the migration of an SQLite file made by an older morph
 * (schema 1): each call one transaction, refusals that change nothing, the
 * rating update in the transaction that ends a game. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/server/base/glicko2.h"
#include "../../src/server/store/store.h"
#include "../../src/server/store/store_migrations.h"
#include "store_backends.h"

static char err[512];

/* The SQLite file of the migration test (no store opened by a setup). */
static char dir[64], path[128];

static int setup_file(void **state)
{
    snprintf(dir, sizeof dir, "/tmp/morph-test-store-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/morph.db", dir);
    st = NULL;
    return 0;
}

static int teardown_file(void **state)
{
    store_close(st);
    st = NULL;
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
    return 0;
}

static Store *open_store(void)
{
    Store *s = store_open_sqlite(path, false, err, sizeof err);
    if (!s)
        fail_msg("%s", err);
    return s;
}

/* A two-seat game between accounts a and b (no actions). */
static void make_game(const char *id, AccountId a, AccountId b, bool rated, StoredGame *g)
{
    const char *from = g->from_challenge;
    memset(g, 0, sizeof *g);
    g->from_challenge = from;
    snprintf(g->id, sizeof g->id, "%s", id);
    snprintf(g->game, sizeof g->game, "morphos");
    g->options = "{\"size\":5}";
    g->status = STATUS_PLAYING;
    snprintf(g->created, sizeof g->created, "2024-05-01T10:00:00Z");
    snprintf(g->updated, sizeof g->updated, "2024-05-01T10:00:00Z");
    g->undo_low = -1;
    g->version = 1;
    g->num_seats = 2;
    g->rated = rated;
    g->clock = (ClockSpec){.kind = CLOCK_REAL, .initial_ms = 60000, .increment_ms = 2000};
    g->clock_left[0] = g->clock_left[1] = 60000;
    AccountId who[2] = {a, b};
    for (int p = 0; p < 2; p++) {
        g->seats[p].kind = SEAT_HUMAN;
        g->seats[p].claimed = true;
        g->seats[p].account = who[p];
        snprintf(g->seats[p].token_hash, sizeof g->seats[p].token_hash, "%064d", p);
    }
    assert_true(st->ops->create(st, g, err, sizeof err));
}

static void migrates_an_older_database(void **state)
{
    /* schema 1 as morph wrote it before accounts, with one game */
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    const char *v1 =
        "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,"
        " real_dice INTEGER NOT NULL, listed INTEGER NOT NULL, status TEXT NOT NULL, result TEXT, created TEXT NOT NULL,"
        " updated TEXT NOT NULL, rematch_of TEXT, rematch TEXT, undo_low INTEGER NOT NULL DEFAULT -1,"
        " actions INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL DEFAULT 0);"
        "CREATE INDEX games_by_status ON games(status, listed, updated);"
        "CREATE TABLE seats (game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, kind TEXT NOT NULL,"
        " ai TEXT, claimed INTEGER NOT NULL, token_hash TEXT, invite TEXT UNIQUE, PRIMARY KEY (game_id, seat)) WITHOUT ROWID;"
        "CREATE TABLE actions (game_id TEXT NOT NULL REFERENCES games(id), idx INTEGER NOT NULL, text TEXT NOT NULL,"
        " player INTEGER NOT NULL, PRIMARY KEY (game_id, idx)) WITHOUT ROWID;"
        "INSERT INTO games VALUES ('abcdefghij','morphos','{\"size\":5}',7,0,1,'playing',NULL,'2024-01-01T00:00:00Z',"
        " '2024-01-01T00:00:00Z',NULL,NULL,-1,1,2);"
        "INSERT INTO seats VALUES ('abcdefghij',0,'human',NULL,1,'aa',NULL),('abcdefghij',1,'ai','greedy',0,NULL,NULL);"
        "INSERT INTO actions VALUES ('abcdefghij',0,'c3',0);"
        "PRAGMA user_version=1;";
    assert_int_equal(sqlite3_exec(db, v1, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    st = open_store();
    StoredGame g;
    bool found = false;
    assert_true(st->ops->load(st, "abcdefghij", &g, &found, err, sizeof err));
    assert_true(found);
    assert_int_equal(g.count, 1);
    assert_string_equal(g.actions[0].text, "c3");
    assert_false(g.rated);
    assert_true(g.takebacks); /* migration 8: an unrated game keeps its takebacks */
    assert_int_equal(g.clock.kind, CLOCK_NONE);
    assert_int_equal(g.seats[0].account, 0);
    stored_game_clear(&g);
    /* accounts work on the migrated database, and it reopens as it is */
    make_account("alice");
    store_close(st);
    st = open_store();
    Account a;
    assert_true(st->ops->account_find(st, "ALICE", 0, &a, &found, err, sizeof err));
    assert_true(found);
    /* a newer database than this morph reads is refused */
    store_close(st);
    st = NULL;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, "PRAGMA user_version=99;", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    assert_null(store_open_sqlite(path, false, err, sizeof err));
    char says[96];
    snprintf(says, sizeof says, "has schema version 99; this morph reads versions up to %d", store_schema_version());
    assert_non_null(strstr(err, says));
}

static void accounts_and_sessions(void **state)
{
    AccountId alice = make_account("Alice");
    Account a = {0};
    snprintf(a.name, sizeof a.name, "aLiCe");
    snprintf(a.password_hash, sizeof a.password_hash, "x");
    AccountId id = 0;
    bool taken = false, found = false;
    assert_true(st->ops->account_create(st, &a, &id, &taken, err, sizeof err));
    assert_true(taken); /* unique without regard to case */
    Account got;
    assert_true(st->ops->account_find(st, "alice", 0, &got, &found, err, sizeof err));
    assert_true(found);
    assert_string_equal(got.name, "Alice");
    assert_int_equal(got.id, alice);
    assert_true(st->ops->account_find(st, NULL, alice, &got, &found, err, sizeof err));
    assert_true(found);
    assert_true(st->ops->account_find(st, "bob", 0, &got, &found, err, sizeof err));
    assert_false(found);
    /* sessions: found until they expire; a new password ends the others */
    assert_true(st->ops->session_create(st, "h1", alice, "2024-05-01T10:00:00Z", "2024-06-01T10:00:00Z", err, sizeof err));
    assert_true(st->ops->session_create(st, "h2", alice, "2024-05-01T10:00:00Z", "2024-06-01T10:00:00Z", err, sizeof err));
    assert_true(st->ops->session_find(st, "h1", "2024-05-02T00:00:00Z", &got, &found, err, sizeof err));
    assert_true(found && got.id == alice);
    assert_true(st->ops->session_find(st, "h1", "2024-06-01T10:00:00Z", &got, &found, err, sizeof err));
    assert_false(found);
    assert_true(st->ops->account_password(st, alice, "new-hash", "h2", err, sizeof err));
    assert_true(st->ops->session_find(st, "h1", "2024-05-02T00:00:00Z", &got, &found, err, sizeof err));
    assert_false(found);
    assert_true(st->ops->session_find(st, "h2", "2024-05-02T00:00:00Z", &got, &found, err, sizeof err));
    assert_true(found);
    assert_string_equal(got.password_hash, "new-hash");
    assert_true(st->ops->session_delete(st, "h2", 0, err, sizeof err));
    assert_true(st->ops->session_find(st, "h2", "2024-05-02T00:00:00Z", &got, &found, err, sizeof err));
    assert_false(found);
    assert_true(st->ops->session_create(st, "h3", alice, "2024-05-01T10:00:00Z", "2024-06-01T10:00:00Z", err, sizeof err));
    assert_true(st->ops->session_delete(st, NULL, alice, err, sizeof err));
    assert_true(st->ops->session_find(st, "h3", "2024-05-02T00:00:00Z", &got, &found, err, sizeof err));
    assert_false(found);
}

static void ratings_move_with_the_game(void **state)
{
    AccountId a = make_account("alice"), b = make_account("bob"), c = make_account("carol");
    StoredGame g = {0};
    make_game("game2aaaaa", a, b, true, &g);
    StoredAction actions[] = {{"c3", 0}, {"resign 2", 1}};
    g.actions = actions;
    g.count = 2;
    g.status = STATUS_FINISHED;
    g.result = "{\"winners\":[1],\"how\":\"resign\"}";
    g.version = 2; /* a write names its new version (store.h) */
    g.rate_now = true;
    g.score[0] = 1;
    g.score[1] = 0;
    g.clock_left[0] = 55000;
    snprintf(g.updated, sizeof g.updated, "2024-05-01T10:05:00Z");
    assert_true(st->ops->append(st, &g, 0, err, sizeof err));
    StoredRating r[4];
    int n = 0;
    assert_true(st->ops->ratings_of(st, a, r, 4, &n, err, sizeof err));
    assert_int_equal(n, 1);
    assert_string_equal(r[0].game, "morphos");
    assert_true(r[0].rating > 1600 && r[0].rd < 350 && r[0].games == 1);
    assert_string_equal(r[0].updated, "2024-05-01T10:05:00Z");
    assert_true(st->ops->ratings_of(st, b, r, 4, &n, err, sizeof err));
    assert_true(n == 1 && r[0].rating < 1400);
    assert_true(st->ops->ratings_of(st, c, r, 4, &n, err, sizeof err));
    assert_int_equal(n, 0);
    RatingPoint pts[8];
    assert_true(st->ops->rating_history(st, a, "morphos", pts, 8, &n, err, sizeof err));
    assert_int_equal(n, 1);
    assert_string_equal(pts[0].game_id, "game2aaaaa");
    /* the clock's time was saved with the game */
    StoredGame back;
    bool found;
    assert_true(st->ops->load(st, "game2aaaaa", &back, &found, err, sizeof err));
    assert_true(back.rated);
    assert_int_equal(back.clock.kind, CLOCK_REAL);
    assert_int_equal(back.clock.increment_ms, 2000);
    assert_int_equal(back.clock_left[0], 55000);
    assert_int_equal(back.seats[1].account, b);
    assert_string_equal(back.seats[1].name, "bob");
    stored_game_clear(&back);
    int64_t left[MAX_PLAYERS] = {1234, 5678};
    assert_true(st->ops->save_clock(st, "game2aaaaa", left, 2, err, sizeof err));
    assert_true(st->ops->load(st, "game2aaaaa", &back, &found, err, sizeof err));
    assert_int_equal(back.clock_left[1], 5678);
    stored_game_clear(&back);
    /* a second game: the update starts from the ratings after the first */
    g.from_challenge = NULL;
    make_game("game3aaaaa", c, a, true, &g);
    g.actions = actions;
    g.count = 2;
    g.status = STATUS_FINISHED;
    g.version = 2;
    g.rate_now = true;
    g.score[0] = 0.5;
    g.score[1] = 0.5;
    snprintf(g.updated, sizeof g.updated, "2024-05-03T10:05:00Z");
    assert_true(st->ops->append(st, &g, 0, err, sizeof err));
    assert_true(st->ops->rating_history(st, a, "morphos", pts, 8, &n, err, sizeof err));
    assert_int_equal(n, 2);
    assert_string_equal(pts[1].game_id, "game3aaaaa");
    assert_true(pts[1].rating < pts[0].rating); /* a draw with a newcomer, from above 1600 */
    LeaderRow rows[8];
    assert_true(st->ops->leaderboard(st, "morphos", LEADERS_ALL, 0, 8, rows, &n, err, sizeof err));
    assert_int_equal(n, 3);
    assert_string_equal(rows[0].name, "alice");
    assert_string_equal(rows[2].name, "bob");
    assert_true(st->ops->leaderboard(st, "morphos", LEADERS_ALL, 1, 1, rows, &n, err, sizeof err));
    assert_int_equal(n, 1);
    assert_true(st->ops->leaderboard(st, "morpyam", LEADERS_ALL, 0, 8, rows, &n, err, sizeof err));
    assert_int_equal(n, 0);
    /* the games of an account, with who sat where */
    GameSummary games[4];
    assert_true(st->ops->games_of(st, a, false, 4, games, &n, err, sizeof err));
    assert_int_equal(n, 2);
    assert_string_equal(games[0].id, "game3aaaaa");
    assert_int_equal(games[0].seat, 1);
    assert_string_equal(games[0].names[0], "carol");
    assert_true(games[0].rated);
    for (int i = 0; i < n; i++)
        game_summary_clear(&games[i]);
    assert_true(st->ops->games_of(st, a, true, 4, games, &n, err, sizeof err));
    assert_int_equal(n, 0);
}

static void lobby_and_chat(void **state)
{
    AccountId a = make_account("alice"), b = make_account("bob");
    StoredChallenge c = {.account = a, .clock = {.kind = CLOCK_REAL, .initial_ms = 300000}, .rated = true};
    snprintf(c.id, sizeof c.id, "chal1aaaaa");
    snprintf(c.game, sizeof c.game, "morphos");
    snprintf(c.options, sizeof c.options, "{\"size\":9}");
    snprintf(c.created, sizeof c.created, "2024-05-01T10:00:00Z");
    snprintf(c.expires, sizeof c.expires, "2024-05-01T11:00:00Z");
    assert_true(st->ops->challenge_create(st, &c, err, sizeof err));
    snprintf(c.id, sizeof c.id, "chal2aaaaa");
    c.quick = true;
    snprintf(c.expires, sizeof c.expires, "2024-05-01T10:02:00Z");
    assert_true(st->ops->challenge_create(st, &c, err, sizeof err));
    StoredChallenge list[8];
    int n = 0;
    assert_true(st->ops->challenges(st, "2024-05-01T10:01:00Z", list, 8, &n, err, sizeof err));
    assert_int_equal(n, 2);
    assert_string_equal(list[0].name, "alice");
    assert_true(list[0].rating == GLICKO_RATING && list[0].rd == GLICKO_RD);
    assert_int_equal(list[0].clock.initial_ms, 300000);
    assert_true(list[1].quick);
    /* a seek not renewed expires; a renewed one stays */
    assert_true(st->ops->challenge_renew(st, "chal2aaaaa", "2024-05-01T10:10:00Z", err, sizeof err));
    assert_true(st->ops->challenges(st, "2024-05-01T10:05:00Z", list, 8, &n, err, sizeof err));
    assert_int_equal(n, 2);
    assert_true(st->ops->challenges(st, "2024-05-01T10:30:00Z", list, 8, &n, err, sizeof err));
    assert_int_equal(n, 1);
    /* only its maker withdraws a challenge */
    bool found = true;
    assert_true(st->ops->challenge_delete(st, "chal1aaaaa", b, &found, err, sizeof err));
    assert_false(found);
    /* accepted: the game is made and the challenge gone in one transaction, once */
    StoredGame g;
    memset(&g, 0, sizeof g);
    g.from_challenge = "chal1aaaaa";
    make_game("game4aaaaa", a, b, true, &g);
    StoredGame again;
    memset(&again, 0, sizeof again);
    snprintf(again.id, sizeof again.id, "game5aaaaa");
    snprintf(again.game, sizeof again.game, "morphos");
    again.options = "{}";
    snprintf(again.created, sizeof again.created, "2024-05-01T10:00:00Z");
    snprintf(again.updated, sizeof again.updated, "2024-05-01T10:00:00Z");
    again.from_challenge = "chal1aaaaa";
    assert_false(st->ops->create(st, &again, err, sizeof err));
    assert_non_null(strstr(err, "the challenge was taken or withdrawn already"));
    StoredGame none;
    assert_true(st->ops->load(st, "game5aaaaa", &none, &found, err, sizeof err));
    assert_false(found);
    assert_true(st->ops->challenges(st, "2024-05-01T10:30:00Z", list, 8, &n, err, sizeof err));
    assert_int_equal(n, 0);
    /* chat: numbered per game, read per channel */
    ChatMessage m = {.channel = CHAT_PLAYERS, .account = a, .seat = 0};
    snprintf(m.author, sizeof m.author, "alice");
    snprintf(m.text, sizeof m.text, "good luck");
    snprintf(m.at, sizeof m.at, "2024-05-01T10:00:00Z");
    assert_true(st->ops->chat_append(st, "game4aaaaa", &m, err, sizeof err));
    assert_int_equal(m.idx, 0);
    m.channel = CHAT_SPECTATORS;
    m.account = b;
    m.seat = -1;
    snprintf(m.text, sizeof m.text, "<b>nice</b>");
    assert_true(st->ops->chat_append(st, "game4aaaaa", &m, err, sizeof err));
    assert_int_equal(m.idx, 1);
    ChatMessage got[4];
    assert_true(st->ops->chat_list(st, "game4aaaaa", CHAT_SPECTATORS, -1, 4, got, &n, err, sizeof err));
    assert_int_equal(n, 1);
    assert_string_equal(got[0].text, "<b>nice</b>");
    assert_int_equal(got[0].idx, 1);
    assert_true(st->ops->chat_list(st, "game4aaaaa", CHAT_PLAYERS, 0, 4, got, &n, err, sizeof err));
    assert_int_equal(n, 0);
    assert_true(st->ops->seat_mute(st, "game4aaaaa", 1, true, err, sizeof err));
    StoredGame back;
    assert_true(st->ops->load(st, "game4aaaaa", &back, &found, err, sizeof err));
    assert_true(back.seats[1].muted && !back.seats[0].muted);
    stored_game_clear(&back);
}

/* Several servers over one database: a session made through one is good
 * on the others (it lives in the database), a challenge one makes is in the
 * lobby of the others, and messages written through two get their own
 * indexes. */
static void community_is_shared_by_servers(void **state)
{
    AccountId alice = make_account("alice");
    Store *other = second_store();
    assert_true(st->ops->session_create(st, "shared", alice, "2024-05-01T10:00:00Z", "2024-06-01T10:00:00Z", err,
                                        sizeof err));
    Account got;
    bool found = false;
    assert_true(other->ops->session_find(other, "shared", "2024-05-02T00:00:00Z", &got, &found, err, sizeof err));
    assert_true(found && got.id == alice);
    assert_true(other->ops->session_delete(other, "shared", 0, err, sizeof err));
    assert_true(st->ops->session_find(st, "shared", "2024-05-02T00:00:00Z", &got, &found, err, sizeof err));
    assert_false(found); /* signed out on one server: on every one */
    StoredChallenge c = {.account = alice, .clock = {.kind = CLOCK_NONE}};
    snprintf(c.id, sizeof c.id, "chal0aaaaa");
    snprintf(c.game, sizeof c.game, "morphos");
    snprintf(c.options, sizeof c.options, "{}");
    snprintf(c.created, sizeof c.created, "2024-05-01T10:00:00Z");
    snprintf(c.expires, sizeof c.expires, "2024-05-01T11:00:00Z");
    assert_true(st->ops->challenge_create(st, &c, err, sizeof err));
    StoredChallenge list[4];
    int n = 0;
    assert_true(other->ops->challenges(other, "2024-05-01T10:30:00Z", list, 4, &n, err, sizeof err));
    assert_int_equal(n, 1);
    assert_string_equal(list[0].name, "alice");
    StoredGame g = {0};
    make_game("game5aaaaa", alice, make_account("bob"), false, &g);
    ChatMessage m = {.channel = CHAT_PLAYERS, .account = alice, .seat = 0};
    snprintf(m.author, sizeof m.author, "alice");
    snprintf(m.at, sizeof m.at, "2024-05-01T10:01:00Z");
    for (int i = 0; i < 6; i++) {
        Store *through = i % 2 ? other : st;
        snprintf(m.text, sizeof m.text, "message %d", i);
        assert_true(through->ops->chat_append(through, "game5aaaaa", &m, err, sizeof err));
        assert_int_equal(m.idx, i);
    }
    store_close(other);
}

/* Personal API tokens and bot accounts (schema 7): found by hash with their
 * account, listed, limited, revoked by their own account only; an account
 * becomes a bot only without games. */
static void tokens_and_bots(void **state)
{
    AccountId alice = make_account("Alice"), bob = make_account("Bob"), cara = make_account("Cara");
    StoredToken t = {.account = alice, .scopes = 5};
    snprintf(t.id, sizeof t.id, "tokenid001");
    snprintf(t.hash, sizeof t.hash, "%064d", 7);
    snprintf(t.created, sizeof t.created, "2024-05-01T10:00:00Z"); /* an empty description stays empty */
    bool full = true, found = false, played = true;
    assert_true(st->ops->token_create(st, &t, 2, &full, err, sizeof err));
    assert_false(full);
    StoredToken second = t;
    snprintf(second.id, sizeof second.id, "tokenid002");
    snprintf(second.hash, sizeof second.hash, "%064d", 8);
    snprintf(second.description, sizeof second.description, "a bot's");
    assert_true(st->ops->token_create(st, &second, 2, &full, err, sizeof err));
    StoredToken third = second;
    snprintf(third.id, sizeof third.id, "tokenid003");
    snprintf(third.hash, sizeof third.hash, "%064d", 9);
    assert_true(st->ops->token_create(st, &third, 2, &full, err, sizeof err));
    assert_true(full); /* two already: nothing stored */
    StoredToken list[4], got;
    int n = 0;
    assert_true(st->ops->tokens_of(st, alice, list, 4, &n, err, sizeof err));
    assert_int_equal(n, 2);
    assert_string_equal(list[0].id, "tokenid001");
    assert_string_equal(list[0].description, "");
    assert_string_equal(list[1].description, "a bot's");
    assert_int_equal(list[1].scopes, 5);
    Account a;
    assert_true(st->ops->token_find(st, second.hash, &got, &a, &found, err, sizeof err));
    assert_true(found && a.id == alice && !a.bot);
    assert_string_equal(got.id, "tokenid002");
    assert_string_equal(a.name, "Alice");
    /* revoked by its own account only */
    assert_true(st->ops->token_revoke(st, "tokenid002", bob, &found, err, sizeof err));
    assert_false(found);
    assert_true(st->ops->token_revoke(st, "tokenid002", alice, &found, err, sizeof err));
    assert_true(found);
    assert_true(st->ops->token_find(st, second.hash, &got, &a, &found, err, sizeof err));
    assert_false(found);
    /* bots: Cara, without games, becomes one; Bob, who played, does not */
    StoredGame g = {0};
    make_game("gameforbot", alice, bob, false, &g);
    assert_true(st->ops->account_make_bot(st, bob, &played, err, sizeof err));
    assert_true(played);
    assert_true(st->ops->account_make_bot(st, cara, &played, err, sizeof err));
    assert_false(played);
    assert_true(st->ops->account_find(st, "cara", 0, &a, &found, err, sizeof err));
    assert_true(found && a.bot);
    assert_true(st->ops->account_find(st, "bob", 0, &a, &found, err, sizeof err));
    assert_true(found && !a.bot);
}

/* Takebacks are a game's option (schema 8), kept as made. */
static void takebacks_are_kept(void **state)
{
    AccountId a = make_account("ann"), b = make_account("bob");
    StoredGame g = {0}, back;
    bool found = false;
    make_game("takebacks0", a, b, true, &g); /* without takebacks, as a rated game's default */
    snprintf(g.id, sizeof g.id, "takebacks1");
    g.rated = false;
    g.takebacks = true;
    assert_true(st->ops->create(st, &g, err, sizeof err));
    assert_true(st->ops->load(st, "takebacks1", &back, &found, err, sizeof err) && found);
    assert_true(back.takebacks && !back.rated);
    stored_game_clear(&back);
    assert_true(st->ops->load(st, "takebacks0", &back, &found, err, sizeof err) && found);
    assert_true(back.rated && !back.takebacks);
    stored_game_clear(&back);
}

int main(void)
{
    const struct CMUnitTest sqlite_tests[] = {
        cmocka_unit_test_setup_teardown(migrates_an_older_database, setup_file, teardown_file),
        cmocka_unit_test_setup_teardown(accounts_and_sessions, setup_sqlite, teardown),
        cmocka_unit_test_setup_teardown(ratings_move_with_the_game, setup_sqlite, teardown),
        cmocka_unit_test_setup_teardown(lobby_and_chat, setup_sqlite, teardown),
        cmocka_unit_test_setup_teardown(tokens_and_bots, setup_sqlite, teardown),
        cmocka_unit_test_setup_teardown(takebacks_are_kept, setup_sqlite, teardown),
    };
    const struct CMUnitTest pg_tests[] = {
        cmocka_unit_test_setup_teardown(accounts_and_sessions, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(ratings_move_with_the_game, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(lobby_and_chat, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(tokens_and_bots, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(community_is_shared_by_servers, setup_pg, teardown),
        cmocka_unit_test_setup_teardown(takebacks_are_kept, setup_pg, teardown),
    };
    int failed = cmocka_run_group_tests_name("community store on sqlite", sqlite_tests, NULL, NULL);
    if (pg_test_cluster())
        failed += cmocka_run_group_tests_name("community store on postgresql", pg_tests, NULL, NULL);
    else
        printf("community store on postgresql: not run (MORPH_TEST_PG is not set; tests/run.sh sets it)\n");
    return failed != 0;
}
