#include "room.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/utf8.h"
#include "../front/explain.h"
#include "../front/game_json.h"
#include "../front/record.h"
#include "json_text.h"
#include "server.h"

/* The chance stream of hints, apart from the session's own streams
 * (the terminal client uses the same number for its hints). */
enum { STREAM_HINT = 3 };

static void fail(RoomError *e, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void fail(RoomError *e, int status, const char *fmt, ...)
{
    e->status = status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
}

void room_describe(const State *s, Action a, const Voice *v, StrBuf *out)
{
    state_describe(s, a, v, out);
}

/* room_action_text with scratch buffers for the text and the sentence. */
static void action_text_with(const GameView *view, const State *s, Action a, const Voice *v, StrBuf *out,
                             StrBuf *text, StrBuf *words)
{
    sb_clear(text);
    sb_clear(words);
    state_action_text(s, a, text);
    room_describe(s, a, v, words);
    sb_puts(out, "{\"action\":");
    sb_json_string(out, sb_str(text));
    sb_puts(out, ",\"text\":");
    sb_json_string(out, sb_str(words));
    view->action_fields(s, a, out);
    sb_putc(out, '}');
}

void room_action_text(const GameView *view, const State *s, Action a, const Voice *v, StrBuf *out)
{
    StrBuf text = STRBUF_INIT, words = STRBUF_INIT;
    action_text_with(view, s, a, v, out, &text, &words);
    sb_free(&text);
    sb_free(&words);
}

json_t *room_action_json(const GameView *view, const State *s, Action a, const Voice *v)
{
    StrBuf out = STRBUF_INIT;
    room_action_text(view, s, a, v, &out);
    json_t *obj = json_loads(sb_str(&out), 0, NULL);
    sb_free(&out);
    return obj;
}

/* ---- the log of actions in words ---- */

static void log_truncate(Room *r, int n)
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
static void history_sync(Room *r)
{
    int count = r->session->count;
    for (; r->history_count < count; r->history_count++) {
        if (r->history_count)
            sb_putc(&r->history, ',');
        sb_puts(&r->history, r->log[r->history_count].json ? r->log[r->history_count].json : "null");
    }
}

void room_log_entry(const GameView *view, const State *before, Action a, const char *text, int player, int index,
                    const Voice *v, StrBuf *out)
{
    StrBuf words = STRBUF_INIT;
    room_describe(before, a, v, &words);
    Marks *m = malloc(sizeof *m);
    state_action_marks(before, a, m);
    json_t *marks = marks_to_json(m);
    free(m);
    char *marks_text = json_dumps(marks, JSON_COMPACT);
    json_decref(marks);
    sb_printf(out, "{\"index\":%d,\"action\":", index);
    sb_json_string(out, text);
    if (player >= 0)
        sb_printf(out, ",\"player\":%d", player + 1);
    else
        sb_puts(out, ",\"player\":null");
    sb_puts(out, ",\"text\":");
    sb_json_string(out, sb_str(&words));
    sb_puts(out, ",\"marks\":");
    sb_puts(out, marks_text ? marks_text : "null");
    view->action_fields(before, a, out);
    sb_putc(out, '}');
    free(marks_text);
    sb_free(&words);
}

/* The session observer: every action applied, with the state before it. */
static void observe(void *ctx, const Session *s, const State *before, Action a, int player, int index)
{
    Room *r = ctx;
    if (index >= r->log_cap) {
        int cap = r->log_cap ? 2 * r->log_cap : 64;
        while (cap <= index)
            cap *= 2;
        r->log = realloc(r->log, (size_t)cap * sizeof *r->log);
        memset(r->log + r->log_cap, 0, (size_t)(cap - r->log_cap) * sizeof *r->log);
        r->log_cap = cap;
    }
    StrBuf entry = STRBUF_INIT;
    room_log_entry(r->view, before, a, s->steps[index].text, player, index, &r->voice, &entry);
    free(r->log[index].json);
    r->log[index].len = entry.len;
    r->log[index].json = strdup(sb_str(&entry));
    sb_free(&entry);
}

/* ---- changes: advance, commit, tell ---- */

static int status_of(const Room *r)
{
    if (session_is_terminal(r->session))
        return STATUS_FINISHED;
    for (int p = 0; p < r->meta.num_seats; p++)
        if (r->meta.seats[p].kind == SEAT_HUMAN && !r->meta.seats[p].claimed)
            return STATUS_WAITING;
    return STATUS_PLAYING;
}

/* The seat that types the chance outcome now, or -1 when the server draws it. */
static int typing_seat(const Room *r)
{
    if (!r->meta.real_dice || !state_is_chance(r->session->state))
        return -1;
    int seat = r->view->roller(r->session->state);
    return seat >= 0 && r->meta.seats[seat].kind == SEAT_HUMAN ? seat : -1;
}

/* Draws the chance outcomes the server draws, until a decision, a person's
 * typed dice or the end. */
static void advance(Room *r)
{
    Session *s = r->session;
    while (state_is_chance(s->state) && typing_seat(r) < 0 && s->count < r->server->cfg.max_actions)
        session_chance_step(s);
}

/* Stores the actions applied since the last commit, with the status and
 * result; on failure the session goes back to what is stored. */
static bool commit(Room *r, RoomError *e)
{
    Session *s = r->session;
    StoredGame g = r->meta;
    g.count = s->count;
    g.status = status_of(r);
    g.version = r->meta.version + 1;
    record_now(g.updated);
    json_t *result = game_result_to_json(s->state);
    g.result = json_is_null(result) ? NULL : json_dumps(result, JSON_COMPACT);
    json_decref(result);
    StoredAction *actions = malloc((size_t)(s->count ? s->count : 1) * sizeof *actions);
    for (int i = 0; i < s->count; i++)
        actions[i] = (StoredAction){s->steps[i].text, s->steps[i].player};
    g.actions = actions;
    char err[ERR_MAX + 128];
    bool ok = r->server->store->ops->append(r->server->store, &g, r->stored, err, sizeof err);
    free(actions);
    if (!ok) {
        free(g.result);
        session_truncate(s, r->stored);
        log_truncate(r, r->stored);
        fail(e, 503, "the game could not be saved, nothing was changed (%s)", err);
        return false;
    }
    free(r->meta.result);
    r->meta.result = g.result;
    r->meta.status = g.status;
    r->meta.version = g.version;
    memcpy(r->meta.updated, g.updated, sizeof g.updated);
    r->stored = s->count;
    return true;
}

static void schedule_ai(Room *r)
{
    if (!r->thinking && !r->queued && !session_is_terminal(r->session) && session_ai_to_move(r->session) &&
        r->session->count < r->server->cfg.max_actions && r->server->pool) {
        r->queued = true;
        ai_pool_push(r->server->pool, r);
    }
}

/* After a committed change: subscribers hear of it, an AI to move thinks. */
static void changed(Room *r)
{
    for (Subscriber *sub = r->subs; sub; sub = sub->next)
        sub->wake(sub->ctx);
    schedule_ai(r);
    if (r->meta.status == STATUS_FINISHED && !r->finish_told) {
        r->finish_told = true;
        server_room_finished(r->server, r->meta.id);
    }
}

/* ---- creation and loading ---- */

static void set_names(Room *r)
{
    r->voice.viewer = -1;
    for (int p = 0; p < r->meta.num_seats; p++) {
        const StoredSeat *seat = &r->meta.seats[p];
        if (seat->kind == SEAT_AI) {
            char level[40];
            snprintf(level, sizeof level, "%.*s", (int)strcspn(seat->ai, ":"), seat->ai);
            snprintf(r->names[p], sizeof r->names[p], "P%d (%s)", p + 1, level);
        } else {
            snprintf(r->names[p], sizeof r->names[p], "P%d", p + 1);
        }
        r->voice.names[p] = r->names[p];
    }
}

static Room *room_alloc(Server *srv)
{
    Room *r = calloc(1, sizeof *r);
    pthread_mutex_init(&r->lock, NULL);
    atomic_init(&r->refs, 1);
    r->server = srv;
    r->head_version = -1;
    r->hint_version = -1;
    return r;
}

static void room_destroy(Room *r)
{
    log_truncate(r, 0);
    free(r->log);
    session_free(r->session);
    stored_game_clear(&r->meta);
    free(r->head);
    sb_free(&r->history);
    free(r->statics);
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
            fail(e, 500, "game %s: its stored options cannot be read", r->meta.id);
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
        fail(e, 422, "%s", err);
        return false;
    }
    if (r->session->game->num_players != r->meta.num_seats) {
        fail(e, 422, "%d seats were given; this game has %d players", r->meta.num_seats,
             r->session->game->num_players);
        return false;
    }
    r->view = view_for(r->meta.game);
    set_names(r);
    session_set_observer(r->session, observe, r);
    return true;
}

