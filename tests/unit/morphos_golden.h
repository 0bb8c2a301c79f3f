/* A checksum of what Morphos shows the outside world along seeded random
 * games of several sizes and every accepted mutator set: each position's
 * serialised text, legal actions and result. Uses game.h only, so the same
 * code can be built against an older library to prove that a change to the
 * engine's internals changed none of it (test_morphos_incremental.c holds
 * the value of commit 65881fc). */
#ifndef MORPH_TEST_MORPHOS_GOLDEN_H
#define MORPH_TEST_MORPHOS_GOLDEN_H

#include <stdio.h>
#include <string.h>

#include "../../src/core/game.h"
/* game_new moved to the games' registry after 65881fc; older trees have it in game.h. */
#if __has_include("../../src/games/registry.h")
#include "../../src/games/registry.h"
#endif

/* Games per size and mutator set. */
#ifndef GOLDEN_GAMES
#define GOLDEN_GAMES 3
#endif

static uint64_t golden_mix(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ p[i]) * 0x100000001b3ull; /* FNV-1a */
    return h;
}

static uint64_t morphos_golden_checksum(long *positions)
{
    static const char *const sets[] = {
        "", "minimorph", "deepmorph", "duomorph", "remorph", "minimorph,deepmorph", "minimorph,duomorph",
        "minimorph,remorph", "deepmorph,duomorph", "deepmorph,remorph", "duomorph,remorph",
        "minimorph,deepmorph,duomorph", "minimorph,deepmorph,remorph", "minimorph,duomorph,remorph",
        "deepmorph,duomorph,remorph", "minimorph,deepmorph,duomorph,remorph", "minimorph,metamorph",
        "minimorph,deepmorph,metamorph",
    };
    static const int sizes[] = {3, 4, 5, 7, 9, 13};
    uint64_t h = 0xcbf29ce484222325ull;
    *positions = 0;
    Rng rng;
    rng_seed(&rng, 65881);
    for (size_t m = 0; m < sizeof sets / sizeof *sets; m++)
        for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
            Options o;
            char err[ERR_MAX], size[8];
            options_init(&o);
            snprintf(size, sizeof size, "%d", sizes[z]);
            options_set(&o, "size", size, err, sizeof err);
            options_set(&o, "mutators", sets[m], err, sizeof err);
            Game *g = game_new("morphos", &o, err, sizeof err);
            for (int k = 0; k < GOLDEN_GAMES; k++) {
                State *s = state_new(g);
                for (;;) {
                    StrBuf text = STRBUF_INIT;
                    state_serialize(s, &text);
                    h = golden_mix(h, sb_str(&text), strlen(sb_str(&text)) + 1);
                    sb_free(&text);
                    GameResult r;
                    state_result(s, &r);
                    h = golden_mix(h, &r.winners, sizeof r.winners);
                    h = golden_mix(h, r.how, strlen(r.how) + 1);
                    (*positions)++;
                    if (state_is_terminal(s))
                        break;
                    Action acts[MAX_ACTIONS];
                    int n = state_legal_actions(s, acts);
                    h = golden_mix(h, acts, (size_t)n * sizeof *acts);
                    state_apply(s, acts[rng_below(&rng, (uint32_t)n)]);
                }
                state_free(s);
            }
            game_free(g);
        }
    return h;
}

#endif
