/* Morpyam text: the text of an action, the one-line serialisation and the
 * drawing of a position (reading actions is in read.c). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "morpyam.h"
#include "../../core/number.h"
#include "../../core/utf8.h"
#include "words.h"
#include "../../core/xalloc.h"
#include "ops.h"

void morpyam_put_values(const MorpyamMultisets *ms, int id, StrBuf *out)
{
    for (int i = 0; i < ms->size[id]; i++)
        sb_printf(out, " %d", ms->vals[id][i]);
}

void morpyam_action_text(const State *st, Action a, StrBuf *out)
{
    const MorpyamState *s = (const MorpyamState *)st;
    const MorpyamMultisets *ms = s->cfg->ms;
    char name[3];
    if (a == ACTION_RESIGN) {
        sb_puts(out, "resign");
    } else if (action_is_leave(a)) {
        leave_text(a, out);
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
    const MorpyamMultisets *ms = s->cfg->ms;
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
    sb_printf(out, " nroll=%d call=%d called=%d replay=%d alive=%d rolloff=%d,%d,%d,%d%d%d%d,%d%d%d%d",
              s->nroll, s->call, s->called, s->replay, s->alive, s->contenders, s->rolled, s->purpose,
              s->roll_value[0], s->roll_value[1], s->roll_value[2], s->roll_value[3],
              s->rank[0], s->rank[1], s->rank[2], s->rank[3]);
    if (s->rounds)
        sb_printf(out, ",%d", s->rounds); /* only after a tied round: older texts read the same */
    sb_printf(out, " deal=%d,%d,", s->dealt, s->builder);
    for (int k = 0; k < MK_COUNT; k++)
        sb_putc(out, digits62[s->deal_left[k]]);
    sb_puts(out, " hands=");
    for (int p = 0; p < MAX_PLAYERS; p++)
        for (int k = 0; k < MK_COUNT; k++)
            sb_putc(out, digits62[s->hand[p][k]]);
    sb_printf(out, " result=%d,%d,%d", s->winners, s->how, s->bonus_player);
    if (s->timed_out)
        sb_printf(out, ",%d", s->timed_out); /* only once someone left on time: older texts read the same */
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

/* The fields of a serialised state, in order (serialize writes them). */
static const char *const field_keys[] = {"grid=", "tokens=", "phase=", "player=", "turns=", "rolls=",
                                         "dice=", "kept=", "nroll=", "call=", "called=", "replay=",
                                         "alive=", "rolloff=", "deal=", "hands=", "result="};
enum { NFIELDS = sizeof field_keys / sizeof field_keys[0] };

/* Splits text at single spaces into the values of the fields above; false
 * when a field is missing, misnamed, empty, longer than 63 characters, or
 * something follows. */
static bool split_fields(const char *text, char values[NFIELDS][64])
{
    const char *p = text;
    for (int k = 0; k < NFIELDS; k++) {
        size_t klen = strlen(field_keys[k]), len = strcspn(p, " ");
        if (strncmp(p, field_keys[k], klen) != 0 || len == klen || len - klen >= 64)
            return false;
        memcpy(values[k], p + klen, len - klen);
        values[k][len - klen] = '\0';
        p += len;
        if (k < NFIELDS - 1 && *p++ != ' ')
            return false;
    }
    return *p == '\0';
}

/* Splits value at commas into exactly n parts of at most 31 characters. */
static bool split_commas(const char *value, int n, char parts[][32])
{
    const char *p = value;
    for (int i = 0; i < n; i++) {
        size_t len = strcspn(p, ",");
        if (len >= 32 || (i < n - 1 && p[len] != ',') || (i == n - 1 && p[len]))
            return false;
        memcpy(parts[i], p, len);
        parts[i][len] = '\0';
        p += len + 1;
    }
    return true;
}

/* Reads one whole number of a field strictly, within [min, max]; on failure
 * writes why (naming the field and the range) and returns false. */
static bool read_number(const char *name, const char *text, long min, long max, int *out, char *why, size_t whylen)
{
    long v;
    if (number_parse_long(text, min, max, &v)) {
        *out = (int)v;
        return true;
    }
    char q[EXCERPT_SIZE];
    snprintf(why, whylen, "%s must be a whole number from %ld to %ld, got '%s'", name, min, max,
             text_excerpt(text, EXCERPT_MAX, q, sizeof q));
    return false;
}

