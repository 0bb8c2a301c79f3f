/* The rules of the chat: what a message may be (trimmed, one line of
 * text, 200 characters at most, HTML kept as the text it is, nothing that
 * shows other words than it holds or nothing at all) and who
 * writes and reads each channel. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "../../src/server/api/chat.h"

static const char *ok_text(const char *text, char out[CHAT_TEXT_MAX + 1])
{
    char err[128];
    if (!chat_text(text, strlen(text), out, err, sizeof err))
        fail_msg("'%s' refused: %s", text, err);
    return out;
}

static void messages(void **state)
{
    char out[CHAT_TEXT_MAX + 1], err[128];
    assert_string_equal(ok_text("  good luck!\t ", out), "good luck!");
    assert_string_equal(ok_text("<script>alert(1)</script>", out), "<script>alert(1)</script>");
    assert_string_equal(ok_text("bien joué ♟", out), "bien joué ♟");
    assert_false(chat_text("   ", 3, out, err, sizeof err));
    assert_string_equal(err, "a chat message needs some text");
    assert_false(chat_text("two\nlines", 9, out, err, sizeof err));
    assert_string_equal(err, "a chat message is one line of text, without control characters");
    assert_false(chat_text("bell\x07", 5, out, err, sizeof err));
    assert_false(chat_text("c1 \xc2\x85 control", 14, out, err, sizeof err));
    assert_false(chat_text("bad \xff byte", 10, out, err, sizeof err));
    assert_false(chat_text("nul\0inside", 10, out, err, sizeof err));
    char big[CHAT_CHARS_MAX + 2];
    memset(big, 'a', sizeof big);
    assert_true(chat_text(big, CHAT_CHARS_MAX, out, err, sizeof err));
    assert_false(chat_text(big, CHAT_CHARS_MAX + 1, out, err, sizeof err));
    assert_string_equal(err, "a chat message has at most 200 characters, got 201");
    /* characters, not bytes: 200 of three bytes each fit, 201 do not */
    char wide[CHAT_CHARS_MAX * 3 + 4] = "";
    for (int i = 0; i < CHAT_CHARS_MAX; i++)
        strcat(wide, "♟");
    assert_true(chat_text(wide, strlen(wide), out, err, sizeof err));
    strcat(wide, "♟");
    assert_false(chat_text(wide, strlen(wide), out, err, sizeof err));
}

/* Text that would show other words than it holds, or nothing, or a letter
 * buried under marks: refused, each with its reason (issue 24). */
static void deceiving_text(void **state)
{
    char out[CHAT_TEXT_MAX + 1], err[160];
    static const char *const direction[] = {
        "good \u202egame",  /* RIGHT-TO-LEFT OVERRIDE */
        "\u202d\u202cgg",    /* LEFT-TO-RIGHT OVERRIDE, POP DIRECTIONAL FORMATTING */
        "a\u2067b\u2069",    /* RIGHT-TO-LEFT ISOLATE, POP DIRECTIONAL ISOLATE */
        "x\u200fy",          /* RIGHT-TO-LEFT MARK */
        "\u061c1",           /* ARABIC LETTER MARK */
    };
    for (size_t i = 0; i < sizeof direction / sizeof *direction; i++) {
        assert_false(chat_text(direction[i], strlen(direction[i]), out, err, sizeof err));
        assert_non_null(strstr(err, "may not hold direction controls (U+"));
    }
    assert_false(chat_text("gg \u202e", strlen("gg \u202e"), out, err, sizeof err));
    assert_string_equal(err, "a chat message may not hold direction controls (U+202E): they would make it show "
                             "other words than it holds");
    /* line and paragraph separators break the line like a newline */
    assert_false(chat_text("one\u2028two", strlen("one\u2028two"), out, err, sizeof err));
    assert_string_equal(err, "a chat message is one line of text, without control characters");
    assert_false(chat_text("one\u2029two", strlen("one\u2029two"), out, err, sizeof err));
    /* nothing to see */
    static const char *const blank[] = {"\u200b\u200b\u200b", "\u200b \u2060\ufeff", "\u3000\u00a0\u3164",
                                        "\u0301\u0301"};
    for (size_t i = 0; i < sizeof blank / sizeof *blank; i++) {
        assert_false(chat_text(blank[i], strlen(blank[i]), out, err, sizeof err));
        assert_string_equal(err, "a chat message needs some visible text, not only spaces or invisible characters");
    }
    /* a letter with 200 combining marks; four are allowed (stacked accents) */
    char zalgo[1 + 200 * 2 + 1] = "Z";
    for (int i = 0; i < 200; i++)
        strcat(zalgo, "\u0336");
    assert_false(chat_text(zalgo, strlen(zalgo), out, err, sizeof err));
    assert_string_equal(err, "a letter of a chat message carries at most 4 combining marks (accents)");
    assert_string_equal(ok_text("e\u0301\u0302\u0303\u0304 ok", out), "e\u0301\u0302\u0303\u0304 ok");
    /* what real text needs stays: joiners inside emoji and words, Hebrew and Arabic as they are */
    assert_string_equal(ok_text("\U0001F469\u200d\U0001F4BB gg", out), "\U0001F469\u200d\U0001F4BB gg");
    assert_string_equal(ok_text("\u05e9\u05dc\u05d5\u05dd and \u0633\u0644\u0627\u0645", out),
                        "\u05e9\u05dc\u05d5\u05dd and \u0633\u0644\u0627\u0645");
    assert_string_equal(ok_text("zero\u200bwidth inside", out), "zero\u200bwidth inside");
}

