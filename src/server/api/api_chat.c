/* A game's chat (chat.h has its rules): reading a channel after a message
 * number, writing one message (text only, rate limited per speaker), and a
 * player muting the other players. The game's live stream tells of every
 * new message ("event: chat"); the page then reads it with its own seats. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/number.h"
#include "../../core/xalloc.h"
#include "../../front/record.h"
#include "api_internal.h"
#include "auth.h"
#include "chat.h"

#define CHAT_PAGE 200 /* messages of one answer */

/* Who asks: their seats, account and what the rules let them do. */
typedef struct Speaker {
    unsigned seats;
    bool signed_in;
    Account account;
    ChatViewer viewer;
} Speaker;

/* A player without an account speaks under the seat's name as the board and
 * the players' table say it (room_seat_names: "Ann", "Guest 2"). */
static void seat_author(const StoredGame *meta, int seat, char *out, size_t outlen)
{
    char names[MAX_PLAYERS][ROOM_NAME_MAX];
    room_seat_names(meta->game, meta->seats, meta->num_seats, names);
    snprintf(out, outlen, "%s", names[seat]);
}

static void speaker_of(Server *srv, const ApiRequest *req, Room *room, Speaker *s)
{
    memset(s, 0, sizeof *s);
    s->signed_in = auth_account(srv, req, &s->account);
    s->seats = api_seats(srv, room, req);
    s->viewer = (ChatViewer){s->seats != 0, s->signed_in};
}

static json_t *message_json(const ChatMessage *m)
{
    return json_pack("{s:i,s:s,s:s,s:o,s:s,s:s}", "index", m->idx, "channel", chat_channel_name(m->channel), "author",
                     m->author, "seat", m->seat >= 0 ? json_integer(m->seat + 1) : json_null(), "text", m->text, "at",
                     m->at);
}

void api_chat_read(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Room *room = t->room;
    if (!api_query_known(req, res, (const char *const[]){"channel", "after", NULL}))
        return;
    const char *name = api_query(req, "channel"), *after_text = api_query(req, "after");
    int channel = chat_channel(name);
    long after = -1;
    char q[EXCERPT_SIZE];
    if (channel < 0) {
        api_error(res, 400, "channel must be players or spectators, got '%s'", text_excerpt(name ? name : "", EXCERPT_MAX, q, sizeof q));
        return;
    }
    if (after_text && !number_parse_long(after_text, -1, 1000000000, &after)) {
        api_error(res, 400, "after must be the index of the last message read (-1 for none), got '%s'",
                  text_excerpt(after_text, EXCERPT_MAX, q, sizeof q));
        return;
    }
    Speaker s;
    speaker_of(srv, req, room, &s);
    StoredGame meta;
    room_meta(room, &meta);
    if (!chat_may_read(&s.viewer, channel, meta.status == STATUS_FINISHED)) {
        api_error(res, 403, channel == CHAT_PLAYERS ? "the players' chat is for the players of this game"
                                                    : "the players read the spectators' chat once the game is over");
        return;
    }
    ChatMessage *list = xcalloc(CHAT_PAGE, sizeof *list);
    int n = 0;
    char err[ERR_MAX + 128];
    if (!srv->store->ops->chat_list(srv->store, meta.id, channel, (int)after, CHAT_PAGE, list, &n, err, sizeof err)) {
        free(list);
        api_error(res, 503, "%s", err);
        return;
    }
    /* a player who muted the others reads only their own messages */
    bool muted = false;
    for (int p = 0; p < meta.num_seats; p++)
        muted |= (s.seats >> p & 1) && meta.seats[p].muted;
    json_t *messages = json_array();
    int last = (int)after;
    for (int i = 0; i < n; i++) {
        last = list[i].idx;
        if (channel == CHAT_PLAYERS && muted && !(list[i].seat >= 0 && (s.seats >> list[i].seat & 1)))
            continue;
        json_array_append_new(messages, message_json(&list[i]));
    }
    free(list);
    api_json(res, 200, json_pack("{s:s,s:o,s:i,s:b}", "channel", chat_channel_name(channel), "messages", messages,
                                 "last", last, "muted", muted));
}

