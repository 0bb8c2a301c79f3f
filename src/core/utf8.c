#include "utf8.h"

#include <string.h>

size_t utf8_char_len(const char *text, size_t avail)
{
    const unsigned char *s = (const unsigned char *)text;
    if (avail == 0)
        return 0;
    unsigned c = s[0];
    size_t n;
    unsigned min, code;
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf) {
        n = 2, min = 0x80, code = c & 0x1f;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3, min = 0x800, code = c & 0x0f;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4, min = 0x10000, code = c & 0x07;
    } else {
        return 0; /* a continuation byte, an overlong lead (c0, c1) or f5..ff */
    }
    if (avail < n)
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        code = code << 6 | (s[i] & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
        return 0;
    return n;
}

bool utf8_valid(const char *text)
{
    size_t len = strlen(text);
    for (size_t i = 0; i < len;) {
        size_t n = utf8_char_len(text + i, len - i);
        if (!n)
            return false;
        i += n;
    }
    return true;
}

size_t utf8_prefix(const char *text, size_t max)
{
    size_t len = strlen(text), i = 0;
    while (i < len) {
        size_t n = utf8_char_len(text + i, len - i);
        if (!n)
            n = 1;
        if (i + n > max)
            break;
        i += n;
    }
    return i;
}

/* Whether the bytes from i to the end could start a valid character that
 * was cut: a lead byte followed only by continuation bytes, too few. */
static bool cut_at_end(const unsigned char *s, size_t i, size_t len)
{
    unsigned c = s[i];
    size_t need = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (!need || len - i >= need)
        return false;
    for (size_t k = i + 1; k < len; k++)
        if ((s[k] & 0xc0) != 0x80)
            return false;
    return true;
}

size_t utf8_repair(char *text)
{
    unsigned char *s = (unsigned char *)text;
    size_t len = strlen(text), changed = 0;
    for (size_t i = 0; i < len;) {
        size_t n = utf8_char_len(text + i, len - i);
        if (n) {
            i += n;
            continue;
        }
        if (cut_at_end(s, i, len)) {
            changed += len - i;
            text[i] = '\0';
            break;
        }
        s[i++] = '?';
        changed++;
    }
    return changed;
}

const char *text_excerpt(const char *text, size_t max, char *out, size_t outlen)
{
    if (max > outlen - 4)
        max = outlen - 4;
    size_t len = strlen(text), i = 0, o = 0;
    while (i < len) {
        size_t n = utf8_char_len(text + i, len - i);
        bool bad = !n || (unsigned char)text[i] < 0x20 || text[i] == 0x7f;
        size_t take = bad ? 1 : n;
        if (o + take > max)
            break;
        if (bad) {
            out[o++] = '?';
            i += n ? n : 1;
        } else {
            memcpy(out + o, text + i, n);
            o += n;
            i += n;
        }
    }
    if (i < len) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o] = '\0';
    return out;
}

void utf8_one_line(char *text)
{
    utf8_repair(text);
    for (char *p = text; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = '?';
}
