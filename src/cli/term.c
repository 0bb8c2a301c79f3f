#include "term.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

bool term_parse_color(const char *text, ColorMode *out)
{
    static const char *const names[] = {"auto", "always", "never"};
    for (int i = 0; i < 3; i++)
        if (strcmp(text, names[i]) == 0) {
            *out = (ColorMode)i;
            return true;
        }
    return false;
}

bool term_color_enabled(ColorMode mode, int fd)
{
    if (mode != COLOR_AUTO)
        return mode == COLOR_ALWAYS;
    const char *no_color = getenv("NO_COLOR");
    if (no_color && no_color[0])
        return false;
    const char *term = getenv("TERM");
    if (term && strcmp(term, "dumb") == 0)
        return false;
    return isatty(fd);
}

void term_paint(StrBuf *out, bool on, const char *sgr, const char *text)
{
    if (on)
        sb_printf(out, "\033[%sm", sgr);
    sb_puts(out, text);
    if (on)
        sb_puts(out, "\033[0m");
}
