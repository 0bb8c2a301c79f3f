/* What the files of the C API share (morph_api.h is the public face). */
#ifndef MORPH_CAPI_INTERNAL_H
#define MORPH_CAPI_INTERNAL_H

#include <jansson.h>
#include <stdbool.h>

#include "../core/game.h"
#include "../front/session.h"
#include "morph_api.h"
#include "spaces.h"

/* A game lives while its handle or any of its states does: a binding may
 * release them in any order (Python's collector of cycles does). */
typedef struct DenseSpace DenseSpace;
struct MorphGame {
    Game *game;
    int refs; /* the handle and every state; atomic */
    /* Its dense action ids, made by spaces.c at their first use (atomic),
     * and how the last holder frees them: spaces.c calls into this file's
     * functions, so the pointer keeps this file from calling into it. */
    DenseSpace *space;
    void (*release_space)(DenseSpace *space);
};

/* A State with the atomic actions applied since it was made, and what a
 * record of it needs beyond them: who sat at each seat and the seed. */
struct MorphState {
    const MorphGame *g;
    State *st;
    Action *hist;
    int n, cap;
    /* The parts drawn so far of a chance outcome drawn part by part
     * through the dense ids (spaces.h); any action the game applies ends
     * the draw. */
    Action parts[SPACE_PARTS];
    int nparts;
    bool from_start;  /* the history starts at the initial state */
    char *origin;     /* else the text it was read from (morph_state_origin) */
    uint64_t seed;    /* the session seed it was played with (0 when none) */
    bool has_players; /* players holds one entry per seat */
    char players[MAX_PLAYERS][136]; /* "human" or "ai:SPEC", as sessions take them */
};

/* Sets the thread's error message; returns false, so callers write
 * `return capi_fail(...)`. */
bool capi_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A copy of text the caller releases with morph_free. */
char *capi_strdup(const char *text);
/* The compact JSON text of v (released), as the command line prints it. */
char *capi_dump(json_t *v);
/* Reads a JSON text into an object of the kind wanted; NULL with the error
 * set (what names the value in the message). */
json_t *capi_parse_json(const char *text, const char *what);

/* A new handle over game (taken). */
MorphGame *capi_game_wrap(Game *game);
/* Another holder of g, and one less (the last frees it). */
const MorphGame *capi_game_ref(const MorphGame *g);
void capi_game_unref(const MorphGame *g);
/* A new handle over st (taken), with an empty history. */
MorphState *capi_state_wrap(const MorphGame *g, State *st, bool from_start);
/* Applies a (known legal) and appends it to the history. */
void capi_state_push(MorphState *s, Action a);
/* Whether a is something s may apply: a legal decision, a chance outcome,
 * a resignation or a leave. */
bool capi_can_apply(const State *st, Action a);

/* A session of s's game replaying its history from the start, players and
 * seed as for a record (morph_record_json); NULL with the error set. */
Session *capi_session_of(const MorphState *s, const char *const *players, int64_t seed);
/* The handle of a loaded session's game and final state (with its seats and
 * seed); NULL with the error set. */
MorphState *capi_state_of_session(const Session *ses, MorphGame **game);

#endif
