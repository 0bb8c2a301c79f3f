/* A room's game stream for programs, in the shape of lichess's Bot and
 * Board APIs: one JSON object a line (ndjson). First gameFull (the game,
 * its options, whether takebacks may be offered, clock, players and the
 * state), then a gameState at every
 * change (the actions so far, the clocks, the status and winner), and a
 * chatLine for each message of the players' channel, and opponentGone when
 * no stream of this server holds an opponent's seat any more, after one did
 * ("gone":false when one does again): the page's stream of a person counts.
 * The moves are the
 * record's action texts joined by commas (no action text holds one), so
 * that an action with spaces, a Morpyam "reroll 2 3", stays whole. The
 * stream ends after the gameState that says the game is over. */

#include "room_internal.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../front/game_json.h"

#define CHAT_BATCH 50

/* Appends text as a JSON string. */
static void put_string(StrBuf *out, const char *text)
{
    json_t *s = json_string(text ? text : "");
    char *dumped = json_dumps(s, JSON_ENCODE_ANY);
    sb_puts(out, dumped ? dumped : "\"\"");
    free(dumped);
    json_decref(s);
}

/* The gameState object (without a line end): moves, times, status, winner. */
static void put_game_state(Room *r, StrBuf *out)
{
    const Session *s = r->session;
    sb_puts(out, "{\"type\":\"gameState\",\"moves\":");
    StrBuf moves = STRBUF_INIT;
    for (int i = 0; i < s->count; i++) {
        if (i)
            sb_putc(&moves, ',');
        sb_puts(&moves, s->steps[i].text);
    }
    put_string(out, sb_str(&moves));
    sb_free(&moves);
    sb_printf(out, ",\"count\":%d,\"version\":%lld", s->count, (long long)r->meta.version);
    room_clock_json(r, room_host_now(r->host), out);
    int player = session_player(s);
    if (player == PLAYER_CHANCE)
        player = room_typing_seat(r);
    bool over = room_over(r);
    if (!over && player >= 0)
        sb_printf(out, ",\"to_move\":%d", player + 1);
    else
        sb_puts(out, ",\"to_move\":null");
    /* an aborted game's result is the room's (room_abort.c), not the rules' */
    json_t *result = r->aborted && r->meta.result ? json_loads(r->meta.result, 0, NULL) : game_result_to_json(s->state);
    if (over && json_is_object(result)) {
        json_t *winners = json_object_get(result, "winners");
        sb_puts(out, ",\"status\":");
        put_string(out, json_string_value(json_object_get(result, "how")));
        if (json_array_size(winners) == 1)
            sb_printf(out, ",\"winner\":%lld", (long long)json_integer_value(json_array_get(winners, 0)));
        else
            sb_puts(out, ",\"winner\":null");
        char *text = json_dumps(result, JSON_COMPACT);
        sb_printf(out, ",\"result\":%s", text);
        free(text);
    } else {
        sb_printf(out, ",\"status\":\"%s\",\"winner\":null", room_status(r) == STATUS_WAITING ? "created" : "started");
    }
    json_decref(result);
    sb_putc(out, '}');
}

/* The players' chat messages after sub->chat_idx, a chatLine each. */
static void put_chat(Room *r, Subscriber *sub, StrBuf *out)
{
    Store *st = r->host->store;
    ChatMessage *msgs = calloc(CHAT_BATCH, sizeof *msgs);
    char err[ERR_MAX + 128];
    int n = CHAT_BATCH;
    while (msgs && n == CHAT_BATCH &&
           st->ops->chat_list(st, r->meta.id, CHAT_PLAYERS, sub->chat_idx, CHAT_BATCH, msgs, &n, err, sizeof err)) {
        for (int i = 0; i < n; i++) {
            sb_puts(out, "{\"type\":\"chatLine\",\"room\":\"player\",\"username\":");
            put_string(out, msgs[i].author);
            sb_puts(out, ",\"text\":");
            put_string(out, msgs[i].text);
            sb_puts(out, "}\n");
            sub->chat_idx = msgs[i].idx;
        }
    }
    free(msgs);
}

/* Whether some reader holds an opponent of sub's seats (another person's
 * seat); *any: whether there are such seats (not against an AI). */
static bool opponent_here(Room *r, const Subscriber *sub, bool *any)
{
    unsigned present = 0, people = 0;
    for (const Subscriber *other = r->subs; other; other = other->next)
        present |= other->seats;
    for (int p = 0; p < r->meta.num_seats; p++)
        if (r->meta.seats[p].kind == SEAT_HUMAN && !(sub->seats >> p & 1))
            people |= 1u << p;
    *any = people != 0;
    return (present & people) != 0;
}

bool room_ndjson_fill(Room *r, Subscriber *sub, StrBuf *out)
{
    size_t start = out->len;
    if (!sub->full_sent) {
        sub->full_sent = true;
        sub->version_sent = r->meta.version;
        sub->chat_sent = r->chat_count;
        sb_printf(out, "{\"type\":\"gameFull\",\"id\":\"%s\",\"game\":\"%s\",\"options\":%s,\"rated\":%s,"
                       "\"takebacks\":%s,\"createdAt\":\"%s\",\"players\":%s",
                  r->meta.id, r->meta.game, r->meta.options ? r->meta.options : "{}", r->meta.rated ? "true" : "false",
                  room_takebacks_allowed(r) ? "true" : "false", r->meta.created, sub->players ? sub->players : "[]");
        room_clock_json(r, room_host_now(r->host), out);
        sb_puts(out, ",\"state\":");
        put_game_state(r, out);
        sb_puts(out, "}\n");
        put_chat(r, sub, out);
    }
    if (sub->version_sent != r->meta.version) {
        sub->version_sent = r->meta.version;
        put_game_state(r, out);
        sb_putc(out, '\n');
    }
    if (sub->chat_sent != r->chat_count) {
        sub->chat_sent = r->chat_count;
        put_chat(r, sub, out);
    }
    bool any = false, here = opponent_here(r, sub, &any);
    sub->opponent_seen |= here;
    bool gone = any && sub->opponent_seen && !here && !room_over(r);
    if (gone != sub->gone_told) {
        sub->gone_told = gone;
        sb_printf(out, "{\"type\":\"opponentGone\",\"gone\":%s}\n", gone ? "true" : "false");
    }
    if (room_over(r))
        sub->finished = true; /* its last gameState is out: the stream ends */
    return out->len > start;
}
