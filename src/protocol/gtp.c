#include "gtp.h"
#include "gtp_vertex.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../games/morphos/morphos.h"
#include "../core/number.h"
#include "../core/utf8.h"
#include "../front/version.h"
#include "../core/xalloc.h"
#include "../games/registry.h"

#define GTP_MAX_ARGS 16
/* A genmove turn has at most three decisions (returned stone, move, second
 * stone); more means an AI or rule bug, reported instead of looping. */
#define GTP_MAX_PARTS 8
/* Budgets are capped at an hour a decision (what AI levels accept as ms=). */
#define GTP_MAX_BUDGET_MS 3600000L

const char *gtp_default_ai(void)
{
    return ai_game_levels(GTP_GAME)->strongest_level;
}

/* Starts a new game with g->opts; the old game stays on failure. */
static bool new_game(Gtp *g, const Options *opts, char *err, size_t errlen)
{
    Game *game = game_new(GTP_GAME, opts, err, errlen);
    if (!game)
        return false;
    uint64_t seed = seed_derive(g->seed, 0x67, g->games) & SESSION_SEED_MAX;
    Session *s = session_new_game(game, NULL, seed, err, errlen);
    if (!s)
        return false;
    session_free(g->session);
    g->session = s;
    g->opts = *opts;
    g->games++;
    return true;
}

bool gtp_init(Gtp *g, const Options *opts, const char *ai, uint64_t seed, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    g->seed = seed;
    if (strlen(ai) >= sizeof g->ai) {
        char q[EXCERPT_SIZE];
        snprintf(err, errlen, "AI spec '%s' is too long (at most %zu characters)", text_excerpt(ai, EXCERPT_MAX, q, sizeof q),
                 sizeof g->ai - 1);
        return false;
    }
    snprintf(g->ai, sizeof g->ai, "%s", ai);
    if (!new_game(g, opts, err, errlen))
        return false;
    Ai *check = ai_new(g->ai, g->session->game, 0, err, errlen);
    if (!check) {
        gtp_free(g);
        return false;
    }
    ai_free(check);
    return true;
}

void gtp_free(Gtp *g)
{
    session_free(g->session);
    g->session = NULL;
}

/* One command: its id ("" when none), name and arguments. */
typedef struct GtpCommand {
    char id[64];
    const char *name;
    const char *args[GTP_MAX_ARGS];
    int nargs;
    bool too_many;
} GtpCommand;

/* Preprocessing of GTP 2: control characters other than tab and newline
 * are dropped, tabs become spaces, '#' starts a comment; then the line is
 * split at spaces. buf receives the cleaned words. Returns false for a line
 * without a command. */
static bool parse_command(const char *line, char *buf, GtpCommand *c)
{
    size_t n = 0;
    for (const char *p = line; *p && *p != '#'; p++) {
        unsigned char ch = (unsigned char)*p;
        if (ch == '\t' || ch == '\n' || ch == '\r')
            buf[n++] = ' ';
        else if (ch >= 32 && ch != 127)
            buf[n++] = (char)ch;
    }
    buf[n] = '\0';
    memset(c, 0, sizeof *c);
    /* An id, the name and GTP_MAX_ARGS arguments at most; one word more
     * (without an id, the 17th argument) marks the line as too long. */
    char *words[GTP_MAX_ARGS + 3];
    int count = 0;
    char *save = NULL;
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        if (count == GTP_MAX_ARGS + 3) {
            c->too_many = true;
            break;
        }
        words[count++] = w;
    }
    if (!count)
        return false;
    int first = 0;
    if (strspn(words[0], "0123456789") == strlen(words[0])) {
        snprintf(c->id, sizeof c->id, "%s", words[0]);
        first = 1;
    }
    if (first == count) {
        c->name = ""; /* an id alone */
        return true;
    }
    c->name = words[first];
    for (int i = first + 1; i < count; i++) {
        if (c->nargs == GTP_MAX_ARGS) {
            c->too_many = true;
            break;
        }
        c->args[c->nargs++] = words[i];
    }
    return true;
}

/* Reply helpers: the text must not contain an empty line (it would end the
 * response early). */
