/* Morphos puzzle suites (docs/puzzles.md): one puzzle per line,
 *
 *   size=5 mutators=- to=B position=..B../.W.../...../...../..... win=c3 loss=a1,b2 draw=-
 *
 * a position without history, taken as reached at turn 2 (Black to move)
 * or 3 (White to move), so past the swap (the move cap counts from there), with the
 * player to move and every legal action of that player classified by the
 * exact solver: `win`, `loss` and `draw` list them all, each once, in the
 * order of the rules' legal actions, `-` for none. A puzzle has at least one
 * winning and one losing action. Lines starting with '#' and blank lines
 * are comments. Reading checks everything through the rules, so a suite
 * that reads is safe to show and to answer from. */
#ifndef MORPH_PUZZLES_H
#define MORPH_PUZZLES_H

#include "../games/morphos/morphos.h"

#define PUZZLE_MAX_ACTIONS 128 /* boards up to 8x8: placements, flips */
#define PUZZLE_MAX_GAMES 16    /* distinct (size, mutators) in one suite */
#define PUZZLE_MAX_COUNT 100000
#define PUZZLE_MAX_LINE 4096

typedef enum PuzzleValue { PUZZLE_WIN, PUZZLE_LOSS, PUZZLE_DRAW } PuzzleValue;

typedef struct Puzzle {
    int game;      /* index into the suite's games */
    int line;      /* in the text it was read from */
    int to_move;   /* colour */
    Bb stones[2];
    int num_actions;
    Action actions[PUZZLE_MAX_ACTIONS]; /* the legal actions, in order */
    uint8_t values[PUZZLE_MAX_ACTIONS]; /* PuzzleValue of each */
} Puzzle;

typedef struct PuzzleSuite {
    Game *games[PUZZLE_MAX_GAMES];
    int num_games;
    Puzzle *items;
    int count;
} PuzzleSuite;

/* Reads a whole suite; false with "line N: ..." (nothing kept). */
bool puzzle_suite_read(const char *text, PuzzleSuite *out, char *err, size_t errlen);
/* Reads the suite file at path (at most 64 MB). */
bool puzzle_suite_load(const char *path, PuzzleSuite *out, char *err, size_t errlen);
/* The suite that comes with morph, next to the binary: data/puzzles/morphos.txt
 * of the source tree (build/VARIANT/morph) or PREFIX/share/morph/puzzles/morphos.txt
 * (PREFIX/bin/morph). False when neither is there. */
bool puzzle_suite_find(char *path, size_t pathlen);
void puzzle_suite_free(PuzzleSuite *s);
/* The puzzle's position as a state (free with state_free). */
MorphosState *puzzle_state(const PuzzleSuite *s, const Puzzle *p);
/* A position of game g as a puzzle takes it: at turn 2 with Black to move,
 * 3 with White to move (the seat holding Black moves at even turns), so no
 * swap is offered. */
MorphosState *puzzle_position(const Game *g, const Bb stones[2], int to_move);
/* Whether a (an action of the position) wins. */
bool puzzle_wins(const Puzzle *p, Action a);
/* One line (no newline) for the position s (no history, MAIN phase) of
 * game g and the value of each of its legal actions, in order. */
void puzzle_format(const Game *g, const MorphosState *s, const PuzzleValue *values, StrBuf *out);

#endif
