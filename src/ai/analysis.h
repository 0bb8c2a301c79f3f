/* Post-game analysis (docs/analysis.md): a game's history in, a judgement of
 * every decision of every seat out. No I/O. Each decision (an atomic
 * decision of a seat; chance outcomes are not decisions, resignations and
 * timeouts are not judged) is judged by the game's analysis level
 * (src/ai/levels.c) with ai_judge: the deciding seat's chance to win before
 * and after it, the best decision found, what the choice cost, and a class
 * by the thresholds below. The result depends only on the game, the seed
 * and the budget: the level is seeded again from (seed, index) before each
 * decision and turns the budget into a fixed amount of work. */
#ifndef MORPH_ANALYSIS_H
#define MORPH_ANALYSIS_H

#include "ai.h"

/* Classes of a decision, from the lost win chance L = before - after
 * (0 for the best decision found). */
enum {
    ANALYSIS_BEST,       /* the best decision found, or L < 1 point */
    ANALYSIS_GOOD,       /* L < 5 points, or a loss within its own error bar */
    ANALYSIS_INACCURACY, /* 5 <= L < 10 */
    ANALYSIS_MISTAKE,    /* 10 <= L < 20 */
    ANALYSIS_BLUNDER,    /* L >= 20, and always a proven win turned into a proven loss */
    ANALYSIS_CLASSES,
};
#define ANALYSIS_BEST_BELOW 0.01
#define ANALYSIS_GOOD_BELOW 0.05
#define ANALYSIS_INACCURACY_BELOW 0.10
#define ANALYSIS_MISTAKE_BELOW 0.20
/* A game of more decisions than this shares their budget between all its
 * decisions (each gets budget * ANALYSIS_FULL_DECISIONS / decisions): a
 * long game is analysed in the time of one this long (docs/analysis.md,
 * "Budget"). */
#define ANALYSIS_FULL_DECISIONS 20
/* A decision's accuracy halves with every this much win chance lost. */
#define ANALYSIS_ACCURACY_HALF 0.10

/* "best", "good", "inaccuracy", "mistake", "blunder" */
const char *analysis_class_name(int cls);
/* The lost win chance and class of a judgement of decision played. */
int analysis_classify(const AiJudgement *j, Action played, double *loss);
/* 0..100: the accuracy of a decision that lost this much win chance. */
double analysis_accuracy(double loss);

typedef struct AnalysedDecision {
    int index;          /* the action's position in the history */
    int seat;           /* 0-based */
    int legal;          /* legal actions at the decision */
    bool forced;        /* the only legal action: judged, never counted in accuracy */
    Action action, best;
    char *action_text, *best_text; /* action texts, as records write them */
    char *sentence, *best_sentence; /* the game's describe of each */
    /* The cells the best decision touches (MARK_LAST of action_marks) on a
     * board of width x height: where a page draws it. */
    uint64_t best_cells[MARK_CELL_WORDS];
    int width, height;
    AiJudgement j;      /* before, after, errors, proofs: the deciding seat's view */
    double loss;        /* lost win chance (0 for the best decision found) */
    int cls;
} AnalysedDecision;

typedef struct AnalysedSeat {
    int decisions;      /* judged decisions of the seat, forced ones included */
    int forced;
    int counts[ANALYSIS_CLASSES];
    double accuracy;    /* mean accuracy of its unforced decisions; -1 without any */
    double mean_loss;   /* mean lost win chance of its unforced decisions */
} AnalysedSeat;

typedef struct Analysis {
    char level[32];     /* the level that judged ("mcts", "expert") */
    double budget;      /* seconds a decision: the budget asked, shared out in a long game */
    uint64_t seed;
    int num_players;
    int count, cap;
    AnalysedDecision *decisions;
    AnalysedSeat seats[MAX_PLAYERS];
    bool complete;      /* false: stopped by the progress callback */
    long long work;
} Analysis;

typedef struct AnalysisProgress {
    int done, total;    /* decisions judged, decisions to judge */
} AnalysisProgress;
/* Called before the first decision and after each; false stops the analysis
 * (the decisions judged so far are kept; complete is false). */
typedef bool (*AnalysisProgressFn)(void *ctx, const AnalysisProgress *p);

/* How many decisions of actions (texts of atomic actions of g from its
 * start, as a record holds them) an analysis judges; -1 with a message when
 * an action does not replay. */
int analysis_count(const Game *g, const char *const *actions, int n, char *err, size_t errlen);

/* Judges every decision of the game: budget seconds a decision (> 0; in a
 * game of more than ANALYSIS_FULL_DECISIONS decisions, that many decisions'
 * worth shared between all of them), seed
 * for the level, v names the seats in sentences (NULL: P1..P4). false with
 * a message when an action does not replay or the game has no analysis
 * level; out is then empty. progress may be NULL. */
bool analysis_run(const Game *g, const char *const *actions, int n, double budget, uint64_t seed, const Voice *v,
                  AnalysisProgressFn progress, void *ctx, Analysis *out, char *err, size_t errlen);
void analysis_free(Analysis *a);

#endif
