/* Match statistics for the arena: the Wilson score interval on a score and
 * its mapping to an Elo difference. Pure functions, tested on their own. */
#ifndef MORPH_STATS_H
#define MORPH_STATS_H

/* z for a two-sided 95% interval. */
#define STATS_Z95 1.959963984540054

/* Wilson score interval of a proportion p observed over n trials (n > 0)
 * for the given z; lo and hi lie in [0, 1]. Draws count as half a win in p. */
void stats_wilson(double p, long n, double z, double *lo, double *hi);

/* Elo difference that predicts score p: -400 * log10(1/p - 1). A score of 0
 * or 1 has no finite Elo, so p is first clamped to [0.5/n, 1 - 0.5/n] (as if
 * half a game of n had gone the other way). n > 0. */
double stats_elo(double p, long n);

#endif
