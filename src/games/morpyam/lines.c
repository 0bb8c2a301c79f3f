/* Scoring lines: maximal runs of one player's tokens in rows, columns and
 * both diagonals. */
#include "morpyam.h"

static const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}}; /* (drow, dcol) */

int morpyam_run_value(int len, int num_players)
{
    if (len == 3)
        return 1;
    if (len == 4)
        return num_players == 2 ? 2 : 3;
    return 0;
}

int morpyam_run_from(uint64_t tokens, int row, int col, int dr, int dc)
{
    int n = 0;
    for (row += dr, col += dc; row >= 0 && row < 6 && col >= 0 && col < 6 && (tokens >> (row * 6 + col) & 1);
         row += dr, col += dc)
        n++;
    return n;
}

int morpyam_place_points(uint64_t tokens, int sq, int num_players, bool *ko)
{
    int row = sq / 6, col = sq % 6, delta = 0;
    *ko = false;
    for (int d = 0; d < 4; d++) {
        int a = morpyam_run_from(tokens, row, col, dirs[d][0], dirs[d][1]);
        int b = morpyam_run_from(tokens, row, col, -dirs[d][0], -dirs[d][1]);
        if (a + b + 1 >= 5)
            *ko = true;
        delta += morpyam_run_value(a + b + 1, num_players) - morpyam_run_value(a, num_players) -
                 morpyam_run_value(b, num_players);
    }
    return delta;
}

int morpyam_count_points(uint64_t tokens, int num_players, bool *ko)
{
    int points = 0;
    *ko = false;
    for (int sq = 0; sq < 36; sq++) {
        if (!(tokens >> sq & 1))
            continue;
        int row = sq / 6, col = sq % 6;
        for (int d = 0; d < 4; d++) {
            int pr = row - dirs[d][0], pc = col - dirs[d][1];
            if (pr >= 0 && pr < 6 && pc >= 0 && pc < 6 && (tokens >> (pr * 6 + pc) & 1))
                continue; /* not the start of a run */
            int len = 1 + morpyam_run_from(tokens, row, col, dirs[d][0], dirs[d][1]);
            if (len >= 5)
                *ko = true;
            points += morpyam_run_value(len, num_players);
        }
    }
    return points;
}
