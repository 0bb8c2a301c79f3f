/* Helpers shared by the Morpyam unit tests (header-only, static). */
#ifndef MORPH_TEST_MORPYAM_HELPERS_H
#define MORPH_TEST_MORPYAM_HELPERS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/games/morpyam/morpyam.h"
#include "../../src/games/registry.h"

/* A game from "key=value;key=value" (';' because rules use commas). */
static inline Game *new_game(const char *spec)
{
    Options o;
    char err[ERR_MAX], buf[512];
    options_init(&o);
    snprintf(buf, sizeof buf, "%s", spec);
    char *save = NULL;
    for (char *kv = strtok_r(buf, ";", &save); kv; kv = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(kv, '=');
        assert_non_null(eq);
        *eq = '\0';
        assert_true(options_set(&o, kv, eq + 1, err, sizeof err));
    }
    Game *g = game_new("morpyam", &o, err, sizeof err);
    if (!g)
        fail_msg("game_new: %s", err);
    return g;
}

/* A state of g with the tokens of grid (36 characters from the top left,
 * '1'-'4' or '.') put into the serialisation of s. */
static inline State *with_tokens(const State *s, const char *grid)
{
    StrBuf sb = STRBUF_INIT;
    char err[ERR_MAX];
    state_serialize(s, &sb);
    char *t = strstr(sb.data, "tokens=") + 7;
    for (int i = 0; i < 36; i++)
        t[(5 - i / 6) * 6 + i % 6] = grid[i];
    State *r = s->game->ops->deserialize(s->game, sb_str(&sb), err, sizeof err);
    if (!r)
        fail_msg("deserialize: %s", err);
    sb_free(&sb);
    return r;
}

/* Applies actions separated by ';', failing the test on any error. */
static inline void play(State *s, const char *actions)
{
    char buf[2048], err[ERR_MAX];
    snprintf(buf, sizeof buf, "%s", actions);
    char *save = NULL;
    for (char *a = strtok_r(buf, ";", &save); a; a = strtok_r(NULL, ";", &save)) {
        while (*a == ' ')
            a++;
        if (!state_apply_text(s, a, err, sizeof err))
            fail_msg("apply '%s': %s", a, err);
    }
}

static inline bool try_play(State *s, const char *action)
{
    char err[ERR_MAX];
    return state_apply_text(s, action, err, sizeof err);
}

/* The legal actions as text joined by '|'. */
static inline const char *legal_text(const State *s, StrBuf *sb)
{
    Action acts[MAX_ACTIONS];
    int n = state_legal_actions(s, acts);
    sb_clear(sb);
    sb_puts(sb, "");
    for (int i = 0; i < n; i++) {
        if (i)
            sb_putc(sb, '|');
        state_action_text(s, acts[i], sb);
    }
    return sb_str(sb);
}

static inline const MorpyamState *ms_of(const State *s)
{
    return (const MorpyamState *)s;
}

static inline int sq(const char *name)
{
    return morpyam_square_from_name(name);
}

/* Token mask from a 36-character grid written row by row from the top. */
static inline uint64_t tokens_from(const char *grid, char who)
{
    uint64_t m = 0;
    for (int i = 0; i < 36; i++)
        if (grid[i] == who)
            m |= 1ull << ((5 - i / 6) * 6 + i % 6);
    return m;
}

#endif
