/* Game records (docs/records.md): the input is a record file. It is loaded
 * (every field checked, every action replayed, the result compared),
 * replayed by `morph replay --json` in-process, and when valid written back:
 * the written record loads to the same history and result. */
#include "fuzz.h"

#include "../src/cli/commands.h"
#include "../src/front/game_json.h"
#include "../src/front/record.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_setup(true);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_write_file("in.json", data, size);
    char *argv[] = {"replay", "in.json", "--json", NULL};
    int code = cmd_replay(3, argv);
    RecordError e;
    json_t *doc = NULL;
    Session *s = record_load("in.json", true, &doc, &e);
    FUZZ_CHECK((code == 0) == (s != NULL), "replay and record_load disagree");
    if (!s) {
        FUZZ_CHECK(e.message[0] && !strchr(e.message, '\n') && utf8_valid(e.message), "bad message '%s'", e.message);
        FUZZ_CHECK(e.index >= -1, "bad index");
        return 0;
    }
    fuzz_check_state(s->state);
    char err[ERR_MAX + 64];
    const char *created = json_string_value(json_object_get(doc, "created"));
    FUZZ_CHECK(record_save(s, "out.json", created, RECORD_ATOMIC, err, sizeof err), "write back: %s", err);
    FUZZ_CHECK(record_path_check("out.json", s, created) == RECORD_PATH_SAME_GAME, "the written record is not this game's");
    Session *back = record_load("out.json", true, NULL, &e);
    FUZZ_CHECK(back, "the written record is refused: %s", e.message);
    FUZZ_CHECK(back->count == s->count, "written back: %d steps, then %d", s->count, back->count);
    for (int i = 0; i < s->count; i++)
        FUZZ_CHECK(strcmp(back->steps[i].text, s->steps[i].text) == 0, "written back: step %d differs", i);
    json_t *r1 = game_result_to_json(s->state), *r2 = game_result_to_json(back->state);
    FUZZ_CHECK(json_equal(r1, r2), "written back: another result");
    json_decref(r1);
    json_decref(r2);
    session_free(back);
    session_free(s);
    json_decref(doc);
    return 0;
}
