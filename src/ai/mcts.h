/* Internals of the "mcts" level for Morphos: a search tree with RAVE
 * statistics (mcts_tree.c), the pattern priors of new edges (mcts_prior.h),
 * the playout policy (mcts_playout.c), the exact search (mcts_solver.c),
 * one decision on threads (mcts_decide.c), the judge of analysis
 * (mcts_judge.c) and the level itself (mcts.c: parameters, tree reuse,
 * explanations).
 * Every part of a turn (remorph returned stone, regular move, duomorph
 * second stone) is its own tree level; the mover of a level is a seat. */
#ifndef MORPH_AI_MCTS_H
#define MORPH_AI_MCTS_H

#include "../games/morphos/morphos.h"
#include "solver.h"

/* Every action of Morphos is below this (places, flips, swap, pass). */
#define MCTS_KEYS 1024

typedef struct MctsEdge {
    int32_t child;   /* node index, -1 while not created */
    int16_t action;
    int8_t proven;   /* 1: a proven win for the mover, -1 a proven loss, 0 unknown */
    uint8_t prior;   /* win share of the prior's virtual visits, in percent */
    uint32_t n, rn;  /* visits (prior included), AMAF visits */
    float w, rw;     /* wins for the mover of the parent node (prior included), AMAF wins */
} MctsEdge;

typedef struct MctsNode {
    int32_t first_edge; /* -1 while not expanded */
    int32_t num_edges;
    uint32_t n;
} MctsNode;

typedef struct MctsParams {
    long playouts;  /* budget per move when ms == 0 */
    long ms;        /* budget per move in milliseconds */
    int threads;
    double explore; /* UCT exploration constant */
    double rave;    /* RAVE equivalence: AMAF weight halves near this many visits */
    int prior;      /* virtual visits of the prior on new edges (0: none) */
    int patterns;   /* the prior: 1 the fitted pattern strengths (mcts_prior.h), 0 the hand-made one */
    double pscale;  /* patterns: share added per factor e of strength above the node's mean */
    int reuse;      /* keep the tree between decisions (1) or search afresh (0) */
    int solve;      /* exact search first when at most this many empty points remain (0: never) */
    int solve_share; /* percent of the decision's budget the exact search may take */
} MctsParams;

typedef struct MctsTree {
    MctsNode *nodes;
    MctsEdge *edges;
    int nn, ncap, ne, ecap;
    int max_edges;          /* memory bound: no expansion past it */
    int root;               /* -1: empty tree */
    MorphosState root_state; /* no history (hist not owned) */
    Rng rng;
    /* Per-simulation buffers. */
    int buf_cap;
    int32_t *acts, *path;
    uint8_t *seats;
    int8_t key_seat[MCTS_KEYS];
    long sims;              /* simulations run by the latest search */
    Solver *solver;         /* proofs at new nodes (mcts_solver.c); NULL: none */
} MctsTree;

void mcts_tree_init(MctsTree *t, int max_edges, uint64_t seed);
void mcts_tree_free(MctsTree *t);
/* Makes s the root, keeping the tree when s is its current root. */
void mcts_tree_set_root(MctsTree *t, const MorphosState *s);
/* Follows action a from the root, keeping its subtree (tree reuse). */
void mcts_tree_advance(MctsTree *t, const MorphosState *s, Action a);
/* Runs simulations until `playouts` more are done or the monotonic clock
 * passes deadline (seconds; 0 means no deadline). */
void mcts_tree_search(MctsTree *t, const MctsParams *p, long playouts, double deadline);
/* Marks root action a as a proven win (1) or loss (-1) for the root's mover
 * (the root is expanded first when needed). */
void mcts_tree_mark_root(MctsTree *t, const MctsParams *p, Action a, int proven);
bool mcts_same_position(const MorphosState *a, const MorphosState *b);

/* Plays the rest of the game from s with the policy; appends each action
 * and its mover's seat to acts/seats from index len (up to cap) and returns
 * the new length. */
int mcts_playout(MorphosState *s, Rng *rng, int32_t *acts, uint8_t *seats, int len, int cap);

/* The monotonic clock in seconds (mcts_clock.c). */
double mcts_now(void);
/* p with room for at least need elements of size bytes (capacity *cap,
 * doubled as needed); aborts when memory runs out. */
void *mcts_grow(void *p, int *cap, int need, size_t size);

/* The exact search before a decision (mcts_solver.c): run when the rules
 * and board suit the solver and at most p->solve empty points remain, on a
 * share of the decision's budget (nodes for a playouts budget, so choices
 * stay reproducible). */
typedef struct MctsProof {
    SolveValue value;  /* SOLVE_WIN: win is a winning action; SOLVE_LOSS: every action loses */
    Action win;
    long long nodes;
    double seconds;
    Action lost[MAX_ACTIONS]; /* actions proven to lose (not filled when all do) */
    int num_lost;
    bool ran;          /* the exact search ran (its table serves the tree) */
} MctsProof;
bool mcts_exact(Solver **sv, const MctsParams *p, const MorphosState *s, MctsProof *out);
/* At a node just added to the tree (s not over): what the exact search's
 * table knows, or a tiny search with very few empty points left: 1 the
 * mover of s wins, -1 loses, 0 unknown. */
int mcts_node_proof(Solver *sv, const MctsParams *p, const MorphosState *s);

/* ---- the level (mcts.c) ---- */

#define MCTS_MAX_THREADS 2

/* A position judged for analysis (mcts_judge.c): the mover's value. */
typedef struct MctsJudged {
    MorphosState state; /* no history (hist not owned) */
    Action best;
    double value;       /* the mover's chance to win, 0..1 */
    int proven;         /* 1 a proven win for the mover, -1 a proven loss */
    long sims;
} MctsJudged;

typedef struct Mcts {
    MctsParams params;
    MctsTree trees[MCTS_MAX_THREADS];
    Solver *solver; /* the exact search's, made when first needed */
    MctsProof proof; /* the latest decision's exact search */
    MctsJudged judged; /* the latest position judged (analysis) */
    bool have_judged;
    /* a hint is being made: Black's first stone keeps out of the middle the
     * Casual AI swaps (morphos_swap_rule.h), so a hint is never swapped by it */
    bool hinting;
} Mcts;

/* What a decision rests on: the only action, a win at once, a win the
 * exact search proved, or a search with the chosen root edge's real visits
 * and wins (all trees added up). */
enum { BY_ONLY, BY_WIN_NOW, BY_PROOF, BY_SEARCH };
typedef struct Decision {
    Action action;
    int by;
    double n, w, total;
    int proven;
    long sims;
} Decision;

/* Searches s (not over) with m's parameters and decides (mcts_decide.c). */
void mcts_decide(Mcts *m, const MorphosState *s, Decision *d);

/* Simulations run by the latest choice of an "mcts" Ai (all threads). */
typedef struct Ai Ai;
long mcts_ai_playouts(const Ai *ai);

/* The level's judge hook (ai.h, AiOps.judge). */
typedef struct AiJudgement AiJudgement;
void mcts_judge(Ai *ai, const State *s, Action played, double budget, AiJudgement *out);

#endif
