/* Dice figures and the tables over every multiset of 0 to 5 dice. */
#include <stdatomic.h>
#include <string.h>

#include "morpyam.h"

static const char *const figure_ids[MF_COUNT] = {
    "brelan-1", "brelan-2", "brelan-3", "brelan-4", "brelan-5", "brelan-6", "carre",
    "full", "maxi", "mini", "morpyam", "petite-suite", "sec", "suite",
};

const char *morpyam_figure_id(int fig)
{
    return fig >= 0 && fig < MF_COUNT ? figure_ids[fig] : "?";
}

int morpyam_figure_from_id(const char *text)
{
    for (int f = 0; f < MF_COUNT; f++)
        if (strcmp(figure_ids[f], text) == 0)
            return f;
    return -1;
}

/* Figures shown by dice with count[v] dice of value v (v = 1..6), five in all. */
static unsigned figures_of_counts(const int count[7], bool first_roll)
{
    unsigned m = 0;
    int sum = 0, most = 0, threes = 0, twos = 0;
    for (int v = 1; v <= 6; v++) {
        sum += v * count[v];
        if (count[v] > most)
            most = count[v];
        if (count[v] >= 3)
            m |= 1u << (MF_BRELAN1 + v - 1);
        threes += count[v] == 3;
        twos += count[v] == 2;
    }
    if (most >= 4)
        m |= 1u << MF_CARRE;
    if (most == 5)
        m |= 1u << MF_MORPYAM | 1u << MF_FULL;
    if (threes && twos)
        m |= 1u << MF_FULL;
    if (sum <= 8)
        m |= 1u << MF_MINI;
    if (sum >= 27)
        m |= 1u << MF_MAXI;
    for (int lo = 1; lo <= 3; lo++)
        if (count[lo] && count[lo + 1] && count[lo + 2] && count[lo + 3])
            m |= 1u << MF_PETITE_SUITE;
    for (int lo = 1; lo <= 2; lo++)
        if (count[lo] && count[lo + 1] && count[lo + 2] && count[lo + 3] && count[lo + 4])
            m |= 1u << MF_SUITE;
    if (first_roll && (m & MF_SEC_MAKERS))
        m |= 1u << MF_SEC;
    return m;
}

unsigned morpyam_figures(const int dice[5], bool first_roll)
{
    int count[7] = {0};
    for (int i = 0; i < 5; i++)
        count[dice[i]]++;
    return figures_of_counts(count, first_roll);
}

static int key_of(const int count[7])
{
    int key = 0, w = 1;
    for (int v = 1; v <= 6; v++, w *= 6)
        key += count[v] * w;
    return key;
}

/* Fills ids of one size in lexicographic order of the ascending values. */
static void add_size(MorpyamMultisets *ms, int *next, int size, int pos, int lo, uint8_t vals[5])
{
    if (pos == size) {
        int id = (*next)++;
        int count[7] = {0};
        ms->size[id] = (uint8_t)size;
        memcpy(ms->vals[id], vals, 5);
        double p = 1;
        for (int i = 0; i < size; i++) {
            count[vals[i]]++;
            p /= 6;
        }
        /* multinomial coefficient size! / prod count! */
        static const int fact[6] = {1, 1, 2, 6, 24, 120};
        double mult = fact[size];
        for (int v = 1; v <= 6; v++)
            mult /= fact[count[v]];
        ms->prob[id] = p * mult;
        ms->key[id] = (uint16_t)key_of(count);
        ms->by_slot[morpyam_ms_slot(ms->key[id])] = (int16_t)id;
        ms->figs[id] = size == 5 ? (uint16_t)figures_of_counts(count, true) : 0;
        return;
    }
    for (int v = lo; v <= 6; v++) {
        vals[pos] = (uint8_t)v;
        add_size(ms, next, size, pos + 1, v, vals);
    }
}

void morpyam_multisets_init(MorpyamMultisets *ms)
{
    memset(ms, 0, sizeof *ms);
    int next = 0;
    uint8_t vals[5] = {0};
    for (int size = 0; size <= 5; size++) {
        ms->first[size] = (uint16_t)next;
        add_size(ms, &next, size, 0, 1, vals);
    }
    /* Rolls as base-6 numbers, so sampling k dice is one uniform draw. */
    int off = 0;
    for (int k = 0, pow6 = 1; k <= 5; k++, pow6 *= 6) {
        ms->roll_offset[k] = (uint16_t)off;
        for (int r = 0; r < pow6; r++) {
            int c[7] = {0};
            for (int i = 0, x = r; i < k; i++, x /= 6)
                c[1 + x % 6]++;
            ms->roll_id[off + r] = (uint16_t)morpyam_ms_id(ms, key_of(c));
        }
        off += pow6;
    }
    /* Sub-multisets of each 5-dice id: every count vector below its own. */
    for (int id = ms->first[5]; id < MS_COUNT; id++) {
        int count[7] = {0};
        for (int i = 0; i < 5; i++)
            count[ms->vals[id][i]]++;
        int n = 0;
        int c[7] = {0};
        for (;;) {
            int v = 1;
            while (v <= 6 && c[v] == count[v])
                c[v++] = 0;
            if (v > 6)
                break;
            c[v]++;
            ms->sub[id][n++] = (uint16_t)morpyam_ms_id(ms, key_of(c));
        }
        ms->nsub[id] = (uint8_t)n;
        /* insertion sort: at most 31 ids */
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && ms->sub[id][j - 1] > ms->sub[id][j]; j--) {
                uint16_t t = ms->sub[id][j];
                ms->sub[id][j] = ms->sub[id][j - 1];
                ms->sub[id][j - 1] = t;
            }
        for (int i = 0; i < n; i++)
            ms->reroll[id - ms->first[5]][i] = MA_REROLL + ms->sub[id][i];
    }
}

/* The one table of the process, built by its first caller: it depends on
 * nothing but dice (96 KB that every Morpyam game shared a copy of). A
 * caller that finds another building it waits; no lock, so that the
 * single-threaded WebAssembly build needs nothing more. */
const MorpyamMultisets *morpyam_multisets(void)
{
    static MorpyamMultisets table;
    static atomic_int built; /* 0 not yet, 1 being built, 2 ready */
    int expected = 0;
    if (atomic_load_explicit(&built, memory_order_acquire) == 2)
        return &table;
    if (atomic_compare_exchange_strong(&built, &expected, 1)) {
        morpyam_multisets_init(&table);
        atomic_store_explicit(&built, 2, memory_order_release);
    } else {
        while (atomic_load_explicit(&built, memory_order_acquire) != 2)
            ;
    }
    return &table;
}
