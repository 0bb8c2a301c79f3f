#include "chat.h"

#include <stdio.h>
#include <string.h>

#include "../../core/utf8.h"

int chat_channel(const char *name)
{
    return !name ? -1 : strcmp(name, "players") == 0 ? CHAT_PLAYERS : strcmp(name, "spectators") == 0 ? CHAT_SPECTATORS : -1;
}

const char *chat_channel_name(int channel)
{
    return channel == CHAT_PLAYERS ? "players" : "spectators";
}

bool chat_text(const char *text, size_t len, char out[CHAT_TEXT_MAX + 1], char *err, size_t errlen)
{
    while (len && (*text == ' ' || *text == '\t'))
        text++, len--;
    while (len && (text[len - 1] == ' ' || text[len - 1] == '\t'))
        len--;
    if (len == 0) {
        snprintf(err, errlen, "a chat message needs some text");
        return false;
    }
    size_t chars = 0;
    for (size_t i = 0; i < len; chars++) {
        unsigned char c = (unsigned char)text[i];
        size_t n = c ? utf8_char_len(text + i, len - i) : 0;
        if (n == 0) {
            snprintf(err, errlen, "a chat message must be text (valid UTF-8)");
            return false;
        }
        if (c < 0x20 || c == 0x7f || (n == 2 && c == 0xc2 && (unsigned char)text[i + 1] < 0xa0)) {
            snprintf(err, errlen, "a chat message is one line of text, without control characters");
            return false;
        }
        i += n;
    }
    if (chars > CHAT_CHARS_MAX || len > CHAT_TEXT_MAX) {
        snprintf(err, errlen, "a chat message has at most %d characters, got %zu", CHAT_CHARS_MAX, chars);
        return false;
    }
    memcpy(out, text, len);
    out[len] = '\0';
    return true;
}

bool chat_may_write(const ChatViewer *v, int channel, char *err, size_t errlen)
{
    if (channel == CHAT_PLAYERS && !v->player) {
        snprintf(err, errlen, "only the players of this game write in the players' chat");
        return false;
    }
    if (channel == CHAT_SPECTATORS && v->player) {
        snprintf(err, errlen, "players write in the players' chat, not the spectators'");
        return false;
    }
    if (channel == CHAT_SPECTATORS && !v->signed_in) {
        snprintf(err, errlen, "sign in to write in the spectators' chat");
        return false;
    }
    return true;
}

bool chat_may_read(const ChatViewer *v, int channel, bool over)
{
    return channel == CHAT_PLAYERS ? v->player : !v->player || over;
}
