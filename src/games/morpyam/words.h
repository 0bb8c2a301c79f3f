/* Morpyam words for people: what the files behind the "Words for people"
 * ops share (describe.c, why_not.c, marks.c, result_text.c, figure_words.c,
 * rules_text.c and the action reader in read.c). Internal to the game. */
#ifndef MORPH_MORPYAM_WORDS_H
#define MORPH_MORPYAM_WORDS_H

#include "morpyam.h"

/* ---- reading an action text (read.c; the refusal in why_not.c) ---- */

enum { MW_RESIGN, MW_PASS, MW_ROLL, MW_PLACE, MW_CALL, MW_REROLL, MW_KEEP, MW_DICE, MW_DIE, MW_DEAL, MW_PUT };

/* An action text read for its form only, before the state says whether it
 * is legal. */
typedef struct MorpyamInput {
    int verb;      /* MW_* */
    int square;    /* place, put */
    int figure;    /* call: any figure id, callable or not */
    int kind;      /* deal, put */
    int value;     /* die */
    int count[7];  /* reroll, keep, dice: how many dice of each value */
    int size;      /* reroll, keep, dice: how many values */
    int key;       /* reroll, keep, dice: count vector in base 6 */
} MorpyamInput;

/* Reads the form of text; false with what was expected in why (a
 * malformed action). */
bool morpyam_read_input(const char *text, MorpyamInput *in, StrBuf *why);
/* The action in means in s; -1 when it cannot mean one (a keep of dice
 * that are not showing, a reroll of nothing). */
Action morpyam_input_action(const MorpyamState *s, const MorpyamInput *in);
/* Whether a is legal in s: a decision of the player to move, a possible
 * outcome at a chance node, or the leave of a player still in. */
bool morpyam_action_legal(const MorpyamState *s, Action a);
/* Why a leave action ("resign 2") is not legal in s: the game is over, or that player left. */
const char *morpyam_leave_refusal(const MorpyamState *s);
/* Why in, well formed, is not legal in s (why_not.c). */
void morpyam_refusal(const MorpyamState *s, const MorpyamInput *in, StrBuf *why);

/* ---- figures in words (figure_words.c) ---- */

/* The name of a square kind for people, as the legend and every sentence
 * say it: "three 3s", "square", ..., "call" (declared in morpyam.h too). */
const char *morpyam_kind_name(int kind);
/* The figure a word names: its name for people ("full house", any case)
 * or its id ("full"); -1 when neither. */
int morpyam_figure_from_word(const char *word);
/* The callable figures by name, in id order, the last joined with conj:
 * "square, full house, ..., all-in-one and straight". */
void morpyam_callable_words(const char *conj, StrBuf *out);
/* What the dice must show for a square of kind, as "short: details":
 * "a small straight: four values in a row". */
const char *morpyam_kind_need(int kind);
/* The figure of kind as five dice show it, for a sentence: "three 3s",
 * "carre: four 5s", "suite: 2 3 4 5 6", "mini: the dice add up to 7". */
void morpyam_made_words(const MorpyamMultisets *ms, int dice, int kind, StrBuf *out);
/* "one" .. "twelve", digits above. */
void morpyam_count_words(int n, StrBuf *out);
/* " 1 3 3" for the values of multiset id (leading space per value). */
void morpyam_put_values(const MorpyamMultisets *ms, int id, StrBuf *out);
/* Sec makers the dice show, "carre and mini"; empty when none. */
void morpyam_sec_words(const MorpyamMultisets *ms, int dice, StrBuf *out);

/* ---- lines (marks.c) ---- */

/* What placing on sq does to the lines of tokens, one entry per direction
 * that changes: a run of len (3 or 4) worth points more than before, grown
 * from a scoring run of from (3) or from shorter pieces (0). */
typedef struct MorpyamGain {
    int count;
    int len[4], from[4], points[4];
    int ko_len;  /* the longest run of 5 or more made, 0 when none */
    int total;
} MorpyamGain;
void morpyam_gain(uint64_t tokens, int sq, int num_players, MorpyamGain *g);
/* "line of three (+1)", "line of four, grown from three (+1)": one gain
 * entry in the words of labels. */
void morpyam_gain_label(const MorpyamGain *g, int i, StrBuf *out);
/* A maximal run of a player's tokens: its squares and length. */
typedef struct MorpyamRun {
    uint64_t squares;
    int len;
} MorpyamRun;
/* Every maximal run of 3 or more of tokens in the four directions; returns
 * the count (at most 48). */
int morpyam_runs(uint64_t tokens, MorpyamRun *out);

/* ---- names and outcomes (result_text.c) ---- */

/* "P1", "P1 and P3", "P1, P3 and P4" for the players in mask. */
void morpyam_names(const Voice *v, unsigned mask, StrBuf *out);
/* How t (a finished game) ended, as a clause: "P2 wins by KO", "P2 wins on
 * points, 9 to 8", "P1 and P3 share the win on points with 8 each". */
void morpyam_outcome_words(const MorpyamState *t, const Voice *v, StrBuf *out);

#endif
