/* The JSON a page draws a game from (view_json.h). */
#include "view_json.h"

#include <stdlib.h>

#include "../core/xalloc.h"
#include "game_json.h"
#include "json_text.h"

void view_action_with(const GameView *view, const State *s, Action a, const Voice *v, StrBuf *out, StrBuf *text,
                      StrBuf *words)
{
    sb_clear(text);
    sb_clear(words);
    state_action_text(s, a, text);
    state_describe(s, a, v, words);
    sb_puts(out, "{\"action\":");
    sb_json_string(out, sb_str(text));
    sb_puts(out, ",\"text\":");
    sb_json_string(out, sb_str(words));
    view->action_fields(s, a, out);
    sb_putc(out, '}');
}

void view_action(const GameView *view, const State *s, Action a, const Voice *v, StrBuf *out)
{
    StrBuf text = STRBUF_INIT, words = STRBUF_INIT;
    view_action_with(view, s, a, v, out, &text, &words);
    sb_free(&text);
    sb_free(&words);
}

json_t *view_action_json(const GameView *view, const State *s, Action a, const Voice *v)
{
    StrBuf out = STRBUF_INIT;
    view_action(view, s, a, v, &out);
    json_t *obj = json_loads(sb_str(&out), 0, NULL);
    sb_free(&out);
    return obj;
}

/* Appends v compactly, then releases it. */
static void put_json(StrBuf *out, json_t *v)
{
    char *text = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
    sb_puts(out, text ? text : "null");
    free(text);
    json_decref(v);
}

static void put_marks(StrBuf *out, const Marks *m)
{
    marks_to_text(m, out);
}

void view_entry(const GameView *view, const State *before, Action a, const char *text, int player, int index,
                const Voice *v, StrBuf *out)
{
    StrBuf words = STRBUF_INIT;
    state_describe(before, a, v, &words);
    Marks *m = xmalloc(sizeof *m);
    state_action_marks(before, a, m);
    sb_printf(out, "{\"index\":%d,\"action\":", index);
    sb_json_string(out, text);
    if (player >= 0)
        sb_printf(out, ",\"player\":%d", player + 1);
    else
        sb_puts(out, ",\"player\":null");
    sb_puts(out, ",\"text\":");
    sb_json_string(out, sb_str(&words));
    sb_puts(out, ",\"marks\":");
    put_marks(out, m);
    view->action_fields(before, a, out);
    sb_putc(out, '}');
    free(m);
    sb_free(&words);
}

void view_legal(const GameView *view, const State *s, const Voice *v, StrBuf *out)
{
    sb_putc(out, '[');
    if (state_player(s) >= 0) {
        Action actions[MAX_ACTIONS];
        int n = state_legal_actions(s, actions);
        StrBuf text = STRBUF_INIT, words = STRBUF_INIT;
        for (int i = 0; i < n; i++) {
            if (i)
                sb_putc(out, ',');
            view_action_with(view, s, actions[i], v, out, &text, &words);
        }
        sb_free(&text);
        sb_free(&words);
    }
    sb_putc(out, ']');
}

json_t *view_result_json(const State *s, const Voice *v)
{
    json_t *result = game_result_to_json(s);
    if (json_is_object(result)) {
        StrBuf words = STRBUF_INIT;
        state_describe_result(s, v, &words);
        json_object_set_new(result, "text", json_string(sb_str(&words)));
        sb_free(&words);
    }
    return result;
}

void view_position(const GameView *view, const State *s, const Voice *v, int typing, StrBuf *out)
{
    int player = state_player(s);
    if (player >= 0)
        sb_printf(out, ",\"to_move\":%d", player + 1);
    else
        sb_puts(out, ",\"to_move\":null");
    if (player == PLAYER_CHANCE) {
        if (typing > 0)
            sb_printf(out, ",\"chance\":{\"seat\":%d", typing);
        else
            sb_puts(out, ",\"chance\":{\"seat\":null");
        sb_printf(out, ",\"dice\":%d}", view->dice_to_roll(s));
    } else {
        sb_puts(out, ",\"chance\":null");
    }
    sb_puts(out, ",\"board\":");
    if (view->board_text)
        view->board_text(s, out);
    else
        put_json(out, view->board(s));
    Marks *m = xmalloc(sizeof *m);
    state_marks(s, m);
    sb_puts(out, ",\"marks\":");
    put_marks(out, m);
    free(m);
    sb_puts(out, ",\"result\":");
    put_json(out, view_result_json(s, v));
    sb_puts(out, ",\"legal\":");
    view_legal(view, s, v, out);
}
