/* What fuzz_api.c checks in the answers: every answer through call() (JSON
 * or a stream of JSON events, a refusal a 4xx with a one-line error, no 5xx
 * but the 503 of a failed write, no password or session id, cookies set
 * only by signing up, in or out); every state's own invariants; the live
 * stream's replay after Last-Event-ID; a record that loads back and replays
 * to the game; lists that agree with the rooms. Included once, by
 * fuzz_api.c. */
#ifndef MORPH_FUZZ_API_CHECKS_H
#define MORPH_FUZZ_API_CHECKS_H

#include "../src/front/game_json.h"
#include "../src/front/record.h"
#include "api_requests.h"

static bool is_json_object_with_error(const json_t *doc)
{
    const char *error = json_string_value(json_object_get(doc, "error"));
    return error && error[0] && !strchr(error, '\n') && utf8_valid(error);
}

static void check_state(const json_t *st);

/* Every line of the live stream is an id, an event name, a data line of
 * JSON or the blank line that ends an event; it replays the actions after
 * `after` (docs/web-api.md: none when an undo went back to it or earlier),
 * each once and in order, then gives the state once. */
static void check_stream(Room *room, long after)
{
    Subscriber sub;
    memset(&sub, 0, sizeof sub);
    room_subscribe(room, &sub, after);
    StrBuf out = STRBUF_INIT;
    pthread_mutex_lock(&room->lock);
    int count = room->session->count, undo_low = room->meta.undo_low;
    long long version = (long long)room->meta.version;
    room_stream_fill(room, &sub, &out);
    pthread_mutex_unlock(&room->lock);
    room_unsubscribe(room, &sub);
    FUZZ_CHECK(out.len > 0 && utf8_valid(sb_str(&out)), "a stream without its first state");
    bool replay = after >= -1 && after + 1 <= count && !(undo_low >= 0 && after >= undo_low);
    long next = replay ? after + 1 : count;
    char *save = NULL;
    int states = 0;
    long id = -2;
    const char *event = NULL;
    for (char *line = strtok_r(out.data, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (strncmp(line, "id: ", 4) == 0) {
            id = strtol(line + 4, NULL, 10);
        } else if (strncmp(line, "event: ", 7) == 0) {
            event = line + 7;
            FUZZ_CHECK(strcmp(event, "action") == 0 || strcmp(event, "state") == 0, "a first stream with event %s", event);
        } else {
            FUZZ_CHECK(strncmp(line, "data: ", 6) == 0 && event, "a stream line '%.80s'", line);
            json_t *doc = json_loads(line + 6, 0, NULL);
            FUZZ_CHECK(json_is_object(doc), "stream data that is not a JSON object: %.200s", line);
            if (strcmp(event, "action") == 0) {
                FUZZ_CHECK(id == next && json_integer_value(json_object_get(doc, "index")) == id,
                           "action event %ld (index %lld), expected %ld (after %ld, %d actions, undo_low %d)", id,
                           (long long)json_integer_value(json_object_get(doc, "index")), next, after, count, undo_low);
                FUZZ_CHECK(json_integer_value(json_object_get(doc, "version")) == version, "an action of another version");
                next++;
            } else {
                FUZZ_CHECK(id == count - 1 && states++ == 0 && next == count, "a state event %ld at %ld of %d", id, next,
                           count);
                check_state(doc);
            }
            json_decref(doc);
            event = NULL;
        }
    }
    FUZZ_CHECK(states == 1, "a stream gave %d states", states);
    sb_free(&out);
}

/* What every state answer keeps. */
static void check_state(const json_t *st)
{
    FUZZ_CHECK(json_is_object(st), "a state that is not an object");
    json_t *history = json_object_get(st, "history"), *legal = json_object_get(st, "legal"),
           *to_move = json_object_get(st, "to_move"), *seats = json_object_get(st, "seats");
    json_int_t count = json_integer_value(json_object_get(st, "count"));
    FUZZ_CHECK(json_is_array(history) && (json_int_t)json_array_size(history) == count,
               "count %lld but %zu history entries", (long long)count, json_array_size(history));
    size_t i;
    json_t *v;
    json_array_foreach(history, i, v) {
        FUZZ_CHECK(json_integer_value(json_object_get(v, "index")) == (json_int_t)i, "history entry %zu misnumbered", i);
        FUZZ_CHECK(json_string_length(json_object_get(v, "action")) > 0 && json_is_string(json_object_get(v, "text")),
                   "history entry %zu without action or text", i);
    }
    FUZZ_CHECK(json_is_array(legal) && json_is_array(seats), "a state without legal or seats");
    int nseats = (int)json_array_size(seats);
    FUZZ_CHECK(json_is_null(to_move) || (json_integer_value(to_move) >= 1 && json_integer_value(to_move) <= nseats),
               "to_move out of range");
    FUZZ_CHECK(json_is_null(to_move) == (json_array_size(legal) == 0), "legal actions and to_move disagree");
    const char *status = json_string_value(json_object_get(st, "status"));
    FUZZ_CHECK(status, "a state without status");
    FUZZ_CHECK((strcmp(status, "finished") == 0) == !json_is_null(json_object_get(st, "result")),
               "status %s and the result disagree", status);
    FUZZ_CHECK(json_integer_value(json_object_get(st, "version")) >= 1, "a version below 1");
    json_array_foreach(legal, i, v)
        FUZZ_CHECK(json_string_length(json_object_get(v, "action")) > 0 && !strchr(json_string_value(json_object_get(v, "action")), ','),
                   "a legal action without its text");
}

typedef struct Answer {
    int status;
    json_t *doc; /* NULL for a stream */
    char *body;
} Answer;

static const char *client = "10.1.2.3";
static char last_cookie[200]; /* the Set-Cookie of the last answer */

/* Sends r and checks what every answer keeps. */
static Answer call(const Req *r)
{
    ApiRequest req = {.method = r->method, .path = r->path, .query = r->query, .nquery = r->nquery,
                      .token = r->token, .last_event_id = r->last_event_id, .body = r->body,
                      .body_len = r->body_len, .client = client, .session = r->session, .origin = r->origin,
                      .host = "fuzz.test"};
    /* slow: the routes that hash a password, a game's hint (/api/games/ID/hint) and a puzzle's
     * answer (/api/puzzles/N/answer), ID and N one segment, even an empty one (the router
     * matches it, then answers 404) */
    size_t n = strlen(r->path);
    bool post = strcmp(r->method, "POST") == 0;
    bool password = post && (strcmp(r->path, "/api/accounts") == 0 || strcmp(r->path, "/api/login") == 0 ||
                             strcmp(r->path, "/api/me/password") == 0);
    bool hint = post && n >= 16 && strncmp(r->path, "/api/games/", 11) == 0 && strcmp(r->path + n - 5, "/hint") == 0 &&
                !memchr(r->path + 11, '/', n - 16);
    bool answer = post && n >= 20 && strncmp(r->path, "/api/puzzles/", 13) == 0 &&
                  strcmp(r->path + n - 7, "/answer") == 0 && !memchr(r->path + 13, '/', n - 20);
    FUZZ_CHECK(api_is_slow(&req) == (password || hint || answer), "api_is_slow is wrong about %s %s", r->method, r->path);
    ApiResponse res;
    double t0 = trace ? limits_now() : 0;
    api_handle(srv, &req, &res);
    if (trace)
        fprintf(fuzz_report, "%s %s%s%s [%s] %.*s\n  -> %d (%.1f ms) %.300s\n", r->method, r->path, r->nquery ? "?" : "",
                r->nquery ? r->query[0].key : "", r->token ? r->token : "-", (int)(r->body_len < 300 ? r->body_len : 300),
                r->body ? r->body : "", res.status, 1000 * (limits_now() - t0), res.body ? res.body : "(stream)");
    Answer a = {.status = res.status};
    snprintf(last_cookie, sizeof last_cookie, "%s", res.set_cookie);
    FUZZ_CHECK(res.status >= 200 && (res.status < 500 || (res.status == 503 && faults.failed)),
               "%s %s answered %d: %.300s", r->method, r->path, res.status, res.body ? res.body : "(no body)");
    if (res.stream_room) {
        FUZZ_CHECK(res.status == 200 && !res.body, "a stream with status %d", res.status);
        check_stream(res.stream_room, res.stream_after);
        limits_stream_release(srv->limits, client);
        api_response_free(&res);
        return a;
    }
    if (res.stream_feed) {
        FUZZ_CHECK(res.status == 200 && !res.body, "a feed's stream with status %d", res.status);
        Subscriber sub = {0};
        feed_subscribe(res.stream_feed, &sub, 0);
        StrBuf out = STRBUF_INIT;
        pthread_mutex_lock(&res.stream_feed->lock);
        FUZZ_CHECK(feed_fill(res.stream_feed, &sub, &out) && strncmp(sb_str(&out), "id: ", 4) == 0 &&
                       strstr(sb_str(&out), "\ndata: {"),
                   "a feed's stream starts without its current event");
        pthread_mutex_unlock(&res.stream_feed->lock);
        feed_unsubscribe(res.stream_feed, &sub);
        sb_free(&out);
        limits_stream_release(srv->limits, client);
        api_response_free(&res);
        return a;
    }
    /* the session cookie: set only by signing up or in, removed by signing out */
    if (res.set_cookie[0]) {
        bool in = strcmp(r->path, "/api/accounts") == 0 || strcmp(r->path, "/api/login") == 0;
        FUZZ_CHECK((in && (res.status == 200 || res.status == 201)) ||
                       (strcmp(r->path, "/api/logout") == 0 && res.status == 200),
                   "%s %s set a cookie (%d)", r->method, r->path, res.status);
        FUZZ_CHECK(strstr(res.set_cookie, "; HttpOnly; SameSite=Lax"), "a cookie without HttpOnly, SameSite=Lax");
    }
    FUZZ_CHECK(res.body, "%s %s answered %d without a body", r->method, r->path, res.status);
    json_error_t jerr;
    a.doc = json_loads(res.body, 0, &jerr);
    FUZZ_CHECK(a.doc && utf8_valid(res.body), "%s %s answered %d with a body that is not JSON (%s): %.300s",
               r->method, r->path, res.status, jerr.text, res.body);
    FUZZ_CHECK(!strstr(res.body, FUZZ_PASSWORD) && !strstr(res.body, "$argon2"), "%s %s answered a password: %.300s",
               r->method, r->path, res.body);
    for (int b = 0; b < BROWSERS; b++)
        FUZZ_CHECK(!browsers[b][0] || !strstr(res.body, browsers[b]), "%s %s answered a session id", r->method, r->path);
    /* a change with a cookie from another site, or from nowhere said, is refused */
    bool change = strcmp(r->method, "GET") != 0 && strcmp(r->method, "HEAD") != 0;
    if (change && r->session && (!r->origin || strcmp(r->origin, "http://fuzz.test") != 0))
        FUZZ_CHECK(res.status == 403 || res.status == 413 || res.status == 429,
                   "%s %s with a cookie from '%s' answered %d", r->method, r->path, r->origin ? r->origin : "nowhere",
                   res.status);
    if (res.status >= 400)
        FUZZ_CHECK(json_is_object(a.doc) && json_object_size(a.doc) == 1 && is_json_object_with_error(a.doc),
                   "%s %s refused (%d) without a one-line error: %.300s", r->method, r->path, res.status, res.body);
    a.body = res.body;
    res.body = NULL;
    api_response_free(&res);
    return a;
}

static void answer_free(Answer *a)
{
    json_decref(a->doc);
    free(a->body);
}

/* The record of slot k's game: downloaded, loaded back, replayed. */
static void check_record(Room *r, const Answer *a)
{
    RecordError e;
    Session *back = record_load_json(a->doc, "fuzz", true, &e);
    FUZZ_CHECK(back, "the record of game %s does not load: %s", r->meta.id, e.message);
    pthread_mutex_lock(&r->lock);
    Session *s = r->session;
    FUZZ_CHECK(back->count == s->count, "the record has %d actions, the game %d", back->count, s->count);
    for (int i = 0; i < s->count; i++)
        FUZZ_CHECK(strcmp(back->steps[i].text, s->steps[i].text) == 0, "record action %d '%s', game '%s'", i,
                   back->steps[i].text, s->steps[i].text);
    json_t *want = game_result_to_json(s->state), *got = game_result_to_json(back->state);
    FUZZ_CHECK(json_equal(want, got), "the record's result differs from the game's");
    pthread_mutex_unlock(&r->lock);
    /* the replay viewer's data, of the stored game and of the record sent */
    char path[64];
    snprintf(path, sizeof path, "/api/games/%s/replay", r->meta.id);
    Req q = {.method = "GET"};
    snprintf(q.path, sizeof q.path, "%s", path);
    Answer g = call(&q);
    char *compact = json_dumps(a->doc, JSON_COMPACT);
    Req u = {.method = "POST", .body = compact, .body_len = strlen(compact)};
    snprintf(u.path, sizeof u.path, "/api/replay");
    /* what a server with a larger --max-body does with it (fuzzed bodies stay small) */
    size_t max_body = srv->cfg.max_body;
    srv->cfg.max_body = 1 << 20;
    Answer p = call(&u);
    srv->cfg.max_body = max_body;
    free(compact);
    FUZZ_CHECK(g.status == 200, "the replay of game %s: %d", r->meta.id, g.status);
    FUZZ_CHECK(p.status == 200, "the replay of the record of game %s: %d %.300s", r->meta.id, p.status,
               p.body);
    Answer *both[2] = {&g, &p};
    for (int i = 0; i < 2; i++) {
        json_t *doc = both[i]->doc, *result = json_deep_copy(json_object_get(doc, "result"));
        json_object_del(result, "text");
        FUZZ_CHECK(json_integer_value(json_object_get(doc, "count")) == back->count &&
                       json_array_size(json_object_get(doc, "positions")) == (size_t)back->count + 1,
                   "a replay with another count");
        FUZZ_CHECK(json_equal(result, want), "a replay with another result");
        json_decref(result);
    }
    json_decref(want);
    json_decref(got);
    answer_free(&g);
    answer_free(&p);
    session_free(back);
}

/* A list (from the store) agrees with the rooms (in memory) about the
 * games of this input. */
static void check_list(const json_t *doc)
{
    size_t i;
    json_t *g;
    json_array_foreach(json_object_get(doc, "games"), i, g) {
        const char *id = json_string_value(json_object_get(g, "id"));
        for (int k = 0; id && k < nslots; k++) {
            if (strcmp(id, slots[k].id) != 0)
                continue;
            Room *r = slot_room(k);
            pthread_mutex_lock(&r->lock);
            int open = 0, ai = 0;
            for (int p = 0; p < r->meta.num_seats; p++) {
                open += r->meta.seats[p].kind == SEAT_HUMAN && !r->meta.seats[p].claimed;
                ai += r->meta.seats[p].kind == SEAT_AI;
            }
            FUZZ_CHECK(json_integer_value(json_object_get(g, "count")) == r->session->count &&
                           strcmp(json_string_value(json_object_get(g, "status")), status_name(r->meta.status)) == 0 &&
                           json_integer_value(json_object_get(g, "open_seats")) == open &&
                           json_integer_value(json_object_get(g, "ai_seats")) == ai,
                       "the list says game %s has %lld actions, is %s with %lld open seats; the room: %d, %s, %d", id,
                       (long long)json_integer_value(json_object_get(g, "count")),
                       json_string_value(json_object_get(g, "status")),
                       (long long)json_integer_value(json_object_get(g, "open_seats")), r->session->count,
                       status_name(r->meta.status), open);
            pthread_mutex_unlock(&r->lock);
            room_unref(r);
        }
    }
}

#endif
