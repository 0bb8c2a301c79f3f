/* The flat C API of libmorph.so, for programs in other languages (the
 * Python package, python/morph, docs/python.md). It sits on the library
 * (src/core, src/games, src/ai, src/front) and adds no rule and no
 * sentence: every answer comes from the functions the command line uses.
 *
 * Conventions:
 * - Games and states are opaque handles; a state belongs to the game it was
 *   made from, which lives on while any of its states does (the handles
 *   may be released in any order).
 * - A function that can fail returns NULL or a negative number (but
 *   morph_state_apply_id, whose answers are players: MORPH_ILLEGAL), and
 *   the reason is one line that morph_error() gives, in the calling thread,
 *   until its next failing call: the library's own message ("illegal move
 *   'c3': c3 is taken"). Nothing prints, nothing exits.
 * - Strings returned as char * are the caller's: release them with
 *   morph_free(). JSON is compact UTF-8.
 * - Actions are the games' integers (game.h), or dense ids where a call
 *   says so (OpenSpiel's numbering, spaces.c); lists of them are written
 *   into arrays of MORPH_MAX_ACTIONS entries.
 * - Every call may run on any thread; one handle is used by one thread at a
 *   time. Nothing holds a lock of the caller's, so a binding may release
 *   its interpreter lock around every call (Python's ctypes does). */
#ifndef MORPH_API_H
#define MORPH_API_H

#include <stddef.h>
#include <stdint.h>

#define MORPH_API __attribute__((visibility("default")))

#define MORPH_MAX_ACTIONS 1024 /* game.h MAX_ACTIONS */
#define MORPH_MAX_PLAYERS 4
#define MORPH_CHANCE (-1)
#define MORPH_TERMINAL (-2)
#define MORPH_ILLEGAL (-3) /* morph_state_apply_id's refusal: no player has this number */

typedef struct MorphGame MorphGame;
typedef struct MorphState MorphState;

/* ---- errors and strings (capi_base.c) ---- */
MORPH_API const char *morph_error(void);
MORPH_API void morph_free(char *text);
MORPH_API const char *morph_version(void);
/* A seed mixed from a base seed and two indices, as sessions mix theirs
 * (src/front/session.h: seed_derive). */
MORPH_API uint64_t morph_seed_derive(uint64_t seed, uint64_t a, uint64_t b);

/* ---- games (capi_game.c) ---- */
/* [{"name","summary","dice","options":[{"key","kind","default","help"}]}] */
MORPH_API char *morph_games_json(void);
/* The game called name with options, a JSON object as records hold them
 * ({"size":9,"mutators":["minimorph"]}; NULL or "" for the defaults). */
MORPH_API MorphGame *morph_game_new(const char *name, const char *options_json);
MORPH_API void morph_game_free(MorphGame *g);
/* {"name","options":{every effective option},"players","dice",
 * "observation":[shape]} */
MORPH_API char *morph_game_json(const MorphGame *g);
MORPH_API int morph_game_num_players(const MorphGame *g);
/* The rules of this game (its options) in paragraphs; its legend as
 * [{"code","name","words"}]. */
MORPH_API char *morph_game_rules(const MorphGame *g);
MORPH_API char *morph_game_legend_json(const MorphGame *g);

/* ---- states (capi_state.c) ---- */
MORPH_API MorphState *morph_state_new(const MorphGame *g);
MORPH_API MorphState *morph_state_clone(const MorphState *s);
MORPH_API void morph_state_free(MorphState *s);
/* The seat to move (0-based), MORPH_CHANCE or MORPH_TERMINAL. */
MORPH_API int morph_state_player(const MorphState *s);
/* Legal decisions of the seat to move, ascending (none at chance or the
 * end); returns how many. */
MORPH_API int morph_state_legal(const MorphState *s, int32_t *actions);
/* Chance outcomes and their exact probabilities (none elsewhere). */
MORPH_API int morph_state_chance(const MorphState *s, int32_t *actions, double *probabilities);
/* Applies a legal decision, chance outcome, resignation or leave: 0, or -1
 * when a is none of them here. */
MORPH_API int morph_state_apply(MorphState *s, int32_t a);
/* Applies a text of one or more comma-joined actions, all or nothing;
 * returns how many atomic actions, or -1 with the library's message. */
MORPH_API int morph_state_apply_text(MorphState *s, const char *text);
/* The text of a (legal here) in the context of s; NULL when it is not. */
MORPH_API char *morph_state_action_text(const MorphState *s, int32_t a);
/* Reads one action (no commas): 0 with *out, or -1 with the message. */
MORPH_API int morph_state_parse_action(const MorphState *s, const char *text, int32_t *out);
/* Returns of a finished game (winners share 1), zeros while it runs;
 * returns the number of players. */
