/* Text forms of Morphos: points, positions and the board drawing. */
#include <stdio.h>
#include <string.h>

#include "morphos.h"
#include "../../core/utf8.h"

void morphos_point_text(const MorphosConfig *c, int bit, char out[4])
{
    int row = morphos_row(c, bit) + 1, k = 0;
    out[k++] = (char)('a' + morphos_col(c, bit));
    if (row >= 10)
        out[k++] = '1';
    out[k++] = (char)('0' + row % 10);
    out[k] = '\0';
}

int morphos_parse_point(const MorphosConfig *c, const char *text)
{
    if (text[0] < 'a' || text[0] > 's' || text[1] < '1' || text[1] > '9')
        return -1;
    int row = text[1] - '0';
    if (text[2]) {
        if (text[2] < '0' || text[2] > '9' || text[3])
            return -1;
        row = row * 10 + text[2] - '0';
    }
    int col = text[0] - 'a';
    if (col >= c->n || row > c->n)
        return -1;
    return morphos_bit(c, col, row - 1);
}

bool morphos_parse_position(const char *text, int *n_out, char *cells, char *err, size_t errlen)
{
    /* cells[row * 19 + col] gets 'B', 'W' or '.', rows from the bottom. The
     * text starts with the top row; messages name rows as the board does. */
    int n = 0;
    for (const char *p = text; *p && *p != '/'; p++)
        n++;
    if (n < 3 || n > 19) {
        snprintf(err, errlen, "malformed position: the top row has %d points, expected 3 to 19", n);
        return false;
    }
    if (*n_out && *n_out != n) {
        snprintf(err, errlen, "malformed position: it is %dx%d, expected %dx%d", n, n, *n_out, *n_out);
        return false;
    }
    const char *p = text;
    for (int r = 0; r < n; r++) {
        int len = 0;
        for (const char *q = p; *q && *q != '/'; q++)
            len++;
        if (len != n) {
            snprintf(err, errlen, "malformed position: row %d has %d points, expected %d", n - r, len, n);
            return false;
        }
        for (int col = 0; col < n; col++) {
            char ch = p[col];
            if (ch != 'B' && ch != 'W' && ch != '.') {
                /* the character as typed when it is one, else the byte's code */
                size_t clen = utf8_char_len(p + col, strlen(p + col));
                if (clen && (unsigned char)ch >= 0x20 && ch != 0x7f)
                    snprintf(err, errlen, "malformed position: row %d has '%.*s', expected B, W or .", n - r, (int)clen,
                             p + col);
                else
                    snprintf(err, errlen, "malformed position: row %d has the byte 0x%02x, expected B, W or .", n - r,
                             (unsigned char)ch);
                return false;
            }
            cells[(n - 1 - r) * 19 + col] = ch;
        }
        p += n;
        if (r < n - 1) {
            if (*p != '/') {
                snprintf(err, errlen, "malformed position: %d rows, expected %d", r + 1, n);
                return false;
            }
            p++;
        }
    }
    if (*p) {
        snprintf(err, errlen, "malformed position: more than %d rows, expected %d", n, n);
        return false;
    }
    *n_out = n;
    return true;
}

static char cell_char(const Bb stones[2], int b)
{
    return bb_test(&stones[0], b) ? 'B' : bb_test(&stones[1], b) ? 'W' : '.';
}

void morphos_position_text(const MorphosConfig *c, const Bb stones[2], StrBuf *out)
{
    for (int r = c->n - 1; r >= 0; r--) {
        for (int col = 0; col < c->n; col++)
            sb_putc(out, cell_char(stones, morphos_bit(c, col, r)));
        if (r)
            sb_putc(out, '/');
    }
}

void morphos_draw(const MorphosConfig *c, const Bb stones[2], StrBuf *out)
{
    morphos_draw_lettered(c, stones, MORPHOS_COLUMNS, out);
}

void morphos_draw_lettered(const MorphosConfig *c, const Bb stones[2], const char *columns, StrBuf *out)
{
    Bb weak[2];
    morphos_weak(c, &stones[0], &stones[1], &weak[0]);
    morphos_weak(c, &stones[1], &stones[0], &weak[1]);
    sb_puts(out, "   ");
    for (int col = 0; col < c->n; col++)
        sb_printf(out, " %c", columns[col]);
    sb_putc(out, '\n');
    for (int r = c->n - 1; r >= 0; r--) {
        sb_printf(out, "%3d", r + 1);
        for (int col = 0; col < c->n; col++) {
            int b = morphos_bit(c, col, r);
            char ch = cell_char(stones, b);
            if ((ch == 'B' && bb_test(&weak[0], b)) || (ch == 'W' && bb_test(&weak[1], b)))
                ch = (char)(ch + 'a' - 'A');
            sb_printf(out, " %c", ch);
        }
        sb_printf(out, " %d\n", r + 1);
    }
    sb_puts(out, "   ");
    for (int col = 0; col < c->n; col++)
        sb_printf(out, " %c", columns[col]);
    sb_puts(out, "\n(B black, W white, b/w weak stones that can be flipped, . empty)\n");
}
