/* A clock that runs out, and the work the store hands this server (an AI
 * to move, a clock due): the seat out of time leaves the game through the
 * rules, committed like any other change (a versioned write: if another
 * server ended it first, this one catches up instead). */

#include "room_internal.h"

#include <stdio.h>

/* The seat to act ran out of time at now: it leaves the game through the
 * rules, and what follows is committed and told like any action. */
static bool time_out(Room *r, double now, RoomError *e)
{
    int seat = r->clock.running;
    Clock saved = r->clock;
    char err[ERR_MAX];
    if (!session_apply(r->session, ACTION_LEAVE(seat, LEAVE_TIME), err, sizeof err)) {
        room_fail(e, 500, "game %s: seat %d ran out of time, but the rules refuse it: %s", r->meta.id, seat + 1, err);
        return false;
    }
    r->clock.left_ms[seat] = 0;
    r->clock.running = -1;
    room_advance(r);
    clock_switch(&r->clock, room_clock_seat(r), now);
    if (!room_commit(r, e)) {
        r->clock = saved;
        return false;
    }
    if (r->host->say) {
        char line[128];
        snprintf(line, sizeof line, "game %s: P%d ran out of time%s", r->meta.id, seat + 1,
                 room_over(r) ? "; the game is over" : "; the others play on");
        r->host->say(r->host->ctx, line);
    }
    room_changed(r);
    return true;
}

bool room_clock_in_time(Room *r, double now, RoomError *e)
{
    if (r->clock_on && clock_first_move_missed(&r->clock, now)) {
        int seat = r->clock.running;
        if (room_abort_late(r, e))
            room_fail(e, 409, "the game was aborted: P%d did not make a first move within %d seconds", seat + 1,
                      CLOCK_FIRST_MOVE_S);
        return false;
    }
    if (!r->clock_on || !clock_expired(&r->clock, now))
        return true;
    int seat = r->clock.running;
    if (time_out(r, now, e))
        room_fail(e, 409, "P%d ran out of time%s", seat + 1,
                  room_over(r) ? ": the game is over" : " and left the game; the others play on");
    return false;
}

double room_clock_tick(Room *r, double now, bool save)
{
    pthread_mutex_lock(&r->lock);
    RoomError e = {0};
    /* Over a shared store the seat may have moved on another server: the
     * room catches up before it ends anything on time. */
    bool out = r->clock_on && (clock_expired(&r->clock, now) || clock_first_move_missed(&r->clock, now));
    if (out && room_shared(r)) {
        if (!room_sync_locked(r, &e))
            fprintf(stderr, "morph serve: game %s: %s\n", r->meta.id, e.message);
        out = r->clock_on && (clock_expired(&r->clock, now) || clock_first_move_missed(&r->clock, now));
    }
    /* a first move not made in time aborts the game; else the seat lost on time */
    bool ended = !out || (clock_first_move_missed(&r->clock, now) ? room_abort_late(r, &e) : time_out(r, now, &e));
    if (!ended && !e.conflict)
        fprintf(stderr, "morph serve: game %s: %s\n", r->meta.id, e.message);
    bool runs = r->clock_on && !room_over(r);
    /* Shared stores keep when the clock was charged (clock_at) with every
     * write: a server's save could only be staler than the last write. */
    if (runs && save && !room_shared(r)) {
        int64_t left[MAX_PLAYERS] = {0};
        for (int p = 0; p < r->meta.num_seats; p++)
            left[p] = clock_left(&r->clock, p, now);
        char err[ERR_MAX + 128];
        if (!r->host->store->ops->save_clock(r->host->store, r->meta.id, left, r->meta.num_seats, err, sizeof err))
            fprintf(stderr, "morph serve: game %s: %s\n", r->meta.id, err);
    }
    double deadline = runs ? clock_deadline(&r->clock) : -1;
    pthread_mutex_unlock(&r->lock);
    return deadline;
}

void room_take_work(Room *r, int kind)
{
    pthread_mutex_lock(&r->lock);
    RoomError e;
    /* The store handed this server the work: catch up, then do it. */
    if (!room_sync_locked(r, &e))
        fprintf(stderr, "morph serve: game %s: %s\n", r->meta.id, e.message);
    if (kind == WORK_AI) {
        r->ai_work_mine = true;
        room_schedule_ai(r);
    }
    pthread_mutex_unlock(&r->lock);
    /* A clock ran out: the game ends on time here (a versioned write: if
     * another server ended it first, this one catches up instead). */
    if (kind == WORK_CLOCK)
        room_clock_tick(r, room_host_now(r->host), false);
}

bool room_abandon(Room *r, RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    e->status = 0;
    Session *s = r->session;
    char err[ERR_MAX + 128];
    bool ended = false;
    if (room_shared(r) && !room_sync_locked(r, e)) {
        /* e says why: the database does not answer */
    } else if (!room_over(r) && !r->thinking) {
        int people = 0;
        /* the people first, then (a game of several AIs) the others, until one is left */
        for (int pass = 0; pass < 2; pass++)
            for (int p = 0; p < r->meta.num_seats && !session_is_terminal(s); p++)
                if ((r->meta.seats[p].kind == SEAT_HUMAN) == (pass == 0) &&
                    session_apply(s, ACTION_LEAVE(p, LEAVE_TIME), err, sizeof err))
                    people += pass == 0;
        room_advance(r);
        bool unlisted = r->host->store->ops->unlist(r->host->store, r->meta.id, err, sizeof err);
        if (unlisted)
            r->meta.listed = false;
        if (!unlisted) {
            room_fail_store(e, err, "the game could not leave the lists");
            session_truncate(s, r->stored);
            room_log_truncate(r, r->stored);
        } else if (room_commit(r, e)) {
            ended = true;
            if (r->host->say) {
                char line[160];
                snprintf(line, sizeof line, "game %s: abandoned (nobody played it for a long time): %d %s left on time",
                         r->meta.id, people, people == 1 ? "person" : "people");
                r->host->say(r->host->ctx, line);
            }
            room_changed(r);
        }
    }
    pthread_mutex_unlock(&r->lock);
    return ended;
}
