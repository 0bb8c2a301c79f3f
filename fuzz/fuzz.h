/* Shared helpers of the libFuzzer targets (fuzz/README.md): quiet output, a
 * scratch directory, games picked by one byte, and the invariants every
 * state must keep. A broken invariant aborts, which libFuzzer reports as a
 * crash with the input that caused it. Each target is one file that
 * includes this header and defines LLVMFuzzerTestOneInput. */
#ifndef MORPH_FUZZ_H
#define MORPH_FUZZ_H

#include <fcntl.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../src/core/game.h"
#include "../src/core/utf8.h"
#include "../src/games/registry.h"

/* Where invariant failures are reported: the real stderr, kept before the
 * targets silence the library's own messages. */
static FILE *fuzz_report;

static void fuzz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("fuzz invariant failed: ", fuzz_report ? fuzz_report : stderr);
    vfprintf(fuzz_report ? fuzz_report : stderr, fmt, ap);
    fputc('\n', fuzz_report ? fuzz_report : stderr);
    va_end(ap);
    abort();
}

#define FUZZ_CHECK(cond, ...)                                                                                      \
    do {                                                                                                           \
        if (!(cond))                                                                                               \
            fuzz_fail(__VA_ARGS__);                                                                                \
    } while (0)

/* The bytes as a NUL-terminated string (NUL bytes inside end it early). */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

static char fuzz_dir[64];

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    return remove(path);
}

