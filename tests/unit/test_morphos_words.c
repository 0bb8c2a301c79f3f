/* Morphos words for people: every sentence kind and refusal reason by
 * hand, highlights checked on hand-made positions, the legend and rules
 * text, and a seeded random simulation over every size and mutator set. */
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

/* A state from a position text; done() frees it with its game. */
static MorphosState *pos(const char *text, char to_move, const char *mutators)
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

static void done(MorphosState *s);

/* A state read from its serialised form (phases a position cannot give).
 * The text ends with "hist=" and no hash: the reader wants the history
 * to end with the position's own node hash, which this helper appends. */
static MorphosState *saved(int n, const char *mutators, const char *text)
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

static MorphosState *fresh(int n, const char *mutators)
{
    return (MorphosState *)state_new(morphos_game(n, mutators));
}

static void done(MorphosState *s)
{
    const Game *g = s->base.game;
    state_free(&s->base);
    game_free((Game *)g);
}

static void apply_ok(MorphosState *s, const char *text)
{
    char err[ERR_MAX];
    if (!state_apply_text(&s->base, text, err, sizeof err))
        fail_msg("%s: %s", text, err);
}

static Action parse(const MorphosState *s, const char *text)
{
    Action a;
    char err[ERR_MAX];
    if (!s->base.game->ops->parse_action(&s->base, text, &a, err, sizeof err))
        fail_msg("%s", err);
    return a;
}

/* describe(text) as seen by viewer (-1: nobody), with optional names. */
static const char *say_as(const MorphosState *s, const char *text, int viewer, const char *name0, const char *name1)
{
    static char buf[512];
    Voice v = {{name0, name1}, viewer};
    StrBuf sb = STRBUF_INIT;
    state_describe(&s->base, parse(s, text), &v, &sb);
    snprintf(buf, sizeof buf, "%s", sb_str(&sb));
    sb_free(&sb);
    return buf;
}

static const char *say(const MorphosState *s, const char *text)
{
    static char buf[512];
    StrBuf sb = STRBUF_INIT;
    state_describe(&s->base, parse(s, text), NULL, &sb);
    snprintf(buf, sizeof buf, "%s", sb_str(&sb));
    sb_free(&sb);
    return buf;
}

/* why_not(text), or NULL when the text is legal (then nothing is written). */
static const char *why(const MorphosState *s, const char *text)
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

static const char *result_text(const MorphosState *s, const Voice *v)
{
    static char buf[512];
    StrBuf sb = STRBUF_INIT;
    state_describe_result(&s->base, v, &sb);
    snprintf(buf, sizeof buf, "%s", sb_str(&sb));
    sb_free(&sb);
    return buf;
}

/* The cells of a mark as "a1 b2 ..." in board order. */
static const char *cells_of(const Marks *m, const Mark *k)
{
    static char buf[1024];
    buf[0] = '\0';
    for (int row = 0; row < m->height; row++)
        for (int col = 0; col < m->width; col++)
            if (mark_has_cell(k, row * m->width + col)) {
                char p[4];
                cell_name(col, row, p);
                if (buf[0])
                    strcat(buf, " ");
                strcat(buf, p);
            }
    return buf;
}

static const Mark *find_mark(const Marks *m, int kind, int player)
{
    for (int i = 0; i < m->count; i++)
        if (m->items[i].kind == kind && (player < 0 || m->items[i].player == player))
            return &m->items[i];
    return NULL;
}

/* The engine's bit set as game.h cells, to compare with marks. */
static bool mark_equals_bits(const MorphosConfig *c, const Mark *k, const Bb *bits)
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

/* ---- describe ---- */

static void placing_and_winning_by_connection(void **unused)
{
    MorphosState *s = fresh(9, "");
    assert_string_equal(say(s, "e5"), "Black places a stone on e5");
    done(s);
    s = pos("B../B../...", 'B', "");
    assert_string_equal(say(s, "a1"), "Black places a stone on a1 and connects top and bottom: Black wins");
    done(s);
    s = pos(".../WW./...", 'W', "");
    assert_string_equal(say(s, "c2"), "White places a stone on c2 and connects left and right: White wins");
    done(s);
}

static void flips_with_and_without_viewer(void **unused)
{
    /* White flips b2; seat 0 holds Black in a position without history. */
    MorphosState *s = pos("WW./WB./.W.", 'W', "");
    assert_string_equal(say(s, "xb2"), "White flips Black's stone on b2");
    assert_string_equal(say_as(s, "xb2", 0, NULL, NULL), "White flips your stone on b2");
    assert_string_equal(say_as(s, "xb2", 1, NULL, NULL), "White flips Black's stone on b2");
    done(s);
    /* A flip that completes a chain wins. */
    s = pos("BBB/BWW/.BB", 'B', "");
    assert_string_equal(say(s, "xb2"), "Black flips White's stone on b2 and connects top and bottom: Black wins");
    assert_string_equal(say_as(s, "xb2", 1, NULL, NULL),
                        "Black flips your stone on b2 and connects top and bottom: Black wins");
    done(s);
}

static void the_issues_examples(void **unused)
{
    /* d3 White, with Black on d4 c3 d2 and the corner c4 (pattern 1). */
    MorphosState *s = pos("...../..BB./..BW./...B./.....", 'B', "");
    assert_string_equal(say_as(s, "xd3", 1, NULL, NULL), "Black flips your stone on d3");
    done(s);
    s = saved(5, "remorph", "...../...../...../...../W.... to=B black=0 turn=4 phase=return flipped=a1 hist=");
    assert_string_equal(say(s, "c4"), "Black puts the returned stone on c4");
    done(s);
}

