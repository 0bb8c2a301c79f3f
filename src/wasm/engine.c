/* The engine of the page (engine.h): games as Sessions, their positions and
 * entries in the server's JSON, people's actions by the server's rule.
 * engine_game.c makes and loads games; engine_selfplay.c plays them for
 * the tests. */
#include "engine_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/xalloc.h"
#include "../front/explain.h"
#include "../front/json_text.h"
#include "../front/record.h"

static char last_error[ERR_MAX + 128];

const char *engine_error(void)
{
    return last_error;
}

void *engine_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return NULL;
}

/* ---- the log of entries, kept as the session is told of each action ---- */

static void observe(void *ctx, const Session *s, const State *before, Action a, int player, int index)
{
    Engine *e = ctx;
    if (index >= e->log_cap) {
        int cap = e->log_cap ? 2 * e->log_cap : 64;
        while (cap <= index)
            cap *= 2;
        e->log = xrealloc(e->log, (size_t)cap * sizeof *e->log);
        memset(e->log + e->log_cap, 0, (size_t)(cap - e->log_cap) * sizeof *e->log);
        e->log_cap = cap;
    }
    StrBuf entry = STRBUF_INIT;
    view_entry(e->view, before, a, s->steps[index].text, player, index, &e->voice, &entry);
    free(e->log[index]);
    e->log[index] = entry.data ? entry.data : xstrdup("null");
}

void engine_log_truncate(Engine *e, int n)
{
    for (int i = n; i < e->log_cap && e->log[i]; i++) {
        free(e->log[i]);
        e->log[i] = NULL;
    }
}

void engine_watch(Engine *e)
{
    session_set_observer(e->s, observe, e);
}

void engine_close(Engine *e)
{
    if (!e)
        return;
    engine_log_truncate(e, 0);
    free(e->log);
    session_free(e->s);
    free(e);
}

/* ---- reading ---- */

static int typing_seat(const Engine *e)
{
    const State *st = e->s->state;
    if (!e->real_dice || !state_is_chance(st))
        return 0;
    int seat = e->view->roller(st);
    return seat >= 0 && !(e->ai_seats >> seat & 1) && !e->s->seats[seat].is_ai ? seat + 1 : 0;
}

void engine_put_position(Engine *e, StrBuf *out)
{
    sb_printf(out, "{\"count\":%d", e->s->count);
    view_position(e->view, e->s->state, &e->voice, typing_seat(e), out);
    sb_putc(out, '}');
}


/* Appends [entries from .. to - 1]. */
static void put_entries(const Engine *e, int from, int to, StrBuf *out)
{
    sb_putc(out, '[');
    for (int i = from; i < to; i++) {
        if (i > from)
            sb_putc(out, ',');
        sb_puts(out, i < e->log_cap && e->log[i] ? e->log[i] : "null");
    }
    sb_putc(out, ']');
}

void engine_put_history(Engine *e, StrBuf *out)
{
    put_entries(e, 0, e->s->count, out);
}

/* What put writes of e, as a new string; NULL without a game. */
static char *written(Engine *e, void (*put)(Engine *, StrBuf *))
{
    if (!e)
        return engine_fail("no game");
    StrBuf out = STRBUF_INIT;
    put(e, &out);
    return out.data;
}

char *engine_position(Engine *e)
{
    return written(e, engine_put_position);
}

char *engine_history(Engine *e)
{
    return written(e, engine_put_history);
}

/* ---- acting ---- */

static char *refused(int status, const char *message)
{
    StrBuf out = STRBUF_INIT;
    sb_puts(&out, "{\"error\":");
    sb_json_string(&out, message);
    sb_printf(&out, ",\"status\":%d}", status);
    return out.data;
}

static char *entries_since(const Engine *e, int from)
{
    StrBuf out = STRBUF_INIT;
    sb_puts(&out, "{\"entries\":");
    put_entries(e, from, e->s->count, &out);
    sb_putc(&out, '}');
    return out.data;
}

