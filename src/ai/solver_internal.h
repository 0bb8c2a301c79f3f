/* Internals of the Morphos solver (solver.h): packed positions and their
 * canonical keys (solver_table.c), the transposition table (solver_table.c),
 * the df-pn search (solver_search.c) and the driver (solver.c).
 *
 * Packed boards: row r of the board is byte r of a uint64_t, column c its
 * bit c (boards up to 7x7, so byte 7 is free and holds the key's flags).
 *
 * Every search asks one question: does the attacker (a fixed seat) win?
 * Proof and disproof numbers are for that question. Results stored in the
 * table are facts about the position whatever the path: a proof "wins
 * within D turns" holds whenever at least D turns remain before the move
 * cap, a disproof "cannot win within R turns" whenever at most R remain
 * (docs/ai.md explains why, and how repetitions are cut). */
#ifndef MORPH_AI_SOLVER_INTERNAL_H
#define MORPH_AI_SOLVER_INTERNAL_H

#include <stdatomic.h>

#include "solver.h"

#define SV_INF 0x3fffffffu     /* proof/disproof number of a resolved side */
#define SV_FOREVER 0xffff      /* a disproof valid however many turns remain */
#define SV_NO_PROOF 0xffff     /* entry field: no proof known */
#define SV_DEP_NONE 0x7fffffff /* a disproof that depends on no ancestor */
#define SV_MAX_DEPTH 2048      /* deeper lines stop the search (unknown) */

/* Flags in the top byte of a key's first word. */
enum {
    SV_KEY_BLACK_TO_MOVE = 0, /* bit 56 clear */
    SV_KEY_WHITE = 1ull << 56,
    SV_KEY_SWAP = 1ull << 57,
    SV_KEY_ATTACKER_MOVES = 1ull << 58,
    SV_KEY_USED = 1ull << 63,
};

typedef struct SvKey {
    uint64_t b, w; /* black and white stones, canonical orientation; flags in b */
} SvKey;

static inline bool sv_key_eq(SvKey x, SvKey y) { return x.b == y.b && x.w == y.w; }

/* One table entry (32 bytes, two per cache line). */
typedef struct SvEntry {
    uint64_t b, w;
    uint32_t pn, dn;    /* the latest unresolved numbers (a heuristic) */
    uint16_t proof;     /* wins within this many turns; SV_NO_PROOF */
    uint16_t disproof;  /* 0: none; R + 1: cannot win within R turns; SV_FOREVER */
    uint16_t work;      /* nodes spent on it (saturating): replacement priority */
    uint16_t beaten;    /* 0, or L + 1: a pure disproof, the defender wins within L turns */
} SvEntry;

typedef struct SvTable {
    SvEntry *entries;      /* buckets of two */
    uint64_t mask;         /* buckets - 1 */
    atomic_flag *locks;    /* striped, used when several threads search */
    bool locking;
} SvTable;

/* What a search of a node gives back. */
typedef struct SvVal {
    uint32_t pn, dn;
    int d;       /* pn == 0: the attacker wins within d turns */
    int r;       /* dn == 0: the attacker cannot win within r turns (SV_FOREVER: ever) */
    int l;       /* dn == 0 and pure: the defender wins within l turns */
    bool pure;   /* dn == 0: every line ends in a defender's win (no cap, no repetition) */
    int dep;     /* dn == 0: shallowest ancestor depth a cut repetition refers to */
    Action best; /* resolved: the action that decided it (a proof's fastest win) */
} SvVal;

struct Solver {
    const MorphosConfig *cfg;
    int n;
    int row_off[SOLVER_MAX_SIZE]; /* bit of (0, row) in the engine's boards */
    uint64_t board, edge[2][2];   /* packed: every point; [colour][edge] */
    SvTable tt;
    int table_mb;
    /* The current call. */
    atomic_bool stop;
    atomic_llong nodes;
    long long node_limit;
    double start, deadline, next_progress;
    bool no_swap;
    SolveProgressFn progress;
    void *progress_ctx;
    atomic_int classified;
    int total;
};

