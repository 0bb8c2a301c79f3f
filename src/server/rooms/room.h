/* A room is one game being served: its Session (the rules, seeded chance,
 * history), its seats (who holds them: token hashes, invitations), the log
 * of every action in words, the subscribers of its live stream and the AI
 * seat thinking on a worker thread. Every call takes the room's lock; the
 * order of work for a change is: apply through the library, commit to the
 * store, and only then tell subscribers and answer. A store failure rolls
 * the session back, so memory never holds what the disk does not.
 *
 * Seats are 0-based here and 1-based in everything a client sees. */
#ifndef MORPH_ROOM_H
#define MORPH_ROOM_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "../../core/strbuf.h"
#include "../../front/session.h"
#include "../base/clock.h"
#include "../base/subscriber.h"
#include "../store/store.h"
#include "analyses.h"
#include "../../front/view.h"
#include "../base/work_pool.h"

typedef struct Room Room;

/* What rooms need from whoever holds them (the server, server.c): where
 * games are stored, where AI seats think, the limits, whom to tell when a
 * game is over, the clocks' time, whom to tell of a running clock and of a
 * change in an account's game, and where events are said. Set up once by
 * the holder; every room points to it, and no room calls its holder by
 * name. */
typedef struct RoomHost {
    Store *store;
    WorkPool *pool;            /* where AI seats think; NULL: they move only when the
                                * holder calls room_ai_turn (fuzzers) */
    int max_actions;           /* actions a game may have (a runaway guard) */
    int hint_ms;               /* thinking time of a hint level that thinks for a time */
    pthread_mutex_t hint_lock; /* one hint at a time: a hint may take a second of CPU */
    /* Told once, with the room locked, when its game is over (so the
     * holder may let old finished rooms leave memory); may be NULL. */
    void (*finished)(void *ctx, Room *r);
    void *ctx;
    /* The clocks' time: monotonic seconds (NULL: limits_now). */
    double (*now)(void);
    /* Told, with the room locked, when its clock starts running: the holder
     * watches it and calls room_clock_tick (may be NULL: no clock ends). */
    void (*clock_started)(void *ctx, Room *r);
    /* Told, with the room locked, of every change in a game where account
     * holds a seat (the account's live feed); elsewhere: the change is this
     * server's (the other servers of a shared store are to hear of it),
     * not one it caught up with. May be NULL. */
    void (*account_changed)(void *ctx, AccountId account, bool elsewhere);
    /* One line for the holder's log (a game lost on time); may be NULL. */
    void (*say)(void *ctx, const char *line);
} RoomHost;

/* The clocks' time of host. */
double room_host_now(const RoomHost *host);

/* One action in words, built when it is applied (state before it known). */
typedef struct LogEntry {
    char *json; /* {"index":..,"action":..,"player":..,"text":..,"marks":{..}} */
    size_t len;
} LogEntry;

