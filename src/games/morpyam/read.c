/* Reading a Morpyam action text: its form (a malformed text says what was
 * expected), then the action it means in a state and whether that action
 * is legal there. Why an illegal one is refused, and parse_action, which
 * puts both together, are in why_not.c. */
#include <stdio.h>
#include <string.h>

#include "words.h"
#include "ops.h"

static const char expected_any[] =
    "expected roll, call FIGURE, reroll V.., keep V.., place SQUARE, pass, put CODE SQUARE, resign, "
    "or a chance outcome dice V.., die V, deal CODE";

/* Die values after a verb into in; false with the reason. */
static bool read_values(char **words, int n, const char *verb, MorpyamInput *in, StrBuf *why)
{
    static const int weight[7] = {0, 1, 6, 36, 216, 1296, 7776};
    for (int i = 0; i < n; i++) {
        const char *w = words[i];
        size_t len = strlen(w), digits = strspn(w, "0123456789");
        if (digits == len && len > 1) {
            sb_printf(why, "write the values apart, e.g. %s 1 4 6", verb);
            return false;
        }
        if (digits == 1 && len == 1 && (w[0] < '1' || w[0] > '6')) {
            sb_puts(why, "a die shows 1 to 6");
            return false;
        }
        if (len != 1 || w[0] < '1' || w[0] > '6') {
            sb_printf(why, "expected die values 1 to 6 after %s, e.g. %s 1 4", verb, verb);
            return false;
        }
    }
    if (n > 5) {
        sb_puts(why, "there are only five dice");
        return false;
    }
    in->size = n;
    in->key = 0;
    memset(in->count, 0, sizeof in->count);
    for (int i = 0; i < n; i++) {
        in->count[words[i][0] - '0']++;
        in->key += weight[words[i][0] - '0'];
    }
    return true;
}

static bool read_square(const char *word, int *sq, StrBuf *why)
{
    *sq = morpyam_square_from_name(word);
    if (*sq < 0)
        sb_puts(why, "square must be a1..f6");
    return *sq >= 0;
}

static bool read_code(const char *word, int *kind, StrBuf *why)
{
    *kind = morpyam_kind_from_code(word);
    if (*kind < 0)
        sb_puts(why, "square codes are 1-6, PS, SU, FU, CA, MI, MA, MO, SE and AP");
    return *kind >= 0;
}

