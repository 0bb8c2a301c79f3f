/* Seeded pseudo-random numbers: xoshiro256** seeded through splitmix64.
 * Every random choice in morph (dice, deals, AI tie-breaks) goes through an Rng,
 * so a game is reproducible from its seed. */
#ifndef MORPH_RNG_H
#define MORPH_RNG_H

#include <stdint.h>

typedef struct Rng {
    uint64_t s[4];
} Rng;

void rng_seed(Rng *rng, uint64_t seed);
uint64_t rng_next(Rng *rng);
/* Uniform integer in [0, bound), bound > 0, without modulo bias. */
uint32_t rng_below(Rng *rng, uint32_t bound);
/* Uniform double in [0, 1). */
double rng_double(Rng *rng);
/* A new independent stream derived from this one (for AIs, threads). */
void rng_split(Rng *rng, Rng *child);

#endif
