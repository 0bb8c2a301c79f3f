/* One sentence for people about a Morpyam action in the context of the
 * state before it: "P2 keeps 3 3 3 and rerolls two dice", "P2 covers f2
 * (three 3s) and scores a line of three (+1)". What follows an action (a
 * call coming true, the turn passing, the game ending) is read from a copy
 * of the state with the action applied, so the words never re-derive a
 * rule the engine already applies. */
#include <stdio.h>
#include <string.h>

#include "words.h"
#include "ops.h"

/* Parts of a sentence joined as "A, B and C". */
typedef struct Parts {
    StrBuf text[8];
    int count;
} Parts;

static StrBuf *part(Parts *p)
{
    return &p->text[p->count++];
}

static void parts_out(Parts *p, StrBuf *out)
{
    for (int i = 0; i < p->count; i++) {
        sb_printf(out, "%s%s", i == 0 ? "" : i == p->count - 1 ? " and " : ", ", sb_str(&p->text[i]));
        sb_free(&p->text[i]);
    }
}

/* "; the turn limit of 1000 turns is reached: ..." when the action ended
 * the game at the turn limit. */
static void cap_words(const MorpyamState *t, const Voice *v, StrBuf *out)
{
    if (t->phase == MP_OVER && t->how == MH_CAP) {
        sb_puts(out, "; ");
        morpyam_outcome_words(t, v, out);
    }
}

static void describe_place(const MorpyamState *s, const MorpyamState *t, int sq, const Voice *v, StrBuf *out)
{
    char buf[8], name[3];
    const char *who = voice_name(v, s->player, buf);
    const int kind = s->grid[sq];
    Parts parts = {.count = 0};
    memset(parts.text, 0, sizeof parts.text);
    morpyam_square_name(sq, name);
    StrBuf *first = part(&parts);
    if (kind == MF_MORPYAM) {
        sb_printf(first, "%s covers the Morpyam square %s", who, name);
    } else {
        if (kind == MF_SEC || kind == MK_APPEL)
            sb_printf(first, "%s covers the %s square %s (", who, morpyam_kind_name(kind), name);
        else
            sb_printf(first, "%s covers %s (", who, name);
        morpyam_made_words(s->cfg->ms, s->dice, kind, first);
        sb_putc(first, ')');
    }
    MorpyamGain g;
    morpyam_gain(s->tokens[s->player], sq, s->cfg->players, &g);
    if (g.ko_len) {
        StrBuf *ko = part(&parts);
        sb_puts(ko, "makes a line of ");
        morpyam_count_words(g.ko_len, ko);
        sb_printf(ko, ": KO, %s wins", who);
        parts_out(&parts, out);
        return;
    }
    /* new lines of three and four together, lines grown from three apart */
    int made[5] = {0}, grown = 0, made_points = 0, grown_points = 0;
    for (int i = 0; i < g.count; i++) {
        if (g.from[i]) {
            grown++;
            grown_points += g.points[i];
        } else {
            made[g.len[i]]++;
            made_points += g.points[i];
        }
    }
    if (made[3] || made[4]) {
        StrBuf *p = part(&parts);
        sb_puts(p, "scores ");
        for (int len = 3; len <= 4; len++) {
            if (!made[len])
                continue;
            if (len == 4 && made[3])
                sb_puts(p, " and ");
            if (made[len] == 1) {
                sb_puts(p, "a line");
            } else {
                morpyam_count_words(made[len], p);
                sb_puts(p, " lines");
            }
            sb_puts(p, len == 3 ? " of three" : " of four");
        }
        sb_printf(p, " (+%d)", made_points);
    }
    if (grown == 1) {
        sb_printf(part(&parts), "grows a line of three into a line of four (+%d)", grown_points);
    } else if (grown) {
        StrBuf *p = part(&parts);
        sb_puts(p, "grows ");
        morpyam_count_words(grown, p);
        sb_printf(p, " lines of three into lines of four (+%d)", grown_points);
    }
    bool over = t->phase == MP_OVER;
    if (kind == MF_MORPYAM && !over)
        sb_puts(part(&parts), "plays again");
    parts_out(&parts, out);
    if (over && t->how == MH_POINTS) {
        sb_printf(out, "; that was %s's last token: end bonus (+1), and ", who);
        morpyam_outcome_words(t, v, out);
    }
    cap_words(t, v, out);
}

