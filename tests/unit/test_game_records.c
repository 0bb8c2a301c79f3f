/* 1,000 seeded games of each real game (varied variants, rule options,
 * mutators and seats: random AIs, and greedy ones where this build has the
 * level) through sessions and records: every
 * record survives a write/read round trip and replays to the same history,
 * final state and result. Skipped while the registry lacks a game. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/front/game_json.c"
#include "../../src/front/json_text.c"
#include "../../src/front/record.c"
#include "../../src/front/record_file.c"
#include "../../src/front/session.c"
#include "../../src/games/registry.h"

typedef struct Setup {
    const char *game;
    const char *options; /* "key=value;key=value" */
    const char *seats;   /* levels of seats 1-4, comma-separated; NULL: random */
} Setup;

/* "ai:LEVEL" when the level plays game in this build, else "ai:random". */
static void seat_word(const char *level, const char *game, char out[32])
{
    snprintf(out, 32, "ai:%s", ai_level(level, game) ? level : "random");
}

static Game *make_game(const Setup *setup)
{
    Options o;
    char err[ERR_MAX], copy[256];
    options_init(&o);
    snprintf(copy, sizeof copy, "%s", setup->options);
    for (char *save = NULL, *kv = strtok_r(copy, ";", &save); kv; kv = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(kv, '=');
        *eq = '\0';
        assert_true(options_set(&o, kv, eq + 1, err, sizeof err));
    }
    Game *g = game_new(setup->game, &o, err, sizeof err);
    if (!g)
        fail_msg("%s %s: %s", setup->game, setup->options, err);
    return g;
}

/* Plays one game with random AIs in every seat, checking the history grows
 * by one step per applied action. */
static Session *random_game(const Setup *setup, uint64_t seed)
{
    Game *g = make_game(setup);
    char words[MAX_PLAYERS][32], levels[64];
    const char *players[MAX_PLAYERS];
    snprintf(levels, sizeof levels, "%s", setup->seats ? setup->seats : "random,random,random,random");
    char *save = NULL, *level = strtok_r(levels, ",", &save);
    for (int p = 0; p < MAX_PLAYERS; p++) {
        seat_word(level ? level : "random", setup->game, words[p]);
        players[p] = words[p];
        level = level ? strtok_r(NULL, ",", &save) : NULL;
    }
    char err[ERR_MAX];
    Session *s = session_new_game(g, players, seed, err, sizeof err);
    assert_non_null(s);
    while (!session_is_terminal(s)) {
        int before = s->count;
        if (!session_chance_step(s)) {
            Action a;
            assert_true(session_ai_choose(s, &a, NULL, err, sizeof err));
            if (!session_apply(s, a, err, sizeof err))
                fail_msg("%s seed %llu: %s", setup->game, (unsigned long long)seed, err);
        }
        assert_int_equal(s->count, before + 1);
        assert_true(s->count < 100000);
    }
    return s;
}

/* s written to a record, as text, and loaded back (s is left as it was). */
static Session *through_record(const Session *s, const char *what)
{
    json_t *doc = record_from_session(s, NULL);
    char *text = json_dumps(doc, JSON_INDENT(2));
    json_t *back_doc = json_loads(text, 0, NULL);
    RecordError e;
    Session *back = record_load_json(back_doc, "mem", true, &e);
    if (!back)
        fail_msg("%s: %s", what, e.message);
    json_decref(back_doc);
    free(text);
    json_decref(doc);
    return back;
}

