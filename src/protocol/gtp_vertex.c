/* GTP vertices to Morphos notation and back (gtp_vertex.h). The only rule
 * known here is GTP's alphabet (no I); whether a part is legal, and why not,
 * is asked of the library (morphos_read_action), part by part on a scratch
 * copy of the state. */
#include "gtp_vertex.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/utf8.h"
#include "../games/morphos/morphos.h"
#include "../games/morphos/words.h"

/* A part longer than this is no vertex nor word of ours: read as it is. */
#define PART_MAX 32

/* GTP's column letter of column index col (0 to 18). */
static char column_letter(int col) { return GTP_COLUMNS[col]; }

/* text is a letter then 1 to 3 digits, the first not 0: a vertex or a
 * Morphos point, in range or not. */
static bool vertex_shaped(const char *text)
{
    if (!isalpha((unsigned char)text[0]) || text[1] < '1' || text[1] > '9')
        return false;
    size_t digits = strspn(text + 1, "0123456789");
    return digits <= 3 && text[1 + digits] == '\0';
}

void gtp_write_move(const char *morph_text, StrBuf *out)
{
    for (const char *p = morph_text; *p;) {
        size_t len = strcspn(p, ",");
        char part[PART_MAX + 1];
        if (len <= PART_MAX) {
            memcpy(part, p, len);
            part[len] = '\0';
            const char *point = part + (part[0] == 'x' && isalpha((unsigned char)part[1]));
            if (vertex_shaped(point) && point[0] >= 'a' && point[0] < 'a' + (int)strlen(GTP_COLUMNS))
                sb_printf(out, "%c%s", column_letter(point[0] - 'a'), point + 1);
            else
                sb_puts(out, part);
        } else {
            sb_printf(out, "%.*s", (int)len, p);
        }
        p += len;
        if (*p == ',') {
            sb_putc(out, ',');
            p++;
        }
    }
}

/* Reads one part (lower case) into Morphos notation for s; false with the
 * message naming what was sent (sent: the part as the controller wrote it). */
static bool read_part(const MorphosState *s, const char *part, const char *sent, char *morph, size_t morphlen,
                      char *err, size_t errlen)
{
    const MorphosConfig *c = s->cfg;
    char q[EXCERPT_SIZE];
    bool flip = part[0] == 'x' && isalpha((unsigned char)part[1]);
    const char *vertex = part + flip;
    if (!vertex_shaped(vertex)) {
        snprintf(morph, morphlen, "%s", part); /* a word (swap, pass, resign) or what the library refuses */
        return true;
    }
    int col = vertex[0] - 'a', row = (int)strtol(vertex + 1, NULL, 10);
    char last[8];
    snprintf(last, sizeof last, "%c%d", column_letter(c->n - 1), c->n);
    if (col == 'i' - 'a') {
        snprintf(err, errlen, "illegal move '%s': GTP skips the letter I (the columns of %dx%d are A to %c)",
                 text_excerpt(sent, EXCERPT_MAX, q, sizeof q), c->n, c->n, last[0]);
        return false;
    }
    col -= col > 'i' - 'a';
    if (col >= c->n || row > c->n) {
        snprintf(err, errlen, "illegal move '%s': not on the %dx%d board (A1 to %s)",
                 text_excerpt(sent, EXCERPT_MAX, q, sizeof q), c->n, c->n, last);
        return false;
    }
    int bit = morphos_bit(c, col, row - 1);
    /* A play on an enemy stone can only mean its flip: the library then
     * says whether that stone may be flipped. */
    flip |= bb_test(&s->stones[s->to_move ^ 1], bit);
    char pt[4];
    morphos_point_text(c, bit, pt);
    snprintf(morph, morphlen, "%s%s", flip ? "x" : "", pt);
    return true;
}

bool gtp_read_move(const State *st, const char *text, StrBuf *out, char *err, size_t errlen)
{
    State *work = state_clone(st);
    bool ok = true;
    for (const char *p = text; ok;) {
        bool first = p == text;
        size_t len = strcspn(p, ",");
        char sent[PART_MAX + 1], low[PART_MAX + 1], morph[PART_MAX + 2];
        if (len > PART_MAX)
            len = PART_MAX; /* refused below: nothing of ours is that long */
        memcpy(sent, p, len);
        sent[len] = '\0';
        for (size_t i = 0; i <= len; i++)
            low[i] = (char)tolower((unsigned char)sent[i]);
        ok = read_part((const MorphosState *)work, low, sent, morph, sizeof morph, err, errlen);
        if (!ok)
            break;
        Action a;
        StrBuf why = STRBUF_INIT;
        if (morphos_read_action((const MorphosState *)work, morph, &a, &why) != MORPHOS_READ_OK) {
            char q[EXCERPT_SIZE];
            text_excerpt(sent, EXCERPT_MAX, q, sizeof q);
            if (strcmp(morph, low) == 0)
                snprintf(err, errlen, "illegal move '%s': %s", q, sb_str(&why));
            else /* the library names the point in Morphos notation: say which it is */
                snprintf(err, errlen, "illegal move '%s' (%s in morph's notation): %s", q, morph, sb_str(&why));
            ok = false;
        } else {
            state_apply(work, a);
            sb_printf(out, "%s%s", first ? "" : ",", morph);
        }
        sb_free(&why);
        p += strcspn(p, ",");
        if (!*p)
            break;
        p++;
    }
    state_free(work);
    return ok;
}
