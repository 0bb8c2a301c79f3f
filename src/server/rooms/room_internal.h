/* What the files of a room share (room.c lists them in their order, bottom
 * up); not for the rest of the server, which uses room.h. Every function
 * here is called with the room locked. */
#ifndef MORPH_ROOM_INTERNAL_H
#define MORPH_ROOM_INTERNAL_H

#include "room.h"

/* Fills e with an HTTP status and a message. */
void room_fail(RoomError *e, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A write the store refused (err): a conflict (409, e->conflict: another
 * server changed the game first) or "what (err)" with 503. */
void room_fail_store(RoomError *e, const char *err, const char *what);

/* The session observer of every room (the session calls it with ctx the
 * room): the action's entry in the log, in words. */
void room_observe(void *ctx, const Session *s, const State *before, Action a, int player, int index);
/* The log of actions in words: forgets entries from n on; brings the
 * history text up to the log. */
void room_log_truncate(Room *r, int n);
void room_history_sync(Room *r);
/* The whole log said again with the seats' names now (after a change). */
void room_log_say_again(Room *r);

/* Whether the game is over: the rules ended it, or it was aborted. */
bool room_over(const Room *r);
/* STATUS_WAITING, STATUS_PLAYING or STATUS_FINISHED, from the session and seats. */
int room_status(const Room *r);
/* The seat that types the chance outcome now, or -1 when the server draws it. */
int room_typing_seat(const Room *r);
/* Draws the chance outcomes the server draws, until a decision, a person's
 * typed dice or the end. */
void room_advance(Room *r);
/* Stores the actions applied since the last commit, with the status and
 * result; on failure the session goes back to what is stored (503 in e). */
bool room_commit(Room *r, RoomError *e);
/* Queues the AI seat to move on the worker pool, once (over a shared store,
 * only when this server holds its work). */
void room_schedule_ai(Room *r);
/* After a change: subscribers hear of it, the server of the game's end. */
void room_wake(Room *r);
/* room_wake for a change another server made and told (a catch-up): the
 * accounts' feeds here only. */
void room_wake_here(Room *r);
/* After a committed change: room_wake, and an AI to move thinks. */
void room_changed(Room *r);

/* The clock's part of a write of the game (room_clock.c): each seat's time
 * charged up to now, when (wall clock), and when the running seat's time
 * runs out (clock_due, 0 when none runs), for other servers. */
void room_clock_to_store(const Room *r, StoredGame *g, double now);
/* Over a shared store: the clock as r->meta says, running for the seat to
 * act and charged for the time since it was stored (another server's). */
void room_clock_from_store(Room *r, double now);
/* With r locked: catches up when the stored version is not the room's
 * (a shared store; room_sync.c). */
bool room_sync_locked(Room *r, RoomError *e);

/* Shared stores (room_sync.c). Whether the room's store is shared; an AI
 * is thinking (here, or anywhere when the store is shared: people wait for
 * it either way). room_ai_pending is room.h's. */
bool room_shared(const Room *r);
bool room_ai_busy(const Room *r);
/* Reads what other servers stored since r->stored and applies it (an undo
 * elsewhere included); false with e. */
bool room_catch_up(Room *r, RoomError *e);
/* After a failed attempt (attempt 0, 1, ...): true when e is a conflict
 * and the room caught up, so the request should decide again. */
bool room_retry(Room *r, RoomError *e, int attempt);

/* The seat of seats that may act now (the seat to move, or the one typing
 * dice), or -1 with e. */
int room_acting_seat(Room *r, unsigned seats, RoomError *e);
/* The seat (0-based) that an undo would serve now (room_play.c: a game
 * with an AI seat, no AI thinking, not over, the latest decision of a
 * person taken since the last roll), or -1 with the reason in why. */
int room_undo_seat(Room *r, char *why, size_t whylen);
/* Aborting (room_abort.c): r->aborted from the stored result (a loaded or
 * caught-up room; room.c); whether the game may be aborted now (not over, some seat
 * has not made its first move); the game aborted because the running seat
 * made no first move in time. */
void room_read_aborted(Room *r);
bool room_may_abort(Room *r);
bool room_abort_late(Room *r, RoomError *e);
/* Offers (room_offers.c): whether takebacks may
 * be offered in this game; `,"takeback":..,"takebacks":..,"rematch_offer":
 * ..,"may_abort":..,"spectators":N` of the state; the stream readers that
 * hold no seat; a reader holding seats came or left (its maker leaving
 * makes a rematch offer lapse). */
bool room_takebacks_allowed(const Room *r);
void room_put_offers(Room *r, StrBuf *out);
int room_spectators(const Room *r);
void room_reader_came(Room *r, const Subscriber *sub);
void room_reader_left(Room *r, const Subscriber *gone);
/* Takes back the latest decision of a person (session_undo_person; the
 * caller checked that there is one to take back), stored and told; its
 * clock runs for the seat to act again (room_play.c). */
bool room_take_back(Room *r, RoomError *e);
/* Names the seats (room_seat_names) for the state and the sentences (names.c). */
void room_set_names(Room *r);

/* Appends the public state with its history to out. */
void room_put_state(Room *r, StrBuf *out);
/* The head of what changed, without its closing brace: {"id","version",
 * "count","status","thinking","to_move","rematch","clock" (room_changes_json,
 * and a lean stream's tick). */
void room_put_changes(Room *r, StrBuf *out);

/* ---- clocks (room_clock.c) ---- */
/* The seats that have made their first move: bit p once a turn of seat p
 * has passed (a decision of it followed by another seat's, or it is no
 * longer to act). Leaving is no move. */
unsigned room_moved_seats(Room *r);
/* The seat whose time runs now: the seat to decide, or the one typing its
 * dice; -1 when nobody (the game is over, the server draws chance, or an
 * AI is to decide: it thinks within its own budget). */
int room_clock_seat(const Room *r);
/* The clock starts once every seat is taken (after a claim, at creation,
 * or when a stored game is loaded: the time it was down is not charged). */
void room_clock_begin(Room *r, double now);
/* Before a person's action at now: false when the seat to act ran out of
 * time, which then ends (or leaves) the game on time, e telling so. */
bool room_clock_in_time(Room *r, double now, RoomError *e);
/* `,"clock":{...}` (or null) of the state at now. */
void room_clock_json(Room *r, double now, StrBuf *out);

#endif
