/* What every way of making a game shares (POST /api/games, a rematch, a
 * challenge accepted in the lobby, quick pairing): the clock read from and
 * written to JSON, whether a game may be rated, and the creator's reply
 * (the id, its seat tokens, the invitations and the state). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "../../core/utf8.h"
#include "../../core/xalloc.h"

bool api_clock(const json_t *clock, ClockSpec *out, ApiResponse *res)
{
    *out = (ClockSpec){.kind = CLOCK_NONE};
    if (!clock || json_is_null(clock))
        return true;
    const json_t *initial = json_object_get(clock, "initial_s"), *increment = json_object_get(clock, "increment_s"),
                 *days = json_object_get(clock, "days_per_move");
    char err[160];
    size_t keys = json_is_object(clock) ? json_object_size(clock) : 0;
    bool ok;
    if (json_is_object(clock) && days && keys == 1)
        ok = json_is_integer(days) ? clock_spec_days(json_integer_value(days), out, err, sizeof err)
                                   : (snprintf(err, sizeof err, "clock.days_per_move must be a whole number of days"), false);
    else if (json_is_object(clock) && initial && keys == 1u + (increment != NULL) && json_is_integer(initial) &&
             (!increment || json_is_integer(increment)))
        ok = clock_spec_real(json_integer_value(initial), increment ? json_integer_value(increment) : 0, out, err,
                             sizeof err);
    else
        ok = (snprintf(err, sizeof err, "'clock' must be {\"initial_s\":N,\"increment_s\":M} (real time) or "
                                        "{\"days_per_move\":D} (correspondence)"), false);
    if (!ok)
        api_error(res, 400, "%s", err);
    return ok;
}

json_t *api_clock_json(const ClockSpec *spec)
{
    char name[64];
    clock_spec_name(spec, name, sizeof name);
    if (spec->kind == CLOCK_REAL)
        return json_pack("{s:s,s:I,s:I,s:s}", "kind", "real", "initial_s", (json_int_t)(spec->initial_ms / 1000),
                         "increment_s", (json_int_t)(spec->increment_ms / 1000), "name", name);
    if (spec->kind == CLOCK_DAYS)
        return json_pack("{s:s,s:i,s:s}", "kind", "days", "days_per_move", spec->days, "name", name);
    return json_null();
}

bool api_guest_name(const json_t *name, char out[GUEST_NAME_MAX + 1], ApiResponse *res)
{
    out[0] = '\0';
    if (!name)
        return true;
    const char *text = json_string_value(name); /* jansson's strings are valid UTF-8 */
    size_t len = text ? json_string_length(name) : 0, chars = 0;
    while (text && len && text[0] == ' ')
        text++, len--;
    while (len && text[len - 1] == ' ')
        len--;
    bool clean = text && strlen(text) >= len; /* no NUL inside */
    for (size_t i = 0; clean && i < len; chars++) {
        unsigned char c = (unsigned char)text[i];
        size_t n = utf8_char_len(text + i, len - i);
        clean = c >= 0x20 && c != 0x7f && n;
        i += n;
    }
    if (!clean || chars < 1 || chars > 20) {
        api_error(res, 400, "'name' must be the name the other players will read: 1 to 20 characters, on one line");
        return false;
    }
    snprintf(out, GUEST_NAME_MAX + 1, "%.*s", (int)len, text);
    return true;
}

bool api_may_rate(int players, bool real_dice, ApiResponse *res)
{
    if (players != 2) {
        /* docs/web.md: Glicko-2 rates two-player games; a game of 3 or 4 is unrated */
        api_error(res, 400, "only two-player games are rated; a Morpyam game of %d players is played unrated", players);
        return false;
    }
    if (real_dice) {
        api_error(res, 400, "a rated game has the server roll the dice: real dice are for unrated games");
        return false;
    }
    return true;
}

/* What the creator of a game (or a rematch) gets: the id, the tokens of
 * their seats, the invitations of the open seats and the state, or with
 * lean what the game holds so far as a lean answer gives it (for a client
 * that follows the game itself, and the page, which loads the game's page). */
void api_created_reply(ApiResponse *res, Room *room, char tokens[MAX_PLAYERS][TOKEN_LEN + 1], unsigned mine,
                       bool lean)
{
    json_t *seats = json_array();
    for (int p = 0; p < room->meta.num_seats; p++)
        if (tokens && tokens[p][0])
            json_array_append_new(seats, json_pack("{s:i,s:s}", "seat", p + 1, "token", tokens[p]));
    RoomError e;
    json_t *invitations = room_invitations(room, 1, &e);
    char path[32];
    snprintf(path, sizeof path, "/game/%s", room->meta.id);
    /* the state's text goes in as it is: parsing it back into jansson to
     * dump it again was most of a creation's CPU */
    char *state = lean ? room_changes_json(room, 0) : room_state_json(room, mine, true);
    const char *key = lean ? ",\"changes\":" : ",\"state\":";
    size_t key_len = strlen(key);
    json_t *reply = json_pack("{s:s,s:s,s:o,s:o}", "id", room->meta.id, "path", path, "seats", seats, "invitations",
                              invitations);
    char *head = json_dumps(reply, JSON_COMPACT);
    json_decref(reply);
    size_t head_len = strlen(head), state_len = strlen(state);
    char *body = xmalloc(head_len + key_len + state_len + 2);
    memcpy(body, head, head_len - 1); /* without its closing brace */
    memcpy(body + head_len - 1, key, key_len);
    memcpy(body + head_len - 1 + key_len, state, state_len);
    memcpy(body + head_len - 1 + key_len + state_len, "}", 2);
    free(head);
    free(state);
    api_text(res, 201, body);
}
