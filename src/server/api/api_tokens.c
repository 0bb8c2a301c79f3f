/* Personal API tokens (docs/web-api.md, "Bots"): a signed-in person makes
 * them with a description and scopes (POST /api/tokens), sees them (GET,
 * never the secret) and revokes them (DELETE /api/tokens/ID). A token is
 * "morph_" and 40 characters of base32 from getrandom (200 bits), shown
 * once; the store keeps its SHA-256, as it keeps session ids.
 *
 * Any /api/ request may carry "Authorization: Bearer TOKEN" instead of the
 * cookie: the router calls api_token_admit first. A browser never sends
 * that header by itself (another site's page would need our permission,
 * which CORS never gives), so such a request skips the origin check. Each
 * token has its own request limit, the same as an address's: a bot does
 * not share its address's budget, and an unknown token counts against its
 * address, so that guessing costs the guesser. What a token may do is its
 * scopes': scope_rules below, one table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/xalloc.h"
#include "../../front/record.h"
#include "api_internal.h"
#include "auth.h"

#define TOKEN_PREFIX "morph_"
#define TOKEN_SECRET_LEN 40        /* base32 characters after the prefix: 200 bits */
#define TOKEN_TEXT_LEN (sizeof TOKEN_PREFIX - 1 + TOKEN_SECRET_LEN)
#define TOKENS_MAX 20              /* tokens of one account */
#define DESCRIPTION_CHARS 40

static const struct {
    const char *name;
    unsigned bit;
    const char *about;
} scopes[] = {
    {"bot:play", API_SCOPE_BOT, "play games as a bot account (/api/bot/...)"},
    {"board:play", API_SCOPE_BOARD, "play your games through a program (/api/board/...)"},
    {"challenge:write", API_SCOPE_CHALLENGE, "make, accept, decline and cancel challenges (/api/challenge/...)"},
};
#define SCOPES (sizeof scopes / sizeof scopes[0])

/* What a token needs for a path: a scope among `any` (0: none), or it is
 * refused there (what a person does with their password and browser). The
 * first prefix that fits decides; PLAY is bot:play for a bot's account and
 * board:play for a person's. */
#define REFUSED 0x100u
#define PLAY 0x200u
static const struct {
    const char *prefix;
    bool exact;
    unsigned any;
} scope_rules[] = {
    {"/api/tokens", false, REFUSED},
    {"/api/login", true, REFUSED},
    {"/api/logout", true, REFUSED},
    {"/api/accounts", true, REFUSED},
    {"/api/me/password", true, REFUSED},
    {"/api/bot/", false, API_SCOPE_BOT},
    {"/api/board/", false, API_SCOPE_BOARD},
    {"/api/challenge/", false, API_SCOPE_CHALLENGE | API_SCOPE_BOT | API_SCOPE_BOARD},
    {"/api/stream/event", true, API_SCOPE_CHALLENGE | API_SCOPE_BOT | API_SCOPE_BOARD},
    {"/api/account", true, 0},
};

/* The scopes a token needs for req (see scope_rules); 0 none. */
static unsigned scopes_needed(const ApiRequest *req, const Account *a)
{
    for (size_t i = 0; i < sizeof scope_rules / sizeof scope_rules[0]; i++) {
        size_t len = strlen(scope_rules[i].prefix);
        if (scope_rules[i].exact ? strcmp(req->path, scope_rules[i].prefix) == 0
                                 : strncmp(req->path, scope_rules[i].prefix, len) == 0)
            return scope_rules[i].any;
    }
    bool changes = strcmp(req->method, "GET") != 0 && strcmp(req->method, "HEAD") != 0;
    if (!changes)
        return 0;
    return a->bot ? API_SCOPE_BOT : API_SCOPE_BOARD;
}

/* "bot:play or board:play" of a set of scopes. */
static void scope_names(unsigned set, char *out, size_t outlen)
{
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < SCOPES; i++)
        if (set & scopes[i].bit) {
            int w = snprintf(out + used, outlen - used, "%s%s", used ? " or " : "", scopes[i].name);
            used += w > 0 && (size_t)w < outlen - used ? (size_t)w : 0;
        }
}

static json_t *scopes_json(unsigned set)
{
    json_t *list = json_array();
    for (size_t i = 0; i < SCOPES; i++)
        if (set & scopes[i].bit)
            json_array_append_new(list, json_string(scopes[i].name));
    return list;
}

/* The key of a token's own request limit: a prefix of its hash (never the
 * secret, which no table keeps). */
