/* What clients read of a room: the state JSON (a head rebuilt once per
 * version, the history kept as text) and the record. */

#include "room_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../ai/ai.h"
#include "../../front/game_json.h"
#include "../../front/json_text.h"
#include "../../front/record.h"
#include "../../front/view_json.h"
#include "../../core/xalloc.h"

/* What an AI seat's level does with the opening, in its words (the Casual
 * AI's swap rule), before the game's first move only; else null. */
/* How an AI level treats the first stone, in its words, before the first
 * move (the page says it beforehand); nothing after. */
static void put_opening_words(const Room *r, const char *level, StrBuf *out)
{
    const AiOps *ops = ai_level(level, r->meta.game);
    StrBuf words = STRBUF_INIT;
    if (ops && ops->opening_words && r->session->count == 0)
        ops->opening_words(r->session->game, &words);
    if (words.len)
        sb_json_string(out, sb_str(&words));
    else
        sb_puts(out, "null");
    sb_free(&words);
}

/* Each seat, as JSON text (asked at every answer to a move: written
 * directly, not through jansson); a human seat says whether an undo would
 * take its latest decision back now, or why not (so the page offers Undo
 * only then). */
static void put_seats(Room *r, StrBuf *out)
{
    char why[ERR_MAX];
    int undo = room_undo_seat(r, why, sizeof why);
    sb_putc(out, '[');
    for (int p = 0; p < r->meta.num_seats; p++) {
        const StoredSeat *st = &r->meta.seats[p];
        sb_printf(out, "%s{\"seat\":%d,\"kind\":\"%s\"", p ? "," : "", p + 1, st->kind == SEAT_AI ? "ai" : "human");
        sb_json_field(out, "name", r->names[p]);
        if (st->kind == SEAT_AI) {
            char level[40];
            snprintf(level, sizeof level, "%.*s", (int)strcspn(st->ai, ":"), st->ai);
            sb_json_field(out, "level", level);
            sb_json_field(out, "ai", st->ai);
            sb_puts(out, ",\"opening\":");
            put_opening_words(r, level, out);
        } else {
            sb_printf(out, ",\"claimed\":%s,\"account\":", st->claimed ? "true" : "false");
            if (st->name[0])
                sb_json_string(out, st->name);
            else
                sb_puts(out, "null");
            /* as a profile says it: "BOT" for a bot's account, else null */
            sb_printf(out, ",\"title\":%s,\"can_undo\":%s,\"undo_why\":", st->bot ? "\"BOT\"" : "null",
                      undo == p ? "true" : "false");
            if (undo == p) {
                sb_puts(out, "null");
            } else if (undo >= 0) {
                char line[ROOM_NAME_MAX + 80];
                snprintf(line, sizeof line, "the last decision is %s's: only they can take it back", r->names[undo]);
                sb_json_string(out, line);
            } else {
                sb_json_string(out, why);
            }
        }
        sb_putc(out, '}');
    }
    sb_putc(out, ']');
}

/* An aborted game's position: the rules would go on, the game does not
 * (nobody to move, nothing legal; its result is the room's, room_abort.c). */
static void aborted_position(const Room *r, StrBuf *head)
{
    json_error_t jerr;
    json_t *obj = json_loads(sb_str(head), 0, &jerr), *result = json_loads(r->meta.result, 0, &jerr);
    json_object_set_new(obj, "to_move", json_null());
    json_object_set_new(obj, "chance", json_null());
    json_object_set_new(obj, "legal", json_array());
    json_object_set_new(obj, "result", result ? result : json_null());
    char *text = json_dumps(obj, JSON_COMPACT);
    json_decref(obj);
    sb_clear(head);
    sb_puts(head, text);
    free(text);
}

/* The game's options as compact JSON, made once (they never change). */
static const char *options_text(Room *r)
{
    if (!r->options_text) {
        json_error_t jerr;
        json_t *options = r->meta.options ? json_loads(r->meta.options, 0, &jerr) : NULL;
        r->options_text = options ? json_dumps(options, JSON_COMPACT) : xstrdup("{}");
        json_decref(options);
    }
    return r->options_text;
}

/* The public state (the same for every viewer) without the history: the
 * head text {...}, rebuilt once per version and written as text (the hot
 * path of a move). */
