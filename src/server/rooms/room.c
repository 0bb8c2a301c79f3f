/* A room's core: the log of actions in words (the session observer), the
 * order of a change (advance, commit, tell), creation, loading and the
 * game's meta. The rest of the room is in room_*.c (room_internal.h). */

#include "room_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../front/game_json.h"
#include "../../front/record.h"
#include "../base/json_text.h"
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

void room_describe(const State *s, Action a, const Voice *v, StrBuf *out)
{
    state_describe(s, a, v, out);
}

/* room_action_text with scratch buffers for the text and the sentence. */
void room_action_text_with(const GameView *view, const State *s, Action a, const Voice *v, StrBuf *out,
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
    room_action_text_with(view, s, a, v, out, &text, &words);
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

void room_log_entry(const GameView *view, const State *before, Action a, const char *text, int player, int index,
                    const Voice *v, StrBuf *out)
{
    StrBuf words = STRBUF_INIT;
    room_describe(before, a, v, &words);
    Marks *m = xmalloc(sizeof *m);
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
        r->log = xrealloc(r->log, (size_t)cap * sizeof *r->log);
        memset(r->log + r->log_cap, 0, (size_t)(cap - r->log_cap) * sizeof *r->log);
        r->log_cap = cap;
    }
    StrBuf entry = STRBUF_INIT;
    room_log_entry(r->view, before, a, s->steps[index].text, player, index, &r->voice, &entry);
    free(r->log[index].json);
    r->log[index].len = entry.len;
    r->log[index].json = xstrdup(sb_str(&entry));
    sb_free(&entry);
}

/* ---- changes: advance, commit, tell ---- */

int room_status(const Room *r)
{
    if (session_is_terminal(r->session))
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

/* Whether seat has made a decision that is not a resignation or leaving. */
static bool has_moved(const Session *s, int seat)
{
    for (int i = 0; i < s->count; i++)
        if (s->steps[i].player == seat && strcmp(s->steps[i].text, "resign") != 0 &&
            strncmp(s->steps[i].text, "resign ", 7) != 0 && strncmp(s->steps[i].text, "timeout ", 8) != 0)
            return true;
    return false;
}

/* A rated game that ends now moves the ratings of its two accounts, in the
 * same transaction (g->rate_now), unless it was abandoned before both
 * players had moved. */
static void rate_if_ending(const Room *r, StoredGame *g)
{
    const Session *s = r->session;
    if (!r->meta.rated || r->meta.status == STATUS_FINISHED || g->status != STATUS_FINISHED || r->meta.num_seats != 2 ||
        !has_moved(s, 0) || !has_moved(s, 1))
        return;
    GameResult res;
    state_result(s->state, &res);
    int winners = __builtin_popcount(res.winners & 3);
    for (int p = 0; p < 2; p++)
        g->score[p] = winners == 2 ? 0.5 : (res.winners >> p & 1) ? 1 : 0;
    g->rate_now = true;
}

/* Stores the actions applied since the last commit, with the status and
 * result; on failure the session goes back to what is stored. */
bool room_commit(Room *r, RoomError *e)
{
    Session *s = r->session;
    StoredGame g = r->meta;
    g.count = s->count;
    g.status = room_status(r);
    g.version = r->meta.version + 1;
    g.ai_to_move = room_ai_pending(r);
    record_now(g.updated);
    room_clock_to_store(r, &g, room_host_now(r->host));
    rate_if_ending(r, &g);
    json_t *result = game_result_to_json(s->state);
    g.result = json_is_null(result) ? NULL : json_dumps(result, JSON_COMPACT);
    json_decref(result);
    StoredAction *actions = xmalloc((size_t)(s->count ? s->count : 1) * sizeof *actions);
    for (int i = 0; i < s->count; i++)
        actions[i] = (StoredAction){s->steps[i].text, s->steps[i].player};
    g.actions = actions;
    char err[ERR_MAX + 128];
    bool ok = r->host->store->ops->append(r->host->store, &g, r->stored, err, sizeof err);
    free(actions);
    if (!ok) {
        free(g.result);
        session_truncate(s, r->stored);
        room_log_truncate(r, r->stored);
        room_fail_store(e, err, "the game could not be saved, nothing was changed");
        return false;
    }
    r->ai_work_mine = g.ai_to_move;
    free(r->meta.result);
    r->meta.result = g.result;
    r->meta.status = g.status;
    r->meta.version = g.version;
    memcpy(r->meta.clock_left, g.clock_left, sizeof g.clock_left);
    r->meta.clock_at = g.clock_at;
    r->meta.clock_due = g.clock_due;
    memcpy(r->meta.updated, g.updated, sizeof g.updated);
    r->stored = s->count;
    return true;
}

static void ai_job(void *arg)
{
    room_ai_turn(arg);
}

static void ai_job_done(void *arg)
{
    room_unref(arg);
}

void room_schedule_ai(Room *r)
{
    if (!r->thinking && !r->queued && room_ai_pending(r) && r->host->pool && (!room_shared(r) || r->ai_work_mine)) {
        r->queued = true;
        room_ref(r); /* the job's, dropped when it ran or was dropped */
        work_pool_push(r->host->pool, ai_job, ai_job_done, r);
    }
}

static void wake(Room *r, bool elsewhere)
{
    for (Subscriber *sub = r->subs; sub; sub = sub->next)
        sub->wake(sub->ctx);
    for (int p = 0; p < r->meta.num_seats; p++)
        if (r->host->account_changed && r->meta.seats[p].account)
            r->host->account_changed(r->host->ctx, r->meta.seats[p].account, elsewhere);
    if (r->meta.status == STATUS_FINISHED && !r->finish_told) {
        r->finish_told = true;
        if (r->host->finished)
            r->host->finished(r->host->ctx, r);
    }
}

void room_wake(Room *r)
{
    wake(r, true);
}

void room_wake_here(Room *r)
{
    wake(r, false);
}

void room_changed(Room *r)
{
    room_wake(r);
    room_schedule_ai(r);
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
        } else if (seat->name[0]) {
            memcpy(r->names[p], seat->name, sizeof seat->name); /* an account: its name */
        } else {
            snprintf(r->names[p], sizeof r->names[p], "P%d", p + 1);
        }
        r->voice.names[p] = r->names[p];
    }
}

static Room *room_alloc(RoomHost *host)
{
    Room *r = xcalloc(1, sizeof *r);
    pthread_mutex_init(&r->lock, NULL);
    atomic_init(&r->refs, 1);
    r->host = host;
    r->head_version = -1;
    r->hint_version = -1;
    return r;
}

static void room_destroy(Room *r)
{
    room_log_truncate(r, 0);
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
    set_names(r);
    session_set_observer(r->session, observe, r);
    return true;
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
    m->rated = spec->rated;
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
        room_destroy(r);
        return NULL;
    }
    if (!make_session(r, probe, e)) { /* the session owns probe, also on failure */
        room_destroy(r);
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
        room_destroy(r);
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
        room_destroy(r);
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
        room_destroy(r);
        return NULL;
    }
    r->stored = s->count;
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
        room_destroy(r);
        return NULL;
    }
    room_schedule_ai(r);
    pthread_mutex_unlock(&r->lock);
    return r;
}

/* ---- the game's meta ---- */

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
    room_changed(r);
    pthread_mutex_unlock(&r->lock);
}
