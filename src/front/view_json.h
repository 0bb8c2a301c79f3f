/* The JSON a page draws a game from, written as text: a legal action with
 * its sentence and fields, a history entry, and a position (who is to
 * move, the board, its marks, the result, the legal actions). The server
 * answers with it (src/server/rooms) and the page's engine computes the
 * same from the same code (src/wasm), so the two never disagree. */
#ifndef MORPH_VIEW_JSON_H
#define MORPH_VIEW_JSON_H

#include <jansson.h>

#include "../core/strbuf.h"
#include "view.h"

/* {"action":TEXT,"text":SENTENCE,...fields} of action a (legal in s),
 * appended to out; text and words are scratch buffers (the hot path of a
 * state's legal actions reuses them). */
void view_action_with(const GameView *view, const State *s, Action a, const Voice *v, StrBuf *out, StrBuf *text,
                      StrBuf *words);
void view_action(const GameView *view, const State *s, Action a, const Voice *v, StrBuf *out);
json_t *view_action_json(const GameView *view, const State *s, Action a, const Voice *v);

/* The history entry of action a (text `text`, by 0-based seat player or -1
 * for chance) applied in before as action number index: its sentence, what
 * it touched (marks) and its structured fields (docs/web-api.md). */
void view_entry(const GameView *view, const State *before, Action a, const char *text, int player, int index,
                const Voice *v, StrBuf *out);

/* [every legal action of s, as view_action writes it] (empty at chance
 * nodes and at the end). */
void view_legal(const GameView *view, const State *s, const Voice *v, StrBuf *out);

/* null for a running game; else the record's result with "text", the
 * game's account of the end under v. */
json_t *view_result_json(const State *s, const Voice *v);

/* The members of a position, without braces, each after a comma:
 * ,"to_move":..,"chance":..,"board":..,"marks":..,"result":..,"legal":[..].
 * typing is the 1-based seat that types the dice of a chance node, or 0
 * when the program draws them. */
void view_position(const GameView *view, const State *s, const Voice *v, int typing, StrBuf *out);

#endif
