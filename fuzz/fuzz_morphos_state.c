/* Morphos state text (the deserialiser): the first byte picks the size and
 * mutators, the rest is the text. Accepted states keep every invariant
 * (fuzz.h), also after a few random actions. */
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_setup(false);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char *text = fuzz_string(data + 1, size - 1);
    fuzz_state_text(fuzz_game((uint8_t)(128 + data[0] % 128)), text, fuzz_hash(data, size));
    free(text);
    return 0;
}
