/* The clock of the mcts level: the monotonic time in seconds, for the
 * deadlines of searches (mcts_tree.c, mcts_decide.c) and the time the exact
 * search took (mcts_solver.c). */
#include <time.h>

#include "mcts.h"

double mcts_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
