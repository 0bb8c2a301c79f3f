/* Seat names for someone watching a session (seat_names.h). */
#include "seat_names.h"

#include <stdio.h>
#include <string.h>

void seat_watcher_name(const Session *s, int seat, char *out, size_t outlen)
{
    const Seat *st = &s->seats[seat];
    snprintf(out, outlen, "P%d (%s)", seat + 1, st->is_ai ? st->spec : "human");
}

void seat_names_watcher(const Session *s, SeatNames *out)
{
    memset(out, 0, sizeof *out);
    out->voice.viewer = -1;
    for (int seat = 0; seat < s->game->num_players; seat++) {
        seat_watcher_name(s, seat, out->names[seat], sizeof out->names[seat]);
        out->voice.names[seat] = out->names[seat];
    }
}
