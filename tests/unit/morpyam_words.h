/* Helpers of the Morpyam words suites (test_morpyam_words.c and its
 * siblings: refusals, marks, texts, random games): the sentence or the
 * reason the library gives for an action text, positions made from a token
 * grid, the standard Plus deal, the squares of a mark. Header-only and
 * static; a suite that uses `said` frees it at its end. */
#ifndef MORPH_TEST_MORPYAM_WORDS_H
#define MORPH_TEST_MORPYAM_WORDS_H

#include "morpyam_helpers.h"

static StrBuf said = STRBUF_INIT;

/* The sentence for text (legal in s), s unchanged. */
static inline const char *say(const State *s, const char *text)
{
    Action a;
    char err[ERR_MAX];
    if (!s->game->ops->parse_action(s, text, &a, err, sizeof err))
        fail_msg("parse '%s': %s", text, err);
    sb_clear(&said);
    sb_puts(&said, "");
    state_describe(s, a, NULL, &said);
    return sb_str(&said);
}

/* The sentence for text, then text applied. */
static inline const char *say_play(State *s, const char *text)
{
    say(s, text);
    play(s, text);
    return sb_str(&said);
}

/* The reason text is refused in s; also checks that parse_action refuses it
 * with the same reason after its prefix. */
static inline const char *why(const State *s, const char *text)
{
    Action a;
    char err[ERR_MAX], want[ERR_MAX];
    sb_clear(&said);
    sb_puts(&said, "");
    if (!state_why_not(s, text, &said))
        fail_msg("'%s' is legal", text);
    assert_true(said.len > 0);
    assert_false(s->game->ops->parse_action(s, text, &a, err, sizeof err));
    snprintf(want, sizeof want, "illegal move '%s': %s", text, sb_str(&said));
    if (strcmp(err, want) != 0) {
        snprintf(want, sizeof want, "malformed action '%s': %s", text, sb_str(&said));
        assert_string_equal(err, want);
    }
    return sb_str(&said);
}

/* The 36 characters of a token grid, rows from the top. */
#define ROWS(r6, r5, r4, r3, r2, r1) r6 r5 r4 r3 r2 r1

/* A standard 2-player game where P2 starts, with tokens put in, after the
 * actions then. */
static inline State *game_at(Game *g, const char *start, const char *tokens, const char *then)
{
    State *s = state_new(g);
    play(s, start);
    State *t = with_tokens(s, tokens);
    state_free(s);
    if (then && *then)
        play(t, then);
    return t;
}

/* P2 to play after its first roll showing dice, in a fresh 2-player game
 * with tokens. */
static inline State *first_roll(Game *g, const char *tokens, const char *dice)
{
    char then[64];
    snprintf(then, sizeof then, "roll; dice %s", dice);
    return game_at(g, "die 3; die 5", tokens, then);
}

/* Deals the standard layout in square order: P1 gets the even squares,
 * P2 the odd ones. */
static inline void deal_standard(State *s, int upto)
{
    uint8_t layout[36];
    char text[32];
    morpyam_standard_layout(layout);
    for (int sq = 0; sq < upto; sq++) {
        snprintf(text, sizeof text, "deal %s", morpyam_kind_code(layout[sq]));
        play(s, text);
    }
}

/* The squares of mark k, one bit each. */
static inline uint64_t cells_of(const Mark *k)
{
    uint64_t m = 0;
    for (int c = 0; c < 36; c++)
        if (mark_has_cell(k, c))
            m |= 1ull << c;
    return m;
}

#endif
