/* Morphos behind the game interface (game.h): options, states, actions as
 * text, serialisation and results. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "morphos.h"
#include "words.h"
#include "../../core/number.h"
#include "../../core/utf8.h"
#include "../../core/xalloc.h"

/* Turns; far beyond any real game, and small enough for an int. */
#define MORPHOS_MOVE_CAP_MAX 100000000

static const OptionSpec specs[] = {
    {"size", OPTION_INT, "13", "board size n (3 to 19)", NULL, 3, 19},
    {"mutators", OPTION_LIST, "", "any of minimorph,deepmorph,duomorph,remorph,metamorph",
     "minimorph,deepmorph,duomorph,remorph,metamorph", 0, 0},
    {"move-cap", OPTION_INT, "0", "turns before the game ends as a draw (how \"cap\"); 0 means 4*size*size", NULL, 0,
     MORPHOS_MOVE_CAP_MAX},
    {NULL, 0, NULL, NULL, NULL, 0, 0},
};

static bool configure(Game *g, const Options *opts, char *err, size_t errlen)
{
    /* strtol, not atoi: a huge value must be refused, not wrapped into range */
    const char *size = options_value(opts, specs, "size"), *move_cap = options_value(opts, specs, "move-cap");
    long n = strtol(size, NULL, 10), cap = strtol(move_cap, NULL, 10);
    if (n < 3 || n > 19) {
        snprintf(err, errlen, "option 'size' must be 3 to 19, got %s", size);
        return false;
    }
    if (cap < 0 || cap > MORPHOS_MOVE_CAP_MAX) {
        snprintf(err, errlen, "option 'move-cap' must be 0 (automatic) to %d, got %s", MORPHOS_MOVE_CAP_MAX, move_cap);
        return false;
    }
    MorphosConfig *c = xmalloc(sizeof *c);
    if (!morphos_config_init(c, (int)n, options_value(opts, specs, "mutators"), cap ? (int)cap : 4 * (int)(n * n), err,
                             errlen)) {
        free(c);
        return false;
    }
    g->config = c;
    g->num_players = 2;
    return true;
}

static void free_config(Game *g)
{
    free(g->config);
    g->config = NULL;
}

static void push_hist(MorphosState *s)
{
    if (s->hist_len == s->hist_cap) {
        int cap = s->hist_cap ? s->hist_cap * 2 : 64;
        uint64_t *h = xrealloc(s->hist, (size_t)cap * sizeof *h);
        s->hist = h;
        s->hist_cap = cap;
    }
    s->hist[s->hist_len++] = morphos_node_hash(s);
}

static MorphosState *alloc_state(const Game *g)
{
    MorphosState *s = xcalloc(1, sizeof *s);
    s->base.game = g;
    s->cfg = g->config;
    return s;
}

static State *new_initial_state(const Game *g)
{
    MorphosState *s = alloc_state(g);
    const MorphosConfig *c = s->cfg;
    if (c->mutators & MUT_METAMORPH)
        for (int r = 0; r < c->n; r++)
            for (int col = 0; col < c->n; col++)
                bb_set(&s->stones[(r + col) & 1], morphos_bit(c, col, r));
    morphos_recompute_hash(s);
    morphos_derive(s);
    morphos_begin_turn(s, false);
    push_hist(s);
    return &s->base;
}

MorphosState *morphos_state_from_position(const Game *g, const Bb stones[2], int to_move)
{
    MorphosState *s = alloc_state(g);
    s->stones[0] = stones[0];
    s->stones[1] = stones[1];
    s->to_move = (uint8_t)to_move;
    morphos_recompute_hash(s);
    morphos_derive(s);
    for (int colour = 0; colour < 2; colour++)
        if (morphos_connected(s->cfg, &s->stones[colour], colour)) {
            s->phase = PHASE_OVER;
            s->winner = (uint8_t)colour;
            strcpy(s->how, "connection");
        }
    if (s->phase != PHASE_OVER)
        morphos_begin_turn(s, false);
    push_hist(s);
    return s;
}