struct Room {
    pthread_mutex_t lock;
    atomic_int refs;
    RoomHost *host;
    StoredGame meta;      /* id, options, seed, seats, status, result...; meta.actions unused */
    Session *session;
    const GameView *view;
    Voice voice;          /* seat names for sentences: "P1", "P2 (greedy)" */
    char names[MAX_PLAYERS][ROOM_NAME_MAX];
    int stored;           /* actions committed to the store */
    LogEntry *log;
    int log_cap;
    bool thinking;        /* an AI seat is choosing on a worker thread */
    bool queued;          /* an AI job for this room is waiting in the pool */
    bool finish_told;     /* the host was told the game is over */
    bool ai_work_mine;    /* shared store: this server holds the AI seat's work (room_sync.c) */
    int64_t think_version;
    StrBuf history;       /* the log entries joined by commas (the history array's inside) */
    int history_count;    /* entries in history */
    char *head;           /* public state JSON without the history, of version head_version */
    size_t head_len;
    int64_t head_version;
    char *statics;        /* ,"legend":[..],"rules":".." (the same for the whole game) */
    char *options_text;   /* the options as a state writes them (compact JSON), made once */
    char *hint_cache;     /* hint JSON of version hint_version */
    int64_t hint_version;
    Subscriber *subs;
    int nsubs;
    /* The clock (meta.clock): it runs once every seat is taken, for the
     * seat to act (room_clock.c). */
    Clock clock;
    bool clock_on;
    int chat_count;       /* chat messages of the game: readers are told when it grows */
    /* The version of the last change that was not only new actions (a seat
     * claimed, a rematch linked, an undo, another server's changes): a lean
     * stream sends the whole state for it (room_stream.c). */
    int64_t full_version;
    /* Aborted before every seat had moved (room_abort.c): over, no winner,
     * unrated; meta.result says so in the store ("how":"aborted"). */
    bool aborted;
    /* What room_moved_seats read of the session's steps so far (asked at
     * every answer; a game's history read once, not at every move). */
    struct {
        const Session *session;
        unsigned truncations;
        int scanned, last;
        unsigned moved;
    } moved_scan;
    /* Offers between people (room_offers.c), held by this server only: the
     * seat offering to take back the last move (-1 none) and the action
     * count it was made at (a move since makes it lapse); the seats that
     * asked for a rematch, and whether the seats move round. offers_count
     * grows with every change of these or of the spectators: readers of
     * the stream are told. */
    int takeback_by, takeback_at;
    unsigned rematch_asked;
    bool rematch_swap;
    int offers_count;
    double used;          /* when a request last asked for it (its holder's, under the holder's lock) */
};

/* What a refused call tells the client: an HTTP status and one line. */
typedef struct RoomError {
    int status;
    char message[ERR_MAX + 128];
    bool conflict; /* a write refused because another server changed the game first */
} RoomError;

/* Seats are described at creation by kind and AI spec. creator_seats:
 * bit p set gives seat p to the creator, whose token is written to
 * tokens[p] (the other human seats get invitations). The new game is
 * stored before the room is returned (one ref for the caller). */
typedef struct RoomSpec {
    const char *game;
    Options options;
    int num_seats;
    int kind[MAX_PLAYERS];        /* SEAT_HUMAN or SEAT_AI */
    char ai[MAX_PLAYERS][128];    /* AI spec for AI seats */
    unsigned creator_seats;
    /* Seats whose token hash is copied from an earlier game (a rematch). */
    unsigned inherited_seats;
    char inherited_hash[MAX_PLAYERS][TOKEN_HASH_LEN + 1];
    bool real_dice, listed;
    const char *rematch_of;       /* NULL or the previous game's id */
    bool rated;                   /* moves the ratings of the two accounts (checked by the API) */
    bool takebacks;               /* takebacks may be offered (between people; room_takeback) */
    ClockSpec clock;
    /* The accounts holding seats from the start (the creator's seats, both
     * seats of a lobby game), 0 none, with their names and whether each is
     * a bot (room_spec_account sets the three). */
    AccountId account[MAX_PLAYERS];
    char account_name[MAX_PLAYERS][ACCOUNT_NAME_MAX + 1];
    bool account_bot[MAX_PLAYERS];
    char guest[MAX_PLAYERS][GUEST_NAME_MAX + 1]; /* the names guests chose for their seats, "" none */
    const char *from_challenge;   /* the lobby challenge this game answers, taken with it */
} RoomSpec;

/* Seat seat of spec belongs to account id from the start: its name, and
 * whether it is a bot (the state's title). */
void room_spec_account(RoomSpec *spec, int seat, AccountId id, const char *name, bool bot);
Room *room_create(RoomHost *host, const RoomSpec *spec, char tokens[MAX_PLAYERS][TOKEN_LEN + 1], RoomError *e);
/* The names of n seats of game as people read them (names.c): an account's
 * name, a guest's chosen name, an AI by its level ("Casual AI"), else
 * "P2"; a name two seats share says its seat ("Guest (P2)"). */
