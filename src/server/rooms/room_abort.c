/* Aborting a game before it has really begun (lichess's rule): while some
 * seat has not made its first move, a player may abort the game, and a
 * real-time clock aborts it when the seat to make its first move lets
 * CLOCK_FIRST_MOVE_S pass. An aborted game is over with no winner: it moves
 * no rating and is nobody's loss.
 *
 * The rules know nothing of aborting (no action is played): the room marks
 * the game (r->aborted) and stores its result {"winners":[],"how":
 * "aborted","by":SEAT or null,"text":...}, from which a room loaded again,
 * here or on another server, knows it (room_read_aborted, room.c). */

#include "room_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool room_may_abort(Room *r)
{
    unsigned all = (1u << r->meta.num_seats) - 1;
    return !room_over(r) && (room_moved_seats(r) & all) != all;
}

/* Ends the game as aborted (r locked): by is the seat that asked (-1: its
 * clock, the first move of seat `late` not made in time). Committed and
 * told like any change. */
static bool abort_now(Room *r, int by, int late, RoomError *e)
{
    char text[ROOM_NAME_MAX + 96];
    if (by >= 0)
        snprintf(text, sizeof text, "%s aborted the game before it began: nobody wins or loses.", r->names[by]);
    else
        snprintf(text, sizeof text, "The game was aborted: %s did not make a first move within %d seconds. "
                 "Nobody wins or loses.", r->names[late], CLOCK_FIRST_MOVE_S);
    json_t *result = json_pack("{s:[],s:s,s:o,s:s}", "winners", "how", "aborted", "by",
                               by >= 0 ? json_integer(by + 1) : json_null(), "text", text);
    Clock saved = r->clock;
    double now = room_host_now(r->host);
    clock_charge(&r->clock, now);
    r->clock.running = -1;
    free(r->meta.result);
    r->meta.result = json_dumps(result, JSON_COMPACT);
    json_decref(result);
    r->aborted = true;
    if (!room_commit(r, e)) {
        r->aborted = false;
        free(r->meta.result);
        r->meta.result = NULL;
        r->clock = saved;
        return false;
    }
    if (r->host->say) {
        char line[128];
        if (by >= 0)
            snprintf(line, sizeof line, "game %s: aborted by P%d", r->meta.id, by + 1);
        else
            snprintf(line, sizeof line, "game %s: aborted, P%d made no first move in time", r->meta.id, late + 1);
        r->host->say(r->host->ctx, line);
    }
    room_changed(r);
    return true;
}

bool room_abort_late(Room *r, RoomError *e)
{
    return abort_now(r, -1, r->clock.running, e);
}

bool room_abort(Room *r, unsigned seats, RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    bool ok = false;
    for (int attempt = 0;; attempt++) {
        int by = seats ? __builtin_ctz(seats) : -1;
        if (!seats)
            room_fail(e, 403, "only a player of this game can abort it: send your seat token in X-Seat-Token");
        else if (room_over(r))
            room_fail(e, 409, "the game is over");
        else if (!room_may_abort(r))
            room_fail(e, 409, "the game can no longer be aborted: every player has moved (resign instead)");
        else if (room_ai_busy(r))
            room_fail(e, 409, "an AI is thinking; abort once it has moved");
        else
            ok = abort_now(r, by, -1, e);
        if (ok || !room_retry(r, e, attempt))
            break;
    }
    pthread_mutex_unlock(&r->lock);
    return ok;
}
