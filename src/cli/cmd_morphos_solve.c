/* morph morphos solve: the exact result of a Morphos position for the
 * player to move and the classification of every legal action, by the
 * solver of src/ai/solver.h. Ctrl-C stops the search and prints what was
 * proven so far. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../ai/solver.h"
#include "../core/number.h"
#include "cli.h"
#include "commands.h"

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: morph morphos solve [--size N] [--mutators LIST] [--moves LIST]\n"
            "                           [--no-swap] [--json] [--budget SECONDS]\n"
            "                           [--threads T] [--nodes N] [--memory MB]\n"
            "\n"
            "Solves the position reached by --moves for the player to move: whether they\n"
            "win, lose or draw (the move cap) against perfect play, and the same for\n"
            "every legal action. Results are for the player, not a colour: a swap changes\n"
            "colours, not who wins. When the budget runs out the result is unknown and\n"
            "what was proven so far is printed; so does Ctrl-C.\n"
            "\n"
            "  --size N          board size, %d to %d (default 4)\n"
            "  --mutators LIST   standard rules when empty (default); minimorph\n"
            "  --moves LIST      actions from the empty board, comma-separated\n"
            "                    (e.g. c3,swap,b2); default none\n"
            "  --no-swap         White is not offered the swap\n"
            "  --json            one object: {\"to_move\",\"result\",\"winning_moves\",\n"
            "                    \"moves\":{ACTION:RESULT},\"nodes\",\"seconds\",\n"
            "                    \"complete\",\"bounds\":{ACTION:\"not loss\"|\"not win\"}}\n"
            "  --budget SECONDS  stop after this time (default: none)\n"
            "  --threads T       threads searching, 1 to 16 (default 1)\n"
            "  --nodes N         stop after N nodes (on one thread a budget that repeats\n"
            "                    exactly)\n"
            "  --memory MB       transposition table size, 16 to 65536 (default 16 on\n"
            "                    3x3, 64 on 4x4, 256 on 5x5, 1024 on larger boards)\n",
            SOLVER_MIN_SIZE, SOLVER_MAX_SIZE);
}

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig)
{
    (void)sig;
    interrupted = 1;
}

typedef struct Progress {
    bool show; /* a terminal: one line, rewritten */
} Progress;

static bool on_progress(void *ctx, const SolveProgress *p)
{
    Progress *pr = ctx;
    if (pr->show) {
        fprintf(stderr, "\rsolving: %d of %d actions classified, %lld nodes, %.1f s\033[K", p->classified, p->total,
                p->nodes, p->seconds);
        fflush(stderr);
    }
    return !interrupted;
}

static void action_name(const MorphosState *s, Action a, char out[8])
{
    StrBuf sb = STRBUF_INIT;
    morphos_ops.action_text(&s->base, a, &sb);
    snprintf(out, 8, "%s", sb_str(&sb));
    sb_free(&sb);
}

static const char *bounds_name(unsigned b)
{
    return b & SOLVE_NOT_WIN ? "not win" : b & SOLVE_NOT_LOSS ? "not loss" : NULL;
}

static void print_json(const MorphosState *s, const SolveReport *r)
{
    json_t *wins = json_array(), *moves = json_object(), *bounds = json_object();
    for (int i = 0; i < r->num_moves; i++) {
        char name[8];
        action_name(s, r->moves[i].action, name);
        if (r->moves[i].value == SOLVE_WIN)
            json_array_append_new(wins, json_string(name));
        json_object_set_new(moves, name, json_string(solve_value_name(r->moves[i].value)));
        if (bounds_name(r->moves[i].bounds))
            json_object_set_new(bounds, name, json_string(bounds_name(r->moves[i].bounds)));
    }
    cli_print_json(json_pack("{s:s,s:s,s:o,s:o,s:I,s:f,s:b,s:o}", "to_move",
                             s->to_move == MORPHOS_BLACK ? "black" : "white", "result", solve_value_name(r->value),
                             "winning_moves", wins, "moves", moves, "nodes", (json_int_t)r->nodes, "seconds",
                             r->seconds, "complete", r->complete, "bounds", bounds));
}

