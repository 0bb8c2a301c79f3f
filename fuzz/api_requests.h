/* The requests fuzz_api.c sends: a method, path, query, token, cookie,
 * origin and body, read from the payload as the HTTP layer would decode
 * them ('@' in a raw target is the slot's game), and the bodies built
 * around it (a JSON string, a game to create, a legal action of the state,
 * which must be the library's list). Included once, by fuzz_api.c. */
#ifndef MORPH_FUZZ_API_REQUESTS_H
#define MORPH_FUZZ_API_REQUESTS_H

#include "api_harness.h"

typedef struct Req {
    const char *method;
    char path[300];
    char query_text[512];
    ApiParam query[16];
    int nquery;
    const char *token;
    const char *last_event_id;
    const char *body;
    size_t body_len;
    const char *session; /* a browser's cookie */
    const char *origin;
} Req;

/* Reads "k=v&k=v" (bytes as the HTTP layer decodes them) into r's query. */
static void set_query(Req *r, const char *text, size_t len)
{
    if (len >= sizeof r->query_text)
        len = sizeof r->query_text - 1;
    memcpy(r->query_text, text, len);
    r->query_text[len] = '\0';
    r->nquery = 0;
    for (char *save = NULL, *kv = strtok_r(r->query_text, "&", &save); kv && r->nquery < 16;
         kv = strtok_r(NULL, "&", &save)) {
        char *eq = strchr(kv, '=');
        if (eq)
            *eq++ = '\0';
        r->query[r->nquery++] = (ApiParam){kv, eq ? eq : ""};
    }
}

/* Path and query from "PATH?QUERY". */
static void set_target(Req *r, const char *text, size_t len)
{
    const char *q = memchr(text, '?', len);
    size_t plen = q ? (size_t)(q - text) : len;
    snprintf(r->path, sizeof r->path, "%.*s", (int)plen, text);
    if (q)
        set_query(r, q + 1, len - plen - 1);
}

/* The raw target of an 'x' or 'o' request ('@' is the slot's game). */
static void raw_target(Req *r, const char *payload, size_t len, const char *id)
{
    const char *space = memchr(payload, ' ', len);
    size_t tlen = space ? (size_t)(space - payload) : len;
    char target[300];
    size_t n = 0;
    for (size_t i = 0; i < tlen && n + GAME_ID_LEN + 1 < sizeof target; i++) {
        if (payload[i] == '@') {
            memcpy(target + n, id, GAME_ID_LEN);
            n += GAME_ID_LEN;
        } else {
            target[n++] = payload[i];
        }
    }
    set_target(r, target, n);
    if (space) {
        r->body = space + 1;
        r->body_len = len - tlen - 1;
    }
}

/* JSON string of len bytes of text, or NULL when they are not UTF-8. */
static char *json_quote(const char *text, size_t len)
{
    json_t *s = json_stringn(text, len);
    if (!s)
        return NULL;
    char *out = json_dumps(s, JSON_ENCODE_ANY);
    json_decref(s);
    return out;
}

/* POST /api/games around the payload: KEY=VALUE;... options (numbers as
 * numbers, rules and mutators as lists); mod picks the game, the seats,
 * the dice and the listing. */
