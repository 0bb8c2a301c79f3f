/* The Puzzles page's endpoints (docs/web-api.md, "Puzzles"): the suite that
 * comes with morph (src/front/puzzles.h), and answers checked by the exact
 * solver. Stateless: a client sends the line played so far with its answer;
 * the server replays the line through the rules, so nothing it sends is
 * trusted, and classifies the answer (from the suite at the puzzle's start,
 * by the solver within a node budget after it). A right answer gets the
 * defender's most stubborn reply, a wrong one the defender's winning answer
 * and the rest of the lost line, every action in the library's words. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../ai/solver.h"
#include "../../core/number.h"
#include "../../core/xalloc.h"
#include "../../front/game_json.h"
#include "../../front/puzzles.h"
#include "api_internal.h"
#include "../../front/view_json.h"

/* The most of the answer's budget (--puzzle-nodes, docs/web-api.md) one
 * proof may take: of a stubborn reply or of a step of the refutation's line. */
#define STEP_NODES 40000
#define TABLE_MB 8
/* The longest line a client may send (a puzzle ends long before). */
#define LINE_MAX 64

static PuzzleSuite suite;
static bool suite_ok;
static char suite_err[ERR_MAX];
static pthread_once_t suite_once = PTHREAD_ONCE_INIT;

static void suite_load(void)
{
    char path[4096];
    if (!puzzle_suite_find(path, sizeof path))
        snprintf(suite_err, sizeof suite_err, "the puzzle suite (data/puzzles/morphos.txt) is not installed");
    else
        suite_ok = puzzle_suite_load(path, &suite, suite_err, sizeof suite_err);
}

/* The suite, or NULL with a 503. */
static const PuzzleSuite *suite_get(ApiResponse *res)
{
    pthread_once(&suite_once, suite_load);
    if (!suite_ok) {
        api_error(res, 503, "no puzzles: %s", suite_err);
        return NULL;
    }
    return &suite;
}

/* The puzzle the path's word names (an index from 0), or NULL with a 4xx. */
static const Puzzle *puzzle_of(const ApiTarget *t, ApiResponse *res, long *index)
{
    const PuzzleSuite *s = suite_get(res);
    if (!s)
        return NULL;
    if (!number_parse_long(t->words[0], 0, s->count - 1, index)) {
        char q[EXCERPT_SIZE];
        api_error(res, 404, "no puzzle '%s': puzzles are numbered 0 to %d",
                  text_excerpt(t->words[0], EXCERPT_MAX, q, sizeof q), s->count - 1);
        return NULL;
    }
    return &s->items[*index];
}

static const char *colour_name(int colour)
{
    return colour == MORPHOS_BLACK ? "black" : "white";
}

static const char *colour_title(int colour)
{
    return colour == MORPHOS_BLACK ? "Black" : "White";
}

/* Sentences address the solver's opponent, the one solving the puzzle. */
static Voice voice_for(const MorphosState *s, int colour)
{
    Voice v = {{"you", "the solver"}, morphos_seat_of(s, colour)};
    if (v.viewer == 1) {
        v.names[0] = "the solver";
        v.names[1] = "you";
    }
    return v;
}

/* What a drawing of s needs: the board, its marks, the legal actions with
 * their sentences, and the marks of the last action (when last is not NULL). */
static json_t *position_json(const MorphosState *s, const Voice *v, const json_t *last)
{
    const GameView *view = view_for("morphos");
    Marks *m = xmalloc(sizeof *m);
    state_marks(&s->base, m);
    json_t *marks = marks_to_json(m);
    free(m);
    json_t *legal = json_array();
    if (s->phase != PHASE_OVER)
        for (int k = 0, n = morphos_num_actions(s); k < n; k++)
            json_array_append_new(legal, view_action_json(view, &s->base, morphos_nth_action(s, k), v));
    json_t *last_marks = last ? json_object_get(last, "marks") : NULL;
    return json_pack("{s:o,s:o,s:o,s:O}", "board", view->board(&s->base), "marks", marks, "legal", legal,
                     "last_marks", last_marks ? last_marks : json_null());
}

/* An action of s in the library's words (and its marks), then applied. */
static json_t *play(MorphosState *s, Action a, const Voice *v)
{
    const GameView *view = view_for("morphos");
    StrBuf text = STRBUF_INIT, entry = STRBUF_INIT;
    state_action_text(&s->base, a, &text);
    view_entry(view, &s->base, a, sb_str(&text), -1, 0, v, &entry);
    json_t *out = json_loads(sb_str(&entry), 0, NULL);
    json_object_del(out, "index");
    json_object_del(out, "player");
    json_object_set_new(out, "colour", json_string(colour_name(s->to_move)));
    state_apply(&s->base, a);
    sb_free(&text);
    sb_free(&entry);
    return out;
}

static json_t *result_text(const MorphosState *s, const Voice *v)
{
    if (s->phase != PHASE_OVER)
        return json_null();
    StrBuf words = STRBUF_INIT;
    state_describe_result(&s->base, v, &words);
    while (words.len && sb_str(&words)[words.len - 1] == '\n')
        words.len--;
    json_t *out = json_stringn(sb_str(&words), words.len);
    sb_free(&words);
    return out;
}

