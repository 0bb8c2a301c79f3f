#include "password.h"

#include <sodium.h>
#include <stdio.h>
#include <string.h>

#include "../../core/utf8.h"

PasswordCost password_cost_interactive(void)
{
    return (PasswordCost){crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE, crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE};
}

PasswordCost password_cost_min(void)
{
    return (PasswordCost){crypto_pwhash_argon2id_OPSLIMIT_MIN, crypto_pwhash_argon2id_MEMLIMIT_MIN};
}

bool password_init(void)
{
    _Static_assert(crypto_pwhash_argon2id_STRBYTES <= PASSWORD_HASH_MAX, "PASSWORD_HASH_MAX too small");
    return sodium_init() >= 0;
}

bool account_name_check(const char *name, char *err, size_t errlen)
{
    size_t len = strlen(name);
    size_t bad = strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_");
    char q[EXCERPT_SIZE];
    if (bad < len) {
        snprintf(err, errlen, "a name is made of letters a-z, digits, '-' and '_' only, got '%s'",
                 text_excerpt(name, EXCERPT_MAX, q, sizeof q));
        return false;
    }
    if (len < ACCOUNT_NAME_MIN || len > ACCOUNT_NAME_MAX) {
        snprintf(err, errlen, "a name has %d to %d characters, got %zu ('%s')", ACCOUNT_NAME_MIN, ACCOUNT_NAME_MAX, len,
                 text_excerpt(name, EXCERPT_MAX, q, sizeof q));
        return false;
    }
    return true;
}

void account_name_key(const char *name, char out[ACCOUNT_NAME_MAX + 1])
{
    size_t i = 0;
    for (; name[i] && i < ACCOUNT_NAME_MAX; i++)
        out[i] = name[i] >= 'A' && name[i] <= 'Z' ? (char)(name[i] - 'A' + 'a') : name[i];
    out[i] = '\0';
}

bool password_check(const char *password, size_t len, char *err, size_t errlen)
{
    if (len > PASSWORD_MAX_BYTES) {
        snprintf(err, errlen, "a password has at most %d bytes, got %zu", PASSWORD_MAX_BYTES, len);
        return false;
    }
    size_t chars = 0;
    for (size_t i = 0; i < len; chars++) {
        size_t n = password[i] ? utf8_char_len(password + i, len - i) : 0;
        if (n == 0) {
            snprintf(err, errlen, "a password must be text (valid UTF-8 without NUL characters)");
            return false;
        }
        i += n;
    }
    if (chars < PASSWORD_MIN) {
        snprintf(err, errlen, "a password has at least %d characters, got %zu", PASSWORD_MIN, chars);
        return false;
    }
    return true;
}

bool password_hash(const char *password, size_t len, PasswordCost cost, char out[PASSWORD_HASH_MAX])
{
    return crypto_pwhash_str_alg(out, password, len, cost.ops, cost.mem, crypto_pwhash_ALG_ARGON2ID13) == 0;
}

bool password_verify(const char *stored, const char *password, size_t len)
{
    return strncmp(stored, "$argon2id$", 10) == 0 && crypto_pwhash_str_verify(stored, password, len) == 0;
}

bool password_needs_rehash(const char *stored, PasswordCost cost)
{
    return crypto_pwhash_str_needs_rehash(stored, cost.ops, cost.mem) != 0;
}
