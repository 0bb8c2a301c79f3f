/* Morpyam text: the text of an action, the one-line serialisation and the
 * drawing of a position (reading actions is in read.c). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "words.h"

void morpyam_action_text(const State *st, Action a, StrBuf *out);
void morpyam_serialize(const State *st, StrBuf *out);
State *morpyam_deserialize(const Game *g, const char *text, char *err, size_t errlen);
void morpyam_render(const State *st, StrBuf *out);

void morpyam_put_values(const MorpyamMultisets *ms, int id, StrBuf *out)
{
    for (int i = 0; i < ms->size[id]; i++)
        sb_printf(out, " %d", ms->vals[id][i]);
}

void morpyam_action_text(const State *st, Action a, StrBuf *out)
{
    const MorpyamState *s = (const MorpyamState *)st;
    const MorpyamMultisets *ms = &s->cfg->ms;
    char name[3];
    if (a == ACTION_RESIGN) {
        sb_puts(out, "resign");
    } else if (a >= MA_DEAL && a < MA_DEAL + MK_COUNT) {
        sb_printf(out, "deal %s", morpyam_kind_code(a - MA_DEAL));
    } else if (a >= MA_DIE && a <= MA_DIE + 6) {
        sb_printf(out, "die %d", a - MA_DIE);
    } else if (a >= MA_DICE && a < MA_DICE + MS_COUNT) {
        sb_puts(out, "dice");
        morpyam_put_values(ms, a - MA_DICE, out);
    } else if (a >= MA_PUT && a < MA_PUT + MK_COUNT * 36) {
        morpyam_square_name((a - MA_PUT) % 36, name);
        sb_printf(out, "put %s %s", morpyam_kind_code((a - MA_PUT) / 36), name);
    } else if (a >= MA_REROLL && a < MA_REROLL + MS_COUNT) {
        sb_puts(out, "reroll");
        morpyam_put_values(ms, a - MA_REROLL, out);
    } else if (a >= MA_CALL && a < MA_CALL + MF_COUNT) {
        sb_printf(out, "call %s", morpyam_figure_id(a - MA_CALL));
    } else if (a == MA_ROLL) {
        sb_puts(out, "roll");
    } else if (a == MA_PASS) {
        sb_puts(out, "pass");
    } else if (a >= 0 && a < 36) {
        morpyam_square_name(a, name);
        sb_printf(out, "place %s", name);
    } else {
        sb_printf(out, "?%d", (int)a);
    }
}

/* ---- serialisation ---- */

