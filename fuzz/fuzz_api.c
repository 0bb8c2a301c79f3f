/* The web API (docs/web-api.md) in-process: every endpoint through
 * api_handle, without sockets, over the real rooms and a real SQLite store
 * in the scratch directory. Each input line is one request:
 *
 *     OP MOD PAYLOAD
 *
 * OP (one byte, a letter below, any other byte taken modulo their number)
 * picks the endpoint; MOD (one byte, XOR 0x30 so that '0' is 0) picks the game slot ((MOD >> 2) & 3:
 * the games this input created, in order), the seat token sent (MOD & 3:
 * 0 one holding the seat to act, 1 one holding another seat of the game,
 * 2 one of another game or a made-up one, 3 none) and what the op varies
 * (MOD >> 4); PAYLOAD is the fuzzed text the op puts in the path, query,
 * header or body. In paths of the raw op, '@' stands for the slot's id.
 *
 *     m meta            r rules/GAME      l list           c create (raw body)
 *     C create (body built around PAYLOAD: KEY=VALUE;... options)
 *     j join by code    g state           e events (SSE)   a action (PAYLOAD's text)
 *     A a legal action of the state (or the typed dice of the seat rolling)
 *     u undo            s resign          h hint           R rematch
 *     J join listed     i invitations     d record         p replay of the game
 *     P replay upload   G rules of the game               x raw request
 *     y drive: up to 1 + PAYLOAD[0] % 32 legal actions (AI turns between)
 *     U sign up (the name PAYLOAD, or its body raw when MOD >> 4 is odd) and
 *       L sign in: browser MOD & 3 keeps the session cookie given
 *     o a raw request as x, from browser MOD & 3 with its cookie, its
 *       Origin this server's, another site's or none (MOD >> 4 & 3)
 *     T write PAYLOAD in the chat of the slot's game (channel MOD >> 4 & 1,
 *       the slot's seat token and browser MOD & 3's cookie); t read it
 *     k the clocks' time moves PAYLOAD[0] seconds, and the server ends the
 *       games whose clocks ran out
 *     Z restart: a new server over the same database
 *     F in the next request, after (MOD >> 6) writes of the store, the next
 *       1 + (MOD >> 4) % 4 fail
 *
 * 'C' makes a game with a clock when MOD has bit 64, rated (sent with
 * browser 0's cookie) with bit 128.
 *
 * After every request: the answer is JSON (a live stream gives events of
 * JSON); a refusal is 4xx with a non-empty one-line "error"; a change that
 * carries a cookie from elsewhere is 403 and changes nothing; no answer
 * holds a password or a session id; there is never
 * a 5xx (but a 503 when a write of the store failed); a refused request
 * changes no game, and no game is created; a
 * request with a wrong or missing token (or another seat's, for actions
 * and hint) changes no game whatever it answers; GETs change
 * nothing; a legal action of the state sent by the seat to act is
 * accepted; a state keeps its own invariants (count, history, legal
 * actions, viewer); a record downloaded loads back (record_load_json) to
 * the same history and result, and replays (GET and POST) to them; after a
 * restart every game is back exactly as it was (its state the same text).
 *
 * Kept fast and repeatable: each input gets a fresh server (its rooms
 * freed at the end) over one SQLite database emptied between inputs, in
 * /dev/shm when there is one; the server has no AI threads, so the harness
 * plays AI seats itself after each request (room_ai_turn, at most 64
 * turns per game); mcts seats think 16 playouts instead of their
 * milliseconds, hints 1 ms; games have at most 400 actions; rate limits are
 * out of the way; game seeds follow the input (token_seed_repeatable). */
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <signal.h>
#include <sqlite3.h>

#include "../src/front/game_json.h"
#include "../src/front/record.h"
#include "../src/server/api/api.h"
#include "../src/server/serve.h"
#include "../tests/unit/fault_store.h"

