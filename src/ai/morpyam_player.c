/* What the expert and the master share: each free square gets a value,
 * the win chance after placing there minus the win chance after passing
 * (the evaluation of morpyam_eval.c, with the next player's reply turn
 * solved too, see mai_two_ply); the dice are then played exactly for the
 * whole turn by the expectimax of mai_turn_solve: every roll outcome, every
 * keep, every call (Sec included), stopping, placing or passing. The values
 * and the turn tables are computed once per turn and reused by every
 * decision of that turn. The two levels differ only in the evaluation: the
 * expert's hand-fitted material or the master's learned model. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "morpyam_ai.h"
#include "../core/xalloc.h"

struct MaiPlayer {
    MorpyamTables t;
    MaiEval eval;
    uint64_t m1[MAI_DICE], m23[MAI_DICE];
    TurnTables turn;
    /* what the tables were computed for */
    bool have;
    MaiPos key;
    int key_player;
    bool key_replay;
    uint8_t key_alive;
    uint64_t key_grid[MK_COUNT];
    double base;    /* win chance after passing */
    TurnInput in;
};

MaiPlayer *mai_player_new(const MorpyamConfig *cfg, const MaiModel *model)
{
    MaiPlayer *x = xcalloc(1, sizeof *x);
    mai_tables_init(&x->t, cfg);
    mai_eval_init(&x->eval, &x->t, model);
    return x;
}

void mai_player_free(MaiPlayer *x)
{
    free(x);
}

/* Square values and turn tables for the turn of s, unless already there. */
static void prepare(MaiPlayer *x, const MorpyamState *s)
{
    MaiPos pos;
    mai_pos_of(s, &pos);
    if (x->have && memcmp(&pos, &x->key, sizeof pos) == 0 && x->key_player == s->player &&
        x->key_replay == s->replay && x->key_alive == s->alive &&
        memcmp(x->key_grid, s->kind_sq, sizeof x->key_grid) == 0)
        return;
    x->have = true;
    x->key = pos;
    x->key_player = s->player;
    x->key_replay = s->replay;
    x->key_alive = s->alive;
    memcpy(x->key_grid, s->kind_sq, sizeof x->key_grid);
    mai_masks(s, s->occupied, x->m1, x->m23);
    TurnInput *in = &x->in;
    memset(in, 0, sizeof *in);
    in->m1 = x->m1;
    in->m23 = x->m23;
    x->base = mai_two_ply(&x->eval, s, in->val);
    in->appel = s->kind_sq[MK_APPEL] & ~s->occupied;
    in->can_call = in->appel != 0;
    in->strict = s->cfg->strict_call;
    in->daversa_win = s->cfg->daversa && s->replay;
    in->win = 1 - x->base;
    mai_turn_solve(&x->t, in, &x->turn);
}

static int keep_of(const MorpyamState *s, int sub)
{
    const MorpyamMultisets *ms = s->cfg->ms;
    return morpyam_ms_id(ms, ms->key[s->dice] - ms->key[sub]);
}

/* Best value of calling f now and rerolling the best dice for it. */
static double call_value(const MaiPlayer *x, const MorpyamState *s, int f)
{
    if (s->rolls == 0)
        return x->turn.EC[1][0][f];
    int d = s->dice - s->cfg->ms->first[5];
    double v = MAI_NEG;
    for (int i = 0; i < x->t.nsub[d]; i++)
        if (x->turn.EC[s->rolls + 1][x->t.keep[d][i]][f] > v)
            v = x->turn.EC[s->rolls + 1][x->t.keep[d][i]][f];
    return v;
}

static double action_value(const MaiPlayer *x, const MorpyamState *s, Action a)
{
    const TurnTables *tt = &x->turn;
    if (a < MA_PASS)
        return x->in.val[a];
    if (a == MA_PASS)
        return 0;
    if (a == MA_ROLL)
        return s->phase == MP_CALL_ROLL ? tt->EC[1][0][s->call] : tt->EK[1][0];
    if (a >= MA_CALL && a < MA_CALL + MF_COUNT) /* a call that adds nothing is not made */
        return call_value(x, s, a - MA_CALL) - 1e-9;
    int keep = keep_of(s, a - MA_REROLL);
    if (s->phase == MP_CALL_REROLL)
        return tt->EC[s->rolls + 1][keep][s->call];
    return s->cfg->strict_call && s->called ? tt->EKs[s->rolls + 1][keep] : tt->EK[s->rolls + 1][keep];
}

