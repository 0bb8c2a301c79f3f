/* What the files of a room share (room.c, room_seats.c, room_play.c,
 * room_ai.c, room_state.c, room_stream.c); not for the rest of the server,
 * which uses room.h. Every function here is called with the room locked. */
#ifndef MORPH_ROOM_INTERNAL_H
#define MORPH_ROOM_INTERNAL_H

#include "room.h"

/* Fills e with an HTTP status and a message. */
void room_fail(RoomError *e, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* room_action_text with scratch buffers for the text and the sentence. */
void room_action_text_with(const GameView *view, const State *s, Action a, const Voice *v, StrBuf *out, StrBuf *text,
                           StrBuf *words);

/* The log of actions in words: forgets entries from n on; brings the
 * history text up to the log. */
void room_log_truncate(Room *r, int n);
void room_history_sync(Room *r);

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
/* Queues the AI seat to move on the worker pool, once. */
void room_schedule_ai(Room *r);
/* After a committed change: subscribers hear of it, an AI to move thinks. */
void room_changed(Room *r);

/* The seat of seats that may act now (the seat to move, or the one typing
 * dice), or -1 with e. */
int room_acting_seat(Room *r, unsigned seats, RoomError *e);

/* Appends the public state with its history to out. */
void room_put_state(Room *r, StrBuf *out);

/* ---- clocks (room_clock.c) ---- */
/* The seat whose time runs now: the seat to decide, or the one typing its
 * dice; -1 when nobody (the game is over, or the server draws chance). */
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
