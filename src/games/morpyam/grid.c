/* Grid layouts: the standard and Flash grids, square names and layout text. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "morpyam.h"
#include "../../core/utf8.h"

static const char *const kind_codes[MK_COUNT] = {
    "1", "2", "3", "4", "5", "6", "CA", "FU", "MA", "MI", "MO", "PS", "SE", "SU", "AP",
};

const char *morpyam_kind_code(int kind)
{
    return kind >= 0 && kind < MK_COUNT ? kind_codes[kind] : "..";
}

int morpyam_kind_from_code(const char *code)
{
    for (int k = 0; k < MK_COUNT; k++)
        if (strcasecmp(kind_codes[k], code) == 0)
            return k;
    return -1;
}

/* The standard grid, top row first, as the seed's French table and the
 * issue draw it. */
static const char standard_text[] =
    "1 2 3 4 6 PS\n"
    "6 CA SE SU MI 5\n"
    "5 AP MA MO FU 1\n"
    "3 FU MO MI AP 2\n"
    "4 MA SU SE CA 3\n"
    "PS 1 2 6 5 4\n";

void morpyam_standard_layout(uint8_t kinds[36])
{
    char err[ERR_MAX];
    morpyam_parse_layout(standard_text, kinds, err, sizeof err);
}

/* Flash (our own design): mini and maxi become small straights, sec becomes
 * full and appel becomes carre, so nothing needs sums, Sec or calls. */
void morpyam_flash_layout(uint8_t kinds[36])
{
    morpyam_standard_layout(kinds);
    for (int sq = 0; sq < 36; sq++) {
        switch (kinds[sq]) {
        case MF_MINI: case MF_MAXI: kinds[sq] = MF_PETITE_SUITE; break;
        case MF_SEC: kinds[sq] = MF_FULL; break;
        case MK_APPEL: kinds[sq] = MF_CARRE; break;
        default: break;
        }
    }
}

bool morpyam_parse_layout(const char *text, uint8_t kinds[36], char *err, size_t errlen)
{
    int n = 0;
    const char *p = text;
    while (*p) {
        if (*p == '#') {
            while (*p && *p != '\n')
                p++;
            continue;
        }
        if (isspace((unsigned char)*p) || *p == ',' || *p == '/') {
            p++;
            continue;
        }
        char code[8];
        size_t len = 0;
        while (p[len] && !isspace((unsigned char)p[len]) && p[len] != ',' && p[len] != '/' && p[len] != '#')
            len++;
        int kind = -1;
        if (len < sizeof code) {
            memcpy(code, p, len);
            code[len] = '\0';
            kind = morpyam_kind_from_code(code);
        }
        if (kind < 0) {
            char name[22], q[26];
            snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name - 1 ? len : sizeof name - 1), p);
            snprintf(err, errlen, "layout: unknown square code '%s' (expected 1-6, PS, SU, FU, CA, MI, MA, MO, SE or AP)",
                     text_excerpt(name, 20, q, sizeof q));
            return false;
        }
        if (n == 36) {
            snprintf(err, errlen, "layout: more than 36 square codes (expected 6 rows of 6)");
            return false;
        }
        /* the n-th code read is row 5 - n / 6 from the bottom */
        kinds[(5 - n / 6) * 6 + n % 6] = (uint8_t)kind;
        n++;
        p += len;
    }
    if (n != 36) {
        snprintf(err, errlen, "layout: expected 36 square codes (6 rows of 6), got %d", n);
        return false;
    }
    return true;
}

void morpyam_layout_text(const uint8_t kinds[36], StrBuf *out)
{
    for (int row = 5; row >= 0; row--)
        for (int col = 0; col < 6; col++)
            sb_printf(out, "%s%s", col ? "," : row < 5 ? "/" : "", morpyam_kind_code(kinds[row * 6 + col]));
}

void morpyam_square_name(int sq, char out[3])
{
    out[0] = (char)('a' + sq % 6);
    out[1] = (char)('1' + sq / 6);
    out[2] = '\0';
}

int morpyam_square_from_name(const char *text)
{
    if (text[0] < 'a' || text[0] > 'f' || text[1] < '1' || text[1] > '6' || text[2])
        return -1;
    return (text[1] - '1') * 6 + (text[0] - 'a');
}
