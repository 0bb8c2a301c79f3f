/* The seed of a running game predicts nothing (issue 24, item 1). The
 * attack: read everything anyone can read of a running game (the state,
 * with and without the player's token, the record, the replay, the live
 * stream's events, the lists, the hint, the analysis, the store's export),
 * take every whole number found there for the seed, resume the public
 * record locally with the person's next action added, and compare what
 * the AI (and the dice the server draws for it) would do with what it
 * does. Against Morphos `random` and Morpyam `master` with real dice, no
 * number predicts the AI's replies; the true seed (read from the store, as
 * only the server can) predicts every one, also across a restart, so the
 * attack itself is sound. Once the game is over its record holds the seed
 * and replays whole. Runs over SQLite and, with MORPH_TEST_STORE, over
 * PostgreSQL. */
#include "api_driver.h"

#include "../../src/core/rng.h"
#include "../../src/front/record.h"
#include "../../src/front/view.h"
#include "../../src/server/store/export.h"

/* AI answers compared in a game; MORPH_ATTACK_ROUNDS asks for more (the
 * long form, docs/web.md "The seed of a running game"). */
static int rounds = 3;
#define CANDIDATES_MAX 4096

static int setup(void **state)
{
    driver_init();
    driver_start();
    return 0;
}

static int teardown(void **state)
{
    driver_done();
    return 0;
}

/* The seed only the server knows: the store's. */
static uint64_t true_seed(const char *id)
{
    StoredGame g;
    bool found = false;
    char err[ERR_MAX + 128];
    if (!drv.srv->store->ops->load(drv.srv->store, id, &g, &found, err, sizeof err) || !found)
        fail_msg("game %s: %s", id, found ? err : "not stored");
    uint64_t seed = g.seed;
    stored_game_clear(&g);
    return seed;
}

static void add_get(json_t *texts, const char *path, const char *token)
{
    int status;
    json_t *doc = driver_call("GET", path, token, NULL, &status);
    if (doc)
        json_array_append_new(texts, doc);
}

