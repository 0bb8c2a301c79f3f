/* The server under fuzz_api.c's test and what one input knows about it:
 * a fresh server per input over one SQLite store (in /dev/shm when there is
 * one) wrapped by the FaultStore of the 'F' op, emptied between inputs; the
 * games this input created (slots), the seat tokens and invitations it was
 * given, the browsers' session cookies; the token a request sends; snapshots
 * of every game to check that a request changed nothing; and the AI seats,
 * played by the harness after each request. Included once, by fuzz_api.c. */
#ifndef MORPH_FUZZ_API_HARNESS_H
#define MORPH_FUZZ_API_HARNESS_H

#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <signal.h>
#include <sqlite3.h>

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

/* Once per run: the store, and the harness's own connection to empty it. */
static void store_setup(void)
{
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

/* A browser's cookie from an answer's Set-Cookie. */
static void keep_cookie(int b, const char *set_cookie)
{
    if (!set_cookie[0])
        return;
    const char *v = set_cookie + strlen(SESSION_COOKIE) + 1;
    snprintf(browsers[b], sizeof browsers[b], "%.*s", (int)strcspn(v, ";"), v);
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

#endif
