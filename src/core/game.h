/* The game interface every game implements (in the spirit of OpenSpiel's
 * Game/State API). The library holds the rules only: no I/O, no globals that
 * change. Front ends (CLI, protocols, AI) see games only through this header
 * and the game's own public header.
 *
 * A Game is a rule set plus its options (number of players, variant, ...).
 * A State is a position of that game including everything the rules need from
 * the history. Chance events (dice, deals) are explicit chance nodes: the
 * current player is PLAYER_CHANCE and chance_outcomes lists every outcome
 * with its exact probability; a front end samples one with its seeded Rng and
 * applies it like any other action. */
#ifndef MORPH_GAME_H
#define MORPH_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "options.h"
#include "rng.h"
#include "strbuf.h"

typedef int32_t Action;

#define MAX_PLAYERS 4
/* Upper bound on legal actions or chance outcomes in any state of any game. */
#define MAX_ACTIONS 1024
/* Enough for any message the library writes into an error buffer. */
#define ERR_MAX 256

enum {
    PLAYER_CHANCE = -1,   /* a chance node: apply one of chance_outcomes */
    PLAYER_TERMINAL = -2, /* the game is over */
};

/* Resigning is always allowed for the player to move at a decision node.
 * legal_actions does not list it (so AIs and random play never resign by
 * accident); is_legal, parse_action ("resign") and apply accept it. */
#define ACTION_RESIGN ((Action)0x7fff0000)

/* Leaving at any moment, whoever is to move: a player still in the game
 * resigns out of turn, or loses on time (the clock of a server). The action
 * names the player: ACTION_LEAVE(p, LEAVE_RESIGN), text "resign 2" (seat
 * p + 1), and ACTION_LEAVE(p, LEAVE_TIME), text "timeout 2". It is legal at
 * every node of a running game, chance nodes included, for every player
 * still in; legal_actions and chance_outcomes never list it. The rules say
 * what leaving does (the other player wins, or the game goes on without the
 * leaver) and the result's how says "time" when the clock ended it. */
enum { LEAVE_RESIGN, LEAVE_TIME };
#define ACTION_LEAVE_BASE ((Action)0x7fff0100)
#define ACTION_LEAVE(p, why) ((Action)(ACTION_LEAVE_BASE + (why) * MAX_PLAYERS + (p)))
static inline bool action_is_leave(Action a) { return a >= ACTION_LEAVE_BASE && a < ACTION_LEAVE_BASE + 2 * MAX_PLAYERS; }
static inline int leave_player(Action a) { return (int)((a - ACTION_LEAVE_BASE) % MAX_PLAYERS); }
static inline int leave_why(Action a) { return (int)((a - ACTION_LEAVE_BASE) / MAX_PLAYERS); }

typedef struct ChanceOutcome {
    Action action;
    double probability;
} ChanceOutcome;

/* How a finished game ended; the strings are part of records and protocols. */
typedef struct GameResult {
    bool terminal;
    unsigned winners;          /* bit p set: player p won (several bits: a shared win) */
    char how[24];              /* e.g. "ko", "points", "connection", "deadlock", "forfeit", "cap" */
    bool has_points;           /* whether points[] means something for this game */
    int points[MAX_PLAYERS];   /* final points (Morpyam), bonuses included */
} GameResult;

typedef struct Game Game;
typedef struct State State;

/* ---- Words for people ----
 * Every sentence a front end shows about an action, a refusal, a drawing's
 * codes or the rules comes from the game, so the terminal client, the
 * protocols and the web page all say the same thing. English, valid UTF-8,
 * no colour codes, no trailing newline unless stated. */

/* How sentences name the seats: names[p] ("P2", "Alice", "P2 (greedy)") or
 * "P1".."P4" where NULL (a NULL Voice means all defaults and no viewer).
 * viewer is the seat a sentence is addressed to, so that Morphos can say
 * "Black flips your stone on d3"; -1 addresses nobody in particular. */
