/* A room's clock: it starts when the last seat is taken, runs for the seat
 * of a person to act (an AI's turn stops it: the AI keeps to its own
 * thinking budget; charged from the moment it is to act until its action is
 * committed; with real time, from each seat's second turn on: its first
 * move has CLOCK_FIRST_MOVE_S, or the game is aborted), and what is stored
 * of it for a restart or another server. The arithmetic is clock.c's; a seat out of time is
 * room_timeout.c's (the library's "timeout N": the other player wins on
 * time, or with three or four Morpyam players the game goes on without it). */

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

/* The seat to act: to decide, or typing its dice; -1 none. */
static int acting_seat(const Room *r)
{
    if (room_over(r))
        return -1;
    int p = session_player(r->session);
    return p >= 0 ? p : room_typing_seat(r);
}

unsigned room_moved_seats(Room *r)
{
    const Session *s = r->session;
    unsigned all = (1u << r->meta.num_seats) - 1;
    /* read on from where the last call stopped, unless the steps were cut
     * since (an undo): then from the start */
    if (r->moved_scan.session != s || r->moved_scan.truncations != s->truncations || r->moved_scan.scanned > s->count) {
        r->moved_scan.session = s;
        r->moved_scan.truncations = s->truncations;
        r->moved_scan.scanned = 0;
        r->moved_scan.moved = 0;
        r->moved_scan.last = -1;
    }
    unsigned moved = r->moved_scan.moved;
    int last = r->moved_scan.last, i = r->moved_scan.scanned;
    /* every seat found to have moved ends the reading */
    for (; i < s->count && moved != all; i++) {
        Action leave;
        char err[ERR_MAX];
        int p = s->steps[i].player;
        if (p < 0 || leave_parse(s->steps[i].text, r->meta.num_seats, &leave, err, sizeof err) != 0)
            continue; /* chance, or a seat leaving */
        if (last >= 0 && p != last)
            moved |= 1u << last;
        last = p;
    }
    r->moved_scan.moved = moved;
    r->moved_scan.last = last;
    r->moved_scan.scanned = i;
    if (moved != all && last >= 0 && acting_seat(r) != last)
        moved |= 1u << last;
    return moved;
}

int room_clock_seat(const Room *r)
{
    int p = acting_seat(r);
    /* an AI thinks within its own budget: against it only people's time runs */
    return p >= 0 && r->meta.seats[p].kind == SEAT_AI ? -1 : p;
}

void room_clock_begin(Room *r, double now)
{
    if (r->meta.clock.kind == CLOCK_NONE || r->clock_on || room_status(r) != STATUS_PLAYING)
        return;
    r->clock_on = true;
    r->clock.running = -1;
    r->clock.fresh &= ~room_moved_seats(r);
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
    if (running < 0 || room_over(r))
        return;
    /* a seat before its first move: its time for that move (the clock of a
     * game whose last seat this write takes has just begun it) */
    int64_t first = r->clock_on ? clock_first_move_left(&r->clock, now)
                    : r->meta.clock.kind == CLOCK_REAL ? (int64_t)CLOCK_FIRST_MOVE_S * 1000 : -1;
    g->clock_due = wall + (first >= 0 ? first : g->clock_left[running] > 0 ? g->clock_left[running] : 0);
}

void room_clock_from_store(Room *r, double now)
{
    clock_init(&r->clock, &r->meta.clock, r->meta.num_seats);
    r->clock_on = false;
    if (r->meta.clock.kind == CLOCK_NONE)
        return;
    memcpy(r->clock.left_ms, r->meta.clock_left, sizeof r->clock.left_ms);
    if (room_status(r) != STATUS_PLAYING || room_over(r))
        return;
    /* It ran on the other servers since it was charged: charge it here. */
    r->clock_on = true;
    r->clock.running = -1;
    r->clock.fresh &= ~room_moved_seats(r);
    clock_switch(&r->clock, room_clock_seat(r), now);
    int64_t since = r->meta.clock_at > 0 ? wall_ms() - r->meta.clock_at : 0;
    /* a seat before its first move: since when it has been to act */
    if (r->clock.running >= 0 && since > 0 && (r->clock.fresh >> r->clock.running & 1))
        r->clock.since = now - (double)since / 1000;
    else if (r->clock.running >= 0 && since > 0)
        r->clock.left_ms[r->clock.running] -= since;
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
    int64_t first = r->clock_on ? clock_first_move_left(&r->clock, now) : -1;
    if (first >= 0)
        sb_printf(out, "],\"first_move_ms\":%lld", (long long)first);
    else
        sb_puts(out, "],\"first_move_ms\":null");
    if (running >= 0)
        sb_printf(out, ",\"running\":%d,\"started\":true}", running + 1);
    else
        sb_printf(out, ",\"running\":null,\"started\":%s}", r->clock_on ? "true" : "false");
}
