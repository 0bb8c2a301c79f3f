/* The JSON forms of a game's options and of a result, shared by records,
 * `morph replay`, the engine protocol and the arena so that all of them
 * print the same thing. */
#ifndef MORPH_GAME_JSON_H
#define MORPH_GAME_JSON_H

#include <jansson.h>

#include "../core/game.h"

/* A JSON string of text, which may hold bytes from outside: bytes that are
 * not valid UTF-8 become '?' (json_string() would return NULL, and a reply
 * or record would silently lose the field). Never NULL. */
json_t *json_text(const char *text);
json_t *json_textn(const char *text, size_t len);

/* Every effective option of g: integers as numbers, lists as arrays of
 * strings, strings as strings; an empty string option is left out. */
json_t *game_options_to_json(const Game *g);

/* Reads an options object (values may be numbers, strings, arrays of
 * strings, or for lists a comma-joined string) into opts, checked against
 * ops's specs; false with a one-line message. */
bool game_options_from_json(const GameOps *ops, const json_t *obj, Options *opts, char *err, size_t errlen);

/* null for a running game; else {"winners":[1-based seats],"how":..,
 * "points":[..] (only when the game has points),"returns":[..]}. */
json_t *game_result_to_json(const State *s);

/* {"width":W,"height":H,"marks":[{"kind":"line","player":1,"points":1,
 * "cells":["a1","b1","c1"],"label":"line of three (+1)"},...]}; players are
 * 1-based, null when a mark concerns nobody. */
json_t *marks_to_json(const Marks *m);
/* The same as JSON text, appended to out (the hot path of every move). */
void marks_to_text(const Marks *m, StrBuf *out);
/* The name of a MarkKind in JSON: "last", "line", "ko", "chain", "weak",
 * "placeable", "bonus". */
const char *mark_kind_name(int kind);
/* [{"code":"CA","name":"carre","words":"..."},...] */
json_t *legend_to_json(const LegendEntry *entries, int count);

#endif
