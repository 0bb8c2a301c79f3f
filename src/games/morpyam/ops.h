/* The Morpyam functions behind morpyam_ops (state.c) that live in the other
 * files of the game, declared once so the compiler checks every definition
 * against what the table expects. Internal to the game: front ends call
 * them through game.h. */
#ifndef MORPH_MORPYAM_OPS_H
#define MORPH_MORPYAM_OPS_H

#include "morpyam.h"

/* option_words.c: the options for people */
extern const OptionWords morpyam_option_words[];

/* text.c: action texts, serialisation, drawing */
void morpyam_action_text(const State *st, Action a, StrBuf *out);
void morpyam_serialize(const State *st, StrBuf *out);
State *morpyam_deserialize(const Game *g, const char *text, char *err, size_t errlen);
void morpyam_render(const State *st, StrBuf *out);
/* why_not.c: reading one action text, refused with why_not's reason */
bool morpyam_parse_action(const State *st, const char *text, Action *out, char *err, size_t errlen);

/* words for people: describe.c, why_not.c, marks.c, result_text.c,
 * figure_words.c (the legend), rules_text.c */
void morpyam_describe(const State *st, Action a, const Voice *v, StrBuf *out);
bool morpyam_why_not(const State *st, const char *text, StrBuf *out);
void morpyam_action_marks(const State *st, Action a, Marks *out);
void morpyam_marks(const State *st, Marks *out);
void morpyam_describe_result(const State *st, const Voice *v, StrBuf *out);
int morpyam_legend(const Game *g, LegendEntry *out);
void morpyam_rules(const Game *g, StrBuf *out);

#endif
