/* A room's seats: the seats a request's tokens hold, claiming an open seat
 * (a new secret token, stored as its hash), invitations. */

#include "room_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../front/record.h"

unsigned room_seats_of(Room *r, const char *const *tokens, int ntokens, AccountId account)
{
    unsigned seats = 0;
    char hashes[MAX_PLAYERS][TOKEN_HASH_LEN + 1];
    int n = 0;
    for (int i = 0; i < ntokens && n < MAX_PLAYERS; i++)
        if (token_well_formed(tokens[i], TOKEN_LEN))
            token_hash(tokens[i], hashes[n++]);
    pthread_mutex_lock(&r->lock);
    for (int p = 0; p < r->meta.num_seats; p++) {
        const StoredSeat *seat = &r->meta.seats[p];
        for (int i = 0; i < n && seat->claimed && seat->token_hash[0]; i++)
            if (token_hash_equal(seat->token_hash, hashes[i]))
                seats |= 1u << p;
        if (account && seat->claimed && seat->account == account)
            seats |= 1u << p;
    }
    pthread_mutex_unlock(&r->lock);
    return seats;
}

/* The seats account holds (room locked). */
static unsigned room_seats_of_locked(const Room *r, AccountId account)
{
    unsigned seats = 0;
    for (int p = 0; p < r->meta.num_seats; p++)
        if (account && r->meta.seats[p].claimed && r->meta.seats[p].account == account)
            seats |= 1u << p;
    return seats;
}

bool room_set_mute(Room *r, int seat, bool muted, RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    char err[ERR_MAX + 128];
    bool ok = r->host->store->ops->seat_mute(r->host->store, r->meta.id, seat, muted, err, sizeof err);
    if (ok)
        r->meta.seats[seat].muted = muted;
    else
        room_fail(e, 503, "the mute could not be saved (%s)", err);
    pthread_mutex_unlock(&r->lock);
    return ok;
}

int room_open_seat(Room *r)
{
    pthread_mutex_lock(&r->lock);
    int found = -1;
    for (int p = 0; p < r->meta.num_seats && found < 0; p++)
        if (r->meta.seats[p].kind == SEAT_HUMAN && !r->meta.seats[p].claimed)
            found = p;
    pthread_mutex_unlock(&r->lock);
    return found;
}

/* One attempt at a claim (room locked). */
static bool claim_once(Room *r, int seat, const char *invite, AccountId account, const char *name, bool bot,
                       char token[TOKEN_LEN + 1], RoomError *e)
{
    StoredSeat *st = seat >= 0 && seat < r->meta.num_seats ? &r->meta.seats[seat] : NULL;
    if (!st) {
        room_fail(e, 404, "game %s has no seat %d (it has %d)", r->meta.id, seat + 1, r->meta.num_seats);
        return false;
    } else if (room_over(r)) {
        room_fail(e, 409, "game %s is over: its seats can no longer be taken", r->meta.id);
        return false;
    } else if (st->kind != SEAT_HUMAN) {
        room_fail(e, 409, "seat %d of game %s is an AI's", seat + 1, r->meta.id);
        return false;
    } else if (st->claimed) {
        room_fail(e, 409, "seat %d of game %s is already taken", seat + 1, r->meta.id);
        return false;
    } else if (invite && strcmp(invite, st->invite) != 0) {
        room_fail(e, 404, "no open seat has this invitation");
        return false;
    } else if (r->meta.rated && !account) {
        room_fail(e, 403, "this game is rated: sign in to take its seat");
        return false;
    } else if (account && room_seats_of_locked(r, account)) {
        room_fail(e, 409, "you hold a seat of game %s already: a player plays one seat of a game", r->meta.id);
        return false;
    } else if (!token_random(token, TOKEN_LEN)) {
        room_fail(e, 500, "the system gave no random bytes for the seat token");
        return false;
    }
    StoredSeat saved = *st;
    st->claimed = true;
    st->invite[0] = '\0';
    st->account = account;
    snprintf(st->name, sizeof st->name, "%s", account && name ? name : "");
    st->bot = account && bot;
    snprintf(st->guest, sizeof st->guest, "%s", !account && name ? name : "");
    token_hash(token, st->token_hash);
    StoredGame g = r->meta;
    g.status = room_status(r);
    g.version = r->meta.version + 1;
    g.count = r->stored;
    record_now(g.updated);
    double now = room_host_now(r->host);
    room_clock_to_store(r, &g, now); /* the last seat taken: the clock starts */
    char err[ERR_MAX + 128];
    if (!r->host->store->ops->claim(r->host->store, &g, seat, err, sizeof err)) {
        *st = saved;
        if (strstr(err, "already taken"))
            room_fail(e, 409, "%s", err);
        else
            room_fail_store(e, err, "the seat could not be saved, nothing was changed");
        return false;
    }
    r->meta.status = g.status;
    r->meta.version = g.version;
    r->full_version = g.version;
    r->meta.clock_at = g.clock_at;
    r->meta.clock_due = g.clock_due;
    memcpy(r->meta.updated, g.updated, sizeof g.updated);
    room_set_names(r); /* the seat's account or guest name */
    room_clock_begin(r, now); /* the last seat taken: the clocks start */
    room_changed(r);
    return true;
}

bool room_claim(Room *r, int seat, const char *invite, AccountId account, const char *name, bool bot,
                char token[TOKEN_LEN + 1], RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    bool ok = false;
    for (int attempt = 0; !(ok = claim_once(r, seat, invite, account, name, bot, token, e)) && room_retry(r, e, attempt);
         attempt++) {
    }
    pthread_mutex_unlock(&r->lock);
    return ok;
}

json_t *room_invitations(Room *r, unsigned seats, RoomError *e)
{
    if (!seats) {
        room_fail(e, 403, "only a player of this game sees its invitations: send your seat token in X-Seat-Token");
        return NULL;
    }
    json_t *list = json_array();
    pthread_mutex_lock(&r->lock);
    for (int p = 0; p < r->meta.num_seats; p++) {
        const StoredSeat *st = &r->meta.seats[p];
        if (st->kind == SEAT_HUMAN && !st->claimed && st->invite[0]) {
            char path[64];
            snprintf(path, sizeof path, "/join/%s", st->invite);
            json_array_append_new(list, json_pack("{s:i,s:s,s:s}", "seat", p + 1, "code", st->invite, "path", path));
        }
    }
    pthread_mutex_unlock(&r->lock);
    return list;
}
