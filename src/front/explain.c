#include "explain.h"

#include <stdio.h>
#include <string.h>

#include "../core/utf8.h"

bool explain_rules_error(const char *err)
{
    return strncmp(err, "illegal move", 12) == 0 || strncmp(err, "malformed", 9) == 0;
}

int explain_apply_for_seat(Session *s, int seat, const char *text, bool may_roll, char *msg, size_t msglen)
{
    char err[ERR_MAX];
    if (session_apply_for_seat(s, seat, text, may_roll, err, sizeof err))
        return 0;
    StrBuf why = STRBUF_INIT;
    char q[EXCERPT_SIZE];
    int status = 422;
    if (explain_refusal(s->state, text, err, &why))
        snprintf(msg, msglen, "illegal action '%s': %s", text_excerpt(text, EXCERPT_MAX, q, sizeof q), sb_str(&why));
    else if (snprintf(msg, msglen, "%s", err), !explain_rules_error(err))
        status = 403;
    sb_free(&why);
    return status;
}

bool explain_refusal(const State *s, const char *text, const char *err, StrBuf *out)
{
    if (!explain_rules_error(err))
        return false;
    State *work = state_clone(s);
    Action actions[STATE_TEXT_PARTS];
    int players[STATE_TEXT_PARTS];
    char ignored[ERR_MAX];
    int n = state_parse_text(work, text, actions, players, ignored, sizeof ignored);
    bool found = false;
    if (n < 0 && !strchr(text, ',')) {
        found = state_why_not(work, text, out);
    } else if (n < 0) {
        /* part -1 - n failed, in the state the parts before it made */
        const char *p = text;
        for (int k = 0; k < -1 - n && p; k++) {
            p = strchr(p, ',');
            p = p ? p + 1 : NULL;
        }
        char part[STATE_TEXT_PART_MAX + 1];
        size_t len = p ? strcspn(p, ",") : 0;
        if (p && len < sizeof part) {
            memcpy(part, p, len);
            part[len] = '\0';
            StrBuf reason = STRBUF_INIT;
            if (state_why_not(work, part, &reason)) {
                sb_printf(out, "%s: %s", part, sb_str(&reason));
                found = true;
            }
            sb_free(&reason);
        }
    }
    state_free(work);
    return found;
}

static bool has_cells(const Mark *m)
{
    for (int w = 0; w < MARK_CELL_WORDS; w++)
        if (m->cells[w])
            return true;
    return false;
}

void explain_last_turn(const Session *s, Marks *out)
{
    State *st = state_new(s->game);
    marks_reset(out, 0, 0);
    int owner = -2;  /* the seat whose turn the mark shows */
    int mover = -2;  /* the seat of the latest decision */
    bool new_turn = false; /* a decision of another seat came since the mark's turn */
    Mark merged;
    memset(&merged, 0, sizeof merged);
    merged.kind = MARK_LAST;
    for (int i = 0; i < s->count; i++) {
        Action a;
        char err[ERR_MAX];
        if (!s->game->ops->parse_action(st, s->steps[i].text, &a, err, sizeof err))
            break; /* cannot happen: the session applied it */
        int player = s->steps[i].player;
        if (player >= 0) {
            /* A turn is a run of decisions of one seat: a later turn of the
             * same seat (the others passed in between) starts a new mark. */
            new_turn |= player != mover;
            mover = player;
            Marks m;
            state_action_marks(st, a, &m);
            for (int k = 0; k < m.count; k++) {
                const Mark *mk = &m.items[k];
                if (mk->kind != MARK_LAST || !has_cells(mk))
                    continue;
                if (new_turn) {
                    memset(merged.cells, 0, sizeof merged.cells);
                    merged.points = 0;
                    owner = player;
                    new_turn = false;
                }
                for (int w = 0; w < MARK_CELL_WORDS; w++)
                    merged.cells[w] |= mk->cells[w];
                merged.player = mk->player;
                merged.points = (int16_t)(merged.points + mk->points);
                snprintf(merged.label, sizeof merged.label, "%s", mk->label);
                out->width = m.width;
                out->height = m.height;
            }
        }
        state_apply(st, a);
    }
    if (owner != -2) {
        out->items[0] = merged;
        out->count = 1;
    }
    state_free(st);
}
