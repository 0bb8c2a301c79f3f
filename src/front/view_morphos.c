/* The Morphos view: size, stones, colours of the seats, colour to move,
 * phase, the pending duomorph stone, flips legal now (docs/web-api.md). */
#include <string.h>

#include "../games/morphos/morphos.h"
#include "view.h"

static json_t *point_json(const MorphosConfig *c, int bit)
{
    char name[4];
    morphos_point_text(c, bit, name);
    return json_string(name);
}

static json_t *points_json(const MorphosConfig *c, const Bb *b)
{
    json_t *list = json_array();
    for (int row = 0; row < c->n; row++)
        for (int col = 0; col < c->n; col++)
            if (bb_test(b, morphos_bit(c, col, row)))
                json_array_append_new(list, point_json(c, morphos_bit(c, col, row)));
    return list;
}

static const char *colour_name(int colour)
{
    return colour == MORPHOS_BLACK ? "black" : "white";
}

static json_t *board(const State *st)
{
    const MorphosState *s = (const MorphosState *)st;
    const MorphosConfig *c = s->cfg;
    static const char *const phases[] = {"main", "duo", "return", "over"};
    static const char *const mutator_names[] = {"minimorph", "deepmorph", "duomorph", "remorph", "metamorph"};
    json_t *mutators = json_array();
    for (int i = 0; i < 5; i++)
        if (c->mutators >> i & 1)
            json_array_append_new(mutators, json_string(mutator_names[i]));
    Bb weak[2];
    morphos_weak(c, &s->stones[MORPHOS_BLACK], &s->stones[MORPHOS_WHITE], &weak[MORPHOS_BLACK]);
    morphos_weak(c, &s->stones[MORPHOS_WHITE], &s->stones[MORPHOS_BLACK], &weak[MORPHOS_WHITE]);
    bool over = s->phase == PHASE_OVER;
    Bb none;
    bb_zero(&none);
    return json_pack("{s:i,s:{s:o,s:o},s:[s,s],s:s,s:s,s:o,s:i,s:o,s:b,s:b,s:o,s:o,s:{s:o,s:o},s:i}", "size", c->n,
                     "stones", "black", points_json(c, &s->stones[MORPHOS_BLACK]), "white",
                     points_json(c, &s->stones[MORPHOS_WHITE]), "seats", colour_name(s->black_seat == 0 ? 0 : 1),
                     colour_name(s->black_seat == 0 ? 1 : 0), "to_move", colour_name(s->to_move), "phase",
                     phases[s->phase], "anchor", s->phase == PHASE_DUO ? point_json(c, s->anchor) : json_null(),
                     "turn", s->turn, "mutators", mutators, "swap_allowed", !over && morphos_swap_allowed(s),
                     "must_pass", !over && morphos_must_pass(s), "flippable",
                     points_json(c, !over && s->phase == PHASE_MAIN ? &s->targets : &none), "flipped_last",
                     points_json(c, &s->flipped_last), "weak", "black", points_json(c, &weak[MORPHOS_BLACK]), "white",
                     points_json(c, &weak[MORPHOS_WHITE]), "move_cap", c->move_cap);
}

static void put_points(const MorphosConfig *c, const Bb *b, StrBuf *out)
{
    sb_putc(out, '[');
    bool first = true;
    for (int row = 0; row < c->n; row++)
        for (int col = 0; col < c->n; col++)
            if (bb_test(b, morphos_bit(c, col, row))) {
                char name[4];
                morphos_point_text(c, morphos_bit(c, col, row), name);
                sb_puts(out, first ? "\"" : ",\"");
                sb_puts(out, name);
                sb_putc(out, '"');
                first = false;
            }
    sb_putc(out, ']');
}

static void put_flag(const char *key, bool on, StrBuf *out)
{
    sb_puts(out, key);
    sb_puts(out, on ? "true" : "false");
}

