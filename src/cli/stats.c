#include "stats.h"

#include <math.h>

void stats_wilson(double p, long n, double z, double *lo, double *hi)
{
    double z2n = z * z / (double)n;
    double centre = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / (double)n + z2n / (4 * (double)n)) / (1 + z2n);
    *lo = centre - half < 0 ? 0 : centre - half;
    *hi = centre + half > 1 ? 1 : centre + half;
}

double stats_elo(double p, long n)
{
    double eps = 0.5 / (double)n;
    if (p < eps)
        p = eps;
    if (p > 1 - eps)
        p = 1 - eps;
    return -400 * log10(1 / p - 1) + 0.0; /* + 0.0: an even score prints as 0, not -0 */
}