typedef struct Voice {
    const char *names[MAX_PLAYERS];
    int viewer;
} Voice;

/* What a drawing highlights. Cells are bits row * width + col of a board
 * (row 0 is rank 1 at the bottom, col 0 is file a); cell_name() names one. */
enum MarkKind {
    MARK_LAST,      /* cells an action touched (placed, flipped, swapped, returned) */
    MARK_LINE,      /* a scoring line of player, worth points */
    MARK_KO,        /* the line of five or more that ended the game */
    MARK_CHAIN,     /* the chain joining player's two edges */
    MARK_WEAK,      /* weak stones of player (the opponent may flip them) */
    MARK_PLACEABLE, /* where the player to move may place now */
    MARK_BONUS,     /* the end bonus of player (no cells) */
};
#define MARK_CELL_WORDS 6 /* 384 bits: boards up to 19 x 19 */
#define MARKS_MAX 128
typedef struct Mark {
    uint8_t kind;    /* MarkKind */
    int8_t player;   /* the seat concerned, -1 for none */
    int16_t points;  /* points it is worth (lines, bonus, an action's gain), else 0 */
    uint64_t cells[MARK_CELL_WORDS];
    char label[96];  /* a short phrase: "line of three (+1)", "end bonus (+1)" */
} Mark;
typedef struct Marks {
    int width, height; /* the board the cells are on */
    int count;
    Mark items[MARKS_MAX];
} Marks;

/* One code of a drawing and what it means: {"CA", "carre", "four dice
 * alike"}, {"b", "weak Black stone", "..."}. */
typedef struct LegendEntry {
    const char *code;
    const char *name;
    const char *words;
} LegendEntry;
#define LEGEND_MAX 32

typedef struct GameOps {
    const char *name;    /* "morpyam", "morphos" */
    const char *summary; /* one line */
    const OptionSpec *option_specs; /* ends with {NULL} */
    const OptionWords *option_words; /* each option and choice for people, ends with {NULL} */
    /* Chance events people can make at a real table (dice, the Plus deal):
     * front ends then offer real dice, whose outcomes people type, and a
     * record of an unfinished game tells the future (its seed). */
    bool has_dice;

    /* Reads opts (already checked against option_specs) into g->config and
     * g->num_players; false with a one-line message. */
    bool (*configure)(Game *g, const Options *opts, char *err, size_t errlen);
    void (*free_config)(Game *g);

    State *(*new_initial_state)(const Game *g);
    State *(*clone)(const State *s);
    void (*free_state)(State *s);

    /* 0-based player to act, PLAYER_CHANCE or PLAYER_TERMINAL. */
    int (*current_player)(const State *s);
    /* Decision actions of the player to move, sorted ascending; at most
     * MAX_ACTIONS; 0 at chance and terminal nodes. */
    int (*legal_actions)(const State *s, Action *out);
    bool (*is_legal)(const State *s, Action a);
    /* Outcomes at a chance node with probabilities summing to 1; 0 elsewhere. */
    int (*chance_outcomes)(const State *s, ChanceOutcome *out);
    /* Draws one chance outcome with the distribution of chance_outcomes. */
    Action (*sample_chance)(const State *s, Rng *rng);
    /* Applies a legal action or chance outcome (undefined for anything else:
     * check with is_legal first when the action comes from outside). */
    void (*apply)(State *s, Action a);

    /* Text of an action in the context of s (the state before it is applied). */
    void (*action_text)(const State *s, Action a, StrBuf *out);
    /* Reads one action (not a comma-joined sequence) in the context of s;
     * false with "illegal move 'x': ..." or "malformed ..." when it is not a
     * legal action of s. */
    bool (*parse_action)(const State *s, const char *text, Action *out, char *err, size_t errlen);

    void (*result)(const State *s, GameResult *r);
    /* A one-line text holding the whole state; deserialize(serialize(s))
     * behaves exactly like s and serialises to the same text. */
    void (*serialize)(const State *s, StrBuf *out);
    State *(*deserialize)(const Game *g, const char *text, char *err, size_t errlen);
    /* A plain-text drawing for people (no colour codes). */
    void (*render)(const State *s, StrBuf *out);

    /* ---- words for people (see "Words for people" above) ---- */
    /* A sentence about action a (legal in s: a decision, resign or a chance
     * outcome) in the context of s, the state before it: "P2 keeps 3 3 3 and
     * rerolls two dice", "P2 covers f2 (three 3s) and scores a line of three
     * (+1)", "Black flips your stone on d3". */
    void (*describe)(const State *s, Action a, const Voice *v, StrBuf *out);
    /* Why text (one action, as a person or program wrote it) is not legal in
     * s, in the player's terms: "no 1 is showing to reroll", "c3 is taken",
     * "a die shows 1 to 6". False, writing nothing, when text is legal. */
    bool (*why_not)(const State *s, const char *text, StrBuf *out);
    /* The cells action a (legal in s) touches and the points it makes, as
     * MARK_LAST marks (out is reset first). */
    void (*action_marks)(const State *s, Action a, Marks *out);
    /* What a drawing of s highlights: scoring lines, the KO line, the
     * winning chain, weak stones, the end bonus, where the player to move
     * may place (out is reset first). */
    void (*marks)(const State *s, Marks *out);
    /* How a finished game ended, for people: who won and how, and for games
     * with points how each player made them (lines, end bonus). Several
     * lines, each ending with a newline. */
    void (*describe_result)(const State *s, const Voice *v, StrBuf *out);
    /* The codes drawings of g use and their meaning; returns the count
     * (at most LEGEND_MAX). */
    int (*legend)(const Game *g, LegendEntry *out);
    /* The rules of g (its variant and options) in our own words, the same
     * facts as docs/rules-GAME.md: paragraphs of lines of at most 78
     * columns, separated by blank lines, ending with a newline. */
    void (*rules)(const Game *g, StrBuf *out);
} GameOps;

