/* The game-independent front end (src/front, src/protocol, src/cli/game_args.c): option flags, JSON options and
 * results, sessions, records and the JSON engine protocol, driven through the
 * toy game "race" (toy_race.c) so they are tested without a real game. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/protocol/engine.c"
#include "../../src/cli/game_args.c"
#include "../../src/cli/cli.c"
#include "../../src/front/explain.c"
#include "../../src/front/game_json.c"
#include "../../src/front/record.c"
#include "../../src/front/session.c"
#include "toy_race.h"
#include "../../src/core/utf8.h"
#include "../../src/games/registry.h"

/* This binary's registry holds only the toy game. */
const GameOps *const *game_list(void)
{
    static const GameOps *const games[] = {&toy_race_ops, NULL};
    return games;
}

static char *dumps(const json_t *v)
{
    return json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
}

#define ASSERT_JSON(value, expected)                                                                               \
    do {                                                                                                           \
        char *text_ = dumps(value);                                                                                \
        assert_string_equal(text_, expected);                                                                      \
        free(text_);                                                                                               \
    } while (0)

/* ---- game_args ---- */

static void flags_fill_options(void **unused)
{
    char *argv[] = {"x", "--players", "3", "--target", "7", "--tags", "a,b", "--json", NULL};
    Options o;
    char err[ERR_MAX];
    options_init(&o);
    int i = 1;
    assert_int_equal(game_args_take(&toy_race_ops, 8, argv, &i, &o, err, sizeof err), GAME_ARG_TAKEN);
    assert_int_equal(i, 2);
    i = 3;
    assert_int_equal(game_args_take(&toy_race_ops, 8, argv, &i, &o, err, sizeof err), GAME_ARG_TAKEN);
    i = 5;
    assert_int_equal(game_args_take(&toy_race_ops, 8, argv, &i, &o, err, sizeof err), GAME_ARG_TAKEN);
    i = 7;
    assert_int_equal(game_args_take(&toy_race_ops, 8, argv, &i, &o, err, sizeof err), GAME_ARG_NOT_MINE);
    assert_string_equal(options_get(&o, "players"), "3");
    assert_string_equal(options_get(&o, "target"), "7");
    assert_string_equal(options_get(&o, "tags"), "a,b");
}

static void flags_report_bad_values(void **unused)
{
    char *argv[] = {"x", "--players", "three", "--target", NULL};
    Options o;
    char err[ERR_MAX];
    options_init(&o);
    int i = 1;
    assert_int_equal(game_args_take(&toy_race_ops, 4, argv, &i, &o, err, sizeof err), GAME_ARG_ERROR);
    assert_string_equal(err, "option 'players' must be a whole number, got 'three'");
    assert_null(options_get(&o, "players"));
    i = 3;
    assert_int_equal(game_args_take(&toy_race_ops, 4, argv, &i, &o, err, sizeof err), GAME_ARG_ERROR);
    assert_string_equal(err, "--target expects a value");
    game_args_unknown(&toy_race_ops, "arena", "--nope", "--a, --b", err, sizeof err);
    assert_string_equal(err, "unknown argument '--nope' for arena (expected one of: --a, --b, --players, "
                             "--target, --mode, --tags)");
}

static void help_lists_every_option_with_default(void **unused)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    game_args_print_help(f, &toy_race_ops);
    fclose(f);
    assert_non_null(strstr(buf, "  --players N              number of players (2 to 4) (default: 2)\n"));
    assert_non_null(strstr(buf, "  --target N               score that wins (default: 10)\n"));
    assert_non_null(strstr(buf, "  --mode WORD              a word kept in records (default: none)\n"));
    assert_non_null(strstr(buf, "  --tags LIST"));
    free(buf);
}

static void layout_file_is_read_and_trimmed(void **unused)
{
    char path[] = "/tmp/morph-layout-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, "# a grid\nab  \r\ncd # row 2\n\n\n", 28), 28);
    close(fd);
    char text[64], err[ERR_MAX];
    assert_true(game_args_read_layout(path, text, sizeof text, err, sizeof err));
    assert_string_equal(text, "ab\ncd");
    assert_false(game_args_read_layout(path, text, 4, err, sizeof err));
    unlink(path);
    assert_false(game_args_read_layout(path, text, sizeof text, err, sizeof err));
    assert_non_null(strstr(err, "cannot read layout file"));
}

/* ---- JSON options and results ---- */

static Game *race(const char *players, const char *target, const char *tags)
{
    Options o;
    char err[ERR_MAX];
    options_init(&o);
    if (players)
        options_set(&o, "players", players, err, sizeof err);
    if (target)
        options_set(&o, "target", target, err, sizeof err);
    if (tags)
        options_set(&o, "tags", tags, err, sizeof err);
    Game *g = game_new("race", &o, err, sizeof err);
    assert_non_null(g);
    return g;
}

static void options_json_round_trip(void **unused)
{
    Game *g = race("3", NULL, "x,y");
    json_t *j = game_options_to_json(g);
    ASSERT_JSON(j, "{\"players\":3,\"target\":10,\"tags\":[\"x\",\"y\"]}");
    Options o;
    char err[ERR_MAX];
    assert_true(game_options_from_json(&toy_race_ops, j, &o, err, sizeof err));
    assert_string_equal(options_get(&o, "tags"), "x,y");
    assert_string_equal(options_get(&o, "players"), "3");
    json_decref(j);
    game_free(g);
    j = json_loads("{\"players\":[1]}", 0, NULL);
    assert_false(game_options_from_json(&toy_race_ops, j, &o, err, sizeof err));
    assert_string_equal(err, "option 'players' must be an array of strings");
    json_decref(j);
    j = json_loads("{\"colour\":\"red\"}", 0, NULL);
    assert_false(game_options_from_json(&toy_race_ops, j, &o, err, sizeof err));
    assert_string_equal(err, "unknown option 'colour' for race (expected one of: players, target, mode, tags)");
    json_decref(j);
}

/* ---- sessions ---- */

