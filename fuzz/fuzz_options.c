/* Game options as front ends receive them: the first line names the game,
 * each further line is KEY=VALUE. Every value also goes through the mutator
 * list and layout readers. An accepted set of options survives its JSON
 * form (records, protocols) and gives a game whose states keep every
 * invariant along a random game. */
#include "fuzz.h"

#include "../src/front/game_json.h"
#include "../src/games/morphos/morphos.h"
#include "../src/games/morpyam/morpyam.h"
#include "../src/games/registry.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_setup(false);
    return 0;
}

static void check_message(const char *err)
{
    FUZZ_CHECK(err[0] && !strchr(err, '\n') && utf8_valid(err), "bad message '%s'", err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_string(data, size), *save = NULL, err[ERR_MAX];
    const char *name = strtok_r(text, "\n", &save);
    Options o;
    options_init(&o);
    bool set_ok = true;
    for (char *line = strtok_r(NULL, "\n", &save); line && set_ok; line = strtok_r(NULL, "\n", &save)) {
        char *eq = strchr(line, '=');
        if (!eq)
            continue;
        *eq = '\0';
        const char *value = eq + 1;
        unsigned mutators;
        if (!morphos_parse_mutators(value, &mutators, err, sizeof err))
            check_message(err);
        uint8_t kinds[36];
        if (morpyam_parse_layout(value, kinds, err, sizeof err)) {
            StrBuf again = STRBUF_INIT;
            morpyam_layout_text(kinds, &again);
            uint8_t back[36];
            FUZZ_CHECK(morpyam_parse_layout(sb_str(&again), back, err, sizeof err) && !memcmp(kinds, back, 36),
                       "layout text does not read back: %s", sb_str(&again));
            sb_free(&again);
        } else {
            check_message(err);
        }
        set_ok = options_set(&o, line, value, err, sizeof err);
        if (!set_ok)
            check_message(err);
    }
    Game *g = set_ok && name ? game_new(name, &o, err, sizeof err) : NULL;
    if (set_ok && name && !g)
        check_message(err);
    if (g) {
        /* Options -> JSON -> options give the same game. */
        json_t *j = game_options_to_json(g);
        Options o2;
        FUZZ_CHECK(game_options_from_json(g->ops, j, &o2, err, sizeof err), "own options refused: %s", err);
        Game *g2 = game_new(name, &o2, err, sizeof err);
        FUZZ_CHECK(g2, "own options refused by the game: %s", err);
        json_t *j2 = game_options_to_json(g2);
        FUZZ_CHECK(json_equal(j, j2), "options change through JSON");
        json_decref(j);
        json_decref(j2);
        game_free(g2);
        State *s = state_new(g);
        fuzz_walk(s, fuzz_hash(data, size), 40);
        state_free(s);
        game_free(g);
    }
    free(text);
    return 0;
}