Room *room_create(Server *srv, const RoomSpec *spec, char tokens[MAX_PLAYERS][TOKEN_LEN + 1], RoomError *e)
{
    Room *r = room_alloc(srv);
    StoredGame *m = &r->meta;
    const GameOps *ops = game_lookup(spec->game);
    char err[ERR_MAX];
    Game *probe = ops ? game_new(spec->game, &spec->options, err, sizeof err) : NULL;
    if (!probe) {
        fail(e, 422, "%s", ops ? err : "unknown game");
        room_destroy(r);
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
    snprintf(m->rematch_of, sizeof m->rematch_of, "%s", spec->rematch_of ? spec->rematch_of : "");
    bool random_ok = token_random(m->id, GAME_ID_LEN) && token_seed(&m->seed);
    for (int p = 0; random_ok && p < spec->num_seats; p++) {
        StoredSeat *seat = &m->seats[p];
        seat->kind = spec->kind[p];
        if (tokens)
            tokens[p][0] = '\0';
        if (seat->kind == SEAT_AI) {
            snprintf(seat->ai, sizeof seat->ai, "%s", spec->ai[p]);
        } else if (spec->inherited_seats >> p & 1) {
            seat->claimed = true;
            memcpy(seat->token_hash, spec->inherited_hash[p], sizeof seat->token_hash);
        } else if ((spec->creator_seats >> p & 1) && tokens) {
            seat->claimed = true;
            random_ok = token_random(tokens[p], TOKEN_LEN);
            token_hash(tokens[p], seat->token_hash);
        } else {
            random_ok = token_random(seat->invite, INVITE_LEN);
        }
    }
    if (!random_ok) {
        fail(e, 500, "the system gave no random bytes for the game's secrets");
        game_free(probe);
        room_destroy(r);
        return NULL;
    }
    if (!make_session(r, probe, e)) { /* the session owns probe, also on failure */
        room_destroy(r);
        return NULL;
    }
    advance(r);
    record_now(m->created);
    memcpy(m->updated, m->created, sizeof m->created);
    m->status = status_of(r);
    m->version = 1;
    json_t *result = game_result_to_json(r->session->state);
    m->result = json_is_null(result) ? NULL : json_dumps(result, JSON_COMPACT);
    json_decref(result);
    Session *s = r->session;
    StoredAction *actions = malloc((size_t)(s->count ? s->count : 1) * sizeof *actions);
    for (int i = 0; i < s->count; i++)
        actions[i] = (StoredAction){s->steps[i].text, s->steps[i].player};
    m->actions = actions;
    m->count = s->count;
    char serr[ERR_MAX + 128];
    bool ok = srv->store->ops->create(srv->store, m, serr, sizeof serr);
    m->actions = NULL;
    m->count = 0;
    free(actions);
    if (!ok) {
        fail(e, 503, "the game could not be saved (%s)", serr);
        room_destroy(r);
        return NULL;
    }
    r->stored = s->count;
    return r;
}

Room *room_load(Server *srv, StoredGame *g, RoomError *e)
{
    Room *r = room_alloc(srv);
    r->meta = *g;
    r->meta.actions = NULL;
    r->meta.count = 0;
    if (!make_session(r, NULL, e)) {
        for (int i = 0; i < g->count; i++)
            free(g->actions[i].text);
        free(g->actions);
        room_destroy(r);
        return NULL;
    }
    Session *s = r->session;
    bool ok = true;
    for (int i = 0; i < g->count; i++) {
        char err[ERR_MAX];
        if (ok && g->actions[i].player != session_player(s)) {
            fail(e, 500, "game %s: stored action %d '%s' was played by seat %d, but %d is to play", r->meta.id, i,
                 g->actions[i].text, g->actions[i].player + 1, session_player(s) + 1);
            ok = false;
        }
        if (ok && !session_apply_text(s, g->actions[i].text, err, sizeof err)) {
            fail(e, 500, "game %s: stored action %d '%s' does not replay: %s", r->meta.id, i, g->actions[i].text, err);
            ok = false;
        }
        free(g->actions[i].text);
    }
    free(g->actions);
    g->actions = NULL;
    g->count = 0;
    memset(g, 0, sizeof *g); /* the room owns the strings now */
    if (!ok) {
        room_destroy(r);
        return NULL;
    }
    r->stored = s->count;
    r->finish_told = r->meta.status == STATUS_FINISHED; /* server_room tells the server */
    /* Go on where the game was: draw what the server draws, ask an AI again. */
    pthread_mutex_lock(&r->lock);
    int before = s->count;
    advance(r);
    int status = status_of(r);
    if ((s->count > before || status != r->meta.status) && !commit(r, e)) {
        pthread_mutex_unlock(&r->lock);
        room_destroy(r);
        return NULL;
    }
    schedule_ai(r);
    pthread_mutex_unlock(&r->lock);
    return r;
}

/* ---- seats ---- */

unsigned room_seats_of(Room *r, const char *const *tokens, int ntokens)
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
    }
    pthread_mutex_unlock(&r->lock);
    return seats;
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

