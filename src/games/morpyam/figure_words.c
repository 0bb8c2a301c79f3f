/* Figures and squares in words: the names players type and read, what the
 * dice must show for each square, what they showed for a placement, and
 * the legend of the grid codes built from the same words. */
#include <string.h>
#include <strings.h>

#include "words.h"
#include "ops.h"

/* What the dice must show: a short phrase and its details. Refusals say
 * "short: details"; the legend, beside the figure's name, the details and
 * a remark. */
#define HOW_BRELAN(v) "three dice or more showing " #v
#define HOW_CARRE "four dice or more showing the same value"
#define HOW_FULL "three of one value and two of another (five alike count too)"
#define HOW_MAXI "the five dice add up to 27 or more"
#define HOW_MINI "the five dice add up to 8 or less"
#define HOW_MORPYAM "all five dice show the same value"
#define HOW_PETITE_SUITE "four values in a row"
#define HOW_SEC "a morpyam, square, full house, straight, maxi or mini on the first roll of a turn"
#define HOW_SUITE "five values in a row (1 to 5 or 2 to 6)"
#define HOW_APPEL "the figure called before a roll shows on that roll"

static const char *const needs[MK_COUNT] = {
    "three 1s: " HOW_BRELAN(1), "three 2s: " HOW_BRELAN(2), "three 3s: " HOW_BRELAN(3),
    "three 4s: " HOW_BRELAN(4), "three 5s: " HOW_BRELAN(5), "three 6s: " HOW_BRELAN(6),
    "four alike: " HOW_CARRE, "a full house: " HOW_FULL, "a maxi: " HOW_MAXI, "a mini: " HOW_MINI,
    "five alike: " HOW_MORPYAM, "a small straight: " HOW_PETITE_SUITE, "an all-in-one: " HOW_SEC,
    "a straight: " HOW_SUITE, "a call that comes true: " HOW_APPEL,
};

static const char *const legend_words[MK_COUNT] = {
    HOW_BRELAN(1), HOW_BRELAN(2), HOW_BRELAN(3), HOW_BRELAN(4), HOW_BRELAN(5), HOW_BRELAN(6),
    HOW_CARRE, HOW_FULL, HOW_MAXI, HOW_MINI,
    HOW_MORPYAM "; while a Morpyam square is free, five alike must go there (or on an all-in-one), "
                "and covering it gives another turn",
    HOW_PETITE_SUITE " (1 2 3 4, 2 3 4 5 or 3 4 5 6)",
    HOW_SEC "; three of a kind or a small straight alone does not count, nor does a later roll",
    HOW_SUITE,
    "a call that comes true: " HOW_APPEL "; call morpyam, square, full house, straight, maxi or mini before a "
    "roll (all-in-one before the first), and when the roll shows it the token must go on a free call square",
};

/* The English names of the rules (the seed texts' names), which every
 * sentence, the legend and the hints use; action texts keep the ids of
 * figures.c ("call carre"), which records store. */
static const char *const names[MK_COUNT] = {
    "three 1s", "three 2s", "three 3s", "three 4s", "three 5s", "three 6s", "square", "full house", "maxi",
    "mini", "morpyam", "small straight", "all-in-one", "straight", "call",
};

const char *morpyam_kind_name(int kind)
{
    return kind >= 0 && kind < MK_COUNT ? names[kind] : "?";
}

int morpyam_figure_from_word(const char *word)
{
    for (int f = 0; f < MF_COUNT; f++)
        if (strcasecmp(names[f], word) == 0)
            return f;
    return morpyam_figure_from_id(word);
}

void morpyam_callable_words(const char *conj, StrBuf *out)
{
    int n = __builtin_popcount(MF_CALLABLE), i = 0;
    for (int f = 0; f < MF_COUNT; f++) {
        if (!(MF_CALLABLE >> f & 1))
            continue;
        if (i)
            sb_printf(out, i == n - 1 ? " %s " : ", ", conj);
        sb_puts(out, names[f]);
        i++;
    }
}

const char *morpyam_kind_need(int kind)
{
    return kind >= 0 && kind < MK_COUNT ? needs[kind] : "?";
}

void morpyam_count_words(int n, StrBuf *out)
{
    static const char *const words[] = {"no", "one", "two", "three", "four", "five", "six",
                                        "seven", "eight", "nine", "ten", "eleven", "twelve"};
    if (n >= 0 && n <= 12)
        sb_puts(out, words[n]);
    else
        sb_printf(out, "%d", n);
}