static void flips_after_a_swap_name_the_right_seat(void **unused)
{
    /* Position where Black (seat 1 after the swap) flips White's d3. */
    MorphosState *s = saved(5, "", "...../.BB../.BWB./..B../..... to=B black=1 turn=7 phase=main flipped=- hist=");
    assert_string_equal(say_as(s, "xc3", 0, NULL, NULL), "Black flips your stone on c3");
    assert_string_equal(say_as(s, "xc3", 1, NULL, NULL), "Black flips White's stone on c3");
    done(s);
}

static void the_swap_sentence(void **unused)
{
    MorphosState *s = fresh(9, "");
    apply_ok(s, "e5");
    assert_string_equal(say(s, "swap"), "White swaps: P2 now plays Black's stone on e5, and P1 plays White and moves next");
    assert_string_equal(say_as(s, "swap", 1, NULL, NULL),
                        "White swaps: you now play Black's stone on e5, and P1 plays White and moves next");
    assert_string_equal(say_as(s, "swap", 0, "Ann", "Bob"),
                        "White swaps: Bob now plays Black's stone on e5, and you play White and move next");
    assert_string_equal(say_as(s, "swap", -1, "Ann", "Bob (greedy)"),
                        "White swaps: Bob (greedy) now plays Black's stone on e5, and Ann plays White and moves next");
    /* What the sentence says is what the swap does. */
    apply_ok(s, "swap");
    assert_int_equal(morphos_seat_of(s, MORPHOS_BLACK), 1);
    assert_int_equal(state_player(&s->base), 0);
    assert_int_equal(s->to_move, MORPHOS_WHITE);
    assert_true(bb_test(&s->stones[MORPHOS_BLACK], morphos_parse_point(s->cfg, "e5")));
    done(s);
    /* Duomorph: Black's first turn left two stones. */
    s = fresh(5, "duomorph");
    apply_ok(s, "c3,c4");
    assert_string_equal(say(s, "swap"), "White swaps: P2 now plays Black's stones on c3 and c4, and P1 plays White and moves next");
    done(s);
    /* Metamorph: the opening is a flip on the full board; a swap takes over
     * all of Black's stones. */
    s = fresh(4, "minimorph,metamorph");
    assert_string_equal(say(s, "xb1"), "Black flips White's stone on b1");
    apply_ok(s, "xb1");
    assert_string_equal(say(s, "swap"), "White swaps: P2 now plays Black's 9 stones, and P1 plays White and moves next");
    done(s);
}

static void duomorph_sentences(void **unused)
{
    MorphosState *s = fresh(5, "duomorph");
    assert_string_equal(say(s, "c3"), "Black places a stone on c3 and must add a second stone next to it");
    apply_ok(s, "c3");
    assert_string_equal(say(s, "c4"), "Black adds a second stone on c4, next to c3");
    assert_string_equal(say(s, "b3"), "Black adds a second stone on b3, next to c3");
    done(s);
    /* The second stone can win. */
    s = saved(3, "duomorph", "..B/.../.B. to=B black=0 turn=4 phase=duo:b1 flipped=- hist=");
    assert_string_equal(say(s, "b2"), "Black adds a second stone on b2, next to b1");
    done(s);
    s = saved(3, "duomorph", ".B./.../.B. to=B black=0 turn=4 phase=duo:b1 flipped=- hist=");
    assert_string_equal(say(s, "b2"), "Black adds a second stone on b2, next to b1, and connects top and bottom: Black wins");
    done(s);
    /* No empty neighbour: no second stone is asked for. */
    s = pos("W.W/BWB/.B.", 'B', "duomorph");
    assert_string_equal(say(s, "b3"), "Black places a stone on b3");
    done(s);
}

static void remorph_sentences(void **unused)
{
    MorphosState *s = pos("WW./WB./.W.", 'W', "remorph");
    assert_string_equal(say(s, "xb2"),
                        "White flips Black's stone on b2; Black must first put the returned stone back on an empty point (remorph)");
    assert_string_equal(say_as(s, "xb2", 0, NULL, NULL),
                        "White flips your stone on b2; you must first put the returned stone back on an empty point (remorph)");
    apply_ok(s, "xb2");
    assert_string_equal(say(s, "c3"), "Black puts the returned stone on c3");
    done(s);
    /* The returned stone can win at once. */
    s = pos("B..../BWW../.WB../B.W../B....", 'W', "remorph");
    apply_ok(s, "xc3");
    assert_string_equal(say(s, "a3"), "Black puts the returned stone on a3 and connects top and bottom: Black wins");
    done(s);
    /* On the last empty point with no flip left, the turn ends with it. */
    s = saved(4, "remorph", "BBWW/BBWW/WWBW/BBW. to=B black=0 turn=16 phase=return flipped=d3 hist=");
    assert_string_equal(say(s, "d1"),
                        "Black puts the returned stone on d1, the last empty point; with no regular move left, Black's turn ends");
    apply_ok(s, "d1");
    assert_int_equal(s->to_move, MORPHOS_WHITE);
    done(s);
}

