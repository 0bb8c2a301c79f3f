#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/utf8.h"
#include "../core/xalloc.h"
#include "../games/registry.h"

uint64_t seed_derive(uint64_t seed, uint64_t a, uint64_t b)
{
    uint64_t z = seed;
    uint64_t parts[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        z += 0x9e3779b97f4a7c15ULL * (parts[i] + 1);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        z ^= z >> 31;
    }
    return z;
}

/* Chance at history position k and AI of seat p use different streams. */
enum { STREAM_CHANCE = 1, STREAM_SEAT = 2 };

static bool make_ais(Session *s, char *err, size_t errlen)
{
    for (int p = 0; p < s->game->num_players; p++) {
        Seat *seat = &s->seats[p];
        ai_free(seat->ai);
        seat->ai = NULL;
        if (!seat->is_ai)
            continue;
        char msg[ERR_MAX];
        seat->ai = ai_new(seat->spec, s->game, seed_derive(s->seed, STREAM_SEAT, (uint64_t)p), msg, sizeof msg);
        if (!seat->ai) {
            snprintf(err, errlen, "seat %d: %s", p + 1, msg);
            return false;
        }
    }
    return true;
}

Session *session_new_game(Game *g, const char *const *players, uint64_t seed, char *err, size_t errlen)
{
    Session *s = xcalloc(1, sizeof *s);
    s->game = g;
    s->seed = seed;
    for (int p = 0; players && p < g->num_players; p++) {
        const char *word = players[p];
        if (strcmp(word, "human") == 0)
            continue;
        char q[EXCERPT_SIZE];
        if (strncmp(word, "ai:", 3) != 0 || !word[3]) {
            snprintf(err, errlen, "player %d: expected 'human' or 'ai:LEVEL', got '%s'", p + 1,
                     text_excerpt(word, EXCERPT_MAX, q, sizeof q));
            session_free(s);
            return NULL;
        }
        if (strlen(word + 3) >= sizeof s->seats[p].spec) {
            snprintf(err, errlen, "player %d: AI spec '%s' is too long (at most %zu characters)", p + 1,
                     text_excerpt(word + 3, EXCERPT_MAX, q, sizeof q), sizeof s->seats[p].spec - 1);
            session_free(s);
            return NULL;
        }
        s->seats[p].is_ai = true;
        strcpy(s->seats[p].spec, word + 3);
    }
    if (!make_ais(s, err, errlen)) {
        session_free(s);
        return NULL;
    }
    s->state = state_new(g);
    return s;
}

Session *session_new(const char *name, const Options *opts, const char *const *players, uint64_t seed,
                     char *err, size_t errlen)
{
    Game *g = game_new(name, opts, err, errlen);
    return g ? session_new_game(g, players, seed, err, errlen) : NULL;
}

void session_free(Session *s)
{
    if (!s)
        return;
    for (int p = 0; p < MAX_PLAYERS; p++)
        ai_free(s->seats[p].ai);
    for (int i = 0; i < s->count; i++)
        free(s->steps[i].text);
    free(s->steps);
    state_free(s->state);
    game_free(s->game);
    free(s);
}

Ai *session_ai_to_move(const Session *s)
{
    int p = session_player(s);
    return p >= 0 ? s->seats[p].ai : NULL;
}

/* Records a's text, tells the AIs, applies it. a must be legal; drawn: a
 * chance outcome the session drew from the seed. */
static void push(Session *s, Action a, bool drawn)
{
    StrBuf text = STRBUF_INIT;
    state_action_text(s->state, a, &text);
    if (s->count == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->steps = xrealloc(s->steps, (size_t)s->cap * sizeof *s->steps);
    }
    int player = action_is_leave(a) ? leave_player(a) : session_player(s); /* a leave is the leaver's */
    s->steps[s->count].text = xstrdup(sb_str(&text));
    s->steps[s->count].player = player;
    s->steps[s->count].drawn = drawn;
    s->count++;
    sb_free(&text);
    if (s->observer && !s->replaying)
        s->observer(s->observer_ctx, s, s->state, a, player, s->count - 1);
    for (int p = 0; p < s->game->num_players; p++)
        if (s->seats[p].ai)
            ai_observe(s->seats[p].ai, s->state, a);
    state_apply(s->state, a);
}

static bool chance_legal(const State *st, Action a)
{
    ChanceOutcome outcomes[MAX_ACTIONS];
    int n = state_chance_outcomes(st, outcomes);
    for (int i = 0; i < n; i++)
        if (outcomes[i].action == a && outcomes[i].probability > 0)
            return true;
    return false;
}

