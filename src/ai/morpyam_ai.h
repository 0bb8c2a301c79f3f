/* Shared pieces of the Morpyam AI levels: dice tables, the squares each
 * roll may cover (asked of the engine), the exact turn solver and the line
 * geometry of the grid. Nothing here decides a rule on its own: placeable
 * squares come from morpyam_placeable, points from morpyam_place_points. */
#ifndef MORPH_MORPYAM_AI_H
#define MORPH_MORPYAM_AI_H

#include "ai.h"
#include "../games/morpyam/morpyam.h"

#define MAI_DICE 252  /* 5-dice multisets; index = id - first[5] */
#define MAI_KEEPS 210 /* multisets of 0 to 4 dice (ids 0..209) */
#define MAI_JOINS 4116
#define MAI_NEG (-1e30)

typedef struct MorpyamTables {
    const MorpyamConfig *cfg;
    /* Keep k (0..4 dice) plus one outcome of the other dice: the 5-dice
     * index and the outcome's probability, outcomes of k in
     * [join_start[k], join_start[k + 1]). */
    uint16_t join_start[MAI_KEEPS + 1];
    uint16_t join_dice[MAI_JOINS];
    double join_prob[MAI_JOINS];
    /* For each 5 dice: the legal rerolls (multiset ids, in the engine's
     * order) and the keep id each leaves. */
    uint8_t nsub[MAI_DICE];
    uint16_t sub[MAI_DICE][31];
    uint8_t keep[MAI_DICE][31];
    uint16_t figs[MAI_DICE];
    double prob[MAI_DICE]; /* of a first roll */
    /* Line geometry: every segment of 3, 4 and 5 squares in a row, column
     * or diagonal. */
    int nseg[6];
    uint64_t seg[6][80];
    /* Chance of making each square kind within a turn when playing for it
     * alone, from the engine's odds (Appel: calling full, the likeliest
     * callable figure). */
    double ease[MK_COUNT];
} MorpyamTables;

void mai_tables_init(MorpyamTables *t, const MorpyamConfig *cfg);

/* Squares that five dice cover after roll 1 (m1) and after roll 2 or 3
 * (m23) when the free squares are ~occupied, by asking the engine with a
 * copy of s. */
void mai_masks(const MorpyamState *s, uint64_t occupied, uint64_t m1[MAI_DICE], uint64_t m23[MAI_DICE]);

/* What the turn solver needs: values of ending the turn on each square
 * (relative to passing, which is worth 0). */
typedef struct TurnInput {
    const uint64_t *m1, *m23;
    double val[36];
    uint64_t appel;   /* free Appel squares: where a call that is made must go */
    bool can_call;    /* appel != 0 */
    bool strict;      /* strict-call: no placement after a call but the Appel */
    bool daversa_win; /* a replay turn under daversa: five alike wins at once */
    double win;       /* the value of that win */
} TurnInput;

/* Exact values of the turn by expectimax. Roll numbers r = 1..3. */
typedef struct TurnTables {
    double place[4][MAI_DICE]; /* best placement after roll r (MAI_NEG: none) */
    int8_t best[4][MAI_DICE];  /* its square */
    double W[4][MAI_DICE];     /* after roll r, no call made (or not strict) */
    double Ws[4][MAI_DICE];    /* after roll r, strict-call and a call made */
    double EK[4][MAI_KEEPS];   /* keep k, then roll r */
    double EKs[4][MAI_KEEPS];  /* the same in the strict called state */
    double EC[4][MAI_KEEPS][MF_COUNT]; /* call f, keep k, then roll r */
    double appel_val;
    double start; /* value before roll 1 */
} TurnTables;

void mai_turn_solve(const MorpyamTables *t, const TurnInput *in, TurnTables *out);

/* True when five dice (index d) make the figure called at roll r. */
static inline bool mai_made(const MorpyamTables *t, int f, int d, int r)
{
    return (t->figs[d] >> f & 1) && (f != MF_SEC || r == 1);
}

/* The Plus building heuristic shared by the levels: the easiest kind of the
 * hand on the free square crossed by the most lines. */
Action mai_put(const MorpyamTables *t, const MorpyamState *s);

/* ---- The expert's evaluation (morpyam_eval.c) ---- */

/* A position as the evaluation sees it: tokens, line points, tokens in hand. */
typedef struct MaiPos {
    uint64_t tokens[MAX_PLAYERS];
    uint64_t occupied;
    int points[MAX_PLAYERS];
    int left[MAX_PLAYERS];
} MaiPos;

typedef struct MaiModel MaiModel;

typedef struct MaiEval {
    const MorpyamTables *t;
    const MaiModel *model; /* the master's learned scores (morpyam_model.h); NULL: the expert's material */
    uint64_t reply_m1[MAI_DICE], reply_m23[MAI_DICE]; /* squares covered in a reply */
    TurnTables scratch;
} MaiEval;

void mai_eval_init(MaiEval *e, const MorpyamTables *t, const MaiModel *model);
void mai_pos_of(const MorpyamState *s, MaiPos *pos);
/* Player me's chance of winning pos (an estimate) when `next` moves next,
 * on a replay turn when replay is set. s gives the grid, rules and players
 * still in. */
double mai_eval(MaiEval *e, const MorpyamState *s, const MaiPos *pos, int me, int next, bool replay);
/* Its two parts. The threats: each player's chance of winning in the round
 * that starts with `next` (a KO square, or its last token when that wins on
 * points, reached in its turn before the others cover it); returns the
 * chance that nobody does. The shares: how the rest is divided, a softmax
 * over the players' scores. mai_eval = threat[me] + still * share[me]. */
double mai_threats(const MaiEval *e, const MorpyamState *s, const MaiPos *pos, int next, bool replay,
                   double threat[MAX_PLAYERS]);
void mai_shares(const MaiEval *e, const MorpyamState *s, const MaiPos *pos, int next, double share[MAX_PLAYERS]);
/* The value of ending the mover's turn on each free square (MAI_NEG on
 * covered ones) relative to passing, looking one turn further: the next
 * player's reply is solved exactly for the dice (without calls) on the
 * evaluation. Returns the mover's win chance after passing on that
 * reckoning. */
double mai_two_ply(MaiEval *e, const MorpyamState *s, double val[36]);

/* ---- The expert and the master (morpyam_player.c) ---- */

/* A player of the turn: square values from the evaluation (with model, the
 * master's; NULL, the expert's), the dice played exactly for them. Tables
 * are kept from one decision to the next of the same turn. */
typedef struct MaiPlayer MaiPlayer;
MaiPlayer *mai_player_new(const MorpyamConfig *cfg, const MaiModel *model);
void mai_player_free(MaiPlayer *p);
Action mai_player_choose(MaiPlayer *p, const MorpyamState *s, StrBuf *explain);
/* The plan of the turn up to the next roll and the chance it rests on (ai.h). */
void mai_player_advise(MaiPlayer *p, const MorpyamState *s, const Voice *v, AiAdvice *out);

/* The judge hook of the expert and the master (morpyam_judge.c): self-play
 * with paired dice. */
void mai_judge(Ai *ai, const State *s, Action played, double budget, AiJudgement *out);

#endif
