/* Accounts: signing up, in and out (here or everywhere), the signed-in
 * account, a new password. Passwords go only to Argon2id (password.h);
 * neither they nor session ids are ever logged or answered. A wrong name
 * and a wrong password get the same answer, in the same time. Signing up
 * or in over a session ends that session, and makes the browser known to
 * the account (its device cookie, auth.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../front/record.h"
#include "api_internal.h"
#include "auth.h"

bool api_signed_in(Server *srv, const ApiRequest *req, ApiResponse *res, Account *out)
{
    if (req->session && auth_account(srv, req, out))
        return true;
    api_error(res, 401, "sign in first (POST /api/login): this needs an account");
    return false;
}

/* The body's name and password (strings); false with a 400. */
static bool read_credentials(const json_t *body, const char *name_key, const char *pw_key, const char **name,
                             const char **password, size_t *len, ApiResponse *res)
{
    const json_t *n = name_key ? json_object_get(body, name_key) : NULL, *p = json_object_get(body, pw_key);
    if (name_key && !json_is_string(n)) {
        api_error(res, 400, "'%s' must be the account's name (a string)", name_key);
        return false;
    }
    if (!json_is_string(p)) {
        api_error(res, 400, "'%s' must be a password (a string)", pw_key);
        return false;
    }
    if (name)
        *name = json_string_value(n);
    *password = json_string_value(p);
    *len = json_string_length(p);
    return true;
}

static bool too_many(ApiResponse *res, int retry, const char *what)
{
    api_error(res, 429, "too many %s; try again in %d s", what, retry);
    res->retry_after = retry;
    return false;
}

/* The answer of a signed-in account: who it is. */
static void account_reply(ApiResponse *res, int status, const Account *a)
{
    api_json(res, status, json_pack("{s:b,s:s,s:s}", "signed_in", 1, "name", a->name, "created", a->created));
}

void api_sign_up(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    json_t *body = api_body(req, res, (const char *const[]){"name", "password", NULL}, false);
    const char *name, *password;
    size_t len;
    char err[ERR_MAX + 128];
    int retry = 0;
    Account a = {0};
    AccountId id = 0;
    bool taken = false;
    if (!body || !read_credentials(body, "name", "password", &name, &password, &len, res)) {
    } else if (!account_name_check(name, err, sizeof err) || !password_check(password, len, err, sizeof err)) {
        api_error(res, 400, "%s", err);
    } else if (!limits_signup(srv->limits, req->client, server_now(srv), &retry)) {
        too_many(res, retry, "accounts made from your address");
    } else if (!password_hash(password, len, srv->cfg.password_cost, a.password_hash)) {
        api_error(res, 503, "the server has no memory to spare for the password's hash; try again");
    } else {
        snprintf(a.name, sizeof a.name, "%s", name);
        record_now(a.created);
        if (!srv->store->ops->account_create(srv->store, &a, &id, &taken, err, sizeof err)) {
            api_error(res, 503, "%s", err);
        } else if (taken) {
            api_error(res, 409, "the name '%s' is taken (names are unique whatever their case): choose another", name);
        } else if (!auth_end_session(srv, req, err, sizeof err) || !auth_start_session(srv, id, res, err, sizeof err)) {
            api_error(res, 503, "the account is made, but signing in failed (%s): sign in", err);
        } else {
            a.id = id;
            auth_device_remember(srv, req, &a, res);
            server_log(srv, "account %s made from %s", a.name, req->client ? req->client : "?");
            account_reply(res, 201, &a);
        }
    }
    json_decref(body);
}

/* Signs a into a new session of this browser (its password right): the
 * hash made again at the server's cost when it was made at another, the
 * browser remembered. */
static void sign_in_as(Server *srv, const ApiRequest *req, ApiResponse *res, Account *a, const char *password,
                       size_t len)
{
    char err[ERR_MAX + 128];
    if (!auth_end_session(srv, req, err, sizeof err) || !auth_start_session(srv, a->id, res, err, sizeof err)) {
        api_error(res, 503, "%s", err);
        return;
    }
    char fresh[PASSWORD_HASH_MAX];
    if (password_needs_rehash(a->password_hash, srv->cfg.password_cost) &&
        password_hash(password, len, srv->cfg.password_cost, fresh) &&
        srv->store->ops->account_password(srv->store, a->id, fresh, NULL, err, sizeof err)) {
        auth_start_session(srv, a->id, res, err, sizeof err); /* the change ended the sessions */
        snprintf(a->password_hash, sizeof a->password_hash, "%s", fresh);
    }
    auth_device_remember(srv, req, a, res);
    server_log(srv, "%s signed in from %s", a->name, req->client ? req->client : "?");
    account_reply(res, 200, a);
}

