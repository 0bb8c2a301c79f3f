/* An account's event stream, in the shape of lichess's (GET
 * /api/stream/event, docs/web-api.md, "Bots"): one JSON object a line
 * (ndjson), "challenge", "challengeCanceled", "challengeDeclined",
 * "gameStart" and "gameFinish". The stream holds no queue: each time the
 * account's feed moves (a change in one of its games, a challenge made or
 * answered), it compares what is true now (its running games in the store,
 * the challenges of api_challenge.c) with what it has told, and tells the
 * difference. So its first lines tell every running game and open
 * challenge, and a client that reconnects after a dropped stream misses
 * nothing it still needs. The HTTP layer calls api_events_fill without
 * locks (it asks the store) and sends an empty line every few seconds when
 * nothing happens. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/xalloc.h"
#include "api_internal.h"

Feed *api_events_feed(ApiEvents *ev)
{
    feed_ref(ev->feed);
    return ev->feed;
}

static bool listed(char (*ids)[GAME_ID_LEN + 1], int n, const char *id)
{
    for (int i = 0; i < n; i++)
        if (strcmp(ids[i], id) == 0)
            return true;
    return false;
}

static void put_line(StrBuf *out, json_t *obj)
{
    char *text = json_dumps(obj, JSON_COMPACT);
    sb_puts(out, text);
    sb_putc(out, '\n');
    free(text);
    json_decref(obj);
}

/* The game of a gameStart or gameFinish line, as the account sees it. */
static json_t *game_json(Server *srv, const GameSummary *g)
{
    json_error_t jerr;
    json_t *options = json_loads(g->options, 0, &jerr);
    json_t *obj = json_pack("{s:s,s:s,s:s,s:o,s:b,s:o,s:i,s:o,s:s}", "gameId", g->id, "id", g->id, "game", g->game,
                            "options", options ? options : json_object(), "rated", g->rated, "clock",
                            api_clock_json(&g->clock), "seat", g->seat + 1, "players", api_players_json(g), "status",
                            status_name(g->status));
    /* the opponent: the other seat's account, with its title (read with the seats) */
    for (int p = 0; p < g->num_seats && p < MAX_PLAYERS; p++) {
        if (p == g->seat || !g->names[p][0])
            continue;
        json_object_set_new(obj, "opponent", json_pack("{s:s,s:o,s:i}", "username", g->names[p], "title",
                                                       g->seats[p].bot ? json_string("BOT") : json_null(), "seat",
                                                       p + 1));
    }
    json_t *result = g->result ? json_loads(g->result, 0, &jerr) : NULL;
    json_object_set_new(obj, "result", result ? result : json_null());
    return obj;
}

/* gameStart for running games not told yet; gameFinish for those told that
 * no longer run. False when the store did not answer (tried again at the
 * next change). */
static bool games_changed(Server *srv, ApiEvents *ev, StrBuf *out)
{
    GameSummary *rows = xcalloc(EVENTS_GAMES_MAX, sizeof *rows);
    int n = 0;
    char err[ERR_MAX + 128];
    bool ok = srv->store->ops->games_of(srv->store, ev->me.id, true, EVENTS_GAMES_MAX, rows, &n, err, sizeof err);
    char now[EVENTS_GAMES_MAX][GAME_ID_LEN + 1];
    int nnow = 0;
    for (int i = 0; ok && i < n; i++) {
        snprintf(now[nnow++], GAME_ID_LEN + 1, "%s", rows[i].id);
        if (!listed(ev->games, ev->ngames, rows[i].id))
            put_line(out, json_pack("{s:s,s:o}", "type", "gameStart", "game", game_json(srv, &rows[i])));
    }
    for (int i = 0; i < n; i++)
        game_summary_clear(&rows[i]);
    /* the games that ended: their summaries among the account's last finished ones */
    for (int i = 0; ok && i < ev->ngames; i++) {
        if (listed(now, nnow, ev->games[i]))
            continue;
        int m = 0;
        bool found = false;
        if (srv->store->ops->games_of(srv->store, ev->me.id, false, EVENTS_GAMES_MAX, rows, &m, err, sizeof err))
            for (int k = 0; k < m; k++) {
                if (!found && strcmp(rows[k].id, ev->games[i]) == 0) {
                    put_line(out, json_pack("{s:s,s:o}", "type", "gameFinish", "game", game_json(srv, &rows[k])));
                    found = true;
                }
                game_summary_clear(&rows[k]);
            }
        if (!found) /* gone from the lists (too many newer ones): the id says it */
            put_line(out, json_pack("{s:s,s:{s:s,s:s}}", "type", "gameFinish", "game", "gameId", ev->games[i], "id",
                                    ev->games[i]));
    }
    free(rows);
    if (ok) {
        memcpy(ev->games, now, sizeof now[0] * (size_t)nnow);
        ev->ngames = nnow;
    }
    return ok;
}

/* challenge for open challenges not told yet; challengeDeclined or
 * challengeCanceled for those told that closed so (an accepted one is
 * told by its gameStart). */
static void challenges_changed(Server *srv, ApiEvents *ev, StrBuf *out)
{
    ApiChallenge *list = xcalloc(EVENTS_CHALLENGES_MAX, sizeof *list);
    int n = api_challenges_of(srv, ev->me.id, list, EVENTS_CHALLENGES_MAX), nopen = 0;
    char open[EVENTS_CHALLENGES_MAX][GAME_ID_LEN + 1];
    for (int i = 0; i < n; i++) {
        const ApiChallenge *ch = &list[i];
        bool was = listed(ev->open, ev->nopen, ch->c.id);
        if (ch->status == CHALLENGE_OPEN || ch->status == CHALLENGE_TAKING) {
            snprintf(open[nopen++], GAME_ID_LEN + 1, "%s", ch->c.id);
            if (!was)
                put_line(out, json_pack("{s:s,s:o}", "type", "challenge", "challenge", api_challenge_json(ch, ev->me.id)));
        } else if (was && ch->status != CHALLENGE_ACCEPTED) {
            const char *type = ch->status == CHALLENGE_DECLINED ? "challengeDeclined" : "challengeCanceled";
            put_line(out, json_pack("{s:s,s:o}", "type", type, "challenge", api_challenge_json(ch, ev->me.id)));
        }
    }
    memcpy(ev->open, open, sizeof open[0] * (size_t)nopen);
    ev->nopen = nopen;
    free(list);
}

bool api_events_fill(Server *srv, ApiEvents *ev, StrBuf *out)
{
    size_t start = out->len;
    games_changed(srv, ev, out);
    challenges_changed(srv, ev, out);
    return out->len > start;
}

void api_event_stream(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    Account me;
    if (!api_query_known(req, res, (const char *const[]){NULL}) || !api_signed_in(srv, req, res, &me) ||
        !api_stream_slot(srv, req, res))
        return;
    ApiEvents *ev = xcalloc(1, sizeof *ev);
    ev->me = me;
    ev->feed = server_account_feed(srv, me.id);
    res->status = 200;
    res->content_type = "application/x-ndjson";
    res->stream_events = ev;
}
