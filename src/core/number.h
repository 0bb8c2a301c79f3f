/* Whole numbers read from outside text, strictly: only ASCII digits (and a
 * leading '-' where negatives are allowed), no spaces, no '+', no overflow.
 * Options, command-line flags and protocols all read numbers through these,
 * so " 9", "+5" and "9x" are refused everywhere alike. */
#ifndef MORPH_NUMBER_H
#define MORPH_NUMBER_H

#include <stdbool.h>
#include <stdint.h>

/* A whole number in [min, max]; false when text is not exactly one. */
bool number_parse_long(const char *text, long min, long max, long *out);
/* A whole number 0 .. UINT64_MAX (digits only). */
bool number_parse_u64(const char *text, uint64_t *out);
/* Whether text is a whole number that fits a long (ranges are the caller's). */
bool number_is_whole(const char *text);
/* A decimal number in [min, max] written as digits with an optional
 * fraction ("2", "0.25", and "-1.5" where min < 0): no spaces, no '+', no
 * exponent, no hexadecimal, inf or nan. */
bool number_parse_decimal(const char *text, double min, double max, double *out);

#endif