static void print_text(const MorphosState *s, const char *mutators, bool no_swap, const SolveReport *r, int threads)
{
    const char *colour = s->to_move == MORPHOS_BLACK ? "Black" : "White";
    StrBuf sb = STRBUF_INIT;
    morphos_draw(s->cfg, s->stones, &sb);
    fputs(sb_str(&sb), stdout);
    sb_free(&sb);
    printf("%dx%d, %s, %s; %s (P%d) to move\n", s->cfg->n, s->cfg->n, *mutators ? mutators : "standard rules",
           no_swap ? "no swap" : morphos_swap_allowed(s) ? "White may swap now" : "swap offered on White's first turn",
           colour, morphos_seat_of(s, s->to_move) + 1);
    switch (r->value) {
    case SOLVE_WIN: printf("result: a win for %s, to move\n", colour); break;
    case SOLVE_LOSS: printf("result: a loss for %s, to move\n", colour); break;
    case SOLVE_DRAW: printf("result: a draw (neither side can win before the move cap)\n"); break;
    default: printf("result: unknown (the search stopped first)\n"); break;
    }
    static const SolveValue order[] = {SOLVE_WIN, SOLVE_DRAW, SOLVE_LOSS, SOLVE_UNKNOWN};
    static const char *const labels[] = {"winning moves:", "drawing moves:", "losing moves:", "not classified:"};
    for (int k = 0; k < 4; k++) {
        int count = 0;
        for (int i = 0; i < r->num_moves; i++) {
            if (r->moves[i].value != order[k])
                continue;
            char name[8];
            action_name(s, r->moves[i].action, name);
            printf("%s %s", count++ ? "" : labels[k], name);
            if (bounds_name(r->moves[i].bounds))
                printf(" (%s)", bounds_name(r->moves[i].bounds));
        }
        if (count)
            printf("\n");
    }
    printf("%s: %lld nodes in %.2f s (%d thread%s)\n", r->complete ? "solved" : "stopped", r->nodes, r->seconds,
           threads, threads > 1 ? "s" : "");
}

/* Reads the flags; returns -1 when they are fine, else the exit code. */
typedef struct Args {
    long size, threads, memory;
    long long nodes;
    double budget;
    const char *mutators, *moves;
    bool no_swap, json;
} Args;

static int read_args(int argc, char **argv, Args *a)
{
    *a = (Args){.size = 4, .threads = 1, .memory = 0, .mutators = "", .moves = ""};
    for (int i = 1; i < argc; i++) {
        const char *f = argv[i];
        bool has_value = i + 1 < argc;
        long v;
        if (strcmp(f, "--json") == 0) {
            a->json = true;
        } else if (strcmp(f, "--no-swap") == 0) {
            a->no_swap = true;
        } else if (!has_value && (strcmp(f, "--size") == 0 || strcmp(f, "--mutators") == 0 ||
                                  strcmp(f, "--moves") == 0 || strcmp(f, "--budget") == 0 ||
                                  strcmp(f, "--threads") == 0 || strcmp(f, "--nodes") == 0 ||
                                  strcmp(f, "--memory") == 0)) {
            return cli_fail(EXIT_USAGE, "morphos solve: %s needs a value (see morph morphos solve --help)", f);
        } else if (strcmp(f, "--size") == 0) {
            if (!number_parse_long(argv[++i], SOLVER_MIN_SIZE, SOLVER_MAX_SIZE, &a->size))
                return cli_fail(EXIT_USAGE, "morphos solve: --size expects a board size from %d to %d, got '%s'",
                                SOLVER_MIN_SIZE, SOLVER_MAX_SIZE, cli_quote(argv[i]));
        } else if (strcmp(f, "--mutators") == 0) {
            a->mutators = argv[++i];
        } else if (strcmp(f, "--moves") == 0) {
            a->moves = argv[++i];
        } else if (strcmp(f, "--budget") == 0) {
            if (!number_parse_decimal(argv[++i], 0.001, 1e7, &a->budget))
                return cli_fail(EXIT_USAGE, "morphos solve: --budget expects seconds from 0.001 to 10000000, got '%s'",
                                cli_quote(argv[i]));
        } else if (strcmp(f, "--threads") == 0) {
            if (!number_parse_long(argv[++i], 1, 16, &a->threads))
                return cli_fail(EXIT_USAGE, "morphos solve: --threads expects 1 to 16, got '%s'", cli_quote(argv[i]));
        } else if (strcmp(f, "--nodes") == 0) {
            if (!number_parse_long(argv[++i], 1, 1000000000000L, &v))
                return cli_fail(EXIT_USAGE, "morphos solve: --nodes expects 1 to 1000000000000, got '%s'",
                                cli_quote(argv[i]));
            a->nodes = v;
        } else if (strcmp(f, "--memory") == 0) {
            if (!number_parse_long(argv[++i], 16, 65536, &a->memory))
                return cli_fail(EXIT_USAGE, "morphos solve: --memory expects megabytes from 16 to 65536, got '%s'",
                                cli_quote(argv[i]));
        } else {
            return cli_fail(EXIT_USAGE, "morphos solve: unknown argument '%s' (see morph morphos solve --help)",
                            cli_quote(f));
        }
    }
    return -1;
}