static void reply(StrBuf *out, const GtpCommand *c, bool ok, const char *text)
{
    sb_printf(out, "%c%s", ok ? '=' : '?', c->id);
    if (text[0]) {
        size_t from = out->len;
        sb_printf(out, "%s%s", text[0] == '\n' ? "" : " ", text);
        utf8_repair(out->data + from); /* responses stay valid UTF-8 */
        out->len = from + strlen(out->data + from);
    }
    sb_puts(out, "\n\n");
}

/* A GTP colour: the colour of the stones (MORPHOS_BLACK or MORPHOS_WHITE),
 * whoever holds them after a swap. */
static bool parse_colour(const char *text, int *colour)
{
    char low[8];
    size_t n = strlen(text);
    if (n >= sizeof low)
        return false;
    for (size_t i = 0; i <= n; i++)
        low[i] = (char)tolower((unsigned char)text[i]);
    if (strcmp(low, "b") == 0 || strcmp(low, "black") == 0)
        *colour = MORPHOS_BLACK;
    else if (strcmp(low, "w") == 0 || strcmp(low, "white") == 0)
        *colour = MORPHOS_WHITE;
    else
        return false;
    return true;
}

static const char colour_letter[2] = {'b', 'w'};

static const MorphosState *mstate(const Gtp *g) { return (const MorphosState *)g->session->state; }

/* The colour of the winner of a finished game (not a draw). */
static int winner_colour(const MorphosState *s)
{
    return s->winner;
}

/* Where the game stands, for error messages and showboard. */
static void describe(const Gtp *g, StrBuf *out)
{
    const MorphosState *s = mstate(g);
    if (session_is_terminal(g->session)) {
        GameResult r;
        state_result(g->session->state, &r);
        if (r.winners == 3)
            sb_printf(out, "game over: draw (%s) after %d turns", r.how, s->turn);
        else
            sb_printf(out, "game over: %c wins by %s on turn %d", colour_letter[winner_colour(s)], r.how, s->turn + 1);
    } else {
        sb_printf(out, "turn %d, %c to move", s->turn + 1, colour_letter[s->to_move]);
    }
}

/* Checks that the game goes on and colour is the colour to move. */
static bool check_turn(const Gtp *g, int colour, char *err, size_t errlen)
{
    int p = session_player(g->session);
    if (p == PLAYER_TERMINAL) {
        StrBuf sb = STRBUF_INIT;
        describe(g, &sb);
        snprintf(err, errlen, "%s", sb_str(&sb));
        sb_free(&sb);
        return false;
    }
    int to_move = mstate(g)->to_move;
    if (colour != to_move) {
        snprintf(err, errlen, "%c is not to move (%c is)", colour_letter[colour], colour_letter[to_move]);
        return false;
    }
    return true;
}

static void cmd_play(Gtp *g, const GtpCommand *c, StrBuf *out)
{
    int colour;
    if (c->nargs != 2 || !parse_colour(c->args[0], &colour)) {
        reply(out, c, false, "syntax error: expected play COLOUR VERTEX (colour b, w, black or white)");
        return;
    }
    char err[ERR_MAX + 64], msg[sizeof err + 32], q[EXCERPT_SIZE];
    if (!check_turn(g, colour, err, sizeof err)) {
        snprintf(msg, sizeof msg, "illegal move: %s", err);
        reply(out, c, false, msg);
        return;
    }
    /* The library's message already says "illegal move 'K5': ...": it is
     * the reply as it is, not wrapped in a second "illegal move". */
    Session *s = g->session;
    StrBuf move = STRBUF_INIT;
    bool ok = gtp_read_move(s->state, c->args[1], &move, err, sizeof err);
    int seat = session_player(s); /* the seat holding colour */
    int before = s->count;
    ok = ok && session_apply_text(s, sb_str(&move), err, sizeof err);
    sb_free(&move);
    if (!ok) {
        reply(out, c, false, err);
        return;
    }
    text_excerpt(c->args[1], EXCERPT_MAX, q, sizeof q);
    /* The text must be exactly one turn: no part by the other player... */
    int done = before;
    while (done < s->count && s->steps[done].player == seat)
        done++;
    if (done < s->count) {
        session_truncate(s, before);
        snprintf(msg, sizeof msg, "illegal move: '%s' holds more than one turn (the turn ends after %d part%s)", q,
                 done - before, done - before == 1 ? "" : "s");
        reply(out, c, false, msg);
        return;
    }
    /* ...and no part missing. */
    if (!session_is_terminal(s) && session_player(s) == seat) {
        session_truncate(s, before);
        snprintf(msg, sizeof msg,
                 "illegal move: the turn is not over after '%s' (join every part of a turn with commas, e.g. C3,C4)",
                 q);
        reply(out, c, false, msg);
        return;
    }
    reply(out, c, true, "");
}