static void remove_dir(void)
{
    if (fuzz_dir[0])
        nftw(fuzz_dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

/* Silences stdout and the library's messages on stderr (sanitizer and
 * libFuzzer reports still reach the terminal) and, with scratch, moves into
 * a fresh directory removed at exit, so files a target writes stay there. */
static inline void fuzz_setup(bool scratch)
{
    int fd = dup(2);
    fuzz_report = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (fuzz_report)
        setvbuf(fuzz_report, NULL, _IONBF, 0);
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        dup2(null, 0);
        dup2(null, 1);
        close(null);
    }
    FILE *quiet = fopen("/dev/null", "w");
    if (quiet)
        stderr = quiet;
    if (scratch) {
        snprintf(fuzz_dir, sizeof fuzz_dir, "/tmp/morph-fuzz-XXXXXX");
        if (!mkdtemp(fuzz_dir) || chdir(fuzz_dir) != 0)
            abort();
        atexit(remove_dir);
    }
}

/* Writes the input to FILE in the scratch directory, for targets that
 * read files (layouts, records). */
static inline void fuzz_write_file(const char *name, const uint8_t *data, size_t size)
{
    FILE *f = fopen(name, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
}

/* A game picked by one byte: Morpyam (players 2-4, each variant, rule
 * options) or Morphos (sizes 3 to 19, every mutator set). Games are made
 * once and kept. NULL for option sets the game refuses (none here). */
static inline Game *fuzz_game(uint8_t pick)
{
    static Game *games[256];
    if (games[pick])
        return games[pick];
    Options o;
    char err[ERR_MAX], value[32];
    options_init(&o);
    const char *name;
    if (pick < 128) {
        static const char *const variants[] = {"standard", "flash", "plus", "standard"};
        static const char *const rules[] = {"", "strict-call", "daversa", "strict-call,daversa"};
        name = "morpyam";
        snprintf(value, sizeof value, "%d", 2 + pick % 3);
        options_set(&o, "players", value, err, sizeof err);
        options_set(&o, "variant", variants[pick / 3 % 4], err, sizeof err);
        options_set(&o, "rules", rules[pick / 12 % 4], err, sizeof err);
        if (pick / 48 % 2)
            options_set(&o, "turn-cap", "3", err, sizeof err);
    } else {
        static const char *const sets[] = {"", "minimorph", "deepmorph", "duomorph", "remorph",
                                           "minimorph,metamorph", "duomorph,remorph", "deepmorph,duomorph,remorph",
                                           "minimorph,deepmorph,metamorph"};
        static const int sizes[] = {3, 4, 5, 6, 7, 9, 13, 19};
        name = "morphos";
        int k = pick - 128;
        snprintf(value, sizeof value, "%d", sizes[k % 8]);
        options_set(&o, "size", value, err, sizeof err);
        options_set(&o, "mutators", sets[k / 8 % 9], err, sizeof err);
        if (k / 72 % 2)
            options_set(&o, "move-cap", "6", err, sizeof err);
    }
    games[pick] = game_new(name, &o, err, sizeof err);
    FUZZ_CHECK(games[pick], "game %d refused: %s", pick, err);
    return games[pick];
}

/* What every state must keep, whatever way it was reached. */
static inline void fuzz_check_state(const State *s)
{
    const GameOps *ops = s->game->ops;
    char err[ERR_MAX];
    StrBuf text = STRBUF_INIT;
    int p = state_player(s);
    FUZZ_CHECK(p >= PLAYER_TERMINAL && p < s->game->num_players, "player %d out of range", p);
    Action acts[MAX_ACTIONS];
    int n = state_legal_actions(s, acts);
    if (p >= 0) {
        FUZZ_CHECK(n >= 1 && n <= MAX_ACTIONS, "a decision node with %d legal actions", n);
        FUZZ_CHECK(ops->is_legal(s, ACTION_RESIGN), "resign is not legal for the player to move");
    } else {
        FUZZ_CHECK(n == 0, "%d legal actions at a chance or terminal node", n);
    }
    for (int i = 0; i < n; i++) {
        FUZZ_CHECK(i == 0 || acts[i] > acts[i - 1], "legal actions not sorted ascending");
        FUZZ_CHECK(ops->is_legal(s, acts[i]), "a listed action fails is_legal");
        sb_clear(&text);
        state_action_text(s, acts[i], &text);
        FUZZ_CHECK(text.len && !strchr(sb_str(&text), ',') && utf8_valid(sb_str(&text)), "bad action text '%s'",
                   sb_str(&text));
        Action back;
        FUZZ_CHECK(ops->parse_action(s, sb_str(&text), &back, err, sizeof err) && back == acts[i],
                   "action text '%s' does not read back: %s", sb_str(&text), err);
    }
    if (p == PLAYER_CHANCE) {
        ChanceOutcome outs[MAX_ACTIONS];
        int k = state_chance_outcomes(s, outs);
        FUZZ_CHECK(k >= 1 && k <= MAX_ACTIONS, "a chance node with %d outcomes", k);
        double sum = 0;
        for (int i = 0; i < k; i++) {
            FUZZ_CHECK(outs[i].probability > 0, "an outcome of probability %g", outs[i].probability);
            sum += outs[i].probability;
            sb_clear(&text);
            state_action_text(s, outs[i].action, &text);
            Action back;
            FUZZ_CHECK(ops->parse_action(s, sb_str(&text), &back, err, sizeof err) && back == outs[i].action,
                       "outcome text '%s' does not read back: %s", sb_str(&text), err);
        }
        FUZZ_CHECK(sum > 0.999999 && sum < 1.000001, "outcome probabilities sum to %.9f", sum);
        Rng rng;
        rng_seed(&rng, (uint64_t)k);
        Action a = state_sample_chance(s, &rng);
        bool found = false;
        for (int i = 0; i < k; i++)
            found |= outs[i].action == a;
        FUZZ_CHECK(found, "sample_chance gave %d, not an outcome", a);
    }
    if (p == PLAYER_TERMINAL)
        FUZZ_CHECK(!ops->is_legal(s, ACTION_RESIGN), "resign legal after the end");
    GameResult r;
    state_result(s, &r);
    FUZZ_CHECK(r.terminal == (p == PLAYER_TERMINAL), "result.terminal disagrees with the player");
    FUZZ_CHECK((r.winners >> s->game->num_players) == 0, "a winner beyond the seats");
    FUZZ_CHECK(!r.terminal || r.winners, "a finished game without winners");
    /* serialise / deserialise / serialise is stable */
    sb_clear(&text);
    state_serialize(s, &text);
    State *back = ops->deserialize(s->game, sb_str(&text), err, sizeof err);
    FUZZ_CHECK(back, "the serialisation of a state is refused: %s\n%s", err, sb_str(&text));
    StrBuf again = STRBUF_INIT;
    state_serialize(back, &again);
    FUZZ_CHECK(strcmp(sb_str(&text), sb_str(&again)) == 0, "serialisation not stable:\n%s\n%s", sb_str(&text),
               sb_str(&again));
    FUZZ_CHECK(state_player(back) == p, "a deserialised state has another player to move");
    state_free(back);
    sb_free(&again);
    sb_clear(&text);
    state_render(s, &text);
    FUZZ_CHECK(text.len && utf8_valid(sb_str(&text)), "bad drawing");
    sb_free(&text);
}

/* Plays up to steps random actions (chance outcomes sampled, resign now
 * and then) from a copy of s, checking every state on the way. */
static inline void fuzz_walk(const State *s, uint64_t seed, int steps)
{
    State *t = state_clone(s);
    Rng rng;
    rng_seed(&rng, seed);
    fuzz_check_state(t);
    for (int i = 0; i < steps && !state_is_terminal(t); i++) {
        Action a;
        if (state_is_chance(t)) {
            a = state_sample_chance(t, &rng);
        } else if (rng_below(&rng, 16) == 0) {
            a = ACTION_RESIGN;
        } else {
            Action acts[MAX_ACTIONS];
            int n = state_legal_actions(t, acts);
            a = acts[rng_below(&rng, (uint32_t)n)];
        }
        state_apply(t, a);
        fuzz_check_state(t);
    }
    state_free(t);
}

/* A state text given to the deserialiser of game: refused with a one-line
 * message, or a state that keeps every invariant, also along a few random
 * actions from it. */
static inline void fuzz_state_text(Game *g, const char *text, uint64_t seed)
{
    char err[ERR_MAX];
    err[0] = '\0';
    State *s = g->ops->deserialize(g, text, err, sizeof err);
    if (!s) {
        FUZZ_CHECK(err[0] && !strchr(err, '\n') && utf8_valid(err), "bad refusal message '%s'", err);
        return;
    }
    fuzz_walk(s, seed, 12);
    state_free(s);
}

/* A 64-bit hash of the input, to seed walks. */
static inline uint64_t fuzz_hash(const uint8_t *data, size_t size)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 1099511628211ull;
    return h;
}

#endif
