/* Why an action text is not legal in a Morpyam state, in the player's
 * terms: "no 1 is showing to reroll", "a1 needs a small straight: four
 * values in a row", "c3 is taken". parse_action, at the end, reads a text
 * (read.c) and refuses an illegal one with the same reason after "illegal
 * move '...': ". The reason never depends on who typed the text: seats are
 * the front ends' business. */
#include <stdio.h>
#include <string.h>

#include "../../core/utf8.h"
#include "words.h"
#include "ops.h"

/* "b4 or e3" */
static void square_list(uint64_t squares, StrBuf *out)
{
    int n = __builtin_popcountll(squares), i = 0;
    for (uint64_t m = squares; m; m &= m - 1, i++) {
        char name[3];
        morpyam_square_name(__builtin_ctzll(m), name);
        sb_printf(out, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ", name);
    }
}

static uint64_t free_appel(const MorpyamState *s)
{
    return s->kind_sq[MK_APPEL] & ~s->occupied & MORPYAM_ALL;
}

static void no_calls(const MorpyamState *s, StrBuf *why)
{
    sb_puts(why, s->kind_sq[MK_APPEL] ? "every call square is covered, so there is nothing left to call for"
                                      : "this grid has no call square, so there are no calls");
}

/* What the chance node of s is waiting for. */
static void chance_due(const MorpyamState *s, StrBuf *why)
{
    if (s->phase == MP_ROLL)
        sb_printf(why, "the roll of %d di%s comes first (dice and %d value%s)", s->nroll, s->nroll == 1 ? "e" : "ce",
                  s->nroll, s->nroll == 1 ? "" : "s");
    else if (s->phase == MP_ROLLOFF)
        sb_printf(why, "the roll-off for the %s comes first (die and one value)",
                  s->purpose == MR_START ? "first player" : "building order");
    else
        sb_puts(why, "the Plus squares are being dealt first (deal and a square code)");
}

static void chance_refusal(const MorpyamState *s, const MorpyamInput *in, bool chance, StrBuf *why)
{
    const char *decision = "no chance event is due: the player to move has a decision to make";
    if (in->verb == MW_DICE) {
        if (s->phase == MP_ROLL)
            sb_printf(why, "a roll of %d di%s needs %d value%s", s->nroll, s->nroll == 1 ? "e" : "ce", s->nroll,
                      s->nroll == 1 ? "" : "s");
        else if (chance)
            chance_due(s, why);
        else
            sb_puts(why, decision);
    } else if (in->verb == MW_DIE) {
        if (chance)
            chance_due(s, why);
        else
            sb_puts(why, decision);
    } else if (s->cfg->variant != MV_PLUS) {
        sb_puts(why, "squares are dealt only in the Plus variant");
    } else if (s->phase == MP_DEAL) {
        sb_printf(why, "no %s square is left to deal", morpyam_kind_code(in->kind));
    } else {
        sb_puts(why, "all 36 squares are dealt already");
    }
}

/* "no 1 is showing to reroll", "only two 3s are showing to keep" */
static bool dice_not_showing(const MorpyamState *s, const MorpyamInput *in, StrBuf *why)
{
    const MorpyamMultisets *ms = s->cfg->ms;
    const char *to = in->verb == MW_KEEP ? "keep" : "reroll";
    int have[7] = {0};
    for (int i = 0; i < 5; i++)
        have[ms->vals[s->dice][i]]++;
    for (int v = 1; v <= 6; v++) {
        if (in->count[v] <= have[v])
            continue;
        if (have[v] == 0) {
            sb_printf(why, "no %d is showing to %s", v, to);
        } else {
            sb_puts(why, "only ");
            morpyam_count_words(have[v], why);
            sb_printf(why, " %d%s %s showing to %s", v, have[v] == 1 ? "" : "s", have[v] == 1 ? "is" : "are", to);
        }
        return true;
    }
    return false;
}

static void place_refusal(const MorpyamState *s, int sq, StrBuf *why)
{
    const MorpyamMultisets *ms = s->cfg->ms;
    char name[3];
    morpyam_square_name(sq, name);
    if (s->occupied >> sq & 1) {
        sb_printf(why, "%s is taken", name);
        return;
    }
    if (s->phase == MP_FORCED) {
        sb_puts(why, "your call came true: the token must go on a free call square (");
        square_list(free_appel(s), why);
        sb_putc(why, ')');
        return;
    }
    const int kind = s->grid[sq];
    const unsigned figs = ms->figs[s->dice];
    const uint64_t free_morpyam = s->kind_sq[MF_MORPYAM] & ~s->occupied & MORPYAM_ALL;
    if (s->cfg->strict_call && s->called) {
        sb_puts(why, "under strict-call, once you have called this turn only a call that comes true places a token");
    } else if (kind == MK_APPEL) {
        sb_printf(why, "%s is a call square: it takes a token only when a call comes true", name);
    } else if (kind == MF_SEC && s->rolls > 1) {
        sb_printf(why, "%s is an all-in-one square: an all-in-one counts only on the first roll of a turn", name);
    } else if ((figs >> kind & 1) && (figs >> MF_MORPYAM & 1) && free_morpyam && kind != MF_MORPYAM) {
        sb_puts(why, "five alike must go on a free Morpyam square (");
        square_list(free_morpyam, why);
        sb_puts(why, ") while one is free");
    } else if (!(figs >> kind & 1) || kind == MF_SEC) {
        sb_printf(why, "%s needs %s", name, morpyam_kind_need(kind));
    } else {
        sb_puts(why, "not one of the legal actions here");
    }
}

/* Plus building: put CODE SQUARE. */
static void put_refusal(const MorpyamState *s, const MorpyamInput *in, StrBuf *why)
{
    char name[3];
    morpyam_square_name(in->square, name);
    if (s->cfg->variant != MV_PLUS)
        sb_puts(why, "squares are put only while a Plus grid is being built");
    else if (s->phase == MP_DEAL || (s->phase == MP_ROLLOFF && s->purpose == MR_BUILD))
        chance_due(s, why);
    else if (s->phase != MP_PUT)
        sb_puts(why, "the grid is complete: squares are put only while it is being built");
    else if (!s->hand[s->builder][in->kind])
        sb_printf(why, "you have no %s square in your hand", morpyam_kind_code(in->kind));
    else
        sb_printf(why, "%s already holds a square (%s)", name, morpyam_kind_code(s->grid[in->square]));
}

static void decision_refusal(const MorpyamState *s, const MorpyamInput *in, StrBuf *why)
{
    const MorpyamMultisets *ms = s->cfg->ms;
    const int verb = in->verb;
    const int lowest = ms->vals[s->dice][0];
    if (verb == MW_CALL && !(MF_CALLABLE >> in->figure & 1)) {
        sb_printf(why, "%s cannot be called: only ", morpyam_kind_name(in->figure));
        morpyam_callable_words("and", why);
        sb_puts(why, " can");
        return;
    }
    if (s->phase == MP_PUT) {
        sb_puts(why, "the grid is being built: put a square from your hand first (put CODE SQUARE)");
        return;
    }
    if (s->phase == MP_FORCED && verb != MW_PLACE) {
        sb_puts(why, "your call came true: cover a free call square (");
        square_list(free_appel(s), why);
        sb_putc(why, ')');
        return;
    }
    const bool before_roll = s->phase == MP_START || s->phase == MP_CALL_ROLL;
    const bool last_roll_done = s->phase == MP_AFTER && s->rolls == 3;
    switch (verb) {
    case MW_ROLL:
        if (last_roll_done)
            sb_puts(why, "you already rolled three times: place or pass");
        else if (s->phase == MP_CALL_REROLL)
            sb_printf(why, "you called %s: name the dice to reroll for it, e.g. reroll %d", morpyam_kind_name(s->call),
                      lowest);
        else
            sb_printf(why, "the dice are rolled already: name the dice to reroll, e.g. reroll %d", lowest);
        return;
    case MW_PASS: case MW_PLACE:
        if (before_roll)
            sb_puts(why, "roll first: there are no dice yet");
        else if (s->phase == MP_CALL_REROLL)
            sb_printf(why, "you called %s: name the dice to reroll for it first, e.g. reroll %d",
                      morpyam_kind_name(s->call), lowest);
        else if (verb == MW_PLACE)
            place_refusal(s, in->square, why);
        else
            sb_puts(why, "not one of the legal actions here");
        return;
    case MW_CALL:
        if (!free_appel(s))
            no_calls(s, why);
        else if (s->phase == MP_CALL_ROLL || s->phase == MP_CALL_REROLL)
            sb_printf(why, "you already called %s for this roll", morpyam_kind_name(s->call));
        else if (last_roll_done)
            sb_puts(why, "you already rolled three times: no roll is left to call for");
        else if (in->figure == MF_SEC)
            sb_puts(why, "an all-in-one (sec) can be called only before the first roll");
        else
            sb_puts(why, "not one of the legal actions here");
        return;
    case MW_REROLL: case MW_KEEP:
        if (before_roll)
            sb_puts(why, "roll first: there are no dice yet");
        else if (last_roll_done)
            sb_puts(why, "you already rolled three times: place or pass");
        else if (dice_not_showing(s, in, why))
            return;
        else if (in->key == ms->key[s->dice] && verb == MW_KEEP)
            sb_puts(why, s->phase == MP_CALL_REROLL ? "a call needs at least one die rerolled"
                                                    : "keeping all five dice leaves none to reroll: place or pass instead");
        else
            sb_puts(why, "not one of the legal actions here");
        return;
    default:
        sb_puts(why, "not one of the legal actions here");
        return;
    }
}

void morpyam_refusal(const MorpyamState *s, const MorpyamInput *in, StrBuf *why)
{
    const int p = s->base.game->ops->current_player(&s->base);
    const bool chance = p == PLAYER_CHANCE;
    if (s->phase == MP_OVER)
        sb_puts(why, "the game is over");
    else if (in->verb == MW_DICE || in->verb == MW_DIE || in->verb == MW_DEAL)
        chance_refusal(s, in, chance, why);
    else if (in->verb == MW_PUT)
        put_refusal(s, in, why);
    else if (chance && in->verb == MW_CALL && s->phase == MP_ROLL && s->rolls == 0 && !free_appel(s))
        no_calls(s, why);
    else if (chance && in->verb == MW_RESIGN)
        sb_puts(why, "a player resigns at one of their own decisions, not during a chance event");
    else if (chance)
        chance_due(s, why);
    else
        decision_refusal(s, in, why);
}

/* A first word that is no verb: what it was taken for, then what this turn
 * allows (the forms of its legal actions), instead of every form of every
 * variant and dice mode. */
static void unknown_word(const MorpyamState *s, const char *text, StrBuf *why)
{
    char first[128], word[EXCERPT_SIZE];
    snprintf(first, sizeof first, "%.*s", (int)strcspn(text, " \t"), text);
    text_excerpt(first, EXCERPT_MAX, word, sizeof word);
    sb_clear(why);
    bool square = word[0] >= 'a' && word[0] <= 'z' && word[1] >= '0' && word[1] <= '9' &&
                  (!word[2] || (word[2] >= '0' && word[2] <= '9' && !word[3]));
    if (square)
        sb_printf(why, "%s was taken for a square, but the squares are a1 to f6", word);
    else
        sb_printf(why, "'%s' is not a move", word);
    const State *st = &s->base;
    if (st->game->ops->current_player(st) == PLAYER_CHANCE) {
        sb_puts(why, ": ");
        chance_due(s, why);
        return;
    }
    /* the forms, in the order of the verbs: which of them the legal actions use */
    static const char *const forms[] = {"roll", "call FIGURE", "reroll V..", "keep V..", "place SQUARE", "pass",
                                        "put CODE SQUARE", "resign"};
    bool used[8] = {[7] = true};
    Action acts[MAX_ACTIONS];
    int n = st->game->ops->legal_actions(st, acts);
    for (int i = 0; i < n; i++) {
        Action a = acts[i];
        used[0] |= a == MA_ROLL;
        used[1] |= a >= MA_CALL && a < MA_CALL + MF_COUNT;
        bool reroll = a >= MA_REROLL && a < MA_PUT; /* keep V.. is a reroll of the other dice */
        used[2] |= reroll;
        used[3] |= reroll;
        used[4] |= a >= MA_PLACE && a < MA_PLACE + 36;
        used[5] |= a == MA_PASS;
        used[6] |= a >= MA_PUT && a < MA_DICE;
    }
    int count = 0, k = 0;
    for (int i = 0; i < 8; i++)
        count += used[i];
    sb_puts(why, "; this turn allows ");
    for (int i = 0; i < 8; i++) {
        if (!used[i])
            continue;
        if (k)
            sb_puts(why, k == count - 1 ? " or " : ", ");
        sb_puts(why, forms[i]);
        k++;
    }
}

bool morpyam_why_not(const State *st, const char *text, StrBuf *out)
{
    const MorpyamState *s = morpyam_state(st);
    MorpyamInput in;
    StrBuf why = STRBUF_INIT;
    bool refused = true;
    Action leave;
    char reason[ERR_MAX];
    int is_leave = leave_parse(text, s->cfg->players, &leave, reason, sizeof reason);
    if (is_leave != 0) {
        if (is_leave > 0 && morpyam_action_legal(s, leave))
            return false;
        sb_puts(out, is_leave < 0 ? reason : morpyam_leave_refusal(s));
        return true;
    }
    if (morpyam_read_input(text, &in, &why)) {
        Action a = morpyam_input_action(s, &in);
        if (a >= 0 && morpyam_action_legal(s, a))
            refused = false;
        else
            morpyam_refusal(s, &in, &why);
    } else if (in.verb == -1) {
        unknown_word(s, text, &why);
    }
    if (refused)
        sb_puts(out, sb_str(&why));
    sb_free(&why);
    return refused;
}

bool morpyam_parse_action(const State *st, const char *text, Action *out, char *err, size_t errlen)
{
    const MorpyamState *s = morpyam_state(st);
    MorpyamInput in;
    StrBuf why = STRBUF_INIT;
    bool ok = false;
    char reason[ERR_MAX];
    int leave = leave_parse(text, s->cfg->players, out, reason, sizeof reason);
    if (leave < 0)
        snprintf(err, errlen, "malformed action '%.40s': %s", text, reason);
    else if (leave > 0 && !morpyam_action_legal(s, *out))
        snprintf(err, errlen, "illegal move '%.40s': %s", text, morpyam_leave_refusal(s));
    if (leave != 0)
        return leave > 0 && morpyam_action_legal(s, *out);
    if (!morpyam_read_input(text, &in, &why)) {
        if (in.verb == -1)
            unknown_word(s, text, &why);
        snprintf(err, errlen, "malformed action '%.40s': %s", text, sb_str(&why));
    } else {
        Action a = morpyam_input_action(s, &in);
        if (a >= 0 && morpyam_action_legal(s, a)) {
            *out = a;
            ok = true;
        } else {
            morpyam_refusal(s, &in, &why);
            snprintf(err, errlen, "illegal move '%.60s': %s", text, sb_str(&why));
        }
    }
    sb_free(&why);
    return ok;
}
