/* morph arena: plays AI against AI (or external programs) and reports the
 * score of A with a Wilson interval and the matching Elo difference. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "external.h"
#include "../protocol/gtp.h"
#include "game_args.h"
#include "../front/session.h"
#include "stats.h"
#include "../core/utf8.h"
#include "../games/registry.h"

/* A game that runs longer than this is a bug in a player or a rule. */
#define ARENA_MAX_STEPS 1000000

enum { OUTCOME_A, OUTCOME_B, OUTCOME_DRAW };

typedef struct Side {
    const char *spec;
    bool external;
    ExternalKind kind;
    const char *command;
} Side;

typedef struct Arena {
    const char *game;
    Options opts;
    Side sides[2];
    long games;
    uint64_t seed;
    bool progress;
    double last_progress; /* monotonic seconds of the last progress line */
    pthread_mutex_t lock;
    long next, done, counts[3];
    bool failed;
    char error[ERR_MAX * 2];
} Arena;

static const char about[] =
    "Usage: morph arena GAME --a SPEC --b SPEC --games N [--seed S] [--threads T]\n"
    "                  [--json] [--quiet] [game options]\n"
    "\n"
    "Plays N games between A and B and reports A's score (wins + draws/2) / N with\n"
    "a Wilson 95% interval and the Elo difference it implies.\n"
    "\n";

static void more(FILE *out, const CliArgs *args)
{
    const GameOps *ops = args->game;
    fprintf(out,
            "\n"
            "Seats: with 2 players A takes seat 1 in even-numbered games (0, 2, ...) and\n"
            "seat 2 in odd ones. With more players A takes seat (i mod players) + 1 and B\n"
            "plays every other seat. A game is A's when only A's seat wins, B's when only\n"
            "B seats win, and a draw otherwise (shared win or no winner); an A as strong\n"
            "as B then scores about 1/players, not 0.5.\n"
            "Chance (dice) is sampled by the arena itself, the same for every player.\n"
            "Elo: -400*log10(1/score - 1), with the score clamped to [0.5/N, 1-0.5/N] so\n"
            "that 0%% and 100%% stay finite; the interval is mapped the same way.\n"
            "\n");
    game_args_print_games_help(out, ops, NULL, NULL);
}

static bool side_of(const char *spec, const Game *g, Side *side, char *err, size_t errlen)
{
    side->spec = spec;
    side->external = external_parse(spec, &side->kind, &side->command);
    if (side->external) {
        if (!side->command[0]) {
            snprintf(err, errlen, "'%s' names no command", spec);
            return false;
        }
        return external_plays(side->kind, g, err, errlen);
    }
    Ai *ai = ai_new(spec, g, 0, err, errlen); /* checks the spec once, up front */
    ai_free(ai);
    return ai != NULL;
}

/* Plays game index i; returns its outcome or -1 with err. */
static int play_game(Arena *arena, long i, External ext[2], char *err, size_t errlen)
{
    Game *g = game_new(arena->game, &arena->opts, err, errlen);
    if (!g)
        return -1;
    int n = g->num_players;
    int a_seat = (int)(i % n);
    char words[MAX_PLAYERS][136];
    const char *players[MAX_PLAYERS];
    int side_at[MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        side_at[p] = p == a_seat ? 0 : 1;
        const Side *side = &arena->sides[side_at[p]];
        snprintf(words[p], sizeof words[p], side->external ? "human" : "ai:%s", side->spec);
        players[p] = words[p];
    }
    /* Seeds stay below 2^63 so protocols and records carry them as numbers. */
    uint64_t seed = seed_derive(arena->seed, 4, (uint64_t)i) & SESSION_SEED_MAX;
    Session *s = session_new_game(g, players, seed, err, errlen);
    if (!s)
        return -1;
    bool ok = true;
    for (int k = 0; k < 2 && ok; k++)
        if (arena->sides[k].external)
            ok = external_new_game(&ext[k], s, err, errlen);
    while (ok && !session_is_terminal(s)) {
        if (s->count >= ARENA_MAX_STEPS) {
            snprintf(err, errlen, "game %ld did not end after %d actions", i, ARENA_MAX_STEPS);
            ok = false;
        } else if (state_is_chance(s->state)) {
            session_chance_step(s);
        } else {
            int p = session_player(s);
            const Side *side = &arena->sides[side_at[p]];
            if (!side->external) {
                Action a;
                ok = session_ai_choose(s, &a, NULL, err, errlen) && session_apply(s, a, err, errlen);
            } else {
                External *x = &ext[side_at[p]];
                char move[256], why[ERR_MAX];
                ok = external_genmove(x, s, move, sizeof move, err, errlen);
                if (ok && !session_apply_text(s, move, why, sizeof why)) {
                    char who[84], what[64];
                    snprintf(err, errlen, "game %ld: %s played '%s': %s", i, text_excerpt(side->spec, 80, who, sizeof who),
                             text_excerpt(move, 60, what, sizeof what), why);
                    ok = false;
                }
                if (ok)
                    external_own_move_applied(x, s, p);
            }
        }
    }
    int outcome = -1;
    if (ok) {
        GameResult r;
        state_result(s->state, &r);
        unsigned a_bit = 1u << a_seat;
        bool a_won = r.winners & a_bit, b_won = r.winners & ~a_bit;
        outcome = a_won && !b_won ? OUTCOME_A : b_won && !a_won ? OUTCOME_B : OUTCOME_DRAW;
    }
    session_free(s);
    return outcome;
}

