/* Records: the record of a session, and loading one (checked, replayed)
 * from JSON or a file (record.h); record_file.c writes them. */
#include "record.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>

#include "game_json.h"
#include "../core/utf8.h"
#include "../core/xalloc.h"
#include "../games/registry.h"

void record_now(char out[21])
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, 21, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

json_t *record_from_session(const Session *s, const char *created)
{
    char now[21];
    record_now(now);
    json_t *players = json_array();
    for (int p = 0; p < s->game->num_players; p++) {
        const Seat *seat = &s->seats[p];
        json_array_append_new(players, seat->is_ai ? json_pack("{s:s,s:o}", "kind", "ai", "ai", json_text(seat->spec))
                                                   : json_pack("{s:s}", "kind", "human"));
    }
    json_t *actions = json_array();
    for (int i = 0; i < s->count; i++)
        json_array_append_new(actions, json_text(s->steps[i].text));
    return json_pack("{s:s,s:i,s:s,s:o,s:o,s:I,s:s,s:o,s:o,s:s,s:s}", "format", RECORD_FORMAT, "version",
                     RECORD_VERSION, "game", s->game->ops->name, "options", game_options_to_json(s->game),
                     "players", players, "seed", (json_int_t)s->seed, "chance",
                     session_dice_drawn(s) ? RECORD_CHANCE_SEED : RECORD_CHANCE_TYPED, "actions", actions, "result",
                     game_result_to_json(s->state), "created", created ? created : now, "updated", now);
}

json_t *record_withholding_seed(const Session *s, const char *created)
{
    json_t *doc = record_from_session(s, created);
    json_object_set_new(doc, "seed", json_null());
    return doc;
}

bool record_seed_withheld(const json_t *doc)
{
    return json_is_null(json_object_get(doc, "seed"));
}

static void load_fail(RecordError *e, const char *name, int index, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void load_fail(RecordError *e, const char *name, int index, const char *fmt, ...)
{
    int n = snprintf(e->message, sizeof e->message, "record %s: ", name);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < sizeof e->message)
        vsnprintf(e->message + n, sizeof e->message - (size_t)n, fmt, ap);
    va_end(ap);
    utf8_repair(e->message); /* the file name, or a cut at the end of the buffer */
    e->index = index;
}

bool record_same_json(const json_t *a, const json_t *b)
{
    if (json_is_number(a) && json_is_number(b))
        return json_number_value(a) == json_number_value(b);
    if (json_is_array(a) && json_is_array(b)) {
        if (json_array_size(a) != json_array_size(b))
            return false;
        for (size_t i = 0; i < json_array_size(a); i++)
            if (!record_same_json(json_array_get(a, i), json_array_get(b, i)))
                return false;
        return true;
    }
    if (json_is_object(a) && json_is_object(b)) {
        if (json_object_size(a) != json_object_size(b))
            return false;
        const char *key;
        json_t *value;
        json_object_foreach((json_t *)a, key, value) {
            const json_t *other = json_object_get(b, key);
            if (!other || !record_same_json(value, other))
                return false;
        }
        return true;
    }
    return json_equal((json_t *)a, (json_t *)b);
}

/* "YYYY-MM-DDTHH:MM:SSZ": digits exactly where the form has them. */
static bool is_timestamp(const json_t *v)
{
    static const char form[] = "dddd-dd-ddTdd:dd:ddZ";
    const char *t = json_string_value(v);
    if (!t || strlen(t) != sizeof form - 1)
        return false;
    for (size_t i = 0; form[i]; i++)
        if (form[i] == 'd' ? !isdigit((unsigned char)t[i]) : t[i] != form[i])
            return false;
    int mo = atoi(t + 5), d = atoi(t + 8), h = atoi(t + 11), mi = atoi(t + 14), s = atoi(t + 17);
    return mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h < 24 && mi < 60 && s < 61;
}

/* Reads players into "human"/"ai:SPEC" words. */
static bool read_players(const json_t *players, int n, char words[MAX_PLAYERS][136], const char *name,
                         RecordError *e)
{
    if (!json_is_array(players) || (int)json_array_size(players) != n) {
        load_fail(e, name, -1, "'players' must be an array of %d entries (one per seat)", n);
        return false;
    }
    for (int p = 0; p < n; p++) {
        const json_t *pl = json_array_get(players, (size_t)p);
        const char *kind = json_string_value(json_object_get(pl, "kind"));
        const char *spec = json_string_value(json_object_get(pl, "ai"));
        if (kind && strcmp(kind, "human") == 0) {
            strcpy(words[p], "human");
        } else if (kind && strcmp(kind, "ai") == 0 && spec && spec[0] && strlen(spec) < 128) {
            snprintf(words[p], 136, "ai:%s", spec);
        } else {
            load_fail(e, name, -1, "players[%d] must be {\"kind\":\"human\"} or {\"kind\":\"ai\",\"ai\":SPEC}", p);
            return false;
        }
    }
    return true;
}