/* The live stream's events from the first action: each event's data. */
static void add_events(json_t *texts, const char *id)
{
    RoomError e;
    Room *room = server_room(drv.srv, id, &e);
    assert_non_null(room);
    Subscriber sub = {0};
    room_subscribe(room, &sub, -1);
    StrBuf sb = STRBUF_INIT;
    pthread_mutex_lock(&room->lock);
    room_stream_fill(room, &sub, &sb);
    pthread_mutex_unlock(&room->lock);
    room_unsubscribe(room, &sub);
    room_unref(room);
    for (char *save = NULL, *line = strtok_r(sb.data, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
        if (strncmp(line, "data: ", 6) == 0) {
            json_t *doc = json_loads(line + 6, 0, NULL);
            assert_non_null(doc);
            json_array_append_new(texts, doc);
        }
    sb_free(&sb);
}

/* The store's export of game id (an operator's tool, as it writes it). */
static json_t *exported(const char *id)
{
    char dir[300], path[400], err[ERR_MAX + 128];
    snprintf(dir, sizeof dir, "%s/export", drv.dir);
    int written = 0;
    if (!store_export(drv.srv->store, dir, &written, err, sizeof err))
        fail_msg("export: %s", err);
    snprintf(path, sizeof path, "%s/%s.json", dir, id);
    json_t *doc = json_load_file(path, 0, NULL);
    assert_non_null(doc);
    return doc;
}

/* Everything anyone can read of game id now (token: the player's seat). */
static json_t *public_texts(const char *id, const char *token)
{
    json_t *texts = json_array();
    char path[96];
    snprintf(path, sizeof path, "/api/games/%s", id);
    add_get(texts, path, NULL);
    add_get(texts, path, token);
    snprintf(path, sizeof path, "/api/games/%s/record", id);
    add_get(texts, path, token);
    snprintf(path, sizeof path, "/api/games/%s/replay?at=0", id);
    add_get(texts, path, NULL);
    snprintf(path, sizeof path, "/api/games/%s/analysis", id);
    add_get(texts, path, token);
    snprintf(path, sizeof path, "/api/games/%s/invitations", id);
    add_get(texts, path, token);
    add_get(texts, "/api/games?status=playing", NULL);
    add_get(texts, "/api/games?status=waiting", NULL);
    snprintf(path, sizeof path, "/api/games/%s/hint", id);
    int status;
    json_t *hint = driver_call("POST", path, token, NULL, &status);
    if (hint)
        json_array_append_new(texts, hint);
    add_events(texts, id);
    json_array_append_new(texts, exported(id));
    return texts;
}

/* Every whole number in doc (the attacker's candidates for the seed). */
static void numbers(const json_t *doc, uint64_t *out, int *n)
{
    if (json_is_integer(doc) && json_integer_value(doc) >= 0 && *n < CANDIDATES_MAX) {
        uint64_t v = (uint64_t)json_integer_value(doc);
        for (int i = 0; i < *n; i++)
            if (out[i] == v)
                return;
        out[(*n)++] = v;
    } else if (json_is_array(doc)) {
        size_t i;
        json_t *item;
        json_array_foreach(doc, i, item) numbers(item, out, n);
    } else if (json_is_object(doc)) {
        const char *key;
        json_t *value;
        json_object_foreach((json_t *)doc, key, value) numbers(value, out, n);
    }
}

/* Nothing public names the seed: no "seed" but null, and not its digits. */
static void seed_nowhere(const json_t *texts, uint64_t seed)
{
    char digits[32];
    snprintf(digits, sizeof digits, "%llu", (unsigned long long)seed);
    size_t i;
    json_t *doc;
    json_array_foreach(texts, i, doc) {
        char *text = json_dumps(doc, JSON_COMPACT | JSON_ENCODE_ANY);
        if (strstr(text, digits))
            fail_msg("the seed %s of a running game is public: %.300s", digits, text);
        const json_t *key = json_is_object(doc) ? json_object_get(doc, "seed") : NULL;
        if (key && !json_is_null(key))
            fail_msg("a running game's reply has a seed: %.300s", text);
        free(text);
    }
}

/* Whether the public record, resumed with seed and then mine (the person's
 * action), gives exactly the actions the server played after it: what the
 * AI chose and the dice the server drew, until a person is to act. */
static bool predicts(const json_t *record, uint64_t seed, const char *mine, const json_t *actual, bool real_dice)
{
    json_t *doc = json_deep_copy(record);
    json_object_set_new(doc, "seed", json_integer((json_int_t)(seed & SESSION_SEED_MAX)));
    json_object_set_new(doc, "chance", json_string(RECORD_CHANCE_TYPED)); /* the outcomes as given */
    RecordError e;
    Session *s = record_load_json(doc, "public", false, &e);
    json_decref(doc);
    if (!s)
        fail_msg("the public record does not load: %s", e.message);
    char err[ERR_MAX];
    if (!session_apply_text(s, mine, err, sizeof err))
        fail_msg("'%s' does not apply: %s", mine, err);
    const GameView *view = view_for(s->game->ops->name);
    size_t k = 0;
    bool same = true;
    while (same && !session_is_terminal(s)) {
        if (state_is_chance(s->state)) {
            int roller = real_dice ? view->roller(s->state) : -1;
            if (roller >= 0 && !s->seats[roller].is_ai)
                break; /* a person types these dice */
            session_chance_step(s);
        } else if (session_ai_to_move(s)) {
            Action a;
            if (!session_ai_choose(s, &a, NULL, err, sizeof err) || !session_apply(s, a, err, sizeof err))
                fail_msg("the AI of the prediction: %s", err);
        } else {
            break;
        }
        const char *want = json_string_value(json_array_get(actual, k++));
        same = want && strcmp(want, s->steps[s->count - 1].text) == 0;
    }
    same = same && k == json_array_size(actual);
    session_free(s);
    return same;
}

/* The actions of state s from index from on (texts). */
static json_t *actions_from(const json_t *s, size_t from)
{
    json_t *list = json_array();
    const json_t *history = json_object_get(s, "history");
    for (size_t i = from; i < json_array_size(history); i++)
        json_array_append(list, json_object_get(json_array_get(history, i), "action"));
    return list;
}

/* The person's choice among legal: a placing, else a pass, else a roll,
 * else the first that is no resignation. */
static const char *choose(const json_t *legal, int round)
{
    static const char *const order[] = {"place", "pass", "roll"};
    for (size_t o = 0; o < 3; o++)
        for (size_t i = 0; i < json_array_size(legal); i++) {
            const json_t *a = json_array_get(legal, i);
            const char *kind = json_string_value(json_object_get(a, "kind"));
            if (kind && strcmp(kind, order[o]) == 0)
                return json_string_value(json_object_get(a, "action"));
        }
    size_t n = json_array_size(legal);
    return json_string_value(json_object_get(json_array_get(legal, ((size_t)round * 7 + 3) % n), "action"));
}

/* Plays seat 0 of game m against its AI until `want` actions of the person
 * were answered by the AI or the game ends, attacking before each;
 * restarts the server after the first answer. Returns the answers. */
static int attack(const Made *m, bool real_dice, int want)
{
    uint64_t seed = true_seed(m->id);
    uint64_t *cands = malloc(CANDIDATES_MAX * sizeof *cands);
    /* the numbers that predicted an answer, and how many each */
    uint64_t *hit = malloc((size_t)rounds * CANDIDATES_MAX * sizeof *hit);
    int nhit = 0, answered = 0, best = 0, tried = 0;
    Rng dice;
    rng_seed(&dice, 7);
    for (int step = 0; answered < want; step++) {
        if (step > 400)
            fail_msg("game %s: the AI answered only %d times in 400 actions", m->id, answered);
        json_t *s = driver_wait_people(m->id);
        if (strcmp(json_string_value(json_object_get(s, "status")), "finished") == 0) {
            json_decref(s);
            break;
        }
        assert_int_equal(driver_acting(s), 0);
        json_t *legal = json_object_get(s, "legal");
        char mine[64];
        if (json_array_size(legal) == 0) { /* real dice: the person types a roll */
            int n = (int)json_integer_value(json_object_get(json_object_get(s, "chance"), "dice"));
            bool rolloff = json_is_object(json_object_get(json_object_get(s, "board"), "rolloff"));
            int len = snprintf(mine, sizeof mine, "%s", n == 1 && rolloff ? "die" : "dice");
            for (int i = 0; i < n; i++)
                len += snprintf(mine + len, sizeof mine - (size_t)len, " %d", 1 + (int)rng_below(&dice, 6));
        } else {
            snprintf(mine, sizeof mine, "%s", choose(legal, step));
        }
        size_t before = (size_t)json_integer_value(json_object_get(s, "count"));
        json_decref(s);
        /* what the attacker reads before the action */
        json_t *texts = public_texts(m->id, m->token[0]);
        seed_nowhere(texts, seed);
        int ncands = 0;
        cands[ncands++] = 0;
        numbers(texts, cands, &ncands);
        json_t *record = json_incref(json_array_get(texts, 2));
        assert_true(json_is_null(json_object_get(record, "seed")));
        json_decref(texts);
        json_decref(driver_act(m, 0, mine));
        s = driver_wait_people(m->id);
        json_t *actual = actions_from(s, before + 1);
        json_decref(s);
        if (json_array_size(actual) > 0) {
            /* the server alone, with its seed, foresees the answer */
            if (!predicts(record, seed, mine, actual, real_dice))
                fail_msg("game %s: the true seed does not give the AI's answer to '%s'", m->id, mine);
            tried += ncands;
            for (int c = 0; c < ncands; c++) {
                if (!predicts(record, cands[c], mine, actual, real_dice))
                    continue;
                int times = 1;
                for (int h = 0; h < nhit; h++)
                    times += hit[h] == cands[c];
                hit[nhit++] = cands[c];
                if (times > best)
                    best = times;
            }
            if (++answered == 1) { /* a restart: the game goes on exactly as before */
                driver_stop();
                driver_start();
            }
        }
        json_decref(actual);
        json_decref(record);
    }
    free(cands);
    free(hit);
    fprintf(stderr, "attack on %s: %d public numbers tried as the seed, %d predicted an answer, the best %d of %d "
            "answers (the true seed: %d of %d)\n", m->id, tried, nhit, best, answered, answered, answered);
    if (answered >= 2 && best == answered)
        fail_msg("game %s: %d answers of the AI, a public number predicted %d", m->id, answered, best);
    return answered;
}

/* After the game: the record is whole (its seed) and replays. */
static void over_and_whole(const Made *m)
{
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/resign", m->id);
    json_t *now = driver_wait_people(m->id);
    if (strcmp(json_string_value(json_object_get(now, "status")), "finished") != 0)
        json_decref(driver_expect(200, "POST", path, m->token[0], NULL));
    json_decref(now);
    snprintf(path, sizeof path, "/api/games/%s/record", m->id);
    json_t *record = driver_expect(200, "GET", path, NULL, NULL);
    assert_int_equal(json_integer_value(json_object_get(record, "seed")), (json_int_t)true_seed(m->id));
    RecordError e;
    Session *s = record_load_json(record, "finished", true, &e);
    if (!s)
        fail_msg("the finished game's record: %s", e.message);
    assert_true(session_is_terminal(s));
    session_free(s);
    json_t *out = exported(m->id);
    assert_true(json_equal(json_object_get(out, "seed"), json_object_get(record, "seed")));
    assert_true(json_equal(json_object_get(out, "actions"), json_object_get(record, "actions")));
    json_decref(out);
    json_decref(record);
}

/* The attack on games made by body until `rounds` answers of the AI were
 * compared (a game that ends first is followed by another), each game
 * then over and whole. */
static void attack_games(const char *body, bool real_dice)
{
    Made m = driver_create(body);
    for (int done = attack(&m, real_dice, rounds); done < rounds; done += attack(&m, real_dice, rounds - done)) {
        over_and_whole(&m);
        m = driver_create(body);
    }
    over_and_whole(&m);
}

static void morphos_against_random(void **state)
{
    attack_games("{\"game\":\"morphos\",\"options\":{\"size\":9},"
                 "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"ai\",\"level\":\"random\"}]}", false);
}

static void morpyam_real_dice_against_master(void **state)
{
    attack_games("{\"game\":\"morpyam\",\"dice\":\"real\","
                 "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"ai\",\"level\":\"master\"}]}", true);
}

/* A record that withholds its seed replays, and is not resumed. */
static void withheld_record_replays(void **state)
{
    Made m = driver_create("{\"game\":\"morphos\",\"options\":{\"size\":5},"
                           "\"seats\":[{\"kind\":\"human\",\"mine\":true},{\"kind\":\"ai\",\"level\":\"random\"}]}");
    json_decref(driver_act(&m, 0, "c3"));
    json_decref(driver_wait_people(m.id));
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/record", m.id);
    json_t *record = driver_expect(200, "GET", path, NULL, NULL);
    assert_true(json_is_null(json_object_get(record, "seed")));
    assert_true(record_seed_withheld(record));
    RecordError e;
    Session *s = record_load_json(record, "running", true, &e);
    if (!s)
        fail_msg("%s", e.message);
    assert_int_equal(s->count, (int)json_array_size(json_object_get(record, "actions")));
    session_free(s);
    json_decref(record);
}

int main(void)
{
    const char *more = getenv("MORPH_ATTACK_ROUNDS");
    if (more && atoi(more) > 0)
        rounds = atoi(more);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(morphos_against_random, setup, teardown),
        cmocka_unit_test_setup_teardown(morpyam_real_dice_against_master, setup, teardown),
        cmocka_unit_test_setup_teardown(withheld_record_replays, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
