/* The actions of people in a room: an action text applied
 * by the rule every front end shares (session_apply_for_seat), resign and
 * undo. */

#include "room_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/utf8.h"
#include "../../front/explain.h"
#include "../../front/record.h"
#include "../../core/xalloc.h"

/* Applies text for seat by the rule every front end shares
 * (session_apply_for_seat: each part the seat's own decision, or in a
 * real-dice game the one roll the seat types), then what follows (chance,
 * commit, subscribers). A refusal of the rules is 422 with the library's
 * reason; a part that is not the seat's to play is 403. */
static bool apply_for_seat(Room *r, int seat, const char *text, RoomError *e)
{
    char msg[ERR_MAX + EXCERPT_SIZE + 32];
    bool may_roll = room_typing_seat(r) == seat;
    double now = room_host_now(r->host);
    if (!room_clock_in_time(r, now, e))
        return false; /* the seat to act ran out of time before this came */
    int status = explain_apply_for_seat(r->session, seat, text, may_roll, msg, sizeof msg);
    if (status) {
        room_fail(e, status, "%s", msg);
        return false;
    }
    room_advance(r);
    /* the time of the seat that acted is charged up to now; the clock then
     * runs for the seat to act next */
    Clock before = r->clock;
    if (r->clock_on)
        clock_switch(&r->clock, room_clock_seat(r), now);
    if (!room_commit(r, e)) {
        r->clock = before;
        return false;
    }
    room_changed(r);
    return true;
}

bool room_act(Room *r, unsigned seats, const char *text, int64_t version, RoomError *e)
{
    return room_act_from(r, seats, text, version, NULL, e);
}

bool room_act_from(Room *r, unsigned seats, const char *text, int64_t version, int *first, RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    bool ok = false;
    /* Over a shared store a write may meet another server's: catch up and
     * decide again, as a single server would after that change. */
    for (int attempt = 0;; attempt++) {
        int seat = -1;
        if (version >= 0 && version != r->meta.version)
            room_fail(e, 409, "the game has moved on: version %lld was expected, it is now %lld (reload the state)",
                      (long long)version, (long long)r->meta.version);
        else if (room_ai_busy(r))
            room_fail(e, 409, "an AI is thinking; wait for its move");
        else if (r->session->count >= r->host->max_actions)
            room_fail(e, 409, "the game has reached the server's limit of %d actions", r->host->max_actions);
        else if ((seat = room_acting_seat(r, seats, e)) >= 0) {
            if (first)
                *first = r->session->count;
            ok = apply_for_seat(r, seat, text, e);
        }
        if (ok || !room_retry(r, e, attempt))
            break;
    }
    pthread_mutex_unlock(&r->lock);
    return ok;
}

bool room_resign(Room *r, unsigned seats, RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    bool ok = false;
    for (int attempt = 0;; attempt++) {
        int acting = room_clock_seat(r), seat = -1;
        for (int p = r->meta.num_seats - 1; p >= 0; p--)
            if ((seats >> p & 1) && (r->session->state->game->ops->is_legal(r->session->state, ACTION_LEAVE(p, LEAVE_RESIGN))))
                seat = p; /* the first seat of the caller still in the game */
        if (acting >= 0 && (seats >> acting & 1) && seat >= 0)
            seat = acting;
        if (!seats) {
            room_fail(e, 403, "no seat of this game has the token given: send your seat token in the X-Seat-Token header");
        } else if (room_over(r)) {
            room_fail(e, 409, "the game is over");
        } else if (seat < 0) {
            room_fail(e, 409, "you have left this game already");
        } else {
            /* "resign" on one's own decision, "resign N" at any other moment (the
             * rules' leaving): while others think, roll or have the turn */
            char text[24];
            if (seat == session_player(r->session))
                snprintf(text, sizeof text, "resign");
            else
                snprintf(text, sizeof text, "resign %d", seat + 1);
            ok = apply_for_seat(r, seat, text, e);
        }
        if (ok || !room_retry(r, e, attempt))
            break;
    }
    pthread_mutex_unlock(&r->lock);
    return ok;
}