/* Invisible characters that carry or hide text (issue 32): tag characters
 * alone or after visible text, a pile of variation selectors, interlinear
 * annotations. A region's flag (tags between a black flag and CANCEL TAG)
 * and one variation selector (an emoji's style) stay. */
static void hidden_text(void **state)
{
    char out[CHAT_TEXT_MAX + 1], err[160];
    /* "hidden" in tag characters, alone, then after visible text */
    const char *tags = "󠁨󠁩󠁤󠁤󠁥󠁮";
    assert_false(chat_text(tags, strlen(tags), out, err, sizeof err));
    assert_string_equal(err, "a chat message may not hold tag characters (U+E0000 to U+E007F) but in a region's "
                             "flag: they are invisible text");
    char mixed[64];
    snprintf(mixed, sizeof mixed, "gg%s", tags);
    assert_false(chat_text(mixed, strlen(mixed), out, err, sizeof err));
    assert_non_null(strstr(err, "tag characters"));
    const char *cancel = "gg\U000E007F";
    assert_false(chat_text(cancel, strlen(cancel), out, err, sizeof err));
    /* a flag not closed, or too long */
    const char *open = "\U0001F3F4\U000E0067\U000E0062 gg";
    assert_false(chat_text(open, strlen(open), out, err, sizeof err));
    assert_string_equal(err, "a region's flag in a chat message ends with CANCEL TAG (U+E007F)");
    const char *unclosed = "gg \U0001F3F4\U000E0067\U000E0062";
    assert_false(chat_text(unclosed, strlen(unclosed), out, err, sizeof err));
    char longer[128] = "\U0001F3F4";
    for (int i = 0; i < 8; i++)
        strcat(longer, "\U000E0061");
    strcat(longer, "\U000E007F");
    assert_false(chat_text(longer, strlen(longer), out, err, sizeof err));
    /* England's flag, and a heart in emoji style */
    const char *england = "\U0001F3F4\U000E0067\U000E0062\U000E0065\U000E006E\U000E0067\U000E007F gg";
    assert_string_equal(ok_text(england, out), england);
    assert_string_equal(ok_text("\u2764\ufe0f well played", out), "\u2764\ufe0f well played");
    /* thirty variation selectors on one letter; a message of selectors alone */
    char piled[1 + 30 * 3 + 1] = "a";
    for (int i = 0; i < 30; i++)
        strcat(piled, "\ufe0f");
    assert_false(chat_text(piled, strlen(piled), out, err, sizeof err));
    assert_string_equal(err, "a character of a chat message takes one variation selector at most");
    assert_false(chat_text("\ufe0f", strlen("\ufe0f"), out, err, sizeof err));
    assert_string_equal(err, "a chat message needs some visible text, not only spaces or invisible characters");
    /* interlinear annotations: anchor, separator, terminator */
    static const char *const annotated[] = {"gg\ufff9x\ufffay\ufffb", "\ufff9", "a\ufffab"};
    for (size_t i = 0; i < sizeof annotated / sizeof *annotated; i++) {
        assert_false(chat_text(annotated[i], strlen(annotated[i]), out, err, sizeof err));
        assert_non_null(strstr(err, "may not hold interlinear annotations (U+FFF"));
    }
}

static void channels(void **state)
{
    char err[128];
    ChatViewer player = {true, false}, signed_player = {true, true}, watcher = {false, false}, member = {false, true};
    assert_int_equal(chat_channel("players"), CHAT_PLAYERS);
    assert_int_equal(chat_channel("spectators"), CHAT_SPECTATORS);
    assert_int_equal(chat_channel("all"), -1);
    assert_true(chat_may_write(&player, CHAT_PLAYERS, err, sizeof err));
    assert_false(chat_may_write(&watcher, CHAT_PLAYERS, err, sizeof err));
    assert_string_equal(err, "only the players of this game write in the players' chat");
    assert_false(chat_may_write(&member, CHAT_PLAYERS, err, sizeof err));
    assert_true(chat_may_write(&member, CHAT_SPECTATORS, err, sizeof err));
    assert_false(chat_may_write(&watcher, CHAT_SPECTATORS, err, sizeof err));
    assert_string_equal(err, "sign in to write in the spectators' chat");
    assert_false(chat_may_write(&signed_player, CHAT_SPECTATORS, err, sizeof err));
    /* players read their own chat; spectators theirs; players the spectators' once it is over */
    assert_true(chat_may_read(&player, CHAT_PLAYERS, false));
    assert_false(chat_may_read(&watcher, CHAT_PLAYERS, true));
    assert_true(chat_may_read(&watcher, CHAT_SPECTATORS, false));
    assert_false(chat_may_read(&player, CHAT_SPECTATORS, false));
    assert_true(chat_may_read(&player, CHAT_SPECTATORS, true));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(messages),
        cmocka_unit_test(deceiving_text),
        cmocka_unit_test(hidden_text),
        cmocka_unit_test(channels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
