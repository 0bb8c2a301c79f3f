/* What the files of the page's engine share (engine.h is its face). */
#ifndef MORPH_WASM_ENGINE_INTERNAL_H
#define MORPH_WASM_ENGINE_INTERNAL_H

#include <stdbool.h>

#include "../core/strbuf.h"
#include "../front/game_json.h"
#include "../front/session.h"
#include "../front/view_json.h"
#include "engine.h"

struct Engine {
    Session *s;
    const GameView *view;
    Voice voice;                      /* names[p] point into names */
    char names[MAX_PLAYERS][64];
    bool real_dice;                   /* people type their dice: chance names the seat that rolls */
    unsigned ai_seats;                /* seats (bit p for seat p + 1) played by an AI elsewhere */
    char **log;                       /* the JSON of each history entry, as the session told it */
    int log_cap;
};

/* Sets the message of engine_error; returns NULL. */
void *engine_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Starts keeping the log of e's session (every action applied from now). */
void engine_watch(Engine *e);
/* Forgets the entries from n on. */
void engine_log_truncate(Engine *e, int n);
/* Appends {"count",...the position} and [every entry]. */
void engine_put_position(Engine *e, StrBuf *out);
void engine_put_history(Engine *e, StrBuf *out);

#endif
