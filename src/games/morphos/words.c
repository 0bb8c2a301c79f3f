/* Pieces shared by the Morphos sentences: lists of points and the
 * deadlock tie-break in words. */
#include "words.h"

void morphos_point_list(const MorphosConfig *c, const Bb *set, const char *conj, StrBuf *out)
{
    int total = bb_count(set, c->nw);
    for (int k = 0; k < total; k++) {
        char pt[4];
        morphos_point_text(c, bb_select(set, k, c->nw), pt);
        if (k > 0)
            sb_puts(out, k == total - 1 ? " " : ", ");
        if (k > 0 && k == total - 1)
            sb_printf(out, "%s ", conj);
        sb_puts(out, pt);
    }
}

bool morphos_vertical_pair(const MorphosConfig *c, const Bb stones[2], int *low)
{
    for (int row = 0; row + 1 < c->n; row++)
        for (int col = 0; col < c->n; col++) {
            int b = morphos_bit(c, col, row), up = morphos_bit(c, col, row + 1);
            for (int colour = 0; colour < 2; colour++)
                if (bb_test(&stones[colour], b) && bb_test(&stones[colour], up)) {
                    *low = b;
                    return true;
                }
        }
    return false;
}

void morphos_tie_break_reason(const MorphosConfig *c, const Bb stones[2], StrBuf *out)
{
    int low;
    if (!morphos_vertical_pair(c, stones, &low)) {
        sb_puts(out, "as no two stones of one colour are vertically adjacent");
        return;
    }
    char a[4], b[4];
    morphos_point_text(c, low, a);
    morphos_point_text(c, low + c->stride, b);
    sb_printf(out, "as the %s stones on %s and %s are vertically adjacent",
              morphos_colour_adj(bb_test(&stones[MORPHOS_BLACK], low) ? MORPHOS_BLACK : MORPHOS_WHITE), a, b);
}
