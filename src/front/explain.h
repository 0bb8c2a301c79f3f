/* What front ends show people beyond the library's single calls: the
 * reason a typed text is refused (the game's why_not of the part that
 * fails, in the position the parts before it leave) and the cells the
 * latest turn touched. The terminal client, `morph engine` and the web page
 * use the same functions, so they give the same reasons and highlights. */
#ifndef MORPH_EXPLAIN_H
#define MORPH_EXPLAIN_H

#include <stdbool.h>

#include "session.h"

/* Why text (one action or several joined by commas) was refused in s with
 * message err (from session_apply_text or session_apply_for_seat): when err
 * is the rules' own ("illegal move ..." or "malformed ...", parse_action's
 * forms), the game's reason in the player's terms for the first part that
 * fails, prefixed with that part ("c5: ...") when text has several. False,
 * writing nothing, when err is the session's (a seat, a turn, a chance
 * outcome typed out of place): err says it already. */
bool explain_refusal(const State *s, const char *text, const char *err, StrBuf *out);
/* Whether err (from session_apply_text or session_apply_for_seat) is the
 * rules' own refusal (the text is illegal or malformed) rather than the
 * session's (a part that is not the seat's decision, a chance outcome
 * typed out of place). A server answers the first "unprocessable" and the
 * second "forbidden". */
bool explain_rules_error(const char *err);

/* session_apply_for_seat with the answer a person gets: 0 when text was
 * applied; else nothing changed and msg says why, with 422 for a refusal
 * of the rules ("illegal action 'c3': c3 is taken", the rules' reason) or
 * 403 for a part that is not the seat's to play (the session's words). The
 * server and the page's engine answer with it alike. */
int explain_apply_for_seat(Session *s, int seat, const char *text, bool may_roll, char *msg, size_t msglen);

/* The action marks of the latest run of decisions of one seat that touched
 * cells (a Morpyam token, every part of a Morphos turn), merged into one
 * MARK_LAST mark with the label of the last of them; no mark at the start. */
void explain_last_turn(const Session *s, Marks *out);

#endif