/* What play guarantees beyond the fields' own ranges and the phase (checked
 * by the caller): one problem in words, or NULL. */
static const char *reachable_problem(const MorpyamState *s, int mover)
{
    const MorpyamConfig *c = s->cfg;
    int n = c->players;
    unsigned all = (1u << n) - 1, alive = s->alive;
    bool over = s->phase == MP_OVER;
    bool pregame = s->phase == MP_DEAL || s->phase == MP_PUT ||
                   (s->phase == MP_ROLLOFF && s->purpose == MR_BUILD) || (s->phase == MP_ROLLOFF && s->turns == 0);
    int built = 0, in_hand = 0, left_total = 0;
    for (int sq = 0; sq < 36; sq++)
        built += s->grid[sq] != MK_NONE;
    for (int k = 0; k < MK_COUNT; k++) {
        left_total += s->deal_left[k];
        for (int p = 0; p < n; p++)
            in_hand += s->hand[p][k];
    }
    if (!over && __builtin_popcount(alive) < 2)
        return "a live game needs two players still in it";
    if (!over && (s->winners || s->how != MH_NONE || s->bonus_player != 255))
        return "a live game has no result";
    if (s->phase == MP_ROLL && !(alive >> s->player & 1))
        return s->player == 0 ? "the roll is for P1, who has resigned"
               : s->player == 1 ? "the roll is for P2, who has resigned"
               : s->player == 2 ? "the roll is for P3, who has resigned" : "the roll is for P4, who has resigned";
    if (mover >= 0 && !(alive >> mover & 1))
        return "the player to move has resigned";
    if (s->phase == MP_ROLL && s->rolls >= 3)
        return "a fourth roll";
    if ((s->phase == MP_START || s->phase == MP_AFTER || s->phase == MP_FORCED) && s->call >= 0)
        return "a call is pending outside a roll";
    if (!over && s->call >= 0 && !(s->kind_sq[MK_APPEL] & ~s->occupied))
        return "a call is pending but no Appel square is free"; /* a call made true must cover one */
    if (s->phase == MP_ROLLOFF ? (s->contenders & ~alive) != 0 : (s->contenders || s->rolled))
        return "roll-off contenders who are not in a roll-off";
    if (s->phase != MP_ROLLOFF && s->rounds)
        return "tied roll-off rounds outside a roll-off";
    if (s->phase != MP_DEAL && !over && left_total) /* a game may end during the deal: all others left */
        return "squares left to deal after the deal";
    /* the last but one to leave ends the game at once; during the deal, the
     * squares of a player who left are put once it ends */
    for (int p = 0; p < n && !over && s->phase != MP_DEAL; p++)
        for (int k = 0; k < MK_COUNT; k++)
            if (!(alive >> p & 1) && s->hand[p][k])
                return "a player who resigned still holds squares to build";
    if (s->timed_out & alive)
        return "a player out on time is still in the game";
    if (pregame) {
        if (s->turns != 0 || s->occupied)
            return "tokens or turns before the game has started";
        if (s->phase == MP_DEAL && built)
            return "squares on the grid during the deal";
        if (s->phase == MP_DEAL)
            for (int p = 0; p < n; p++) {
                int got = 0, due = s->dealt / n + (p < s->dealt % n);
                for (int k = 0; k < MK_COUNT; k++)
                    got += s->hand[p][k];
                if (got != due)
                    return "the hands do not follow the order of the deal";
            }
        if (s->phase == MP_ROLLOFF && s->purpose == MR_BUILD && (c->variant != MV_PLUS || (built && alive == all)))
            return "a building-order roll-off outside the Plus building";
        if (s->phase == MP_ROLLOFF && s->purpose == MR_START && built != 36)
            return "the first-player roll-off before the grid is built";
    } else if (!over) { /* a game may end before its grid is built (every other builder resigned) */
        if (built != 36 || in_hand)
            return "a turn is being played on a grid not yet built";
        if (s->turns == 0)
            return "a turn is being played but turns is 0";
    }
    for (int p = 0; p < n && !over; p++)
        if (s->left[p] == 0)
            return "a live game in which a player has placed every token";
    int pts[MAX_PLAYERS];
    if (!over && morpyam_recount(s, pts) >= 0)
        return "a live game with a line of five";
    if (over) {
        if (s->how == MH_NONE || !s->winners || (s->winners & ~all))
            return "a finished game without a winner or a way it ended";
        if ((s->how == MH_FORFEIT || s->how == MH_TIME) && (__builtin_popcount(alive) != 1 || s->winners != alive))
            return "a forfeit that is not won by the last player in";
        if (s->how == MH_TIME && !s->timed_out)
            return "a game won on time that nobody lost on time";
        if (s->how == MH_KO && __builtin_popcount(s->winners) != 1)
            return "a KO with several winners";
        if ((s->how == MH_POINTS) != (s->bonus_player != 255))
            return "the end bonus does not match how the game ended";
        if (s->how == MH_POINTS && s->left[s->bonus_player] != 0)
            return "an end bonus for a player with tokens left";
        if (s->how == MH_CAP && s->turns != c->turn_cap)
            return "a game ended by the turn cap before the cap";
    }
    return NULL;
}

