#include "game_json.h"

#include "json_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/utf8.h"
#include "../core/xalloc.h"

json_t *json_textn(const char *text, size_t len)
{
    json_t *s = json_stringn(text, len);
    if (s)
        return s;
    char *copy = xmalloc(len + 1);
    memcpy(copy, text, len);
    copy[len] = '\0';
    for (size_t i = 0; i < len; i++)
        if (!copy[i])
            copy[i] = '?';
    utf8_repair(copy);
    s = json_string(copy);
    free(copy);
    if (!s)
        abort(); /* repaired text is valid UTF-8 */
    return s;
}

json_t *json_text(const char *text)
{
    return json_textn(text, strlen(text));
}

json_t *game_options_to_json(const Game *g)
{
    json_t *obj = json_object();
    for (const OptionSpec *s = g->ops->option_specs; s->key; s++) {
        const char *v = options_get(&g->options, s->key);
        if (!v)
            continue;
        if (s->kind == OPTION_INT) {
            json_object_set_new(obj, s->key, json_integer(strtoll(v, NULL, 10)));
        } else if (s->kind == OPTION_LIST) {
            json_t *list = json_array();
            const char *p = v;
            while (*p) {
                const char *comma = strchr(p, ',');
                size_t len = comma ? (size_t)(comma - p) : strlen(p);
                json_array_append_new(list, json_textn(p, len));
                if (!comma)
                    break;
                p = comma + 1;
            }
            json_object_set_new(obj, s->key, list);
        } else if (v[0]) {
            json_object_set_new(obj, s->key, json_text(v));
        }
    }
    return obj;
}

bool game_options_from_json(const GameOps *ops, const json_t *obj, Options *opts, char *err, size_t errlen)
{
    options_init(opts);
    if (!json_is_object(obj)) {
        snprintf(err, errlen, "options must be an object");
        return false;
    }
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)obj, key, value) {
        char text[OPTION_VALUE_MAX], q[EXCERPT_SIZE];
        if (json_is_integer(value)) {
            snprintf(text, sizeof text, "%lld", (long long)json_integer_value(value));
        } else if (json_is_string(value)) {
            if (json_string_length(value) >= sizeof text) {
                snprintf(err, errlen, "option '%s' is too long (at most %d characters)", text_excerpt(key, EXCERPT_MAX, q, sizeof q), OPTION_VALUE_MAX - 1);
                return false;
            }
            strcpy(text, json_string_value(value));
        } else if (json_is_array(value)) {
            size_t len = 0, i;
            json_t *item;
            text[0] = '\0';
            json_array_foreach(value, i, item) {
                if (!json_is_string(item)) {
                    snprintf(err, errlen, "option '%s' must be an array of strings", text_excerpt(key, EXCERPT_MAX, q, sizeof q));
                    return false;
                }
                size_t n = json_string_length(item);
                if (len + n + 2 > sizeof text) {
                    snprintf(err, errlen, "option '%s' is too long (at most %d characters)", text_excerpt(key, EXCERPT_MAX, q, sizeof q), OPTION_VALUE_MAX - 1);
                    return false;
                }
                if (i)
                    text[len++] = ',';
                memcpy(text + len, json_string_value(item), n + 1);
                len += n;
            }
        } else {
            snprintf(err, errlen, "option '%s' must be a whole number, a string or an array of strings", text_excerpt(key, EXCERPT_MAX, q, sizeof q));
            return false;
        }
        if (!options_set(opts, key, text, err, errlen))
            return false;
    }
    return options_check(opts, ops->option_specs, ops->name, err, errlen);
}

json_t *game_result_to_json(const State *s)
{
    GameResult r;
    state_result(s, &r);
    if (!r.terminal)
        return json_null();
    int n = s->game->num_players;
    double returns[MAX_PLAYERS];
    result_returns(&r, n, returns);
    json_t *winners = json_array(), *ret = json_array();
    for (int p = 0; p < n; p++) {
        if (r.winners >> p & 1)
            json_array_append_new(winners, json_integer(p + 1));
        json_array_append_new(ret, json_real(returns[p]));
    }
    json_t *obj = json_pack("{s:o,s:s}", "winners", winners, "how", r.how);
    if (r.has_points) {
        json_t *points = json_array();
        for (int p = 0; p < n; p++)
            json_array_append_new(points, json_integer(r.points[p]));
        json_object_set_new(obj, "points", points);
    }
    json_object_set_new(obj, "returns", ret);
    return obj;
}

const char *mark_kind_name(int kind)
{
    static const char *const names[] = {"last", "line", "ko", "chain", "weak", "placeable", "bonus"};
    return kind >= 0 && kind < (int)(sizeof names / sizeof names[0]) ? names[kind] : "unknown";
}

json_t *marks_to_json(const Marks *m)
{
    json_t *list = json_array();
    for (int i = 0; i < m->count; i++) {
        const Mark *k = &m->items[i];
        json_t *cells = json_array();
        for (int row = 0; row < m->height; row++)
            for (int col = 0; col < m->width; col++)
                if (mark_has_cell(k, row * m->width + col)) {
                    char name[4];
                    cell_name(col, row, name);
                    json_array_append_new(cells, json_string(name));
                }
        json_array_append_new(list, json_pack("{s:s,s:o,s:i,s:o,s:s}", "kind", mark_kind_name(k->kind), "player",
                                              k->player >= 0 ? json_integer(k->player + 1) : json_null(), "points",
                                              k->points, "cells", cells, "label", k->label));
    }
    return json_pack("{s:i,s:i,s:o}", "width", m->width, "height", m->height, "marks", list);
}

void marks_to_text(const Marks *m, StrBuf *out)
{
    /* written piece by piece: a whole state's marks are its hottest text */
    sb_puts(out, "{\"width\":");
    sb_put_int(out, m->width);
    sb_puts(out, ",\"height\":");
    sb_put_int(out, m->height);
    sb_puts(out, ",\"marks\":[");
    for (int i = 0; i < m->count; i++) {
        const Mark *k = &m->items[i];
        sb_puts(out, i ? ",{\"kind\":\"" : "{\"kind\":\"");
        sb_puts(out, mark_kind_name(k->kind));
        sb_puts(out, "\",\"player\":");
        if (k->player >= 0)
            sb_put_int(out, k->player + 1);
        else
            sb_puts(out, "null");
        sb_puts(out, ",\"points\":");
        sb_put_int(out, k->points);
        sb_puts(out, ",\"cells\":[");
        /* the set bits in order: row by row, as the cells are numbered */
        bool first = true;
        int cells = m->width * m->height;
        for (int w = 0; w < MARK_CELL_WORDS && w * 64 < cells; w++)
            for (uint64_t bits = k->cells[w]; bits; bits &= bits - 1) {
                int cell = w * 64 + __builtin_ctzll(bits);
                if (cell >= cells)
                    break;
                char name[4];
                cell_name(cell % m->width, cell / m->width, name);
                sb_puts(out, first ? "\"" : ",\"");
                sb_puts(out, name);
                sb_putc(out, '"');
                first = false;
            }
        sb_puts(out, "],\"label\":");
        sb_json_string(out, k->label);
        sb_putc(out, '}');
    }
    sb_puts(out, "]}");
}

json_t *legend_to_json(const LegendEntry *entries, int count)
{
    json_t *list = json_array();
    for (int i = 0; i < count; i++)
        json_array_append_new(list, json_pack("{s:s,s:s,s:s}", "code", entries[i].code, "name", entries[i].name,
                                              "words", entries[i].words));
    return list;
}