static void limit_key(const char *hash, char out[32])
{
    snprintf(out, 32, "token:%.20s", hash);
}

bool api_token_admit(Server *srv, const ApiRequest *req, ApiRequest *as, Account *account, ApiResponse *res)
{
    double now = server_now(srv);
    int retry = 0;
    const char *secret = NULL;
    if (strncasecmp(req->authorization, "Bearer ", 7) == 0)
        secret = req->authorization + 7;
    if (!secret || strlen(secret) != TOKEN_TEXT_LEN || strncmp(secret, TOKEN_PREFIX, sizeof TOKEN_PREFIX - 1) != 0 ||
        !token_well_formed(secret + sizeof TOKEN_PREFIX - 1, TOKEN_SECRET_LEN)) {
        if (!limits_request(srv->limits, req->client, now, &retry)) {
            api_error(res, 429, "too many requests from your address: at most %d a second; try again in %d s",
                      srv->cfg.limits.requests_per_second, retry);
            res->retry_after = retry;
            return false;
        }
        api_error(res, 401, "the Authorization header must be 'Bearer morph_...', a personal API token "
                            "(POST /api/tokens makes one)");
        return false;
    }
    char hash[TOKEN_HASH_LEN + 1], key[32], err[ERR_MAX + 128];
    token_hash(secret, hash);
    limit_key(hash, key);
    if (!limits_request(srv->limits, key, now, &retry)) {
        api_error(res, 429, "too many requests with this token: at most %d a second; try again in %d s",
                  srv->cfg.limits.requests_per_second, retry);
        res->retry_after = retry;
        return false;
    }
    StoredToken t;
    bool found = false;
    if (!srv->store->ops->token_find(srv->store, hash, &t, account, &found, err, sizeof err)) {
        api_error(res, 503, "%s", err);
        return false;
    }
    /* The look-up went by the hash; the comparison of what came back takes
     * the same time wherever the two differ. */
    if (!found || !token_hash_equal(t.hash, hash)) {
        if (!limits_request(srv->limits, req->client, now, &retry)) {
            api_error(res, 429, "too many requests from your address: at most %d a second; try again in %d s",
                      srv->cfg.limits.requests_per_second, retry);
            res->retry_after = retry;
            return false;
        }
        api_error(res, 401, "this token is unknown or was revoked: make a new one (POST /api/tokens, signed in)");
        return false;
    }
    unsigned need = scopes_needed(req, account);
    if (need & REFUSED) {
        api_error(res, 403, "a token cannot do this: tokens, passwords and sign-ins are for a signed-in browser");
        return false;
    }
    if (need && !(t.scopes & need)) {
        char names[96], has[96];
        scope_names(need, names, sizeof names);
        scope_names(t.scopes, has, sizeof has);
        api_error(res, 403, "this token lacks the scope %s that this needs (it has: %s)", names, has[0] ? has : "none");
        return false;
    }
    *as = *req;
    as->session = NULL; /* the token speaks for the account, not a cookie that came along */
    as->device = NULL;
    as->account = account;
    as->scopes = t.scopes;
    return true;
}

/* ---- the endpoints (a signed-in browser only: scope_rules refuses tokens) ---- */

static json_t *token_json(const StoredToken *t)
{
    return json_pack("{s:s,s:s,s:o,s:s}", "id", t->id, "description", t->description, "scopes",
                     scopes_json(t->scopes), "created", t->created);
}

/* A description: 0 to 40 characters on one line, into out; false with a 400. */
static bool read_description(const json_t *value, char out[API_TOKEN_DESCRIPTION_MAX + 1], ApiResponse *res)
{
    out[0] = '\0';
    if (!value)
        return true;
    const char *text = json_string_value(value); /* jansson's strings are valid UTF-8 */
    size_t len = text ? json_string_length(value) : 0, chars = 0;
    bool clean = text && strlen(text) == len;
    for (size_t i = 0; clean && i < len; chars++) {
        unsigned char c = (unsigned char)text[i];
        size_t n = utf8_char_len(text + i, len - i);
        clean = c >= 0x20 && c != 0x7f && n;
        i += n;
    }
    if (!clean || chars > DESCRIPTION_CHARS || len > API_TOKEN_DESCRIPTION_MAX) {
        api_error(res, 400, "'description' must be a line of at most %d characters (what the token is for)",
                  DESCRIPTION_CHARS);
        return false;
    }
    snprintf(out, API_TOKEN_DESCRIPTION_MAX + 1, "%s", text);
    return true;
}

