/* Glicko-2, following the steps of Glickman's "Example of the Glicko-2
 * system" (step numbers in the comments). */
#include "glicko2.h"

#include <math.h>

#define SCALE 173.7178          /* Glicko <-> Glicko-2 */
#define EPSILON 0.000001        /* convergence of the volatility iteration */

Glicko glicko2_new(void)
{
    return (Glicko){GLICKO_RATING, GLICKO_RD, GLICKO_VOL};
}

static double g_of(double phi)
{
    return 1 / sqrt(1 + 3 * phi * phi / (M_PI * M_PI));
}

static double e_of(double mu, double mu_j, double phi_j)
{
    return 1 / (1 + exp(-g_of(phi_j) * (mu - mu_j)));
}

/* Step 5: the new volatility, by the Illinois algorithm. */
static double new_volatility(double phi, double sigma, double delta, double v, double tau)
{
    double a = log(sigma * sigma), d2 = delta * delta, p2 = phi * phi;
#define F(x) (exp(x) * (d2 - p2 - v - exp(x)) / (2 * (p2 + v + exp(x)) * (p2 + v + exp(x))) - ((x) - a) / (tau * tau))
    double A = a, B;
    if (d2 > p2 + v) {
        B = log(d2 - p2 - v);
    } else {
        int k = 1;
        while (F(a - k * tau) < 0)
            k++;
        B = a - k * tau;
    }
    double fa = F(A), fb = F(B);
    for (int i = 0; i < 200 && fabs(B - A) > EPSILON; i++) {
        double C = A + (A - B) * fa / (fb - fa), fc = F(C);
        if (fc * fb <= 0) {
            A = B;
            fa = fb;
        } else {
            fa /= 2;
        }
        B = C;
        fb = fc;
    }
#undef F
    return exp(A / 2);
}

Glicko glicko2_update(Glicko player, const GlickoGame *games, int n, double tau)
{
    /* Step 2: to the Glicko-2 scale. */
    double mu = (player.rating - GLICKO_RATING) / SCALE, phi = player.rd / SCALE, sigma = player.vol;
    if (n <= 0) {
        /* Step 6 alone: a period without games. */
        double grown = sqrt(phi * phi + sigma * sigma) * SCALE;
        return (Glicko){player.rating, fmin(grown, GLICKO_RD), sigma};
    }
    /* Steps 3 and 4: the estimated variance and the improvement. */
    double v_inv = 0, sum = 0;
    for (int j = 0; j < n; j++) {
        double mu_j = (games[j].rating - GLICKO_RATING) / SCALE, phi_j = games[j].rd / SCALE;
        double g = g_of(phi_j), e = e_of(mu, mu_j, phi_j);
        v_inv += g * g * e * (1 - e);
        sum += g * (games[j].score - e);
    }
    double v = 1 / v_inv, delta = v * sum;
    double sigma_new = new_volatility(phi, sigma, delta, v, tau);
    /* Steps 6 and 7: the pre-period RD, then the new RD and rating. */
    double phi_star = sqrt(phi * phi + sigma_new * sigma_new);
    double phi_new = 1 / sqrt(1 / (phi_star * phi_star) + 1 / v);
    double mu_new = mu + phi_new * phi_new * sum;
    /* Step 8: back to the Glicko scale. */
    return (Glicko){SCALE * mu_new + GLICKO_RATING, fmin(SCALE * phi_new, GLICKO_RD), sigma_new};
}

void glicko2_game(Glicko players[2], const double score[2], const double idle_days[2])
{
    Glicko before[2];
    for (int i = 0; i < 2; i++)
        before[i] = glicko2_idle(players[i], idle_days[i]);
    for (int i = 0; i < 2; i++) {
        GlickoGame game = {before[1 - i].rating, before[1 - i].rd, score[i]};
        players[i] = glicko2_update(before[i], &game, 1, GLICKO_TAU);
    }
}

Glicko glicko2_idle(Glicko player, double periods)
{
    if (periods <= 0)
        return player;
    double phi = player.rd / SCALE;
    double grown = sqrt(phi * phi + periods * player.vol * player.vol) * SCALE;
    player.rd = fmin(grown, GLICKO_RD);
    return player;
}