#define SLOTS 4
#define TOKENS 16
#define MAX_ACTIONS_PER_GAME 400

static Server *srv;
static Store *store;   /* one SQLite database for the whole run, emptied between inputs */
static double clock_time = 1000; /* the clocks' time: moved by the 'k' op only */
#define BROWSERS 4
static char browsers[BROWSERS][SESSION_ID_LEN + 1]; /* session cookies, "" signed out */
#define FUZZ_PASSWORD "fuzz pass phrase"

static double fuzz_now(void)
{
    return clock_time;
}

/* Fault injection: the server's store is the real one wrapped, whose
 * writes the 'F' op makes fail for one request, as a full disk would. */
static FaultStore faults;
static sqlite3 *wipe_db; /* the harness's own connection to it, to empty it */
static char db_path[128];
static bool trace; /* FUZZ_API_TRACE set: every request and answer on stderr */

/* A fresh server over the empty store: every input starts from nothing, so
 * it replays the same way and frees what it allocated. */
static void server_open(void)
{
    ServerConfig cfg;
    server_config_defaults(&cfg);
    cfg.db_path = db_path;
    cfg.store = &faults.base;
    cfg.ai_threads = 0; /* AI seats move when the harness says (room_ai_turn) */
    cfg.max_ai_ms = 60;
    cfg.hint_ms = 1;
    cfg.puzzle_nodes = 2000;
    cfg.max_body = 3000;
    cfg.max_actions = MAX_ACTIONS_PER_GAME;
    cfg.limits.create_per_minute = 1000000000;
    cfg.limits.requests_per_second = 1000000000;
    cfg.limits.logins_per_minute = 1000000000;
    cfg.limits.logins_per_name_per_minute = 1000000000;
    cfg.limits.accounts_per_hour = 1000000000;
    cfg.password_cost = password_cost_min();
    cfg.clock_thread = false;
    cfg.now = fuzz_now;
    char err[ERR_MAX + 256];
    srv = server_new(&cfg, err, sizeof err);
    FUZZ_CHECK(srv, "server_new: %s", err);
}

static void server_close(bool wipe)
{
    server_free(srv);
    srv = NULL;
    if (!wipe)
        return;
    char *msg = NULL;
    FUZZ_CHECK(sqlite3_exec(wipe_db, "DELETE FROM chat; DELETE FROM rating_history; DELETE FROM ratings; DELETE FROM actions; DELETE FROM seats; "
                                        "DELETE FROM games; DELETE FROM challenges; DELETE FROM sessions; DELETE FROM accounts;", NULL, NULL, &msg) ==
                   SQLITE_OK,
               "emptying the store: %s", msg ? msg : "?");
}

static char shm_dir[64];

