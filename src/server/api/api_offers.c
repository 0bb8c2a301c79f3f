/* Endpoints of a game between people (room_abort.c, room_offers.c): abort
 * before every player has moved, and takeback offers, each answered with
 * the new state for the caller's seats. A rematch offer is api_rematch's
 * (api_games.c). */
#include <string.h>

#include "api_internal.h"

void api_abort(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    json_t *body = api_body(req, res, (const char *const[]){NULL}, true);
    if (!body)
        return;
    json_decref(body);
    unsigned mine = api_seats(srv, t->room, req);
    RoomError e;
    if (room_abort(t->room, mine, &e))
        api_text(res, 200, room_state_json(t->room, mine, false));
    else
        api_room_error(res, &e);
}

void api_takeback(Server *srv, const ApiRequest *req, ApiResponse *res, const ApiTarget *t)
{
    json_t *body = api_body(req, res, (const char *const[]){"decline", NULL}, true);
    if (!body)
        return;
    const json_t *decline = json_object_get(body, "decline");
    unsigned mine = api_seats(srv, t->room, req);
    RoomError e;
    if (decline && !json_is_boolean(decline))
        api_error(res, 400, "'decline' must be true (decline the takeback offered, or withdraw yours) or false");
    else if (room_takeback(t->room, mine, json_is_true(decline), &e))
        api_text(res, 200, room_state_json(t->room, mine, false));
    else
        api_room_error(res, &e);
    json_decref(body);
}
