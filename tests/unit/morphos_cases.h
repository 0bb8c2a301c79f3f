/* Helpers of the hand-written Morphos suites (rules, mutators, notation and
 * the words suites): a state from a position text, moves applied or
 * refused, the legal moves, the weak stones and the result as text.
 * Header-only and static. */
#ifndef MORPH_TEST_MORPHOS_CASES_H
#define MORPH_TEST_MORPHOS_CASES_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/games/morphos/engine.h"
#include "../../src/games/morphos/morphos.h"
#include "morphos_helpers.h"
#include "../../src/games/registry.h"

/* A state from a position text; the game is freed with the state by done(). */
static inline MorphosState *pos(const char *text, char to_move, const char *mutators)
{
    char cells[19 * 19], err[ERR_MAX];
    int n = 0;
    if (!morphos_parse_position(text, &n, cells, err, sizeof err))
        fail_msg("%s", err);
    Game *g = morphos_game(n, mutators);
    const MorphosConfig *c = g->config;
    Bb stones[2];
    bb_zero(&stones[0]);
    bb_zero(&stones[1]);
    for (int r = 0; r < n; r++)
        for (int col = 0; col < n; col++)
            if (cells[r * 19 + col] != '.')
                bb_set(&stones[cells[r * 19 + col] == 'W'], morphos_bit(c, col, r));
    return morphos_state_from_position(g, stones, to_move == 'W');
}

static inline void done(MorphosState *s)
{
    const Game *g = s->base.game;
    state_free(&s->base);
    game_free((Game *)g);
}

static inline int pt(const MorphosState *s, const char *text)
{
    return morphos_parse_point(s->cfg, text);
}

/* The weak stones of a colour as "a1 b2 ..." in board order. */
static inline const char *weak_list(const MorphosState *s, int colour)
{
    static char buf[512];
    Bb w;
    morphos_weak(s->cfg, &s->stones[colour], &s->stones[colour ^ 1], &w);
    buf[0] = '\0';
    for (int b = 0; b < BB_WORDS * 64; b++)
        if (bb_test(&w, b)) {
            char p[4];
            morphos_point_text(s->cfg, b, p);
            if (buf[0])
                strcat(buf, " ");
            strcat(buf, p);
        }
    return buf;
}

static inline void apply_ok(MorphosState *s, const char *text)
{
    char err[ERR_MAX];
    if (!state_apply_text(&s->base, text, err, sizeof err))
        fail_msg("%s: %s", text, err);
}

static inline void apply_fails(MorphosState *s, const char *text, const char *message)
{
    char err[ERR_MAX];
    assert_false(state_apply_text(&s->base, text, err, sizeof err));
    assert_string_equal(err, message);
}

static inline const char *moves(MorphosState *s)
{
    static char buf[4096];
    Action acts[MAX_ACTIONS];
    int n = state_legal_actions(&s->base, acts);
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        StrBuf sb = STRBUF_INIT;
        state_action_text(&s->base, acts[i], &sb);
        if (i)
            strcat(buf, " ");
        strcat(buf, sb_str(&sb));
        sb_free(&sb);
    }
    return buf;
}

static inline const char *how(MorphosState *s, unsigned *winners)
{
    static GameResult r;
    state_result(&s->base, &r);
    *winners = r.winners;
    return r.terminal ? r.how : "";
}

#endif
