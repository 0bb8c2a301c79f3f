/* Who a request is: the session cookie of a signed-in browser, and the
 * checks that go with cookies. A session id is 32 characters of base32
 * from getrandom (160 bits), kept by the browser in an HttpOnly,
 * SameSite=Lax cookie and by the store only as its SHA-256; it lasts 30
 * days. A request that changes something and carries the cookie must come
 * from the page's own origin (Origin, else Sec-Fetch-Site), or it is
 * refused with 403 before anything is done: another site cannot act for a
 * signed-in player. Seat tokens travel in a header, which other sites
 * cannot send, and work as before.
 *
 * A browser that signed in to an account gets a device cookie (OWASP's
 * "device cookie"): a random nonce and a MAC of the account and nonce keyed
 * by the account's password hash, which only the server reads. Its
 * sign-ins are limited on their own (limits_login), so failures from
 * elsewhere never lock it out; a new password forgets every browser. */
#ifndef MORPH_AUTH_H
#define MORPH_AUTH_H

#include <stdbool.h>

#include "api.h"

#define SESSION_DAYS 30
#define DEVICE_DAYS 365
#define DEVICE_KEY_MAX 40  /* "device:" and a nonce, for the limits */

/* The account of the request's session, when the cookie names one that
 * has not expired, or of its personal API token (req->account, set by the
 * router); false otherwise (no cookie, a malformed one, unknown). */
bool auth_account(Server *srv, const ApiRequest *req, Account *out);
/* Whether a cookie request may change something: its Origin, when it has
 * one, is the page's (the configured --origin, or http(s):// and the
 * request's Host), its Sec-Fetch-Site, when it has one, says same-origin,
 * and it has one of the two. */
bool auth_same_origin(const Server *srv, const ApiRequest *req);
/* A new session of account, its cookie set in res; false with err. The
 * hash of the id goes to the store, the id only to the cookie. */
bool auth_start_session(Server *srv, AccountId account, ApiResponse *res, char *err, size_t errlen);
/* The hash of the request's session id (for the store), false without one. */
bool auth_session_hash(const ApiRequest *req, char out[TOKEN_HASH_LEN + 1]);
/* A Set-Cookie that removes the cookie. */
void auth_clear_cookie(const Server *srv, ApiResponse *res);
/* Ends the request's own session, if it has one (a sign-in or sign-up
 * over it); false with err when the store fails. */
bool auth_end_session(Server *srv, const ApiRequest *req, char *err, size_t errlen);
/* Whether the request's device cookie holds a mark of account a (made by
 * auth_device_remember with a's current password hash); key gets the
 * mark's key for limits_login. */
bool auth_device_known(const ApiRequest *req, const Account *a, char key[DEVICE_KEY_MAX]);
/* Sets the device cookie in res: a new mark of account a first, then up to
 * two marks of other accounts the browser held. */
void auth_device_remember(const Server *srv, const ApiRequest *req, const Account *a, ApiResponse *res);

#endif