static void deepmorph_sentences(void **unused)
{
    MorphosState *s = pos("B../B../...", 'B', "deepmorph");
    assert_string_equal(say(s, "a1"),
                        "Black places a stone on a1; Black's chain now joins top and bottom and wins if it survives White's turn (deepmorph)");
    apply_ok(s, "a1");
    assert_string_equal(say(s, "c1"),
                        "White places a stone on c1; Black's chain joining top and bottom has survived White's turn: Black wins (deepmorph)");
    apply_ok(s, "c1");
    assert_string_equal(s->how, "connection");
    done(s);
    /* White joined a4 b4 b3 b2 c2 d2 e2 on its turn; b4 is weak (minimorph
     * pattern 2: b5 a5 and c4 c3), so Black breaks the chain before it wins. */
    s = saved(5, "minimorph,deepmorph", "BB.../WWB../.WB../.WWWW/..... to=B black=0 turn=12 phase=main flipped=- hist=");
    assert_true(morphos_connected(s->cfg, &s->stones[MORPHOS_WHITE], MORPHOS_WHITE));
    assert_string_equal(say(s, "xb4"), "Black flips White's stone on b4; White's chain joining left and right is broken");
    apply_ok(s, "xb4");
    assert_int_equal(s->phase, PHASE_MAIN);
    done(s);
    /* The flip-back rule never forbids a flip with these patterns (see
     * docs/rules-morphos.md); its reason is checked by removing a target
     * by hand, as the rule would. */
    s = pos("...../.BB../.BWW./..BW./..W..", 'W', "deepmorph");
    apply_ok(s, "xc2");
    bb_clear(&s->targets, morphos_parse_point(s->cfg, "c3"));
    assert_string_equal(why(s, "xc3"), "White could flip c3 back on their next turn (deepmorph)");
    done(s);
}

static void pass_resign_fill_deadlock_and_cap(void **unused)
{
    MorphosState *s = pos("WWB/BBW/WBB", 'W', "");
    assert_string_equal(say(s, "pass"), "White has no legal move and passes");
    assert_string_equal(say(s, "resign"), "White resigns: Black wins");
    done(s);
    /* The last empty point, the game going on (White can flip b1). */
    s = pos("BB./WWB/WBW", 'B', "");
    assert_string_equal(say(s, "c3"), "Black places a stone on c3, the last empty point");
    done(s);
    /* The last empty point, then a deadlock, both ways. */
    s = saved(3, "", "BWB/BWW/WB. to=B black=0 turn=8 phase=main flipped=- hist=");
    assert_string_equal(say(s, "c1"), "Black places a stone on c1, the last empty point; neither player can move: "
                                      "deadlock, Black wins as the black stones on a2 and a3 are vertically adjacent");
    done(s);
    s = saved(3, "", "BWB/WBW/BW. to=B black=0 turn=8 phase=main flipped=- hist=");
    assert_string_equal(say(s, "c1"), "Black places a stone on c1, the last empty point; neither player can move: "
                                      "deadlock, White wins as no two stones of one colour are vertically adjacent");
    done(s);
    /* Right after Black's first turn White could still swap: no deadlock. */
    s = pos("BWB/BWW/WB.", 'B', "");
    assert_string_equal(say(s, "c1"), "Black places a stone on c1, the last empty point");
    done(s);
    /* The move cap. */
    Options o;
    char err[ERR_MAX];
    options_init(&o);
    options_set(&o, "size", "5", err, sizeof err);
    options_set(&o, "move-cap", "3", err, sizeof err);
    Game *g = game_new("morphos", &o, err, sizeof err);
    s = (MorphosState *)state_new(g);
    apply_ok(s, "a1,b1");
    assert_string_equal(say(s, "c1"),
                        "Black places a stone on c1; that was the last of the 3 turns allowed (the move cap): the game is a draw");
    state_free(&s->base);
    /* A swap can be the turn that reaches the cap. */
    options_set(&o, "move-cap", "2", err, sizeof err);
    game_free(g);
    g = game_new("morphos", &o, err, sizeof err);
    s = (MorphosState *)state_new(g);
    apply_ok(s, "c3");
    assert_string_equal(say(s, "swap"), "White swaps: P2 now plays Black's stone on c3, and P1 plays White and moves "
                                        "next; that was the last of the 2 turns allowed (the move cap): the game is a draw");
    state_free(&s->base);
    game_free(g);
}

/* ---- why_not and parse_action ---- */

static const char *const not_weak =
    "a stone can be flipped only when enemy stones hold 3 of its sides and a corner between them, 2 adjacent "
    "sides grown into lines of 3 and 2 away from their corner, or the ring around a 2x2 area holding it";

static void refusals_of_the_main_phase(void **unused)
{
    MorphosState *s = pos("WW./WB./.W.", 'W', "");
    assert_null(why(s, "xb2"));
    assert_null(why(s, "c3"));
    assert_null(why(s, "resign"));
    assert_string_equal(why(s, "a3"), "a3 is taken");
    assert_string_equal(why(s, "b2"), "b2 is taken (the black stone there is weak: flip it with xb2)");
    assert_string_equal(why(s, "xa3"), "a3 is your own stone: you can flip only your opponent's stones");
    assert_string_equal(why(s, "xc3"), "there is no stone on c3 to flip");
    assert_string_equal(why(s, "d1"), "d1 is not on the 3x3 board (a1 to c3)");
    assert_string_equal(why(s, "xa4"), "a4 is not on the 3x3 board (a1 to c3)");
    assert_string_equal(why(s, "swap"), "swap is allowed only on White's first turn, instead of a move");
    assert_string_equal(why(s, "pass"), "you may pass only when you have no legal move");
    done(s);

    s = fresh(9, "");
    apply_ok(s, "d4");
    assert_null(why(s, "swap"));
    apply_ok(s, "e5");
    char expected[512];
    snprintf(expected, sizeof expected, "d4 is not weak: %s", not_weak);
    assert_string_equal(why(s, "xd4"), "d4 is your own stone: you can flip only your opponent's stones");
    apply_ok(s, "f6");
    assert_string_equal(why(s, "xd4"), expected);
    assert_string_equal(why(s, "swap"), "swap is allowed only on White's first turn, instead of a move");
    assert_string_equal(why(s, "z9"), "z9 is not on the 9x9 board (a1 to i9)");
    assert_string_equal(why(s, "j1"), "j1 is not on the 9x9 board (a1 to i9)");
    assert_string_equal(why(s, "a10"), "a10 is not on the 9x9 board (a1 to i9)");
    /* parse_action carries the same reason after its prefix, whole. */
    char err[ERR_MAX], full[600];
    Action a;
    assert_false(s->base.game->ops->parse_action(&s->base, "xd4", &a, err, sizeof err));
    snprintf(full, sizeof full, "illegal move 'xd4': %s", expected);
    assert_string_equal(err, full);
    assert_false(s->base.game->ops->parse_action(&s->base, "e5", &a, err, sizeof err));
    assert_string_equal(err, "illegal move 'e5': e5 is taken");
    done(s);

    s = fresh(19, "");
    assert_string_equal(why(s, "t1"), "t1 is not on the 19x19 board (a1 to s19)");
    assert_string_equal(why(s, "a20"), "a20 is not on the 19x19 board (a1 to s19)");
    assert_null(why(s, "s19"));
    done(s);

    /* Minimorph words its own patterns. */
    s = pos("...../...../..B../...../.....", 'W', "minimorph");
    assert_string_equal(why(s, "xc3"), "c3 is not weak: a stone can be flipped only when enemy stones hold 3 of its "
                                       "sides, or 2 adjacent sides grown into lines of 2 away from their corner (minimorph)");
    done(s);
}

