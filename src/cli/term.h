/* Terminal output for the interactive client: whether to use colour
 * (--color auto|always|never, NO_COLOR, a terminal or not) and ANSI
 * "select graphic rendition" codes around text. */
#ifndef MORPH_TERM_H
#define MORPH_TERM_H

#include <stdbool.h>

#include "../core/strbuf.h"

typedef enum ColorMode { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER } ColorMode;
/* The words of the modes in their order (--color WHEN, a CLI_WORD flag). */
#define TERM_COLOR_WORDS "auto,always,never"

/* Whether output on fd gets colour: always / never as asked; auto means fd
 * is a terminal, TERM is not "dumb" and NO_COLOR is unset or empty
 * (https://no-color.org). */
bool term_color_enabled(ColorMode mode, int fd);

/* Some renditions (SGR parameter lists). */
#define SGR_BOLD "1"
#define SGR_DIM "2"
#define SGR_UNDERLINE "4"
#define SGR_REVERSE "7"
#define SGR_RED "31"
#define SGR_GREEN "32"
#define SGR_YELLOW "33"
#define SGR_CYAN "36"

/* Appends text to out, wrapped in ESC[sgr m ... ESC[0m when on. */
void term_paint(StrBuf *out, bool on, const char *sgr, const char *text);

/* The columns len bytes of text take on a terminal: one per UTF-8
 * character (a byte that is not valid UTF-8 counts as one), none for SGR
 * escapes (ESC [ ... m). */
int term_columns(const char *text, size_t len);

/* Appends text to out with every line longer than width columns broken at
 * spaces; the continuation lines of a line are indented by its own leading
 * spaces plus indent. A word wider than a line stays whole. A last line
 * without a newline (a prompt) is wrapped the same and left open. */
void term_wrap(StrBuf *out, const char *text, int width, int indent);

#endif