void room_seat_names(const char *game, const StoredSeat *seats, int n, char names[][ROOM_NAME_MAX]);
/* Rebuilds a room from what the store holds (replaying every action) and
 * goes on where it was: chance the server draws is drawn, an AI to move is
 * asked again. Takes g's content. NULL with e filled. */
Room *room_load(RoomHost *host, StoredGame *g, RoomError *e);

void room_ref(Room *r);
void room_unref(Room *r);

/* The seats (bit p for seat p) whose token is among tokens, and those
 * account holds (0: none). */
unsigned room_seats_of(Room *r, const char *const *tokens, int ntokens, AccountId account);

/* A person's action text (one action or several joined by commas) for seat
 * seat; false with e (403 not your turn, 409 game over / AI thinking, 422
 * illegal with the library's reason). version >= 0 must equal the current
 * version (409 otherwise). */
bool room_act(Room *r, unsigned seats, const char *text, int64_t version, RoomError *e);
/* The same, with *first set to the index of its first action (the count
 * before it), for the lean answer (room_changes_json). */
bool room_act_from(Room *r, unsigned seats, const char *text, int64_t version, int *first, RoomError *e);
/* A seat of seats resigns at any moment, its turn or not (the seat to act
 * when it is among seats, else the first). */
bool room_resign(Room *r, unsigned seats, RoomError *e);
/* Takes back the latest decision of a person (session_undo_person) when it
 * is one of seats; only in games with an AI seat. */
bool room_undo(Room *r, unsigned seats, RoomError *e);
/* {"version","action","legal","why"}: whether text is legal now and, when
 * not, the library's reason (state_why_not); changes nothing. */
json_t *room_why(Room *r, const char *text);
/* Claims open human seat seat (with invite when non-NULL, which must match)
 * for account, its name and whether it is a bot (0: a guest, and name the
 * guest's chosen name, or NULL or ""); the new token is written to token.
 * Once every seat is taken the clock starts. */
bool room_claim(Room *r, int seat, const char *invite, AccountId account, const char *name, bool bot,
                char token[TOKEN_LEN + 1], RoomError *e);
/* The first open human seat, or -1. */
int room_open_seat(Room *r);
/* The strongest AI's choice for the seat to move (one of seats): JSON text
 * {"action","text","explain",...}, cached per version. NULL with e. */
char *room_hint(Room *r, unsigned seats, RoomError *e);

/* The state JSON (docs/web-api.md). viewer: the seats the client holds;
 * full adds legend and rules. The caller frees the text. */
char *room_state_json(Room *r, unsigned viewer, bool full);
/* What changed, for a client that computes the rest with the engine of the
 * page (docs/web-api.md, "Lean answers"): {"id","version","count","status",
 * "thinking","to_move","rematch","clock","from":first,"entries":[history
 * entries from first on]}. */
char *room_changes_json(Room *r, int first);
/* The record (docs/records.md) of the game: whole once it is over; while it
 * runs, with its seed withheld ("seed": null: it tells the dice and the
 * AIs' choices to come); NULL with e while automatic dice are to come (a
 * running game with dice the server draws). */
json_t *room_record(Room *r, RoomError *e);
/* The meta of the room, copied under its lock (no actions, no strings). */
void room_meta(Room *r, StoredGame *out);
/* Tells the room that game rematch is its rematch (the store linked them
 * when it stored the rematch: room_create with rematch_of). */
void room_set_rematch(Room *r, const char *rematch);
/* Open seats with their invitation codes, for a holder of one of seats. */
json_t *room_invitations(Room *r, unsigned seats, RoomError *e);

/* Live stream. after: the last action index the reader has (-1 none; from
 * Last-Event-ID), or -2 for "send the current state only". */
void room_subscribe(Room *r, Subscriber *sub, long after);
void room_unsubscribe(Room *r, Subscriber *sub);
/* Appends the SSE events sub has not had (actions, undo, state) to out;
 * false when there is nothing. Call with the room locked. */
