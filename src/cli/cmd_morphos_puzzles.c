/* morph morphos puzzles: Morphos positions where the player to move has a
 * forced win and at least one plausible action loses, found by the exact
 * solver in seeded games (docs/puzzles.md); --check verifies a suite. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/xalloc.h"
#include "../ai/ai.h"
#include "../ai/morphos_features.h"
#include "../ai/solver.h"
#include "../front/puzzles.h"
#include "cli.h"
#include "commands.h"

#define DEFAULT_NODES 200000
/* A check solves each puzzle with a schedule of its own (the solver's rounds
 * of quotas), which can need more nodes than the search that found it. */
#define CHECK_NODES 1000000

static const char about[] =
    "Usage: morph morphos puzzles --size N --count K --seed S [--mutators LIST]\n"
    "                             [--nodes N]\n"
    "       morph morphos puzzles --check FILE [--nodes N]\n"
    "\n"
    "Prints K puzzles, one a line (docs/puzzles.md): positions reached in seeded\n"
    "games of greedy and random moves where the player to move has a forced win,\n"
    "cannot win at once, and at least one plausible action (a flip, or a stone on\n"
    "a shortest connection of either colour) loses. Every legal action is\n"
    "classified by the exact solver. The same arguments give the same puzzles.\n"
    "\n";

typedef struct Args {
    long size, count, nodes;
    uint64_t seed;
    bool has_size, has_count, has_seed, has_nodes;
    const char *mutators, *check;
} Args;

#define MISSING(flag) flag " needs a value (see morph morphos puzzles --help)"

static int read_args(int argc, char **argv, Args *a)
{
    *a = (Args){.nodes = DEFAULT_NODES, .mutators = ""};
    const CliFlag flags[] = {
        {.name = "--size", .kind = CLI_LONG, .out = &a->size, .value = "N", .lo = SOLVER_MIN_SIZE,
         .hi = SOLVER_MAX_SIZE, .expects = "expects a board size from 3 to 7", .missing = MISSING("--size"),
         .given = &a->has_size, .help = "board size, 3 to 7"},
        {.name = "--count", .kind = CLI_LONG, .out = &a->count, .value = "K", .lo = 1, .hi = 10000,
         .expects = "expects 1 to 10000", .missing = MISSING("--count"), .given = &a->has_count,
         .help = "puzzles to find, 1 to 10000"},
        {.name = "--seed", .kind = CLI_SEED, .out = &a->seed, .value = "S", .expects = "expects a whole number",
         .missing = MISSING("--seed"), .given = &a->has_seed, .help = "seed of the games"},
        {.name = "--mutators", .kind = CLI_TEXT, .out = &a->mutators, .value = "LIST", .missing = MISSING("--mutators"),
         .help = "standard rules when empty (default); minimorph"},
        {.name = "--nodes", .kind = CLI_LONG, .out = &a->nodes, .value = "N", .lo = 1000, .hi = 1000000000,
         .expects = "expects 1000 to 1000000000", .missing = MISSING("--nodes"), .given = &a->has_nodes,
         .help = "solver budget per position (default {}; with --check\n1000000): positions it cannot classify in full are\nskipped"},
        {.name = "--check", .kind = CLI_TEXT, .out = &a->check, .value = "FILE", .missing = MISSING("--check"),
         .help = "read a suite and solve every puzzle again: each action\nmust have the value the file gives"},
        {0},
    };
    const CliArgs args = {.prefix = "morphos puzzles", .flags = flags, .column = 19,
                          .unknown = "unknown argument '%s' (see morph morphos puzzles --help)", .about = about};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
    if (a->check && (a->has_size || a->has_count || a->has_seed || a->mutators[0]))
        return cli_fail(EXIT_USAGE, "morphos puzzles: --check takes only --nodes besides the file");
    if (!a->check && (!a->has_size || !a->has_count || !a->has_seed))
        return cli_fail(EXIT_USAGE, "morphos puzzles: expected --size, --count and --seed (or --check FILE)");
    if (a->check && !a->has_nodes)
        a->nodes = CHECK_NODES;
    return CLI_DONE;
}