bool room_claim(Room *r, int seat, const char *invite, char token[TOKEN_LEN + 1], RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    bool ok = false;
    StoredSeat *st = seat >= 0 && seat < r->meta.num_seats ? &r->meta.seats[seat] : NULL;
    if (!st) {
        fail(e, 404, "game %s has no seat %d (it has %d)", r->meta.id, seat + 1, r->meta.num_seats);
    } else if (st->kind != SEAT_HUMAN) {
        fail(e, 409, "seat %d of game %s is an AI's", seat + 1, r->meta.id);
    } else if (st->claimed) {
        fail(e, 409, "seat %d of game %s is already taken", seat + 1, r->meta.id);
    } else if (invite && strcmp(invite, st->invite) != 0) {
        fail(e, 404, "no open seat has this invitation");
    } else if (!token_random(token, TOKEN_LEN)) {
        fail(e, 500, "the system gave no random bytes for the seat token");
    } else {
        StoredSeat saved = *st;
        st->claimed = true;
        st->invite[0] = '\0';
        token_hash(token, st->token_hash);
        StoredGame g = r->meta;
        g.status = status_of(r);
        g.version = r->meta.version + 1;
        g.count = r->stored;
        record_now(g.updated);
        char err[ERR_MAX + 128];
        if (!r->server->store->ops->claim(r->server->store, &g, seat, err, sizeof err)) {
            *st = saved;
            fail(e, strstr(err, "already taken") ? 409 : 503, "%s", err);
        } else {
            r->meta.status = g.status;
            r->meta.version = g.version;
            memcpy(r->meta.updated, g.updated, sizeof g.updated);
            ok = true;
            changed(r);
        }
    }
    pthread_mutex_unlock(&r->lock);
    return ok;
}

