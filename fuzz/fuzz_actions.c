/* Action text as people and programs type it, through a session: the first
 * byte picks the game (fuzz.h), each further line is one input. A line is
 * given to session_apply_for_seat (a person at the seat to move, or at a
 * seat named by the input, with or without real dice) or to
 * session_apply_text (a program speaking for every seat), by its first
 * byte; an empty line draws the pending chance outcome or plays a random
 * legal action; "\x01" undoes a person's decision. A refusal leaves the
 * session unchanged with a one-line message; at the end the record of the
 * session loads back to the same history. */
#include "fuzz.h"

#include "../src/front/record.h"
#include "../src/games/registry.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_setup(false);
    return 0;
}

static void same_history(const Session *a, const Session *b, const char *what)
{
    FUZZ_CHECK(a->count == b->count, "%s: %d steps, then %d", what, a->count, b->count);
    for (int i = 0; i < a->count; i++)
        FUZZ_CHECK(strcmp(a->steps[i].text, b->steps[i].text) == 0 && a->steps[i].player == b->steps[i].player,
                   "%s: step %d '%s' became '%s'", what, i, a->steps[i].text, b->steps[i].text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    Game *shared = fuzz_game(data[0]);
    /* The session owns its game: a copy with the same options. */
    char err[ERR_MAX];
    Game *g = game_new(shared->ops->name, &shared->options, err, sizeof err);
    FUZZ_CHECK(g, "%s", err);
    uint64_t seed = fuzz_hash(data, size) & SESSION_SEED_MAX;
    Session *s = session_new_game(g, NULL, seed, err, sizeof err);
    FUZZ_CHECK(s, "%s", err);
    Rng rng;
    rng_seed(&rng, seed);
    char *text = fuzz_string(data + 1, size - 1);
    int lines = 0;
    for (char *save = NULL, *line = strtok_r(text, "\n", &save); line && lines < 200;
         line = strtok_r(NULL, "\n", &save), lines++) {
        StrBuf before = STRBUF_INIT;
        state_serialize(s->state, &before);
        int count = s->count;
        unsigned mode = (unsigned char)line[0];
        bool ok;
        err[0] = '\0';
        if (strcmp(line, "\x01") == 0) {
            char why[ERR_MAX];
            ok = session_undo_person(s, why, sizeof why) > 0;
            FUZZ_CHECK(ok || (why[0] && utf8_valid(why)), "undo refused without a valid reason");
            sb_free(&before);
            continue;
        } else if (strcmp(line, "\x02") == 0) {
            if (!session_chance_step(s) && !session_is_terminal(s)) {
                Action acts[MAX_ACTIONS];
                int n = state_legal_actions(s->state, acts);
                ok = session_apply(s, acts[rng_below(&rng, (uint32_t)n)], err, sizeof err);
                FUZZ_CHECK(ok, "a legal action refused: %s", err);
            }
            sb_free(&before);
            continue;
        } else if (mode == '\x03' || mode == '\x04') {
            /* a person at another seat, or with real dice */
            int seat = line[1] ? (unsigned char)line[1] % MAX_PLAYERS : 0;
            ok = session_apply_for_seat(s, mode == '\x03' ? seat : session_player(s), line + 2 - !line[1],
                                        mode == '\x04', err, sizeof err);
        } else if (mode == '\x05') {
            ok = session_apply_text(s, line + 1, err, sizeof err); /* a program: every seat */
        } else {
            ok = session_apply_for_seat(s, session_player(s), line, false, err, sizeof err);
        }
        if (!ok) {
            StrBuf after = STRBUF_INIT;
            state_serialize(s->state, &after);
            FUZZ_CHECK(s->count == count && strcmp(sb_str(&before), sb_str(&after)) == 0,
                       "a refused text changed the session: '%s'", line);
            FUZZ_CHECK(err[0] && !strchr(err, '\n') && utf8_valid(err), "bad refusal message '%s'", err);
            sb_free(&after);
        } else {
            FUZZ_CHECK(s->count > count, "an accepted text added no step: '%s'", line);
            for (int i = count; i < s->count; i++)
                FUZZ_CHECK(utf8_valid(s->steps[i].text) && !strchr(s->steps[i].text, ','), "bad step text");
        }
        sb_free(&before);
    }
    fuzz_check_state(s->state);
    /* The record writes back and loads to the same game. */
    json_t *doc = record_from_session(s, NULL);
    RecordError e;
    Session *back = record_load_json(doc, "fuzz", true, &e);
    FUZZ_CHECK(back, "the session's own record is refused: %s", e.message);
    same_history(s, back, "record");
    session_free(back);
    json_decref(doc);
    free(text);
    session_free(s);
    return 0;
}
