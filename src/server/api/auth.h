/* Who a request is: the session cookie of a signed-in browser, and the
 * checks that go with cookies. A session id is 32 characters of base32
 * from getrandom (160 bits), kept by the browser in an HttpOnly,
 * SameSite=Lax cookie and by the store only as its SHA-256; it lasts 30
 * days. A request that changes something and carries the cookie must come
 * from the page's own origin (Origin, else Sec-Fetch-Site), or it is
 * refused with 403 before anything is done: another site cannot act for a
 * signed-in player. Seat tokens travel in a header, which other sites
 * cannot send, and work as before. */
#ifndef MORPH_AUTH_H
#define MORPH_AUTH_H

#include <stdbool.h>

#include "api.h"

#define SESSION_DAYS 30

/* The account of the request's session, when the cookie names one that
 * has not expired; false otherwise (no cookie, a malformed one, unknown). */
bool auth_account(Server *srv, const ApiRequest *req, Account *out);
/* Whether a cookie request may change something: its Origin is the page's
 * (the configured --origin, or http(s):// and the request's Host), or
 * without Origin, Sec-Fetch-Site says same-origin. */
bool auth_same_origin(const Server *srv, const ApiRequest *req);
/* A new session of account, its cookie set in res; false with err. The
 * hash of the id goes to the store, the id only to the cookie. */
bool auth_start_session(Server *srv, AccountId account, ApiResponse *res, char *err, size_t errlen);
/* The hash of the request's session id (for the store), false without one. */
bool auth_session_hash(const ApiRequest *req, char out[TOKEN_HASH_LEN + 1]);
/* A Set-Cookie that removes the cookie. */
void auth_clear_cookie(const Server *srv, ApiResponse *res);

#endif