static void refusals_of_malformed_texts_and_finished_games(void **unused)
{
    MorphosState *s = fresh(5, "");
    const char *expected = "expected a point such as c3, a flip such as xc3, swap, pass or resign";
    assert_string_equal(why(s, "hello"), expected);
    assert_string_equal(why(s, ""), expected);
    assert_string_equal(why(s, "a0"), expected);
    assert_string_equal(why(s, "x"), expected);
    assert_string_equal(why(s, "c3 "), expected);
    assert_string_equal(why(s, "C3"), "expected a point such as c3, a flip such as xc3, swap, pass or resign "
                                      "(points are written in lower case)");
    assert_string_equal(why(s, "c3,c4"), "expected one action, not several joined by commas");
    char err[ERR_MAX];
    Action a;
    assert_false(s->base.game->ops->parse_action(&s->base, "C3", &a, err, sizeof err));
    assert_string_equal(err, "malformed move 'C3': expected a point such as c3, a flip such as xc3, swap, pass or "
                             "resign (points are written in lower case)");
    apply_ok(s, "resign");
    assert_string_equal(why(s, "c3"), "the game is over");
    assert_string_equal(why(s, "resign"), "the game is over");
    assert_false(s->base.game->ops->parse_action(&s->base, "c3", &a, err, sizeof err));
    assert_string_equal(err, "illegal move 'c3': the game is over");
    done(s);
}

static void refusals_of_pass_and_swap(void **unused)
{
    MorphosState *s = pos("WWB/BBW/WBB", 'W', "");
    assert_null(why(s, "pass"));
    assert_string_equal(why(s, "a1"), "a1 is taken");
    apply_ok(s, "pass");
    assert_string_equal(why(s, "pass"), "you may pass only when you have no legal move");
    done(s);
    s = fresh(5, "");
    assert_string_equal(why(s, "swap"), "swap is allowed only on White's first turn, instead of a move");
    apply_ok(s, "c3,swap");
    assert_string_equal(why(s, "swap"), "swap is allowed only on White's first turn, instead of a move");
    done(s);
}

static void refusals_of_duomorph_remorph_and_deepmorph(void **unused)
{
    MorphosState *s = fresh(5, "duomorph");
    apply_ok(s, "c3");
    assert_null(why(s, "c4"));
    assert_string_equal(why(s, "e5"), "the second stone must go on an empty point next to c3 (duomorph): c2, b3, d3 or c4");
    assert_string_equal(why(s, "xc3"), "the second stone must go on an empty point next to c3 (duomorph): c2, b3, d3 or c4");
    assert_string_equal(why(s, "pass"), "you may pass only when you have no legal move");
    apply_ok(s, "c4");
    done(s);
    s = saved(5, "duomorph", "...../..W../..B../...../..... to=B black=0 turn=2 phase=duo:c3 flipped=- hist=");
    assert_string_equal(why(s, "c4"), "c4 is taken; the second stone must go on an empty point next to c3 (duomorph): c2, b3 or d3");
    assert_string_equal(why(s, "c3"), "the second stone must go on an empty point next to c3 (duomorph): c2, b3 or d3");
    done(s);
    s = saved(5, "duomorph", "...../...../...../.B.../WB... to=W black=0 turn=3 phase=duo:a1 flipped=- hist=");
    assert_string_equal(why(s, "c1"), "the second stone must go on an empty point next to a1 (duomorph): a2");
    done(s);

    s = pos("WW./WB./.W.", 'W', "remorph");
    apply_ok(s, "xb2");
    assert_null(why(s, "c3"));
    assert_string_equal(why(s, "xa3"), "first put the returned stone on an empty point (remorph); your regular move follows it");
    assert_string_equal(why(s, "a3"), "a3 is taken; the returned stone goes on an empty point (remorph)");
    done(s);

    /* Deepmorph: the stone White just flipped still counts as Black's. */
    s = pos("WW./WB./.W.", 'W', "deepmorph");
    apply_ok(s, "xb2");
    assert_string_equal(why(s, "xb2"), "b2 was flipped on the opponent's latest turn and still counts as yours (deepmorph)");
    done(s);
    /* ... and it supports Black's patterns: c3 is weak only thanks to it. */
    s = pos("...../.BB../.BWW./..BW./..W..", 'W', "deepmorph");
    apply_ok(s, "xc2");
    assert_null(why(s, "xc3"));
    assert_string_equal(why(s, "xd2"), "d2 is not weak: a stone can be flipped only when enemy stones hold 3 of its "
                                       "sides and a corner between them, 2 adjacent sides grown into lines of 3 and 2 "
                                       "away from their corner, or the ring around a 2x2 area holding it");
    done(s);
}

