#include "number.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Digits only, after an optional '-' when negatives are allowed. */
static bool plain_digits(const char *text, bool allow_minus)
{
    if (allow_minus && *text == '-')
        text++;
    return *text && strspn(text, "0123456789") == strlen(text);
}

bool number_parse_long(const char *text, long min, long max, long *out)
{
    if (!text || !plain_digits(text, min < 0))
        return false;
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || *end || v < min || v > max)
        return false;
    *out = v;
    return true;
}

bool number_parse_u64(const char *text, uint64_t *out)
{
    if (!text || !plain_digits(text, false))
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

bool number_parse_decimal(const char *text, double min, double max, double *out)
{
    if (!text)
        return false;
    const char *p = text + (min < 0 && *text == '-');
    size_t whole = strspn(p, "0123456789");
    if (whole == 0)
        return false;
    p += whole;
    if (*p == '.') {
        size_t frac = strspn(p + 1, "0123456789");
        if (frac == 0)
            return false;
        p += 1 + frac;
    }
    if (*p)
        return false;
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || *end || !(v >= min && v <= max))
        return false;
    *out = v;
    return true;
}

bool number_is_whole(const char *text)
{
    long v;
    return number_parse_long(text, LONG_MIN, LONG_MAX, &v);
}