/* The solver work of one answer. */
typedef struct Work {
    Solver *sv;
    long long left; /* nodes */
} Work;

/* Whether the player to move in s wins, within a step of the budget: the
 * winning action in *win; *nodes what the proof took. */
static SolveValue prove(Work *w, const MorphosState *s, Action *win, long long *nodes)
{
    long long n = 0;
    SolveLimits lim = {.nodes = w->left < STEP_NODES ? w->left : STEP_NODES, .threads = 1};
    if (lim.nodes <= 0) {
        *nodes = 0;
        return SOLVE_UNKNOWN;
    }
    SolveValue v = solver_prove(w->sv, s, &lim, win, &n);
    w->left -= n;
    *nodes = n;
    return v;
}

/* The loser's most stubborn action in s (every action loses): the one whose
 * refutation takes the solver the most nodes, from a fresh table, so that
 * none is found in what an earlier proof left (an action that ends the game
 * at once last). */
static Action stubborn(Work *w, const MorphosState *s)
{
    Action best = morphos_nth_action(s, 0);
    long long most = -1;
    for (int k = 0, n = morphos_num_actions(s); k < n && w->left > 0; k++) {
        Action a = morphos_nth_action(s, k), win;
        MorphosState *t = (MorphosState *)state_clone(&s->base);
        state_apply(&t->base, a);
        long long nodes = 0;
        if (t->phase != PHASE_OVER) {
            solver_clear(w->sv);
            SolveValue v = prove(w, t, &win, &nodes);
            nodes += v != SOLVE_WIN ? STEP_NODES : 1; /* not refuted within the step: the hardest */
        }
        if (nodes > most) {
            most = nodes;
            best = a;
        }
        state_free(&t->base);
    }
    return best;
}

/* Plays s out with the winner (the player to move, who wins) taking the
 * solver's winning actions and the loser its stubborn ones, into line,
 * while the budget lasts. */
static void play_out(Work *w, MorphosState *s, int winner, const Voice *v, json_t *line)
{
    for (int ply = 0; s->phase != PHASE_OVER && ply < 4 * LINE_MAX && w->left > 0; ply++) {
        Action a;
        long long nodes;
        if (s->to_move == winner) {
            if (prove(w, s, &a, &nodes) != SOLVE_WIN)
                return;
        } else {
            a = stubborn(w, s);
        }
        json_array_append_new(line, play(s, a, v));
    }
}

/* Reads the body's "line" (texts of the actions played since the puzzle's
 * position) and "action" into s, which must then be the puzzle's player's
 * turn; *a is the answer. false with a 400. */
static bool read_answer(const Puzzle *p, MorphosState *s, const json_t *body, ApiResponse *res, json_t **line_out,
                        Action *a)
{
    char q[EXCERPT_SIZE], why[ERR_MAX];
    const json_t *line = json_object_get(body, "line"), *action = json_object_get(body, "action");
    if (!json_is_string(action)) {
        api_error(res, 400, "'action' must be the answer's text in the usual notation, such as \"c3\" or \"xc3\"");
        return false;
    }
    if (line && (!json_is_array(line) || json_array_size(line) > LINE_MAX)) {
        api_error(res, 400, "'line' must be a list of at most %d action texts (the moves since the puzzle's position)",
                  LINE_MAX);
        return false;
    }
    *line_out = json_array();
    size_t i;
    const json_t *item;
    json_array_foreach(line, i, item) {
        const char *text = json_string_value(item);
        if (!text) {
            api_error(res, 400, "line[%zu] must be an action text", i);
            return false;
        }
        if (s->phase == PHASE_OVER || !morphos_ops.parse_action(&s->base, text, a, why, sizeof why)) {
            /* the rules' reason alone ("b1 is taken"): the text is quoted once */
            StrBuf reason = STRBUF_INIT;
            bool told = s->phase != PHASE_OVER && state_why_not(&s->base, text, &reason);
            api_error(res, 400, "line[%zu] '%s' does not apply: %s", i, text_excerpt(text, EXCERPT_MAX, q, sizeof q),
                      s->phase == PHASE_OVER ? "the game is already over" : told ? sb_str(&reason) : why);
            sb_free(&reason);
            return false;
        }
        json_array_append_new(*line_out, json_string(text));
        state_apply(&s->base, *a);
    }
    if (s->phase == PHASE_OVER) {
        api_error(res, 400, "the game is over after the line: nothing to answer");
        return false;
    }
    if (s->to_move != p->to_move) {
        api_error(res, 400, "after the line it is %s's turn, not %s's: the line must end with the defender's reply",
                  colour_title(s->to_move), colour_title(p->to_move));
        return false;
    }
    const char *text = json_string_value(action);
    StrBuf reason = STRBUF_INIT;
    if (!morphos_ops.parse_action(&s->base, text, a, why, sizeof why) || *a == ACTION_RESIGN ||
        action_is_leave(*a)) {
        bool told = state_why_not(&s->base, text, &reason);
        api_error(res, 400, "'%s' is not a legal answer: %s", text_excerpt(text, EXCERPT_MAX, q, sizeof q),
                  told ? sb_str(&reason) : "resigning is no answer");
        sb_free(&reason);
        return false;
    }
    sb_free(&reason);
    return true;
}