json_t *room_invitations(Room *r, unsigned seats, RoomError *e)
{
    if (!seats) {
        fail(e, 403, "only a player of this game sees its invitations: send your seat token in X-Seat-Token");
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

bool room_link_rematch(Room *r, const char *rematch, RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    char err[ERR_MAX + 128];
    bool ok = r->server->store->ops->link_rematch(r->server->store, r->meta.id, rematch, err, sizeof err);
    if (ok) {
        snprintf(r->meta.rematch, sizeof r->meta.rematch, "%s", rematch);
        r->meta.version++;
        changed(r);
    } else {
        fail(e, 503, "%s", err);
    }
    pthread_mutex_unlock(&r->lock);
    return ok;
}

/* ---- actions of people ---- */

/* The seat of seats that may act now (the seat to move, or the one typing
 * dice), or -1 with e. */
static int acting_seat(Room *r, unsigned seats, RoomError *e)
{
    if (!seats) {
        fail(e, 403, "no seat of this game has the token given: send your seat token in the X-Seat-Token header");
        return -1;
    }
    if (session_is_terminal(r->session)) {
        fail(e, 409, "the game is over");
        return -1;
    }
    int p = session_player(r->session);
    if (p == PLAYER_CHANCE)
        p = typing_seat(r);
    if (p >= 0 && (seats >> p & 1))
        return p;
    if (p < 0)
        fail(e, 409, "nobody is to play: the server is drawing chance");
    else if (r->meta.seats[p].kind == SEAT_AI)
        fail(e, 409, "it is P%d's turn (an AI), not yours", p + 1);
    else
        fail(e, 403, "it is P%d's turn, not yours (you hold seat%s %s)", p + 1, __builtin_popcount(seats) > 1 ? "s" : "",
             "given by your token");
    return -1;
}

/* Applies text for seat by the rule every front end shares
 * (session_apply_for_seat: each part the seat's own decision, or in a
 * real-dice game the one roll the seat types), then what follows (chance,
 * commit, subscribers). A refusal of the rules is 422 with the library's
 * reason; a part that is not the seat's to play is 403. */
static bool apply_for_seat(Room *r, int seat, const char *text, RoomError *e)
{
    char err[ERR_MAX];
    bool may_roll = typing_seat(r) == seat;
    if (!session_apply_for_seat(r->session, seat, text, may_roll, err, sizeof err)) {
        StrBuf why = STRBUF_INIT;
        char q[EXCERPT_SIZE];
        if (explain_refusal(r->session->state, text, err, &why))
            fail(e, 422, "illegal action '%s': %s", text_excerpt(text, EXCERPT_MAX, q, sizeof q), sb_str(&why));
        else
            fail(e, explain_rules_error(err) ? 422 : 403, "%s", err);
        sb_free(&why);
        return false;
    }
    advance(r);
    if (!commit(r, e))
        return false;
    changed(r);
    return true;
}

bool room_act(Room *r, unsigned seats, const char *text, int64_t version, RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    bool ok = false;
    int seat = -1;
    if (version >= 0 && version != r->meta.version)
        fail(e, 409, "the game has moved on: version %lld was expected, it is now %lld (reload the state)",
             (long long)version, (long long)r->meta.version);
    else if (r->thinking)
        fail(e, 409, "an AI is thinking; wait for its move");
    else if (r->session->count >= r->server->cfg.max_actions)
        fail(e, 409, "the game has reached the server's limit of %d actions", r->server->cfg.max_actions);
    else if ((seat = acting_seat(r, seats, e)) >= 0)
        ok = apply_for_seat(r, seat, text, e);
    pthread_mutex_unlock(&r->lock);
    return ok;
}

bool room_resign(Room *r, unsigned seats, RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    bool ok = false;
    int seat;
    if (r->thinking)
        fail(e, 409, "an AI is thinking; resign on your turn");
    else if ((seat = acting_seat(r, seats, e)) >= 0 && state_is_chance(r->session->state))
        fail(e, 409, "roll your dice first: a player resigns on their turn to decide");
    else if (seat >= 0)
        ok = apply_for_seat(r, seat, "resign", e);
    pthread_mutex_unlock(&r->lock);
    return ok;
}

bool room_undo(Room *r, unsigned seats, RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    Session *s = r->session;
    bool ok = false;
    int last = s->count - 1;
    while (last >= 0 && (s->steps[last].player < 0 || s->seats[s->steps[last].player].is_ai))
        last--;
    char why[ERR_MAX];
    if (!seats) {
        fail(e, 403, "no seat of this game has the token given: send your seat token in the X-Seat-Token header");
    } else if (!session_has_ai(s)) {
        fail(e, 409, "undo is only for games against an AI; between people a move stands");
    } else if (r->thinking) {
        fail(e, 409, "an AI is thinking; undo once it has moved");
    } else if (session_is_terminal(s)) {
        fail(e, 409, "the game is over");
    } else if (last >= 0 && !(seats >> s->steps[last].player & 1)) {
        fail(e, 403, "the last decision of a person is P%d's; only P%d can take it back", s->steps[last].player + 1,
             s->steps[last].player + 1);
    } else {
        /* Kept to put back if the store refuses the undo. */
        int before = s->count;
        char **undone = malloc((size_t)before * sizeof *undone);
        for (int i = 0; i < before; i++)
            undone[i] = strdup(s->steps[i].text);
        int removed = session_undo_person(s, why, sizeof why);
        if (!removed) {
            fail(e, 409, "%s", why);
        } else {
            StoredGame g = r->meta;
            g.count = s->count;
            g.status = status_of(r);
            g.version = r->meta.version + 1;
            g.undo_low = r->meta.undo_low < 0 || s->count < r->meta.undo_low ? s->count : r->meta.undo_low;
            record_now(g.updated);
            char err[ERR_MAX + 128];
            if (!r->server->store->ops->truncate(r->server->store, &g, err, sizeof err)) {
                s->replaying = true; /* the log still has these actions */
                for (int i = s->count; i < before; i++) {
                    char aerr[ERR_MAX];
                    session_apply_text(s, undone[i], aerr, sizeof aerr);
                }
                s->replaying = false;
                fail(e, 503, "the undo could not be saved, nothing was changed (%s)", err);
            } else {
                log_truncate(r, s->count);
                r->stored = s->count;
                r->meta.status = g.status;
                r->meta.version = g.version;
                r->meta.undo_low = g.undo_low;
                memcpy(r->meta.updated, g.updated, sizeof g.updated);
                r->epoch++;
                ok = true;
                changed(r);
            }
        }
        for (int i = 0; i < before; i++)
            free(undone[i]);
        free(undone);
    }
    pthread_mutex_unlock(&r->lock);
    return ok;
}

/* ---- AI seats ---- */

void room_kick(Room *r)
{
    pthread_mutex_lock(&r->lock);
    schedule_ai(r);
    pthread_mutex_unlock(&r->lock);
}

void room_ai_turn(Room *r)
{
    pthread_mutex_lock(&r->lock);
    r->queued = false;
    Session *s = r->session;
    Ai *ai = session_ai_to_move(s);
    if (!ai || r->thinking || s->count >= r->server->cfg.max_actions) {
        pthread_mutex_unlock(&r->lock);
        return;
    }
    State *copy = state_clone(s->state);
    int count = s->count;
    r->thinking = true;
    r->think_version = r->meta.version;
    pthread_mutex_unlock(&r->lock);

    /* Nothing changes the session while thinking: people's actions, undo
     * and resign wait (409), claims do not touch the session. */
    Action a = ai_choose(ai, copy, NULL);

    pthread_mutex_lock(&r->lock);
    r->thinking = false;
    char err[ERR_MAX];
    RoomError e;
    if (s->count != count) {
        /* cannot happen (see above); the next change schedules again */
    } else if (!session_apply(s, a, err, sizeof err)) {
        fprintf(stderr, "morph serve: game %s: the AI of seat %d chose an illegal action: %s\n", r->meta.id,
                session_player(s) + 1, err);
    } else {
        advance(r);
        if (commit(r, &e))
            changed(r);
        else
            fprintf(stderr, "morph serve: game %s: %s\n", r->meta.id, e.message);
    }
    /* a failed commit leaves the AI to move: try again later on the next change */
    pthread_mutex_unlock(&r->lock);
    state_free(copy);
}

/* ---- hint ---- */

/* The hint answer: the decision to make now as a legal action (its text,
 * sentence and fields), the plan of the turn, the advice in words with the
 * chance it rests on and the square or point it aims at, and the AI's
 * technical detail (docs/web-api.md). */
static char *hint_json(Room *r, const State *s, const AiAdvice *advice, const char *spec, int64_t version)
{
    json_t *hint = room_action_json(r->view, s, advice->action, &r->voice);
    json_t *plan = json_array();
    State *work = state_clone(s);
    StrBuf text = STRBUF_INIT;
    for (int i = 0; i < advice->plan_len; i++) {
        sb_clear(&text);
        state_action_text(work, advice->plan[i], &text);
        json_array_append_new(plan, json_text(sb_str(&text)));
        state_apply(work, advice->plan[i]);
    }
    state_free(work);
    sb_free(&text);
    json_t *cell = json_null();
    Marks *m = malloc(sizeof *m);
    state_marks(s, m);
    if (advice->cell >= 0 && m->width > 0) {
        char name[4];
        cell_name(advice->cell % m->width, advice->cell / m->width, name);
        cell = json_string(name);
    }
    free(m);
    json_object_set_new(hint, "plan", plan);
    json_object_set_new(hint, "words", json_text(sb_str(&advice->words)));
    json_object_set_new(hint, "chance", advice->chance >= 0 ? json_real(advice->chance) : json_null());
    json_object_set_new(hint, "cell", cell);
    json_object_set_new(hint, "ai", json_string(spec));
    json_object_set_new(hint, "detail", json_text(sb_str(&advice->detail)));
    json_object_set_new(hint, "version", json_integer(version));
    char *out = json_dumps(hint, JSON_COMPACT);
    json_decref(hint);
    return out;
}

char *room_hint(Room *r, unsigned seats, RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    Session *s = r->session;
    int seat = -1;
    if (!session_has_ai(s)) {
        fail(e, 409, "hints are for games against an AI");
    } else if (r->thinking) {
        fail(e, 409, "an AI is thinking; ask for a hint on your turn");
    } else if ((seat = acting_seat(r, seats, e)) >= 0 && state_is_chance(s->state)) {
        fail(e, 409, "roll your dice first; a hint is for a decision");
        seat = -1;
    }
    if (seat < 0) {
        pthread_mutex_unlock(&r->lock);
        return NULL;
    }
    if (r->hint_cache && r->hint_version == r->meta.version) {
        char *copy = strdup(r->hint_cache);
        pthread_mutex_unlock(&r->lock);
        return copy;
    }
    char spec[64];
    if (strcmp(r->meta.game, "morpyam") == 0)
        snprintf(spec, sizeof spec, "expert");
    else
        snprintf(spec, sizeof spec, "mcts:ms=%d", r->server->cfg.hint_ms);
    State *copy = state_clone(s->state);
    int64_t version = r->meta.version;
    uint64_t seed = seed_derive(s->seed, STREAM_HINT, (uint64_t)s->count);
    const Game *game = s->game;
    /* The game (rules and options) lives as long as the room, which the
     * caller holds a reference to. */
    pthread_mutex_unlock(&r->lock);

    pthread_mutex_lock(&r->server->hint_lock);
    char err[ERR_MAX];
    char *text = NULL;
    Ai *ai = ai_new(spec, game, seed, err, sizeof err);
    if (!ai) {
        fail(e, 500, "hint: %s", err);
    } else {
        AiAdvice advice;
        ai_advise(ai, copy, &r->voice, &advice);
        text = hint_json(r, copy, &advice, spec, version);
        ai_advice_free(&advice);
        ai_free(ai);
    }
    pthread_mutex_unlock(&r->server->hint_lock);
    state_free(copy);
    if (text) {
        pthread_mutex_lock(&r->lock);
        if (r->meta.version == version) {
            free(r->hint_cache);
            r->hint_cache = strdup(text);
            r->hint_version = version;
        }
        pthread_mutex_unlock(&r->lock);
    }
    return text;
}

/* ---- state JSON ---- */

static json_t *seats_json(const Room *r)
{
    json_t *list = json_array();
    for (int p = 0; p < r->meta.num_seats; p++) {
        const StoredSeat *st = &r->meta.seats[p];
        json_t *seat = json_pack("{s:i,s:s,s:s}", "seat", p + 1, "kind", st->kind == SEAT_AI ? "ai" : "human", "name",
                                 r->names[p]);
        if (st->kind == SEAT_AI) {
            char level[40];
            snprintf(level, sizeof level, "%.*s", (int)strcspn(st->ai, ":"), st->ai);
            json_object_set_new(seat, "level", json_string(level));
            json_object_set_new(seat, "ai", json_string(st->ai));
        } else {
            json_object_set_new(seat, "claimed", json_boolean(st->claimed));
        }
        json_array_append_new(list, seat);
    }
    return list;
}

static json_t *result_json(const Room *r)
{
    const State *st = r->session->state;
    json_t *result = game_result_to_json(st);
    if (json_is_object(result)) {
        StrBuf words = STRBUF_INIT;
        state_describe_result(st, &r->voice, &words);
        json_object_set_new(result, "text", json_string(sb_str(&words)));
        sb_free(&words);
    }
    return result;
}

/* The public state (the same for every viewer) without the history: the
 * head text {...}, rebuilt once per version. The legal actions, one
 * sentence each, are written as text (the hot path of a move). */
static void build_head(Room *r)
{
    const Session *s = r->session;
    const State *st = s->state;
    json_error_t jerr;
    int player = state_player(st);
    json_t *chance = json_null();
    if (player == PLAYER_CHANCE) {
        int seat = typing_seat(r);
        chance = json_pack("{s:o,s:i}", "seat", seat >= 0 ? json_integer(seat + 1) : json_null(), "dice",
                           r->view->dice_to_roll(st));
    }
    Marks *m = malloc(sizeof *m);
    state_marks(st, m);
    json_t *marks = marks_to_json(m);
    free(m);
    json_t *obj = json_pack(
        "{s:s,s:s,s:o,s:s,s:b,s:s,s:I,s:s,s:s,s:o,s:o,s:o,s:i,s:o,s:o,s:b,s:o,s:o,s:o}", "id", r->meta.id, "game",
        r->meta.game, "options", json_loads(r->meta.options, 0, &jerr), "dice", r->meta.real_dice ? "real" : "auto",
        "listed", r->meta.listed, "status", status_name(r->meta.status), "version", (json_int_t)r->meta.version,
        "created", r->meta.created, "updated", r->meta.updated, "rematch_of",
        r->meta.rematch_of[0] ? json_string(r->meta.rematch_of) : json_null(), "rematch",
        r->meta.rematch[0] ? json_string(r->meta.rematch) : json_null(), "seats", seats_json(r), "count", s->count,
        "to_move", player >= 0 ? json_integer(player + 1) : json_null(), "chance", chance, "thinking", r->thinking,
        "board", r->view->board(st), "marks", marks, "result", result_json(r));
    char *dumped = json_dumps(obj, JSON_COMPACT);
    json_decref(obj);
    StrBuf sb = STRBUF_INIT;
    sb_puts(&sb, dumped);
    free(dumped);
    sb.data[--sb.len] = '\0'; /* the closing brace comes last */
    sb_puts(&sb, ",\"legal\":[");
    if (player >= 0) {
        Action actions[MAX_ACTIONS];
        int n = state_legal_actions(st, actions);
        StrBuf text = STRBUF_INIT, words = STRBUF_INIT;
        for (int i = 0; i < n; i++) {
            if (i)
                sb_putc(&sb, ',');
            action_text_with(r->view, st, actions[i], &r->voice, &sb, &text, &words);
        }
        sb_free(&text);
        sb_free(&words);
    }
    sb_puts(&sb, "],\"last\":");
    sb_puts(&sb, s->count > 0 && r->log[s->count - 1].json ? r->log[s->count - 1].json : "null");
    sb_putc(&sb, '}');
    free(r->head);
    r->head = sb.data;
    r->head_len = sb.len;
}

/* The head of the current version. */
static void fresh_head(Room *r)
{
    int64_t key = r->meta.version * 2 + r->thinking;
    if (!r->head || r->head_version != key) {
        build_head(r);
        r->head_version = key;
    }
    history_sync(r);
}

/* Appends the public state with its history to out. */
static void put_state(Room *r, StrBuf *out)
{
    fresh_head(r);
    /* head without its closing brace, then the history */
    char *head = r->head;
    head[r->head_len - 1] = '\0';
    sb_puts(out, head);
    head[r->head_len - 1] = '}';
    sb_puts(out, ",\"history\":[");
    sb_puts(out, sb_str(&r->history));
    sb_puts(out, "]}");
}

static const char *statics(Room *r)
{
    if (r->statics)
        return r->statics;
    const Game *g = r->session->game;
    LegendEntry entries[LEGEND_MAX];
    int n = g->ops->legend(g, entries);
    StrBuf rules = STRBUF_INIT;
    g->ops->rules(g, &rules);
    json_t *obj = json_pack("{s:o,s:s}", "legend", legend_to_json(entries, n), "rules", sb_str(&rules));
    char *text = json_dumps(obj, JSON_COMPACT);
    json_decref(obj);
    sb_free(&rules);
    text[strlen(text) - 1] = '\0';
    text[0] = ',';
    r->statics = text;
    return text;
}

char *room_state_json(Room *r, unsigned viewer, bool full)
{
    pthread_mutex_lock(&r->lock);
    fresh_head(r);
    /* One allocation of the whole answer: it can be tens of kilobytes. */
    StrBuf sb = STRBUF_INIT;
    const char *statics_text = full ? statics(r) : "";
    char *data = malloc(r->head_len + r->history.len + strlen(statics_text) + 160);
    sb.data = data;
    sb.cap = r->head_len + r->history.len + strlen(statics_text) + 160;
    sb.data[0] = '\0';
    put_state(r, &sb);
    sb.data[--sb.len] = '\0';
    sb_puts(&sb, statics_text);
    sb_puts(&sb, ",\"viewer\":{\"seats\":[");
    for (int p = 0, k = 0; p < r->meta.num_seats; p++)
        if (viewer >> p & 1)
            sb_printf(&sb, "%s%d", k++ ? "," : "", p + 1);
    int player = session_player(r->session);
    if (player == PLAYER_CHANCE)
        player = typing_seat(r);
    sb_printf(&sb, "],\"to_act\":%s}}", player >= 0 && (viewer >> player & 1) && !r->thinking ? "true" : "false");
    pthread_mutex_unlock(&r->lock);
    return sb.data;
}

/* ---- record ---- */

json_t *room_record(Room *r, RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    json_t *doc = NULL;
    bool hides_future = !session_is_terminal(r->session) && !r->meta.real_dice && strcmp(r->meta.game, "morpyam") == 0;
    if (hides_future)
        fail(e, 409, "the record of a game with dice drawn by the server is available once the game is over "
                     "(its seed tells the dice to come)");
    else
        doc = record_from_session(r->session, r->meta.created);
    pthread_mutex_unlock(&r->lock);
    return doc;
}

/* ---- live stream ---- */

void room_subscribe(Room *r, Subscriber *sub, long after)
{
    pthread_mutex_lock(&r->lock);
    int count = r->session->count;
    sub->epoch = r->epoch;
    sub->version_sent = -1;
    if (after < -1 || after + 1 > count || (r->meta.undo_low >= 0 && after >= r->meta.undo_low))
        /* Nothing to replay, or the reader may have seen actions an undo
         * took back: the state (with the whole history) says it all. */
        sub->next_index = count;
    else
        sub->next_index = (int)after + 1;
    sub->next = r->subs;
    r->subs = sub;
    r->nsubs++;
    pthread_mutex_unlock(&r->lock);
}

void room_unsubscribe(Room *r, Subscriber *sub)
{
    pthread_mutex_lock(&r->lock);
    for (Subscriber **p = &r->subs; *p; p = &(*p)->next)
        if (*p == sub) {
            *p = sub->next;
            r->nsubs--;
            break;
        }
    pthread_mutex_unlock(&r->lock);
}

/* One SSE event: id, event name and one data line (JSON has no newline). */
static void sse_event(StrBuf *out, long id, const char *event, const char *data)
{
    sb_printf(out, "id: %ld\nevent: %s\ndata: %s\n\n", id, event, data);
}

bool room_stream_fill(Room *r, Subscriber *sub, StrBuf *out)
{
    size_t start = out->len;
    int count = r->session->count;
    if (sub->epoch != r->epoch) {
        sub->epoch = r->epoch;
        if (sub->next_index > count)
            sub->next_index = count;
        char data[96];
        snprintf(data, sizeof data, "{\"count\":%d,\"version\":%lld}", count, (long long)r->meta.version);
        sse_event(out, count - 1, "undo", data);
    }
    if (sub->next_index > count)
        sub->next_index = count;
    for (; sub->next_index < count; sub->next_index++) {
        const char *entry = r->log[sub->next_index].json;
        StrBuf data = STRBUF_INIT;
        sb_puts(&data, entry ? entry : "{}");
        data.data[--data.len] = '\0';
        sb_printf(&data, ",\"version\":%lld}", (long long)r->meta.version);
        sse_event(out, sub->next_index, "action", sb_str(&data));
        sb_free(&data);
    }
    int64_t key = r->meta.version * 2 + r->thinking;
    if (sub->version_sent != key) {
        sub->version_sent = key;
        sb_printf(out, "id: %d\nevent: state\ndata: ", count - 1);
        put_state(r, out);
        sb_puts(out, "\n\n");
    }
    return out->len > start;
}
