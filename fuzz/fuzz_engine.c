/* The JSON-lines engine protocol (docs/protocol.md): each input line is one
 * request to engine_handle_line. Every reply is a JSON object with "ok",
 * the request's "id", and an "error" string when ok is false, and dumps as
 * valid UTF-8. To stay fast and inside the scratch directory, requests are
 * tamed before they are handled: file names lose their directories, and
 * mcts levels get a budget of 16 playouts. */
#include "fuzz.h"

#include "../src/protocol/engine.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_setup(true);
    return 0;
}

/* "mcts..." or "ai:mcts..." becomes the same level with 16 playouts. */
static void tame_spec(json_t *obj, const char *key, json_t *arr, size_t index)
{
    json_t *v = obj ? json_object_get(obj, key) : json_array_get(arr, index);
    const char *spec = json_string_value(v);
    if (!spec || !strstr(spec, "mcts"))
        return;
    json_t *tame = json_string(strncmp(spec, "ai:", 3) == 0 ? "ai:mcts:playouts=16" : "mcts:playouts=16");
    if (obj)
        json_object_set_new(obj, key, tame);
    else
        json_array_set_new(arr, index, tame);
}

static char *tame(const char *line)
{
    json_t *req = json_loads(line, JSON_REJECT_DUPLICATES, NULL);
    if (!json_is_object(req)) {
        json_decref(req);
        return NULL; /* handled as it is */
    }
    const char *file = json_string_value(json_object_get(req, "file"));
    if (file) {
        const char *base = strrchr(file, '/');
        char name[64];
        snprintf(name, sizeof name, "f-%.40s", base ? base + 1 : file);
        if (strstr(name, ".."))
            snprintf(name, sizeof name, "f-dots");
        json_object_set_new(req, "file", json_string(name));
    }
    tame_spec(req, "level", NULL, 0);
    json_t *players = json_object_get(req, "players");
    for (size_t i = 0; json_is_array(players) && i < json_array_size(players); i++)
        tame_spec(NULL, NULL, players, i);
    const char *budgets[] = {"ms", "playouts"};
    for (int k = 0; k < 2; k++) {
        json_t *b = json_object_get(req, budgets[k]);
        if (json_is_integer(b) && json_integer_value(b) > 16)
            json_object_set_new(req, budgets[k], json_integer(16));
    }
    char *out = json_dumps(req, JSON_COMPACT);
    json_decref(req);
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_string(data, size), *save = NULL;
    Engine e;
    engine_init(&e, "random");
    int n = 0;
    for (char *line = strtok_r(text, "\n", &save); line && n < 64 && !e.quit; line = strtok_r(NULL, "\n", &save), n++) {
        char *tamed = tame(line);
        /* as the engine reads it: a request with a key twice is malformed */
        json_t *req = json_loads(tamed ? tamed : line, JSON_REJECT_DUPLICATES, NULL);
        json_t *reply = engine_handle_line(&e, tamed ? tamed : line);
        FUZZ_CHECK(json_is_object(reply), "a reply that is not an object");
        json_t *ok = json_object_get(reply, "ok");
        FUZZ_CHECK(json_is_boolean(ok), "a reply without ok");
        if (json_is_false(ok)) {
            const char *error = json_string_value(json_object_get(reply, "error"));
            FUZZ_CHECK(error && error[0] && utf8_valid(error), "a refusal without an error");
        }
        json_t *id = json_is_object(req) ? json_object_get(req, "id") : NULL;
        if (id)
            FUZZ_CHECK(json_equal(id, json_object_get(reply, "id")), "the reply lost the request's id");
        char *out = json_dumps(reply, JSON_COMPACT);
        FUZZ_CHECK(out && utf8_valid(out) && !strchr(out, '\n'), "a reply that is not one JSON line");
        free(out);
        json_decref(reply);
        json_decref(req);
        free(tamed);
    }
    if (e.session)
        fuzz_check_state(e.session->state);
    engine_free(&e);
    free(text);
    return 0;
}
