/* Morphos: a two-player connection game whose "weak" stones can be flipped.
 * The rules are described in docs/rules-morphos.md. This header is the fast
 * interface for AIs and tools; everything else goes through game.h
 * (&morphos_ops). Colours are MORPHOS_BLACK/MORPHOS_WHITE; seats (the
 * game.h players) are 0 for whoever moved first and 1 for the other; a swap
 * exchanges which seat holds which colour. */
#ifndef MORPH_MORPHOS_H
#define MORPH_MORPHOS_H

#include "../../core/game.h"
#include "bitboard.h"

extern const GameOps morphos_ops;

enum { MORPHOS_BLACK = 0, MORPHOS_WHITE = 1 };

enum {
    MUT_MINIMORPH = 1,
    MUT_DEEPMORPH = 2,
    MUT_DUOMORPH = 4,
    MUT_REMORPH = 8,
    MUT_METAMORPH = 16,
};

/* Actions: ACT_FLIP + bit is a flip, a bare bit index a placement (the
 * regular stone, the duomorph second stone or the remorph returned stone,
 * depending on the phase). */
enum {
    ACT_FLIP = 512,
    ACT_SWAP = 1000,
    ACT_PASS = 1001,
};

#define MORPHOS_MAX_SHAPES 24
#define MORPHOS_MAX_OFFSETS 40

/* One weakness pattern in one orientation as (dx, dy) from the weak stone. */
typedef struct MorphosShape {
    int len;
    int8_t dx[8], dy[8];
} MorphosShape;

typedef struct MorphosConfig {
    int n, stride, nw;
    unsigned mutators;
    int move_cap;            /* turns; the game is a draw ("cap") when reached */
    Bb board;                /* every point */
    Bb edge[2][2];           /* [colour][first/second edge] */
    /* Whole-board detection: distinct bit offsets of pattern points, the
     * stone-centred orientations as indices into them, and pattern 3 as eight
     * offsets around the bottom-left cell of the 2x2 area. */
    int noffsets, offsets[MORPHOS_MAX_OFFSETS];
    int8_t offset_dx[MORPHOS_MAX_OFFSETS];
    Bb col_ok[5];            /* [dx + 2]: points whose column + dx is on the board */
    int norient, orient_len[16], orient_idx[16][5];
    /* Every orientation holds two adjacent sides of its stone: orient_pair
     * names one such pair k (sides k and k + 1 of N, E, S, W), side_idx the
     * offsets of the four sides. */
    int8_t orient_pair[16];
    int side_idx[4];
    bool area;
    int area_idx[8];
    /* Point-wise detection (flip-back checks, show): every shape around a
     * stone, pattern 3 as four shapes (one per cell of the area). */
    int nshapes;
    MorphosShape shapes[MORPHOS_MAX_SHAPES];
    /* Fast point-wise detection (incremental.c). The 3x3 neighbourhood of a
     * point is a byte, bit k set when the point at offset nb_off[k] holds a
     * stone (k = N, E, S, W, NE, SE, SW, NW: k ^ 2 is the opposite
     * direction). cover3[byte]: the shapes whose points next to the stone all
     * hold pattern stones; full3: the shapes with no other point; the other
     * points of shape s are out_off[s] (bit offsets, out_len[s] of them).
     * shape_ok[bit]: the shapes lying wholly on the board around that point. */
    int nb_off[8];
    uint32_t cover3[256];
    uint32_t full3;
    int out_len[MORPHOS_MAX_SHAPES];
    int out_off[MORPHOS_MAX_SHAPES][8];
    uint32_t shape_ok[BB_WORDS * 64];
    /* Each shape as a mask of the 5x5 window around its stone: bit
     * 5 * (dy + 2) + dx + 2. */
    uint32_t shape25[MORPHOS_MAX_SHAPES];
    /* side_of[bit]: the points above, right, below and left of bit; a side
     * off the board is given as a padding point (never a stone). */
    int16_t side_of[BB_WORDS * 64][4];
    /* window[bit]: the points whose weakness a change at bit can alter (every
     * pattern point lies within two rows and two columns of its stone). */
    Bb window[BB_WORDS * 64];
    /* Zobrist keys of the stones, [colour][bit] (morphos_stone_key). */
    uint64_t stone_key[2][BB_WORDS * 64];
} MorphosConfig;

