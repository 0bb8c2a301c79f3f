#include "token.h"

#include <errno.h>
#include <nettle/sha2.h>
#include <string.h>
#include <sys/random.h>

static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";

static bool fill(void *buf, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t n = getrandom((char *)buf + done, len - done, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += (size_t)n;
    }
    return true;
}

bool token_random(char *out, size_t len)
{
    unsigned char bytes[128];
    out[0] = '\0';
    if (len >= sizeof bytes || !fill(bytes, len))
        return false;
    /* 5 bits of each byte: 256 is a multiple of 32, so every letter is equally likely. */
    for (size_t i = 0; i < len; i++)
        out[i] = alphabet[bytes[i] & 31];
    out[len] = '\0';
    return true;
}

void token_hash(const char *text, char out[TOKEN_HASH_LEN + 1])
{
    struct sha256_ctx ctx;
    uint8_t digest[SHA256_DIGEST_SIZE];
    sha256_init(&ctx);
    sha256_update(&ctx, strlen(text), (const uint8_t *)text);
    sha256_digest(&ctx, sizeof digest, digest);
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < SHA256_DIGEST_SIZE; i++) {
        out[2 * i] = hex[digest[i] >> 4];
        out[2 * i + 1] = hex[digest[i] & 15];
    }
    out[TOKEN_HASH_LEN] = '\0';
}

bool token_hash_equal(const char *a, const char *b)
{
    unsigned diff = 0;
    for (int i = 0; i < TOKEN_HASH_LEN; i++)
        diff |= (unsigned char)a[i] ^ (unsigned char)b[i];
    return diff == 0;
}

bool token_well_formed(const char *text, size_t len)
{
    if (!text || strlen(text) != len)
        return false;
    for (size_t i = 0; i < len; i++)
        if (!strchr(alphabet, text[i]) || !text[i])
            return false;
    return true;
}

static bool repeatable;
static uint64_t next_seed;

void token_seed_repeatable(uint64_t start)
{
    repeatable = true;
    next_seed = start;
}

bool token_seed(uint64_t *out)
{
    uint64_t v;
    if (repeatable) {
        /* splitmix64 */
        v = next_seed += 0x9e3779b97f4a7c15ull;
        v = (v ^ (v >> 30)) * 0xbf58476d1ce4e5b9ull;
        v = (v ^ (v >> 27)) * 0x94d049bb133111ebull;
        v ^= v >> 31;
    } else if (!fill(&v, sizeof v)) {
        return false;
    }
    *out = v >> 1; /* seeds are 0 .. 2^63-1 (session.h) */
    return true;
}
