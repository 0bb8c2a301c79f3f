/* Text from outside (typed input, files, protocol lines, command lines) may
 * hold any bytes, while every message and every JSON string morph writes must
 * be valid UTF-8 (jansson refuses anything else, and a byte cut in the middle
 * of a character is not valid). Messages that quote outside text quote it
 * through text_excerpt, which cuts only at character boundaries; the places
 * where messages leave morph (protocol replies, JSON) repair what they send
 * with utf8_repair, so a message is never lost for one bad byte. */
#ifndef MORPH_UTF8_H
#define MORPH_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* Length in bytes of the valid UTF-8 character at text (RFC 3629: no
 * overlong forms, no surrogates, nothing above U+10FFFF) that fits in the
 * avail bytes there; 0 when the bytes there are not one. */
size_t utf8_char_len(const char *text, size_t avail);
/* Whether the NUL-terminated text is valid UTF-8. */
bool utf8_valid(const char *text);
/* The length of the longest prefix of text of at most max bytes that ends
 * on a character boundary (a byte that is not valid UTF-8 counts as one
 * character of its own). */
size_t utf8_prefix(const char *text, size_t max);
/* Makes text valid UTF-8 in place: an incomplete character at the very end
 * (what a cut by bytes leaves) is dropped, every other byte that is not part
 * of a valid character becomes '?'. Returns how many bytes changed. */
size_t utf8_repair(char *text);
/* utf8_repair, then every control character becomes '?': one line of
 * valid UTF-8, where a message leaves morph (an API error, a log line). */
void utf8_one_line(char *text);
/* An excerpt of outside text to quote in a one-line message: at most max
 * bytes of text cut at a character boundary, with "..." when something was
 * left out; bytes that are not valid UTF-8 and control characters (a
 * newline would break the line) become '?'. Writes into out (outlen >= 4)
 * and returns out. */
const char *text_excerpt(const char *text, size_t max, char *out, size_t outlen);

/* The usual excerpt length and a buffer for it: char q[EXCERPT_SIZE]. */
#define EXCERPT_MAX 40
#define EXCERPT_SIZE (EXCERPT_MAX + 4)

#endif