/* ---- results ---- */

static void results_in_words(void **unused)
{
    MorphosState *s = pos("B../B../...", 'B', "");
    apply_ok(s, "a1");
    assert_string_equal(result_text(s, NULL), "Black (P1) wins: a chain of black stones joins the top and bottom edges.\n");
    Voice v = {{"Ann", "Bob"}, -1};
    assert_string_equal(result_text(s, &v), "Black (Ann) wins: a chain of black stones joins the top and bottom edges.\n");
    done(s);
    /* After a swap White is seat 0. */
    s = fresh(3, "");
    apply_ok(s, "a3,swap,c1,a2,c2,a1");
    assert_string_equal(result_text(s, NULL), "Black (P2) wins: a chain of black stones joins the top and bottom edges.\n");
    done(s);
    s = fresh(3, "");
    apply_ok(s, "a3,swap,a2,b3,b2,c3,c2");
    assert_string_equal(result_text(s, NULL), "White (P1) wins: a chain of white stones joins the left and right edges.\n");
    done(s);
    s = pos("BWB/WWB/BBW", 'W', "");
    assert_string_equal(result_text(s, NULL), "Deadlock: nobody can move (Black wins on a vertical pair of like stones).\n"
                                              "Black (P1) wins, as the white stones on b2 and b3 are vertically adjacent.\n");
    done(s);
    s = pos("BWBW/WBWB/BWBW/WBWB", 'B', "");
    assert_string_equal(result_text(s, NULL), "Deadlock: nobody can move (Black wins on a vertical pair of like stones).\n"
                                              "White (P2) wins, as no two stones of one colour are vertically adjacent.\n");
    done(s);
    s = fresh(5, "duomorph");
    apply_ok(s, "c3,resign");
    assert_string_equal(result_text(s, &v), "Black (Ann) resigns: White (Bob) wins.\n");
    done(s);
    Options o;
    char err[ERR_MAX];
    options_init(&o);
    options_set(&o, "size", "5", err, sizeof err);
    options_set(&o, "move-cap", "3", err, sizeof err);
    Game *g = game_new("morphos", &o, err, sizeof err);
    s = (MorphosState *)state_new(g);
    assert_string_equal(result_text(s, NULL), "The game is not over.\n");
    apply_ok(s, "a1,b1,c1");
    assert_string_equal(result_text(s, NULL), "Draw: the game reached the move cap of 3 turns with no chain and no deadlock.\n"
                                              "Each player gets half a point.\n");
    state_free(&s->base);
    game_free(g);
}

/* ---- marks ---- */

static void action_marks_name_the_points(void **unused)
{
    MorphosState *s = fresh(9, "duomorph");
    Marks m;
    state_action_marks(&s->base, parse(s, "e5"), &m);
    assert_int_equal(m.width, 9);
    assert_int_equal(m.height, 9);
    assert_int_equal(m.count, 1);
    assert_int_equal(m.items[0].kind, MARK_LAST);
    assert_int_equal(m.items[0].player, 0);
    assert_string_equal(m.items[0].label, "Black places e5");
    assert_true(mark_has_cell(&m.items[0], 4 * 9 + 4));
    assert_string_equal(cells_of(&m, &m.items[0]), "e5");
    apply_ok(s, "e5");
    state_action_marks(&s->base, parse(s, "e6"), &m);
    assert_string_equal(m.items[0].label, "Black adds e6 next to e5");
    assert_string_equal(cells_of(&m, &m.items[0]), "e6");
    apply_ok(s, "e6");
    state_action_marks(&s->base, parse(s, "swap"), &m);
    assert_int_equal(m.items[0].player, 1);
    assert_string_equal(m.items[0].label, "White swaps and takes over Black's stones");
    assert_string_equal(cells_of(&m, &m.items[0]), "e5 e6");
    state_action_marks(&s->base, ACTION_RESIGN, &m);
    assert_int_equal(m.count, 0);
    done(s);
    s = pos("WW./WB./.W.", 'W', "remorph");
    state_action_marks(&s->base, parse(s, "xb2"), &m);
    assert_string_equal(m.items[0].label, "White flips b2");
    assert_int_equal(m.items[0].player, 1);
    assert_string_equal(cells_of(&m, &m.items[0]), "b2");
    apply_ok(s, "xb2");
    state_action_marks(&s->base, parse(s, "c1"), &m);
    assert_string_equal(m.items[0].label, "Black puts the returned stone on c1");
    assert_string_equal(cells_of(&m, &m.items[0]), "c1");
    assert_true(mark_has_cell(&m.items[0], 2));
    done(s);
    s = pos("WWB/BBW/WBB", 'W', "");
    state_action_marks(&s->base, parse(s, "pass"), &m);
    assert_int_equal(m.count, 0);
    done(s);
}