bool morpyam_read_input(const char *text, MorpyamInput *in, StrBuf *why)
{
    static const char *const verbs[] = {"resign", "pass", "roll", "place", "call", "reroll",
                                        "keep", "dice", "die", "deal", "put"};
    char buf[128];
    char *words[8];
    int n = 0;
    memset(in, 0, sizeof *in);
    if (strlen(text) >= sizeof buf) {
        sb_printf(why, "too long (%s)", expected_any);
        return false;
    }
    snprintf(buf, sizeof buf, "%s", text);
    char *save = NULL;
    for (char *w = strtok_r(buf, " \t", &save); w && n < 8; w = strtok_r(NULL, " \t", &save))
        words[n++] = w;
    if (n == 0) {
        sb_printf(why, "empty (%s)", expected_any);
        return false;
    }
    in->verb = -1;
    for (int v = 0; v < (int)(sizeof verbs / sizeof verbs[0]); v++)
        if (strcmp(words[0], verbs[v]) == 0)
            in->verb = v;
    switch (in->verb) {
    case MW_RESIGN: case MW_PASS: case MW_ROLL:
        if (n == 1)
            return true;
        sb_printf(why, "'%s' takes nothing after it", words[0]);
        return false;
    case MW_PLACE:
        if (n == 2)
            return read_square(words[1], &in->square, why);
        sb_puts(why, "expected place and one square, e.g. place c3");
        return false;
    case MW_CALL: {
        /* a figure by its id or its name, which may be two words ("full house") */
        char figure[64];
        snprintf(figure, sizeof figure, "%s%s%s", n > 1 ? words[1] : "", n == 3 ? " " : "", n == 3 ? words[2] : "");
        if ((n == 2 || n == 3) && (in->figure = morpyam_figure_from_word(figure)) >= 0)
            return true;
        if (n == 2 || n == 3) {
            sb_puts(why, "callable figures are ");
            morpyam_callable_words("and", why);
        } else {
            sb_puts(why, "expected call and one figure, e.g. call square");
        }
        return false;
    }
    case MW_REROLL: case MW_DICE:
        if (n == 1) {
            sb_puts(why, in->verb == MW_DICE ? "a roll needs its values, e.g. dice 1 3 3 4 6"
                                             : "name the dice to reroll by their values, e.g. reroll 1 4");
            return false;
        }
        return read_values(words + 1, n - 1, words[0], in, why);
    case MW_KEEP: /* keep nothing: reroll all five */
        return read_values(words + 1, n - 1, words[0], in, why);
    case MW_DIE:
        if (n == 2 && strlen(words[1]) == 1 && words[1][0] >= '1' && words[1][0] <= '6') {
            in->value = words[1][0] - '0';
            return true;
        }
        if (n == 2 && strspn(words[1], "0123456789") == strlen(words[1]))
            sb_puts(why, "a die shows 1 to 6");
        else
            sb_puts(why, "expected die and one value, e.g. die 4");
        return false;
    case MW_DEAL:
        if (n == 2)
            return read_code(words[1], &in->kind, why);
        sb_puts(why, "expected deal and one square code, e.g. deal CA");
        return false;
    case MW_PUT:
        if (n == 3)
            return read_code(words[1], &in->kind, why) && read_square(words[2], &in->square, why);
        sb_puts(why, "expected put, a square code and a square, e.g. put CA c3");
        return false;
    default:
        sb_puts(why, expected_any);
        return false;
    }
}

Action morpyam_input_action(const MorpyamState *s, const MorpyamInput *in)
{
    const MorpyamMultisets *ms = s->cfg->ms;
    switch (in->verb) {
    case MW_RESIGN: return ACTION_RESIGN;
    case MW_PASS: return MA_PASS;
    case MW_ROLL: return MA_ROLL;
    case MW_PLACE: return MA_PLACE + in->square;
    case MW_CALL: return MA_CALL + in->figure;
    case MW_REROLL: return MA_REROLL + morpyam_ms_id(ms, in->key);
    case MW_DICE: return MA_DICE + morpyam_ms_id(ms, in->key);
    case MW_DIE: return MA_DIE + in->value;
    case MW_DEAL: return MA_DEAL + in->kind;
    case MW_PUT: return MA_PUT + in->kind * 36 + in->square;
    case MW_KEEP: {
        /* keep: reroll the rest of the dice, which must be showing */
        if (s->rolls == 0)
            return -1;
        const int have = ms->key[s->dice];
        for (int v = 1, w = 1; v <= 6; v++, w *= 6)
            if (in->count[v] > have / w % 6)
                return -1;
        return have == in->key ? -1 : MA_REROLL + morpyam_ms_id(ms, have - in->key);
    }
    default: return -1;
    }
}

const char *morpyam_leave_refusal(const MorpyamState *s)
{
    return s->phase == MP_OVER ? "the game is over" : "that player has left the game already";
}

bool morpyam_action_legal(const MorpyamState *s, Action a)
{
    const State *st = &s->base;
    int p = st->game->ops->current_player(st);
    if (p != PLAYER_CHANCE || action_is_leave(a))
        return st->game->ops->is_legal(st, a);
    if (a == ACTION_RESIGN)
        return false;
    ChanceOutcome outs[MAX_ACTIONS];
    int n = st->game->ops->chance_outcomes(st, outs);
    for (int i = 0; i < n; i++)
        if (outs[i].action == a)
            return true;
    return false;
}