static State *clone_state(const State *st)
{
    const MorphosState *s = (const MorphosState *)st;
    MorphosState *t = xmalloc(sizeof *t);
    *t = *s;
    t->hist = xmalloc((size_t)(s->hist_cap ? s->hist_cap : 1) * sizeof *t->hist);
    memcpy(t->hist, s->hist, (size_t)s->hist_len * sizeof *t->hist);
    return &t->base;
}

static void free_state(State *st)
{
    MorphosState *s = (MorphosState *)st;
    free(s->hist);
    free(s);
}

static int current_player(const State *st)
{
    const MorphosState *s = (const MorphosState *)st;
    return s->phase == PHASE_OVER ? PLAYER_TERMINAL : morphos_seat_of(s, s->to_move);
}

static int legal_actions(const State *st, Action *out)
{
    return morphos_legal_actions((const MorphosState *)st, out);
}

static bool is_legal(const State *st, Action a)
{
    return morphos_is_legal((const MorphosState *)st, a);
}

static int no_chance(const State *st, ChanceOutcome *out)
{
    return 0;
}

static Action no_sample(const State *st, Rng *rng)
{
    return ACT_PASS;
}

static void apply(State *st, Action a)
{
    MorphosState *s = (MorphosState *)st;
    morphos_apply_fast(s, a);
    push_hist(s);
}

static void action_text(const State *st, Action a, StrBuf *out)
{
    const MorphosState *s = (const MorphosState *)st;
    char pt[4];
    if (a == ACTION_RESIGN) {
        sb_puts(out, "resign");
    } else if (action_is_leave(a)) {
        leave_text(a, out);
    } else if (a == ACT_SWAP) {
        sb_puts(out, "swap");
    } else if (a == ACT_PASS) {
        sb_puts(out, "pass");
    } else if (a >= ACT_FLIP) {
        morphos_point_text(s->cfg, a - ACT_FLIP, pt);
        sb_printf(out, "x%s", pt);
    } else {
        morphos_point_text(s->cfg, a, pt);
        sb_puts(out, pt);
    }
}

static bool parse_action(const State *st, const char *text, Action *out, char *err, size_t errlen)
{
    /* The reason comes from why_not.c, so a refusal and why_not agree. */
    StrBuf why = STRBUF_INIT;
    MorphosRead r = morphos_read_action((const MorphosState *)st, text, out, &why);
    if (r != MORPHOS_READ_OK)
        snprintf(err, errlen, "%s move '%.40s': %s", r == MORPHOS_READ_MALFORMED ? "malformed" : "illegal", text,
                 sb_str(&why));
    sb_free(&why);
    return r == MORPHOS_READ_OK;
}

static void result(const State *st, GameResult *r)
{
    const MorphosState *s = (const MorphosState *)st;
    memset(r, 0, sizeof *r);
    if (s->phase != PHASE_OVER)
        return;
    r->terminal = true;
    r->winners = s->winner == 2 ? 3u : 1u << morphos_seat_of(s, s->winner);
    snprintf(r->how, sizeof r->how, "%s", s->how);
}

/* Serialised form: POSITION to=B|W black=SEAT turn=N phase=main|duo:PT|return|over:B|W|D:HOW
 * flipped=PT|- hist=HEX,HEX,... */
static void serialize(const State *st, StrBuf *out)
{
    const MorphosState *s = (const MorphosState *)st;
    char pt[4];
    morphos_position_text(s->cfg, s->stones, out);
    sb_printf(out, " to=%c black=%d turn=%d phase=", "BW"[s->to_move], s->black_seat, s->turn);
    switch (s->phase) {
    case PHASE_MAIN: sb_puts(out, "main"); break;
    case PHASE_RETURN: sb_puts(out, "return"); break;
    case PHASE_DUO:
        morphos_point_text(s->cfg, s->anchor, pt);
        sb_printf(out, "duo:%s", pt);
        break;
    default: sb_printf(out, "over:%c:%s", "BWD"[s->winner], s->how);
    }
    int f = bb_count(&s->flipped_last, s->cfg->nw) ? bb_select(&s->flipped_last, 0, s->cfg->nw) : -1;
    if (f >= 0) {
        morphos_point_text(s->cfg, f, pt);
        sb_printf(out, " flipped=%s", pt);
    } else {
        sb_puts(out, " flipped=-");
    }
    sb_puts(out, " hist=");
    for (int i = 0; i < s->hist_len; i++)
        sb_printf(out, "%s%016llx", i ? "," : "", (unsigned long long)s->hist[i]);
}