static void round_trip(const Setup *setups, int nsetups, int games)
{
    if (!game_lookup(setups[0].game))
        skip();
    for (int k = 0; k < games; k++) {
        const Setup *setup = &setups[k % nsetups];
        Session *s = random_game(setup, (uint64_t)k);
        char what[256];
        snprintf(what, sizeof what, "%s %s seed %d", setup->game, setup->options, k);
        Session *back = through_record(s, what);
        assert_int_equal(back->count, s->count);
        for (int i = 0; i < s->count; i++)
            assert_string_equal(back->steps[i].text, s->steps[i].text);
        StrBuf a = STRBUF_INIT, b = STRBUF_INIT;
        state_serialize(s->state, &a);
        state_serialize(back->state, &b);
        assert_string_equal(sb_str(&a), sb_str(&b));
        sb_free(&a);
        sb_free(&b);
        /* The same seed and the same AIs play the same game again. */
        if (k % 10 == 0) {
            Session *again = random_game(setup, (uint64_t)k);
            assert_int_equal(again->count, s->count);
            for (int i = 0; i < s->count; i++)
                assert_string_equal(again->steps[i].text, s->steps[i].text);
            session_free(again);
        }
        session_free(back);
        session_free(s);
    }
}

static void morpyam_records_replay(void **unused)
{
    static const Setup setups[] = {
        {"morpyam", "players=2", NULL},
        {"morpyam", "players=3;variant=flash", "greedy,random,random"},
        {"morpyam", "players=4;variant=plus", "random,greedy,random,greedy"},
        {"morpyam", "players=2;rules=strict-call,daversa", "greedy,random"},
        {"morpyam", "players=3;variant=plus;rules=daversa", NULL},
    };
    round_trip(setups, 5, 1000);
}

static void morphos_records_replay(void **unused)
{
    static const Setup setups[] = {
        {"morphos", "size=5", NULL},
        {"morphos", "size=7;mutators=minimorph", "greedy,random"},
        {"morphos", "size=6;mutators=deepmorph,duomorph", "random,greedy"},
        {"morphos", "size=5;mutators=remorph", NULL},
        {"morphos", "size=9;mutators=minimorph,metamorph", NULL},
    };
    round_trip(setups, 5, 1000);
}

/* Issue 8, fault 8: a game stopped at any point and resumed from its record
 * continues exactly as the uninterrupted game, action for action. */

/* Plays s on until the end or until it holds `until` actions. */
static void play_on(Session *s, int until)
{
    char err[ERR_MAX];
    while (!session_is_terminal(s) && s->count < until) {
        if (session_chance_step(s))
            continue;
        Action a;
        assert_true(session_ai_choose(s, &a, NULL, err, sizeof err));
        assert_true(session_apply(s, a, err, sizeof err));
    }
}

/* The session as a resumed one sees it: written to a record and loaded. */
static Session *stop_and_resume(Session *s)
{
    Session *back = through_record(s, "resumed game");
    session_free(s);
    return back;
}

static void resume_plays_the_same_game(const char *game, const char *options, const char *const *players,
                                       uint64_t seed)
{
    Setup setup = {game, options, NULL};
    char err[ERR_MAX];
    Session *whole = session_new_game(make_game(&setup), players, seed, err, sizeof err);
    if (!whole)
        fail_msg("%s", err);
    play_on(whole, 1 << 30);
    /* Stops at a third, at two thirds and just before the end. */
    int n = whole->count, stops[] = {n / 3, 2 * n / 3, n - 1};
    Session *parts = session_new_game(make_game(&setup), players, seed, err, sizeof err);
    for (int k = 0; k < 3; k++) {
        play_on(parts, stops[k]);
        parts = stop_and_resume(parts);
        assert_int_equal(parts->count, stops[k]);
    }
    play_on(parts, 1 << 30);
    assert_int_equal(parts->count, whole->count);
    for (int i = 0; i < whole->count; i++)
        if (strcmp(parts->steps[i].text, whole->steps[i].text) != 0)
            fail_msg("%s %s seed %llu: action %d is '%s' after resuming, '%s' without stopping", game, options,
                     (unsigned long long)seed, i, parts->steps[i].text, whole->steps[i].text);
    session_free(parts);
    session_free(whole);
}

