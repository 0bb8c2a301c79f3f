#include "morphos_oracle.h"

#include <string.h>

/* Patterns as drawn in the rules: the weak stone on b2 of a grid whose
 * column a is x = 0 and row 1 is y = 0. */
static const int pat1[4][2] = {{1, 2}, {0, 2}, {0, 1}, {1, 0}};         /* b3 a3 a2 b1 */
static const int pat2[5][2] = {{0, 3}, {0, 2}, {0, 1}, {1, 0}, {2, 0}}; /* a4 a3 a2 b1 c1 */

static bool enemy_at(int n, OracleGrid g, int col, int row, char enemy)
{
    return col >= 0 && row >= 0 && col < n && row < n && g[row][col] == enemy;
}

/* Orientation t maps a pattern offset (dx, dy) to the board: rotations by
 * t%4 quarter turns, mirrored first when t >= 4. */
static void orient(int t, int dx, int dy, int *ox, int *oy)
{
    if (t >= 4)
        dx = -dx;
    for (int k = 0; k < t % 4; k++) {
        int tmp = dx;
        dx = -dy;
        dy = tmp;
    }
    *ox = dx;
    *oy = dy;
}

static bool match(int n, OracleGrid g, int col, int row, char enemy, const int (*pts)[2], int len, int skip)
{
    for (int t = 0; t < 8; t++) {
        bool all = true;
        for (int i = 0; i < len && all; i++) {
            if (i == skip)
                continue;
            int ox, oy;
            orient(t, pts[i][0] - 1, pts[i][1] - 1, &ox, &oy);
            all = enemy_at(n, g, col + ox, row + oy, enemy);
        }
        if (all)
            return true;
    }
    return false;
}

bool oracle_weak(int n, OracleGrid g, int col, int row, bool minimorph)
{
    char me = g[row][col];
    if (me != 'B' && me != 'W')
        return false;
    char enemy = me == 'B' ? 'W' : 'B';
    /* Minimorph drops the top-left point: a3 of pattern 1, a4 of pattern 2. */
    if (match(n, g, col, row, enemy, pat1, 4, minimorph ? 1 : -1))
        return true;
    if (match(n, g, col, row, enemy, pat2, 5, minimorph ? 0 : -1))
        return true;
    if (minimorph)
        return false;
    /* Pattern 3: every 2x2 area holding the stone, ringed by enemies. */
    for (int ax = col - 1; ax <= col; ax++)
        for (int ay = row - 1; ay <= row; ay++) {
            if (ax < 0 || ay < 0 || ax + 1 >= n || ay + 1 >= n)
                continue;
            bool all = true;
            for (int k = 0; k < 2; k++) {
                all = all && enemy_at(n, g, ax + k, ay - 1, enemy) && enemy_at(n, g, ax + k, ay + 2, enemy);
                all = all && enemy_at(n, g, ax - 1, ay + k, enemy) && enemy_at(n, g, ax + 2, ay + k, enemy);
            }
            if (all)
                return true;
        }
    return false;
}

bool oracle_connected(int n, OracleGrid g, char colour)
{
    bool seen[19][19];
    int stack[361][2], top = 0;
    memset(seen, 0, sizeof seen);
    for (int i = 0; i < n; i++) {
        int col = colour == 'B' ? i : 0, row = colour == 'B' ? 0 : i;
        if (g[row][col] == colour) {
            seen[row][col] = true;
            stack[top][0] = col;
            stack[top++][1] = row;
        }
    }
    while (top) {
        top--;
        int col = stack[top][0], row = stack[top][1];
        if ((colour == 'B' && row == n - 1) || (colour == 'W' && col == n - 1))
            return true;
        static const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        for (int k = 0; k < 4; k++) {
            int x = col + d[k][0], y = row + d[k][1];
            if (x >= 0 && y >= 0 && x < n && y < n && !seen[y][x] && g[y][x] == colour) {
                seen[y][x] = true;
                stack[top][0] = x;
                stack[top++][1] = y;
            }
        }
    }
    return false;
}
