/* Morpyam: the public face of the rules for front ends and AIs.
 *
 * Squares are numbered sq = row * 6 + col with row 0 the bottom row (rank 1)
 * and col 0 the left column (file a), so square "c3" is 2 * 6 + 2 = 14.
 * Square sets are 36-bit masks. Dice multisets (0 to 5 dice) have ids into
 * MorpyamMultisets; the five dice of a state are always one id, so figure
 * tests are table look-ups. */
#ifndef MORPH_MORPYAM_H
#define MORPH_MORPYAM_H

#include <stdbool.h>
#include <stdint.h>

#include "../../core/game.h"

extern const GameOps morpyam_ops;

/* Figure ids in alphabetical order of their text ids (the JSON order). */
enum {
    MF_BRELAN1 = 0, /* brelan-1 .. brelan-6 are 0..5 */
    MF_CARRE = 6,
    MF_FULL,
    MF_MAXI,
    MF_MINI,
    MF_MORPYAM,
    MF_PETITE_SUITE,
    MF_SEC,
    MF_SUITE,
    MF_COUNT, /* 14 figures */
};
/* Square kinds: the 14 figures plus Appel. */
enum { MK_APPEL = MF_COUNT, MK_COUNT = 15, MK_NONE = 255 };

/* Figures that can be called (sec only before the first roll) and that give
 * Sec when made on the first roll. */
#define MF_CALLABLE ((1u << MF_MORPYAM) | (1u << MF_CARRE) | (1u << MF_MAXI) | (1u << MF_MINI) | \
                     (1u << MF_SUITE) | (1u << MF_FULL) | (1u << MF_SEC))
#define MF_SEC_MAKERS (MF_CALLABLE & ~(1u << MF_SEC))

enum { MV_STANDARD, MV_FLASH, MV_PLUS };

#define MORPYAM_SQUARES 36
#define MORPYAM_ALL ((1ull << 36) - 1)

/* Action encoding (see docs/rules-morpyam.md for the text forms). */
enum {
    MA_PLACE = 0,     /* + square, 0..35 */
    MA_PASS = 36,
    MA_ROLL = 37,
    MA_CALL = 40,     /* + figure id */
    MA_REROLL = 100,  /* + multiset id of the dice rerolled */
    MA_PUT = 1000,    /* + kind * 36 + square (Plus building) */
    MA_DICE = 2000,   /* + multiset id of the values rolled (chance) */
    MA_DIE = 3000,    /* + value 1..6 (chance: one die of a roll-off) */
    MA_DEAL = 3100,   /* + kind (chance: one Plus square dealt) */
};

/* All multisets of 0 to 5 dice. Ids are ordered by size, then by the sorted
 * values lexicographically, so the ids of one size are contiguous. */
#define MS_COUNT 462
/* Keys are count vectors in base 6; key % MS_HASH is distinct for the 462
 * multisets (the smallest such modulus), so the id table stays small. */
#define MS_HASH 4058
typedef struct MorpyamMultisets {
    uint8_t size[MS_COUNT];
    uint8_t vals[MS_COUNT][5];  /* ascending */
    uint16_t key[MS_COUNT];     /* sum over values v of count(v) * 6^(v-1) */
    double prob[MS_COUNT];      /* probability that size(id) fair dice show it */
    uint16_t figs[MS_COUNT];    /* figure mask of a 5-dice id; bit MF_SEC = a Sec maker */
    uint8_t nsub[MS_COUNT];     /* non-empty sub-multisets of a 5-dice id */
    uint16_t sub[MS_COUNT][31]; /* their ids, ascending */
    Action reroll[252][32];     /* MA_REROLL + sub[first[5] + i][j], copied whole by legal_actions */
    uint16_t first[6];          /* first id of each size; first[5] + 252 = MS_COUNT */
    uint16_t roll_id[9331];     /* roll_offset[k] + r, r < 6^k: id of k dice whose base-6 digits are r */
    uint16_t roll_offset[6];
    int16_t by_slot[MS_HASH];
} MorpyamMultisets;