static Session *race_session(const char *target, uint64_t seed, const char *const *players)
{
    char err[ERR_MAX];
    Session *s = session_new_game(race(NULL, target, NULL), players, seed, err, sizeof err);
    assert_non_null(s);
    return s;
}

static void session_records_atomic_texts(void **unused)
{
    Session *s = race_session(NULL, 1, NULL);
    char err[ERR_MAX];
    assert_true(state_is_chance(s->state));
    assert_true(session_apply_text(s, "roll 2,take,roll 3", err, sizeof err));
    assert_int_equal(s->count, 3);
    assert_string_equal(s->steps[0].text, "roll 2");
    assert_int_equal(s->steps[0].player, PLAYER_CHANCE);
    assert_string_equal(s->steps[1].text, "take");
    assert_int_equal(s->steps[1].player, 0);
    assert_int_equal(session_player(s), 1);
    /* All or nothing. */
    assert_false(session_apply_text(s, "skip,roll 9", err, sizeof err));
    assert_string_equal(err, "illegal move 'roll 9': a roll is due (expected roll 1 to roll 3)");
    assert_int_equal(s->count, 3);
    assert_false(session_apply(s, 5, err, sizeof err));
    assert_string_equal(err, "illegal move 'skip'");
    session_free(s);
}

static void session_chance_depends_on_seed_and_position_only(void **unused)
{
    Session *a = race_session(NULL, 42, NULL), *b = race_session(NULL, 42, NULL);
    char err[ERR_MAX];
    for (int turn = 0; turn < 6; turn++) {
        assert_int_equal(session_chance_all(a), 1);
        assert_int_equal(session_chance_all(b), 1);
        assert_true(session_apply_text(a, "skip", err, sizeof err));
        assert_true(session_apply_text(b, "skip", err, sizeof err));
    }
    for (int i = 0; i < a->count; i++)
        assert_string_equal(a->steps[i].text, b->steps[i].text);
    /* Undo and replay: the same dice come back. */
    char roll[16];
    strcpy(roll, a->steps[a->count - 2].text);
    assert_int_equal(session_undo(a), 1); /* the skip; its roll stays */
    assert_int_equal(a->count, 11);
    assert_string_equal(a->steps[10].text, roll);
    assert_true(session_apply_text(a, "skip", err, sizeof err));
    session_chance_all(a);
    session_chance_all(b);
    assert_string_equal(a->steps[12].text, b->steps[12].text);
    session_free(a);
    session_free(b);
}

static void undo_removes_last_decision_and_following_chance(void **unused)
{
    Session *s = race_session(NULL, 3, NULL);
    char err[ERR_MAX];
    assert_int_equal(session_undo(s), 0);
    assert_true(session_apply_text(s, "roll 1", err, sizeof err));
    assert_int_equal(session_undo(s), 0); /* only chance so far */
    assert_true(session_apply_text(s, "take,roll 3", err, sizeof err));
    assert_int_equal(session_undo(s), 2);
    assert_int_equal(s->count, 1);
    assert_int_equal(session_player(s), 0);
    GameResult r;
    state_result(s->state, &r);
    assert_int_equal(r.points[0], 0);
    session_free(s);
}

/* Issue 8, fault 3: a person acts only for their own seat; chance outcomes
 * only with real dice, one at a time. */
static void a_person_acts_only_for_their_seat(void **unused)
{
    static const char *const vs_ai[] = {"human", "ai:random"};
    Session *s = race_session(NULL, 5, vs_ai);
    char err[ERR_MAX];
    assert_false(session_apply_for_seat(s, 0, "roll 3", false, err, sizeof err));
    assert_string_equal(err, "not a decision: a chance event is due and the program draws it");
    assert_false(session_apply_for_seat(s, 0, "roll 3,take", true, err, sizeof err));
    assert_string_equal(err, "type only the chance outcome asked for, one at a time ('roll 3,take' holds several)");
    assert_int_equal(s->count, 0);
    assert_true(session_apply_for_seat(s, 0, "roll 3", true, err, sizeof err)); /* real dice */
    assert_false(session_apply_for_seat(s, 1, "take", false, err, sizeof err));
    assert_string_equal(err, "not the turn of P2: P1 is to move");
    assert_false(session_apply_for_seat(s, 0, "take,roll 1", false, err, sizeof err));
    assert_string_equal(err, "'roll 1' goes past the decisions of P1: a chance event follows 'take'");
    assert_false(session_apply_for_seat(s, 0, "take,roll 1", true, err, sizeof err));
    assert_string_equal(err, "'roll 1' goes past the decisions of P1: a chance event follows 'take'");
    /* The seat's own error comes before the part's own (roll 9 is no roll). */
    assert_false(session_apply_for_seat(s, 0, "take,roll 9", false, err, sizeof err));
    assert_string_equal(err, "'roll 9' goes past the decisions of P1: a chance event follows 'take'");
    assert_false(session_apply_for_seat(s, 0, "tkae", false, err, sizeof err));
    assert_string_equal(err, "illegal move 'tkae': expected take, skip or resign");
    assert_false(session_apply_for_seat(s, 7, "take", false, err, sizeof err));
    assert_int_equal(s->count, 1);
    assert_true(session_apply_for_seat(s, 0, "take", false, err, sizeof err));
    assert_int_equal(s->count, 2);
    assert_false(s->steps[0].drawn);
    assert_false(session_dice_drawn(s));
    session_chance_step(s);
    assert_true(s->steps[2].drawn);
    /* Hot-seat: whoever is to move; the other person waits. */
    assert_false(session_apply_for_seat(s, 0, "skip", false, err, sizeof err));
    assert_string_equal(err, "not the turn of P1: P2 is to move");
    session_free(s);
    Session *d = race_session(NULL, 5, NULL);
    assert_int_equal(session_chance_all(d), 1);
    assert_true(session_dice_drawn(d));
    assert_true(session_apply_for_seat(d, 0, "resign", false, err, sizeof err));
    assert_false(session_apply_for_seat(d, 1, "take", false, err, sizeof err));
    assert_string_equal(err, "the game is over");
    session_free(d);
}

