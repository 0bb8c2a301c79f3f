/* Accounts' secrets and names, without storage: name rules, passwords as
 * Argon2id hashes (libsodium's crypto_pwhash, ARGON2ID13), never kept or
 * logged in clear. A stored hash is the PHC string ("$argon2id$v=19$m=...,
 * t=...,p=1$salt$hash"): it carries its own parameters, so a hash made at
 * another cost still verifies, and is made again at the server's cost on
 * the next sign-in. */
#ifndef MORPH_PASSWORD_H
#define MORPH_PASSWORD_H

#include <stdbool.h>
#include <stddef.h>

#define ACCOUNT_NAME_MIN 3
#define ACCOUNT_NAME_MAX 20
#define PASSWORD_MIN 10       /* characters (UTF-8 code points) */
#define PASSWORD_MAX_BYTES 1024
#define PASSWORD_HASH_MAX 128 /* bytes of a stored hash with its NUL (crypto_pwhash_STRBYTES) */

/* How much work a hash costs: libsodium's opslimit and memlimit (bytes). */
typedef struct PasswordCost {
    unsigned long long ops;
    size_t mem;
} PasswordCost;

/* libsodium's "interactive" cost (2 passes over 64 MiB): the server's default. */
PasswordCost password_cost_interactive(void);
/* The smallest cost libsodium allows: for tests only, which hash hundreds. */
PasswordCost password_cost_min(void);

/* Call once before any other function here (sodium_init); false when the
 * library cannot start. */
bool password_init(void);

/* Whether name is 3 to 20 letters (a-z, A-Z), digits, '-' or '_'; false
 * with a one-line message naming what is wrong. */
bool account_name_check(const char *name, char *err, size_t errlen);
/* The name in lower case: names are unique without regard to case. */
void account_name_key(const char *name, char out[ACCOUNT_NAME_MAX + 1]);
/* Whether password (len bytes, any bytes) is an acceptable new password: at
 * least 10 characters of valid UTF-8, at most 1024 bytes, no NUL. */
bool password_check(const char *password, size_t len, char *err, size_t errlen);

/* The Argon2id hash of password at cost into out; false when the system
 * cannot give the memory. */
bool password_hash(const char *password, size_t len, PasswordCost cost, char out[PASSWORD_HASH_MAX]);
/* Whether password matches a stored hash (constant time in the password). */
bool password_verify(const char *stored, const char *password, size_t len);
/* Whether a stored hash was made at another cost than cost (to hash again). */
bool password_needs_rehash(const char *stored, PasswordCost cost);

#endif