static const char kind_chars[MK_COUNT + 1] = "123456CFXNMPESA";
static const char digits62[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

void morpyam_serialize(const State *st, StrBuf *out)
{
    const MorpyamState *s = (const MorpyamState *)st;
    const MorpyamMultisets *ms = &s->cfg->ms;
    sb_puts(out, "grid=");
    for (int sq = 0; sq < 36; sq++)
        sb_putc(out, s->grid[sq] == MK_NONE ? '.' : kind_chars[s->grid[sq]]);
    sb_puts(out, " tokens=");
    for (int sq = 0; sq < 36; sq++) {
        char c = '.';
        for (int p = 0; p < s->cfg->players; p++)
            if (s->tokens[p] >> sq & 1)
                c = (char)('1' + p);
        sb_putc(out, c);
    }
    sb_printf(out, " phase=%d player=%d turns=%d rolls=%d dice=", s->phase, s->player, (int)s->turns, s->rolls);
    for (int i = 0; i < 5; i++)
        sb_putc(out, (char)('0' + ms->vals[s->dice][i]));
    sb_puts(out, " kept=");
    for (int i = 0; i < ms->size[s->kept]; i++)
        sb_putc(out, (char)('0' + ms->vals[s->kept][i]));
    if (!ms->size[s->kept])
        sb_putc(out, '-');
    sb_printf(out, " nroll=%d call=%d called=%d replay=%d alive=%d rolloff=%d,%d,%d,%d%d%d%d,%d%d%d%d deal=%d,%d,",
              s->nroll, s->call, s->called, s->replay, s->alive, s->contenders, s->rolled, s->purpose,
              s->roll_value[0], s->roll_value[1], s->roll_value[2], s->roll_value[3],
              s->rank[0], s->rank[1], s->rank[2], s->rank[3], s->dealt, s->builder);
    for (int k = 0; k < MK_COUNT; k++)
        sb_putc(out, digits62[s->deal_left[k]]);
    sb_puts(out, " hands=");
    for (int p = 0; p < MAX_PLAYERS; p++)
        for (int k = 0; k < MK_COUNT; k++)
            sb_putc(out, digits62[s->hand[p][k]]);
    sb_printf(out, " result=%d,%d,%d", s->winners, s->how, s->bonus_player);
}

static int dice_id(const MorpyamMultisets *ms, const char *text, int want)
{
    static const int weight[7] = {0, 1, 6, 36, 216, 1296, 7776};
    int key = 0, n = 0;
    if (strcmp(text, "-") == 0)
        return want == 0 || want < 0 ? 0 : -1;
    for (; text[n]; n++) {
        if (text[n] < '1' || text[n] > '6' || n >= 5)
            return -1;
        key += weight[text[n] - '0'];
    }
    if (want >= 0 && n != want)
        return -1;
    return n ? morpyam_ms_id(ms, key) : 0;
}

static int current_player_of(const MorpyamState *s)
{
    return s->base.game->ops->current_player(&s->base);
}

static int digit62(char c)
{
    const char *p = c ? strchr(digits62, c) : NULL;
    return p ? (int)(p - digits62) : -1;
}

State *morpyam_deserialize(const Game *g, const char *text, char *err, size_t errlen)
{
    const MorpyamConfig *c = g->config;
    const MorpyamMultisets *ms = &c->ms;
    char grid[40], toks[40], dice[8], kept[8], left15[20], hands[64];
    int phase, player, turns, rolls, nroll, call, called, replay, alive, cont, rolled, purpose, dealt, builder;
    int winners, how, bonus, used = -1;
    char rv[5], rk[5];
    int m = sscanf(text, "grid=%39s tokens=%39s phase=%d player=%d turns=%d rolls=%d dice=%7s kept=%7s nroll=%d call=%d "
                   "called=%d replay=%d alive=%d rolloff=%d,%d,%d,%4[0-6],%4[0-3] deal=%d,%d,%19s hands=%63s result=%d,%d,%d%n",
                   grid, toks, &phase, &player, &turns, &rolls, dice, kept, &nroll, &call, &called, &replay, &alive,
                   &cont, &rolled, &purpose, rv, rk, &dealt, &builder, left15, hands, &winners, &how, &bonus, &used);
    const char *why = NULL;
    if (m != 25 || used < 0 || text[used] != '\0')
        why = "fields missing or out of order";
    else if (strlen(grid) != 36 || strlen(toks) != 36 || strlen(rv) != 4 || strlen(rk) != 4 || strlen(left15) != MK_COUNT ||
             strlen(hands) != MAX_PLAYERS * MK_COUNT)
        why = "a field has the wrong length";
    else if (phase < 0 || phase > MP_OVER || player < 0 || player >= c->players || turns < 0 || turns > c->turn_cap ||
             rolls < 0 || rolls > 3 || nroll < 0 || nroll > 5 || call < -1 || call >= MF_COUNT ||
             (call >= 0 && !(MF_CALLABLE >> call & 1)) || (called | replay) > 1 || called < 0 || replay < 0 ||
             alive <= 0 || alive >= 1 << c->players || cont >= 1 << c->players || cont < 0 || (rolled & ~cont) || rolled < 0 ||
             purpose < 0 || purpose > 1 || dealt < 0 || dealt > 36 || builder < 0 || builder >= c->players ||
             winners < 0 || winners >= 1 << c->players || how < 0 || how > MH_CAP ||
             !(bonus == 255 || (bonus >= 0 && bonus < c->players)))
        why = "a number is out of range";
    if (why) {
        snprintf(err, errlen, "malformed morpyam state: %s", why);
        return NULL;
    }
    MorpyamState *s = calloc(1, sizeof *s);
    s->base.game = g;
    s->cfg = c;
    int d = dice_id(ms, dice, 5), k = dice_id(ms, kept, -1);
    if (d < 0 || k < 0 || (phase == MP_ROLL && ms->size[k] + nroll != 5))
        why = "bad dice";
    int layout_count[MK_COUNT] = {0}, have[MK_COUNT] = {0};
    for (int sq = 0; sq < 36; sq++)
        layout_count[c->layout[sq]]++;
    for (int sq = 0; sq < 36 && !why; sq++) {
        const char *kc = strchr(kind_chars, grid[sq]);
        if (grid[sq] == '.' && c->variant == MV_PLUS) {
            s->grid[sq] = MK_NONE;
        } else if (kc && grid[sq]) {
            s->grid[sq] = (uint8_t)(kc - kind_chars);
            s->kind_sq[s->grid[sq]] |= 1ull << sq;
            have[s->grid[sq]]++;
            if (c->variant != MV_PLUS && s->grid[sq] != c->layout[sq])
                why = "the grid differs from the game's layout";
        } else {
            why = "bad grid character";
        }
        if (toks[sq] == '.')
            continue;
        int p = toks[sq] - '1';
        if (p < 0 || p >= c->players || s->grid[sq] == MK_NONE)
            why = "bad token";
        else
            s->tokens[p] |= 1ull << sq;
    }
    for (int kd = 0; kd < MK_COUNT && !why; kd++) {
        s->deal_left[kd] = (uint8_t)digit62(left15[kd]);
        have[kd] += digit62(left15[kd]);
        for (int p = 0; p < MAX_PLAYERS; p++) {
            int h = digit62(hands[p * MK_COUNT + kd]);
            if (h < 0 || digit62(left15[kd]) < 0 || (p >= c->players && h))
                why = "bad deal counts";
            s->hand[p][kd] = (uint8_t)h;
            have[kd] += h;
        }
        if (have[kd] != layout_count[kd])
            why = "squares do not match the game's layout";
    }
    for (int p = 0; p < c->players && !why; p++) {
        int placed = __builtin_popcountll(s->tokens[p]);
        if (placed > c->tokens)
            why = "too many tokens";
        s->left[p] = (uint8_t)(c->tokens - placed);
        s->occupied |= s->tokens[p];
    }
    if (why) {
        free(s);
        snprintf(err, errlen, "malformed morpyam state: %s", why);
        return NULL;
    }
    s->phase = (uint8_t)phase;
    s->player = (uint8_t)player;
    s->turns = turns;
    s->rolls = (uint8_t)rolls;
    s->dice = (uint16_t)d;
    s->kept = (uint16_t)k;
    s->nroll = (uint8_t)nroll;
    s->call = (int8_t)call;
    s->called = called;
    s->replay = replay;
    s->alive = (uint8_t)alive;
    s->contenders = (uint8_t)cont;
    s->rolled = (uint8_t)rolled;
    s->purpose = (uint8_t)purpose;
    for (int p = 0; p < MAX_PLAYERS; p++) {
        s->roll_value[p] = (uint8_t)(rv[p] - '0');
        s->rank[p] = (uint8_t)(rk[p] - '0');
    }
    s->dealt = (uint8_t)dealt;
    s->builder = (uint8_t)builder;
    s->winners = (uint8_t)winners;
    s->how = (uint8_t)how;
    s->bonus_player = (uint8_t)bonus;
    /* the phase must be one play could reach */
    int left_total = 0;
    for (int kd = 0; kd < MK_COUNT; kd++)
        left_total += s->deal_left[kd];
    if ((phase == MP_ROLL && nroll < 1) || (phase == MP_ROLLOFF && (!cont || rolled == cont)) ||
        (phase == MP_DEAL && (dealt >= 36 || left_total != 36 - dealt)) ||
        ((phase == MP_START || phase == MP_CALL_ROLL) && rolls != 0) ||
        ((phase == MP_AFTER || phase == MP_FORCED || phase == MP_CALL_REROLL) && rolls == 0) ||
        ((phase == MP_CALL_ROLL || phase == MP_CALL_REROLL) && call < 0))
        why = "the phase does not match the rest of the state";
    s->can_place = morpyam_placeable(s);
    Action acts[MAX_ACTIONS];
    int mover = current_player_of(s);
    if (!why && mover >= 0 && (!(alive >> mover & 1) || g->ops->legal_actions(&s->base, acts) == 0))
        why = "the player to move cannot act";
    if (why) {
        free(s);
        snprintf(err, errlen, "malformed morpyam state: %s", why);
        return NULL;
    }
    int pts[MAX_PLAYERS];
    morpyam_recount(s, pts);
    for (int p = 0; p < MAX_PLAYERS; p++)
        s->points[p] = (int16_t)pts[p];
    return &s->base;
}

/* ---- drawing ---- */

void morpyam_render(const State *st, StrBuf *out)
{
    const MorpyamState *s = (const MorpyamState *)st;
    const MorpyamMultisets *ms = &s->cfg->ms;
    sb_puts(out, "     a    b    c    d    e    f\n");
    for (int row = 5; row >= 0; row--) {
        sb_printf(out, "%d ", row + 1);
        for (int col = 0; col < 6; col++) {
            int sq = row * 6 + col, owner = -1;
            for (int p = 0; p < s->cfg->players; p++)
                if (s->tokens[p] >> sq & 1)
                    owner = p;
            if (owner >= 0)
                sb_printf(out, " [P%d]", owner + 1);
            else
                sb_printf(out, "  %-3s", s->grid[sq] == MK_NONE ? "." : morpyam_kind_code(s->grid[sq]));
        }
        sb_printf(out, "  %d\n", row + 1);
    }
    sb_puts(out, "     a    b    c    d    e    f\n");
    for (int p = 0; p < s->cfg->players; p++)
        sb_printf(out, "P%d: %2d points, %2d tokens left%s\n", p + 1, s->points[p] + (p == s->bonus_player),
                  s->left[p], !(s->alive >> p & 1) ? " (resigned)" : "");
    switch (s->phase) {
    case MP_OVER: {
        GameResult r;
        st->game->ops->result(st, &r);
        sb_puts(out, "game over:");
        for (int p = 0; p < s->cfg->players; p++)
            if (r.winners >> p & 1)
                sb_printf(out, " P%d", p + 1);
        sb_printf(out, " %s by %s\n", __builtin_popcount(r.winners) > 1 ? "share the win" : "wins", r.how);
        break;
    }
    case MP_DEAL:
        sb_printf(out, "dealing the Plus squares: %d of 36 dealt\n", s->dealt);
        break;
    case MP_ROLLOFF:
        sb_printf(out, "rolling one die each for the %s\n", s->purpose == MR_BUILD ? "building order" : "first player");
        break;
    case MP_PUT:
        sb_printf(out, "P%d builds the grid; squares in hand:", s->builder + 1);
        for (int k = 0; k < MK_COUNT; k++)
            for (int i = 0; i < s->hand[s->builder][k]; i++)
                sb_printf(out, " %s", morpyam_kind_code(k));
        sb_putc(out, '\n');
        break;
    default:
        sb_printf(out, "P%d to play, turn %d%s, ", s->player + 1, (int)s->turns, s->replay ? " (replay)" : "");
        if (s->rolls == 0) {
            sb_puts(out, "before the first roll");
        } else {
            sb_printf(out, "roll %d of 3, dice", s->rolls);
            morpyam_put_values(ms, s->dice, out);
        }
        if (s->call >= 0)
            sb_printf(out, ", called %s", morpyam_figure_id(s->call));
        if (s->phase == MP_FORCED)
            sb_puts(out, ", call made: cover an Appel square");
        sb_putc(out, '\n');
        break;
    }
}