/* Against an AI a person's undo never reveals a roll; between people it
 * takes back any decision. */
static void person_undo_never_reveals_a_roll_against_an_ai(void **unused)
{
    static const char *const vs_ai[] = {"human", "ai:random"};
    Session *s = race_session(NULL, 5, vs_ai);
    char err[ERR_MAX], why[ERR_MAX];
    assert_int_equal(session_undo_person(s, why, sizeof why), 0);
    assert_string_equal(why, "nothing to undo: no decision of a person yet");
    assert_true(session_apply_text(s, "roll 2,take", err, sizeof err));
    /* The AI's turn has not rolled yet: the take can be taken back. */
    assert_int_equal(session_undo_seat(s, why, sizeof why), 0);
    assert_int_equal(session_undo_person(s, why, sizeof why), 1);
    assert_int_equal(s->count, 1);
    assert_true(session_apply_text(s, "take,roll 3", err, sizeof err));
    /* The take led to a roll that was seen: refused, nothing changes. */
    assert_int_equal(session_undo_seat(s, why, sizeof why), -1);
    assert_non_null(strstr(why, "cannot undo 'take': the dice have been rolled since, and that cannot be taken back"));
    assert_int_equal(session_undo_person(s, why, sizeof why), 0);
    assert_non_null(strstr(why, "cannot undo 'take': the dice have been rolled since"));
    assert_int_equal(s->count, 3);
    session_free(s);

    Session *h = race_session(NULL, 5, NULL); /* two people, hot-seat */
    assert_true(session_apply_text(h, "roll 2,take,roll 3,skip,roll 1", err, sizeof err));
    assert_int_equal(session_undo_person(h, why, sizeof why), 2); /* the skip and the roll after it */
    assert_int_equal(session_undo_person(h, why, sizeof why), 2); /* the take and the roll after it */
    assert_int_equal(h->count, 1);
    session_free(h);
}

/* The observer hears every applied action once, with the state before it,
 * and nothing while undo replays the history. */
typedef struct Heard {
    int count;
    char texts[8][16];
} Heard;

static void hear(void *ctx, const Session *s, const State *before, Action a, int player, int index)
{
    Heard *h = ctx;
    StrBuf t = STRBUF_INIT;
    state_action_text(before, a, &t);
    assert_int_equal(index, h->count);
    assert_int_equal(player, state_player(before));
    snprintf(h->texts[h->count++ % 8], 16, "%s", sb_str(&t));
    sb_free(&t);
}

static void observer_hears_each_action_once(void **unused)
{
    Session *s = race_session(NULL, 5, NULL);
    Heard h = {0};
    char err[ERR_MAX];
    session_set_observer(s, hear, &h);
    assert_true(session_apply_text(s, "roll 2,take", err, sizeof err));
    session_chance_all(s);
    assert_int_equal(h.count, 3);
    assert_string_equal(h.texts[1], "take");
    assert_int_equal(session_undo(s), 2);
    assert_int_equal(h.count, 3); /* the replay is quiet */
    h.count = 1;
    assert_true(session_apply_text(s, "skip", err, sizeof err));
    assert_int_equal(h.count, 2);
    assert_string_equal(h.texts[1], "skip");
    session_free(s);
}

static void marks_and_legend_as_json(void **unused)
{
    Marks m;
    marks_reset(&m, 6, 6);
    Mark *k = marks_add(&m, MARK_LINE, 1, 1, "line of three (+1)");
    mark_set_cell(k, 0);
    mark_set_cell(k, 7);
    mark_set_cell(k, 14);
    marks_add(&m, MARK_BONUS, -1, 1, "end bonus (+1)");
    json_t *j = marks_to_json(&m);
    ASSERT_JSON(j, "{\"width\":6,\"height\":6,\"marks\":[{\"kind\":\"line\",\"player\":2,\"points\":1,"
                   "\"cells\":[\"a1\",\"b2\",\"c3\"],\"label\":\"line of three (+1)\"},{\"kind\":\"bonus\","
                   "\"player\":null,\"points\":1,\"cells\":[],\"label\":\"end bonus (+1)\"}]}");
    json_decref(j);
    LegendEntry e[1] = {{"CA", "carre", "four dice alike"}};
    j = legend_to_json(e, 1);
    ASSERT_JSON(j, "[{\"code\":\"CA\",\"name\":\"carre\",\"words\":\"four dice alike\"}]");
    json_decref(j);
}

static void ai_seats_play_and_explain(void **unused)
{
    const char *players[] = {"ai:random", "human"};
    Session *s = race_session(NULL, 9, players);
    char err[ERR_MAX];
    Action a;
    StrBuf why = STRBUF_INIT;
    assert_false(session_ai_choose(s, &a, &why, err, sizeof err));
    assert_string_equal(err, "no player to move: a chance node");
    session_chance_all(s);
    assert_true(session_ai_choose(s, &a, &why, err, sizeof err));
    assert_string_equal(sb_str(&why), "picked at random among 2 legal actions");
    assert_true(session_apply(s, a, err, sizeof err));
    session_chance_all(s);
    assert_false(session_ai_choose(s, &a, NULL, err, sizeof err));
    assert_string_equal(err, "seat 2 is not an AI");
    sb_free(&why);
    session_free(s);
    const char *bad[] = {"robot", "human"};
    assert_null(session_new_game(race(NULL, NULL, NULL), bad, 1, err, sizeof err));
    assert_string_equal(err, "player 1: expected 'human' or 'ai:LEVEL', got 'robot'");
    const char *unknown[] = {"human", "ai:genius"};
    assert_null(session_new_game(race(NULL, NULL, NULL), unknown, 1, err, sizeof err));
    /* the list grows with the levels built in: check its start only */
    const char *msg = "seat 2: unknown AI level 'genius' (expected one of: random";
    assert_true(strncmp(err, msg, strlen(msg)) == 0);
}

/* ---- records ---- */

