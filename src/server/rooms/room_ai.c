/* AI seats and hints: a seat's decision thought on a worker thread with the
 * room unlocked, and the strongest AI's advice for a person (ai_advise). */

#include "room_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../front/game_json.h"
#include "../../front/view_json.h"
#include "../../core/xalloc.h"

/* The chance stream of hints, apart from the session's own streams
 * (the terminal client uses the same number for its hints). */
enum { STREAM_HINT = 3 };

/* ---- AI seats ---- */

void room_kick(Room *r)
{
    pthread_mutex_lock(&r->lock);
    room_schedule_ai(r);
    pthread_mutex_unlock(&r->lock);
}

void room_ai_turn(Room *r)
{
    pthread_mutex_lock(&r->lock);
    r->queued = false;
    Session *s = r->session;
    /* seeded for this decision, so that a restarted server plays the same game */
    Ai *ai = r->thinking ? NULL : session_ai_for_decision(s);
    /* Over a shared store, only while this server holds the AI's work. */
    if (!ai || s->count >= r->host->max_actions || (room_shared(r) && !r->ai_work_mine)) {
        pthread_mutex_unlock(&r->lock);
        return;
    }
    State *copy = state_clone(s->state);
    int count = s->count;
    r->thinking = true;
    r->think_version = r->meta.version;
    pthread_mutex_unlock(&r->lock);

    /* Nothing but a resignation changes the session while thinking:
     * people's actions and undo wait (409), claims do not touch the session;
     * a person may resign at any moment, and then the choice is dropped. */
    Action a = ai_choose(ai, copy, NULL);

    pthread_mutex_lock(&r->lock);
    r->thinking = false;
    char err[ERR_MAX];
    RoomError e;
    int epoch = r->meta.epoch;
    for (int attempt = 0;; attempt++) {
        if (s->count != count || r->meta.epoch != epoch) {
            /* Over a shared store another server moved first (it took
             * the work over, or an undo there): its write decided. */
            break;
        } else if (!session_apply(s, a, err, sizeof err)) {
            fprintf(stderr, "morph serve: game %s: the AI of seat %d chose an illegal action: %s\n", r->meta.id,
                    session_player(s) + 1, err);
            break;
        }
        room_advance(r);
        /* with a clock (a person's against the AI), a person's time runs next */
        Clock before = r->clock;
        if (r->clock_on)
            clock_switch(&r->clock, room_clock_seat(r), room_host_now(r->host));
        if (room_commit(r, &e)) {
            room_changed(r);
            break;
        }
        r->clock = before;
        /* A conflict without new actions (a seat claimed on another
         * server) leaves the choice good: catch up and commit it again. */
        if (!room_retry(r, &e, attempt)) {
            /* a failed commit leaves the AI to move: try again later on the next change */
            fprintf(stderr, "morph serve: game %s: %s\n", r->meta.id, e.message);
            break;
        }
    }
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
    json_t *hint = view_action_json(r->view, s, advice->action, &r->voice);
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
    Marks *m = xmalloc(sizeof *m);
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
        room_fail(e, 409, "hints are for games against an AI");
    } else if (room_ai_busy(r)) {
        room_fail(e, 409, "an AI is thinking; ask for a hint on your turn");
    } else if ((seat = room_acting_seat(r, seats, e)) >= 0 && state_is_chance(s->state)) {
        room_fail(e, 409, "roll your dice first; a hint is for a decision");
        seat = -1;
    }
    if (seat < 0) {
        pthread_mutex_unlock(&r->lock);
        return NULL;
    }
    if (r->hint_cache && r->hint_version == r->meta.version) {
        char *copy = xstrdup(r->hint_cache);
        pthread_mutex_unlock(&r->lock);
        return copy;
    }
    char spec[64];
    ai_hint_spec(r->meta.game, r->host->hint_ms, spec, sizeof spec);
    State *copy = state_clone(s->state);
    int64_t version = r->meta.version;
    uint64_t seed = seed_derive(s->seed, STREAM_HINT, (uint64_t)s->count);
    const Game *game = s->game;
    /* The game (rules and options) lives as long as the room, which the
     * caller holds a reference to. */
    pthread_mutex_unlock(&r->lock);

    pthread_mutex_lock(&r->host->hint_lock);
    char err[ERR_MAX];
    char *text = NULL;
    Ai *ai = ai_new(spec, game, seed, err, sizeof err);
    if (!ai) {
        room_fail(e, 500, "hint: %s", err);
    } else {
        AiAdvice advice;
        ai_advise(ai, copy, &r->voice, &advice);
        text = hint_json(r, copy, &advice, spec, version);
        ai_advice_free(&advice);
        ai_free(ai);
    }
    pthread_mutex_unlock(&r->host->hint_lock);
    state_free(copy);
    if (text) {
        pthread_mutex_lock(&r->lock);
        if (r->meta.version == version) {
            free(r->hint_cache);
            r->hint_cache = xstrdup(text);
            r->hint_version = version;
        }
        pthread_mutex_unlock(&r->lock);
    }
    return text;
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

void room_changed(Room *r)
{
    room_wake(r);
    room_schedule_ai(r);
}
