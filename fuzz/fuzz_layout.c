/* Morpyam layout files (--layout FILE, morph morpyam layout --file): the
 * input is written to a file and read back as a layout; an accepted layout
 * prints and reads back the same and plays a game. */
#include "fuzz.h"

#include "../src/cli/game_args.h"
#include "../src/games/morpyam/morpyam.h"
#include "../src/games/registry.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_setup(true);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_write_file("layout.txt", data, size);
    char text[OPTION_VALUE_MAX], err[ERR_MAX];
    if (!game_args_read_layout("layout.txt", text, sizeof text, err, sizeof err)) {
        FUZZ_CHECK(err[0] && !strchr(err, '\n') && utf8_valid(err), "bad message '%s'", err);
        return 0;
    }
    FUZZ_CHECK(strlen(text) < sizeof text, "layout text overflow");
    uint8_t kinds[36];
    if (!morpyam_parse_layout(text, kinds, err, sizeof err)) {
        FUZZ_CHECK(err[0] && !strchr(err, '\n') && utf8_valid(err), "bad message '%s'", err);
        return 0;
    }
    StrBuf line = STRBUF_INIT;
    morpyam_layout_text(kinds, &line);
    uint8_t back[36];
    FUZZ_CHECK(morpyam_parse_layout(sb_str(&line), back, err, sizeof err) && !memcmp(kinds, back, 36),
               "layout does not read back");
    Options o;
    options_init(&o);
    FUZZ_CHECK(options_set(&o, "grid", text, err, sizeof err), "%s", err);
    Game *g = game_new("morpyam", &o, err, sizeof err);
    FUZZ_CHECK(g, "an accepted layout refused as a grid: %s", err);
    State *s = state_new(g);
    fuzz_walk(s, fuzz_hash(data, size), 40);
    state_free(s);
    game_free(g);
    sb_free(&line);
    return 0;
}