static Session *finished_game(uint64_t seed)
{
    const char *players[] = {"ai:random", "ai:random"};
    Session *s = race_session("6", seed, players);
    char err[ERR_MAX];
    while (!session_is_terminal(s)) {
        if (!session_chance_step(s)) {
            Action a;
            assert_true(session_ai_choose(s, &a, NULL, err, sizeof err));
            assert_true(session_apply(s, a, err, sizeof err));
        }
    }
    return s;
}

static void record_has_every_key(void **unused)
{
    Session *s = race_session("6", 5, NULL);
    char err[ERR_MAX];
    assert_true(session_apply_text(s, "roll 2,take", err, sizeof err));
    json_t *doc = record_from_session(s, "2026-01-02T03:04:05Z");
    json_t *updated = json_object_get(doc, "updated");
    assert_true(is_timestamp(updated));
    json_object_del(doc, "updated");
    ASSERT_JSON(doc, "{\"format\":\"morph-record\",\"version\":1,\"game\":\"race\",\"options\":{\"players\":2,"
                     "\"target\":6,\"tags\":[]},\"players\":[{\"kind\":\"human\"},{\"kind\":\"human\"}],\"seed\":5,"
                     "\"chance\":\"typed\",\"actions\":[\"roll 2\",\"take\"],\"result\":null,\"created\":\"2026-01-02T03:04:05Z\"}");
    json_decref(doc);
    session_free(s);
}

static void records_replay_to_the_same_result(void **unused)
{
    /* Seeded random games: every record reloads to the same history and result. */
    for (uint64_t seed = 0; seed < 300; seed++) {
        Session *s = finished_game(seed);
        json_t *doc = record_from_session(s, NULL);
        RecordError e;
        Session *back = record_load_json(doc, "mem", true, &e);
        if (!back)
            fail_msg("seed %llu: %s", (unsigned long long)seed, e.message);
        assert_int_equal(back->count, s->count);
        for (int i = 0; i < s->count; i++)
            assert_string_equal(back->steps[i].text, s->steps[i].text);
        json_t *r1 = game_result_to_json(s->state), *r2 = game_result_to_json(back->state);
        assert_true(json_equal(r1, r2));
        json_decref(r1);
        json_decref(r2);
        json_decref(doc);
        session_free(back);
        session_free(s);
    }
}

static void result_json_names_winners_from_one(void **unused)
{
    Session *s = race_session("3", 1, NULL);
    char err[ERR_MAX];
    assert_true(session_apply_text(s, "roll 1,take,roll 3,take", err, sizeof err));
    json_t *r = game_result_to_json(s->state);
    ASSERT_JSON(r, "{\"winners\":[2],\"how\":\"target\",\"points\":[1,3],\"returns\":[0.0,1.0]}");
    json_decref(r);
    session_free(s);
}

/* Loads doc after changing one field with a JSON text; returns the error. */
static const char *load_error(Session *s, const char *key, const char *value, RecordError *e)
{
    json_t *doc = record_from_session(s, NULL);
    if (value)
        json_object_set_new(doc, key, json_loads(value, JSON_DECODE_ANY, NULL));
    else
        json_object_del(doc, key);
    Session *back = record_load_json(doc, "game.json", true, e);
    json_decref(doc);
    assert_null(back);
    return e->message;
}

static void tampered_records_name_the_problem(void **unused)
{
    Session *s = race_session("3", 1, NULL);
    char err[ERR_MAX];
    assert_true(session_apply_text(s, "roll 1,take,roll 3,take", err, sizeof err));
    RecordError e;
    assert_string_equal(load_error(s, "actions", "[\"roll 1\",\"take\",\"roll 4\",\"take\"]", &e),
                        "record game.json: actions[2] 'roll 4' is illegal: illegal move 'roll 4': a roll is due "
                        "(expected roll 1 to roll 3)");
    assert_int_equal(e.index, 2);
    assert_string_equal(load_error(s, "actions", "[\"roll 1\",7]", &e), "record game.json: actions[1] is not a string");
    assert_int_equal(e.index, 1);
    assert_string_equal(load_error(s, "actions", "[\"roll 1\",\"take\",\"roll 3\",\"take\",\"skip\"]", &e),
                        "record game.json: actions[4] 'skip' is illegal: the game is over");
    assert_string_equal(load_error(s, "result", "null", &e),
                        "record game.json: stored result null differs from the replayed result "
                        "{\"winners\":[2],\"how\":\"target\",\"points\":[1,3],\"returns\":[0.0,1.0]}");
    assert_int_equal(e.index, -1);
    /* Numbers compare by value: 1 and 1.0 are the same return. */
    json_t *doc = record_from_session(s, NULL);
    json_object_set_new(json_object_get(doc, "result"), "returns", json_loads("[0,1]", 0, NULL));
    Session *back = record_load_json(doc, "game.json", true, &e);
    assert_non_null(back);
    session_free(back);
    json_decref(doc);
    assert_string_equal(load_error(s, "format", "\"pgn\"", &e), "record game.json: 'format' must be \"morph-record\"");
    assert_string_equal(load_error(s, "version", "2", &e),
                        "record game.json: unsupported 'version' (this morph reads version 1)");
    assert_string_equal(load_error(s, "game", "\"chess\"", &e), "record game.json: unknown 'game' 'chess'");
    assert_string_equal(load_error(s, "options", "{\"target\":\"x\"}", &e),
                        "record game.json: options: option 'target' must be a whole number, got 'x'");
    assert_string_equal(load_error(s, "players", "[{\"kind\":\"human\"}]", &e),
                        "record game.json: 'players' must be an array of 2 entries (one per seat)");
    assert_string_equal(load_error(s, "players", "[{\"kind\":\"human\"},{\"kind\":\"ai\"}]", &e),
                        "record game.json: players[1] must be {\"kind\":\"human\"} or {\"kind\":\"ai\",\"ai\":SPEC}");
    assert_string_equal(load_error(s, "seed", "-1", &e),
                        "record game.json: 'seed' must be a whole number from 0 to 9223372036854775807");
    assert_string_equal(load_error(s, "created", "\"yesterday\"", &e),
                        "record game.json: 'created' must be a UTC time like \"2026-01-31T12:00:00Z\"");
    assert_string_equal(load_error(s, "actions", NULL, &e), "record game.json: 'actions' must be an array of strings");
    assert_string_equal(load_error(s, "chance", "\"loaded\"", &e),
                        "record game.json: 'chance' must be \"seed\" or \"typed\"");
    /* An entry of several parts stays within the decisions of the seat to
     * move: a record cannot hold a person's text acting for others. */
    assert_string_equal(load_error(s, "actions", "[\"roll 1,take\"]", &e),
                        "record game.json: actions[0] 'roll 1,take' is illegal: type only the chance outcome asked "
                        "for, one at a time ('roll 1,take' holds several)");
    assert_string_equal(load_error(s, "actions", "[\"roll 1\",\"take,roll 3\"]", &e),
                        "record game.json: actions[1] 'take,roll 3' is illegal: 'roll 3' goes past the decisions of "
                        "P1: a chance event follows 'take'");
    session_free(s);

    /* Chance drawn from the seed: every outcome is checked against it. */
    Session *d = race_session("9", 1, NULL);
    session_chance_step(d);
    assert_true(session_apply_text(d, "take", err, sizeof err));
    session_chance_step(d);
    json_t *doc2 = record_from_session(d, NULL);
    assert_string_equal(json_string_value(json_object_get(doc2, "chance")), "seed");
    Session *ok = record_load_json(doc2, "game.json", true, &e);
    assert_non_null(ok);
    assert_true(session_dice_drawn(ok)); /* and it stays "seed" when written again */
    session_free(ok);
    char forged[16];
    snprintf(forged, sizeof forged, "roll %d", d->steps[2].text[5] == '3' ? 1 : 3);
    json_array_set_new(json_object_get(doc2, "actions"), 2, json_string(forged));
    assert_null(record_load_json(doc2, "game.json", true, &e));
    char want[200];
    snprintf(want, sizeof want, "record game.json: actions[2] '%s' is illegal: the seed gives '%s' here, and the record "
             "says its chance outcomes come from the seed (\"chance\": \"seed\")", forged, d->steps[2].text);
    assert_string_equal(e.message, want);
    assert_int_equal(e.index, 2);
    json_decref(doc2);
    session_free(d);
}

