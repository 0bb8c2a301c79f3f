/* Creation and loading of rooms: the session of a new game (seats, seed,
 * tokens, the first chance drawn) or of a stored one (its actions replayed
 * through the rules), the seats' names, and the game's meta. The top of a
 * room: it calls the clock, the commit and the AI to move. */

#include "room_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../front/game_json.h"
#include "../../front/record.h"
#include "../../core/xalloc.h"
#include "../../games/registry.h"

static Room *room_alloc(RoomHost *host)
{
    Room *r = xcalloc(1, sizeof *r);
    pthread_mutex_init(&r->lock, NULL);
    atomic_init(&r->refs, 1);
    r->host = host;
    r->head_version = -1;
    r->hint_version = -1;
    r->takeback_by = -1;
    return r;
}

/* The session of meta's game (g, or one made from the stored options when
 * g is NULL; the session owns it), seats and seed, observed by the room. */
static bool make_session(Room *r, Game *g, RoomError *e)
{
    char err[ERR_MAX];
    if (!g) {
        const GameOps *ops = game_lookup(r->meta.game);
        json_error_t jerr;
        json_t *options = json_loads(r->meta.options, 0, &jerr);
        Options opts;
        if (!ops || !options || !game_options_from_json(ops, options, &opts, err, sizeof err) ||
            !(g = game_new(r->meta.game, &opts, err, sizeof err))) {
            json_decref(options);
            room_fail(e, 500, "game %s: its stored options cannot be read", r->meta.id);
            return false;
        }
        json_decref(options);
    }
    char words[MAX_PLAYERS][136];
    const char *players[MAX_PLAYERS];
    for (int p = 0; p < r->meta.num_seats; p++) {
        if (r->meta.seats[p].kind == SEAT_AI)
            snprintf(words[p], sizeof words[p], "ai:%s", r->meta.seats[p].ai);
        else
            strcpy(words[p], "human");
        players[p] = words[p];
    }
    r->session = session_new_game(g, players, r->meta.seed, err, sizeof err);
    if (!r->session) {
        room_fail(e, 422, "%s", err);
        return false;
    }
    if (r->session->game->num_players != r->meta.num_seats) {
        room_fail(e, 422, "%d seats were given; this game has %d players", r->meta.num_seats,
                  r->session->game->num_players);
        return false;
    }
    r->view = view_for(r->meta.game);
    room_set_names(r);
    session_set_observer(r->session, room_observe, r);
    return true;
}

void room_spec_account(RoomSpec *spec, int seat, AccountId id, const char *name, bool bot)
{
    spec->account[seat] = id;
    snprintf(spec->account_name[seat], sizeof spec->account_name[seat], "%s", name);
    spec->account_bot[seat] = bot;
}

Room *room_create(RoomHost *host, const RoomSpec *spec, char tokens[MAX_PLAYERS][TOKEN_LEN + 1], RoomError *e)
{
    Room *r = room_alloc(host);
    StoredGame *m = &r->meta;
    const GameOps *ops = game_lookup(spec->game);
    char err[ERR_MAX];
    Game *probe = ops ? game_new(spec->game, &spec->options, err, sizeof err) : NULL;
    if (!probe) {
        room_fail(e, 422, "%s", ops ? err : "unknown game");
        room_unref(r);
        return NULL;
    }
    json_t *options = game_options_to_json(probe);
    m->options = json_dumps(options, JSON_COMPACT);
    json_decref(options);
    snprintf(m->game, sizeof m->game, "%s", spec->game);
    m->num_seats = spec->num_seats;
    m->real_dice = spec->real_dice;
    m->listed = spec->listed;
    m->undo_low = -1;
    m->rated = spec->rated;
    m->takebacks = spec->takebacks;
    m->clock = spec->clock;
    m->from_challenge = spec->from_challenge;
    snprintf(m->rematch_of, sizeof m->rematch_of, "%s", spec->rematch_of ? spec->rematch_of : "");
    bool random_ok = token_random(m->id, GAME_ID_LEN) && token_seed(&m->seed);
    for (int p = 0; random_ok && p < spec->num_seats; p++) {
        StoredSeat *seat = &m->seats[p];
        seat->kind = spec->kind[p];
        if (tokens)
            tokens[p][0] = '\0';
        seat->account = spec->account[p];
        snprintf(seat->name, sizeof seat->name, "%s", spec->account[p] ? spec->account_name[p] : "");
        seat->bot = spec->account[p] && spec->account_bot[p];
        snprintf(seat->guest, sizeof seat->guest, "%s", spec->account[p] ? "" : spec->guest[p]);
        if (seat->kind == SEAT_AI) {
            snprintf(seat->ai, sizeof seat->ai, "%s", spec->ai[p]);
        } else if (spec->inherited_seats >> p & 1) {
            seat->claimed = true;
            memcpy(seat->token_hash, spec->inherited_hash[p], sizeof seat->token_hash);
        } else if ((spec->creator_seats >> p & 1) && tokens) {
            seat->claimed = true;
            random_ok = token_random(tokens[p], TOKEN_LEN);
            token_hash(tokens[p], seat->token_hash);
        } else if (spec->account[p]) {
            seat->claimed = true; /* held by its account alone (a lobby game's challenger) */
        } else {
            random_ok = token_random(seat->invite, INVITE_LEN);
        }
    }
    if (!random_ok) {
        room_fail(e, 500, "the system gave no random bytes for the game's secrets");
        game_free(probe);
        room_unref(r);
        return NULL;
    }
    if (!make_session(r, probe, e)) { /* the session owns probe, also on failure */
        room_unref(r);
        return NULL;
    }
    room_advance(r);
    record_now(m->created);
    memcpy(m->updated, m->created, sizeof m->created);
    m->status = room_status(r);
    m->version = 1;
    clock_init(&r->clock, &m->clock, m->num_seats);
    room_clock_to_store(r, m, room_host_now(host)); /* a game made whole starts its clock at once */
    json_t *result = game_result_to_json(r->session->state);
    m->result = json_is_null(result) ? NULL : json_dumps(result, JSON_COMPACT);
    json_decref(result);
    Session *s = r->session;
    StoredAction *actions = xmalloc((size_t)(s->count ? s->count : 1) * sizeof *actions);
    for (int i = 0; i < s->count; i++)
        actions[i] = (StoredAction){s->steps[i].text, s->steps[i].player};
    m->actions = actions;
    m->count = s->count;
    m->ai_to_move = room_ai_pending(r);
    char serr[ERR_MAX + 128];
    bool ok = host->store->ops->create(host->store, m, serr, sizeof serr);
    m->actions = NULL;
    m->count = 0;
    m->from_challenge = NULL;
    free(actions);
    if (!ok) {
        if (strstr(serr, "already has a rematch") || strstr(serr, "challenge was taken"))
            room_fail(e, 409, "%s", serr); /* another request made it first */
        else
            room_fail(e, 503, "the game could not be saved (%s)", serr);
        room_unref(r);
        return NULL;
    }
    r->stored = s->count;
    r->ai_work_mine = m->ai_to_move;
    room_clock_begin(r, room_host_now(host)); /* a game made whole (the lobby's) starts at once */
    return r;
}

