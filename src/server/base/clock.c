#include "clock.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define DAY_MS ((int64_t)24 * 3600 * 1000)

static int64_t turn_ms(const ClockSpec *spec)
{
    return spec->kind == CLOCK_DAYS ? spec->days * DAY_MS : spec->initial_ms;
}

void clock_init(Clock *c, const ClockSpec *spec, int seats)
{
    memset(c, 0, sizeof *c);
    c->spec = *spec;
    c->seats = seats;
    c->running = -1;
    for (int p = 0; p < seats && p < MAX_PLAYERS; p++)
        c->left_ms[p] = spec->kind == CLOCK_NONE ? 0 : turn_ms(spec);
    /* Correspondence days are a turn's time from the start: a first move
     * there has its days like any other. */
    c->fresh = spec->kind == CLOCK_REAL ? (1u << (seats < MAX_PLAYERS ? seats : MAX_PLAYERS)) - 1 : 0;
}

/* Whether the running seat's first move is to come. */
static bool running_fresh(const Clock *c)
{
    return c->running >= 0 && (c->fresh >> c->running & 1);
}

/* Milliseconds from since to now, never negative (a clock never gives time back). */
static int64_t elapsed_ms(double since, double now)
{
    return now > since ? (int64_t)floor((now - since) * 1000) : 0;
}

int64_t clock_left(const Clock *c, int seat, double now)
{
    if (seat < 0 || seat >= c->seats)
        return 0;
    return seat == c->running && !running_fresh(c) ? c->left_ms[seat] - elapsed_ms(c->since, now) : c->left_ms[seat];
}

void clock_charge(Clock *c, double now)
{
    /* a seat before its first move keeps `since` as when it came to act:
     * its time for that move counts from there */
    if (c->running < 0 || running_fresh(c))
        return;
    c->left_ms[c->running] -= elapsed_ms(c->since, now);
    if (now > c->since)
        c->since = now;
}

bool clock_switch(Clock *c, int seat, double now)
{
    if (c->spec.kind == CLOCK_NONE)
        return true;
    if (clock_expired(c, now) || clock_first_move_missed(c, now))
        return false;
    clock_charge(c, now);
    int was = c->running;
    if (seat == was)
        return true;
    if (was >= 0 && (c->fresh >> was & 1))
        c->fresh &= ~(1u << was); /* its first move: its time runs from its next turn */
    else if (was >= 0 && c->spec.kind == CLOCK_REAL)
        c->left_ms[was] += c->spec.increment_ms;
    if (seat >= 0 && seat < c->seats && c->spec.kind == CLOCK_DAYS)
        c->left_ms[seat] = turn_ms(&c->spec);
    c->running = seat >= 0 && seat < c->seats ? seat : -1;
    c->since = now;
    return true;
}

void clock_take_back(Clock *c, int seat, unsigned fresh, double now)
{
    if (c->spec.kind == CLOCK_NONE)
        return;
    clock_charge(c, now);
    c->fresh = c->spec.kind == CLOCK_REAL ? fresh : 0;
    if (seat >= 0 && seat < c->seats && c->spec.kind == CLOCK_DAYS && seat != c->running)
        c->left_ms[seat] = turn_ms(&c->spec);
    c->running = seat >= 0 && seat < c->seats ? seat : -1;
    c->since = now;
}

double clock_deadline(const Clock *c)
{
    if (c->spec.kind == CLOCK_NONE || c->running < 0)
        return HUGE_VAL;
    if (running_fresh(c))
        return c->since + CLOCK_FIRST_MOVE_S;
    return c->since + (double)c->left_ms[c->running] / 1000;
}

bool clock_expired(const Clock *c, double now)
{
    return c->spec.kind != CLOCK_NONE && c->running >= 0 && !running_fresh(c) && clock_left(c, c->running, now) <= 0;
}

bool clock_first_move_missed(const Clock *c, double now)
{
    return c->spec.kind != CLOCK_NONE && running_fresh(c) && now >= c->since + CLOCK_FIRST_MOVE_S;
}

int64_t clock_first_move_left(const Clock *c, double now)
{
    if (c->spec.kind == CLOCK_NONE || !running_fresh(c))
        return -1;
    int64_t left = (int64_t)CLOCK_FIRST_MOVE_S * 1000 - elapsed_ms(c->since, now);
    return left > 0 ? left : 0;
}

bool clock_spec_real(int64_t initial_s, int64_t increment_s, ClockSpec *out, char *err, size_t errlen)
{
    if (initial_s < 1 || initial_s > CLOCK_INITIAL_MAX_S) {
        snprintf(err, errlen, "clock.initial_s must be a whole number of seconds from 1 to %d", CLOCK_INITIAL_MAX_S);
        return false;
    }
    if (increment_s < 0 || increment_s > CLOCK_INCREMENT_MAX_S) {
        snprintf(err, errlen, "clock.increment_s must be a whole number of seconds from 0 to %d", CLOCK_INCREMENT_MAX_S);
        return false;
    }
    *out = (ClockSpec){.kind = CLOCK_REAL, .initial_ms = initial_s * 1000, .increment_ms = increment_s * 1000};
    return true;
}

bool clock_spec_days(int64_t days, ClockSpec *out, char *err, size_t errlen)
{
    if (days < 1 || days > CLOCK_DAYS_MAX) {
        snprintf(err, errlen, "clock.days_per_move must be a whole number of days from 1 to %d", CLOCK_DAYS_MAX);
        return false;
    }
    *out = (ClockSpec){.kind = CLOCK_DAYS, .days = (int)days};
    return true;
}

void clock_spec_name(const ClockSpec *spec, char *out, size_t outlen)
{
    int64_t s = spec->initial_ms / 1000, inc = spec->increment_ms / 1000;
    if (spec->kind == CLOCK_DAYS)
        snprintf(out, outlen, "%d day%s a move", spec->days, spec->days == 1 ? "" : "s");
    else if (spec->kind != CLOCK_REAL)
        snprintf(out, outlen, "no clock");
    else if (s % 60 == 0)
        snprintf(out, outlen, "%lld+%lld", (long long)(s / 60), (long long)inc);
    else
        snprintf(out, outlen, "%llds+%lld", (long long)s, (long long)inc);
}

bool clock_spec_equal(const ClockSpec *a, const ClockSpec *b)
{
    return a->kind == b->kind && (a->kind == CLOCK_NONE ||
                                  (a->kind == CLOCK_REAL ? a->initial_ms == b->initial_ms && a->increment_ms == b->increment_ms
                                                         : a->days == b->days));
}
