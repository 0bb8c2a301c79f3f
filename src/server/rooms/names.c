/* The names of a game's seats as people read them in its sentences, its
 * state and the lists: an account's name, the name a guest chose, an AI by
 * its level's label ("Casual AI"), else "P2"; when two seats would share a
 * name, each adds its seat's number ("Guest 1", "Guest 2"). */
#include <stdio.h>
#include <string.h>

#include "room_internal.h"
#include "../../ai/ai.h"

void room_seat_names(const char *game, const StoredSeat *seats, int n, char names[][ROOM_NAME_MAX])
{
    for (int p = 0; p < n; p++) {
        const StoredSeat *seat = &seats[p];
        if (seat->kind == SEAT_AI) {
            char level[40];
            snprintf(level, sizeof level, "%.*s", (int)strcspn(seat->ai, ":"), seat->ai);
            const AiLevelWords *w = ai_level_words(game, level);
            snprintf(names[p], ROOM_NAME_MAX, "%s AI", w ? w->label : level);
        } else if (seat->name[0]) {
            snprintf(names[p], ROOM_NAME_MAX, "%s", seat->name); /* an account: its name */
        } else if (seat->guest[0]) {
            snprintf(names[p], ROOM_NAME_MAX, "%s", seat->guest);
        } else {
            snprintf(names[p], ROOM_NAME_MAX, "P%d", p + 1);
        }
    }
    /* Two seats with one name are told apart by their seat's number, the
     * way people number two guests ("Guest 1", "Guest 2"); should that make
     * a name another seat already has (a guest who chose "Guest 2"), the
     * seat is said in full ("Guest (P2)"). */
    bool shared[MAX_PLAYERS] = {false};
    for (int p = 0; p < n; p++)
        for (int q = p + 1; q < n; q++)
            if (strcmp(names[p], names[q]) == 0)
                shared[p] = shared[q] = true;
    char alone[MAX_PLAYERS][ROOM_NAME_MAX];
    for (int p = 0; p < n; p++)
        memcpy(alone[p], names[p], ROOM_NAME_MAX);
    for (int p = 0; p < n; p++)
        if (shared[p])
            snprintf(names[p], ROOM_NAME_MAX, "%.80s %d", alone[p], p + 1);
    for (int p = 0; p < n; p++) {
        bool clash = false;
        for (int q = 0; q < n && shared[p]; q++)
            clash = clash || (q != p && strcmp(names[p], names[q]) == 0);
        if (clash)
            snprintf(names[p], ROOM_NAME_MAX, "%.80s (P%d)", alone[p], p + 1);
    }
}

void room_set_names(Room *r)
{
    char before[MAX_PLAYERS][ROOM_NAME_MAX];
    memcpy(before, r->names, sizeof before);
    r->voice.viewer = -1;
    room_seat_names(r->meta.game, r->meta.seats, r->meta.num_seats, r->names);
    for (int p = 0; p < r->meta.num_seats; p++)
        r->voice.names[p] = r->names[p];
    /* a seat taken by Bob: what was told before says Bob too, as it does
     * once the game is loaded again (a roll-off drawn at the creation) */
    bool changed = false;
    for (int p = 0; p < r->meta.num_seats; p++)
        changed = changed || strcmp(before[p], r->names[p]) != 0;
    if (changed && r->session && r->session->count)
        room_log_say_again(r);
}
