/* The bottom of a room: errors, the log of actions in words (the session
 * observer), status and who is to act, the server's chance draws, whether
 * the store is shared and an AI is to move, and a room's lifetime
 * (references). The files above it, in order: room_clock.c (the clock's
 * time), room_commit.c (storing a change and telling of it), room_sync.c
 * (catching up with other servers), room_ai.c (AI seats and hints),
 * room_abort.c (aborting before every seat moved), room_timeout.c (clocks
 * run out, work handed over), room_play.c, room_offers.c (takebacks and
 * rematches offered between people),
 * room_seats.c, room_analysis.c, room_open.c (creation and loading),
 * room_state.c and
 * room_stream.c (what clients read); room_internal.h declares what they
 * share. */

#include "room_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../front/game_json.h"
#include "../../front/record.h"
#include "../../front/view_json.h"
#include "../base/limits.h"
#include "../../core/xalloc.h"
#include "../../games/registry.h"

double room_host_now(const RoomHost *host)
{
    return host->now ? host->now() : limits_now();
}

void room_fail(RoomError *e, int status, const char *fmt, ...)
{
    e->status = status;
    e->conflict = false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
}

/* ---- the log of actions in words ---- */

void room_log_truncate(Room *r, int n)
{
    for (int i = n; i < r->log_cap && r->log[i].json; i++) {
        free(r->log[i].json);
        r->log[i].json = NULL;
    }
    if (r->history_count > n) {
        sb_clear(&r->history);
        r->history_count = 0;
    }
}

/* Brings the history text up to the log (entries are appended once). */
void room_history_sync(Room *r)
{
    int count = r->session->count;
    for (; r->history_count < count; r->history_count++) {
        if (r->history_count)
            sb_putc(&r->history, ',');
        sb_puts(&r->history, r->log[r->history_count].json ? r->log[r->history_count].json : "null");
    }
}

void room_log_say_again(Room *r)
{
    const Session *s = r->session;
    State *st = state_new(s->game);
    char err[ERR_MAX];
    for (int i = 0; i < s->count; i++) {
        Action a;
        if (!s->game->ops->parse_action(st, s->steps[i].text, &a, err, sizeof err))
            break; /* the session's own texts: cannot happen */
        room_observe(r, s, st, a, s->steps[i].player, i);
        state_apply(st, a);
    }
    state_free(st);
    sb_clear(&r->history);
    r->history_count = 0;
}

/* The session observer: every action applied, with the state before it. */
void room_observe(void *ctx, const Session *s, const State *before, Action a, int player, int index)
{
    Room *r = ctx;
    if (index >= r->log_cap) {
        int cap = r->log_cap ? 2 * r->log_cap : 64;
        while (cap <= index)
            cap *= 2;
        r->log = xrealloc(r->log, (size_t)cap * sizeof *r->log);
        memset(r->log + r->log_cap, 0, (size_t)(cap - r->log_cap) * sizeof *r->log);
        r->log_cap = cap;
    }
    StrBuf entry = STRBUF_INIT;
    view_entry(r->view, before, a, s->steps[index].text, player, index, &r->voice, &entry);
    free(r->log[index].json);
    r->log[index].len = entry.len;
    r->log[index].json = xstrdup(sb_str(&entry));
    sb_free(&entry);
}

/* ---- changes: advance, commit, tell ---- */

bool room_over(const Room *r)
{
    return r->aborted || session_is_terminal(r->session);
}

/* An aborted game is marked by its stored result (room_abort.c). */
void room_read_aborted(Room *r)
{
    json_error_t jerr;
    json_t *result = r->meta.result ? json_loads(r->meta.result, 0, &jerr) : NULL;
    const char *how = json_string_value(json_object_get(result, "how"));
    r->aborted = r->meta.status == STATUS_FINISHED && how && strcmp(how, "aborted") == 0;
    json_decref(result);
}

int room_status(const Room *r)
{
    if (room_over(r))
        return STATUS_FINISHED;
    for (int p = 0; p < r->meta.num_seats; p++)
        if (r->meta.seats[p].kind == SEAT_HUMAN && !r->meta.seats[p].claimed)
            return STATUS_WAITING;
    return STATUS_PLAYING;
}

/* The seat that types the chance outcome now, or -1 when the server draws it. */
int room_typing_seat(const Room *r)
{
    if (!r->meta.real_dice || !state_is_chance(r->session->state))
        return -1;
    int seat = r->view->roller(r->session->state);
    return seat >= 0 && r->meta.seats[seat].kind == SEAT_HUMAN ? seat : -1;
}

/* Draws the chance outcomes the server draws, until a decision, a person's
 * typed dice or the end. */
void room_advance(Room *r)
{
    Session *s = r->session;
    while (state_is_chance(s->state) && room_typing_seat(r) < 0 && s->count < r->host->max_actions)
        session_chance_step(s);
}

void room_fail_store(RoomError *e, const char *err, const char *what)
{
    if (store_conflict(err)) {
        room_fail(e, 409, "the game changed on another server meanwhile (%s)", err);
        e->conflict = true;
    } else {
        room_fail(e, 503, "%s (%s)", what, err);
    }
}

/* ---- lifetime ---- */

static void room_destroy(Room *r)
{
    room_log_truncate(r, 0);
    free(r->log);
    session_free(r->session);
    stored_game_clear(&r->meta);
    free(r->head);
    sb_free(&r->history);
    free(r->statics);
    free(r->options_text);
    free(r->hint_cache);
    pthread_mutex_destroy(&r->lock);
    free(r);
}

void room_ref(Room *r)
{
    atomic_fetch_add(&r->refs, 1);
}

void room_unref(Room *r)
{
    if (r && atomic_fetch_sub(&r->refs, 1) == 1)
        room_destroy(r);
}

/* ---- the game's meta ---- */

bool room_shared(const Room *r)
{
    return r->host->store->ops->shared;
}

bool room_ai_pending(const Room *r)
{
    const Session *s = r->session;
    return !room_over(r) && session_ai_to_move(s) && s->count < r->host->max_actions;
}

bool room_ai_busy(const Room *r)
{
    /* A job waiting in the pool counts: the AI is about to think, and the
     * state answered now must say so (the page waits for its move). Over a
     * shared store the AI may be thinking on another server. */
    return r->thinking || r->queued || (room_shared(r) && room_ai_pending(r));
}

/* The seat of seats that may act now (the seat to move, or the one typing
 * dice), or -1 with e. */
int room_acting_seat(Room *r, unsigned seats, RoomError *e)
{
    if (!seats) {
        room_fail(e, 403, "no seat of this game has the token given: send your seat token in the X-Seat-Token header");
        return -1;
    }
    if (room_over(r)) {
        room_fail(e, 409, "the game is over");
        return -1;
    }
    int p = session_player(r->session);
    if (p == PLAYER_CHANCE)
        p = room_typing_seat(r);
    if (p >= 0 && (seats >> p & 1))
        return p;
    if (p < 0)
        room_fail(e, 409, "nobody is to play: the server is drawing chance");
    else if (r->meta.seats[p].kind == SEAT_AI)
        room_fail(e, 409, "it is P%d's turn (an AI), not yours", p + 1);
    else
        room_fail(e, 403, "it is P%d's turn, not yours", p + 1);
    return -1;
}