/* How many decisions a turn can take under the mutators. */
static int max_parts(const Gtp *g)
{
    const MorphosConfig *cfg = g->session->game->config;
    return 1 + !!(cfg->mutators & MUT_DUOMORPH) + !!(cfg->mutators & MUT_REMORPH);
}

long gtp_budget_ms(const Gtp *g, int colour)
{
    if (!g->timed || (g->byo_s > 0 && g->byo_stones == 0))
        return 0;
    long t = g->left_s[colour] * 1000, stones = g->stones_left[colour];
    long turn;
    if (stones > 0)
        turn = t / stones;
    else
        turn = t / 20 + (g->byo_stones > 0 ? g->byo_s * 1000 / g->byo_stones : 0);
    long ms = turn * 9 / 10 / max_parts(g);
    return ms < 10 ? 10 : ms > GTP_MAX_BUDGET_MS ? GTP_MAX_BUDGET_MS : ms;
}

/* The AI for one genmove: the spec plus the clock's budget when the spec
 * names none and the level takes one. */
static Ai *make_ai(const Gtp *g, int colour, char *err, size_t errlen)
{
    const Session *s = g->session;
    uint64_t seed = seed_derive(s->seed, 3, (uint64_t)s->count);
    long ms = gtp_budget_ms(g, colour);
    const char *params = strchr(g->ai, ':');
    bool has_budget = params && (strstr(params, "ms=") || strstr(params, "playouts="));
    if (ms > 0 && !has_budget) {
        char spec[sizeof g->ai + 32];
        snprintf(spec, sizeof spec, "%s%sms=%ld", g->ai, params ? "," : ":", ms);
        char ignored[ERR_MAX];
        Ai *ai = ai_new(spec, s->game, seed, ignored, sizeof ignored);
        if (ai)
            return ai; /* else a level without a time budget (random, greedy) */
    }
    return ai_new(g->ai, s->game, seed, err, errlen);
}

static void cmd_genmove(Gtp *g, const GtpCommand *c, StrBuf *out)
{
    int colour;
    if (c->nargs != 1 || !parse_colour(c->args[0], &colour)) {
        reply(out, c, false, "syntax error: expected genmove COLOUR (b, w, black or white)");
        return;
    }
    char err[ERR_MAX + 64];
    if (!check_turn(g, colour, err, sizeof err)) {
        reply(out, c, false, err);
        return;
    }
    Ai *ai = make_ai(g, colour, err, sizeof err);
    if (!ai) {
        reply(out, c, false, err);
        return;
    }
    Session *s = g->session;
    int seat = session_player(s);
    int before = s->count;
    StrBuf move = STRBUF_INIT;
    bool ok = true;
    for (int part = 0; ok && !session_is_terminal(s) && session_player(s) == seat; part++) {
        if (part == GTP_MAX_PARTS) {
            snprintf(err, sizeof err, "internal error: the turn did not end after %d actions", part);
            ok = false;
            break;
        }
        Action a = ai_choose(ai, s->state, NULL);
        if (part)
            sb_putc(&move, ',');
        state_action_text(s->state, a, &move);
        ai_observe(ai, s->state, a);
        char why[ERR_MAX];
        if (!session_apply(s, a, why, sizeof why)) {
            snprintf(err, sizeof err, "internal error: the AI chose an illegal action: %s", why);
            ok = false;
        }
    }
    ai_free(ai);
    if (!ok)
        session_truncate(s, before);
    StrBuf vertices = STRBUF_INIT;
    gtp_write_move(sb_str(&move), &vertices);
    reply(out, c, ok, ok ? sb_str(&vertices) : err);
    sb_free(&vertices);
    sb_free(&move);
}