void api_chat_write(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Room *room = t->room;
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    json_t *body = api_body(req, res, (const char *const[]){"channel", "text", NULL}, false);
    if (!body)
        return;
    const json_t *name = json_object_get(body, "channel"), *text = json_object_get(body, "text");
    int channel = chat_channel(json_string_value(name));
    Speaker s;
    speaker_of(srv, req, room, &s);
    ChatMessage m;
    memset(&m, 0, sizeof m);
    char err[ERR_MAX + 128], speaker[128];
    int retry = 0;
    if (channel < 0) {
        api_error(res, 400, "'channel' must be \"players\" or \"spectators\"");
    } else if (!json_is_string(text)) {
        api_error(res, 400, "'text' must be the message (a string)");
    } else if (!chat_text(json_string_value(text), json_string_length(text), m.text, err, sizeof err)) {
        api_error(res, 400, "%s", err);
    } else if (!chat_may_write(&s.viewer, channel, err, sizeof err)) {
        /* 401 says signing in would let the caller write; the wrong channel is 403 */
        bool sign_in_would_do = channel == CHAT_SPECTATORS && !s.viewer.player && !s.signed_in;
        api_error(res, sign_in_would_do ? 401 : 403, "%s", err);
    } else {
        StoredGame meta;
        room_meta(room, &meta);
        int seat = s.seats ? __builtin_ctz(s.seats) : -1;
        /* A seat held by an account speaks as that account, with its token
         * as with the cookie: one person, one name, one limit. */
        if (!s.signed_in && seat >= 0 && meta.seats[seat].account) {
            s.signed_in = true;
            s.account.id = meta.seats[seat].account;
            snprintf(s.account.name, sizeof s.account.name, "%s", meta.seats[seat].name);
        }
        /* the speaker limited: an account, or the seat (its token's hash; a writer not signed in is a
         * player: chat_may_write said so) */
        if (s.signed_in)
            snprintf(speaker, sizeof speaker, "account:%lld", (long long)s.account.id);
        else
            snprintf(speaker, sizeof speaker, "seat:%s:%.32s", meta.id, meta.seats[seat].token_hash);
        m.channel = channel;
        m.seat = channel == CHAT_PLAYERS ? seat : -1;
        m.account = s.signed_in ? s.account.id : 0;
        if (s.signed_in)
            snprintf(m.author, sizeof m.author, "%s", s.account.name);
        else
            seat_author(&meta, seat, m.author, sizeof m.author);
        record_now(m.at);
        if (!limits_chat(srv->limits, speaker, server_now(srv), &retry)) {
            api_error(res, 429, "too many messages: at most %d a minute; try again in %d s",
                      srv->cfg.limits.chat_per_minute, retry);
            res->retry_after = retry;
        } else if (!srv->store->ops->chat_append(srv->store, meta.id, &m, err, sizeof err)) {
            api_error(res, 503, "%s", err);
        } else {
            server_chat_added(srv, room, meta.id);
            api_json(res, 201, message_json(&m));
        }
    }
    json_decref(body);
}

void api_chat_mute(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Room *room = t->room;
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    json_t *body = api_body(req, res, (const char *const[]){"mute", NULL}, false);
    if (!body)
        return;
    const json_t *on = json_object_get(body, "mute");
    unsigned seats = api_seats(srv, room, req);
    RoomError e;
    bool ok = true;
    if (!json_is_boolean(on)) {
        api_error(res, 400, "'mute' must be true (hide the other players' messages) or false");
    } else if (!seats) {
        api_error(res, 403, "only a player of this game mutes the other players");
    } else {
        for (int p = 0; p < MAX_PLAYERS && ok; p++)
            if (seats >> p & 1)
                ok = room_set_mute(room, p, json_is_true(on), &e);
        if (ok)
            api_json(res, 200, json_pack("{s:b}", "muted", json_is_true(on)));
        else
            api_room_error(res, &e);
    }
    json_decref(body);
}