static void resumed_games_are_the_same_games(void **unused)
{
    if (!game_lookup("morpyam") || !game_lookup("morphos"))
        skip();
    static const char *const yam[] = {"ai:expert", "ai:greedy"}, *const yam3[] = {"ai:greedy", "ai:expert", "ai:greedy"};
    static const char *const mos[] = {"ai:mcts:playouts=200", "ai:greedy"},
                             *const duo[] = {"ai:greedy", "ai:mcts:playouts=100"};
    for (uint64_t seed = 1; seed <= 2; seed++) {
        resume_plays_the_same_game("morpyam", "players=2", yam, seed);
        resume_plays_the_same_game("morphos", "size=7", mos, seed);
    }
    resume_plays_the_same_game("morpyam", "players=3;variant=flash", yam3, 3);
    static const char *const yam_r[] = {"ai:random", "ai:greedy"}, *const mos_r[] = {"ai:greedy", "ai:random"};
    resume_plays_the_same_game("morpyam", "players=2;variant=plus", yam_r, 4);
    resume_plays_the_same_game("morphos", "size=7;mutators=deepmorph", mos_r, 4);
    resume_plays_the_same_game("morphos", "size=6;mutators=minimorph,duomorph,remorph", duo, 3);
}

/* People leave at any moment (game.h): a seat resigns out of turn, even
 * while the dice of a real-dice game are being typed; only a program's
 * clock says "timeout"; a record with both loads back to the same game. */
static void leaving_in_sessions_and_records(void **unused)
{
    if (!game_lookup("morpyam"))
        skip();
    Setup setup = {"morpyam", "players=3", NULL};
    char err[ERR_MAX];
    Session *s = session_new_game(make_game(&setup), NULL, 9, err, sizeof err);
    assert_non_null(s);
    /* at the roll-off (a chance node, dice typed), seat 3 resigns */
    assert_true(state_is_chance(s->state));
    assert_false(session_apply_for_seat(s, 2, "die 4", false, err, sizeof err));
    assert_true(session_apply_for_seat(s, 2, "resign 3", false, err, sizeof err));
    assert_int_equal(s->steps[0].player, 2);
    /* another seat cannot say it for you, and nobody says "timeout" but the clock */
    assert_false(session_apply_for_seat(s, 0, "resign 2", false, err, sizeof err));
    assert_string_equal(err, "'resign 2' is for P2 to say, not P1");
    assert_false(session_apply_for_seat(s, 1, "timeout 2", false, err, sizeof err));
    assert_string_equal(err, "'timeout 2' is not a decision: only the clock ends a game on time");
    assert_false(session_apply_for_seat(s, 0, "timeout 2", true, err, sizeof err));
    session_chance_all(s);
    int mover = session_player(s), other = mover == 0 ? 1 : 0;
    char text[16];
    snprintf(text, sizeof text, "timeout %d", other + 1);
    assert_true(session_apply(s, ACTION_LEAVE(other, LEAVE_TIME), err, sizeof err));
    assert_string_equal(s->steps[s->count - 1].text, text);
    assert_int_equal(s->steps[s->count - 1].player, other);
    assert_true(session_is_terminal(s));
    assert_false(session_apply(s, ACTION_LEAVE(mover, LEAVE_TIME), err, sizeof err));
    Session *back = through_record(s, "leaves");
    assert_int_equal(back->count, s->count);
    for (int i = 0; i < s->count; i++) {
        assert_string_equal(back->steps[i].text, s->steps[i].text);
        assert_int_equal(back->steps[i].player, s->steps[i].player);
    }
    GameResult r;
    state_result(back->state, &r);
    assert_string_equal(r.how, "time");
    assert_int_equal(r.winners, 1u << mover);
    session_free(back);
    session_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(leaving_in_sessions_and_records),
        cmocka_unit_test(morpyam_records_replay),
        cmocka_unit_test(morphos_records_replay),
        cmocka_unit_test(resumed_games_are_the_same_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
