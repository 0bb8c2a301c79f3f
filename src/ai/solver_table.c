/* The solver's transposition table and keys: positions packed a row per
 * byte, brought to a canonical orientation under the four symmetries the
 * rules keep (Black's edges stay top and bottom, and the deadlock rule's
 * vertical pairs stay vertical), then stored whole in the entry, so two
 * positions never share an entry by a hash collision. */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "../core/xalloc.h"
#include "solver_internal.h"

#define LOCKS 4096

bool sv_table_init(SvTable *t, int table_mb)
{
    memset(t, 0, sizeof *t);
    uint64_t buckets = 1;
    while (buckets * 2 * 2 * sizeof(SvEntry) <= (uint64_t)table_mb << 20)
        buckets *= 2;
    size_t bytes = buckets * 2 * sizeof(SvEntry);
    /* Fresh anonymous memory is zero and is touched only when used; huge
     * pages when the kernel gives them, as probes are random accesses. */
    void *mem = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED)
        return false; /* a table too large for the machine: the caller says so */
    t->locks = xmalloc(LOCKS * sizeof *t->locks);
    madvise(mem, bytes, MADV_HUGEPAGE);
    t->entries = mem;
    t->mask = buckets - 1;
    for (int i = 0; i < LOCKS; i++)
        atomic_flag_clear(&t->locks[i]);
    return true;
}

static size_t table_bytes(const SvTable *t)
{
    return (t->mask + 1) * 2 * sizeof(SvEntry);
}

void sv_table_free(SvTable *t)
{
    if (t->entries)
        munmap(t->entries, table_bytes(t));
    free(t->locks);
    memset(t, 0, sizeof *t);
}

void sv_table_clear(SvTable *t)
{
    /* A large table is handed back to the kernel, which gives zero pages
     * again when touched: cheaper than writing every byte. */
    if (table_bytes(t) >= (64u << 20) && madvise(t->entries, table_bytes(t), MADV_DONTNEED) == 0)
        return;
    memset(t->entries, 0, table_bytes(t));
}

void sv_table_prefetch(SvTable *t, SvKey k)
{
    __builtin_prefetch(&t->entries[(sv_hash(k) & t->mask) * 2]);
}

uint64_t sv_hash(SvKey k)
{
    uint64_t x = k.b * 0x9e3779b97f4a7c15ull ^ (k.w + 0x632be59bd9b4e019ull) * 0xbf58476d1ce4e5b9ull;
    x ^= x >> 31;
    x *= 0x94d049bb133111ebull;
    return x ^ (x >> 29);
}

static void lock(SvTable *t, uint64_t bucket)
{
    if (t->locking)
        while (atomic_flag_test_and_set_explicit(&t->locks[bucket % LOCKS], memory_order_acquire))
            ;
}

static void unlock(SvTable *t, uint64_t bucket)
{
    if (t->locking)
        atomic_flag_clear_explicit(&t->locks[bucket % LOCKS], memory_order_release);
}

bool sv_table_get(SvTable *t, SvKey k, SvEntry *out)
{
    uint64_t bucket = sv_hash(k) & t->mask;
    SvEntry *e = &t->entries[bucket * 2];
    bool found = false;
    lock(t, bucket);
    for (int i = 0; i < 2 && !found; i++)
        if (e[i].b == k.b && e[i].w == k.w) {
            *out = e[i];
            found = true;
        }
    unlock(t, bucket);
    return found;
}

void sv_table_put(SvTable *t, SvKey k, uint32_t pn, uint32_t dn, int proof, int disproof, int beaten, long work)
{
    uint64_t bucket = sv_hash(k) & t->mask;
    SvEntry *e = &t->entries[bucket * 2];
    lock(t, bucket);
    SvEntry *slot = NULL;
    for (int i = 0; i < 2 && !slot; i++)
        if (e[i].b == k.b && e[i].w == k.w)
            slot = &e[i];
    if (!slot) {
        /* Replace the entry that cost less to find; a fresh one starts empty. */
        slot = e[0].work <= e[1].work ? &e[0] : &e[1];
        *slot = (SvEntry){.b = k.b, .w = k.w, .pn = 1, .dn = 1, .proof = SV_NO_PROOF, .disproof = 0, .work = 0, .beaten = 0};
    }
    /* Facts only get stronger: the shortest proof, the widest disproof. */
    if (proof != SV_NO_PROOF && proof < slot->proof)
        slot->proof = (uint16_t)proof;
    if (disproof > slot->disproof)
        slot->disproof = (uint16_t)disproof;
    if (beaten && (!slot->beaten || beaten < slot->beaten))
        slot->beaten = (uint16_t)beaten;
    if (pn && dn && pn < SV_INF && dn < SV_INF) {
        slot->pn = pn;
        slot->dn = dn;
    }
    long sum = slot->work + work;
    slot->work = (uint16_t)(sum > 65535 ? 65535 : sum);
    unlock(t, bucket);
}