struct Game {
    const GameOps *ops;
    int num_players;
    Options options; /* every accepted option with its effective value */
    void *config;    /* the game's own parsed configuration */
};

struct State {
    const Game *game; /* first member of every game's state struct */
};

/* Creates a configured game of ops (its options checked against the
 * game's option_specs); NULL with a one-line message in err. The games a
 * build knows, and finding one by name (game_new), are src/games/registry.h.
 * A game never changes once made: games with the same effective options
 * are one, shared and counted (game.c), so every game_create is matched by
 * one game_free, and nobody writes into a game. */
Game *game_create(const GameOps *ops, const Options *opts, char *err, size_t errlen);
void game_free(Game *g);

/* Thin dispatchers, so callers write state_apply(s, a). */
static inline State *state_new(const Game *g) { return g->ops->new_initial_state(g); }
static inline State *state_clone(const State *s) { return s->game->ops->clone(s); }
static inline void state_free(State *s) { if (s) s->game->ops->free_state(s); }
static inline int state_player(const State *s) { return s->game->ops->current_player(s); }
static inline bool state_is_terminal(const State *s) { return state_player(s) == PLAYER_TERMINAL; }
static inline bool state_is_chance(const State *s) { return state_player(s) == PLAYER_CHANCE; }
static inline int state_legal_actions(const State *s, Action *out) { return s->game->ops->legal_actions(s, out); }
static inline bool state_is_legal(const State *s, Action a) { return s->game->ops->is_legal(s, a); }
static inline int state_chance_outcomes(const State *s, ChanceOutcome *out) { return s->game->ops->chance_outcomes(s, out); }
static inline Action state_sample_chance(const State *s, Rng *rng) { return s->game->ops->sample_chance(s, rng); }
static inline void state_apply(State *s, Action a) { s->game->ops->apply(s, a); }
static inline void state_action_text(const State *s, Action a, StrBuf *out) { s->game->ops->action_text(s, a, out); }
static inline void state_result(const State *s, GameResult *r) { s->game->ops->result(s, r); }
static inline void state_serialize(const State *s, StrBuf *out) { s->game->ops->serialize(s, out); }
static inline void state_render(const State *s, StrBuf *out) { s->game->ops->render(s, out); }

