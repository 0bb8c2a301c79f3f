/* The GTP handler (docs/gtp.md): each input line is one command to
 * gtp_handle_line, on a Morphos game whose genmove uses mcts with 16
 * playouts. Every response is "=id text" or "?id message", valid UTF-8,
 * ending with one empty line and holding none before it. */
#include "fuzz.h"

#include "../src/protocol/gtp.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_setup(false);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_string(data, size), *save = NULL, err[ERR_MAX];
    Options o;
    options_init(&o);
    options_set(&o, "size", "7", err, sizeof err);
    Gtp g;
    FUZZ_CHECK(gtp_init(&g, &o, "mcts:playouts=16", fuzz_hash(data, size) & SESSION_SEED_MAX, err, sizeof err),
               "%s", err);
    StrBuf out = STRBUF_INIT;
    int n = 0;
    for (char *line = strtok_r(text, "\n", &save); line && n < 64 && !g.quit; line = strtok_r(NULL, "\n", &save), n++) {
        sb_clear(&out);
        gtp_handle_line(&g, line, &out);
        const char *r = sb_str(&out);
        if (!out.len)
            continue; /* blank and comment lines get no response */
        FUZZ_CHECK(r[0] == '=' || r[0] == '?', "a response starting with '%c'", r[0]);
        FUZZ_CHECK(out.len >= 3 && strcmp(r + out.len - 2, "\n\n") == 0, "a response not ending with an empty line");
        const char *blank = strstr(r, "\n\n");
        FUZZ_CHECK(blank == r + out.len - 2, "an empty line inside a response");
        FUZZ_CHECK(utf8_valid(r), "a response that is not valid UTF-8");
    }
    fuzz_check_state(g.session->state);
    sb_free(&out);
    gtp_free(&g);
    free(text);
    return 0;
}