static void describe_roll(const MorpyamState *s, const MorpyamState *t, int id, const Voice *v, StrBuf *out)
{
    const MorpyamMultisets *ms = s->cfg->ms;
    char buf[8];
    const char *who = voice_name(v, s->player, buf);
    sb_printf(out, "%s rolls", who);
    morpyam_put_values(ms, id, out);
    if (ms->size[id] < 5) {
        sb_puts(out, ": the dice now show");
        morpyam_put_values(ms, t->dice, out);
    }
    const int roll = s->rolls + 1;
    const unsigned figs = ms->figs[t->dice];
    if (s->cfg->daversa && s->replay && (figs >> MF_MORPYAM & 1)) {
        sb_printf(out, "; five alike in a replay turn: KO under the daversa rule, %s wins", who);
        return;
    }
    bool turn_over = t->phase == MP_OVER || t->turns != s->turns;
    if (s->call >= 0) {
        const char *called = morpyam_kind_name(s->call);
        if (t->phase == MP_FORCED)
            sb_printf(out, "; the call of %s comes true: %s must cover a call square", called, who);
        else if (roll == 3)
            sb_printf(out, "; %s's call of %s fails: no token this turn", who, called);
        else if (s->cfg->strict_call)
            sb_printf(out, "; the call of %s misses, and under strict-call only a call that comes true "
                           "can place a token this turn", called);
        else
            sb_printf(out, "; the call of %s misses", called);
    } else if (turn_over) {
        sb_puts(out, s->cfg->strict_call && s->called
                         ? "; under strict-call only a call that comes true could place a token: no token this turn"
                         : "; nothing can be covered: no token this turn");
    }
    if (roll == 1 && t->phase == MP_AFTER && (t->can_place & t->kind_sq[MF_SEC])) {
        StrBuf sec = STRBUF_INIT;
        morpyam_sec_words(ms, t->dice, &sec);
        sb_printf(out, "; %s on the first roll make%s an all-in-one", sb_str(&sec), strstr(sb_str(&sec), " and ") ? "" : "s");
        sb_free(&sec);
    }
    cap_words(t, v, out);
}

static void describe_die(const MorpyamState *s, const MorpyamState *t, int value, const Voice *v, StrBuf *out)
{
    char buf[8];
    int who = morpyam_roller(s);
    const bool start = s->purpose == MR_START;
    sb_printf(out, "%s rolls %d for the %s", voice_name(v, who, buf), value, start ? "first player" : "building order");
    bool round_done = t->phase != MP_ROLLOFF || t->rolled == 0;
    if (!round_done)
        return;
    sb_puts(out, ": ");
    if (t->phase == MP_ROLLOFF) {
        morpyam_names(v, t->contenders, out);
        sb_puts(out, start ? " tie for the highest and roll again" : " tie and roll again to settle their order");
    } else if (start) {
        sb_printf(out, "%s starts", voice_name(v, t->player, buf));
    } else {
        sb_printf(out, "%s builds first", voice_name(v, t->builder, buf));
    }
}