static void record_files_are_written_whole_and_checked(void **unused)
{
    char dir[] = "/tmp/morph-rec-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128], err[ERR_MAX];
    snprintf(path, sizeof path, "%s/game.json", dir);
    Session *s = finished_game(77);
    json_t *doc = record_from_session(s, NULL);
    assert_true(record_write(path, doc, RECORD_DURABLE, err, sizeof err));
    RecordError e;
    json_t *back_doc = NULL;
    Session *back = record_load(path, true, &back_doc, &e);
    assert_non_null(back);
    assert_true(json_equal(doc, back_doc));
    session_free(back);
    json_decref(back_doc);
    /* A record cut in the middle. */
    char *text = json_dumps(doc, JSON_INDENT(2));
    FILE *f = fopen(path, "w");
    fwrite(text, 1, strlen(text) / 2, f);
    fclose(f);
    assert_null(record_load(path, true, NULL, &e));
    assert_non_null(strstr(e.message, "record "));
    assert_non_null(strstr(e.message, "game.json: not valid JSON (truncated or damaged?) at line"));
    free(text);
    unlink(path);
    assert_null(record_load(path, true, NULL, &e));
    assert_non_null(strstr(e.message, "cannot read: No such file or directory"));
    char bad[160];
    snprintf(bad, sizeof bad, "%s/missing/game.json", dir);
    assert_false(record_write(bad, doc, RECORD_DURABLE, err, sizeof err));
    assert_non_null(strstr(err, "cannot write record"));
    json_decref(doc);
    session_free(s);
    rmdir(dir);
}

/* ---- explain: refusals and the latest turn ---- */

static void refusals_give_the_rules_reason(void **unused)
{
    Session *s = race_session(NULL, 4, NULL);
    StrBuf why = STRBUF_INIT;
    char err[ERR_MAX];
    /* a parse failure: the game's why_not, of the part that fails */
    assert_false(session_apply_text(s, "roll 9", err, sizeof err));
    assert_true(explain_rules_error(err));
    assert_true(explain_refusal(s->state, "roll 9", err, &why));
    assert_string_equal(sb_str(&why), "a roll is due (expected roll 1 to roll 3)");
    sb_clear(&why);
    assert_false(session_apply_text(s, "roll 2,take,jump", err, sizeof err));
    assert_true(explain_refusal(s->state, "roll 2,take,jump", err, &why));
    assert_string_equal(sb_str(&why), "jump: a roll is due (expected roll 1 to roll 3)");
    sb_clear(&why);
    /* the session's own refusal (a seat) has no reason of the rules */
    assert_true(session_apply_text(s, "roll 2", err, sizeof err));
    assert_false(session_apply_for_seat(s, 1, "take", false, err, sizeof err));
    assert_false(explain_rules_error(err));
    assert_false(explain_refusal(s->state, "take", err, &why));
    assert_int_equal(why.len, 0);
    /* no board: the latest turn touches no cell */
    Marks m;
    assert_true(session_apply_text(s, "take,roll 1,skip", err, sizeof err));
    explain_last_turn(s, &m);
    assert_int_equal(m.count, 0);
    sb_free(&why);
    session_free(s);
}

/* ---- the engine protocol ---- */

static void expect_reply(Engine *e, const char *request, const char *reply)
{
    json_t *r = engine_handle_line(e, request);
    ASSERT_JSON(r, reply);
    json_decref(r);
}