/* The value of field k of a serialised state: fields are separated by single
 * spaces and field k (k > 0) starts with key; NULL when it does not. The
 * value is copied into out (outlen bytes at most, else NULL). */
static const char *field(const char *text, int k, const char *key, char *out, size_t outlen)
{
    const char *p = text;
    for (int i = 0; i < k; i++) {
        p = strchr(p, ' ');
        if (!p)
            return NULL;
        p++;
    }
    size_t klen = strlen(key), len = strcspn(p, " ");
    if (strncmp(p, key, klen) != 0 || len < klen || len - klen >= outlen)
        return NULL;
    memcpy(out, p + klen, len - klen);
    out[len - klen] = '\0';
    return out;
}

/* "over:B:connection" and the like: how a finished game ended. */
static bool read_over(const char *phase, MorphosState *s)
{
    static const char *const hows[] = {"connection", "deadlock", "resign", "cap", "time"};
    const char *w = strchr("BWD", phase[5]);
    if (strncmp(phase, "over:", 5) != 0 || !phase[5] || !w || phase[6] != ':')
        return false;
    s->phase = PHASE_OVER;
    s->winner = (uint8_t)(w - "BWD");
    snprintf(s->how, sizeof s->how, "%.15s", phase + 7);
    for (size_t i = 0; i < sizeof hows / sizeof hows[0]; i++)
        if (strcmp(phase + 7, hows[i]) == 0)
            return true;
    s->how[0] = '\0'; /* refused below, by name */
    return true;
}

/* One 64-bit position hash: 1 to 16 hexadecimal digits, nothing else. */
static bool read_hash(const char *p, size_t len, uint64_t *out)
{
    if (len == 0 || len > 16 || strspn(p, "0123456789abcdef") < len)
        return false;
    uint64_t h = 0;
    for (size_t i = 0; i < len; i++)
        h = h << 4 | (uint64_t)(p[i] <= '9' ? p[i] - '0' : p[i] - 'a' + 10);
    *out = h;
    return true;
}

/* Why a finished state could not have been reached, or NULL. */
static const char *over_problem(const MorphosState *s)
{
    const MorphosConfig *c = s->cfg;
    if (!s->how[0])
        return "how the game ended must be connection, deadlock, resign, cap or time";
    if (strcmp(s->how, "cap") == 0)
        return s->winner != 2 ? "only the move cap ends a game in a draw"
               : s->turn != c->move_cap ? "a draw at the move cap before the cap" : NULL;
    if (s->winner == 2)
        return "only the move cap ends a game in a draw";
    if (strcmp(s->how, "connection") == 0 && !morphos_connected(c, &s->stones[s->winner], s->winner))
        return s->winner == MORPHOS_BLACK ? "Black wins by a connection it does not have"
                                          : "White wins by a connection it does not have";
    if (strcmp(s->how, "deadlock") == 0 && s->winner != morphos_deadlock_winner(c, s->stones))
        return "the deadlock winner is not the one the rules name";
    return NULL;
}

