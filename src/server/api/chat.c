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

/* The code point of the valid UTF-8 character of n bytes at s. */
static unsigned code_point(const unsigned char *s, size_t n)
{
    if (n == 1)
        return s[0];
    unsigned c = s[0] & (0xff >> (n + 1));
    for (size_t i = 1; i < n; i++)
        c = c << 6 | (s[i] & 0x3f);
    return c;
}

static bool in(unsigned c, unsigned lo, unsigned hi)
{
    return c >= lo && c <= hi;
}

/* Controls of the text's direction (they reorder what follows them, so a
 * message could show other words than it holds). */
static bool direction_control(unsigned c)
{
    return c == 0x061c || c == 0x200e || c == 0x200f || in(c, 0x202a, 0x202e) || in(c, 0x2066, 0x2069);
}

/* Combining marks that stack on the letter before them (the blocks of
 * diacritics every script shares). */
static bool combining(unsigned c)
{
    return in(c, 0x0300, 0x036f) || in(c, 0x0483, 0x0489) || in(c, 0x1ab0, 0x1aff) || in(c, 0x1dc0, 0x1dff) ||
           in(c, 0x20d0, 0x20ff) || in(c, 0xfe20, 0xfe2f);
}

/* Characters that show nothing: spaces, zero-width and filler characters. */
static bool blank(unsigned c)
{
    return c == ' ' || c == '\t' || c == 0x00a0 || c == 0x00ad || c == 0x034f || c == 0x115f || c == 0x1160 ||
           c == 0x1680 || c == 0x180e || in(c, 0x2000, 0x200d) || c == 0x202f || c == 0x205f ||
           in(c, 0x2060, 0x2064) || c == 0x2800 || c == 0x3000 || c == 0x3164 || c == 0xfeff || c == 0xffa0;
}

/* Selectors of a glyph's variant (text or emoji style, an ideograph's
 * form): invisible, and one is all a character may take. */
static bool variation_selector(unsigned c)
{
    return in(c, 0xfe00, 0xfe0f) || in(c, 0xe0100, 0xe01ef) || in(c, 0x180b, 0x180d) || c == 0x180f;
}

/* Tag characters: invisible text. The one use a message has for them is
 * a flag of a region (a black flag U+1F3F4, the region's letters as tags,
 * then CANCEL TAG U+E007F: England, Scotland, Wales). */
#define BLACK_FLAG 0x1f3f4
#define CANCEL_TAG 0xe007f
#define FLAG_TAGS_MAX 7
static bool tag(unsigned c)
{
    return in(c, 0xe0000, 0xe007f);
}

/* Characters that show nothing and are not blank space: they could hide
 * text after visible text (interlinear annotations hide what they mark). */
static bool invisible(unsigned c)
{
    return variation_selector(c) || tag(c) || in(c, 0xfff9, 0xfffb);
}

/* Whether cp may follow what came before: the one variation selector of a
 * character, and tags only as a flag's (*flag counts the flag's tags, -1
 * outside one); false with the reason. */
static bool hidden_ok(unsigned cp, unsigned prev, int *selectors, int *flag, char *err, size_t errlen)
{
    *selectors = variation_selector(cp) ? *selectors + 1 : 0;
    if (*selectors > 1) {
        snprintf(err, errlen, "a character of a chat message takes one variation selector at most");
        return false;
    }
    if (in(cp, 0xfff9, 0xfffb)) {
        snprintf(err, errlen, "a chat message may not hold interlinear annotations (U+%04X): they hide text", cp);
        return false;
    }
    bool letter_tag = in(cp, 0xe0030, 0xe0039) || in(cp, 0xe0061, 0xe007a);
    if (tag(cp)) {
        int count = *flag < 0 ? 0 : *flag; /* the flag's tags so far */
        bool flag_goes_on = (*flag >= 0 || prev == BLACK_FLAG) &&
                            (letter_tag ? count < FLAG_TAGS_MAX : cp == CANCEL_TAG && count > 0);
        if (!flag_goes_on) {
            snprintf(err, errlen, "a chat message may not hold tag characters (U+E0000 to U+E007F) but in a "
                     "region's flag: they are invisible text");
            return false;
        }
        *flag = cp == CANCEL_TAG ? -1 : count + 1;
    } else if (*flag >= 0) {
        snprintf(err, errlen, "a region's flag in a chat message ends with CANCEL TAG (U+E007F)");
        return false;
    }
    return true;
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
    int marks = 0, selectors = 0, flag = -1;
    unsigned prev = 0;
    bool visible = false;
    for (size_t i = 0; i < len; chars++) {
        unsigned char c = (unsigned char)text[i];
        size_t n = c ? utf8_char_len(text + i, len - i) : 0;
        if (n == 0) {
            snprintf(err, errlen, "a chat message must be text (valid UTF-8)");
            return false;
        }
        unsigned cp = code_point((const unsigned char *)text + i, n);
        if (cp < 0x20 || in(cp, 0x7f, 0x9f) || cp == 0x2028 || cp == 0x2029) {
            snprintf(err, errlen, "a chat message is one line of text, without control characters");
            return false;
        }
        if (direction_control(cp)) {
            snprintf(err, errlen, "a chat message may not hold direction controls (U+%04X): they would make it "
                     "show other words than it holds", cp);
            return false;
        }
        marks = combining(cp) ? marks + 1 : 0;
        if (marks > CHAT_MARKS_MAX) {
            snprintf(err, errlen, "a letter of a chat message carries at most %d combining marks (accents)",
                     CHAT_MARKS_MAX);
            return false;
        }
        if (!hidden_ok(cp, prev, &selectors, &flag, err, errlen))
            return false;
        visible |= !blank(cp) && !combining(cp) && !invisible(cp);
        prev = cp;
        i += n;
    }
    if (flag >= 0) {
        snprintf(err, errlen, "a region's flag in a chat message ends with CANCEL TAG (U+E007F)");
        return false;
    }
    if (!visible) {
        snprintf(err, errlen, "a chat message needs some visible text, not only spaces or invisible characters");
        return false;
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