static void engine_session(void **unused)
{
    Engine e;
    engine_init(&e, NULL);
    expect_reply(&e, "{\"id\":1,\"cmd\":\"new\",\"game\":\"race\",\"options\":{\"target\":4},\"seed\":8}",
                 "{\"id\":1,\"ok\":true,\"game\":\"race\",\"options\":{\"players\":2,\"target\":4,\"tags\":[]},"
                 "\"seed\":8,\"auto_chance\":false,\"played\":[],\"described\":[],\"player\":null,\"chance\":true,"
                 "\"terminal\":false,\"result\":null}");
    expect_reply(&e, "{\"id\":\"x\",\"cmd\":\"legal\"}",
                 "{\"id\":\"x\",\"ok\":true,\"chance\":true,\"outcomes\":[{\"action\":\"roll 1\",\"probability\":"
                 "0.33333333333333331},{\"action\":\"roll 2\",\"probability\":0.33333333333333331},{\"action\":"
                 "\"roll 3\",\"probability\":0.33333333333333331}]}");
    expect_reply(&e, "{\"cmd\":\"play\",\"action\":\"roll 3,take\"}",
                 "{\"ok\":true,\"played\":[\"roll 3\",\"take\"],\"described\":[\"P1 rolls 3\",\"P1 takes 3 (score 3)\"],"
                 "\"player\":null,\"chance\":true,\"terminal\":false,\"result\":null}");
    expect_reply(&e, "{\"cmd\":\"genmove\",\"level\":\"random\"}",
                 "{\"ok\":false,\"error\":\"a chance node: send \\\"chance\\\" or play an outcome\"}");
    expect_reply(&e, "{\"cmd\":\"play\",\"action\":\"roll 2\"}",
                 "{\"ok\":true,\"played\":[\"roll 2\"],\"described\":[\"P2 rolls 2\"],\"player\":2,\"chance\":false,"
                 "\"terminal\":false,\"result\":null}");
    expect_reply(&e, "{\"cmd\":\"play\",\"action\":\"jump\"}",
                 "{\"ok\":false,\"error\":\"illegal move 'jump': expected take, skip or resign\","
                 "\"why\":\"expected take, skip or resign\"}");
    expect_reply(&e, "{\"cmd\":\"play\",\"action\":\"skip,roll 4\"}",
                 "{\"ok\":false,\"error\":\"illegal move 'roll 4': a roll is due (expected roll 1 to roll 3)\","
                 "\"why\":\"roll 4: a roll is due (expected roll 1 to roll 3)\"}");
    expect_reply(&e, "{\"cmd\":\"words\",\"action\":\"take\"}",
                 "{\"ok\":true,\"marks\":{\"width\":0,\"height\":0,\"marks\":[]},\"last\":{\"width\":0,"
                 "\"height\":0,\"marks\":[]},\"legend\":[{\"code\":\"take\",\"name\":\"take\",\"words\":\"add the "
                 "roll to your score\"},{\"code\":\"skip\",\"name\":\"skip\",\"words\":\"let the roll go\"}],"
                 "\"rules\":\"Race: roll a die of three faces, take it or skip it; the first to 4 wins.\\n\","
                 "\"summary\":null,\"described\":\"P2 takes 2 (score 2)\"}");
    expect_reply(&e, "{\"cmd\":\"legal\"}", "{\"ok\":true,\"chance\":false,\"actions\":[\"take\",\"skip\"]}");
    expect_reply(&e, "{\"cmd\":\"genmove\"}",
                 "{\"ok\":false,\"error\":\"genmove needs \\\"level\\\" (seat 2 is not an AI and the engine has "
                 "no --level)\"}");
    expect_reply(&e, "{\"cmd\":\"genmove\",\"level\":\"random\",\"ms\":5}",
                 "{\"ok\":false,\"error\":\"AI level 'random' takes no parameters, got 'ms=5'\"}");
    expect_reply(&e, "{\"id\":[2],\"cmd\":\"undo\"}",
                 "{\"id\":[2],\"ok\":true,\"undone\":[\"take\",\"roll 2\"],\"player\":1,\"chance\":false,"
                 "\"terminal\":false,\"result\":null}");
    expect_reply(&e, "{\"cmd\":\"play\",\"action\":\"take\"}",
                 "{\"ok\":true,\"played\":[\"take\"],\"described\":[\"P1 takes 3 (score 3)\"],\"player\":null,"
                 "\"chance\":true,\"terminal\":false,\"result\":null}");
    expect_reply(&e, "{\"cmd\":\"play\",\"action\":\"roll 1,resign\"}",
                 "{\"ok\":true,\"played\":[\"roll 1\",\"resign\"],\"described\":[\"P2 rolls 1\",\"P2 resigns\"],"
                 "\"player\":null,\"chance\":false,\"terminal\":true,\"result\":{\"winners\":[1],\"how\":\"resign\","
                 "\"points\":[3,0],\"returns\":[1.0,0.0]}}");
    json_t *w = engine_handle_line(&e, "{\"cmd\":\"words\",\"action\":\"take\"}");
    ASSERT_JSON(json_object_get(w, "summary"), "\"P1 wins (resign).\\n\"");
    ASSERT_JSON(json_object_get(w, "why"), "\"the game is over\"");
    json_decref(w);
    expect_reply(&e, "{\"cmd\":\"play\",\"action\":\"take\"}", "{\"ok\":false,\"error\":\"the game is over\"}");
    expect_reply(&e, "{\"cmd\":\"fly\"}",
                 "{\"ok\":false,\"error\":\"unknown command 'fly' (expected new, play, chance, legal, state, genmove, "
                 "hint, words, undo, record, save, load or quit)\"}");
    expect_reply(&e, "{\"id\":5}", "{\"id\":5,\"ok\":false,\"error\":\"missing \\\"cmd\\\" (a string)\"}");
    expect_reply(&e, "{\"cmd\":", "{\"ok\":false,\"error\":\"malformed JSON at column 7: unexpected token near end of file\"}");
    expect_reply(&e, "{\"cmd\":\"quit\",\"id\":9}", "{\"id\":9,\"ok\":true}");
    assert_true(e.quit);
    engine_free(&e);
}

/* Issue 8, fault 2: a message quoting outside text cut inside a UTF-8
 * character made json_string() fail and the reply lose its "error". */