static void weak_stones_are_the_flip_targets(void **unused)
{
    MorphosState *s = pos("WW./WB./.W.", 'W', "");
    Marks m;
    state_marks(&s->base, &m);
    const Mark *k = find_mark(&m, MARK_WEAK, -1);
    assert_non_null(k);
    assert_int_equal(k->player, 0);
    assert_string_equal(k->label, "weak Black stones: White may flip them");
    assert_string_equal(cells_of(&m, k), "b2");
    assert_true(mark_equals_bits(s->cfg, k, &s->targets));
    k = find_mark(&m, MARK_PLACEABLE, -1);
    assert_non_null(k);
    assert_int_equal(k->player, 1);
    assert_string_equal(k->label, "empty points: White may place a stone on any of them");
    assert_string_equal(cells_of(&m, k), "a1 c1 c2 c3");
    assert_null(find_mark(&m, MARK_CHAIN, -1));
    done(s);
    /* Deepmorph: c3 is a target only thanks to the stone White flipped; the
     * marks follow the targets, not the plain patterns. */
    s = pos("...../.BB../.BWW./..BW./..W..", 'W', "deepmorph");
    apply_ok(s, "xc2");
    state_marks(&s->base, &m);
    k = find_mark(&m, MARK_WEAK, 1);
    assert_non_null(k);
    assert_string_equal(k->label, "weak White stones: Black may flip them");
    assert_true(mark_equals_bits(s->cfg, k, &s->targets));
    assert_string_equal(cells_of(&m, k), "c3");
    done(s);
    /* Both colours weak at once (minimorph checkered board). */
    s = fresh(4, "minimorph,metamorph");
    state_marks(&s->base, &m);
    k = find_mark(&m, MARK_WEAK, 1);
    assert_string_equal(cells_of(&m, k), "b1 a2 c2 b3 d3 c4");
    assert_true(mark_equals_bits(s->cfg, k, &s->targets));
    k = find_mark(&m, MARK_WEAK, 0);
    assert_string_equal(k->label, "weak Black stones: White may flip them");
    assert_string_equal(cells_of(&m, k), "c1 b2 d2 a3 c3 b4");
    assert_null(find_mark(&m, MARK_PLACEABLE, -1));
    done(s);
}

static void placeable_points_of_each_part_of_a_turn(void **unused)
{
    MorphosState *s = fresh(5, "duomorph");
    apply_ok(s, "c3");
    Marks m;
    state_marks(&s->base, &m);
    const Mark *k = find_mark(&m, MARK_PLACEABLE, 0);
    assert_string_equal(k->label, "Black's second stone goes on an empty point next to c3");
    assert_string_equal(cells_of(&m, k), "c2 b3 d3 c4");
    done(s);
    s = pos("WW./WB./.W.", 'W', "remorph");
    apply_ok(s, "xb2");
    state_marks(&s->base, &m);
    k = find_mark(&m, MARK_PLACEABLE, 0);
    assert_string_equal(k->label, "Black puts the returned stone on any empty point");
    assert_string_equal(cells_of(&m, k), "a1 c1 c2 c3");
    done(s);
}

/* Whether the chain mark joins colour's two edges through orthogonal
 * steps inside its own cells, every cell a stone of colour. */
static bool chain_connects(const MorphosState *s, const Marks *m, const Mark *k, int colour)
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

static void the_winning_chain_is_a_shortest_path(void **unused)
{
    /* The winning group has a loop (c2 d2 d3 d4 c4); the chain is b1..b5. */
    MorphosState *s = pos(".B.../.BBB./.B.B./.BBB./.....", 'B', "");
    apply_ok(s, "b1");
    Marks m;
    state_marks(&s->base, &m);
    const Mark *k = find_mark(&m, MARK_CHAIN, 0);
    assert_non_null(k);
    assert_string_equal(k->label, "Black's chain joining top and bottom");
    assert_string_equal(cells_of(&m, k), "b1 b2 b3 b4 b5");
    assert_true(chain_connects(s, &m, k, MORPHOS_BLACK));
    assert_null(find_mark(&m, MARK_PLACEABLE, -1));
    done(s);
    /* White's winding chain: every cell needed. */
    s = pos("...../WW.../.W.W./.WWW./.....", 'W', "");
    apply_ok(s, "e3");
    state_marks(&s->base, &m);
    k = find_mark(&m, MARK_CHAIN, 1);
    assert_non_null(k);
    assert_string_equal(k->label, "White's chain joining left and right");
    assert_string_equal(cells_of(&m, k), "b2 c2 d2 b3 d3 e3 a4 b4");
    assert_true(chain_connects(s, &m, k, MORPHOS_WHITE));
    done(s);
    /* Other endings show no chain. */
    s = pos("BWB/WWB/BBW", 'W', "");
    state_marks(&s->base, &m);
    assert_null(find_mark(&m, MARK_CHAIN, -1));
    done(s);
}

/* ---- legend and rules ---- */

static bool valid_utf8(const char *p)
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

