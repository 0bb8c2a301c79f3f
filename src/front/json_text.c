#include "json_text.h"

#include <stdio.h>
#include <string.h>

void sb_json_string(StrBuf *out, const char *text)
{
    if (!text[strcspn(text, "\"\\\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11"
                             "\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f")]) {
        /* nothing to escape: the common case */
        sb_putc(out, '"');
        sb_puts(out, text);
        sb_putc(out, '"');
        return;
    }
    sb_putc(out, '"');
    const char *run = text;
    for (const char *p = text;; p++) {
        unsigned char c = (unsigned char)*p;
        if (c && c != '"' && c != '\\' && c >= 0x20)
            continue;
        /* flush the plain run before p */
        if (p > run) {
            size_t n = (size_t)(p - run);
            char chunk[256];
            while (n) {
                size_t k = n < sizeof chunk - 1 ? n : sizeof chunk - 1;
                memcpy(chunk, run, k);
                chunk[k] = '\0';
                sb_puts(out, chunk);
                run += k;
                n -= k;
            }
        }
        if (!c)
            break;
        if (c == '"')
            sb_puts(out, "\\\"");
        else if (c == '\\')
            sb_puts(out, "\\\\");
        else if (c == '\n')
            sb_puts(out, "\\n");
        else
            sb_printf(out, "\\u%04x", c);
        run = p + 1;
    }
    sb_putc(out, '"');
}

void sb_json_field(StrBuf *out, const char *key, const char *value)
{
    sb_printf(out, ",\"%s\":", key);
    sb_json_string(out, value);
}

void sb_json_field_or_null(StrBuf *out, const char *key, const char *value)
{
    if (value)
        sb_json_field(out, key, value);
    else
        sb_printf(out, ",\"%s\":null", key);
}
