#include "auth.h"

#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "../../front/record.h"

/* "YYYY-MM-DDTHH:MM:SSZ" of now plus days. */
static void time_in(int days, char out[21])
{
    time_t t = time(NULL) + (time_t)days * 86400;
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(out, 21, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

bool auth_session_hash(const ApiRequest *req, char out[TOKEN_HASH_LEN + 1])
{
    if (!req->session || !token_well_formed(req->session, SESSION_ID_LEN))
        return false;
    token_hash(req->session, out);
    return true;
}

bool auth_account(Server *srv, const ApiRequest *req, Account *out)
{
    char hash[TOKEN_HASH_LEN + 1], now[21], err[ERR_MAX + 128];
    bool found = false;
    if (req->account) { /* a personal API token's (the router checked it) */
        *out = *req->account;
        return true;
    }
    if (!auth_session_hash(req, hash))
        return false;
    record_now(now);
    if (!srv->store->ops->session_find(srv->store, hash, now, out, &found, err, sizeof err))
        return false;
    return found;
}

static bool origin_ours(const Server *srv, const ApiRequest *req)
{
    if (srv->cfg.origin)
        return strcmp(req->origin, srv->cfg.origin) == 0;
    const char *host = req->origin;
    if (strncmp(host, "http://", 7) == 0)
        host += 7;
    else if (strncmp(host, "https://", 8) == 0)
        host += 8;
    else
        return false;
    return req->host && req->host[0] && strcmp(host, req->host) == 0;
}

bool auth_same_origin(const Server *srv, const ApiRequest *req)
{
    /* Both are checked when both come: a browser that says cross-site is
     * believed even when the Origin looks like ours. */
    if (req->fetch_site && strcmp(req->fetch_site, "same-origin") != 0)
        return false;
    if (req->origin && !origin_ours(srv, req))
        return false;
    return req->origin || req->fetch_site;
}

static void set_cookie(const Server *srv, ApiResponse *res, const char *value, int max_age)
{
    snprintf(res->set_cookie, sizeof res->set_cookie, "%s=%s; Path=/; Max-Age=%d; HttpOnly; SameSite=Lax%s",
             SESSION_COOKIE, value, max_age, srv->cfg.secure_cookie ? "; Secure" : "");
}

bool auth_start_session(Server *srv, AccountId account, ApiResponse *res, char *err, size_t errlen)
{
    char id[SESSION_ID_LEN + 1], hash[TOKEN_HASH_LEN + 1], now[21], expires[21];
    if (!token_random(id, SESSION_ID_LEN)) {
        snprintf(err, errlen, "the system gave no random bytes for the session");
        return false;
    }
    token_hash(id, hash);
    record_now(now);
    time_in(SESSION_DAYS, expires);
    if (!srv->store->ops->session_create(srv->store, hash, account, now, expires, err, errlen))
        return false;
    set_cookie(srv, res, id, SESSION_DAYS * 86400);
    return true;
}

void auth_clear_cookie(const Server *srv, ApiResponse *res)
{
    set_cookie(srv, res, "", 0);
}

bool auth_end_session(Server *srv, const ApiRequest *req, char *err, size_t errlen)
{
    char hash[TOKEN_HASH_LEN + 1];
    return !auth_session_hash(req, hash) || srv->store->ops->session_delete(srv->store, hash, 0, err, errlen);
}

/* ---- device cookies ---- */

#define NONCE_LEN 16         /* 80 bits of base32 */
#define TAG_BYTES 16         /* 128 bits of MAC, in hex */
#define MARK_LEN (NONCE_LEN + 1 + 2 * TAG_BYTES)
#define MARKS_KEPT 3

/* The mark of account a for nonce: "NONCE.TAG", TAG the keyed BLAKE2b of
 * the account and the nonce, under a key derived from a's password hash. */
static void device_mark(const Account *a, const char *nonce, char out[MARK_LEN + 1])
{
    unsigned char key[crypto_generichash_KEYBYTES], tag[TAG_BYTES];
    crypto_generichash(key, sizeof key, (const unsigned char *)a->password_hash, strlen(a->password_hash), NULL, 0);
    char message[64];
    int n = snprintf(message, sizeof message, "morph device %lld %s", (long long)a->id, nonce);
    crypto_generichash(tag, sizeof tag, (const unsigned char *)message, (size_t)n, key, sizeof key);
    sodium_memzero(key, sizeof key);
    snprintf(out, MARK_LEN + 1, "%s.", nonce);
    sodium_bin2hex(out + NONCE_LEN + 1, 2 * TAG_BYTES + 1, tag, sizeof tag);
}

/* The i-th mark of the cookie (its marks joined by '_'), false past the last. */
static bool cookie_mark(const char *cookie, int i, char out[MARK_LEN + 1])
{
    for (const char *p = cookie; p && *p; i--) {
        size_t len = strcspn(p, "_");
        if (i == 0) {
            if (len != MARK_LEN)
                return false;
            memcpy(out, p, MARK_LEN);
            out[MARK_LEN] = '\0';
            return true;
        }
        p = p[len] ? p + len + 1 : NULL;
    }
    return false;
}

static bool mark_of(const Account *a, const char *mark)
{
    char nonce[NONCE_LEN + 1], want[MARK_LEN + 1];
    if (mark[NONCE_LEN] != '.')
        return false;
    memcpy(nonce, mark, NONCE_LEN);
    nonce[NONCE_LEN] = '\0';
    if (!token_well_formed(nonce, NONCE_LEN))
        return false;
    device_mark(a, nonce, want);
    return sodium_memcmp(want, mark, MARK_LEN) == 0;
}

bool auth_device_known(const ApiRequest *req, const Account *a, char key[DEVICE_KEY_MAX])
{
    char mark[MARK_LEN + 1];
    for (int i = 0; req->device && cookie_mark(req->device, i, mark); i++)
        if (mark_of(a, mark)) {
            snprintf(key, DEVICE_KEY_MAX, "%.*s", NONCE_LEN, mark);
            return true;
        }
    return false;
}

void auth_device_remember(const Server *srv, const ApiRequest *req, const Account *a, ApiResponse *res)
{
    char nonce[NONCE_LEN + 1], value[MARKS_KEPT * (MARK_LEN + 1)], mark[MARK_LEN + 1];
    if (!token_random(nonce, NONCE_LEN))
        return; /* the browser stays unknown: it signs in as a stranger would */
    device_mark(a, nonce, value);
    int kept = 1;
    for (int i = 0; req->device && kept < MARKS_KEPT && cookie_mark(req->device, i, mark); i++)
        if (!mark_of(a, mark)) { /* another account's (or a stale one of a's old password: dropped) */
            snprintf(value + strlen(value), sizeof value - strlen(value), "_%s", mark);
            kept++;
        }
    snprintf(res->set_device, sizeof res->set_device, "%s=%s; Path=/api/; Max-Age=%d; HttpOnly; SameSite=Strict%s",
             DEVICE_COOKIE, value, DEVICE_DAYS * 86400, srv->cfg.secure_cookie ? "; Secure" : "");
}