/* What the MCTS prior favours too: a flip, or a stone on a shortest
 * connection of either colour. */
static bool plausible(const MorphosState *s, Action a, const Bb *paths)
{
    if (a >= ACT_FLIP && a < ACT_SWAP)
        return true;
    return a < ACT_FLIP && (bb_test(&paths[0], a) || bb_test(&paths[1], a));
}

static bool wins_at_once(const MorphosState *s)
{
    for (int k = 0; k < morphos_num_actions(s); k++) {
        MorphosState t;
        morphos_scratch_copy(&t, s);
        morphos_apply_fast(&t, morphos_nth_action(s, k));
        if (t.phase == PHASE_OVER && t.winner == s->to_move)
            return true;
    }
    return false;
}

/* The line of a puzzle at position s, or false when s is not one. */
static bool try_position(Solver *sv, const Game *g, const MorphosState *s, long nodes, StrBuf *line)
{
    if (s->phase == PHASE_OVER || wins_at_once(s))
        return false;

    static SolveReport r;
    SolveLimits lim = {.nodes = nodes, .threads = 1};
    solver_clear(sv);
    solver_solve(sv, s, &lim, NULL, NULL, &r);
    if (!r.complete || r.value != SOLVE_WIN)
        return false;
    Bb paths[2];
    mf_shortest_paths(s->cfg, s->stones, MORPHOS_BLACK, &paths[0]);
    mf_shortest_paths(s->cfg, s->stones, MORPHOS_WHITE, &paths[1]);
    bool trap = false;
    PuzzleValue values[MAX_ACTIONS];
    for (int k = 0; k < r.num_moves; k++) {
        SolveValue v = r.moves[k].value;
        values[k] = v == SOLVE_WIN ? PUZZLE_WIN : v == SOLVE_LOSS ? PUZZLE_LOSS : PUZZLE_DRAW;
        trap = trap || (v == SOLVE_LOSS && plausible(s, r.moves[k].action, paths));
    }
    if (!trap)
        return false;
    sb_clear(line);
    puzzle_format(g, s, values, line);
    return true;
}

/* Plays a seeded game of greedy (70%) and random (30%) actions, never
 * swapping, for a random number of turns. */
static State *seeded_position(const Game *g, Ai *greedy, Rng *rng)
{
    const MorphosConfig *c = g->config;
    int cells = c->n * c->n, turns = cells / 3 + (int)rng_below(rng, (uint32_t)(cells - cells / 3));
    State *st = state_new(g);
    MorphosState *s = (MorphosState *)st;
    while (s->phase != PHASE_OVER && s->turn < turns) {
        Action a;
        if (rng_below(rng, 100) < 70) {
            ai_reseed(greedy, rng_next(rng));
            a = ai_choose(greedy, st, NULL);
        } else {
            a = morphos_nth_action(s, (int)rng_below(rng, (uint32_t)morphos_num_actions(s)));
        }
        if (a == ACT_SWAP)
            a = morphos_nth_action(s, 0);
        state_apply(st, a);
    }
    return st;
}

