/* The interactive terminal client `morph play` (docs/play.md): the game
 * loop and common commands live in cmd_play.c, what both games' screens
 * share in play_screen.c, each game's screen, prompts and typing shortcuts
 * in play_<game>.c behind a PlayUi. The screens only read the state; what
 * is legal, what a text means, why an input is refused and every sentence
 * about a move come from the library. `morph replay --at` draws with the
 * same screens. */
#ifndef MORPH_PLAY_H
#define MORPH_PLAY_H

#include <stdbool.h>

#include "../front/explain.h"
#include "../front/session.h"

/* Screens fit 80 columns: no line is wider than this. */
#define PLAY_WIDTH 79

typedef struct Play {
    Session *s;
    const struct PlayUi *ui;
    bool color;       /* ANSI colour on stdout */
    bool manual_dice; /* people type the chance outcomes */
    int humans;       /* human seats */
    bool spectator;   /* a replay: nobody at the table is "you" */
    /* How sentences name the seats (play_seat_name's names); the single
     * person at the table, if any, is the viewer. */
    Voice voice;
    char names[MAX_PLAYERS][160];
} Play;

typedef struct PlayUi {
    const char *game;
    /* How sentences name the single person at the table, from the seat
     * number: "P%d (you)" where sentences put a name before a verb. */
    const char *person_name;
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
} PlayUi;

/* The screens of game, NULL when the client does not play it (play_uis.c,
 * the list of screens: one line a game, each in its own play_GAME.c). */
const PlayUi *play_ui_for(const char *game);

/* Fills p->humans, p->names and p->voice from the seats: "P2 (greedy)",
 * the single person as ui->person_name says (and the viewer), "P1 (human)"
 * in hot-seat and for a spectator. */
void play_set_names(Play *p);
/* "P2 (greedy)", "P1 (you)" with one human, "P1 (human)" in hot-seat and
 * for a spectator. */
void play_seat_name(const Play *p, int seat, StrBuf *out);

/* Splits line into at most max words (spaces and tabs) in buf; returns the count. */
int play_words(const char *line, char *buf, size_t buflen, char **words, int max);

/* ---- what both screens share (play_screen.c) ---- */

/* The kinds of mark a cell has (bit 1 << MARK_...). */
unsigned play_cell_marks(const Marks *m, int cell);
/* Lines under a board naming what the marks of kinds (bits 1 << MARK_...)
 * hold: each seat's lines with their points, the KO line, the chain, the
 * end bonus: "  P1 (you): line of three (+1) a1 b1 c1". */
void play_marks_text(const Play *p, const Marks *m, unsigned kinds, StrBuf *out);
/* The label of the first mark of kind, or NULL. */
const char *play_mark_label(const Marks *m, int kind);
/* Every legend entry of the game, "CODE  name: words", wrapped. */
void play_legend_text(const Game *g, StrBuf *out);

#endif