/* The square the dice most often end on, weighted by its value, when
 * rolling r after keeping keep (for the explanation only). */
static int aim_of(const MaiPlayer *x, int keep, int r)
{
    double weight[36] = {0};
    for (int j = x->t.join_start[keep]; j < x->t.join_start[keep + 1]; j++) {
        int d = x->t.join_dice[j], sq = x->turn.best[r][d];
        if (sq >= 0 && x->in.val[sq] > 0)
            weight[sq] += x->t.join_prob[j] * x->in.val[sq];
    }
    int best = -1;
    for (int sq = 0; sq < 36; sq++)
        if (weight[sq] > 0 && (best < 0 || weight[sq] > weight[best]))
            best = sq;
    return best;
}

static void explain_choice(const MaiPlayer *x, const MorpyamState *s, Action a, double v, StrBuf *out)
{
    const MorpyamMultisets *ms = s->cfg->ms;
    char name[3];
    int aim = -1;
    if (a >= MA_REROLL && a < MA_PUT) {
        int keep = keep_of(s, a - MA_REROLL);
        sb_puts(out, "keep");
        for (int i = 0; i < ms->size[keep]; i++)
            sb_printf(out, " %d", ms->vals[keep][i]);
        if (!ms->size[keep])
            sb_puts(out, " nothing");
        sb_puts(out, " (");
        state_action_text(&s->base, a, out);
        sb_puts(out, ")");
        if (s->phase != MP_CALL_REROLL)
            aim = aim_of(x, keep, s->rolls + 1);
    } else {
        state_action_text(&s->base, a, out);
        if (a == MA_ROLL && s->phase == MP_START)
            aim = aim_of(x, 0, 1);
    }
    if (a >= MA_CALL && a < MA_CALL + MF_COUNT) {
        sb_printf(out, " (aiming at %s", morpyam_kind_name(MK_APPEL));
        for (uint64_t m = x->in.appel; m; m &= m - 1) {
            morpyam_square_name(__builtin_ctzll(m), name);
            sb_printf(out, " %s", name);
        }
        sb_puts(out, ")");
    } else if (aim >= 0) {
        morpyam_square_name(aim, name);
        sb_printf(out, " (aiming at %s %s)", morpyam_kind_name(s->grid[aim]), name);
    }
    sb_printf(out, ", expected value %+.4f (win chance %.1f%% -> %.1f%%)", v, 100 * x->base, 100 * (x->base + v));
}

/* The best legal action of s by the turn tables (prepared for s's turn). */
static Action best_action(const MaiPlayer *x, const MorpyamState *s, double *value)
{
    Action acts[MAX_ACTIONS];
    int n = state_legal_actions(&s->base, acts);
    Action best = acts[0];
    double best_v = action_value(x, s, acts[0]);
    for (int i = 1; i < n; i++) {
        double v = action_value(x, s, acts[i]);
        if (v > best_v + 1e-12) {
            best = acts[i];
            best_v = v;
        }
    }
    *value = best_v;
    return best;
}

static const char put_reason[] = ": the easiest square of the hand where the most lines cross";

Action mai_player_choose(MaiPlayer *x, const MorpyamState *s, StrBuf *explain)
{
    if (s->phase == MP_PUT) {
        Action a = mai_put(&x->t, s);
        if (explain) {
            state_action_text(&s->base, a, explain);
            sb_puts(explain, put_reason);
        }
        return a;
    }
    prepare(x, s);
    double v;
    Action best = best_action(x, s, &v);
    if (explain)
        explain_choice(x, s, best, v, explain);
    return best;
}

/* ---- advice: the plan of the turn and its chance ---- */

/* How a turn ends, as an index: the square covered (0..35), no token
 * (NO_TOKEN), or a win without a token (a daversa KO). */
