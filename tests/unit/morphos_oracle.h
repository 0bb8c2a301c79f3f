/* A plain, independent Morphos weak-stone and connection check on a char
 * grid, used by the tests as an oracle for the bitboard engine. */
#ifndef MORPH_TEST_MORPHOS_ORACLE_H
#define MORPH_TEST_MORPHOS_ORACLE_H

#include <stdbool.h>

/* grid[row][col] holds 'B', 'W' or '.', row 0 at the bottom. */
typedef char OracleGrid[19][19];

/* Whether the stone at (col,row) is weak: some pattern in some orientation
 * around it is all stones of the other colour, every point on the board. */
bool oracle_weak(int n, OracleGrid g, int col, int row, bool minimorph);
/* Whether colour ('B' or 'W') has a chain between its two edges. */
bool oracle_connected(int n, OracleGrid g, char colour);

#endif