void api_sign_in(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    json_t *body = api_body(req, res, (const char *const[]){"name", "password", NULL}, false);
    const char *name, *password;
    size_t len;
    char err[ERR_MAX + 128], device[DEVICE_KEY_MAX];
    int retry = 0;
    bool found = false;
    LoginAttempt at;
    Account a;
    if (!body || !read_credentials(body, "name", "password", &name, &password, &len, res)) {
        json_decref(body);
        return;
    }
    /* The account first: a browser it knows is limited on its own. */
    if (!srv->store->ops->account_find(srv->store, name, 0, &a, &found, err, sizeof err)) {
        api_error(res, 503, "%s", err);
        json_decref(body);
        return;
    }
    const char *known = found && auth_device_known(req, &a, device) ? device : NULL;
    if (!limits_login(srv->limits, req->client, name, known, server_now(srv), &retry, &at)) {
        too_many(res, retry, at.per_name ? "sign-in attempts for this name" : "sign-in attempts from your address");
        json_decref(body);
        return;
    }
    /* an unknown name takes the time of a real one */
    bool right = found ? password_verify(a.password_hash, password, len)
                       : (password_verify(srv->dummy_hash, password, len), false);
    /* only failures count: a right password's attempt is given back */
    limits_login_settle(srv->limits, req->client, name, known, server_now(srv), &at, right);
    if (right) {
        sign_in_as(srv, req, res, &a, password, len);
    } else {
        if (found)
            server_log(srv, "a wrong password for %s from %s", a.name, req->client ? req->client : "?");
        api_error(res, 401, "wrong name or password");
    }
    json_decref(body);
}

bool api_known_browser(Server *srv, const ApiRequest *req)
{
    if (!req->device || !req->body || strcmp(req->method, "POST") != 0 || strcmp(req->path, "/api/login") != 0)
        return false;
    json_t *body = json_loadb(req->body, req->body_len, 0, NULL);
    const char *name = json_string_value(json_object_get(body, "name"));
    char err[ERR_MAX + 128], key[DEVICE_KEY_MAX];
    bool found = false;
    Account a;
    bool known = name && srv->store->ops->account_find(srv->store, name, 0, &a, &found, err, sizeof err) && found &&
                 auth_device_known(req, &a, key);
    json_decref(body);
    return known;
}

void api_sign_out(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    json_t *body = api_body(req, res, (const char *const[]){"everywhere", NULL}, true);
    if (!body)
        return;
    const json_t *everywhere = json_object_get(body, "everywhere");
    char hash[TOKEN_HASH_LEN + 1], err[ERR_MAX + 128];
    Account me;
    if (everywhere && !json_is_boolean(everywhere)) {
        api_error(res, 400, "'everywhere' must be true (every browser of the account) or false (this one)");
    } else if (json_is_true(everywhere)) {
        if (api_signed_in(srv, req, res, &me)) {
            if (!srv->store->ops->session_delete(srv->store, NULL, me.id, err, sizeof err)) {
                api_error(res, 503, "%s", err);
            } else {
                server_log(srv, "%s signed out everywhere", me.name);
                auth_clear_cookie(srv, res);
                api_json(res, 200, json_pack("{s:b,s:b}", "signed_in", 0, "everywhere", 1));
            }
        }
    } else if (auth_session_hash(req, hash) && !srv->store->ops->session_delete(srv->store, hash, 0, err, sizeof err)) {
        api_error(res, 503, "%s", err);
    } else {
        auth_clear_cookie(srv, res);
        api_json(res, 200, json_pack("{s:b,s:b}", "signed_in", 0, "everywhere", 0));
    }
    json_decref(body);
}

void api_me(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Account a;
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    if (req->session && auth_account(srv, req, &a))
        account_reply(res, 200, &a);
    else
        api_json(res, 200, json_pack("{s:b}", "signed_in", 0)); /* a page asks before anyone signs in */
}

/* A password attempt of a signed-in account: its own limit, which nobody
 * else's attempts touch. */
static bool account_attempt(Server *srv, const ApiRequest *req, const Account *a, int *retry)
{
    char key[DEVICE_KEY_MAX];
    LoginAttempt at;
    snprintf(key, sizeof key, "account:%lld", (long long)a->id);
    return limits_login(srv->limits, req->client, a->name, key, server_now(srv), retry, &at);
}

void api_password(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    json_t *body = api_body(req, res, (const char *const[]){"password", "new_password", NULL}, false);
    const char *old, *fresh;
    size_t old_len, fresh_len;
    char err[ERR_MAX + 128], hash[PASSWORD_HASH_MAX], keep[TOKEN_HASH_LEN + 1];
    Account a;
    int retry = 0;
    if (!body || !api_signed_in(srv, req, res, &a) ||
        !read_credentials(body, NULL, "password", NULL, &old, &old_len, res) ||
        !read_credentials(body, NULL, "new_password", NULL, &fresh, &fresh_len, res)) {
    } else if (!password_check(fresh, fresh_len, err, sizeof err)) {
        api_error(res, 400, "new_password: %s", err);
    } else if (!account_attempt(srv, req, &a, &retry)) {
        too_many(res, retry, "password attempts");
    } else if (!password_verify(a.password_hash, old, old_len)) {
        api_error(res, 401, "the current password is wrong: nothing was changed");
    } else if (!password_hash(fresh, fresh_len, srv->cfg.password_cost, hash)) {
        api_error(res, 503, "the server has no memory to spare for the password's hash; try again");
    } else if (!auth_session_hash(req, keep) ||
               !srv->store->ops->account_password(srv->store, a.id, hash, keep, err, sizeof err)) {
        api_error(res, 503, "%s", err);
    } else {
        snprintf(a.password_hash, sizeof a.password_hash, "%s", hash);
        auth_device_remember(srv, req, &a, res); /* the old password's marks no longer hold */
        server_log(srv, "%s changed their password; their other sessions are ended", a.name);
        api_json(res, 200, json_pack("{s:b,s:s}", "changed", 1, "name", a.name));
    }
    json_decref(body);
}
