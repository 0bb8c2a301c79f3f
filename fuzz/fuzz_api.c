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
 * out of the way; game seeds follow the input (token_seed_repeatable).
 *
 * The harness (the server, the input's games and tokens, snapshots, AI
 * turns) is api_harness.h, the requests api_requests.h, the checks of the
 * answers api_checks.h; this file reads the input's lines into requests. */
#include "api_harness.h"
#include "api_requests.h"
#include "api_checks.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    trace = getenv("FUZZ_API_TRACE") != NULL;
    fuzz_setup(true);
    store_setup();
    return 0;
}

/* ---- one request of the input ---- */

static const char ops[] = "mrlcCjgeaAushRJidpPGxyZFULoTtk";

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
