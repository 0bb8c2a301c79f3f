/* Secrets and names made from the kernel's random bytes (getrandom), never
 * from a game's seeded Rng: game ids, invitation codes, seat tokens and
 * session ids. The server keeps only the SHA-256 of a seat token or a
 * session id, so a copy of the database does not let anyone act for a seat
 * or an account. */
#ifndef MORPH_TOKEN_H
#define MORPH_TOKEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GAME_ID_LEN 10     /* 50 bits in [a-z2-7]: links to watch a game */
#define INVITE_LEN 26      /* 130 bits: an invitation claims a seat once */
#define TOKEN_LEN 52       /* 260 bits: acts for a seat */
#define SESSION_ID_LEN 32  /* 160 bits: a signed-in browser (the session cookie) */
#define TOKEN_HASH_LEN 64  /* SHA-256 in hex */

/* Fills out with len characters of lowercase base32 and a NUL; false when
 * the kernel gives no random bytes (then out is empty). */
bool token_random(char *out, size_t len);
/* out gets the hex SHA-256 of text (65 bytes with the NUL). */
void token_hash(const char *text, char out[TOKEN_HASH_LEN + 1]);
/* Constant-time comparison of two equal-length hashes. */
bool token_hash_equal(const char *a, const char *b);
/* Whether text is len characters of lowercase base32 (a well-formed id,
 * code or token), before any look-up. */
bool token_well_formed(const char *text, size_t len);
/* A random 63-bit game seed from the kernel. */
bool token_seed(uint64_t *out);
/* For fuzzers and tests that must replay a run exactly: from now on
 * token_seed gives the seeds of a sequence started from start (the same
 * start, the same seeds) instead of the kernel's. Ids, codes and tokens
 * stay random. Never called by `morph serve`. */
void token_seed_repeatable(uint64_t start);

#endif