void sv_pack_init(Solver *sv)
{
    const MorphosConfig *c = sv->cfg;
    int n = c->n;
    sv->n = n;
    sv->board = 0;
    memset(sv->edge, 0, sizeof sv->edge);
    uint64_t row = (1ull << n) - 1;
    for (int r = 0; r < n; r++) {
        sv->row_off[r] = morphos_bit(c, 0, r);
        sv->board |= row << (8 * r);
    }
    sv->edge[MORPHOS_BLACK][0] = row;
    sv->edge[MORPHOS_BLACK][1] = row << (8 * (n - 1));
    for (int r = 0; r < n; r++) {
        sv->edge[MORPHOS_WHITE][0] |= 1ull << (8 * r);
        sv->edge[MORPHOS_WHITE][1] |= 1ull << (8 * r + n - 1);
    }
}

uint64_t sv_pack(const Solver *sv, const Bb *stones)
{
    /* The engine keeps the points of a row in consecutive bits (checked by
     * solver_supports), so a row is one shift, across two words at most. */
    const int n = sv->n;
    const uint64_t row = (1ull << n) - 1;
    uint64_t x = 0;
    for (int r = 0; r < n; r++) {
        int off = sv->row_off[r], j = off >> 6, sh = off & 63;
        uint64_t v = stones->w[j] >> sh;
        if (sh + n > 64)
            v |= stones->w[j + 1] << (64 - sh);
        x |= (v & row) << (8 * r);
    }
    return x;
}

static uint64_t reverse_rows(uint64_t x, int n)
{
    return __builtin_bswap64(x) >> (8 * (8 - n));
}

static uint64_t reverse_columns(uint64_t x, int n)
{
    x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
    x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
    x = ((x >> 4) & 0x0f0f0f0f0f0f0f0full) | ((x & 0x0f0f0f0f0f0f0f0full) << 4);
    return x >> (8 - n); /* the columns beyond n were empty: nothing crosses a row */
}

uint64_t sv_sym(const Solver *sv, uint64_t x, int g)
{
    if (g & 1)
        x = reverse_rows(x, sv->n);
    if (g & 2)
        x = reverse_columns(x, sv->n);
    return x;
}

int sv_map_point(const Solver *sv, int bit, int g)
{
    const MorphosConfig *c = sv->cfg;
    int col = morphos_col(c, bit), row = morphos_row(c, bit);
    if (g & 1)
        row = sv->n - 1 - row;
    if (g & 2)
        col = sv->n - 1 - col;
    return morphos_bit(c, col, row);
}

bool sv_swap_offered(const Solver *sv, const MorphosState *s)
{
    return !sv->no_swap && morphos_swap_allowed(s);
}

SvKey sv_key(const Solver *sv, const MorphosState *s, int attacker)
{
    SvPacked p = {.stones = {sv_pack(sv, &s->stones[0]), sv_pack(sv, &s->stones[1])}};
    return sv_key_packed(sv, s, &p, attacker);
}

SvKey sv_key_packed(const Solver *sv, const MorphosState *s, const SvPacked *p, int attacker)
{
    uint64_t b = p->stones[MORPHOS_BLACK], w = p->stones[MORPHOS_WHITE];
    SvKey best = {b, w};
    for (int g = 1; g < 4; g++) {
        SvKey k = {sv_sym(sv, b, g), sv_sym(sv, w, g)};
        if (k.b < best.b || (k.b == best.b && k.w < best.w))
            best = k;
    }
    best.b |= SV_KEY_USED;
    if (s->to_move == MORPHOS_WHITE)
        best.b |= SV_KEY_WHITE;
    if (sv_swap_offered(sv, s))
        best.b |= SV_KEY_SWAP;
    if (morphos_seat_of(s, s->to_move) == attacker)
        best.b |= SV_KEY_ATTACKER_MOVES;
    return best;
}