MORPH_API int morph_state_returns(const MorphState *s, double *out);
/* null, or {"winners","how","points","returns"} as records write it. */
MORPH_API char *morph_state_result_json(const MorphState *s);
/* The game's one-line text of the position, and reading one back (the new
 * state's history starts there). */
MORPH_API char *morph_state_serialize(const MorphState *s);
MORPH_API MorphState *morph_state_deserialize(const MorphGame *g, const char *text);
/* The plain-text drawing. */
MORPH_API char *morph_state_render(const MorphState *s);
/* The atomic actions applied since the state was made: writes at most cap
 * of them, returns how many there are. */
MORPH_API int morph_state_history(const MorphState *s, int32_t *out, int cap);
/* 1 when the history starts at the initial state (not a text read back). */
MORPH_API int morph_state_from_start(const MorphState *s);
/* The text a state read back was read from (its history follows it), or ""
 * when its history starts at the initial state. */
MORPH_API char *morph_state_origin(const MorphState *s);

/* ---- observations (observe.c) ---- */
/* The shape of g's observation tensor (planes, height, width): returns the
 * number of dimensions (3). */
MORPH_API int morph_game_observation_shape(const MorphGame *g, int32_t shape[3]);
/* Fills out (count floats, the product of the shape) for the position. */
MORPH_API int morph_state_observation(const MorphState *s, float *out, size_t count);

/* Many states' observations at once (a batch for training): row i of out
 * (count floats, as above) is states[i]'s. Returns n, or -1. */
MORPH_API int morph_states_observations(const MorphState *const *states, int n, float *out, size_t count);

/* ---- dense ids, OpenSpiel's numbering (spaces.c) ---- */
/* Every decision a game can ever offer has an id 0 .. distinct_actions-1
 * and every chance outcome an id 0 .. max_chance_outcomes-1, each in the
 * order of the games' integers (docs/python.md, "Coming from OpenSpiel"). */
MORPH_API int morph_game_num_distinct_actions(const MorphGame *g);
MORPH_API int morph_game_max_chance_outcomes(const MorphGame *g);
/* No game is longer (atomic actions, chance included); -1 when the rules
 * bound none. */
MORPH_API long long morph_game_max_game_length(const MorphGame *g);
/* The id of a game's integer (-1 when it has none: resign, leave), and the
 * integer of a decision's id (chance 0) or of a chance outcome's (chance
 * 1), -1 when out of range. */
MORPH_API int32_t morph_game_action_id(const MorphGame *g, int32_t action);
MORPH_API int32_t morph_game_action_of(const MorphGame *g, int32_t id, int chance);
/* The ids of the legal decisions, ascending; at a chance node the ids of
 * the outcomes that can happen (OpenSpiel's legal_actions). */
MORPH_API int morph_state_legal_ids(const MorphState *s, int32_t *ids);
/* The outcomes that can happen here with their probabilities (none away
 * from chance). An outcome of several parts (a roll of several dice) is
 * drawn part by part, ascending: the node lists the parts that can come
 * next, each with its probability given the parts drawn, and stays a
 * chance node until the last part is applied (docs/python.md). */
MORPH_API int morph_state_chance_ids(const MorphState *s, int32_t *ids, double *probabilities);
/* How many outcomes can happen here, and a 64-bit hash of them with their
 * probabilities in *key (0 away from chance): a binding keeps the lists it
 * has built by this key rather than build the same list again (a roll of
 * five dice lists 252 outcomes). */
MORPH_API int morph_state_chance_key(const MorphState *s, uint64_t *key);
/* Applies a decision's id (a chance outcome's at a chance node) and returns
 * who moves now (as morph_state_player: a binding then need not ask), or
 * MORPH_ILLEGAL, with the error set, when id is not legal here. */
MORPH_API int morph_state_apply_id(MorphState *s, int32_t id);
/* The text of a chance outcome's id that can be drawn here (a part's own
 * text, "die 3", when it is one part of an outcome); NULL with the error
 * set otherwise. */
MORPH_API char *morph_state_outcome_text(const MorphState *s, int32_t id);
/* morph_state_history in ids, an outcome drawn part by part as its parts
 * (and the parts drawn of one being drawn). */
MORPH_API int morph_state_history_ids(const MorphState *s, int32_t *out, int cap);
/* Legal masks of many states of one game: row i of out (distinct_actions
 * bytes) holds 1 at the ids legal in states[i], zeros at chance nodes and
 * at the end. Returns n, or -1. */
MORPH_API int morph_states_legal_masks(const MorphState *const *states, int n, uint8_t *out);

/* ---- words for people (capi_words.c) ---- */
/* The game's sentence for action a (legal here) in the context of s, seats
 * named P1..P4; NULL with a message when a is not legal here. */
