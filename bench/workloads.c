#include "bench.h"

#include <time.h>

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const BenchWorkload bench_workloads[] = {
    {"morpyam.random_games", "random two-player standard Morpyam games (uniform legal actions)", bench_morpyam_random_games},
    {"morpyam.odds_table", "time to build the dice tables and the whole odds table", bench_morpyam_odds_table},
    {"morpyam.expert_decisions", "expert decisions over 2000 fixed mid-game positions (standard, 2 players)", bench_morpyam_expert_decisions},
    {NULL, NULL, NULL},
};
