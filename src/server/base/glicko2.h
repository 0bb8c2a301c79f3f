/* Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013):
 * pure arithmetic, no I/O. A rating is shown on the Glicko scale (1500,
 * RD 350 for a newcomer); the update works on the Glicko-2 scale inside.
 *
 * The server rates every rated game as a rating period of its own (as
 * lichess does): one update per player per game, against the opponent's
 * rating before the game. A player who has not played for a while gets a
 * larger RD first (glicko2_idle): one empty rating period per day away. */
#ifndef MORPH_GLICKO2_H
#define MORPH_GLICKO2_H

#define GLICKO_RATING 1500.0  /* a newcomer's rating */
#define GLICKO_RD 350.0       /* a newcomer's rating deviation, also the largest RD */
#define GLICKO_VOL 0.06       /* a newcomer's volatility */
#define GLICKO_TAU 0.5        /* the system constant: how fast volatility may change */

typedef struct Glicko {
    double rating, rd, vol;
} Glicko;

/* One game of a rating period: the opponent's rating and RD before it, and
 * the player's score (1 win, 0.5 draw, 0 loss). */
typedef struct GlickoGame {
    double rating, rd, score;
} GlickoGame;

/* A newcomer's rating. */
Glicko glicko2_new(void);
/* The player after a rating period of n games (n = 0: only the RD grows, as
 * for a period without games). tau is the system constant. */
Glicko glicko2_update(Glicko player, const GlickoGame *games, int n, double tau);
/* The player after `periods` empty rating periods (fractions allowed): the
 * RD grows with the volatility, up to GLICKO_RD. */
Glicko glicko2_idle(Glicko player, double periods);
/* One rated game between two players, as every store applies it: each RD
 * first grows for the days since that player's last rated game (one empty
 * period a day), then each is rated against the other's rating before the
 * game; score[i] is player i's (1 win, 0.5 shared, 0 loss). */
void glicko2_game(Glicko players[2], const double score[2], const double idle_days[2]);

#endif