/* The body's scopes, a list of known names (at least one), into *out; false with a 400. */
static bool read_scopes(const json_t *list, unsigned *out, ApiResponse *res)
{
    char names[128] = "";
    size_t used = 0;
    for (size_t i = 0; i < SCOPES; i++)
        used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", scopes[i].name);
    *out = 0;
    size_t k;
    json_t *item;
    bool ok = json_is_array(list) && json_array_size(list) > 0;
    json_array_foreach(list, k, item) {
        const char *name = json_string_value(item);
        unsigned bit = 0;
        for (size_t i = 0; name && i < SCOPES; i++)
            if (strcmp(name, scopes[i].name) == 0)
                bit = scopes[i].bit;
        ok &= bit != 0;
        *out |= bit;
    }
    if (!ok)
        api_error(res, 400, "'scopes' must be a list of one or more of: %s", names);
    return ok;
}

void api_tokens_list(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Account me;
    if (!api_query_known(req, res, (const char *const[]){NULL}) || !api_signed_in(srv, req, res, &me))
        return;
    StoredToken *list = xcalloc(TOKENS_MAX, sizeof *list);
    int n = 0;
    char err[ERR_MAX + 128];
    if (!srv->store->ops->tokens_of(srv->store, me.id, list, TOKENS_MAX, &n, err, sizeof err)) {
        api_error(res, 503, "%s", err);
    } else {
        json_t *tokens = json_array(), *known = json_array();
        for (int i = 0; i < n; i++)
            json_array_append_new(tokens, token_json(&list[i]));
        for (size_t i = 0; i < SCOPES; i++)
            json_array_append_new(known, json_pack("{s:s,s:s}", "scope", scopes[i].name, "about", scopes[i].about));
        api_json(res, 200, json_pack("{s:o,s:o,s:i}", "tokens", tokens, "scopes", known, "max", TOKENS_MAX));
    }
    free(list);
}

void api_tokens_create(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Account me;
    if (!api_query_known(req, res, (const char *const[]){NULL}))
        return;
    json_t *body = api_body(req, res, (const char *const[]){"description", "scopes", NULL}, false);
    StoredToken tok;
    memset(&tok, 0, sizeof tok);
    char secret[TOKEN_TEXT_LEN + 1], err[ERR_MAX + 128];
    bool full = false;
    if (!body || !api_signed_in(srv, req, res, &me) ||
        !read_description(json_object_get(body, "description"), tok.description, res) ||
        !read_scopes(json_object_get(body, "scopes"), &tok.scopes, res)) {
    } else if (!token_random(tok.id, GAME_ID_LEN) || !token_random(secret + sizeof TOKEN_PREFIX - 1, TOKEN_SECRET_LEN)) {
        api_error(res, 500, "the system gave no random bytes for the token");
    } else {
        memcpy(secret, TOKEN_PREFIX, sizeof TOKEN_PREFIX - 1);
        token_hash(secret, tok.hash);
        tok.account = me.id;
        record_now(tok.created);
        if (!srv->store->ops->token_create(srv->store, &tok, TOKENS_MAX, &full, err, sizeof err)) {
            api_error(res, 503, "%s", err);
        } else if (full) {
            api_error(res, 409, "an account holds at most %d tokens: revoke one first", TOKENS_MAX);
        } else {
            server_log(srv, "%s made the API token %s", me.name, tok.id); /* its id, never its secret */
            json_t *answer = token_json(&tok);
            json_object_set_new(answer, "token", json_string(secret));
            api_json(res, 201, answer);
        }
    }
    json_decref(body);
}

void api_tokens_revoke(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Account me;
    bool found = false;
    char err[ERR_MAX + 128];
    const char *id = t->words[0];
    if (!api_query_known(req, res, (const char *const[]){NULL}) || !api_signed_in(srv, req, res, &me))
        return;
    if (!token_well_formed(id, GAME_ID_LEN)) {
        api_error(res, 404, "no token of yours has this id (an id is 10 characters, as GET /api/tokens lists)");
    } else if (!srv->store->ops->token_revoke(srv->store, id, me.id, &found, err, sizeof err)) {
        api_error(res, 503, "%s", err);
    } else if (!found) {
        api_error(res, 404, "no token of yours has the id '%s' (revoked already?)", id);
    } else {
        server_log(srv, "%s revoked the API token %s", me.name, id);
        api_json(res, 200, json_pack("{s:s,s:b}", "id", id, "revoked", 1));
    }
}
