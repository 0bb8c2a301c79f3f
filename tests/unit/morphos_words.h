/* Helpers of the Morphos words suites (test_morphos_words.c and its
 * siblings: refusals, marks, texts, random games): states in phases a
 * position cannot give, actions parsed, the reason for a refused text, and
 * marks compared with the engine's bit sets and checked as winning chains.
 * Header-only and static. */
#ifndef MORPH_TEST_MORPHOS_WORDS_H
#define MORPH_TEST_MORPHOS_WORDS_H

#include "morphos_cases.h"

/* A state read from its serialised form (phases a position cannot give).
 * The text ends with "hist=" and no hash: the reader wants the history
 * to end with the position's own node hash, which this helper appends. */
static inline MorphosState *saved(int n, const char *mutators, const char *text)
{
    char position[19 * 20 + 1], to[2], phase[16], cells[19 * 19], err[ERR_MAX];
    if (sscanf(text, "%380s to=%1s %*s %*s phase=%15s", position, to, phase) != 3)
        fail_msg("bad test state '%s'", text);
    int size = 0;
    if (!morphos_parse_position(position, &size, cells, err, sizeof err) || size != n)
        fail_msg("bad test position '%s'", position);
    MorphosState *shape = pos(position, to[0], mutators);
    if (strncmp(phase, "duo:", 4) == 0) {
        shape->phase = PHASE_DUO;
        shape->anchor = morphos_parse_point(shape->cfg, phase + 4);
    } else if (strcmp(phase, "return") == 0) {
        shape->phase = PHASE_RETURN;
    }
    char full[1024];
    snprintf(full, sizeof full, "%s%llx", text, (unsigned long long)morphos_node_hash(shape));
    done(shape);
    Game *g = morphos_game(n, mutators);
    State *s = g->ops->deserialize(g, full, err, sizeof err);
    if (!s)
        fail_msg("%s", err);
    return (MorphosState *)s;
}

static inline MorphosState *fresh(int n, const char *mutators)
{
    return (MorphosState *)state_new(morphos_game(n, mutators));
}

/* A fresh 5x5 state with a move cap of cap turns; done() frees it with
 * its game. */
static inline MorphosState *capped(const char *cap)
{
    Options o;
    char err[ERR_MAX];
    options_init(&o);
    options_set(&o, "size", "5", err, sizeof err);
    options_set(&o, "move-cap", cap, err, sizeof err);
    Game *g = game_new("morphos", &o, err, sizeof err);
    if (!g)
        fail_msg("%s", err);
    return (MorphosState *)state_new(g);
}

static inline Action parse(const MorphosState *s, const char *text)
{
    Action a;
    char err[ERR_MAX];
    if (!s->base.game->ops->parse_action(&s->base, text, &a, err, sizeof err))
        fail_msg("%s", err);
    return a;
}

/* why_not(text), or NULL when the text is legal (then nothing is written). */
static inline const char *why(const MorphosState *s, const char *text)
{
    static char buf[512];
    StrBuf sb = STRBUF_INIT;
    bool refused = state_why_not(&s->base, text, &sb);
    if (!refused)
        assert_int_equal(sb.len, 0);
    snprintf(buf, sizeof buf, "%s", sb_str(&sb));
    sb_free(&sb);
    return refused ? buf : NULL;
}

static inline const Mark *find_mark(const Marks *m, int kind, int player)
{
    for (int i = 0; i < m->count; i++)
        if (m->items[i].kind == kind && (player < 0 || m->items[i].player == player))
            return &m->items[i];
    return NULL;
}

/* The engine's bit set as game.h cells, to compare with marks. */
static inline bool mark_equals_bits(const MorphosConfig *c, const Mark *k, const Bb *bits)
{
    for (int row = 0; row < c->n; row++)
        for (int col = 0; col < c->n; col++)
            if (mark_has_cell(k, row * c->n + col) != bb_test(bits, morphos_bit(c, col, row)))
                return false;
    for (int cell = c->n * c->n; cell < MARK_CELL_WORDS * 64; cell++)
        if (mark_has_cell(k, cell))
            return false;
    return true;
}

/* Whether the chain mark joins colour's two edges through orthogonal
 * steps inside its own cells, every cell a stone of colour. */
static inline bool chain_connects(const MorphosState *s, const Marks *m, const Mark *k, int colour)
{
    const MorphosConfig *c = s->cfg;
    int n = c->n;
    bool reach[19 * 19] = {false}, grew = true;
    for (int cell = 0; cell < n * n; cell++) {
        if (!mark_has_cell(k, cell))
            continue;
        if (!bb_test(&s->stones[colour], morphos_bit(c, cell % n, cell / n)))
            return false;
        if (colour == MORPHOS_BLACK ? cell / n == 0 : cell % n == 0)
            reach[cell] = true;
    }
    while (grew) {
        grew = false;
        for (int cell = 0; cell < n * n; cell++) {
            if (reach[cell] || !mark_has_cell(k, cell))
                continue;
            int col = cell % n, row = cell / n;
            if ((col > 0 && reach[cell - 1]) || (col < n - 1 && reach[cell + 1]) || (row > 0 && reach[cell - n]) ||
                (row < n - 1 && reach[cell + n]))
                reach[cell] = grew = true;
        }
    }
    for (int cell = 0; cell < n * n; cell++)
        if (reach[cell] && (colour == MORPHOS_BLACK ? cell / n == n - 1 : cell % n == n - 1))
            return true;
    (void)m;
    return false;
}

/* Whether p is valid UTF-8. */
static inline bool valid_utf8(const char *p)
{
    const unsigned char *u = (const unsigned char *)p;
    while (*u) {
        int extra = *u < 0x80 ? 0 : (*u & 0xe0) == 0xc0 ? 1 : (*u & 0xf0) == 0xe0 ? 2 : (*u & 0xf8) == 0xf0 ? 3 : -1;
        if (extra < 0)
            return false;
        u++;
        for (int i = 0; i < extra; i++, u++)
            if ((*u & 0xc0) != 0x80)
                return false;
    }
    return true;
}

#endif