static void counts_of(const MorpyamMultisets *ms, int dice, int count[7], int *sum)
{
    memset(count, 0, 7 * sizeof count[0]);
    *sum = 0;
    for (int i = 0; i < ms->size[dice]; i++) {
        count[ms->vals[dice][i]]++;
        *sum += ms->vals[dice][i];
    }
}

/* "three 3s" */
static void alike(int n, int value, StrBuf *out)
{
    morpyam_count_words(n, out);
    sb_printf(out, " %ds", value);
}

void morpyam_sec_words(const MorpyamMultisets *ms, int dice, StrBuf *out)
{
    /* five alike also show carre and full: name the morpyam alone */
    static const int order[] = {MF_MORPYAM, MF_CARRE, MF_FULL, MF_SUITE, MF_MAXI, MF_MINI};
    unsigned figs = ms->figs[dice];
    if (figs >> MF_MORPYAM & 1)
        figs = 1u << MF_MORPYAM;
    int shown[6], n = 0;
    for (int i = 0; i < 6; i++)
        if (figs >> order[i] & 1)
            shown[n++] = order[i];
    for (int i = 0; i < n; i++)
        sb_printf(out, "%s%s", i == 0 ? "" : i == n - 1 ? " and " : ", ", morpyam_kind_name(shown[i]));
}

void morpyam_made_words(const MorpyamMultisets *ms, int dice, int kind, StrBuf *out)
{
    int count[7], sum, most = 1;
    counts_of(ms, dice, count, &sum);
    for (int v = 2; v <= 6; v++)
        if (count[v] > count[most])
            most = v;
    if (kind >= MF_BRELAN1 && kind <= MF_BRELAN1 + 5) {
        alike(count[kind - MF_BRELAN1 + 1], kind - MF_BRELAN1 + 1, out);
        return;
    }
    if (kind == MK_APPEL) {
        sb_puts(out, "the call came true");
        return;
    }
    sb_printf(out, "%s: ", morpyam_kind_name(kind));
    switch (kind) {
    case MF_CARRE: case MF_MORPYAM:
        alike(count[most], most, out);
        break;
    case MF_FULL:
        if (count[most] == 5) {
            alike(5, most, out);
        } else {
            int pair = 1;
            while (pair <= 6 && count[pair] != 2)
                pair++;
            alike(3, most, out);
            sb_puts(out, " and ");
            alike(2, pair, out);
        }
        break;
    case MF_MAXI: case MF_MINI:
        sb_printf(out, "the dice add up to %d", sum);
        break;
    case MF_PETITE_SUITE: case MF_SUITE: {
        /* the longest run of values in a row, the lowest first */
        int best_lo = 1, best_len = 0;
        for (int lo = 1; lo <= 6; lo++) {
            int len = 0;
            while (lo + len <= 6 && count[lo + len])
                len++;
            if (len > best_len) {
                best_len = len;
                best_lo = lo;
            }
        }
        for (int v = best_lo; v < best_lo + best_len; v++)
            sb_printf(out, "%s%d", v == best_lo ? "" : " ", v);
        break;
    }
    case MF_SEC:
        morpyam_sec_words(ms, dice, out);
        sb_puts(out, " on the first roll");
        break;
    default:
        break;
    }
}

int morpyam_legend(const Game *g, LegendEntry *out)
{
    const MorpyamConfig *c = morpyam_config(g);
    /* in the order a reader meets them: the ring's brelans and petite
     * suites, then the inner figures, Sec and Appel last */
    static const int order[MK_COUNT] = {0, 1, 2, 3, 4, 5, MF_PETITE_SUITE, MF_SUITE, MF_FULL, MF_CARRE,
                                        MF_MINI, MF_MAXI, MF_MORPYAM, MF_SEC, MK_APPEL};
    bool used[MK_COUNT] = {false};
    for (int sq = 0; sq < 36; sq++)
        used[c->layout[sq]] = true;
    int n = 0;
    for (int i = 0; i < MK_COUNT; i++) {
        int k = order[i];
        if (used[k] || c->variant == MV_PLUS)
            out[n++] = (LegendEntry){morpyam_kind_code(k), morpyam_kind_name(k), legend_words[k]};
    }
    if (c->variant == MV_PLUS)
        out[n++] = (LegendEntry){".", "unbuilt",
                                 "a position not built yet: in Plus the players put their dealt squares there "
                                 "before the first turn"};
    return n;
}