State *morpyam_deserialize(const Game *g, const char *text, char *err, size_t errlen)
{
    const MorpyamConfig *c = g->config;
    const MorpyamMultisets *ms = c->ms;
    char v[NFIELDS][64], rolloff[6][32], deal[3][32], result[4][32], why_buf[ERR_MAX];
    int phase, player, turns, rolls, nroll, call, called, replay, alive, cont, rolled, purpose, dealt, builder;
    int winners, how, bonus, timed_out = 0, rounds = 0;
    const char *why = NULL;
    /* rolloff=C,R,P,VVVV,KKKK[,N] deal=D,B,LEFT result=W,H,B[,T] */
    bool timed = false, tied = false;
    if (!split_fields(text, v) || !((tied = split_commas(v[13], 6, rolloff)) || split_commas(v[13], 5, rolloff)) ||
        !split_commas(v[14], 3, deal) ||
        !((timed = split_commas(v[16], 4, result)) || split_commas(v[16], 3, result))) {
        snprintf(err, errlen, "malformed morpyam state: fields missing or out of order");
        return NULL;
    }
    const char *rv = rolloff[3], *ranks = rolloff[4], *left15 = deal[2], *hands = v[15];
    int P = c->players;
    bool numbers = read_number("phase", v[2], 0, MP_OVER, &phase, why_buf, sizeof why_buf) &&
                   read_number("player", v[3], 0, P - 1, &player, why_buf, sizeof why_buf) &&
                   read_number("turns", v[4], 0, c->turn_cap, &turns, why_buf, sizeof why_buf) &&
                   read_number("rolls", v[5], 0, 3, &rolls, why_buf, sizeof why_buf) &&
                   read_number("nroll", v[8], 0, 5, &nroll, why_buf, sizeof why_buf) &&
                   read_number("call", v[9], -1, MF_COUNT - 1, &call, why_buf, sizeof why_buf) &&
                   read_number("called", v[10], 0, 1, &called, why_buf, sizeof why_buf) &&
                   read_number("replay", v[11], 0, 1, &replay, why_buf, sizeof why_buf) &&
                   read_number("alive", v[12], 1, (1 << P) - 1, &alive, why_buf, sizeof why_buf) &&
                   read_number("roll-off contenders", rolloff[0], 0, (1 << P) - 1, &cont, why_buf, sizeof why_buf) &&
                   read_number("roll-off dice rolled", rolloff[1], 0, (1 << P) - 1, &rolled, why_buf, sizeof why_buf) &&
                   read_number("roll-off purpose", rolloff[2], 0, 1, &purpose, why_buf, sizeof why_buf) &&
                   (!tied || read_number("tied roll-off rounds", rolloff[5], 1, c->rolloff_cap - 1, &rounds, why_buf,
                                         sizeof why_buf)) &&
                   read_number("squares dealt", deal[0], 0, 36, &dealt, why_buf, sizeof why_buf) &&
                   read_number("builder", deal[1], 0, P - 1, &builder, why_buf, sizeof why_buf) &&
                   read_number("winners", result[0], 0, (1 << P) - 1, &winners, why_buf, sizeof why_buf) &&
                   read_number("how", result[1], 0, MH_TIME, &how, why_buf, sizeof why_buf) &&
                   read_number("bonus player", result[2], 0, 255, &bonus, why_buf, sizeof why_buf) &&
                   (!timed || read_number("players out on time", result[3], 1, (1 << P) - 1, &timed_out, why_buf,
                                          sizeof why_buf));
    if (!numbers)
        why = why_buf;
    else if (strlen(v[0]) != 36 || strlen(v[1]) != 36 || strlen(rv) != 4 || strlen(ranks) != 4 ||
             strspn(rv, "0123456") != 4 || strspn(ranks, "0123") != 4 || strlen(left15) != MK_COUNT ||
             strlen(hands) != MAX_PLAYERS * MK_COUNT)
        why = "a field has the wrong length";
    else if ((call >= 0 && !(MF_CALLABLE >> call & 1)) || (rolled & ~cont) || !(bonus == 255 || bonus < P))
        why = "a number is out of range";
    if (why) {
        snprintf(err, errlen, "malformed morpyam state: %s", why);
        return NULL;
    }
    const char *grid = v[0], *toks = v[1], *dice = v[6], *kept = v[7];
    MorpyamState *s = xcalloc(1, sizeof *s);
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
        if (p < 0 || p >= P || s->grid[sq] == MK_NONE)
            why = "bad token";
        else
            s->tokens[p] |= 1ull << sq;
    }
    for (int kd = 0; kd < MK_COUNT && !why; kd++) {
        s->deal_left[kd] = (uint8_t)digit62(left15[kd]);
        have[kd] += digit62(left15[kd]);
        for (int p = 0; p < MAX_PLAYERS; p++) {
            int h = digit62(hands[p * MK_COUNT + kd]);
            if (h < 0 || digit62(left15[kd]) < 0 || (p >= P && h))
                why = "bad deal counts";
            s->hand[p][kd] = (uint8_t)h;
            have[kd] += h;
        }
        if (have[kd] != layout_count[kd])
            why = "squares do not match the game's layout";
    }
    for (int p = 0; p < P && !why; p++) {
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
    s->timed_out = (uint8_t)timed_out;
    s->contenders = (uint8_t)cont;
    s->rolled = (uint8_t)rolled;
    s->purpose = (uint8_t)purpose;
    s->rounds = (uint16_t)rounds;
    for (int p = 0; p < MAX_PLAYERS; p++) {
        s->roll_value[p] = (uint8_t)(rv[p] - '0');
        s->rank[p] = (uint8_t)(ranks[p] - '0');
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
        (phase == MP_CALL_REROLL && rolls >= 3) || /* a call is made after roll 1 or 2 */
        ((phase == MP_CALL_ROLL || phase == MP_CALL_REROLL) && call < 0))
        why = "the phase does not match the rest of the state";
    s->can_place = morpyam_placeable(s);
    Action acts[MAX_ACTIONS];
    int mover = current_player_of(s);
    if (!why && mover >= 0 && (!(alive >> mover & 1) || g->ops->legal_actions(&s->base, acts) == 0))
        why = "the player to move cannot act";
    int pts[MAX_PLAYERS];
    morpyam_recount(s, pts);
    for (int p = 0; p < MAX_PLAYERS; p++)
        s->points[p] = (int16_t)pts[p];
    if (!why)
        why = reachable_problem(s, mover);
    if (why) {
        free(s);
        snprintf(err, errlen, "malformed morpyam state: %s", why);
        return NULL;
    }
    return &s->base;
}

/* ---- drawing ---- */

void morpyam_render(const State *st, StrBuf *out)
{
    const MorpyamState *s = (const MorpyamState *)st;
    const MorpyamMultisets *ms = s->cfg->ms;
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
                  s->left[p], (s->timed_out >> p & 1) ? " (out on time)" : !(s->alive >> p & 1) ? " (resigned)" : "");
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
            sb_printf(out, ", called %s", morpyam_kind_name(s->call));
        if (s->phase == MP_FORCED)
            sb_puts(out, ", call made: cover a call square");
        sb_putc(out, '\n');
        break;
    }
}
