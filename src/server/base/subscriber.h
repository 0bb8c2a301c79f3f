/* A reader of a live stream (SSE), of a room or of a feed: the stream's
 * owner calls wake under its lock when there is something new, and the
 * reader then asks for what it has not had (room_stream_fill, feed_fill).
 * http.c's machinery serves both. */
#ifndef MORPH_SUBSCRIBER_H
#define MORPH_SUBSCRIBER_H

#include <stdbool.h>
#include <stdint.h>

typedef struct Subscriber {
    struct Subscriber *next;
    void (*wake)(void *ctx);
    void *ctx;
    int next_index;      /* the next action to send */
    int64_t version_sent; /* the state version last sent, -1 none (a feed's version) */
    int epoch;           /* the game's undo epoch this reader follows */
    int chat_sent;       /* the room's chat messages this reader was told of */
    bool finished;       /* a payload feed's last event was sent: the stream ends */
    bool lean;           /* a room's reader computes states from actions: ticks between whole states */
    unsigned seats;      /* a room's reader: the seats it holds (its cookie's account or X-Seat-Token), 0 none */
    bool says_player;    /* a room's reader says it plays (?player=1: a page whose seat token EventSource cannot
                          * send); not counted as a watcher, and nothing more: it proves nothing */
    int offers_sent;     /* a room's reader: the room's offers_count it was told of */
} Subscriber;

#endif