bool room_stream_fill(Room *r, Subscriber *sub, StrBuf *out);
/* The same for a reader of the Bot API's game stream (sub->ndjson): a
 * gameFull line first, then a gameState line at every change and a
 * chatLine for each message of the players' channel (docs/web-api.md,
 * "Bots"); sets sub->finished after the gameState of the game's end. */
bool room_ndjson_fill(Room *r, Subscriber *sub, StrBuf *out);

/* Starts the AI seat to move of a new room thinking, and its clock being
 * watched (once it is in the server). */
void room_kick(Room *r);
/* Whether an AI seat is to move and may (it thinks now or soon). Call with
 * the room locked, or held by nobody else. */
bool room_ai_pending(const Room *r);
/* The game against the AI was left alone (docs/web.md): its people leave
 * on time ("timeout N"), then, while it is not over, the other seats but
 * the last, and it leaves the public lists; committed and told like any
 * change. True when it ended here (false with e when it could not: e.status
 * 0 when there was nothing to end: over, or an AI thinking). */
bool room_abandon(Room *r, RoomError *e);

/* Over a shared store (room_sync.c): brings the room up to the stored game
 * when another server changed it (a request calls it first; 503 when the
 * database does not answer); room_heard is told of a change by the store's
 * notification and wakes the streams here; room_take_work does the work
 * the store handed this server (an AI seat to move whose server died, a
 * clock due: room_timeout.c). */
bool room_sync(Room *r, RoomError *e);
void room_heard(Room *r, int64_t version);
/* room_sync for a room with streams here: a notification may have been lost
 * (a server that died between its commit and its NOTIFY). */
void room_recheck(Room *r);
void room_take_work(Room *r, int kind);
/* Runs one AI decision (a job of the host's pool, or the holder's call). */
void room_ai_turn(Room *r);

/* ---- between people (room_abort.c, room_offers.c) ---- */
/* A seat of seats aborts the game while some seat has not made its first
 * move: it is over with no winner, unrated, nobody's loss; 409 once every
 * seat has moved. */
bool room_abort(Room *r, unsigned seats, RoomError *e);
/* Whether the game is between people (two or more seats of people, no AI). */
bool room_between_people(const Room *r);
/* A takeback between people: with no offer standing, a seat of seats
 * offers to take back the last move; another player's call accepts it (the
 * move is taken back as room_undo does); decline declines (or withdraws
 * one's own offer). 409 against an AI (undo is for that), in a game made
 * with takebacks off (meta.takebacks), or with nothing to take back. */
bool room_takeback(Room *r, unsigned seats, bool decline, RoomError *e);
/* A rematch between people: a seat of seats asks for it (the first asking
 * chooses swap, given back in *swap) or declines the offer standing.
 * REMATCH_AGREED once every person at the table asked: the caller makes
 * the game. */
enum { REMATCH_REFUSED, REMATCH_DECLINED, REMATCH_OFFERED, REMATCH_AGREED };
int room_rematch_ask(Room *r, unsigned seats, bool decline, bool swap, bool *swap_out, RoomError *e);

/* ---- clocks (room_clock.c) ---- */
/* At now: ends the game on time when the seat to act ran out of it (through
 * the rules: timeout N); with save, stores the running clock. Returns the
 * time its clock runs out next, or -1 once it no longer runs (over). */
double room_clock_tick(Room *r, double now, bool save);

/* ---- chat ---- */
/* A message was added to the game's chat: readers of the stream are told. */
void room_chat_added(Room *r);
/* Whether seat muted the other players' chat, and setting it (stored). */
bool room_set_mute(Room *r, int seat, bool muted, RoomError *e);

/* Starts the post-game analysis of r's finished game (r->lock held) for
 * asker (NULL: the server's own, taking over a server gone's):
 * analyses_start's answer (ANALYSES_STARTED, _ALREADY, _BUSY,
 * _CLIENT_FULL, _STORE_DOWN), or ROOM_NOT_OVER when the game is not over
 * (room_analysis.c). */
enum { ROOM_NOT_OVER = -1 };
int room_analysis_start(Room *r, Analyses *a, const AnalysisAsker *asker);

#endif