enum { PHASE_MAIN, PHASE_DUO, PHASE_RETURN, PHASE_OVER };

/* A stride is at most 20 (19x19), so a neighbour is at most 21 bits away. */
#define MORPHOS_NB_MARGIN 24
#define MORPHOS_NB_CELLS (BB_WORDS * 64 + 2 * MORPHOS_NB_MARGIN)

typedef struct MorphosState {
    State base;
    const MorphosConfig *cfg;
    Bb stones[2];      /* [colour] */
    Bb flipped_last;   /* deepmorph: stones the opponent flipped on their latest turn */
    Bb targets;        /* flips legal now (MAIN phase; empty in the other phases) */
    /* Kept up to date by every stone change (incremental.c), recomputed from
     * scratch only by morphos_derive: weak[c] are the stones of colour c weak
     * against the stones of the other colour (plain patterns), reach[c][e]
     * the stones of c joined to edge e of c through stones of c. */
    Bb weak[2];
    Bb reach[2][2];
    uint64_t hash;     /* Zobrist hash of the stones */
    int turn;          /* completed turns (swap and pass included) */
    int16_t anchor;    /* PHASE_DUO: the first stone of the turn */
    uint8_t to_move;   /* colour */
    uint8_t black_seat;
    uint8_t phase;
    uint8_t winner;    /* PHASE_OVER: colour, or 2 for a draw */
    char how[16];      /* PHASE_OVER: "connection", "deadlock", "resign", "cap" */
    /* Position hashes at every decision node so far (repetition counts). */
    uint64_t *hist;
    int hist_len, hist_cap;
    /* nbhd[c][MORPHOS_NB_MARGIN + bit]: the 3x3 neighbourhood byte of bit in
     * the stones of colour c (MorphosConfig.nb_off), kept up to date like
     * weak and reach; the margin takes the neighbours of the edge rows. */
    uint8_t nbhd[2][MORPHOS_NB_CELLS];
} MorphosState;

/* Configuration (also used by the CLI without a Game): false with a
 * one-line reason for a bad size or mutator list. Sizes 2 to 19 are
 * accepted here (2 only for the deadlock table); games use 3 to 19. */
bool morphos_config_init(MorphosConfig *c, int n, const char *mutators, int move_cap,
                         char *err, size_t errlen);
bool morphos_parse_mutators(const char *list, unsigned *out, char *err, size_t errlen);

/* Stones of `own` that are weak when the stones of `pat` surround them. */
void morphos_weak(const MorphosConfig *c, const Bb *own, const Bb *pat, Bb *out);
/* Whether the stone at bit i is weak against pat (point-wise check). */
bool morphos_weak_at(const MorphosConfig *c, int i, const Bb *pat);
/* Whether a stone of colour placed on the empty point bit would be weak
 * against the other colour's stones of s (from s->nbhd). */
bool morphos_weak_if_placed(const MorphosState *s, int colour, int bit);
/* Whether colour has a chain touching both of its edges in stones (a flood
 * from scratch; a state knows it from reach: morphos_state_connected). */
bool morphos_connected(const MorphosConfig *c, const Bb *stones, int colour);
/* Grows set inside within (orthogonal steps) until it stops growing. */
void morphos_flood(const MorphosConfig *c, Bb *set, const Bb *within);
/* stones of colour joined to its edge e through its stones. */
void morphos_edge_reach(const MorphosConfig *c, const Bb *stones, int colour, int edge, Bb *out);
/* Whether colour's stones in s join both of its edges (from s->reach). */
static inline bool morphos_state_connected(const MorphosState *s, int colour)
{
    return bb_intersects(&s->reach[colour][0], &s->reach[colour][1], s->cfg->nw);
}
/* Recomputes s->weak and s->reach from the stones alone (new and read
 * states; the oracle of the incremental upkeep in the tests). */