void morpyam_multisets_init(MorpyamMultisets *ms);
/* The table every game shares, built on first use. */
const MorpyamMultisets *morpyam_multisets(void);
/* Id of the multiset with count-vector key (a valid count vector). */
/* key % MS_HASH for keys below 6^6 by multiply and shift (compilers may
 * otherwise emit a division, which is slow on the hot path). */
static inline unsigned morpyam_ms_slot(unsigned key)
{
    unsigned q = (unsigned)(((uint64_t)key * 1058406u) >> 32); /* 1058406 = ceil(2^32 / 4058) */
    return key - q * MS_HASH;
}
static inline int morpyam_ms_id(const MorpyamMultisets *ms, int key)
{
    return ms->by_slot[morpyam_ms_slot((unsigned)key)];
}
/* Figure mask of five dice values (any order); first_roll adds MF_SEC when
 * a Sec maker is present. */
unsigned morpyam_figures(const int dice[5], bool first_roll);
const char *morpyam_figure_id(int fig);       /* "brelan-1", "carre", ...: the words of action texts */
/* The name of a square kind (a figure, or MK_APPEL) for people: "three 1s",
 * "square", "small straight", ..., "all-in-one", "call" (figure_words.c). */
const char *morpyam_kind_name(int kind);
int morpyam_figure_from_id(const char *text); /* -1 when unknown */

/* Grid layouts: kinds[36] by square number. Codes: "1".."6", PS, SU, FU, CA,
 * MI, MA, MO, SE, AP. */
const char *morpyam_kind_code(int kind);
int morpyam_kind_from_code(const char *code); /* case-insensitive; -1 when unknown */
void morpyam_standard_layout(uint8_t kinds[36]);
void morpyam_flash_layout(uint8_t kinds[36]);
/* Reads 36 codes (rows from the top, whitespace/','/'/' separated, '#'
 * comments); false with a one-line message. */
bool morpyam_parse_layout(const char *text, uint8_t kinds[36], char *err, size_t errlen);
/* Canonical one-line form "r6/r5/.../r1", codes comma-separated. */
void morpyam_layout_text(const uint8_t kinds[36], StrBuf *out);
void morpyam_square_name(int sq, char out[3]);
int morpyam_square_from_name(const char *text); /* -1 when not a1..f6 */

/* Lines: points of a placement and full recounts. */
int morpyam_run_value(int len, int num_players); /* 0, 1, 2 or 3; runs >= 5 are KO */
/* Points gained by adding sq to tokens (sq not in tokens); *ko set when the
 * placement makes a run of 5 or more. */
int morpyam_place_points(uint64_t tokens, int sq, int num_players, bool *ko);
/* Points of one player's tokens from scratch; *ko set on a run >= 5. */
int morpyam_count_points(uint64_t tokens, int num_players, bool *ko);
/* Tokens next to (row, col) going one way (drow, dcol), not counting the
 * square itself. */
int morpyam_run_from(uint64_t tokens, int row, int col, int dr, int dc);

/* Exact odds: for each figure, the probability of making it in one roll of
 * five dice and within three rolls when rerolling optimally for it alone
 * (three_rolls of sec equals one_roll: Sec exists only on the first roll). */
typedef struct MorpyamOdds {
    double one_roll[MF_COUNT];
    double three_rolls[MF_COUNT];
} MorpyamOdds;
/* Uses ms (initialised) as its tables. */
void morpyam_odds(const MorpyamMultisets *ms, MorpyamOdds *odds);

/* Game configuration and state, readable by AIs and clients. */
typedef struct MorpyamConfig {
    int players, variant, turn_cap, tokens;
    int rolloff_cap; /* tied roll-off rounds before seat order settles the tie */
    bool strict_call, daversa;
    uint8_t layout[36]; /* the grid played, or the squares dealt in Plus */
    /* Squares of layout whose figure five dice show (ignoring sec, appel and
     * the Morpyam-first rule), by 5-dice id - first[5]; unused in Plus,
     * whose grid is built during the game. */
    uint64_t cover[252];
    const MorpyamMultisets *ms; /* morpyam_multisets(): the same for every game */
} MorpyamConfig;