static int generate(const Args *a)
{
    char err[ERR_MAX];
    Game *g;
    int code = morphos_solver_game("morphos puzzles", a->size, a->mutators, &g);
    if (code >= 0)
        return code;
    if (cli_arguments_only) {
        game_free(g);
        return EXIT_OK;
    }
    Solver *sv = solver_new(g->config, 64);
    Ai *greedy = ai_new("greedy", g, a->seed, err, sizeof err);
    Rng rng;
    rng_seed(&rng, a->seed);
    bool show = isatty(STDERR_FILENO);
    printf("# morph morphos puzzles --size %ld --count %ld --seed %llu%s%s --nodes %ld\n", a->size, a->count,
           (unsigned long long)a->seed, a->mutators[0] ? " --mutators " : "", a->mutators, a->nodes);
    StrBuf line = STRBUF_INIT;
    char **seen = xcalloc((size_t)a->count, sizeof *seen);
    long found = 0, tried = 0, max_tries = a->count * 5000;
    while (found < a->count && tried < max_tries) {
        State *st = seeded_position(g, greedy, &rng);
        const MorphosState *played = (const MorphosState *)st;
        tried++;
        /* The puzzle is the position alone: no history, no swap. */
        MorphosState *s = puzzle_position(g, played->stones, played->to_move);
        if (played->phase != PHASE_OVER && try_position(sv, g, s, a->nodes, &line)) {
            bool dup = false;
            for (long k = 0; k < found && !dup; k++)
                dup = strcmp(seen[k], sb_str(&line)) == 0;
            if (!dup) {
                seen[found++] = xstrdup(sb_str(&line));
                printf("%s\n", sb_str(&line));
                fflush(stdout);
            }
        }
        if (show)
            fprintf(stderr, "\rpuzzles: %ld of %ld found in %ld positions\033[K", found, a->count, tried);
        morphos_ops.free_state(&s->base);
        state_free(st);
    }
    if (show)
        fprintf(stderr, "\r\033[K");
    for (long k = 0; k < found; k++)
        free(seen[k]);
    free(seen);
    sb_free(&line);
    ai_free(greedy);
    solver_free(sv);
    game_free(g);
    if (found < a->count)
        return cli_fail(EXIT_BAD_INPUT, "morphos puzzles: found only %ld of %ld puzzles in %ld positions", found,
                        a->count, tried);
    return EXIT_OK;
}

static int check(const Args *a)
{
    char err[ERR_MAX];
    PuzzleSuite suite;
    if (!puzzle_suite_load(a->check, &suite, err, sizeof err))
        return cli_fail(EXIT_BAD_INPUT, "morphos puzzles: %s", err);
    for (int i = 0; i < suite.num_games; i++)
        if (!solver_supports(suite.games[i]->config, err, sizeof err)) {
            puzzle_suite_free(&suite);
            return cli_fail(EXIT_USAGE, "morphos puzzles: %s", err);
        }
    if (cli_arguments_only) {
        puzzle_suite_free(&suite);
        return EXIT_OK;
    }
    Solver *solvers[PUZZLE_MAX_GAMES] = {NULL};
    int bad = 0;
    static SolveReport r;
    static const PuzzleValue from[] = {[SOLVE_WIN] = PUZZLE_WIN, [SOLVE_LOSS] = PUZZLE_LOSS, [SOLVE_DRAW] = PUZZLE_DRAW};
    for (int i = 0; i < suite.count && !bad; i++) {
        const Puzzle *p = &suite.items[i];
        Solver **sv = &solvers[p->game];
        if (!*sv)
            *sv = solver_new(suite.games[p->game]->config, 64);
        MorphosState *s = puzzle_state(&suite, p);
        SolveLimits lim = {.nodes = a->nodes, .threads = 1};
        solver_clear(*sv);
        solver_solve(*sv, s, &lim, NULL, NULL, &r);
        for (int k = 0; k < r.num_moves && !bad; k++) {
            StrBuf name = STRBUF_INIT;
            morphos_ops.action_text(&s->base, r.moves[k].action, &name);
            if (r.moves[k].value == SOLVE_UNKNOWN)
                bad = cli_fail(EXIT_BAD_INPUT, "morphos puzzles: line %d: %s not classified within %ld nodes", p->line,
                               sb_str(&name), a->nodes);
            else if (from[r.moves[k].value] != p->values[k])
                bad = cli_fail(EXIT_BAD_INPUT, "morphos puzzles: line %d: the solver finds %s a %s", p->line,
                               sb_str(&name), solve_value_name(r.moves[k].value));
            sb_free(&name);
        }
        morphos_ops.free_state(&s->base);
    }
    if (!bad)
        printf("%d puzzles, every action verified\n", suite.count);
    for (int i = 0; i < PUZZLE_MAX_GAMES; i++)
        solver_free(solvers[i]);
    puzzle_suite_free(&suite);
    return bad ? EXIT_BAD_INPUT : EXIT_OK;
}

int cmd_morphos_puzzles(int argc, char **argv)
{
    Args a;
    int code = read_args(argc, argv, &a);
    if (code != CLI_DONE)
        return code;
    return a.check ? check(&a) : generate(&a);
}
