/* morph morpyam analyze: expert self-play statistics of a Morpyam rule set
 * (first-player advantage, game length, share of KO wins), each with a 95%
 * interval. Game i uses its own seeds derived from the run's seed, so the
 * results do not depend on the number of threads. */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../ai/ai.h"
#include "../games/morpyam/morpyam.h"
#include "cli.h"
#include "commands.h"
#include "game_args.h"
#include "stats.h"
#include "../core/xalloc.h"
#include "../games/registry.h"

typedef struct GameStat {
    double first_share; /* the starting seat's share of the win (1, 0 or 1/k) */
    int turns;
    bool ko;
} GameStat;

typedef struct Run {
    const Game *g;
    uint64_t seed;
    int games;
    atomic_int next;
    GameStat *stats;
    bool failed;
} Run;

static const char about[] =
    "Usage: morph morpyam analyze --games G [--seed S] [--threads T] [--json]\n"
    "                             [game options]\n"
    "\n"
    "Plays G games of expert self-play and reports, each with a 95% interval:\n"
    "the share of wins of the player who started (against the fair share 1/N),\n"
    "the average game length in turns, and the share of games won by KO.\n"
    "Proportions use the Wilson interval, the mean a normal interval.\n"
    "\n";

static bool play_game(const Game *g, uint64_t seed, GameStat *out)
{
    char err[ERR_MAX];
    Rng rng;
    rng_seed(&rng, seed);
    Ai *ais[MAX_PLAYERS] = {NULL};
    bool ok = true;
    for (int p = 0; p < g->num_players; p++) {
        ais[p] = ai_new("expert", g, rng_next(&rng), err, sizeof err);
        ok &= ais[p] != NULL;
    }
    State *s = state_new(g);
    int first = -1;
    while (ok && !state_is_terminal(s)) {
        const MorpyamState *ms = (const MorpyamState *)s;
        if (first < 0 && ms->turns == 1)
            first = ms->player;
        int p = state_player(s);
        state_apply(s, p == PLAYER_CHANCE ? state_sample_chance(s, &rng) : ai_choose(ais[p], s, NULL));
    }
    if (ok) {
        GameResult r;
        double returns[MAX_PLAYERS];
        state_result(s, &r);
        result_returns(&r, g->num_players, returns);
        out->first_share = first >= 0 ? returns[first] : 0;
        out->turns = ((const MorpyamState *)s)->turns;
        out->ko = strcmp(r.how, "ko") == 0;
    }
    state_free(s);
    for (int p = 0; p < g->num_players; p++)
        ai_free(ais[p]);
    return ok;
}

static void *worker(void *arg)
{
    Run *run = arg;
    for (int i; (i = atomic_fetch_add(&run->next, 1)) < run->games;)
        if (!play_game(run->g, run->seed + 0x9e3779b97f4a7c15ull * (uint64_t)(i + 1), &run->stats[i]))
            run->failed = true;
    return NULL;
}

/* Wilson score interval of a proportion p over n trials. */
static void wilson(double p, int n, double ci[2])
{
    stats_wilson(p, n, 1.959963984540054, &ci[0], &ci[1]);
}