static void legend_and_rules(void **unused)
{
    static const char *const sets[] = {"", "minimorph", "minimorph,deepmorph,duomorph,remorph", "minimorph,metamorph"};
    for (size_t i = 0; i < sizeof sets / sizeof *sets; i++)
        for (int n = 3; n <= 19; n += 8) {
            Game *g = morphos_game(n, sets[i]);
            LegendEntry e[LEGEND_MAX];
            int count = g->ops->legend(g, e);
            assert_true(count >= 8 && count <= LEGEND_MAX);
            assert_string_equal(e[0].code, "B");
            assert_string_equal(e[1].code, "W");
            assert_string_equal(e[2].code, "b");
            assert_string_equal(e[3].code, "w");
            assert_string_equal(e[4].code, ".");
            for (int k = 0; k < count; k++)
                assert_true(e[k].code[0] && e[k].name[0] && e[k].words[0]);
            /* One entry per mutator of the game. */
            int mutators = 0;
            for (int k = 0; k < count; k++)
                if (strncmp(e[k].name, "mutator ", 8) == 0) {
                    mutators++;
                    assert_non_null(strstr(sets[i], e[k].code));
                }
            int listed = 0;
            for (const char *p = sets[i]; *p; p++)
                listed += *p == ',';
            assert_int_equal(mutators, sets[i][0] ? listed + 1 : 0);
            StrBuf sb = STRBUF_INIT;
            g->ops->rules(g, &sb);
            const char *t = sb_str(&sb);
            assert_true(valid_utf8(t));
            assert_true(sb.len > 500);
            assert_int_equal(t[sb.len - 1], '\n');
            assert_null(strstr(t, "\n\n\n"));
            for (const char *line = t; *line;) {
                const char *end = strchr(line, '\n');
                assert_true(end - line <= 78);
                assert_true(end == line || end[-1] != ' ');
                line = end + 1;
            }
            char size[48];
            snprintf(size, sizeof size, "Morphos on a %dx%d board", n, n);
            assert_true(strncmp(t, size, strlen(size)) == 0);
            assert_non_null(strstr(t, "move cap of"));
            for (int k = 0; k < 5; k++) {
                static const char *const names[] = {"Minimorph:", "Deepmorph:", "Duomorph:", "Remorph:", "Metamorph:"};
                char lower[16];
                snprintf(lower, sizeof lower, "%s", names[k]);
                lower[0] = (char)(lower[0] - 'A' + 'a');
                lower[strlen(lower) - 1] = '\0';
                assert_int_equal(strstr(t, names[k]) != NULL, strstr(sets[i], lower) != NULL);
            }
            assert_int_equal(strstr(t, "   X o       X . .      X o . X") != NULL, strstr(sets[i], "minimorph") == NULL);
            sb_free(&sb);
            game_free(g);
        }
}

/* ---- random simulation ---- */

static void check_sentence(const char *text)
{
    assert_true(text[0] != '\0');
    assert_null(strchr(text, '\n'));
    assert_true(valid_utf8(text));
}

static void check_refused(const MorphosState *s, const char *text)
{
    StrBuf sb = STRBUF_INIT;
    assert_true(state_why_not(&s->base, text, &sb));
    check_sentence(sb_str(&sb));
    /* parse_action refuses it with the same reason. */
    char err[ERR_MAX], expected[ERR_MAX];
    Action a;
    assert_false(s->base.game->ops->parse_action(&s->base, text, &a, err, sizeof err));
    snprintf(expected, sizeof expected, "illegal move '%s': %s", text, sb_str(&sb));
    assert_string_equal(err, expected);
    sb_free(&sb);
}

/* How often each kind of sentence came up in the simulation. */
static const char *const kinds[] = {
    "places a stone", "flips", "adds a second stone", "puts the returned stone", "swaps", "passes",
    "connects", "deadlock", "the last empty point", "must first put the returned stone",
};
static long kind_seen[sizeof kinds / sizeof *kinds];

static long check_node(const MorphosState *s, Rng *rng)
{
    const MorphosConfig *c = s->cfg;
    const State *st = &s->base;
    Action acts[MAX_ACTIONS];
    int n = state_legal_actions(st, acts);
    Voice v = {{NULL, NULL}, (int)rng_below(rng, 3) - 1};
    for (int i = 0; i < n; i++) {
        StrBuf sb = STRBUF_INIT;
        state_describe(st, acts[i], &v, &sb);
        check_sentence(sb_str(&sb));
        assert_true(strncmp(sb_str(&sb), s->to_move == MORPHOS_BLACK ? "Black " : "White ", 6) == 0);
        for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
            kind_seen[k] += strstr(sb_str(&sb), kinds[k]) != NULL;
        sb_clear(&sb);
        state_action_text(st, acts[i], &sb);
        StrBuf reason = STRBUF_INIT;
        assert_false(state_why_not(st, sb_str(&sb), &reason));
        assert_int_equal(reason.len, 0);
        sb_free(&reason);
        sb_free(&sb);
        Marks m;
        state_action_marks(st, acts[i], &m);
        assert_int_equal(m.width, c->n);
        if (acts[i] == ACT_PASS) {
            assert_int_equal(m.count, 0);
        } else {
            assert_int_equal(m.count, 1);
            assert_int_equal(m.items[0].kind, MARK_LAST);
            assert_int_equal(m.items[0].player, state_player(st));
            if (acts[i] != ACT_SWAP) {
                Bb one;
                bb_zero(&one);
                bb_set(&one, acts[i] >= ACT_FLIP ? acts[i] - ACT_FLIP : acts[i]);
                assert_true(mark_equals_bits(c, &m.items[0], &one));
            }
        }
    }
    /* Illegal texts: taken points, own stones flipped, points off the board. */
    for (int k = 0; k < 3; k++) {
        int col = (int)rng_below(rng, (uint32_t)c->n), row = (int)rng_below(rng, (uint32_t)c->n);
        int b = morphos_bit(c, col, row);
        char pt[4], text[8];
        morphos_point_text(c, b, pt);
        if (bb_test(&s->stones[0], b) || bb_test(&s->stones[1], b))
            check_refused(s, pt);
        if (bb_test(&s->stones[s->to_move], b)) {
            snprintf(text, sizeof text, "x%s", pt);
            check_refused(s, text);
        }
    }
    char off[16];
    snprintf(off, sizeof off, "%c%d", 'a' + c->n, 1 + (int)rng_below(rng, (uint32_t)c->n));
    check_refused(s, off);
    snprintf(off, sizeof off, "x%c%d", 'a' + (int)rng_below(rng, (uint32_t)c->n), c->n + 1);
    check_refused(s, off);
    if (!morphos_swap_allowed(s))
        check_refused(s, "swap");
    if (!morphos_must_pass(s))
        check_refused(s, "pass");
    /* Marks: the opponent's weak stones are the flips of a regular move,
     * placeable points are the phase's placements. */
    Marks m;
    state_marks(st, &m);
    const Mark *weak = find_mark(&m, MARK_WEAK, morphos_seat_of(s, s->to_move ^ 1));
    if (s->phase == PHASE_MAIN) {
        if (bb_empty(&s->targets, c->nw))
            assert_null(weak);
        else
            assert_true(mark_equals_bits(c, weak, &s->targets));
    }
    Bb room;
    morphos_place_mask(s, &room);
    const Mark *place = find_mark(&m, MARK_PLACEABLE, state_player(st));
    if (bb_empty(&room, c->nw))
        assert_null(place);
    else
        assert_true(mark_equals_bits(c, place, &room));
    assert_null(find_mark(&m, MARK_CHAIN, -1));
    return n;
}

