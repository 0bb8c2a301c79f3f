/* An exact solver for Morphos (docs/ai.md, "The exact solver"): depth-first
 * proof-number search (df-pn) with a transposition table keyed by the
 * position up to the board's symmetries. No I/O: a position goes in, the
 * classification of every legal action, the nodes searched and whether the
 * proof is complete come out, within a budget of seconds and nodes; a
 * progress callback may stop it. A Solver keeps its table between calls, so
 * a caller that solves many related positions (analysis, MCTS, a puzzle
 * generator) reuses what it proved. One Solver may be used by one call at a
 * time; the call itself may search on several threads.
 *
 * Results are for the player (seat) to move, not a colour. What a result
 * means with the move cap and repeated positions is in docs/ai.md: a proven
 * result never depends on the path that reached the position. */
#ifndef MORPH_AI_SOLVER_H
#define MORPH_AI_SOLVER_H

#include <stdbool.h>

#include "../games/morphos/morphos.h"

typedef enum SolveValue {
    SOLVE_UNKNOWN = 0, /* the budget ran out first */
    SOLVE_WIN,         /* the player to move (after the action: who took it) wins */
    SOLVE_LOSS,
    SOLVE_DRAW,        /* neither side can force a win before the move cap */
} SolveValue;

/* What is known of an action still SOLVE_UNKNOWN. */
enum { SOLVE_NOT_WIN = 1, SOLVE_NOT_LOSS = 2 };

/* The board sizes the solver handles (its keys hold a row in a byte). */
#define SOLVER_MIN_SIZE 3
#define SOLVER_MAX_SIZE 7

typedef struct SolveLimits {
    double seconds;   /* wall-clock budget; 0: none */
    long long nodes;  /* budget in nodes expanded; 0: none */
    int threads;      /* 1 or more */
    bool no_swap;     /* White is not offered the swap */
} SolveLimits;

typedef struct SolveProgress {
    long long nodes;
    double seconds;
    int classified, total; /* actions classified so far, legal actions */
} SolveProgress;

/* Called now and then from the calling thread; returning false stops the
 * search (the results so far are kept, the rest is SOLVE_UNKNOWN). */
typedef bool (*SolveProgressFn)(void *ctx, const SolveProgress *p);

typedef struct SolveMove {
    Action action;
    SolveValue value; /* for the player taking the action */
    unsigned bounds;  /* SOLVE_NOT_WIN / SOLVE_NOT_LOSS when value is unknown */
} SolveMove;

typedef struct SolveReport {
    SolveValue value;    /* of the position, for the player to move */
    int num_moves;       /* every legal action, in legal_actions order */
    SolveMove moves[MAX_ACTIONS];
    long long nodes;
    double seconds;
    bool complete;       /* every action classified */
} SolveReport;

typedef struct Solver Solver;

/* Whether the solver handles games of config c: false with a one-line
 * reason (a mutator it cannot solve, a board too large). */
bool solver_supports(const MorphosConfig *c, char *err, size_t errlen);
/* A solver for positions of config c (which it must support) with a
 * transposition table of about table_mb megabytes (at least 1). */
Solver *solver_new(const MorphosConfig *c, int table_mb);
void solver_free(Solver *sv);
/* Forgets everything proved (a fresh table). */
void solver_clear(Solver *sv);

/* Classifies every legal action of s (a decision node of a game the solver
 * supports) for the player to move. progress may be NULL. */
void solver_solve(Solver *sv, const MorphosState *s, const SolveLimits *lim, SolveProgressFn progress, void *ctx,
                  SolveReport *out);

/* Only whether the player to move in s wins (one search, on one thread):
 * SOLVE_WIN with a winning action in *win, SOLVE_LOSS when every action
 * loses, SOLVE_UNKNOWN otherwise (a draw included). nodes may be NULL. */
SolveValue solver_prove(Solver *sv, const MorphosState *s, const SolveLimits *lim, Action *win, long long *nodes);

/* What the table already knows of action a in s, for the player to move,
 * without searching: SOLVE_WIN, SOLVE_LOSS or SOLVE_UNKNOWN. */
SolveValue solver_known(Solver *sv, const MorphosState *s, Action a, bool no_swap);
/* The same for the position s itself (not over). */
SolveValue solver_lookup(Solver *sv, const MorphosState *s, bool no_swap);

const char *solve_value_name(SolveValue v); /* "win", "loss", "draw", "unknown" */

#endif