bool session_apply(Session *s, Action a, char *err, size_t errlen)
{
    int p = session_player(s);
    bool legal = action_is_leave(a) ? state_is_legal(s->state, a)
                 : p == PLAYER_CHANCE ? chance_legal(s->state, a)
                                      : p >= 0 && state_is_legal(s->state, a);
    if (!legal) {
        StrBuf text = STRBUF_INIT;
        if (p != PLAYER_TERMINAL)
            state_action_text(s->state, a, &text);
        snprintf(err, errlen, p == PLAYER_TERMINAL ? "the game is over" : "illegal move '%s'", sb_str(&text));
        sb_free(&text);
        return false;
    }
    push(s, a, false);
    return true;
}

/* The part of text that starts after k commas, up to the next one. */
static const char *part_at(const char *text, int k, char *out, size_t outlen)
{
    const char *p = text;
    for (int i = 0; i < k && p; i++) {
        p = strchr(p, ',');
        if (p)
            p++;
    }
    if (!p)
        p = "";
    size_t len = strcspn(p, ",");
    char part[STATE_TEXT_PART_MAX + 2];
    if (len >= sizeof part)
        len = sizeof part - 1;
    memcpy(part, p, len);
    part[len] = '\0';
    return text_excerpt(part, EXCERPT_MAX, out, outlen);
}

/* Parses text on a copy of the state and applies it only when every part is
 * legal and, for a seat, a decision of that seat; SEAT_ANY accepts every
 * part. */
enum { SEAT_ANY = -100 };

static bool apply_parts(Session *s, int seat, const char *text, char *err, size_t errlen)
{
    if (session_is_terminal(s)) {
        snprintf(err, errlen, "the game is over");
        return false;
    }
    State *work = state_clone(s->state);
    Action actions[STATE_TEXT_PARTS];
    int players[STATE_TEXT_PARTS];
    int n = state_parse_text(work, text, actions, players, err, errlen);
    state_free(work);
    /* Whose were the parts read, the one that failed included? */
    int seen = n >= 0 ? n : -n;
    for (int k = 0; seat != SEAT_ANY && k < seen && k < STATE_TEXT_PARTS; k++) {
        int p = players[k];
        char q[EXCERPT_SIZE], prev[EXCERPT_SIZE];
        if (k < n && action_is_leave(actions[k]) && leave_why(actions[k]) == LEAVE_TIME) {
            /* only the clock of a program says that a seat ran out of time */
            snprintf(err, errlen, "'%s' is not a decision: only the clock ends a game on time",
                     part_at(text, k, q, sizeof q));
            return false;
        }
        if (k < n && action_is_leave(actions[k]) && p != seat) {
            snprintf(err, errlen, "'%s' is for P%d to say, not P%d", part_at(text, k, q, sizeof q), p + 1, seat + 1);
            return false;
        }
        if (p == seat)
            continue;
        part_at(text, k, q, sizeof q);
        if (k > 0)
            part_at(text, k - 1, prev, sizeof prev);
        if (k == 0 && p == PLAYER_CHANCE)
            snprintf(err, errlen, "not a decision of P%d: a chance event is due", seat + 1);
        else if (k == 0)
            snprintf(err, errlen, "not the turn of P%d: P%d is to move", seat + 1, p + 1);
        else if (p == PLAYER_CHANCE)
            snprintf(err, errlen, "'%s' goes past the decisions of P%d: a chance event follows '%s'", q, seat + 1,
                     prev);
        else if (p == PLAYER_TERMINAL)
            snprintf(err, errlen, "'%s' comes after the end of the game (it ends with '%s')", q, prev);
        else
            snprintf(err, errlen, "'%s' would be a decision of P%d: the turn of P%d ends after '%s'", q, p + 1,
                     seat + 1, prev);
        return false;
    }
    if (n < 0)
        return false;
    for (int k = 0; k < n; k++)
        push(s, actions[k], false);
    return true;
}

bool session_apply_text(Session *s, const char *text, char *err, size_t errlen)
{
    return apply_parts(s, SEAT_ANY, text, err, errlen);
}

bool session_apply_for_seat(Session *s, int seat, const char *text, bool may_roll, char *err, size_t errlen)
{
    if (session_is_terminal(s)) {
        snprintf(err, errlen, "the game is over");
        return false;
    }
    Action leave;
    char why[ERR_MAX];
    if (seat >= 0 && seat < s->game->num_players && leave_parse(text, s->game->num_players, &leave, why, sizeof why) > 0)
        return apply_parts(s, seat, text, err, errlen); /* a player leaves at any moment, chance nodes too */
    if (state_is_chance(s->state) && may_roll) {
        if (strchr(text, ',')) { /* one outcome: the next may be another person's to roll */
            char q[EXCERPT_SIZE];
            snprintf(err, errlen, "type only the chance outcome asked for, one at a time ('%s' holds several)",
                     text_excerpt(text, EXCERPT_MAX, q, sizeof q));
            return false;
        }
        return apply_parts(s, SEAT_ANY, text, err, errlen);
    }
    if (state_is_chance(s->state)) {
        snprintf(err, errlen, "not a decision: a chance event is due and the program draws it");
        return false;
    }
    if (seat < 0 || seat >= s->game->num_players) {
        snprintf(err, errlen, "seat %d is not a seat of this game", seat + 1);
        return false;
    }
    return apply_parts(s, seat, text, err, errlen);
}