/* One thread's search: the attacker and the path from the search root. */
typedef struct SvChild SvChild;
typedef struct SvWorker {
    Solver *sv;
    int attacker; /* seat */
    bool reports; /* this thread calls the progress callback */
    SvKey *path;      /* keys from the search root to the node searched */
    int *path_stones; /* their numbers of stones */
    int path_cap, path_stones_cap;
    SvChild *arena;   /* the children of every node on the path */
    int arena_len, arena_cap;
    int pending;      /* nodes not yet added to sv->nodes */
    long long expanded;  /* nodes this worker expanded */
    long long quota;     /* expansions the next search may make; 0: no limit */
    long long quota_end; /* the current search's: stop when expanded reaches it */
    bool halted;         /* the current search stops (its quota or the whole call) */
} SvWorker;

/* A position as the evaluation sees it. */
typedef struct SvPacked {
    uint64_t stones[2]; /* [colour] */
    uint64_t reach;     /* where the mover may put a stone now: placements and flips */
    int mover;          /* colour */
} SvPacked;

/* solver_table.c */
bool sv_table_init(SvTable *t, int table_mb);
void sv_table_free(SvTable *t);
void sv_table_clear(SvTable *t);
uint64_t sv_hash(SvKey k);
bool sv_table_get(SvTable *t, SvKey k, SvEntry *out);
void sv_table_prefetch(SvTable *t, SvKey k);
/* Adds what is known: proof (SV_NO_PROOF: none), disproof (0: none, else
 * R + 1 or SV_FOREVER), beaten (0: none, else L + 1: the defender wins
 * within L turns), the latest numbers and the work spent. */
void sv_table_put(SvTable *t, SvKey k, uint32_t pn, uint32_t dn, int proof, int disproof, int beaten, long work);
void sv_pack_init(Solver *sv);
uint64_t sv_pack(const Solver *sv, const Bb *stones);
/* The canonical key of s for the question "does the seat `attacker` win". */
SvKey sv_key(const Solver *sv, const MorphosState *s, int attacker);
SvKey sv_key_packed(const Solver *sv, const MorphosState *s, const SvPacked *p, int attacker);
static inline SvKey sv_key_other(SvKey k) { return (SvKey){k.b ^ SV_KEY_ATTACKER_MOVES, k.w}; }
/* Board symmetries kept by the rules: identity, rows reversed, columns
 * reversed, both. sv_map_point maps a bit of the engine's boards. */
uint64_t sv_sym(const Solver *sv, uint64_t x, int g);
int sv_map_point(const Solver *sv, int bit, int g);
bool sv_swap_offered(const Solver *sv, const MorphosState *s);

/* solver_search.c */
void sv_worker_init(SvWorker *w, Solver *sv, int attacker, bool reports);
void sv_worker_free(SvWorker *w);
/* Searches "does w->attacker win from s" until resolved, stopped, or
 * w->quota nodes expanded (then w->halted is true and the result is not
 * resolved; what it learned is in the table for the next search). */
SvVal sv_search(SvWorker *w, const MorphosState *s);
/* The table's fact about s for w->attacker at s's remaining turns:
 * 1 proven, -1 disproven, 0 unknown (also: the defender wins now). */
int sv_fact(Solver *sv, const MorphosState *s, int attacker, bool *pure);
/* Counts one node; true when the search must stop (its quota, budget,
 * deadline, the progress callback, another thread). */
bool sv_count_node(SvWorker *w);
static inline bool sv_halted(SvWorker *w)
{
    return w->halted || atomic_load_explicit(&w->sv->stop, memory_order_relaxed);
}
/* The monotonic clock in seconds (budgets, progress, the report's time). */
double sv_now(void);
/* solver_eval.c */
void sv_packed(const Solver *sv, const MorphosState *s, SvPacked *p);
/* Whether the mover of s (not over) wins with one action now. */
bool sv_wins_now(const Solver *sv, const MorphosState *s);
bool sv_packed_wins_now(const Solver *sv, const SvPacked *p);
/* Proof and disproof numbers to start a new position with (no win in one). */
void sv_estimate(const Solver *sv, const SvPacked *p, bool attacker_moves, uint32_t *pn, uint32_t *dn);

#endif
