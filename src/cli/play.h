/* The interactive terminal client `morph play` (docs/play.md): the game
 * loop and common commands live in cmd_play.c, each game's screen, prompts
 * and typing shortcuts in play_<game>.c behind a PlayUi. The screens only
 * read the state; what is legal, what a text means and why an input is
 * refused always come from the library. */
#ifndef MORPH_PLAY_H
#define MORPH_PLAY_H

#include <stdbool.h>

#include "../front/session.h"

typedef struct Play {
    Session *s;
    const struct PlayUi *ui;
    bool color;       /* ANSI colour on stdout */
    bool manual_dice; /* people type the chance outcomes */
    int humans;       /* human seats */
} Play;

typedef struct PlayUi {
    const char *game;
    /* The AI spec `hint` asks, and its level name for messages. */
    const char *hint_spec;
    const char *hint_level;
    /* Lines of `help` about this game's moves. */
    const char *help;
    /* The whole screen before a person's decision (or at the end). */
    void (*draw)(const Play *p, StrBuf *out);
    /* What the player to move may do now, as one or a few lines. */
    void (*legal)(const Play *p, StrBuf *out);
    /* A person's shorthand ("c3", "r 146", "MA c3") as the game's action
     * text; anything else is copied as typed for the library to judge. */
    void (*translate)(const Play *p, const char *line, StrBuf *out);
    /* Manual chance (optional): the question and the typed outcome. */
    void (*chance_prompt)(const Play *p, StrBuf *out);
    void (*chance_translate)(const Play *p, const char *line, StrBuf *out);
    /* Who a chance event is for ("P1 rolls"), before it is sampled. */
    void (*chance_label)(const Play *p, StrBuf *out);
    /* Optional: lines about what an action changed (points made, a turn
     * that ended by itself), from the state before it and the current one. */
    void (*transition)(const Play *p, const State *before, StrBuf *out);
} PlayUi;

extern const PlayUi play_morpyam_ui;
extern const PlayUi play_morphos_ui;

/* "P2 (greedy)", "P1 (you)" with one human, "P1 (human)" in hot-seat. */
void play_seat_name(const Play *p, int seat, StrBuf *out);

/* Splits line into at most max words (spaces and tabs) in buf; returns the count. */
int play_words(const char *line, char *buf, size_t buflen, char **words, int max);

#endif
