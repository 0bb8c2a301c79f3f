#include "auth.h"

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
    if (!auth_session_hash(req, hash))
        return false;
    record_now(now);
    if (!srv->store->ops->session_find(srv->store, hash, now, out, &found, err, sizeof err))
        return false;
    return found;
}

bool auth_same_origin(const Server *srv, const ApiRequest *req)
{
    if (req->origin) {
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
    return req->fetch_site && strcmp(req->fetch_site, "same-origin") == 0;
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
