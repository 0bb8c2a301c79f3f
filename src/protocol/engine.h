/* The JSON-lines engine protocol (docs/protocol.md) as a request handler,
 * kept apart from stdin/stdout so the arena's tests and other front ends can
 * drive it directly. */
#ifndef MORPH_ENGINE_H
#define MORPH_ENGINE_H

#include <jansson.h>

#include "../front/session.h"

typedef struct Engine {
    Session *session;     /* NULL before the first successful "new" */
    bool auto_chance;     /* sample chance nodes after every change */
    char created[21];     /* when the current game started */
    char default_level[128]; /* genmove level when neither the request nor the seat names one */
    bool quit;            /* set by "quit" */
    json_t *described;    /* the sentences of the actions applied by the request in progress */
    char why[ERR_MAX + 128]; /* a refused action's reason in the player's terms, "" when none */
} Engine;

void engine_init(Engine *e, const char *default_level);
void engine_free(Engine *e);

/* Handles one request line; returns the reply object (always with "ok", and
 * "id" when the request had one). */
json_t *engine_handle_line(Engine *e, const char *line);

#endif