static void cmd_undo(Gtp *g, const GtpCommand *c, StrBuf *out)
{
    Session *s = g->session;
    if (s->count == 0) {
        reply(out, c, false, "cannot undo");
        return;
    }
    /* A whole turn: the last actions of the seat that moved last. */
    int n = s->count, p = s->steps[n - 1].player;
    while (n > 0 && s->steps[n - 1].player == p)
        n--;
    session_truncate(s, n);
    reply(out, c, true, "");
}

static void cmd_showboard(Gtp *g, const GtpCommand *c, StrBuf *out)
{
    const MorphosState *s = mstate(g);
    StrBuf text = STRBUF_INIT;
    sb_putc(&text, '\n');
    morphos_draw_lettered(s->cfg, s->stones, GTP_COLUMNS, &text);
    for (int colour = 0; colour < 2; colour++) {
        int seat = morphos_seat_of(s, colour);
        sb_printf(&text, "%c: %s stones, %s edges, played by the %s player%s\n", colour_letter[colour],
                  colour == MORPHOS_BLACK ? "Black" : "White", colour == MORPHOS_BLACK ? "top and bottom" : "left and right",
                  seat ? "second" : "first", s->black_seat ? " (after the swap)" : "");
    }
    describe(g, &text);
    if (s->phase == PHASE_RETURN)
        sb_puts(&text, ", placing the returned stone first");
    reply(out, c, true, sb_str(&text));
    sb_free(&text);
}

/* A whole number from min to max, or false. */
static bool arg_long(const char *text, long min, long max, long *out)
{
    return number_parse_long(text, min, max, out);
}

static void reset(Gtp *g, const Options *opts, const GtpCommand *c, StrBuf *out)
{
    char err[ERR_MAX];
    bool ok = new_game(g, opts, err, sizeof err);
    reply(out, c, ok, ok ? "" : err);
}

static void cmd_boardsize(Gtp *g, const GtpCommand *c, StrBuf *out)
{
    long n;
    if (c->nargs != 1 || !arg_long(c->args[0], 0, 1000000, &n)) {
        reply(out, c, false, "syntax error: expected boardsize N (a whole number)");
        return;
    }
    if (n < 3 || n > 19) {
        reply(out, c, false, "unacceptable size");
        return;
    }
    Options o = g->opts;
    char err[ERR_MAX];
    if (!options_set(&o, "size", c->args[0], err, sizeof err)) {
        reply(out, c, false, err);
        return;
    }
    reset(g, &o, c, out);
}