int cmd_morpyam_analyze(int argc, char **argv)
{
    Options opts;
    char err[ERR_MAX];
    long games = 0, threads = 1;
    uint64_t seed = 0;
    bool seeded = false, json = false;
    options_init(&opts);
    const CliFlag flags[] = {
        {.name = "--games", .kind = CLI_LONG, .out = &games, .value = "G", .lo = 1, .hi = 1000000,
         .expects = "expects a whole number from 1 to 1000000", .help = "number of games, 1 to 1000000 (required)"},
        {.name = "--seed", .kind = CLI_SEED, .out = &seed, .value = "S", .given = &seeded,
         .expects = "expects a non-negative whole number",
         .help = "seed of the run (default: from the clock, printed)"},
        {.name = "--threads", .kind = CLI_LONG, .out = &threads, .value = "T", .lo = 1, .hi = 64,
         .expects = "expects a whole number from 1 to 64",
         .help = "games played in parallel, 1 to 64 (default 1); the results\nare the same for every T"},
        {.name = "--json", .kind = CLI_SET, .out = &json,
         .help = "one object: {\"games\",\"players\",\"variant\",\"rules\",\"seed\",\n"
                 "\"fair_share\",\"first_player_share\",\n"
                 "\"first_player_share_ci95\":[lo,hi],\"turns_mean\",\n"
                 "\"turns_ci95\":[lo,hi],\"ko_share\",\"ko_share_ci95\":[lo,hi]}"},
        {0},
    };
    /* every game option flag, as in morph play */
    const CliArgs args = {.prefix = "analyze", .name = "morpyam analyze", .flags = flags, .column = 16,
                          .game = &morpyam_ops, .options = &opts, .about = about,
                          .more = cli_more_game_options};
    int parsed = cli_parse(&args, argc, argv, 1);
    if (parsed != CLI_DONE)
        return parsed;
    if (games == 0)
        return cli_fail(EXIT_USAGE, "analyze: --games G is required (see morph morpyam analyze --help)");
    if (!seeded) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        seed = (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec;
    }
    Game *g = game_new("morpyam", &opts, err, sizeof err);
    if (!g)
        return cli_fail(EXIT_BAD_INPUT, "%s", err);
    if (cli_arguments_only) {
        game_free(g);
        return EXIT_OK;
    }
    Run run = {.g = g, .seed = seed, .games = (int)games, .stats = xcalloc((size_t)games, sizeof(GameStat))};
    atomic_init(&run.next, 0);
    pthread_t tids[64];
    for (int t = 1; t < threads; t++)
        pthread_create(&tids[t], NULL, worker, &run);
    worker(&run);
    for (int t = 1; t < threads; t++)
        pthread_join(tids[t], NULL);
    if (run.failed) {
        free(run.stats);
        game_free(g);
        return cli_fail(EXIT_BAD_INPUT, "analyze: could not create the expert players");
    }
    double first = 0, ko = 0, sum = 0, sq = 0;
    for (int i = 0; i < games; i++) {
        first += run.stats[i].first_share;
        ko += run.stats[i].ko;
        sum += run.stats[i].turns;
        sq += (double)run.stats[i].turns * run.stats[i].turns;
    }
    free(run.stats);
    double n = (double)games, first_ci[2], ko_ci[2];
    first /= n;
    ko /= n;
    double mean = sum / n, var = games > 1 ? (sq - n * mean * mean) / (n - 1) : 0;
    double half = 1.959963984540054 * sqrt(var > 0 ? var / n : 0);
    wilson(first, (int)games, first_ci);
    wilson(ko, (int)games, ko_ci);
    const char *variant = options_value(&g->options, morpyam_ops.option_specs, "variant");
    const char *rules = options_value(&g->options, morpyam_ops.option_specs, "rules");
    int players = g->num_players;
    if (json) {
        cli_print_json(json_pack("{s:I,s:i,s:s,s:s,s:I,s:f,s:f,s:[f,f],s:f,s:[f,f],s:f,s:[f,f]}", "games",
                                 (json_int_t)games, "players", players, "variant", variant, "rules", rules, "seed",
                                 (json_int_t)seed, "fair_share", 1.0 / players, "first_player_share", first,
                                 "first_player_share_ci95", first_ci[0], first_ci[1], "turns_mean", mean, "turns_ci95",
                                 mean - half, mean + half, "ko_share", ko, "ko_share_ci95", ko_ci[0], ko_ci[1]));
    } else {
        printf("Morpyam analysis: %d players, %s, rules %s, %ld games of expert self-play, seed %llu\n", players,
               variant, rules[0] ? rules : "none", games, (unsigned long long)seed);
        printf("first player wins  %5.1f%%  95%% interval [%.1f%%, %.1f%%]  (fair share %.1f%%)\n", 100 * first,
               100 * first_ci[0], 100 * first_ci[1], 100.0 / players);
        printf("game length        %5.1f turns  95%% interval [%.1f, %.1f]\n", mean, mean - half, mean + half);
        printf("KO wins            %5.1f%%  95%% interval [%.1f%%, %.1f%%]\n", 100 * ko, 100 * ko_ci[0], 100 * ko_ci[1]);
    }
    game_free(g);
    return EXIT_OK;
}