static State *deserialize(const Game *g, const char *text, char *err, size_t errlen)
{
    const MorphosConfig *c = g->config;
    char pos[400], to[4], seat_text[4], turn_text[24], phase[40], flipped[8];
    long seat = -1, turn = -1;
    /* Seven fields separated by single spaces; numbers strictly (no sign, no
     * spaces, no overflow). */
    bool fields = field(text, 0, "", pos, sizeof pos) && field(text, 1, "to=", to, sizeof to) &&
                  field(text, 2, "black=", seat_text, sizeof seat_text) &&
                  field(text, 3, "turn=", turn_text, sizeof turn_text) && field(text, 4, "phase=", phase, sizeof phase) &&
                  field(text, 5, "flipped=", flipped, sizeof flipped);
    const char *hist = NULL;
    if (fields) {
        const char *p = text;
        for (int i = 0; i < 6 && p; i++)
            if ((p = strchr(p, ' ')))
                p++;
        hist = p && strncmp(p, "hist=", 5) == 0 ? p + 5 : NULL;
    }
    if (!fields || !hist || (strcmp(to, "B") != 0 && strcmp(to, "W") != 0) ||
        !number_parse_long(seat_text, 0, 1, &seat) || strchr(text, '\t') || strchr(text, '\n')) {
        snprintf(err, errlen, "corrupt morphos state: expected 'POSITION to=B|W black=0|1 turn=N phase=... flipped=... hist=...'");
        return NULL;
    }
    if (!number_parse_long(turn_text, 0, c->move_cap, &turn)) {
        char q[EXCERPT_SIZE];
        snprintf(err, errlen, "corrupt morphos state: turn must be a whole number from 0 to %d (the move cap), got '%s'",
                 c->move_cap, text_excerpt(turn_text, EXCERPT_MAX, q, sizeof q));
        return NULL;
    }
    char cells[19 * 19];
    int n = c->n;
    if (!morphos_parse_position(pos, &n, cells, err, errlen))
        return NULL;
    MorphosState *s = alloc_state(g);
    for (int r = 0; r < n; r++)
        for (int col = 0; col < n; col++) {
            char ch = cells[r * 19 + col];
            if (ch != '.')
                bb_set(&s->stones[ch == 'W'], morphos_bit(c, col, r));
        }
    s->to_move = to[0] == 'W';
    s->black_seat = (uint8_t)seat;
    s->turn = (int)turn;
    morphos_recompute_hash(s);
    morphos_derive(s);
    bool ok = true;
    if (strcmp(flipped, "-") != 0) {
        int f = morphos_parse_point(c, flipped);
        ok = f >= 0;
        if (ok)
            bb_set(&s->flipped_last, f);
    }
    if (strcmp(phase, "main") == 0) {
        s->phase = PHASE_MAIN;
        morphos_targets(s, s->to_move, &s->flipped_last, &s->targets);
    } else if (strcmp(phase, "return") == 0) {
        s->phase = PHASE_RETURN;
    } else if (strncmp(phase, "duo:", 4) == 0) {
        s->phase = PHASE_DUO;
        int a = morphos_parse_point(c, phase + 4);
        ok = ok && a >= 0;
        s->anchor = (int16_t)a;
    } else if (!read_over(phase, s)) {
        ok = false;
    }
    for (const char *p = hist; ok && *p;) {
        size_t len = strcspn(p, ",");
        uint64_t h;
        if (!read_hash(p, len, &h) || (p[len] == ',' && !p[len + 1])) {
            ok = false;
            break;
        }
        if (s->hist_len == s->hist_cap) {
            s->hist_cap = s->hist_cap ? s->hist_cap * 2 : 64;
            s->hist = xrealloc(s->hist, (size_t)s->hist_cap * sizeof *s->hist);
        }
        s->hist[s->hist_len++] = h;
        p += len + (p[len] == ',');
    }
    if (!ok || s->hist_len == 0) {
        free_state(&s->base);
        snprintf(err, errlen, "corrupt morphos state: bad phase, flipped point or history");
        return NULL;
    }
    /* A phase play could reach: the duomorph anchor is the mover's stone with
     * an empty neighbour, a returned stone has an empty point to go to, and
     * a stone flipped on the previous turn belongs to the player who made it
     * (a finished game may have flipped it back). Otherwise a live state
     * could offer no action at all. */
    Bb room;
    morphos_place_mask(s, &room);
    const char *why = NULL;
    if (s->phase == PHASE_DUO && (!bb_test(&s->stones[s->to_move], s->anchor) || bb_empty(&room, c->nw)))
        why = "the duomorph anchor is not the mover's stone with an empty neighbour";
    else if (s->phase == PHASE_RETURN && bb_empty(&room, c->nw))
        why = "a returned stone but no empty point";
    else if (s->phase != PHASE_OVER && !bb_empty(&s->flipped_last, c->nw) &&
             !bb_intersects(&s->flipped_last, &s->stones[s->to_move ^ 1], c->nw))
        why = "the flipped point is not a stone of the player who moved last";
    /* The rest of what play guarantees: the seats alternate turns (a swap
     * is a turn, and only White's first turn may be one), the mutators of
     * the phase are in play, a live game has not reached the cap nor a
     * connection that would have ended it, an ended one ended as the rules
     * say, and the history ends with this very position. */
    else if (morphos_seat_of(s, s->to_move) != s->turn % 2)
        why = s->turn % 2 ? "seat 1 is to move on turn %d (the seats alternate, seat 1 first)"
                          : "seat 2 is to move on turn %d (the seats alternate, seat 1 first)";
    else if (s->black_seat == 1 && s->turn < 2)
        why = "seat 2 holds Black before any swap";
    else if (s->phase == PHASE_RETURN && !(c->mutators & MUT_REMORPH))
        why = "a returned stone without the remorph mutator";
    else if (s->phase == PHASE_DUO && !(c->mutators & MUT_DUOMORPH))
        why = "a duomorph stone without the duomorph mutator";
    else if (s->phase != PHASE_OVER && s->turn >= c->move_cap)
        why = "a live game at the move cap";
    else if (s->phase != PHASE_OVER && !(c->mutators & MUT_DEEPMORPH) &&
             (morphos_connected(c, &s->stones[0], 0) || morphos_connected(c, &s->stones[1], 1)))
        why = "a live game in which a player is connected";
    else if (s->phase == PHASE_OVER)
        why = over_problem(s);
    if (!why && s->hist[s->hist_len - 1] != morphos_node_hash(s))
        why = "the history does not end with this position";
    if (why) {
        int at_turn = s->turn;
        free_state(&s->base);
        snprintf(err, errlen, "corrupt morphos state: ");
        size_t used = strlen(err);
        if (used < errlen)
            snprintf(err + used, errlen - used, why, at_turn); /* why: one of the constants above */
        return NULL;
    }
    return &s->base;
}

