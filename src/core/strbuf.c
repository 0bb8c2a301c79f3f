#include "strbuf.h"
#include "xalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sb_reserve(StrBuf *sb, size_t extra)
{
    size_t need = sb->len + extra + 1;
    if (need <= sb->cap)
        return;
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap < need)
        cap *= 2;
    sb->data = xrealloc(sb->data, cap);
    sb->cap = cap;
}

void sb_putc(StrBuf *sb, char c)
{
    sb_reserve(sb, 1);
    sb->data[sb->len++] = c;
    sb->data[sb->len] = '\0';
}

void sb_puts(StrBuf *sb, const char *s)
{
    size_t n = strlen(s);
    sb_reserve(sb, n);
    memcpy(sb->data + sb->len, s, n + 1);
    sb->len += n;
}

void sb_printf(StrBuf *sb, const char *fmt, ...)
{
    /* written straight into the spare room when it fits (the usual case:
     * one pass of the formatter), else measured, grown and written again */
    if (sb->cap - sb->len < 64)
        sb_reserve(sb, 64);
    size_t room = sb->cap - sb->len;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(sb->data + sb->len, room, fmt, ap);
    va_end(ap);
    if (n < 0) {
        sb->data[sb->len] = '\0';
        return;
    }
    if ((size_t)n >= room) {
        sb_reserve(sb, (size_t)n);
        va_start(ap, fmt);
        vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    sb->len += (size_t)n;
}

void sb_put_int(StrBuf *sb, long long v)
{
    char digits[24];
    int i = sizeof digits;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do
        digits[--i] = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        digits[--i] = '-';
    sb_reserve(sb, sizeof digits - (size_t)i);
    memcpy(sb->data + sb->len, digits + i, sizeof digits - (size_t)i);
    sb->len += sizeof digits - (size_t)i;
    sb->data[sb->len] = '\0';
}

void sb_clear(StrBuf *sb)
{
    sb->len = 0;
    if (sb->data)
        sb->data[0] = '\0';
}

void sb_free(StrBuf *sb)
{
    free(sb->data);
    sb->data = NULL;
    sb->len = sb->cap = 0;
}

const char *sb_str(const StrBuf *sb)
{
    return sb->data ? sb->data : "";
}
