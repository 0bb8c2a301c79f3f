/* The page's engine (src/wasm/engine.h) built natively, for the test that
 * compares it with the WebAssembly build (tests/wasm/agree.mjs):
 *
 *     engine_native selfplay SPEC SEED COUNT   prints engine_selfplay's answer
 *     engine_native position SPEC ACTIONS...   plays the texts (as told, seat 0) and
 *                                              prints the position and history
 *
 * Exits 1 with the engine's message when a call fails. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/wasm/engine.h"

static int fail(void)
{
    fprintf(stderr, "engine_native: %s\n", engine_error());
    return 1;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "selfplay") == 0) {
        char *out = engine_selfplay(argv[2], strtoll(argv[3], NULL, 10), atoi(argv[4]));
        if (!out)
            return fail();
        puts(out);
        free(out);
        return 0;
    }
    if (argc >= 3 && strcmp(argv[1], "position") == 0) {
        Engine *e = engine_new(argv[2]);
        if (!e)
            return fail();
        for (int i = 3; i < argc; i++) {
            char *answer = engine_play(e, 0, argv[i]);
            if (!answer || strncmp(answer, "{\"entries\"", 10) != 0) {
                fprintf(stderr, "engine_native: %s\n", answer ? answer : engine_error());
                free(answer);
                engine_close(e);
                return 1;
            }
            free(answer);
        }
        char *position = engine_position(e), *history = engine_history(e);
        printf("%s\n%s\n", position, history);
        free(position);
        free(history);
        engine_close(e);
        return 0;
    }
    fprintf(stderr, "usage: engine_native selfplay SPEC SEED COUNT | position SPEC ACTIONS...\n");
    return 2;
}
