/* Game clocks as pure arithmetic on times the caller gives (monotonic
 * seconds): no thread, no I/O, so every rule is tested with made-up times.
 *
 * A real-time clock gives each seat `initial` milliseconds and adds
 * `increment` (Fischer) to a seat's time each time its turn passes to
 * another seat; a correspondence clock gives a seat `days` whole days for
 * each turn (its time is set again when its turn comes). A seat's time runs
 * while it is to act: from the moment it is to decide (or to type its
 * dice) until its action is committed. Several decisions of one turn (a
 * Morpyam roll, reroll and placing) are one stretch of time; the increment
 * comes when another seat is to act. */
#ifndef MORPH_CLOCK_H
#define MORPH_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "../../core/game.h"

enum { CLOCK_NONE, CLOCK_REAL, CLOCK_DAYS };

#define CLOCK_INITIAL_MAX_S (24 * 3600)    /* a real-time clock: 1 s to 24 h ... */
#define CLOCK_INCREMENT_MAX_S 3600         /* ... plus up to an hour a turn */
#define CLOCK_DAYS_MAX 30                  /* correspondence: 1 to 30 days a turn */

typedef struct ClockSpec {
    int kind;               /* CLOCK_NONE, CLOCK_REAL or CLOCK_DAYS */
    int64_t initial_ms;     /* CLOCK_REAL */
    int64_t increment_ms;   /* CLOCK_REAL */
    int days;               /* CLOCK_DAYS: per turn */
} ClockSpec;

typedef struct Clock {
    ClockSpec spec;
    int seats;
    int64_t left_ms[MAX_PLAYERS]; /* each seat's time; the running one's as of `since` */
    int running;                  /* the seat whose time runs, or -1 */
    double since;                 /* when the running seat's time was last charged */
} Clock;

/* A clock of spec for seats seats, nobody's time running. */
void clock_init(Clock *c, const ClockSpec *spec, int seats);
/* The time of seat at now (negative once it has run out). */
int64_t clock_left(const Clock *c, int seat, double now);
/* Charges the running seat's time up to now (nothing else changes). */
void clock_charge(Clock *c, double now);
/* From now, seat is to act (-1: nobody, e.g. the game is over or waits for
 * a player). The seat that was running is charged up to now; when the turn
 * passes to another seat it gets its increment (real time), and the new
 * seat of a correspondence clock gets its days. Returns false, changing
 * nothing, when the running seat's time ran out before now: it has lost on
 * time, whatever it did after. */
bool clock_switch(Clock *c, int seat, double now);
/* When the running seat's time runs out (a time on the now scale), or a
 * huge value when no time runs. */
double clock_deadline(const Clock *c);
/* Whether the running seat's time has run out at now. */
bool clock_expired(const Clock *c, double now);

/* Reads a clock spec from its parts as the API gives them; false with a
 * one-line message. */
bool clock_spec_real(int64_t initial_s, int64_t increment_s, ClockSpec *out, char *err, size_t errlen);
bool clock_spec_days(int64_t days, ClockSpec *out, char *err, size_t errlen);
/* "5+3" (minutes and seconds, or "30s+0" under a minute), "3 days": how a
 * lobby names a clock. */
void clock_spec_name(const ClockSpec *spec, char *out, size_t outlen);
/* Whether two specs are the same clock. */
bool clock_spec_equal(const ClockSpec *a, const ClockSpec *b);

#endif