Room *room_load(RoomHost *host, StoredGame *g, RoomError *e)
{
    Room *r = room_alloc(host);
    r->meta = *g;
    r->meta.actions = NULL;
    r->meta.count = 0;
    if (!make_session(r, NULL, e)) {
        for (int i = 0; i < g->count; i++)
            free(g->actions[i].text);
        free(g->actions);
        room_unref(r);
        return NULL;
    }
    Session *s = r->session;
    bool ok = true;
    for (int i = 0; i < g->count; i++) {
        char err[ERR_MAX];
        Action leave;
        /* a leave ("resign 2", "timeout 2") is the leaver's, whoever is to play */
        int expected = leave_parse(g->actions[i].text, s->game->num_players, &leave, err, sizeof err) > 0
                           ? leave_player(leave)
                           : session_player(s);
        if (ok && g->actions[i].player != expected) {
            room_fail(e, 500, "game %s: stored action %d '%s' was played by seat %d, but %d is to play", r->meta.id, i,
                      g->actions[i].text, g->actions[i].player + 1, expected + 1);
            ok = false;
        }
        if (ok && !session_apply_text(s, g->actions[i].text, err, sizeof err)) {
            room_fail(e, 500, "game %s: stored action %d '%s' does not replay: %s", r->meta.id, i, g->actions[i].text,
                      err);
            ok = false;
        }
        free(g->actions[i].text);
    }
    free(g->actions);
    g->actions = NULL;
    g->count = 0;
    memset(g, 0, sizeof *g); /* the room owns the strings now */
    if (!ok) {
        room_unref(r);
        return NULL;
    }
    r->stored = s->count;
    room_read_aborted(r);
    r->finish_told = r->meta.status == STATUS_FINISHED; /* its loader knows: it reads the status */
    /* Go on where the game was: draw what the server draws, ask an AI again,
     * and the clock runs again from now with the time each seat had (the
     * time the server was down is not charged). Over a shared store, the
     * server that wrote the game last went on with it (or its work passes to
     * another when it dies), and the clock runs on from when it was charged. */
    if (room_shared(r)) {
        pthread_mutex_lock(&r->lock);
        room_clock_from_store(r, room_host_now(host));
        pthread_mutex_unlock(&r->lock);
        return r;
    }
    pthread_mutex_lock(&r->lock);
    clock_init(&r->clock, &r->meta.clock, r->meta.num_seats);
    if (r->meta.clock.kind != CLOCK_NONE)
        memcpy(r->clock.left_ms, r->meta.clock_left, sizeof r->clock.left_ms);
    room_clock_begin(r, room_host_now(host));
    int before = s->count;
    room_advance(r);
    int status = room_status(r);
    if ((s->count > before || status != r->meta.status) && !room_commit(r, e)) {
        pthread_mutex_unlock(&r->lock);
        room_unref(r);
        return NULL;
    }
    room_schedule_ai(r);
    pthread_mutex_unlock(&r->lock);
    return r;
}

void room_meta(Room *r, StoredGame *out)
{
    pthread_mutex_lock(&r->lock);
    *out = r->meta;
    out->options = NULL;
    out->result = NULL;
    out->actions = NULL;
    out->count = r->session->count;
    pthread_mutex_unlock(&r->lock);
}

void room_set_rematch(Room *r, const char *rematch)
{
    pthread_mutex_lock(&r->lock);
    snprintf(r->meta.rematch, sizeof r->meta.rematch, "%s", rematch);
    r->meta.version++;
    r->full_version = r->meta.version;
    room_changed(r);
    pthread_mutex_unlock(&r->lock);
}
