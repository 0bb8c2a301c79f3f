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
 * comes when another seat is to act.
 *
 * Clocks start with the moves (a real-time clock, as lichess): a seat's
 * time is not charged before its first move is made (its first turn
 * passes), and no increment comes with that move. Instead the seat has
 * CLOCK_FIRST_MOVE_S to make it; when that passes, the game is aborted by
 * its holder (nobody loses). Correspondence days run from the start. */
#ifndef MORPH_CLOCK_H
#define MORPH_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "../../core/game.h"

enum { CLOCK_NONE, CLOCK_REAL, CLOCK_DAYS };

#define CLOCK_INITIAL_MAX_S (24 * 3600)    /* a real-time clock: 1 s to 24 h ... */
#define CLOCK_INCREMENT_MAX_S 3600         /* ... plus up to an hour a turn */
#define CLOCK_DAYS_MAX 30                  /* correspondence: 1 to 30 days a turn */
#define CLOCK_FIRST_MOVE_S 30              /* real time: a seat's first move, or the game is aborted */

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
    double since;                 /* when the running seat's time was last charged (a seat
                                   * before its first move: when it came to act) */
    unsigned fresh;               /* bit p: seat p's first move is to come (real time only) */
} Clock;

/* A clock of spec for seats seats, nobody's time running; with real time,
 * every seat's first move is to come. */
void clock_init(Clock *c, const ClockSpec *spec, int seats);
/* The time of seat at now (negative once it has run out; a seat before its
 * first move has all it had). */
int64_t clock_left(const Clock *c, int seat, double now);
/* Charges the running seat's time up to now (nothing else changes; a seat
 * before its first move is not charged). */
void clock_charge(Clock *c, double now);
/* From now, seat is to act (-1: nobody, e.g. the game is over or waits for
 * a player). The seat that was running is charged up to now; when the turn
 * passes to another seat it gets its increment (real time; not for its
 * first move, which makes its time run from now on), and the new seat of a
 * correspondence clock gets its days. Returns false, changing nothing,
 * when the running seat's time ran out before now (it has lost on time,
 * whatever it did after) or its first move came too late (the game is
 * aborted). */
bool clock_switch(Clock *c, int seat, double now);
/* From now, seat is to act after a takeback: the running seat is charged up
 * to now, and nobody gets an increment (no turn was played). fresh: the
 * seats whose first move is to come again (the caller counts them). */
void clock_take_back(Clock *c, int seat, unsigned fresh, double now);
/* When the running seat's time runs out, or its first move is too late (a
 * time on the now scale); a huge value when no time runs. */
double clock_deadline(const Clock *c);
/* Whether the running seat's time has run out at now. */
bool clock_expired(const Clock *c, double now);
/* Whether the running seat's first move is to come and its time for it
 * (CLOCK_FIRST_MOVE_S) is over at now: the game is to be aborted. */
bool clock_first_move_missed(const Clock *c, double now);
/* The milliseconds the running seat has left for its first move at now,
 * or -1 when its first move was made (or no time runs). */
int64_t clock_first_move_left(const Clock *c, double now);

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
