/* A room's clock: it starts when the last seat is taken, runs for the seat
 * to act (charged from the moment it is to act until its action is
 * committed), and a seat out of time leaves the game through the rules
 * (the library's "timeout N": the other player wins on time, or with three
 * or four Morpyam players the game goes on without it). The arithmetic is
 * clock.c's; the thread that calls room_clock_tick is server_clocks.c's. */

#include "room_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../base/limits.h"

/* Wall-clock milliseconds since the epoch: what servers of a cluster share
 * about time (their monotonic clocks start anywhere). */
static int64_t wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int room_clock_seat(const Room *r)
{
    if (session_is_terminal(r->session))
        return -1;
    int p = session_player(r->session);
    return p >= 0 ? p : room_typing_seat(r);
}

void room_clock_begin(Room *r, double now)
{
    if (r->meta.clock.kind == CLOCK_NONE || r->clock_on || room_status(r) != STATUS_PLAYING)
        return;
    r->clock_on = true;
    r->clock.running = -1;
    clock_switch(&r->clock, room_clock_seat(r), now);
    if (r->host->clock_started)
        r->host->clock_started(r->host->ctx, r);
}

void room_clock_to_store(const Room *r, StoredGame *g, double now)
{
    int64_t wall = wall_ms();
    g->clock_at = wall;
    g->clock_due = 0;
    if (r->meta.clock.kind == CLOCK_NONE)
        return;
    for (int p = 0; p < r->meta.num_seats; p++)
        g->clock_left[p] = clock_left(&r->clock, p, now);
    /* The seat whose time runs after this write: the clock's, or the seat
     * to act of a game whose last seat this write takes (the clock starts). */
    int running = r->clock_on ? r->clock.running : g->status == STATUS_PLAYING ? room_clock_seat(r) : -1;
    if (running >= 0 && !session_is_terminal(r->session))
        g->clock_due = wall + (g->clock_left[running] > 0 ? g->clock_left[running] : 0);
}

void room_clock_from_store(Room *r, double now)
{
    clock_init(&r->clock, &r->meta.clock, r->meta.num_seats);
    r->clock_on = false;
    if (r->meta.clock.kind == CLOCK_NONE)
        return;
    memcpy(r->clock.left_ms, r->meta.clock_left, sizeof r->clock.left_ms);
    if (room_status(r) != STATUS_PLAYING || session_is_terminal(r->session))
        return;
    /* It ran on the other servers since it was charged: charge it here. */
    r->clock_on = true;
    r->clock.running = -1;
    clock_switch(&r->clock, room_clock_seat(r), now);
    int64_t since = r->meta.clock_at > 0 ? wall_ms() - r->meta.clock_at : 0;
    if (r->clock.running >= 0 && since > 0)
        r->clock.left_ms[r->clock.running] -= since;
}

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
                 session_is_terminal(r->session) ? "; the game is over" : "; the others play on");
        r->host->say(r->host->ctx, line);
    }
    room_changed(r);
    return true;
}

bool room_clock_in_time(Room *r, double now, RoomError *e)
{
    if (!r->clock_on || !clock_expired(&r->clock, now))
        return true;
    int seat = r->clock.running;
    if (time_out(r, now, e))
        room_fail(e, 409, "P%d ran out of time%s", seat + 1,
                  session_is_terminal(r->session) ? ": the game is over" : " and left the game; the others play on");
    return false;
}

double room_clock_tick(Room *r, double now, bool save)
{
    pthread_mutex_lock(&r->lock);
    RoomError e = {0};
    /* Over a shared store the seat may have moved on another server: the
     * room catches up before it ends anything on time. */
    bool out = r->clock_on && clock_expired(&r->clock, now);
    if (out && room_shared(r)) {
        if (!room_sync_locked(r, &e))
            fprintf(stderr, "morph serve: game %s: %s\n", r->meta.id, e.message);
        out = r->clock_on && clock_expired(&r->clock, now);
    }
    if (out && !time_out(r, now, &e) && !e.conflict)
        fprintf(stderr, "morph serve: game %s: %s\n", r->meta.id, e.message);
    bool runs = r->clock_on && !session_is_terminal(r->session);
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

void room_clock_json(Room *r, double now, StrBuf *out)
{
    const ClockSpec *spec = &r->meta.clock;
    if (spec->kind == CLOCK_NONE) {
        sb_puts(out, ",\"clock\":null");
        return;
    }
    if (spec->kind == CLOCK_DAYS)
        sb_printf(out, ",\"clock\":{\"kind\":\"days\",\"days_per_move\":%d", spec->days);
    else
        sb_printf(out, ",\"clock\":{\"kind\":\"real\",\"initial_s\":%lld,\"increment_s\":%lld",
                  (long long)(spec->initial_ms / 1000), (long long)(spec->increment_ms / 1000));
    sb_puts(out, ",\"left_ms\":[");
    for (int p = 0; p < r->meta.num_seats; p++) {
        int64_t left = clock_left(&r->clock, p, now);
        sb_printf(out, "%s%lld", p ? "," : "", (long long)(left > 0 ? left : 0));
    }
    int running = r->clock_on ? r->clock.running : -1;
    if (running >= 0)
        sb_printf(out, "],\"running\":%d,\"started\":true}", running + 1);
    else
        sb_printf(out, "],\"running\":null,\"started\":%s}", r->clock_on ? "true" : "false");
}