void morphos_derive(MorphosState *s);
/* Black wins a deadlock when two like-coloured stones are vertically adjacent. */
int morphos_deadlock_winner(const MorphosConfig *c, const Bb stones[2]);

/* Bit index <-> (col, row). */
static inline int morphos_bit(const MorphosConfig *c, int col, int row) { return row * c->stride + col; }
static inline int morphos_col(const MorphosConfig *c, int bit) { return bit % c->stride; }
static inline int morphos_row(const MorphosConfig *c, int bit) { return bit / c->stride; }

/* Fast state access for AIs (no history kept by the _fast calls). */
static inline int morphos_seat_of(const MorphosState *s, int colour) { return colour == MORPHOS_BLACK ? s->black_seat : 1 - s->black_seat; }
bool morphos_swap_allowed(const MorphosState *s);
bool morphos_must_pass(const MorphosState *s);
/* Legal placements of the phase (empty points, or the duomorph neighbours). */
void morphos_place_mask(const MorphosState *s, Bb *out);
/* Number of legal actions and the k-th of them (in legal_actions order). */
int morphos_num_actions(const MorphosState *s);
Action morphos_nth_action(const MorphosState *s, int k);
/* Every legal action in ascending order (game.h legal_actions); returns
 * how many. */
int morphos_legal_actions(const MorphosState *s, Action *out);
/* Whether a is legal in s (game.h is_legal): a legal action, resign, or
 * the leave of a seat while the game runs. */
bool morphos_is_legal(const MorphosState *s, Action a);
/* A uniformly random legal action: the same as morphos_nth_action(s,
 * rng_below(rng, morphos_num_actions(s))), in one pass; s must be live. */
Action morphos_random_action(const MorphosState *s, Rng *rng);
/* A scratch copy for playouts: a plain struct copy without the history, to
 * be used only with the _fast calls and never freed with state_free. */
static inline void morphos_scratch_copy(MorphosState *dst, const MorphosState *src)
{
    *dst = *src;
    dst->hist = NULL;
    dst->hist_len = dst->hist_cap = 0;
}
/* Applies a legal action without recording history (playouts). */
void morphos_apply_fast(MorphosState *s, Action a);
/* Plays uniformly random legal actions until the game ends; records the
 * first max actions in played and the colour that played each in colours
 * (either may be NULL, e.g. for RAVE) and returns how many were played. */
int morphos_playout(MorphosState *s, Rng *rng, Action *played, uint8_t *colours, int max);
/* How many times the current position (stones, colour to move, pending
 * part) occurred so far, this time included. */
int morphos_repetitions(const MorphosState *s);

/* Builds a state from a position (no history): colour to move, MAIN phase. */
MorphosState *morphos_state_from_position(const Game *g, const Bb stones[2], int to_move);

/* Text: points ("c3"), positions ("B.W/.W./W.B"). */
void morphos_point_text(const MorphosConfig *c, int bit, char out[4]);
/* Reads "c3"; -1 when text is not a point of the board. */
int morphos_parse_point(const MorphosConfig *c, const char *text);
/* Reads a position; its size must be c->n when c is given, else *n_out gets it. */
bool morphos_parse_position(const char *text, int *n_out, char *cells, char *err, size_t errlen);
void morphos_position_text(const MorphosConfig *c, const Bb stones[2], StrBuf *out);
/* Board with coordinates; weak stones in lower case. */
void morphos_draw(const MorphosConfig *c, const Bb stones[2], StrBuf *out);
/* The same with other column names (columns[k] names column k, at least
 * c->n of them), for notations such as GTP's that skip a letter. */
#define MORPHOS_COLUMNS "abcdefghijklmnopqrs"
void morphos_draw_lettered(const MorphosConfig *c, const Bb stones[2], const char *columns, StrBuf *out);

/* Deadlock enumeration of full n x n boards (n <= 6). */
typedef struct MorphosDeadlocks {
    long no_moves, no_moves_no_winner;
} MorphosDeadlocks;
void morphos_count_deadlocks(const MorphosConfig *c, MorphosDeadlocks *out);

#endif
