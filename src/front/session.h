/* A game session: the game, its current state, the text of every atomic
 * action applied so far (chance outcomes included), the seat controllers and
 * the seeded chance. Front ends (the terminal client, `morph engine`, the
 * arena, GTP) drive games through a Session so that every one of them keeps
 * the same history and can write the same record.
 *
 * Determinism: everything follows from the seed. The chance outcome sampled
 * at history position k uses an Rng seeded from (seed, k), so undoing and
 * replaying decisions meets the same dice, and a resumed game continues with
 * exactly the dice it would have had. The AI of seat p is seeded from
 * (seed, p).
 *
 * A client's loop, writing the record after every move (record.h):
 *
 *     Session *s = session_new("morpyam", &opts, players, seed, err, sizeof err);
 *     while (!session_is_terminal(s)) {
 *         if (state_is_chance(s->state))        session_chance_step(s);   // or typed real dice
 *         else if (session_ai_to_move(s))       { session_ai_choose(s, &a, &why, ...); session_apply(s, a, ...); }
 *         else                                  session_apply_text(s, typed, err, sizeof err);
 *         record_save(s, path, created, RECORD_DURABLE, err, sizeof err);
 *     }
 *
 * To take back a person's move in a game against AIs, call session_undo
 * until a human seat is to move again. */
#ifndef MORPH_SESSION_H
#define MORPH_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "../ai/ai.h"
#include "../core/game.h"

/* Seeds are whole numbers 0 .. 2^63-1 (so records hold them as JSON numbers). */
#define SESSION_SEED_MAX INT64_MAX

typedef struct Seat {
    bool is_ai;
    char spec[128]; /* the AI spec ("greedy", "mcts:ms=200"); "" for a human */
    Ai *ai;         /* NULL for a human */
} Seat;

typedef struct Step {
    char *text;  /* the atomic action as action_text wrote it */
    int player;  /* who played it: a seat, or PLAYER_CHANCE */
    bool drawn;  /* a chance outcome the session drew from the seed (not typed) */
} Step;

typedef struct Session Session;

/* Told of every action as it is applied, with the state before it (so it can
 * be described) and its index in the history; not called while undo or
 * truncation replays the history. */
typedef void (*SessionObserver)(void *ctx, const Session *s, const State *before, Action a, int player, int index);

struct Session {
    Game *game;
    State *state;
    uint64_t seed;
    Seat seats[MAX_PLAYERS];
    Step *steps;
    int count, cap;
    SessionObserver observer; /* optional, see session_set_observer */
    void *observer_ctx;
    bool replaying;           /* inside session_truncate: the observer is quiet */
    unsigned truncations;     /* how many times steps were cut (undo, truncate): a
                                 reader that kept what it read of steps knows it stale */
};

/* A 64-bit seed mixed from a base seed and two indices (splitmix64 style),
 * used for chance, AI seats, arena games. */
uint64_t seed_derive(uint64_t seed, uint64_t a, uint64_t b);

/* Creates a session of game name with options; players gives one entry per
 * seat ("human" or "ai:SPEC"; NULL makes every seat human). The session owns
 * the game. NULL with a one-line message. */
Session *session_new(const char *name, const Options *opts, const char *const *players, uint64_t seed,
                     char *err, size_t errlen);
/* The same for an existing game (the session takes ownership of g, also on
 * failure). */
Session *session_new_game(Game *g, const char *const *players, uint64_t seed, char *err, size_t errlen);
void session_free(Session *s);

static inline int session_player(const Session *s) { return state_player(s->state); }
static inline bool session_is_terminal(const Session *s) { return state_is_terminal(s->state); }
/* The AI of the seat to move, or NULL (a human seat, chance, terminal). */
Ai *session_ai_to_move(const Session *s);

/* Applies a text of one or more comma-joined actions (decisions or chance
 * outcomes, e.g. typed real dice) all or nothing; each atomic action is
 * recorded as action_text writes it. False with the library's message.
 * This speaks for every seat and for chance: it is for programs that drive
 * the whole game (`morph engine`); a front end where people sit at seats
 * uses session_apply_for_seat. */
bool session_apply_text(Session *s, const char *text, char *err, size_t errlen);

/* What a person at seat may apply: a text of one or more comma-joined
 * actions, all or nothing, where every part is a decision of seat taken
 * while seat is still to move (a Morphos duomorph "c3,c4", a remorph
 * "e5,xf6"), or the seat's own "resign N" at any moment (game.h: leaving);
 * never "timeout N", which only a program's clock applies (session_apply
 * with ACTION_LEAVE). A part that would be another seat's decision, or the outcome of
 * a chance event, is refused with a message naming it, and nothing is
 * applied. At a chance node a person decides nothing: with may_roll (real
 * dice, the person rolls them) the text must be exactly the one outcome
 * asked for; without it the outcome is the program's to draw
 * (session_chance_step) and the text is refused. seat is not checked for
 * chance outcomes: the front end decides who may type them. */
bool session_apply_for_seat(Session *s, int seat, const char *text, bool may_roll, char *err, size_t errlen);
/* Applies one action (checked for legality, chance outcomes included). */
bool session_apply(Session *s, Action a, char *err, size_t errlen);

/* Samples and applies the chance outcome of the current chance node with the
 * Rng of its history position. False when the state is not a chance node. */
bool session_chance_step(Session *s);
/* The outcome session_chance_step would apply now (s at a chance node). */
Action session_chance_sample(const Session *s);
/* Whether every chance outcome so far was drawn by the session from the
 * seed (none typed or given as text): records say "dice": "auto". */
bool session_dice_drawn(const Session *s);
/* Samples chance nodes until a decision node or the end; returns how many. */
int session_chance_all(Session *s);

/* Asks the AI of the seat to move for an action, without applying it; an
 * explanation is appended to explain when non-NULL. False with a message
 * when the seat is not an AI's or the state is not a decision node. */
bool session_ai_choose(Session *s, Action *out, StrBuf *explain, char *err, size_t errlen);
/* The AI of the seat to move reseeded for this decision, as
 * session_ai_choose does it, for a caller that lets it choose on a copy of
 * the state (off its lock); NULL when no AI is to move. */
Ai *session_ai_for_decision(Session *s);

/* Undo: removes the last decision (of any seat) and every chance outcome
 * recorded after it, then rebuilds the state from the initial state by
 * replaying what remains (AIs are recreated from their seeds and told the
 * remaining history). Chance outcomes before that decision stay, so the
 * player faces the same dice again. Returns how many steps were removed;
 * 0 when there is no decision to undo. */
int session_undo(Session *s);

/* Sets (or with NULL clears) the observer told of every action applied. */
void session_set_observer(Session *s, SessionObserver fn, void *ctx);

/* Undo for people: takes back the latest decision of a person (a seat
 * without an AI) and every action after it, so that this person decides
 * again. At a table with an AI it never reveals a die: a decision followed by
 * a chance outcome (a roll the person has seen) is not taken back, since the
 * person could otherwise try again knowing the roll. Between people alone
 * (hot-seat) every decision can be taken back. Returns the number of steps
 * removed, or 0 with the reason in why. */
int session_undo_person(Session *s, char *why, size_t whylen);
/* The seat (0-based) whose decision session_undo_person would take back
 * now, or -1 with the reason in why (nothing to undo, a roll seen since). */
int session_undo_seat(const Session *s, char *why, size_t whylen);
/* Whether some seat is played by an AI. */
bool session_has_ai(const Session *s);

/* Rebuilds the state and AIs from the first n steps of the history (n <= count). */
void session_truncate(Session *s, int n);

#endif
