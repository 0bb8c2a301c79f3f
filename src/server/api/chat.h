/* The rules of a game's chat, without storage or HTTP: what a message may
 * be, and who writes and reads each channel.
 *
 * Two channels per game. The players' chat is written and read by the
 * game's players (a seat's token or account). The spectators' chat is
 * written by signed-in people who hold no seat, and read by everyone
 * without a seat; the players read it only once the game is over, so that
 * nobody advises them during the game. A player may mute the other
 * players: their messages are then not given to that player (the player's
 * own still are). Messages are plain text: the page shows them as text,
 * never as HTML. */
#ifndef MORPH_CHAT_H
#define MORPH_CHAT_H

#include <stdbool.h>
#include <stddef.h>

#include "../store/store.h"

#define CHAT_CHARS_MAX 200 /* characters of a message (CHAT_TEXT_MAX bytes at most) */

/* The channel named name ("players", "spectators"), or -1. */
int chat_channel(const char *name);
const char *chat_channel_name(int channel);

#define CHAT_MARKS_MAX 4   /* combining marks on one letter */

/* A message as sent (len bytes, any bytes) made ready to keep: spaces at
 * both ends trimmed, then 1 to 200 characters of valid UTF-8, one line (no
 * control character, no line or paragraph separator), no control of the
 * text's direction (U+202E and the like), at most CHAT_MARKS_MAX combining
 * marks on a letter, one variation selector on a character, no tag
 * characters but in a region's flag, no interlinear annotations (all hide
 * text), and something visible (not only spaces and zero-width or other
 * invisible characters), into out. False with a one-line message. */
bool chat_text(const char *text, size_t len, char out[CHAT_TEXT_MAX + 1], char *err, size_t errlen);

/* Who is asking: a player of the game (holding a seat), signed in or not. */
typedef struct ChatViewer {
    bool player;
    bool signed_in;
} ChatViewer;

/* Whether v may write to channel; false with the reason (its HTTP status
 * is 403). */
bool chat_may_write(const ChatViewer *v, int channel, char *err, size_t errlen);
/* Whether v may read channel of a game over or not. */
bool chat_may_read(const ChatViewer *v, int channel, bool over);

#endif
