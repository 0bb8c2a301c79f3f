/* Offers between people, as lichess makes them: a takeback (a player offers
 * to take back the last move; another player accepts, and it is undone as
 * Undo does against an AI, or declines; a move made meanwhile makes the
 * offer lapse) and a rematch (the game is made once every person at the
 * table asked for it; one declining ends the offer, and it lapses when its
 * maker leaves: the last live stream known to be of its seat closes, or its
 * page withdraws it as it goes). What the state says of them, and of the
 * watchers (the readers that hold no seat and do not say they play).
 *
 * Offers are held in memory by the server that has the room: they lapse
 * when it restarts or lets the room go, like an offer made to someone who
 * left. A change of an offer is no change of the game (no version): the
 * streams' readers hear of it by an "offers" event (room_stream.c). */

#include "room_internal.h"

#include <stdio.h>
#include <string.h>

#include "../../core/game.h"
#include "../../front/json_text.h"

/* The seats held by people (bit p for seat p). */
static unsigned people(const Room *r)
{
    unsigned seats = 0;
    for (int p = 0; p < r->meta.num_seats; p++)
        if (r->meta.seats[p].kind == SEAT_HUMAN)
            seats |= 1u << p;
    return seats;
}

bool room_between_people(const Room *r)
{
    return __builtin_popcount(people(r)) > 1 && !session_has_ai(r->session);
}

bool room_takebacks_allowed(const Room *r)
{
    return room_between_people(r) && r->meta.takebacks;
}

/* Readers of the stream are told that the offers (or the watchers) changed. */
static void offers_changed(Room *r)
{
    r->offers_count++;
    for (Subscriber *sub = r->subs; sub; sub = sub->next)
        sub->wake(sub->ctx);
}

/* The takeback offered now, or -1 (one made before the last move lapsed). */
static int takeback_offer(const Room *r)
{
    return r->takeback_by >= 0 && r->takeback_at == r->session->count && !room_over(r) ? r->takeback_by : -1;
}

int room_spectators(const Room *r)
{
    int n = 0;
    for (const Subscriber *sub = r->subs; sub; sub = sub->next)
        n += sub->seats == 0 && !sub->says_player;
    return n;
}

/* Why no takeback can be asked now, whoever asks (a 409's words), or
 * NULL when one can. */
static const char *takeback_refusal(const Room *r)
{
    char why[ERR_MAX];
    Action leave;
    const Session *s = r->session;
    int last = s->count - 1;
    while (last >= 0 && s->steps[last].player < 0)
        last--; /* chance since the last decision: the same dice come again */
    if (room_over(r))
        return "the game is over";
    if (!room_between_people(r))
        return "takebacks are offered between people; against the AI, use undo";
    if (!room_takebacks_allowed(r))
        return "takebacks are off in this game: it was made with \"takebacks\": false, so each move stands";
    if (last < 0)
        return "there is no move to take back yet";
    if (leave_parse(s->steps[last].text, r->meta.num_seats, &leave, why, sizeof why) != 0)
        return "a player has left the game since the last move: it cannot be taken back";
    return NULL;
}

void room_put_offers(Room *r, StrBuf *out)
{
    int takeback = takeback_offer(r);
    if (takeback >= 0)
        sb_printf(out, ",\"takeback\":{\"by\":%d}", takeback + 1);
    else
        sb_puts(out, ",\"takeback\":null");
    sb_printf(out, ",\"takebacks\":%s", room_takebacks_allowed(r) ? "true" : "false");
    /* in a game that allows them, why none can be asked now (no move yet,
     * the game over), null when one can */
    const char *refusal = room_takebacks_allowed(r) ? takeback_refusal(r) : NULL;
    sb_puts(out, ",\"takeback_why\":");
    if (refusal)
        sb_json_string(out, refusal);
    else
        sb_puts(out, "null");
    if (r->rematch_asked && !r->meta.rematch[0]) {
        sb_puts(out, ",\"rematch_offer\":{\"by\":[");
        for (int p = 0, k = 0; p < r->meta.num_seats; p++)
            if (r->rematch_asked >> p & 1)
                sb_printf(out, "%s%d", k++ ? "," : "", p + 1);
        sb_printf(out, "],\"swap\":%s}", r->rematch_swap ? "true" : "false");
    } else {
        sb_puts(out, ",\"rematch_offer\":null");
    }
    sb_printf(out, ",\"may_abort\":%s,\"spectators\":%d", room_may_abort(r) ? "true" : "false", room_spectators(r));
}