/* One entry of "actions": what the player to move may apply (several parts
 * only within one seat's decisions; a chance outcome alone), or a player
 * leaving ("resign 2", "timeout 2"), and with seeded chance an outcome must
 * be the one the seed gives at this position. */
static bool apply_entry(Session *s, const char *text, bool seeded, char *err, size_t errlen)
{
    Action leave;
    char why[ERR_MAX];
    if (leave_parse(text, s->game->num_players, &leave, why, sizeof why) > 0)
        return session_apply_text(s, text, err, errlen); /* a player leaving, whoever was to move */
    if (session_is_terminal(s) || !state_is_chance(s->state) || !seeded)
        return session_apply_for_seat(s, session_player(s), text, true, err, errlen);
    State *check = state_clone(s->state);
    Action parts[STATE_TEXT_PARTS];
    int n = state_parse_text(check, text, parts, NULL, err, errlen);
    state_free(check);
    if (n < 0)
        return false;
    if (n > 1) {
        char q[EXCERPT_SIZE];
        snprintf(err, errlen, "type only the chance outcome asked for, one at a time ('%s' holds several)",
                 text_excerpt(text, EXCERPT_MAX, q, sizeof q));
        return false;
    }
    Action a = parts[0], drawn = session_chance_sample(s);
    if (a != drawn) {
        StrBuf want = STRBUF_INIT;
        state_action_text(s->state, drawn, &want);
        snprintf(err, errlen, "the seed gives '%s' here, and the record says its chance outcomes come from the seed "
                 "(\"chance\": \"%s\")", sb_str(&want), RECORD_CHANCE_SEED);
        sb_free(&want);
        return false;
    }
    return session_chance_step(s);
}