/* The game and the position after --moves; -1 when fine, else the exit code. */
static int set_up(const Args *a, Game **g, State **st)
{
    char err[ERR_MAX];
    int code = morphos_solver_game("morphos solve", a->size, a->mutators, g);
    if (code >= 0)
        return code;
    *st = state_new(*g);
    if (*a->moves && !state_apply_text(*st, a->moves, err, sizeof err)) {
        state_free(*st);
        game_free(*g);
        return cli_fail(EXIT_BAD_INPUT, "%s", err);
    }
    const MorphosState *s = (const MorphosState *)*st;
    if (a->no_swap && s->black_seat != 0)
        code = cli_fail(EXIT_USAGE, "morphos solve: --moves holds a swap, but --no-swap says White is not offered it");
    else if (s->phase == PHASE_OVER)
        code = cli_fail(EXIT_BAD_INPUT, "morphos solve: the game is over after --moves '%s': nothing to solve",
                        cli_quote(a->moves));
    if (code >= 0) {
        state_free(*st);
        game_free(*g);
    }
    return code;
}

int cmd_morphos_solve(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        usage(stdout);
        return EXIT_OK;
    }
    Args a;
    int code = read_args(argc, argv, &a);
    if (code >= 0)
        return code;
    Game *g;
    State *st;
    if ((code = set_up(&a, &g, &st)) >= 0)
        return code;
    if (cli_arguments_only) {
        state_free(st);
        game_free(g);
        return EXIT_OK;
    }
    if (!a.memory) /* enough for what each size can solve, no more to touch */
        a.memory = a.size <= 3 ? 16 : a.size == 4 ? 64 : a.size == 5 ? 256 : 1024;
    Solver *sv = solver_new(g->config, (int)a.memory);
    if (!sv) {
        state_free(st);
        game_free(g);
        return cli_fail(EXIT_BAD_INPUT, "morphos solve: cannot allocate %ld MB for the table (see --memory)", a.memory);
    }
    const MorphosState *s = (const MorphosState *)st;
    Progress pr = {.show = !a.json && isatty(STDERR_FILENO)};
    struct sigaction act = {.sa_handler = on_interrupt}, old;
    sigemptyset(&act.sa_mask);
    interrupted = 0;
    sigaction(SIGINT, &act, &old);
    SolveLimits lim = {.seconds = a.budget, .nodes = a.nodes, .threads = (int)a.threads, .no_swap = a.no_swap};
    SolveReport *r = malloc(sizeof *r);
    if (!r)
        abort();
    solver_solve(sv, s, &lim, on_progress, &pr, r);
    sigaction(SIGINT, &old, NULL);
    if (pr.show)
        fprintf(stderr, "\r\033[K");
    if (a.json)
        print_json(s, r);
    else
        print_text(s, a.mutators, a.no_swap, r, (int)a.threads);
    free(r);
    solver_free(sv);
    state_free(st);
    game_free(g);
    return EXIT_OK;
}
