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
    {"morpyam.master_decisions", "master decisions over the same positions: the median time of a decision", bench_morpyam_master_decisions},
    {"morphos.playouts_9x9", "random Morphos playouts from the empty 9x9 board", bench_morphos_playouts_9x9},
    {"morphos.playouts_13x13", "random Morphos playouts from the empty 13x13 board", bench_morphos_playouts_13x13},
    {"morphos.playouts_19x19", "random Morphos playouts from the empty 19x19 board", bench_morphos_playouts_19x19},
    {"morphos.playouts_mutators", "random Morphos playouts on 13x13 with minimorph, deepmorph, duomorph and remorph", bench_morphos_playouts_mutators},
    {"morphos.legal_moves", "Morphos legal-move generation on a mid-game 13x13 position", bench_morphos_legal_moves},
    {"morphos.policy_playouts_9x9", "Morphos playouts with the mcts playout policy from the empty 9x9 board", bench_morphos_policy_playouts},
    {"morphos.mcts_playouts_1t", "Morphos MCTS playouts per second in search from a fixed 9x9 position, one thread", bench_morphos_mcts_1t},
    {"morphos.mcts_playouts_2t", "Morphos MCTS playouts per second in search from a fixed 9x9 position, two threads", bench_morphos_mcts_2t},
    {"morphos.puzzles_mcts100", "share of the puzzle suite where mcts:ms=100 plays a winning move", bench_morphos_puzzles},
    {NULL, NULL, NULL},
};
