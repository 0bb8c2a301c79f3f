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
    .action_fields = action_fields,
    .roller = roller,
    .dice_to_roll = dice_to_roll,
};