void api_puzzle_list(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    const PuzzleSuite *s = suite_get(res);
    if (!s || !api_query_known(req, res, (const char *const[]){NULL}))
        return;
    json_t *list = json_array();
    for (int i = 0; i < s->count; i++) {
        const MorphosConfig *c = s->games[s->items[i].game]->config;
        json_array_append_new(list, json_pack("{s:i,s:i,s:o,s:s}", "index", i, "size", c->n, "options",
                                              game_options_to_json(s->games[s->items[i].game]), "to_move",
                                              colour_name(s->items[i].to_move)));
    }
    api_json(res, 200, json_pack("{s:i,s:o}", "count", s->count, "puzzles", list));
}

void api_puzzle_get(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    long index;
    const Puzzle *p = puzzle_of(t, res, &index);
    if (!p || !api_query_known(req, res, (const char *const[]){NULL}))
        return;
    const Game *g = suite.games[p->game];
    MorphosState *s = puzzle_state(&suite, p);
    Voice v = voice_for(s, p->to_move);
    StrBuf text = STRBUF_INIT;
    morphos_position_text(s->cfg, p->stones, &text);
    char title[64];
    snprintf(title, sizeof title, "%s to play and win", colour_title(p->to_move));
    json_t *out = json_pack("{s:i,s:i,s:i,s:s,s:o,s:s,s:s,s:s,s:o}", "index", (int)index, "count", suite.count,
                            "next", (int)((index + 1) % suite.count), "game", "morphos", "options",
                            game_options_to_json(g), "to_move", colour_name(p->to_move), "title", title, "position",
                            sb_str(&text), "position_view", position_json(s, &v, NULL));
    sb_free(&text);
    state_free(&s->base);
    api_json(res, 200, out);
}

void api_puzzle_answer(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    long index;
    const Puzzle *p = puzzle_of(t, res, &index);
    json_t *body = p ? api_body(req, res, (const char *const[]){"line", "action", NULL}, false) : NULL;
    if (!body)
        return;
    MorphosState *s = puzzle_state(&suite, p);
    Voice v = voice_for(s, p->to_move);
    json_t *line = NULL;
    Action a;
    if (!read_answer(p, s, body, res, &line, &a)) {
        json_decref(line);
        json_decref(body);
        state_free(&s->base);
        return;
    }
    json_decref(body);
    bool at_start = json_array_size(line) == 0;
    Work w = {solver_new(s->cfg, TABLE_MB), srv->cfg.puzzle_nodes};
    json_t *answer = play(s, a, &v), *reply = json_null(), *refutation = json_null(), *rest = json_array();
    json_t *result = NULL; /* how the game ends, when it does here or in the rest of the lost line */
    json_array_append_new(line, json_string(json_string_value(json_object_get(answer, "action"))));
    const char *verdict;
    Action r;
    long long nodes;
    if (s->phase == PHASE_OVER) {
        verdict = s->winner == p->to_move ? "right" : "wrong";
    } else {
        /* The defender's view: a win refutes the answer, a loss proves it. */
        SolveValue d;
        if (at_start && puzzle_wins(p, a)) /* the suite's classification decides */
            d = SOLVE_LOSS;
        else /* and when it says wrong, the solver finds the refutation */
            d = prove(&w, s, &r, &nodes);
        verdict = d == SOLVE_LOSS ? "right" : d == SOLVE_WIN ? "wrong" : at_start ? "wrong" : "unknown";
        if (d == SOLVE_LOSS) {
            reply = play(s, stubborn(&w, s), &v);
            json_array_append_new(line, json_string(json_string_value(json_object_get(reply, "action"))));
        } else if (d == SOLVE_WIN) {
            refutation = play(s, r, &v);
            /* the rest of the lost line, from a copy: the page draws the refutation */
            MorphosState *end = (MorphosState *)state_clone(&s->base);
            play_out(&w, end, s->to_move ^ 1, &v, rest);
            result = result_text(end, &v);
            state_free(&end->base);
        }
    }
    if (!result)
        result = result_text(s, &v);
    json_t *last = json_is_object(refutation) ? refutation : json_is_object(reply) ? reply : answer;
    bool solved = s->phase == PHASE_OVER && s->winner == p->to_move && strcmp(verdict, "right") == 0;
    json_t *out = json_pack("{s:s,s:b,s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "verdict", verdict, "solved", solved, "answer",
                            answer, "reply", reply, "refutation", refutation, "rest", rest, "result",
                            result, "line", line, "position_view", position_json(s, &v, last));
    solver_free(w.sv);
    state_free(&s->base);
    api_json(res, 200, out);
}
