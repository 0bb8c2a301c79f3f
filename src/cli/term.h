/* Terminal output for the interactive client: whether to use colour
 * (--color auto|always|never, NO_COLOR, a terminal or not) and ANSI
 * "select graphic rendition" codes around text. */
#ifndef MORPH_TERM_H
#define MORPH_TERM_H

#include <stdbool.h>

#include "../core/strbuf.h"

typedef enum ColorMode { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER } ColorMode;

/* Reads "auto", "always" or "never"; false otherwise. */
bool term_parse_color(const char *text, ColorMode *out);

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

#endif
