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

typedef struct GameOps {
    const char *name;    /* "morpyam", "morphos" */
    const char *summary; /* one line */
    const OptionSpec *option_specs; /* ends with {NULL} */

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

/* The registry of games. */
const GameOps *game_lookup(const char *name);
const GameOps *const *game_list(void); /* NULL-terminated */

/* Creates a configured game; NULL with a one-line message in err. */
Game *game_new(const char *name, const Options *opts, char *err, size_t errlen);
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

/* Parses and applies a text that may hold several actions joined by commas
 * (a Morphos "c3,c4" move), all or nothing. False with a message naming the
 * offending part; s is then unchanged. */
bool state_apply_text(State *s, const char *text, char *err, size_t errlen);

/* Returns for a finished game: winners share 1 equally, others get 0. */
void result_returns(const GameResult *r, int num_players, double returns[MAX_PLAYERS]);

/* Chance helper for games: samples an outcome from chance_outcomes. */
Action sample_from_outcomes(const State *s, Rng *rng);

#endif