enum { NO_TOKEN = 36, WIN_NOW = 37, ENDS = 38 };

/* Where the turn being planned started, to tell when it is over. */
typedef struct TurnStart {
    int mover;
    int32_t turns;
    uint64_t tokens;
} TurnStart;

static bool turn_over(const MorpyamState *s, const TurnStart *ts)
{
    return s->phase == MP_OVER || s->turns != ts->turns || s->tokens[ts->mover] != ts->tokens ||
           s->player != ts->mover;
}

static void end_of_turn(const MorpyamState *s, const TurnStart *ts, double p, double out[ENDS])
{
    uint64_t added = s->tokens[ts->mover] & ~ts->tokens;
    if (added)
        out[__builtin_ctzll(added)] += p;
    else if (s->phase == MP_OVER && (s->winners >> ts->mover & 1))
        out[WIN_NOW] += p;
    else
        out[NO_TOKEN] += p;
}

/* Chance and decision nodes of one turn met so far, with how the turn ends
 * from each under the player's choices (an open-addressing table keyed by
 * what differs between nodes of one turn). */
#define MEMO_SIZE 8192
typedef struct Memo {
    uint64_t key[MEMO_SIZE];
    bool used[MEMO_SIZE];
    float ends[MEMO_SIZE][ENDS];
    int count;
} Memo;

static uint64_t node_key(const MorpyamState *s)
{
    return (uint64_t)s->phase | (uint64_t)s->rolls << 4 | (uint64_t)s->dice << 8 | (uint64_t)s->kept << 18 |
           (uint64_t)s->nroll << 28 | (uint64_t)(uint8_t)(s->call + 1) << 32 | (uint64_t)s->called << 40;
}

static void turn_ends(const MaiPlayer *x, const MorpyamState *s, const TurnStart *ts, Memo *memo, double out[ENDS]);

static void turn_ends_memo(const MaiPlayer *x, const MorpyamState *s, const TurnStart *ts, Memo *memo, double out[ENDS])
{
    memset(out, 0, ENDS * sizeof out[0]);
    if (turn_over(s, ts)) {
        end_of_turn(s, ts, 1, out);
        return;
    }
    uint64_t key = node_key(s);
    unsigned h = (unsigned)((key * 0x9e3779b97f4a7c15ull) >> 51) & (MEMO_SIZE - 1);
    while (memo->used[h] && memo->key[h] != key)
        h = (h + 1) & (MEMO_SIZE - 1);
    if (memo->used[h]) {
        for (int i = 0; i < ENDS; i++)
            out[i] = memo->ends[h][i];
        return;
    }
    turn_ends(x, s, ts, memo, out);
    if (memo->count < MEMO_SIZE * 3 / 4) { /* a full table only stops remembering */
        memo->used[h] = true;
        memo->key[h] = key;
        for (int i = 0; i < ENDS; i++)
            memo->ends[h][i] = (float)out[i];
        memo->count++;
    }
}

static void turn_ends(const MaiPlayer *x, const MorpyamState *s, const TurnStart *ts, Memo *memo, double out[ENDS])
{
    double sub[ENDS];
    if (s->phase == MP_ROLL) {
        ChanceOutcome outcomes[MAX_ACTIONS];
        int n = state_chance_outcomes(&s->base, outcomes);
        for (int k = 0; k < n; k++) {
            MorpyamState next = *s;
            morpyam_apply(&next.base, outcomes[k].action);
            turn_ends_memo(x, &next, ts, memo, sub);
            for (int i = 0; i < ENDS; i++)
                out[i] += outcomes[k].probability * sub[i];
        }
        return;
    }
    double v;
    MorpyamState next = *s;
    morpyam_apply(&next.base, best_action(x, s, &v));
    turn_ends_memo(x, &next, ts, memo, sub);
    for (int i = 0; i < ENDS; i++)
        out[i] += sub[i];
}

/* "keep 5 6, reroll 3 3 4", "call straight", "roll": one step of a plan,
 * a call by the figure's name for people (the terminal reads it too). */
