/* Words for people about Morphos (game.h "Words for people"): the pieces
 * the sentence files share, and their entry points for morphos_ops.
 * describe.c: actions and results; why_not.c: refusals (also behind
 * parse_action); marks.c: highlights; rules_text.c: legend and rules. */
#ifndef MORPH_MORPHOS_WORDS_H
#define MORPH_MORPHOS_WORDS_H

#include "morphos.h"

/* option_words.c: the options and mutators for people */
extern const OptionWords morphos_option_words[];

static inline const char *morphos_colour_name(int colour) { return colour == MORPHOS_BLACK ? "Black" : "White"; }
static inline const char *morphos_colour_adj(int colour) { return colour == MORPHOS_BLACK ? "black" : "white"; }
/* The two edges a colour joins. */
static inline const char *morphos_edges_name(int colour) { return colour == MORPHOS_BLACK ? "top and bottom" : "left and right"; }
/* The cell of a point in game.h's Marks: row * n + col. */
static inline int morphos_cell(const MorphosConfig *c, int bit) { return morphos_row(c, bit) * c->n + morphos_col(c, bit); }

/* The points of set in board order, "c2", "c2 or b3", "c2, b3 or d3",
 * joined with conj ("and", "or"). */
void morphos_point_list(const MorphosConfig *c, const Bb *set, const char *conj, StrBuf *out);
/* Two vertically adjacent like-coloured stones (the lower one in *low),
 * the first in board order; false when there is none. */
bool morphos_vertical_pair(const MorphosConfig *c, const Bb stones[2], int *low);
/* What the deadlock tie-break found, after "Black wins" / "White wins":
 * "as the white stones on b2 and b3 are vertically adjacent". */
void morphos_tie_break_reason(const MorphosConfig *c, const Bb stones[2], StrBuf *out);

/* Reading one action text: the action, or why it is refused. */
typedef enum { MORPHOS_READ_OK, MORPHOS_READ_ILLEGAL, MORPHOS_READ_MALFORMED } MorphosRead;
/* Writes the reason into why (nothing when the text is legal). */
MorphosRead morphos_read_action(const MorphosState *s, const char *text, Action *out, StrBuf *why);

/* The game.h ops. */
void morphos_describe(const State *st, Action a, const Voice *v, StrBuf *out);
void morphos_describe_result(const State *st, const Voice *v, StrBuf *out);
bool morphos_why_not(const State *st, const char *text, StrBuf *out);
void morphos_action_marks(const State *st, Action a, Marks *out);
void morphos_marks(const State *st, Marks *out);
int morphos_legend(const Game *g, LegendEntry *out);
void morphos_rules(const Game *g, StrBuf *out);

#endif