static void render(const State *st, StrBuf *out)
{
    const MorphosState *s = (const MorphosState *)st;
    morphos_draw(s->cfg, s->stones, out);
    if (s->phase == PHASE_OVER) {
        if (s->winner == 2)
            sb_printf(out, "Game over: draw (%s) after %d turns\n", s->how, s->turn);
        else /* "resign" is the word typed; the sentence wants the noun */
            sb_printf(out, "Game over: %s (player %d) wins %s%s\n", morphos_colour_name(s->winner),
                      morphos_seat_of(s, s->winner) + 1, strcmp(s->how, "time") == 0 ? "on " : "by ",
                      strcmp(s->how, "resign") == 0 ? "resignation" : s->how);
        return;
    }
    sb_printf(out, "Turn %d: %s (player %d) to move", s->turn + 1, morphos_colour_name(s->to_move),
              morphos_seat_of(s, s->to_move) + 1);
    char pt[4];
    if (s->phase == PHASE_RETURN)
        sb_puts(out, ", placing the returned stone first");
    else if (s->phase == PHASE_DUO) {
        morphos_point_text(s->cfg, s->anchor, pt);
        sb_printf(out, ", second stone next to %s", pt);
    }
    sb_putc(out, '\n');
}

const GameOps morphos_ops = {
    .name = "morphos",
    .summary = "connection game with flippable weak stones (two players, five mutators)",
    .option_specs = specs,
    .option_words = morphos_option_words,
    .configure = configure,
    .free_config = free_config,
    .new_initial_state = new_initial_state,
    .clone = clone_state,
    .free_state = free_state,
    .current_player = current_player,
    .legal_actions = legal_actions,
    .is_legal = is_legal,
    .chance_outcomes = no_chance,
    .sample_chance = no_sample,
    .apply = apply,
    .action_text = action_text,
    .parse_action = parse_action,
    .result = result,
    .serialize = serialize,
    .deserialize = deserialize,
    .render = render,
    .describe = morphos_describe,
    .why_not = morphos_why_not,
    .action_marks = morphos_action_marks,
    .marks = morphos_marks,
    .describe_result = morphos_describe_result,
    .legend = morphos_legend,
    .rules = morphos_rules,
};
