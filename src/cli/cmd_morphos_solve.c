/* morph morphos solve: the exact result of a Morphos position for the
 * player to move and the classification of every legal action, by the
 * solver of src/ai/solver.h. Ctrl-C stops the search and prints what was
 * proven so far. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/xalloc.h"
#include "../ai/solver.h"
#include "../front/solve_json.h"
#include "cli.h"
#include "commands.h"

static const char about[] =
    "Usage: morph morphos solve [--size N] [--mutators LIST] [--moves LIST]\n"
    "                           [--no-swap] [--json] [--budget SECONDS]\n"
    "                           [--threads T] [--nodes N] [--memory MB]\n"
    "\n"
    "Solves the position reached by --moves for the player to move: whether they\n"
    "win, lose or draw (the move cap) against perfect play, and the same for\n"
    "every legal action. Results are for the player, not a colour: a swap changes\n"
    "colours, not who wins. One action proven to win makes the position a win;\n"
    "a loss needs every action proven to lose. The easy actions are classified\n"
    "first (rounds of searches with a growing number of nodes each). When the\n"
    "budget runs out the result may be unknown; what was proven so far is\n"
    "printed, each action's result or unknown; so does Ctrl-C.\n"
    "\n";

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
    return !cli_interrupted();
}

static void action_name(const MorphosState *s, Action a, char out[8])
{
    StrBuf sb = STRBUF_INIT;
    morphos_ops.action_text(&s->base, a, &sb);
    snprintf(out, 8, "%s", sb_str(&sb));
    sb_free(&sb);
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
            if (solve_bounds_name(r->moves[i].bounds))
                printf(" (%s)", solve_bounds_name(r->moves[i].bounds));
        }
        if (count)
            printf("\n");
    }
    printf("%s: %lld nodes in %.2f s (%d thread%s)\n", r->complete ? "solved" : "stopped", r->nodes, r->seconds,
           threads, threads > 1 ? "s" : "");
}

typedef struct Args {
    long size, threads, memory, nodes;
    double budget;
    const char *mutators, *moves;
    bool no_swap, json;
} Args;

#define MISSING(flag) flag " needs a value (see morph morphos solve --help)"

/* Reads the flags; CLI_DONE when they are fine, else the exit code. */
static int read_args(int argc, char **argv, Args *a)
{
    *a = (Args){.size = 4, .threads = 1, .mutators = "", .moves = ""};
    const CliFlag flags[] = {
        {.name = "--size", .kind = CLI_LONG, .out = &a->size, .value = "N", .lo = SOLVER_MIN_SIZE,
         .hi = SOLVER_MAX_SIZE, .expects = "expects a board size from 3 to 7", .missing = MISSING("--size"),
         .help = "board size, 3 to 7 (default {})"},
        {.name = "--mutators", .kind = CLI_TEXT, .out = &a->mutators, .value = "LIST", .missing = MISSING("--mutators"),
         .help = "standard rules when empty (default); minimorph"},
        {.name = "--moves", .kind = CLI_TEXT, .out = &a->moves, .value = "LIST", .missing = MISSING("--moves"),
         .help = "actions from the empty board, comma-separated\n(e.g. c3,swap,b2); default none"},
        {.name = "--no-swap", .kind = CLI_SET, .out = &a->no_swap, .help = "White is not offered the swap"},
        {.name = "--json", .kind = CLI_SET, .out = &a->json,
         .help = "one object: {\"to_move\",\"result\",\"winning_moves\",\n\"moves\":{ACTION:RESULT},\"nodes\","
                 "\"seconds\",\n\"complete\",\"bounds\":{ACTION:\"not loss\"|\"not win\"}}"},
        {.name = "--budget", .kind = CLI_DECIMAL, .out = &a->budget, .value = "SECONDS", .lo = 0.001, .hi = 1e7,
         .expects = "expects seconds from 0.001 to 10000000", .missing = MISSING("--budget"),
         .help = "stop after this time (default: none)"},
        {.name = "--threads", .kind = CLI_LONG, .out = &a->threads, .value = "T", .lo = 1, .hi = 16,
         .expects = "expects 1 to 16", .missing = MISSING("--threads"),
         .help = "threads searching, 1 to 16 (default {})"},
        {.name = "--nodes", .kind = CLI_LONG, .out = &a->nodes, .value = "N", .lo = 1, .hi = 1e12,
         .expects = "expects 1 to 1000000000000", .missing = MISSING("--nodes"),
         .help = "stop after N nodes (on one thread a budget that repeats\nexactly)"},
        {.name = "--memory", .kind = CLI_LONG, .out = &a->memory, .value = "MB", .lo = 16, .hi = 65536,
         .expects = "expects megabytes from 16 to 65536", .missing = MISSING("--memory"),
         .help = "transposition table size, 16 to 65536 (default 16 on\n3x3, 64 on 4x4, 256 on 5x5, 1024 on larger boards)"},
        {0},
    };
    const CliArgs args = {.prefix = "morphos solve", .flags = flags, .column = 20,
                          .unknown = "unknown argument '%s' (see morph morphos solve --help)", .about = about};
    return cli_parse(&args, argc, argv, 1);
}

/* The game and the position after --moves; -1 when fine, else the exit code. */
static int set_up(const Args *a, Game **g, State **st)
{
    char err[ERR_MAX];
    int code = morphos_solver_game("morphos solve", a->size, a->mutators, g);
    if (code >= 0)
        return code;
    *st = state_new(*g);
    /* moves from the empty board: as many as the game has, not one turn's */
    if (*a->moves && !state_apply_list(*st, a->moves, err, sizeof err)) {
        state_free(*st);
        game_free(*g);
        return cli_fail(EXIT_BAD_INPUT, "morphos solve: --moves: %s", err);
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
    Args a;
    int code = read_args(argc, argv, &a);
    if (code != CLI_DONE)
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
    if (!a.memory)
        a.memory = solve_default_memory((int)a.size);
    Solver *sv = solver_new(g->config, (int)a.memory);
    if (!sv) {
        state_free(st);
        game_free(g);
        return cli_fail(EXIT_BAD_INPUT, "morphos solve: cannot allocate %ld MB for the table (see --memory)", a.memory);
    }
    const MorphosState *s = (const MorphosState *)st;
    Progress pr = {.show = !a.json && isatty(STDERR_FILENO)};
    cli_interrupt_catch();
    SolveLimits lim = {.seconds = a.budget, .nodes = a.nodes, .threads = (int)a.threads, .no_swap = a.no_swap};
    SolveReport *r = xmalloc(sizeof *r);
    solver_solve(sv, s, &lim, on_progress, &pr, r);
    cli_interrupt_release();
    if (pr.show)
        fprintf(stderr, "\r\033[K");
    if (a.json)
        cli_print_json(solve_report_to_json(s, r));
    else
        print_text(s, a.mutators, a.no_swap, r, (int)a.threads);
    free(r);
    solver_free(sv);
    state_free(st);
    game_free(g);
    return EXIT_OK;
}