/* At most ten updates a second, and always the last one. */
static void show_progress(Arena *arena)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double t = (double)now.tv_sec + now.tv_nsec / 1e9;
    if (t - arena->last_progress < 0.1 && arena->done < arena->games)
        return;
    arena->last_progress = t;
    fprintf(stderr, "\rarena: %ld/%ld games, A %ld, B %ld, draws %ld", arena->done, arena->games,
            arena->counts[OUTCOME_A], arena->counts[OUTCOME_B], arena->counts[OUTCOME_DRAW]);
    fflush(stderr);
}

static void *worker(void *arg)
{
    Arena *arena = arg;
    External ext[2];
    bool started[2] = {false, false};
    char err[ERR_MAX * 2];
    for (int k = 0; k < 2; k++) {
        const Side *side = &arena->sides[k];
        if (!side->external)
            continue;
        if (!external_start(&ext[k], side->kind, side->command, err, sizeof err)) {
            pthread_mutex_lock(&arena->lock);
            if (!arena->failed)
                snprintf(arena->error, sizeof arena->error, "%s", err);
            arena->failed = true;
            pthread_mutex_unlock(&arena->lock);
        } else {
            started[k] = true;
        }
    }
    for (;;) {
        pthread_mutex_lock(&arena->lock);
        long i = arena->failed ? arena->games : arena->next++;
        pthread_mutex_unlock(&arena->lock);
        if (i >= arena->games)
            break;
        int outcome = play_game(arena, i, ext, err, sizeof err);
        pthread_mutex_lock(&arena->lock);
        if (outcome < 0) {
            if (!arena->failed)
                snprintf(arena->error, sizeof arena->error, "%s", err);
            arena->failed = true;
        } else {
            arena->counts[outcome]++;
            arena->done++;
            if (arena->progress)
                show_progress(arena);
        }
        pthread_mutex_unlock(&arena->lock);
    }
    for (int k = 0; k < 2; k++)
        if (started[k])
            external_stop(&ext[k]);
    return NULL;
}

