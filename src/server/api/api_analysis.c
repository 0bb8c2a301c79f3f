/* Post-game analyses through the API (docs/web-api.md, "Analysis"): of a
 * finished game (kept in the store) or of a record the page uploads (kept
 * in memory, under a random id). The analysis runs in the background
 * (analyses.h); the page follows its live stream (progress, then the
 * result) and fetches a stored result with GET. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/number.h"
#include "../../core/xalloc.h"
#include "../../front/record.h"
#include "api_internal.h"

static bool have_analyses(Server *srv, ApiResponse *res)
{
    if (srv->analyses)
        return true;
    api_error(res, 503, "this server runs no AI workers, so no analyses (--ai-threads)");
    return false;
}

/* 202 with the progress, 200 with the result (or with status "none" for a
 * stored game without one), 404 for an unknown upload. */
static void reply_status(Server *srv, const char *key, bool stored, ApiResponse *res)
{
    char err[ERR_MAX] = "";
    char *text = analyses_status(srv->analyses, key, stored, err, sizeof err);
    if (!text) {
        if (err[0])
            api_error(res, 500, "%s", err);
        else if (stored) /* no error: the replay viewer asks of every finished game */
            api_json(res, 200, json_pack("{s:s}", "status", "none"));
        else
            api_error(res, 404, "no such analysis (one of an uploaded record is kept for the latest %d only)",
                      ANALYSES_KEPT);
        return;
    }
    api_text(res, strncmp(text, "{\"status\":\"done\"", 16) == 0 ? 200 : 202, text);
}

/* False with the answer when analyses_start's how refused the analysis. */
static bool start_answered(int how, ApiResponse *res)
{
    if (how == ANALYSES_BUSY) {
        api_error(res, 503, "%d analyses are waiting already; try again in a minute", ANALYSES_WAITING_MAX);
        res->retry_after = 60;
        return false;
    }
    if (how == ANALYSES_CLIENT_FULL) {
        api_error(res, 429, "%d analyses of yours are waiting or running already; ask again when one is done",
                  ANALYSES_PER_CLIENT);
        res->retry_after = 30;
        return false;
    }
    if (how == ANALYSES_STORE_DOWN) {
        api_error(res, 503, "the database does not answer; try again in a minute");
        res->retry_after = 60;
        return false;
    }
    return true;
}

void api_analysis_start(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Room *room = t->room;
    if (!api_query_known(req, res, (const char *const[]){NULL}) || !have_analyses(srv, res))
        return;
    char err[ERR_MAX] = "", *done = analyses_status(srv->analyses, room->meta.id, true, err, sizeof err);
    if (done) { /* done, or on its way: nothing to start */
        api_text(res, strncmp(done, "{\"status\":\"done\"", 16) == 0 ? 200 : 202, done);
        return;
    }
    /* the game's own players go before everyone else's analyses */
    AnalysisAsker asker = {.client = req->client, .player = api_seats(srv, room, req) != 0};
    pthread_mutex_lock(&room->lock);
    int how = room_analysis_start(room, srv->analyses, &asker);
    pthread_mutex_unlock(&room->lock);
    if (how == ROOM_NOT_OVER)
        api_error(res, 409, "the game is not over: analysis is for finished games");
    else if (start_answered(how, res))
        reply_status(srv, room->meta.id, true, res);
}

void api_analysis_get(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (api_query_known(req, res, (const char *const[]){NULL}) && have_analyses(srv, res))
        reply_status(srv, t->room->meta.id, true, res);
}

void api_analysis_upload(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (!api_query_known(req, res, (const char *const[]){NULL}) || !have_analyses(srv, res))
        return;
    Session *s = api_record_body(srv, req, res);
    if (!s)
        return;
    char **texts = xmalloc((size_t)(s->count ? s->count : 1) * sizeof *texts);
    for (int i = 0; i < s->count; i++)
        texts[i] = s->steps[i].text;
    char key[ANALYSIS_ID_LEN + 1];
    AnalysisAsker asker = {.client = req->client, .player = false};
    if (start_answered(analyses_start(srv->analyses, key, false, s->game, texts, s->count, NULL, &asker), res)) {
        char *status = analyses_status(srv->analyses, key, false, NULL, 0);
        json_t *body = status ? json_loads(status, 0, NULL) : json_object();
        json_object_set_new(body, "id", json_string(key));
        api_json(res, json_is_object(json_object_get(body, "analysis")) ? 200 : 202, body);
        free(status);
    }
    free(texts);
    session_free(s);
}

/* Whether id is an upload's id; false with a 404. */
static bool upload_id(const char *id, ApiResponse *res)
{
    if (token_well_formed(id, ANALYSIS_ID_LEN))
        return true;
    char q[EXCERPT_SIZE];
    api_error(res, 404, "'%s' is no analysis id (%d letters a-z and digits 2-7)",
              text_excerpt(id, EXCERPT_MAX, q, sizeof q), ANALYSIS_ID_LEN);
    return false;
}

void api_analysis_upload_get(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (api_query_known(req, res, (const char *const[]){NULL}) && have_analyses(srv, res) &&
        upload_id(t->words[0], res))
        reply_status(srv, t->words[0], false, res);
}

/* The live stream of the analysis key: its progress events from the one
 * after Last-Event-ID, then its result (at once when it is done). */
static void stream(Server *srv, const ApiRequest *req, ApiResponse *res, const char *key, bool stored)
{
    long after = 0;
    if (req->last_event_id && !number_parse_long(req->last_event_id, 0, API_INDEX_MAX, &after)) {
        char q[EXCERPT_SIZE];
        api_error(res, 400, "Last-Event-ID must be the id of the last event received (a number from 0), got '%s'",
                  text_excerpt(req->last_event_id, EXCERPT_MAX, q, sizeof q));
        return;
    }
    char err[ERR_MAX] = "";
    Feed *feed = analyses_feed(srv->analyses, key, stored, err, sizeof err);
    if (!feed) {
        if (err[0])
            api_error(res, 500, "%s", err);
        else if (stored)
            api_error(res, 404, "this game has no analysis: start one with POST /api/games/%s/analysis", key);
        else
            api_error(res, 404, "no such analysis (one of an uploaded record is kept for the latest %d only)",
                      ANALYSES_KEPT);
        return;
    }
    if (!api_stream_slot(srv, req, res)) {
        feed_unref(feed);
        return;
    }
    res->status = 200;
    res->content_type = "text/event-stream";
    res->stream_feed = feed;
    res->stream_after = after;
}

void api_analysis_events(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (api_query_known(req, res, (const char *const[]){NULL}) && have_analyses(srv, res))
        stream(srv, req, res, t->room->meta.id, true);
}

void api_analysis_upload_events(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    if (api_query_known(req, res, (const char *const[]){NULL}) && have_analyses(srv, res) &&
        upload_id(t->words[0], res))
        stream(srv, req, res, t->words[0], false);
}