/* The seat of seats that takes part in a takeback now, or -1 with e. */
static int takeback_seat(Room *r, unsigned seats, RoomError *e)
{
    const char *refusal = takeback_refusal(r);
    if (!seats)
        room_fail(e, 403, "only a player of this game can ask for a takeback: send your seat token in X-Seat-Token");
    else if (refusal)
        room_fail(e, 409, "%s", refusal);
    else
        return __builtin_ctz(seats);
    return -1;
}

bool room_takeback(Room *r, unsigned seats, bool decline, RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    bool ok = false;
    for (int attempt = 0;; attempt++) {
        int seat = takeback_seat(r, seats, e), offer = takeback_offer(r);
        if (seat < 0) {
            /* e says why */
        } else if (decline && offer < 0) {
            room_fail(e, 409, "no takeback is offered");
        } else if (decline) {
            /* the other side declines, or its maker withdraws it */
            r->takeback_by = -1;
            offers_changed(r);
            ok = true;
        } else if (offer >= 0 && (seats >> offer & 1)) {
            room_fail(e, 409, "you have offered a takeback already; wait for the answer");
        } else if (offer < 0) {
            r->takeback_by = seat;
            r->takeback_at = r->session->count;
            offers_changed(r);
            ok = true;
        } else {
            /* accepted: the last move is taken back as Undo does */
            ok = room_take_back(r, e);
            if (ok) {
                r->takeback_by = -1;
                offers_changed(r);
            }
        }
        if (ok || !room_retry(r, e, attempt))
            break;
    }
    pthread_mutex_unlock(&r->lock);
    return ok;
}

int room_rematch_ask(Room *r, unsigned seats, bool decline, bool swap, bool *swap_out, RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    int answer = REMATCH_REFUSED;
    unsigned table = people(r);
    if (!(seats & table)) {
        room_fail(e, 403, "only a player of this game can ask for a rematch: send your seat token in X-Seat-Token");
    } else if (!room_over(r)) {
        room_fail(e, 409, "the game is not over yet");
    } else if (r->meta.rematch[0]) {
        room_fail(e, 409, "this game already has a rematch: game %s", r->meta.rematch);
    } else if (decline && !r->rematch_asked) {
        room_fail(e, 409, "no rematch is offered");
    } else if (decline) {
        r->rematch_asked = 0;
        offers_changed(r);
        answer = REMATCH_DECLINED;
    } else {
        if (!r->rematch_asked)
            r->rematch_swap = swap; /* the maker's choice of seats */
        r->rematch_asked |= seats & table;
        *swap_out = r->rematch_swap;
        answer = (r->rematch_asked & table) == table ? REMATCH_AGREED : REMATCH_OFFERED;
        if (answer == REMATCH_AGREED)
            r->rematch_asked = 0; /* taken up: the caller makes the game (if that fails, ask again) */
        offers_changed(r);
    }
    pthread_mutex_unlock(&r->lock);
    return answer;
}

void room_reader_left(Room *r, const Subscriber *gone)
{
    unsigned seats = gone->seats;
    /* the lock is held by room_unsubscribe */
    unsigned still = 0;
    for (const Subscriber *sub = r->subs; sub; sub = sub->next)
        still |= sub->seats;
    if (r->rematch_asked & seats & ~still) {
        r->rematch_asked = 0; /* its maker left: the offer lapses */
        offers_changed(r);
    } else if (seats == 0 && !gone->says_player) {
        offers_changed(r); /* one watcher fewer */
    }
}

void room_reader_came(Room *r, const Subscriber *sub)
{
    if (sub->seats == 0 && !sub->says_player)
        offers_changed(r); /* one watcher more */
}
