/* GTP vertices and Morphos notation (docs/gtp.md, "Moves"). GTP names a
 * column by a letter from A to T that skips I and knows only "play a colour
 * on a point"; Morphos names columns a, b, c, ... with i and writes a flip as
 * xc3. These two functions translate a whole turn (parts joined by commas)
 * both ways, for `morph gtp` and for the arena's GTP players; the rules stay
 * the library's. */
#ifndef MORPH_GTP_VERTEX_H
#define MORPH_GTP_VERTEX_H

#include "../core/game.h"
#include "../core/strbuf.h"

/* GTP's column letters, column 0 first (no I), as far as 19x19 goes. */
#define GTP_COLUMNS "ABCDEFGHJKLMNOPQRST"

/* Appends the Morphos turn text (c3, xj5, swap, pass, resign, parts joined
 * by commas) in GTP's words: each point as an upper-case vertex (j5 is K5),
 * a flip as the plain vertex of the stone it flips (xj5 is K5), every other
 * word as it is. Pure text: no state needed. */
void gtp_write_move(const char *morph_text, StrBuf *out);

/* Reads a GTP turn for the Morphos state st (the player to move) into
 * Morphos notation, appended to out. Case does not matter; a vertex on a
 * stone of the opponent of the player to move is a flip of it (as a tool
 * that knows only "play" sends it), xVERTEX is one too; swap, pass and
 * resign are words. Each part is read by the library in the state the parts
 * before it leave, so a refusal is the library's reason. False with a
 * one-line message ("illegal move 'I5': ...") when a part is refused. */
bool gtp_read_move(const State *st, const char *text, StrBuf *out, char *err, size_t errlen);

#endif
