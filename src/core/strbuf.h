/* A growable text buffer: the library renders positions, actions and
 * serialisations into one of these and never prints by itself. */
#ifndef MORPH_STRBUF_H
#define MORPH_STRBUF_H

#include <stddef.h>

typedef struct StrBuf {
    char *data; /* always NUL-terminated once anything was added */
    size_t len;
    size_t cap;
} StrBuf;

#define STRBUF_INIT {0, 0, 0}

void sb_putc(StrBuf *sb, char c);
void sb_puts(StrBuf *sb, const char *s);
void sb_printf(StrBuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* v in decimal, without the formatter */
void sb_put_int(StrBuf *sb, long long v);
void sb_clear(StrBuf *sb);
/* Room for extra more bytes (and the NUL) without growing again. */
void sb_reserve(StrBuf *sb, size_t extra);
void sb_free(StrBuf *sb);
/* The text so far ("" when empty); stays owned by the buffer. */
const char *sb_str(const StrBuf *sb);

#endif
