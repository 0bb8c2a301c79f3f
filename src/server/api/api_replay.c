/* The replay viewer's data: the position after every action of a game
 * (stored, or a record uploaded by the page), drawn by the same views as
 * live games, so the page steps back and forth without knowing any rule. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/number.h"
#include "../../front/game_json.h"
#include "../../front/record.h"
#include "../../front/view_json.h"
#include "api_internal.h"
#include "../../core/xalloc.h"

/* One position: what a drawing needs, after index actions. */
static json_t *position(const GameView *view, const State *s, int index)
{
    Marks *m = xmalloc(sizeof *m);
    state_marks(s, m);
    json_t *marks = marks_to_json(m);
    free(m);
    int player = state_player(s);
    return json_pack("{s:i,s:o,s:o,s:o}", "index", index, "to_move",
                     player >= 0 ? json_integer(player + 1) : json_null(), "board", view->board(s), "marks", marks);
}

/* Replays texts through the rules of g, collecting the history in words and
 * the positions (all of them, or only the one after `at` actions when
 * at >= 0). NULL with a 4xx in res when an action does not apply. */
static json_t *replay(const Game *g, char **texts, const int *players, int count, long at, const Voice *v,
                      ApiResponse *res)
{
    const GameView *view = view_for(g->ops->name);
    State *s = state_new(g);
    json_t *history = json_array(), *positions = json_array(), *single = NULL;
    if (at < 0)
        json_array_append_new(positions, position(view, s, 0));
    else if (at == 0)
        single = position(view, s, 0);
    for (int i = 0; i < count; i++) {
        Action a;
        char err[ERR_MAX];
        int player = state_player(s);
        bool parsed = g->ops->parse_action(s, texts[i], &a, err, sizeof err);
        if (parsed && action_is_leave(a))
            player = leave_player(a); /* a leave is the leaver's, whoever was to move */
        if (!parsed || (players && players[i] != player)) {
            char q[64];
            api_error(res, 422, "action %d '%s' does not replay: %s", i, text_excerpt(texts[i], 60, q, sizeof q),
                      players && players[i] != player ? "played by another seat" : err);
            json_decref(history);
            json_decref(positions);
            json_decref(single);
            state_free(s);
            return NULL;
        }
        StrBuf entry = STRBUF_INIT;
        view_entry(view, s, a, texts[i], player, i, v, &entry);
        json_array_append_new(history, json_loads(sb_str(&entry), 0, NULL));
        sb_free(&entry);
        state_apply(s, a);
        if (at < 0)
            json_array_append_new(positions, position(view, s, i + 1));
        else if (at == i + 1)
            single = position(view, s, i + 1);
    }
    json_t *result = view_result_json(s, v);
    json_t *names = json_array(); /* the seats as the sentences name them */
    for (int p = 0; p < g->num_players; p++) {
        char seat[16];
        snprintf(seat, sizeof seat, "P%d", p + 1); /* a record's sentences: P1, P2 */
        json_array_append_new(names, json_string(v && v->names[p] ? v->names[p] : seat));
    }
    json_t *out = json_pack("{s:s,s:o,s:i,s:o,s:o,s:o}", "game", g->ops->name, "options", game_options_to_json(g), "count",
                            count, "history", history, "result", result, "names", names);
    if (at < 0) {
        json_object_set_new(out, "positions", positions);
    } else {
        json_decref(positions);
        json_object_set_new(out, "position", single);
    }
    state_free(s);
    return out;
}

/* The `at` query parameter: -1 when absent; false with a 400. */
static bool read_at(const ApiRequest *req, ApiResponse *res, long *at)
{
    const char *text = api_query(req, "at");
    *at = -1;
    if (!text)
        return true;
    if (!number_parse_long(text, 0, API_INDEX_MAX, at)) {
        char q[EXCERPT_SIZE];
        api_error(res, 400, "'at' must be a number of actions (0 for the start), got '%s'",
                  text_excerpt(text, EXCERPT_MAX, q, sizeof q));
        return false;
    }
    return true;
}

void api_replay_room(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Room *room = t->room;
    long at;
    if (!api_query_known(req, res, (const char *const[]){"at", NULL}) || !read_at(req, res, &at))
        return;
    pthread_mutex_lock(&room->lock);
    int count = room->session->count;
    char **texts = xmalloc((size_t)(count ? count : 1) * sizeof *texts);
    int *players = xmalloc((size_t)(count ? count : 1) * sizeof *players);
    for (int i = 0; i < count; i++) {
        texts[i] = xstrdup(room->session->steps[i].text);
        players[i] = room->session->steps[i].player;
    }
    pthread_mutex_unlock(&room->lock);
    if (at > count) {
        api_error(res, 400, "'at' is %ld but the game has %d actions", at, count);
    } else {
        /* the room's game never changes, and the caller holds the room */
        json_t *out = replay(room->session->game, texts, players, count, at, &room->voice, res);
        if (out) {
            json_object_set_new(out, "id", json_string(room->meta.id));
            api_json(res, 200, out);
        }
    }
    for (int i = 0; i < count; i++)
        free(texts[i]);
    free(texts);
    free(players);
}

Session *api_record_body(Server *srv, const ApiRequest *req, ApiResponse *res)
{
    if (!req->body || !req->body_len) {
        api_error(res, 400, "the body must be a game record (docs/records.md)");
        return NULL;
    }
    json_t *doc = api_json_body(req, res, "the record");
    if (!doc)
        return NULL;
    RecordError e;
    Session *s = record_load_json(doc, "upload", true, &e);
    json_decref(doc);
    if (!s) {
        api_error(res, 422, "%s", e.message);
        return NULL;
    }
    if (s->count > srv->cfg.max_actions) {
        api_error(res, 413, "the record has %d actions; at most %d are replayed", s->count, srv->cfg.max_actions);
        session_free(s);
        return NULL;
    }
    return s;
}

void api_replay_upload(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    long at;
    if (!api_query_known(req, res, (const char *const[]){"at", NULL}) || !read_at(req, res, &at))
        return;
    Session *s = api_record_body(srv, req, res);
    if (!s)
        return;
    if (at > s->count) {
        api_error(res, 400, "'at' is %ld but the record has %d actions", at, s->count);
    } else {
        char **texts = xmalloc((size_t)(s->count ? s->count : 1) * sizeof *texts);
        for (int i = 0; i < s->count; i++)
            texts[i] = s->steps[i].text;
        json_t *out = replay(s->game, texts, NULL, s->count, at, NULL, res);
        free(texts);
        if (out)
            api_json(res, 200, out);
    }
    session_free(s);
}