static void engine_errors_survive_any_text(void **unused)
{
    Engine e;
    engine_init(&e, NULL);
    json_decref(engine_handle_line(&e, "{\"cmd\":\"new\",\"game\":\"race\",\"seed\":8}"));
    char line[512], a39[40];
    memset(a39, 'a', 39);
    a39[39] = '\0';
    const char *requests[] = {"{\"id\":2,\"cmd\":\"play\",\"action\":\"%s\xc3\xa9\xc3\xa9\"}",
                              "{\"id\":3,\"cmd\":\"%s\xc3\xa9\xc3\xa9\"}",
                              "{\"id\":4,\"cmd\":\"play\",\"action\":\"%s%s%s\xc3\xa9\xc3\xa9\"}"};
    for (int i = 0; i < 3; i++) {
        snprintf(line, sizeof line, requests[i], a39, a39, a39, a39);
        json_t *r = engine_handle_line(&e, line);
        const char *error = json_string_value(json_object_get(r, "error"));
        assert_non_null(error);
        assert_true(utf8_valid(error));
        assert_non_null(strstr(error, a39));
        char *text = dumps(r);
        assert_non_null(text);
        free(text);
        json_decref(r);
    }
    /* Whatever the message, the reply builder keeps it. */
    json_t *r = error_reply(NULL, "cut \xc3");
    ASSERT_JSON(r, "{\"ok\":false,\"error\":\"cut \"}");
    json_decref(r);
    engine_free(&e);
}

static void engine_auto_chance_and_state(void **unused)
{
    Engine e;
    engine_init(&e, "random");
    json_t *r = engine_handle_line(&e, "{\"cmd\":\"new\",\"game\":\"race\",\"seed\":3,\"auto_chance\":true,"
                                       "\"players\":[\"human\",\"ai:random\"]}");
    assert_true(json_is_true(json_object_get(r, "ok")));
    assert_int_equal(json_array_size(json_object_get(r, "played")), 1);
    assert_int_equal(json_integer_value(json_object_get(r, "player")), 1);
    json_decref(r);
    r = engine_handle_line(&e, "{\"cmd\":\"genmove\",\"play\":true}");
    assert_true(json_is_true(json_object_get(r, "ok")));
    assert_string_equal(json_string_value(json_object_get(r, "explanation")), "picked at random among 2 legal actions");
    assert_int_equal(json_array_size(json_object_get(r, "played")), 2); /* the move and the next roll */
    json_decref(r);
    r = engine_handle_line(&e, "{\"cmd\":\"state\"}");
    ASSERT_JSON(json_object_get(r, "players"), "[\"human\",\"ai:random\"]");
    assert_int_equal(json_array_size(json_object_get(r, "history")), 3);
    assert_non_null(strstr(json_string_value(json_object_get(r, "text")), "to move: 2"));
    assert_true(json_is_string(json_object_get(r, "serialized")));
    ASSERT_JSON(json_object_get(r, "legal"), "{\"chance\":false,\"actions\":[\"take\",\"skip\"]}");
    json_decref(r);
    r = engine_handle_line(&e, "{\"cmd\":\"record\"}");
    assert_string_equal(json_string_value(json_object_get(json_object_get(r, "record"), "format")), "morph-record");
    json_decref(r);
    expect_reply(&e, "{\"cmd\":\"new\",\"game\":\"race\",\"players\":[\"human\"]}",
                 "{\"ok\":false,\"error\":\"'players' must be an array of 2 strings (\\\"human\\\" or "
                 "\\\"ai:LEVEL\\\")\"}");
    expect_reply(&e, "{\"cmd\":\"new\",\"game\":\"race\",\"seed\":-4}",
                 "{\"ok\":false,\"error\":\"'seed' must be a whole number from 0 to 9223372036854775807\"}");
    engine_free(&e);
}

/* ---- the command-line parser (cli.c) ---- */

/* Runs cli_parse on words with stderr caught; returns its result, the
 * message (one line without "morph: " and the newline) in msg. */
static int parse_words(const CliArgs *a, const char *const *words, int n, char *msg, size_t msglen)
{
    char *argv[16];
    argv[0] = "cmd";
    for (int i = 0; i < n; i++)
        argv[i + 1] = (char *)words[i];
    fflush(stderr);
    int saved = dup(2);
    FILE *caught = tmpfile();
    dup2(fileno(caught), 2);
    int r = cli_parse(a, n + 1, argv, 1);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    rewind(caught);
    msg[0] = '\0';
    if (fgets(msg, (int)msglen, caught))
        msg[strcspn(msg, "\n")] = '\0';
    fclose(caught);
    return r;
}

static int take_name(void *ctx, int argc, char **argv, int *i)
{
    const char **name = ctx;
    if (argv[*i][0] == '-' || *name)
        return CLI_NOT_MINE;
    *name = argv[*i];
    return CLI_TAKEN;
}