static inline void state_describe(const State *s, Action a, const Voice *v, StrBuf *out) { s->game->ops->describe(s, a, v, out); }
static inline bool state_why_not(const State *s, const char *text, StrBuf *out) { return s->game->ops->why_not(s, text, out); }
static inline void state_action_marks(const State *s, Action a, Marks *out) { s->game->ops->action_marks(s, a, out); }
static inline void state_marks(const State *s, Marks *out) { s->game->ops->marks(s, out); }
static inline void state_describe_result(const State *s, const Voice *v, StrBuf *out) { s->game->ops->describe_result(s, v, out); }

/* The name of seat p under v: v->names[p], or "P1".."P4". */
const char *voice_name(const Voice *v, int p, char buf[8]);

/* Mark helpers for games: an empty set of marks for a width x height board,
 * and a new mark (NULL when MARKS_MAX are taken). */
void marks_reset(Marks *m, int width, int height);
Mark *marks_add(Marks *m, int kind, int player, int points, const char *label);
static inline void mark_set_cell(Mark *k, int cell) { k->cells[cell >> 6] |= 1ull << (cell & 63); }
static inline bool mark_has_cell(const Mark *k, int cell) { return k->cells[cell >> 6] >> (cell & 63) & 1; }
/* "a1" .. "s19": the name of cell (col, row), row 0 at the bottom. */
void cell_name(int col, int row, char out[4]);

/* Parses and applies a text that may hold several actions joined by commas
 * (a Morphos "c3,c4" move), all or nothing: at most STATE_TEXT_PARTS parts
 * of at most STATE_TEXT_PART_MAX bytes. False with a message naming the
 * offending part (valid UTF-8 whatever the text); s is then unchanged. */
#define STATE_TEXT_PARTS 16
#define STATE_TEXT_PART_MAX 127
bool state_apply_text(State *s, const char *text, char *err, size_t errlen);
/* Parses and applies a list of actions joined by commas, one after the
 * other, all or nothing: moves from the start of a game (a command's
 * --moves), as long as the game, where state_apply_text reads one turn.
 * Parts of at most STATE_TEXT_PART_MAX bytes, as many as there are. False
 * with a message naming the offending part and its place in the list; s is
 * then unchanged. */
bool state_apply_list(State *s, const char *text, char *err, size_t errlen);
/* The parsing half of state_apply_text: reads each part of text in the
 * context of s and applies it to s (a scratch copy: on failure s is left
 * part way). actions receives the atomic actions and, when non-NULL,
 * players the player to move before each part. Returns how many, or -1 - k
 * with the message when part k fails (players[0..k] are then set; -1 also
 * when there are too many parts, with players[0] set). */
int state_parse_text(State *s, const char *text, Action actions[STATE_TEXT_PARTS], int players[STATE_TEXT_PARTS],
                     char *err, size_t errlen);

/* For games: the text of a leave action ("resign 2", "timeout 2"), and
 * reading one for a game of players players: 1 with *out set when text is
 * one, 0 when text is not a leave text at all, -1 with the reason in err
 * when it names no seat of the game ("resign 5" of a two-player game). */
void leave_text(Action a, StrBuf *out);
int leave_parse(const char *text, int players, Action *out, char *err, size_t errlen);

/* Returns for a finished game: winners share 1 equally, others get 0. */
void result_returns(const GameResult *r, int num_players, double returns[MAX_PLAYERS]);

/* Chance helper for games: samples an outcome from chance_outcomes. */
Action sample_from_outcomes(const State *s, Rng *rng);

#endif