/* board() as text, member by member in its order (a test compares them) */
static void board_text(const State *st, StrBuf *out)
{
    const MorphosState *s = (const MorphosState *)st;
    const MorphosConfig *c = s->cfg;
    static const char *const phases[] = {"main", "duo", "return", "over"};
    static const char *const mutator_names[] = {"minimorph", "deepmorph", "duomorph", "remorph", "metamorph"};
    Bb weak[2];
    morphos_weak(c, &s->stones[MORPHOS_BLACK], &s->stones[MORPHOS_WHITE], &weak[MORPHOS_BLACK]);
    morphos_weak(c, &s->stones[MORPHOS_WHITE], &s->stones[MORPHOS_BLACK], &weak[MORPHOS_WHITE]);
    bool over = s->phase == PHASE_OVER;
    Bb none;
    bb_zero(&none);
    sb_puts(out, "{\"size\":");
    sb_put_int(out, c->n);
    sb_puts(out, ",\"stones\":{\"black\":");
    put_points(c, &s->stones[MORPHOS_BLACK], out);
    sb_puts(out, ",\"white\":");
    put_points(c, &s->stones[MORPHOS_WHITE], out);
    sb_puts(out, s->black_seat == 0 ? "},\"seats\":[\"black\",\"white\"]" : "},\"seats\":[\"white\",\"black\"]");
    sb_puts(out, ",\"to_move\":\"");
    sb_puts(out, colour_name(s->to_move));
    sb_puts(out, "\",\"phase\":\"");
    sb_puts(out, phases[s->phase]);
    sb_puts(out, "\",\"anchor\":");
    if (s->phase == PHASE_DUO) {
        char name[4];
        morphos_point_text(c, s->anchor, name);
        sb_putc(out, '"');
        sb_puts(out, name);
        sb_putc(out, '"');
    } else {
        sb_puts(out, "null");
    }
    sb_puts(out, ",\"turn\":");
    sb_put_int(out, s->turn);
    sb_puts(out, ",\"mutators\":[");
    for (int i = 0, n = 0; i < 5; i++)
        if (c->mutators >> i & 1) {
            sb_puts(out, n++ ? ",\"" : "\"");
            sb_puts(out, mutator_names[i]);
            sb_putc(out, '"');
        }
    sb_putc(out, ']');
    put_flag(",\"swap_allowed\":", !over && morphos_swap_allowed(s), out);
    put_flag(",\"must_pass\":", !over && morphos_must_pass(s), out);
    sb_puts(out, ",\"flippable\":");
    put_points(c, !over && s->phase == PHASE_MAIN ? &s->targets : &none, out);
    sb_puts(out, ",\"flipped_last\":");
    put_points(c, &s->flipped_last, out);
    sb_puts(out, ",\"weak\":{\"black\":");
    put_points(c, &weak[MORPHOS_BLACK], out);
    sb_puts(out, ",\"white\":");
    put_points(c, &weak[MORPHOS_WHITE], out);
    sb_puts(out, "},\"move_cap\":");
    sb_put_int(out, c->move_cap);
    sb_putc(out, '}');
}

static void action_fields(const State *st, Action a, StrBuf *out)
{
    const MorphosState *s = (const MorphosState *)st;
    const MorphosConfig *c = s->cfg;
    static const char *const place_kinds[] = {"place", "second", "return", "place"};
    char name[4];
    if (a == ACTION_RESIGN) {
        sb_puts(out, ",\"kind\":\"resign\"");
    } else if (a == ACT_SWAP) {
        sb_puts(out, ",\"kind\":\"swap\"");
    } else if (a == ACT_PASS) {
        sb_puts(out, ",\"kind\":\"pass\"");
    } else if (a >= ACT_FLIP && a < ACT_SWAP) {
        morphos_point_text(c, a - ACT_FLIP, name);
        sb_puts(out, ",\"kind\":\"flip\",\"point\":\"");
        sb_puts(out, name);
        sb_putc(out, '"');
    } else if (a >= 0 && a < ACT_FLIP) {
        morphos_point_text(c, a, name);
        sb_puts(out, ",\"kind\":\"");
        sb_puts(out, place_kinds[s->phase]);
        sb_puts(out, "\",\"point\":\"");
        sb_puts(out, name);
        sb_putc(out, '"');
    }
}

static int roller(const State *st)
{
    return -1; /* Morphos has no chance */
}

static int dice_to_roll(const State *st)
{
    return 0;
}

const GameView morphos_view = {
    .game = "morphos",
    .board = board,
    .board_text = board_text,
    .action_fields = action_fields,
    .roller = roller,
    .dice_to_roll = dice_to_roll,
};