static void cmd_mutators(Gtp *g, const GtpCommand *c, StrBuf *out)
{
    if (c->nargs == 0) {
        const char *m = options_get(&g->session->game->options, "mutators");
        reply(out, c, true, m && m[0] ? m : "none");
        return;
    }
    /* Words may be separated by commas or spaces; "none" clears them. */
    char list[OPTION_VALUE_MAX] = "";
    for (int i = 0; i < c->nargs; i++) {
        size_t n = strlen(list);
        snprintf(list + n, sizeof list - n, "%s%s", n ? "," : "", c->args[i]);
    }
    Options o = g->opts;
    char err[ERR_MAX];
    if (!options_set(&o, "mutators", strcmp(list, "none") == 0 ? "" : list, err, sizeof err)) {
        reply(out, c, false, err);
        return;
    }
    reset(g, &o, c, out);
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

typedef struct Moves {
    char **items;
    int count, cap;
} Moves;

/* Every full move of the player to move in st: the library's legal actions
 * followed until another player is to move or the game ends. */
static void expand(const State *st, int player, const char *prefix, Moves *out)
{
    Action acts[MAX_ACTIONS];
    int n = state_legal_actions(st, acts);
    for (int i = 0; i < n; i++) {
        StrBuf sb = STRBUF_INIT, part = STRBUF_INIT;
        sb_printf(&sb, "%s%s", prefix, *prefix ? "," : "");
        state_action_text(st, acts[i], &part);
        gtp_write_move(sb_str(&part), &sb);
        sb_free(&part);
        State *t = state_clone(st);
        state_apply(t, acts[i]);
        if (state_player(t) == player) {
            expand(t, player, sb_str(&sb), out);
        } else {
            if (out->count == out->cap) {
                out->cap = out->cap ? out->cap * 2 : 64;
                out->items = xrealloc(out->items, (size_t)out->cap * sizeof *out->items);
            }
            out->items[out->count++] = xstrdup(sb_str(&sb));
        }
        state_free(t);
        sb_free(&sb);
    }
}

static void cmd_legal(Gtp *g, const GtpCommand *c, StrBuf *out)
{
    Moves moves = {0};
    const State *st = g->session->state;
    if (!state_is_terminal(st))
        expand(st, state_player(st), "", &moves);
    if (moves.count)
        qsort(moves.items, (size_t)moves.count, sizeof *moves.items, by_text);
    StrBuf text = STRBUF_INIT;
    for (int i = 0; i < moves.count; i++) {
        sb_printf(&text, "%s%s", i ? " " : "", moves.items[i]);
        free(moves.items[i]);
    }
    free(moves.items);
    reply(out, c, true, sb_str(&text));
    sb_free(&text);
}

/* final_score: B+ or W+ (0 for a draw) as GUIs read it, then the reason on
 * a line of its own starting with '#'. */
static void cmd_final_score(Gtp *g, const GtpCommand *c, StrBuf *out)
{
    StrBuf text = STRBUF_INIT;
    bool over = session_is_terminal(g->session);
    if (over) {
        GameResult r;
        state_result(g->session->state, &r);
        sb_puts(&text, r.winners == 3 ? "0" : winner_colour(mstate(g)) == MORPHOS_BLACK ? "B+" : "W+");
        sb_puts(&text, "\n# ");
        describe(g, &text);
    } else {
        sb_puts(&text, "game not over: ");
        describe(g, &text);
    }
    reply(out, c, over, sb_str(&text));
    sb_free(&text);
}

/* final_status_list alive|dead|seki: Morphos takes no stone off the board
 * and has no dead stones, so every stone is alive (GoGui asks for the dead
 * ones at the end of a game). */
static void cmd_final_status_list(Gtp *g, const GtpCommand *c, StrBuf *out)
{
    if (c->nargs != 1 || (strcmp(c->args[0], "alive") != 0 && strcmp(c->args[0], "dead") != 0 &&
                          strcmp(c->args[0], "seki") != 0)) {
        reply(out, c, false, "syntax error: expected final_status_list alive, dead or seki");
        return;
    }
    StrBuf text = STRBUF_INIT;
    const MorphosState *s = mstate(g);
    for (int bit = 0; strcmp(c->args[0], "alive") == 0 && bit < BB_WORDS * 64; bit++) {
        if (!bb_test(&s->stones[0], bit) && !bb_test(&s->stones[1], bit))
            continue;
        char pt[4];
        morphos_point_text(s->cfg, bit, pt);
        if (text.len)
            sb_putc(&text, ' ');
        gtp_write_move(pt, &text);
    }
    reply(out, c, true, sb_str(&text));
    sb_free(&text);
}

/* komi N: Go's compensation for White has no meaning in a connection game
 * (the swap balances it); a number is accepted and ignored, as GUIs send one
 * with every new game. */
static void cmd_komi(Gtp *g, const GtpCommand *c, StrBuf *out)
{
    char *end = NULL;
    if (c->nargs == 1)
        (void)strtod(c->args[0], &end);
    if (c->nargs != 1 || end == c->args[0] || *end) {
        reply(out, c, false, "syntax error: expected komi NUMBER (accepted and ignored)");
        return;
    }
    reply(out, c, true, "");
}

static void cmd_time_settings(Gtp *g, const GtpCommand *c, StrBuf *out)
{
    long v[3];
    for (int i = 0; i < 3; i++)
        if (c->nargs != 3 || !arg_long(c->args[i], 0, 100000000, &v[i])) {
            reply(out, c, false, "syntax error: expected time_settings MAIN BYO_TIME BYO_STONES (whole seconds)");
            return;
        }
    g->timed = true;
    g->main_s = v[0];
    g->byo_s = v[1];
    g->byo_stones = v[2];
    for (int colour = 0; colour < 2; colour++) {
        g->left_s[colour] = v[0];
        g->stones_left[colour] = 0;
    }
    reply(out, c, true, "");
}

static void cmd_time_left(Gtp *g, const GtpCommand *c, StrBuf *out)
{
    int colour;
    long t, stones;
    if (c->nargs != 3 || !parse_colour(c->args[0], &colour) || !arg_long(c->args[1], 0, 100000000, &t) ||
        !arg_long(c->args[2], 0, 100000000, &stones)) {
        reply(out, c, false, "syntax error: expected time_left COLOUR TIME STONES (whole numbers)");
        return;
    }
    g->timed = true; /* a controller may send time_left without time_settings */
    g->left_s[colour] = t;
    g->stones_left[colour] = stones;
    reply(out, c, true, "");
}

static void cmd_list_commands(Gtp *g, const GtpCommand *c, StrBuf *out);

static void cmd_known_command(Gtp *g, const GtpCommand *c, StrBuf *out);

static void cmd_protocol_version(Gtp *g, const GtpCommand *c, StrBuf *out) { reply(out, c, true, "2"); }
static void cmd_name(Gtp *g, const GtpCommand *c, StrBuf *out) { reply(out, c, true, "morph"); }
static void cmd_version(Gtp *g, const GtpCommand *c, StrBuf *out) { reply(out, c, true, MORPH_VERSION); }
static void cmd_clear_board(Gtp *g, const GtpCommand *c, StrBuf *out) { reset(g, &g->opts, c, out); }

static void cmd_quit(Gtp *g, const GtpCommand *c, StrBuf *out)
{
    g->quit = true;
    reply(out, c, true, "");
}

static const struct {
    const char *name;
    void (*run)(Gtp *g, const GtpCommand *c, StrBuf *out);
} commands[] = {
    {"protocol_version", cmd_protocol_version},
    {"name", cmd_name},
    {"version", cmd_version},
    {"known_command", cmd_known_command},
    {"list_commands", cmd_list_commands},
    {"quit", cmd_quit},
    {"boardsize", cmd_boardsize},
    {"clear_board", cmd_clear_board},
    {"play", cmd_play},
    {"genmove", cmd_genmove},
    {"undo", cmd_undo},
    {"showboard", cmd_showboard},
    {"komi", cmd_komi},
    {"time_settings", cmd_time_settings},
    {"time_left", cmd_time_left},
    {"final_score", cmd_final_score},
    {"final_status_list", cmd_final_status_list},
    {"morphos-mutators", cmd_mutators},
    {"morphos-legal", cmd_legal},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void cmd_list_commands(Gtp *g, const GtpCommand *c, StrBuf *out)
{
    StrBuf text = STRBUF_INIT;
    for (size_t i = 0; i < NCOMMANDS; i++)
        sb_printf(&text, "%s%s", i ? "\n" : "", commands[i].name);
    reply(out, c, true, sb_str(&text));
    sb_free(&text);
}

static void cmd_known_command(Gtp *g, const GtpCommand *c, StrBuf *out)
{
    bool known = false;
    for (size_t i = 0; c->nargs == 1 && i < NCOMMANDS; i++)
        known |= strcmp(commands[i].name, c->args[0]) == 0;
    reply(out, c, true, known ? "true" : "false");
}

void gtp_handle_line(Gtp *g, const char *line, StrBuf *out)
{
    char *buf = xmalloc(strlen(line) + 1);
    GtpCommand c;
    if (parse_command(line, buf, &c)) {
        size_t i = 0;
        while (i < NCOMMANDS && strcmp(commands[i].name, c.name) != 0)
            i++;
        if (!c.name[0])
            reply(out, &c, false, "syntax error: a command id without a command");
        else if (i == NCOMMANDS)
            reply(out, &c, false, "unknown command");
        else if (c.too_many)
            reply(out, &c, false, "syntax error: too many arguments");
        else
            commands[i].run(g, &c, out);
    }
    free(buf);
}
