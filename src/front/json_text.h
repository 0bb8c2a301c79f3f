/* Writing JSON text directly, for the hot paths of the server (the legal
 * actions of every state, the history) where building jansson objects for
 * each item and dumping them costs more than the rest of a move. */
#ifndef MORPH_JSON_TEXT_H
#define MORPH_JSON_TEXT_H

#include "../core/strbuf.h"

/* Appends text as a JSON string (quotes included): ", \ and control
 * characters escaped; text must be valid UTF-8. */
void sb_json_string(StrBuf *out, const char *text);
/* Appends ,"key":"value" (value escaped). */
void sb_json_field(StrBuf *out, const char *key, const char *value);
/* The same, or ,"key":null for a NULL value. */
void sb_json_field_or_null(StrBuf *out, const char *key, const char *value);

#endif