Session *record_load_json(const json_t *doc, const char *name, bool check_result, RecordError *e)
{
    e->index = -1;
    char err[ERR_MAX];
    if (!json_is_object(doc)) {
        load_fail(e, name, -1, "not a JSON object");
        return NULL;
    }
    const char *format = json_string_value(json_object_get(doc, "format"));
    if (!format || strcmp(format, RECORD_FORMAT) != 0) {
        load_fail(e, name, -1, "'format' must be \"%s\"", RECORD_FORMAT);
        return NULL;
    }
    const json_t *version = json_object_get(doc, "version");
    if (!json_is_integer(version) || json_integer_value(version) != RECORD_VERSION) {
        load_fail(e, name, -1, "unsupported 'version' (this morph reads version %d)", RECORD_VERSION);
        return NULL;
    }
    const char *game = json_string_value(json_object_get(doc, "game"));
    const GameOps *ops = game ? game_lookup(game) : NULL;
    if (!ops) {
        load_fail(e, name, -1, "unknown 'game' %s%s%s", game ? "'" : "(missing)", game ? game : "", game ? "'" : "");
        return NULL;
    }
    Options opts;
    const json_t *options = json_object_get(doc, "options");
    if (!options || !game_options_from_json(ops, options, &opts, err, sizeof err)) {
        load_fail(e, name, -1, "options: %s", options ? err : "missing");
        return NULL;
    }
    Game *g = game_new(game, &opts, err, sizeof err);
    if (!g) {
        load_fail(e, name, -1, "options: %s", err);
        return NULL;
    }
    char words[MAX_PLAYERS][136];
    const char *players[MAX_PLAYERS];
    if (!read_players(json_object_get(doc, "players"), g->num_players, words, name, e)) {
        game_free(g);
        return NULL;
    }
    for (int p = 0; p < g->num_players; p++)
        players[p] = words[p];
    /* null: a running game's record that keeps its seed secret */
    const json_t *seed = json_object_get(doc, "seed");
    bool withheld = json_is_null(seed);
    if (!withheld && (!json_is_integer(seed) || json_integer_value(seed) < 0)) {
        load_fail(e, name, -1, "'seed' must be a whole number from 0 to %lld", (long long)SESSION_SEED_MAX);
        game_free(g);
        return NULL;
    }
    const char *stamps[] = {"created", "updated"};
    for (int i = 0; i < 2; i++) {
        if (!is_timestamp(json_object_get(doc, stamps[i]))) {
            load_fail(e, name, -1, "'%s' must be a UTC time like \"2026-01-31T12:00:00Z\"", stamps[i]);
            game_free(g);
            return NULL;
        }
    }
    const json_t *jchance = json_object_get(doc, "chance");
    const char *chance = jchance ? json_string_value(jchance) : RECORD_CHANCE_TYPED;
    if (!chance || (strcmp(chance, RECORD_CHANCE_SEED) != 0 && strcmp(chance, RECORD_CHANCE_TYPED) != 0)) {
        load_fail(e, name, -1, "'chance' must be \"%s\" or \"%s\"", RECORD_CHANCE_SEED, RECORD_CHANCE_TYPED);
        game_free(g);
        return NULL;
    }
    /* without the seed its outcomes cannot be checked: they are taken as given */
    bool seeded = strcmp(chance, RECORD_CHANCE_SEED) == 0 && !withheld;
    /* "dice": how people meant to roll (morph play --dice); optional */
    const json_t *jdice = json_object_get(doc, "dice");
    const char *dice = jdice ? json_string_value(jdice) : "auto";
    if (!dice || (strcmp(dice, "auto") != 0 && strcmp(dice, "manual") != 0)) {
        load_fail(e, name, -1, "'dice' must be \"auto\" or \"manual\"");
        game_free(g);
        return NULL;
    }
    const json_t *actions = json_object_get(doc, "actions");
    if (!json_is_array(actions)) {
        load_fail(e, name, -1, "'actions' must be an array of strings");
        game_free(g);
        return NULL;
    }
    const json_t *stored = json_object_get(doc, "result");
    if (!stored || !(json_is_null(stored) || json_is_object(stored))) {
        /* a missing key is told as missing, not as a value of the wrong kind */
        load_fail(e, name, -1, stored ? "'result' must be null or an object"
                                      : "the key 'result' is missing (null while the game runs, else the result)");
        game_free(g);
        return NULL;
    }
    Session *s = session_new_game(g, players, withheld ? 0 : (uint64_t)json_integer_value(seed), err, sizeof err);
    if (!s) {
        load_fail(e, name, -1, "players: %s", err);
        return NULL;
    }
    size_t i;
    const json_t *action;
    json_array_foreach(actions, i, action) {
        const char *text = json_string_value(action);
        if (!text) {
            load_fail(e, name, (int)i, "actions[%zu] is not a string", i);
            session_free(s);
            return NULL;
        }
        if (!apply_entry(s, text, seeded, err, sizeof err)) {
            char q[64];
            load_fail(e, name, (int)i, "actions[%zu] '%s' is illegal: %s", i, text_excerpt(text, 60, q, sizeof q), err);
            session_free(s);
            return NULL;
        }
    }
    if (check_result) {
        json_t *replayed = game_result_to_json(s->state);
        if (!record_same_json(replayed, stored)) {
            char *a = json_dumps(stored, JSON_COMPACT | JSON_ENCODE_ANY);
            char *b = json_dumps(replayed, JSON_COMPACT | JSON_ENCODE_ANY);
            load_fail(e, name, -1, "stored result %s differs from the replayed result %s", a, b);
            free(a);
            free(b);
            json_decref(replayed);
            session_free(s);
            return NULL;
        }
        json_decref(replayed);
    }
    return s;
}

Session *record_load(const char *path, bool check_result, json_t **doc_out, RecordError *e)
{
    json_error_t jerr;
    e->index = -1;
    FILE *f = fopen(path, "r");
    if (!f) {
        load_fail(e, path, -1, "cannot read: %s", strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        load_fail(e, path, -1, "a directory, not a record file");
        return NULL;
    }
    json_t *doc = json_loadf(f, JSON_REJECT_DUPLICATES, &jerr);
    fclose(f);
    if (!doc) {
        load_fail(e, path, -1, "not valid JSON (truncated or damaged?) at line %d: %s", jerr.line, jerr.text);
        return NULL;
    }
    Session *s = record_load_json(doc, path, check_result, e);
    if (doc_out && s)
        *doc_out = doc;
    else
        json_decref(doc);
    return s;
}