int cmd_arena(int argc, char **argv)
{
    Arena arena = {0};
    options_init(&arena.opts);
    const char *spec[2] = {NULL, NULL};
    long games = 0, threads = 1;
    bool json = false, quiet = false, have_seed = false;
    char err[ERR_MAX * 2];
    const CliFlag flags[] = {
        {.name = "--a", .kind = CLI_TEXT, .out = &spec[0], .usage = "--a SPEC, --b SPEC",
         .help = "an AI level (random, mcts:ms=200, ...), engine:CMD for a\n"
                 "program speaking the JSON protocol (docs/protocol.md), or\n"
                 "gtp:CMD for a GTP program (" GTP_GAME " only)"},
        {.name = "--b", .kind = CLI_TEXT, .out = &spec[1]},
        {.name = "--games", .kind = CLI_LONG, .out = &games, .value = "N", .lo = 1, .hi = 10000000,
         .expects = "expects a whole number from 1 to 10000000", .help = "number of games (1 to 10000000)"},
        {.name = "--seed", .kind = CLI_SEED, .out = &arena.seed, .value = "S", .umax = SESSION_SEED_MAX,
         .expects = "expects a whole number from 0 to 2^63-1", .given = &have_seed,
         .help = "base seed, 0 to 2^63-1 (default: from the clock, reported on\n"
                 "stderr); game i uses a seed derived from (S, i), so results\n"
                 "depend on S only, not on the thread count"},
        {.name = "--threads", .kind = CLI_LONG, .out = &threads, .value = "T", .lo = 1, .hi = 64,
         .expects = "expects a whole number from 1 to 64", .help = "games played in parallel (1 to 64, default 1)"},
        {.name = "--json", .kind = CLI_SET, .out = &json,
         .help = "print {\"games\",\"a_wins\",\"b_wins\",\"draws\",\"a_score\",\n"
                 "\"a_score_ci95\",\"elo\",\"elo_ci95\"}"},
        {.name = "--quiet", .kind = CLI_SET, .out = &quiet,
         .help = "no progress line (progress is shown only on a terminal)"},
        {0},
    };
    CliArgs args = {.prefix = "arena", .flags = flags, .column = 18, .options = &arena.opts, .about = about, .more = more,
                    .help_in_turn = true};
    if (argc < 2 || argv[1][0] == '-') {
        if (cli_wants_help(argc, argv)) {
            cli_print_usage(stdout, &args); /* every game's options */
            return EXIT_OK;
        }
        return cli_fail(EXIT_USAGE, "arena: expected a game first (see morph arena --help)");
    }
    const GameOps *ops = game_lookup(argv[1]);
    if (!ops)
        return cli_fail(EXIT_USAGE, "arena: unknown game '%s'", cli_quote(argv[1]));
    arena.game = ops->name;
    args.game = ops;
    int parsed = cli_parse(&args, argc, argv, 2);
    if (parsed != CLI_DONE)
        return parsed;
    if (!spec[0] || !spec[1])
        return cli_fail(EXIT_USAGE, "arena: both --a SPEC and --b SPEC are needed");
    if (!games)
        return cli_fail(EXIT_USAGE, "arena: --games N is needed");
    Game *g = game_new(ops->name, &arena.opts, err, sizeof err);
    if (!g)
        return cli_fail(EXIT_BAD_INPUT, "arena: %s", err);
    for (int k = 0; k < 2; k++) {
        if (!side_of(spec[k], g, &arena.sides[k], err, sizeof err)) {
            game_free(g);
            return cli_fail(EXIT_USAGE, "arena: --%c: %s", 'a' + k, err);
        }
    }
    game_free(g);
    if (cli_arguments_only)
        return EXIT_OK;
    if (!have_seed) {
        arena.seed = (uint64_t)time(NULL);
        if (!quiet)
            fprintf(stderr, "arena: seed %llu\n", (unsigned long long)arena.seed);
    }
    arena.games = games;
    arena.progress = !quiet && isatty(2);
    pthread_mutex_init(&arena.lock, NULL);
    signal(SIGPIPE, SIG_IGN); /* a dead external player is reported, not fatal */
    pthread_t ids[64];
    for (long t = 0; t < threads; t++)
        pthread_create(&ids[t], NULL, worker, &arena);
    for (long t = 0; t < threads; t++)
        pthread_join(ids[t], NULL);
    pthread_mutex_destroy(&arena.lock);
    if (arena.progress)
        fputc('\n', stderr);
    if (arena.failed)
        return cli_fail(EXIT_BAD_INPUT, "arena: %s", arena.error);

    long a = arena.counts[OUTCOME_A], b = arena.counts[OUTCOME_B], d = arena.counts[OUTCOME_DRAW];
    double score = (a + d / 2.0) / (double)games, lo, hi;
    stats_wilson(score, games, STATS_Z95, &lo, &hi);
    double elo = stats_elo(score, games), elo_lo = stats_elo(lo, games), elo_hi = stats_elo(hi, games);
    if (json) {
        cli_print_json(json_pack("{s:I,s:I,s:I,s:I,s:f,s:[f,f],s:f,s:[f,f]}", "games", (json_int_t)games,
                                 "a_wins", (json_int_t)a, "b_wins", (json_int_t)b, "draws", (json_int_t)d,
                                 "a_score", score, "a_score_ci95", lo, hi, "elo", elo, "elo_ci95", elo_lo, elo_hi));
    } else {
        printf("%ld games of %s: A (%s) %ld wins, B (%s) %ld wins, %ld draws\n", games, ops->name, spec[0], a,
               spec[1], b, d);
        printf("A score %.3f (95%% interval %.3f to %.3f), Elo %+.0f (%+.0f to %+.0f)\n", score, lo, hi, elo,
               elo_lo, elo_hi);
    }
    return EXIT_OK;
}
