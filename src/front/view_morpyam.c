/* The Morpyam view: grid codes, tokens, dice, kept dice, roll number, call,
 * points, tokens left, Plus hands, roll-offs (see docs/web-api.md). */
#include <string.h>

#include "../games/morpyam/morpyam.h"
#include "view.h"

static const char *const phase_names[] = {
    [MP_DEAL] = "deal", [MP_ROLLOFF] = "rolloff", [MP_PUT] = "put", [MP_START] = "start",
    [MP_CALL_ROLL] = "call-roll", [MP_ROLL] = "roll", [MP_AFTER] = "after", [MP_CALL_REROLL] = "call-reroll",
    [MP_FORCED] = "forced", [MP_OVER] = "over",
};

static json_t *square_json(int sq)
{
    char name[3];
    morpyam_square_name(sq, name);
    return json_string(name);
}

static json_t *values_json(const MorpyamMultisets *ms, int id)
{
    json_t *list = json_array();
    for (int i = 0; i < ms->size[id]; i++)
        json_array_append_new(list, json_integer(ms->vals[id][i]));
    return list;
}

static json_t *squares_json(uint64_t mask)
{
    json_t *list = json_array();
    for (int sq = 0; sq < MORPYAM_SQUARES; sq++)
        if (mask >> sq & 1)
            json_array_append_new(list, square_json(sq));
    return list;
}

static json_t *seats_json(unsigned mask, int n)
{
    json_t *list = json_array();
    for (int p = 0; p < n; p++)
        if (mask >> p & 1)
            json_array_append_new(list, json_integer(p + 1));
    return list;
}

static json_t *board(const State *st)
{
    const MorpyamState *s = morpyam_state(st);
    const MorpyamConfig *c = s->cfg;
    const MorpyamMultisets *ms = c->ms;
    int n = c->players;
    static const char *const variants[] = {"standard", "flash", "plus"};
    json_t *grid = json_object(), *tokens = json_object();
    for (int sq = 0; sq < MORPYAM_SQUARES; sq++) {
        char name[3];
        morpyam_square_name(sq, name);
        json_object_set_new(grid, name, s->grid[sq] == MK_NONE ? json_null() : json_string(morpyam_kind_code(s->grid[sq])));
        for (int p = 0; p < n; p++)
            if (s->tokens[p] >> sq & 1)
                json_object_set_new(tokens, name, json_integer(p + 1));
    }
    json_t *points = json_array(), *left = json_array(), *alive = json_array();
    for (int p = 0; p < n; p++) {
        json_array_append_new(points, json_integer(s->points[p]));
        json_array_append_new(left, json_integer(s->left[p]));
        json_array_append_new(alive, json_boolean(s->alive >> p & 1));
    }
    bool rolled = s->rolls > 0 && (s->phase == MP_AFTER || s->phase == MP_FORCED || s->phase == MP_CALL_REROLL ||
                                   s->phase == MP_ROLL || s->phase == MP_OVER);
    json_t *b = json_pack("{s:s,s:s,s:i,s:o,s:o,s:i,s:i,s:o,s:o,s:o,s:o,s:o,s:b,s:b,s:o,s:o,s:o,s:i,s:i,s:i}",
                          "variant", variants[c->variant], "phase", phase_names[s->phase], "player", s->player + 1,
                          "grid", grid, "tokens", tokens, "roll", s->rolls, "nroll",
                          s->phase == MP_ROLL ? s->nroll : 0, "dice",
                          rolled && s->phase != MP_ROLL ? values_json(ms, s->dice) : json_array(), "kept",
                          s->phase == MP_ROLL || s->phase == MP_CALL_REROLL ? values_json(ms, s->kept) : json_array(),
                          "call", s->call >= 0 ? json_string(morpyam_figure_id(s->call)) : json_null(), "points",
                          points, "left", left, "called", s->called, "replay", s->replay, "alive", alive,
                          "placeable",
                          s->phase == MP_AFTER || s->phase == MP_FORCED ? squares_json(s->can_place) : json_array(),
                          "occupied", squares_json(s->occupied), "turns", s->turns, "turn_cap", c->turn_cap,
                          "tokens_each", c->tokens);
    /* the figure called, as people read it ("full house") */
    json_object_set_new(b, "call_name", s->call >= 0 ? json_string(morpyam_kind_name(s->call)) : json_null());
    if (s->phase == MP_ROLLOFF) {
        json_t *values = json_array();
        for (int p = 0; p < n; p++)
            json_array_append_new(values, (s->rolled >> p & 1) ? json_integer(s->roll_value[p]) : json_null());
        json_object_set_new(b, "rolloff", json_pack("{s:s,s:o,s:o,s:o}", "purpose",
                                                     s->purpose == MR_BUILD ? "build" : "start", "contenders",
                                                     seats_json(s->contenders, n), "rolled", seats_json(s->rolled, n),
                                                     "values", values));
    } else {
        json_object_set_new(b, "rolloff", json_null());
    }
    if (c->variant == MV_PLUS) {
        json_t *hands = json_array(), *deal_left = json_object();
        for (int p = 0; p < n; p++) {
            json_t *hand = json_object();
            for (int k = 0; k < MK_COUNT; k++)
                if (s->hand[p][k])
                    json_object_set_new(hand, morpyam_kind_code(k), json_integer(s->hand[p][k]));
            json_array_append_new(hands, hand);
        }
        for (int k = 0; k < MK_COUNT; k++)
            if (s->deal_left[k])
                json_object_set_new(deal_left, morpyam_kind_code(k), json_integer(s->deal_left[k]));
        json_object_set_new(b, "hands", hands);
        json_object_set_new(b, "deal_left", deal_left);
        json_object_set_new(b, "dealt", json_integer(s->dealt));
        json_object_set_new(b, "builder", s->phase == MP_PUT ? json_integer(s->builder + 1) : json_null());
    }
    json_object_set_new(b, "bonus_player", s->bonus_player < n ? json_integer(s->bonus_player + 1) : json_null());
    return b;
}

