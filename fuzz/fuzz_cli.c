/* The command line of every subcommand, in-process: each input line is one
 * word of argv after "morph". With cli_arguments_only set, the commands
 * whose work is long or writes files (play, arena, morpyam analyze, morphos
 * deadlocks, bench) stop once their arguments are checked; the others run
 * (stdin is empty, so engine and gtp end at once). Paths are kept inside
 * the scratch directory: a leading '/' becomes "./" and ".." is refused. */
#include "fuzz.h"

#include "../src/cli/cli.h"
#include "../src/cli/commands.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_setup(true);
    cli_arguments_only = true;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_string(data, size), *save = NULL;
    char *argv[34];
    int argc = 0;
    argv[argc++] = "morph";
    for (char *w = strtok_r(text, "\n", &save); w && argc < 33; w = strtok_r(NULL, "\n", &save)) {
        if (strstr(w, ".."))
            goto done;
        if (w[0] == '/')
            w[0] = '_'; /* "_etc/passwd": a name in the scratch directory */
        argv[argc++] = w;
    }
    argv[argc] = NULL;
    /* A game of morphos deadlocks or legal moves of a whole 19x19 board
     * with every mutator is slow but legitimate: those run only on small
     * boards here. */
    for (int i = 1; i + 1 < argc; i++)
        if (strcmp(argv[i], "morphos") == 0 && strcmp(argv[i + 1], "legal") == 0 && size > 300)
            goto done;
    int code = morph_main(argc, argv);
    FUZZ_CHECK(code == 0 || code == 1 || code == 2, "exit code %d", code);
    fflush(stdout);
done:
    free(text);
    return 0;
}