enum {
    MP_DEAL,        /* chance: Plus deal of one square */
    MP_ROLLOFF,     /* chance: one die of a roll-off */
    MP_PUT,         /* decision: a Plus builder puts a square */
    MP_START,       /* decision: roll or call before roll 1 */
    MP_CALL_ROLL,   /* decision: roll after a call before roll 1 */
    MP_ROLL,        /* chance: nroll dice rolled */
    MP_AFTER,       /* decision: after roll 1, 2 or 3 */
    MP_CALL_REROLL, /* decision: the reroll a call before roll 2 or 3 applies to */
    MP_FORCED,      /* decision: a successful call covers an Appel square */
    MP_OVER,
};
enum { MR_BUILD, MR_START };                         /* what a roll-off decides */
enum { MH_NONE, MH_KO, MH_POINTS, MH_FORFEIT, MH_CAP, MH_TIME }; /* how the game ended */

typedef struct MorpyamState {
    State base;
    const MorpyamConfig *cfg;
    uint64_t tokens[MAX_PLAYERS];
    uint64_t occupied;
    uint64_t kind_sq[MK_COUNT]; /* squares of each kind (built squares only) */
    uint8_t grid[36];           /* kind of each square; MK_NONE while unbuilt */
    int16_t points[MAX_PLAYERS]; /* line points, no end bonus */
    uint8_t left[MAX_PLAYERS];  /* tokens in hand */
    uint8_t phase, player, rolls, nroll;
    int8_t call;                /* figure called for the pending roll, -1 none */
    bool called;                /* a call was made this turn (strict-call) */
    bool replay;                /* this turn is a Morpyam replay */
    uint8_t alive;              /* players still in the game */
    uint8_t timed_out;          /* players who left on time (a server's clock) */
    uint16_t dice, kept;        /* multiset ids: the five dice; dice kept for the pending roll */
    int32_t turns;              /* turns started */
    uint8_t contenders, rolled, purpose; /* roll-off */
    uint16_t rounds;            /* tied rounds of the roll-off under way (0 outside one) */
    uint8_t roll_value[MAX_PLAYERS];
    uint8_t rank[MAX_PLAYERS];  /* building-order roll-off: dense rank so far, higher first */
    uint8_t dealt, builder;     /* Plus */
    uint8_t deal_left[MK_COUNT];
    uint8_t hand[MAX_PLAYERS][MK_COUNT];
    uint8_t winners, how, bonus_player; /* bonus_player 255 = none */
    uint64_t can_place;         /* morpyam_placeable(), kept from the last roll */
} MorpyamState;

static inline const MorpyamState *morpyam_state(const State *s)
{
    return (const MorpyamState *)s; /* only for states of the morpyam game */
}
static inline const MorpyamConfig *morpyam_config(const Game *g)
{
    return (const MorpyamConfig *)g->config;
}

/* ---- what a position says (position.c) ---- */

/* Who rolls now: at a chance node of dice, the seat whose dice they are
 * (the player to move for a roll, the first contender in seat order who
 * has not rolled yet in a roll-off); -1 anywhere else (a Plus deal, a
 * decision, the end). */
int morpyam_roller(const MorpyamState *s);
/* Squares the current dice may cover now (decision after a roll). */
uint64_t morpyam_placeable(const MorpyamState *s);
/* Recounted line points of every player; returns the KO player or -1. */
int morpyam_recount(const MorpyamState *s, int points[MAX_PLAYERS]);

/* The turn machine's apply and legal actions (state.c), for the AIs that
 * play turns on copies without the game interface. */
void morpyam_apply(State *st, Action a);
int morpyam_legal(const State *st, Action *out);

#endif