json_t *room_why(Room *r, const char *text)
{
    pthread_mutex_lock(&r->lock);
    StrBuf why = STRBUF_INIT;
    bool refused = state_why_not(r->session->state, text, &why);
    json_t *out = json_pack("{s:I,s:s,s:b,s:o}", "version", (json_int_t)r->meta.version, "action", text, "legal",
                            !refused, "why", refused ? json_string(sb_str(&why)) : json_null());
    pthread_mutex_unlock(&r->lock);
    sb_free(&why);
    return out;
}

int room_undo_seat(Room *r, char *why, size_t whylen)
{
    Session *s = r->session;
    if (!session_has_ai(s))
        snprintf(why, whylen, "undo is only for games against an AI; between people a move stands");
    else if (room_ai_busy(r))
        snprintf(why, whylen, "an AI is thinking; undo once it has moved");
    else if (room_over(r))
        snprintf(why, whylen, "the game is over");
    else
        return session_undo_seat(s, why, whylen);
    return -1;
}

/* One attempt at an undo (room locked). */
static bool undo_once(Room *r, unsigned seats, RoomError *e)
{
    char why[ERR_MAX];
    int seat = room_undo_seat(r, why, sizeof why);
    if (!seats) {
        room_fail(e, 403, "no seat of this game has the token given: send your seat token in the X-Seat-Token header");
        return false;
    } else if (seat < 0) {
        room_fail(e, 409, "%s", why);
        return false;
    } else if (!(seats >> seat & 1)) {
        room_fail(e, 403, "the last decision of a person is P%d's; only P%d can take it back", seat + 1, seat + 1);
        return false;
    }
    return room_take_back(r, e);
}

bool room_take_back(Room *r, RoomError *e)
{
    Session *s = r->session;
    char why[ERR_MAX];
    /* Kept to put back if the store refuses the undo. */
    int before = s->count;
    char **undone = xmalloc((size_t)(before ? before : 1) * sizeof *undone);
    for (int i = 0; i < before; i++)
        undone[i] = xstrdup(s->steps[i].text);
    bool ok = false;
    Clock clock = r->clock;
    int removed = session_undo_person(s, why, sizeof why);
    if (!removed) {
        room_fail(e, 409, "%s", why); /* cannot happen: the caller checked that it could */
    } else {
        /* the seat to act again has its time run from now, without an
         * increment; a first move taken back is a first move again */
        if (r->clock_on)
            clock_take_back(&r->clock, room_clock_seat(r), ~room_moved_seats(r) & ((1u << r->meta.num_seats) - 1),
                            room_host_now(r->host));
        StoredGame g = r->meta;
        g.count = s->count;
        g.status = room_status(r);
        g.version = r->meta.version + 1;
        g.epoch = r->meta.epoch + 1;
        g.undo_low = r->meta.undo_low < 0 || s->count < r->meta.undo_low ? s->count : r->meta.undo_low;
        g.ai_to_move = room_ai_pending(r);
        record_now(g.updated);
        room_clock_to_store(r, &g, room_host_now(r->host));
        char err[ERR_MAX + 128];
        if (!r->host->store->ops->truncate(r->host->store, &g, err, sizeof err)) {
            r->clock = clock;
            s->replaying = true; /* the log still has these actions */
            for (int i = s->count; i < before; i++) {
                char aerr[ERR_MAX];
                session_apply_text(s, undone[i], aerr, sizeof aerr);
            }
            s->replaying = false;
            room_fail_store(e, err, "the undo could not be saved, nothing was changed");
        } else {
            room_log_truncate(r, s->count);
            r->stored = s->count;
            r->meta.status = g.status;
            r->meta.version = g.version;
            r->full_version = g.version;
            r->meta.undo_low = g.undo_low;
            r->meta.epoch = g.epoch;
            r->ai_work_mine = g.ai_to_move;
            memcpy(r->meta.updated, g.updated, sizeof g.updated);
            memcpy(r->meta.clock_left, g.clock_left, sizeof g.clock_left);
            r->meta.clock_at = g.clock_at;
            r->meta.clock_due = g.clock_due;
            ok = true;
            room_changed(r);
        }
    }
    for (int i = 0; i < before; i++)
        free(undone[i]);
    free(undone);
    return ok;
}

bool room_undo(Room *r, unsigned seats, RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    bool ok = false;
    for (int attempt = 0; !(ok = undo_once(r, seats, e)) && room_retry(r, e, attempt); attempt++) {
    }
    pthread_mutex_unlock(&r->lock);
    return ok;
}