static void remove_shm(void)
{
    sqlite3_close(wipe_db);
    store_close(store);
    if (shm_dir[0])
        nftw(shm_dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* A crash (abort) skips atexit: databases of processes gone are removed
 * by the next run. */
static void remove_stale_shm(void)
{
    DIR *d = opendir("/dev/shm");
    struct dirent *e;
    while (d && (e = readdir(d))) {
        int pid;
        char path[300];
        if (sscanf(e->d_name, "morph-fuzz-api-%d-", &pid) == 1 && pid > 0 && kill(pid, 0) != 0 && errno == ESRCH) {
            snprintf(path, sizeof path, "/dev/shm/%s", e->d_name);
            nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
        }
    }
    if (d)
        closedir(d);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    trace = getenv("FUZZ_API_TRACE") != NULL;
    fuzz_setup(true);
    /* The database in memory where there is a tmpfs: the same SQLite, without
     * waiting for a disk. */
    remove_stale_shm();
    snprintf(shm_dir, sizeof shm_dir, "/dev/shm/morph-fuzz-api-%d-XXXXXX", (int)getpid());
    if (mkdtemp(shm_dir)) {
        snprintf(db_path, sizeof db_path, "%s/api.db", shm_dir);
    } else {
        shm_dir[0] = '\0';
        snprintf(db_path, sizeof db_path, "%s/api.db", fuzz_dir);
    }
    char err[ERR_MAX + 256];
    store = store_open_sqlite(db_path, false, err, sizeof err);
    FUZZ_CHECK(store, "%s", err);
    fault_store_init(&faults, store);
    FUZZ_CHECK(sqlite3_open(db_path, &wipe_db) == SQLITE_OK, "cannot open %s", db_path);
    sqlite3_busy_timeout(wipe_db, 5000);
    atexit(remove_shm);
    return 0;
}

/* ---- what one input knows: its games, tokens and invitations ---- */

typedef struct Slot {
    char id[GAME_ID_LEN + 1];
    char codes[MAX_PLAYERS][INVITE_LEN + 1]; /* invitations given, used or not */
} Slot;

static Slot slots[SLOTS];
static int nslots;
static char next_page[64]; /* the "next" of the last list */
/* Actions the drive op ('y') may still play in this input: long games make
 * every state answer long, so an input stays well under a second. */
#define DRIVE_STEPS 48
static int drive_left;
static char tokens[TOKENS][TOKEN_LEN + 1];
static int ntokens;

static void add_token(const char *t)
{
    if (!t || strlen(t) != TOKEN_LEN || ntokens == TOKENS)
        return;
    for (int i = 0; i < ntokens; i++)
        if (strcmp(tokens[i], t) == 0)
            return;
    strcpy(tokens[ntokens++], t);
}

static Room *slot_room(int k)
{
    if (k >= nslots)
        return NULL;
    RoomError e;
    Room *r = server_room(srv, slots[k].id, &e);
    FUZZ_CHECK(r, "game %s of this input is lost: %d %s", slots[k].id, e.status, e.message);
    return r;
}

/* mcts seats think 16 playouts, not milliseconds (the session recreates
 * its AIs from the spec on undo, so the spec changes too). */
static void tame(Room *r)
{
    pthread_mutex_lock(&r->lock);
    Session *s = r->session;
    for (int p = 0; p < s->game->num_players; p++) {
        Seat *seat = &s->seats[p];
        if (!seat->is_ai || strncmp(seat->spec, "mcts", 4) != 0 || strstr(seat->spec, "playouts"))
            continue;
        char err[ERR_MAX];
        snprintf(seat->spec, sizeof seat->spec, "mcts:playouts=16,threads=1");
        ai_free(seat->ai);
        seat->ai = ai_new(seat->spec, s->game, (uint64_t)p, err, sizeof err);
        FUZZ_CHECK(seat->ai, "%s", err);
    }
    pthread_mutex_unlock(&r->lock);
}

/* A game this input created (or was given by a rematch). */
static void add_game(const char *id)
{
    if (!id || nslots == SLOTS)
        return;
    for (int i = 0; i < nslots; i++)
        if (strcmp(slots[i].id, id) == 0)
            return;
    memset(&slots[nslots], 0, sizeof slots[nslots]);
    snprintf(slots[nslots].id, sizeof slots[nslots].id, "%s", id);
    nslots++;
    Room *r = slot_room(nslots - 1);
    tame(r);
    room_unref(r);
}

/* What a 201 or a claim tells: the game, tokens and invitations. */
static void learn(const json_t *doc, int k)
{
    const char *id = json_string_value(json_object_get(doc, "id"));
    add_game(id);
    add_token(json_string_value(json_object_get(doc, "token")));
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(doc, "seats"), i, v)
        add_token(json_string_value(json_object_get(v, "token")));
    for (int s = 0; id && s < nslots; s++) {
        if (strcmp(slots[s].id, id) != 0)
            continue;
        json_array_foreach(json_object_get(doc, "invitations"), i, v) {
            json_int_t seat = json_integer_value(json_object_get(v, "seat"));
            const char *code = json_string_value(json_object_get(v, "code"));
            if (seat >= 1 && seat <= MAX_PLAYERS && code && strlen(code) == INVITE_LEN)
                strcpy(slots[s].codes[seat - 1], code);
        }
    }
}

/* The seat that may act now in r (to move, or typing its dice), or -1. */
static int acting_seat(Room *r)
{
    pthread_mutex_lock(&r->lock);
    const State *st = r->session->state;
    int p = state_player(st);
    if (p == PLAYER_CHANCE) {
        int roller = r->meta.real_dice ? r->view->roller(st) : -1;
        p = roller >= 0 && r->meta.seats[roller].kind == SEAT_HUMAN ? roller : -1;
    }
    pthread_mutex_unlock(&r->lock);
    return p;
}

static unsigned seats_of_token(Room *r, const char *t)
{
    const char *one[1] = {t};
    return room_seats_of(r, one, 1, 0);
}

/* The token header for slot k by choice (MOD & 3), written to out; NULL
 * for none. all joins every token of the game (a hot-seat client). */
static const char *pick_token(int k, int choice, bool all, char *out, size_t outlen)
{
    Room *r = slot_room(k);
    int acting = r ? acting_seat(r) : -1;
    const char *found = NULL;
    out[0] = '\0';
    for (int i = 0; i < ntokens && r; i++) {
        unsigned seats = seats_of_token(r, tokens[i]);
        bool pick = choice == 0   ? seats && (acting < 0 || (seats >> acting & 1))
                    : choice == 1 ? seats && acting >= 0 && !(seats >> acting & 1)
                                  : !seats;
        if (all && choice == 0 && seats) {
            size_t n = strlen(out);
            snprintf(out + n, outlen - n, "%s%s", n ? "," : "", tokens[i]);
            found = out;
        } else if (pick && !found) {
            found = tokens[i];
        }
    }
    for (int i = 0; i < ntokens && r && !found && choice == 0; i++)
        if (seats_of_token(r, tokens[i]))
            found = tokens[i]; /* nobody here holds the acting seat: a seat of the game */
    if (r)
        room_unref(r);
    if (choice == 3)
        return NULL;
    if (found && found != out)
        snprintf(out, outlen, "%s", found);
    else if (!found)
        /* well formed, held by nobody */
        snprintf(out, outlen, "%.*s", TOKEN_LEN, "abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopqrstuvwxyz");
    return out;
}

/* ---- snapshots: what "changes nothing" compares ---- */

typedef struct Snapshot {
    char *state[SLOTS];
    int rooms;
} Snapshot;

static void snapshot(Snapshot *s)
{
    for (int k = 0; k < SLOTS; k++) {
        Room *r = slot_room(k);
        s->state[k] = r ? room_state_json(r, 0, false) : NULL;
        room_unref(r);
    }
    pthread_mutex_lock(&srv->rooms_lock);
    s->rooms = srv->rooms_count;
    pthread_mutex_unlock(&srv->rooms_lock);
}

static void snapshot_free(Snapshot *s)
{
    for (int k = 0; k < SLOTS; k++)
        free(s->state[k]);
}

static void same(const Snapshot *before, const char *why, const char *what)
{
    Snapshot after;
    snapshot(&after);
    for (int k = 0; k < SLOTS; k++)
        FUZZ_CHECK(!before->state[k] || strcmp(before->state[k], after.state[k]) == 0,
                   "%s changed game %s: %s\nbefore: %.600s\nafter:  %.600s", why, slots[k].id, what,
                   before->state[k], after.state[k]);
    FUZZ_CHECK(before->rooms == after.rooms, "%s created a game: %s", why, what);
    snapshot_free(&after);
}

/* ---- requests ---- */

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

/* ---- AI seats ---- */

static void ai_turns(void)
{
    for (int k = 0; k < nslots; k++) {
        Room *r = slot_room(k);
        for (int n = 0; n < 64; n++) {
            pthread_mutex_lock(&r->lock);
            bool ai = session_ai_to_move(r->session) && r->session->count < MAX_ACTIONS_PER_GAME;
            pthread_mutex_unlock(&r->lock);
            if (!ai)
                break;
            double t0 = trace ? limits_now() : 0;
            room_ai_turn(r);
            if (trace)
                fprintf(fuzz_report, "  AI turn in %s: %.1f ms\n", r->meta.id, 1000 * (limits_now() - t0));
        }
        room_unref(r);
    }
}

/* ---- bodies ---- */

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

/* ---- one request of the input ---- */

static const char ops[] = "mrlcCjgeaAushRJidpPGxyZFULoTtk";

/* A browser's cookie from an answer's Set-Cookie. */
static void keep_cookie(int b, const char *set_cookie)
{
    if (!set_cookie[0])
        return;
    const char *v = set_cookie + strlen(SESSION_COOKIE) + 1;
    snprintf(browsers[b], sizeof browsers[b], "%.*s", (int)strcspn(v, ";"), v);
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

static void one(unsigned char opbyte, unsigned mod, const char *payload, size_t len)
{
    const char *where = strchr(ops, opbyte);
    char op = where && opbyte ? opbyte : ops[opbyte % (sizeof ops - 1)];
    int k = (int)(mod >> 2 & 3), choice = (int)(mod & 3);
    unsigned vary = mod >> 4;
    Room *room = slot_room(k);
    char id[GAME_ID_LEN + 1];
    snprintf(id, sizeof id, "%s", room ? room->meta.id : "aaaaaaaaaa");
    Req r = {.method = "GET"};
    char tokbuf[TOKENS * (TOKEN_LEN + 1) + 1], text[256], *owned = NULL;
    const char *token = pick_token(k, choice, vary & 1, tokbuf, sizeof tokbuf);
    int acting = room ? acting_seat(room) : -1;
    bool gated = false;  /* only the acting seat's token may change a game */
    bool seated = false; /* only a seat's token of the game may change it */
    bool may_accept = false; /* a legal action of the state: accepted from the acting seat */
    switch (op) {
    case 'm':
        snprintf(r.path, sizeof r.path, "/api/meta");
        set_query(&r, payload, len);
        break;
    case 'r': {
        char target[300];
        snprintf(target, sizeof target, "/api/rules/%.*s", (int)len, len ? payload : "morpyam");
        set_target(&r, target, strlen(target));
        break;
    }
    case 'l':
        snprintf(r.path, sizeof r.path, "/api/games");
        if ((vary & 1) && next_page[0]) {
            snprintf(text, sizeof text, "before=%s&%.*s", next_page, (int)(len < 200 ? len : 200), payload);
            set_query(&r, text, strlen(text));
        } else {
            set_query(&r, payload, len);
        }
        break;
    case 'c':
    case 'C':
        r.method = "POST";
        snprintf(r.path, sizeof r.path, "/api/games");
        if (op == 'c') {
            r.body = payload;
            r.body_len = len;
        } else {
            owned = create_body(mod, payload, len);
            r.body = owned;
            r.body_len = strlen(owned);
            if ((mod & 128) && browsers[0][0]) {
                r.session = browsers[0];
                r.origin = "http://fuzz.test";
            }
        }
        token = NULL;
        break;
    case 'j': {
        r.method = "POST";
        snprintf(r.path, sizeof r.path, "/api/join");
        const char *code = NULL;
        for (int p = 0; p < MAX_PLAYERS && !code && k < nslots; p++)
            if (slots[k].codes[(p + choice) % MAX_PLAYERS][0])
                code = slots[k].codes[(p + choice) % MAX_PLAYERS];
        if (vary & 1) {
            r.body = payload;
            r.body_len = len;
        } else {
            char *q = code && !(vary & 2) ? json_quote(code, strlen(code)) : json_quote(payload, len);
            if (q) {
                owned = malloc(strlen(q) + 16);
                sprintf(owned, "{\"code\":%s}", q);
                free(q);
                r.body = owned;
                r.body_len = strlen(owned);
            }
        }
        break;
    }
    case 'g':
    case 'e':
    case 'i':
    case 'd':
    case 'p':
    case 'G': {
        static const char *const what[] = {"g", "", "e", "/events", "i", "/invitations", "d", "/record",
                                           "p", "/replay", "G", "/rules"};
        const char *suffix = "";
        for (int i = 0; i < 12; i += 2)
            if (what[i][0] == op)
                suffix = what[i + 1];
        snprintf(r.path, sizeof r.path, "/api/games/%s%s", id, suffix);
        if (op == 'e' && (vary & 2)) {
            snprintf(text, sizeof text, "%.*s", (int)len, payload);
            r.last_event_id = text;
        } else if (op == 'e' && !(vary & 4) && len) {
            snprintf(text, sizeof text, "after=%.*s", (int)len, payload);
            set_query(&r, text, strlen(text));
        } else if (op == 'p' && !(vary & 2)) {
            snprintf(text, sizeof text, "at=%.*s", (int)len, payload);
            set_query(&r, text, strlen(text));
        } else {
            set_query(&r, payload, len);
        }
        break;
    }
    case 'a':
    case 'A': {
        r.method = "POST";
        snprintf(r.path, sizeof r.path, "/api/games/%s/actions", id);
        gated = true;
        char act[200];
        if (op == 'A' && room) {
            legal_text(room, len ? (unsigned char)payload[0] : 0, act, sizeof act);
            may_accept = act[0] && acting >= 0 && room->session->count < MAX_ACTIONS_PER_GAME &&
                         !session_ai_to_move(room->session);
        } else {
            snprintf(act, sizeof act, "%.*s", (int)len, payload);
        }
        char *q = json_quote(act, strlen(act));
        if (!q) {
            r.body = payload;
            r.body_len = len;
            break;
        }
        owned = malloc(strlen(q) + 64);
        int64_t v = room ? version_of(room) : 1;
        if ((vary >> 1) == 1)
            sprintf(owned, "{\"action\":%s,\"version\":%lld}", q, (long long)v);
        else if ((vary >> 1) == 2)
            sprintf(owned, "{\"action\":%s,\"version\":%lld}", q, (long long)v - 1);
        else
            sprintf(owned, "{\"action\":%s}", q);
        if ((vary >> 1) == 2)
            may_accept = false;
        free(q);
        r.body = owned;
        r.body_len = strlen(owned);
        break;
    }
    case 'u':
    case 's':
    case 'h':
        r.method = "POST";
        snprintf(r.path, sizeof r.path, "/api/games/%s/%s", id, op == 'u' ? "undo" : op == 's' ? "resign" : "hint");
        r.body = payload;
        r.body_len = len;
        gated = op == 'h';
        seated = op != 'h'; /* a seat resigns at any moment, its turn or not */
        break;
    case 'R':
    case 'J': {
        r.method = "POST";
        snprintf(r.path, sizeof r.path, "/api/games/%s/%s", id, op == 'R' ? "rematch" : "join");
        static const char *const rematch_bodies[] = {"", "{\"swap\":true}", "{\"swap\":false}"};
        if ((vary & 3) == 3) {
            r.body = payload;
            r.body_len = len;
        } else if (op == 'R') {
            r.body = rematch_bodies[vary & 3];
            r.body_len = strlen(r.body);
        } else {
            snprintf(text, sizeof text, vary & 1 ? "{\"seat\":%d}" : "{}", len ? (signed char)payload[0] : 1);
            r.body = text;
            r.body_len = strlen(text);
        }
        seated = op == 'R';
        break;
    }
    case 'P':
        r.method = "POST";
        snprintf(r.path, sizeof r.path, "/api/replay");
        r.body = payload;
        r.body_len = len;
        if (vary & 1)
            set_query(&r, "at=1", 4);
        break;
    case 'x': {
        static const char *const methods[] = {"GET", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS", "get"};
        r.method = methods[vary & 7];
        raw_target(&r, payload, len, id);
        break;
    }
    case 'o': {
        /* a signed-in browser: any endpoint, with the cookie */
        static const char *const origins[] = {"http://fuzz.test", "http://evil.test", NULL, "https://fuzz.test"};
        r.method = vary & 4 ? "GET" : "POST";
        raw_target(&r, payload, len, id);
        r.session = browsers[choice][0] ? browsers[choice] : "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
        r.origin = origins[vary & 3];
        token = NULL;
        break;
    }
    case 'U':
    case 'L': {
        r.method = "POST";
        snprintf(r.path, sizeof r.path, op == 'U' ? "/api/accounts" : "/api/login");
        r.origin = "http://fuzz.test";
        if (vary & 1) {
            r.body = payload;
            r.body_len = len;
        } else {
            char *q = json_quote(payload, len);
            if (q) {
                owned = malloc(strlen(q) + 64);
                sprintf(owned, "{\"name\":%s,\"password\":\"" FUZZ_PASSWORD "\"}", q);
                free(q);
                r.body = owned;
                r.body_len = strlen(owned);
            }
        }
        token = NULL;
        break;
    }
    case 'T':
    case 't': {
        snprintf(r.path, sizeof r.path, "/api/games/%s/chat", id);
        const char *channel = vary & 1 ? "spectators" : "players";
        if (op == 't') {
            snprintf(text, sizeof text, "channel=%s&%.*s", channel, (int)(len < 200 ? len : 200), payload);
            set_query(&r, text, strlen(text));
        } else {
            r.method = "POST";
            char *q = json_quote(payload, len);
            if (q) {
                owned = malloc(strlen(q) + 64);
                sprintf(owned, "{\"channel\":\"%s\",\"text\":%s}", channel, q);
                free(q);
                r.body = owned;
                r.body_len = strlen(owned);
            }
        }
        if (browsers[choice][0]) {
            r.session = browsers[choice];
            r.origin = "http://fuzz.test";
        }
        break;
    }
    case 'k':
        room_unref(room);
        clock_time += len ? (unsigned char)payload[0] : 1;
        server_clock_tick(srv);
        ai_turns();
        return;
    case 'Z': {
        room_unref(room);
        faults.fail = 0;
        Snapshot before;
        snapshot(&before);
        server_close(false);
        server_open();
        for (int i = 0; i < nslots; i++) {
            Room *again = slot_room(i);
            tame(again);
            room_unref(again);
        }
        same(&before, "a restart", "the server restarted");
        snapshot_free(&before);
        ai_turns();
        return;
    }
    case 'F':
        room_unref(room);
        faults.fail = 1 + (int)(vary % 4);
        faults.skip = (int)(vary / 4);
        return;
    case 'y': {
        room_unref(room);
        int steps = 1 + (len ? (unsigned char)payload[0] % 32 : 0);
        for (int i = 0; i < steps && k < nslots && drive_left > 0; i++, drive_left--) {
            ai_turns();
            Room *game = slot_room(k);
            bool can = acting_seat(game) >= 0 && !session_ai_to_move(game->session) &&
                       game->session->count < MAX_ACTIONS_PER_GAME;
            room_unref(game);
            if (!can)
                break;
            unsigned pick = (unsigned)fuzz_hash((const uint8_t *)payload, len) + (unsigned)i * 7919u;
            one('A', (unsigned)k << 2, (const char *)&pick, 1);
        }
        return;
    }
    }
    r.token = token;
    Snapshot before;
    snapshot(&before);
    bool holds_acting = false, holds_seat = false;
    if (room && token) {
        char copy[sizeof tokbuf];
        snprintf(copy, sizeof copy, "%s", token);
        for (char *save = NULL, *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
            unsigned seats = seats_of_token(room, t);
            holds_seat |= seats != 0;
            holds_acting |= acting >= 0 && (seats >> acting & 1);
        }
    }
    if (!r.session && op != 'U' && op != 'L')
        r.origin = NULL;
    Answer a = call(&r);
    if ((op == 'U' || op == 'L') && (a.status == 200 || a.status == 201) && a.doc)
        keep_cookie(choice, last_cookie);
    char what[400];
    snprintf(what, sizeof what, "%s %s (token %d) -> %d", r.method, r.path, choice, a.status);
    if (a.status >= 400)
        same(&before, "a refused request", what);
    if (strcmp(r.method, "GET") == 0 || strcmp(r.method, "HEAD") == 0 || op == 'P' || op == 'h')
        same(&before, "a request that only reads", what);
    /* (a signed-in browser acts for its account's seats, not through tokens) */
    if ((gated || seated) && !holds_seat && !r.session)
        same(&before, "a request without a seat's token", what);
    if (gated && !holds_acting && !r.session)
        same(&before, "a request without the acting seat's token", what);
    if (r.session && (!r.origin || strcmp(r.origin, "http://fuzz.test") != 0) && strcmp(r.method, "GET") != 0)
        same(&before, "a request with a cookie from another site", what);
    FUZZ_CHECK(!(may_accept && holds_acting) || a.status == 200 || (a.status == 503 && faults.failed), "a legal action was refused: %s: %.300s", what, a.body);
    if (a.status == 200 && a.doc && (op == 'g' || op == 'a' || op == 'A' || op == 'u' || op == 's'))
        check_state(a.doc);
    if ((a.status == 200 || a.status == 201) && a.doc) {
        json_t *state = json_object_get(a.doc, "state");
        if (state)
            check_state(state);
        learn(a.doc, k);
    }
    if (a.status == 200 && op == 'd' && room)
        check_record(room, &a);
    if (a.status == 200 && op == 'l') {
        const char *next = json_string_value(json_object_get(a.doc, "next"));
        snprintf(next_page, sizeof next_page, "%s", next ? next : "");
        check_list(a.doc);
    }
    if (a.status == 200 && op == 'g' && room) {
        /* the viewer holds the seats of the tokens sent */
        unsigned want = 0, got = 0;
        char copy[sizeof tokbuf];
        snprintf(copy, sizeof copy, "%s", token ? token : "");
        for (char *save = NULL, *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
            want |= seats_of_token(room, t);
        size_t i;
        json_t *v;
        json_array_foreach(json_object_get(json_object_get(a.doc, "viewer"), "seats"), i, v)
            got |= 1u << (json_integer_value(v) - 1);
        FUZZ_CHECK(got == want, "viewer seats %x, the token holds %x", got, want);
    }
    answer_free(&a);
    snapshot_free(&before);
    free(owned);
    room_unref(room);
    faults.fail = faults.failed = faults.skip = 0;
    ai_turns();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    server_open();
    token_seed_repeatable(fuzz_hash(data, size));
    nslots = ntokens = 0;
    faults.fail = faults.failed = 0;
    drive_left = DRIVE_STEPS;
    next_page[0] = '\0';
    memset(browsers, 0, sizeof browsers);
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    int n = 0;
    for (size_t at = 0; at < size && n < 16; n++) {
        const char *line = text + at;
        const char *nl = memchr(line, '\n', size - at);
        size_t len = nl ? (size_t)(nl - line) : size - at;
        at += len + 1;
        if (len == 0)
            continue;
        one((unsigned char)line[0], len > 1 ? (unsigned char)line[1] ^ 0x30 : 0, line + (len > 2 ? 2 : len),
            len > 2 ? len - 2 : 0);
    }
    free(text);
    server_close(true);
    return 0;
}