static void step_words(const MorpyamState *s, Action a, StrBuf *out)
{
    const MorpyamMultisets *ms = s->cfg->ms;
    if (a >= MA_REROLL && a < MA_PUT) {
        int keep = keep_of(s, a - MA_REROLL);
        if (ms->size[keep]) {
            sb_puts(out, "keep");
            for (int i = 0; i < ms->size[keep]; i++)
                sb_printf(out, " %d", ms->vals[keep][i]);
            sb_puts(out, ", ");
        }
    }
    if (a >= MA_CALL && a < MA_CALL + MF_COUNT)
        sb_printf(out, "call %s", morpyam_kind_name(a - MA_CALL));
    else
        state_action_text(&s->base, a, out);
}

void mai_player_advise(MaiPlayer *x, const MorpyamState *s, const Voice *v, AiAdvice *out)
{
    const State *st = &s->base;
    if (s->phase == MP_PUT) {
        Action a = mai_put(&x->t, s);
        out->plan[out->plan_len++] = a;
        out->cell = (a - MA_PUT) % 36;
        state_action_text(st, a, &out->words);
        sb_puts(&out->words, put_reason);
        state_action_text(st, a, &out->detail);
        sb_puts(&out->detail, put_reason);
        return;
    }
    prepare(x, s);
    TurnStart ts = {s->player, s->turns, s->tokens[s->player]};
    MorpyamState cur = *s;
    /* the decisions in a row from here: up to a roll or the end of the turn */
    while (out->plan_len < AI_PLAN_MAX) {
        double value;
        Action a = best_action(x, &cur, &value);
        if (out->plan_len == 0)
            explain_choice(x, &cur, a, value, &out->detail);
        else
            sb_puts(&out->words, ", ");
        out->plan[out->plan_len++] = a;
        if (a <= MA_PASS) {
            /* placing or passing: the library's sentence says what it does */
            state_action_text(&cur.base, a, &out->words);
            sb_puts(&out->words, ": ");
            state_describe(&cur.base, a, v, &out->words);
            if (a < MA_PASS) {
                out->cell = a - MA_PLACE;
                out->chance = 1;
            }
            return;
        }
        step_words(&cur, a, &out->words);
        morpyam_apply(&cur.base, a);
        if (turn_over(&cur, &ts) || cur.phase == MP_ROLL)
            break;
    }
    Memo *memo = xcalloc(1, sizeof *memo);
    double ends[ENDS];
    turn_ends_memo(x, &cur, &ts, memo, ends);
    free(memo);
    /* The aim: the square the plan most expects to pay, by chance times value. */
    int aim = -1;
    double token = 0;
    for (int sq = 0; sq < 36; sq++) {
        token += ends[sq];
        double w = ends[sq] * (x->in.val[sq] > 0 ? x->in.val[sq] : 1e-9);
        if (ends[sq] > 1e-12 && (aim < 0 || w > ends[aim] * (x->in.val[aim] > 0 ? x->in.val[aim] : 1e-9)))
            aim = sq;
    }
    sb_puts(&out->words, ": ");
    if (ends[WIN_NOW] > 1e-12) {
        ai_percent_words(ends[WIN_NOW], &out->words);
        sb_puts(&out->words, " to win at once with five alike (daversa)");
        out->chance = ends[WIN_NOW];
        if (aim >= 0)
            sb_puts(&out->words, "; ");
    }
    if (aim >= 0) {
        char name[3];
        morpyam_square_name(aim, name);
        ai_percent_words(ends[aim], &out->words);
        sb_printf(&out->words, " to cover %s (%s)", name, morpyam_kind_name(s->grid[aim]));
        if (out->chance < 0) {
            out->chance = ends[aim];
            out->cell = aim;
        }
        if (token - ends[aim] > 0.005) {
            sb_puts(&out->words, ", ");
            ai_percent_words(token, &out->words);
            sb_puts(&out->words, " to place a token this turn");
        }
    } else if (ends[WIN_NOW] <= 1e-12) {
        sb_puts(&out->words, "no token expected this turn");
        out->chance = 0;
    }
}
