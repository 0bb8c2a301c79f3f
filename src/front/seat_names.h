/* How sentences name the seats of a session for someone watching it: "P2
 * (greedy)" for an AI seat (its spec), "P1 (human)" for a person. `morph
 * analyze`, `morph replay` and the Python package's analysis name them so. */
#ifndef MORPH_SEAT_NAMES_H
#define MORPH_SEAT_NAMES_H

#include "session.h"

#define SEAT_NAME_MAX 160

/* The watcher's name of seat in out (at most outlen bytes). */
void seat_watcher_name(const Session *s, int seat, char *out, size_t outlen);

/* Every seat's watcher name, and a Voice over them that addresses nobody. */
typedef struct SeatNames {
    char names[MAX_PLAYERS][SEAT_NAME_MAX];
    Voice voice;
} SeatNames;
void seat_names_watcher(const Session *s, SeatNames *out);

#endif