static void build_head(Room *r)
{
    const Session *s = r->session;
    const State *st = s->state;
    StrBuf sb = STRBUF_INIT;
    sb_reserve(&sb, r->head_len + 256); /* about the last version's size */
    sb_puts(&sb, "{\"id\":");
    sb_json_string(&sb, r->meta.id);
    sb_json_field(&sb, "game", r->meta.game);
    sb_puts(&sb, ",\"options\":");
    sb_puts(&sb, options_text(r));
    sb_printf(&sb, ",\"dice\":\"%s\",\"listed\":%s,\"status\":\"%s\",\"version\":%lld",
              r->meta.real_dice ? "real" : "auto", r->meta.listed ? "true" : "false", status_name(r->meta.status),
              (long long)r->meta.version);
    sb_json_field(&sb, "created", r->meta.created);
    sb_json_field(&sb, "updated", r->meta.updated);
    sb_json_field_or_null(&sb, "rematch_of", r->meta.rematch_of[0] ? r->meta.rematch_of : NULL);
    sb_json_field_or_null(&sb, "rematch", r->meta.rematch[0] ? r->meta.rematch : NULL);
    sb_printf(&sb, ",\"count\":%d,\"thinking\":%s,\"rated\":%s", s->count, room_ai_busy(r) ? "true" : "false",
              r->meta.rated ? "true" : "false");
    sb_puts(&sb, ",\"seats\":");
    put_seats(r, &sb);
    /* the position: who moves, the board, marks, result, legal actions */
    view_position(r->view, st, &r->voice, room_typing_seat(r) + 1, &sb);
    sb_puts(&sb, ",\"last\":");
    sb_puts(&sb, s->count > 0 && r->log[s->count - 1].json ? r->log[s->count - 1].json : "null");
    sb_putc(&sb, '}');
    if (r->aborted)
        aborted_position(r, &sb);
    free(r->head);
    r->head = sb.data;
    r->head_len = sb.len;
}

/* The head of the current version. */
static void fresh_head(Room *r)
{
    int64_t key = r->meta.version * 2 + room_ai_busy(r);
    if (!r->head || r->head_version != key) {
        build_head(r);
        r->head_version = key;
    }
    room_history_sync(r);
}

/* Appends the public state with its history to out. */
void room_put_state(Room *r, StrBuf *out)
{
    fresh_head(r);
    /* head without its closing brace, then the history */
    char *head = r->head;
    head[r->head_len - 1] = '\0';
    sb_puts(out, head);
    head[r->head_len - 1] = '}';
    room_clock_json(r, room_host_now(r->host), out); /* the time left changes between versions */
    room_put_offers(r, out); /* offers and watchers change without a version */
    sb_puts(out, ",\"history\":[");
    sb_puts(out, sb_str(&r->history));
    sb_puts(out, "]}");
}

void room_put_changes(Room *r, StrBuf *out)
{
    int player = room_over(r) ? -1 : session_player(r->session);
    sb_printf(out, "{\"id\":\"%s\",\"version\":%lld,\"count\":%d,\"status\":\"%s\",\"thinking\":%s", r->meta.id,
              (long long)r->meta.version, r->session->count, status_name(r->meta.status),
              room_ai_busy(r) ? "true" : "false");
    if (player >= 0)
        sb_printf(out, ",\"to_move\":%d", player + 1);
    else
        sb_puts(out, ",\"to_move\":null");
    if (r->meta.rematch[0])
        sb_printf(out, ",\"rematch\":\"%s\"", r->meta.rematch);
    else
        sb_puts(out, ",\"rematch\":null");
    room_clock_json(r, room_host_now(r->host), out);
    room_put_offers(r, out);
    if (r->aborted)
        sb_printf(out, ",\"result\":%s", r->meta.result); /* the page's engine does not know of it */
    /* the seats: whether an undo would be taken now changes with every
     * action (the page offers Undo only then) */
    sb_puts(out, ",\"seats\":");
    put_seats(r, out);
}