static void put_values(const MorpyamMultisets *ms, int id, StrBuf *out)
{
    sb_putc(out, '[');
    for (int i = 0; i < ms->size[id]; i++) {
        if (i)
            sb_putc(out, ',');
        sb_putc(out, (char)('0' + ms->vals[id][i]));
    }
    sb_putc(out, ']');
}

static void action_fields(const State *st, Action a, StrBuf *out)
{
    const MorpyamState *s = morpyam_state(st);
    const MorpyamMultisets *ms = s->cfg->ms;
    char name[3];
    if (a == ACTION_RESIGN) {
        sb_puts(out, ",\"kind\":\"resign\"");
    } else if (a >= 0 && a < MORPYAM_SQUARES) {
        morpyam_square_name(a, name);
        sb_puts(out, ",\"kind\":\"place\",\"square\":\"");
        sb_puts(out, name);
        sb_putc(out, '"');
    } else if (a == MA_PASS) {
        sb_puts(out, ",\"kind\":\"pass\"");
    } else if (a == MA_ROLL) {
        sb_puts(out, ",\"kind\":\"roll\"");
    } else if (a >= MA_CALL && a < MA_CALL + MF_COUNT) {
        sb_printf(out, ",\"kind\":\"call\",\"figure\":\"%s\",\"name\":\"%s\"", morpyam_figure_id(a - MA_CALL),
                  morpyam_kind_name(a - MA_CALL));
    } else if (a >= MA_REROLL && a < MA_REROLL + MS_COUNT) {
        sb_puts(out, ",\"kind\":\"reroll\",\"dice\":");
        put_values(ms, a - MA_REROLL, out);
    } else if (a >= MA_PUT && a < MA_PUT + MK_COUNT * 36) {
        morpyam_square_name((a - MA_PUT) % 36, name);
        sb_printf(out, ",\"kind\":\"put\",\"square\":\"%s\",\"code\":\"%s\"", name,
                  morpyam_kind_code((a - MA_PUT) / 36));
    } else if (a >= MA_DICE && a < MA_DICE + MS_COUNT) {
        /* a roll: the new values, the dice kept beside them and whose roll it is */
        sb_puts(out, ",\"kind\":\"dice\",\"dice\":");
        put_values(ms, a - MA_DICE, out);
        sb_puts(out, ",\"kept\":");
        if (s->phase == MP_ROLL)
            put_values(ms, s->kept, out);
        else
            sb_puts(out, "[]");
        sb_printf(out, ",\"seat\":%d", s->player + 1);
    } else if (a >= MA_DIE && a <= MA_DIE + 6) {
        sb_printf(out, ",\"kind\":\"die\",\"die\":%d", a - MA_DIE);
        if (s->phase == MP_ROLLOFF && morpyam_roller(s) >= 0)
            sb_printf(out, ",\"seat\":%d", morpyam_roller(s) + 1);
    } else if (a >= MA_DEAL && a < MA_DEAL + MK_COUNT) {
        sb_printf(out, ",\"kind\":\"deal\",\"code\":\"%s\"", morpyam_kind_code(a - MA_DEAL));
    }
}

static int roller(const State *st)
{
    return morpyam_roller(morpyam_state(st));
}

static int dice_to_roll(const State *st)
{
    const MorpyamState *s = morpyam_state(st);
    return s->phase == MP_ROLL ? s->nroll : s->phase == MP_ROLLOFF ? 1 : 0;
}

const GameView morpyam_view = {
    .game = "morpyam",
    .board = board,
    .action_fields = action_fields,
    .roller = roller,
    .dice_to_roll = dice_to_roll,
};
