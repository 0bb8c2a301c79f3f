/* Seeded games played to the end through the engine's own calls, their
 * every position and entry hashed (engine.h: engine_selfplay), so that the
 * WebAssembly build and the native one can be compared game by game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/rng.h"
#include "../core/xalloc.h"
#include "engine_internal.h"

#define SELFPLAY_MAX_ACTIONS 4000 /* a bound for the loop; games end long before */
#define SELFPLAY_MAX_GAMES 100000
#define SELFPLAY_FULL_EVERY 8 /* positions hashed whole: one in 8 */

/* FNV-1a, 64 bits. */
static uint64_t hash_text(uint64_t h, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        h ^= *p;
        h *= 0x100000001b3ull;
    }
    return h;
}

/* The spec with "seed" set: the text of a JSON object. */
static char *spec_with_seed(const json_t *spec, int64_t seed)
{
    json_t *copy = json_deep_copy(spec);
    json_object_set_new(copy, "seed", json_integer(seed));
    char *text = json_dumps(copy, JSON_COMPACT);
    json_decref(copy);
    return text;
}

/* Plays one game; its hash, and how many actions in *actions. */
static bool play_one(const char *spec, int64_t seed, uint64_t *hash, int *actions)
{
    Engine *e = engine_new(spec);
    if (!e)
        return false;
    Session *s = e->s;
    Rng rng;
    rng_seed(&rng, seed_derive((uint64_t)seed, 0x5e1f, 0));
    uint64_t h = 0xcbf29ce484222325ull;
    StrBuf text = STRBUF_INIT;
    while (!session_is_terminal(s) && s->count < SELFPLAY_MAX_ACTIONS) {
        /* Every few positions the whole JSON (board, marks, every legal
         * action's sentence); between them the legal actions' texts. */
        sb_clear(&text);
        if (s->count % SELFPLAY_FULL_EVERY == 0) {
            engine_put_position(e, &text);
        } else {
            Action legal[MAX_ACTIONS];
            int n = state_is_chance(s->state) ? 0 : state_legal_actions(s->state, legal);
            sb_printf(&text, "%d:", session_player(s));
            for (int i = 0; i < n; i++) {
                state_action_text(s->state, legal[i], &text);
                sb_putc(&text, ' ');
            }
        }
        h = hash_text(h, sb_str(&text));
        char *answer;
        if (state_is_chance(s->state) || session_ai_to_move(s)) {
            answer = engine_step(e);
        } else {
            Action legal[MAX_ACTIONS];
            int n = state_legal_actions(s->state, legal);
            StrBuf chosen = STRBUF_INIT;
            state_action_text(s->state, legal[rng_below(&rng, (uint32_t)n)], &chosen);
            answer = engine_play(e, session_player(s) + 1, sb_str(&chosen));
            sb_free(&chosen);
        }
        bool ok = answer && strncmp(answer, "{\"entries\":", 11) == 0;
        if (!ok)
            engine_fail("game %lld: %s", (long long)seed, answer ? answer : engine_error());
        h = hash_text(h, answer ? answer : "");
        free(answer);
        if (!ok) {
            sb_free(&text);
            engine_close(e);
            return false;
        }
    }
    sb_clear(&text);
    engine_put_position(e, &text);
    engine_put_history(e, &text);
    h = hash_text(h, sb_str(&text));
    sb_free(&text);
    *actions = s->count;
    *hash = h;
    engine_close(e);
    return true;
}

char *engine_selfplay(const char *spec_text, int64_t seed, int count)
{
    json_error_t jerr;
    json_t *spec = spec_text ? json_loads(spec_text, 0, &jerr) : NULL;
    if (!json_is_object(spec)) {
        json_decref(spec);
        return engine_fail("the game's spec must be a JSON object");
    }
    if (count < 1 || count > SELFPLAY_MAX_GAMES || seed < 0) {
        json_decref(spec);
        return engine_fail("selfplay: 1 to %d games from a seed of 0 or more", SELFPLAY_MAX_GAMES);
    }
    StrBuf each = STRBUF_INIT;
    uint64_t all = 0xcbf29ce484222325ull;
    long long actions = 0;
    bool ok = true;
    for (int i = 0; i < count && ok; i++) {
        char *text = spec_with_seed(spec, seed + i);
        uint64_t h = 0;
        int n = 0;
        ok = play_one(text, seed + i, &h, &n);
        free(text);
        char hex[20];
        snprintf(hex, sizeof hex, "%016llx", (unsigned long long)h);
        sb_printf(&each, "%s\"%s\"", i ? "," : "", hex);
        all = hash_text(all, hex);
        actions += n;
    }
    json_decref(spec);
    if (!ok) {
        sb_free(&each);
        return NULL;
    }
    StrBuf out = STRBUF_INIT;
    sb_printf(&out, "{\"games\":%d,\"actions\":%lld,\"digest\":\"%016llx\",\"each\":[%s]}", count, actions,
              (unsigned long long)all, sb_str(&each));
    sb_free(&each);
    return out.data;
}
