#include "term.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/utf8.h"

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

/* Bytes of the escape ESC [ ... m at text, 0 when there is none. */
static size_t sgr_len(const char *text, size_t len)
{
    if (len < 2 || text[0] != '\033' || text[1] != '[')
        return 0;
    size_t i = 2;
    while (i < len && (text[i] == ';' || (text[i] >= '0' && text[i] <= '9')))
        i++;
    return i < len && text[i] == 'm' ? i + 1 : 0;
}

int term_columns(const char *text, size_t len)
{
    int cols = 0;
    for (size_t i = 0; i < len;) {
        size_t esc = sgr_len(text + i, len - i);
        if (esc) {
            i += esc;
            continue;
        }
        size_t n = utf8_char_len(text + i, len - i);
        i += n ? n : 1;
        cols++;
    }
    return cols;
}

/* One line (no newline in it) wrapped into out. */
static void wrap_line(StrBuf *out, const char *line, size_t len, int width, int indent)
{
    size_t lead = 0;
    while (lead < len && line[lead] == ' ')
        lead++;
    int cont = (int)lead + indent;
    if (cont > width / 2)
        cont = width / 2;
    size_t start = 0; /* the part of line not written yet */
    int col0 = 0;     /* the columns already on the current output line */
    while (col0 + term_columns(line + start, len - start) > width) {
        /* the last space where the piece before it fits */
        size_t cut = 0;
        for (size_t i = start + 1; i < len; i++)
            if (line[i] == ' ' && line[i - 1] != ' ' && i > lead) {
                if (col0 + term_columns(line + start, i - start) > width)
                    break;
                cut = i;
            }
        if (!cut) { /* a word wider than the line: up to the next space */
            for (size_t i = start + 1; i < len && !cut; i++)
                if (line[i] == ' ' && i > lead)
                    cut = i;
            if (!cut)
                break;
        }
        for (size_t i = start; i < cut; i++)
            sb_putc(out, line[i]);
        sb_putc(out, '\n');
        for (int i = 0; i < cont; i++)
            sb_putc(out, ' ');
        start = cut;
        while (start < len && line[start] == ' ')
            start++;
        col0 = cont;
    }
    for (size_t i = start; i < len; i++)
        sb_putc(out, line[i]);
}

void term_wrap(StrBuf *out, const char *text, int width, int indent)
{
    const char *p = text;
    for (;;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        wrap_line(out, p, len, width, indent);
        if (!nl)
            break;
        sb_putc(out, '\n');
        p = nl + 1;
    }
}