static void cli_parser_reads_by_the_table(void **unused)
{
    bool quick = false, seeded = false;
    const char *name = NULL, *level = "greedy";
    int games = 5, colour = -1;
    uint64_t seed = 0;
    double seconds = 2;
    Options o;
    options_init(&o);
    const CliFlag flags[] = {
        {.name = "--level", .kind = CLI_TEXT, .out = &level, .value = "SPEC", .help = "the AI (default {})"},
        {.name = "--games", .kind = CLI_INT, .out = &games, .value = "N", .lo = 1, .hi = 9,
         .expects = "expects a whole number from 1 to 9", .missing = "", .help = "how many\nsecond line"},
        {.name = "--seed", .kind = CLI_SEED, .out = &seed, .value = "S", .umax = 100, .given = &seeded,
         .expects = "expects a seed", .missing = "--seed needs a value", .gap = true, .help = "the seed"},
        {.name = "--colour", .kind = CLI_WORD, .out = &colour, .words = "auto,always,never", .value = "WHEN",
         .expects = "expects auto, always or never", .column = 20, .help = "when"},
        {.name = "--seconds", .kind = CLI_DECIMAL, .out = &seconds, .lo = 0.05, .hi = 60, .expects = "expects seconds"},
        {.name = "--quick", .kind = CLI_PRESET, .out = &seconds, .lo = 0.2},
        {.name = "--fast", .kind = CLI_SET, .out = &quick, .usage = "--fast, -f", .help = "fast"},
        {0},
    };
    CliArgs a = {.prefix = "demo", .name = "the demo", .flags = flags, .column = 14, .game = &toy_race_ops,
                 .options = &o, .operand = take_name, .ctx = &name, .help_in_turn = true};
    char msg[512];
    /* the usage: names padded to the column (two spaces at least), "{}" the default, continuation
     * lines under the help, a flag's own column, a blank line before a gap */
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    cli_print_flags(out, &a);
    fclose(out);
    assert_string_equal(text, "  --level SPEC  the AI (default greedy)\n"
                              "  --games N   how many\n"
                              "              second line\n"
                              "\n"
                              "  --seed S    the seed\n"
                              "  --colour WHEN     when\n"
                              "  --fast, -f  fast\n");
    free(text);
    /* every kind into its target, game options and an operand among them */
    const char *good[] = {"--level", "mcts:ms=5", "alice", "--games", "7", "--seed", "100", "--colour", "never",
                          "--target", "3", "--seconds", "0.5", "--quick", "--fast"};
    assert_int_equal(parse_words(&a, good, 15, msg, sizeof msg), CLI_DONE);
    assert_string_equal(level, "mcts:ms=5");
    assert_string_equal(name, "alice");
    assert_int_equal(games, 7);
    assert_true(seed == 100 && seeded);
    assert_int_equal(colour, 2);
    assert_string_equal(options_get(&o, "target"), "3");
    assert_true(seconds == 0.2 && quick);
    /* bad values: the flag, what it expects and the value, quoted */
    const char *bad_int[] = {"--games", " 9"};
    assert_int_equal(parse_words(&a, bad_int, 2, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(msg, "morph: demo: --games expects a whole number from 1 to 9, got ' 9'");
    const char *bad_seed[] = {"--seed", "101"};
    assert_int_equal(parse_words(&a, bad_seed, 2, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(msg, "morph: demo: --seed expects a seed, got '101'");
    const char *bad_word[] = {"--colour", "sometimes"};
    assert_int_equal(parse_words(&a, bad_word, 2, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(msg, "morph: demo: --colour expects auto, always or never, got 'sometimes'");
    const char *bad_decimal[] = {"--seconds", "1e3"};
    assert_int_equal(parse_words(&a, bad_decimal, 2, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(msg, "morph: demo: --seconds expects seconds, got '1e3'");
    /* a flag last without its value: what the table says */
    const char *no_games[] = {"--games"};
    assert_int_equal(parse_words(&a, no_games, 1, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(msg, "morph: demo: --games expects a whole number from 1 to 9");
    const char *no_seed[] = {"--seed"};
    assert_int_equal(parse_words(&a, no_seed, 1, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(msg, "morph: demo: --seed needs a value");
    /* otherwise it is an argument of its own: here an unknown one, told with the game's options */
    const char *no_level[] = {"--level"};
    assert_int_equal(parse_words(&a, no_level, 1, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(msg, "morph: unknown argument '--level' for the demo (expected one of: --level, --games, "
                             "--seed, --colour, --seconds, --quick, --fast, --players, --target, --mode, --tags)");
    const char *bad_option[] = {"--target", "x"};
    assert_int_equal(parse_words(&a, bad_option, 2, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(strncmp(msg, "morph: demo: option 'target'", 28) == 0 ? "ok" : msg, "ok");
    /* help where it stands; a second operand is unknown */
    const char *help[] = {"--level", "--help"};
    assert_int_equal(parse_words(&a, help, 2, msg, sizeof msg), CLI_DONE); /* "--help" is --level's value */
    const char *help2[] = {"--fast", "-h", "--nope"};
    assert_int_equal(parse_words(&a, help2, 3, msg, sizeof msg), CLI_HELP);
    const char *two[] = {"bob"};
    assert_int_equal(parse_words(&a, two, 1, msg, sizeof msg), EXIT_USAGE); /* alice is taken already */
    /* without a game, an unknown argument is told the command's way */
    a.game = NULL;
    a.unknown = "unknown thing '%s' (see the demo)";
    const char *nope[] = {"--nope"};
    assert_int_equal(parse_words(&a, nope, 1, msg, sizeof msg), EXIT_USAGE);
    assert_string_equal(msg, "morph: demo: unknown thing '--nope' (see the demo)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(flags_fill_options),
        cmocka_unit_test(flags_report_bad_values),
        cmocka_unit_test(help_lists_every_option_with_default),
        cmocka_unit_test(layout_file_is_read_and_trimmed),
        cmocka_unit_test(cli_parser_reads_by_the_table),
        cmocka_unit_test(options_json_round_trip),
        cmocka_unit_test(session_records_atomic_texts),
        cmocka_unit_test(session_chance_depends_on_seed_and_position_only),
        cmocka_unit_test(undo_removes_last_decision_and_following_chance),
        cmocka_unit_test(person_undo_never_reveals_a_roll_against_an_ai),
        cmocka_unit_test(a_person_acts_only_for_their_seat),
        cmocka_unit_test(observer_hears_each_action_once),
        cmocka_unit_test(marks_and_legend_as_json),
        cmocka_unit_test(ai_seats_play_and_explain),
        cmocka_unit_test(record_has_every_key),
        cmocka_unit_test(records_replay_to_the_same_result),
        cmocka_unit_test(result_json_names_winners_from_one),
        cmocka_unit_test(tampered_records_name_the_problem),
        cmocka_unit_test(record_files_are_written_whole_and_checked),
        cmocka_unit_test(refusals_give_the_rules_reason),
        cmocka_unit_test(engine_session),
        cmocka_unit_test(engine_auto_chance_and_state),
        cmocka_unit_test(engine_errors_survive_any_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