MORPH_API char *morph_state_describe(const MorphState *s, int32_t a);
/* Why text (one action or several joined by commas) is not legal in s, in
 * the player's terms: NULL with *legal = 1 when it is legal. */
MORPH_API char *morph_state_why_not(const MorphState *s, const char *text, int *legal);
/* The highlights of the position: {"width","height","marks":[...]}. */
MORPH_API char *morph_state_marks_json(const MorphState *s);
/* How a finished game ended, in lines; NULL while it runs. */
MORPH_API char *morph_state_describe_result(const MorphState *s);

/* ---- AI (capi_ai.c) ---- */
/* [{"level","summary","default_ms","threads"}] of the levels playing game. */
MORPH_API char *morph_ai_levels_json(const char *game);
/* The choice of the AI spec ("mcts:ms=100") seeded with seed for the
 * player to move in s: 0 with *out (and the level's explanation in
 * *explain when explain is not NULL), or -1. */
MORPH_API int morph_ai_choose(const MorphState *s, const char *spec, uint64_t seed, int32_t *out, char **explain);
/* Plays games seed .. seed + n - 1 of g to the end, each one exactly the
 * game `morph play GAME --players ai:SPEC,... --seed S` plays (a session:
 * chance from the seed, seat p's AI seeded from (seed, p)); specs holds one
 * AI spec per seat. For game i: returns[i * players + p], lengths[i]
 * (atomic actions), winners[i] (bit p: seat p won) and points[i * players +
 * p] (0 for games without points). Returns n, or -1. */
MORPH_API int morph_play_games(const MorphGame *g, const char *const *specs, uint64_t seed, int n, double *returns,
                               int32_t *lengths, uint32_t *winners, int32_t *points);
/* The same for one game, as a state at its end with the whole history. */
MORPH_API MorphState *morph_play_game(const MorphGame *g, const char *const *specs, uint64_t seed);

/* ---- random games (capi_random.c) ---- */
/* A seeded stream (xoshiro256**, src/core/rng.h). */
typedef struct MorphRng MorphRng;
MORPH_API MorphRng *morph_rng_new(uint64_t seed);
/* A stream in the same place as r, independent of it from now on. */
MORPH_API MorphRng *morph_rng_clone(const MorphRng *r);
MORPH_API void morph_rng_free(MorphRng *r);
/* Uniform in [0, bound); 0 when bound is 0. */
MORPH_API uint32_t morph_rng_below(MorphRng *r, uint32_t bound);
/* Draws a chance outcome of s with the game's distribution: 0 with *out, or
 * -1 when s is not a chance node. */
MORPH_API int morph_state_sample_chance(const MorphState *s, MorphRng *r, int32_t *out);
/* The id of a chance outcome drawn with r as morph_state_chance_ids weighs
 * them (one part of an outcome drawn part by part); -1 away from chance. */
MORPH_API int morph_state_sample_id(const MorphState *s, MorphRng *r, int32_t *out);
/* Plays n games of g from the start, game i with an Rng seeded with seed +
 * i: each decision legal_actions[morph_rng_below(n)], each chance outcome
 * morph_state_sample_chance (what `morph bench` times). Results as for
 * morph_play_games; returns n, or -1. */
MORPH_API int morph_random_games(const MorphGame *g, uint64_t seed, int n, double *returns, int32_t *lengths,
                                 uint32_t *winners, int32_t *points);

/* ---- records (capi_record.c) ---- */
/* Loads a record (a file, or its text) checked as `morph replay` checks it:
 * the state at its end with every action in its history, its game in
 * *game (the caller frees both) and the document in *doc (JSON). */
MORPH_API MorphState *morph_record_load(const char *path, MorphGame **game, char **doc);
MORPH_API MorphState *morph_record_load_text(const char *text, MorphGame **game, char **doc);
/* The record of s's game (its history from the start), players one spec per
 * seat ("human" or "ai:SPEC"; NULL: as the state knows them, else human),
 * seed as given (negative: the state's). */
MORPH_API char *morph_record_json(const MorphState *s, const char *const *players, int64_t seed);
/* The same written to path atomically: 0 or -1. */
MORPH_API int morph_record_save(const MorphState *s, const char *const *players, int64_t seed, const char *path);

/* ---- solver and analysis (capi_solve.c) ---- */
/* `morph morphos solve --json` of the position s: seconds and nodes 0 for
 * no budget, memory_mb 0 for the default, no_swap as --no-swap. */
MORPH_API char *morph_solve_json(const MorphState *s, double seconds, long long nodes, int threads, int memory_mb,
                                 int no_swap);
/* `morph analyze --json` of a record file, or of the game of state s (its
 * history from the start). */
MORPH_API char *morph_analyze_json(const char *path, double budget, uint64_t seed);
MORPH_API char *morph_analyze_state_json(const MorphState *s, double budget, uint64_t seed);

#endif