Action session_chance_sample(const Session *s)
{
    Rng rng;
    rng_seed(&rng, seed_derive(s->seed, STREAM_CHANCE, (uint64_t)s->count));
    return state_sample_chance(s->state, &rng);
}

bool session_chance_step(Session *s)
{
    if (!state_is_chance(s->state))
        return false;
    push(s, session_chance_sample(s), true);
    return true;
}

bool session_dice_drawn(const Session *s)
{
    for (int i = 0; i < s->count; i++)
        if (s->steps[i].player == PLAYER_CHANCE && !s->steps[i].drawn)
            return false;
    return true;
}

int session_chance_all(Session *s)
{
    int n = 0;
    while (session_chance_step(s))
        n++;
    return n;
}

bool session_ai_choose(Session *s, Action *out, StrBuf *explain, char *err, size_t errlen)
{
    int p = session_player(s);
    if (p < 0) {
        snprintf(err, errlen, p == PLAYER_CHANCE ? "no player to move: a chance node" : "the game is over");
        return false;
    }
    if (!s->seats[p].ai) {
        snprintf(err, errlen, "seat %d is not an AI", p + 1);
        return false;
    }
    *out = ai_choose(session_ai_for_decision(s), s->state, explain);
    return true;
}

Ai *session_ai_for_decision(Session *s)
{
    int p = session_player(s);
    if (p < 0 || !s->seats[p].ai)
        return NULL;
    /* The choice depends only on the position, the seed, the seat and the
     * history position: a resumed game continues as if it never stopped. */
    ai_reseed(s->seats[p].ai, seed_derive(seed_derive(s->seed, STREAM_SEAT, (uint64_t)p), (uint64_t)s->count, 0));
    return s->seats[p].ai;
}

void session_set_observer(Session *s, SessionObserver fn, void *ctx)
{
    s->observer = fn;
    s->observer_ctx = ctx;
}

void session_truncate(Session *s, int n)
{
    s->replaying = true;
    s->truncations++;
    Step *old = s->steps;
    int old_count = s->count;
    s->steps = NULL;
    s->count = s->cap = 0;
    state_free(s->state);
    s->state = state_new(s->game);
    char err[ERR_MAX];
    make_ais(s, err, sizeof err); /* the specs were accepted before */
    for (int i = 0; i < n && i < old_count; i++) {
        Action a;
        s->game->ops->parse_action(s->state, old[i].text, &a, err, sizeof err);
        push(s, a, old[i].drawn);
    }
    for (int i = 0; i < old_count; i++)
        free(old[i].text);
    free(old);
    s->replaying = false;
}

int session_undo(Session *s)
{
    int last = s->count - 1;
    while (last >= 0 && s->steps[last].player == PLAYER_CHANCE)
        last--;
    if (last < 0)
        return 0;
    int removed = s->count - last;
    session_truncate(s, last);
    return removed;
}

bool session_has_ai(const Session *s)
{
    for (int p = 0; p < s->game->num_players; p++)
        if (s->seats[p].is_ai)
            return true;
    return false;
}

/* The index of the latest decision of a person, or -1. */
static int last_person_step(const Session *s)
{
    int last = s->count - 1;
    while (last >= 0 && (s->steps[last].player < 0 || s->seats[s->steps[last].player].is_ai))
        last--;
    return last;
}

int session_undo_seat(const Session *s, char *why, size_t whylen)
{
    int last = last_person_step(s);
    if (last < 0) {
        snprintf(why, whylen, "nothing to undo: no decision of a person yet");
        return -1;
    }
    if (session_has_ai(s)) {
        for (int i = last + 1; i < s->count; i++) {
            if (s->steps[i].player == PLAYER_CHANCE) {
                char q[EXCERPT_SIZE];
                snprintf(why, whylen, "cannot undo '%s': the dice have been rolled since, and that cannot be taken "
                         "back (against an AI, only decisions made since the last roll can be)",
                         text_excerpt(s->steps[last].text, EXCERPT_MAX, q, sizeof q));
                return -1;
            }
        }
    }
    return s->steps[last].player;
}

int session_undo_person(Session *s, char *why, size_t whylen)
{
    if (session_undo_seat(s, why, whylen) < 0)
        return 0;
    int last = last_person_step(s);
    int removed = s->count - last;
    session_truncate(s, last);
    return removed;
}
