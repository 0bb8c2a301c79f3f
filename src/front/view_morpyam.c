/* The Morpyam view: grid codes, tokens, dice, kept dice, roll number, call,
 * points, tokens left, Plus hands, roll-offs (see docs/web-api.md). The
 * board is built as an object (board) and written as text (board_text, a
 * whole state's hot path): the same bytes, test_server_view_text.c. */
#include <string.h>

#include "../games/morpyam/morpyam.h"
#include "json_text.h"
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

/* Whether the dice on the table are this turn's roll (shown), by phase. */
static bool dice_shown(const MorpyamState *s)
{
    return s->rolls > 0 && (s->phase == MP_AFTER || s->phase == MP_FORCED || s->phase == MP_CALL_REROLL ||
                            s->phase == MP_OVER);
}

static bool kept_shown(const MorpyamState *s)
{
    return s->phase == MP_ROLL || s->phase == MP_CALL_REROLL;
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
    json_t *b = json_pack("{s:s,s:s,s:i,s:o,s:o,s:i,s:i,s:o,s:o,s:o,s:o,s:o,s:b,s:b,s:o,s:o,s:o,s:i,s:i,s:i}",
                          "variant", variants[c->variant], "phase", phase_names[s->phase], "player", s->player + 1,
                          "grid", grid, "tokens", tokens, "roll", s->rolls, "nroll",
                          s->phase == MP_ROLL ? s->nroll : 0, "dice",
                          dice_shown(s) ? values_json(ms, s->dice) : json_array(), "kept",
                          kept_shown(s) ? values_json(ms, s->kept) : json_array(),
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


/* "key":[...] of the seats (1-based) in mask. */
static void put_seats(const char *key, unsigned mask, int n, StrBuf *out)
{
    sb_printf(out, "\"%s\":[", key);
    for (int p = 0, k = 0; p < n; p++)
        if (mask >> p & 1) {
            if (k++)
                sb_putc(out, ',');
            sb_put_int(out, p + 1);
        }
    sb_putc(out, ']');
}

/* "key":["a1",...] of the squares in mask. */
static void put_squares(const char *key, uint64_t mask, StrBuf *out)
{
    sb_printf(out, ",\"%s\":[", key);
    for (int sq = 0, k = 0; sq < MORPYAM_SQUARES; sq++)
        if (mask >> sq & 1) {
            char name[3];
            morpyam_square_name(sq, name);
            sb_puts(out, k++ ? ",\"" : "\"");
            sb_puts(out, name);
            sb_putc(out, '"');
        }
    sb_putc(out, ']');
}

/* ,"key":[v,...] of one number per seat. */
static void put_per_seat(const char *key, const int *values, int n, StrBuf *out)
{
    sb_printf(out, ",\"%s\":[", key);
    for (int p = 0; p < n; p++) {
        if (p)
            sb_putc(out, ',');
        sb_put_int(out, values[p]);
    }
    sb_putc(out, ']');
}

/* {"CODE":count,...} of the kinds counted (Plus). */
static void put_kind_counts(const uint8_t *counts, StrBuf *out)
{
    sb_putc(out, '{');
    for (int k = 0, m = 0; k < MK_COUNT; k++)
        if (counts[k]) {
            sb_puts(out, m++ ? ",\"" : "\"");
            sb_puts(out, morpyam_kind_code(k));
            sb_puts(out, "\":");
            sb_put_int(out, counts[k]);
        }
    sb_putc(out, '}');
}

static void board_text(const State *st, StrBuf *out)
{
    const MorpyamState *s = morpyam_state(st);
    const MorpyamConfig *c = s->cfg;
    const MorpyamMultisets *ms = c->ms;
    int n = c->players;
    static const char *const variants[] = {"standard", "flash", "plus"};
    sb_printf(out, "{\"variant\":\"%s\",\"phase\":\"%s\",\"player\":%d,\"grid\":{", variants[c->variant],
              phase_names[s->phase], s->player + 1);
    for (int sq = 0; sq < MORPYAM_SQUARES; sq++) {
        char name[3];
        morpyam_square_name(sq, name);
        sb_puts(out, sq ? ",\"" : "\"");
        sb_puts(out, name);
        sb_puts(out, "\":");
        if (s->grid[sq] == MK_NONE)
            sb_puts(out, "null");
        else
            sb_json_string(out, morpyam_kind_code(s->grid[sq]));
    }
    sb_puts(out, "},\"tokens\":{");
    for (int sq = 0, k = 0; sq < MORPYAM_SQUARES; sq++) {
        int owner = -1; /* as the object keeps it: the last seat set */
        for (int p = 0; p < n; p++)
            if (s->tokens[p] >> sq & 1)
                owner = p;
        if (owner < 0)
            continue;
        char name[3];
        morpyam_square_name(sq, name);
        sb_puts(out, k++ ? ",\"" : "\"");
        sb_puts(out, name);
        sb_puts(out, "\":");
        sb_put_int(out, owner + 1);
    }
    sb_printf(out, "},\"roll\":%d,\"nroll\":%d,\"dice\":", s->rolls, s->phase == MP_ROLL ? s->nroll : 0);
    if (dice_shown(s))
        put_values(ms, s->dice, out);
    else
        sb_puts(out, "[]");
    sb_puts(out, ",\"kept\":");
    if (kept_shown(s))
        put_values(ms, s->kept, out);
    else
        sb_puts(out, "[]");
    sb_json_field_or_null(out, "call", s->call >= 0 ? morpyam_figure_id(s->call) : NULL);
    int points[MAX_PLAYERS], left[MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        points[p] = s->points[p];
        left[p] = s->left[p];
    }
    put_per_seat("points", points, n, out);
    put_per_seat("left", left, n, out);
    sb_printf(out, ",\"called\":%s,\"replay\":%s,\"alive\":[", s->called ? "true" : "false",
              s->replay ? "true" : "false");
    for (int p = 0; p < n; p++)
        sb_puts(out, p ? (s->alive >> p & 1 ? ",true" : ",false") : (s->alive >> p & 1 ? "true" : "false"));
    sb_putc(out, ']');
    put_squares("placeable", s->phase == MP_AFTER || s->phase == MP_FORCED ? s->can_place : 0, out);
    put_squares("occupied", s->occupied, out);
    sb_printf(out, ",\"turns\":%d,\"turn_cap\":%d,\"tokens_each\":%d", s->turns, c->turn_cap, c->tokens);
    sb_json_field_or_null(out, "call_name", s->call >= 0 ? morpyam_kind_name(s->call) : NULL);
    if (s->phase == MP_ROLLOFF) {
        sb_printf(out, ",\"rolloff\":{\"purpose\":\"%s\",", s->purpose == MR_BUILD ? "build" : "start");
        put_seats("contenders", s->contenders, n, out);
        sb_putc(out, ',');
        put_seats("rolled", s->rolled, n, out);
        sb_puts(out, ",\"values\":[");
        for (int p = 0; p < n; p++) {
            if (p)
                sb_putc(out, ',');
            if (s->rolled >> p & 1)
                sb_put_int(out, s->roll_value[p]);
            else
                sb_puts(out, "null");
        }
        sb_puts(out, "]}");
    } else {
        sb_puts(out, ",\"rolloff\":null");
    }
    if (c->variant == MV_PLUS) {
        sb_puts(out, ",\"hands\":[");
        for (int p = 0; p < n; p++) {
            if (p)
                sb_putc(out, ',');
            put_kind_counts(s->hand[p], out);
        }
        sb_puts(out, "],\"deal_left\":");
        put_kind_counts(s->deal_left, out);
        sb_printf(out, ",\"dealt\":%d,\"builder\":", s->dealt);
        if (s->phase == MP_PUT)
            sb_put_int(out, s->builder + 1);
        else
            sb_puts(out, "null");
    }
    sb_puts(out, ",\"bonus_player\":");
    if (s->bonus_player < n)
        sb_put_int(out, s->bonus_player + 1);
    else
        sb_puts(out, "null");
    sb_putc(out, '}');
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
    .board_text = board_text,
    .action_fields = action_fields,
    .roller = roller,
    .dice_to_roll = dice_to_roll,
};