static char *create_body(unsigned mod, const char *payload, size_t len)
{
    const char *game = mod & 1 ? "morphos" : "morpyam";
    json_t *options = json_object();
    int players = 2;
    char *copy = fuzz_string((const uint8_t *)payload, len);
    for (char *save = NULL, *kv = strtok_r(copy, ";", &save); kv; kv = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(kv, '=');
        if (!eq)
            continue;
        *eq++ = '\0';
        char *end;
        long n = strtol(eq, &end, 10);
        json_t *value;
        if (eq[0] && !*end) {
            value = json_integer(n);
            if (strcmp(kv, "players") == 0 && n >= 1 && n <= MAX_PLAYERS)
                players = (int)n;
        } else if (strcmp(kv, "rules") == 0 || strcmp(kv, "mutators") == 0) {
            value = json_array();
            for (char *s2 = NULL, *w = strtok_r(eq, ",", &s2); w; w = strtok_r(NULL, ",", &s2))
                json_array_append_new(value, json_string(w));
        } else {
            value = json_string(eq);
        }
        if (value && json_object_size(options) < 8)
            json_object_set_new(options, kv, value);
        else
            json_decref(value);
    }
    free(copy);
    if (mod & 1)
        players = 2;
    json_t *body = json_pack("{s:s}", "game", game);
    if (json_object_size(options))
        json_object_set_new(body, "options", options);
    else
        json_decref(options);
    int layout = (int)(mod >> 1 & 7);
    if (layout) {
        json_t *seats = json_array();
        for (int p = 0; p < players; p++) {
            json_t *seat;
            if (p == 0 || layout == 5)
                seat = json_pack("{s:s,s:b}", "kind", "human", "mine", 1);
            else if (layout == 1)
                seat = json_pack("{s:s,s:s}", "kind", "ai", "level", "greedy");
            else if (layout == 2)
                seat = json_pack("{s:s,s:s}", "kind", "ai", "level", "random");
            else if (layout == 3)
                seat = json_pack("{s:s}", "kind", "human");
            else if (layout == 4)
                seat = mod & 1 ? json_pack("{s:s,s:s,s:i}", "kind", "ai", "level", "mcts", "ms", 50)
                               : json_pack("{s:s,s:s}", "kind", "ai", "level", "expert");
            else if (layout == 6)
                seat = p == 1 ? json_pack("{s:s}", "kind", "human") : json_pack("{s:s,s:s}", "kind", "ai", "level", "random");
            else
                seat = json_pack("{s:s,s:s}", "kind", "ai", "level", "random");
            json_array_append_new(seats, seat);
        }
        if (layout == 7) /* nobody's seat: a game to watch */
            json_array_set_new(seats, 0, json_pack("{s:s,s:s}", "kind", "ai", "level", "random"));
        json_object_set_new(body, "seats", seats);
    }
    if (mod & 16)
        json_object_set_new(body, "dice", json_string("real"));
    if (mod & 32)
        json_object_set_new(body, "listed", json_false());
    if (mod & 64)
        json_object_set_new(body, "clock", json_pack("{s:i,s:i}", "initial_s", 5, "increment_s", 1));
    if (mod & 128)
        json_object_set_new(body, "rated", json_true());
    char *text = json_dumps(body, JSON_COMPACT);
    json_decref(body);
    return text;
}

/* The text of the pick-th legal action the server lists in r's state, or
 * in a real-dice game at a chance node, of an outcome the person rolling
 * types; "" when there is none. The server's list must be the library's. */
static void legal_text(Room *r, unsigned pick, char *out, size_t outlen)
{
    /* the state without its history (which may be long): what comes before it */
    char *text = room_state_json(r, 0, false), *history = strstr(text, ",\"history\":[");
    FUZZ_CHECK(history, "a state without history");
    strcpy(history, "}");
    json_t *st = json_loads(text, 0, NULL);
    FUZZ_CHECK(st, "a state that is not JSON: %.300s", text);
    free(text);
    json_t *legal = json_object_get(st, "legal");
    pthread_mutex_lock(&r->lock);
    const State *s = r->session->state;
    Action acts[MAX_ACTIONS];
    int n = state_is_chance(s) || state_is_terminal(s) ? 0 : state_legal_actions(s, acts);
    FUZZ_CHECK(json_array_size(legal) == (size_t)n, "the state lists %zu legal actions, the library %d",
               json_array_size(legal), n);
    StrBuf words = STRBUF_INIT;
    for (int i = 0; i < n; i++) {
        sb_clear(&words);
        state_action_text(s, acts[i], &words);
        FUZZ_CHECK(strcmp(sb_str(&words), json_string_value(json_object_get(json_array_get(legal, (size_t)i), "action"))) == 0,
                   "legal action %d is '%s' in the state, '%s' in the library", i,
                   json_string_value(json_object_get(json_array_get(legal, (size_t)i), "action")), sb_str(&words));
    }
    out[0] = '\0';
    if (n) {
        snprintf(out, outlen, "%s", json_string_value(json_object_get(json_array_get(legal, pick % (unsigned)n), "action")));
    } else if (state_is_chance(s) && !json_is_null(json_object_get(json_object_get(st, "chance"), "seat"))) {
        ChanceOutcome outs[MAX_ACTIONS];
        int k = state_chance_outcomes(s, outs);
        state_action_text(s, outs[pick % (unsigned)k].action, &words);
        snprintf(out, outlen, "%s", sb_str(&words));
    }
    sb_free(&words);
    pthread_mutex_unlock(&r->lock);
    json_decref(st);
}

static int64_t version_of(Room *r)
{
    pthread_mutex_lock(&r->lock);
    int64_t v = r->meta.version;
    pthread_mutex_unlock(&r->lock);
    return v;
}

#endif