/* Applies text (engine_play), leaving the refusal's status and message. */
static int apply(Engine *e, int seat, const char *text, char *msg, size_t msglen)
{
    if (seat == 0)
        return session_apply_text(e->s, text, msg, msglen) ? 0 : 422;
    if (seat < 0 || seat > e->s->game->num_players) {
        snprintf(msg, msglen, "seat %d is not a seat of this game", seat);
        return 403;
    }
    return explain_apply_for_seat(e->s, seat - 1, text, typing_seat(e) == seat, msg, msglen);
}

char *engine_play(Engine *e, int seat, const char *text)
{
    if (!e || !text)
        return engine_fail("no game or no text");
    char msg[ERR_MAX + 128];
    int from = e->s->count;
    int status = apply(e, seat, text, msg, sizeof msg);
    return status ? refused(status, msg) : entries_since(e, from);
}

char *engine_check(Engine *e, int seat, const char *text)
{
    if (!e || !text)
        return engine_fail("no game or no text");
    char msg[ERR_MAX + 128];
    int from = e->s->count;
    int status = apply(e, seat, text, msg, sizeof msg);
    if (status)
        return refused(status, msg);
    char *answer = entries_since(e, from);
    session_truncate(e->s, from); /* replays the history before it: nothing was played */
    engine_log_truncate(e, from);
    return answer;
}

char *engine_why(Engine *e, const char *text)
{
    if (!e || !text)
        return engine_fail("no game or no text");
    StrBuf why = STRBUF_INIT, out = STRBUF_INIT;
    bool refused = state_why_not(e->s->state, text, &why);
    sb_printf(&out, "{\"legal\":%s,\"why\":", refused ? "false" : "true");
    if (refused)
        sb_json_string(&out, sb_str(&why));
    else
        sb_puts(&out, "null");
    sb_puts(&out, "}");
    sb_free(&why);
    return out.data;
}

char *engine_step(Engine *e)
{
    if (!e)
        return engine_fail("no game");
    Session *s = e->s;
    int from = s->count;
    char err[ERR_MAX];
    if (session_is_terminal(s))
        return refused(409, "the game is over");
    if (state_is_chance(s->state)) {
        if (typing_seat(e))
            return refused(409, "the dice are typed by the seat that rolls them");
        session_chance_step(s);
    } else if (session_ai_to_move(s)) {
        Action a;
        if (!session_ai_choose(s, &a, NULL, err, sizeof err) || !session_apply(s, a, err, sizeof err))
            return refused(409, err);
    } else {
        char name[8];
        snprintf(err, sizeof err, "%s is to decide", voice_name(&e->voice, session_player(s), name));
        return refused(409, err);
    }
    return entries_since(e, from);
}

char *engine_undo(Engine *e)
{
    if (!e)
        return engine_fail("no game");
    char why[ERR_MAX];
    int removed = session_undo_person(e->s, why, sizeof why);
    if (!removed)
        return refused(409, why);
    engine_log_truncate(e, e->s->count);
    StrBuf out = STRBUF_INIT;
    sb_printf(&out, "{\"removed\":%d,\"count\":%d}", removed, e->s->count);
    return out.data;
}

char *engine_record(Engine *e, const char *created)
{
    if (!e)
        return engine_fail("no game");
    json_t *doc = record_from_session(e->s, created && *created ? created : NULL);
    char *text = json_dumps(doc, JSON_COMPACT);
    json_decref(doc);
    return text;
}

char *engine_rules(Engine *e)
{
    if (!e)
        return engine_fail("no game");
    const Game *g = e->s->game;
    LegendEntry entries[LEGEND_MAX];
    int n = g->ops->legend(g, entries);
    StrBuf rules = STRBUF_INIT;
    g->ops->rules(g, &rules);
    json_t *obj = json_pack("{s:s,s:o}", "rules", sb_str(&rules), "legend", legend_to_json(entries, n));
    sb_free(&rules);
    char *text = json_dumps(obj, JSON_COMPACT);
    json_decref(obj);
    return text;
}