char *room_changes_json(Room *r, int first)
{
    pthread_mutex_lock(&r->lock);
    StrBuf sb = STRBUF_INIT;
    room_put_changes(r, &sb);
    int count = r->session->count;
    if (first < 0 || first > count)
        first = count;
    sb_printf(&sb, ",\"from\":%d,\"entries\":[", first);
    for (int i = first; i < count; i++) {
        if (i > first)
            sb_putc(&sb, ',');
        sb_puts(&sb, r->log[i].json ? r->log[i].json : "null");
    }
    sb_puts(&sb, "]}");
    pthread_mutex_unlock(&r->lock);
    return sb.data;
}

/* The legend and rules of a kind of game (its name and options) are the
 * same for every game of that kind: made once, kept for the server's
 * life and shared, up to STATICS_KINDS kinds (5 KB a Morpyam game that each
 * room held); a game of another kind keeps its own. */
#define STATICS_KINDS 64

static struct {
    char *game, *options, *text;
} kinds[STATICS_KINDS];
static pthread_mutex_t kinds_lock = PTHREAD_MUTEX_INITIALIZER;

static char *make_statics(const Room *r)
{
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
    return text;
}

static const char *statics(Room *r)
{
    if (r->statics)
        return r->statics;
    const char *options = r->meta.options ? r->meta.options : "";
    pthread_mutex_lock(&kinds_lock);
    const char *shared = NULL;
    int slot = -1;
    for (int i = 0; i < STATICS_KINDS && !shared; i++) {
        if (kinds[i].game && strcmp(kinds[i].game, r->meta.game) == 0 && strcmp(kinds[i].options, options) == 0)
            shared = kinds[i].text;
        else if (!kinds[i].game && slot < 0)
            slot = i;
    }
    if (!shared && slot >= 0) {
        kinds[slot].text = make_statics(r);
        kinds[slot].options = xstrdup(options);
        kinds[slot].game = xstrdup(r->meta.game);
        shared = kinds[slot].text;
    }
    pthread_mutex_unlock(&kinds_lock);
    if (shared)
        return shared;
    r->statics = make_statics(r);
    return r->statics;
}

char *room_state_json(Room *r, unsigned viewer, bool full)
{
    pthread_mutex_lock(&r->lock);
    fresh_head(r);
    /* One allocation of the whole answer: it can be tens of kilobytes. */
    StrBuf sb = STRBUF_INIT;
    const char *statics_text = full ? statics(r) : "";
    char *data = xmalloc(r->head_len + r->history.len + strlen(statics_text) + 400);
    sb.data = data;
    sb.cap = r->head_len + r->history.len + strlen(statics_text) + 400;
    sb.data[0] = '\0';
    room_put_state(r, &sb);
    sb.data[--sb.len] = '\0';
    sb_puts(&sb, statics_text);
    sb_puts(&sb, ",\"viewer\":{\"seats\":[");
    for (int p = 0, k = 0; p < r->meta.num_seats; p++)
        if (viewer >> p & 1)
            sb_printf(&sb, "%s%d", k++ ? "," : "", p + 1);
    int player = room_over(r) ? -1 : session_player(r->session);
    if (player == PLAYER_CHANCE)
        player = room_typing_seat(r);
    sb_printf(&sb, "],\"to_act\":%s", player >= 0 && (viewer >> player & 1) && !room_ai_busy(r) ? "true" : "false");
    /* whether a seat of the viewer muted the others' chat */
    bool muted = false;
    for (int p = 0; p < r->meta.num_seats; p++)
        muted |= (viewer >> p & 1) && r->meta.seats[p].muted;
    sb_printf(&sb, ",\"muted\":%s}}", muted ? "true" : "false");
    pthread_mutex_unlock(&r->lock);
    return sb.data;
}

/* ---- record ---- */

json_t *room_record(Room *r, RoomError *e)
{
    pthread_mutex_lock(&r->lock);
    json_t *doc = NULL;
    bool hides_future = !room_over(r) && !r->meta.real_dice && r->session->game->ops->has_dice;
    if (hides_future)
        room_fail(e, 409, "the record of a game with dice drawn by the server is available once the game is over "
                  "(its seed tells the dice to come)");
    else if (room_over(r))
        doc = record_from_session(r->session, r->meta.created);
    else /* the seed tells the AIs' choices and the dice to come: secret until the end */
        doc = record_withholding_seed(r->session, r->meta.created);
    pthread_mutex_unlock(&r->lock);
    return doc;
}
