/* The "expert" level for Morpyam. Each free square gets a value: the win
 * chance after placing there minus the win chance after passing (see
 * morpyam_eval.c; the next player's reply turn is solved too, see
 * mai_two_ply). The dice are then played exactly for the whole turn by
 * the expectimax of mai_turn_solve: every roll outcome, every keep, every
 * call (Sec included), stopping, placing or passing. The values and the
 * turn tables are computed once per turn and reused by every decision of
 * that turn. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "levels.h"
#include "morpyam_ai.h"

typedef struct Expert {
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
} Expert;

static bool expert_create(Ai *ai, const char *params, char *err, size_t errlen)
{
    if (params[0]) {
        snprintf(err, errlen, "AI level 'expert' takes no parameters, got '%s'", params);
        return false;
    }
    Expert *x = calloc(1, sizeof *x);
    if (!x) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    mai_tables_init(&x->t, ai->game->config);
    mai_eval_init(&x->eval, &x->t);
    ai->data = x;
    return true;
}

static void expert_destroy(Ai *ai)
{
    free(ai->data);
}

/* Square values and turn tables for the turn of s, unless already there. */
static void prepare(Expert *x, const MorpyamState *s)
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
    const MorpyamMultisets *ms = &s->cfg->ms;
    return morpyam_ms_id(ms, ms->key[s->dice] - ms->key[sub]);
}

/* Best value of calling f now and rerolling the best dice for it. */
static double call_value(const Expert *x, const MorpyamState *s, int f)
{
    if (s->rolls == 0)
        return x->turn.EC[1][0][f];
    int d = s->dice - s->cfg->ms.first[5];
    double v = MAI_NEG;
    for (int i = 0; i < x->t.nsub[d]; i++)
        if (x->turn.EC[s->rolls + 1][x->t.keep[d][i]][f] > v)
            v = x->turn.EC[s->rolls + 1][x->t.keep[d][i]][f];
    return v;
}

static double action_value(const Expert *x, const MorpyamState *s, Action a)
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

static const char *kind_name(int kind)
{
    return kind == MK_APPEL ? "appel" : morpyam_figure_id(kind);
}

/* The square the dice most often end on, weighted by its value, when
 * rolling r after keeping keep (for the explanation only). */
static int aim_of(const Expert *x, int keep, int r)
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

static void explain_choice(const Expert *x, const MorpyamState *s, Action a, double v, StrBuf *out)
{
    const MorpyamMultisets *ms = &s->cfg->ms;
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
        sb_puts(out, " (aiming at appel");
        for (uint64_t m = x->in.appel; m; m &= m - 1) {
            morpyam_square_name(__builtin_ctzll(m), name);
            sb_printf(out, " %s", name);
        }
        sb_puts(out, ")");
    } else if (aim >= 0) {
        morpyam_square_name(aim, name);
        sb_printf(out, " (aiming at %s %s)", kind_name(s->grid[aim]), name);
    }
    sb_printf(out, ", expected value %+.4f (win chance %.1f%% -> %.1f%%)", v, 100 * x->base, 100 * (x->base + v));
}

static Action expert_choose(Ai *ai, const State *st, StrBuf *explain)
{
    Expert *x = ai->data;
    const MorpyamState *s = (const MorpyamState *)st;
    if (s->phase == MP_PUT) {
        Action a = mai_put(&x->t, s);
        if (explain) {
            state_action_text(st, a, explain);
            sb_puts(explain, ": the easiest square of the hand where the most lines cross");
        }
        return a;
    }
    prepare(x, s);
    Action acts[MAX_ACTIONS];
    int n = state_legal_actions(st, acts);
    Action best = acts[0];
    double best_v = action_value(x, s, acts[0]);
    for (int i = 1; i < n; i++) {
        double v = action_value(x, s, acts[i]);
        if (v > best_v + 1e-12) {
            best = acts[i];
            best_v = v;
        }
    }
    if (explain)
        explain_choice(x, s, best, best_v, explain);
    return best;
}

const AiOps ai_expert_ops = {
    .name = "expert",
    .summary = "exact expectimax over the dice of the turn on an evaluation of every square (Morpyam)",
    .games = "morpyam",
    .create = expert_create,
    .choose = expert_choose,
    .destroy = expert_destroy,
};