static void check_end(const MorphosState *s, long *chains)
{
    StrBuf sb = STRBUF_INIT;
    state_describe_result(&s->base, NULL, &sb);
    const char *t = sb_str(&sb);
    assert_true(sb.len > 0 && t[sb.len - 1] == '\n');
    assert_true(valid_utf8(t));
    assert_null(strstr(t, "not over"));
    sb_free(&sb);
    sb = (StrBuf)STRBUF_INIT;
    assert_true(state_why_not(&s->base, "a1", &sb));
    assert_string_equal(sb_str(&sb), "the game is over");
    sb_free(&sb);
    Marks m;
    state_marks(&s->base, &m);
    const Mark *k = find_mark(&m, MARK_CHAIN, -1);
    if (strcmp(s->how, "connection") == 0) {
        assert_non_null(k);
        assert_int_equal(k->player, morphos_seat_of(s, s->winner));
        assert_true(chain_connects(s, &m, k, s->winner));
        /* A shortest chain holds at least n stones and never more than the group. */
        int cells = 0;
        for (int cell = 0; cell < s->cfg->n * s->cfg->n; cell++)
            cells += mark_has_cell(k, cell);
        assert_true(cells >= s->cfg->n);
        assert_true(cells <= bb_count(&s->stones[s->winner], s->cfg->nw));
        (*chains)++;
    } else {
        assert_null(k);
    }
}

static const char *const mutator_sets[] = {
    "", "minimorph", "deepmorph", "duomorph", "remorph",
    "minimorph,metamorph", "minimorph,deepmorph", "minimorph,duomorph,remorph",
    "deepmorph,remorph", "deepmorph,duomorph", "minimorph,deepmorph,duomorph,remorph",
    "minimorph,metamorph,deepmorph",
};

static void random_games_speak_at_every_node(void **unused)
{
    static const int sizes[] = {3, 4, 5, 6, 7, 8, 9, 11, 13, 15, 17, 19};
    Rng rng;
    rng_seed(&rng, 909);
    long nodes = 0, actions = 0, ends = 0, chains = 0;
    for (size_t m = 0; m < sizeof mutator_sets / sizeof *mutator_sets; m++)
        for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
            int n = sizes[z];
            Game *g = morphos_game(n, mutator_sets[m]);
            /* Large boards: one game, every node checked for the first turns. */
            int games = n <= 5 ? 20 : n <= 9 ? 3 : 1, checked_turns = n <= 9 ? 1 << 30 : 24;
            for (int k = 0; k < games; k++) {
                MorphosState *s = (MorphosState *)state_new(g);
                while (!state_is_terminal(&s->base)) {
                    if (s->turn < checked_turns) {
                        actions += check_node(s, &rng);
                        nodes++;
                    }
                    Action acts[MAX_ACTIONS];
                    int count = state_legal_actions(&s->base, acts);
                    state_apply(&s->base, acts[rng_below(&rng, (uint32_t)count)]);
                }
                check_end(s, &chains);
                ends++;
                state_free(&s->base);
            }
            game_free(g);
        }
    assert_true(nodes > 3000);
    assert_true(chains > 0);
    for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
        if (kind_seen[k] == 0)
            fail_msg("no sentence with '%s' in the simulation", kinds[k]);
    printf("words checked at %ld nodes (%ld actions), %ld endings, %ld chains\n", nodes, actions, ends, chains);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(placing_and_winning_by_connection),
        cmocka_unit_test(flips_with_and_without_viewer),
        cmocka_unit_test(the_issues_examples),
        cmocka_unit_test(flips_after_a_swap_name_the_right_seat),
        cmocka_unit_test(the_swap_sentence),
        cmocka_unit_test(duomorph_sentences),
        cmocka_unit_test(remorph_sentences),
        cmocka_unit_test(deepmorph_sentences),
        cmocka_unit_test(pass_resign_fill_deadlock_and_cap),
        cmocka_unit_test(refusals_of_the_main_phase),
        cmocka_unit_test(refusals_of_malformed_texts_and_finished_games),
        cmocka_unit_test(refusals_of_pass_and_swap),
        cmocka_unit_test(refusals_of_duomorph_remorph_and_deepmorph),
        cmocka_unit_test(results_in_words),
        cmocka_unit_test(action_marks_name_the_points),
        cmocka_unit_test(weak_stones_are_the_flip_targets),
        cmocka_unit_test(placeable_points_of_each_part_of_a_turn),
        cmocka_unit_test(the_winning_chain_is_a_shortest_path),
        cmocka_unit_test(legend_and_rules),
        cmocka_unit_test(random_games_speak_at_every_node),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