/* Player p leaves: resigns (in turn or not) or runs out of time. */
static void describe_leave(const MorpyamState *s, const MorpyamState *t, int p, int why, const Voice *v,
                           StrBuf *out)
{
    char buf[8];
    sb_printf(out, "%s %s", voice_name(v, p, buf), why == LEAVE_TIME ? "runs out of time" : "resigns");
    if (t->phase == MP_OVER && (t->how == MH_FORFEIT || t->how == MH_TIME)) {
        sb_puts(out, ": ");
        morpyam_names(v, t->winners, out);
        sb_puts(out, t->how == MH_TIME ? " wins on time" : " wins by forfeit");
        return;
    }
    if (s->phase == MP_PUT || (s->phase == MP_ROLLOFF && s->purpose == MR_BUILD))
        sb_puts(out, ", and the squares left in their hand are put on the first free positions");
    else if (s->phase == MP_DEAL)
        sb_puts(out, ", and the squares dealt to them go on the first free positions once the deal ends");
    sb_puts(out, "; ");
    morpyam_names(v, t->alive, out);
    sb_puts(out, " play on");
    cap_words(t, v, out);
}

void morpyam_describe(const State *st, Action a, const Voice *v, StrBuf *out)
{
    const MorpyamState *s = morpyam_state(st);
    const MorpyamMultisets *ms = s->cfg->ms;
    char buf[8], name[3];
    if (!morpyam_action_legal(s, a)) {
        /* not the contract, but a sentence all the same */
        sb_puts(out, "an action that is not legal here: ");
        st->game->ops->action_text(st, a, out);
        return;
    }
    State *after = st->game->ops->clone(st);
    st->game->ops->apply(after, a);
    const MorpyamState *t = morpyam_state(after);
    const char *who = voice_name(v, s->player, buf);
    if (a == ACTION_RESIGN) {
        describe_leave(s, t, st->game->ops->current_player(st), LEAVE_RESIGN, v, out);
    } else if (action_is_leave(a)) {
        describe_leave(s, t, leave_player(a), leave_why(a), v, out);
    } else if (a >= MA_DEAL) {
        int kind = a - MA_DEAL;
        sb_printf(out, "%s is dealt a square %s (%s)", voice_name(v, s->dealt % s->cfg->players, buf),
                  morpyam_kind_code(kind), morpyam_kind_name(kind));
        if (t->phase != MP_DEAL)
            sb_puts(out, "; all 36 squares are dealt");
    } else if (a >= MA_DIE) {
        describe_die(s, t, a - MA_DIE, v, out);
    } else if (a >= MA_DICE) {
        describe_roll(s, t, a - MA_DICE, v, out);
    } else if (a >= MA_PUT) {
        int kind = (a - MA_PUT) / 36;
        morpyam_square_name((a - MA_PUT) % 36, name);
        sb_printf(out, "%s puts %s (%s) on %s", voice_name(v, s->builder, buf), morpyam_kind_code(kind),
                  morpyam_kind_name(kind), name);
        if (t->phase == MP_PUT && t->builder != s->builder)
            sb_printf(out, "; %s builds next", voice_name(v, t->builder, buf));
        else if (t->phase != MP_PUT)
            sb_puts(out, "; the grid is complete");
    } else if (a >= MA_REROLL) {
        int sub = a - MA_REROLL, kept = morpyam_ms_id(ms, ms->key[s->dice] - ms->key[sub]);
        if (ms->size[kept]) {
            sb_printf(out, "%s keeps", who);
            morpyam_put_values(ms, kept, out);
            sb_puts(out, " and rerolls ");
            morpyam_count_words(ms->size[sub], out);
            sb_puts(out, ms->size[sub] == 1 ? " die" : " dice");
        } else {
            sb_printf(out, "%s rerolls all five dice", who);
        }
        if (s->call >= 0)
            sb_printf(out, " for the call of %s", morpyam_kind_name(s->call));
    } else if (a >= MA_CALL) {
        sb_printf(out, "%s calls %s", who, morpyam_kind_name(a - MA_CALL));
    } else if (a == MA_ROLL) {
        if (s->call >= 0)
            sb_printf(out, "%s rolls for the call of %s", who, morpyam_kind_name(s->call));
        else
            sb_printf(out, "%s rolls without a call", who);
    } else if (a == MA_PASS) {
        sb_printf(out, "%s passes: no token this turn", who);
        cap_words(t, v, out);
    } else {
        describe_place(s, t, a - MA_PLACE, v, out);
    }
    st->game->ops->free_state(after);
}
